//! The legal actions and turns of a chess-like position: the movement data
//! of every piece, the pawn rules, en passant, castling, drops and rebel
//! moves, then the check filter (after any action: one's own move, a move
//! of an enemy piece, a drop) and the game's own legality hook.

use super::check_ways::CheckWays;
use super::count_narrow::Lines;
use super::pawn_table::PawnTable;
use super::pawns::{each_passed_over, facing};
use super::piece_table::PieceTable;
use super::position::{Act, ChessLike, Special, touched};
use super::{Drops, PawnRule, Rebels};
use crate::rules::Action;
use crate::rules::board::{Board, Piece};
use crate::rules::castling::CastlingRule;
use crate::rules::geometry::Square;
use crate::rules::movement::{Mode, targets};
use crate::rules::reach::Use;
use crate::rules::royal_guard::RoyalGuard;

/// The squares a rebel move may go to, from the piece owner's side: the
/// three ahead and the two beside.
pub(super) const REBEL_STEPS: [(i8, i8); 5] = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0)];

/// The squares of one piece's rebel moves (at most one per rebel step).
#[derive(Clone, Copy, Default)]
struct RebelSquares {
    squares: [Square; REBEL_STEPS.len()],
    len: usize,
}

impl RebelSquares {
    fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares[..self.len].iter().copied()
    }
}

/// The working space of the legal-action filter, kept between positions
/// so that a search allocates nothing per position.
pub(super) struct Scratch {
    /// A copy of the position's board to play each action on.
    pub(super) board: Board,
    pub(super) guard: RoyalGuard,
    pub(super) rebel_steps: RebelSteps,
    /// The pawns' squares and the pieces' masks, for counting their
    /// moves.
    pub(super) pawn_table: PawnTable,
    pub(super) piece_table: PieceTable,
    /// The check ways as words, for counting on boards of at most 64
    /// squares.
    pub(super) check_ways: CheckWays,
    /// The lines onto the royal piece found there.
    pub(super) narrow_lines: Lines,
    /// Lists a search fills per position (the squirms, their follow-ups).
    pub(super) squirms: Vec<Act>,
    pub(super) follow: Vec<Act>,
}

impl Scratch {
    /// Working space for positions on `board`'s geometry.
    pub(super) fn new(board: &Board) -> Self {
        Scratch {
            board: board.clone(),
            guard: RoyalGuard::default(),
            rebel_steps: RebelSteps::default(),
            pawn_table: PawnTable::default(),
            piece_table: PieceTable::default(),
            check_ways: CheckWays::default(),
            narrow_lines: Lines::default(),
            squirms: Vec::new(),
            follow: Vec::new(),
        }
    }
}

/// What a squirm played in place changed.
pub(super) struct SquirmUndo {
    squares: [(Square, Option<Piece>); 4],
    touched: usize,
    rights: u8,
    en_passant: Option<(Square, Square)>,
}

/// The rebel squares of each (kind, facing, square) that exist and lie
/// outside the piece's own movement, found on first use: geometry alone.
#[derive(Default)]
pub(super) struct RebelSteps(Vec<Option<RebelSquares>>);

/// A castling as the king's move, the rook going too.
pub fn castle_act(rule: &CastlingRule) -> Act {
    Act {
        action: Action::step(rule.king_from, rule.king_to),
        capture: false,
        special: Special::Castle {
            rook_from: rule.rook_from,
            rook_to: rule.rook_to,
            long: rule.long,
        },
    }
}

impl ChessLike {
    /// Moves of the side's own pieces by their patterns and the pawn rules,
    /// en passant included, castling not, before the check test.
    pub fn pseudo_moves(&self) -> Vec<Act> {
        let mut out = Vec::with_capacity(128);
        self.pseudo_moves_into(&mut out);
        out
    }

    /// [`ChessLike::pseudo_moves`] added to `out`.
    pub fn pseudo_moves_into(&self, out: &mut Vec<Act>) {
        let pawns: u64 = self.rules.pawns.iter().fold(0, |m, r| m | 1 << r.kind);
        for (from, p) in self.board.pieces_of(self.side) {
            self.piece_moves_into(pawns, from, p, out);
        }
        self.en_passant_acts_into(out);
        if self.initial_rights() != 0 {
            self.initial_acts_into(None, out);
        }
    }

    /// [`ChessLike::pseudo_moves`] of the side's piece on `from` only, in
    /// the same order (its own moves, then its en passant): what a turn's
    /// text is read against, without the moves of every other piece.
    pub(super) fn pseudo_moves_from(&self, from: Square) -> Vec<Act> {
        if let Some(acts) = self
            .rules
            .backend
            .and_then(|fast| fast.pseudo_moves_from(self, from))
        {
            return acts;
        }
        self.core_pseudo_moves_from(from)
    }

    /// [`ChessLike::pseudo_moves_from`] as the core's own generator finds
    /// them (what a game's [`super::Backend`] must agree with).
    pub fn core_pseudo_moves_from(&self, from: Square) -> Vec<Act> {
        let mut out = Vec::new();
        let Some(p) = self.board.get(from).filter(|p| p.owner == self.side) else {
            return out;
        };
        let pawns: u64 = self.rules.pawns.iter().fold(0, |m, r| m | 1 << r.kind);
        self.piece_moves_into(pawns, from, p, &mut out);
        self.en_passant_acts_into(&mut out);
        out.retain(|a| a.action.from() == Some(from));
        if self.initial_rights() != 0 {
            self.initial_acts_into(Some(from), &mut out);
        }
        out
    }

    /// The moves of the piece `p` on `from` (`pawns`: the kinds that move
    /// by a pawn rule), en passant aside.
    fn piece_moves_into(&self, pawns: u64, from: Square, p: Piece, out: &mut Vec<Act>) {
        if pawns & (1 << p.kind) != 0
            && let Some(rule) = self.rules.pawn(p.kind)
        {
            self.pawn_moves(rule, from, out);
            return;
        }
        let plain = |to, capture| Act::plain(Action::step(from, to), capture);
        self.board.each_quiet_then_capture(from, |to, capture| {
            if !capture || !self.is_royal(to) {
                out.push(plain(to, capture));
            }
        });
    }

    pub(super) fn pawn_moves(&self, rule: &PawnRule, from: Square, out: &mut Vec<Act>) {
        self.each_pawn_act(rule, from, |act| out.push(act));
    }

    /// Calls `f` with each move of the pawn-like piece on `from` by its
    /// rule (steps, then captures; a promotion once per kind it may
    /// become), before the check test: what [`ChessLike::pawn_moves`]
    /// lists, for a caller that counts instead.
    #[inline]
    pub(super) fn each_pawn_act(&self, rule: &PawnRule, from: Square, mut f: impl FnMut(Act)) {
        let geo = self.board.geometry();
        let side = self.side;
        let mut push = |to: Square, capture: bool| {
            if rule.choice.is_some() && rule.promotes_on(geo, side, to) {
                let held = |k: u8| {
                    self.board
                        .pieces_of(side)
                        .filter(|(_, p)| p.kind == k)
                        .count()
                };
                rule.each_choice(geo, side, to, held, |promotion| {
                    let action = Action::Move {
                        from,
                        to,
                        promotion,
                    };
                    f(Act::plain(action, capture));
                });
            } else if rule.promotes_on(geo, side, to) {
                for &k in &rule.promotions[usize::from(side)] {
                    let action = Action::Move {
                        from,
                        to,
                        promotion: Some(k),
                    };
                    f(Act::plain(action, capture));
                }
            } else {
                f(Act::plain(Action::step(from, to), capture));
            }
        };
        let region = self.rules.spec.region(side, rule.kind).map(|r| r.squares);
        rule.each_step(
            geo,
            side,
            from,
            |s| self.board.get(s).is_none(),
            |to| {
                if region.is_none_or(|r| r.contains(to)) {
                    push(to, false)
                }
            },
        );
        self.board.each_capture(from, |to| {
            if !self.is_royal(to) {
                push(to, true);
            }
        });
    }

    /// True when a royal piece stands on `sq`. A king is never captured:
    /// in a game with check that could only arise where it stands on a
    /// capture line that gives no check (Orthodia's Bisroos captures along
    /// files and ranks but checks along diagonals), and there the king may
    /// stand.
    pub(super) fn is_royal(&self, sq: Square) -> bool {
        self.board
            .get(sq)
            .is_some_and(|p| self.board.is_royal_kind(p.kind))
    }

    /// The en passant captures open now: onto any square the last
    /// multi-step passed over, by a kind that may take it there, whose
    /// capture pattern reaches that square.
    pub fn en_passant_acts(&self) -> Vec<Act> {
        if let Some(acts) = self
            .rules
            .backend
            .and_then(|fast| fast.en_passant_acts(self))
        {
            return acts;
        }
        self.core_en_passant_acts()
    }

    /// [`ChessLike::en_passant_acts`] as the core's own generator finds
    /// them (what a game's [`super::Backend`] must agree with).
    pub fn core_en_passant_acts(&self) -> Vec<Act> {
        let mut out = Vec::new();
        self.en_passant_acts_into(&mut out);
        out
    }

    /// [`ChessLike::core_en_passant_acts`] added to `out`.
    pub(super) fn en_passant_acts_into(&self, out: &mut Vec<Act>) {
        let Some((ep_from, ep_to)) = self.en_passant else {
            return;
        };
        let Some(rule) = self
            .board
            .get(ep_to)
            .and_then(|victim| self.rules.pawn(victim.kind))
        else {
            return;
        };
        // The squares passed over, without allocating (a line of a board
        // of at most 256 squares is shorter than that).
        let mut over = [0 as Square; 256];
        let mut n = 0;
        each_passed_over(self.board.geometry(), ep_from, ep_to, |s| {
            over[n] = s;
            n += 1;
        });
        let passed = &over[..n];
        let takers: u64 = rule.taken_by.iter().fold(0, |m, &k| m | 1 << k);
        for (from, p) in self.board.pieces_of(self.side) {
            if takers & (1 << p.kind) == 0 {
                continue;
            }
            self.board.each_empty_in_capture_reach(from, passed, |to| {
                if passed.contains(&to) {
                    out.push(Act {
                        action: Action::step(from, to),
                        capture: true,
                        special: Special::EnPassant { taken: ep_to },
                    });
                }
            });
        }
    }

    /// The castlings allowed now (check included).
    pub fn castlings(&self) -> Vec<Act> {
        let mut acts = self.castlings_ignoring_check();
        // The rook leaving may open a line onto the king's new square.
        acts.retain(|a| self.is_safe(std::slice::from_ref(a)));
        acts
    }

    /// Whether `s` is attacked by the other side than `rule`'s, as far as
    /// castling cares: not at all when the castling king is no royal
    /// piece (Giveaway's king castles through attacked squares).
    fn castling_attacked(&self, rule: &CastlingRule, s: Square) -> bool {
        self.board.is_royal_kind(self.rules.castling_pieces.0)
            && self.board.attacked_by(s, 1 - rule.seat)
    }

    /// True when nothing stands in the way of a castling now (the check
    /// after it aside): [`ChessLike::castling_refusal`] without its words.
    fn castling_open(&self, rule: &CastlingRule) -> bool {
        let attacked = |s: Square| self.castling_attacked(rule, s);
        rule.obstacle(&self.board, self.unmoved(rule), &attacked)
            .is_none()
    }

    /// Why a castling is impossible now, or `None`.
    pub fn castling_refusal(&self, rule: &CastlingRule) -> Option<String> {
        let attacked = |s: Square| self.castling_attacked(rule, s);
        rule.refusal(&self.board, self.unmoved(rule), &attacked)
    }

    /// Drops from the side's reserve: onto every empty square (pawn-like
    /// kinds not onto a promotion rank), and where the game allows it onto
    /// one of the side's pawns, that pawn moving on within its ranks; with
    /// the game's limits on square colours, the royal piece's rank and
    /// relocations in check. Before the check test.
    pub fn drop_acts(&self) -> Vec<Act> {
        let mut out = Vec::new();
        self.drop_acts_into(&mut out);
        out
    }

    /// [`ChessLike::drop_acts`] added to `out`.
    pub(super) fn drop_acts_into(&self, out: &mut Vec<Act>) {
        let Some(drops) = &self.rules.drops else {
            return;
        };
        let side = self.side as usize;
        let hand = self.reserves[side];
        let in_hand: u32 = hand.iter().map(|&n| u32::from(n)).sum();
        if in_hand == 0 {
            return;
        }
        let relocations = match drops.onto_own_pawn {
            Some(_) if drops.no_relocation_in_check && self.in_check() => None,
            ranks => ranks.map(|r| r[side]),
        };
        for (kind, &n) in hand.iter().enumerate().filter(|&(_, &n)| n > 0) {
            self.drops_of_kind_into(drops, kind as u8, n, in_hand, relocations, out);
        }
    }

    /// The colours (bit 1 light, 2 dark) a drop of `kind` may go to now.
    pub(super) fn drop_colour_bits(&self, drops: &Drops, kind: u8) -> u8 {
        if drops.unlike_colours == Some(kind) {
            3 & !self.drop_colours[self.side as usize]
        } else {
            3
        }
    }

    /// The drops of `kind` (`n` of the `in_hand` pieces in the side's
    /// reserve) added to `out`, relocating a pawn within the ranks
    /// `relocations` where the game allows that now.
    pub(super) fn drops_of_kind_into(
        &self,
        drops: &Drops,
        kind: u8,
        n: u8,
        in_hand: u32,
        relocations: Option<(i8, i8)>,
        out: &mut Vec<Act>,
    ) {
        let geo = self.board.geometry();
        let side = self.side as usize;
        let pawn = self.rules.pawn(kind);
        let royal = self.rules.spec.kinds[kind as usize].royal;
        let rank_only = drops
            .royal_rank_until_last
            .filter(|_| royal && in_hand > u32::from(n))
            .map(|r| r[side]);
        let colours = self.drop_colour_bits(drops, kind);
        let barred = self.drop_barred(drops, kind);
        let region = self.rules.spec.region(self.side, kind).map(|r| r.squares);
        for to in geo.squares() {
            let rank = geo.coords(to).1;
            if rank_only.is_some_and(|r| r != rank)
                || colours & self.colour_bit(to) == 0
                || barred.is_some_and(|b| b.contains(to))
                || region.is_some_and(|r| !r.contains(to))
            {
                continue;
            }
            match self.board.get(to) {
                None => {
                    if pawn.is_some_and(|r| r.barred_rank(self.side, rank)) {
                        continue;
                    }
                    let action = Action::Drop {
                        kind,
                        to,
                        relocate: None,
                    };
                    out.push(Act::plain(action, false));
                }
                Some(p) if p.owner == self.side && self.rules.pawn(p.kind).is_some() => {
                    let Some((lo, hi)) = relocations else {
                        continue;
                    };
                    for r in geo.squares() {
                        let rank = geo.coords(r).1;
                        if r != to && self.board.get(r).is_none() && (lo..=hi).contains(&rank) {
                            let action = Action::Drop {
                                kind,
                                to,
                                relocate: Some(r),
                            };
                            out.push(Act::plain(action, false));
                        }
                    }
                }
                Some(_) => {}
            }
        }
    }

    /// True when `to` is in the movement of `piece` on `from` (its move or
    /// capture pattern, or a pawn's step), judged on an empty board: by
    /// geometry alone, ignoring occupancy (a hop, which needs a screen,
    /// reaches nothing there).
    pub(super) fn in_own_pattern(&self, piece: Piece, from: Square, to: Square) -> bool {
        let geo = self.board.geometry();
        let reach = self.rules.spec.reach();
        let in_pattern = |use_: Use| {
            reach
                .alone(piece.kind, use_, piece.facing, from)
                .map(|alone| alone.contains(to))
                .unwrap_or_else(|| {
                    let kind = self.board.kind(piece);
                    let mode = if use_ == Use::Move {
                        Mode::Move
                    } else {
                        Mode::Capture
                    };
                    let only_to = |s: Square| mode == Mode::Capture && s == to;
                    let pattern = kind.pattern(mode, geo.zone(from));
                    targets(geo, pattern, from, piece.facing, mode, &only_to).contains(&to)
                })
        };
        in_pattern(Use::Move)
            || in_pattern(Use::Capture)
            || self.rules.pawn(piece.kind).is_some_and(|rule| {
                rule.steps
                    .iter()
                    .any(|&(df, dr)| geo.offset(from, df, dr * piece.facing) == Some(to))
            })
    }

    /// The squares the piece `p` on `from` of `board` may be moved to by a
    /// rebel move: one square ahead or aside by its owner's forward, empty,
    /// outside the piece's own movement (those `steps` remembers, by
    /// geometry alone).
    fn rebel_squares(
        &self,
        board: &Board,
        from: Square,
        p: Piece,
        steps: &mut RebelSteps,
    ) -> RebelSquares {
        let geo = board.geometry();
        let at = (usize::from(p.kind) * 2 + usize::from(p.facing < 0)) * geo.len() + from as usize;
        if steps.0.len() <= at {
            steps
                .0
                .resize(self.rules.spec.kinds.len() * 2 * geo.len(), None);
        }
        let open = *steps.0[at].get_or_insert_with(|| {
            let mut open = RebelSquares::default();
            let up = facing(p.owner);
            for &(df, dr) in &REBEL_STEPS {
                if let Some(to) = geo.step(from, df, dr * up)
                    && !self.in_own_pattern(p, from, to)
                {
                    open.squares[open.len] = to;
                    open.len += 1;
                }
            }
            open
        });
        let mut out = RebelSquares::default();
        for to in open.iter().filter(|&to| board.get(to).is_none()) {
            out.squares[out.len] = to;
            out.len += 1;
        }
        out
    }

    /// Rebel moves of the enemy's pieces (of the one on `only`, if given):
    /// one square ahead or aside by the owner's forward, to an empty square
    /// outside the piece's own movement. Before the check test.
    pub fn rebel_acts(&self, only: Option<Square>) -> Vec<Act> {
        let mut out = Vec::new();
        self.rebel_acts_into(only, &mut out, &mut RebelSteps::default());
        out
    }

    /// [`ChessLike::rebel_acts`] added to `out`.
    pub(super) fn rebel_acts_into(
        &self,
        only: Option<Square>,
        out: &mut Vec<Act>,
        steps: &mut RebelSteps,
    ) {
        for (from, p) in self.board.pieces_of(1 - self.side) {
            if only.is_some_and(|s| s != from) {
                continue;
            }
            for to in self.rebel_squares(&self.board, from, p, steps).iter() {
                out.push(Act::plain(Action::Rebel { from, to }, false));
            }
        }
    }

    /// Squirm Chess: after the side's action `act` (played on `after`, the
    /// guard prepared on the board before it), the square the opponent
    /// could squirm the piece just moved to so as to check the side's
    /// king, if any. Such a move is illegal. Nothing squirms after
    /// castling, and a royal piece has no rebel move.
    pub(super) fn squirm_exposure(
        &self,
        guard: &RoyalGuard,
        after: &mut Board,
        act: &Act,
        steps: &mut RebelSteps,
    ) -> Option<Square> {
        if matches!(act.special, Special::Castle { .. }) {
            return None;
        }
        let to = match act.action {
            Action::Move { to, .. } | Action::Drop { to, .. } => to,
            Action::Rebel { .. } | Action::Wall { .. } | Action::Pass => return None,
        };
        let piece = after.get(to)?;
        if after.is_royal_kind(piece.kind) {
            return None;
        }
        // Only a line the piece shuts can open: try the squirms only when
        // taking it off the board would expose the king.
        after.set(to, None);
        let shuts_a_line = !guard.royals_safe(&self.board, after);
        after.set(to, Some(piece));
        if !shuts_a_line {
            return None;
        }
        let squares = self.rebel_squares(after, to, piece, steps);
        squares.iter().find(|&r| {
            after.shift(to, r);
            let exposed = !guard.royals_safe(&self.board, after);
            after.shift(r, to);
            exposed
        })
    }

    /// True when the side's royal pieces are safe after the actions.
    pub fn is_safe(&self, acts: &[Act]) -> bool {
        !Self::royal_attacked(&self.board_after(acts), self.side)
    }

    /// Squirm Chess: where the opponent could squirm the piece `act` moves
    /// so as to check the side's king (the move is then illegal), if
    /// anywhere. For refusals.
    pub fn squirm_check_after(&self, act: &Act) -> Option<Square> {
        if self.rules.rebels != Rebels::SquirmFirst {
            return None;
        }
        let guard = RoyalGuard::new(&self.board, self.side, 2);
        let mut after = self.board_after(std::slice::from_ref(act));
        self.squirm_exposure(&guard, &mut after, act, &mut RebelSteps::default())
    }

    /// Every legal single action (a whole turn in every game whose turns
    /// are one action), whether or not the game has ended.
    pub fn legal_acts(&self) -> Vec<Act> {
        match self.rules.backend {
            Some(fast) => fast.legal_acts(self),
            None => self.core_legal_acts(),
        }
    }

    /// Every legal single action as the core's own generator finds it
    /// (what a game's [`super::Backend`] must agree with).
    pub fn core_legal_acts(&self) -> Vec<Act> {
        let mut acts = Vec::with_capacity(128);
        self.core_legal_acts_into(&mut acts, &mut Scratch::new(&self.board));
        acts
    }

    /// [`ChessLike::legal_acts`] into `out` (cleared first), with the
    /// working space of `scratch` (a search keeps one per position).
    pub(super) fn legal_acts_into(&self, out: &mut Vec<Act>, scratch: &mut Scratch) {
        match self.rules.backend {
            Some(fast) => {
                out.clear();
                out.extend(fast.legal_acts(self));
            }
            None => self.core_legal_acts_into(out, scratch),
        }
    }

    /// [`ChessLike::core_legal_acts`] into `out` (cleared first).
    fn core_legal_acts_into(&self, out: &mut Vec<Act>, scratch: &mut Scratch) {
        out.clear();
        self.pseudo_moves_into(out);
        // Drops by sets where they can be (`list_drops.rs`), after the
        // moves are judged: the same list in the same order.
        let by_sets = self.drops_by_sets();
        if self.rules.drops.is_some() && !by_sets {
            self.drop_acts_into(out);
        }
        if self.rules.rebels == Rebels::InsteadOfMove {
            self.rebel_acts_into(None, out, &mut scratch.rebel_steps);
        }
        self.retain_allowed(out, scratch);
        if by_sets {
            self.legal_drops_into(out, scratch);
        }
        self.each_legal_castling(&mut scratch.board, |castle| out.push(castle));
    }

    /// Keeps in `out` the actions the generator found that are legal
    /// ([`ChessLike::act_allowed`]); `scratch.board` is left a copy of
    /// the position's board.
    pub(super) fn retain_allowed(&self, out: &mut Vec<Act>, scratch: &mut Scratch) {
        let Scratch {
            board,
            guard,
            rebel_steps,
            ..
        } = scratch;
        guard.prepare(&self.board, self.side, 2);
        board.copy_from(&self.board);
        out.retain(|a| self.act_allowed(guard, board, rebel_steps, a));
    }

    /// True when the action `a` (one the generator found, not a castling)
    /// is legal: the side's royal pieces safe after it (`guard` prepared
    /// on this position, `board` a copy of its board, given back as it
    /// was) and the game's own legality allowing it.
    #[inline]
    pub(super) fn act_allowed(
        &self,
        guard: &RoyalGuard,
        board: &mut Board,
        rebel_steps: &mut RebelSteps,
        a: &Act,
    ) -> bool {
        let squirms = self.rules.rebels == Rebels::SquirmFirst;
        let taken = match a.special {
            Special::EnPassant { taken } => Some(taken),
            _ => None,
        };
        // In Squirm games a move is judged by its lines alone when the
        // piece that moved, lifted, would expose nothing.
        // The guard's lines know no mobility regions (a region takes
        // attacks away): such a game asks the board after the action.
        let lines = match self.rules.spec.has_regions() {
            true => None,
            false => guard.safe_by_lines(&self.board, &a.action, taken),
        };
        let quick = match lines {
            Some(true) if squirms => guard
                .safe_without_lander(&self.board, &a.action, taken)
                .filter(|&lifted| lifted),
            quick => quick,
        };
        let safe = quick.unwrap_or_else(|| {
            Self::make(board, a, self.side);
            let safe = match self.rules.spec.has_regions() {
                true => !Self::royal_attacked(board, self.side),
                false => guard.safe_after_action(&self.board, board, &a.action, taken),
            } && !(squirms
                && self.squirm_exposure(guard, board, a, rebel_steps).is_some());
            Self::unmake(board, a, &self.board);
            safe
        });
        safe && (!self.rules.own_legality || self.rules.hooks.forbids(self, a).is_none())
    }

    /// Calls `f` with each legal castling of the side (`board` a copy of
    /// the position's board, given back as it was).
    pub(super) fn each_legal_castling(&self, board: &mut Board, mut f: impl FnMut(Act)) {
        let hooks = self.rules.hooks;
        // Castling is a king move: nothing squirms after it.
        for rule in &self.rules.castlings {
            if rule.seat != self.side || !self.castling_open(rule) {
                continue;
            }
            let castle = castle_act(rule);
            // The rook leaving may open a line onto the king's new square.
            Self::make(board, &castle, self.side);
            let safe = !Self::royal_attacked(board, self.side);
            Self::unmake(board, &castle, &self.board);
            if safe && (!self.rules.own_legality || hooks.forbids(self, &castle).is_none()) {
                f(castle);
            }
        }
    }

    /// Every legal turn as its actions, whether or not the game has ended.
    /// In walling games: each legal move, then each wall that may follow
    /// it (`walling.rs`). In Squirm games: every legal action alone, and after each squirm of
    /// the piece that moved last, every action legal in the position it
    /// leaves (the whole turn must not leave the king in check; the squirm
    /// alone may). In gating games: every legal action alone, then each
    /// with each gate that may follow it.
    pub fn legal_turn_acts(&self) -> Vec<Vec<Act>> {
        if let Some(walling) = self.walling() {
            return self.walled_turns(walling, &self.legal_acts());
        }
        let acts = self.legal_acts();
        let mut gated = Vec::new();
        self.gated_turns_into(&acts, &mut gated);
        let mut turns: Vec<Vec<Act>> = acts.into_iter().map(|a| vec![a]).collect();
        turns.extend(gated.into_iter().map(|(act, gate)| vec![act, gate]));
        for squirm in self.squirm_acts() {
            let mid = self.after_squirm(&squirm);
            turns.extend(mid.legal_acts().into_iter().map(|m| vec![squirm, m]));
        }
        turns
    }

    /// The squirms open now, before the check test: rebel moves of the
    /// enemy piece that moved last (none outside Squirm games).
    pub fn squirm_acts(&self) -> Vec<Act> {
        match (self.rules.rebels, self.last_moved) {
            (Rebels::SquirmFirst, Some(last)) => self.rebel_acts(Some(last)),
            _ => Vec::new(),
        }
    }

    /// The squirms that begin at least one legal turn.
    pub fn open_squirms(&self) -> Vec<Act> {
        self.squirm_acts()
            .into_iter()
            .filter(|s| !self.after_squirm(s).legal_acts().is_empty())
            .collect()
    }

    /// The position within a turn after one of its actions (a squirm, in
    /// the games that have turns of two): the same side to move, no en
    /// passant chance, the action played.
    pub fn after_squirm(&self, squirm: &Act) -> ChessLike {
        let mut mid = self.clone();
        mid.squirm_in_place(squirm);
        mid
    }

    /// [`ChessLike::after_squirm`] on this position itself; returns what
    /// [`ChessLike::undo_squirm`] needs to take it back.
    pub(super) fn squirm_in_place(&mut self, squirm: &Act) -> SquirmUndo {
        self.changed();
        let mut undo = SquirmUndo {
            squares: [(0, None); 4],
            touched: 0,
            rights: self.rights,
            en_passant: self.en_passant,
        };
        for sq in touched(squirm) {
            undo.squares[undo.touched] = (sq, self.board.get(sq));
            undo.touched += 1;
        }
        Self::make(&mut self.board, squirm, self.side);
        self.en_passant = None;
        if let Action::Rebel { from, to } = squirm.action {
            for rule in &self.rules.castlings {
                if rule.touched_by(from, to) {
                    self.rights &= !(1 << rule.right);
                }
            }
        }
        undo
    }

    /// Takes back [`ChessLike::squirm_in_place`].
    pub(super) fn undo_squirm(&mut self, undo: &SquirmUndo) {
        self.changed();
        for &(sq, piece) in undo.squares[..undo.touched].iter().rev() {
            self.board.set(sq, piece);
        }
        self.rights = undo.rights;
        self.en_passant = undo.en_passant;
    }

    /// Castlings whose conditions hold, before the final check test (the
    /// rook leaving may open a line onto the king's new square).
    fn castlings_ignoring_check(&self) -> Vec<Act> {
        self.rules
            .castlings
            .iter()
            .filter(|rule| rule.seat == self.side && self.castling_refusal(rule).is_none())
            .map(castle_act)
            .collect()
    }

    /// The side's castlings as actions, whether possible now or not.
    pub(super) fn castling_acts(&self) -> Vec<Act> {
        self.rules
            .castlings
            .iter()
            .filter(|rule| rule.seat == self.side)
            .map(castle_act)
            .collect()
    }

    /// True when the side to move has a legal turn (worked out once per
    /// position: [`super::position::MovesMemo`]).
    pub fn legal_acts_exist(&self) -> bool {
        self.moves_exist.get(|| {
            let any = match self.rules.backend {
                Some(fast) => fast.any_legal(self),
                None => !self.legal_acts().is_empty(),
            };
            any || !self.open_squirms().is_empty()
        })
    }
}
