//! The counting rules of Makruk and Ouk Chatrang (Cambodian chess): once
//! no pawn is left, or a side is down to its king alone, the weaker side
//! counts the moves, and the game is drawn when the count passes a limit
//! set by what the stronger side still has (the "board's honour": 64
//! moves, or the "pieces' honour" against a bare king: 8 with two rooks,
//! 16 with one, 22 with two khons, 32 with two knights, 44 with one khon).
//!
//! The rule is data ([`CountingRule`]: which tables, which kinds are the
//! rook, khon, knight and pawn), played as Fairy-Stockfish plays it (its
//! `countingRule`): the count and its limit are held in plies in the
//! position ([`Count`]), start or restart after the moves that change
//! the material as Fairy-Stockfish's, and are written in the FEN in its
//! place (the limit in the en passant field, the count in the ply field:
//! `8/8/8/3k4/8/8/4R3/4K3 b - 32 10 1`). A count past its limit draws,
//! unless the side to move is mated.

use super::ChessLike;
use super::position::Act;
use crate::rules::board::Board;

/// Which of the two counting tables a game plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Makruk's: the board's honour 64, the pieces' honour 8, 16, 22, 32,
    /// 44 (or 64), counted only once no pawn is left.
    Makruk,
    /// Ouk Chatrang's: one less than Makruk's each (63; 7, 15, 21, 31,
    /// 43), and the board's honour may start while pawns remain, when
    /// the weaker side has at most three pieces.
    Cambodian,
}

/// A game's counting rule: its table and the kinds the table names
/// (`None` where the game has no such piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountingRule {
    pub table: Counting,
    pub pawn: Option<u8>,
    pub rook: Option<u8>,
    pub khon: Option<u8>,
    pub knight: Option<u8>,
}

/// The count of a position of a counting game, in plies: `limit` 0 while
/// nobody counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub limit: u16,
    pub ply: u16,
}

impl Count {
    /// True when the count has passed its limit.
    pub fn passed(&self) -> bool {
        self.limit != 0 && self.ply > self.limit
    }
}

/// The pieces on a board as the tables read them.
struct Material {
    /// Every piece of each seat, its king included.
    all: [u16; 2],
    pawns: u16,
    rooks: [u16; 2],
    khons: [u16; 2],
    knights: [u16; 2],
}

impl Material {
    fn of(board: &Board, rule: &CountingRule) -> Material {
        let mut m = Material {
            all: [0; 2],
            pawns: 0,
            rooks: [0; 2],
            khons: [0; 2],
            knights: [0; 2],
        };
        for seat in 0..2u8 {
            let s = usize::from(seat);
            for (_, p) in board.pieces_of(seat) {
                m.all[s] += 1;
                let is = |kind: Option<u8>| kind == Some(p.kind);
                m.pawns += u16::from(is(rule.pawn));
                m.rooks[s] += u16::from(is(rule.rook));
                m.khons[s] += u16::from(is(rule.khon));
                m.knights[s] += u16::from(is(rule.knight));
            }
        }
        m
    }

    /// The limit in moves when `seat` counts (0: it may not), as
    /// Fairy-Stockfish's tables give it.
    fn limit(&self, table: Counting, seat: u8) -> u16 {
        let (us, them) = (usize::from(seat), usize::from(1 - seat));
        // Every limit of Ouk Chatrang's is one less than Makruk's.
        let less = u16::from(table == Counting::Cambodian);
        match table {
            Counting::Makruk if self.pawns > 0 => return 0,
            Counting::Cambodian if self.all[us] > 3 => return 0,
            _ => {}
        }
        if self.all[them] == 1 {
            return 0;
        }
        if self.all[us] > 1 {
            return 64 - less;
        }
        if table == Counting::Cambodian && self.pawns > 0 {
            return 0;
        }
        let limit = if self.rooks[them] > 1 {
            8
        } else if self.rooks[them] == 1 {
            16
        } else if self.khons[them] > 1 {
            22
        } else if self.knights[them] > 1 {
            32
        } else if self.khons[them] == 1 {
            44
        } else {
            64
        };
        limit - less
    }
}

impl CountingRule {
    /// The count after a turn: `before` is the count of the position the
    /// turn was played from, `pos` the position it reached (its side to
    /// move the side that did not play), `captured` the kind the turn
    /// took, if any, and `promoted` whether it promoted.
    pub fn after(
        &self,
        before: Count,
        pos: &ChessLike,
        captured: Option<u8>,
        promoted: bool,
    ) -> Count {
        let mut count = before;
        if count.limit != 0 {
            count.ply += 1;
        }
        let m = Material::of(pos.board(), self);
        let to_move = pos.side();
        let mover = 1 - to_move;
        let total = m.all[0] + m.all[1];
        // The mover's king took the last pawn: the mover counts.
        if captured.is_some()
            && captured == self.pawn
            && m.all[usize::from(mover)] == 1
            && m.pawns == 0
        {
            let limit = m.limit(self.table, mover);
            if limit != 0 {
                count = Count {
                    limit: 2 * limit,
                    ply: 2 * total - 1,
                };
            }
        }
        // The side to move starts counting, or counts anew when the turn
        // left it its king alone.
        let bared = (captured.is_some() || promoted) && m.all[usize::from(to_move)] == 1;
        if count.limit == 0 || bared {
            let limit = m.limit(self.table, to_move);
            if limit != 0 {
                count = Count {
                    limit: 2 * limit,
                    ply: if m.all[usize::from(to_move)] > 1 {
                        0
                    } else {
                        2 * total
                    },
                };
            }
        }
        count
    }
}

/// What a turn took and whether it promoted, read before it is played.
pub(super) fn taken_and_promoted(pos: &ChessLike, acts: &[Act]) -> (Option<u8>, bool) {
    use super::position::Special;
    use crate::rules::turn::Action;
    let mut taken = None;
    let mut promoted = false;
    for act in acts {
        let square = match (act.special, act.action) {
            (Special::EnPassant { taken }, _) => Some(taken),
            (_, Action::Move { to, .. } | Action::Rebel { to, .. }) if act.capture => Some(to),
            _ => None,
        };
        if let Some(p) = square.and_then(|sq| pos.board().get(sq)) {
            taken = Some(p.kind);
        }
        promoted |= matches!(
            act.action,
            Action::Move {
                promotion: Some(_),
                ..
            }
        );
    }
    (taken, promoted)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White's king and `white` pieces against Black's king and `black`,
    /// no pawns; (rooks, khons, knights) of White.
    fn material(white: u16, black: u16, pawns: u16, (r, s, n): (u16, u16, u16)) -> Material {
        Material {
            all: [1 + white, 1 + black],
            pawns,
            rooks: [r, 0],
            khons: [s, 0],
            knights: [n, 0],
        }
    }

    #[test]
    fn the_limits_are_fairy_stockfishs_tables() {
        use Counting::{Cambodian, Makruk};
        // The pieces' honour: Black's bare king counts against White's.
        for (pieces, makruk) in [
            ((2, 0, 0), 8),
            ((1, 1, 1), 16),
            ((0, 2, 1), 22),
            ((0, 0, 2), 32),
            ((0, 1, 1), 44),
            ((0, 0, 1), 64),
        ] {
            let count = pieces.0 + pieces.1 + pieces.2;
            let m = material(count, 0, 0, pieces);
            assert_eq!(m.limit(Makruk, 1), makruk, "{pieces:?}");
            assert_eq!(m.limit(Cambodian, 1), makruk - 1, "{pieces:?}");
            // The stronger side never counts against a bare king.
            assert_eq!(m.limit(Makruk, 0), 0);
        }
        // The board's honour: both sides with pieces.
        let m = material(3, 2, 0, (1, 0, 0));
        assert_eq!((m.limit(Makruk, 0), m.limit(Makruk, 1)), (64, 64));
        assert_eq!(m.limit(Cambodian, 1), 63);
        // A side with more than three pieces never counts in Ouk Chatrang.
        assert_eq!(m.limit(Cambodian, 0), 0);
        // With pawns on the board Makruk counts nothing; Ouk Chatrang
        // counts the board's honour, but not the pieces' honour.
        let m = material(2, 1, 1, (1, 0, 0));
        assert_eq!((m.limit(Makruk, 1), m.limit(Cambodian, 1)), (0, 63));
        let m = material(2, 0, 1, (1, 0, 0));
        assert_eq!(m.limit(Cambodian, 1), 0);
    }

    #[test]
    fn a_count_passes_only_beyond_its_limit() {
        assert!(!Count { limit: 0, ply: 40 }.passed());
        assert!(!Count { limit: 32, ply: 32 }.passed());
        assert!(Count { limit: 32, ply: 33 }.passed());
    }
}
