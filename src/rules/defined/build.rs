//! A definition made into the core's data: the board and its piece kinds
//! (`BoardSpec`), the pawn rule, the castlings read from the start
//! position, all in a [`Rules`] as every two-seat game has. A defined
//! game is built once per process and lives as long as it: its data is
//! leaked into `'static`, as the seed games keep theirs in statics.

use super::DefinitionError;
use super::betza;
use super::definition::Definition;
use crate::rules::board::{Board, BoardSpec};
use crate::rules::castling::CastlingRule;
use crate::rules::chess::rules::ORTHODOX;
use crate::rules::chesslike::{Hooks, MAX_KINDS, PawnRule, Rebels, Rules};
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

/// The piece kinds, in the definition's order, with the kind index of
/// the pawn and of the king (none in a game without a royal piece,
/// `king = -`).
type Kinds = (Vec<PieceKind>, Option<u8>, Option<u8>);

fn kinds(def: &Definition) -> Result<Kinds, DefinitionError> {
    if def.pieces.len() > MAX_KINDS {
        return Err(refuse(def, format!("more than {MAX_KINDS} piece types")));
    }
    let mut out = Vec::new();
    let mut pawn = None;
    let mut king = None;
    for (i, p) in def.pieces.iter().enumerate() {
        let letter = p.letter.to_ascii_uppercase();
        let name = leak(piece_name(&p.key, p.letter));
        let kind = if p.key == "pawn" {
            pawn = Some(i as u8);
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
            let how = leak(format!("moves as Betza's {}", p.betza));
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
    Ok((out, pawn, king))
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

/// The one rank of a region, 0-based.
fn one_rank(def: &Definition, ranks: &[u8], what: &str) -> Result<i8, DefinitionError> {
    match ranks {
        [r] if *r < def.ranks => Ok(*r as i8),
        _ => Err(refuse(
            def,
            format!(
                "{what} must be one rank of the board (boserv's pawns promote and step twice from one rank)"
            ),
        )),
    }
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

/// Never a dead position: Fairy-Stockfish plays on until a rule ends the game.
fn never_dead(_: &Board) -> bool {
    false
}

/// The core's data for a definition.
pub fn rules(def: &Definition) -> Result<&'static Rules, DefinitionError> {
    if def.files > 12 || def.ranks > 12 {
        return Err(refuse(def, "boards are at most 12 x 12"));
    }
    let (kinds, pawn, king) = kinds(def)?;
    let kind_of = |letter: char| {
        def.pieces
            .iter()
            .position(|p| p.letter == letter)
            .map(|i| i as u8)
    };
    let spec: &'static BoardSpec = Box::leak(Box::new(BoardSpec::new(
        Geometry::rect(def.files, def.ranks),
        kinds,
    )));
    let pawns = match pawn {
        None => Vec::new(),
        Some(kind) => {
            let promotions = match &def.promotion_pieces {
                Some(letters) => letters
                    .chars()
                    .map(|c| {
                        kind_of(c.to_ascii_lowercase()).ok_or_else(|| {
                            refuse(def, format!("no piece has the promotion letter {c}"))
                        })
                    })
                    .collect::<Result<Vec<u8>, _>>()?,
                None => ["queen", "rook", "bishop", "knight"]
                    .iter()
                    .filter_map(|key| {
                        def.pieces
                            .iter()
                            .position(|p| p.key == *key)
                            .map(|i| i as u8)
                    })
                    .collect(),
            };
            // Without double steps the home rank means nothing.
            let home = match def.double_step {
                true => [
                    one_rank(def, &def.double_step_region[0], "doubleStepRegionWhite")?,
                    one_rank(def, &def.double_step_region[1], "doubleStepRegionBlack")?,
                ],
                false => [1, def.ranks as i8 - 2],
            };
            vec![PawnRule {
                kind,
                steps: vec![(0, 1)],
                home_rank: home,
                first_range: if def.double_step { 2 } else { 1 },
                range: 1,
                last_by_one_step: false,
                promotion_rank: [
                    one_rank(def, &def.promotion_region[0], "promotionRegionWhite")?,
                    one_rank(def, &def.promotion_region[1], "promotionRegionBlack")?,
                ],
                promotions,
                taken_by: vec![kind],
                captures: "diagonally",
                how: "moves straight ahead and captures one square diagonally forward",
            }]
        }
    };
    let rook = kind_of(def.castling_rook_piece);
    let castlings = match rook {
        Some(_) => castlings(def, spec)?,
        None => Vec::new(),
    };
    let castling_king = kind_of(def.castling_king_piece).or(king).unwrap_or(0);
    let own = super::end_rules::EndRules::of(def, &spec.geometry, &kind_of)?;
    let own_legality = own.as_ref().is_some_and(|r| r.forbids_moves());
    let hooks: &'static dyn Hooks = match own {
        Some(rules) => Box::leak(Box::new(rules)),
        None => &ORTHODOX,
    };
    Ok(Box::leak(Box::new(Rules {
        name: leak(def.name.clone()),
        spec,
        seats: ["White", "Black"],
        pawns,
        castling_letters: if castlings.is_empty() { "" } else { "KQkq" },
        castlings,
        castling_pieces: (castling_king, rook.unwrap_or(0)),
        drops: None,
        rebels: Rebels::No,
        own_legality,
        king_may_be_absent: king.is_none(),
        dead: never_dead,
        hooks,
        backend: None,
    })))
}
