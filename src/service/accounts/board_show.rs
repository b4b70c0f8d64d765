//! `board list|picture|both`: what a player sees of a board in their
//! mail, kept per player (`store::board_shows`) and read for each copy of
//! a board mail as it is addressed ([`crate::service::play::announce::address`]).

use rusqlite::Connection;

use crate::ids::BoardShow;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::login::acting_player;
use crate::service::reply::Reply;
use crate::store::{self, board_shows};

/// Sets what the acting player sees of boards from the next mail on.
pub fn set(
    conn: &mut Connection,
    req: &Request<'_>,
    show: BoardShow,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    board_shows::set(&tx, player.id, show)?;
    tx.commit()?;
    Ok(Reply::Done(format!(
        "{}: {}",
        player.userid,
        match show {
            BoardShow::List => "board mails show the list of pieces, no drawn board",
            BoardShow::Picture => "board mails show the drawn boards, no list of pieces",
            BoardShow::Both => "board mails show the drawn boards and the list of pieces",
        }
    )))
}
