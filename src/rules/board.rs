//! A generic board: pieces (owner + kind + facing) on a geometry, with the
//! attack query and the pseudo-legal move generator every data-driven game
//! reuses. Game rules (castling, en passant, promotion, dice, alliances)
//! stay in the game modules, on top of this.

use std::sync::OnceLock;

use super::geometry::{Geometry, Square};
use super::mobility::{MobilityRegion, MobilityRegions};
use super::movement::{Mode, PieceKind, line_between, targets};
use super::reach::{Reach, SquareSet, Use};
use super::royal_guard::RoyalGuard;
use super::square_masks::SquareMasks;

/// One piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Seat index of the owner.
    pub owner: u8,
    /// Index into the game's piece set.
    pub kind: u8,
    /// +1 when its forward is up the board, -1 down.
    pub facing: i8,
}

/// The owner of a piece of no seat: a wall (Duck chess's duck), which
/// blocks every piece and is taken by none. (Orwell's three seats are
/// 0 to 2; a repetition key writes an owner in four bits.)
pub const NEUTRAL: u8 = 8;

/// Whether `p` may take `q`: a piece of another seat, never a wall.
#[inline]
fn takes(p: Piece, q: Piece) -> bool {
    q.owner != p.owner && q.owner != NEUTRAL
}

/// A basic move found by the generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BasicMove {
    pub from: Square,
    pub to: Square,
    /// True when an enemy piece stands on `to`.
    pub capture: bool,
}

/// Pieces on a geometry, with the game's piece set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    #[doc(hidden)]
    pub cells: Vec<Option<Piece>>,
    /// The squares of `cells` that hold a piece, kept with them (what
    /// walks test and what [`Board::pieces_of`] goes through).
    occupancy: SquareSet,
    /// The squares of `occupancy` holding a piece of seat 0, of seat 1
    /// (kept with them: [`Board::pieces_of`] and the royal guard go
    /// through one side's pieces without reading the other's).
    owned: [SquareSet; 2],
    /// The squares of `occupancy` holding a royal piece (any seat), kept
    /// with them: the royal guard finds a side's royal pieces without
    /// reading its other pieces.
    royal: SquareSet,
    /// The squares of `occupancy` holding a piece facing other than +1 or
    /// -1 (what the royal guard's filter by check sources cannot rule
    /// out), kept with them.
    odd_facing: SquareSet,
    geo: &'static BoardSpec,
}

/// The shared, static description a board refers to: geometry and piece kinds.
/// Games keep theirs in a `static LazyLock<BoardSpec>`.
pub struct BoardSpec {
    pub geometry: Geometry,
    pub kinds: Vec<PieceKind>,
    /// Bit `k` set when kind `k` is royal (asked per piece by the
    /// generators: a bit, not a look into the kind).
    royal_kinds: u64,
    /// The kinds' patterns unrolled per square, built on first use.
    reach: OnceLock<Reach>,
    /// The squares by colour and rank, built on first use.
    masks: OnceLock<SquareMasks>,
    /// Kinds confined to regions, per seat (empty in most games).
    regions: MobilityRegions,
}

/// The description without the tables built on first use: they are
/// derived from it, and whether some thread has built them yet is no part
/// of a board (positions are compared by their `Debug` text in tests).
impl std::fmt::Debug for BoardSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoardSpec")
            .field("geometry", &self.geometry)
            .field("kinds", &self.kinds)
            .field("royal_kinds", &self.royal_kinds)
            .field("regions", &self.regions)
            .finish_non_exhaustive()
    }
}

impl BoardSpec {
    pub fn new(geometry: Geometry, kinds: Vec<PieceKind>) -> Self {
        assert!(kinds.len() <= 64, "at most 64 piece kinds");
        let royal_kinds = kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.royal)
            .fold(0, |m, (i, _)| m | 1 << i);
        BoardSpec {
            geometry,
            kinds,
            royal_kinds,
            reach: OnceLock::new(),
            masks: OnceLock::new(),
            regions: MobilityRegions::default(),
        }
    }

    /// The same board with kinds confined to regions.
    pub fn with_regions(mut self, regions: MobilityRegions) -> Self {
        // None confined: kept empty, so the walks test one length.
        if !regions.is_empty() {
            self.regions = regions;
        }
        self
    }

    /// True when some kind of some seat is confined to a region.
    pub fn has_regions(&self) -> bool {
        !self.regions.is_unset()
    }

    /// The region the pieces of `kind` owned by `seat` are confined to.
    #[inline]
    pub fn region(&self, seat: u8, kind: u8) -> Option<&MobilityRegion> {
        self.regions.of(seat, kind)
    }

    /// The precomputed reach of every kind from every square.
    pub fn reach(&self) -> &Reach {
        self.reach
            .get_or_init(|| Reach::build(&self.geometry, &self.kinds))
    }

    /// The board's squares by colour and by rank.
    pub fn masks(&self) -> &SquareMasks {
        self.masks.get_or_init(|| SquareMasks::new(&self.geometry))
    }

    /// The index of the kind with this board letter.
    pub fn kind_index(&self, letter: char) -> Option<u8> {
        self.kinds
            .iter()
            .position(|k| k.letter == letter)
            .map(|i| i as u8)
    }
}

impl PartialEq for BoardSpec {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}
impl Eq for BoardSpec {}
impl std::hash::Hash for BoardSpec {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self as *const BoardSpec as usize).hash(state)
    }
}

impl Board {
    /// An empty board. Games keep their `BoardSpec` in a `static LazyLock`.
    pub fn empty(geo: &'static BoardSpec) -> Self {
        assert!(geo.geometry.len() <= 256, "a board of at most 256 squares");
        Board {
            cells: vec![None; geo.geometry.len()],
            occupancy: SquareSet::default(),
            owned: [SquareSet::default(); 2],
            royal: SquareSet::default(),
            odd_facing: SquareSet::default(),
            geo,
        }
    }

    pub fn geometry(&self) -> &'static Geometry {
        &self.geo.geometry
    }

    pub fn kinds(&self) -> &'static [PieceKind] {
        &self.geo.kinds
    }

    pub fn spec(&self) -> &'static BoardSpec {
        self.geo
    }

    /// What the renderer shows on `sq`: the kind's letter and the owner.
    pub fn glyph(&self, sq: Square) -> crate::rules::render::Glyph {
        self.get(sq).map(|p| (self.kind(p).letter, p.owner))
    }

    /// True when pieces of `kind` are royal.
    #[inline]
    pub fn is_royal_kind(&self, kind: u8) -> bool {
        self.geo.royal_kinds >> kind & 1 != 0
    }

    pub fn kind(&self, piece: Piece) -> &'static PieceKind {
        &self.geo.kinds[piece.kind as usize]
    }

    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.cells[sq as usize]
    }

    /// The piece on `from` if it is `mover`'s, or why there is none to
    /// move, in a player's words: "there is no piece on e3", "the knight
    /// on b8 is Black's". `seats` names the owners in seat order.
    pub fn own_piece(&self, from: Square, mover: u8, seats: &[&str]) -> Result<Piece, String> {
        let name = self.geometry().name(from);
        let piece = self
            .get(from)
            .ok_or_else(|| format!("there is no piece on {name}"))?;
        if piece.owner == NEUTRAL {
            return Err(format!(
                "the {} on {name} is nobody's: it moves after your move (@square)",
                self.kind(piece).name
            ));
        }
        if piece.owner != mover {
            return Err(format!(
                "the {} on {name} is {}'s",
                self.kind(piece).name,
                seats[piece.owner as usize]
            ));
        }
        Ok(piece)
    }

    /// Makes this board a copy of `other` (of the same spec) without
    /// allocating.
    pub fn copy_from(&mut self, other: &Board) {
        self.geo = other.geo;
        self.cells.clone_from(&other.cells);
        self.occupancy = other.occupancy;
        self.owned = other.owned;
        self.royal = other.royal;
        self.odd_facing = other.odd_facing;
    }

    #[inline]
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        let before = std::mem::replace(&mut self.cells[sq as usize], piece);
        if let Some(b) = before.filter(|b| b.owner < 2) {
            self.owned[b.owner as usize].remove(sq);
        }
        self.royal.remove(sq);
        self.odd_facing.remove(sq);
        match piece {
            Some(p) => {
                self.occupancy.insert(sq);
                if p.owner < 2 {
                    self.owned[p.owner as usize].insert(sq);
                }
                if self.is_royal_kind(p.kind) {
                    self.royal.insert(sq);
                }
                if !matches!(p.facing, 1 | -1) {
                    self.odd_facing.insert(sq);
                }
            }
            None => self.occupancy.remove(sq),
        }
    }

    /// Moves whatever stands on `from` to `to`, returning what was on `to`.
    #[inline]
    pub fn shift(&mut self, from: Square, to: Square) -> Option<Piece> {
        let p = self.cells[from as usize].take();
        let before = std::mem::replace(&mut self.cells[to as usize], p);
        self.occupancy.remove(from);
        if let Some(b) = before.filter(|b| b.owner < 2) {
            self.owned[b.owner as usize].remove(to);
        }
        let royal = self.royal.contains(from);
        self.royal.remove(from);
        self.royal.remove(to);
        let odd = self.odd_facing.contains(from);
        self.odd_facing.remove(from);
        self.odd_facing.remove(to);
        match p {
            Some(p) => {
                self.occupancy.insert(to);
                if p.owner < 2 {
                    self.owned[p.owner as usize].remove(from);
                    self.owned[p.owner as usize].insert(to);
                }
                if royal {
                    self.royal.insert(to);
                }
                if odd {
                    self.odd_facing.insert(to);
                }
            }
            None => self.occupancy.remove(to),
        }
        before
    }

    /// The squares that hold a piece.
    pub fn occupancy(&self) -> &SquareSet {
        &self.occupancy
    }

    /// The squares that hold a piece of `owner` (seat 0 or 1; `None` for
    /// another owner).
    #[inline]
    pub fn owned(&self, owner: u8) -> Option<&SquareSet> {
        self.owned.get(owner as usize)
    }

    /// The squares that hold a royal piece, of any owner.
    #[inline]
    pub fn royal_squares(&self) -> &SquareSet {
        &self.royal
    }

    /// The squares that hold a piece facing other than +1 or -1.
    #[inline]
    pub fn odd_facing(&self) -> &SquareSet {
        &self.odd_facing
    }

    /// Squares holding a piece of `owner`.
    #[inline]
    pub fn pieces_of(&self, owner: u8) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let squares = match self.owned.get(owner as usize) {
            Some(owned) => owned,
            None => &self.occupancy,
        };
        squares.iter().filter_map(move |s| {
            self.cells[s as usize]
                .filter(|p| p.owner == owner)
                .map(|p| (s, p))
        })
    }

    #[inline]
    fn occupied(&self) -> impl Fn(Square) -> bool + '_ {
        |s| self.occupancy.contains(s)
    }

    /// Walks what the piece `p` on `from` reaches by `use_` (see
    /// [`Reach::walk`]), until `found` returns true; returns whether it did.
    fn walk(
        &self,
        from: Square,
        p: Piece,
        use_: Use,
        occupied: impl Fn(Square) -> bool,
        mut found: impl FnMut(Square) -> bool,
    ) -> bool {
        if let Some(region) = self.geo.region(p.owner, p.kind) {
            let squares = region.squares;
            return self.walk_all(from, p, use_, occupied, |s| squares.contains(s) && found(s));
        }
        self.walk_all(from, p, use_, occupied, found)
    }

    /// [`Board::walk`] over every square the piece reaches, its region
    /// aside.
    fn walk_all(
        &self,
        from: Square,
        p: Piece,
        use_: Use,
        occupied: impl Fn(Square) -> bool,
        mut found: impl FnMut(Square) -> bool,
    ) -> bool {
        if let Some(stopped) = self
            .geo
            .reach()
            .walk(p.kind, use_, p.facing, from, &occupied, &mut found)
        {
            return stopped;
        }
        // A facing the tables do not hold: the reference generator.
        let g = self.geometry();
        let kind = self.kind(p);
        let (pattern, mode) = match use_ {
            Use::Move => (kind.pattern(Mode::Move, g.zone(from)), Mode::Move),
            Use::Capture => (kind.pattern(Mode::Capture, g.zone(from)), Mode::Capture),
            Use::Check => (kind.check_pattern(g.zone(from)), Mode::Capture),
        };
        targets(g, pattern, from, p.facing, mode, &occupied)
            .into_iter()
            .any(found)
    }

    /// Calls `f` for each empty square the piece on `from` may move to.
    pub fn each_quiet(&self, from: Square, mut f: impl FnMut(Square)) {
        if let Some(p) = self.get(from) {
            self.walk(from, p, Use::Move, self.occupied(), |s| {
                f(s);
                false
            });
        }
    }

    /// Calls `f` for each enemy piece the piece on `from` may capture.
    pub fn each_capture(&self, from: Square, mut f: impl FnMut(Square)) {
        if let Some(p) = self.get(from) {
            self.walk(from, p, Use::Capture, self.occupied(), |s| {
                if self.cells[s as usize].is_some_and(|q| takes(p, q)) {
                    f(s);
                }
                false
            });
        }
    }

    /// [`Board::each_quiet`] then [`Board::each_capture`] for the piece on
    /// `from`, as `f(square, capture)`, in one walk where the piece moves
    /// as it captures.
    pub fn each_quiet_then_capture(&self, from: Square, mut f: impl FnMut(Square, bool)) {
        let Some(p) = self.get(from) else {
            return;
        };
        if self.geo.region(p.owner, p.kind).is_some() {
            self.each_quiet(from, |s| f(s, false));
            self.each_capture(from, |s| f(s, true));
            return;
        }
        // A list ends in at most one capture.
        let mut captures = [0 as Square; 64];
        let mut n = 0;
        let walked = self.geo.reach().walk_both(
            p.kind,
            p.facing,
            from,
            captures.len(),
            self.occupied(),
            |s, occupied| {
                if !occupied {
                    f(s, false);
                } else if self.cells[s as usize].is_some_and(|q| takes(p, q)) {
                    captures[n] = s;
                    n += 1;
                }
            },
        );
        if walked.is_some() {
            captures[..n].iter().for_each(|&s| f(s, true));
        } else {
            self.each_quiet(from, |s| f(s, false));
            self.each_capture(from, |s| f(s, true));
        }
    }

    /// Calls `f` for each empty square the capture pattern of the piece on
    /// `from` reaches (where a pawn could take en passant), when one of
    /// `only` could be among them.
    pub fn each_empty_in_capture_reach(
        &self,
        from: Square,
        only: &[Square],
        mut f: impl FnMut(Square),
    ) {
        let Some(p) = self.get(from) else {
            return;
        };
        let region = self.geo.region(p.owner, p.kind).map(|r| r.squares);
        let mut f = |s: Square| {
            if region.is_none_or(|r| r.contains(s)) {
                f(s)
            }
        };
        let span = self.geo.reach().span(p.kind, Use::Capture, p.facing, from);
        if span.is_some_and(|span| !only.iter().any(|&s| span.contains(s))) {
            return;
        }
        let occupied = self.occupied();
        let reach = self.geo.reach();
        let walked = reach.walk_keeping(
            p.kind,
            Use::Capture,
            false,
            p.facing,
            from,
            &occupied,
            |s| {
                f(s);
                false
            },
        );
        if walked.is_none() {
            let g = self.geometry();
            let pattern = self.kind(p).pattern(Mode::Capture, g.zone(from));
            targets(g, pattern, from, p.facing, Mode::Move, &occupied)
                .into_iter()
                .for_each(f);
        }
    }

    /// Where the piece on `from` may go quietly (empty squares).
    pub fn quiet_targets(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.each_quiet(from, |s| out.push(s));
        out
    }

    /// Enemy pieces the piece on `from` may capture.
    pub fn capture_targets(&self, from: Square) -> Vec<Square> {
        let mut out = Vec::new();
        self.each_capture(from, |s| out.push(s));
        out
    }

    /// True when the piece on `from` gives check to (attacks) `sq` by its
    /// check pattern, whatever stands on `sq`.
    pub fn checks_square(&self, from: Square, sq: Square) -> bool {
        let Some(p) = self.get(from) else {
            return false;
        };
        // Treat `sq` as occupied so riders stop on it and hoppers land on it.
        let occ = |s: Square| s == sq || self.cells[s as usize].is_some();
        self.walk(from, p, Use::Check, occ, |s| s == sq)
    }

    /// True when the piece `p` standing on `from` could give check to `sq`
    /// on some board: a quick necessary test before [`Board::checks_square`].
    fn may_check(&self, from: Square, p: Piece, sq: Square) -> bool {
        self.geo
            .reach()
            .span(p.kind, Use::Check, p.facing, from)
            .is_none_or(|span| span.contains(sq))
    }

    /// Is `sq` attacked by any piece of `by` (by check patterns)? Pieces
    /// that cannot reach `sq` on any board are passed over before the walk.
    pub fn attacked_by(&self, sq: Square, by: u8) -> bool {
        self.attackers(sq, by).next().is_some()
    }

    /// The pieces of `by` that attack `sq` (by check patterns, as
    /// [`Board::attacked_by`] asks), with their squares: who could take
    /// back on a square.
    pub fn attackers(&self, sq: Square, by: u8) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces_of(by).filter(move |&(from, p)| {
            from != sq && self.may_check(from, p, sq) && self.checks_square(from, sq)
        })
    }

    /// The kinds of `by`'s pieces that attack a royal piece of `owner`
    /// (by check patterns), bit `k` for kind `k`: which pieces give a
    /// check, where [`Board::royal_attacked`] says only whether one does
    /// (Shatar's shak is a check by some kinds).
    pub fn checker_kinds(&self, owner: u8, by: u8) -> u32 {
        let mut kinds = 0;
        for sq in self
            .royal_set(owner)
            .iter()
            .filter(|&s| self.owns(s, owner))
        {
            for (from, p) in self.pieces_of(by) {
                if from != sq && self.may_check(from, p, sq) && self.checks_square(from, sq) {
                    kinds |= 1 << p.kind;
                }
            }
        }
        kinds
    }

    /// Every pseudo-legal basic move of `side` (no game specials, no check test).
    pub fn pseudo_moves(&self, side: u8) -> Vec<BasicMove> {
        let mut out = Vec::new();
        for (from, _) in self.pieces_of(side) {
            let basic = |to, capture| BasicMove { from, to, capture };
            self.each_quiet(from, |to| out.push(basic(to, false)));
            self.each_capture(from, |to| out.push(basic(to, true)));
        }
        out
    }

    /// The board after a basic move (no game specials).
    pub fn after(&self, m: BasicMove) -> Board {
        let mut b = self.clone();
        b.shift(m.from, m.to);
        b
    }

    /// True when a royal piece of `owner` is attacked by any other seat
    /// (`seats` = number of seats).
    pub fn royal_attacked(&self, owner: u8, seats: u8) -> bool {
        self.royal_set(owner)
            .iter()
            .filter(|&s| self.owns(s, owner))
            .any(|s| (0..seats).any(|o| o != owner && self.attacked_by(s, o)))
    }

    /// A set holding the squares of `owner`'s royal pieces (with others'
    /// too for an owner the board keeps no squares of: see
    /// [`Board::owns`]), read from the royal squares the board keeps.
    fn royal_set(&self, owner: u8) -> SquareSet {
        match self.owned.get(owner as usize) {
            Some(owned) => owned.intersection(&self.royal),
            None => self.royal,
        }
    }

    /// True when a piece of `owner` stands on `s`.
    fn owns(&self, s: Square, owner: u8) -> bool {
        self.cells[s as usize].is_some_and(|p| p.owner == owner)
    }

    /// Pseudo-legal basic moves of `side` that do not leave one of its
    /// royal pieces attacked (for games with check).
    pub fn legal_basic_moves(&self, side: u8, seats: u8) -> Vec<BasicMove> {
        let guard = RoyalGuard::new(self, side, seats);
        let mut scratch = self.clone();
        let mut moves = self.pseudo_moves(side);
        moves.retain(|m| {
            scratch.shift(m.from, m.to);
            let safe = guard.safe_after(self, &scratch, m.from, m.to);
            scratch.set(m.from, self.get(m.from));
            scratch.set(m.to, self.get(m.to));
            safe
        });
        moves
    }

    /// The square of the first royal piece of `owner`.
    pub fn royal_square(&self, owner: u8) -> Option<Square> {
        self.royal_set(owner).iter().find(|&s| self.owns(s, owner))
    }

    /// Why the piece on `from` cannot reach `to` by its pattern, in words,
    /// or `None` when the pattern does allow it. `capture` says which
    /// pattern applies.
    pub fn explain_unreachable(&self, from: Square, to: Square, capture: bool) -> Option<String> {
        let p = self.get(from)?;
        let g = self.geometry();
        let kind = self.kind(p);
        let mode = if capture { Mode::Capture } else { Mode::Move };
        let occ = self.occupied();
        if targets(
            g,
            kind.pattern(mode, g.zone(from)),
            from,
            p.facing,
            mode,
            &occ,
        )
        .contains(&to)
        {
            return None;
        }
        // Would it get there on an empty board (with `to` holding what it holds)?
        let pat = kind.pattern(mode, g.zone(from));
        let only_to = |s: Square| s == to && capture;
        if targets(g, pat, from, p.facing, mode, &only_to).contains(&to)
            && let Some(between) = line_between(g, pat, from, to, p.facing)
            && let Some(&b) = between.iter().find(|&&s| occ(s))
        {
            return Some(format!("the path is blocked at {}", g.name(b)));
        }
        Some(format!("a {} {}", kind.name, kind.how))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movement::{Primitive, Range, all_eight, diagonal, orthogonal};

    fn set() -> &'static BoardSpec {
        let kinds = vec![
            PieceKind::simple(
                'K',
                "king",
                "moves one square",
                vec![
                    Primitive::Leap(all_eight(1, 0)),
                    Primitive::Leap(all_eight(1, 1)),
                ],
            )
            .royal(),
            PieceKind::simple(
                'R',
                "rook",
                "moves along files and ranks",
                vec![Primitive::Ride(orthogonal(), Range::Unlimited)],
            ),
            PieceKind::simple(
                'B',
                "bisroos",
                "moves diagonally",
                vec![Primitive::Ride(diagonal(), Range::Unlimited)],
            )
            .capturing(vec![Primitive::Ride(orthogonal(), Range::Unlimited)])
            .checking(vec![Primitive::Ride(diagonal(), Range::Unlimited)]),
        ];
        Box::leak(Box::new(BoardSpec::new(Geometry::rect(8, 8), kinds)))
    }

    #[test]
    fn own_piece_says_why_there_is_none_to_move() {
        let mut b = Board::empty(set());
        put(&mut b, "b8", 1, 1);
        put(&mut b, "a1", 0, 0);
        let sq = |n: &str| b.geometry().parse(n).unwrap();
        let seats = ["White", "Black"];
        assert_eq!(b.own_piece(sq("a1"), 0, &seats).unwrap().kind, 0);
        assert_eq!(
            b.own_piece(sq("e3"), 0, &seats),
            Err("there is no piece on e3".to_string())
        );
        assert_eq!(
            b.own_piece(sq("b8"), 0, &seats),
            Err("the rook on b8 is Black's".to_string())
        );
    }

    /// The royal squares and those facing oddly, kept by `set`, `shift`
    /// and `copy_from`, against the cells read one by one.
    #[test]
    fn royal_squares_follow_the_pieces() {
        fn read(b: &Board) -> SquareSet {
            let mut s = SquareSet::default();
            for sq in b.geometry().squares() {
                if b.get(sq).is_some_and(|p| b.is_royal_kind(p.kind)) {
                    s.insert(sq);
                }
            }
            s
        }
        fn odd(b: &Board) -> SquareSet {
            let mut s = SquareSet::default();
            for sq in b.geometry().squares() {
                if b.get(sq).is_some_and(|p| !matches!(p.facing, 1 | -1)) {
                    s.insert(sq);
                }
            }
            s
        }
        let mut b = Board::empty(set());
        let sq = |b: &Board, n: &str| b.geometry().parse(n).unwrap();
        put(&mut b, "e1", 0, 0);
        put(&mut b, "e8", 1, 0);
        put(&mut b, "a1", 0, 1);
        assert_eq!(b.royal_squares().iter().count(), 2);
        assert_eq!(*b.royal_squares(), read(&b));
        // A king moves, a king takes a rook, a rook takes a king, a king
        // is replaced by a rook, an empty square is shifted.
        let steps: [(&str, &str); 4] = [("e1", "e2"), ("e2", "a1"), ("a1", "a1"), ("c3", "d4")];
        for (from, to) in steps {
            b.shift(sq(&b, from), sq(&b, to));
            assert_eq!(*b.royal_squares(), read(&b), "{from}-{to}");
        }
        put(&mut b, "h8", 1, 1);
        b.shift(sq(&b, "h8"), sq(&b, "e8"));
        assert_eq!(*b.royal_squares(), read(&b));
        assert_eq!(b.royal_squares().iter().count(), 1);
        put(&mut b, "b2", 0, 0);
        // A piece facing sideways: moved, moved in place, taken; another
        // moving onto a king.
        let side = |kind| {
            Some(Piece {
                owner: 1,
                kind,
                facing: 2,
            })
        };
        b.set(sq(&b, "c5"), side(1));
        assert_eq!(b.odd_facing().iter().count(), 1);
        for (from, to) in [("c5", "c6"), ("c6", "c6"), ("b2", "c6")] {
            b.shift(sq(&b, from), sq(&b, to));
            assert_eq!(*b.odd_facing(), odd(&b), "{from}-{to}");
            assert_eq!(*b.royal_squares(), read(&b), "{from}-{to}");
        }
        assert!(b.odd_facing().is_empty());
        b.set(sq(&b, "d5"), side(2));
        b.shift(sq(&b, "d5"), sq(&b, "c6"));
        assert_eq!(*b.odd_facing(), odd(&b));
        assert_eq!(*b.royal_squares(), read(&b));
        assert_eq!(b.odd_facing().iter().count(), 1);
        put(&mut b, "b2", 0, 0);
        let mut c = Board::empty(set());
        c.copy_from(&b);
        assert_eq!(*c.royal_squares(), read(&b));
        assert_eq!(c.royal_squares().iter().count(), 2);
        assert_eq!(*c.odd_facing(), odd(&b));
        assert_eq!(c.odd_facing().iter().count(), 1);
        b.set(sq(&b, "c6"), None);
        assert!(b.odd_facing().is_empty());
    }

    fn put(b: &mut Board, sq: &str, owner: u8, kind: u8) {
        let s = b.geometry().parse(sq).unwrap();
        b.set(
            s,
            Some(Piece {
                owner,
                kind,
                facing: if owner == 0 { 1 } else { -1 },
            }),
        );
    }

    #[test]
    fn attacks_use_check_patterns() {
        let mut b = Board::empty(set());
        put(&mut b, "e1", 0, 0);
        put(&mut b, "e8", 1, 2); // bisroos on the e-file: captures along it, no check
        put(&mut b, "h4", 1, 2); // bisroos on the diagonal: checks e1
        let g = b.geometry();
        let e1 = g.parse("e1").unwrap();
        assert!(b.attacked_by(e1, 1));
        b.set(g.parse("h4").unwrap(), None);
        assert!(!b.attacked_by(e1, 1));
        assert_eq!(b.capture_targets(g.parse("e8").unwrap()), vec![e1]);
        assert_eq!(b.royal_square(0), Some(e1));
    }

    #[test]
    fn pseudo_moves_and_explanations() {
        let mut b = Board::empty(set());
        put(&mut b, "a1", 0, 1);
        put(&mut b, "a3", 0, 0);
        put(&mut b, "c1", 1, 1);
        let g = b.geometry();
        let moves = b.pseudo_moves(0);
        let rook: Vec<_> = moves.iter().filter(|m| m.from == 0).collect();
        assert_eq!(rook.len(), 3); // a2, b1, xc1
        assert!(rook.iter().any(|m| m.capture && g.name(m.to) == "c1"));
        let a1 = g.parse("a1").unwrap();
        assert_eq!(
            b.explain_unreachable(a1, g.parse("a5").unwrap(), false)
                .unwrap(),
            "the path is blocked at a3"
        );
        assert_eq!(
            b.explain_unreachable(a1, g.parse("b2").unwrap(), false)
                .unwrap(),
            "a rook moves along files and ranks"
        );
        assert_eq!(
            b.explain_unreachable(a1, g.parse("b1").unwrap(), false),
            None
        );
    }
}
