//! A position of a two-seat chess-like game: the board, the reserves,
//! whose turn, castling rights, the en passant chance, the piece that moved
//! last, the counters for the draw rules and the repetition keys of the
//! whole game. Playing a turn returns a new position with its end decided
//! (the draw rules when it is reached; mate and stalemate on demand).

use super::Rules;
use super::blast::Blast;
use super::counting::Count;
use super::pawns::facing;
use super::shak::CheckRun;
use crate::rules::board::{Board, Piece};
use crate::rules::castling::CastlingRule;
use crate::rules::ends::{self, DrawFacts};
use crate::rules::geometry::Square;
use crate::rules::reach::SquareSet;
use crate::rules::{Action, Outcome};

/// The most piece kinds a game on the core may have (reserves are arrays).
pub const MAX_KINDS: usize = 16;

/// What an action does besides moving or placing one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    Plain,
    /// En passant: the pawn taken stands on `taken`, not on the target.
    EnPassant {
        taken: Square,
    },
    /// Castling: the rook goes too.
    Castle {
        rook_from: Square,
        rook_to: Square,
        long: bool,
    },
}

/// An action as the generator found it: what it is, whether it captures,
/// and its special effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Act {
    pub action: Action,
    /// True for captures, en passant included.
    pub capture: bool,
    pub special: Special,
}

impl Act {
    pub fn plain(action: Action, capture: bool) -> Self {
        Act {
            action,
            capture,
            special: Special::Plain,
        }
    }
}

/// What [`ChessLike::play_in_place`] changed, to take it back: the
/// squares a turn touched with what stood there, and the state before.
#[derive(Clone, Copy, Debug)]
pub(super) struct Undo {
    /// Room for a turn of two actions of four squares each, or one
    /// capture with its blast (four squares and nine blown).
    squares: [(Square, Option<Piece>); 16],
    touched: usize,
    side: u8,
    rights: u8,
    en_passant: Option<(Square, Square)>,
    reserves: [[u8; MAX_KINDS]; 2],
    drop_colours: [u8; 2],
    halfmoves: u32,
    fullmove: u32,
    last_moved: Option<Square>,
    checks: Option<[u8; 2]>,
    check_runs: Option<[CheckRun; 2]>,
    count: Option<Count>,
    promoted: SquareSet,
    gates: [u16; 2],
}

/// The squares an action changes (at most four).
pub(super) fn touched(act: &Act) -> impl Iterator<Item = Square> {
    let (a, b) = match act.action {
        Action::Move { from, to, .. } | Action::Rebel { from, to } => (Some(from), Some(to)),
        Action::Drop { to, relocate, .. } => (Some(to), relocate),
        Action::Wall { from, to, .. } => (Some(to), from),
        Action::Pass => (None, None),
    };
    let (c, d) = match act.special {
        Special::EnPassant { taken } => (Some(taken), None),
        Special::Castle {
            rook_from, rook_to, ..
        } => (Some(rook_from), Some(rook_to)),
        Special::Plain => (None, None),
    };
    [a, b, c, d].into_iter().flatten()
}

/// Whether a position has a legal turn, once it was asked
/// ([`ChessLike::legal_acts_exist`]): whose turn it is and the game's
/// result ask it, and a replayed or loaded game asks them again and again
/// of the same position. Forgotten by every change of the position and by
/// a clone (a copy is made to be changed), and no part of its `Debug`
/// text.
#[derive(Default)]
pub(super) struct MovesMemo(std::sync::OnceLock<bool>);

impl MovesMemo {
    /// The answer, asked once.
    pub(super) fn get(&self, ask: impl FnOnce() -> bool) -> bool {
        *self.0.get_or_init(ask)
    }
}

impl Clone for MovesMemo {
    fn clone(&self) -> Self {
        MovesMemo::default()
    }
}

impl std::fmt::Debug for MovesMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MovesMemo")
    }
}

/// A position of a game described by [`Rules`].
#[derive(Clone, Debug)]
pub struct ChessLike {
    pub(super) rules: &'static Rules,
    pub(super) board: Board,
    /// Seat to move.
    pub(super) side: u8,
    /// Castling rights, bit `i` for `rules.castlings[i]`.
    pub(super) rights: u8,
    /// The last own move when it was a pawn-like multi-step: (from, to).
    pub(super) en_passant: Option<(Square, Square)>,
    /// Pieces in hand, counted per kind, per seat.
    pub(super) reserves: [[u8; MAX_KINDS]; 2],
    /// Per seat, the square colours its drops of the game's
    /// [`super::Drops::unlike_colours`] kind went to: bit 0 light, bit 1 dark.
    pub(super) drop_colours: [u8; 2],
    /// Plies since the last capture or pawn move.
    pub(super) halfmoves: u32,
    pub(super) fullmove: u32,
    /// Repetition keys of every position of the game, this one last.
    pub(super) history: Vec<u64>,
    /// Where the piece moved last stands (what Squirm may move; Squirm
    /// games only).
    pub(super) last_moved: Option<Square>,
    /// In games that count checks (3check), the checks each side still
    /// has to give.
    pub(super) checks: Option<[u8; 2]>,
    /// In games with Shatar's mate rule, each side's series of checks.
    pub(super) check_runs: Option<[CheckRun; 2]>,
    /// In games with a counting rule (Makruk), the count.
    pub(super) count: Option<Count>,
    /// In games whose promoted pieces go back to hand as pawns
    /// ([`super::Drops::promoted_back_as`]), the squares of the pieces
    /// that were promoted.
    pub(super) promoted: SquareSet,
    /// In gating games, the files of each side's open gates
    /// (`gating.rs`).
    pub(super) gates: [u16; 2],
    pub(super) last_move: Option<String>,
    /// An end decided when the position was reached (draw rules, a game's
    /// own ends) or from outside (resignation, agreement, forfeit).
    pub(super) ended: Option<Outcome>,
    /// Whether a legal turn exists here, once asked.
    pub(super) moves_exist: MovesMemo,
}

impl ChessLike {
    /// An empty board of the game, the first seat to move.
    pub fn empty(rules: &'static Rules) -> Self {
        ChessLike {
            rules,
            board: Board::empty(rules.spec),
            side: 0,
            rights: 0,
            en_passant: None,
            reserves: [[0; MAX_KINDS]; 2],
            drop_colours: [0; 2],
            halfmoves: 0,
            fullmove: 1,
            history: Vec::new(),
            last_moved: None,
            checks: None,
            check_runs: rules.hooks.shak_rule().map(|_| [CheckRun::Quiet; 2]),
            count: rules.hooks.counting().map(|_| Count::default()),
            promoted: SquareSet::default(),
            gates: [0; 2],
            last_move: None,
            ended: None,
            moves_exist: MovesMemo::default(),
        }
    }

    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn side(&self) -> u8 {
        self.side
    }

    /// Castling rights, bit `i` for `rules.castlings[i]`.
    pub fn rights(&self) -> u8 {
        self.rights
    }

    /// The multi-step just made that may be taken en passant: (from, to).
    pub fn en_passant(&self) -> Option<(Square, Square)> {
        self.en_passant
    }

    /// In games that count checks, the checks each side still has to
    /// give.
    pub fn checks_to_give(&self) -> Option<[u8; 2]> {
        self.checks
    }

    /// In games with Shatar's mate rule, where `seat`'s series of checks
    /// stands.
    pub fn check_run(&self, seat: u8) -> Option<CheckRun> {
        self.check_runs.map(|runs| runs[usize::from(seat)])
    }

    /// In games with a counting rule, the count (limit 0: nobody counts).
    pub fn count(&self) -> Option<Count> {
        self.count
    }

    /// Plies since the last capture or pawn move, and the move number.
    pub fn counters(&self) -> (u32, u32) {
        (self.halfmoves, self.fullmove)
    }

    pub fn last_move(&self) -> Option<&str> {
        self.last_move.as_deref()
    }

    /// Where the piece that moved last stands (Squirm games; `None` after
    /// castling and before the first move).
    pub fn last_moved(&self) -> Option<Square> {
        self.last_moved
    }

    /// Whether no mate is possible any more: nothing in hand and the
    /// game's dead position on the board (bare kings, insufficient
    /// material).
    pub fn is_dead(&self) -> bool {
        let empty_hands = self.reserves.iter().flatten().all(|&n| n == 0);
        empty_hands && (self.rules.dead)(&self.board)
    }

    /// How many pieces of `kind` `seat` holds in reserve.
    pub fn in_reserve(&self, seat: u8, kind: u8) -> u8 {
        self.reserves[seat as usize][kind as usize]
    }

    /// The square colours (bit 0 light, bit 1 dark) `seat`'s drops of the
    /// game's colour-bound kind went to.
    pub fn drop_colours(&self, seat: u8) -> u8 {
        self.drop_colours[seat as usize]
    }

    /// The colour bit of a square: 1 light, 2 dark.
    pub fn colour_bit(&self, sq: Square) -> u8 {
        if self.board.geometry().is_dark(sq) {
            2
        } else {
            1
        }
    }

    /// Puts `n` pieces of `kind` in `seat`'s reserve (setups, tests).
    pub fn set_reserve(&mut self, seat: u8, kind: u8, n: u8) {
        self.changed();
        self.reserves[seat as usize][kind as usize] = n;
    }

    /// Puts (or with `None` removes) a piece (setups, tests).
    pub fn put(&mut self, sq: Square, piece: Option<Piece>) {
        self.changed();
        self.board.set(sq, piece);
    }

    /// Sets the side to move (setups, tests).
    pub fn set_side(&mut self, side: u8) {
        self.changed();
        self.side = side;
    }

    /// Sets whose turn it is, the castling rights (bit `i` for castling
    /// `i`), the en passant chance (the multi-step just made) and the
    /// counters: for positions built from another representation.
    pub fn set_state(
        &mut self,
        side: u8,
        rights: u8,
        en_passant: Option<(Square, Square)>,
        halfmoves: u32,
        fullmove: u32,
    ) {
        self.changed();
        self.side = side;
        self.rights = rights;
        self.en_passant = en_passant;
        self.halfmoves = halfmoves;
        self.fullmove = fullmove;
    }

    /// Forgets what was worked out about the position as it stood (every
    /// change of the board, the side, rights, reserves or counters calls
    /// it).
    #[inline]
    pub(super) fn changed(&mut self) {
        self.moves_exist = MovesMemo::default();
    }

    /// Starts the repetition history and decides the ends of a set-up
    /// position: call once after placing its pieces.
    pub fn settle(&mut self) {
        self.changed();
        self.history = vec![self.repetition_key()];
        self.ended = self.end_on_arrival();
    }

    /// A piece of `seat` of `kind`, facing its side's forward.
    pub fn piece(seat: u8, kind: u8) -> Piece {
        Piece {
            owner: seat,
            kind,
            facing: facing(seat),
        }
    }

    /// Plays one action on `b` (a copy of a board of this game), the
    /// reserves aside. `mover` is the seat whose turn it is.
    #[inline]
    pub fn make(b: &mut Board, act: &Act, mover: u8) {
        match act.action {
            Action::Move {
                from,
                to,
                promotion,
            } => {
                b.shift(from, to);
                if let Some(k) = promotion {
                    b.set(to, Some(Self::piece(mover, k)));
                }
            }
            Action::Rebel { from, to } => {
                b.shift(from, to);
            }
            Action::Drop { kind, to, relocate } => {
                if let Some(r) = relocate {
                    b.shift(to, r);
                }
                b.set(to, Some(Self::piece(mover, kind)));
            }
            Action::Wall { kind, from, to } => {
                if let Some(from) = from {
                    b.set(from, None);
                }
                b.set(to, Some(super::walling::wall(kind)));
            }
            Action::Pass => {}
        }
        match act.special {
            Special::EnPassant { taken } => b.set(taken, None),
            Special::Castle {
                rook_from, rook_to, ..
            } => {
                b.shift(rook_from, rook_to);
            }
            Special::Plain => {}
        }
    }

    /// Undoes [`ChessLike::make`] on `b`: every square `act` touched gets
    /// back what `before` holds there.
    #[inline]
    pub fn unmake(b: &mut Board, act: &Act, before: &Board) {
        let restore = |b: &mut Board, sq: Square| b.set(sq, before.get(sq));
        match act.action {
            Action::Move { from, to, .. } | Action::Rebel { from, to } => {
                restore(b, from);
                restore(b, to);
            }
            Action::Drop { to, relocate, .. } => {
                restore(b, to);
                if let Some(r) = relocate {
                    restore(b, r);
                }
            }
            Action::Wall { from, to, .. } => {
                restore(b, to);
                if let Some(from) = from {
                    restore(b, from);
                }
            }
            Action::Pass => {}
        }
        match act.special {
            Special::EnPassant { taken } => restore(b, taken),
            Special::Castle {
                rook_from, rook_to, ..
            } => {
                restore(b, rook_from);
                restore(b, rook_to);
            }
            Special::Plain => {}
        }
    }

    /// The board after the actions of a turn.
    pub fn board_after(&self, acts: &[Act]) -> Board {
        let mut b = self.board.clone();
        for act in acts {
            Self::make(&mut b, act, self.side);
            if act.capture {
                self.explode_on(&mut b, act);
            }
        }
        b
    }

    /// True when a royal piece of `seat` is attacked on `board`.
    pub fn royal_attacked(board: &Board, seat: u8) -> bool {
        board.royal_attacked(seat, 2)
    }

    /// [`Self::royal_attacked`] on this position's board, answered by
    /// the game's fast generator when it has one: reading a stored
    /// position checks that the side not to move is not in check, and
    /// the core's answer unrolls every enemy kind's check pattern first.
    pub fn seat_attacked(&self, seat: u8) -> bool {
        if let Some(backend) = self.rules.backend
            && let Some(attacked) = backend.royal_attacked(self, seat)
        {
            return attacked;
        }
        Self::royal_attacked(&self.board, seat)
    }

    /// True when the side to move's royal piece is attacked (answered by
    /// the game's fast generator when it has one: [`Self::seat_attacked`]).
    pub fn in_check(&self) -> bool {
        self.seat_attacked(self.side)
    }

    /// The position after the legal turn `acts`, written as `text`, with
    /// the ends it reaches decided.
    pub fn after(&self, acts: &[Act], text: String) -> ChessLike {
        let mut next = self.clone();
        next.play_in_place(acts);
        next.last_move = Some(text);
        // The key worked out once, for the history and the count of
        // repetitions both.
        let key = next.repetition_key();
        next.history.push(key);
        let repetitions = next.history.iter().filter(|&&k| k == key).count();
        next.ended = next.end_given(repetitions);
        next
    }

    /// Plays the legal turn `acts` on this position itself: the board, the
    /// side to move, rights, en passant, reserves, counters and the piece
    /// moved last; not the history, the last move's text or the end (what
    /// [`ChessLike::after`] adds, and what a search keeps its own way).
    /// Returns what [`ChessLike::undo`] needs to take it back.
    pub(super) fn play_in_place(&mut self, acts: &[Act]) -> Undo {
        self.changed();
        let mut undo = Undo {
            squares: [(0, None); 16],
            touched: 0,
            side: self.side,
            rights: self.rights,
            en_passant: self.en_passant,
            reserves: self.reserves,
            drop_colours: self.drop_colours,
            halfmoves: self.halfmoves,
            fullmove: self.fullmove,
            last_moved: self.last_moved,
            checks: self.checks,
            check_runs: self.check_runs,
            count: self.count,
            promoted: self.promoted,
            gates: self.gates,
        };
        let counted = self
            .count
            .map(|_| super::counting::taken_and_promoted(self, acts));
        let mut irreversible = false;
        let mut last_moved = None;
        let bound = self.rules.drops.as_ref().and_then(|d| d.unlike_colours);
        let side = self.side;
        for (i, act) in acts.iter().enumerate() {
            irreversible |= act.capture;
            self.close_gates_of(act);
            match act.action {
                Action::Move { from, to, .. } | Action::Rebel { from, to } => {
                    for rule in &self.rules.castlings {
                        if rule.touched_by(from, to) {
                            self.rights &= !(1 << rule.right);
                        }
                    }
                    if self.initial_rights() != 0 {
                        self.rights = self.initial_rights_after(from, to, self.rights);
                    }
                    let mover = self.board.get(from).expect("a piece moves");
                    let pawn = self.rules.pawn(mover.kind);
                    irreversible |= pawn.is_some();
                    last_moved = Some(to);
                    self.en_passant = None;
                    if let (Some(rule), Action::Move { .. }) = (pawn, act.action)
                        && !rule.taken_by.is_empty()
                        && rule
                            .step_between(self.board.geometry(), side, from, to)
                            .is_some_and(|(_, n)| n >= 2)
                        && rule.en_passant_on(
                            self.board.geometry().coords(from).1 + super::pawns::facing(side),
                        )
                    {
                        self.en_passant = Some((from, to));
                    }
                }
                Action::Drop { kind, to, relocate } => {
                    self.reserves[side as usize][kind as usize] -= 1;
                    if bound == Some(kind) {
                        self.drop_colours[side as usize] |= self.colour_bit(to);
                    }
                    irreversible |= relocate.is_some();
                    last_moved = Some(to);
                    // A gate (the second action) keeps the move's chance.
                    if i == 0 || self.rules.hooks.gating().is_none() {
                        self.en_passant = None;
                    }
                }
                // The wall belongs to nobody: it changes no right, no
                // chance of en passant and no count.
                Action::Wall { .. } | Action::Pass => {}
            }
            match act.special {
                Special::EnPassant { .. } => self.en_passant = None,
                // Castling is a king move: nothing may squirm after it.
                Special::Castle { .. } => {
                    self.en_passant = None;
                    last_moved = None;
                }
                Special::Plain => {}
            }
            if let Some(drops) = &self.rules.drops
                && drops.captures_to_hand
            {
                self.capture_to_hand(drops, act);
            }
            for sq in touched(act) {
                undo.squares[undo.touched] = (sq, self.board.get(sq));
                undo.touched += 1;
            }
            Self::make(&mut self.board, act, side);
            if act.capture
                && let Some(blast) = self.rules.hooks.blast()
            {
                self.blow_up(blast, act, &mut undo);
            }
        }
        self.gates_after_turn(side);
        // Only Squirm games remember it (their FEN writes it).
        if self.rules.rebels != super::Rebels::SquirmFirst {
            last_moved = None;
        }
        self.last_moved = last_moved;
        self.side = 1 - side;
        self.halfmoves = if irreversible { 0 } else { self.halfmoves + 1 };
        self.fullmove += u32::from(side == 1);
        if let Some(mut checks) = self.checks
            && self.in_check()
        {
            checks[usize::from(side)] = checks[usize::from(side)].saturating_sub(1);
            self.checks = Some(checks);
        }
        if let (Some(mut runs), Some(rule)) = (self.check_runs, self.rules.hooks.shak_rule()) {
            let checkers = self.board.checker_kinds(1 - side, side);
            runs[usize::from(side)] = rule.after(runs[usize::from(side)], checkers);
            self.check_runs = Some(runs);
        }
        if let (Some(count), Some((taken, promoted)), Some(rule)) =
            (self.count, counted, self.rules.hooks.counting())
        {
            self.count = Some(rule.after(count, self, taken, promoted));
        }
        undo
    }

    /// The blast of the capture `act` (played on the board) in a game
    /// whose captures explode: its squares emptied and kept in `undo`,
    /// the castling rights of the kings and rooks blown up gone.
    fn blow_up(&mut self, blast: &Blast, act: &Act, undo: &mut Undo) {
        let Some(centre) = Blast::centre(act) else {
            return;
        };
        let mut blown = [(0 as Square, None); 9];
        let mut n = 0;
        blast.each_blown(&self.board, centre, |sq, p| {
            blown[n] = (sq, Some(p));
            n += 1;
        });
        for &(sq, piece) in &blown[..n] {
            undo.squares[undo.touched] = (sq, piece);
            undo.touched += 1;
            self.board.set(sq, None);
            self.promoted.remove(sq);
            for rule in &self.rules.castlings {
                if rule.touched_by(sq, sq) {
                    self.rights &= !(1 << rule.right);
                }
            }
        }
    }

    /// Puts the piece `act` captures into the mover's reserve (a promoted
    /// one as the kind it goes back as), and follows the promoted pieces.
    fn capture_to_hand(&mut self, drops: &super::Drops, act: &Act) {
        let side = self.side as usize;
        let taken = match (act.special, act.action) {
            (Special::EnPassant { taken }, _) => Some(taken),
            (_, Action::Move { to, .. } | Action::Rebel { to, .. }) if act.capture => Some(to),
            _ => None,
        };
        if let Some(sq) = taken
            && let Some(victim) = self.board.get(sq)
        {
            let kind = match drops.promoted_back_as {
                Some(pawn) if self.promoted.contains(sq) => pawn,
                _ => victim.kind,
            };
            self.reserves[side][kind as usize] += 1;
            self.promoted.remove(sq);
        }
        if drops.promoted_back_as.is_some()
            && let Action::Move {
                from,
                to,
                promotion,
            } = act.action
            && (promotion.is_some() || self.promoted.contains(from))
        {
            self.promoted.remove(from);
            self.promoted.insert(to);
        }
    }

    /// Whether the piece on `sq` was promoted (in games that say).
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.promoted.contains(sq)
    }

    /// The side to move passes (a search's null move: no game's turn):
    /// the turn goes over with nothing moved, and no chance of en passant
    /// is left behind (nor of a squirm: a pass moves no piece, so
    /// [`ChessLike::play_in_place`] leaves none as moved last). Taken back
    /// by [`ChessLike::undo`].
    pub(super) fn pass_in_place(&mut self) -> Undo {
        let undo = self.play_in_place(&[Act::plain(Action::Pass, false)]);
        self.en_passant = None;
        undo
    }

    /// Takes back what [`ChessLike::play_in_place`] played.
    pub(super) fn undo(&mut self, undo: &Undo) {
        self.changed();
        // Last touched first: a square touched twice gets its first content.
        for &(sq, piece) in undo.squares[..undo.touched].iter().rev() {
            self.board.set(sq, piece);
        }
        self.side = undo.side;
        self.rights = undo.rights;
        self.en_passant = undo.en_passant;
        self.reserves = undo.reserves;
        self.drop_colours = undo.drop_colours;
        self.halfmoves = undo.halfmoves;
        self.fullmove = undo.fullmove;
        self.last_moved = undo.last_moved;
        self.checks = undo.checks;
        self.check_runs = undo.check_runs;
        self.count = undo.count;
        self.promoted = undo.promoted;
        self.gates = undo.gates;
    }

    /// The end the rules impose on arriving here: the game's own ends
    /// (before anything else), then, unless the side to move is mated or
    /// stalemated (a mate made on the move that completes a draw rule
    /// stands), repetition, the 100-ply count, a dead position.
    pub(super) fn end_on_arrival(&self) -> Option<Outcome> {
        self.end_given(self.repetitions())
    }

    /// [`ChessLike::end_on_arrival`] with the position's repetitions
    /// counted by the caller.
    fn end_given(&self, repetitions: usize) -> Option<Outcome> {
        let facts = DrawFacts {
            repetitions,
            halfmoves: self.halfmoves,
            dead: self.is_dead(),
            to_move: usize::from(self.side),
        };
        if let Some(end) = self.rules.hooks.extra_end(self) {
            return Some(end);
        }
        if let Some(end) = ends::draw_within(&facts, &self.rules.hooks.draw_limits()) {
            return self.legal_acts_exist().then_some(end);
        }
        // The count passed its limit: a draw, unless this is mate.
        self.count
            .filter(|c| c.passed() && (!self.in_check() || self.legal_acts_exist()))
            .map(|_| Outcome::draw(2, crate::rules::Ending::Counting))
    }

    /// How often this position has stood on the board (this time included).
    pub fn repetitions(&self) -> usize {
        let key = self.repetition_key();
        self.history.iter().filter(|&&k| k == key).count()
    }

    /// Identifies the position for repetition (FIDE 9.2): pieces (and
    /// reserves), side to move, castling rights and the en passant
    /// captures actually legal.
    pub fn repetition_key(&self) -> u64 {
        let legal = if self.en_passant_acts().is_empty() {
            Vec::new()
        } else {
            self.legal_acts()
        };
        let squirms = if self.rules.rebels == super::Rebels::SquirmFirst {
            self.open_squirms()
        } else {
            Vec::new()
        };
        self.key_given(&legal, squirms.into_iter())
    }

    /// [`ChessLike::repetition_key`] given the legal actions (read only
    /// when an en passant capture is open) and, in Squirm games, the
    /// squirms that begin a legal turn, in the order of
    /// [`ChessLike::squirm_acts`].
    pub(super) fn key_given(&self, legal: &[Act], open_squirms: impl Iterator<Item = Act>) -> u64 {
        if self.en_passant.is_none()
            && self.checks.is_none()
            && self.rules.drops.is_none()
            && self.rules.rebels != super::Rebels::SquirmFirst
        {
            // The common case, without allocating: side and rights only.
            let mut bytes = [0u8; 9];
            bytes[0] = self.side;
            let n = self.rules.castlings.len().min(8);
            for (i, b) in bytes[1..=n].iter_mut().enumerate() {
                *b = u8::from(self.rights & (1 << i) != 0);
            }
            return ends::position_key(&self.board, &bytes[..=n]);
        }
        let mut bytes = vec![self.side];
        bytes
            .extend((0..self.rules.castlings.len()).map(|i| u8::from(self.rights & (1 << i) != 0)));
        let open = self.en_passant_acts();
        if !open.is_empty() {
            let mut ep: Vec<(Square, Square)> = open
                .into_iter()
                .filter(|a| legal.contains(a))
                .filter_map(|a| Some((a.action.from()?, a.action.to()?)))
                .collect();
            ep.sort();
            for (f, t) in ep {
                bytes.extend([f, t]);
            }
        }
        if let Some(drops) = &self.rules.drops {
            bytes.push(0xff);
            bytes.extend(self.reserves.iter().flatten());
            if drops.promoted_back_as.is_some() {
                bytes.extend(self.promoted.iter());
            }
            // The colours used count only while the bound kind is in hand
            // (the FEN writes them only then).
            if let Some(k) = self.rules.drops.as_ref().and_then(|d| d.unlike_colours) {
                for seat in 0..2 {
                    let held = self.reserves[seat][k as usize] > 0;
                    bytes.push(if held { self.drop_colours[seat] } else { 0 });
                }
            }
        }
        if let Some(checks) = self.checks {
            bytes.push(0xfd);
            bytes.extend(checks);
        }
        if self.rules.hooks.gating().is_some() {
            bytes.push(0xfc);
            bytes.extend(self.gates.iter().flat_map(|g| g.to_le_bytes()));
        }
        // Squirm games: the squirms that begin a legal turn are moves
        // possible here too.
        if self.rules.rebels == super::Rebels::SquirmFirst {
            bytes.push(0xfe);
            for s in open_squirms {
                bytes.extend([s.action.from(), s.action.to()].into_iter().flatten());
            }
        }
        ends::position_key(&self.board, &bytes)
    }

    /// The result: a stored end, or mate / stalemate (as the game values
    /// them) when no turn is legal.
    pub fn result(&self) -> Option<Outcome> {
        if let Some(o) = &self.ended {
            return Some(o.clone());
        }
        if self.legal_acts_exist() {
            return None;
        }
        Some(self.rules.hooks.no_legal_move(self))
    }

    /// True when the side holds castling right `rule` and king and rook
    /// stand at home.
    pub fn unmoved(&self, rule: &CastlingRule) -> bool {
        let (king, rook) = self.rules.castling_pieces;
        let own = |sq, kind| self.board.get(sq) == Some(Self::piece(rule.seat, kind));
        self.rights & (1 << rule.right) != 0
            && own(rule.king_from, king)
            && own(rule.rook_from, rook)
    }

    /// Counts the leaves of the legal-turn tree `depth` turns deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.ended.is_some() {
            return 0;
        }
        if let Some(fast) = self.rules.backend {
            return fast.perft(self, depth);
        }
        super::search::Search::new(self, depth).perft(depth)
    }
}
