//! Piece values from the game's own piece definitions. No game carries a
//! table of values, so they are measured: a piece is worth what it can
//! reach. For every kind and every square, the squares it reaches from
//! there on an otherwise empty board (moves and captures averaged, its
//! pattern for that square's zone) give its mobility; the kind's base
//! value grows with its mobility averaged over the board, and a square
//! adds or takes away by how much more or less the piece reaches from it.
//! Big Outer Chess's zones come in by themselves: a Matriarch in the
//! centre reaches three squares a line and is worth less there than on
//! the outer ring. Pawn-like kinds are worth a pawn (their value is in how
//! far they have come); royal pieces have no material value in a game
//! of mate (they are never taken) and are counted by the game's own
//! evaluation where they can be taken (Orwell).
//!
//! In centipawns: a chess knight comes out near 300, a rook near 590, a
//! queen near 920, the usual proportions.
//!
//! The top level reads one more thing ([`Values::measure_grown`]): a
//! piece of leaps alone that reaches more than a single leap's eight
//! squares (Centaur's king and knight in one) grows faster than its
//! squares, as short-range leapers' values are found to (a knight's
//! eight squares make three pawns, sixteen make more than six). Measured
//! linearly, Centaur's centaur came out at 527, below a rook, and level 5
//! traded it for one and scored 5-1-12 against `UCI_Elo` 2000; grown to
//! 645 it beat level 5 with the linear value 11-0-1 (docs/bot.md,
//! "Compound leapers grown"). The levels below keep the linear values, as
//! their rows were measured.
//!
//! A piece that joins leaps to lines (the Archbishop, bishop and knight;
//! the Chancellor, rook and knight) counts the squares its leaps add to
//! its lines twice. Counted once, an Archbishop reaches fewer squares than
//! a rook on 10x8 and came out worth less than one, and the computer gave
//! it away for less and lost (one game of six against Fairy-Stockfish at
//! 1800 in Capablanca, Gothic, Embassy and Modern Chess). On a board in
//! play a line is cut short by the first piece in it while a leap is not,
//! so the leaps are the part of such a piece that the empty board
//! undercounts. Valuing every piece on a board in play instead (rooks and
//! bishops down, knights up) lost more in the ordinary games than it won
//! in these: docs/bot.md, "Piece values on a board in play, tried".

use crate::rules::board::{Board, BoardSpec, Piece};
use crate::rules::movement::{Pattern, PieceKind, Primitive};
use crate::rules::reach::{Reach, SquareSet, Use};

/// A pawn, and the unit of every score.
pub const PAWN: i32 = 100;
/// What one reachable square is worth in a piece's base value.
const PER_SQUARE: f64 = 38.0;
/// The most squares a single leap reaches (a knight's eight, a king's).
const LONE_LEAP: f64 = 8.0;
/// At the top level, a piece of leaps alone gains, per square it reaches
/// beyond [`LONE_LEAP`], this fraction of its squares' worth.
const LEAPS_GROWTH: f64 = 1.0 / 16.0;
/// A piece's worth beyond its reach (it can be traded, it blocks).
const FLOOR: f64 = 60.0;
/// What one square more or less of reach from a square is worth there.
const PER_SQUARE_HERE: f64 = 6.0;

/// The measured values of one game's pieces.
#[derive(Clone, Debug)]
pub struct Values {
    /// Per kind: the value averaged over the board.
    pub base: Vec<i32>,
    /// Per kind, per square: the value of that kind standing there.
    pub at: Vec<Vec<i32>>,
    pub royal: Vec<bool>,
}

impl Values {
    /// Measures `spec`'s kinds; `pawn_like(kind)` names the kinds worth a
    /// pawn whatever they reach.
    pub fn measure(spec: &'static BoardSpec, pawn_like: impl Fn(u8) -> bool) -> Values {
        Values::measure_with(spec, pawn_like, false)
    }

    /// The top level's values: as [`Values::measure`], but a piece of
    /// leaps alone that reaches more than a single leap does grows
    /// faster than its squares (see the module comment).
    pub fn measure_grown(spec: &'static BoardSpec, pawn_like: impl Fn(u8) -> bool) -> Values {
        Values::measure_with(spec, pawn_like, true)
    }

    fn measure_with(
        spec: &'static BoardSpec,
        pawn_like: impl Fn(u8) -> bool,
        grown: bool,
    ) -> Values {
        let squares: Vec<u8> = spec.geometry.squares().collect();
        let mut base = Vec::new();
        let mut at = Vec::new();
        let mut royal = Vec::new();
        for (k, kind) in spec.kinds.iter().enumerate() {
            let k = k as u8;
            royal.push(kind.royal);
            if pawn_like(k) {
                base.push(PAWN);
                at.push(vec![PAWN; spec.geometry.len()]);
                continue;
            }
            let mut reach = vec![0.0f64; spec.geometry.len()];
            for &sq in &squares {
                reach[sq as usize] = mobility(spec, k, sq);
            }
            let mean = squares.iter().map(|&s| reach[s as usize]).sum::<f64>()
                / squares.len().max(1) as f64;
            let mut b = FLOOR + PER_SQUARE * (mean + leaps_beside_lines(spec, k, &squares));
            if grown && mean > LONE_LEAP && leaps_alone(spec, k) {
                b += PER_SQUARE * mean * (mean - LONE_LEAP) * LEAPS_GROWTH;
            }
            base.push(b.round() as i32);
            at.push(
                reach
                    .iter()
                    .map(|r| (b + PER_SQUARE_HERE * (r - mean)).round() as i32)
                    .collect(),
            );
        }
        Values { base, at, royal }
    }

    /// The value of `kind` on `sq`.
    pub fn on(&self, kind: u8, sq: u8) -> i32 {
        self.at[kind as usize][sq as usize]
    }
}

/// Every way `piece` moves and takes, in every zone.
fn primitives(piece: &PieceKind) -> impl Iterator<Item = &Primitive> {
    piece.moves.iter().chain(&piece.captures).flatten()
}

fn is_leap(p: &Primitive) -> bool {
    matches!(p, Primitive::Leap(_))
}

/// Whether every way `kind` moves and takes is a leap (a knight, a king,
/// a centaur).
fn leaps_alone(spec: &'static BoardSpec, kind: u8) -> bool {
    primitives(&spec.kinds[kind as usize]).all(is_leap)
}

/// The squares a lone piece of `kind` reaches from `sq`: its moves and its
/// captures (every square its capture pattern covers), averaged.
fn mobility(spec: &'static BoardSpec, kind: u8, sq: u8) -> f64 {
    let mut board = Board::empty(spec);
    board.set(
        sq,
        Some(Piece {
            owner: 0,
            kind,
            facing: 1,
        }),
    );
    let moves = board.quiet_targets(sq).len();
    let mut captures = 0usize;
    let all: Vec<u8> = spec.geometry.squares().collect();
    board.each_empty_in_capture_reach(sq, &all, |_| captures += 1);
    (moves + captures) as f64 / 2.0
}

/// For a piece that joins leaps to lines: the squares its leaps reach
/// that its lines do not, on an empty board, averaged over the board
/// (moves and captures averaged); 0 for any other piece.
fn leaps_beside_lines(spec: &'static BoardSpec, kind: u8, squares: &[u8]) -> f64 {
    let piece = &spec.kinds[kind as usize];
    let joins = primitives(piece).any(is_leap) && primitives(piece).any(|p| !is_leap(p));
    if !joins {
        return 0.0;
    }
    let lines_only = |by_zone: &[Pattern]| -> Vec<Pattern> {
        by_zone
            .iter()
            .map(|pattern| pattern.iter().filter(|p| !is_leap(p)).cloned().collect())
            .collect()
    };
    let mut kinds: Vec<PieceKind> = spec.kinds.clone();
    kinds[kind as usize].moves = lines_only(&piece.moves);
    kinds[kind as usize].captures = lines_only(&piece.captures);
    let lines = Reach::build(&spec.geometry, &kinds);
    let region = spec.region(0, kind).map(|r| &r.squares);
    let empty_board_reach = |reach: &Reach, use_: Use, sq: u8| {
        let mut targets = SquareSet::default();
        if let Some(from) = reach.at(kind, use_, 1, sq) {
            from.each_way(|target, way| {
                let open = way.screens == 0 && way.hurdle.is_none();
                if open && region.is_none_or(|r| r.contains(target)) {
                    targets.insert(target);
                }
            });
        }
        targets.len() as f64
    };
    let mut added = 0.0;
    for &sq in squares {
        for use_ in [Use::Move, Use::Capture] {
            added +=
                empty_board_reach(spec.reach(), use_, sq) - empty_board_reach(&lines, use_, sq);
        }
    }
    added / 2.0 / squares.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::pieces::SPEC;

    #[test]
    fn chess_values_come_out_in_the_usual_proportions() {
        let spec: &'static BoardSpec = &SPEC;
        let v = Values::measure(spec, |k| spec.kinds[k as usize].letter == 'P');
        let of = |letter: char| {
            let k = spec.kinds.iter().position(|p| p.letter == letter).unwrap();
            v.base[k]
        };
        let (n, b, r, q) = (of('N'), of('B'), of('R'), of('Q'));
        assert!((250..350).contains(&n), "knight {n}");
        assert!(n <= b && b < r && r < q, "{n} {b} {r} {q}");
        assert!((850..1000).contains(&q), "queen {q}");
        assert_eq!(of('P'), PAWN);
    }

    /// Capablanca's Archbishop (bishop and knight) reaches fewer squares
    /// than a rook on an empty 10x8 board; its knight's squares count twice
    /// and it comes out between rook and queen. The queen, two lines and
    /// no leap, counts as before.
    #[test]
    fn a_piece_joining_leaps_to_lines_counts_its_leaps_twice() {
        let game = crate::rules::find_variant("capablanca").unwrap();
        let pos = game.start(&[]).unwrap();
        let rules = crate::bot::two_seat::chesslike(pos.as_ref())
            .unwrap()
            .rules();
        let spec = rules.spec;
        let v = Values::measure(spec, |k| rules.pawn(k).is_some());
        let kind = |letter: char| spec.kinds.iter().position(|p| p.letter == letter).unwrap() as u8;
        let of = |letter: char| v.base[kind(letter) as usize];
        let (n, r, q, a, c) = (of('N'), of('R'), of('Q'), of('A'), of('C'));
        assert!(r + PAWN < a && a < q, "rook {r} archbishop {a} queen {q}");
        assert!(a < c && c < q + PAWN, "chancellor {c}");
        // The squares counted twice are the knight's own: its value less
        // the floor, in squares.
        let squares: Vec<u8> = spec.geometry.squares().collect();
        let leaps = leaps_beside_lines(spec, kind('C'), &squares);
        assert!(
            ((n as f64 - FLOOR) / PER_SQUARE - leaps).abs() < 0.5,
            "{n} {leaps}"
        );
        assert_eq!(leaps_beside_lines(spec, kind('Q'), &squares), 0.0);
    }

    /// Centaur's centaur (king and knight in one) reaches about twelve
    /// squares, a knight's and a king's together: linearly it is worth
    /// less than the two apart; at the top level more, and the
    /// knight, the king and the rook, whose squares are at most eight or
    /// come by lines, are as measured. In chess nothing grows.
    #[test]
    fn at_the_top_level_a_compound_leaper_grows_faster_than_its_squares() {
        let measured = |name: &str| {
            let game = crate::rules::find_variant(name).unwrap();
            let pos = game.start(&[]).unwrap();
            let rules = crate::bot::two_seat::chesslike(pos.as_ref())
                .unwrap()
                .rules();
            let spec = rules.spec;
            let pawn = |k: u8| rules.pawn(k).is_some();
            let kind = |letter: char| spec.kinds.iter().position(|p| p.letter == letter).unwrap();
            let (linear, grown) = (
                Values::measure(spec, pawn),
                Values::measure_grown(spec, pawn),
            );
            (kind, linear, grown)
        };
        let (kind, linear, grown) = measured("centaur");
        let (c, n, k, r) = (kind('C'), kind('N'), kind('K'), kind('R'));
        assert!(
            linear.base[c] < linear.base[n] + linear.base[k],
            "{:?}",
            linear.base
        );
        assert!(
            grown.base[c] > grown.base[n] + grown.base[k],
            "{:?}",
            grown.base
        );
        for other in [n, k, r] {
            assert_eq!(grown.base[other], linear.base[other]);
            assert_eq!(grown.at[other], linear.at[other]);
        }
        let (_, linear, grown) = measured("chess");
        assert_eq!(grown.base, linear.base);
    }
}
