//! Why a drop is refused, in a player's words: nothing in reserve, an
//! occupied square, where a relocated pawn may go (and not while in
//! check), the colour a colour-bound kind must change to, the rank a royal
//! piece goes on while other pieces remain in hand, the game's drop region
//! and no-doubling rule, the game's own rule, and check. Only asked when
//! no legal drop matches what a player wrote.

use super::position::{Act, ChessLike};
use crate::rules::Action;
use crate::rules::geometry::Square;
use crate::rules::notation::a_name;

impl ChessLike {
    /// Why dropping the kind lettered `letter` on `to` (its pawn going to
    /// `relocate`) is not legal here.
    pub(super) fn why_not_drop(
        &self,
        letter: char,
        to: Square,
        relocate: Option<Square>,
    ) -> String {
        let Some(drops) = &self.rules.drops else {
            return "there is nothing to drop in this game".into();
        };
        let geo = self.board.geometry();
        let side = self.side as usize;
        let Some(kind) = self.rules.spec.kind_index(letter) else {
            return format!("no piece has the letter {letter}");
        };
        let name = self.rules.spec.kinds[kind as usize].name;
        let held = self.reserves[side][kind as usize];
        if held == 0 {
            return format!("you have no {letter} in reserve");
        }
        if let Some(region) = self
            .rules
            .spec
            .region(self.side, kind)
            .filter(|r| !r.squares.contains(to))
        {
            return format!(
                "your {name} is dropped only on {} in this game",
                region.words
            );
        }
        let rank = geo.coords(to).1;
        match (self.board.get(to), relocate) {
            (Some(p), _) if p.owner != self.side || self.rules.pawn(p.kind).is_none() => {
                let whose = if p.owner == self.side {
                    "your"
                } else {
                    "the enemy's"
                };
                return format!(
                    "{} is occupied by {whose} {}",
                    geo.name(to),
                    self.board.kind(p).name
                );
            }
            (Some(_), _) if drops.onto_own_pawn.is_none() => {
                return format!("{} is occupied by your pawn", geo.name(to));
            }
            (Some(_), None) => {
                return format!(
                    "say where the pawn on {} goes ({letter}@{}/square)",
                    geo.name(to),
                    geo.name(to)
                );
            }
            (Some(_), Some(r)) => {
                if drops.no_relocation_in_check && self.in_check() {
                    return format!(
                        "a pawn may not be relocated while your {} is in check",
                        self.royal_name()
                    );
                }
                let (lo, hi) = drops.onto_own_pawn.expect("checked above")[side];
                let rank_r = geo.coords(r).1;
                if self.board.get(r).is_some() || r == to || !(lo..=hi).contains(&rank_r) {
                    return format!(
                        "the pawn goes to an empty square on ranks {}-{}, not {}",
                        lo + 1,
                        hi + 1,
                        geo.name(r)
                    );
                }
            }
            (None, Some(_)) => {
                return format!("there is no pawn of yours on {} to relocate", geo.name(to));
            }
            (None, None) => {}
        }
        if let Some(rule) = self.rules.pawn(kind)
            && rule.barred_rank(self.side, rank)
        {
            return if rank == rule.promotion_rank[side] {
                format!("{} is never dropped on its last rank", a_name(name))
            } else {
                format!("{} is never dropped on its first rank", a_name(name))
            };
        }
        let in_hand: u32 = self.reserves[side].iter().map(|&n| u32::from(n)).sum();
        if let Some(ranks) = drops.royal_rank_until_last
            && self.rules.spec.kinds[kind as usize].royal
            && in_hand > u32::from(held)
            && ranks[side] != rank
        {
            return format!(
                "your {name} goes on rank {} while other pieces remain in your reserve",
                ranks[side] + 1
            );
        }
        if drops.unlike_colours == Some(kind) {
            let used = self.drop_colours[side];
            if used & self.colour_bit(to) != 0 {
                let colour = |bit: u8| if bit == 2 { "dark" } else { "light" };
                return match 3 & !used {
                    0 => format!("your {name}s have been dropped on both colours"),
                    free => format!(
                        "your second {name} goes on a {} square (the first went on a {} one)",
                        colour(free),
                        colour(used)
                    ),
                };
            }
        }
        if self
            .drop_barred(drops, kind)
            .is_some_and(|barred| barred.contains(to))
        {
            let outside = drops
                .regions
                .is_some_and(|regions| !regions[side].contains(to));
            return if outside {
                format!(
                    "{} is outside the squares your pieces may be dropped on",
                    geo.name(to)
                )
            } else {
                match drops.no_doubled.map_or(1, |rule| rule.count) {
                    0 => format!("{} is never dropped in this game", a_name(name)),
                    1 => format!(
                        "{} may not be dropped on a file that has one of your {name}s",
                        a_name(name)
                    ),
                    n => format!(
                        "{} may not be dropped on a file that has {n} of your {name}s",
                        a_name(name)
                    ),
                }
            };
        }
        let act = Act::plain(Action::Drop { kind, to, relocate }, false);
        if let Some(why) = self.rules.hooks.forbids(self, &act) {
            return why;
        }
        self.check_words()
    }
}
