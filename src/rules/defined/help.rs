//! A defined game's help page and its key to the board, made from its
//! definition: the board, the pieces' moves (in Betza notation and in
//! words), the pawns, castling, the start position and the end rules.

use super::build::piece_name;
use super::definition::{Definition, Value};
use crate::rules::chesslike::{Counting, Rules};
use crate::rules::geometry::file_letter;
use crate::rules::movement::{Primitive, diagonal, orthogonal, queen_lines};

/// A square's name on this board.
fn square(file: u8, rank: u8) -> String {
    format!("{}{}", file_letter(file as i8), rank + 1)
}

/// The pieces other than the pawn: `N knight, A archbishop`.
fn piece_list(def: &Definition) -> Vec<String> {
    def.pieces
        .iter()
        .filter(|p| p.key != "pawn")
        .map(|p| {
            format!(
                "{} {}",
                p.letter.to_ascii_uppercase(),
                piece_name(&p.key, p.letter)
            )
        })
        .collect()
}

/// A grasshopper's help line: its hop in words.
fn hop_words(betza: &str) -> Option<String> {
    Some(format!(
        "A grasshopper: it {}. With no piece in a line it cannot move along it, and it never lands further on.",
        hop_phrase(betza)?
    ))
}

/// A grasshopper's hop (Betza `g`: `gQ`) as a phrase, "moves along queen
/// lines over ...", for a piece that has one (its help line, its
/// refusals); `None` for any other piece.
pub(super) fn hop_phrase(betza: &str) -> Option<String> {
    let moves = super::betza::parse(betza).ok()?;
    let lines = |pattern: &[Primitive]| {
        pattern.iter().find_map(|p| match p {
            Primitive::Grasshop(vs) => Some(vs.clone()),
            _ => None,
        })
    };
    let (quiet, taking) = (lines(&moves.moves), lines(&moves.captures));
    let vectors = quiet.clone().or(taking.clone())?;
    let same = |mut a: Vec<(i8, i8)>, mut b: Vec<(i8, i8)>| {
        a.sort();
        b.sort();
        a == b
    };
    let along = if same(vectors.clone(), queen_lines()) {
        "along queen lines".to_string()
    } else if same(vectors.clone(), orthogonal()) {
        "along rook lines".to_string()
    } else if same(vectors.clone(), diagonal()) {
        "along bishop lines".to_string()
    } else {
        let named: Vec<&str> = vectors
            .iter()
            .map(|&(df, dr)| match (df.signum(), dr.signum()) {
                (0, 1) => "forward",
                (0, -1) => "backward",
                (_, 0) => "sideways",
                (_, 1) => "diagonally forward",
                _ => "diagonally backward",
            })
            .fold(Vec::new(), |mut v, w| {
                if !v.contains(&w) {
                    v.push(w);
                }
                v
            });
        format!("{} along its lines", named.join(", "))
    };
    let lands = match (quiet.is_some(), taking.is_some()) {
        (true, true) => "to the square just beyond it, empty or an enemy piece's (which it takes)",
        (true, false) => "to the square just beyond it, if that square is empty",
        _ => "to the square just beyond it, only to take an enemy piece there",
    };
    Some(format!(
        "moves {along} over the first piece in the line, of either side, {lands}"
    ))
}

/// Words wrapped to lines of at most `width` columns.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("a line");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// The key to writing a turn and to the board, for every board mail.
pub fn writing(def: &Definition, rules: &Rules) -> String {
    let top = def.ranks - 1;
    let mut text = format!(
        "To write a move: {}-{}, {}x{} (x takes)",
        square(4.min(def.files - 1), 1),
        square(4.min(def.files - 1), 3.min(top)),
        square(3.min(def.files - 1), 3.min(top)),
        square(4.min(def.files - 1), 4.min(top)),
    );
    if let Some(rule) = rules.castlings.first() {
        let g = &rules.spec.geometry;
        text.push_str(&format!(
            "; castle as the king's move, K{}-{}",
            g.name(rule.king_from),
            g.name(rule.king_to)
        ));
    }
    if let Some(pawn) = rules.pawns.first()
        && let Some(&kind) = pawn.promotions[0].first()
    {
        text.push_str(&format!(
            "; promote with ={}",
            rules.spec.kinds[kind as usize].letter
        ));
    }
    if def.duck_walling {
        text.push_str("; then the duck to an empty square: e2-e4 @d5");
    }
    if let Some(gate) = super::gating::writing_words(def) {
        text.push_str(&gate);
    }
    text.push('.');
    let mut lines = wrap(&text, 76);
    lines.extend(wrap(
        &format!("Pieces: {}.", piece_list(def).join(", ")),
        76,
    ));
    lines.push(match def.duck_walling {
        true => "Board: X White, *X* Black, (*) the duck; :X: and ::: are dark squares.".into(),
        false => "Board: X White, *X* Black; :X: and ::: are dark squares.".into(),
    });
    lines.truncate(6);
    lines.join("\n") + "\n"
}

/// `1st`, `2nd`, `3rd`, `4th`, ...
fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// How the game ends and what it forbids, in sentences.
fn end_rules(def: &Definition) -> Vec<String> {
    let mut out = Vec::new();
    if def.piece_by_key("king").is_some() {
        out.push(format!(
            "Being checkmated is {} and being stalemated {} for the side to move.",
            def.checkmate_value.words(),
            def.stalemate_value.words()
        ));
    } else if def.extinction_pseudo_royal {
        let kinds: Vec<String> = def
            .extinction_piece_types
            .iter()
            .filter_map(|&c| def.piece(c))
            .map(|p| piece_name(&p.key, p.letter))
            .collect();
        let kinds = kinds.join(" or ");
        out.push(format!(
            "No piece is royal, but a side with at most {} {kinds} may not leave one attacked{}{}. {}Without a legal move, such a piece attacked is checkmate ({}), otherwise stalemate ({}).",
            u32::from(def.extinction_piece_count) + 1,
            // (Without explosions a capture leaves the square occupied:
            // Fairy-Stockfish's exception never applies.)
            if def.blast_on_capture {
                " nor blow it up, unless its move blows up the other side's"
            } else {
                ""
            },
            if def.blast_on_capture {
                "; two that touch cannot attack each other"
            } else {
                ""
            },
            super::side_words::duple_words(def, &kinds).map_or(String::new(), |w| w + " "),
            def.checkmate_value.words(),
            def.stalemate_value.words()
        ));
    } else {
        out.push(format!(
            "No piece is royal: there is no check. A side without a legal move has {}.",
            def.stalemate_value.words()
        ));
    }
    if def.shatar_mate_rule {
        out.push(shatar_mate_words(def));
    }
    if def.duck_walling {
        out.push(super::walls::words());
    }
    if def.blast_on_capture {
        out.push(
            "A capture explodes: the captured piece, the capturing piece and every piece but a pawn on the eight squares around the target leave the board.".into(),
        );
    }
    if def.n_fold_rule > 0 {
        let worth = match (def.n_fold_value, def.n_fold_value_absolute) {
            (Value::Draw, _) => "a draw".to_string(),
            (value, false) => format!("{} for the side to move", value.words()),
            (value, true) => format!("{} for White", value.words()),
        };
        out.push(format!(
            "The {} occurrence of a position is {worth}.",
            ordinal(def.n_fold_rule)
        ));
    }
    if def.n_move_rule > 0 {
        out.push(format!(
            "{} plies without a capture or pawn move are a draw.",
            2 * u32::from(def.n_move_rule)
        ));
    }
    let extinction = match def.extinction_value {
        // Pseudo-royal pieces are never taken (only blown up).
        Some(_) if def.extinction_pseudo_royal && !def.blast_on_capture => None,
        value => value,
    };
    if let Some(value) = extinction {
        let kinds: Vec<String> = def
            .extinction_piece_types
            .iter()
            .map(|&c| match c {
                '*' => "pieces of any kind together".to_string(),
                c => def
                    .piece(c)
                    .map_or(c.to_string(), |p| piece_name(&p.key, p.letter)),
            })
            .collect();
        let opponent = match def.extinction_opponent_piece_count {
            0 => String::new(),
            n => format!(" while the other side keeps at least {n}"),
        };
        out.push(format!(
            "A side left with at most {} of its {}{opponent} has {} at once{}.",
            def.extinction_piece_count,
            kinds.join(" or "),
            value.words(),
            if def.extinction_claim {
                " (the side to move only when the other side has one piece more)"
            } else {
                ""
            }
        ));
    }
    if let Some(letter) = def.flag_piece {
        let region = |side: usize| super::region::words(&def.flag_region[side]);
        let name = def
            .piece(letter)
            .map_or(String::from("flag piece"), |p| piece_name(&p.key, p.letter));
        let arrival = match def.flag_piece_count {
            1 => format!("its {name} stands"),
            n => format!("{n} of its {name}s stand"),
        };
        out.push(format!(
            "A side wins the moment {arrival} on its goal after its own move (White's goal: {}; Black's: {}).",
            region(0),
            region(1)
        ));
        if def.flag_piece_blocked_win && def.flag_piece_count > 1 {
            out.push(format!(
                "One {name} on the goal is enough once every other square of it is occupied, by any piece."
            ));
        }
        if def.flag_move {
            out.push(format!(
                "When White's {name} arrives, Black may still answer: if Black's reaches its goal on the next move, the game is a draw."
            ));
        }
    }
    if def.check_counting {
        out.push(
            "A side wins on giving the last of the checks it has to give (the start position's FEN says how many: 3+3)."
                .into(),
        );
    }
    if let Some(table) = def.counting_rule {
        out.push(counting_words(table));
    }
    if def.must_capture {
        out.push("When a capture is possible, a capture must be played.".into());
    }
    if !def.checking {
        out.push("No move may give check.".into());
    }
    out
}

/// Shatar's mate rule in words (`shatarMateRule`), with the game's names
/// of the pieces whose check is a shak.
fn shatar_mate_words(def: &Definition) -> String {
    let names: Vec<String> = ["rook", "bers", "knight"]
        .iter()
        .filter_map(|k| def.piece_by_key(k))
        .map(|p| piece_name(&p.key, p.letter))
        .collect();
    let knight = def
        .piece_by_key("knight")
        .map_or("knight".to_string(), |p| piece_name(&p.key, p.letter));
    let givers = match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => "piece".to_string(),
    };
    format!(
        "A check given by a {givers} is a shak. A checkmate counts only when the mating side's series of checks (its moves back to the last that gave no check) held a shak; otherwise the game is drawn (niol). A checkmate given by {knight}s alone is won by the side mated."
    )
}

/// The counting rule in words: when the count starts and its limits.
fn counting_words(table: Counting) -> String {
    let (less, start) = match table {
        Counting::Makruk => (0, "once no pawn is left"),
        Counting::Cambodian => (1, "once it has at most three pieces"),
    };
    let n = |moves: u16| moves - less;
    format!(
        "Counting: {start}, the side to move starts a count of the moves, and the game is drawn when the count passes its limit, unless that move mates: {} moves (the board's honour); a side down to its king alone (and no pawn left) counts anew, from the number of pieces on the board, to {} against two rooks, {} against one, {} against two khons, {} against two knights, {} against one khon, else {}. The FEN writes a running count's limit in the en passant field and the count in the ply field, in plies.",
        n(64),
        n(8),
        n(16),
        n(22),
        n(32),
        n(44),
        n(64)
    )
}

/// Promotion with a choice in words (Grand chess): where a pawn may
/// stay a pawn, and the limits of what it becomes.
fn choice_words(
    def: &Definition,
    rules: &Rules,
    pawn: &crate::rules::chesslike::PawnRule,
    choice: &crate::rules::chesslike::PromotionChoice,
) -> String {
    let last = [def.ranks, 1];
    let zone = |seat: usize| {
        let first = pawn.promotion_rank[seat] as u8 + 1;
        match first == last[seat] {
            true => format!("rank {first}"),
            false => format!("ranks {first} to {}", last[seat]),
        }
    };
    let mut text = String::new();
    if choice.optional {
        text.push_str(&format!(
            "In its promotion zone ({} for White, {} for Black) a pawn may stay a pawn",
            zone(0),
            zone(1)
        ));
        text.push_str(match choice.immobile {
            Some(_) => ", but on its last rank, where it could not move on, it must promote.",
            None => ".",
        });
    }
    let mut kinds: Vec<u8> = pawn.promotions.iter().flatten().copied().collect();
    kinds.sort();
    kinds.dedup();
    let limits: Vec<String> = kinds
        .iter()
        .filter_map(|&k| {
            let n = choice.limits.get(usize::from(k)).copied().unwrap_or(0);
            (n > 0).then(|| format!("{} {n}", rules.spec.kinds[k as usize].letter))
        })
        .collect();
    if !limits.is_empty() {
        text.push_str(&format!(
            " A pawn becomes only a piece its side has fewer of than: {}.",
            limits.join(", ")
        ));
    }
    text.trim_start().to_string()
}

/// Ouk Chatrang's initial moves in words (`cambodianMoves`), with the
/// squares of the start position's pieces that have them.
fn initial_words(def: &Definition, rules: &'static Rules) -> Option<String> {
    let rule = rules.hooks.initial_moves()?;
    let start = crate::rules::chesslike::from_fen(rules, &def.start_fen).ok()?;
    let g = &rules.spec.geometry;
    let on = |kinds: &dyn Fn(u8) -> bool| {
        let squares: Vec<&str> = rule
            .gates
            .iter()
            .filter(|&&(_, sq)| start.board().get(sq).is_some_and(|p| kinds(p.kind)))
            .map(|&(_, sq)| g.name(sq))
            .collect();
        squares.join(" and ")
    };
    let kings = on(&|k| k == rule.king);
    // The leaps of White's king, for the example.
    let leaps: Vec<String> = rule
        .gates
        .iter()
        .filter(|&&(seat, sq)| {
            seat == 0 && start.board().get(sq).is_some_and(|p| p.kind == rule.king)
        })
        .flat_map(|&(_, sq)| {
            [-2, 2].into_iter().filter_map(move |df| {
                g.offset(sq, df, 1)
                    .map(|to| format!("{}-{}", g.name(sq), g.name(to)))
            })
        })
        .collect();
    let mets = on(&|k| rule.mets.contains(&k));
    let mut text = String::from("Initial moves:");
    if !kings.is_empty() {
        text.push_str(&format!(
            " a king on its start square ({kings}) may, as its first move and when not in check, leap as a knight to the rank in front of it ({}), never capturing;",
            leaps.join(" or ")
        ));
    }
    if !mets.is_empty() {
        text.push_str(&format!(
            " a met on its start square ({mets}) may, as its first move, step two squares straight forward, over a piece too, never capturing;"
        ));
    }
    if rule.rook.is_some() && !kings.is_empty() {
        text.push_str(
            " a rook move onto the file or rank of a king that still has its leap takes the leap away (whatever stands between).",
        );
    }
    text.push_str(&format!(
        " The FEN's castling field names the files of the pieces that still have their initial move ({}).",
        rules.castling_letters
    ));
    Some(text.replace(";.", ".").replace("; The", ". The"))
}

/// A Betza text of plain atoms in words (`NNQ`: "a queen's move or a
/// nightrider's"), `None` for one with modifiers or other atoms (shown
/// as Betza alone).
fn betza_words(betza: &str) -> Option<String> {
    const ATOMS: &[(&str, &str)] = &[
        ("NN", "a knight's leap repeated along its line"),
        ("Q", "a queen's move"),
        ("R", "a rook's move"),
        ("B", "a bishop's move"),
        ("N", "a knight's leap"),
        ("K", "a king's step"),
        ("W", "one square orthogonally"),
        ("F", "one square diagonally"),
    ];
    let mut rest = betza;
    let mut parts = Vec::new();
    while !rest.is_empty() {
        let (atom, words) = ATOMS.iter().find(|(a, _)| rest.starts_with(a))?;
        parts.push(*words);
        rest = &rest[atom.len()..];
    }
    if parts.len() < 2 && betza.len() < 2 {
        return None;
    }
    Some(parts.join(" or "))
}

/// The help page (`boserv help NAME`).
pub fn help(def: &Definition, rules: &'static Rules) -> String {
    let mut out = format!(
        "{}: a game defined as data (Fairy-Stockfish's variants.ini syntax), on a\n{} x {} board (files a-{}, ranks 1-{}).\n\nPieces (Betza notation):\n",
        def.name,
        def.files,
        def.ranks,
        file_letter(def.files as i8 - 1),
        def.ranks
    );
    for (i, p) in def.pieces.iter().enumerate() {
        let pawn = rules.pawns.iter().find(|r| usize::from(r.kind) == i);
        let what = match (p.key.as_str(), pawn, betza_words(&p.betza)) {
            ("pawn", _, _) => "the chess pawn (fmWfcF)".to_string(),
            (_, Some(rule), _) if p.key != "pawn" => {
                let twice = match (rule.first_range > 1, rule.single_steps != 0) {
                    (true, true) => ", two squares straight ahead on its first move",
                    (true, false) if rule.leaps_first => ", two squares on its first move, leaping",
                    (true, false) => ", two squares on its first move",
                    _ => "",
                };
                format!("{} ({}{twice})", p.betza, rule.how)
            }
            (_, _, Some(words)) => format!("{} ({words})", p.betza),
            _ => p.betza.clone(),
        };
        let royal = if p.key == "king" { ", royal" } else { "" };
        out.push_str(&format!(
            "  {} {}: {what}{royal}\n",
            p.letter.to_ascii_uppercase(),
            piece_name(&p.key, p.letter)
        ));
        if let Some(words) = hop_words(&p.betza) {
            for line in wrap(&words, 72) {
                out.push_str(&format!("    {line}\n"));
            }
        }
    }
    let regions = super::mobility::describe(def);
    if !regions.is_empty() {
        out.push('\n');
        for line in wrap(&regions.join(" "), 76) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    if let Some(pawn) = rules.pawns.first() {
        let letters: String = pawn.promotions[0]
            .iter()
            .map(|&k| rules.spec.kinds[k as usize].letter)
            .collect();
        // The ranks a seat's pawns step twice from, as words: `2`, `1 and 2`.
        let home = |seat: u8| {
            let ranks: Vec<String> = (0..rules.spec.geometry.ranks() as i8)
                .filter(|&r| pawn.is_home(seat, r))
                .map(|r| (r + 1).to_string())
                .collect();
            let g = &rules.spec.geometry;
            // Single squares of the region (Wolf chess's b3, c3, f3, g3).
            let squares: Vec<&str> = g
                .squares()
                .filter(|&sq| {
                    let at = g.coords(sq);
                    pawn.is_home_at(seat, at) && !pawn.is_home(seat, at.1)
                })
                .map(|sq| g.name(sq))
                .collect();
            let ranks = match ranks.split_last() {
                _ if ranks.len() == usize::from(rules.spec.geometry.ranks()) => {
                    "every rank".to_string()
                }
                Some((last, [])) => format!("rank {last}"),
                Some((last, rest)) => format!("ranks {} and {last}", rest.join(", ")),
                None => "no rank".to_string(),
            };
            match squares.is_empty() {
                true => ranks,
                false => format!("{ranks} and {}", squares.join(", ")),
            }
        };
        let en_passant = rules
            .pawns
            .iter()
            .any(|r| r.en_passant_ranks != 0 && !r.taken_by.is_empty());
        let first = if pawn.first_range > 1 {
            format!(
                "step twice from {} (White) and {} (Black), {},",
                home(0),
                home(1),
                if en_passant {
                    "take en passant"
                } else {
                    "with no en passant"
                }
            )
        } else {
            "step one square at a time (never twice, so no en passant),".to_string()
        };
        // (A long first line, Wolf chess's squares, wrapped.)
        let first = wrap(&format!("Pawns {first}"), 76).join("\n");
        // Each side's own pawn types and promotions (Spartan chess).
        if !super::side_words::promote_alike(rules) {
            let lines = super::side_words::promotion_lines(rules);
            let first = first.trim_end_matches(',');
            out.push_str(&format!(
                "\n{first}.\n{}\n",
                wrap(&lines.join(" "), 76).join("\n")
            ));
        } else {
            out.push_str(&format!(
                "\n{first}\nand promote on rank {} (White) and {} (Black) to one of {letters}.\n",
                pawn.promotion_rank[0] + 1,
                pawn.promotion_rank[1] + 1,
            ));
            // Other pawn types (Wolf chess's sergeant): their own choices.
            for other in &rules.pawns[1..] {
                let theirs: String = other.promotions[0]
                    .iter()
                    .map(|&k| rules.spec.kinds[k as usize].letter)
                    .collect();
                let name = rules.spec.kinds[other.kind as usize].name;
                let line = format!(
                    "The {name} promotes there too, to one of {theirs}; it takes {}en passant.",
                    if rules.pawns.iter().any(|r| r.taken_by.contains(&other.kind)) {
                        ""
                    } else {
                        "no pawn "
                    }
                );
                for line in wrap(&line, 76) {
                    out.push_str(&line);
                    out.push('\n');
                }
            }
        }
        if let Some(choice) = &pawn.choice {
            for line in wrap(&choice_words(def, rules, pawn, choice), 76) {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    if rules.castlings.is_empty() {
        out.push_str("\nThere is no castling.\n");
    } else {
        let g = &rules.spec.geometry;
        let moves: Vec<String> = rules
            .castlings
            .iter()
            .map(|c| format!("K{}-{}", g.name(c.king_from), g.name(c.king_to)))
            .collect();
        let limit = match def.piece_by_key("king") {
            Some(_) => "(the king may not\ncastle out of, through or into check)",
            None if def.extinction_pseudo_royal => {
                "(the king may not\ncastle out of, through or into an attack)"
            }
            None => "(the king is no royal\npiece: it castles across attacked squares too)",
        };
        out.push_str(&format!(
            "\nCastling, written as the king's move: {} {limit}.\n",
            moves.join(", ")
        ));
    }
    for words in [initial_words(def, rules), super::gating::help_words(def)]
        .into_iter()
        .flatten()
    {
        out.push('\n');
        for line in wrap(&words, 76) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    if def.piece_drops {
        let mut drops = String::from(
            "A piece in hand may be dropped on any empty square instead of a move (N@e4); a pawn never on its last rank",
        );
        drops.push_str(if def.first_rank_pawn_drops {
            "."
        } else {
            " nor its first."
        });
        for (side, region) in ["White", "Black"].iter().zip(&def.drop_region) {
            if let Some(region) = region {
                drops.push_str(&format!(
                    " {side} drops only on {}.",
                    super::region::words(region)
                ));
            }
        }
        if let Some(letter) = def.drop_no_doubled {
            let name = def
                .piece(letter)
                .map_or(letter.to_string(), |p| piece_name(&p.key, p.letter));
            drops.push_str(&match def.drop_no_doubled_count {
                0 => format!(" A {name} in hand is never dropped."),
                1 => format!(
                    " A {name} is never dropped on a file that has one of its side's {name}s."
                ),
                n => format!(
                    " A {name} is never dropped on a file that has {n} of its side's {name}s."
                ),
            });
        }
        if !def.drop_checks {
            drops.push_str(" A drop may not give check.");
        }
        if def.captures_to_hand {
            drops.push_str(if def.drop_loop {
                " A captured piece goes to the capturer's hand as it is."
            } else {
                " A captured piece goes to the capturer's hand, a promoted one as a pawn."
            });
        }
        out.push('\n');
        for line in wrap(&drops, 76) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out.push_str(&format!("\nStart position (FEN): {}\n\n", def.start_fen));
    for line in wrap(&end_rules(def).join(" "), 76) {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str("Moves are written as in chess: e2-e4, Nb1-c3, e4xd5, e7-e8=Q.\n");
    if def.duck_walling {
        out.push_str("A turn is the move, then the duck: e2-e4 @d5 (or e2-e4, @d5).\n");
    }
    out
}
