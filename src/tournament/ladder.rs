//! A ladder: players ranked top to bottom, climbing by beating those above.
//!
//! Newcomers start at the bottom. A player may challenge anyone at most
//! `reach` places above them; a win over a higher player takes that
//! player's place, and everyone from there down to the winner's old place
//! moves down one. A loss or a draw changes nothing (the lower player
//! failed to climb), and neither does a win over someone below.

use std::fmt::Display;

/// Why a ladder challenge is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LadderRefusal {
    /// The challenger is not on the ladder.
    #[error("{0} is not on this ladder: join it first")]
    NotOnLadder(String),
    /// The challenged player is not on the ladder.
    #[error("{0} is not on this ladder")]
    TargetNotOnLadder(String),
    /// Oneself.
    #[error("you cannot challenge yourself")]
    Yourself,
    /// Only players above may be challenged.
    #[error(
        "{target} is below you (place {target_place}, you are {place}): challenge someone above"
    )]
    Below {
        /// Who was challenged.
        target: String,
        /// Their place, from 1.
        target_place: usize,
        /// The challenger's place.
        place: usize,
    },
    /// Too high above.
    #[error(
        "{target} is {distance} places above you; you may challenge at most {} up",
        places(*.reach)
    )]
    OutOfReach {
        /// Who was challenged.
        target: String,
        /// How many places above.
        distance: usize,
        /// The ladder's reach.
        reach: usize,
    },
}

/// `1 place`, `3 places`.
fn places(n: usize) -> String {
    match n {
        1 => "1 place".to_string(),
        n => format!("{n} places"),
    }
}

/// Place (from 1) of `who`, if on the ladder.
pub fn place<T: PartialEq>(ranks: &[T], who: &T) -> Option<usize> {
    ranks.iter().position(|p| p == who).map(|i| i + 1)
}

/// Puts `who` at the bottom; false if already on it.
pub fn join<T: PartialEq>(ranks: &mut Vec<T>, who: T) -> bool {
    if ranks.contains(&who) {
        return false;
    }
    ranks.push(who);
    true
}

/// Takes `who` off; those below move up one. False if not on it.
pub fn leave<T: PartialEq>(ranks: &mut Vec<T>, who: &T) -> bool {
    match ranks.iter().position(|p| p == who) {
        Some(i) => {
            ranks.remove(i);
            true
        }
        None => false,
    }
}

/// Whether `challenger` may challenge `target` with this `reach`.
pub fn may_challenge<T: PartialEq + Display>(
    ranks: &[T],
    challenger: &T,
    target: &T,
    reach: usize,
) -> Result<(), LadderRefusal> {
    let place = place(ranks, challenger)
        .ok_or_else(|| LadderRefusal::NotOnLadder(challenger.to_string()))?;
    let target_place = self::place(ranks, target)
        .ok_or_else(|| LadderRefusal::TargetNotOnLadder(target.to_string()))?;
    if place == target_place {
        return Err(LadderRefusal::Yourself);
    }
    if target_place > place {
        return Err(LadderRefusal::Below {
            target: target.to_string(),
            target_place,
            place,
        });
    }
    let distance = place - target_place;
    if distance > reach {
        return Err(LadderRefusal::OutOfReach {
            target: target.to_string(),
            distance,
            reach,
        });
    }
    Ok(())
}

/// Moves `winner` into `loser`'s place when `winner` stood below; true if
/// the ladder changed.
pub fn record_win<T: PartialEq>(ranks: &mut Vec<T>, winner: &T, loser: &T) -> bool {
    let (Some(w), Some(l)) = (
        ranks.iter().position(|p| p == winner),
        ranks.iter().position(|p| p == loser),
    ) else {
        return false;
    };
    if w <= l {
        return false;
    }
    let climber = ranks.remove(w);
    ranks.insert(l, climber);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn newcomers_join_at_the_bottom_once() {
        let mut ranks = ladder(&["ann", "bob"]);
        assert!(join(&mut ranks, "cy".to_string()));
        assert!(!join(&mut ranks, "ann".to_string()));
        assert_eq!(ranks, ladder(&["ann", "bob", "cy"]));
        assert_eq!(place(&ranks, &"cy".to_string()), Some(3));
    }

    #[test]
    fn a_win_from_below_takes_the_place_and_pushes_the_rest_down() {
        let mut ranks = ladder(&["ann", "bob", "cy", "dee", "eve"]);
        assert!(record_win(
            &mut ranks,
            &"eve".to_string(),
            &"bob".to_string()
        ));
        assert_eq!(ranks, ladder(&["ann", "eve", "bob", "cy", "dee"]));
        assert!(!record_win(
            &mut ranks,
            &"ann".to_string(),
            &"cy".to_string()
        ));
        assert_eq!(ranks, ladder(&["ann", "eve", "bob", "cy", "dee"]));
    }

    #[test]
    fn challenges_reach_only_a_few_places_up() {
        let ranks = ladder(&["ann", "bob", "cy", "dee", "eve"]);
        let s = |x: &str| x.to_string();
        assert_eq!(may_challenge(&ranks, &s("eve"), &s("bob"), 3), Ok(()));
        assert_eq!(
            may_challenge(&ranks, &s("eve"), &s("ann"), 3)
                .unwrap_err()
                .to_string(),
            "ann is 4 places above you; you may challenge at most 3 places up"
        );
        assert_eq!(
            may_challenge(&ranks, &s("bob"), &s("dee"), 3)
                .unwrap_err()
                .to_string(),
            "dee is below you (place 4, you are 2): challenge someone above"
        );
        assert_eq!(
            may_challenge(&ranks, &s("zed"), &s("ann"), 3),
            Err(LadderRefusal::NotOnLadder(s("zed")))
        );
        assert_eq!(
            may_challenge(&ranks, &s("ann"), &s("zed"), 3),
            Err(LadderRefusal::TargetNotOnLadder(s("zed")))
        );
        assert_eq!(
            may_challenge(&ranks, &s("ann"), &s("ann"), 3),
            Err(LadderRefusal::Yourself)
        );
    }

    #[test]
    fn leaving_moves_those_below_up() {
        let mut ranks = ladder(&["ann", "bob", "cy"]);
        assert!(leave(&mut ranks, &"ann".to_string()));
        assert!(!leave(&mut ranks, &"ann".to_string()));
        assert_eq!(ranks, ladder(&["bob", "cy"]));
    }
}
