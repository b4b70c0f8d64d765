//! `games`: which games there are, and where each stands.
//!
//! Asked by a player (`--as`, or by mail) without names, it lists that
//! player's own games; the operator's shell without `--as` sees everyone's.
//! Each line says whose turn it is and until when (the forfeit date).

use rusqlite::Connection;

use super::Request;
use super::error::ServiceError;
use super::game::LoadedGame;
use super::reply::{GameLine, Reply};
use crate::command::{Actor, GamesFilter};
use crate::store::{self, games, players};

/// `games [USERID...] [--all|--next]`.
pub fn games(
    conn: &mut Connection,
    req: &Request<'_>,
    users: &[String],
    filter: GamesFilter,
) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let asker = match req.actor {
        Actor::Trusted(user) | Actor::Claimed { user, .. } => Some(user.clone()),
        Actor::Anonymous => None,
    };
    let users: Vec<String> = match (users.is_empty(), asker) {
        (true, Some(asker)) => vec![asker],
        _ => users.to_vec(),
    };
    let mut ids = Vec::new();
    let mut names = Vec::new();
    for user in &users {
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
        let mover = game.position.to_move().filter(|_| view.status == "active");
        let deadline = match mover.and_then(|seat| game.row.player_ids.get(seat)) {
            Some(&player) => super::remind::deadline(&tx, row.id, player, req.now)?
                .map(|at| at.format("%Y-%m-%d %H:%M UTC").to_string()),
            None => None,
        };
        lines.push(GameLine {
            game: view.game,
            variant: view.variant,
            players: view.players,
            ply: view.ply,
            status: view.status,
            standing,
            deadline,
        });
    }
    Ok(Reply::Games(lines))
}
