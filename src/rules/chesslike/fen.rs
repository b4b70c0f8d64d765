//! FEN for any chess-like game: a position as one line of text, for tests,
//! the cached position and anyone setting one up by hand.
//!
//! It is FEN widened to the game's geometry:
//!
//! * Ranks from the top down; empty runs are numbers (`12`). Letters are
//!   the kinds' board letters, upper case for the first seat.
//! * A square outside the box (Big Outer's corners) is written `(x)` on the
//!   nearest rank, before its files when it lies left of them, after them
//!   when right. An empty one is left out (or written `()`).
//! * Games with reserves write them after the placement, in the game's
//!   order: `[QRRBBNNKqrrbbnnk]`. A kind whose drops must change square
//!   colour (Orphic's bishops) is followed by `:d` / `:l` once its next
//!   drop must go on a dark / light square: `[QB:dK...]`.
//! * Castling: the game's letters (`KQkq`) or `-`.
//! * En passant: the multi-step just made that may be taken, `e2-e6`, or
//!   `-`. Plain FEN's single square passed over (`e3`) is read where one
//!   multi-step alone passed over just that square (as in chess).
//! * Plies since the last capture or pawn move, then the move number.
//! * Squirm games add a seventh field: the square of the piece that moved
//!   last (the one the side to move may squirm), or `-`; left out, `-`.

use super::pawns::passed_over;
use super::position::ChessLike;
use super::{MAX_KINDS, Rebels, Rules};
use crate::rules::RulesError;
use crate::rules::board::Piece;
use crate::rules::geometry::Square;

fn bad(why: impl Into<String>) -> RulesError {
    RulesError::BadPosition(why.into())
}

fn letter_piece(rules: &Rules, c: char) -> Result<Piece, RulesError> {
    let kind = rules
        .spec
        .kind_index(c.to_ascii_uppercase())
        .ok_or_else(|| bad(format!("no piece has the letter {c}")))?;
    // A wall (`*`, Duck chess's duck) is nobody's.
    if rules.hooks.walling().is_some_and(|w| w.kind == kind) {
        return Ok(super::walling::wall(kind));
    }
    Ok(ChessLike::piece(u8::from(c.is_ascii_lowercase()), kind))
}

/// Fairy-Stockfish's `+P`: the piece a pawn type of that letter promotes
/// to by its `promotedPieceType` (Wolf chess's elephant).
fn promoted_piece(rules: &Rules, c: Option<char>) -> Result<Piece, RulesError> {
    let pawn = c.map(|c| letter_piece(rules, c)).transpose()?;
    pawn.and_then(|p| {
        let rule = rules.pawn(p.kind)?;
        Some(ChessLike::piece(p.owner, rule.promoted_as?))
    })
    .ok_or_else(|| bad(format!("+{}: no piece promotes so", c.unwrap_or(' '))))
}

fn piece_letter(rules: &Rules, p: Piece) -> char {
    let c = rules.spec.kinds[p.kind as usize].letter;
    if p.owner == 0 {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// The extra squares written on `rank`: (before the files, after them).
fn extras_of_rank(rules: &Rules, rank: i8) -> (Vec<Square>, Vec<Square>) {
    let geo = &rules.spec.geometry;
    let (files, ranks) = (geo.files() as i8, geo.ranks() as i8);
    let mut before = Vec::new();
    let mut after = Vec::new();
    for sq in geo.extra_squares() {
        let (f, r) = geo.coords(sq);
        if r.clamp(0, ranks - 1) != rank {
            continue;
        }
        if f < 0 {
            before.push(sq);
        } else if f >= files {
            after.push(sq);
        }
    }
    (before, after)
}

/// Whether the game's positions tell promoted pieces apart.
fn tracks_promoted(rules: &Rules) -> bool {
    rules
        .drops
        .as_ref()
        .is_some_and(|d| d.promoted_back_as.is_some())
}

/// Reads one rank of the placement.
fn read_rank(text: &str, rank: i8, pos: &mut ChessLike) -> Result<(), RulesError> {
    let rules = pos.rules;
    let geo = &rules.spec.geometry;
    let files = geo.files() as i32;
    let (before, after) = extras_of_rank(rules, rank);
    let mut file: i32 = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '(' {
            let inner: String = chars.by_ref().take_while(|&c| c != ')').collect();
            let side = match file {
                0 => &before,
                f if f == files => &after,
                _ => {
                    return Err(bad(format!(
                        "rank {}: a square outside the board goes before or after its files",
                        rank + 1
                    )));
                }
            };
            let Some(&sq) = side.first() else {
                return Err(bad(format!(
                    "rank {} has no square outside the board there",
                    rank + 1
                )));
            };
            let mut letters = inner.chars();
            match (letters.next(), letters.next()) {
                (None, _) => {}
                (Some(c), None) => pos.board.set(sq, Some(letter_piece(rules, c)?)),
                _ => return Err(bad(format!("{}: one piece per square", geo.name(sq)))),
            }
        } else if let Some(first) = c.to_digit(10) {
            // A run of empty squares, read without a string of its digits.
            let mut run = Some(first as i32);
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                let digit = d.to_digit(10).expect("an ASCII digit") as i32;
                run = run.and_then(|n| n.checked_mul(10)?.checked_add(digit));
            }
            file += run.ok_or_else(|| bad("bad number"))?;
        } else {
            let sq = geo
                .at(file, rank as i32)
                .filter(|_| file < files)
                .ok_or_else(|| bad(format!("rank {} has more than {files} files", rank + 1)))?;
            let piece = match c {
                '+' => promoted_piece(rules, chars.next())?,
                c => letter_piece(rules, c)?,
            };
            pos.board.set(sq, Some(piece));
            if chars.next_if_eq(&'~').is_some() {
                if !tracks_promoted(rules) {
                    return Err(bad(format!(
                        "{}: {} tells no promoted pieces apart (~)",
                        geo.name(sq),
                        rules.name
                    )));
                }
                pos.promoted.insert(sq);
            }
            file += 1;
        }
    }
    if file != files {
        return Err(bad(format!(
            "rank {} has {file} files, not {files}",
            rank + 1
        )));
    }
    Ok(())
}

/// Writes `n` in decimal (a run of empty squares, a counter) without the
/// formatter: a FEN has up to a dozen such numbers.
fn push_number(out: &mut String, n: u32) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// Reads the game's FEN and checks that it makes sense.
pub fn from_fen(rules: &'static Rules, text: &str) -> Result<ChessLike, RulesError> {
    let geo = &rules.spec.geometry;
    // At most 8 fields are kept (more is an error all the same): no list
    // is built for them.
    let mut kept = [""; 8];
    let mut count = 0;
    for field in text.split_whitespace() {
        if count < kept.len() {
            kept[count] = field;
        }
        count += 1;
    }
    let fields = &kept[..count.min(kept.len())];
    let count_ok = |n: usize| count == n;
    let squirms = rules.rebels == Rebels::SquirmFirst;
    if squirms && !(count_ok(6) || count_ok(7)) {
        return Err(bad(
            "expected 7 fields: placement, side, castling, en passant, plies, move number, the square of the piece moved last",
        ));
    }
    // Games that count checks (3check) write the checks each side still
    // has to give after the en passant field: `3+3`.
    let counted = rules.hooks.counts_checks();
    if counted && (squirms || !count_ok(7)) {
        return Err(bad(
            "expected 7 fields: placement, side, castling, en passant, checks to give (3+3), plies, move number",
        ));
    }
    if !squirms && !counted && !count_ok(6) {
        return Err(bad(
            "expected 6 fields: placement, side, castling, en passant, plies, move number",
        ));
    }
    let mut pos = ChessLike::empty(rules);
    let (placement, hands) = match fields[0].split_once('[') {
        Some((p, h)) if rules.drops.is_some() => (p, Some(h.trim_end_matches(']'))),
        Some(_) => return Err(bad(format!("{} has no reserves", rules.name))),
        None => (fields[0], None),
    };
    let ranks = placement.bytes().filter(|&b| b == b'/').count() + 1;
    if ranks != geo.ranks() as usize {
        return Err(bad(format!(
            "expected {} ranks, found {ranks}",
            geo.ranks(),
        )));
    }
    for (i, rank) in placement.split('/').enumerate() {
        read_rank(rank, geo.ranks() as i8 - 1 - i as i8, &mut pos)?;
    }
    read_hands(&mut pos, hands.unwrap_or(""))?;
    pos.side = match fields[1] {
        "w" => 0,
        "b" => 1,
        other => return Err(bad(format!("side to move is w or b, not {other}"))),
    };
    for seat in 0..2u8 {
        let kings = pos
            .board
            .pieces_of(seat)
            .filter(|(_, p)| pos.board.kind(*p).royal)
            .count();
        if kings > 1 || (kings == 0 && !rules.king_may_be_absent) {
            return Err(bad(format!(
                "{} has {kings} kings",
                rules.seats[seat as usize]
            )));
        }
    }
    for (sq, p) in pos.board.pieces_of(0).chain(pos.board.pieces_of(1)) {
        if let Some(rule) = rules.pawn(p.kind)
            && rule.barred_rank(p.owner, geo.coords(sq).1)
        {
            return Err(bad(format!("a pawn on {}", geo.name(sq))));
        }
    }
    if rules.hooks.gating().is_some() {
        pos.read_gated_rights(fields[2]).map_err(bad)?;
    } else if fields[2] != "-" {
        for c in fields[2].chars() {
            let i = rules.castling_letters.find(c).ok_or_else(|| {
                bad(format!(
                    "castling letters are {}, not {c}",
                    rules.castling_letters
                ))
            })?;
            pos.rights |= 1 << i;
        }
        // An initial move's gate with no piece of its side is no right.
        if let Some(initial) = rules.hooks.initial_moves() {
            let first = rules.castlings.len() as u32;
            let castling = 1u8.checked_shl(first).unwrap_or(0).wrapping_sub(1);
            let standing = initial.standing(&pos.board).checked_shl(first).unwrap_or(0);
            pos.rights &= castling | standing;
        }
    }
    let counters = usize::from(counted);
    if counted {
        pos.checks = Some(read_checks(fields[4])?);
    }
    let (halfmoves, fullmove) = match (
        fields[4 + counters].parse::<u32>(),
        fields[5 + counters].parse::<u32>(),
    ) {
        (Ok(h), Ok(f)) if f >= 1 => (h, f),
        _ => return Err(bad("the last two fields are numbers (plies, move number)")),
    };
    pos.halfmoves = halfmoves;
    pos.fullmove = fullmove;
    for rule in &rules.castlings {
        if pos.rights & (1 << rule.right) != 0 && !pos.unmoved(rule) {
            let letter = &rules.castling_letters[rule.right..=rule.right];
            return Err(bad(format!(
                "castling right {letter} needs the king on {} and a rook on {}",
                geo.name(rule.king_from),
                geo.name(rule.rook_from)
            )));
        }
    }
    // A counting game writes a running count's limit in the en passant
    // field and the count in the ply field (Fairy-Stockfish's way).
    let counting = rules.hooks.counting().is_some();
    if counting && fields[3].starts_with(|c: char| c.is_ascii_digit()) {
        let limit = fields[3]
            .parse::<u16>()
            .ok()
            .filter(|&l| l > 0)
            .ok_or_else(|| bad(format!("the count's limit is a number, not {}", fields[3])))?;
        let ply = u16::try_from(halfmoves).map_err(|_| {
            bad(format!(
                "the count is at most {}, not {halfmoves}",
                u16::MAX
            ))
        })?;
        pos.count = Some(super::Count { limit, ply });
    } else if fields[3] != "-" {
        pos.en_passant = Some(read_en_passant(&pos, fields[3])?);
    }
    if let Some(&moved) = fields.get(6).filter(|&&f| squirms && f != "-") {
        pos.last_moved = Some(read_moved_last(&pos, moved)?);
    }
    if pos.seat_attacked(1 - pos.side) {
        return Err(bad("the side not to move is in check"));
    }
    if let Some(why) = pos.walls_refused() {
        return Err(bad(why));
    }
    // A set-up position may already be over (bare kings, 100 plies).
    pos.settle();
    Ok(pos)
}

/// The checks each side still has to give, `W+B` (3check's `3+3`).
fn read_checks(text: &str) -> Result<[u8; 2], RulesError> {
    text.split_once('+')
        .and_then(|(w, b)| Some([w.parse().ok()?, b.parse().ok()?]))
        .ok_or_else(|| {
            bad(format!(
                "the checks to give are written White+Black (3+3), not {text}"
            ))
        })
}

/// Squirm games: the square of the piece that moved last, which holds a
/// piece of the side that just moved.
fn read_moved_last(pos: &ChessLike, text: &str) -> Result<Square, RulesError> {
    let geo = pos.board.geometry();
    let sq = geo.parse(text).ok_or_else(|| {
        bad(format!(
            "the piece moved last stands on a square, not {text}"
        ))
    })?;
    match pos.board.get(sq) {
        Some(p) if p.owner != pos.side => Ok(sq),
        _ => Err(bad(format!(
            "the piece moved last is {}'s, and {} holds none",
            pos.rules.seats[1 - pos.side as usize],
            geo.name(sq)
        ))),
    }
}

/// The marks after a colour-bound kind in a reserve: the square colour
/// its next drop must go to, by the colours used (bit 0 light, bit 1 dark).
const COLOUR_MARKS: [(&str, u8); 3] = [(":d", 1), (":l", 2), (":-", 3)];

/// Reads the reserves: piece letters, a colour-bound kind's letters
/// followed by `:d` / `:l` when its next drop must go on a dark / light
/// square (`:-` on neither).
fn read_hands(pos: &mut ChessLike, text: &str) -> Result<(), RulesError> {
    let rules = pos.rules;
    let bound = rules.drops.as_ref().and_then(|d| d.unlike_colours);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let p = letter_piece(rules, c)?;
        let n = &mut pos.reserves[p.owner as usize][p.kind as usize];
        *n = n.saturating_add(1);
        if chars.next_if_eq(&':').is_some() {
            let mark: String = [':'].into_iter().chain(chars.next()).collect();
            let used = COLOUR_MARKS
                .iter()
                .find(|(m, _)| *m == mark)
                .filter(|_| bound == Some(p.kind))
                .map(|&(_, used)| used)
                .ok_or_else(|| {
                    bad(format!(
                        "{c}{mark}: only {} takes :d or :l",
                        bound.map_or("no piece".to_string(), |k| rules.spec.kinds[k as usize]
                            .letter
                            .to_string())
                    ))
                })?;
            pos.drop_colours[p.owner as usize] = used;
        }
    }
    Ok(())
}

/// Writes the reserves in the game's order, with the colour marks.
fn write_hands(pos: &ChessLike, out: &mut String) {
    let rules = pos.rules;
    let Some(drops) = &rules.drops else {
        return;
    };
    let kinds = MAX_KINDS.min(rules.spec.kinds.len()) as u8;
    let mut order: Vec<u8> = drops
        .hand_order
        .chars()
        .filter_map(|c| rules.spec.kind_index(c))
        .collect();
    let rest: Vec<u8> = (0..kinds).filter(|k| !order.contains(k)).collect();
    order.extend(rest);
    out.push('[');
    for seat in 0..2u8 {
        for &kind in &order {
            let held = pos.reserves[seat as usize][kind as usize];
            for _ in 0..held {
                out.push(piece_letter(rules, ChessLike::piece(seat, kind)));
            }
            let used = pos.drop_colours[seat as usize];
            if held > 0 && used != 0 && drops.unlike_colours == Some(kind) {
                let (mark, _) = COLOUR_MARKS
                    .iter()
                    .find(|(_, u)| *u == used)
                    .expect("2 bits");
                out.push_str(mark);
            }
        }
    }
    out.push(']');
}

fn read_en_passant(pos: &ChessLike, text: &str) -> Result<(Square, Square), RulesError> {
    let geo = pos.board.geometry();
    let why = || {
        bad(format!(
            "en passant is written as the pawn move just made (e2-e6), not {text}"
        ))
    };
    let mover = 1 - pos.side;
    let fits = |from: Square, to: Square| {
        pos.board
            .get(to)
            .filter(|p| p.owner == mover)
            .and_then(|p| pos.rules.pawn(p.kind))
            .is_some_and(|rule| {
                rule.step_between(geo, mover, from, to)
                    .is_some_and(|(dir, n)| {
                        let d = rule.steps.iter().position(|&s| s == dir).unwrap_or(0);
                        n >= 2 && n <= rule.longest(mover, geo.coords(from), d)
                    })
            })
            && pos.board.get(from).is_none()
            && passed_over(geo, from, to)
                .iter()
                .all(|&s| pos.board.get(s).is_none())
    };
    // Fairy-Stockfish's square passed over and the pawn's square run
    // together, in the board's order (`e3f4` after a Berolina pawn's
    // d2-f4, `c5d6` after e7-c5).
    let run_together = (1..text.len()).find_map(|i| {
        let (a, b) = (geo.parse(&text[..i])?, geo.parse(&text[i..])?);
        [(a, b), (b, a)].into_iter().find_map(|(passed, to)| {
            geo.squares()
                .find(|&from| fits(from, to) && passed_over(geo, from, to) == [passed])
                .map(|from| (from, to))
        })
    });
    if let Some(step) = run_together {
        return Ok(step);
    }
    let Some((a, b)) = text.split_once('-') else {
        // Plain FEN's square passed over (`e3`): the one multi-step that
        // passed over that square alone.
        let passed = geo.parse(text).ok_or_else(why)?;
        let mut steps = geo.squares().flat_map(|to| {
            geo.squares()
                .filter(move |&from| fits(from, to) && passed_over(geo, from, to) == [passed])
                .map(move |from| (from, to))
        });
        return match (steps.next(), steps.next()) {
            (Some(step), None) => Ok(step),
            _ => Err(why()),
        };
    };
    let (from, to) = (geo.parse(a).ok_or_else(why)?, geo.parse(b).ok_or_else(why)?);
    if fits(from, to) {
        Ok((from, to))
    } else {
        Err(why())
    }
}

/// Writes the position in the game's FEN.
pub fn to_fen(pos: &ChessLike) -> String {
    let rules = pos.rules;
    let geo = &rules.spec.geometry;
    // One string, written in place: a string per rank and per number of
    // empty squares was most of what writing a position cost.
    let mut placement = String::with_capacity(geo.len() + geo.ranks() as usize + 16);
    let outside = |squares: &[Square], out: &mut String| {
        for p in squares.iter().filter_map(|&sq| pos.board.get(sq)) {
            out.push('(');
            out.push(piece_letter(rules, p));
            out.push(')');
        }
    };
    for rank in (0..geo.ranks() as i8).rev() {
        if rank + 1 < geo.ranks() as i8 {
            placement.push('/');
        }
        let (before, after) = extras_of_rank(rules, rank);
        outside(&before, &mut placement);
        let mut empty = 0;
        for file in 0..geo.files() as i32 {
            match pos
                .board
                .get(geo.at(file, rank as i32).expect("box square"))
            {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        push_number(&mut placement, empty);
                        empty = 0;
                    }
                    placement.push(piece_letter(rules, p));
                    let sq = geo.at(file, rank as i32).expect("box square");
                    if pos.promoted.contains(sq) {
                        placement.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            push_number(&mut placement, empty);
        }
        outside(&after, &mut placement);
    }
    write_hands(pos, &mut placement);
    let mut fen = placement;
    fen.push_str([" w ", " b "][pos.side as usize]);
    let before_rights = fen.len();
    if rules.hooks.gating().is_some() {
        pos.write_gated_rights(&mut fen);
    } else {
        for (i, c) in rules.castling_letters.chars().enumerate() {
            if pos.rights & (1 << i) != 0 {
                fen.push(c);
            }
        }
    }
    if fen.len() == before_rights {
        fen.push('-');
    }
    fen.push(' ');
    let count = pos.count.filter(|c| c.limit != 0);
    match (count, pos.en_passant) {
        (Some(count), _) => push_number(&mut fen, u32::from(count.limit)),
        (None, Some((f, t))) => {
            fen.push_str(geo.name(f));
            fen.push('-');
            fen.push_str(geo.name(t));
        }
        (None, None) => fen.push('-'),
    }
    fen.push(' ');
    if let Some([white, black]) = pos.checks {
        push_number(&mut fen, u32::from(white));
        fen.push('+');
        push_number(&mut fen, u32::from(black));
        fen.push(' ');
    }
    push_number(&mut fen, count.map_or(pos.halfmoves, |c| u32::from(c.ply)));
    fen.push(' ');
    push_number(&mut fen, pos.fullmove);
    if rules.rebels == Rebels::SquirmFirst {
        fen.push(' ');
        fen.push_str(pos.last_moved.map_or("-", |s| geo.name(s)));
    }
    fen
}
