//! `demo`: a whole game of chess through the real command path.
//!
//! Two players sign up, one challenges the other, and they play Morphy's
//! Opera Game (Paris, 1858) move by move with `#N` guards, each move a
//! separate command in its own transaction, exactly as the shell or mail
//! would send it. The caller supplies a throwaway database.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::{Actor, Command, GameId};
use crate::service::error::ServiceError;
use crate::service::{Request, execute};

/// Morphy v Duke of Brunswick and Count Isouard, in coordinate notation.
pub const OPERA_GAME: &[&str] = &[
    "e2-e4", "e7-e5", "Ng1-f3", "d7-d6", "d2-d4", "Bc8-g4", "d4xe5", "Bg4xf3", "Qd1xf3", "d6xe5",
    "Bf1-c4", "Ng8-f6", "Qf3-b3", "Qd8-e7", "Nb1-c3", "c7-c6", "Bc1-g5", "b7-b5", "Nc3xb5",
    "c6xb5", "Bc4xb5", "Nb8-d7", "Ke1-c1", "Ra8-d8", "Rd1xd7", "Rd8xd7", "Rh1-d1", "Qe7-e6",
    "Bb5xd7", "Nf6xd7", "Qb3-b8", "Nd7xb8", "Rd1-d8",
];

/// Plays the demo game on `conn`, handing each line (or block of lines) of output to `print`.
pub fn run(
    conn: &mut Connection,
    now: DateTime<Utc>,
    print: &mut dyn FnMut(&str),
) -> Result<GameId, ServiceError> {
    let players = ["morphy", "duke"];
    let send = |conn: &mut Connection, actor: &Actor, command: Command| {
        execute(conn, &Request::new(actor, &command, now))
    };
    for user in players {
        let signup = Command::Signup {
            user: user.into(),
            password: "opera1858".into(),
            emails: vec![],
        };
        print(&format!(
            "$ boserv signup {user} ****\n{}\n",
            send(conn, &Actor::Anonymous, signup)?.text()
        ));
    }
    let challenge = Command::Challenge {
        variant: "chess".into(),
        players: players.iter().map(|p| p.to_string()).collect(),
        options: vec![],
    };
    let reply = send(conn, &Actor::Trusted("morphy".into()), challenge)?;
    print(&format!(
        "$ boserv --as morphy challenge chess morphy duke\n{}\n",
        reply.text()
    ));
    let game: GameId = reply
        .text()
        .lines()
        .last()
        .unwrap_or_default()
        .parse()
        .map_err(|_| ServiceError::Internal("the challenge made no game".into()))?;
    // A player's challenge is an invitation: duke accepts it.
    let accepted = send(
        conn,
        &Actor::Trusted("duke".into()),
        Command::Accept { game },
    )?;
    print(&format!(
        "$ boserv --as duke accept {game}\n{}\n",
        accepted.text()
    ));
    for (n, turn) in OPERA_GAME.iter().enumerate() {
        let user = players[n % 2];
        let number = n as u32 + 1;
        let command = Command::Move {
            game,
            turn: turn.to_string(),
            expect: Some(number),
        };
        let reply = send(conn, &Actor::Trusted(user.into()), command)?;
        let view = reply.view().cloned();
        print(&format!("$ boserv --as {user} move {game} {turn}#{number}"));
        // Boards at a few moments, and the end.
        if matches!(number, 1 | 12 | 23) || view.as_ref().is_some_and(|v| v.result.is_some()) {
            print(&format!("\n{}\n", reply.text()));
        }
    }
    let history = send(conn, &Actor::Anonymous, Command::History { game })?;
    print(&format!("$ boserv history {game}\n{}", history.text()));
    Ok(game)
}
