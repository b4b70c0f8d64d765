//! The bot's turn in one game: chosen with no transaction open, then
//! played as its own `move GAME TURN#N`.
//!
//! [`think`] reads the position, the roll of the turn (dice games: the
//! committed roll, from the game's seed and move number) and the level in
//! a read transaction it closes before searching; the search runs with no
//! transaction open and no lock held; then [`play`] plays the turn through
//! the service, like a player's, in a transaction of its own, with N the
//! move number it was chosen for. A process killed while thinking or
//! before its commit leaves the turn queued, and the next worker chooses
//! it again (the same one at levels 1 to 3, whose search is deterministic
//! given position, roll, level and seed: the game's number; levels 4 and 5
//! think for a time and may choose another, which is as good: nothing of
//! the first was kept); a turn played already is refused by the `#N`
//! guard (or because it is no longer the bot's turn), which is not an
//! error. Which turns wait, and who plays them when, is [`super::queue`]'s.

use std::time::Duration;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::{Actor, Command, GameId};
use crate::service::bot::{account, level};
use crate::service::game::LoadedGame;
use crate::service::{Catalog, Request, ServiceError, dice, execute};
use crate::store;

/// How long a process that handled a shell's or `run`'s commands may go
/// on working the bot's queue once its answers are out (cron plays the
/// rest).
pub const IN_PROCESS: Duration = Duration::from_secs(10);

/// How long `deliver`, `remind` (cron), the detached worker a mail starts
/// and `serve`'s thinking thread may go on working the queue at a time.
pub const FROM_CRON: Duration = Duration::from_secs(30);

/// A turn the bot chose, for the move number it was chosen for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    pub game: GameId,
    /// The number of the move being made (the game's ply + 1): `#N`.
    pub number: u32,
    /// The turn, as `move` takes it.
    pub turn: String,
}

/// A turn the bot played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub game: GameId,
    pub number: u32,
    pub turn: String,
}

/// True for the commands that can hand the bot its turn (a shell front
/// end looks for its turns after these only; cron after anything).
pub fn may_hand_over(command: &Command) -> bool {
    matches!(
        command,
        Command::Move { .. }
            | Command::Challenge { .. }
            | Command::Resign { .. }
            | Command::Draw { .. }
            | Command::Undo { .. }
            | Command::Answer { .. }
            | Command::ConfirmSubmission { .. }
            | Command::Signoff
            | Command::Accept { .. }
            | Command::AcceptSeek { .. }
            | Command::Seek { .. }
    )
}

/// The bot's turn in game `id`, if it is to move there: read in a
/// transaction closed before the search starts.
pub fn think(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    id: GameId,
) -> Result<Option<Thought>, ServiceError> {
    let tx = store::read(conn)?;
    let Some(bot) = account::find(&tx)? else {
        return Ok(None);
    };
    let game = LoadedGame::load(&tx, catalog, id)?;
    let to_move = game.position.to_move();
    if game.ensure_active().is_err() || !to_move.is_some_and(|s| game.seats_of(bot.id).contains(&s))
    {
        return Ok(None);
    }
    let level = level::of(&tx, id)?;
    let roll = dice::current_roll(&game)?;
    drop(tx);
    let choice = crate::bot::choose(game.variant, game.position.as_ref(), roll, level, id.0)
        .map_err(|e| ServiceError::Internal(format!("the computer player in {id}: {e}")))?;
    Ok(Some(Thought {
        game: id,
        number: game.row.ply + 1,
        turn: choice.text,
    }))
}

/// Plays a thought-out turn as the bot's `move`; `None` when another
/// process played the bot's turn first (the `#N` guard, or the turn is no
/// longer the bot's).
pub fn play(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    thought: &Thought,
    now: DateTime<Utc>,
) -> Result<Option<Played>, ServiceError> {
    let userid = account::userid(conn)?;
    let actor = Actor::Trusted(userid);
    let command = Command::Move {
        game: thought.game,
        turn: thought.turn.clone(),
        expect: Some(thought.number),
    };
    let request = Request {
        catalog,
        ..Request::new(&actor, &command, now)
    };
    match execute(conn, &request) {
        Ok(_) => Ok(Some(Played {
            game: thought.game,
            number: thought.number,
            turn: thought.turn.clone(),
        })),
        Err(
            ServiceError::StaleMove(_)
            | ServiceError::NotYourTurn(_)
            | ServiceError::GameOver { .. }
            | ServiceError::Cancelled(_),
        ) => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameOption, VARIANTS};
    use crate::service::bot::NO_PASSWORD;
    use crate::service::testing::{at, db, dump, signup};

    fn as_user(conn: &mut Connection, user: &str, command: &Command) -> Result<(), ServiceError> {
        let actor = Actor::Trusted(user.into());
        execute(conn, &Request::new(&actor, command, at(0))).map(drop)
    }

    /// alice (White) against the bot at level 1 in chess; alice has moved.
    fn handed_over() -> Connection {
        let mut conn = db();
        signup(&mut conn, "alice", None);
        let challenge = Command::Challenge {
            variant: "chess".into(),
            players: vec!["alice".into(), DEFAULT_BOT.into()],
            options: vec![GameOption {
                name: "level".into(),
                value: Some("1".into()),
            }],
        };
        as_user(&mut conn, "alice", &challenge).unwrap();
        let e4 = Command::Move {
            game: GameId(1),
            turn: "e2-e4".into(),
            expect: Some(1),
        };
        as_user(&mut conn, "alice", &e4).unwrap();
        conn
    }

    const DEFAULT_BOT: &str = crate::service::bot::DEFAULT_USERID;

    #[test]
    fn the_turn_is_chosen_alike_every_time_and_thinking_writes_nothing() {
        let mut conn = handed_over();
        let first = think(&mut conn, &VARIANTS, GameId(1)).unwrap().unwrap();
        let again = think(&mut conn, &VARIANTS, GameId(1)).unwrap().unwrap();
        assert_eq!(first, again);
        assert_eq!(first.number, 2);
        let before = dump(&conn);
        think(&mut conn, &VARIANTS, GameId(1)).unwrap();
        assert_eq!(dump(&conn), before);
    }

    #[test]
    fn a_turn_chosen_twice_is_played_once() {
        let mut conn = handed_over();
        let thought = think(&mut conn, &VARIANTS, GameId(1)).unwrap().unwrap();
        let played = play(&mut conn, &VARIANTS, &thought, at(0)).unwrap();
        assert_eq!(played.map(|p| p.number), Some(2));
        let after = dump(&conn);
        // A second process that chose the same turn finds it played.
        assert_eq!(play(&mut conn, &VARIANTS, &thought, at(0)).unwrap(), None);
        assert_eq!(dump(&conn), after);
        assert_eq!(think(&mut conn, &VARIANTS, GameId(1)).unwrap(), None);
    }

    #[test]
    fn the_bot_is_made_on_first_use_and_nobody_else_takes_its_name() {
        let mut conn = db();
        signup(&mut conn, "alice", None);
        let signup_bot = Command::Signup {
            user: "Boserv-Bot".into(),
            password: "secret".into(),
            emails: vec![],
        };
        let err = as_user(&mut conn, "alice", &signup_bot).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Boserv-Bot is the computer player's userid"
        );
        // A level without the bot is refused, changing nothing.
        let before = dump(&conn);
        let challenge = |players: &[&str], level: &str| Command::Challenge {
            variant: "chess".into(),
            players: players.iter().map(|p| p.to_string()).collect(),
            options: vec![GameOption {
                name: "level".into(),
                value: Some(level.into()),
            }],
        };
        let err = as_user(&mut conn, "alice", &challenge(&["alice", "alice"], "2")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "level: only a game against the computer player (boserv-bot) has a level"
        );
        let err =
            as_user(&mut conn, "alice", &challenge(&["alice", DEFAULT_BOT], "6")).unwrap_err();
        assert_eq!(err.to_string(), "level: a number from 1 to 5, not 6");
        assert_eq!(dump(&conn), before);
        // The bot White: made, and has moved once the challenge committed.
        as_user(&mut conn, "alice", &challenge(&[DEFAULT_BOT, "alice"], "4")).unwrap();
        let bot = account::find(&conn).unwrap().unwrap();
        assert_eq!(bot.password_hash, NO_PASSWORD);
        assert!(
            crate::store::players::emails(&conn, bot.id)
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            crate::store::bot_games::level(&conn, GameId(1)).unwrap(),
            Some(4)
        );
        // Its first turn is queued with the challenge.
        assert!(think(&mut conn, &VARIANTS, GameId(1)).unwrap().is_some());
        let queued: Vec<GameId> = crate::store::bot_queue::all(&conn)
            .unwrap()
            .into_iter()
            .map(|q| q.game)
            .collect();
        assert_eq!(queued, vec![GameId(1)]);
        // No password logs in as the bot.
        let claimed = Actor::Claimed {
            user: DEFAULT_BOT.into(),
            password: NO_PASSWORD.into(),
        };
        let e4 = Command::Move {
            game: GameId(1),
            turn: "e2-e4".into(),
            expect: None,
        };
        let err = execute(&mut conn, &Request::new(&claimed, &e4, at(0))).unwrap_err();
        assert!(err.to_string().starts_with("login refused"), "{err}");
    }

    #[test]
    fn a_person_under_the_bots_name_is_never_played_by_the_bot() {
        let mut conn = db();
        signup(&mut conn, "alice", None);
        signup(&mut conn, "robo", None);
        crate::store::settings::set(&conn, "bot-userid", "robo").unwrap();
        let challenge = Command::Challenge {
            variant: "chess".into(),
            players: vec!["robo".into(), "alice".into()],
            options: vec![],
        };
        as_user(&mut conn, "alice", &challenge).unwrap();
        assert_eq!(account::find(&conn).unwrap(), None);
        assert_eq!(think(&mut conn, &VARIANTS, GameId(1)).unwrap(), None);
    }
}
