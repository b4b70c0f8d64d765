//! `preview GAME[#N] TURN...`: turns played on a copy of a game (pbmserv's
//! `preview board[#n] move+`), to see where they lead.
//!
//! The copy starts from the game as it stands, or after its first N moves;
//! nothing is stored, no password is asked and nobody but the asker hears
//! of it. In dice games a preview never reveals a roll that is not public
//! yet: the rolls of moves already played and the roll of the turn to come
//! (which `roll` shows anyone) may be used; a turn that would need a later
//! roll is not played, and the preview says it stopped there. Once a game
//! is over its seed is revealed, so every roll is public.

use rusqlite::Connection;

use crate::command::GameId;
use crate::rules::{Position, Roll, numbering};
use crate::service::Request;
use crate::service::dice::roll_at;
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, rebuild, roll_text};
use crate::service::play::analysis::strip_current_roll;
use crate::service::reply::Reply;
use crate::store::games::Status;
use crate::store::{self, turns};

/// `preview GAME[#N] TURN...`.
pub fn preview(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    at: Option<u32>,
    texts: &[String],
) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    if texts.is_empty() {
        return Err(ServiceError::PreviewTurn {
            n: 1,
            turn: String::new(),
            why: "give at least one turn to preview".into(),
        });
    }
    let (mut position, mut ply) = match at {
        None => (game.position.boxed_clone(), game.row.ply),
        Some(at) if at > game.row.ply => {
            return Err(ServiceError::NoSuchMove {
                game: id,
                at,
                ply: game.row.ply,
            });
        }
        Some(at) => {
            let upto: Vec<_> = turns::log(&tx, id)?
                .into_iter()
                .filter(|e| e.ply <= at)
                .collect();
            (rebuild(game.variant, &game.row.options, &upto)?, at)
        }
    };
    drop(tx);
    let dice = game.variant.dice();
    // Roll n is public once move n+1 has come due in the real game (the
    // current roll included), or once the seed is revealed.
    let public = |n: u32| game.row.status != Status::Active || n <= game.row.ply;
    let roll_of = |n: u32| -> Result<Option<Roll>, ServiceError> {
        match dice {
            Some(dice) => roll_at(&game.row, dice, n),
            None => Ok(None),
        }
    };
    let mut lines = vec![format!(
        "{id}: preview after move {ply}, {} (nothing is stored)",
        match at {
            Some(_) => "as the game stood then",
            None => "as the game stands",
        }
    )];
    let mut stopped = None;
    let mut pending = texts.iter().enumerate().peekable();
    while let Some(&(n, text)) = pending.peek() {
        let Some(seat) = position.to_move() else {
            return Err(ServiceError::PreviewTurn {
                n: n + 1,
                turn: text.clone(),
                why: "the game is over by then".into(),
            });
        };
        if dice.is_some() && !public(ply) {
            stopped = Some(format!(
                "The preview stops before turn {} ({text}): it needs the roll of move {}, \
                 which nobody sees before that move is due.",
                n + 1,
                numbering::name(game.variant, ply + 1)
            ));
            break;
        }
        let roll = roll_of(ply)?;
        let mover = game.player_at(seat);
        if let (Some(dice), Some(roll)) = (dice, roll)
            && position.must_pass(roll)
        {
            let played = position
                .play(dice.forced_turn, Some(roll))
                .map_err(|e| ServiceError::Internal(format!("a forced pass was refused: {e}")))?;
            lines.push(format!(
                "{}{mover}: {}: {} (passed automatically)",
                numbering::column(game.variant, ply + 1),
                roll_text(roll),
                played.canonical
            ));
            position = played.position;
            ply += 1;
            continue;
        }
        // The rules' reason often starts with the turn: named once.
        let refuse = |why: String| ServiceError::PreviewTurn {
            n: n + 1,
            turn: text.clone(),
            why: why
                .strip_prefix(&format!("{text}: "))
                .map_or(why.clone(), str::to_string),
        };
        let turn = strip_current_roll(text, dice, roll).map_err(|e| refuse(e.to_string()))?;
        let played = position
            .play(&turn, roll)
            .map_err(|e| refuse(e.reason.to_string()))?;
        let shown = roll
            .map(|r| format!("{}: ", roll_text(r)))
            .unwrap_or_default();
        lines.push(format!(
            "{}{mover}: {shown}{}",
            numbering::column(game.variant, ply + 1),
            played.canonical
        ));
        position = played.position;
        ply += 1;
        pending.next();
    }
    let board = match crate::service::game::asker_seat(req.actor, &game) {
        Some(seat) => position.render_for(seat),
        None => position.render(),
    };
    lines.push(board.trim_end().to_string());
    lines.extend(stopped);
    lines.push(standing(
        &game,
        position.as_ref(),
        ply,
        public(ply),
        roll_of(ply)?,
    ));
    Ok(Reply::Text(lines.join("\n")))
}

/// Where the copy stands: whose turn (with their roll only when it is
/// public), or how it ended.
fn standing(
    game: &LoadedGame,
    position: &dyn Position,
    ply: u32,
    public: bool,
    roll: Option<Roll>,
) -> String {
    if let Some(outcome) = position.outcome() {
        return format!(
            "in the preview the game ends: {} ({})",
            outcome.result_text(),
            outcome.reason()
        );
    }
    let Some(seat) = position.to_move() else {
        return "in the preview nobody is to move".to_string();
    };
    let roll = match roll {
        Some(roll) if public => format!(", roll {}", roll_text(roll)),
        Some(_) => ", with a roll not yet known".to_string(),
        None => String::new(),
    };
    format!(
        "in the preview it is {}'s turn (move {}){roll}",
        game.player_at(seat),
        numbering::name(game.variant, ply + 1)
    )
}

#[cfg(test)]
mod tests {
    use crate::command::{Actor, Command, GameId};
    use crate::service::testing::{db, dump, race, run_as};

    fn preview(
        conn: &mut rusqlite::Connection,
        at: Option<u32>,
        turns: &[&str],
    ) -> Result<String, String> {
        let command = Command::Preview {
            game: GameId(1),
            at,
            turns: turns.iter().map(|t| t.to_string()).collect(),
        };
        run_as(conn, &Actor::Anonymous, &command)
            .map(|r| r.text())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_preview_plays_on_a_copy_and_stores_nothing() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        let before = dump(&conn);
        let text = preview(&mut conn, None, &["2", "2", "1"]).unwrap();
        assert!(text.contains("total 5"), "{text}");
        assert!(text.contains("   2.   alice: 1"), "{text}");
        assert!(
            text.ends_with("in the preview it is bob's turn (move 2...)"),
            "{text}"
        );
        assert_eq!(dump(&conn), before);
        assert_eq!(
            preview(&mut conn, None, &["2", "3"]).unwrap_err(),
            "turn 2 (3): add 1 or 2"
        );
        assert_eq!(
            preview(&mut conn, Some(4), &["1"]).unwrap_err(),
            "game1 has 0 moves, not 4"
        );
        let end = preview(&mut conn, None, &["2", "2", "2", "2", "2"]).unwrap();
        assert!(end.ends_with("ends: 1-0 (checkmate)"), "{end}");
        assert_eq!(
            preview(&mut conn, None, &["2", "2", "2", "2", "2", "1"]).unwrap_err(),
            "turn 6 (1): the game is over by then"
        );
        assert_eq!(dump(&conn), before);
    }
}
