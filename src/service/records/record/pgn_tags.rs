//! The PGN tags a correspondence player looks for: which event the game
//! was played in, which round, and under what time control.
//!
//! `Event` is the tournament's name, or `boserv gameN` for a game
//! challenged on its own; `Round` is the tournament's round (`-` for a
//! ladder game and a game of no tournament, as the PGN standard writes "not
//! applicable"); `TimeControl` takes the standard's form in seconds (PGN
//! 9.6.1), as correspondence sites write days: a `--clock=10/50` is
//! `10/4320000` (10 moves in 50 days), `--clock=3+1` is `259200+86400`
//! (3 days, plus a day a move; a cap has no PGN form and is left out),
//! and a game with no clock is `1/S`, one move in its forfeit limit
//! (`1/1814400`, 21 days, by default) — or, with a `totaltime` limit,
//! `S`, the thinking time of the whole game.

use rusqlite::Connection;

use crate::clock::Control;
use crate::service::error::ServiceError;
use crate::service::game::LoadedGame;
use crate::store::tournaments;

const DAY: u64 = 86_400;

/// The `Event` and `Round` of `game`.
pub fn event_and_round(
    tx: &Connection,
    game: &LoadedGame,
) -> Result<(String, String), ServiceError> {
    let default = (format!("boserv {}", game.id()), "-".to_string());
    let Some((tournament, round, _)) = tournaments::of_game(tx, game.id())? else {
        return Ok(default);
    };
    let Some(t) = tournaments::by_id(tx, tournament)? else {
        return Ok(default);
    };
    let round = if round == 0 {
        "-".to_string()
    } else {
        round.to_string()
    };
    Ok((t.name, round))
}

/// The `TimeControl` of a game with clock `clock` (as `--clock=` wrote
/// it), thinking-time limit `total_days` and forfeit limit
/// `forfeit_days`.
pub fn time_control(clock: Option<&str>, total_days: Option<u32>, forfeit_days: u32) -> String {
    let secs = |days: u32| u64::from(days) * DAY;
    match clock.and_then(|spec| Control::parse(spec).ok()) {
        Some(Control::Moves { moves, days }) => format!("{moves}/{}", secs(days)),
        Some(Control::Fischer {
            days, increment, ..
        }) => format!("{}+{}", secs(days), secs(increment)),
        None => match total_days {
            Some(total) => secs(total).to_string(),
            None => format!("1/{}", secs(forfeit_days)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_limit_takes_the_standards_form() {
        assert_eq!(time_control(Some("10/50"), None, 21), "10/4320000");
        assert_eq!(time_control(Some("3+1"), None, 21), "259200+86400");
        assert_eq!(time_control(Some("3+1/10"), Some(9), 21), "259200+86400");
        assert_eq!(time_control(None, Some(30), 21), "2592000");
        assert_eq!(time_control(None, None, 21), "1/1814400");
        assert_eq!(time_control(None, None, 3), "1/259200");
    }
}
