//! `signoff` (or `delete`): closing one's account.
//!
//! The account's addresses are released at once (no more mail goes to
//! them), and its queued turns, submissions and reply tokens go with
//! them. The userid stays taken and its games stay readable under it: a
//! history that names a player nobody can find would be worse, and a
//! stranger could otherwise sign up under the name and be taken for them.
//! The account cannot be used again (its password is refused).
//!
//! Games where it is the player's turn are forfeited now; in the others
//! the player forfeits when their turn comes ([`crate::service::play::turn_arrival`]),
//! so the other players' turns are not disturbed. Each such game ends
//! "player signed off" (its own ending and turn-log kind, never "time
//! forfeit"). New challenges naming the player are refused.
//!
//! The other players of the games that end or change now are told in one
//! letter each, naming those games ([`farewell`]): never one mail per
//! game, so a player in thousands of games writes to each player
//! concerned once (issue 43). Watchers of those games read them on their
//! pages; the next turn's mails go on as usual.

use std::collections::HashMap;

use rusqlite::Connection;

use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, timestamp};
use crate::service::login::acting_player;
use crate::service::play::announce::farewell::{self, Change, Left};
use crate::service::reply::Reply;
use crate::service::{Request, play::notify, play::turn_arrival};
use crate::store::games::Status;
use crate::store::tournaments::{self, State};
use crate::store::{self, signoffs};

/// `signoff`.
pub fn signoff(conn: &mut Connection, req: &Request<'_>) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    signoffs::sign_off(&tx, player.id, &timestamp(req.now))?;
    // Out of every tournament: its games there resigned now.
    let resigned =
        crate::service::community::tournament::leave::sign_off(&tx, req.catalog, &player, req.now)?;
    // Nothing stays open in the name of a closed account (issue 43): its
    // open challenges are withdrawn and the tournaments it organises that
    // have not started are called off (a running one plays on, and the
    // operator's shell may cancel it).
    let seeks_withdrawn = crate::store::seeks::withdraw_all(&tx, player.id)?;
    let mut called_off = Vec::new();
    for t in tournaments::organised_by(&tx, &player.userid)? {
        if t.state == State::Open {
            crate::service::community::tournament::cancel::call_off(&tx, req, &t)?;
            called_off.push(t.name);
        }
    }
    let mut now_lost = Vec::new();
    let mut later = Vec::new();
    let mut cancelled = Vec::new();
    let mut notices = Vec::new();
    let mut left = Vec::new();
    let mut rows = HashMap::new();
    // Only the games that act now are loaded: those waiting for consent
    // and those where it is the player's turn (by the index of whose turn
    // it is); the others forfeit when the turn comes, unread.
    for standing in signoffs::standing_games(&tx, player.id)? {
        let acts = standing.invitation || !standing.settled || standing.mover == Some(player.id);
        if !acts {
            later.push(standing.game.to_string());
            continue;
        }
        let mut game = LoadedGame::load(&tx, req.catalog, standing.game)?;
        // A game not begun yet is declined: cancelled, the others told
        // in their letter.
        if game.invitation.is_some() {
            let others =
                crate::service::community::consent::withdraw(&tx, &game, &player.userid, req.now)?
                    .into_iter()
                    .map(|userid| (None, userid))
                    .collect();
            left.push(farewell_of(&game, Change::Cancelled, others));
            cancelled.push(game.id().to_string());
            continue;
        }
        let to_move = game.position.to_move();
        let mine = |s| game.row.player_ids.get(s) == Some(&player.id);
        if to_move.is_some_and(|s| mine(s) && !game.position.has_left(s)) {
            notices.extend(turn_arrival::advance(&tx, &mut game, req.now)?);
            let change = match &game.row.result {
                Some(result) if game.row.status != Status::Active => Change::Ended(result.clone()),
                _ => Change::GoesOn,
            };
            let others = others_than(&game, player.id);
            left.push(farewell_of(&game, change, others));
            rows.insert(game.id(), game.row.clone());
            now_lost.push(game.id().to_string());
        } else {
            later.push(game.id().to_string());
        }
    }
    // The games' pages and tournaments as any ending's; their players
    // are told in one letter each, however many games they shared.
    notify::queue_unmailed(&tx, &notices, &rows, req.now, req.game_ended)?;
    farewell::queue(&tx, &player.userid, &left, req.now)?;
    crate::service::time::due::settle(&tx, req.catalog, req.now)?;
    tx.commit()?;
    let mut text = format!(
        "{} signed off: the account is closed and its addresses get no more mail; \
         the userid stays reserved",
        player.userid
    );
    if seeks_withdrawn > 0 {
        text.push_str(&format!("\nopen challenges withdrawn: {seeks_withdrawn}"));
    }
    if !called_off.is_empty() {
        text.push_str(&format!(
            "\ntournaments called off (not started): {}",
            called_off.join(", ")
        ));
    }
    if !resigned.is_empty() {
        let list: Vec<String> = resigned.iter().map(|g| g.to_string()).collect();
        text.push_str(&format!(
            "\nresigned (tournament games): {}",
            list.join(", ")
        ));
    }
    if !now_lost.is_empty() {
        text.push_str(&format!(
            "\nforfeited now (your turn): {}",
            named(&now_lost)
        ));
    }
    if !later.is_empty() {
        text.push_str(&format!(
            "\nforfeited when your turn comes: {}",
            named(&later)
        ));
    }
    if !cancelled.is_empty() {
        text.push_str(&format!(
            "\ncancelled (challenges not begun): {}",
            named(&cancelled)
        ));
    }
    Ok(Reply::Done(text))
}

/// What the other players of `game` are told of it.
fn farewell_of(game: &LoadedGame, change: Change, others: Vec<(Option<i64>, String)>) -> Left {
    Left {
        game: game.id(),
        title: game.variant.title().to_string(),
        variant: game.variant.name().to_string(),
        change,
        others,
    }
}

/// The players of `game` but `player`, each once, with their row ids.
fn others_than(game: &LoadedGame, player: i64) -> Vec<(Option<i64>, String)> {
    let mut others: Vec<(Option<i64>, String)> = Vec::new();
    for (&id, userid) in game.row.player_ids.iter().zip(&game.row.players) {
        if id != player && !others.iter().any(|(o, _)| *o == Some(id)) {
            others.push((Some(id), userid.clone()));
        }
    }
    others
}

/// The most games one list of the answer names; the rest are counted.
const NAMED: usize = 50;

/// `1, 2, 3` or, past [`NAMED`], the first ones `and N more`.
fn named(games: &[String]) -> String {
    let mut text = games[..games.len().min(NAMED)].join(", ");
    if games.len() > NAMED {
        text.push_str(&format!(" and {} more", games.len() - NAMED));
    }
    text
}
