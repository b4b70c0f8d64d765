//! `games`: which games there are, and where each stands.

use rusqlite::Connection;

use super::Request;
use super::error::ServiceError;
use super::game::LoadedGame;
use super::reply::{GameLine, Reply};
use crate::command::GamesFilter;
use crate::store::{self, games, players};

/// `games [USERID...] [--all|--next]`.
pub fn games(
    conn: &mut Connection,
    req: &Request<'_>,
    users: &[String],
    filter: GamesFilter,
) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let mut ids = Vec::new();
    let mut names = Vec::new();
    for user in users {
        let player =
            players::find(&tx, user)?.ok_or_else(|| ServiceError::NoSuchUser(user.clone()))?;
        ids.push(player.id);
        names.push(player.userid.to_lowercase());
    }
    let mut lines = Vec::new();
    for row in games::list(&tx, &ids, filter == GamesFilter::All)? {
        let game = LoadedGame::load(&tx, req.catalog, row.id)?;
        let view = game.current_view();
        if filter == GamesFilter::Next
            && !view
                .to_move
                .as_ref()
                .is_some_and(|u| names.is_empty() || names.contains(&u.to_lowercase()))
        {
            continue;
        }
        let standing = match (&view.result, &view.to_move) {
            (Some(_), _) => game.result_line(),
            (None, Some(user)) => format!("{user} to move"),
            (None, None) => view.status.clone(),
        };
        lines.push(GameLine {
            game: view.game,
            variant: view.variant,
            players: view.players,
            ply: view.ply,
            status: view.status,
            standing,
        });
    }
    Ok(Reply::Games(lines))
}
