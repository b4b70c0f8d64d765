//! One move within a turn (a "step"): the legal steps a die allows, and
//! playing one. The rules special to Orwell live here, on top of the core's
//! pseudo-legal targets: dice decide the kinds, royals never take royals,
//! captures alternate between the opponents, Minipax promotion, Perpetual
//! Power, and the two ways to win, checked after every single step.

use crate::rules::board::Piece;
use crate::rules::geometry::Square;
use crate::rules::notation::{Candidate, canonical};
use crate::rules::{Action, Ending, Outcome};

use super::pieces::{self, MAHARAJA, PAWN, PROMOTIONS, SEATS};
use super::position::OrwellPosition;

/// One move of one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub from: Square,
    pub to: Square,
    pub capture: bool,
    /// The kind the piece becomes: a Minipax promotion, or the Maharaja of
    /// Perpetual Power.
    pub becomes: Option<u8>,
}

impl Step {
    /// The step as a turn's action (`becomes` is its promotion).
    pub fn action(self) -> Action {
        Action::Move {
            from: self.from,
            to: self.to,
            promotion: self.becomes,
        }
    }
}

/// Why a capture is refused even though the piece reaches its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureBar {
    /// A Raja or Maharaja never captures a Raja or Maharaja.
    RoyalTakesRoyal,
    /// The victim's owner was also the mover's last victim.
    Alliance,
}

impl OrwellPosition {
    /// Why the mover may not capture the piece on `to` with the piece on
    /// `from`, if it may not.
    pub(super) fn capture_bar(&self, from: Square, to: Square) -> Option<CaptureBar> {
        let (attacker, victim) = (self.board.get(from)?, self.board.get(to)?);
        if pieces::is_royal(victim.kind) {
            return pieces::is_royal(attacker.kind).then_some(CaptureBar::RoyalTakesRoyal);
        }
        (self.last_victim[attacker.owner as usize] == Some(victim.owner))
            .then_some(CaptureBar::Alliance)
    }

    /// Every legal step of the mover for one die.
    pub fn steps_for_die(&self, die: u8) -> Vec<Step> {
        let mut out = Vec::new();
        self.each_step(die, |s| {
            out.push(s);
            false
        });
        out
    }

    /// Calls `f` with each legal step of the mover for one die, in the
    /// order of [`OrwellPosition::steps_for_die`], until it returns true;
    /// returns whether it did.
    pub(super) fn each_step(&self, die: u8, f: impl FnMut(Step) -> bool) -> bool {
        self.each_step_of(pieces::kinds_for_die(die), f)
    }

    /// [`OrwellPosition::each_step`] for the pieces of `kinds`.
    pub(super) fn each_step_of(&self, kinds: &[u8], mut f: impl FnMut(Step) -> bool) -> bool {
        for (from, piece) in self.board.pieces_of(self.mover) {
            if !kinds.contains(&piece.kind) {
                continue;
            }
            let mut stop = false;
            self.board.each_quiet(from, |to| {
                stop = stop || self.with_promotions(piece, from, to, false, &mut f);
            });
            self.board.each_capture(from, |to| {
                stop = stop
                    || (self.capture_bar(from, to).is_none()
                        && self.with_promotions(piece, from, to, true, &mut f));
            });
            if stop {
                return true;
            }
        }
        false
    }

    /// True when some piece can use this die.
    pub fn die_usable(&self, die: u8) -> bool {
        self.each_step(die, |_| true)
    }

    /// Offers the step `from`-`to` of `piece` to `f`, once per kind it may
    /// become; returns true as soon as `f` does.
    fn with_promotions(
        &self,
        piece: Piece,
        from: Square,
        to: Square,
        capture: bool,
        f: &mut impl FnMut(Step) -> bool,
    ) -> bool {
        let step = |becomes| Step {
            from,
            to,
            capture,
            becomes,
        };
        let takes_royal = capture && self.board.get(to).is_some_and(|v| pieces::is_royal(v.kind));
        if takes_royal {
            f(step(Some(MAHARAJA)))
        } else if piece.kind == PAWN && pieces::is_minipax(to) {
            PROMOTIONS.iter().any(|&k| f(step(Some(k))))
        } else {
            f(step(None))
        }
    }

    /// Plays one step (legal for the mover) without passing the turn on:
    /// captures, promotion, Perpetual Power, and the end of the game.
    pub fn apply_step(&self, step: Step) -> OrwellPosition {
        let mut next = self.clone();
        let mut piece = next.board.get(step.from).expect("a moving piece");
        if let Some(kind) = step.becomes {
            // Only a pawn has a facing; every other piece is stored facing up.
            piece.kind = kind;
            piece.facing = 1;
        }
        next.board.set(step.from, None);
        let victim = next.board.get(step.to);
        next.board.set(step.to, Some(piece));
        if let Some(victim) = victim {
            next.last_victim[piece.owner as usize] = Some(victim.owner);
            next.outcome = next.winner_after_capture(piece.owner, victim.owner);
        }
        next
    }

    /// A win made by `capturer` taking a piece of `victim`: all three
    /// royals in one hand, or the victim left with a single piece.
    pub(super) fn winner_after_capture(&self, capturer: u8, victim: u8) -> Option<Outcome> {
        let seats = SEATS.len();
        if self.royals(capturer) == seats {
            let why = Ending::AllRoyals {
                holder: capturer as usize,
                name: SEATS[capturer as usize],
                royals: self.royals(capturer) as u8,
            };
            return Some(Outcome::win(capturer as usize, seats, why));
        }
        if self.count(victim) == 1 {
            let why = Ending::LastPiece {
                loser: victim as usize,
                name: SEATS[victim as usize],
            };
            return Some(Outcome::win(capturer as usize, seats, why));
        }
        None
    }

    /// The step an action of the mover is on this board.
    pub fn step_of(&self, action: Action) -> Option<Step> {
        match action {
            Action::Move {
                from,
                to,
                promotion,
            } => Some(Step {
                from,
                to,
                capture: self.board.get(to).is_some(),
                becomes: promotion,
            }),
            _ => None,
        }
    }

    /// The step in canonical notation: `Gg6xf9`, `d5xd6=M`, `b3-c4`.
    pub fn step_text(&self, step: Step) -> String {
        canonical(pieces::geometry(), &self.candidate(step))
    }

    /// The step as the core's notation sees it.
    pub(super) fn candidate(&self, step: Step) -> Candidate {
        let piece = self.board.get(step.from).expect("a moving piece");
        Candidate {
            action: step.action(),
            kind: self.board.kind(piece),
            capture: step.capture,
            promotion: step.becomes.map(|k| pieces::letter(k, 1)),
            castle: None,
        }
    }
}
