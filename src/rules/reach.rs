//! Precomputed reach: every piece kind's movement primitives unrolled, once
//! per board, into plain lists of squares for each (kind, use, facing, from
//! square). The generator then walks these lists against the occupancy
//! instead of re-reading the primitives, computing offsets and allocating
//! rays at every call. It finds exactly what [`super::movement::targets`]
//! finds, in the same order; that function stays the readable reference
//! (and serves the refusal explanations).
//!
//! Each (kind, use, facing) table is unrolled the first time it is asked
//! for. A command is one short process that often needs a handful of them
//! (whether a king stands in check, with the chess backend's bitboards
//! doing the rest); unrolling all of them up front was a tenth of the CPU
//! of a move by mail and half a megabyte of memory touched.

use std::sync::OnceLock;

use super::geometry::{Geometry, Square};
use super::movement::{Mode, Pattern, PieceKind, Primitive, Range};

/// Which of a kind's patterns a walk follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// Quiet moves: the empty squares it reaches.
    Move,
    /// Captures: the occupied squares it reaches (any owner).
    Capture,
    /// Checks: like captures, by the check pattern.
    Check,
}

const USES: [Use; 3] = [Use::Move, Use::Capture, Use::Check];

/// A set of squares of one board (a geometry has fewer than 256).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    pub fn contains(&self, sq: Square) -> bool {
        self.0[sq as usize >> 6] & (1 << (sq & 63)) != 0
    }

    pub fn insert(&mut self, sq: Square) {
        self.0[sq as usize >> 6] |= 1 << (sq & 63);
    }

    pub fn remove(&mut self, sq: Square) {
        self.0[sq as usize >> 6] &= !(1 << (sq & 63));
    }

    /// Adds every square of `other`.
    pub fn add(&mut self, other: &SquareSet) {
        (0..4).for_each(|i| self.0[i] |= other.0[i]);
    }

    /// Adds the squares of `a` that are also in `b`.
    pub fn add_common(&mut self, a: &SquareSet, b: &SquareSet) {
        (0..4).for_each(|i| self.0[i] |= a.0[i] & b.0[i]);
    }

    /// The squares of the set, lowest first.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    (i * 64 + bit) as Square
                })
            })
        })
    }

    /// The squares of this set that are also in `other`.
    #[inline]
    pub fn intersection(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The squares of this set that are not in `other`.
    #[inline]
    pub fn without(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// How many squares the set holds.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Squares 0 to 63 of the set as bits (the whole set on a board of
    /// at most 64 squares).
    #[inline]
    pub fn low_bits(&self) -> u64 {
        self.0[0]
    }

    /// The lowest-numbered square of the set.
    #[inline]
    pub fn lowest(&self) -> Option<Square> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some((i * 64 + self.0[i].trailing_zeros() as usize) as Square)
    }

    /// The highest-numbered square of the set.
    #[inline]
    pub fn highest(&self) -> Option<Square> {
        let i = self.0.iter().rposition(|&w| w != 0)?;
        Some((i * 64 + 63 - self.0[i].leading_zeros() as usize) as Square)
    }

    /// Every square numbered below `n` (at most 256).
    #[inline]
    pub fn below(n: usize) -> SquareSet {
        SquareSet(std::array::from_fn(|i| match n.saturating_sub(i * 64) {
            0 => 0,
            k if k >= 64 => u64::MAX,
            k => (1u64 << k) - 1,
        }))
    }

    /// True when the set holds no square.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// How many squares of this set are also in `other`.
    #[inline]
    pub fn common(&self, other: &SquareSet) -> u32 {
        (0..4).map(|i| (self.0[i] & other.0[i]).count_ones()).sum()
    }
}

/// How one list of squares is walked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    /// Squares in order up to and including the first occupied one (a
    /// leap is a slide of one square; an odd-distance ride a slide over
    /// its odd-distance squares only).
    Slide,
    /// The first occupied square is the screen; the next occupied one is
    /// reached (Pao capture).
    Hop,
    /// The first occupied square is the hurdle; the square just beyond it
    /// is reached, empty or not (the grasshopper).
    Grasshop,
    /// The Gryphon's diagonal first step (one square): when it is
    /// occupied, the next `n` lists (its outward legs) are skipped.
    Gate(u8),
}

#[derive(Clone, Copy, Debug)]
struct Segment {
    start: u32,
    len: u8,
    walk: Walk,
}

#[derive(Clone, Debug)]
struct Program {
    first_segment: u32,
    end_segment: u32,
    /// Some square lies on two lists (rays round a cylinder): keep each once.
    dedup: bool,
    /// Every square the walk could ever reach, whatever the occupancy.
    span: SquareSet,
    /// The squares it reaches on a board empty but for the square reached
    /// (every list's but a hop's: a hop needs a screen).
    alone: SquareSet,
}

/// The unrolled patterns of one board's piece set, one [`Table`] per
/// (kind, use, facing), each unrolled on first use.
pub struct Reach {
    geo: Geometry,
    kinds: Vec<PieceKind>,
    /// Per kind: it moves as it captures (one walk finds both).
    moves_as_captures: Vec<bool>,
    tables: Vec<OnceLock<Table>>,
    /// Per square: every square from which a piece of some kind and
    /// facing could check it on some board (see [`Reach::check_sources`]).
    check_sources: OnceLock<Vec<SquareSet>>,
}

/// One (kind, use, facing): a program per square of the board.
#[derive(Default)]
struct Table {
    programs: Vec<Program>,
    segments: Vec<Segment>,
    squares: Vec<Square>,
    /// The ways to each square, for [`Reach::lines_to`].
    ways: OnceLock<Ways>,
}

/// How many tables are built is left out: a table built on first use is
/// a cache, not part of the value, and another thread may build one while
/// a position is printed (tests compare positions by their Debug text).
impl std::fmt::Debug for Reach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Reach({} tables)", self.tables.len())
    }
}

fn pattern_for(kind: &PieceKind, use_: Use, zone: u8) -> &Pattern {
    match use_ {
        Use::Move => kind.pattern(Mode::Move, zone),
        Use::Capture => kind.pattern(Mode::Capture, zone),
        Use::Check => kind.check_pattern(zone),
    }
}

impl Reach {
    /// The reach of `kinds` on `geo`, for both facings; nothing is unrolled
    /// yet.
    pub fn build(geo: &Geometry, kinds: &[PieceKind]) -> Self {
        Reach {
            geo: geo.clone(),
            kinds: kinds.to_vec(),
            moves_as_captures: kinds.iter().map(|k| k.moves == k.captures).collect(),
            tables: (0..kinds.len() * USES.len() * 2)
                .map(|_| OnceLock::new())
                .collect(),
            check_sources: OnceLock::new(),
        }
    }

    /// Per target square: the squares from which a piece of any kind,
    /// facing +1 or -1, could check it on some board (the union of the
    /// check spans that hold it). A piece facing +1 or -1 elsewhere
    /// cannot check that square, whatever the board: the royal guard
    /// skips it unasked. Built on first use (it unrolls every kind's
    /// check tables: a search asks for it, a single command does not).
    pub fn check_sources(&self) -> &[SquareSet] {
        self.check_sources.get_or_init(|| {
            let mut sources = vec![SquareSet::default(); self.geo.len()];
            for kind in 0..self.kinds.len() as u8 {
                for facing in [1, -1] {
                    for from in self.geo.squares() {
                        let Some(span) = self.span(kind, Use::Check, facing, from) else {
                            continue;
                        };
                        for to in span.iter() {
                            sources[to as usize].insert(from);
                        }
                    }
                }
            }
            sources
        })
    }

    /// The table of (`kind`, `use_`, `facing`), unrolled now if it was not.
    fn table(&self, kind: u8, use_: Use, facing: i8) -> Option<&Table> {
        let facing_index = match facing {
            1 => 0,
            -1 => 1,
            _ => return None,
        };
        let kind_def = self.kinds.get(kind as usize)?;
        let index = (kind as usize * USES.len() + use_ as usize) * 2 + facing_index;
        Some(self.tables[index].get_or_init(|| {
            let mut table = Table::default();
            for from in self.geo.squares() {
                let pattern = pattern_for(kind_def, use_, self.geo.zone(from));
                table.compile(&self.geo, pattern, facing, from);
            }
            table
        }))
    }

    fn program(&self, kind: u8, use_: Use, facing: i8, from: Square) -> Option<(&Table, &Program)> {
        let table = self.table(kind, use_, facing)?;
        Some((table, table.programs.get(from as usize)?))
    }

    /// Every square a piece of `kind` facing `facing` on `from` could reach
    /// by `use_` on some board; `None` for a facing other than +1 / -1.
    pub fn span(&self, kind: u8, use_: Use, facing: i8, from: Square) -> Option<&SquareSet> {
        self.program(kind, use_, facing, from).map(|(_, p)| &p.span)
    }
}

impl Table {
    fn push_segment(&mut self, walk: Walk, squares: impl IntoIterator<Item = Square>) {
        let start = self.squares.len();
        self.squares.extend(squares);
        let len = self.squares.len() - start;
        self.segments.push(Segment {
            start: start as u32,
            len: u8::try_from(len).expect("a list shorter than the board"),
            walk,
        });
    }

    fn compile(&mut self, geo: &Geometry, pattern: &Pattern, facing: i8, from: Square) {
        let first_segment = self.segments.len() as u32;
        let first_square = self.squares.len();
        for prim in pattern {
            match prim {
                Primitive::Leap(vs) => {
                    for &(df, dr) in vs {
                        if let Some(sq) = geo.offset(from, df, dr * facing).filter(|&s| s != from) {
                            self.push_segment(Walk::Slide, [sq]);
                        }
                    }
                }
                Primitive::Ride(vs, range) => {
                    let limit = match range {
                        Range::Unlimited => usize::MAX,
                        Range::Max(n) => *n as usize,
                    };
                    for &(df, dr) in vs {
                        let ray = geo.ray_along(from, df, dr * facing);
                        self.push_segment(Walk::Slide, ray.into_iter().take(limit));
                    }
                }
                Primitive::OddRide(vs) => {
                    for &(df, dr) in vs {
                        let ray = geo.ray_along(from, df, dr * facing);
                        self.push_segment(Walk::Slide, ray.into_iter().step_by(2));
                    }
                }
                Primitive::Hop(vs) => {
                    // Walked only when occupied squares are kept.
                    for &(df, dr) in vs {
                        self.push_segment(Walk::Hop, geo.ray_along(from, df, dr * facing));
                    }
                }
                Primitive::Grasshop(vs) => {
                    for &(df, dr) in vs {
                        self.push_segment(Walk::Grasshop, geo.ray_along(from, df, dr * facing));
                    }
                }
                Primitive::Bent(vs) => {
                    for &(df, dr) in vs {
                        let dr = dr * facing;
                        let Some(first) = geo.offset(from, df, dr) else {
                            continue;
                        };
                        self.push_segment(Walk::Gate(2), [first]);
                        for (ef, er) in [(0, dr), (df, 0)] {
                            let leg = geo.ray_along(first, ef, er);
                            self.push_segment(
                                Walk::Slide,
                                leg.into_iter().take_while(|&s| s != from),
                            );
                        }
                    }
                }
            }
        }
        let mut span = SquareSet::default();
        let mut dedup = false;
        for &sq in &self.squares[first_square..] {
            dedup |= span.contains(sq);
            span.insert(sq);
        }
        let mut alone = SquareSet::default();
        for seg in &self.segments[first_segment as usize..] {
            if !matches!(seg.walk, Walk::Hop | Walk::Grasshop) {
                let list = &self.squares[seg.start as usize..seg.start as usize + seg.len as usize];
                list.iter().for_each(|&sq| alone.insert(sq));
            }
        }
        self.programs.push(Program {
            first_segment,
            end_segment: self.segments.len() as u32,
            dedup,
            span,
            alone,
        });
    }
}

impl Reach {
    /// The squares a piece of `kind` facing `facing` on `from` reaches by
    /// `use_` on a board empty but for the square reached (what
    /// [`super::movement::targets`] finds with only that square occupied);
    /// `None` for a facing other than +1 / -1.
    pub fn alone(&self, kind: u8, use_: Use, facing: i8, from: Square) -> Option<&SquareSet> {
        self.program(kind, use_, facing, from)
            .map(|(_, p)| &p.alone)
    }

    /// Walks the squares a piece of `kind` facing `facing` on `from`
    /// reaches by `use_`, given `occupied`, calling `found` for each (once,
    /// in the order of [`super::movement::targets`]) until it returns
    /// true. Returns whether it stopped early, or `None` when nothing is
    /// precomputed for this facing.
    pub fn walk(
        &self,
        kind: u8,
        use_: Use,
        facing: i8,
        from: Square,
        occupied: impl Fn(Square) -> bool,
        found: impl FnMut(Square) -> bool,
    ) -> Option<bool> {
        let wanted = use_ != Use::Move;
        self.walk_keeping(kind, use_, wanted, facing, from, occupied, found)
    }

    /// [`Reach::walk`] keeping the occupied squares (`wanted`) or the
    /// empty ones, whatever the use: `targets` with a capture pattern in
    /// [`Mode::Move`] (the squares a pawn's capture covers, for en
    /// passant). As in `targets`, hoppers reach nothing when empty squares
    /// are wanted.
    #[allow(clippy::too_many_arguments)]
    pub fn walk_keeping(
        &self,
        kind: u8,
        use_: Use,
        wanted: bool,
        facing: i8,
        from: Square,
        occupied: impl Fn(Square) -> bool,
        mut found: impl FnMut(Square) -> bool,
    ) -> Option<bool> {
        let (table, program) = self.program(kind, use_, facing, from)?;
        let mut seen = SquareSet::default();
        let mut keep = |sq: Square| {
            if program.dedup {
                if seen.contains(sq) {
                    return false;
                }
                seen.insert(sq);
            }
            found(sq)
        };
        let mut i = program.first_segment as usize;
        while i < program.end_segment as usize {
            let seg = table.segments[i];
            i += 1;
            let list = &table.squares[seg.start as usize..seg.start as usize + seg.len as usize];
            match seg.walk {
                Walk::Slide => {
                    for &sq in list {
                        let occ = occupied(sq);
                        if occ == wanted && keep(sq) {
                            return Some(true);
                        }
                        if occ {
                            break;
                        }
                    }
                }
                Walk::Hop if !wanted => {}
                Walk::Hop => {
                    let mut screened = false;
                    for &sq in list {
                        if occupied(sq) {
                            if screened {
                                if keep(sq) {
                                    return Some(true);
                                }
                                break;
                            }
                            screened = true;
                        }
                    }
                }
                Walk::Grasshop => {
                    if let Some(hurdle) = list.iter().position(|&sq| occupied(sq))
                        && let Some(&sq) = list.get(hurdle + 1)
                        && occupied(sq) == wanted
                        && keep(sq)
                    {
                        return Some(true);
                    }
                }
                Walk::Gate(legs) => {
                    let sq = list[0];
                    let occ = occupied(sq);
                    if occ == wanted && keep(sq) {
                        return Some(true);
                    }
                    if occ {
                        i += legs as usize;
                    }
                }
            }
        }
        Some(false)
    }
}

impl Reach {
    /// [`Reach::walk`] by [`Use::Move`] and by [`Use::Capture`] at once,
    /// for a kind that moves as it captures: `found(square, occupied)` gets
    /// the empty squares and the occupied ones, each in its walk's order. `None`
    /// (and nothing walked) for another kind, a facing the tables do not
    /// hold, or more than `max_captures` lists.
    pub fn walk_both(
        &self,
        kind: u8,
        facing: i8,
        from: Square,
        max_captures: usize,
        occupied: impl Fn(Square) -> bool,
        mut found: impl FnMut(Square, bool),
    ) -> Option<()> {
        if !*self.moves_as_captures.get(kind as usize)? {
            return None;
        }
        let (table, program) = self.program(kind, Use::Move, facing, from)?;
        if (program.end_segment - program.first_segment) as usize > max_captures {
            return None;
        }
        let mut seen = SquareSet::default();
        let mut first = |sq: Square| {
            if program.dedup {
                if seen.contains(sq) {
                    return false;
                }
                seen.insert(sq);
            }
            true
        };
        let mut i = program.first_segment as usize;
        while i < program.end_segment as usize {
            let seg = table.segments[i];
            i += 1;
            let list = &table.squares[seg.start as usize..seg.start as usize + seg.len as usize];
            match seg.walk {
                Walk::Slide => {
                    for &sq in list {
                        if occupied(sq) {
                            if first(sq) {
                                found(sq, true);
                            }
                            break;
                        }
                        if first(sq) {
                            found(sq, false);
                        }
                    }
                }
                Walk::Hop => {
                    let mut screened = false;
                    for &sq in list {
                        if occupied(sq) {
                            if screened {
                                if first(sq) {
                                    found(sq, true);
                                }
                                break;
                            }
                            screened = true;
                        }
                    }
                }
                Walk::Grasshop => {
                    if let Some(hurdle) = list.iter().position(|&sq| occupied(sq))
                        && let Some(&sq) = list.get(hurdle + 1)
                        && first(sq)
                    {
                        found(sq, occupied(sq));
                    }
                }
                Walk::Gate(legs) => {
                    let sq = list[0];
                    if occupied(sq) {
                        if first(sq) {
                            found(sq, true);
                        }
                        i += legs as usize;
                    } else if first(sq) {
                        found(sq, false);
                    }
                }
            }
        }
        Some(())
    }

    /// Whether a piece of `kind` facing `facing` on `from` reaches `target`
    /// by `use_` on a board whose occupied squares are `occupied`: one of
    /// its ways there ([`Reach::lines_to`]) holds.
    /// `None` for a facing the tables do not hold.
    pub fn reaches_through(
        &self,
        kind: u8,
        use_: Use,
        facing: i8,
        from: Square,
        target: Square,
        occupied: &SquareSet,
    ) -> Option<bool> {
        let mut reached = false;
        self.lines_to(kind, use_, facing, from, target, |way| {
            reached |= way.holds(occupied);
        })?;
        Some(reached)
    }

    /// Every way a piece of `kind` facing `facing` on `from` reaches
    /// `target` by `use_` (see [`Way`]). The piece reaches `target`
    /// (whatever stands there) exactly when one of them holds. `None` for
    /// a facing the tables do not hold.
    pub fn lines_to(
        &self,
        kind: u8,
        use_: Use,
        facing: i8,
        from: Square,
        target: Square,
        line: impl FnMut(&Way),
    ) -> Option<()> {
        self.at(kind, use_, facing, from)?.lines_to(target, line);
        Some(())
    }

    /// What a piece of `kind` facing `facing` on `from` reaches by `use_`,
    /// looked up once for several questions; `None` for a facing the
    /// tables do not hold.
    pub fn at(&self, kind: u8, use_: Use, facing: i8, from: Square) -> Option<ReachFrom<'_>> {
        let (table, program) = self.program(kind, use_, facing, from)?;
        Some(ReachFrom {
            table,
            program,
            from,
        })
    }
}

/// One (kind, use, facing, square) of a [`Reach`] (see [`Reach::at`]).
#[derive(Clone, Copy)]
pub struct ReachFrom<'a> {
    table: &'a Table,
    program: &'a Program,
    from: Square,
}

impl ReachFrom<'_> {
    /// [`Reach::span`].
    #[inline]
    pub fn span(&self) -> &SquareSet {
        &self.program.span
    }

    /// [`Reach::lines_to`].
    #[inline]
    pub fn lines_to(&self, target: Square, mut line: impl FnMut(&Way)) {
        if !self.program.span.contains(target) {
            return;
        }
        let ways = self.table.ways.get_or_init(|| Ways::build(self.table));
        let (start, end) = ways.programs[self.from as usize];
        for i in start as usize..end as usize {
            if ways.targets[i] == target {
                line(&ways.ways[i]);
            }
        }
    }

    /// Every way of [`ReachFrom::lines_to`] to every square reached, as
    /// `way(target, way)`: all the ways at once, for a table built per
    /// piece and square.
    pub fn each_way(&self, mut way: impl FnMut(Square, &Way)) {
        let ways = self.table.ways.get_or_init(|| Ways::build(self.table));
        let (start, end) = ways.programs[self.from as usize];
        for i in start as usize..end as usize {
            way(ways.targets[i], &ways.ways[i]);
        }
    }
}

/// One way a piece reaches a square: the squares that matter on the way,
/// how many of them must be occupied (none for a slide, a leap or the
/// Gryphon's bend; exactly one, the screen, for a hop) and the one of them
/// that must be the occupied one (a grasshopper's hurdle: the square just
/// before the target; its way is the line up to it, with one piece, there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Way {
    pub squares: SquareSet,
    pub screens: u32,
    pub hurdle: Option<Square>,
}

impl Way {
    /// True when the piece reaches the target on a board whose occupied
    /// squares are `occupied`.
    #[inline]
    pub fn holds(&self, occupied: &SquareSet) -> bool {
        self.squares.common(occupied) == self.screens
            && self.hurdle.is_none_or(|h| occupied.contains(h))
    }
}

/// Every way of one table's programs to every square it reaches, listed
/// once when first asked (the royal guard asks for a few per position):
/// per program, the targets, and for each the squares on the way and how
/// many of them must be occupied, in the order of the program's lists.
#[derive(Default)]
struct Ways {
    /// Per program (from square): its range of `targets` and `ways`.
    programs: Vec<(u32, u32)>,
    targets: Vec<Square>,
    ways: Vec<Way>,
}

impl Ways {
    fn build(table: &Table) -> Ways {
        let mut ways = Ways::default();
        for program in &table.programs {
            let start = ways.targets.len() as u32;
            let list = |i: usize| {
                let seg = table.segments[i];
                (
                    seg.walk,
                    &table.squares[seg.start as usize..seg.start as usize + seg.len as usize],
                )
            };
            // A square met twice on one list (or a leg's square met again
            // at its gate) is reached by the first meeting only.
            let mut push = |squares: &[Square], mut way: SquareSet, screens: u32, hurdles: bool| {
                for (i, &sq) in squares.iter().enumerate() {
                    if hurdles {
                        // The grasshopper's targets lie beyond a hurdle.
                        way.insert(sq);
                        let Some(&target) = squares.get(i + 1) else {
                            break;
                        };
                        if !way.contains(target) {
                            ways.targets.push(target);
                            ways.ways.push(Way {
                                squares: way,
                                screens,
                                hurdle: Some(sq),
                            });
                        }
                        continue;
                    }
                    if !way.contains(sq) {
                        ways.targets.push(sq);
                        ways.ways.push(Way {
                            squares: way,
                            screens,
                            hurdle: None,
                        });
                    }
                    way.insert(sq);
                }
            };
            let mut i = program.first_segment as usize;
            while i < program.end_segment as usize {
                let (walk, squares) = list(i);
                i += 1;
                match walk {
                    Walk::Slide => push(squares, SquareSet::default(), 0, false),
                    Walk::Hop => push(squares, SquareSet::default(), 1, false),
                    Walk::Grasshop => push(squares, SquareSet::default(), 1, true),
                    Walk::Gate(legs) => {
                        let gate = squares[0];
                        push(&[gate], SquareSet::default(), 0, false);
                        let mut through = SquareSet::default();
                        through.insert(gate);
                        for leg in i..i + legs as usize {
                            push(list(leg).1, through, 0, false);
                        }
                        i += legs as usize;
                    }
                }
            }
            ways.programs.push((start, ways.targets.len() as u32));
        }
        ways
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movement::{all_eight, diagonal, orthogonal, queen_lines, targets};

    fn kinds() -> Vec<PieceKind> {
        vec![
            PieceKind::simple(
                'Q',
                "queen",
                "moves along lines",
                vec![
                    Primitive::Ride(queen_lines(), Range::Max(5)),
                    Primitive::Leap(all_eight(2, 1)),
                ],
            ),
            PieceKind::simple(
                'P',
                "pao",
                "moves as a rook",
                vec![Primitive::Ride(orthogonal(), Range::Unlimited)],
            )
            .capturing(vec![Primitive::Hop(orthogonal())])
            .checking(vec![Primitive::OddRide(diagonal())]),
            PieceKind::simple('G', "gryphon", "bends", vec![Primitive::Bent(diagonal())]),
            PieceKind::simple('H', "hopper", "hops", vec![Primitive::Hop(queen_lines())]),
            PieceKind::simple(
                'X',
                "grasshopper",
                "hops over the first piece",
                vec![Primitive::Grasshop(queen_lines())],
            ),
            PieceKind::simple(
                'Y',
                "nightrider grasshopper",
                "hops over the first piece on a knight's line",
                vec![Primitive::Grasshop(all_eight(2, 1))],
            ),
        ]
    }

    /// The walk finds what the reference generator finds, in its order,
    /// on a cylinder and on a board with corner squares, for every
    /// square, kind, use and facing, on a scattered occupancy.
    #[test]
    fn walks_match_the_reference_generator() {
        let kinds = kinds();
        for geo in [
            Geometry::rect(7, 12).with_vertical_wrap(),
            Geometry::rect(6, 6)
                .with_extra("z1", -1, -1)
                .with_extra("z3", 6, 6),
        ] {
            let reach = Reach::build(&geo, &kinds);
            let occupied = |s: Square| (s as usize * 7 + s as usize / 3) % 5 < 2;
            for (k, kind) in kinds.iter().enumerate() {
                for use_ in USES {
                    for facing in [1, -1] {
                        for from in geo.squares() {
                            let pattern = pattern_for(kind, use_, geo.zone(from));
                            let mode = if use_ == Use::Move {
                                Mode::Move
                            } else {
                                Mode::Capture
                            };
                            let want = targets(&geo, pattern, from, facing, mode, &occupied);
                            // The same pattern keeping the other squares.
                            let other = if mode == Mode::Move {
                                Mode::Capture
                            } else {
                                Mode::Move
                            };
                            let want_other = targets(&geo, pattern, from, facing, other, &occupied);
                            let mut got_other = Vec::new();
                            let wanted = other == Mode::Capture;
                            reach.walk_keeping(
                                k as u8,
                                use_,
                                wanted,
                                facing,
                                from,
                                occupied,
                                |s| {
                                    got_other.push(s);
                                    false
                                },
                            );
                            assert_eq!(
                                got_other,
                                want_other,
                                "{} from {}",
                                kind.name,
                                geo.name(from)
                            );
                            let mut got = Vec::new();
                            let stopped = reach.walk(k as u8, use_, facing, from, occupied, |s| {
                                got.push(s);
                                false
                            });
                            assert_eq!(stopped, Some(false));
                            assert_eq!(got, want, "{} from {}", kind.name, geo.name(from));
                            let span = reach.span(k as u8, use_, facing, from).unwrap();
                            assert!(want.iter().all(|&s| span.contains(s)));
                            // Alone on the board, each square by itself.
                            let alone = reach.alone(k as u8, use_, facing, from).unwrap();
                            for to in geo.squares() {
                                let only = |s: Square| mode == Mode::Capture && s == to;
                                let found = targets(&geo, pattern, from, facing, mode, &only);
                                assert_eq!(alone.contains(to), found.contains(&to));
                            }
                        }
                    }
                }
            }
        }
    }

    /// A piece reaches a square exactly when one of its ways there holds
    /// (whatever stands on the square): the reference generator's capture
    /// with the square occupied, for every kind, facing, square and
    /// target on scattered boards (the grasshoppers' hurdles included).
    #[test]
    fn ways_hold_where_the_reference_generator_reaches() {
        let kinds = kinds();
        let geo = Geometry::rect(8, 8);
        let reach = Reach::build(&geo, &kinds);
        for seed in 0..3usize {
            let occupied = |s: Square| (s as usize * 7 + s as usize / 3 + seed) % 5 < 2;
            let mut set = SquareSet::default();
            geo.squares()
                .filter(|&s| occupied(s))
                .for_each(|s| set.insert(s));
            for (k, kind) in kinds.iter().enumerate() {
                for facing in [1, -1] {
                    for from in geo.squares() {
                        for to in geo.squares() {
                            let with_to = |s: Square| s == to || occupied(s);
                            let mut on = set;
                            on.insert(to);
                            let pattern = kind.check_pattern(geo.zone(from));
                            let want =
                                targets(&geo, pattern, from, facing, Mode::Capture, &with_to)
                                    .contains(&to);
                            let got = reach
                                .reaches_through(k as u8, Use::Check, facing, from, to, &on)
                                .unwrap();
                            assert_eq!(
                                got,
                                want,
                                "{} from {} to {}",
                                kind.name,
                                geo.name(from),
                                geo.name(to)
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn walk_stops_when_asked_and_refuses_odd_facings() {
        let geo = Geometry::rect(8, 8);
        let reach = Reach::build(&geo, &kinds());
        let mut calls = 0;
        let stopped = reach.walk(
            0,
            Use::Move,
            1,
            0,
            |_| false,
            |_| {
                calls += 1;
                true
            },
        );
        assert_eq!((stopped, calls), (Some(true), 1));
        assert!(
            reach
                .walk(0, Use::Move, 0, 0, |_| false, |_| false)
                .is_none()
        );
    }
}
