//! A pawn-like piece in Betza notation, as Fairy-Stockfish defines one
//! with a custom piece named in `promotionPawnTypes` (the Berolina pawn
//! `mfFcfeWimfnA`): one-square quiet steps forward (`mfF`, `mfW`), one-
//! square captures forward (`cfW`, `cfF`; `e` where they take en
//! passant), and an initial double step (`i`) along the quiet steps that
//! passes over an empty square (`n`, lame: `imfnA`, `imfnD`), along
//! every quiet step or some of them (Wolf chess's sergeant `fKifmnD`
//! steps and captures one square forward, straight or diagonally, and
//! steps twice straight ahead only), or one that leaps (no `n`: Spartan
//! chess's hoplite `fmFfcWimA` leaps two squares diagonally forward over
//! anything; its backward leaps, off the board from its first rank, are
//! kept aside for the build to check). That is
//! what the core's [`crate::rules::chesslike::PawnRule`] plays; any other
//! Betza text for a pawn type is refused by what it writes.

use super::betza::{self, BetzaError};
use crate::rules::movement::{Pattern, Primitive};

/// A pawn type's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PawnMoves {
    /// The quiet one-square steps, (file, rank) with rank forward.
    pub steps: Vec<(i8, i8)>,
    /// Whether the first move may go two squares along a step.
    pub double: bool,
    /// The steps a first move goes one square along only (the
    /// sergeant's diagonals); empty when every step doubles.
    pub single: Vec<(i8, i8)>,
    /// The captures.
    pub captures: Pattern,
    /// Whether its captures take en passant (`e`).
    pub en_passant: bool,
    /// Whether the initial double step leaps (no `n`): the square passed
    /// over may be occupied.
    pub leaps: bool,
    /// The initial leaps backward (`imA` without a direction), which the
    /// core does not play: the build refuses the game where one lands on
    /// the board.
    pub back_leaps: Vec<(i8, i8)>,
}

/// Why a Betza text is no pawn's.
fn not_a_pawn(why: &'static str) -> BetzaError {
    BetzaError::NotAPawn(why)
}

/// The one-square leaps of a group's Betza text, all forward.
fn forward_leaps(text: &str) -> Result<(Vec<(i8, i8)>, bool), BetzaError> {
    let m = betza::parse(text)?;
    let leaps = |p: &Pattern| -> Option<Vec<(i8, i8)>> {
        let mut out = Vec::new();
        for prim in p {
            match prim {
                Primitive::Leap(vs) => out.extend(vs.iter().copied()),
                _ => return None,
            }
        }
        Some(out)
    };
    let (moves, captures) = (leaps(&m.moves), leaps(&m.captures));
    let (Some(moves), Some(captures)) = (moves, captures) else {
        return Err(not_a_pawn("a pawn type steps, it does not ride"));
    };
    let capture = !captures.is_empty();
    let vs = if capture { captures } else { moves };
    if vs.iter().any(|&(_, dr)| dr <= 0) {
        return Err(not_a_pawn("a pawn type moves and captures forward only"));
    }
    Ok((vs, capture))
}

/// Reads a pawn type's Betza text.
pub fn pawn(text: &str) -> Result<PawnMoves, BetzaError> {
    let mut out = PawnMoves {
        steps: Vec::new(),
        double: false,
        single: Vec::new(),
        captures: Vec::new(),
        en_passant: false,
        leaps: false,
        back_leaps: Vec::new(),
    };
    let mut lame = false;
    let mut doubles: Vec<(i8, i8)> = Vec::new();
    let mut modifiers = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_lowercase() {
            modifiers.push(c);
            continue;
        }
        if chars.peek().is_some_and(|n| n.is_ascii_digit() || *n == c) {
            return Err(not_a_pawn("a pawn type steps, it does not ride"));
        }
        let has = |m: char| modifiers.contains(m);
        let quiet = has('m') && !has('c');
        let capture = has('c') && !has('m');
        let initial = has('i');
        let plain: String = modifiers
            .chars()
            .filter(|m| !"ein".contains(*m))
            .chain([c])
            .collect();
        match (quiet, capture, initial) {
            (true, false, false) if !has('e') && !has('n') && "WF".contains(c) => {
                out.steps.extend(forward_leaps(&plain)?.0)
            }
            (true, false, true) if !has('e') && has('n') && "DA".contains(c) => {
                lame = true;
                doubles.extend(forward_leaps(&plain)?.0)
            }
            (true, false, true) if !has('e') && "DA".contains(c) => {
                out.leaps = true;
                for prim in betza::parse(&plain)?.moves {
                    let Primitive::Leap(vs) = prim else {
                        return Err(not_a_pawn("a pawn type steps, it does not ride"));
                    };
                    for (df, dr) in vs {
                        match dr > 0 {
                            true => doubles.push((df, dr)),
                            false => out.back_leaps.push((df, dr)),
                        }
                    }
                }
            }
            (false, true, false) if !has('n') && "WF".contains(c) => {
                let vs = forward_leaps(&plain)?.0;
                out.captures.push(Primitive::Leap(vs));
                out.en_passant |= has('e');
            }
            // Steps that also capture (the sergeant's `fK`).
            (false, false, false) if modifiers == "f" && "WFK".contains(c) => {
                let vs = forward_leaps(&plain)?.0;
                out.steps.extend(vs.iter().copied());
                out.captures.push(Primitive::Leap(vs));
            }
            _ => {
                return Err(not_a_pawn(
                    "a pawn type has one-square steps (m), captures (c, e) and an initial lame double step (imn)",
                ));
            }
        }
        modifiers.clear();
    }
    if !modifiers.is_empty() {
        return Err(BetzaError::Unfinished);
    }
    if out.steps.is_empty() || out.captures.is_empty() {
        return Err(not_a_pawn("a pawn type both steps and captures"));
    }
    let mut doubled: Vec<(i8, i8)> = out.steps.iter().map(|&(f, r)| (2 * f, 2 * r)).collect();
    doubled.sort();
    doubles.sort();
    doubles.dedup();
    if doubles.iter().any(|d| !doubled.contains(d)) {
        return Err(not_a_pawn(
            "a pawn type's initial double step goes along its steps",
        ));
    }
    if lame && out.leaps {
        return Err(not_a_pawn(
            "a pawn type's initial double step is lame (n) or leaps, not both",
        ));
    }
    out.double = !doubles.is_empty();
    if out.double {
        out.single = out
            .steps
            .iter()
            .copied()
            .filter(|&(f, r)| !doubles.contains(&(2 * f, 2 * r)))
            .collect();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_berolina_pawn_steps_diagonally_and_captures_straight() {
        let p = pawn("mfFcfeWimfnA").unwrap();
        let mut steps = p.steps.clone();
        steps.sort();
        assert_eq!(steps, vec![(-1, 1), (1, 1)]);
        assert!(p.double && p.en_passant);
        assert_eq!(p.captures, vec![Primitive::Leap(vec![(0, 1)])]);
        // The chess pawn written as a custom piece.
        let c = pawn("mfWcfeFimfnD").unwrap();
        assert_eq!(c.steps, vec![(0, 1)]);
        assert!(c.double);
        // Without the initial step or en passant.
        let s = pawn("mfWcfF").unwrap();
        assert!(!s.double && !s.en_passant);
    }

    /// Spartan chess's hoplite: moves diagonally forward, captures
    /// straight ahead, and its first move may leap two squares
    /// diagonally forward over anything (`imA`: its backward leaps are
    /// kept aside).
    #[test]
    fn the_hoplite_leaps_on_its_first_move() {
        let h = pawn("fmFfcWimA").unwrap();
        let mut steps = h.steps.clone();
        steps.sort();
        assert_eq!(steps, vec![(-1, 1), (1, 1)]);
        assert!(h.double && h.leaps && !h.en_passant);
        let mut back = h.back_leaps.clone();
        back.sort();
        assert_eq!(back, vec![(-2, -2), (2, -2)]);
        assert!(!pawn("mfFcfeWimfnA").unwrap().leaps);
        assert!(pawn("fmFfcWimfnAimA").is_err());
    }

    #[test]
    fn other_texts_are_no_pawn() {
        // (`fW`, the shogi pawn, steps and captures straight ahead: a pawn.)
        assert!(pawn("fW").is_ok());
        assert!(pawn("fR").is_err());
        assert!(pawn("mfRcfF").is_err());
        assert!(pawn("mbWcfF").is_err());
        assert!(pawn("mfFcfWimfnD").is_err());
        assert!(pawn("mfF").is_err());
        // A double step along no step of the pawn's.
        assert!(pawn("bKimfnD").is_err());
    }

    #[test]
    fn the_sergeant_steps_and_captures_forward_and_doubles_straight() {
        let s = pawn("fKifmnD").unwrap();
        let mut steps = s.steps.clone();
        steps.sort();
        assert_eq!(steps, vec![(-1, 1), (0, 1), (1, 1)]);
        let Primitive::Leap(captures) = &s.captures[0] else {
            panic!("{:?}", s.captures)
        };
        let mut captures = captures.clone();
        captures.sort();
        assert_eq!(captures, steps);
        assert!(s.double && !s.en_passant);
        let mut single = s.single.clone();
        single.sort();
        assert_eq!(single, vec![(-1, 1), (1, 1)]);
    }
}
