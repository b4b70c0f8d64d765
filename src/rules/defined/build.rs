//! A definition made into the core's data: the board and its piece kinds
//! (`BoardSpec`), the pawn rule, the castlings read from the start
//! position, all in a [`Rules`] as every two-seat game has. A defined
//! game is built once per process and lives as long as it: its data is
//! leaked into `'static`, as the seed games keep theirs in statics.

use super::DefinitionError;
use super::betza;
use super::betza_pawn::{self, PawnMoves};
use super::definition::Definition;
use crate::rules::board::{Board, BoardSpec};
use crate::rules::castling::CastlingRule;
use crate::rules::chess::rules::ORTHODOX;
use crate::rules::chesslike::{Drops, Hooks, MAX_KINDS, NoDoubled, PawnRule, Rebels, Rules};
use crate::rules::geometry::{Geometry, file_letter};
use crate::rules::movement::{PieceKind, Primitive, diagonal, forward_only};

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

fn refuse(def: &Definition, why: impl Into<String>) -> DefinitionError {
    DefinitionError::Game {
        name: def.name.clone(),
        why: why.into(),
    }
}

/// A piece type's name in words: its key, or "custom piece X".
pub fn piece_name(key: &str, letter: char) -> String {
    if key.starts_with("customPiece") {
        format!("{} piece", letter.to_ascii_uppercase())
    } else {
        // fersAlfil -> fers-alfil
        let mut out = String::new();
        for c in key.chars() {
            if c.is_ascii_uppercase() {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }
}

/// A pawn type: its kind index and moves.
struct Pawn {
    kind: u8,
    moves: PawnMoves,
}

/// The piece kinds, in the definition's order, with the pawn types and
/// the kind index of the king (none in a game without a royal piece,
/// `king = -`).
type Kinds = (Vec<PieceKind>, Vec<Pawn>, Option<u8>);

/// The chess pawn's moves (the `pawn` key), its double step as the
/// definition's `doubleStep` says.
fn chess_pawn(def: &Definition) -> PawnMoves {
    PawnMoves {
        steps: vec![(0, 1)],
        double: def.double_step,
        single: Vec::new(),
        leaps: false,
        back_leaps: Vec::new(),
        captures: vec![Primitive::Leap(forward_only(diagonal()))],
        en_passant: true,
    }
}

fn kinds(def: &Definition) -> Result<Kinds, DefinitionError> {
    if def.pieces.len() > MAX_KINDS {
        return Err(refuse(def, format!("more than {MAX_KINDS} piece types")));
    }
    let pawn_letters = def.pawn_letters();
    let mut out = Vec::new();
    let mut pawns = Vec::new();
    let mut king = None;
    for (i, p) in def.pieces.iter().enumerate() {
        let letter = p.letter.to_ascii_uppercase();
        let name = leak(piece_name(&p.key, p.letter));
        let kind = if pawn_letters.contains(&p.letter) && p.key != "pawn" {
            let moves =
                betza_pawn::pawn(&p.betza).map_err(|e| refuse(def, format!("{}: {e}", p.key)))?;
            let kind = PieceKind::simple(
                letter,
                name,
                leak(format!("moves as Betza's {}", p.betza)),
                vec![Primitive::Leap(moves.steps.clone())],
            )
            .capturing(moves.captures.clone())
            .unlettered();
            pawns.push(Pawn {
                kind: i as u8,
                moves,
            });
            kind
        } else if p.key == "pawn" {
            if !pawn_letters.contains(&p.letter) {
                return Err(refuse(
                    def,
                    "promotionPawnTypes: boserv's pawn type promotes as a pawn",
                ));
            }
            pawns.push(Pawn {
                kind: i as u8,
                moves: chess_pawn(def),
            });
            PieceKind::simple(
                letter,
                name,
                "moves one square straight ahead (two from its double-step rank) and captures one square diagonally forward",
                vec![Primitive::Leap(vec![(0, 1)])],
            )
            .capturing(vec![Primitive::Leap(forward_only(diagonal()))])
            .unlettered()
        } else {
            let moves =
                betza::parse(&p.betza).map_err(|e| refuse(def, format!("{}: {e}", p.key)))?;
            let how = leak(
                super::help::hop_phrase(&p.betza)
                    .unwrap_or_else(|| format!("moves as Betza's {}", p.betza)),
            );
            let mut kind = PieceKind::simple(letter, name, how, moves.moves);
            kind.captures = vec![moves.captures];
            if p.key == "king" {
                king = Some(i as u8);
                kind = kind.royal();
            }
            kind
        };
        out.push(kind);
    }
    if pawns.len() != pawn_letters.len() {
        return Err(refuse(
            def,
            "promotionPawnTypes names a letter no piece type has",
        ));
    }
    Ok((out, pawns, king))
}

/// The pieces of a FEN's placement field: (file, rank, letter).
fn placement(def: &Definition) -> Result<Vec<(u8, u8, char)>, DefinitionError> {
    let field = def.start_fen.split_whitespace().next().unwrap_or("");
    let field = field.split('[').next().unwrap_or("");
    let mut out = Vec::new();
    for (i, row) in field.split('/').enumerate() {
        let rank = (def.ranks as usize)
            .checked_sub(i + 1)
            .ok_or_else(|| refuse(def, "the start position has too many ranks"))?
            as u8;
        let mut file = 0u32;
        let mut digits = 0u32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                digits = digits * 10 + d;
                continue;
            }
            file += std::mem::take(&mut digits);
            out.push((file as u8, rank, c));
            file += 1;
        }
    }
    Ok(out)
}

/// The rank a seat's pawns promote on, 0-based: the one rank of its
/// region (off the board, as the default `*8` on a smaller board: pawns
/// that never promote), or the nearest rank of a region of ranks that
/// runs on to the board's far edge (Makruk's `*6 *7 *8`): promotion there
/// is compulsory, so a pawn, which steps once into it (a double step never
/// promotes), promotes on its nearest rank.
fn promotion_rank(def: &Definition, seat: usize, what: &str) -> Result<i8, DefinitionError> {
    let region = &def.promotion_region[seat];
    let mut ranks: Vec<u8> = region.iter().copied().filter(|&r| r < def.ranks).collect();
    if ranks.is_empty() {
        return Ok(region.first().map_or(def.ranks, |&r| r) as i8);
    }
    ranks.sort();
    ranks.dedup();
    let edge = if seat == 0 { def.ranks - 1 } else { 0 };
    let nearest = if seat == 0 {
        ranks.first()
    } else {
        ranks.last()
    };
    match (&ranks[..], nearest) {
        ([r], _) => Ok(*r as i8),
        (_, Some(&n)) if ranks.len() == usize::from(n.abs_diff(edge)) + 1 => Ok(n as i8),
        _ => Err(refuse(
            def,
            format!(
                "{what} must be one rank, or ranks on to the far edge (boserv's pawns promote on one rank)"
            ),
        )),
    }
}

/// The ranks of a region as bits (those on the board).
fn rank_bits(def: &Definition, ranks: &[u8]) -> u32 {
    ranks
        .iter()
        .filter(|&&r| r < def.ranks)
        .fold(0u32, |bits, &r| bits | 1 << r)
}

/// The double-step region of a seat: its first rank (the home rank the
/// core names; -1 for none, a region of single squares), every rank of it
/// as bits, and its single squares as file bits per rank.
fn double_step_ranks(
    def: &Definition,
    seat: usize,
) -> Result<(i8, u32, [u16; 12]), DefinitionError> {
    let what = ["doubleStepRegionWhite", "doubleStepRegionBlack"][seat];
    let region = &def.double_step_region[seat];
    let squares = &def.double_step_squares[seat];
    let bits = rank_bits(def, region);
    let mut files = [0u16; 12];
    for &(f, r) in squares {
        if f < def.files && r < def.ranks {
            files[r as usize] |= 1 << f;
        }
    }
    let home = match seat {
        0 => region.iter().min(),
        _ => region.iter().max(),
    };
    match home {
        Some(&home) => Ok((home as i8, bits & !(1 << home), files)),
        None if !squares.is_empty() => Ok((-1, bits, files)),
        None => Err(refuse(def, format!("{what} is empty"))),
    }
}

/// The promotions of each pawn type (by kind): the game's promotion
/// types, and for a pawn type `promotedPieceType` names the type it
/// names (Wolf chess's pawn may also become an elephant). Another
/// type's promotion refuses the game, naming the key.
fn pawn_promotions(
    def: &Definition,
    promotions: &[u8],
    pawn: u8,
    kind_of: &dyn Fn(char) -> Option<u8>,
) -> Result<Vec<u8>, DefinitionError> {
    let mut out = promotions.to_vec();
    let letter = def.pieces[pawn as usize].letter;
    for &(from, to) in &def.promoted_piece_types {
        if from != letter {
            continue;
        }
        let to = kind_of(to).ok_or_else(|| {
            refuse(
                def,
                format!("promotedPieceType: no piece has the letter {to}"),
            )
        })?;
        if !out.contains(&to) {
            out.push(to);
        }
    }
    Ok(out)
}

/// The kind `promotedPieceType` names for the pawn type `pawn`.
fn promoted_type(def: &Definition, pawn: u8, kind_of: &dyn Fn(char) -> Option<u8>) -> Option<u8> {
    let letter = def.pieces[pawn as usize].letter;
    def.promoted_piece_types
        .iter()
        .find(|&&(from, _)| from == letter)
        .and_then(|&(_, to)| kind_of(to))
}

/// Refuses `promotedPieceType` for a type that is no pawn type: boserv
/// promotes pawns only (a shogi piece's promotion in its zone is not
/// played).
fn check_promoted_types(def: &Definition) -> Result<(), DefinitionError> {
    let pawns = def.pawn_letters();
    for &(from, to) in &def.promoted_piece_types {
        if def.piece(from).is_none() {
            return Err(refuse(
                def,
                format!("promotedPieceType: no piece has the letter {from}"),
            ));
        }
        if !pawns.contains(&from) {
            return Err(refuse(
                def,
                format!(
                    "promotedPieceType: boserv promotes only the pawn types, not {from} (to {to})"
                ),
            ));
        }
    }
    Ok(())
}

/// Refuses a pawn type whose initial leaps backward (`imA` without a
/// direction) land on the board from a square it makes its first move
/// from (`homes`, per seat: the double-step region as
/// [`double_step_ranks`] gives it): the core's pawns go forward only.
/// From the first rank in front of the back rank (Spartan chess's
/// hoplite) they are off the board, as Fairy-Stockfish plays them.
fn check_back_leaps(
    def: &Definition,
    pawn: &Pawn,
    homes: [&(i8, u32, [u16; 12]); 2],
) -> Result<(), DefinitionError> {
    for (seat, &&(home, bits, files)) in homes.iter().enumerate() {
        let up: i8 = if seat == 0 { 1 } else { -1 };
        let ranks = (0..def.ranks as i8)
            .filter(|&r| r == home || bits & (1 << r) != 0 || files[r as usize] != 0);
        for r in ranks {
            for &(_, dr) in &pawn.moves.back_leaps {
                let to = r + dr * up;
                if (0..def.ranks as i8).contains(&to) {
                    return Err(refuse(
                        def,
                        format!(
                            "{}: its first move leaps backward onto the board from rank {}, which boserv's pawn types (forward only) do not play",
                            def.pieces[pawn.kind as usize].key,
                            r + 1
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The castlings of the start position, indexed as `KQkq`: the king on
/// the castling rank and the outermost castling rook on each side of it.
fn castlings(def: &Definition, spec: &BoardSpec) -> Result<Vec<CastlingRule>, DefinitionError> {
    if !def.castling {
        return Ok(Vec::new());
    }
    let pieces = placement(def)?;
    let geo = &spec.geometry;
    let mut out = Vec::new();
    for seat in 0..2u8 {
        let rank = if seat == 0 {
            def.castling_rank - 1
        } else {
            def.ranks - def.castling_rank
        };
        let own = |letter: char| {
            let wanted = if seat == 0 {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
            pieces
                .iter()
                .filter(move |(_, r, c)| *r == rank && *c == wanted)
                .map(|(f, _, _)| *f)
        };
        let Some(king) = own(def.castling_king_piece).next() else {
            continue;
        };
        let rooks: Vec<u8> = own(def.castling_rook_piece).collect();
        for long in [false, true] {
            let rook = if long {
                rooks.iter().copied().filter(|&f| f < king).min()
            } else {
                rooks.iter().copied().filter(|&f| f > king).max()
            };
            let Some(rook) = rook else { continue };
            let king_to = if long {
                def.castling_queenside_file
            } else {
                def.castling_kingside_file
            };
            let rook_to = if long {
                king_to + 1
            } else {
                king_to.wrapping_sub(1)
            };
            if king_to >= def.files || rook_to >= def.files {
                return Err(refuse(def, "a castling file off the board"));
            }
            let right = usize::from(seat) * 2 + usize::from(long);
            let letters = [king, king_to, rook, rook_to].map(|f| file_letter(f as i8));
            out.push(CastlingRule::on_rank(
                geo,
                right,
                seat,
                long,
                &(rank + 1).to_string(),
                letters,
                false,
            ));
        }
    }
    Ok(out)
}

/// Whether the start position has a royal piece of each side (Horde's
/// White has none: it is never in check).
fn both_kings(def: &Definition, king: Option<u8>) -> Result<bool, DefinitionError> {
    let Some(king) = king else { return Ok(false) };
    let letter = def.pieces[king as usize].letter;
    let pieces = placement(def)?;
    Ok([letter.to_ascii_uppercase(), letter]
        .iter()
        .all(|l| pieces.iter().any(|(_, _, c)| c == l)))
}

/// Never a dead position: Fairy-Stockfish plays on until a rule ends the game.
fn never_dead(_: &Board) -> bool {
    false
}

/// The core's data for a definition.
pub fn rules(def: &Definition) -> Result<&'static Rules, DefinitionError> {
    if def.files > 12 || def.ranks > 12 {
        return Err(refuse(def, "boards are at most 12 x 12"));
    }
    let (mut kinds, pawn_types, king) = kinds(def)?;
    let walling = super::walls::walling(def, king.is_some())?;
    if walling.is_some() {
        kinds.push(super::walls::kind());
    }
    if def.shatar_mate_rule && king.is_none() {
        return Err(refuse(
            def,
            "shatarMateRule: boserv judges it only in games with a king",
        ));
    }
    if def.blast_on_capture && king.is_some() {
        return Err(refuse(
            def,
            "blastOnCapture: boserv explodes captures only in games whose king is no royal piece (king = -, a commoner as in atomic)",
        ));
    }
    let kind_of = |letter: char| {
        def.pieces
            .iter()
            .position(|p| p.letter == letter)
            .map(|i| i as u8)
    };
    let geometry = Geometry::rect(def.files, def.ranks);
    let regions = super::mobility::regions(def, &geometry);
    let spec: &'static BoardSpec = Box::leak(Box::new(
        BoardSpec::new(geometry, kinds).with_regions(regions),
    ));
    let key_kind = |key: &str| {
        def.pieces
            .iter()
            .position(|p| p.key == key)
            .map(|i| i as u8)
    };
    // A promotion type a child took out is no choice (nor in
    // Fairy-Stockfish, whose pawns cannot become a type it lacks).
    let promotions: [Vec<u8>; 2] = [0, 1].map(|seat| match &def.promotion_pieces[seat] {
        Some(keys) => keys.iter().filter_map(|k| key_kind(k)).collect(),
        None => ["queen", "rook", "bishop", "knight"]
            .iter()
            .filter_map(|k| key_kind(k))
            .collect(),
    });
    let promotion_rank = [
        promotion_rank(def, 0, "promotionRegionWhite")?,
        promotion_rank(def, 1, "promotionRegionBlack")?,
    ];
    // Without double steps the home rank means nothing.
    let (white, black) = match def.double_step {
        true => (double_step_ranks(def, 0)?, double_step_ranks(def, 1)?),
        false => ((1, 0, [0; 12]), (def.ranks as i8 - 2, 0, [0; 12])),
    };
    check_promoted_types(def)?;
    // A double step from the home rank that lands on a promotion rank
    // short of the board's edge (a region of several ranks): whether it
    // promotes there, or later, boserv's one promotion rank cannot say.
    if def.double_step {
        for (seat, home, up, edge) in [(0, white.0, 2, def.ranks as i8 - 1), (1, black.0, -2, 0)] {
            if home + up == promotion_rank[seat] && promotion_rank[seat] != edge {
                let key = ["promotionRegionWhite", "promotionRegionBlack"][seat];
                return Err(refuse(
                    def,
                    format!(
                        "{key}: a double step lands in the promotion region short of the last rank, which boserv's pawns (one promotion rank) do not play"
                    ),
                ));
            }
        }
    }
    let en_passant_ranks = match &def.en_passant_region {
        Some(ranks) => rank_bits(def, ranks),
        None => u32::MAX,
    };
    // The kinds that take en passant: those whose captures say so (`e`).
    let takers: Vec<u8> = pawn_types
        .iter()
        .filter(|p| p.moves.en_passant)
        .map(|p| p.kind)
        .collect();
    if let Some(letters) = &def.en_passant_types {
        let mut taking: Vec<char> = takers
            .iter()
            .map(|&k| def.pieces[k as usize].letter)
            .collect();
        taking.sort();
        if *letters != taking {
            return Err(refuse(
                def,
                format!(
                    "enPassantTypes: boserv's pawn types that take en passant are {} (by their moves), not {}",
                    taking.iter().collect::<String>(),
                    letters.iter().collect::<String>()
                ),
            ));
        }
    }
    // A pawn stands on its own first rank where it steps twice from there
    // (Horde) or is dropped there (Chessgi). The core bars a pawn from
    // the other side's promotion rank as its first rank: where that is
    // not the edge of the board (Makruk's pawns start on the other side's
    // promotion rank), it bars nothing.
    let on_first_rank = def.first_rank_pawn_drops
        || (def.double_step
            && (def.double_step_region[0].contains(&0)
                || def.double_step_region[1].contains(&(def.ranks - 1))))
        || promotion_rank != [def.ranks as i8 - 1, 0];
    let pawn_kinds: Vec<u8> = pawn_types.iter().map(|p| p.kind).collect();
    // The duck has no move of its own.
    let unmoving: Vec<u8> = pawn_kinds
        .iter()
        .copied()
        .chain(walling.map(|w| w.kind))
        .collect();
    super::promotion::check_immobility(def, spec, &unmoving)?;
    let letter_of = |k: u8| def.pieces[k as usize].letter;
    let pawns = pawn_types
        .iter()
        .map(|p| {
            let straight = p.moves.steps == [(0, 1)];
            // The sergeant's `fK`.
            let forward_three = p.moves.steps.len() == 3;
            let letter = letter_of(p.kind);
            // Fairy-Stockfish's pawn type promotes for both sides; another
            // pawn type for the sides whose `promotionPawnTypes` name it
            // (Spartan chess's hoplite for Black only): for the other side
            // its promotion rank is off the board.
            let promotes = |seat: usize| {
                def.pieces[p.kind as usize].key == "pawn"
                    || def.pawn_letters_of(seat).contains(&letter)
            };
            let promotions = [
                pawn_promotions(def, &promotions[0], p.kind, &kind_of)?,
                pawn_promotions(def, &promotions[1], p.kind, &kind_of)?,
            ];
            let promotion_rank = [
                if promotes(0) { promotion_rank[0] } else { def.ranks as i8 },
                if promotes(1) { promotion_rank[1] } else { -1 },
            ];
            if p.moves.leaps && en_passant_ranks != 0 && !takers.is_empty() {
                return Err(refuse(
                    def,
                    format!(
                        "{}: boserv plays a pawn type whose first move leaps (imA) only without en passant (enPassantRegion = -)",
                        def.pieces[p.kind as usize].key
                    ),
                ));
            }
            if p.moves.double {
                check_back_leaps(def, p, [&white, &black])?;
            }
            let choice = super::promotion::choice(def, &letter_of, &p.moves.steps)?;
            let single_steps = p
                .moves
                .steps
                .iter()
                .enumerate()
                .filter(|(_, s)| p.moves.single.contains(s))
                .fold(0u8, |bits, (i, _)| bits | 1 << i);
            Ok(PawnRule {
                kind: p.kind,
                steps: p.moves.steps.clone(),
                home_rank: [white.0, black.0],
                first_range: if p.moves.double { 2 } else { 1 },
                also_home: if p.moves.double {
                    [white.1, black.1]
                } else {
                    [0, 0]
                },
                home_files: if p.moves.double {
                    [white.2, black.2]
                } else {
                    [[0; 12]; 2]
                },
                single_steps,
                promoted_as: promoted_type(def, p.kind, &kind_of),
                en_passant_ranks,
                on_first_rank,
                range: 1,
                // Fairy-Stockfish's double step never promotes.
                last_by_one_step: true,
                promotion_rank,
                promotions,
                leaps_first: p.moves.leaps,
                choice,
                taken_by: takers.clone(),
                captures: match (straight, forward_three) {
                    (true, _) => "diagonally",
                    (false, true) => "one square forward, straight or diagonally",
                    (false, false) => "straight ahead",
                },
                how: match (straight, forward_three) {
                    (true, _) => "moves straight ahead and captures one square diagonally forward",
                    (false, true) => {
                        "moves and captures one square forward, straight or diagonally"
                    }
                    (false, false) => {
                        "moves one square diagonally forward and captures straight ahead"
                    }
                },
            })
        })
        .collect::<Result<Vec<_>, DefinitionError>>()?;
    // Without dropLoop a captured promoted piece goes back to hand as
    // the pawn it was (Crazyhouse).
    // (Of several pawn types, the first of `promotionPawnTypes`: Fairy-
    // Stockfish's `mainPromotionPawnType`.)
    let main_pawn = def.promotion_pawn_types[0]
        .as_ref()
        .and_then(|letters| letters.first())
        .and_then(|&l| kind_of(l));
    let promoted_back_as = match (def.captures_to_hand && !def.drop_loop, &pawn_types[..]) {
        (false, _) => None,
        (true, [pawn]) => Some(pawn.kind),
        (true, [_, _, ..]) if main_pawn.is_some() => main_pawn,
        (true, _) => {
            return Err(refuse(
                def,
                "capturesToHand without dropLoop needs one pawn type for promoted pieces to go back to hand as",
            ));
        }
    };
    let no_doubled = match def.drop_no_doubled {
        None => None,
        Some(letter) => Some(NoDoubled {
            kind: kind_of(letter).ok_or_else(|| {
                refuse(
                    def,
                    format!("dropNoDoubled: no piece has the letter {letter}"),
                )
            })?,
            count: def.drop_no_doubled_count,
        }),
    };
    let regions = match &def.drop_region {
        [None, None] => None,
        [white, black] => Some([white, black].map(|region| match region {
            Some(region) => super::region::square_set(def, &spec.geometry, region),
            None => spec.masks().all,
        })),
    };
    // Fairy-Stockfish's legality test of an exploding capture returns
    // before it looks at a drop's check: its Atomic drops give check
    // whatever `dropChecks` says, which a reader of the key would not
    // expect.
    if !def.drop_checks && def.blast_on_capture {
        return Err(refuse(
            def,
            "dropChecks: Fairy-Stockfish does not apply it with blastOnCapture, and boserv will not play it otherwise",
        ));
    }
    let drops = def.piece_drops.then(|| Drops {
        captures_to_hand: def.captures_to_hand,
        promoted_back_as,
        regions,
        no_doubled,
        ..Drops::default()
    });
    // A gating game's hands are dropped on no square.
    let drops = drops
        .or_else(|| def.seirawan_gating.then(super::gating::gated_hands))
        .map(|drops| Drops {
            hand_order: leak(super::hands::hand_order(def)),
            ..drops
        });
    let rook = kind_of(def.castling_rook_piece);
    let castlings = match rook {
        Some(_) => castlings(def, spec)?,
        None => Vec::new(),
    };
    let castling_king = kind_of(def.castling_king_piece).or(king).unwrap_or(0);
    let own = super::end_rules::EndRules::of(def, &spec.geometry, &kind_of, walling)?;
    let own_legality = own.as_ref().is_some_and(|r| r.forbids_moves());
    // Castling letters, or the gates of initial moves (never both).
    let rights_letters = match (&own, castlings.is_empty()) {
        (_, false) => "KQkq",
        (Some(rules), true) if !rules.gate_letters().is_empty() => {
            leak(rules.gate_letters().to_string())
        }
        _ => "",
    };
    let hooks: &'static dyn Hooks = match own {
        Some(rules) => Box::leak(Box::new(rules)),
        None => &ORTHODOX,
    };
    Ok(Box::leak(Box::new(Rules {
        name: leak(def.name.clone()),
        spec,
        seats: ["White", "Black"],
        pawns,
        castling_letters: rights_letters,
        castlings,
        castling_pieces: (castling_king, rook.unwrap_or(0)),
        drops,
        rebels: Rebels::No,
        own_legality,
        king_may_be_absent: king.is_none() || !both_kings(def, king)?,
        dead: never_dead,
        hooks,
        backend: None,
    })))
}

/// The rules of the first section of `text` (a child of chess), or the
/// reason it is refused: the unit tests' way to build a definition.
#[cfg(test)]
pub(super) fn rules_of_text(text: &str) -> Result<&'static Rules, String> {
    let def = Definition::chess()
        .apply(&super::ini::sections(text)[0])
        .map_err(|e| e.to_string())?;
    rules(&def).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use crate::rules::Variant;
    use crate::rules::defined::read_operator_file;

    /// The drop rules of the keys `dropNoDoubled`, `dropNoDoubledCount`
    /// and the drop regions, against Fairy-Stockfish's moves (pyffish
    /// 0.0.90): White's pawn drops, its legal moves in all, and where
    /// each side's knight may be dropped.
    #[test]
    fn pawns_that_may_not_double_and_drop_regions() {
        let text = "[nd0:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 0\n\
                    [nd1:crazyhouse]\ndropNoDoubled = p\n\
                    [nd2:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 2\n\
                    [backdrops:crazyhouse]\nwhiteDropRegion = *1\nblackDropRegion = *7 *8 d5\n";
        let games = read_operator_file(text);
        assert!(games.refused().is_empty(), "{:?}", games.refused());
        let fen = "rnbqkbnr/ppp1pppp/8/8/4P3/8/PPP2PPP/RNBQKBNR[Pp] w KQkq - 0 1";
        for (game, drops, all) in [(0, 0, 41), (1, 6, 47), (2, 34, 75)] {
            let pos = games.games()[game].from_fen(&[], fen).unwrap();
            let turns = pos.legal_turns(None);
            let pawn_drops: Vec<&String> = turns.iter().filter(|t| t.starts_with("P@")).collect();
            assert_eq!(
                (pawn_drops.len(), turns.len()),
                (drops, all),
                "{pawn_drops:?}"
            );
        }
        let nd1 = games.games()[1].from_fen(&[], fen).unwrap();
        assert!(nd1.legal_turns(None).contains(&"P@d7".to_string()));
        let why = nd1.play("P@e3", None).unwrap_err().to_string();
        assert!(why.contains("a file that has one of your pawns"), "{why}");
        let nd0 = games.games()[0].from_fen(&[], fen).unwrap();
        let why = nd0.play("P@d3", None).unwrap_err().to_string();
        assert!(why.contains("never dropped"), "{why}");
        let back = &games.games()[3];
        let drops = |fen: &str| -> Vec<String> {
            let pos = back.from_fen(&[], fen).unwrap();
            pos.legal_turns(None)
                .into_iter()
                .filter(|t| t.contains('@'))
                .collect()
        };
        let white = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] w KQkq - 0 1";
        assert_eq!(drops(white), ["N@g1"]);
        let black = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] b KQkq - 0 1";
        let mut black_drops = drops(black);
        black_drops.sort();
        assert_eq!(black_drops, ["N@d5", "N@g8"]);
        let pos = back.from_fen(&[], white).unwrap();
        let why = pos.play("N@e4", None).unwrap_err().to_string();
        assert!(why.contains("outside the squares"), "{why}");
    }

    use super::rules_of_text as built;

    const WOLF_PAWNS: &str = "[w:chess]\nmaxRank = 10\ncustomPiece1 = s:fKifmnD\ncustomPiece3 = e:NNQ\npromotionPawnTypes = ps\npromotedPieceType = p:e\npromotionRegionWhite = *10\npromotionRegionBlack = *1\ndoubleStepRegionWhite = *2 b3\ndoubleStepRegionBlack = *9 b8\nenPassantTypes = p\n";

    #[test]
    fn a_pawn_type_promotes_to_its_promoted_type_too() {
        let r = built(WOLF_PAWNS).unwrap();
        let letters = |k: u8| -> String {
            r.pawns[k as usize].promotions[1]
                .iter()
                .map(|&p| r.spec.kinds[p as usize].letter)
                .collect()
        };
        let (pawn, sergeant) = match r.spec.kinds[r.pawns[0].kind as usize].letter {
            'P' => (0, 1),
            _ => (1, 0),
        };
        assert_eq!(letters(pawn), "QRBNE");
        assert_eq!(letters(sergeant), "QRBN");
        // The pawn takes en passant, the sergeant does not; both may be
        // taken so.
        let p = r.pawns[pawn as usize].kind;
        assert!(r.pawns.iter().all(|rule| rule.taken_by == [p]));
        // The sergeant doubles straight ahead only, from rank 2 and b3.
        let s = &r.pawns[sergeant as usize];
        assert_eq!(s.steps.len(), 3);
        assert_eq!(s.single_steps.count_ones(), 2);
        let straight = s.steps.iter().position(|&d| d == (0, 1)).unwrap();
        assert_eq!(s.longest(0, (4, 1), straight), 2);
        assert_eq!(s.longest(0, (1, 2), straight), 2);
        assert_eq!(s.longest(0, (0, 2), straight), 1);
        assert_eq!(s.longest(1, (1, 7), straight), 2);
        assert_eq!(s.longest(0, (4, 1), 1 - straight.min(1)), 1);
    }

    #[test]
    fn piece_promotion_and_other_takers_are_refused_naming_the_key() {
        let e = built("[s:chess]\npromotedPieceType = n:q\n").unwrap_err();
        assert!(
            e.contains("promotedPieceType: boserv promotes only the pawn types, not n"),
            "{e}"
        );
        let e = built("[s:chess]\npromotedPieceType = p:z\n").unwrap_err();
        assert!(
            e.contains("promotedPieceType: no piece has the letter z"),
            "{e}"
        );
        let e = built("[s:chess]\npromotedPieceType = p\n").unwrap_err();
        assert!(
            e.contains("promotedPieceType: expected letter:letter"),
            "{e}"
        );
        let e = built("[s:chess]\nmandatoryPiecePromotion = true\n").unwrap_err();
        assert!(e.contains("mandatoryPiecePromotion"), "{e}");
        let e =
            built(&WOLF_PAWNS.replace("enPassantTypes = p", "enPassantTypes = ps")).unwrap_err();
        assert!(
            e.contains("enPassantTypes: boserv's pawn types that take en passant are p"),
            "{e}"
        );
        // `p:-` takes a parent's promoted type away.
        let r = built(&format!("{WOLF_PAWNS}promotedPieceType = p:-\n")).unwrap();
        assert!(
            r.pawns
                .iter()
                .flat_map(|p| &p.promotions)
                .all(|p| p.len() == 4)
        );
    }
}
