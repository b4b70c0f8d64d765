//! Movement primitives as data (Fairy-Stockfish style): a piece kind is a
//! list of primitives per zone, separately for moving, capturing and giving
//! check. No game writes code per piece; it writes a table of these.
//!
//! Vectors are written from the owner's point of view: `dr > 0` is forward.
//! The generator flips them for a piece facing down the board.

use super::geometry::{Geometry, Square};

/// How far a rider goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    Unlimited,
    /// At most this many squares.
    Max(u8),
}

/// One way of moving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Primitive {
    /// Lands exactly on from + vector, jumping over anything between.
    Leap(Vec<(i8, i8)>),
    /// Slides along each direction while squares are empty.
    Ride(Vec<(i8, i8)>, Range),
    /// Queen lines at odd distances only (the Torch): pieces at even
    /// distances are jumped, a piece at an odd distance ends the line.
    OddRide(Vec<(i8, i8)>),
    /// Jumps exactly one piece (the screen) along a line and lands on the
    /// first piece beyond it (Pao capture). In move mode it reaches nothing.
    Hop(Vec<(i8, i8)>),
    /// Along a line over the first piece in it (the hurdle) to the square
    /// just beyond, empty or taken (the grasshopper, Betza `g`): in both
    /// modes, and nowhere on a line without a hurdle.
    Grasshop(Vec<(i8, i8)>),
    /// One diagonal step, then on outward along the file or the rank in
    /// the direction of that step (the Gryphon).
    Bent(Vec<(i8, i8)>),
}

/// A set of primitives: what a piece can do from one zone in one mode.
pub type Pattern = Vec<Primitive>;

/// Whether the targets are for a quiet move or a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Only empty squares.
    Move,
    /// Only occupied squares (the caller checks the owner).
    Capture,
}

/// The eight reflections of (a, b): (a,b) (b,a) (-a,b) ...
pub fn all_eight(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = (x * sx, y * sy);
                if !v.contains(&d) {
                    v.push(d);
                }
            }
        }
    }
    v
}

/// The four orthogonal unit vectors.
pub fn orthogonal() -> Vec<(i8, i8)> {
    all_eight(1, 0)
}

/// The four diagonal unit vectors.
pub fn diagonal() -> Vec<(i8, i8)> {
    all_eight(1, 1)
}

/// All eight unit vectors.
pub fn queen_lines() -> Vec<(i8, i8)> {
    let mut v = orthogonal();
    v.extend(diagonal());
    v
}

/// Only the vectors that go forward (dr > 0).
pub fn forward_only(v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    v.into_iter().filter(|&(_, dr)| dr > 0).collect()
}

/// A whole piece kind: its letter, name and patterns.
#[derive(Clone, Debug)]
pub struct PieceKind {
    /// The letter in notation and on the board (`N`); pawns have one too
    /// for the board (`P`) but [`PieceKind::in_notation`] says whether
    /// moves show it.
    pub letter: char,
    pub name: &'static str,
    /// Whether moves are written with the letter (false for pawns).
    pub in_notation: bool,
    /// How the piece moves, in a phrase for refusals: "moves in an L shape".
    pub how: &'static str,
    /// Quiet moves, indexed by the zone of the FROM square (one entry = all zones).
    pub moves: Vec<Pattern>,
    /// Captures, by zone.
    pub captures: Vec<Pattern>,
    /// Squares it gives check to, by zone; `None` = its captures.
    pub checks: Option<Vec<Pattern>>,
    /// A royal piece: its side must not leave it attacked (where the game has check).
    pub royal: bool,
}

impl PieceKind {
    /// A piece that moves and captures the same way in every zone.
    pub fn simple(letter: char, name: &'static str, how: &'static str, pattern: Pattern) -> Self {
        PieceKind {
            letter,
            name,
            in_notation: true,
            how,
            moves: vec![pattern.clone()],
            captures: vec![pattern],
            checks: None,
            royal: false,
        }
    }

    /// The same piece with separate capture pattern(s).
    pub fn capturing(mut self, pattern: Pattern) -> Self {
        self.captures = vec![pattern];
        self
    }

    /// The same piece with a check pattern differing from its captures.
    pub fn checking(mut self, pattern: Pattern) -> Self {
        self.checks = Some(vec![pattern]);
        self
    }

    /// The same piece with zone-dependent moves = captures (index = zone).
    pub fn zoned(mut self, by_zone: Vec<Pattern>) -> Self {
        self.moves = by_zone.clone();
        self.captures = by_zone;
        self
    }

    pub fn royal(mut self) -> Self {
        self.royal = true;
        self
    }

    /// A pawn-like piece: no letter in notation.
    pub fn unlettered(mut self) -> Self {
        self.in_notation = false;
        self
    }

    fn pick(list: &[Pattern], zone: u8) -> &Pattern {
        &list[(zone as usize).min(list.len() - 1)]
    }

    /// The pattern for `mode` from a square of `zone`.
    pub fn pattern(&self, mode: Mode, zone: u8) -> &Pattern {
        match mode {
            Mode::Move => Self::pick(&self.moves, zone),
            Mode::Capture => Self::pick(&self.captures, zone),
        }
    }

    /// The check pattern from a square of `zone`.
    pub fn check_pattern(&self, zone: u8) -> &Pattern {
        Self::pick(self.checks.as_ref().unwrap_or(&self.captures), zone)
    }
}

/// Target squares of `pattern` from `from` for a piece facing `facing`
/// (+1 up the board, -1 down), given who occupies each square
/// (`occupied(sq)`). In [`Mode::Capture`] the result holds the occupied
/// squares the pattern reaches; the caller keeps the enemy ones.
pub fn targets(
    geo: &Geometry,
    pattern: &Pattern,
    from: Square,
    facing: i8,
    mode: Mode,
    occupied: &dyn Fn(Square) -> bool,
) -> Vec<Square> {
    let mut out = Vec::new();
    let keep = |sq: Square, out: &mut Vec<Square>| {
        if (mode == Mode::Capture) == occupied(sq) && !out.contains(&sq) {
            out.push(sq);
        }
    };
    for prim in pattern {
        match prim {
            Primitive::Leap(vs) => {
                for &(df, dr) in vs {
                    if let Some(sq) = geo.offset(from, df, dr * facing).filter(|&sq| sq != from) {
                        keep(sq, &mut out);
                    }
                }
            }
            Primitive::Ride(vs, range) => {
                for &(df, dr) in vs {
                    let limit = match range {
                        Range::Unlimited => usize::MAX,
                        Range::Max(n) => *n as usize,
                    };
                    for &sq in geo.ray_along(from, df, dr * facing).iter().take(limit) {
                        keep(sq, &mut out);
                        if occupied(sq) {
                            break;
                        }
                    }
                }
            }
            Primitive::OddRide(vs) => {
                for &(df, dr) in vs {
                    for (i, &sq) in geo.ray_along(from, df, dr * facing).iter().enumerate() {
                        if i % 2 == 0 {
                            keep(sq, &mut out);
                            if occupied(sq) {
                                break;
                            }
                        }
                    }
                }
            }
            Primitive::Hop(vs) => {
                if mode == Mode::Move {
                    continue;
                }
                for &(df, dr) in vs {
                    let ray = geo.ray_along(from, df, dr * facing);
                    let mut screened = false;
                    for &sq in &ray {
                        if occupied(sq) {
                            if screened {
                                keep(sq, &mut out);
                                break;
                            }
                            screened = true;
                        }
                    }
                }
            }
            Primitive::Grasshop(vs) => {
                for &(df, dr) in vs {
                    let ray = geo.ray_along(from, df, dr * facing);
                    if let Some(hurdle) = ray.iter().position(|&sq| occupied(sq))
                        && let Some(&sq) = ray.get(hurdle + 1)
                    {
                        keep(sq, &mut out);
                    }
                }
            }
            Primitive::Bent(vs) => {
                for &(df, dr) in vs {
                    let dr = dr * facing;
                    let Some(first) = geo.offset(from, df, dr) else {
                        continue;
                    };
                    keep(first, &mut out);
                    if occupied(first) {
                        continue;
                    }
                    for (ef, er) in [(0, dr), (df, 0)] {
                        for sq in geo.ray_along(first, ef, er) {
                            if sq == from {
                                break;
                            }
                            keep(sq, &mut out);
                            if occupied(sq) {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// The squares strictly between `from` and `to` if `pattern` reaches `to`
/// along a line (a ride), nearest first; `None` when no line of the
/// pattern passes through `to` on an empty board. Used to explain refusals
/// ("the path is blocked at e2").
pub fn line_between(
    geo: &Geometry,
    pattern: &Pattern,
    from: Square,
    to: Square,
    facing: i8,
) -> Option<Vec<Square>> {
    for prim in pattern {
        let vs = match prim {
            Primitive::Ride(vs, _)
            | Primitive::Hop(vs)
            | Primitive::Grasshop(vs)
            | Primitive::OddRide(vs) => vs,
            _ => continue,
        };
        for &(df, dr) in vs {
            let ray = geo.ray_along(from, df, dr * facing);
            if let Some(i) = ray.iter().position(|&s| s == to) {
                return Some(ray[..i].to_vec());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: &Geometry, v: &[Square]) -> Vec<String> {
        let mut n: Vec<String> = v.iter().map(|&s| g.name(s).to_string()).collect();
        n.sort();
        n
    }

    fn occ<'a>(g: &'a Geometry, pieces: &'a [&str]) -> impl Fn(Square) -> bool + 'a {
        move |s| pieces.iter().any(|p| g.parse(p) == Some(s))
    }

    #[test]
    fn symmetry_helpers() {
        assert_eq!(all_eight(2, 1).len(), 8);
        assert_eq!(all_eight(2, 2).len(), 4);
        assert_eq!(all_eight(1, 0).len(), 4);
        assert_eq!(forward_only(diagonal()), vec![(1, 1), (-1, 1)]);
    }

    #[test]
    fn leaper_reaches_corner_square() {
        let g = Geometry::rect(6, 6).with_extra("z1", -1, -1);
        let n = vec![Primitive::Leap(all_eight(2, 1))];
        let from = g.parse("a2").unwrap();
        let t = targets(&g, &n, from, 1, Mode::Move, &|_| false);
        assert_eq!(names(&g, &t), ["b4", "c1", "c3", "z1"]);
    }

    #[test]
    fn rider_with_range_limit_and_capture() {
        let g = Geometry::rect(8, 8);
        let q3 = vec![Primitive::Ride(orthogonal(), Range::Max(3))];
        let a1 = g.parse("a1").unwrap();
        let pieces = ["a3"];
        let o = occ(&g, &pieces);
        assert_eq!(
            names(&g, &targets(&g, &q3, a1, 1, Mode::Move, &o)),
            ["a2", "b1", "c1", "d1"]
        );
        assert_eq!(
            names(&g, &targets(&g, &q3, a1, 1, Mode::Capture, &o)),
            ["a3"]
        );
    }

    #[test]
    fn zone_limited_range() {
        let g = Geometry::rect(8, 8).with_zones(|f, _| u8::from(f >= 4));
        let m = PieceKind::simple('M', "matriarch", "moves as a queen", vec![]).zoned(vec![
            vec![Primitive::Ride(vec![(1, 0)], Range::Unlimited)],
            vec![Primitive::Ride(vec![(1, 0)], Range::Max(1))],
        ]);
        let a1 = g.parse("a1").unwrap();
        let e1 = g.parse("e1").unwrap();
        let from_a = targets(
            &g,
            m.pattern(Mode::Move, g.zone(a1)),
            a1,
            1,
            Mode::Move,
            &|_| false,
        );
        let from_e = targets(
            &g,
            m.pattern(Mode::Move, g.zone(e1)),
            e1,
            1,
            Mode::Move,
            &|_| false,
        );
        assert_eq!(from_a.len(), 7);
        assert_eq!(names(&g, &from_e), ["f1"]);
    }

    #[test]
    fn rider_wraps_round_cylinder() {
        let g = Geometry::rect(3, 5).with_vertical_wrap();
        let r = vec![Primitive::Ride(vec![(0, 1)], Range::Unlimited)];
        let b4 = g.parse("b4").unwrap();
        let t = targets(&g, &r, b4, 1, Mode::Move, &|_| false);
        assert_eq!(names(&g, &t), ["b1", "b2", "b3", "b5"]);
        let pieces = ["b2"];
        let o = occ(&g, &pieces);
        assert_eq!(
            names(&g, &targets(&g, &r, b4, 1, Mode::Move, &o)),
            ["b1", "b5"]
        );
    }

    #[test]
    fn hopper_moves_as_rook_captures_over_one_screen() {
        let g = Geometry::rect(8, 8);
        let pao = PieceKind::simple(
            'P',
            "pao",
            "moves as a rook",
            vec![Primitive::Ride(orthogonal(), Range::Unlimited)],
        )
        .capturing(vec![Primitive::Hop(orthogonal())]);
        let a1 = g.parse("a1").unwrap();
        let pieces = ["a3", "a6", "a7", "c1"];
        let o = occ(&g, &pieces);
        assert_eq!(
            names(
                &g,
                &targets(&g, pao.pattern(Mode::Move, 0), a1, 1, Mode::Move, &o)
            ),
            ["a2", "b1"]
        );
        assert_eq!(
            names(
                &g,
                &targets(&g, pao.pattern(Mode::Capture, 0), a1, 1, Mode::Capture, &o)
            ),
            ["a6"]
        );
        assert!(targets(&g, pao.pattern(Mode::Capture, 0), a1, 1, Mode::Move, &o).is_empty());
    }

    #[test]
    fn grasshopper_lands_just_beyond_the_first_piece() {
        let g = Geometry::rect(8, 8);
        let gq = vec![Primitive::Grasshop(queen_lines())];
        let a1 = g.parse("a1").unwrap();
        // Hurdles c1 (d1 empty), a4 (a5 taken: a7 is not reached, the
        // hop ends just beyond the first piece) and b2 (c3 empty).
        let pieces = ["c1", "a4", "a5", "a7", "b2"];
        let o = occ(&g, &pieces);
        assert_eq!(
            names(&g, &targets(&g, &gq, a1, 1, Mode::Move, &o)),
            ["c3", "d1"]
        );
        assert_eq!(
            names(&g, &targets(&g, &gq, a1, 1, Mode::Capture, &o)),
            ["a5"]
        );
        // A hurdle on the edge: nothing beyond it.
        let edge = ["a8"];
        let o = occ(&g, &edge);
        assert!(targets(&g, &gq, a1, 1, Mode::Move, &o).is_empty());
        assert!(targets(&g, &gq, a1, 1, Mode::Move, &|_| false).is_empty());
    }

    #[test]
    fn bent_rider_gryphon() {
        let g = Geometry::rect(8, 8);
        let gry = vec![Primitive::Bent(diagonal())];
        let d4 = g.parse("d4").unwrap();
        // Empty board: 4 diagonal squares + outward legs.
        let t = targets(&g, &gry, d4, 1, Mode::Move, &|_| false);
        // NE: e5 then e6..e8 (3) and f5..h5 (3) = 7; NW: c5, c6..c8, b5 a5 = 6;
        // SE: e3, e2 e1, f3 g3 h3 = 6; SW: c3, c2 c1, b3 a3 = 5.
        assert_eq!(t.len(), 24);
        let pieces = ["e5", "c6"];
        let o = occ(&g, &pieces);
        let caps = targets(&g, &gry, d4, 1, Mode::Capture, &o);
        assert_eq!(names(&g, &caps), ["c6", "e5"]);
        let quiet = targets(&g, &gry, d4, 1, Mode::Move, &o);
        assert!(!quiet.contains(&g.parse("e6").unwrap()));
        assert!(!quiet.contains(&g.parse("c7").unwrap()));
        assert!(quiet.contains(&g.parse("b5").unwrap()));
    }

    #[test]
    fn gryphon_on_a_7_by_12_cylinder_reaches_32_squares() {
        // RULES.md: on an empty board the Gryphon reaches 32 squares, the
        // Maharaja (queen + knight) 37.
        let g = Geometry::rect(7, 12).with_vertical_wrap();
        let d6 = g.parse("d6").unwrap();
        let gry = vec![Primitive::Bent(diagonal())];
        assert_eq!(targets(&g, &gry, d6, 1, Mode::Move, &|_| false).len(), 32);
        let maharaja = vec![
            Primitive::Ride(queen_lines(), Range::Unlimited),
            Primitive::Leap(all_eight(2, 1)),
        ];
        assert_eq!(
            targets(&g, &maharaja, d6, 1, Mode::Move, &|_| false).len(),
            37
        );
    }

    #[test]
    fn odd_distance_rider_torch() {
        let g = Geometry::rect(8, 8);
        let torch = vec![Primitive::OddRide(vec![(0, 1)])];
        let a1 = g.parse("a1").unwrap();
        assert_eq!(
            names(&g, &targets(&g, &torch, a1, 1, Mode::Move, &|_| false)),
            ["a2", "a4", "a6", "a8"]
        );
        // a3 (even distance) is jumped; a4 (odd) ends the line.
        let pieces = ["a3", "a4"];
        let o = occ(&g, &pieces);
        assert_eq!(
            names(&g, &targets(&g, &torch, a1, 1, Mode::Move, &o)),
            ["a2"]
        );
        assert_eq!(
            names(&g, &targets(&g, &torch, a1, 1, Mode::Capture, &o)),
            ["a4"]
        );
    }

    #[test]
    fn forward_vectors_flip_with_facing() {
        let g = Geometry::rect(8, 8);
        let pawn_cap = vec![Primitive::Leap(forward_only(diagonal()))];
        let e4 = g.parse("e4").unwrap();
        assert_eq!(
            names(&g, &targets(&g, &pawn_cap, e4, 1, Mode::Move, &|_| false)),
            ["d5", "f5"]
        );
        assert_eq!(
            names(&g, &targets(&g, &pawn_cap, e4, -1, Mode::Move, &|_| false)),
            ["d3", "f3"]
        );
    }

    #[test]
    fn separate_move_capture_check() {
        let bisroos = PieceKind::simple(
            'B',
            "bisroos",
            "moves as a bishop",
            vec![Primitive::Ride(diagonal(), Range::Unlimited)],
        )
        .capturing(vec![Primitive::Ride(orthogonal(), Range::Unlimited)])
        .checking(vec![Primitive::Ride(diagonal(), Range::Unlimited)]);
        assert_eq!(
            bisroos.pattern(Mode::Move, 0),
            &vec![Primitive::Ride(diagonal(), Range::Unlimited)]
        );
        assert_eq!(
            bisroos.pattern(Mode::Capture, 0),
            &vec![Primitive::Ride(orthogonal(), Range::Unlimited)]
        );
        assert_eq!(bisroos.check_pattern(0), bisroos.pattern(Mode::Move, 0));
        let plain = PieceKind::simple('R', "rook", "moves along files and ranks", vec![]);
        assert_eq!(plain.check_pattern(0), plain.pattern(Mode::Capture, 0));
    }

    #[test]
    fn line_between_finds_blockers() {
        let g = Geometry::rect(8, 8);
        let b = vec![Primitive::Ride(diagonal(), Range::Unlimited)];
        let f1 = g.parse("f1").unwrap();
        let c4 = g.parse("c4").unwrap();
        assert_eq!(
            names(&g, &line_between(&g, &b, f1, c4, 1).unwrap()),
            ["d3", "e2"]
        );
        assert!(line_between(&g, &b, f1, g.parse("f3").unwrap(), 1).is_none());
    }
}
