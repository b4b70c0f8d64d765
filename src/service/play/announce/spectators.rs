//! The spectators' copy of a game's mail: one mail per change to a game,
//! to every spectator's confirmed addresses as Bcc (no spectator sees
//! another's address), with the board from the first seat's side and none
//! of the lines meant for a player (whose turn it is as "your turn", the
//! roll, how to answer, a reply token). When the game ends the copy also
//! goes to those who asked to be told (`notify`, per board and for every
//! game of the type): it is their notification. However many watch, it is
//! one mail, so a move causes at most one more mail than it has players.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::address;
use crate::command::GameId;
use crate::letters::{BoardLetter, Letter};
use crate::mail::outbox::UNDISCLOSED;
use crate::mail::post::Envelope;
use crate::mail::settings::Settings;
use crate::service::game::LoadedGame;
use crate::service::notice::MAX_WATCHERS;
use crate::store::games::{self, Game};
use crate::store::watchers::{self, Kind};
use crate::store::{StoreError, players};

/// The thread the spectators' copies answer, in place of a userid (no
/// userid starts with `_`).
pub const WATCH: &str = "_watch";

/// The userids of `game`'s spectators and of those to tell of its end,
/// for the lines under its board (pbmserv listed both).
pub fn names(conn: &Connection, game: GameId) -> Result<(Vec<String>, Vec<String>), StoreError> {
    let users = |kind| -> Result<Vec<String>, StoreError> {
        Ok(watchers::of_game(conn, game, kind)?
            .into_iter()
            .map(|(_, user)| user)
            .collect())
    };
    Ok((users(Kind::Subscribe)?, users(Kind::Notify)?))
}

/// One mail of `game` as its spectators get it.
pub struct Copy<'a> {
    pub game: GameId,
    /// The letter before it is addressed to anyone.
    pub letter: &'a BoardLetter,
    /// The game's row as it stands.
    pub row: &'a Game,
    pub loaded: Option<&'a LoadedGame>,
    /// The kind of letter the players got (new game, board, game over).
    pub wrap: fn(BoardLetter) -> Letter,
    /// `new`, `board`, `over`, or empty for a note (a fresh id).
    pub kind: &'a str,
    pub ply: u32,
    /// The game ended: those to notify get the copy too.
    pub over: bool,
    /// The letter is finished where it is rendered
    /// ([`super::later::BoardLater`]).
    pub unfinished: bool,
}

/// The spectators' copy to post after the players' letters, if anyone
/// watches.
pub fn copy(
    conn: &Connection,
    settings: &Settings,
    copy: &Copy<'_>,
    now: DateTime<Utc>,
) -> Result<Option<(Envelope, Letter)>, StoreError> {
    let to = addresses_of(conn, copy.row, copy.over)?;
    if to.len() <= 1 {
        return Ok(None);
    }
    let mut letter = copy.letter.clone();
    if let Some(loaded) = copy.loaded {
        address(&mut letter, loaded, 0, copy.unfinished)
            .map_err(|e| StoreError::Damaged(e.to_string()))?;
    }
    spectator_view(&mut letter);
    let identity = &settings.identity;
    let root = identity.game_root_id(copy.game, WATCH);
    let message_id = match copy.kind {
        "" => identity.unique_id(now),
        kind => identity.game_mail_id(copy.game, copy.ply, kind, WATCH),
    };
    let threaded = message_id != root;
    let envelope = Envelope {
        game: Some(copy.game),
        to,
        in_reply_to: threaded.then(|| root.clone()),
        references: if threaded { vec![root] } else { vec![] },
        message_id,
        reply_to: None,
    };
    Ok(Some((envelope, (copy.wrap)(letter))))
}

/// The addresses `game`'s spectators' copy goes to, behind
/// [`UNDISCLOSED`] (so nobody when that is all): every address of
/// everyone who watches the game and does not play in it, and when the
/// game is `over` also of those to tell of its end.
pub fn addresses(conn: &Connection, game: GameId, over: bool) -> Result<Vec<String>, StoreError> {
    let Some(row) = games::find(conn, game)? else {
        return Ok(Vec::new());
    };
    addresses_of(conn, &row, over)
}

/// [`addresses`] given the game's row as the caller has read it.
pub fn addresses_of(conn: &Connection, row: &Game, over: bool) -> Result<Vec<String>, StoreError> {
    let game = row.id;
    // Most games have no spectators: counting them by the key is a
    // cheaper statement to prepare than the join that lists them.
    let mut watching = match watchers::count(conn, game, Kind::Subscribe)? {
        0 => Vec::new(),
        _ => watchers::of_game(conn, game, Kind::Subscribe)?,
    };
    if over {
        watching.extend(watchers::of_game(conn, game, Kind::Notify)?);
        watching.extend(
            watchers::standing(conn, &row.variant, Kind::Notify)?
                .into_iter()
                .take(MAX_WATCHERS),
        );
    }
    let mut to = vec![UNDISCLOSED.to_string()];
    let mut seen = Vec::new();
    for (id, _) in watching {
        if row.player_ids.contains(&id) || seen.contains(&id) {
            continue;
        }
        seen.push(id);
        for email in players::confirmed_emails(conn, id)? {
            if !to.iter().any(|t| t.eq_ignore_ascii_case(&email)) {
                to.push(email);
            }
        }
    }
    Ok(to)
}

/// A player's letter made a spectator's: nothing of it is anyone's turn,
/// roll or answer.
fn spectator_view(letter: &mut BoardLetter) {
    letter.your_turn = false;
    letter.roll = None;
    letter.answer = None;
    letter.draw_yours = false;
    letter.reader = String::new();
    letter.spectator = true;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spectator_sees_no_player_s_lines() {
        let mut letter = BoardLetter {
            your_turn: true,
            roll: Some("3,4".into()),
            answer: Some("chess move 1 bob PASSWORD MOVE#2".into()),
            draw_yours: true,
            reader: "bob".into(),
            ..BoardLetter::default()
        };
        spectator_view(&mut letter);
        assert_eq!(
            letter,
            BoardLetter {
                spectator: true,
                ..BoardLetter::default()
            },
            "the spectator's letter keeps only what everyone sees"
        );
    }
}
