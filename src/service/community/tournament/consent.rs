//! What a player said about games of a type holds in a tournament too:
//! its games cannot be declined, so a player whose `challenges VARIANT
//! reject` refuses them, or whose `limit VARIANT N` the tournament's games
//! would pass, may not join it; the refusal names the setting.

use rusqlite::Connection;

use super::TournamentError;
use crate::service::error::ServiceError;
pub use crate::service::error::tournament::JoinRefused;
use crate::store::invitations::{self, Answer};
use crate::store::players::Player;
use crate::store::tournaments::Tournament;
use crate::tournament::Format;

/// Refuses `player`'s entry into `t` when their settings forbid its
/// games; `players`: how many it will have, when known.
pub fn may_join(conn: &Connection, t: &Tournament, player: &Player) -> Result<(), ServiceError> {
    let (answer, limit) = invitations::settings(conn, player.id, &t.variant)?;
    if answer == Some(Answer::Reject) {
        return Err(TournamentError::Refused(JoinRefused::Rejects {
            name: t.name.clone(),
            variant: t.variant.clone(),
        })
        .into());
    }
    let Some(limit) = limit else {
        return Ok(());
    };
    let games = invitations::active_games(conn, player.id, &t.variant)?;
    let more = games_each(t.format, t.players);
    if games + more > limit {
        return Err(TournamentError::Refused(JoinRefused::OverLimit {
            name: t.name.clone(),
            variant: t.variant.clone(),
            games,
            limit,
            more,
        })
        .into());
    }
    Ok(())
}

/// The games at once a player of a tournament of `format` (of `players`,
/// when its size is fixed) is sure to have: all of a round robin's, a
/// knockout match's two, one ladder game (at least one in any).
pub fn games_each(format: Format, players: Option<u32>) -> u32 {
    let others = players.map_or(1, |n| n.saturating_sub(1).max(1));
    match format {
        Format::RoundRobin => others,
        Format::DoubleRoundRobin => 2 * others,
        Format::Knockout => 2,
        Format::Ladder => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_sure_of_every_game_of_a_round_robin_of_known_size() {
        assert_eq!(games_each(Format::RoundRobin, Some(4)), 3);
        assert_eq!(games_each(Format::DoubleRoundRobin, Some(16)), 30);
        assert_eq!(games_each(Format::RoundRobin, None), 1);
        assert_eq!(games_each(Format::Knockout, Some(8)), 2);
        assert_eq!(games_each(Format::Ladder, None), 1);
    }
}
