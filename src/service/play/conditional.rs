//! Conditional moves: "if they play X, I play Y" (ICCF's and
//! SchemingMind's conditional lines; pbmserv's `queue` is only linear).
//!
//! `queue GAME if REPLY then MOVE [if REPLY then MOVE]...` adds one line to
//! the player's tree for a game: lines that begin with the same pairs share
//! them, so several lines form a tree. Every pair is checked when queued:
//! REPLY must be legal for the opponent in the position the line has
//! reached, MOVE legal after it (the reason is the refusal). When the
//! opponent then plays a REPLY of the tree (same resulting position), its
//! MOVE is played at once, in the opponent's move transaction, marked
//! `(Auto)` ([`crate::service::play::turn_arrival`]), and the tree below it stays for the
//! next turn. A reply off every line drops the whole tree, and the player
//! is told in their copy of the board mail; they move by hand.
//!
//! Bounds: [`MAX_LINES`] lines of at most [`MAX_PAIRS`] pairs per game.
//! Two-seat games only (with more seats "their reply" is ambiguous); dice
//! games are refused, as the roll a move would be played with is unknown.
//! A game holds either a queue of turns or conditional lines for a player,
//! not both: the two would disagree about the same turn, so the second
//! kind is refused until `queue GAME clear` empties the first.
//!
//! Only the player ever reads their tree: the answer to `queue GAME`, and
//! their own copy of the board mail. Spectators, `show`, exports and the
//! other player never do.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::GameId;
use crate::rules::{Position, Seat};
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, timestamp};
use crate::service::notice::Notice;
use crate::service::play::moves::{play_turn, seated};
use crate::service::reply::Reply;
use crate::store::conditional::{self, NewNode, Node};
use crate::store::games::Status;
use crate::store::players::Player;
use crate::store::{queued, turns};

pub use crate::service::error::conditional::{ConditionalError, MAX_LINES, MAX_PAIRS};

/// One pair of a line, checked against the rules.
struct Checked {
    reply: String,
    after_reply: String,
    answer: String,
}

/// Plays the line on a copy of the position: each reply by `opponent`,
/// each answer by `me`. Returns the pairs in canonical notation.
fn check_line(
    position: &dyn Position,
    me: Seat,
    line: &[(String, String)],
) -> Result<Vec<Checked>, ConditionalError> {
    let mut at = position.boxed_clone();
    let mut checked = Vec::with_capacity(line.len());
    for (reply, answer) in line {
        if at.to_move().is_none_or(|s| s == me) {
            return Err(ConditionalError::OverAfter(
                checked
                    .last()
                    .map(|c: &Checked| c.answer.clone())
                    .unwrap_or_default(),
            ));
        }
        let replied = at
            .play(reply, None)
            .map_err(|e| ConditionalError::IllegalReply {
                reply: reply.clone(),
                why: e.reason.to_string(),
            })?;
        if replied.position.to_move() != Some(me) {
            return Err(ConditionalError::OverAfter(replied.canonical));
        }
        let answered =
            replied
                .position
                .play(answer, None)
                .map_err(|e| ConditionalError::IllegalAnswer {
                    reply: reply.clone(),
                    answer: answer.clone(),
                    why: e.reason.to_string(),
                })?;
        checked.push(Checked {
            reply: replied.canonical,
            after_reply: replied.position.encode(),
            answer: answered.canonical,
        });
        at = answered.position;
    }
    Ok(checked)
}

/// The lines of a tree, root to leaf: `if e5 then Nf3 if Nc6 then Bb5`.
pub fn lines(nodes: &[Node]) -> Vec<String> {
    fn walk(nodes: &[Node], parent: Option<i64>, prefix: &str, out: &mut Vec<String>) {
        for node in nodes.iter().filter(|n| n.parent == parent) {
            let here = format!("{prefix}if {} then {}", node.reply, node.answer);
            if nodes.iter().any(|n| n.parent == Some(node.id)) {
                walk(nodes, Some(node.id), &format!("{here} "), out);
            } else {
                out.push(here);
            }
        }
    }
    let mut out = Vec::new();
    walk(nodes, None, "", &mut out);
    out
}

/// The seat the player holds in a two-seat game, after the checks that
/// every conditional command shares.
fn my_seat(game: &LoadedGame, player: i64) -> Result<Seat, ServiceError> {
    if game.variant.dice().is_some() {
        return Err(ConditionalError::Dice(game.id()).into());
    }
    let seats = game.row.players.len();
    if seats != 2 {
        return Err(ConditionalError::NotTwoSeats {
            game: game.id(),
            seats,
        }
        .into());
    }
    Ok(game.seats_of(player)[0])
}

/// `queue GAME if REPLY then MOVE...`.
pub fn add(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    line: &[(String, String)],
) -> Result<Reply, ServiceError> {
    let (tx, game, player) = seated(conn, req, id)?;
    let me = my_seat(&game, player.id)?;
    if game.position.to_move() == Some(me) {
        return Err(ServiceError::QueueOnYourTurn(id));
    }
    if line.len() > MAX_PAIRS {
        return Err(ConditionalError::TooLong.into());
    }
    if !queued::list(&tx, id, player.id)?.is_empty() {
        return Err(ConditionalError::LinearQueued(id).into());
    }
    let checked = check_line(game.position.as_ref(), me, line)?;
    let mut nodes = conditional::list(&tx, id, player.id)?;
    let now = timestamp(req.now);
    let mut parent = None;
    let mut added = false;
    for (n, pair) in checked.iter().enumerate() {
        let found = nodes
            .iter()
            .find(|node| node.parent == parent && node.after_reply == pair.after_reply);
        match found {
            Some(node) if node.answer != pair.answer => {
                return Err(ConditionalError::Conflict {
                    game: id,
                    reply: node.reply.clone(),
                    have: node.answer.clone(),
                }
                .into());
            }
            Some(node) => parent = Some(node.id),
            None => {
                let node = NewNode {
                    parent,
                    reply_ply: game.row.ply + 1 + 2 * n as u32,
                    reply: &pair.reply,
                    after_reply: &pair.after_reply,
                    answer: &pair.answer,
                };
                let new = conditional::insert(&tx, id, player.id, &node, &now)?;
                nodes.push(Node {
                    id: new,
                    parent,
                    reply_ply: node.reply_ply,
                    reply: pair.reply.clone(),
                    after_reply: pair.after_reply.clone(),
                    answer: pair.answer.clone(),
                });
                parent = Some(new);
                added = true;
            }
        }
    }
    let all = lines(&nodes);
    if all.len() > MAX_LINES {
        return Err(ConditionalError::TooManyLines(id).into());
    }
    tx.commit()?;
    let what = if added { "queued" } else { "already queued" };
    Ok(Reply::Done(format!(
        "{what} in {id}: {}\n{}",
        lines(&line_nodes(&nodes, parent)).join(""),
        listing(id, &player.userid, &all)
    )))
}

/// The nodes from the root down to `leaf`, in order.
fn line_nodes(nodes: &[Node], leaf: Option<i64>) -> Vec<Node> {
    let mut path = Vec::new();
    let mut at = leaf;
    while let Some(id) = at {
        let Some(node) = nodes.iter().find(|n| n.id == id) else {
            break;
        };
        path.push(node.clone());
        at = node.parent;
    }
    path.reverse();
    // Rooted at the first: a single line.
    if let Some(first) = path.first_mut() {
        first.parent = None;
    }
    path
}

/// `alice's conditional lines in game1 (2 of at most 10):` and the lines.
fn listing(id: GameId, userid: &str, all: &[String]) -> String {
    let mut text = format!(
        "{userid}'s conditional lines in {id} ({} of at most {MAX_LINES}):",
        all.len()
    );
    for (n, line) in all.iter().enumerate() {
        text.push_str(&format!("\n  {}. {line}", n + 1));
    }
    text
}

/// `queue GAME`: the player's queued turns or conditional lines.
pub fn show(conn: &mut Connection, req: &Request<'_>, id: GameId) -> Result<Reply, ServiceError> {
    let (tx, _game, player) = seated(conn, req, id)?;
    let queue = queued::list(&tx, id, player.id)?;
    let nodes = conditional::list(&tx, id, player.id)?;
    drop(tx);
    if !queue.is_empty() {
        return Ok(Reply::Done(format!(
            "{} has queued in {id}: {}",
            player.userid,
            crate::service::play::queue::queue_lines(&queue).join(", ")
        )));
    }
    if nodes.is_empty() {
        return Ok(Reply::Done(format!(
            "{} has nothing queued in {id}",
            player.userid
        )));
    }
    Ok(Reply::Done(listing(id, &player.userid, &lines(&nodes))))
}

/// What the player to move has waiting in their tree, now that the
/// opponent moved: the answer is played (marked `(Auto)`), or the tree is
/// dropped and they are told. `None` when they have no tree here.
pub(in crate::service) fn arrive(
    conn: &Connection,
    game: &mut LoadedGame,
    seat: Seat,
    player: &Player,
    now: DateTime<Utc>,
) -> Result<Option<Vec<Notice>>, ServiceError> {
    let nodes = conditional::list(conn, game.id(), player.id)?;
    if nodes.is_empty() {
        return Ok(None);
    }
    let ply = game.row.ply;
    let here = game.position.encode();
    let hit = nodes
        .iter()
        .find(|n| n.parent.is_none() && n.reply_ply == ply && n.after_reply == here);
    let played = turns::last_turn_text(conn, game.id())?.unwrap_or_default();
    let Some(hit) = hit.cloned() else {
        let count = lines(&nodes).len();
        conditional::clear(conn, game.id(), player.id)?;
        return Ok(Some(vec![Notice::ConditionalsDropped {
            game: game.id(),
            player: player.userid.clone(),
            line: format!(
                "{played} is off every one of your conditional lines: {count} {} dropped; \
                 move by hand.",
                if count == 1 { "line was" } else { "lines were" }
            ),
        }]));
    };
    conditional::descend(conn, game.id(), player.id, hit.id)?;
    let next = ply + 1;
    match play_turn(conn, game, seat, player.id, &hit.answer, None, now) {
        Ok((turn, outcome)) => {
            turns::mark_last_auto(conn, game.id())?;
            let mut notices = vec![Notice::AutoPlayed {
                game: game.id(),
                ply: next,
                turn,
                mover: player.userid.clone(),
                to_move: game.to_move_in(game.position.as_ref()),
                comment: None,
            }];
            notices.extend(outcome.map(|outcome| Notice::game_over(game, outcome)));
            if game.row.status != Status::Active {
                conditional::clear_game(conn, game.id())?;
            }
            Ok(Some(notices))
        }
        Err(e) if e.is_refusal() => {
            conditional::clear(conn, game.id(), player.id)?;
            Ok(Some(vec![Notice::ConditionalsDropped {
                game: game.id(),
                player: player.userid.clone(),
                line: format!(
                    "Your conditional move {} (after {played}) was not played: {e}; your \
                     conditional lines were dropped.",
                    hit.answer
                ),
            }]))
        }
        Err(e) => Err(e),
    }
}

/// The player's conditional lines, as their own board mail lists them.
pub fn own_note(
    conn: &Connection,
    game: GameId,
    player: i64,
) -> Result<Option<String>, ServiceError> {
    let nodes = conditional::list(conn, game, player)?;
    if nodes.is_empty() {
        return Ok(None);
    }
    let all = lines(&nodes);
    Ok(Some(format!(
        "Your conditional {}: {}",
        if all.len() == 1 { "line" } else { "lines" },
        all.join("; ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(id: i64, parent: Option<i64>, reply: &str, answer: &str) -> Node {
        Node {
            id,
            parent,
            reply_ply: 0,
            reply: reply.into(),
            after_reply: String::new(),
            answer: answer.into(),
        }
    }

    #[test]
    fn lines_share_their_prefixes() {
        let nodes = [
            node(1, None, "e5", "Nf3"),
            node(2, Some(1), "Nc6", "Bb5"),
            node(3, Some(1), "Nf6", "Nxe5"),
            node(4, None, "c5", "Nf3"),
        ];
        assert_eq!(
            lines(&nodes),
            [
                "if e5 then Nf3 if Nc6 then Bb5",
                "if e5 then Nf3 if Nf6 then Nxe5",
                "if c5 then Nf3"
            ]
        );
        assert_eq!(
            lines(&line_nodes(&nodes, Some(3))),
            ["if e5 then Nf3 if Nf6 then Nxe5"]
        );
    }
}
