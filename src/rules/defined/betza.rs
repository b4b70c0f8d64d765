//! Betza's notation for how a piece moves, read as Fairy-Stockfish reads
//! it (its `from_betza`), into the core's movement primitives: a leaper's
//! atoms (W F D N A H C/L Z/J G, K), riders (R B Q, a doubled atom such as
//! NN, or an atom and its longest distance such as W3), the directional
//! modifiers (f b l r v s h, alone or paired: fl, fs ...) and the
//! move-only / capture-only modifiers m and c, the cannon's capture
//! over one piece (cpR, cpB, cpQ: the core's hop) and the grasshopper's
//! hop over the first piece in a line to the square just beyond it (gQ,
//! gR, gB, with directions and m / c: the core's grasshop). Anything else
//! (quiet hops, grasshoppers on other atoms or with a range, lame leapers
//! n, initial moves i, the rest of the notation) is refused by name: a
//! piece is never read as moving otherwise than its definer wrote.
//!
//! Fairy-Stockfish turns a Black piece's moves half a turn round; the core
//! mirrors them across the ranks. The two agree for every piece whose
//! moves are the same to its left and its right, which is every piece
//! accepted here (a lopsided one is refused).

use crate::rules::movement::{Pattern, Primitive, Range};

/// What a Betza text does not allow, in a definer's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BetzaError {
    #[error("{0:?} in Betza notation is not supported by boserv ({1})")]
    Unsupported(char, &'static str),
    #[error("{0:?} is no Betza atom or modifier")]
    Unknown(char),
    #[error("the Betza text ends before its last atom")]
    Unfinished,
    #[error("the piece's moves are not the same to its left and its right")]
    Lopsided,
    #[error("boserv plays a pawn type as a pawn: {0}")]
    NotAPawn(&'static str),
}

/// A piece's quiet moves and captures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    pub moves: Pattern,
    pub captures: Pattern,
}

/// The (forward, sideways) step of a leaper's atom.
fn atoms(c: char) -> Option<&'static [(i8, i8)]> {
    Some(match c {
        'W' | 'R' => &[(1, 0)],
        'F' | 'B' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'C' | 'L' => &[(3, 1)],
        'Z' | 'J' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' | 'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The eight directions of an atom (forward a, sideways b) with the
/// direction words that select each, as Fairy-Stockfish lists them; the
/// result is (file step, rank step).
fn directions(a: i8, b: i8) -> [((i8, i8), &'static [&'static str]); 8] {
    [
        ((b, a), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// How far a group of vectors goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    Leap,
    Ride(Range),
    /// Over one piece to capture the next (the cannon's capture).
    Hop,
    /// Over the first piece in a line to the square just beyond it.
    Grasshop,
}

/// Vectors found for one reach, for captures (true) or quiet moves.
type Found = (Reach, bool, Vec<(i8, i8)>);

/// Reads a Betza text into the piece's quiet moves and captures.
pub fn parse(text: &str) -> Result<Moves, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    // Per (reach, capture?) the vectors found, merged at the end.
    let mut found: Vec<Found> = Vec::new();
    let mut modalities: Vec<bool> = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut hopper = false;
    let mut grasshopper = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => modalities.push(false),
            'c' => modalities.push(true),
            'p' => hopper = true,
            'g' => grasshopper = true,
            'n' => {
                return Err(BetzaError::Unsupported(
                    c,
                    "lame leapers are not yet supported",
                ));
            }
            'i' => {
                return Err(BetzaError::Unsupported(
                    c,
                    "initial moves are not supported",
                ));
            }
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                let next = chars.get(i + 1).copied();
                let pairs = |n: char| {
                    n == c
                        || (VERTICALS.contains(c) && HORIZONTALS.contains(n))
                        || (HORIZONTALS.contains(c) && VERTICALS.contains(n))
                };
                match next.filter(|&n| pairs(n)) {
                    Some(n) => {
                        words.push(format!("{c}{n}"));
                        i += 1;
                    }
                    None => words.push(format!("{c}{c}")),
                }
            }
            _ => {
                let list = atoms(c).ok_or(BetzaError::Unknown(c))?;
                let mut reach = match c {
                    'R' | 'B' | 'Q' => Reach::Ride(Range::Unlimited),
                    _ => Reach::Leap,
                };
                if let Some(&n) = chars.get(i + 1) {
                    if let Some(d) = n.to_digit(10) {
                        reach = Reach::Ride(if d == 0 {
                            Range::Unlimited
                        } else {
                            Range::Max(d as u8)
                        });
                        i += 1;
                    } else if n == c {
                        reach = Reach::Ride(Range::Unlimited);
                        i += 1;
                    }
                }
                if modalities.is_empty() {
                    modalities = vec![false, true];
                }
                if grasshopper {
                    // Fairy-Stockfish hops only along a rider's lines of
                    // single steps (its gNN never moves).
                    if reach != Reach::Ride(Range::Unlimited) || !matches!(c, 'R' | 'B' | 'Q') {
                        return Err(BetzaError::Unsupported(
                            'g',
                            "a grasshopper rides on (gR, gB, gQ)",
                        ));
                    }
                    if hopper {
                        return Err(BetzaError::Unsupported(
                            'g',
                            "a grasshopper is no cannon (pg)",
                        ));
                    }
                    reach = Reach::Grasshop;
                }
                if hopper {
                    if reach != Reach::Ride(Range::Unlimited) {
                        return Err(BetzaError::Unsupported(
                            'p',
                            "a hopper rides on (pR, pB, pQ)",
                        ));
                    }
                    if modalities != [true] {
                        return Err(BetzaError::Unsupported(
                            'p',
                            "a hopper only captures (cpR), it makes no quiet hop",
                        ));
                    }
                    reach = Reach::Hop;
                }
                for &(a, b) in list {
                    // An orthogonal atom's paired words count one by one
                    // (a soldier's fsW is forward and sideways).
                    let mut these: Vec<String> = Vec::new();
                    for w in &words {
                        let mut letters = w.chars();
                        let (x, y) = (letters.next().unwrap(), letters.next().unwrap());
                        if list.len() == 1 && b == 0 && x != y {
                            these.push(format!("{x}{x}"));
                            these.push(format!("{y}{y}"));
                        } else {
                            these.push(w.clone());
                        }
                    }
                    let mut vectors: Vec<(i8, i8)> = Vec::new();
                    for (v, selected_by) in directions(a, b) {
                        let chosen = these.is_empty()
                            || these.iter().any(|w| selected_by.contains(&w.as_str()));
                        if chosen && !vectors.contains(&v) {
                            vectors.push(v);
                        }
                    }
                    for &capture in &modalities {
                        match found
                            .iter_mut()
                            .find(|(r, cap, _)| *r == reach && *cap == capture)
                        {
                            Some((_, _, vs)) => vs.extend(
                                vectors
                                    .iter()
                                    .filter(|v| !vs.contains(v))
                                    .collect::<Vec<_>>(),
                            ),
                            None => found.push((reach, capture, vectors.clone())),
                        }
                    }
                }
                modalities.clear();
                words.clear();
                hopper = false;
                grasshopper = false;
            }
        }
        i += 1;
    }
    if !modalities.is_empty() || !words.is_empty() || hopper || grasshopper {
        return Err(BetzaError::Unfinished);
    }
    let mut out = Moves::default();
    for (reach, capture, vectors) in found {
        if vectors
            .iter()
            .any(|&(df, dr)| !vectors.contains(&(-df, dr)))
        {
            return Err(BetzaError::Lopsided);
        }
        let primitive = match reach {
            Reach::Leap => Primitive::Leap(vectors),
            Reach::Ride(range) => Primitive::Ride(vectors, range),
            Reach::Hop => Primitive::Hop(vectors),
            Reach::Grasshop => Primitive::Grasshop(vectors),
        };
        if capture {
            out.captures.push(primitive);
        } else {
            out.moves.push(primitive);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movement::{all_eight, diagonal, orthogonal, queen_lines};

    fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
        v.sort();
        v
    }

    /// The vectors of a text that moves and captures alike, by reach.
    fn both(text: &str) -> Vec<(String, Vec<(i8, i8)>)> {
        let m = parse(text).unwrap();
        assert_eq!(m.moves, m.captures, "{text}");
        m.moves
            .iter()
            .map(|p| match p {
                Primitive::Leap(v) => ("leap".to_string(), sorted(v.clone())),
                Primitive::Ride(v, r) => (format!("{r:?}"), sorted(v.clone())),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    fn leap(v: Vec<(i8, i8)>) -> Vec<(String, Vec<(i8, i8)>)> {
        vec![("leap".into(), sorted(v))]
    }

    #[test]
    fn every_leaper_atom() {
        assert_eq!(both("W"), leap(orthogonal()));
        assert_eq!(both("F"), leap(diagonal()));
        assert_eq!(both("D"), leap(all_eight(2, 0)));
        assert_eq!(both("N"), leap(all_eight(2, 1)));
        assert_eq!(both("A"), leap(all_eight(2, 2)));
        assert_eq!(both("H"), leap(all_eight(3, 0)));
        assert_eq!(both("C"), leap(all_eight(3, 1)));
        assert_eq!(both("L"), leap(all_eight(3, 1)));
        assert_eq!(both("Z"), leap(all_eight(3, 2)));
        assert_eq!(both("J"), leap(all_eight(3, 2)));
        assert_eq!(both("G"), leap(all_eight(3, 3)));
        assert_eq!(both("K"), leap(queen_lines()));
    }

    #[test]
    fn riders_doubled_numbered_and_by_letter() {
        let unlimited = |v| vec![("Unlimited".to_string(), sorted(v))];
        assert_eq!(both("R"), unlimited(orthogonal()));
        assert_eq!(both("WW"), unlimited(orthogonal()));
        assert_eq!(both("W0"), unlimited(orthogonal()));
        assert_eq!(both("B"), unlimited(diagonal()));
        assert_eq!(both("Q"), unlimited(queen_lines()));
        assert_eq!(both("NN"), unlimited(all_eight(2, 1)));
        assert_eq!(
            both("R3"),
            vec![("Max(3)".to_string(), sorted(orthogonal()))]
        );
        assert_eq!(both("F2"), vec![("Max(2)".to_string(), sorted(diagonal()))]);
        // A compound: the archbishop.
        assert_eq!(
            both("BN"),
            vec![
                ("Unlimited".into(), sorted(diagonal())),
                ("leap".into(), sorted(all_eight(2, 1)))
            ]
        );
    }

    #[test]
    fn directional_modifiers() {
        assert_eq!(both("fW"), leap(vec![(0, 1)]));
        assert_eq!(both("bW"), leap(vec![(0, -1)]));
        assert_eq!(both("vW"), leap(vec![(0, 1), (0, -1)]));
        assert_eq!(both("sW"), leap(vec![(1, 0), (-1, 0)]));
        // The soldier: forward and sideways.
        assert_eq!(both("fsW"), leap(vec![(0, 1), (1, 0), (-1, 0)]));
        assert_eq!(both("fF"), leap(vec![(1, 1), (-1, 1)]));
        assert_eq!(both("bF"), leap(vec![(1, -1), (-1, -1)]));
        // The gold: W and the forward diagonals.
        assert_eq!(
            both("WfF"),
            leap(orthogonal().into_iter().chain([(1, 1), (-1, 1)]).collect())
        );
        // Fairy-Stockfish's fN (and ffN) are the narrow two forward knight
        // moves; fsN the wide two.
        assert_eq!(both("fN"), leap(vec![(1, 2), (-1, 2)]));
        assert_eq!(both("ffN"), leap(vec![(1, 2), (-1, 2)]));
        assert_eq!(both("fsN"), leap(vec![(2, 1), (-2, 1)]));
        assert_eq!(both("vN"), leap(vec![(1, 2), (-1, 2), (1, -2), (-1, -2)]));
        assert_eq!(both("fR"), vec![("Unlimited".to_string(), vec![(0, 1)])]);
    }

    /// A pattern's primitives with their vectors sorted, to compare
    /// whatever order the reader lists directions in.
    fn plain(pattern: &[Primitive]) -> Vec<Primitive> {
        pattern
            .iter()
            .map(|p| match p {
                Primitive::Leap(v) => Primitive::Leap(sorted(v.clone())),
                Primitive::Ride(v, r) => Primitive::Ride(sorted(v.clone()), *r),
                Primitive::Hop(v) => Primitive::Hop(sorted(v.clone())),
                other => other.clone(),
            })
            .collect()
    }

    #[test]
    fn move_and_capture_only() {
        // The chess pawn without its double step.
        let p = parse("mfWcfF").unwrap();
        assert_eq!(plain(&p.moves), vec![Primitive::Leap(vec![(0, 1)])]);
        assert_eq!(
            plain(&p.captures),
            vec![Primitive::Leap(vec![(-1, 1), (1, 1)])]
        );
        // Moves as a knight, captures as a bishop (knibis).
        let k = parse("mNcB").unwrap();
        assert_eq!(
            plain(&k.moves),
            vec![Primitive::Leap(sorted(all_eight(2, 1)))]
        );
        assert_eq!(
            plain(&k.captures),
            vec![Primitive::Ride(sorted(diagonal()), Range::Unlimited)]
        );
        // A modality on one atom only.
        let q = parse("mQcN").unwrap();
        assert_eq!(
            plain(&q.captures),
            vec![Primitive::Leap(sorted(all_eight(2, 1)))]
        );
    }

    #[test]
    fn the_cannon_moves_as_a_rook_and_captures_over_one_piece() {
        let c = parse("mRcpR").unwrap();
        assert_eq!(
            c.moves,
            vec![Primitive::Ride(orthogonal_sorted(), Range::Unlimited)]
        );
        assert_eq!(c.captures, vec![Primitive::Hop(orthogonal_sorted())]);
        let b = parse("mBcpB").unwrap();
        assert_eq!(b.captures, vec![Primitive::Hop(diagonal_in_order())]);
    }

    /// Fairy-Stockfish's grasshopper (gQ) hops in both modes, along the
    /// lines its directions choose; m and c split it as any piece.
    #[test]
    fn the_grasshopper_hops_along_its_lines() {
        let g = parse("gQ").unwrap();
        assert_eq!(g.moves, g.captures);
        let Primitive::Grasshop(lines) = &g.moves[0] else {
            panic!("{g:?}");
        };
        assert_eq!(sorted(lines.clone()), sorted(queen_lines()));
        assert_eq!(
            parse("gfR").unwrap().moves,
            vec![Primitive::Grasshop(vec![(0, 1)])]
        );
        let split = parse("mgBcK").unwrap();
        assert_eq!(split.moves, vec![Primitive::Grasshop(diagonal_in_order())]);
        assert_eq!(split.captures.len(), 1);
        assert!(matches!(split.captures[0], Primitive::Leap(_)));
    }

    /// The W atom's directions in the order the reader lists them.
    fn orthogonal_sorted() -> Vec<(i8, i8)> {
        vec![(0, 1), (0, -1), (1, 0), (-1, 0)]
    }

    fn diagonal_in_order() -> Vec<(i8, i8)> {
        vec![(1, 1), (-1, -1), (1, -1), (-1, 1)]
    }

    #[test]
    fn what_is_not_supported_is_refused_by_name() {
        assert_eq!(
            parse("pR").unwrap_err(),
            BetzaError::Unsupported('p', "a hopper only captures (cpR), it makes no quiet hop")
        );
        assert!(matches!(
            parse("cpW").unwrap_err(),
            BetzaError::Unsupported('p', _)
        ));
        assert!(matches!(
            parse("gNN").unwrap_err(),
            BetzaError::Unsupported('g', _)
        ));
        assert!(matches!(
            parse("gR3").unwrap_err(),
            BetzaError::Unsupported('g', _)
        ));
        assert!(matches!(
            parse("pgQ").unwrap_err(),
            BetzaError::Unsupported('g', _)
        ));
        assert_eq!(parse("cg").unwrap_err(), BetzaError::Unfinished);
        assert!(matches!(
            parse("nN").unwrap_err(),
            BetzaError::Unsupported('n', _)
        ));
        assert!(matches!(
            parse("ifmnD").unwrap_err(),
            BetzaError::Unsupported('i', _)
        ));
        assert_eq!(parse("X").unwrap_err(), BetzaError::Unknown('X'));
        assert_eq!(parse("fm").unwrap_err(), BetzaError::Unfinished);
        assert_eq!(parse("rW").unwrap_err(), BetzaError::Lopsided);
        assert_eq!(
            parse("gN").unwrap_err().to_string(),
            "'g' in Betza notation is not supported by boserv (a grasshopper rides on (gR, gB, gQ))"
        );
    }
}
