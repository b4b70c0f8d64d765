//! `signoff` (or `delete`): closing one's account.
//!
//! The account's addresses are released at once (no more mail goes to
//! them), and its queued turns, submissions and reply tokens go with
//! them. The userid stays taken and its games stay readable under it: a
//! history that names a player nobody can find would be worse, and a
//! stranger could otherwise sign up under the name and be taken for them.
//! The account cannot be used again (its password is refused).
//!
//! Every game the player is in ends "player signed off" (its own ending
//! and turn-log kind, never "time forfeit") when the player's turn comes
//! ([`crate::service::play::turn_arrival`]): in the games where it is
//! their turn now, at the next `remind`, which judges those games first;
//! in the others when the other players have moved, so their turns are
//! not disturbed. New challenges naming the player are refused; the
//! challenges not begun yet are cancelled now.
//!
//! The command ends no game itself (issue 43: a player in thousands of
//! games made it cost seconds): it writes a farewell tiding, `remind`
//! ends the games where it is the player's turn, a batch per transaction,
//! recording each in the tiding, and then every other player of those
//! games is told in one letter naming them ([`crate::service::accounts::tidings`],
//! [`farewell`]): never one mail per game. The players of the challenges
//! cancelled are told at once, in the same kind of letter. Watchers of
//! the games read them on their pages; the next turn's mails go on as
//! usual.

use rusqlite::Connection;

use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, timestamp};
use crate::service::login::acting_player;
use crate::service::play::announce::farewell::{self, Change, Left};
use crate::service::reply::Reply;
use crate::store::tidings::{self, Kind};
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
    // The games that end at `remind` are judged there, after this tiding.
    tidings::add(
        &tx,
        Kind::Farewell,
        player.id,
        None,
        &timestamp(req.now),
        true,
    )?;
    let mut now_lost = Vec::new();
    let mut later = Vec::new();
    let mut cancelled = Vec::new();
    let mut left = Vec::new();
    // Only the challenges not begun are loaded (as many as one may have
    // outstanding); the games are sorted by the index of whose turn it is.
    for standing in signoffs::standing_games(&tx, player.id)? {
        if !standing.invitation {
            if standing.mover == Some(player.id) {
                now_lost.push(standing.game.to_string());
            } else {
                later.push(standing.game.to_string());
            }
            continue;
        }
        let game = LoadedGame::load(&tx, req.catalog, standing.game)?;
        // A game not begun yet is declined: cancelled, the others told
        // in their letter.
        let others =
            crate::service::community::consent::withdraw(&tx, &game, &player.userid, req.now)?
                .into_iter()
                .map(|userid| (None, userid))
                .collect();
        left.push(Left {
            game: game.id(),
            title: game.variant.title().to_string(),
            variant: game.variant.name().to_string(),
            change: Change::Cancelled,
            others,
        });
        cancelled.push(game.id().to_string());
    }
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
            "\nforfeited (your turn; the games end at the server's next round of reminders): {}",
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
