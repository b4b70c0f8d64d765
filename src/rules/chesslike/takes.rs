//! The legal actions that take a piece or promote, listed without the
//! rest: what a search's capture search looks at below its horizon. In
//! a drop game most of a position's legal turns are drops, each checked
//! for the royal piece's safety, and the capture search throws them all
//! away; on 10x8 or with drops the core generator lists every quiet move
//! too. Here only the moves that take or promote are checked.
//!
//! Not where a turn is more than its action or where the game's own
//! legality may forbid one action because of another (a capture that
//! must be made: the takes alone would hide whether a quiet turn is
//! legal), nor for a side in check (its ways out are few, and a search
//! must see that there are none).

use super::Rebels;
use super::movegen::Scratch;
use super::position::{Act, ChessLike};
use crate::rules::Action;

impl ChessLike {
    /// The legal actions that take a piece or promote into `out`
    /// (cleared first), as [`ChessLike::legal_acts`] lists them, where
    /// they can be listed apart (see the module comment; `in_check`
    /// says whether the side to move is, as the caller knows). False
    /// (and `out` cleared) where not.
    pub(super) fn take_acts_into(
        &self,
        out: &mut Vec<Act>,
        scratch: &mut Scratch,
        in_check: bool,
    ) -> bool {
        out.clear();
        let hooks = self.rules.hooks;
        if self.rules.own_legality
            || self.rules.rebels != Rebels::No
            || hooks.walling().is_some()
            || hooks.gating().is_some()
            || in_check
        {
            return false;
        }
        self.pseudo_moves_into(out);
        out.retain(takes);
        self.retain_allowed(out, scratch);
        true
    }
}

/// True for an action that takes a piece (en passant included) or
/// promotes one.
fn takes(act: &Act) -> bool {
    act.capture
        || matches!(
            act.action,
            Action::Move {
                promotion: Some(_),
                ..
            }
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::registry::VARIANTS;

    /// In every two-seat chess-like game of the library, along a line of
    /// play that takes whenever it can (so that hands fill and pieces
    /// promote), the takes listed apart are exactly the legal actions
    /// that take or promote, wherever they can be listed apart; and they
    /// can in the drop games and on 10x8 boards, where it pays.
    #[test]
    fn the_takes_listed_apart_are_the_legal_takes() {
        let mut apart = Vec::new();
        for variant in VARIANTS.iter() {
            let Ok(start) = variant.start(&[]) else {
                continue;
            };
            let any: &dyn std::any::Any = start.as_ref();
            let Some(start) = any.downcast_ref::<ChessLike>() else {
                continue;
            };
            let mut pos = start.clone();
            let mut scratch = Scratch::new(&pos.board);
            let mut listed = Vec::new();
            let mut listed_apart = 0;
            for ply in 0..80usize {
                let legal = pos.legal_acts();
                if legal.is_empty() || pos.side > 1 {
                    break;
                }
                if pos.take_acts_into(&mut listed, &mut scratch, pos.in_check()) {
                    listed_apart += 1;
                    let mut expected: Vec<_> = legal.iter().filter(|a| takes(a)).copied().collect();
                    let key = |a: &Act| format!("{:?}", a);
                    expected.sort_by_key(key);
                    listed.sort_by_key(key);
                    assert_eq!(listed, expected, "{} at ply {ply}", variant.name());
                } else {
                    assert!(listed.is_empty());
                }
                let taking: Vec<_> = legal.iter().filter(|a| takes(a)).collect();
                let act = match taking.is_empty() {
                    true => legal[(ply * 7 + 3) % legal.len()],
                    false => *taking[ply % taking.len()],
                };
                pos.play_in_place(std::slice::from_ref(&act));
            }
            if listed_apart > 0 {
                apart.push(variant.name().to_string());
            }
        }
        for game in ["crazyhouse", "chessgi", "centaur", "chess"] {
            assert!(
                apart.iter().any(|g| g == game),
                "{game} lists its takes apart"
            );
        }
    }
}
