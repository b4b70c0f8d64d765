//! Automatic passes in dice games: a seat that can use neither die (or has
//! left the game) does not write; the server records its `pass, pass` with
//! the roll and moves on to the next seat, as many times as need be.
//!
//! Called after every change that hands the turn to someone (a challenge, a
//! move, a resignation, a forfeit), inside the same transaction, so the
//! passes commit with the change that caused them.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::service::dice::current_roll;
use crate::service::error::ServiceError;
use crate::service::game::AUTO_PASS;
use crate::service::game::{LoadedGame, Step};
use crate::service::notice::Notice;
use crate::store::turns::EntryKind;

/// No game of three seats needs this many passes in a row: `finish_turn`
/// draws a game where nobody can move, so more means a rules bug.
const MAX_PASSES: usize = 1000;

/// Records every forced pass from the current turn on. Returns the notices
/// (a `Moved` per pass and a `GameOver` if the passes ended the game).
pub fn advance(
    conn: &Connection,
    game: &mut LoadedGame,
    now: DateTime<Utc>,
) -> Result<Vec<Notice>, ServiceError> {
    let mut notices = Vec::new();
    for _ in 0..MAX_PASSES {
        let Some(roll) = current_roll(game)? else {
            return Ok(notices);
        };
        let Some(seat) = game.position.to_move() else {
            return Ok(notices);
        };
        if !game.position.must_pass(roll) {
            return Ok(notices);
        }
        let forced = game.variant.dice().expect("a game with a roll has dice");
        let played = game
            .position
            .play(forced.forced_turn, Some(roll))
            .map_err(|e| ServiceError::Internal(format!("a forced pass was refused: {e}")))?;
        let votes = game.row.draw_votes.clone();
        let step = Step {
            kind: EntryKind::Turn,
            seat: Some(seat),
            player_id: game.row.player_ids.get(seat).copied(),
            text: &played.canonical,
            roll: Some(roll),
            comment: Some(AUTO_PASS),
            draw_votes: &votes,
        };
        let outcome = game.record(conn, step, played.position, now)?;
        notices.push(Notice::Moved {
            game: game.id(),
            ply: game.row.ply,
            turn: played.canonical,
            mover: game.player_at(seat),
            to_move: game.to_move_in(game.position.as_ref()),
            comment: Some(AUTO_PASS.to_string()),
        });
        if let Some(outcome) = outcome {
            notices.push(Notice::game_over(game, outcome));
            return Ok(notices);
        }
    }
    Err(ServiceError::Internal(format!(
        "{}: more than {MAX_PASSES} passes in a row",
        game.id()
    )))
}

/// The turns the server made among `notices` (automatic passes, turns
/// played from a queue), as the mover's reply lists them: `green: pass,
/// pass (passed automatically)`.
pub fn lines(notices: &[Notice]) -> Vec<String> {
    notices
        .iter()
        .filter_map(|notice| match notice {
            Notice::Moved {
                mover,
                turn,
                comment: Some(comment),
                ..
            } if comment == AUTO_PASS => Some(format!("{mover}: {turn} ({AUTO_PASS})")),
            Notice::AutoPlayed { mover, turn, .. } => {
                Some(format!("{mover}: {turn} (Auto, queued in advance)"))
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::GameId;
    use crate::dice::{self, Seed};
    use crate::rules::{VARIANTS, Variant};
    use crate::service::testing::{at, db};
    use crate::store::{games, players, turns};

    /// The first game with dice in the catalogue.
    fn dice_variant() -> &'static dyn Variant {
        *VARIANTS
            .iter()
            .find(|v| v.uses_dice())
            .expect("a dice game")
    }

    /// A game of the dice variant at its start with this seed, as the
    /// challenge stores it (before any pass).
    fn dice_game(conn: &Connection, seed: &Seed) -> LoadedGame {
        let now = "2026-01-01T00:00:00Z";
        let variant = dice_variant();
        let ids: Vec<i64> = ["alice", "bob", "carol", "dave"][..variant.seats().len()]
            .iter()
            .map(|u| players::insert(conn, u, "h", &[], now).unwrap())
            .collect();
        let start = variant.start(&[]).unwrap();
        let id = games::insert(
            conn,
            &games::NewGame {
                variant: variant.name(),
                options: &[],
                position: &start.encode(),
                player_ids: &ids,
                nag_days: 7,
                forfeit_days: 21,
                total_days: None,
                clock: None,
                dice_commitment: Some(&seed.commitment()),
                dice_seed: Some(&seed.to_hex()),
                now,
            },
        )
        .unwrap();
        LoadedGame::load(conn, &VARIANTS, id).unwrap()
    }

    /// The first test seed whose roll 0 does (or does not) force White to
    /// pass at the start.
    fn seed_where(first_passes: bool) -> Seed {
        let variant = dice_variant();
        let start = variant.start(&[]).unwrap();
        let dice = variant.dice().unwrap();
        (0u8..=255)
            .map(|b| Seed([b; 32]))
            .find(|s| start.must_pass(dice::roll(s, GameId(1), 0, dice)) == first_passes)
            .unwrap()
    }

    #[test]
    fn forced_passes_are_logged_with_their_rolls() {
        let conn = db();
        let seed = seed_where(true);
        let mut game = dice_game(&conn, &seed);
        let notices = advance(&conn, &mut game, at(0)).unwrap();
        let log = turns::log(&conn, game.id()).unwrap();
        assert!(!log.is_empty());
        assert_eq!(notices.len(), log.len());
        assert_eq!(game.row.ply as usize, log.len());
        for (n, entry) in log.iter().enumerate() {
            let dice = game.variant.dice().unwrap();
            let roll = dice::roll(&seed, game.id(), n as u64, dice);
            assert_eq!(entry.text, dice.forced_turn);
            assert_eq!(entry.roll, Some(roll.to_string()));
            assert_eq!(entry.seat, Some(n % game.variant.seats().len()));
            assert_eq!(entry.comment.as_deref(), Some(AUTO_PASS));
        }
        // The seat now to move has something to do with its roll.
        let roll = current_roll(&game).unwrap().unwrap();
        assert!(!game.position.must_pass(roll));
        // Asking again passes nobody more.
        assert!(advance(&conn, &mut game, at(0)).unwrap().is_empty());
    }

    #[test]
    fn a_seat_that_can_move_is_not_passed() {
        let conn = db();
        let mut game = dice_game(&conn, &seed_where(false));
        assert!(advance(&conn, &mut game, at(0)).unwrap().is_empty());
        assert!(turns::log(&conn, game.id()).unwrap().is_empty());
    }
}
