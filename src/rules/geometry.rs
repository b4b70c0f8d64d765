//! Board geometry: which squares exist, where they are, their names,
//! colours and zones.
//!
//! Every game describes its board here once (a box of files x ranks, extra
//! squares outside the box, a top rank joined to the bottom one) and
//! the movement code only ever asks "what square is (df, dr) away from this
//! one?". Squares are small indices ([`Square`]) so boards are plain arrays.

use std::sync::OnceLock;

/// A square of a geometry: an index `0..geometry.len()`.
pub type Square = u8;

/// The eight king directions, orthogonals first: N, E, S, W, NE, SE, SW, NW.
pub const KING_DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// The neighbour and ray tables of a geometry, built on first use: a
/// process that reads and writes a game without walking its board (a
/// chess move, whose pieces move by tables made at compile time) does not
/// build them (66 K instructions for 8x8, issue 25).
#[derive(Clone, Debug)]
struct Lines {
    /// Neighbour table for [`KING_DIRECTIONS`].
    neighbours: Vec<[Option<Square>; 8]>,
    /// Ray table for [`KING_DIRECTIONS`]: each square's ray in each
    /// direction as (start, length) in `ray_squares`, where they lie one
    /// after another. One allocation instead of one per ray: a board's 512
    /// small vectors were built, and cloned, by every process that read a
    /// game.
    rays: Vec<[(u32, u16); 8]>,
    ray_squares: Vec<Square>,
}

/// The shape of one board.
#[derive(Clone, Debug)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    wrap_ranks: bool,
    /// Square -> (file, rank), a1 = (0, 0).
    coords: Vec<(i8, i8)>,
    /// Every square's name, one after another in one string: square `s`'s
    /// ends at `name_ends[s]` (one allocation to build and to clone, where
    /// a string per square and a map of them were most of what building
    /// a board cost a process). Names are parsed by their file and rank.
    names: String,
    name_ends: Vec<u16>,
    /// Extra squares outside the box: (file, rank) -> square.
    extras: Vec<((i8, i8), Square)>,
    /// Squares with (file + rank) % 2 == dark_parity are dark.
    dark_parity: u8,
    zones: Vec<u8>,
    /// Neighbours and rays, built by the first that asks.
    lines: OnceLock<Lines>,
}

/// The file letter of file index `f` (a, b, c ...).
pub fn file_letter(f: i8) -> char {
    (b'a' + f as u8) as char
}

impl Geometry {
    /// A plain `files` x `ranks` board, a1 dark, one zone.
    pub fn rect(files: u8, ranks: u8) -> Self {
        assert!(files as usize * ranks as usize + 8 < 256 && files <= 26);
        let mut g = Geometry {
            files,
            ranks,
            wrap_ranks: false,
            coords: Vec::new(),
            names: String::with_capacity(files as usize * ranks as usize * 3),
            name_ends: Vec::with_capacity(files as usize * ranks as usize),
            extras: Vec::new(),
            dark_parity: 0,
            zones: Vec::new(),
            lines: OnceLock::new(),
        };
        for r in 0..ranks as i8 {
            for f in 0..files as i8 {
                g.names.push(file_letter(f));
                let rank = r as u8 as u32 + 1;
                for div in [100, 10, 1] {
                    if rank >= div || div == 1 {
                        g.names
                            .push(char::from_digit(rank / div % 10, 10).expect("a digit"));
                    }
                }
                g.push((f, r));
            }
        }
        g.rebuild();
        g
    }

    /// Adds the square at `at` whose name was just written to `names`.
    fn push(&mut self, at: (i8, i8)) {
        self.name_ends.push(self.names.len() as u16);
        self.coords.push(at);
        self.zones.push(0);
    }

    /// Adds a square outside the box, e.g. Big Outer's `z1` at (-1, -1).
    pub fn with_extra(mut self, name: &str, file: i8, rank: i8) -> Self {
        let sq = self.coords.len() as Square;
        self.names.push_str(name);
        self.push((file, rank));
        self.extras.push(((file, rank), sq));
        self.rebuild();
        self
    }

    /// Joins the top rank to the bottom one (a cylinder).
    pub fn with_vertical_wrap(mut self) -> Self {
        self.wrap_ranks = true;
        self.rebuild();
        self
    }

    /// Which parity of file + rank is dark: 0 makes a1 dark (chess), 1 makes
    /// a1 light.
    pub fn with_dark_parity(mut self, parity: u8) -> Self {
        self.dark_parity = parity & 1;
        self
    }

    /// Gives every square a zone index computed from its (file, rank).
    pub fn with_zones(mut self, zone_of: impl Fn(i8, i8) -> u8) -> Self {
        self.zones = self.coords.iter().map(|&(f, r)| zone_of(f, r)).collect();
        self
    }

    /// Forgets the tables after a change of shape.
    fn rebuild(&mut self) {
        self.lines = OnceLock::new();
    }

    fn lines(&self) -> &Lines {
        self.lines.get_or_init(|| self.build_lines())
    }

    fn build_lines(&self) -> Lines {
        let n = self.coords.len();
        let neighbours: Vec<[Option<Square>; 8]> = (0..n)
            .map(|s| KING_DIRECTIONS.map(|(df, dr)| self.offset(s as Square, df, dr)))
            .collect();
        let mut squares = Vec::with_capacity(n * 8 * 4);
        let mut rays = Vec::with_capacity(n);
        for s in 0..n {
            let mut ray = [(0, 0); 8];
            for (d, entry) in ray.iter_mut().enumerate() {
                // `walk_into` along the direction, one step at a time
                // from the neighbour table just built.
                let start = squares.len();
                let mut at = s;
                while let Some(next) = neighbours[at][d] {
                    if next as usize == s || squares.len() - start >= n {
                        break;
                    }
                    squares.push(next);
                    at = next as usize;
                }
                *entry = (start as u32, (squares.len() - start) as u16);
            }
            rays.push(ray);
        }
        Lines {
            neighbours,
            rays,
            ray_squares: squares,
        }
    }

    /// Squares along (df, dr) from `from`, excluding it, until the edge or
    /// (on a cylinder) just before coming back to `from`.
    fn walk(&self, from: Square, df: i8, dr: i8) -> Vec<Square> {
        let mut out = Vec::new();
        self.walk_into(from, df, dr, &mut out);
        out
    }

    /// [`Self::walk`] added to `out`.
    fn walk_into(&self, from: Square, df: i8, dr: i8, out: &mut Vec<Square>) {
        let start = out.len();
        let mut at = from;
        while let Some(next) = self.offset(at, df, dr) {
            if next == from || out.len() - start >= self.len() {
                break;
            }
            out.push(next);
            at = next;
        }
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// True for a geometry without squares (never, in practice).
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Every square, in index order (a1, b1, ... then the extras).
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        0..self.coords.len() as Square
    }

    pub fn files(&self) -> u8 {
        self.files
    }

    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    pub fn wraps(&self) -> bool {
        self.wrap_ranks
    }

    /// The square at (file, rank), if it exists (ranks wrap on a cylinder).
    pub fn at(&self, file: i32, rank: i32) -> Option<Square> {
        let rank = if self.wrap_ranks {
            rank.rem_euclid(self.ranks as i32)
        } else {
            rank
        };
        if (0..self.files as i32).contains(&file) && (0..self.ranks as i32).contains(&rank) {
            return Some((rank * self.files as i32 + file) as Square);
        }
        self.extras
            .iter()
            .find(|((f, r), _)| *f as i32 == file && *r as i32 == rank)
            .map(|&(_, s)| s)
    }

    /// (file, rank) of a square, a1 = (0, 0).
    pub fn coords(&self, sq: Square) -> (i8, i8) {
        self.coords[sq as usize]
    }

    /// The square (df, dr) away from `sq`, if it exists.
    pub fn offset(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        let (f, r) = self.coords(sq);
        self.at(f as i32 + df as i32, r as i32 + dr as i32)
    }

    /// The square (df, dr) away from `sq`, if it exists: [`Geometry::offset`],
    /// from the neighbour table for a king's step.
    pub fn step(&self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        // KING_DIRECTIONS' index of each (df, dr), by (dr + 1) * 3 + df + 1.
        const DIRECTION: [usize; 9] = [6, 2, 5, 3, 8, 1, 7, 0, 4];
        if df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0) {
            let dir = DIRECTION[((dr + 1) * 3 + df + 1) as usize];
            return self.lines().neighbours[sq as usize][dir];
        }
        self.offset(sq, df, dr)
    }

    /// The neighbour in `KING_DIRECTIONS[dir]` (precomputed).
    pub fn neighbour(&self, sq: Square, dir: usize) -> Option<Square> {
        self.lines().neighbours[sq as usize][dir]
    }

    /// The ray in `KING_DIRECTIONS[dir]` (precomputed), nearest square first.
    pub fn ray(&self, sq: Square, dir: usize) -> &[Square] {
        let lines = self.lines();
        let (start, len) = lines.rays[sq as usize][dir];
        &lines.ray_squares[start as usize..start as usize + len as usize]
    }

    /// The ray along any (df, dr); precomputed for king directions.
    pub fn ray_along(&self, sq: Square, df: i8, dr: i8) -> Vec<Square> {
        match KING_DIRECTIONS.iter().position(|&d| d == (df, dr)) {
            Some(d) => self.ray(sq, d).to_vec(),
            None => self.walk(sq, df, dr),
        }
    }

    pub fn is_dark(&self, sq: Square) -> bool {
        let (f, r) = self.coords(sq);
        (f as i32 + r as i32).rem_euclid(2) as u8 == self.dark_parity
    }

    pub fn zone(&self, sq: Square) -> u8 {
        self.zones[sq as usize]
    }

    /// The squares outside the files x ranks box (numbered after it).
    pub fn extra_squares(&self) -> impl Iterator<Item = Square> + use<> {
        (self.files as usize * self.ranks as usize) as Square..self.coords.len() as Square
    }

    /// True for squares outside the files x ranks box.
    pub fn is_extra(&self, sq: Square) -> bool {
        sq as usize >= self.files as usize * self.ranks as usize
    }

    /// The square's name: `e4`, `l12`, `z1`.
    pub fn name(&self, sq: Square) -> &str {
        let start = match sq {
            0 => 0,
            _ => self.name_ends[sq as usize - 1] as usize,
        };
        &self.names[start..self.name_ends[sq as usize] as usize]
    }

    /// Parses a square name, case-insensitive: an extra square by its
    /// name, else a square of the box by its file letter and rank number
    /// (written as [`Geometry::rect`] names them: `a1`, not `a01`).
    pub fn parse(&self, text: &str) -> Option<Square> {
        if let Some(&(_, sq)) = self
            .extras
            .iter()
            .find(|&&(_, sq)| self.name(sq).eq_ignore_ascii_case(text))
        {
            return Some(sq);
        }
        let bytes = text.as_bytes();
        let (&letter, digits) = bytes.split_first()?;
        let file = letter.to_ascii_lowercase().checked_sub(b'a')?;
        if digits.first() == Some(&b'0') || digits.is_empty() || digits.len() > 3 {
            return None;
        }
        let mut rank = 0u32;
        for &d in digits {
            if !d.is_ascii_digit() {
                return None;
            }
            rank = rank * 10 + u32::from(d - b'0');
        }
        (file < self.files && rank <= u32::from(self.ranks))
            .then(|| (rank - 1) * u32::from(self.files) + u32::from(file))
            .map(|sq| sq as Square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_coords() {
        let g = Geometry::rect(12, 12)
            .with_extra("z1", -1, -1)
            .with_extra("z3", 12, 12);
        assert_eq!(g.len(), 146);
        assert_eq!(g.parse("L12"), Some(143));
        assert_eq!(g.name(143), "l12");
        let z1 = g.parse("Z1").unwrap();
        assert_eq!(g.coords(z1), (-1, -1));
        assert_eq!(g.offset(0, -1, -1), Some(z1));
        assert_eq!(g.offset(0, -1, 0), None);
        assert!(g.is_extra(z1) && !g.is_extra(0));
        let extras: Vec<Square> = g.squares().filter(|&s| g.is_extra(s)).collect();
        assert_eq!(g.extra_squares().collect::<Vec<_>>(), extras);
        assert_eq!(Geometry::rect(8, 8).extra_squares().count(), 0);
        assert_eq!(g.parse("m1"), None);
        for bad in [
            "", "a", "a0", "a01", "a13", "1a", "a1 ", "ä1", "a+1", "a1000",
        ] {
            assert_eq!(g.parse(bad), None, "{bad:?}");
        }
        // Every square's name parses back to it, in either case.
        for sq in g.squares() {
            assert_eq!(g.parse(g.name(sq)), Some(sq));
            assert_eq!(g.parse(&g.name(sq).to_ascii_uppercase()), Some(sq));
        }
        let chess = Geometry::rect(8, 8);
        assert_eq!(chess.parse("h8"), Some(63));
        assert_eq!(chess.parse("i1"), None);
        assert_eq!(chess.parse("a9"), None);
    }

    #[test]
    fn corner_square_ends_the_long_diagonal() {
        let g = Geometry::rect(12, 12)
            .with_extra("z1", -1, -1)
            .with_extra("z3", 12, 12);
        let c3 = g.parse("c3").unwrap();
        let ray: Vec<&str> = g.ray(c3, 6).iter().map(|&s| g.name(s)).collect();
        assert_eq!(ray, ["b2", "a1", "z1"]);
        let b1 = g.parse("b1").unwrap();
        assert!(g.ray(b1, 6).is_empty());
    }

    #[test]
    fn cylinder_wraps_ranks_and_stops_before_start() {
        let g = Geometry::rect(7, 12).with_vertical_wrap();
        let a12 = g.parse("a12").unwrap();
        assert_eq!(g.offset(a12, 0, 1), g.parse("a1"));
        let c3 = g.parse("c3").unwrap();
        let up = g.ray(c3, 0);
        assert_eq!(up.len(), 11);
        assert_eq!(*up.last().unwrap(), g.parse("c2").unwrap());
        assert_eq!(g.offset(g.parse("g5").unwrap(), 1, 0), None);
    }

    /// The ray table, built from the neighbour table, is each direction's
    /// walk by offsets (edges, extra squares and cylinders alike).
    #[test]
    fn a_ray_is_a_walk() {
        let boards = [
            Geometry::rect(8, 8),
            Geometry::rect(7, 12).with_vertical_wrap(),
            Geometry::rect(12, 12)
                .with_extra("z1", -1, -1)
                .with_extra("z3", 12, 12),
        ];
        for g in boards {
            for sq in g.squares() {
                for (d, &(df, dr)) in KING_DIRECTIONS.iter().enumerate() {
                    assert_eq!(g.ray(sq, d), g.walk(sq, df, dr), "{} {d}", g.name(sq));
                }
            }
        }
    }

    #[test]
    fn a_step_is_an_offset() {
        let g = Geometry::rect(7, 12)
            .with_vertical_wrap()
            .with_extra("z1", -1, -1);
        for sq in g.squares() {
            for df in -2..=2 {
                for dr in -2..=2 {
                    assert_eq!(g.step(sq, df, dr), g.offset(sq, df, dr));
                }
            }
        }
    }

    #[test]
    fn colours_and_zones() {
        let g = Geometry::rect(8, 8);
        assert!(g.is_dark(g.parse("a1").unwrap()));
        assert!(!g.is_dark(g.parse("h1").unwrap()));
        let o = Geometry::rect(7, 12).with_dark_parity(1);
        assert!(!o.is_dark(o.parse("a1").unwrap()) && o.is_dark(o.parse("d1").unwrap()));
        let z = Geometry::rect(4, 4)
            .with_zones(|f, r| u8::from((1..3).contains(&f) && (1..3).contains(&r)));
        assert_eq!(z.zone(z.parse("b2").unwrap()), 1);
        assert_eq!(z.zone(z.parse("a2").unwrap()), 0);
    }
}
