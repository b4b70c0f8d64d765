//! The reminder mail (pbmserv's "Nag"): to the player to move only, with
//! the days waited, the forfeit date and the board (`nag.txt`).
//!
//! Its Message-ID is fixed by game, clock and reminder number, so queuing
//! it twice is harmless, and it threads under the game's first mail.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::later::BoardLater;
use super::{address, board_letter_unreplayed, damaged_game, reader, row_letter};
use crate::clock::Zone;
use crate::command::GameId;
use crate::letters::Letter;
use crate::letters::{BoardLetter, NagLetter};
use crate::mail::finish::Finish;
use crate::mail::post::{Envelope, post_group};
use crate::mail::settings::Settings;
use crate::rules::VARIANTS;
use crate::service::ServiceError;
use crate::service::game::LoadedGame;
use crate::service::time::vacation_notes::vacation_notes;
use crate::store::{StoreError, games, zones};

/// What the reminder says.
pub struct Reminder<'a> {
    pub game: GameId,
    pub player: &'a str,
    /// The log entry that started the clock, and the reminder's number.
    pub clock: u32,
    pub period: u32,
    pub days: i64,
    /// RFC 3339.
    pub forfeit_at: &'a str,
}

/// `Thu 22 Jan 2026 09:30 UTC` from RFC 3339, in `zone` (kept as given if
/// unreadable).
fn readable(at: &str, zone: Zone) -> String {
    DateTime::parse_from_rfc3339(at)
        .map(|t| zone.readable(t.with_timezone(&Utc)))
        .unwrap_or_else(|_| at.to_string())
}

/// Queues the reminder in the caller's transaction; `loaded` is the game
/// as it stands, when the caller has it (else it is loaded here).
pub fn queue(
    conn: &Connection,
    settings: &Settings,
    reminder: &Reminder<'_>,
    loaded: Option<&LoadedGame>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let (player, to) = reader(conn, reminder.player)?;
    if to.is_empty() {
        return Ok(());
    }
    let fresh;
    let game: Result<&LoadedGame, ServiceError> = match loaded {
        Some(game) => Ok(game),
        None => match LoadedGame::load(conn, &VARIANTS, reminder.game) {
            Ok(game) => {
                fresh = game;
                Ok(&fresh)
            }
            Err(e) => Err(e),
        },
    };
    let found;
    let row = match &game {
        Ok(game) => &game.row,
        Err(_) => {
            found = games::find(conn, reminder.game)?.ok_or_else(|| {
                StoreError::Damaged(format!("reminder for missing {}", reminder.game))
            })?;
            &found
        }
    };
    // In a long run's batch the replayed parts are worked out where the
    // letter is rendered ([`BoardLater`]).
    let mut later = None;
    let mut board = match game {
        Ok(game) => {
            let (mut board, replay) = board_letter_unreplayed(conn, game, false, now)?;
            let unfinished = crate::mail::ahead::is_open();
            if unfinished {
                later = Some(BoardLater::new(game, replay, Vec::new()));
            } else {
                replay
                    .replayed(game)
                    .map_err(|e| damaged_game(game, e))?
                    .put_into(&mut board);
            }
            // From the side of the player reminded.
            if let Some(seat) = game.row.players.iter().position(|p| p == reminder.player) {
                board.show = crate::store::board_shows::show_of(conn, &game.player_at(seat))?;
                super::in_zone_of(conn, &mut board, &game.player_at(seat))?;
                address(&mut board, game, seat, unfinished)
                    .map_err(|e| StoreError::Damaged(e.to_string()))?;
            }
            board
        }
        // A variant this build does not offer (test catalogs): no board.
        Err(ServiceError::UnknownVariant { .. }) => BoardLetter {
            to_move: Some(reminder.player.to_string()),
            ..row_letter(row)
        },
        Err(ServiceError::Store(e)) => return Err(e),
        Err(other) => {
            return Err(StoreError::Damaged(format!(
                "reminder for {}: {other}",
                reminder.game
            )));
        }
    };
    let seated = row.players_by_id();
    board.notes =
        vacation_notes(conn, &seated, now).map_err(|e| StoreError::Damaged(e.to_string()))?;
    let left = DateTime::parse_from_rfc3339(reminder.forfeit_at)
        .ok()
        .map(|at| crate::service::time::thinking::span_text(at.with_timezone(&Utc) - now));
    let letter = NagLetter {
        board,
        days_waited: u32::try_from(reminder.days).unwrap_or(u32::MAX),
        forfeit_at: readable(reminder.forfeit_at, zones::of_user(conn, reminder.player)?),
        left,
        draw_offered_by: row
            .draw_votes
            .iter()
            .filter_map(|&seat| row.players.get(seat).cloned())
            .collect(),
    };
    let identity = &settings.identity;
    let kind = format!("nag{}.clock{}", reminder.period, reminder.clock);
    let root = identity.game_root_id(reminder.game, reminder.player);
    let reply_to = match player {
        Some(player) => Some(crate::mail::token::issue(
            conn,
            identity,
            reminder.game,
            player.id,
            now,
        )?),
        None => None,
    };
    let envelope = Envelope {
        game: Some(reminder.game),
        to,
        in_reply_to: Some(root.clone()),
        references: vec![root],
        message_id: identity.game_mail_id(reminder.game, row.ply, &kind, reminder.player),
        reply_to,
    };
    let finish = later.map(|later| Box::new(later) as Box<dyn Finish>);
    post_group(
        conn,
        &settings.templates,
        vec![(envelope, Letter::Nag(letter))],
        finish,
        now,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forfeit_dates_read_as_minutes_of_the_readers_zone() {
        assert_eq!(
            readable("2026-01-22T09:30:00Z", Zone::UTC),
            "Thu 22 Jan 2026 09:30 UTC"
        );
        let berlin = Zone::parse("Europe/Berlin").unwrap();
        assert_eq!(
            readable("2026-01-22T09:30:00Z", berlin),
            "Thu 22 Jan 2026 10:30 CET"
        );
        assert_eq!(readable("soon", Zone::UTC), "soon");
    }
}
