//! A crosstable's order: points, then ICCF's tie-breaks.
//!
//! ICCF orders a section by points; players level on points are separated
//! by the number of wins (Baumbach), then by the Sonneborn-Berger score
//! (the points of every opponent beaten, plus half the points of every
//! opponent drawn with), then by the results of the games among the tied
//! players alone. Players still level after all of that share the place;
//! they are listed in entry order. Everything is counted in half points,
//! so no sum is rounded.

use super::{Outcome, Played};

/// One player's line of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The entrant's number.
    pub entrant: usize,
    /// The place: 1 for the first; players who share a place have the same.
    pub place: usize,
    /// Points in half points (a win 2, a draw 1).
    pub halves: u32,
    /// Finished games.
    pub games: u32,
    /// Wins: the Baumbach tie-break.
    pub wins: u32,
    /// Sonneborn-Berger in quarter points (half points times half points).
    pub sb_quarters: u32,
    /// Half points scored against the players level with this one after
    /// the other tie-breaks (0 when no one is).
    pub head_to_head: u32,
}

/// The finished table of `entrants` players over `games` (running games
/// count for nothing yet), best first.
pub fn order(entrants: usize, games: &[Played]) -> Vec<Standing> {
    let finished: Vec<(usize, usize, Outcome)> = games
        .iter()
        .filter_map(|g| g.outcome.map(|o| (g.pairing.white, g.pairing.black, o)))
        .filter(|&(w, b, _)| w < entrants && b < entrants)
        .collect();
    let mut halves = vec![0u32; entrants];
    let mut played = vec![0u32; entrants];
    let mut wins = vec![0u32; entrants];
    for &(w, b, o) in &finished {
        halves[w] += o.halves();
        halves[b] += o.flipped().halves();
        played[w] += 1;
        played[b] += 1;
        match o {
            Outcome::Win => wins[w] += 1,
            Outcome::Loss => wins[b] += 1,
            Outcome::Draw => {}
        }
    }
    let mut sb = vec![0u32; entrants];
    for &(w, b, o) in &finished {
        sb[w] += o.halves() * halves[b];
        sb[b] += o.flipped().halves() * halves[w];
    }
    // Level on the first three keys: the group's games among themselves.
    let key = |e: usize| (halves[e], wins[e], sb[e]);
    let mut h2h = vec![0u32; entrants];
    for &(w, b, o) in &finished {
        if key(w) == key(b) {
            h2h[w] += o.halves();
            h2h[b] += o.flipped().halves();
        }
    }
    let mut order: Vec<usize> = (0..entrants).collect();
    let rank = |e: usize| (halves[e], wins[e], sb[e], h2h[e]);
    order.sort_by(|&a, &b| rank(b).cmp(&rank(a)).then(a.cmp(&b)));
    let mut table: Vec<Standing> = Vec::with_capacity(entrants);
    for (i, &e) in order.iter().enumerate() {
        let place = match table.last() {
            Some(prev) if rank(prev.entrant) == rank(e) => prev.place,
            _ => i + 1,
        };
        table.push(Standing {
            entrant: e,
            place,
            halves: halves[e],
            games: played[e],
            wins: wins[e],
            sb_quarters: sb[e],
            head_to_head: h2h[e],
        });
    }
    table
}

/// Half points as a player reads them: `2½`, `3`, `½`.
pub fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter points (a Sonneborn-Berger score) as a player reads them:
/// `4.25`, `3.5`, `6`.
pub fn quarters(q: u32) -> String {
    match q % 4 {
        0 => (q / 4).to_string(),
        2 => format!("{}.5", q / 4),
        r => format!("{}.{}", q / 4, r * 25),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Pairing;
    use super::*;

    fn game(white: usize, black: usize, outcome: Outcome) -> Played {
        Played {
            pairing: Pairing { white, black },
            outcome: Some(outcome),
        }
    }

    #[test]
    fn points_order_the_table_and_running_games_count_nothing() {
        let games = [
            game(0, 1, Outcome::Loss),
            game(2, 3, Outcome::Win),
            game(0, 2, Outcome::Draw),
            Played {
                pairing: Pairing { white: 1, black: 3 },
                outcome: None,
            },
        ];
        let table = order(4, &games);
        let entrants: Vec<usize> = table.iter().map(|s| s.entrant).collect();
        assert_eq!(entrants, [2, 1, 0, 3]);
        assert_eq!((table[0].halves, table[0].games), (3, 2));
        assert_eq!((table[1].halves, table[1].games), (2, 1));
        let places: Vec<usize> = table.iter().map(|s| s.place).collect();
        assert_eq!(places, [1, 2, 3, 4]);
    }

    #[test]
    fn baumbach_separates_equal_points() {
        // 0: a win, a loss and two draws; 1: four draws. Both 2 of 4.
        let games = [
            game(0, 2, Outcome::Win),
            game(0, 3, Outcome::Loss),
            game(0, 4, Outcome::Draw),
            game(0, 1, Outcome::Draw),
            game(1, 2, Outcome::Draw),
            game(1, 3, Outcome::Draw),
            game(1, 4, Outcome::Draw),
        ];
        let table = order(5, &games);
        let at = |e: usize| table.iter().position(|s| s.entrant == e).unwrap();
        assert_eq!(table[at(0)].halves, 4);
        assert_eq!(table[at(1)].halves, 4);
        assert_eq!((table[at(0)].wins, table[at(1)].wins), (1, 0));
        assert!(at(0) < at(1), "{table:?}");
        assert_eq!(table[at(1)].place, table[at(0)].place + 1);
    }

    #[test]
    fn sonneborn_berger_separates_equal_points_and_wins() {
        // A round robin of four: 1 and 3 end on 1½ with one win each. 1
        // beat 0 (2 points) and drew with 2 (1 point): SB 2 + ½ = 2.5; 3
        // beat 1 (1½) and drew with 2: SB 1.5 + ½ = 2.
        let games = [
            game(0, 2, Outcome::Win),
            game(0, 3, Outcome::Win),
            game(1, 0, Outcome::Win),
            game(1, 2, Outcome::Draw),
            game(1, 3, Outcome::Loss),
            game(2, 3, Outcome::Draw),
        ];
        let table = order(4, &games);
        let line: Vec<(usize, String, u32, String)> = table
            .iter()
            .map(|s| (s.entrant, points(s.halves), s.wins, quarters(s.sb_quarters)))
            .collect();
        assert_eq!(
            line,
            [
                (0, "2".to_string(), 2, "2.5".to_string()),
                (1, "1½".to_string(), 1, "2.5".to_string()),
                (3, "1½".to_string(), 1, "2".to_string()),
                (2, "1".to_string(), 0, "1.5".to_string()),
            ]
        );
        assert_eq!(table[1].place, 2);
        assert_eq!(table[2].place, 3);
    }

    #[test]
    fn the_game_between_them_decides_when_all_else_is_level() {
        // 0 and 1 both 1½, one win, SB 2: 0 beat 1.
        let games = [
            game(0, 1, Outcome::Win),
            game(0, 2, Outcome::Draw),
            game(0, 3, Outcome::Loss),
            game(1, 2, Outcome::Win),
            game(1, 3, Outcome::Draw),
            game(2, 3, Outcome::Draw),
        ];
        let table = order(4, &games);
        let at = |e: usize| table.iter().position(|s| s.entrant == e).unwrap();
        let (a, b) = (&table[at(0)], &table[at(1)]);
        assert_eq!(
            (a.halves, a.wins, a.sb_quarters),
            (b.halves, b.wins, b.sb_quarters)
        );
        assert_eq!((a.head_to_head, b.head_to_head), (2, 0));
        assert_eq!((a.place, b.place), (2, 3));
    }

    #[test]
    fn players_level_on_everything_share_the_place() {
        // Every one of four on 1½ with one win and the same SB, and the
        // same score among themselves: one shared first place.
        let games = [
            game(0, 1, Outcome::Win),
            game(0, 2, Outcome::Draw),
            game(0, 3, Outcome::Loss),
            game(1, 2, Outcome::Win),
            game(1, 3, Outcome::Draw),
            game(2, 3, Outcome::Win),
        ];
        let table = order(4, &games);
        assert!(table.iter().all(|s| s.place == 1), "{table:?}");
        let entrants: Vec<usize> = table.iter().map(|s| s.entrant).collect();
        assert_eq!(entrants, [0, 1, 2, 3]);
    }

    #[test]
    fn points_and_quarters_read_as_written() {
        assert_eq!(points(0), "0");
        assert_eq!(points(1), "½");
        assert_eq!(points(5), "2½");
        assert_eq!(points(6), "3");
        assert_eq!(quarters(17), "4.25");
        assert_eq!(quarters(14), "3.5");
        assert_eq!(quarters(27), "6.75");
        assert_eq!(quarters(24), "6");
    }
}
