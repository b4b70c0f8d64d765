//! The daily digest (issue 30): `digest on [HOUR]` / `digest off`, and
//! the digests `remind` sends.
//!
//! A player with the digest on gets one mail a day at HOUR (of their time
//! zone, `timezone`; UTC by default) listing
//! every game where it is their move, in full up to [`FULL_GAMES`] (the
//! rest named), the games that ended and the chats of the last day (kept
//! for it in `digest_chats` when a player of the game takes it); their per-move
//! board mails wait for it (`announce::held` decides which may wait).
//! Each digest is queued in the transaction that records its (player,
//! day) in `digests_sent`: `remind` run every minute finds the day done,
//! and a `remind` killed before the commit leaves neither, so the next
//! run sends it.

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use crate::ids::GameId;
use crate::letters::Letter;
use crate::letters::digest::{DigestChat, DigestGame, DigestLetter};
use crate::mail::post::{Envelope, post};
use crate::mail::settings::Settings;
use crate::mail::{digest_token, token};
use crate::service::error::ServiceError;
use crate::service::game::{Catalog, LoadedGame, timestamp};
use crate::service::login::acting_player;
use crate::service::play::announce::{address_to, board_letter, in_zone_of};
use crate::service::reply::Reply;
use crate::service::{Request, time::deadline};
use crate::store::{self, StoreError, digests, games, players, signoffs, turns, zones};

/// Games to move a digest shows in full; the others it names.
pub const FULL_GAMES: usize = 20;

/// Games to move a digest names past those it shows in full; the others
/// it counts (a player in thousands of games gets a mail of bounded size).
pub const MAX_NAMED: usize = 100;

/// Chats a digest shows; the others it counts.
pub const MAX_CHATS: usize = 30;

/// A test hook: `BOSERV_DIGEST_CRASH=before-commit` (or `after-commit`)
/// aborts the process there, as a kill would, after the first digest.
/// Only in builds for tests (debug assertions on).
#[cfg(debug_assertions)]
const CRASH: &str = "BOSERV_DIGEST_CRASH";

/// `digest on [HOUR]` (`Some`) / `digest off` (`None`).
pub fn set(
    conn: &mut Connection,
    req: &Request<'_>,
    hour: Option<u8>,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    digests::set(&tx, player.id, hour, &timestamp(req.now))?;
    let zone = zones::of_player(&tx, player.id)?;
    tx.commit()?;
    Ok(Reply::Done(match hour {
        Some(hour) => format!(
            "{}: one digest a day at {hour:02}:00 {} time; board mails wait for it, \
             except urgent ones",
            player.userid,
            zone.name()
        ),
        None => format!("{}: no digest; a board mail after each move", player.userid),
    }))
}

/// Queues the digests due at `now`, each in its own transaction with its
/// day's record. Returns how many were queued.
pub fn send_due(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
) -> Result<usize, ServiceError> {
    let due = {
        let tx = store::read(conn)?;
        digests::due(&tx, now)?
    };
    {
        // Chats older than a day no digest shows any more.
        let tx = store::write(conn)?;
        digests::prune_chats(&tx, &timestamp(now - TimeDelta::days(1)))?;
        tx.commit()?;
    }
    let mut sent = 0;
    for (player, userid, day) in due {
        let tx = store::write(conn)?;
        // Another `remind` may have sent it since the read.
        // What happened since the last digest (at most a day) is news.
        let since = digests::last_before(&tx, player, &day)?
            .unwrap_or_default()
            .max(timestamp(now - TimeDelta::days(1)));
        if digests::mark_sent(&tx, player, &day, &timestamp(now))?
            && queue(&tx, catalog, player, &userid, &since, now)?
        {
            sent += 1;
        }
        crash_at("before-commit");
        tx.commit()?;
        crash_at("after-commit");
    }
    Ok(sent)
}

#[cfg(debug_assertions)]
fn crash_at(point: &str) {
    if std::env::var(CRASH).is_ok_and(|p| p == point) {
        std::process::abort();
    }
}

/// The release binary has no fault to inject.
#[cfg(not(debug_assertions))]
fn crash_at(_point: &str) {}

/// Builds and queues `player`'s digest; false when there is nothing to
/// tell (no game to move, none ended and no chat `since`) or nowhere to
/// send it.
fn queue(
    conn: &Connection,
    catalog: Catalog<'_>,
    player: i64,
    userid: &str,
    since: &str,
    now: DateTime<Utc>,
) -> Result<bool, ServiceError> {
    let to = players::confirmed_emails(conn, player)?;
    if to.is_empty() || signoffs::is_signed_off(conn, player)? {
        return Ok(false);
    }
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    let mut to_move = Vec::new();
    let mut results = Vec::new();
    let mut chats = Vec::new();
    for (game, variant, by, text) in digests::chats_for(conn, player, since)? {
        if !by.eq_ignore_ascii_case(userid) {
            chats.push(DigestChat {
                title: title_of(&variant),
                board: game.0,
                by,
                text,
            });
        }
    }
    for row in games::ended_since(conn, player, since)? {
        results.push(result_line(&row));
    }
    // The games where it is the player's move, read through the index of
    // whose turn it is (`due.mover`), the most pressing first, as many as
    // the digest shows: the rest are counted, never loaded.
    let moves = crate::store::due::count_to_move(conn, player)?;
    for id in crate::store::due::to_move(conn, player, FULL_GAMES + MAX_NAMED)? {
        let Ok(game) = LoadedGame::load(conn, catalog, id) else {
            continue;
        };
        if game.invitation.is_some() {
            continue;
        }
        let Some(seat) = game.position.to_move() else {
            continue;
        };
        if game.row.player_ids.get(seat) != Some(&player) {
            continue;
        }
        let due = deadline::deadline(conn, &game, now)?;
        to_move.push((due, game, seat));
    }
    if to_move.is_empty() && results.is_empty() && chats.is_empty() {
        return Ok(false);
    }
    // The most pressing first; games without a deadline last.
    to_move.sort_by_key(|(due, game, _)| (due.is_none(), *due, game.id().0));
    let mut letter = DigestLetter {
        reader: userid.to_string(),
        day: zones::of_player(conn, player)?.day_name(now),
        results,
        more_chats: chats.len().saturating_sub(MAX_CHATS),
        chats: chats.into_iter().take(MAX_CHATS).collect(),
        ..DigestLetter::default()
    };
    for (i, (_, game, seat)) in to_move.iter().enumerate() {
        if i >= FULL_GAMES {
            letter
                .more
                .push(format!("{} board {}", game.variant.title(), game.id().0));
            continue;
        }
        let mut board = board_letter(conn, game, false, now)?;
        let last = last_move(conn, game)?;
        board.show = crate::store::board_shows::show_of(conn, &game.player_at(*seat))?;
        in_zone_of(conn, &mut board, &game.player_at(*seat))?;
        address_to(&mut board, game, *seat)?;
        letter.games.push(DigestGame {
            title: board.title.clone(),
            board: board.board,
            sides: board.sides.clone(),
            diagram: board.diagram.clone(),
            last_move: last.as_ref().map(|(line, _)| line.clone()),
            last_comment: last.and_then(|(_, comment)| comment),
            deadline: board.deadline.clone(),
            roll: board.roll.clone(),
            next_ply: board.ply + 1,
            reply_to: token::issue(conn, &settings.identity, game.id(), player, now)?,
            answer: board.answer.clone().unwrap_or_default(),
        });
    }
    if moves > to_move.len() {
        letter.more.push(format!(
            "and {} more games where it is your move (`games next` lists them)",
            moves - to_move.len()
        ));
    }
    // One Reply-To for every game of the digest: the reply names its board.
    let boards: Vec<GameId> = to_move.iter().map(|(_, game, _)| game.id()).collect();
    let reply_to = match boards.is_empty() {
        true => None,
        false => Some(digest_token::issue(
            conn,
            &settings.identity,
            player,
            &boards,
            now,
        )?),
    };
    letter.reply_here = reply_to.is_some();
    let envelope = Envelope {
        game: None,
        to,
        message_id: settings.identity.unique_id(now),
        in_reply_to: None,
        references: Vec::new(),
        reply_to,
    };
    post(
        conn,
        &settings.templates,
        envelope,
        Letter::Digest(letter),
        now,
    )?;
    Ok(true)
}

/// `bob e7-e5 (move 2)`: the game's last turn, and the words that came
/// with it.
fn last_move(
    conn: &Connection,
    game: &LoadedGame,
) -> Result<Option<(String, Option<String>)>, StoreError> {
    let variant = game.variant;
    Ok(turns::log(conn, game.id())?
        .into_iter()
        .rev()
        .find(|e| e.kind == turns::EntryKind::Turn)
        .map(|e| {
            let by = e.player.unwrap_or_default();
            let n = crate::rules::numbering::name(variant, e.ply);
            (format!("{by} {} (move {n})", e.text), e.comment)
        }))
}

/// `Chess`: a game's title from its stored row.
fn title_of(variant: &str) -> String {
    let mut title = variant.to_string();
    if let Some(first) = title.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    title
}

/// `Chess board 3 (alice v bob): 1-0, checkmate`.
fn result_line(row: &games::Game) -> String {
    let title = title_of(&row.variant);
    let mut line = format!(
        "{title} board {} ({}): {}",
        row.id.0,
        row.players.join(" v "),
        row.result.as_deref().unwrap_or("over")
    );
    if let Some(reason) = &row.reason {
        line.push_str(&format!(", {reason}"));
    }
    line
}
