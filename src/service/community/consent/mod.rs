//! Consent to a game: a challenge is an invitation that each player
//! challenged accepts or declines, as their standing answer to
//! challenges of the type says (`challenges VARIANT accept|ask|reject`,
//! [`settings`]); `limit` caps the games of a type a player is in.
//!
//! An invitation is a game row that is active but has not begun: nobody
//! may move (every turn path goes through
//! [`LoadedGame::ensure_active`]), no clock runs (the `due` index has no
//! row for it) and no dice are drawn (the seed is drawn at
//! [`challenge::begin`]). The last `accept` begins it; one `decline`
//! cancels it and tells the others who declined and their words; unanswered
//! it expires after the server's `invitation-days` ([`expire`], run by
//! `remind` through the invitations' own index).

pub mod settings;

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use crate::command::GameId;
use crate::letters::Letter;
use crate::letters::consent::{DeclinedLetter, ExpiredLetter, InvitationLetter};
use crate::rules::Ending;
use crate::service::community::challenge;
use crate::service::error::ServiceError;
use crate::service::game::{Catalog, LoadedGame, timestamp};
use crate::service::login::acting_player;
use crate::service::play::announce::consent as post;
use crate::service::reply::Reply;
use crate::service::time::deadline::readable;
use crate::service::time::zone::readable_for;
use crate::service::{Request, play::undo};
use crate::store::invitations::{self, Answer};
use crate::store::players::Player;
use crate::store::{self, Tx, games};

/// Days an invitation or an open challenge stands, unless the server's
/// `invitation-days` says otherwise.
pub const INVITATION_DAYS: u32 = 14;

pub const INVITATION_DAYS_ENV: &str = "BOSERV_INVITATION_DAYS";

pub use crate::service::error::consent::{ConsentError, INVITATION_DAYS_SETTING};

/// Days an invitation stands: the `invitation-days` setting (its variable
/// over the database's value), else [`INVITATION_DAYS`].
pub fn invitation_days(conn: &Connection) -> Result<u32, ServiceError> {
    let value = match std::env::var(INVITATION_DAYS_ENV)
        .ok()
        .filter(|v| !v.trim().is_empty())
    {
        Some(value) => Some(value),
        None => store::settings::all(conn)?.remove(INVITATION_DAYS_SETTING),
    };
    match value {
        None => Ok(INVITATION_DAYS),
        Some(text) => parse_days(&text)
            .ok_or_else(|| ServiceError::Setup(ConsentError::BadDays(text).to_string())),
    }
}

/// `text` as a number of days an invitation may stand (1 to 365): the
/// `invitation-days` setting's reader.
pub use crate::mail::config::invitation_days as parse_days;

/// Applies each player's standing answer and limit to a challenge to
/// `variant`; returns the row ids of the players who must be asked (the
/// challenger never is; nobody is when the operator's shell challenges). Refused when one of them rejects challenges to
/// the type or is at their limit (the challenger's own included).
pub fn admit(
    tx: &Tx<'_>,
    variant: &str,
    challenger: Option<&str>,
    players: &[Player],
) -> Result<Vec<i64>, ServiceError> {
    // The operator's shell (no `--as`) is trusted to start any game, as a
    // tournament director pairs players.
    let Some(challenger) = challenger else {
        return Ok(Vec::new());
    };
    let mut ask = Vec::new();
    let mut seen = Vec::new();
    for player in players {
        if seen.contains(&player.id) {
            continue;
        }
        seen.push(player.id);
        let is_challenger = challenger.eq_ignore_ascii_case(&player.userid);
        let (answer, limit) = invitations::settings(tx, player.id, variant)?;
        if !is_challenger && answer == Some(Answer::Reject) {
            return Err(ConsentError::Rejects {
                user: player.userid.clone(),
                variant: variant.to_string(),
            }
            .into());
        }
        check_limit(tx, player, variant, limit)?;
        if !is_challenger && answer != Some(Answer::Accept) {
            ask.push(player.id);
        }
    }
    Ok(ask)
}

/// Refuses when `player` is in `limit` games of `variant` already.
pub fn check_limit(
    tx: &Connection,
    player: &Player,
    variant: &str,
    limit: Option<u32>,
) -> Result<(), ServiceError> {
    if let Some(limit) = limit {
        let games = invitations::active_games(tx, player.id, variant)?;
        if games >= limit {
            return Err(ConsentError::OverLimit {
                user: player.userid.clone(),
                variant: variant.to_string(),
                games,
                limit,
            }
            .into());
        }
    }
    Ok(())
}

/// Makes game `id` an invitation to the players `waiting` (row ids): each
/// gets an invitation mail; the answer names the game on its last line.
pub fn invite(
    tx: &Tx<'_>,
    req: &Request<'_>,
    id: GameId,
    challenger: Option<&str>,
    waiting: &[i64],
) -> Result<Reply, ServiceError> {
    let days = invitation_days(tx)?;
    let expires = req.now + TimeDelta::days(i64::from(days));
    invitations::insert(
        tx,
        id,
        challenger,
        req.comment,
        waiting,
        &timestamp(req.now),
        &timestamp(expires),
    )?;
    let game = LoadedGame::load(tx, req.catalog, id)?;
    let invitation = game.invitation.clone().expect("just stored");
    let sides = sides(&game);
    for reader in &invitation.waiting {
        let letter = InvitationLetter {
            title: game.variant.title().to_string(),
            name: game.variant.full_name().to_string(),
            variant: game.variant.name().to_string(),
            board: id.0,
            sides: sides.clone(),
            challenger: challenger.map(str::to_string),
            comment: req.comment.map(str::to_string),
            options: option_words(&game),
            waiting: invitation.waiting.clone(),
            expires: readable_for(tx, reader, expires)?,
            left: None,
            reader: reader.clone(),
        };
        post::queue(
            tx,
            id.0,
            &letter.reader.clone(),
            &Letter::Invitation(letter),
            req.now,
        )?;
    }
    crate::service::time::due::settle(tx, req.catalog, req.now)?;
    Ok(Reply::Text(format!(
        "{id}: {} {}: invited {}; it begins when {} accepted (by {})\n{id}",
        game.variant.name(),
        sides.join(" v "),
        invitation.waiting.join(", "),
        if invitation.waiting.len() == 1 {
            "they have"
        } else {
            "all have"
        },
        match challenger {
            Some(challenger) => readable_for(tx, challenger, expires)?,
            None => readable(expires),
        },
    )))
}

/// `alice (White)`, in seat order.
fn sides(game: &LoadedGame) -> Vec<String> {
    game.row
        .players
        .iter()
        .zip(game.variant.seats())
        .map(|(p, s)| format!("{p} ({s})"))
        .collect()
}

/// The game's options as written (`--nagtime=3`, `--berolina`).
fn option_words(game: &LoadedGame) -> Vec<String> {
    let mut words: Vec<String> = game
        .row
        .options
        .iter()
        .map(|o| match &o.value {
            Some(v) => format!("--{}={v}", o.name),
            None => format!("--{}", o.name),
        })
        .collect();
    if game.row.nag_days != challenge::NAG_DAYS {
        words.push(format!("--nagtime={}", game.row.nag_days));
    }
    if game.row.forfeit_days != challenge::FORFEIT_DAYS {
        words.push(format!("--forfeittime={}", game.row.forfeit_days));
    }
    if let Some(total) = game.row.total_days {
        words.push(format!("--totaltime={total}"));
    }
    if let Some(clock) = &game.row.clock {
        words.push(format!("--clock={clock}"));
    }
    if !game.row.rated {
        words.push("--unrated".to_string());
    }
    words
}

/// `accept GAME`: the asker consents; the last consent begins the game.
/// With no invitation standing it is a vote for the proposal in the game.
pub fn accept(conn: &mut Connection, req: &Request<'_>, id: GameId) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    let Some(invitation) = game.invitation.clone() else {
        drop(tx);
        return answer_proposal(conn, req, id, true);
    };
    let player = acting_player(&tx, req.actor)?;
    if game.seats_of(player.id).is_empty() {
        return Err(ServiceError::NotPlaying {
            user: player.userid,
            game: id,
        });
    }
    if !invitations::accept(&tx, id, player.id)? {
        return Err(ConsentError::AcceptedAlready {
            game: id,
            waiting: invitation.waiting.join(", "),
        }
        .into());
    }
    let still: Vec<String> = invitation
        .waiting
        .iter()
        .filter(|u| !u.eq_ignore_ascii_case(&player.userid))
        .cloned()
        .collect();
    if !still.is_empty() {
        tx.commit()?;
        return Ok(Reply::Done(format!(
            "{id}: {} accepted; it begins when {} accept{}",
            player.userid,
            still.join(", "),
            if still.len() == 1 { "s" } else { "" }
        )));
    }
    invitations::close(&tx, id)?;
    // The challenger's words were in every invitation; the new board
    // carries the last accepter's own.
    let said = challenge::words_of(&player.userid, req.comment);
    let reply = challenge::begin(&tx, req.catalog, id, &said, req.now)?;
    tx.commit()?;
    Ok(reply)
}

/// A vote on a draw offer or a takeback, for `accept`/`decline` on a game
/// with no invitation standing.
fn answer_proposal(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    yes: bool,
) -> Result<Reply, ServiceError> {
    match undo::answer(conn, req, id, yes) {
        Err(ServiceError::NothingProposed(game)) => Err(ConsentError::NothingToAnswer(game).into()),
        other => other,
    }
}

/// `decline GAME [WORDS]`: cancels the invitation (any of its players
/// may, the challenger withdrawing it too); the others are told who and
/// why. With no invitation standing it declines the proposal in the game.
pub fn decline(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    words: &str,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    if game.invitation.is_none() {
        drop(tx);
        return answer_proposal(conn, req, id, false);
    }
    let player = acting_player(&tx, req.actor)?;
    if game.seats_of(player.id).is_empty() {
        return Err(ServiceError::NotPlaying {
            user: player.userid,
            game: id,
        });
    }
    let words = [words.trim(), req.comment.unwrap_or("").trim()]
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    let told = cancel(&tx, &game, &player.userid, &words, req.now)?;
    crate::service::time::due::settle(&tx, req.catalog, req.now)?;
    tx.commit()?;
    Ok(Reply::Done(format!(
        "{id}: {} declined; the game is cancelled{}",
        player.userid,
        if told.is_empty() {
            String::new()
        } else {
            format!(" ({} told)", told.join(", "))
        }
    )))
}

/// Cancels the invitation `game` because `by`, one of its players,
/// declined it with `words`: the others are told, each in the game's
/// thread. Returns who was told.
pub fn cancel(
    tx: &Tx<'_>,
    game: &LoadedGame,
    by: &str,
    words: &str,
    now: DateTime<Utc>,
) -> Result<Vec<String>, ServiceError> {
    let id = game.id();
    let sides = sides(game);
    let mut told = Vec::new();
    for reader in withdraw(tx, game, by, now)? {
        let letter = DeclinedLetter {
            title: game.variant.title().to_string(),
            name: game.variant.full_name().to_string(),
            board: id.0,
            sides: sides.clone(),
            by: by.to_string(),
            words: (!words.is_empty()).then(|| words.to_string()),
            reader: reader.clone(),
        };
        post::queue(
            tx,
            id.0,
            &letter.reader.clone(),
            &Letter::Declined(letter),
            now,
        )?;
        told.push(reader);
    }
    Ok(told)
}

/// Cancels the invitation `game` because `by`, one of its players, left
/// it (declined, or signed off), mailing nobody: returns the others to
/// tell (its players and challenger but `by`, each once). A `signoff`
/// tells them in its one letter per player ([`super::announce::farewell`]).
pub fn withdraw(
    tx: &Tx<'_>,
    game: &LoadedGame,
    by: &str,
    now: DateTime<Utc>,
) -> Result<Vec<String>, ServiceError> {
    let seat = game
        .row
        .players
        .iter()
        .position(|p| p.eq_ignore_ascii_case(by))
        .unwrap_or(0);
    let ending = Ending::Declined {
        seat,
        name: game.variant.seats()[seat],
    };
    games::cancel(tx, game.id(), &ending, &timestamp(now))?;
    invitations::close(tx, game.id())?;
    Ok(others(game, by))
}

/// The game's players and its challenger but `userid`, each once.
fn others(game: &LoadedGame, userid: &str) -> Vec<String> {
    let mut others: Vec<String> = Vec::new();
    let challenger = game.invitation.as_ref().and_then(|i| i.challenger.clone());
    for user in game.row.players.iter().cloned().chain(challenger) {
        if !user.eq_ignore_ascii_case(userid)
            && !others.iter().any(|o| o.eq_ignore_ascii_case(&user))
        {
            others.push(user);
        }
    }
    others
}

/// Warns the players still to answer each invitation that expires within
/// [`crate::clock::due::WARNING_AHEAD`] of `now` (`remind`), once, with
/// the invitation again and the time it still stands; an invitation that
/// stood less than that in all was told its expiry when it was made.
/// Returns how many were warned of.
pub fn warn_expiring(
    tx: &Tx<'_>,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
) -> Result<usize, ServiceError> {
    let ahead = crate::clock::due::WARNING_AHEAD;
    let due = invitations::to_warn_by(tx, &timestamp(now + ahead))?;
    let mut warned = 0;
    for &id in &due {
        invitations::warned(tx, id, &timestamp(now))?;
        let game = LoadedGame::load(tx, catalog, id)?;
        let Some(invitation) = game.invitation.clone() else {
            continue;
        };
        let (created, expires) = (
            parse_time(&invitation.created)?,
            parse_time(&invitation.expires)?,
        );
        if expires - created <= ahead || expires <= now {
            continue;
        }
        warned += 1;
        for reader in &invitation.waiting {
            let letter = InvitationLetter {
                title: game.variant.title().to_string(),
                name: game.variant.full_name().to_string(),
                variant: game.variant.name().to_string(),
                board: id.0,
                sides: sides(&game),
                challenger: invitation.challenger.clone(),
                comment: invitation.comment.clone(),
                options: option_words(&game),
                waiting: invitation.waiting.clone(),
                expires: readable_for(tx, reader, expires)?,
                left: Some(crate::service::time::thinking::span_text(expires - now)),
                reader: reader.clone(),
            };
            post::queue(tx, id.0, reader, &Letter::Invitation(letter), now)?;
        }
    }
    Ok(warned)
}

/// Cancels every invitation whose time has come by `now` (`remind`):
/// each player, and the challenger, is told who never accepted. Safe to
/// run again: an expired invitation is gone. Returns how many expired.
pub fn expire(
    tx: &Tx<'_>,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
) -> Result<usize, ServiceError> {
    let due = invitations::expired_by(tx, &timestamp(now))?;
    for &id in &due {
        let game = LoadedGame::load(tx, catalog, id)?;
        let Some(invitation) = game.invitation.clone() else {
            continue;
        };
        // The first seat still silent stands as the one that declined.
        let seat = game
            .row
            .players
            .iter()
            .position(|p| invitation.waiting.iter().any(|w| w.eq_ignore_ascii_case(p)))
            .unwrap_or(0);
        let ending = Ending::Declined {
            seat,
            name: game.variant.seats()[seat],
        };
        games::cancel(tx, id, &ending, &timestamp(now))?;
        invitations::close(tx, id)?;
        let sides = sides(&game);
        for reader in others(&game, "") {
            let letter = ExpiredLetter {
                title: game.variant.title().to_string(),
                name: game.variant.full_name().to_string(),
                board: id.0,
                sides: sides.clone(),
                silent: invitation.waiting.clone(),
                since: readable_for(tx, &reader, parse_time(&invitation.created)?)?,
                reader,
            };
            post::queue(
                tx,
                id.0,
                &letter.reader.clone(),
                &Letter::Expired(letter),
                now,
            )?;
        }
    }
    crate::service::time::due::settle(tx, catalog, now)?;
    Ok(due.len())
}

fn parse_time(text: &str) -> Result<DateTime<Utc>, ServiceError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| store::StoreError::Damaged(format!("bad time {text} ({e})")).into())
}

#[cfg(test)]
mod tests;
