//! The dice of a game as the service sees them: the seed drawn at the
//! challenge, and the roll of the turn to come.
//!
//! Roll n is for the game's n-th board turn (auto-passed turns count), so
//! the current roll is roll `ply`: a pure function of the stored seed, the
//! game number and the turns played. Asking again never re-rolls; the roll
//! is stored with the turn when the turn is played.

use rusqlite::Connection;

use crate::command::GameId;
use crate::dice::{self, Seed};
use crate::rules::{Dice, Roll};
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, roll_text};
use crate::service::reply::Reply;
use crate::store;
use crate::store::games::Game;

/// The seed of a new dice game: from the OS; in a build for tests (debug
/// assertions on), fixed by [`dice::TEST_SEED_ENV`] when it is set. A
/// release binary never reads it: a known seed means known dice.
pub fn new_seed() -> Result<Seed, ServiceError> {
    #[cfg(debug_assertions)]
    if let Ok(fixed) = std::env::var(dice::TEST_SEED_ENV) {
        return Seed::for_new_game(Some(&fixed))
            .map_err(|e| ServiceError::Setup(format!("{}: {e}", dice::TEST_SEED_ENV)));
    }
    Seed::for_new_game(None).map_err(|e| ServiceError::Internal(e.to_string()))
}

/// A game's seed, read back from its row (`None`: not a dice game).
pub fn seed_of(row: &Game) -> Result<Option<Seed>, ServiceError> {
    row.dice_seed
        .as_deref()
        .map(|hex| {
            Seed::from_hex(hex).map_err(|e| ServiceError::Internal(format!("{}: {e}", row.id)))
        })
        .transpose()
}

/// The roll of `dice` for board turn `ply + 1` (roll number `ply`), in a
/// dice game.
pub fn roll_at(row: &Game, dice: &Dice, ply: u32) -> Result<Option<Roll>, ServiceError> {
    Ok(seed_of(row)?.map(|seed| dice::roll(&seed, row.id, u64::from(ply), dice)))
}

/// The roll of the turn to come; `None` when the game has no dice.
pub fn current_roll(game: &LoadedGame) -> Result<Option<Roll>, ServiceError> {
    let Some(dice) = game.variant.dice() else {
        return Ok(None);
    };
    let roll = roll_at(&game.row, dice, game.row.ply)?;
    roll.map(Some)
        .ok_or_else(|| ServiceError::Internal(format!("{} has no dice seed", game.id())))
}

/// `roll GAME`: the dice of the turn to come, the same however often asked.
pub fn roll(conn: &mut Connection, req: &Request<'_>, id: GameId) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    if !game.variant.uses_dice() {
        return Err(ServiceError::NoDice(id));
    }
    game.ensure_active()?;
    let roll = current_roll(&game)?.expect("a dice game has a roll");
    let view = game.current_view();
    Ok(Reply::Text(format!(
        "{}: {}\nroll: {}",
        view.game,
        view.status_line(),
        roll_text(roll)
    )))
}

#[cfg(test)]
mod tests {
    //! A dice game the service has never heard of: three four-faced dice,
    //! and a roll with an odd sum forces the turn `skip`. Playing it through
    //! the commands shows that the service rolls, auto-passes, stores and
    //! audits from the variant's [`Dice`] alone.

    use super::*;
    use crate::command::{Actor, Command};
    use crate::rules::{
        Conclusion, Ending, GameOption, Outcome, PlayError, Played, Position, RulesError, Seat,
        Variant,
    };
    use crate::service::game::AUTO_PASS;
    use crate::service::testing::{at, db};
    use crate::service::{Reply, execute};
    use crate::store::turns;

    static TRIPLE: Dice = Dice {
        count: 3,
        faces: 4,
        forced_turn: "skip",
    };
    const GOAL: u32 = 30;

    struct Climb;
    static CATALOG: &[&dyn Variant] = &[&Climb];

    #[derive(Clone, Debug)]
    struct Heights {
        height: [u32; 2],
        to_move: Seat,
        outcome: Option<Outcome>,
    }

    fn odd(roll: Roll) -> bool {
        roll.iter().map(|&d| u32::from(d)).sum::<u32>() % 2 == 1
    }

    impl Variant for Climb {
        fn name(&self) -> &'static str {
            "climb"
        }
        fn title(&self) -> &'static str {
            "Climb"
        }
        fn full_name(&self) -> &'static str {
            "Climb"
        }
        fn seats(&self) -> &'static [&'static str] {
            &["Left", "Right"]
        }
        fn dice(&self) -> Option<&'static Dice> {
            Some(&TRIPLE)
        }
        fn help(&self) -> &'static str {
            "climb by the sum of three dice; an odd sum skips"
        }
        fn start(&self, _: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
            Ok(Box::new(Heights {
                height: [0, 0],
                to_move: 0,
                outcome: None,
            }))
        }
        fn decode(&self, _: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
            let bad = || RulesError::BadPosition(text.to_string());
            let f: Vec<&str> = text.split_whitespace().collect();
            let num = |i: usize| f.get(i).and_then(|t| t.parse().ok()).ok_or_else(bad);
            let outcome = match f.get(3..5) {
                Some([points, ending]) => {
                    Some(Outcome::read(points, ending, self.seats()).map_err(|_| bad())?)
                }
                _ => None,
            };
            Ok(Box::new(Heights {
                height: [num(0)?, num(1)?],
                to_move: num(2)? as Seat,
                outcome,
            }))
        }
    }

    impl Position for Heights {
        crate::service::testing::text_only_turns!();
        fn to_move(&self) -> Option<Seat> {
            self.outcome.is_none().then_some(self.to_move)
        }
        fn outcome(&self) -> Option<Outcome> {
            self.outcome.clone()
        }
        fn legal_turns(&self, roll: Option<Roll>) -> Vec<String> {
            match roll.filter(|r| TRIPLE.fits(r)) {
                Some(r) if odd(r) => vec!["skip".into()],
                Some(_) => vec!["climb".into()],
                None => vec![],
            }
        }
        fn play(&self, turn: &str, roll: Option<Roll>) -> Result<Played, PlayError> {
            let refuse = |why: &str| PlayError {
                reason: RulesError::Illegal {
                    turn: turn.into(),
                    why: why.into(),
                },
            };
            let roll = roll.ok_or(PlayError {
                reason: RulesError::RollNeeded,
            })?;
            if !self.legal_turns(Some(roll)).iter().any(|t| t == turn) {
                return Err(refuse("not with this roll"));
            }
            let mut next = self.clone();
            if turn == "climb" {
                next.height[self.to_move] += roll.iter().map(|&d| u32::from(d)).sum::<u32>();
            }
            if next.height[self.to_move] >= GOAL {
                next.outcome = Some(Outcome::win(self.to_move, 2, Ending::Checkmate));
            } else {
                next.to_move = 1 - self.to_move;
            }
            Ok(Played {
                position: Box::new(next),
                canonical: turn.to_string(),
            })
        }
        fn must_pass(&self, roll: Roll) -> bool {
            self.outcome.is_none() && odd(roll)
        }
        fn conclude(&self, event: &Conclusion) -> Result<Box<dyn Position>, RulesError> {
            let mut next = self.clone();
            next.outcome = Some(match event {
                Conclusion::DrawAgreed => Outcome::draw(2, Ending::Agreement),
                leaving => {
                    let (s, ending) = leaving.leaver().expect("a seat leaves");
                    Outcome::win(1 - s, 2, ending)
                }
            });
            Ok(Box::new(next))
        }
        fn render(&self) -> String {
            format!("Left {} Right {}", self.height[0], self.height[1])
        }
        fn encode(&self) -> String {
            let [left, right] = self.height;
            let end = self.outcome.as_ref().map(Outcome::encode);
            format!(
                "{left} {right} {} {}",
                self.to_move,
                end.unwrap_or_default()
            )
        }
        fn perft(&self, _: u32) -> u64 {
            1
        }
        fn boxed_clone(&self) -> Box<dyn Position> {
            Box::new(self.clone())
        }
    }

    fn run(conn: &mut Connection, actor: &Actor, command: Command) -> Reply {
        let request = Request {
            actor,
            command: &command,
            now: at(0),
            comment: None,
            catalog: CATALOG,
            by_mail: false,
            game_ended: crate::service::GAME_ENDED,
        };
        execute(conn, &request).unwrap()
    }

    #[test]
    fn a_game_of_other_dice_is_rolled_passed_stored_and_audited() {
        let mut conn = db();
        for user in ["lee", "ray"] {
            let signup = Command::Signup {
                user: user.into(),
                password: "secret".into(),
                emails: vec![],
            };
            run(&mut conn, &Actor::Anonymous, signup);
        }
        let challenge = Command::Challenge {
            variant: "climb".into(),
            players: vec!["lee".into(), "ray".into()],
            options: vec![],
        };
        let reply = run(&mut conn, &Actor::Anonymous, challenge);
        let id: GameId = reply.view().unwrap().game.parse().unwrap();
        for _ in 0..200 {
            let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
            let Some(seat) = game.position.to_move() else {
                break;
            };
            let roll = current_roll(&game).unwrap().unwrap();
            assert!(TRIPLE.fits(&roll), "{roll}");
            assert!(!odd(roll), "a forced skip is the server's");
            let mover = Actor::Trusted(game.row.players[seat].clone());
            let turn = Command::Move {
                game: id,
                turn: "climb".into(),
                expect: None,
            };
            run(&mut conn, &mover, turn);
        }
        let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
        assert!(
            game.position.outcome().is_some(),
            "someone reached the goal"
        );
        let log = turns::log(&conn, id).unwrap();
        let seed = seed_of(&game.row).unwrap().unwrap();
        for (n, entry) in log.iter().enumerate() {
            let stored: Roll = entry.roll.as_deref().unwrap().parse().unwrap();
            assert_eq!(stored, dice::roll(&seed, id, n as u64, &TRIPLE));
            let forced = entry.comment.as_deref() == Some(AUTO_PASS);
            assert_eq!(odd(stored), forced, "{n}: {stored}");
            assert_eq!(entry.text, if forced { "skip" } else { "climb" });
        }
        let audit = run(&mut conn, &Actor::Anonymous, Command::Audit { game: id }).text();
        assert_eq!(audit.lines().last(), Some("rolls: ok"), "{audit}");
    }
}
