//! Big Outer FEN: a position as one line of text, for tests, `decode` and
//! anyone setting up a position by hand.
//!
//! It is FEN widened to 12 files, with the corner squares written inside
//! the first and last rank (documented in the help text):
//!
//! ```text
//! (n)jrmgbqkbgmrj(n)/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/(N)JRMGBQKBGMRJ(N) w KQkq - 0 1
//! ```
//!
//! * Ranks from 12 down to 1, files a–l; empty runs are numbers (`12`).
//!   Letters: P K Q R B G M J N, upper case White, lower case Black.
//! * `(x)` before rank 12's files is z4, after them z3; before rank 1's files
//!   z1, after them z2. An empty corner is left out (or written `()`).
//! * Castling: `K` White g1-j1 (rook k1), `Q` White g1-d1 (rook b1), `k`/`q`
//!   Black likewise, or `-`.
//! * En passant: the pawn move just made that may be taken, `e2-e6`, or `-`
//!   (a single square cannot say which squares were passed over).
//! * Plies since the last capture or pawn move, then the move number.

use super::pawns;
use super::pieces::{KING, PAWN, SET, kind_of_letter};
use super::position::{BoPosition, CASTLINGS};
use crate::rules::RulesError;
use crate::rules::board::{Board, Piece};
use crate::rules::geometry::Square;

/// The start position.
pub const START: &str = "(n)jrmgbqkbgmrj(n)/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/(N)JRMGBQKBGMRJ(N) w KQkq - 0 1";

fn bad(why: impl Into<String>) -> RulesError {
    RulesError::BadPosition(why.into())
}

fn corner(name: &str) -> Square {
    SET.geometry.parse(name).expect("corner square")
}

fn letter_piece(c: char) -> Result<Piece, RulesError> {
    let kind = kind_of_letter(c).ok_or_else(|| bad(format!("no piece has the letter {c}")))?;
    Ok(BoPosition::piece(u8::from(c.is_ascii_lowercase()), kind))
}

fn piece_letter(p: Piece) -> char {
    let c = SET.kinds[p.kind as usize].letter;
    if p.owner == 0 {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// Reads one rank: (corner before, cells a..l, corner after).
fn read_rank(text: &str, rank: i8, board: &mut Board) -> Result<(), RulesError> {
    let geo = &SET.geometry;
    let corners = match rank {
        11 => Some(("z4", "z3")),
        0 => Some(("z1", "z2")),
        _ => None,
    };
    let mut file: i32 = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '(' {
            let inner: String = chars.by_ref().take_while(|&c| c != ')').collect();
            let Some((before, after)) = corners else {
                return Err(bad(format!(
                    "rank {}: only ranks 12 and 1 have corner squares",
                    rank + 1
                )));
            };
            let name = match file {
                0 => before,
                12 => after,
                _ => {
                    return Err(bad(format!(
                        "rank {}: a corner square goes before a or after l",
                        rank + 1
                    )));
                }
            };
            let mut letters = inner.chars();
            match (letters.next(), letters.next()) {
                (None, _) => {}
                (Some(c), None) => board.set(corner(name), Some(letter_piece(c)?)),
                _ => return Err(bad(format!("{name}: one piece per square"))),
            }
        } else if c.is_ascii_digit() {
            let mut digits = c.to_string();
            while let Some(d) = chars.next_if(|d| d.is_ascii_digit()) {
                digits.push(d);
            }
            file += digits.parse::<i32>().map_err(|_| bad("bad number"))?;
        } else {
            let sq = geo
                .at(file, rank as i32)
                .filter(|_| file < 12)
                .ok_or_else(|| bad(format!("rank {} has more than 12 files", rank + 1)))?;
            board.set(sq, Some(letter_piece(c)?));
            file += 1;
        }
    }
    if file != 12 {
        return Err(bad(format!("rank {} has {file} files, not 12", rank + 1)));
    }
    Ok(())
}

/// Reads a Big Outer FEN and checks that it makes sense.
pub fn from_fen(text: &str) -> Result<BoPosition, RulesError> {
    let geo = &SET.geometry;
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 {
        return Err(bad(
            "expected 6 fields: placement, side, castling, en passant, plies, move number",
        ));
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 12 {
        return Err(bad(format!("expected 12 ranks, found {}", ranks.len())));
    }
    let mut board = Board::empty(&SET);
    for (i, rank) in ranks.iter().enumerate() {
        read_rank(rank, 11 - i as i8, &mut board)?;
    }
    let side = match fields[1] {
        "w" => 0,
        "b" => 1,
        other => return Err(bad(format!("side to move is w or b, not {other}"))),
    };
    for seat in 0..2u8 {
        let kings = board
            .pieces_of(seat)
            .filter(|(_, p)| p.kind == KING)
            .count();
        if kings != 1 {
            return Err(bad(format!(
                "{} has {kings} kings",
                ["White", "Black"][seat as usize]
            )));
        }
    }
    for (sq, p) in board.pieces_of(0).chain(board.pieces_of(1)) {
        let rank = geo.coords(sq).1;
        if p.kind == PAWN
            && (rank == pawns::last_rank(p.owner) || rank == pawns::last_rank(1 - p.owner))
        {
            return Err(bad(format!("a pawn on {}", geo.name(sq))));
        }
    }
    let mut rights = [false; 4];
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let i = "KQkq"
                .find(c)
                .ok_or_else(|| bad(format!("castling letters are KQkq, not {c}")))?;
            rights[i] = true;
        }
    }
    let (halfmoves, fullmove) = match (fields[4].parse::<u32>(), fields[5].parse::<u32>()) {
        (Ok(h), Ok(f)) if f >= 1 => (h, f),
        _ => return Err(bad("the last two fields are numbers (plies, move number)")),
    };
    let mut pos = BoPosition {
        board,
        side,
        rights,
        en_passant: None,
        halfmoves,
        fullmove,
        history: Vec::new(),
        last_move: None,
        ended: None,
    };
    for rule in CASTLINGS.iter() {
        if pos.rights[rule.right] && !pos.unmoved(rule) {
            return Err(bad(format!(
                "castling right {} needs the king on {} and a rook on {}",
                &"KQkq"[rule.right..=rule.right],
                geo.name(rule.king_from),
                geo.name(rule.rook_from)
            )));
        }
    }
    if fields[3] != "-" {
        pos.en_passant = Some(read_en_passant(&pos, fields[3])?);
    }
    if BoPosition::king_attacked(&pos.board, 1 - side) {
        return Err(bad("the side not to move is in check"));
    }
    pos.history.push(pos.repetition_key());
    // A set-up position may already be drawn (bare kings, 100 plies).
    pos.ended = pos.draw_by_rule();
    Ok(pos)
}

fn read_en_passant(pos: &BoPosition, text: &str) -> Result<(Square, Square), RulesError> {
    let geo = &SET.geometry;
    let why = || {
        bad(format!(
            "en passant is written as the pawn move just made (e2-e6), not {text}"
        ))
    };
    let (a, b) = text.split_once('-').ok_or_else(why)?;
    let (from, to) = (geo.parse(a).ok_or_else(why)?, geo.parse(b).ok_or_else(why)?);
    let mover = 1 - pos.side;
    let ((ff, fr), (tf, tr)) = (geo.coords(from), geo.coords(to));
    let run = (tr - fr) * pawns::facing(mover);
    let fits = ff == tf
        && run >= 2
        && run <= pawns::longest_push(mover, fr)
        && pos.board.get(to) == Some(BoPosition::piece(mover, PAWN))
        && pos.board.get(from).is_none()
        && pawns::passed_over(geo, from, to)
            .iter()
            .all(|&s| pos.board.get(s).is_none());
    if fits { Ok((from, to)) } else { Err(why()) }
}

/// Writes the position in Big Outer FEN.
pub fn to_fen(pos: &BoPosition) -> String {
    let geo = &SET.geometry;
    let mut ranks = Vec::new();
    for rank in (0..12).rev() {
        let mut s = String::new();
        let corner_text = |name: &str| {
            pos.board
                .get(corner(name))
                .map(|p| format!("({})", piece_letter(p)))
        };
        let (before, after) = match rank {
            11 => (corner_text("z4"), corner_text("z3")),
            0 => (corner_text("z1"), corner_text("z2")),
            _ => (None, None),
        };
        s.extend(before);
        let mut empty = 0;
        for file in 0..12 {
            match pos.board.get(geo.at(file, rank).expect("box square")) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(piece_letter(p));
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        s.extend(after);
        ranks.push(s);
    }
    let rights: String = "KQkq"
        .chars()
        .zip(pos.rights)
        .filter(|&(_, r)| r)
        .map(|(c, _)| c)
        .collect();
    let ep = pos.en_passant.map_or("-".to_string(), |(f, t)| {
        format!("{}-{}", geo.name(f), geo.name(t))
    });
    format!(
        "{} {} {} {} {} {}",
        ranks.join("/"),
        ["w", "b"][pos.side as usize],
        if rights.is_empty() {
            "-".to_string()
        } else {
            rights
        },
        ep,
        pos.halfmoves,
        pos.fullmove
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let p = from_fen(START).unwrap();
        assert_eq!(to_fen(&p), START);
        let g = &SET.geometry;
        assert_eq!(
            p.board().get(g.parse("z1").unwrap()),
            Some(BoPosition::piece(0, super::super::pieces::KNIGHT))
        );
        assert_eq!(
            p.board().get(g.parse("z3").unwrap()),
            Some(BoPosition::piece(1, super::super::pieces::KNIGHT))
        );
    }

    #[test]
    fn refusals() {
        for (fen, why) in [
            (
                "12/12/12/12/12/12/12/12/12/12/12/12 w - - 0 1",
                "White has 0 kings",
            ),
            (
                "6k5/12/12/12/12/12/12/12/12/12/12/6K4 w - - 0 1",
                "rank 1 has 11 files, not 12",
            ),
            (
                "6k5/12/12/12/12/12/12/12/12/12/12/6K5 w K - 0 1",
                "castling right K needs the king on g1 and a rook on k1",
            ),
            (
                "6k5/12/(n)12/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
                "rank 10: only ranks 12 and 1 have corner squares",
            ),
            (
                "6k5/12/12/12/12/12/12/12/4P7/12/12/6K5 b - e3-e4 0 1",
                "en passant is written as the pawn move just made (e2-e6), not e3-e4",
            ),
        ] {
            assert_eq!(
                from_fen(fen).unwrap_err().to_string(),
                format!("bad position text: {why}"),
                "{fen}"
            );
        }
        let ep = "6k5/12/12/12/12/12/12/4P7/12/12/12/6K5 b - e2-e5 0 1";
        assert_eq!(to_fen(&from_fen(ep).unwrap()), ep);
    }
}
