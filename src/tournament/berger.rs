//! Round-robin pairings by the Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! With `n` entrants (one more, a bye, when `n` is odd), there are `n - 1`
//! rounds of `n / 2` games. Entrant `n` stays put and alternates colours;
//! the others turn round a circle. In round `r` (counting from 0) entrant
//! `n` meets `p = (r * n/2 mod (n-1)) + 1`, and on the other tables
//! `p + k` has White against `p - k` (numbers taken round 1..n-1). This
//! gives FIDE's published tables exactly (the tests compare them), so a
//! player can check their schedule against any chess handbook.
//!
//! Entrants are numbered from 0 here (FIDE numbers from 1).

use super::Pairing;

/// The rounds of a single round robin among `entrants`: each pair once.
/// A game against the bye (odd counts) is left out: that entrant sits the
/// round out.
pub fn rounds(entrants: usize) -> Vec<Vec<Pairing>> {
    if entrants < 2 {
        return Vec::new();
    }
    let n = entrants + entrants % 2;
    let m = n - 1;
    let half = n / 2;
    // 1-based circle positions: 1..=m, wrapping.
    let wrap = |x: isize| -> usize { (x - 1).rem_euclid(m as isize) as usize + 1 };
    (0..m)
        .map(|r| {
            let p = (r * half) % m + 1;
            let mut round = Vec::with_capacity(half);
            // The fixed entrant n: Black in rounds 1, 3, 5... (r even).
            let (white, black) = if r % 2 == 0 { (p, n) } else { (n, p) };
            round.push((white, black));
            for k in 1..half {
                let k = k as isize;
                round.push((wrap(p as isize + k), wrap(p as isize - k)));
            }
            round
                .into_iter()
                .filter(|&(w, b)| w <= entrants && b <= entrants)
                .map(|(w, b)| Pairing {
                    white: w - 1,
                    black: b - 1,
                })
                .collect()
        })
        .collect()
}

/// A double round robin: the single one, then again with colours swapped.
pub fn double_rounds(entrants: usize) -> Vec<Vec<Pairing>> {
    let first = rounds(entrants);
    let second: Vec<Vec<Pairing>> = first
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|p| Pairing {
                    white: p.black,
                    black: p.white,
                })
                .collect()
        })
        .collect();
    first.into_iter().chain(second).collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    /// A round as FIDE prints it: "1-6 2-5 3-4", 1-based, White first.
    fn printed(round: &[Pairing]) -> String {
        round
            .iter()
            .map(|p| format!("{}-{}", p.white + 1, p.black + 1))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn four_and_six_entrants_give_fides_tables() {
        let four: Vec<String> = rounds(4).iter().map(|r| printed(r)).collect();
        assert_eq!(four, ["1-4 2-3", "4-3 1-2", "2-4 3-1"]);
        let six: Vec<String> = rounds(6).iter().map(|r| printed(r)).collect();
        assert_eq!(
            six,
            [
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1"
            ]
        );
    }

    #[test]
    fn eight_entrants_give_fides_first_and_last_rounds() {
        let eight: Vec<String> = rounds(8).iter().map(|r| printed(r)).collect();
        assert_eq!(eight[0], "1-8 2-7 3-6 4-5");
        assert_eq!(eight[1], "8-5 6-4 7-3 1-2");
        assert_eq!(eight[6], "4-8 5-3 6-2 7-1");
    }

    #[test]
    fn every_pair_meets_once_and_colours_balance() {
        for entrants in 2..=13 {
            let all = rounds(entrants);
            let mut met = BTreeMap::new();
            let mut whites = vec![0usize; entrants];
            for round in &all {
                let mut busy = vec![false; entrants];
                for p in round {
                    assert!(!busy[p.white] && !busy[p.black], "twice in a round");
                    busy[p.white] = true;
                    busy[p.black] = true;
                    *met.entry((p.white.min(p.black), p.white.max(p.black)))
                        .or_insert(0) += 1;
                    whites[p.white] += 1;
                }
            }
            assert_eq!(met.len(), entrants * (entrants - 1) / 2, "{entrants}");
            assert!(met.values().all(|&n| n == 1));
            let games = entrants - 1;
            for w in whites {
                assert!(
                    w + 1 >= games / 2 && w <= games.div_ceil(2) + 1,
                    "{entrants}"
                );
            }
        }
    }

    #[test]
    fn an_odd_field_sits_one_out_each_round() {
        let five = rounds(5);
        assert_eq!(five.len(), 5);
        assert!(five.iter().all(|round| round.len() == 2));
    }

    #[test]
    fn a_double_round_robin_plays_each_pair_once_with_each_colour() {
        let all: Vec<Pairing> = double_rounds(4).into_iter().flatten().collect();
        assert_eq!(all.len(), 12);
        for p in &all {
            let swapped = Pairing {
                white: p.black,
                black: p.white,
            };
            assert_eq!(all.iter().filter(|q| **q == swapped).count(), 1);
        }
    }

    #[test]
    fn fewer_than_two_have_no_rounds() {
        assert!(rounds(0).is_empty());
        assert!(rounds(1).is_empty());
    }
}
