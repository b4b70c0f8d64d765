//! A tournament's games read as the pure core's values: entrants numbered
//! by seed, each game a [`Played`], and the crosstable in ICCF's order.

use rusqlite::Connection;

use crate::store::StoreError;
use crate::store::games::Status;
use crate::store::tournaments::{self, Entrant, Tournament, TournamentGame};
use crate::tournament::crosstable::{self, Standing};
use crate::tournament::{Outcome, Pairing, Played};

/// A tournament as it stands.
pub struct Table {
    /// By seed: entrant `i` of the core is `entrants[i]`.
    pub entrants: Vec<Entrant>,
    /// By round, then game number.
    pub games: Vec<TournamentGame>,
    /// `games[i]` as the core sees it (`None` for a game not between two
    /// entrants, which no table counts).
    pub played: Vec<Option<Played>>,
    /// The crosstable, best first.
    pub standings: Vec<Standing>,
}

impl Table {
    /// Reads tournament `t`.
    pub fn read(conn: &Connection, t: &Tournament) -> Result<Table, StoreError> {
        let entrants = tournaments::entrants(conn, t.id)?;
        let games = tournaments::games(conn, t.id)?;
        let index = |userid: &str| {
            entrants
                .iter()
                .position(|e| e.userid.eq_ignore_ascii_case(userid))
        };
        let played: Vec<Option<Played>> = games
            .iter()
            .map(|g| {
                let white = index(g.players.first()?)?;
                let black = index(g.players.get(1)?)?;
                Some(Played {
                    pairing: Pairing { white, black },
                    outcome: outcome(g),
                })
            })
            .collect();
        let counted: Vec<Played> = played.iter().flatten().copied().collect();
        let standings = crosstable::order(entrants.len(), &counted);
        Ok(Table {
            entrants,
            games,
            played,
            standings,
        })
    }

    /// The userid of entrant `i`.
    pub fn userid(&self, i: usize) -> &str {
        &self.entrants[i].userid
    }

    /// True when every game of `round` is over (or cancelled).
    pub fn round_over(&self, round: u32) -> bool {
        self.games
            .iter()
            .filter(|g| g.round == round)
            .all(|g| g.status != Status::Active)
    }

    /// True when no game is being played.
    pub fn all_over(&self) -> bool {
        self.games.iter().all(|g| g.status != Status::Active)
    }
}

/// White's result of a finished game (`1-0`, `0-1`, `1/2-1/2`).
pub fn outcome(g: &TournamentGame) -> Option<Outcome> {
    if g.status != Status::Over {
        return None;
    }
    match g.result.as_deref()? {
        "1-0" => Some(Outcome::Win),
        "0-1" => Some(Outcome::Loss),
        "1/2-1/2" => Some(Outcome::Draw),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::GameId;
    use crate::store::tournaments::Kind;

    fn game(status: Status, result: Option<&str>) -> TournamentGame {
        TournamentGame {
            game: GameId(1),
            round: 1,
            kind: Kind::Pairing,
            players: vec!["alice".into(), "bob".into()],
            status,
            result: result.map(str::to_string),
            reason: None,
        }
    }

    #[test]
    fn only_a_finished_game_has_an_outcome_from_whites_side() {
        assert_eq!(
            outcome(&game(Status::Over, Some("1-0"))),
            Some(Outcome::Win)
        );
        assert_eq!(
            outcome(&game(Status::Over, Some("0-1"))),
            Some(Outcome::Loss)
        );
        assert_eq!(
            outcome(&game(Status::Over, Some("1/2-1/2"))),
            Some(Outcome::Draw)
        );
        assert_eq!(outcome(&game(Status::Active, None)), None);
        assert_eq!(outcome(&game(Status::Cancelled, None)), None);
    }
}
