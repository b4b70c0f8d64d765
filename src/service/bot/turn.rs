//! The bot's turns in the server's games, played after the command that
//! handed the turn over has committed.
//!
//! A waiting turn is not a record of its own: it is read from the games (an
//! active game whose seat to move the bot holds), so nothing can lose it.
//! For each, [`think`] reads the position, the roll of the turn (dice games:
//! the committed roll, from the game's seed and move number) and the level
//! in a read transaction it closes before searching; the search runs with
//! no transaction open and no lock held; then the turn is played as the
//! bot's own `move GAME TURN#N` through the service, like a player's, in a
//! transaction of its own, with N the move number it was chosen for. A
//! process killed while thinking or before its commit leaves the turn
//! waiting, and the next process chooses the turn again (the same one at
//! levels 1 to 3, whose search is deterministic given position, roll,
//! level and seed: the game's number; levels 4 and 5 think for a time and
//! may choose another, which is as good: nothing of the first was kept);
//! two processes that race play it once, the later one refused by the `#N`
//! guard (or because it is no longer the bot's turn), which is not an error.
//!
//! Front ends call [`play_waiting`] after their own commands (the shell,
//! `run`, mail) and from cron (`deliver`, `remind`), with a time budget:
//! what is not played in one process is played by the next.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::{account, level};
use crate::command::{Actor, Command, GameId};
use crate::service::game::LoadedGame;
use crate::service::{Catalog, Request, ServiceError, dice, execute};
use crate::store::{self, bot_games};

/// How long a process that handled a player's command may go on playing
/// the bot's turns (cron plays the rest).
pub const IN_PROCESS: Duration = Duration::from_secs(10);

/// How long a process that took in mail may go on playing the bot's
/// turns in the games that mail changed: one mail's share of the CPU
/// (issue 43: one incoming mail costs at most a second); cron plays what
/// is left.
pub const IN_MAIL: Duration = Duration::from_millis(500);

/// How long `deliver` and `remind` (cron) may go on playing them.
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

/// What one [`play_waiting`] did.
#[derive(Debug, Default)]
pub struct Summary {
    pub played: Vec<Played>,
    /// Turns another process played first.
    pub raced: usize,
    /// Turns still waiting when the time was up.
    pub left: usize,
    /// Games the bot could not move in, with why (one line each).
    pub problems: Vec<String>,
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

/// The active games where the bot is to move, in game order: all of
/// them, or (`since`) those changed at or after that moment.
pub fn waiting(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    since: Option<&str>,
) -> Result<Vec<GameId>, ServiceError> {
    let tx = store::read(conn)?;
    let Some(bot) = account::find(&tx)? else {
        return Ok(Vec::new());
    };
    let candidates = match since {
        Some(since) => bot_games::changed_since(&tx, since)?,
        None => bot_games::active_with(&tx, bot.id)?,
    };
    let mut games = Vec::new();
    for id in candidates {
        let game = LoadedGame::load(&tx, catalog, id)?;
        if game
            .position
            .to_move()
            .is_some_and(|seat| game.seats_of(bot.id).contains(&seat))
        {
            games.push(id);
        }
    }
    Ok(games)
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
            ServiceError::StaleMove { .. }
            | ServiceError::NotYourTurn(_)
            | ServiceError::GameOver { .. }
            | ServiceError::Cancelled(_),
        ) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Plays every waiting turn of the bot's, again while playing hands it
/// more (a game of bots, a pass that comes back to it), starting none
/// after `budget`. A game where the bot cannot move is reported and left
/// (the others are played); a busy or broken database stops the round.
pub fn play_waiting(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
    budget: Duration,
) -> Result<Summary, ServiceError> {
    play_waiting_since(conn, catalog, now, budget, None)
}

/// [`play_waiting`] in the games changed at or after `since` only (all
/// of them when `None`): after a mail, the games its commands changed
/// (each command stamps its game's `updated` with the mail's moment).
pub fn play_waiting_since(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
    budget: Duration,
    since: Option<&str>,
) -> Result<Summary, ServiceError> {
    let until = Instant::now() + budget;
    let mut summary = Summary::default();
    let mut stuck: Vec<GameId> = Vec::new();
    loop {
        let games: Vec<GameId> = waiting(conn, catalog, since)?
            .into_iter()
            .filter(|g| !stuck.contains(g))
            .collect();
        if games.is_empty() {
            return Ok(summary);
        }
        let mut moved = false;
        for (n, id) in games.iter().enumerate() {
            if Instant::now() >= until {
                summary.left = games.len() - n;
                return Ok(summary);
            }
            let outcome = think(conn, catalog, *id).and_then(|thought| match thought {
                Some(thought) => play(conn, catalog, &thought, now),
                None => Ok(None),
            });
            match outcome {
                Ok(Some(played)) => {
                    moved = true;
                    summary.played.push(played);
                }
                Ok(None) => summary.raced += 1,
                Err(e) if e.is_refusal() || matches!(e, ServiceError::Internal(_)) => {
                    summary.problems.push(format!("{id}: {e}"));
                    stuck.push(*id);
                }
                Err(e) => return Err(e),
            }
        }
        if !moved {
            return Ok(summary);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::NO_PASSWORD;
    use super::*;
    use crate::rules::{GameOption, VARIANTS};
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

    const DEFAULT_BOT: &str = super::super::DEFAULT_USERID;

    #[test]
    fn the_waiting_turn_is_read_from_the_game_and_chosen_alike_every_time() {
        let mut conn = handed_over();
        assert_eq!(
            waiting(&mut conn, &VARIANTS, None).unwrap(),
            vec![GameId(1)]
        );
        let first = think(&mut conn, &VARIANTS, GameId(1)).unwrap().unwrap();
        let again = think(&mut conn, &VARIANTS, GameId(1)).unwrap().unwrap();
        assert_eq!(first, again);
        assert_eq!(first.number, 2);
        // Thinking writes nothing.
        let before = dump(&conn);
        think(&mut conn, &VARIANTS, GameId(1)).unwrap();
        assert_eq!(dump(&conn), before);
    }

    /// Issue 43: after a mail, the bot looks only at the games changed
    /// since the mail's moment (`bot_games_by_change`), not at every game
    /// it plays.
    #[test]
    fn after_a_mail_only_the_games_it_changed_are_looked_at() {
        let mut conn = handed_over();
        // alice's move was made at `at(0)`.
        let since = crate::service::game::timestamp(at(0));
        assert_eq!(
            waiting(&mut conn, &VARIANTS, Some(&since)).unwrap(),
            vec![GameId(1)]
        );
        let later = crate::service::game::timestamp(at(60));
        assert_eq!(waiting(&mut conn, &VARIANTS, Some(&later)).unwrap(), vec![]);
        let plan = crate::store::query_plan(
            &conn,
            "SELECT id FROM games WHERE bot_level IS NOT NULL AND status = 'active' \
             AND updated >= ?1",
            [later],
        );
        assert!(
            plan.iter().any(|s| s.contains("bot_games_by_change")),
            "{plan:?}"
        );
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
        assert_eq!(waiting(&mut conn, &VARIANTS, None).unwrap(), vec![]);
        assert_eq!(think(&mut conn, &VARIANTS, GameId(1)).unwrap(), None);
    }

    #[test]
    fn play_waiting_answers_and_stops_when_the_turn_is_the_humans() {
        let mut conn = handed_over();
        let summary = play_waiting(&mut conn, &VARIANTS, at(0), IN_PROCESS).unwrap();
        assert_eq!(summary.played.len(), 1);
        assert_eq!((summary.raced, summary.left), (0, 0));
        assert!(summary.problems.is_empty(), "{:?}", summary.problems);
        let ply: u32 = conn
            .query_row("SELECT ply FROM games WHERE id = 1", [], |r| r.get(0))
            .unwrap();
        assert_eq!(ply, 2);
        // Nothing more to do; and with no time left nothing is started.
        let summary = play_waiting(&mut conn, &VARIANTS, at(0), IN_PROCESS).unwrap();
        assert!(summary.played.is_empty());
        let mut conn = handed_over();
        let summary = play_waiting(&mut conn, &VARIANTS, at(0), Duration::ZERO).unwrap();
        assert_eq!((summary.played.len(), summary.left), (0, 1));
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
        assert_eq!(bot_games::level(&conn, GameId(1)).unwrap(), Some(4));
        assert_eq!(
            waiting(&mut conn, &VARIANTS, None).unwrap(),
            vec![GameId(1)]
        );
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
        assert_eq!(waiting(&mut conn, &VARIANTS, None).unwrap(), vec![]);
    }
}
