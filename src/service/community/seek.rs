//! Open challenges: `seek VARIANT [options]` posts one (`seek1`), `seeks
//! [VARIANT]` lists them, and another player's `accept seek1` starts the
//! game at once, the seats as the seek says or drawn at random. A seek
//! stands for the server's `invitation-days`; `remind` marks it expired.
//!
//! `--rating=MIN-MAX` limits who may take a seek: the taker's rating in
//! the game type's pool (as it stands that day, its deviation grown by
//! inactivity; 1500 for a newcomer) must lie in the range. `seeks` shows
//! each seeker's rating, and `standings` each player's open seeks.

use chrono::TimeDelta;
use rusqlite::Connection;

use crate::mail::quotas::Quotas;
use crate::mail::settings::Settings;
use crate::rules::GameOption;
use crate::service::Request;
use crate::service::community::challenge::{Setup, begin, words_of};
use crate::service::community::consent::{ConsentError, check_limit, invitation_days};
use crate::service::error::ServiceError;
use crate::service::game::timestamp;
use crate::service::login::acting_player;
use crate::service::reply::Reply;
use crate::service::{bot, community::ratings};
use crate::store::seeks::{self, NewSeek, Seek};
use crate::store::{self, StoreError, bot_games, invitations, players, signoffs, zones};

/// The quotas in force (`mail::quotas`).
pub fn quotas() -> Result<Quotas, ServiceError> {
    Ok(Settings::current()
        .map_err(|e| StoreError::Setup(e.to_string()))?
        .quotas)
}

/// `seek VARIANT [--color=SEAT] [--rating=MIN-MAX] [options]`.
pub fn seek(
    conn: &mut Connection,
    req: &Request<'_>,
    variant: &str,
    options: &[GameOption],
    color: Option<&str>,
    rating: Option<(u32, u32)>,
) -> Result<Reply, ServiceError> {
    let setup = Setup::read(req.catalog, variant, options)?;
    if setup.level.is_some() {
        return Err(ConsentError::SeekLevel.into());
    }
    let seats = setup.variant.seats();
    if seats.len() != 2 {
        return Err(ConsentError::SeekSeats {
            variant: setup.variant.name().to_string(),
            seats: seats.len(),
        }
        .into());
    }
    let seat = color
        .map(|color| {
            seats
                .iter()
                .position(|s| s.eq_ignore_ascii_case(color))
                .ok_or_else(|| ConsentError::BadColor {
                    color: color.to_string(),
                    variant: setup.variant.name().to_string(),
                    seats: seats.join(", ").to_ascii_lowercase(),
                })
        })
        .transpose()?;
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    let quotas = quotas()?;
    Quotas::check(
        &player.userid,
        seeks::open_count(&tx, player.id, &timestamp(req.now))?,
        quotas.seeks,
        0,
        "open challenges (seeks)",
    )?;
    let (_, limit) = invitations::settings(&tx, player.id, setup.variant.name())?;
    check_limit(&tx, &player, setup.variant.name(), limit)?;
    let expires = req.now + TimeDelta::days(i64::from(invitation_days(&tx)?));
    let id = seeks::post(
        &tx,
        &NewSeek {
            variant: setup.variant.name(),
            player: player.id,
            options,
            seat,
            rating,
            now: &timestamp(req.now),
            expires: &timestamp(expires),
            comment: req.comment.filter(|c| !c.trim().is_empty()),
        },
    )?;
    let posted = format!(
        "seek{id}: {} by {}, {}; open until {}\nseek{id}",
        setup.variant.name(),
        player.userid,
        match seat {
            Some(s) => format!("who plays {}", seats[s]),
            None => "the seats drawn at random".to_string(),
        },
        zones::of_player(&tx, player.id)?.readable(expires)
    );
    let taken = bot_takes(&tx, req, id, &player.userid)?;
    tx.commit()?;
    Ok(Reply::Text(match taken {
        Some(taken) => format!("{posted}\n{taken}"),
        None => posted,
    }))
}

/// With `bot-seeks on`, the computer player takes seek `id` (posted by
/// `seeker`) in the seek's own transaction, when its rating is in the
/// range; what `accept` would have answered it.
fn bot_takes(
    tx: &store::Tx<'_>,
    req: &Request<'_>,
    id: u64,
    seeker: &str,
) -> Result<Option<String>, ServiceError> {
    let bot_id = bot::account::userid(tx)?;
    if !bot::account::takes_seeks(tx)? || bot_id.eq_ignore_ascii_case(seeker) {
        return Ok(None);
    }
    let now = timestamp(req.now);
    let bot = bot::account::ensure(tx, std::slice::from_ref(&bot_id), &now)?;
    let (Some(bot), Some(open)) = (bot, seeks::open(tx, id, &now)?) else {
        return Ok(None);
    };
    // A seeker with as many games against it as `bot-games-per-player`
    // allows has their seek left for the others.
    let seeker_id = open.player;
    if bot_games::active_count_of(tx, seeker_id)? >= quotas()?.bot_games {
        return Ok(None);
    }
    // The seeker's board comes in the new game's own mail.
    match take(tx, req, open, &bot, None) {
        Ok(taken) => Ok(Some(match taken.reply.view() {
            Some(view) => format!("{}; {} begins\n{}", taken.line, view.game, view.game),
            None => taken.line,
        })),
        Err(ServiceError::Consent(ConsentError::OutOfRange { .. })) => Ok(None),
        Err(e) => Err(e),
    }
}

/// One seek as `seeks` lists it, with its seeker's rating (`1500?`).
fn columns(seek: &Seek, seats: &[&str], rating: String) -> [String; 7] {
    let options: Vec<String> = seek
        .options
        .iter()
        .map(|o| match &o.value {
            Some(v) => format!("--{}={v}", o.name),
            None => format!("--{}", o.name),
        })
        .collect();
    [
        format!("seek{}", seek.id),
        seek.variant.clone(),
        seek.userid.clone(),
        rating,
        seek.seat
            .and_then(|s| seats.get(s))
            .map_or("random".to_string(), |s| s.to_string()),
        seek.rating
            .map_or("any".to_string(), |(min, max)| format!("{min}-{max}")),
        options.join(" "),
    ]
}

/// The most open challenges one `seeks` answer lists (the oldest).
pub const MAX_SEEKS_LISTED: usize = 50;

/// `seeks [VARIANT]`: the open challenges, oldest first.
pub fn seeks(
    conn: &mut Connection,
    req: &Request<'_>,
    variant: Option<&str>,
) -> Result<Reply, ServiceError> {
    let variant = variant
        .map(|v| crate::service::game::find_variant(req.catalog, v).map(|v| v.name()))
        .transpose()?;
    let tx = store::read(conn)?;
    let mut open = seeks::list(&tx, variant, &timestamp(req.now), MAX_SEEKS_LISTED + 1)?;
    let more = open.len() > MAX_SEEKS_LISTED;
    open.truncate(MAX_SEEKS_LISTED);
    if open.is_empty() {
        return Ok(Reply::Text(match variant {
            Some(v) => format!("no open challenges to {v}"),
            None => "no open challenges".to_string(),
        }));
    }
    let header = [
        "SEEK", "VARIANT", "SEEKER", "RATING", "SEAT", "RANGE", "OPTIONS",
    ]
    .map(str::to_string);
    let mut rows: Vec<[String; 7]> = vec![header];
    for seek in &open {
        let seats = crate::service::game::find_variant(req.catalog, &seek.variant)
            .map(|v| v.seats())
            .unwrap_or(&[]);
        let rating = ratings::current(&tx, &seek.userid, &seek.variant)?
            .as_of(req.now)
            .shown();
        rows.push(columns(seek, seats, rating));
    }
    let widths: Vec<usize> = (0..7)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let lines: Vec<String> = rows
        .iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &w)| format!("{cell:<w$}"))
                .collect();
            cells.join(" ").trim_end().to_string()
        })
        .collect();
    let mut text = lines.join("\n");
    if more {
        text.push_str(&format!(
            "\n(only the oldest {MAX_SEEKS_LISTED} are listed; `seeks GAMETYPE` narrows the list)"
        ));
    }
    Ok(Reply::Text(text))
}

/// `accept SEEK`: the asker takes another player's open challenge and
/// the game begins at once.
pub fn accept(
    conn: &mut Connection,
    req: &Request<'_>,
    id: u64,
    variant: Option<&str>,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let now = timestamp(req.now);
    let seek = seeks::open(&tx, id, &now)?.ok_or(ConsentError::NoSeek(id))?;
    if let Some(named) = variant
        && !named.eq_ignore_ascii_case(&seek.variant)
    {
        return Err(ConsentError::SeekVariant {
            seek: id,
            variant: seek.variant,
            named: named.to_string(),
        }
        .into());
    }
    let taker = acting_player(&tx, req.actor)?;
    let taken = take(&tx, req, seek, &taker, req.comment)?;
    tx.commit()?;
    Ok(Reply::Text(format!(
        "{}\n{}",
        taken.line,
        taken.reply.text()
    )))
}

/// `taker` takes `seek` in the caller's transaction, with `words` of
/// theirs: the game begins at once, its board carrying the seeker's words
/// and the taker's. What `accept SEEK` answers.
fn take(
    tx: &store::Tx<'_>,
    req: &Request<'_>,
    seek: Seek,
    taker: &players::Player,
    words: Option<&str>,
) -> Result<Taken, ServiceError> {
    let id = seek.id;
    if taker.id == seek.player {
        return Err(ConsentError::OwnSeek(id).into());
    }
    if let Some((min, max)) = seek.rating {
        let rating = ratings::current(tx, &taker.userid, &seek.variant)?.as_of(req.now);
        let value = rating.rating.round() as i64;
        if value < i64::from(min) || value > i64::from(max) {
            return Err(ConsentError::OutOfRange {
                seek: id,
                rating: rating.shown(),
                min,
                max,
            }
            .into());
        }
    }
    if signoffs::is_signed_off(tx, seek.player)? {
        return Err(ConsentError::NoSeek(id).into());
    }
    let seeker = players::find(tx, &seek.userid)?.ok_or(ConsentError::NoSeek(id))?;
    for player in [&seeker, taker] {
        let (_, limit) = invitations::settings(tx, player.id, &seek.variant)?;
        check_limit(tx, player, &seek.variant, limit)?;
    }
    let setup = Setup::read(req.catalog, &seek.variant, &seek.options)?;
    let (seat, drawn) = match seek.seat {
        Some(seat) => (seat, false),
        None => (random_seat()?, true),
    };
    let ids = if seat == 0 {
        [seeker.id, taker.id]
    } else {
        [taker.id, seeker.id]
    };
    let game = setup.create(tx, &ids, req.now)?;
    if bot::account::find(tx)?.is_some_and(|bot| bot.id == taker.id) {
        bot::level::store(tx, game, None)?;
    }
    seeks::taken(tx, id, game)?;
    let said: Vec<(&str, &str)> = words_of(&seeker.userid, seek.comment.as_deref())
        .into_iter()
        .chain(words_of(&taker.userid, words))
        .collect();
    let reply = begin(tx, req.catalog, game, &said, req.now)?;
    let seats = setup.variant.seats();
    let line = format!(
        "seek{id} taken: {} plays {}, {} plays {}{}",
        seeker.userid,
        seats[seat],
        taker.userid,
        seats[1 - seat],
        if drawn { " (drawn at random)" } else { "" },
    );
    Ok(Taken { line, reply })
}

/// A seek taken: who plays what, and the new game's board (which its
/// players get in the game's own mail).
struct Taken {
    line: String,
    reply: Reply,
}

/// Seat 0 or 1, from the OS's randomness.
fn random_seat() -> Result<usize, ServiceError> {
    let mut byte = [0u8; 1];
    getrandom::fill(&mut byte)
        .map_err(|e| ServiceError::Internal(format!("no randomness: {e}")))?;
    Ok(usize::from(byte[0] & 1))
}
