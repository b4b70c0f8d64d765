//! The legal drops listed by sets, where the search spends most of its
//! listing in the drop games: Crazyhouse's side with a few pieces in hand
//! has a hundred drops or more, and listing each onto every square, then
//! judging each by the check rule, cost a sixth of level 5's time there.
//!
//! A drop of a piece that is not royal onto an empty square only fills
//! that square. It opens no line onto a royal piece, and makes one hold
//! only by filling a square a hop's line lacks a screen on: every other
//! such drop is legal by the check rule, unjudged. In check it must land
//! on the way of every line that holds (a drop anywhere else leaves the
//! check): only those squares are listed. The royal guard prepared on
//! the position says which ([`RoyalGuard::drop_squares`]); the squares a
//! kind may go to are the drop counter's
//! ([`ChessLike::empty_drop_squares`]). The list is
//! [`ChessLike::drop_acts`] after the check test, in its order.
//!
//! [`RoyalGuard::drop_squares`]: crate::rules::royal_guard::RoyalGuard::drop_squares

use super::Rebels;
use super::movegen::Scratch;
use super::position::{Act, ChessLike};
use crate::rules::Action;

impl ChessLike {
    /// True when the side's drops are listed by sets
    /// ([`ChessLike::legal_drops_into`]): a game with drops, none of them
    /// onto pawns, without mobility regions or rebel moves.
    pub(super) fn drops_by_sets(&self) -> bool {
        self.rules
            .drops
            .as_ref()
            .is_some_and(|d| d.onto_own_pawn.is_none())
            && !self.rules.spec.has_regions()
            && self.rules.rebels == Rebels::No
    }

    /// Adds to `out` the side's legal drops where
    /// [`ChessLike::drops_by_sets`], by the guard prepared on this
    /// position and `scratch.board` a copy of its board (as
    /// [`ChessLike::retain_allowed`] leaves them). A royal kind's drops,
    /// and every drop where the guard has no lines, are listed one by one
    /// and judged.
    pub(super) fn legal_drops_into(&self, out: &mut Vec<Act>, scratch: &mut Scratch) {
        let Some(drops) = &self.rules.drops else {
            return;
        };
        let Scratch {
            board,
            guard,
            rebel_steps,
            ..
        } = scratch;
        let guarded = guard.drop_squares();
        let side = self.side as usize;
        let hand = self.reserves[side];
        let in_hand: u32 = hand.iter().map(|&n| u32::from(n)).sum();
        let own_legality = self.rules.own_legality;
        for (kind, &n) in hand.iter().enumerate().filter(|&(_, &n)| n > 0) {
            let kind = kind as u8;
            let squares = match guarded {
                Some(squares) if !self.board.is_royal_kind(kind) => squares,
                _ => {
                    let start = out.len();
                    self.drops_of_kind_into(drops, kind, n, in_hand, None, out);
                    for act in out.split_off(start) {
                        if self.act_allowed(guard, board, rebel_steps, &act) {
                            out.push(act);
                        }
                    }
                    continue;
                }
            };
            let mut onto = self.empty_drop_squares(drops, kind);
            if let Some(only) = &squares.only {
                onto = onto.intersection(only);
            }
            for to in onto.iter() {
                let act = Act::plain(
                    Action::Drop {
                        kind,
                        to,
                        relocate: None,
                    },
                    false,
                );
                let legal = match squares.risky.contains(to) {
                    true => self.act_allowed(guard, board, rebel_steps, &act),
                    false => !own_legality || self.rules.hooks.forbids(self, &act).is_none(),
                };
                if legal {
                    out.push(act);
                }
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::movegen::Scratch;
    use super::*;
    use crate::rules::defined::read_operator_file;
    use crate::rules::registry::VARIANTS;
    use crate::rules::{Position, Variant};

    /// Calls `at` in each position along lines of play in every drop game
    /// of the library whose drops are listed by sets and in those
    /// `sections` define (Fairy-Stockfish's format), `lines` lines a
    /// game of at most `plies` turns: taking whenever they can, three
    /// times in four, so that hands fill. `at` gives the position's legal
    /// actions (a line ends where there are none). The number of games.
    pub(in super::super) fn along_drop_games(
        sections: &str,
        lines: usize,
        plies: usize,
        mut at: impl FnMut(&ChessLike, &mut Scratch) -> Vec<Act>,
    ) -> usize {
        let defined = read_operator_file(sections);
        assert!(defined.refused().is_empty(), "{:?}", defined.refused());
        let starts: Vec<Box<dyn Position>> = VARIANTS
            .iter()
            .filter_map(|v| v.start(&[]).ok())
            .chain(defined.games().iter().map(|g| g.start(&[]).unwrap()))
            .collect();
        let mut games = 0;
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for start in &starts {
            let any: &dyn std::any::Any = start.as_ref();
            let Some(start) = any.downcast_ref::<ChessLike>() else {
                continue;
            };
            if !start.drops_by_sets() {
                continue;
            }
            games += 1;
            for _line in 0..lines {
                let mut pos = start.clone();
                let mut scratch = Scratch::new(&pos.board);
                for _ply in 0..plies {
                    let legal = at(&pos, &mut scratch);
                    if legal.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let takes: Vec<Act> = legal.iter().filter(|a| a.capture).copied().collect();
                    let from = if takes.is_empty() || seed.is_multiple_of(4) {
                        &legal
                    } else {
                        &takes
                    };
                    pos.play_in_place(&[from[(seed >> 8) as usize % from.len()]]);
                }
            }
        }
        games
    }

    /// Drop games the library lacks: a grasshopper in hand (a drop may
    /// make its screen, and so a check), drop regions with no doubled
    /// pawns, and every piece in hand, the kings too (a king is dropped
    /// and judged one by one).
    const SECTIONS: &str = "\
[hopperhouse:crazyhouse]
customPiece1 = g:gQ
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[GGgg] w KQkq - 0 1
[regionhouse:crazyhouse]
whiteDropRegion = *1 *2 *3 *4 *5
blackDropRegion = *4 *5 *6 *7 *8
dropNoDoubled = p
[kinghouse:crazyhouse]
startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1
";

    /// The drops a position lists are those [`ChessLike::drop_acts`]
    /// lists that leave no royal piece attacked on the board after them
    /// (and that the game's own legality allows), in the same order;
    /// the legal list back.
    fn agrees(pos: &ChessLike, scratch: &mut Scratch) -> Vec<Act> {
        let mut out = Vec::new();
        pos.legal_acts_into(&mut out, scratch);
        let listed: Vec<Act> = out
            .iter()
            .filter(|a| matches!(a.action, Action::Drop { .. }))
            .copied()
            .collect();
        let judged: Vec<Act> = pos
            .drop_acts()
            .into_iter()
            .filter(|a| {
                pos.is_safe(std::slice::from_ref(a))
                    && (!pos.rules.own_legality || pos.rules.hooks.forbids(pos, a).is_none())
            })
            .collect();
        assert_eq!(listed, judged, "{}", super::super::to_fen(pos));
        out
    }

    /// In check, out of it, with a grasshopper's screen to fill, with a
    /// king in hand.
    #[test]
    fn the_drops_listed_by_sets_are_the_drops_judged_one_by_one() {
        let (mut in_check, mut with_drops, mut king_in_hand) = (0, 0, 0);
        let games = along_drop_games(SECTIONS, 6, 120, |pos, scratch| {
            let legal = agrees(pos, scratch);
            let dropped = legal
                .iter()
                .any(|a| matches!(a.action, Action::Drop { .. }));
            with_drops += usize::from(dropped);
            in_check += usize::from(dropped && pos.in_check());
            let hand = &pos.reserves[usize::from(pos.side)];
            king_in_hand += usize::from(
                (0..hand.len()).any(|k| hand[k] > 0 && pos.board.is_royal_kind(k as u8)),
            );
            legal
        });
        assert!(games >= 5, "{games} games");
        assert!(with_drops > 500, "{with_drops} positions with drops");
        assert!(in_check > 50, "{in_check} of them in check");
        assert!(king_in_hand > 0, "{king_in_hand} with a king in hand");
    }
}
