//! Pawn-like pieces as data: how they step without capturing (straight
//! ahead for a pawn, diagonally for a Berolina pawn or a Warrior), how far
//! on the first move and after, which squares a multi-step passes over (to
//! be taken there en passant, and by which kinds), and where and into what
//! they promote (and, where the game says, whether they must and into
//! how many of a kind: [`PromotionChoice`]). Captures are the kind's
//! capture pattern (movement data).

use crate::rules::geometry::{Geometry, Square};

/// The rules of one pawn-like kind.
#[derive(Clone, Debug)]
pub struct PawnRule {
    pub kind: u8,
    /// Non-capturing step directions, from the owner's side (`(0, 1)` a
    /// pawn, `(-1, 1)` and `(1, 1)` a Warrior).
    pub steps: Vec<(i8, i8)>,
    /// The rank (0-based) each seat's pawns start on; their first move
    /// goes up to `first_range` squares from there.
    pub home_rank: [i8; 2],
    pub first_range: i8,
    /// Further ranks (bits, 0-based) from which each seat's pawns go up
    /// to `first_range` squares (Horde's first rank, Torpedo's every
    /// rank); 0 for none.
    pub also_home: [u32; 2],
    /// Single squares from which each seat's pawns also go up to
    /// `first_range` squares: per rank (0-based), the files as bits (Wolf
    /// chess's b3, c3, f3 and g3); all 0 for none.
    pub home_files: [[u16; 12]; 2],
    /// The step directions (bits by index of `steps`) a first move goes
    /// one square along only (Wolf chess's sergeant steps twice straight
    /// ahead, never diagonally); 0: every step doubles.
    pub single_steps: u8,
    /// Fairy-Stockfish's `promotedPieceType` of this pawn type, among
    /// `promotions` (Wolf chess's elephant): its FEN writes such a piece
    /// `+P`, which the FEN reader takes as this kind.
    pub promoted_as: Option<u8>,
    /// The ranks (bits, 0-based) of the squares passed over where a pawn
    /// may be taken en passant (Horde: not on the second rank).
    pub en_passant_ranks: u32,
    /// True when a pawn may stand on its own first rank (Horde's start,
    /// Chessgi's drops): only its own promotion rank is barred to it.
    pub on_first_rank: bool,
    /// The longest step after the first move.
    pub range: i8,
    /// True when the last rank is entered only by a one-square step (Big
    /// Outer Chess).
    pub last_by_one_step: bool,
    /// The rank each seat promotes on.
    pub promotion_rank: [i8; 2],
    /// What it may become, per seat, in the order `moves` lists them
    /// (Spartan chess: White's pawn becomes a queen, rook, bishop or
    /// knight; a pawn of Black's, a king, general, warlord, lieutenant
    /// or captain).
    pub promotions: [Vec<u8>; 2],
    /// True when the long first step leaps: the squares it passes over
    /// may be occupied (Spartan chess's hoplite, Betza `imA`).
    pub leaps_first: bool,
    /// `None`: a pawn entering its promotion rank becomes one of
    /// `promotions`. Else the promotion zone runs from that rank to the
    /// far edge, with this choice (Grand chess).
    pub choice: Option<PromotionChoice>,
    /// The kinds that may take it en passant on a square it passed over
    /// (empty: no en passant).
    pub taken_by: Vec<u8>,
    /// How it captures, for refusals: "diagonally".
    pub captures: &'static str,
    /// How it moves, for refusals: "moves straight ahead and captures one
    /// square diagonally forward".
    pub how: &'static str,
}

/// Promotion with a choice (Fairy-Stockfish's `mandatoryPawnPromotion =
/// false`, `promotionLimit`, and `immobilityIllegal` for the pawns): in
/// the zone from the promotion rank to the far edge a pawn may stay a
/// pawn, but not where it could move no further; it becomes only a kind
/// the side has fewer of than that kind's limit (Grand chess: a piece it
/// has lost).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PromotionChoice {
    /// Per kind (by index): the most of that kind a side may have for a
    /// pawn to become one (0, or past the end: no limit).
    pub limits: Vec<u8>,
    /// True when a pawn may enter the zone without promoting.
    pub optional: bool,
    /// The rank (per seat) a pawn may enter only by promoting, where it
    /// would have no move left (`immobilityIllegal`): `None` for none.
    pub immobile: Option<[i8; 2]>,
}

/// Forward for a seat: +1 up the board for the first seat, -1 for the other.
pub fn facing(seat: u8) -> i8 {
    if seat == 0 { 1 } else { -1 }
}

impl PawnRule {
    /// The longest step from `at` (file, rank) along the `d`th of `steps`.
    #[inline]
    pub fn longest(&self, seat: u8, at: (i8, i8), d: usize) -> i8 {
        if self.single_steps & (1 << d) == 0 && self.is_home_at(seat, at) {
            self.first_range
        } else {
            self.range
        }
    }

    /// True when a pawn of `seat` on `at` (file, rank) makes its long
    /// first step: from a home rank or one of the home squares.
    #[inline]
    pub fn is_home_at(&self, seat: u8, (file, rank): (i8, i8)) -> bool {
        self.is_home(seat, rank)
            || (0..12).contains(&rank)
                && (0..16).contains(&file)
                && self.home_files[seat as usize][rank as usize] & (1 << file) != 0
    }

    /// Why a step of `steps` squares from `at` along `dir` breaks the
    /// step rules (path and occupancy aside), or `None` when the length is
    /// allowed.
    pub fn length_refusal(
        &self,
        name: &str,
        seat: u8,
        at: (i8, i8),
        dir: (i8, i8),
        steps: i8,
    ) -> Option<String> {
        let rank = at.1;
        let d = self.steps.iter().position(|&s| s == dir).unwrap_or(0);
        if steps > 1
            && self.last_by_one_step
            && rank + steps * facing(seat) == self.promotion_rank[seat as usize]
        {
            return Some(format!(
                "a {name} enters the last rank only by a one-square step"
            ));
        }
        if steps > self.longest(seat, at, d) {
            let squares = |n: i8| match n {
                1 => "1 square".to_string(),
                2 => "1 or 2 squares".to_string(),
                n => format!("1 to {n} squares"),
            };
            return Some(
                if self.is_home_at(seat, at) && self.single_steps & (1 << d) != 0 {
                    format!("a {name}'s first move goes twice only straight ahead")
                } else if self.is_home_at(seat, at) {
                    format!("a {name}'s first move goes {}", squares(self.first_range))
                } else if self.first_range > self.range {
                    format!("after its first move a {name} goes {}", squares(self.range))
                } else {
                    format!("a {name} goes {}", squares(self.range))
                },
            );
        }
        None
    }

    /// True when a pawn of `seat` on `rank` makes its long first step.
    #[inline]
    pub fn is_home(&self, seat: u8, rank: i8) -> bool {
        rank == self.home_rank[seat as usize]
            || (0..32).contains(&rank) && self.also_home[seat as usize] & (1 << rank) != 0
    }

    /// True when a pawn of `seat` may not stand on `rank`: its promotion
    /// rank, and the other side's unless it may stand on its first rank.
    /// (With a choice to stay a pawn, only where it could not move on.)
    #[inline]
    pub fn barred_rank(&self, seat: u8, rank: i8) -> bool {
        let own = match &self.choice {
            Some(c) if c.optional => c.immobile.map(|r| r[seat as usize]),
            _ => Some(self.promotion_rank[seat as usize]),
        };
        own == Some(rank) || (!self.on_first_rank && self.promotion_rank.contains(&rank))
    }

    /// True when a pawn passing over a square on `rank` may be taken there
    /// en passant.
    #[inline]
    pub fn en_passant_on(&self, rank: i8) -> bool {
        (0..32).contains(&rank) && self.en_passant_ranks & (1 << rank) != 0
    }

    /// The squares a pawn of `seat` on `from` may step to, calling `f` for
    /// each: along every step direction, nearest first, while empty.
    pub fn each_step(
        &self,
        geo: &Geometry,
        seat: u8,
        from: Square,
        empty: impl Fn(Square) -> bool,
        mut f: impl FnMut(Square),
    ) {
        let coords = geo.coords(from);
        let up = facing(seat);
        for (d, &(df, dr)) in self.steps.iter().enumerate() {
            let longest = self.longest(seat, coords, d);
            let mut at = from;
            for n in 1..=longest {
                let Some(to) = geo.step(at, df, dr * up) else {
                    break;
                };
                if !empty(to) {
                    // A leaping first step goes on over it.
                    if self.leaps_first && n < longest {
                        at = to;
                        continue;
                    }
                    break;
                }
                if n > 1
                    && self.last_by_one_step
                    && geo.coords(to).1 == self.promotion_rank[seat as usize]
                {
                    break;
                }
                f(to);
                at = to;
            }
        }
    }

    /// The step direction and length taking `from` to `to`, if any.
    pub fn step_between(
        &self,
        geo: &Geometry,
        seat: u8,
        from: Square,
        to: Square,
    ) -> Option<((i8, i8), i8)> {
        let ((ff, fr), (tf, tr)) = (geo.coords(from), geo.coords(to));
        let up = facing(seat);
        self.steps.iter().find_map(|&(df, dr)| {
            let n = (tr - fr) * up;
            let n = if dr != 0 { n / dr } else { (tf - ff) / df };
            (n >= 1 && ff + df * n == tf && fr + dr * up * n == tr).then_some(((df, dr), n))
        })
    }

    /// True when a pawn of `seat` may promote on `sq`: on its
    /// promotion rank, or with a choice anywhere beyond it.
    #[inline]
    pub fn promotes_on(&self, geo: &Geometry, seat: u8, sq: Square) -> bool {
        let rank = geo.coords(sq).1;
        let first = self.promotion_rank[seat as usize];
        rank == first || (self.choice.is_some() && (rank - first) * facing(seat) > 0)
    }

    /// With a choice: calls `f` with each promotion open to a pawn of
    /// `seat` entering `to` in the zone (`held(kind)`: how many of the
    /// kind the side has), then `None` where it may stay a pawn.
    pub fn each_choice(
        &self,
        geo: &Geometry,
        seat: u8,
        to: Square,
        held: impl Fn(u8) -> usize,
        mut f: impl FnMut(Option<u8>),
    ) {
        let promotions = &self.promotions[seat as usize];
        let Some(choice) = &self.choice else {
            promotions.iter().for_each(|&k| f(Some(k)));
            return;
        };
        for &k in promotions {
            let limit = choice.limits.get(usize::from(k)).copied().unwrap_or(0);
            if limit == 0 || held(k) < usize::from(limit) {
                f(Some(k));
            }
        }
        let rank = geo.coords(to).1;
        if choice.optional && choice.immobile.is_none_or(|r| r[seat as usize] != rank) {
            f(None);
        }
    }
}

/// The squares strictly between `from` and `to` on one line.
pub fn passed_over(geo: &Geometry, from: Square, to: Square) -> Vec<Square> {
    let mut out = Vec::new();
    each_passed_over(geo, from, to, |s| out.push(s));
    out
}

/// Calls `f` with each square of [`passed_over`], nearest `from` first.
#[inline]
pub fn each_passed_over(geo: &Geometry, from: Square, to: Square, mut f: impl FnMut(Square)) {
    let ((f0, r0), (f1, r1)) = (geo.coords(from), geo.coords(to));
    let (df, dr) = ((f1 - f0).signum(), (r1 - r0).signum());
    let (mut file, mut rank) = (f0 + df, r0 + dr);
    while (file, rank) != (f1, r1) {
        if let Some(s) = geo.at(file as i32, rank as i32) {
            f(s);
        }
        file += df;
        rank += dr;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big_outer() -> PawnRule {
        crate::rules::bochess::RULES.pawns[0].clone()
    }

    #[test]
    fn step_lengths() {
        let p = big_outer();
        let why = |seat, rank, steps| p.length_refusal("pawn", seat, (0, rank), (0, 1), steps);
        assert_eq!(why(0, 1, 4), None);
        assert_eq!(
            why(0, 1, 5).unwrap(),
            "a pawn's first move goes 1 to 4 squares"
        );
        assert_eq!(why(0, 4, 2), None);
        assert_eq!(
            why(0, 4, 3).unwrap(),
            "after its first move a pawn goes 1 or 2 squares"
        );
        assert_eq!(
            why(0, 9, 2).unwrap(),
            "a pawn enters the last rank only by a one-square step"
        );
        assert_eq!(why(0, 10, 1), None);
        assert_eq!(why(1, 10, 4), None);
        assert_eq!(
            why(1, 2, 2).unwrap(),
            "a pawn enters the last rank only by a one-square step"
        );
    }

    #[test]
    fn passed_squares_straight_and_diagonal() {
        let g = Geometry::rect(12, 12);
        let p = |s| g.parse(s).unwrap();
        let names = |v: Vec<Square>| v.iter().map(|&s| g.name(s).to_string()).collect::<Vec<_>>();
        assert_eq!(names(passed_over(&g, p("e2"), p("e6"))), ["e3", "e4", "e5"]);
        assert!(passed_over(&g, p("e7"), p("e6")).is_empty());
        assert_eq!(names(passed_over(&g, p("d11"), p("d9"))), ["d10"]);
        assert_eq!(names(passed_over(&g, p("a2"), p("c4"))), ["b3"]);
    }
}
