//! Knockouts: a seeded bracket of two-game matches.
//!
//! Entrants are seeded by rating (entrant 0 the strongest). The bracket has
//! a power of two of slots, filled in the standard seeding order (1 v 16,
//! 8 v 9, 5 v 12, ... so the two strongest can meet only in the final);
//! when the field is smaller, the top seeds draw the byes. A match is two
//! games, one with each colour, the higher seed White in the first. A
//! match level after both games goes to one decider, in which the lower
//! seed has White and a draw sends the higher seed through (the higher
//! seed earned the draw odds by rating; correspondence has no time odds to
//! balance White's move).

use super::{Outcome, Pairing, Played};

/// The bracket's slots in playing order, each holding an entrant or a bye
/// (`None`); slots `2i` and `2i + 1` meet in the first round.
pub fn bracket(entrants: usize) -> Vec<Option<usize>> {
    let size = entrants.max(2).next_power_of_two();
    let mut seeds = vec![1usize];
    while seeds.len() < size {
        let n = seeds.len() * 2;
        seeds = seeds.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    seeds
        .into_iter()
        .map(|seed| (seed <= entrants).then(|| seed - 1))
        .collect()
}

/// The two games of a match between `higher` (the better seed) and `lower`.
pub fn match_games(higher: usize, lower: usize) -> [Pairing; 2] {
    [
        Pairing {
            white: higher,
            black: lower,
        },
        Pairing {
            white: lower,
            black: higher,
        },
    ]
}

/// The decider of a level match: the lower seed has White.
pub fn decider(higher: usize, lower: usize) -> Pairing {
    Pairing {
        white: lower,
        black: higher,
    }
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchState {
    /// A game of it is still being played.
    Playing,
    /// Both games are over and the score is level: a decider is due.
    Level,
    /// This entrant goes through.
    Won(usize),
}

/// The state of the match between `higher` and `lower` from its games
/// (the two of the match, then the decider if there is one).
pub fn state(higher: usize, lower: usize, games: &[Played]) -> MatchState {
    let score = |g: &Played| -> Option<(u32, u32)> {
        let o = g.outcome?;
        let white = o.halves();
        let black = o.flipped().halves();
        Some(if g.pairing.white == higher {
            (white, black)
        } else {
            (black, white)
        })
    };
    let (mut high, mut low) = (0, 0);
    for game in games.iter().take(2) {
        match score(game) {
            Some((h, l)) => {
                high += h;
                low += l;
            }
            None => return MatchState::Playing,
        }
    }
    if games.len() < 2 {
        return MatchState::Playing;
    }
    if high != low {
        return MatchState::Won(if high > low { higher } else { lower });
    }
    match games.get(2) {
        None => MatchState::Level,
        Some(decider) => match score(decider) {
            None => MatchState::Playing,
            Some((h, l)) if l > h => MatchState::Won(lower),
            Some(_) => MatchState::Won(higher),
        },
    }
}

/// The next round's matches from the winners of this one, in bracket
/// order: neighbours meet, the better seed (the smaller number) first.
pub fn next_round(winners: &[usize]) -> Vec<(usize, usize)> {
    winners
        .chunks(2)
        .filter(|pair| pair.len() == 2)
        .map(|pair| (pair[0].min(pair[1]), pair[0].max(pair[1])))
        .collect()
}

/// The first round's matches; an entrant facing a bye goes through
/// without playing (the second element is `None`).
pub fn first_round(entrants: usize) -> Vec<(usize, Option<usize>)> {
    bracket(entrants)
        .chunks(2)
        .filter_map(|pair| match (pair[0], pair[1]) {
            (Some(a), Some(b)) => Some((a.min(b), Some(a.max(b)))),
            (Some(a), None) | (None, Some(a)) => Some((a, None)),
            (None, None) => None,
        })
        .collect()
}

/// The number of rounds a knockout of `entrants` takes.
pub fn rounds(entrants: usize) -> u32 {
    entrants.max(2).next_power_of_two().trailing_zeros()
}

/// The result of `g` for `who`, if `who` played it and it is over.
pub fn result_for(g: &Played, who: usize) -> Option<Outcome> {
    let o = g.outcome?;
    if g.pairing.white == who {
        Some(o)
    } else if g.pairing.black == who {
        Some(o.flipped())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn over(p: Pairing, o: Outcome) -> Played {
        Played {
            pairing: p,
            outcome: Some(o),
        }
    }

    #[test]
    fn the_bracket_keeps_the_top_seeds_apart_until_the_final() {
        let seeds: Vec<usize> = bracket(8).into_iter().map(|s| s.unwrap() + 1).collect();
        assert_eq!(seeds, [1, 8, 4, 5, 2, 7, 3, 6]);
        let sixteen: Vec<usize> = bracket(16).into_iter().map(|s| s.unwrap() + 1).collect();
        assert_eq!(&sixteen[..4], [1, 16, 8, 9]);
        assert_eq!(&sixteen[8..10], [2, 15]);
    }

    #[test]
    fn a_small_field_gives_the_top_seeds_byes() {
        let round = first_round(5);
        assert_eq!(
            round,
            [(0, None), (3, Some(4)), (1, None), (2, None)],
            "seeds 1, 2 and 3 wait; 4 meets 5"
        );
        assert_eq!(rounds(5), 3);
        assert_eq!(rounds(4), 2);
        assert_eq!(first_round(4), [(0, Some(3)), (1, Some(2))]);
    }

    #[test]
    fn a_match_is_won_on_its_two_games() {
        let [g1, g2] = match_games(0, 3);
        assert_eq!((g1.white, g2.white), (0, 3));
        let running = [over(g1, Outcome::Win)];
        assert_eq!(state(0, 3, &running), MatchState::Playing);
        let lost = [over(g1, Outcome::Loss), over(g2, Outcome::Draw)];
        assert_eq!(state(0, 3, &lost), MatchState::Won(3));
        let won = [over(g1, Outcome::Draw), over(g2, Outcome::Loss)];
        assert_eq!(state(0, 3, &won), MatchState::Won(0));
    }

    #[test]
    fn a_level_match_goes_to_a_decider_where_a_draw_favours_the_higher_seed() {
        let [g1, g2] = match_games(1, 2);
        let level = [over(g1, Outcome::Win), over(g2, Outcome::Win)];
        assert_eq!(state(1, 2, &level), MatchState::Level);
        let d = decider(1, 2);
        assert_eq!(d.white, 2);
        let pending = [
            level[0],
            level[1],
            Played {
                pairing: d,
                outcome: None,
            },
        ];
        assert_eq!(state(1, 2, &pending), MatchState::Playing);
        let drawn = [level[0], level[1], over(d, Outcome::Draw)];
        assert_eq!(state(1, 2, &drawn), MatchState::Won(1));
        let upset = [level[0], level[1], over(d, Outcome::Win)];
        assert_eq!(state(1, 2, &upset), MatchState::Won(2));
    }

    #[test]
    fn winners_meet_their_neighbours_next() {
        assert_eq!(next_round(&[0, 4, 6, 2]), [(0, 4), (2, 6)]);
        assert_eq!(next_round(&[3, 1]), [(1, 3)]);
        assert!(next_round(&[0]).is_empty());
    }
}
