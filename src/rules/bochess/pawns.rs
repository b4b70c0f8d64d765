//! Big Outer pawns: the rules that are not movement data.
//!
//! A pawn's captures are data in `pieces.rs`; here is what depends on the
//! pawn's history and the last move: the first move of 1–4 squares (later 1
//! or 2), the last rank entered only by a one-square step, and en passant
//! onto ANY square a just-moved pawn passed over.

use crate::rules::geometry::{Geometry, Square};

/// The rank (0-based) a seat's pawns start on: White rank 2, Black rank 11.
pub fn first_rank(seat: u8) -> i8 {
    if seat == 0 { 1 } else { 10 }
}

/// The rank a seat's pawns promote on.
pub fn last_rank(seat: u8) -> i8 {
    if seat == 0 { 11 } else { 0 }
}

/// Forward for a seat: +1 up the board for White, -1 for Black.
pub fn facing(seat: u8) -> i8 {
    if seat == 0 { 1 } else { -1 }
}

/// The longest push from `rank`: 4 from the first rank, else 2.
pub fn longest_push(seat: u8, rank: i8) -> i8 {
    if rank == first_rank(seat) { 4 } else { 2 }
}

/// Why a straight push of `steps` squares from `rank` breaks the step
/// rules (path and occupancy aside), or `None` when the length is allowed.
pub fn push_length_refusal(seat: u8, rank: i8, steps: i8) -> Option<&'static str> {
    if steps < 1 {
        return Some("a pawn moves straight ahead");
    }
    if steps > 1 && rank + steps * facing(seat) == last_rank(seat) {
        return Some("a pawn enters the last rank only by a one-square step");
    }
    if steps > longest_push(seat, rank) {
        return Some(if rank == first_rank(seat) {
            "a pawn's first move goes 1 to 4 squares"
        } else {
            "after its first move a pawn goes 1 or 2 squares"
        });
    }
    None
}

/// The squares a pawn of `seat` on `from` may push to, nearest first: every
/// allowed length whose path (target included) is empty.
pub fn pushes(
    geo: &Geometry,
    seat: u8,
    from: Square,
    empty: &dyn Fn(Square) -> bool,
) -> Vec<Square> {
    let (_, rank) = geo.coords(from);
    let mut out = Vec::new();
    for steps in 1..=longest_push(seat, rank) {
        let Some(to) = geo.offset(from, 0, steps * facing(seat)) else {
            break;
        };
        if !empty(to) || push_length_refusal(seat, rank, steps).is_some() {
            break;
        }
        out.push(to);
    }
    out
}

/// The squares strictly between a pawn move's `from` and `to` (same file).
pub fn passed_over(geo: &Geometry, from: Square, to: Square) -> Vec<Square> {
    let (f, r0) = geo.coords(from);
    let (_, r1) = geo.coords(to);
    let dir = (r1 - r0).signum();
    let mut out = Vec::new();
    let mut r = r0 + dir;
    while r != r1 {
        out.extend(geo.at(f as i32, r as i32));
        r += dir;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_lengths() {
        assert_eq!(push_length_refusal(0, 1, 4), None);
        assert_eq!(
            push_length_refusal(0, 1, 5),
            Some("a pawn's first move goes 1 to 4 squares")
        );
        assert_eq!(push_length_refusal(0, 4, 2), None);
        assert_eq!(
            push_length_refusal(0, 4, 3),
            Some("after its first move a pawn goes 1 or 2 squares")
        );
        assert_eq!(
            push_length_refusal(0, 9, 2),
            Some("a pawn enters the last rank only by a one-square step")
        );
        assert_eq!(push_length_refusal(0, 10, 1), None);
        assert_eq!(push_length_refusal(1, 10, 4), None);
        assert_eq!(
            push_length_refusal(1, 2, 2),
            Some("a pawn enters the last rank only by a one-square step")
        );
    }

    #[test]
    fn passed_squares() {
        let g = crate::rules::geometry::Geometry::rect(12, 12);
        let p = |s| g.parse(s).unwrap();
        let names: Vec<&str> = passed_over(&g, p("e2"), p("e6"))
            .iter()
            .map(|&s| g.name(s))
            .collect();
        assert_eq!(names, ["e3", "e4", "e5"]);
        assert!(passed_over(&g, p("e7"), p("e6")).is_empty());
        let names: Vec<&str> = passed_over(&g, p("d11"), p("d9"))
            .iter()
            .map(|&s| g.name(s))
            .collect();
        assert_eq!(names, ["d10"]);
    }
}
