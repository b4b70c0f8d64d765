//! The drops of a position counted without listing them (perft's last ply
//! in Orphic Chess, where drops are most of the actions). Out of check, a
//! drop of a piece that is not royal only fills squares (the square
//! dropped on; with a relocation, the square the pawn goes to as well):
//! it opens no line onto a royal piece and can only make one hold by
//! filling a square a hop's line lacks a screen on (the royal guard's
//! screening squares). So every such drop that fills no screening square
//! is legal by the check rule, and their number is a product of set sizes:
//! the empty squares of the colours the kind may go to, and the side's
//! pawns on those colours times the empty squares of the ranks a pawn may
//! be moved to. The rest (a royal kind's drops, drops that fill a
//! screening square) are listed for the check test, exactly as
//! [`ChessLike::drop_acts`] lists them.

use super::position::{Act, ChessLike};
use crate::rules::Action;
use crate::rules::reach::SquareSet;

impl ChessLike {
    /// How many drops of the side are legal by the check rule without
    /// testing them, the others added to `others` to be tested. Only for
    /// a side not in check (the guard's lines prepared, `screening` its
    /// empty squares where a piece may make a screen), outside Squirm
    /// games (where a dropped piece's squirm may expose the king), and
    /// where the game's own legality allows every drop (the caller's to
    /// know).
    pub(super) fn count_drops(&self, screening: &SquareSet, others: &mut Vec<Act>) -> u64 {
        let Some(drops) = &self.rules.drops else {
            return 0;
        };
        let side = self.side as usize;
        let hand = self.reserves[side];
        let in_hand: u32 = hand.iter().map(|&n| u32::from(n)).sum();
        if in_hand == 0 {
            return 0;
        }
        let masks = self.board.spec().masks();
        let empty = masks.all.without(self.board.occupancy());
        // Not in check: a pawn may be relocated wherever the game allows.
        let relocations = drops.onto_own_pawn.map(|r| r[side]);
        let (pawns, relocation_squares) = match relocations {
            Some((lo, hi)) => {
                let mut pawns = SquareSet::default();
                for (sq, p) in self.board.pieces_of(self.side) {
                    if self.rules.pawn(p.kind).is_some() {
                        pawns.insert(sq);
                    }
                }
                (pawns, empty.intersection(&masks.of_ranks(lo, hi)))
            }
            None => (SquareSet::default(), SquareSet::default()),
        };
        let safe_relocations = relocation_squares.without(screening).len();
        let mut count = 0;
        for (kind, &n) in hand.iter().enumerate().filter(|&(_, &n)| n > 0) {
            let kind = kind as u8;
            if self.board.is_royal_kind(kind) {
                self.drops_of_kind_into(drops, kind, n, in_hand, relocations, others);
                continue;
            }
            let colours = masks.of_colours(self.drop_colour_bits(drops, kind));
            let onto = self.empty_drop_squares(drops, kind);
            let drop = |to, relocate| Act::plain(Action::Drop { kind, to, relocate }, false);
            count += u64::from(onto.without(screening).len());
            for to in onto.intersection(screening).iter() {
                others.push(drop(to, None));
            }
            let onto_pawns = pawns.intersection(&colours);
            count += u64::from(onto_pawns.without(screening).len() * safe_relocations);
            if onto_pawns.intersection(screening).is_empty()
                && relocation_squares.intersection(screening).is_empty()
            {
                continue;
            }
            for to in onto_pawns.iter() {
                for r in relocation_squares.iter() {
                    if screening.contains(to) || screening.contains(r) {
                        others.push(drop(to, Some(r)));
                    }
                }
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::super::movegen::Scratch;
    use super::super::{Drops, Hooks, PawnRule, Rebels, Rules, bare_kings, from_fen, to_fen};
    use super::*;
    use crate::rules::board::BoardSpec;
    use crate::rules::geometry::Geometry;
    use crate::rules::movement::{
        PieceKind, Primitive, all_eight, diagonal, forward_only, queen_lines,
    };

    struct Plain;

    impl Hooks for Plain {
        fn render(&self, pos: &ChessLike, _flipped: bool) -> String {
            to_fen(pos)
        }
    }

    /// Pawns, knights, a king and a hopper (it takes the piece beyond a
    /// screen on a queen line), dropped as in Orphic Chess.
    fn hopper_drops() -> &'static Rules {
        let kinds = vec![
            PieceKind::simple('P', "pawn", "moves straight ahead", vec![])
                .capturing(vec![Primitive::Leap(forward_only(diagonal()))])
                .unlettered(),
            PieceKind::simple(
                'N',
                "knight",
                "leaps",
                vec![Primitive::Leap(all_eight(2, 1))],
            ),
            PieceKind::simple('H', "hopper", "hops", vec![Primitive::Hop(queen_lines())]),
            PieceKind::simple('K', "king", "steps", vec![Primitive::Leap(queen_lines())]).royal(),
        ];
        let spec = Box::leak(Box::new(BoardSpec::new(Geometry::rect(8, 8), kinds)));
        Box::leak(Box::new(Rules {
            name: "hopper-drops",
            spec,
            seats: ["White", "Black"],
            pawns: vec![PawnRule {
                kind: 0,
                steps: vec![(0, 1)],
                home_rank: [1, 6],
                first_range: 2,
                also_home: [0, 0],
                home_files: [[0; 12]; 2],
                single_steps: 0,
                promoted_as: None,
                en_passant_ranks: u32::MAX,
                on_first_rank: false,
                range: 1,
                last_by_one_step: false,
                promotion_rank: [7, 0],
                choice: None,
                promotions: [vec![1], vec![1]],
                leaps_first: false,
                taken_by: vec![0],
                captures: "diagonally",
                how: "moves ahead",
            }],
            castlings: Vec::new(),
            castling_pieces: (3, 2),
            castling_letters: "",
            drops: Some(Drops {
                onto_own_pawn: Some([(1, 3), (4, 6)]),
                ..Drops::default()
            }),
            rebels: Rebels::No,
            own_legality: false,
            king_may_be_absent: true,
            dead: bare_kings,
            hooks: &Plain,
            backend: None,
        }))
    }

    /// Drops that would make the screen a hopper lacks (onto the e-file,
    /// a pawn relocated there, a pawn dropped onto it) are tested, the
    /// others counted: the count is the list's length.
    #[test]
    fn drops_that_fill_a_screen_are_tested() {
        let rules = hopper_drops();
        for fen in [
            "4h3/8/8/8/8/3P4/8/4K3[NPk] w - - 0 1",
            "4h3/8/8/8/8/8/3P4/4K3[N] w - - 0 1",
            "7h/8/8/8/8/8/2P5/K7[PN] w - - 0 1",
            "4h3/8/8/8/8/8/8/4K3[NN] w - - 0 1",
        ] {
            let pos = from_fen(rules, fen).unwrap();
            let list = pos.core_legal_acts();
            let mut scratch = Scratch::new(&pos.board);
            let count = pos.count_legal_acts(&mut scratch, &mut Vec::new());
            assert_eq!(count, Some(list.len() as u64), "{fen}");
            let drops = list
                .iter()
                .filter(|a| matches!(a.action, Action::Drop { .. }))
                .count();
            assert!(drops > 10, "{fen}: {drops} drops");
            assert!(drops < pos.drop_acts().len(), "{fen}: no drop refused");
        }
    }
}
