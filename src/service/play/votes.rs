//! What a draw offer and a takeback have in common: a proposal the seats
//! vote on, where the proposer and every seat that has left the game count
//! as agreeing and the others must accept.

use rusqlite::Connection;

use crate::command::GameId;
use crate::rules::Seat;
use crate::service::error::ServiceError;
use crate::service::game::LoadedGame;
use crate::service::login::acting_player;
use crate::service::notice::Notice;
use crate::service::{Request, play::notify};
use crate::store::Tx;
use crate::store::players::Player;

/// A vote on game `id`: the game (still being played), the voter, and the
/// seats they vote with.
pub fn voter(
    conn: &Connection,
    req: &Request<'_>,
    id: GameId,
) -> Result<(LoadedGame, Player, Vec<Seat>), ServiceError> {
    let game = LoadedGame::load(conn, req.catalog, id)?;
    game.ensure_active()?;
    let player = acting_player(conn, req.actor)?;
    let mine = voter_seats(&game, player.id, &player.userid)?;
    Ok((game, player, mine))
}

/// The seats `userid` (row `player_id`) votes with in `game`; refused
/// when they do not play in it.
pub fn voter_seats(
    game: &LoadedGame,
    player_id: i64,
    userid: &str,
) -> Result<Vec<Seat>, ServiceError> {
    let mine = game.seats_of(player_id);
    if mine.is_empty() {
        return Err(ServiceError::NotPlaying {
            user: userid.to_string(),
            game: game.id(),
        });
    }
    Ok(mine)
}

/// Who must still answer, with `votes` in.
pub fn waiting_for(game: &LoadedGame, votes: &[Seat]) -> Vec<String> {
    (0..game.row.players.len())
        .filter(|s| !votes.contains(s) && !game.position.has_left(*s))
        .map(|s| game.player_at(s))
        .collect()
}

/// Ends a vote: the voter's words (if any) join the `notices`, which are
/// queued, and the transaction commits.
pub fn close(
    tx: Tx<'_>,
    mut notices: Vec<Notice>,
    req: &Request<'_>,
    id: GameId,
    by: &str,
) -> Result<(), ServiceError> {
    if let Some(comment) = req.comment {
        notices.push(Notice::Said {
            game: id,
            by: by.to_string(),
            comment: comment.to_string(),
        });
    }
    notify::queue(&tx, &notices, req.now, req.game_ended)?;
    crate::service::time::due::settle(&tx, req.catalog, req.now)?;
    tx.commit()?;
    Ok(())
}
