//! Why a chess move is illegal, in one line a player understands. Pieces
//! are judged by their movement data through the core board; pawns and
//! castling, whose rules are not pure patterns, are explained here.

use super::bits::{BK, BQ, Bits, WHITE, WK, WQ};
use std::sync::LazyLock;

use super::pieces::{KING, PAWN, ROOK, SPEC};
use crate::rules::board::{Board, Piece};
use crate::rules::castling::CastlingRule;
use crate::rules::geometry::Square;

const KING_CHECK: &str = "that would leave your king in check";

/// The board as the core sees it (for pattern explanations).
pub fn core_board(b: &Bits) -> Board {
    let mut board = Board::empty(&SPEC);
    for sq in 0..64u8 {
        if let Some((colour, kind)) = b.piece_at(sq) {
            let facing = if colour == WHITE { 1 } else { -1 };
            board.set(
                sq,
                Some(Piece {
                    owner: colour as u8,
                    kind: kind as u8,
                    facing,
                }),
            );
        }
    }
    board
}

fn name(sq: Square) -> &'static str {
    SPEC.geometry.name(sq)
}

/// The reason the side to move's piece on `from` cannot go to `to`, knowing
/// that no legal move does so.
pub fn explain(b: &Bits, from: Square, to: Square) -> String {
    let Some((colour, kind)) = b.piece_at(from) else {
        return format!("there is no piece on {}", name(from));
    };
    let home: Square = if colour == WHITE { 4 } else { 60 };
    if kind == KING && from == home && to / 8 == from / 8 && to.abs_diff(from) == 2 {
        return explain_castling(b, from, to);
    }
    if let Some((c, k)) = b.piece_at(to)
        && c == colour
    {
        return format!("your own {} stands on {}", SPEC.kinds[k].name, name(to));
    }
    if kind == PAWN {
        if let Some(why) = explain_pawn(b, from, to) {
            return why;
        }
        return KING_CHECK.to_string();
    }
    let board = core_board(b);
    board
        .explain_unreachable(from, to, b.piece_at(to).is_some())
        .unwrap_or_else(|| KING_CHECK.to_string())
}

/// The four castlings as the core's data, indexed like [`RIGHTS`]: FIDE
/// guards only the king's path and target, not the rook's.
static CASTLINGS: LazyLock<Vec<CastlingRule>> = LazyLock::new(|| {
    let g = &SPEC.geometry;
    [
        (0, false, "1", ['e', 'g', 'h', 'f']),
        (0, true, "1", ['e', 'c', 'a', 'd']),
        (1, false, "8", ['e', 'g', 'h', 'f']),
        (1, true, "8", ['e', 'c', 'a', 'd']),
    ]
    .into_iter()
    .enumerate()
    .map(|(right, (seat, long, rank, files))| {
        CastlingRule::on_rank(g, right, seat, long, rank, files, false)
    })
    .collect()
});

/// The castling right bits in the order of [`CASTLINGS`].
const RIGHTS: [u8; 4] = [WK, WQ, BK, BQ];

/// Why the king's two-square move is no castling now, in the words every
/// game on the core uses.
fn explain_castling(b: &Bits, from: Square, to: Square) -> String {
    let Some(rule) = CASTLINGS
        .iter()
        .find(|r| r.seat as usize == b.side && r.king_from == from && r.king_to == to)
    else {
        return KING_CHECK.into();
    };
    let unmoved =
        b.castling & RIGHTS[rule.right] != 0 && b.piece_at(rule.rook_from) == Some((b.side, ROOK));
    let them = b.side ^ 1;
    rule.refusal(&core_board(b), unmoved, &|sq| b.attacked(sq, them))
        .unwrap_or_else(|| KING_CHECK.into())
}

fn explain_pawn(b: &Bits, from: Square, to: Square) -> Option<String> {
    let forward: i32 = if b.side == WHITE { 1 } else { -1 };
    let (ff, fr) = ((from % 8) as i32, (from / 8) as i32);
    let (tf, tr) = ((to % 8) as i32, (to / 8) as i32);
    let ahead = (tr - fr) * forward;
    let first_rank = if b.side == WHITE { 1 } else { 6 };
    if tf == ff {
        if !(1..=2).contains(&ahead) || (ahead == 2 && fr != first_rank) {
            return Some("a pawn moves one or two squares from its first rank".into());
        }
        if ahead == 2 {
            let mid = ((fr + forward) * 8 + ff) as Square;
            if b.piece_at(mid).is_some() {
                return Some(format!("the path is blocked at {}", name(mid)));
            }
        }
        if b.piece_at(to).is_some() {
            return Some("a pawn captures diagonally, not straight ahead".into());
        }
        return None;
    }
    if (tf - ff).abs() == 1 && ahead == 1 {
        if b.piece_at(to).is_none() && b.ep != Some(to) {
            return Some("a pawn moves diagonally only to capture".into());
        }
        return None;
    }
    Some("a pawn moves straight ahead and captures diagonally forward".into())
}
