//! The check filter's shortcut for games with check: does a move leave one
//! of the mover's royal pieces attacked? Asking every enemy piece after
//! every move is the cost of move generation, so the question is prepared
//! once per position: a move that does not move a royal piece leaves the
//! royals where they are, and only enemy pieces that could reach a royal
//! square on some board (by their check pattern, from where they stand) can
//! attack it afterwards. The answer is exactly [`Board::royal_attacked`]'s.
//!
//! Prepared too are these watchers' ways to the royal squares (pins and
//! checks alike: the squares on the way and how many must be occupied,
//! and for a grasshopper which one, its hurdle, see
//! [`super::reach::Reach::lines_to`]) with the board's occupancy, so that
//! a move is judged by a few set operations without playing it: which
//! squares it empties and fills, and whether it takes a watcher. A move of
//! the only royal piece asks the enemy pieces that could reach its new
//! square, with the royal piece lifted.
//!
//! The shortcut holds after any action that leaves the royal pieces and the
//! enemy's pieces where they were (captures aside): a move of one's own
//! piece that is not royal, a drop of a piece that is not royal (with its
//! relocation of a pawn too). After a move of an enemy piece the watchers
//! still hold for every enemy piece but the one moved, which is tested
//! where it lands. After a move of a royal piece among several, a royal
//! drop or en passant by a royal piece, [`RoyalGuard::safe_after_action`]
//! falls back to the full attack test on the board after.

use super::board::{Board, Piece};
use super::geometry::Square;
use super::reach::{SquareSet, Use, Way};
use super::turn::Action;

/// One way an enemy piece (the watcher) could reach a royal square (see
/// [`super::reach::Reach::lines_to`]).
#[derive(Clone, Copy, Debug)]
struct Line {
    watcher: Square,
    way: Way,
}

/// Where a drop of a piece that is not royal onto an empty square may go
/// by the check rule ([`RoyalGuard::drop_squares`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropSquares {
    /// In check, the only squares a drop may go to: those on the way of
    /// every line that holds (none for a check from next door or by a
    /// leap). `None` out of check: anywhere.
    pub only: Option<SquareSet>,
    /// The empty squares where a piece may make the screen a hop's line
    /// lacks: a drop there is judged. Every other drop allowed above
    /// leaves the royal pieces safe.
    pub risky: SquareSet,
}

/// The royal pieces of one seat and the enemy pieces within reach of them.
#[derive(Default)]
pub struct RoyalGuard {
    side: u8,
    seats: u8,
    royals: Vec<Square>,
    /// (royal square, enemy piece that might attack it).
    watchers: Vec<(Square, Square)>,
    /// The pieces of the other seats (with `sources`: only those that
    /// could check a royal square on some board).
    enemies: Vec<(Square, Piece)>,
    /// Where given (see [`RoyalGuard::prepare_within`]): per square, the
    /// squares a piece facing +1 or -1 could check it from.
    sources: Option<&'static [SquareSet]>,
    /// With `sources`: every square of the other seat's pieces, and those
    /// of them facing otherwise (which `sources` cannot rule out).
    enemy_squares: SquareSet,
    unfiltered: SquareSet,
    /// Every way a watcher could reach a royal square after one move
    /// (pins and checks alike), when the tables hold every watcher's.
    lines: Option<Vec<Line>>,
    /// The occupied squares of the board prepared on.
    occupied: SquareSet,
    /// True when one of the lines holds now: the side is in check.
    checked: bool,
    /// The occupied squares on the lines one piece short of holding:
    /// emptying one of them alone may open a line (the pinned pieces).
    pinned: SquareSet,
    /// The occupied squares on the lines two pieces short of holding
    /// (what emptying two squares at once may open).
    near: SquareSet,
    /// The empty squares on the lines that lack their screen: filling one
    /// may make a line hold.
    screening: SquareSet,
}

impl RoyalGuard {
    /// Prepares the test for `side` (of `seats` seats) on `board`.
    pub fn new(board: &Board, side: u8, seats: u8) -> Self {
        let mut guard = RoyalGuard::default();
        guard.prepare(board, side, seats);
        guard
    }

    /// Prepares this guard anew for `side` on `board`, reusing its space.
    pub fn prepare(&mut self, board: &Board, side: u8, seats: u8) {
        self.prepare_within(board, side, seats, None);
    }

    /// [`RoyalGuard::prepare`], skipping unasked the enemy pieces facing
    /// +1 or -1 that stand on none of the royal squares' `sources` (see
    /// [`super::reach::Reach::check_sources`]: such a piece reaches no
    /// royal square on any board, so it is neither a watcher nor on a
    /// line). The same guard as without them. With two seats the royal
    /// pieces and the enemy pieces asked are read from the sets the board
    /// keeps ([`Board::royal_squares`], [`Board::odd_facing`]), so a piece
    /// that is neither is not read at all.
    pub fn prepare_within(
        &mut self,
        board: &Board,
        side: u8,
        seats: u8,
        sources: Option<&'static [SquareSet]>,
    ) {
        self.side = side;
        self.seats = seats;
        self.royals.clear();
        self.enemies.clear();
        self.occupied = *board.occupancy();
        self.sources = None;
        match (seats, board.owned(side), board.owned(1 - side.min(1))) {
            // Two seats: one side's pieces, then the other's, each read
            // by its own set of squares; with `sources`, only the enemy
            // pieces that could check a royal square on some board.
            (2, Some(own), Some(&theirs)) => {
                self.royals
                    .extend(board.royal_squares().intersection(own).iter());
                match sources {
                    Some(sources) => {
                        let mut within = SquareSet::default();
                        for &royal in &self.royals {
                            within.add(&sources[royal as usize]);
                        }
                        self.unfiltered = theirs.intersection(board.odd_facing());
                        within.add(&self.unfiltered);
                        for sq in theirs.intersection(&within).iter() {
                            if let Some(p) = board.get(sq) {
                                self.enemies.push((sq, p));
                            }
                        }
                        self.enemy_squares = theirs;
                        self.sources = Some(sources);
                    }
                    None => self.enemies.extend(board.pieces_of(1 - side)),
                }
            }
            _ => {
                for sq in self.occupied.iter() {
                    let Some(p) = board.get(sq) else { continue };
                    if p.owner == side {
                        if board.is_royal_kind(p.kind) {
                            self.royals.push(sq);
                        }
                    } else if p.owner < seats {
                        self.enemies.push((sq, p));
                    }
                }
            }
        }
        let reach = board.spec().reach();
        self.watchers.clear();
        let mut lines = self.lines.take().unwrap_or_default();
        lines.clear();
        let occupied = self.occupied;
        let (mut checked, mut pinned, mut near, mut screening) = (
            false,
            SquareSet::default(),
            SquareSet::default(),
            SquareSet::default(),
        );
        let mut complete = true;
        // Each enemy piece's check pattern is looked up once, for every
        // royal square.
        for &(watcher, p) in &self.enemies {
            let at = reach.at(p.kind, Use::Check, p.facing, watcher);
            for &royal in &self.royals {
                if watcher == royal || at.is_some_and(|at| !at.span().contains(royal)) {
                    continue;
                }
                self.watchers.push((royal, watcher));
                let Some(at) = at else {
                    complete = false;
                    continue;
                };
                at.lines_to(royal, |way| {
                    // One move empties at most two squares of a way.
                    let (squares, screens) = (&way.squares, way.screens);
                    let held = squares.common(&occupied);
                    if held > screens + 2 {
                        return;
                    }
                    match way.hurdle {
                        // A grasshopper's: it checks, or any piece on the
                        // way may be what keeps it from checking, and
                        // filling its empty hurdle may make it check.
                        Some(hurdle) => {
                            if way.holds(&occupied) {
                                checked = true;
                            } else {
                                pinned.add_common(squares, &occupied);
                                near.add_common(squares, &occupied);
                                if !occupied.contains(hurdle) {
                                    screening.insert(hurdle);
                                }
                            }
                        }
                        None => match held.cmp(&screens) {
                            std::cmp::Ordering::Equal => checked = true,
                            std::cmp::Ordering::Less => screening.add(squares),
                            std::cmp::Ordering::Greater if held == screens + 1 => {
                                pinned.add_common(squares, &occupied)
                            }
                            std::cmp::Ordering::Greater => near.add_common(squares, &occupied),
                        },
                    }
                    lines.push(Line { watcher, way: *way });
                });
            }
        }
        self.lines = complete.then_some(lines);
        self.checked = checked;
        self.pinned = pinned;
        self.near = near;
        self.screening = screening;
    }

    /// True when no royal piece of the side is attacked after a move or a
    /// drop that leaves the royal pieces where they stand: `vacated`
    /// squares emptied (a piece moved away from them or taken en
    /// passant), `filled` ones occupied. `None` when the guard has no
    /// lines to judge by.
    #[inline]
    fn lines_safe(&self, vacated: &[Square], filled: &[Square]) -> Option<bool> {
        let lines = self.lines.as_ref()?;
        // Most moves touch no line: without a check, a line opens only by
        // emptying a square of one short of holding, or by filling a
        // square of a hop's way that lacks its screen.
        if !self.checked && !filled.iter().any(|&s| self.screening.contains(s)) {
            let one = vacated.iter().all(|&s| s == vacated[0]);
            let opens = vacated
                .iter()
                .any(|&s| self.pinned.contains(s) || (!one && self.near.contains(s)));
            if !opens {
                return Some(true);
            }
        }
        let mut occupied = self.occupied;
        vacated.iter().for_each(|&s| occupied.remove(s));
        filled.iter().for_each(|&s| occupied.insert(s));
        Some(!lines.iter().any(|line| {
            !vacated.contains(&line.watcher)
                && !filled.contains(&line.watcher)
                && line.way.holds(&occupied)
        }))
    }

    /// Without a check and with every line prepared: the squares whose
    /// piece may be pinned (emptying one alone may open a line) and the
    /// empty squares where a piece may make a screen. Every other move
    /// of a piece that is not royal, from a square not in the first to
    /// one not in the second (or a capture), leaves the royals safe, as
    /// [`RoyalGuard::safe_by_lines`] judges it. `None` otherwise.
    pub fn open_lines(&self) -> Option<(SquareSet, SquareSet)> {
        (self.lines.is_some() && !self.checked).then_some((self.pinned, self.screening))
    }

    /// With [`RoyalGuard::open_lines`]: the occupied squares on the lines
    /// two pieces short of holding. A move from a square not in it to one
    /// in neither set leaves the royals safe with the piece that landed
    /// lifted off again, as [`RoyalGuard::safe_without_lander`] judges it.
    pub fn near_lines(&self) -> SquareSet {
        self.near
    }

    /// Where a drop of a piece that is not royal onto an empty square (no
    /// pawn relocated) may leave the royal pieces safe, by the lines
    /// prepared. `None` when the guard has no lines to judge by.
    pub fn drop_squares(&self) -> Option<DropSquares> {
        let lines = self.lines.as_ref()?;
        let risky = self.screening;
        if !self.checked {
            return Some(DropSquares { only: None, risky });
        }
        // A drop only fills a square: a line that holds still holds
        // unless the drop lands on its way, and then holds no more (one
        // more square of its way is occupied than it must have).
        let mut only: Option<SquareSet> = None;
        for line in lines.iter().filter(|l| l.way.holds(&self.occupied)) {
            let squares = line.way.squares;
            only = Some(only.map_or(squares, |o| o.intersection(&squares)));
        }
        Some(DropSquares {
            only: Some(only.unwrap_or_default()),
            risky,
        })
    }

    /// True when the single royal piece of the side, moved from where it
    /// stands to `to`, is not attacked there (no castling, no en passant):
    /// only enemy pieces that could reach `to` on some board are asked,
    /// by their ways there with the royal piece lifted. `None` when the
    /// side has other than one royal piece or the tables cannot say.
    fn royal_move_safe(&self, board: &Board, to: Square) -> Option<bool> {
        let &[royal] = &self.royals[..] else {
            return None;
        };
        let reach = board.spec().reach();
        let mut occupied = self.occupied;
        occupied.remove(royal);
        let attacks = |from: Square, p: Piece| -> Option<bool> {
            if from == to || !reach.span(p.kind, Use::Check, p.facing, from)?.contains(to) {
                return Some(false);
            }
            reach.reaches_through(p.kind, Use::Check, p.facing, from, to, &occupied)
        };
        match self.sources {
            // Only the enemy pieces on `to`'s sources (or facing
            // otherwise) could reach it.
            Some(sources) => {
                let mut candidates = self.unfiltered;
                candidates.add(&sources[to as usize]);
                for from in self.enemy_squares.intersection(&candidates).iter() {
                    if attacks(from, board.get(from)?)? {
                        return Some(false);
                    }
                }
            }
            None => {
                for &(from, p) in &self.enemies {
                    if attacks(from, p)? {
                        return Some(false);
                    }
                }
            }
        }
        Some(true)
    }

    /// True when no royal piece of the side is attacked on `after`, the
    /// board `before` (the one the guard was prepared on) after a move of
    /// one piece from `from` to `to` (captures, en passant and promotion
    /// included; not castling).
    pub fn safe_after(&self, before: &Board, after: &Board, from: Square, to: Square) -> bool {
        let royal = |b: &Board, s: Square| b.get(s).is_some_and(|p| b.is_royal_kind(p.kind));
        if self.royals.contains(&from) || royal(after, to) {
            return !after.royal_attacked(self.side, self.seats);
        }
        self.royals_safe(before, after)
    }

    /// [`RoyalGuard::safe_after`] for a move that took en passant on
    /// `taken` (if it did), by the pins and checks the guard prepared
    /// where it can.
    fn safe_after_move(
        &self,
        before: &Board,
        after: &Board,
        (from, to): (Square, Square),
        taken: Option<Square>,
    ) -> bool {
        if self.royals.contains(&from) {
            if taken.is_none()
                && let Some(safe) = self.royal_move_safe(before, to)
            {
                return safe;
            }
            return !after.royal_attacked(self.side, self.seats);
        }
        if after.get(to).is_some_and(|p| after.is_royal_kind(p.kind)) {
            return !after.royal_attacked(self.side, self.seats);
        }
        self.lines_safe(&[from, taken.unwrap_or(from)], &[to])
            .unwrap_or_else(|| self.royals_safe(before, after))
    }

    /// True when no royal piece of the side is attacked on `after`, a
    /// board on which the royal pieces stand where they stood on `before`
    /// and every enemy piece either stands where it stood or is gone.
    pub fn royals_safe(&self, before: &Board, after: &Board) -> bool {
        !self
            .watchers
            .iter()
            .any(|&(r, w)| after.get(w) == before.get(w) && after.checks_square(w, r))
    }

    /// [`RoyalGuard::safe_after_action`] without the board after it, where
    /// the pins and checks prepared can say: a move or a drop that leaves
    /// the royal pieces where they stand, or a move of the only royal
    /// piece (not en passant). `None` where only the board after can.
    #[inline]
    pub fn safe_by_lines(
        &self,
        before: &Board,
        action: &Action,
        taken: Option<Square>,
    ) -> Option<bool> {
        match *action {
            Action::Move {
                from,
                to,
                promotion,
            } => {
                if self.royals.contains(&from) {
                    return match taken {
                        Some(_) => None,
                        None => self.royal_move_safe(before, to),
                    };
                }
                if promotion.is_some_and(|k| before.is_royal_kind(k)) {
                    return None;
                }
                self.lines_safe(&[from, taken.unwrap_or(from)], &[to])
            }
            Action::Drop { kind, to, relocate } if !before.is_royal_kind(kind) => {
                self.lines_safe(&[], &[to, relocate.unwrap_or(to)])
            }
            // The enemy piece moved is asked where it lands; the others
            // by their lines.
            Action::Rebel { from, to } if !self.royals.contains(&from) => {
                if !self.lines_safe(&[from], &[to])? {
                    return Some(false);
                }
                let p = before.get(from)?;
                let reach = before.spec().reach();
                let mut occupied = self.occupied;
                occupied.remove(from);
                occupied.insert(to);
                for &royal in &self.royals {
                    if reach.reaches_through(p.kind, Use::Check, p.facing, to, royal, &occupied)? {
                        return Some(false);
                    }
                }
                Some(true)
            }
            _ => None,
        }
    }

    /// After a move or a drop of a piece that is not royal: true when the
    /// royal pieces would be safe with the piece that landed lifted off
    /// the board again (then no later move of that piece alone, such as a
    /// squirm, can expose them). `None` where the lines cannot say.
    pub fn safe_without_lander(
        &self,
        before: &Board,
        action: &Action,
        taken: Option<Square>,
    ) -> Option<bool> {
        match *action {
            Action::Move { from, to, .. } if !self.royals.contains(&from) => {
                self.lines_safe(&[from, taken.unwrap_or(from), to], &[])
            }
            Action::Drop { kind, to, relocate } if !before.is_royal_kind(kind) => match relocate {
                Some(r) => self.lines_safe(&[to], &[r]),
                None => self.lines_safe(&[to], &[]),
            },
            _ => None,
        }
    }

    /// True when no royal piece of the side is attacked on `after`, the
    /// board `before` after `action` (any kind of action, see the module
    /// comment for when the shortcut applies). `taken` is the square of
    /// a piece taken en passant.
    #[inline]
    pub fn safe_after_action(
        &self,
        before: &Board,
        after: &Board,
        action: &Action,
        taken: Option<Square>,
    ) -> bool {
        match *action {
            Action::Move { from, to, .. } => self.safe_after_move(before, after, (from, to), taken),
            Action::Drop {
                kind, to, relocate, ..
            } if !before.is_royal_kind(kind) => self
                .lines_safe(&[], &[to, relocate.unwrap_or(to)])
                .unwrap_or_else(|| self.royals_safe(before, after)),
            // The enemy piece moved is tested where it now stands; the
            // others as the watchers are.
            Action::Rebel { from, to } if !self.royals.contains(&from) => {
                self.royals_safe(before, after)
                    && !self.royals.iter().any(|&r| after.checks_square(to, r))
            }
            _ => !after.royal_attacked(self.side, self.seats),
        }
    }
}
