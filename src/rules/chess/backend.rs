//! The bitboards as the core's fast generator for the orthodox board
//! ([`Backend`]): a chess position of the core becomes bitboards, and their
//! legal moves become the core's actions. Only listing and counting happen
//! here; what the moves mean (castling's rook, en passant's victim, the
//! rights a move ends, the ends of the game, notation and refusals) stays
//! the core's, read from the chess data in `rules.rs`. The differential
//! test below holds the two generators to the same actions.

use super::bits::{self, Bits, Move};
use super::movegen::{MoveList, any_legal, legal_moves, perft, pseudo_legal};
use super::pieces::{KING, PAWN};
use super::tables::TABLES;
use crate::rules::Action;
use crate::rules::chesslike::{Act, Backend, ChessLike, Special, castle_act};
use crate::rules::geometry::Square;

/// The bitboard generator behind chess's [`crate::rules::chesslike::Rules`].
pub struct Bitboards;

pub static BITBOARDS: Bitboards = Bitboards;

/// The bitboards of a chess position of the core. A castling right counts
/// only while its king and rook stand at home (the core's reading); the en
/// passant square is the one the last double step passed over.
///
/// Chess's board is 64 squares, numbered as the bitboards number them: each
/// side's pieces are its word of the board's [`crate::rules::board::Board::owned`],
/// and only their kinds are read square by square. Every question the
/// backend answers builds these first (a replayed turn asks several).
pub fn bits_of(pos: &ChessLike) -> Bits {
    let mut b = Bits::empty();
    let board = pos.board();
    for seat in 0..2u8 {
        let mut own = board.owned(seat).map_or(0, |s| s.low_bits());
        b.colour[usize::from(seat)] = own;
        while own != 0 {
            let sq = own.trailing_zeros() as Square;
            own &= own - 1;
            if let Some(p) = board.get(sq) {
                b.kind[usize::from(p.kind)] |= 1 << sq;
            }
        }
    }
    b.side = pos.side() as usize;
    for rule in &pos.rules().castlings {
        if pos.unmoved(rule) {
            b.castling |= 1 << rule.right;
        }
    }
    b.ep = pos.en_passant().map(|(from, to)| (from + to) / 2);
    (b.halfmove, b.fullmove) = pos.counters();
    b
}

/// The bitboards of a FEN, read by the core (tests, benchmarks).
pub fn bits_of_fen(fen: &str) -> Result<Bits, crate::rules::RulesError> {
    Ok(bits_of(&crate::rules::chesslike::from_fen(
        &super::rules::RULES,
        fen,
    )?))
}

/// A bitboard move as the core's action, with the effects the core plays.
fn act_of(pos: &ChessLike, m: Move) -> Act {
    let action = Action::Move {
        from: m.from,
        to: m.to,
        promotion: m.promotion,
    };
    match m.special {
        bits::Special::EnPassant => Act {
            action,
            capture: true,
            special: Special::EnPassant {
                taken: pos.en_passant().expect("a double step was made").1,
            },
        },
        bits::Special::Castle => pos
            .rules()
            .castlings
            .iter()
            .find(|r| r.king_from == m.from && r.king_to == m.to)
            .map(castle_act)
            .expect("the core knows every castling"),
        bits::Special::None | bits::Special::DoublePush => {
            Act::plain(action, pos.board().get(m.to).is_some())
        }
    }
}

impl Backend for Bitboards {
    fn legal_acts(&self, pos: &ChessLike) -> Vec<Act> {
        legal_moves(&bits_of(pos))
            .into_iter()
            .map(|m| act_of(pos, m))
            .collect()
    }

    fn pseudo_moves_from(&self, pos: &ChessLike, from: Square) -> Option<Vec<Act>> {
        let mut list = MoveList::new();
        pseudo_legal(&bits_of(pos), &mut list);
        Some(
            list.as_slice()
                .iter()
                .filter(|m| m.from == from && m.special != bits::Special::Castle)
                .map(|&m| act_of(pos, m))
                .collect(),
        )
    }

    /// The pawns of the side to move that attack the square the last
    /// double step passed over, read from the board without building
    /// bitboards.
    fn en_passant_acts(&self, pos: &ChessLike) -> Option<Vec<Act>> {
        let Some((from, to)) = pos.en_passant() else {
            return Some(Vec::new());
        };
        let side = pos.side();
        let board = pos.board();
        if !board
            .get(to)
            .is_some_and(|p| p.owner != side && usize::from(p.kind) == PAWN)
        {
            return Some(Vec::new());
        }
        let passed = (from + to) / 2;
        // The squares a pawn of the other colour on `passed` would attack
        // are those whence a pawn of the side to move attacks it.
        let mut takers = TABLES.pawn[usize::from(side) ^ 1][usize::from(passed)];
        let mut acts = Vec::new();
        while takers != 0 {
            let sq = takers.trailing_zeros() as Square;
            takers &= takers - 1;
            if board
                .get(sq)
                .is_some_and(|p| p.owner == side && usize::from(p.kind) == PAWN)
            {
                acts.push(Act {
                    action: Action::step(sq, passed),
                    capture: true,
                    special: Special::EnPassant { taken: to },
                });
            }
        }
        Some(acts)
    }

    fn any_legal(&self, pos: &ChessLike) -> bool {
        any_legal(&bits_of(pos))
    }

    fn perft(&self, pos: &ChessLike, depth: u32) -> u64 {
        perft(&bits_of(pos), depth)
    }

    /// One king: whether the other side attacks it; no king: no (as the
    /// core says); more than one: left to the core.
    fn royal_attacked(&self, pos: &ChessLike, seat: u8) -> Option<bool> {
        let b = bits_of(pos);
        let seat = usize::from(seat);
        let kings = b.kind[KING] & b.colour[seat];
        match kings.count_ones() {
            0 => Some(false),
            1 => Some(b.attacked(kings.trailing_zeros() as Square, seat ^ 1)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::rules::RULES;
    use crate::rules::chesslike::from_fen;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    fn sorted(mut acts: Vec<Act>) -> Vec<Act> {
        acts.sort_by_key(|a| (a.action, a.capture, format!("{:?}", a.special)));
        acts
    }

    /// The core's own generator and the bitboards offer the same legal
    /// actions (captures and special effects included), and say the same
    /// of each king's being attacked, in thousands of
    /// positions of random games from the start and from the CPW positions
    /// (castling, en passant, promotion, pins and checks); the games are
    /// played by the core.
    #[test]
    fn the_core_and_the_bitboards_agree_on_every_legal_move() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut positions = 0;
        let mut en_passant = 0;
        for start in starts {
            for _ in 0..12 {
                let mut pos = from_fen(&RULES, start).unwrap();
                for _ in 0..60 {
                    let fast = sorted(BITBOARDS.legal_acts(&pos));
                    let core = sorted(pos.core_legal_acts());
                    assert_eq!(core, fast, "{}", crate::rules::chesslike::to_fen(&pos));
                    assert_eq!(BITBOARDS.any_legal(&pos), !core.is_empty());
                    let core_en_passant = sorted(pos.core_en_passant_acts());
                    en_passant += usize::from(!core_en_passant.is_empty());
                    assert_eq!(
                        sorted(BITBOARDS.en_passant_acts(&pos).unwrap()),
                        core_en_passant,
                        "{}",
                        crate::rules::chesslike::to_fen(&pos)
                    );
                    for from in 0..64 {
                        assert_eq!(
                            sorted(BITBOARDS.pseudo_moves_from(&pos, from).unwrap()),
                            sorted(pos.core_pseudo_moves_from(from)),
                            "from {from} in {}",
                            crate::rules::chesslike::to_fen(&pos)
                        );
                    }
                    for seat in 0..2 {
                        assert_eq!(
                            BITBOARDS.royal_attacked(&pos, seat),
                            Some(ChessLike::royal_attacked(pos.board(), seat)),
                            "seat {seat} in {}",
                            crate::rules::chesslike::to_fen(&pos)
                        );
                    }
                    positions += 1;
                    if fast.is_empty() {
                        break;
                    }
                    let act = fast[rng.next_u32() as usize % fast.len()];
                    pos = pos.after(&[act], String::new());
                }
            }
        }
        assert!(positions > 3000, "{positions}");
        assert!(en_passant > 20, "{en_passant} positions with en passant");
    }

    /// Mate and stalemate have no legal move; a lone legal move (a king's
    /// way out, an interposition) is found.
    #[test]
    fn any_legal_is_whether_the_list_is_empty() {
        for (fen, any) in [
            (
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                false,
            ),
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false),
            ("7k/8/6K1/8/8/8/8/5Q2 b - - 0 1", true),
            ("k7/8/1Q6/8/8/8/8/4K2r w - - 0 1", true),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ] {
            let pos = from_fen(&RULES, fen).unwrap();
            assert_eq!(BITBOARDS.any_legal(&pos), any, "{fen}");
            assert_eq!(pos.core_legal_acts().is_empty(), !any, "{fen}");
        }
    }

    #[test]
    fn rights_count_only_with_king_and_rook_at_home() {
        let mut pos = from_fen(&RULES, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        assert_eq!(bits_of(&pos).castling, bits::WK | bits::WQ);
        pos.put(0, None);
        assert_eq!(bits_of(&pos).castling, bits::WK);
    }
}
