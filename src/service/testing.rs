//! Test support for the service layer: a tiny two-player game, so commands
//! can be tested without depending on a real variant's rules.
//!
//! "Race to ten": players take turns adding 1 or 2 to a running total; who
//! reaches exactly 10 wins (a win on the board: the toy's checkmate).
//! Position text: `total:seat-to-move` while the game goes on,
//! `total:points:ending` once it is over.

use chrono::{DateTime, TimeZone, Utc};
use rusqlite::Connection;

use crate::command::{Actor, Command};
use crate::rules::{
    Conclusion, Ending, GameOption, Outcome, PlayError, Played, Position, Roll, RulesError, Seat,
    Variant,
};
use crate::service::error::ServiceError;
use crate::service::reply::Reply;
use crate::service::{Request, execute};

pub struct RaceToTen;

pub static RACE: RaceToTen = RaceToTen;
pub static CATALOG: &[&dyn Variant] = &[&RACE];

#[derive(Clone, Debug)]
pub struct Race {
    total: u32,
    to_move: Seat,
    outcome: Option<Outcome>,
}

impl Variant for RaceToTen {
    fn name(&self) -> &'static str {
        "race"
    }
    fn title(&self) -> &'static str {
        "Race"
    }
    fn full_name(&self) -> &'static str {
        "Race to Ten"
    }
    fn seats(&self) -> &'static [&'static str] {
        &["First", "Second"]
    }
    fn help(&self) -> &'static str {
        "add 1 or 2; reach 10 to win"
    }
    fn start(&self, options: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
        if let Some(o) = options.first() {
            return Err(RulesError::UnknownOption {
                variant: "race".into(),
                option: o.name.clone(),
            });
        }
        Ok(Box::new(Race {
            total: 0,
            to_move: 0,
            outcome: None,
        }))
    }
    fn decode(&self, _: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
        let bad = || RulesError::BadPosition(text.to_string());
        let parts: Vec<&str> = text.split(':').collect();
        let total = parts[0].parse().map_err(|_| bad())?;
        match parts.as_slice() {
            [_, seat] => Ok(Box::new(Race {
                total,
                to_move: seat.parse().map_err(|_| bad())?,
                outcome: None,
            })),
            [_, points, ending] => Ok(Box::new(Race {
                total,
                to_move: 0,
                outcome: Some(Outcome::read(points, ending, self.seats()).map_err(|_| bad())?),
            })),
            _ => Err(bad()),
        }
    }
}

impl Race {
    fn over(&self, outcome: Outcome) -> Box<dyn Position> {
        Box::new(Race {
            outcome: Some(outcome),
            ..self.clone()
        })
    }
}

/// The typed-turn methods of a test double that speaks text only (its
/// turns are no board actions): inside `impl Position for ...`.
macro_rules! text_only_turns {
    () => {
        fn legal(&self, _: Option<crate::rules::Roll>) -> Vec<crate::rules::Turn> {
            Vec::new()
        }
        fn read_turn(
            &self,
            text: &str,
            _: Option<crate::rules::Roll>,
        ) -> Result<crate::rules::Turn, crate::rules::RulesError> {
            Err(crate::rules::RulesError::Other(format!(
                "{text}: this test game reads text only"
            )))
        }
        fn turn_text(&self, _: &crate::rules::Turn) -> String {
            String::new()
        }
        fn apply(
            &self,
            _: &crate::rules::Turn,
            _: Option<crate::rules::Roll>,
        ) -> Result<Box<dyn crate::rules::Position>, crate::rules::PlayError> {
            Err(crate::rules::PlayError {
                reason: crate::rules::RulesError::Other("this test game reads text only".into()),
            })
        }
    };
}
pub(crate) use text_only_turns;

impl Position for Race {
    crate::service::testing::text_only_turns!();
    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn legal_turns(&self, _: Option<Roll>) -> Vec<String> {
        if self.outcome.is_some() {
            return vec![];
        }
        ["1", "2"]
            .iter()
            .filter(|t| self.total + t.parse::<u32>().unwrap() <= 10)
            .map(|t| t.to_string())
            .collect()
    }
    fn play(&self, turn: &str, _: Option<Roll>) -> Result<Played, PlayError> {
        let illegal = |why: &str| PlayError {
            reason: RulesError::Illegal {
                turn: turn.into(),
                why: why.into(),
            },
        };
        if self.outcome.is_some() {
            return Err(PlayError {
                reason: RulesError::GameOver("done".into()),
            });
        }
        let step: u32 = match turn.trim() {
            "1" => 1,
            "2" => 2,
            _ => return Err(illegal("add 1 or 2")),
        };
        if self.total + step > 10 {
            return Err(illegal("that passes 10"));
        }
        let total = self.total + step;
        let next = Race {
            total,
            to_move: 1 - self.to_move,
            outcome: None,
        };
        let position: Box<dyn Position> = if total == 10 {
            next.over(Outcome::win(self.to_move, 2, Ending::Checkmate))
        } else {
            Box::new(next)
        };
        Ok(Played {
            position,
            canonical: step.to_string(),
        })
    }
    fn conclude(&self, event: &Conclusion) -> Result<Box<dyn Position>, RulesError> {
        Ok(self.over(match event {
            Conclusion::DrawAgreed => Outcome::draw(2, Ending::Agreement),
            leaving => {
                let (s, ending) = leaving.leaver().expect("a seat leaves");
                Outcome::win(1 - s, 2, ending)
            }
        }))
    }
    fn render(&self) -> String {
        format!("total {}", self.total)
    }
    fn encode(&self) -> String {
        match &self.outcome {
            None => format!("{}:{}", self.total, self.to_move),
            Some(o) => {
                let points: Vec<String> = o.points.iter().map(|p| p.to_string()).collect();
                format!("{}:{}:{}", self.total, points.join(","), o.ending.key())
            }
        }
    }
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_turns(None)
            .iter()
            .map(|t| self.play(t, None).unwrap().position.perft(depth - 1))
            .sum()
    }
    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}

/// A fresh in-memory database.
pub fn db() -> Connection {
    crate::store::open_in_memory().unwrap()
}

/// A fixed clock, `secs` after 2026-01-01.
pub fn at(secs: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap() + chrono::Duration::seconds(secs)
}

/// Runs `remind` at `now` against the race catalog, as cron would: the
/// games a signoff or a return from vacation left to it are judged, and
/// the letters of vacations and signoffs written.
pub fn remind(conn: &mut Connection, now: DateTime<Utc>) -> crate::service::remind::Summary {
    crate::service::remind::remind(conn, CATALOG, now, &mut |_, _| {}).expect("remind runs")
}

/// Runs a command against the race catalog.
pub fn run_as(
    conn: &mut Connection,
    actor: &Actor,
    command: &Command,
) -> Result<Reply, ServiceError> {
    execute(
        conn,
        &Request {
            actor,
            command,
            now: at(0),
            comment: None,
            catalog: CATALOG,
            by_mail: false,
            game_ended: crate::service::GAME_ENDED,
        },
    )
}

/// Signs up `users` (password `secret`) and starts a race between the
/// first two.
pub fn race(conn: &mut Connection, users: &[&str]) -> crate::command::GameId {
    for user in users {
        let signup = Command::Signup {
            user: user.to_string(),
            password: "secret".into(),
            emails: vec![],
        };
        run_as(conn, &Actor::Anonymous, &signup).unwrap();
    }
    rematch(conn, users[0], users[1])
}

/// Signs up `user` (password `secret`) with `email`, if any (confirmed:
/// as from the shell).
pub fn signup(conn: &mut Connection, user: &str, email: Option<&str>) {
    let signup = Command::Signup {
        user: user.to_string(),
        password: "secret".into(),
        emails: email.into_iter().map(String::from).collect(),
    };
    run_as(conn, &Actor::Anonymous, &signup).unwrap();
}

/// alice, bob and carol with addresses, dave without, and a race
/// between alice and bob (the social verbs' tests).
pub fn four(conn: &mut Connection) -> crate::command::GameId {
    signup(conn, "alice", Some("a@example.org"));
    signup(conn, "bob", Some("b@example.org"));
    signup(conn, "carol", Some("c@example.org"));
    signup(conn, "dave", None);
    rematch(conn, "alice", "bob")
}

/// Starts another race between two signed-up users.
pub fn rematch(conn: &mut Connection, first: &str, second: &str) -> crate::command::GameId {
    let challenge = Command::Challenge {
        variant: "race".into(),
        players: vec![first.to_string(), second.to_string()],
        options: vec![],
    };
    let reply = run_as(conn, &Actor::Anonymous, &challenge).unwrap();
    reply.view().unwrap().game.parse().unwrap()
}

/// Every row of the game tables, for before/after comparisons.
pub fn dump(conn: &Connection) -> String {
    let mut out = String::new();
    for table in ["players", "player_emails", "games", "seats", "turns"] {
        let mut q = conn
            .prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2"))
            .unwrap();
        let n = q.column_count();
        let rows = q
            .query_map([], |r| {
                let cells: Vec<String> = (0..n)
                    .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                    .collect();
                Ok(cells.join("|"))
            })
            .unwrap();
        for row in rows {
            out.push_str(&format!("{table}: {}\n", row.unwrap()));
        }
    }
    out
}
