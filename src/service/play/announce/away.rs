//! The mail of `vacation on|off` (issue 43): one [`AwayLetter`] to each
//! other player of the player's games being played, naming the games
//! they share (the first [`MAX_LISTED`], the rest counted), to their
//! confirmed addresses; never one mail per game. A player in thousands of
//! games with thousands of others sends one letter to each of them: the
//! bound is the players concerned (docs/guarantees.md).

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::letters::Letter;
use crate::letters::away::{AwayLetter, MAX_LISTED, SharedGame};
use crate::mail::post::{self, Envelope};
use crate::mail::settings::Settings;
use crate::rules::VARIANTS;
use crate::store::partners::Partner;
use crate::store::{StoreError, players};

/// Tells each of `partners` that `player` went away (`away`, the clocks
/// standing still `until` that day) or came back.
pub fn queue(
    conn: &Connection,
    player: &str,
    away: bool,
    until: Option<String>,
    partners: &[Partner],
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    for partner in partners {
        let Some(reader) = players::find(conn, &partner.userid)? else {
            continue;
        };
        let to = players::confirmed_emails(conn, reader.id)?;
        if to.is_empty() {
            continue;
        }
        let games = partner
            .games
            .iter()
            .take(MAX_LISTED)
            .map(|(board, variant)| SharedGame {
                title: title_of(variant),
                variant: variant.clone(),
                board: board.0,
            })
            .collect();
        let letter = Letter::Away(AwayLetter {
            player: player.to_string(),
            away,
            until: until.clone(),
            games,
            more: partner.games.len().saturating_sub(MAX_LISTED),
            reader: partner.userid.clone(),
        });
        let envelope = Envelope::notice(to, settings.identity.unique_id(now));
        post::post(conn, &settings.templates, envelope, letter, now)?;
    }
    Ok(())
}

/// A game type's title (`Big Outer Chess`) from its name, or the name.
pub fn title_of(variant: &str) -> String {
    VARIANTS
        .iter()
        .find(|v| v.name().eq_ignore_ascii_case(variant))
        .map_or_else(|| variant.to_string(), |v| v.title().to_string())
}
