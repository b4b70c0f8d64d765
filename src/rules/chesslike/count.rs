//! The legal actions of a position counted without listing them: what a
//! perft needs at its last ply, as the chess backend counts its own. A
//! list costs a pushed action and a check test per move; here, when the
//! side is not in check, the moves of a piece that is neither royal nor
//! possibly pinned (see [`RoyalGuard::open_lines`]), pawns included, are
//! counted (where no move could fill a screen, without a walk: a pawn
//! from its squares, `pawn_table.rs`, another piece from its masks,
//! `piece_table.rs`; else as its walk finds them), and only the others
//! (royal and pinned pieces, moves that fill a screen, promotions to a
//! royal kind, rebel moves, castlings) are listed and tested one by one,
//! exactly as [`ChessLike::legal_acts`] tests them. Drops are counted by
//! sets of squares (`count_drops.rs`) where the game's own legality says
//! at once that it allows them ([`Hooks::quiet_moves_forbidden`]), which
//! also spares asking it about each counted move. In Squirm games a free
//! piece's move is counted so only when, lifted off where it lands, it
//! would still expose nothing (no squirm of it can then give check); the
//! search counts a Squirm turn's follow-ups after each squirm the same
//! way. On a board of at most 64 squares `count_narrow.rs` answers first
//! where it can, every set one word.
//!
//! [`RoyalGuard::open_lines`]: crate::rules::royal_guard::RoyalGuard::open_lines
//! [`Hooks::quiet_moves_forbidden`]: super::Hooks::quiet_moves_forbidden

use super::Rebels;
use super::movegen::Scratch;
use super::piece_table::{self, PieceMasks};
use super::position::{Act, ChessLike, Special};
use crate::rules::Action;
use crate::rules::reach::SquareSet;

impl ChessLike {
    /// True when a pawn kind of the game promotes with a choice
    /// ([`super::pawns::PromotionChoice`]), which the tables do not count.
    #[inline]
    pub(super) fn promotes_by_choice(&self) -> bool {
        self.rules.pawns.iter().any(|p| p.choice.is_some())
    }

    /// How many legal single actions the position has (the length of
    /// [`ChessLike::legal_acts`]), or `None` where only the list can say:
    /// a game with its own generator, a check, or ways the tables do not
    /// hold. (Squirm's turns of two actions: the search counts each part.) The legal en passant
    /// captures (what the repetition key reads) are put in `en_passant`.
    pub(super) fn count_legal_acts(
        &self,
        scratch: &mut Scratch,
        en_passant: &mut Vec<Act>,
    ) -> Option<u64> {
        en_passant.clear();
        // Initial moves (Ouk Chatrang's) and promotions with a choice
        // (Grand chess's) are listed.
        // So are the moves of a game with mobility regions, which the
        // tables do not hold.
        if self.rules.backend.is_some()
            || self.initial_rights() != 0
            || self.promotes_by_choice()
            || self.rules.spec.has_regions()
        {
            return None;
        }
        if let Some(count) = self.rules.hooks.count_acts(self, en_passant) {
            return Some(count);
        }
        if let Some(count) = self.count_narrow(scratch, en_passant) {
            return Some(count);
        }
        en_passant.clear();
        let Scratch {
            board,
            guard,
            rebel_steps,
            pawn_table,
            piece_table,
            follow: others,
            ..
        } = scratch;
        let sources = self.board.spec().reach().check_sources();
        guard.prepare_within(&self.board, self.side, 2, Some(sources));
        let (pinned, screening) = guard.open_lines()?;
        // Squirm games: what a move must keep clear of to be safe with the
        // piece lifted again (see `RoyalGuard::safe_without_lander`).
        let squirms = self.rules.rebels == Rebels::SquirmFirst;
        let near = guard.near_lines();
        let no_screens = screening.is_empty();
        let occupied = *self.board.occupancy();
        let theirs = occupied.without(self.board.owned(self.side)?);
        let up = super::pawns::facing(self.side);
        let narrow = self.board.geometry().len() <= 64;
        // Squirm games: the squares a counted move must not go to (see
        // `exposes` below).
        let mut exposing = SquareSet::default();
        if squirms {
            exposing.add(&pinned);
            exposing.add(&near);
        }
        board.copy_from(&self.board);
        others.clear();
        let hooks = self.rules.hooks;
        // The game's own legality for every action at once where the hook
        // can say (see `Hooks::quiet_moves_forbidden`); `None`: per action.
        let by_sort = match self.rules.own_legality {
            true => hooks.quiet_moves_forbidden(self),
            false => Some(false),
        };
        let mut count = 0;
        let pawns: u64 = self.rules.pawns.iter().fold(0, |m, r| m | 1 << r.kind);
        for (from, p) in self.board.pieces_of(self.side) {
            let free = !pinned.contains(from) && !self.board.is_royal_kind(p.kind);
            // Squirm games: lifted off where it lands, the piece would
            // expose nothing (where it lands, `exposing` says).
            let lifted_safe = !squirms || !near.contains(from);
            // A free pawn's moves counted from its squares: its captures
            // are legal (but of a royal piece), its steps too where none
            // fills a screen, unless the game forbids them.
            if free
                && lifted_safe
                && no_screens
                && p.facing == up
                && pawns & (1 << p.kind) != 0
                && let Some(quiet_forbidden) = by_sort
                && let Some(index) = self.rules.pawns.iter().position(|r| r.kind == p.kind)
                && let rule = &self.rules.pawns[index]
                && !rule.promotions[usize::from(self.side)]
                    .iter()
                    .any(|&k| self.board.is_royal_kind(k))
                && let Some(squares) = pawn_table.get(
                    &self.board,
                    (index, self.rules.pawns.len()),
                    rule,
                    self.side,
                    from,
                )
                && !(squirms
                    && (squares.steps().flatten().any(|&s| exposing.contains(s))
                        || !squares
                            .captures
                            .intersection(&theirs)
                            .intersection(&exposing)
                            .is_empty()))
            {
                let promotions = rule.promotions[usize::from(self.side)].len() as u64;
                let ways = |to| match squares.promotion.contains(to) {
                    true => promotions,
                    false => 1,
                };
                if !quiet_forbidden {
                    for ray in squares.steps() {
                        for &to in ray {
                            if occupied.contains(to) {
                                break;
                            }
                            count += ways(to);
                        }
                    }
                }
                let captures = squares.captures.intersection(&theirs);
                if !captures.is_empty() {
                    for to in captures.iter() {
                        if !self.is_royal(to) {
                            count += ways(to);
                        }
                    }
                }
                continue;
            }
            // A free piece's moves counted from its masks: the same
            // judgement.
            if free
                && lifted_safe
                && no_screens
                && pawns & (1 << p.kind) == 0
                && let Some(quiet_forbidden) = by_sort
                && let Some(n) = match narrow {
                    true => piece_table
                        .narrow
                        .get(&self.board, p.kind, p.facing, from)
                        .and_then(|m| {
                            let sets = [occupied, theirs, exposing].map(|s| s.low_bits());
                            self.count_reached(m, sets)
                        }),
                    false => piece_table
                        .wide
                        .get(&self.board, p.kind, p.facing, from)
                        .and_then(|m| self.count_reached(m, [occupied, theirs, exposing])),
                }
            {
                let (quiet, captures) = n;
                count += captures;
                if !quiet_forbidden {
                    count += u64::from(quiet);
                }
                continue;
            }
            // A move of a free piece is legal unless it fills a screen
            // (a capture fills no empty square) or makes a royal piece.
            let mut judge = |act: Act, to| {
                let makes_royal = match act.action {
                    Action::Move {
                        promotion: Some(k), ..
                    } => self.board.is_royal_kind(k),
                    _ => false,
                };
                let exposes =
                    squirms && (near.contains(from) || pinned.contains(to) || near.contains(to));
                if !free || makes_royal || exposes || (!act.capture && screening.contains(to)) {
                    others.push(act);
                } else if match by_sort {
                    Some(quiet_forbidden) => act.capture || !quiet_forbidden,
                    None => hooks.forbids(self, &act).is_none(),
                } {
                    count += 1;
                }
            };
            if pawns & (1 << p.kind) != 0
                && let Some(rule) = self.rules.pawn(p.kind)
            {
                self.each_pawn_act(rule, from, |act| {
                    let to = act.action.to().expect("a pawn moves to a square");
                    judge(act, to)
                });
                continue;
            }
            self.board.each_quiet_then_capture(from, |to, capture| {
                if capture && self.is_royal(to) {
                    return;
                }
                judge(Act::plain(Action::step(from, to), capture), to);
            });
        }
        self.en_passant_acts_into(others);
        if self.rules.drops.is_some() {
            // Drops that fill no screen are legal unless squirmed away,
            // and the hook allows them where it answers by sort.
            if !squirms && by_sort.is_some() {
                count += self.count_drops(&screening, others);
            } else {
                self.drop_acts_into(others);
            }
        }
        if self.rules.rebels == Rebels::InsteadOfMove {
            self.rebel_acts_into(None, others, rebel_steps);
        }
        for act in others.iter() {
            if self.act_allowed(guard, board, rebel_steps, act) {
                count += 1;
                if matches!(act.special, Special::EnPassant { .. }) {
                    en_passant.push(*act);
                }
            }
        }
        self.each_legal_castling(board, |_| count += 1);
        Some(count)
    }
}

impl ChessLike {
    /// The quiet moves and the captures (not of a royal piece) of a piece
    /// with the masks `masks`, given the occupied squares, those of the
    /// other seat and those a counted move must not go to; `None` where
    /// one goes there.
    #[inline]
    fn count_reached<B: piece_table::Bits>(
        &self,
        masks: &PieceMasks<B>,
        [occupied, theirs, exposing]: [B; 3],
    ) -> Option<(u32, u64)> {
        let (empty, reached) = masks.reached(occupied);
        let captured = reached.and(theirs);
        if !empty.or(captured).and(exposing).is_empty() {
            return None;
        }
        let mut captures = 0;
        captured.each(|to| {
            if !self.is_royal(to) {
                captures += 1;
            }
        });
        Some((empty.len(), captures))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chesslike::{Rules, from_fen};
    use crate::rules::{bochess, orphic, orthodia, rebellion};

    /// Along pseudo-random games of every game on the core without its
    /// own generator, in check or not, with pins, screens, drops and rebel
    /// moves: wherever the count answers, it is the length of the list.
    #[test]
    fn the_count_is_the_length_of_the_list() {
        let games: [(&'static Rules, &str); 7] = [
            (&bochess::RULES, bochess::START),
            (&orthodia::RULES, orthodia::START),
            (
                &orthodia::SIMPLE_RULES,
                "rgb1kbgr/wppppppw/8/8/8/8/WPPPPPPW/RGB1KBGR w - - 0 1",
            ),
            (&orphic::RULES, orphic::START),
            (&rebellion::REBELLION, rebellion::START),
            (&rebellion::REBELLION_BEROLINA, rebellion::START),
            (&rebellion::SQUIRM, rebellion::START),
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let (mut counted, mut checks, mut squirmed) = (0, 0, 0);
        for (rules, start) in games {
            for _game in 0..12 {
                let mut pos = from_fen(rules, start).unwrap();
                let mut scratch = Scratch::new(&pos.board);
                for _ply in 0..60 {
                    // Squirm games: the count after each squirm too.
                    for squirm in pos.squirm_acts() {
                        let mid = pos.after_squirm(&squirm);
                        let list = mid.core_legal_acts();
                        if let Some(count) = mid.count_legal_acts(&mut scratch, &mut Vec::new()) {
                            let fen = super::super::to_fen(&mid);
                            assert_eq!(count as usize, list.len(), "{fen} after {squirm:?}");
                            squirmed += 1;
                        }
                    }
                    let list = pos.core_legal_acts();
                    let mut ep = Vec::new();
                    if let Some(count) = pos.count_legal_acts(&mut scratch, &mut ep) {
                        let fen = super::super::to_fen(&pos);
                        assert_eq!(count as usize, list.len(), "{fen}");
                        let listed = list.iter().filter(|a| ep.contains(a)).count();
                        assert_eq!(listed, ep.len(), "{fen}");
                        assert_eq!(
                            pos.en_passant_acts()
                                .iter()
                                .filter(|a| list.contains(a))
                                .count(),
                            ep.len(),
                            "{fen}"
                        );
                        counted += 1;
                    }
                    checks += usize::from(pos.in_check());
                    if list.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let act = list[(seed % list.len() as u64) as usize];
                    pos.play_in_place(&[act]);
                }
            }
        }
        assert!(
            counted > 1000 && checks > 10 && squirmed > 100,
            "{counted} counted, {checks} checks, {squirmed} after squirms"
        );
    }
}
