//! `moves` and `perft`: looking at a variant's move tree without a game.
//!
//! No database here: a position is built from the start (or a position
//! text, `--fen`) and the turns given, each checked. In dice games each
//! turn is written with its roll, as in records (`1,3: c3-d4, pass`), and
//! `moves` needs the roll of the turn to list (`--roll 1,3`).
//!
//! `moves GAME` is the one look at a stored game: the turns its player to
//! move may make now, with the current roll.

use rusqlite::Connection;

use crate::command::GameId;
use crate::rules::{Dice, GameOption, Position, Roll, RulesError, Variant};
use crate::service::error::ServiceError;
use crate::service::game::{Catalog, LoadedGame};
use crate::store;

/// The position after `turns`, from the start or from a FEN text.
pub fn position_after(
    variant: &dyn Variant,
    options: &[GameOption],
    fen: Option<&str>,
    turns: &[String],
) -> Result<Box<dyn Position>, ServiceError> {
    let mut position = match fen {
        Some(text) => variant.from_fen(options, text),
        None => variant.start(options),
    }
    .map_err(|e| crate::service::error::unknown_option(e, variant.option_words()))?;
    for turn in turns {
        let (roll, text) = split_roll(variant, turn)?;
        position = position.play(text, roll).map_err(|e| e.reason)?.position;
    }
    Ok(position)
}

/// Dice games: `1,3: c3-d4, pass` into its roll and its turn.
fn split_roll<'t>(
    variant: &dyn Variant,
    turn: &'t str,
) -> Result<(Option<Roll>, &'t str), ServiceError> {
    let Some(dice) = variant.dice() else {
        return Ok((None, turn));
    };
    let Some((roll, text)) = turn.split_once(':') else {
        let why = match roll_without_colon(dice, turn) {
            Some((roll, moves)) => format!("write a colon after the roll: {roll}: {moves}"),
            None => format!(
                "write each turn after its roll, such as {}: {turn}",
                dice.example()
            ),
        };
        return Err(RulesError::Other(format!("{turn}: {why}")).into());
    };
    Ok((Some(dice.parse(roll.trim())?), text.trim()))
}

/// A turn that starts with its roll but no colon (`1,3 c3-d4, pass`): the
/// roll and the moves.
fn roll_without_colon<'t>(dice: &Dice, turn: &'t str) -> Option<(Roll, &'t str)> {
    let (head, moves) = turn.trim().split_once(char::is_whitespace)?;
    Some((dice.parse(head).ok()?, moves.trim()))
}

/// A turn copied from a record (`4,5: Pc2xc11, Jb2-c2`) for a game whose
/// roll now is `roll`: the turn alone when the roll written is the
/// current one. A turn without a roll is returned as it is.
pub fn strip_current_roll(
    turn: &str,
    dice: Option<&Dice>,
    roll: Option<Roll>,
) -> Result<String, ServiceError> {
    if let Some(dice) = dice
        && !turn.contains(':')
        && let Some((written, moves)) = roll_without_colon(dice, turn)
    {
        return Err(RulesError::Other(format!(
            "{turn}: write a colon after the roll ({written}: {moves}), or the moves alone ({moves})"
        ))
        .into());
    }
    let (Some(dice), Some(now), Some((written, text))) = (dice, roll, turn.split_once(':')) else {
        return Ok(turn.to_string());
    };
    let Ok(written) = dice.parse(written.trim()) else {
        return Ok(turn.to_string());
    };
    if written != now {
        return Err(RulesError::Other(format!(
            "{turn}: written for the roll {written} but the roll now is {now}"
        ))
        .into());
    }
    Ok(text.trim().to_string())
}

/// `moves GAME`: every legal turn of the player to move in a game, with
/// the current roll in dice games (`1,3: c3-d4, pass`, the form `move`
/// takes back).
pub fn game_turns(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    id: GameId,
) -> Result<Vec<String>, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, catalog, id)?;
    game.ensure_active()?;
    let roll = crate::service::dice::current_roll(&game)?;
    let mut legal = game.position.legal_turns(roll);
    legal.sort();
    legal.dedup();
    Ok(match roll {
        Some(roll) => legal
            .into_iter()
            .map(|turn| format!("{roll}: {turn}"))
            .collect(),
        None => legal,
    })
}

/// The roll given to `moves --roll A,B`, which dice games need.
pub fn roll_for(variant: &dyn Variant, text: Option<&str>) -> Result<Option<Roll>, ServiceError> {
    match (text, variant.dice()) {
        (Some(text), Some(dice)) => Ok(Some(dice.parse(text.trim())?)),
        (Some(_), None) => Err(RulesError::Other(format!("{} has no dice", variant.name())).into()),
        (None, Some(_)) => Err(ServiceError::RollNeeded(variant.name().to_string())),
        (None, None) => Ok(None),
    }
}

/// Every legal turn after `turns`, canonical, sorted, each once.
pub fn legal_turns(
    variant: &dyn Variant,
    options: &[GameOption],
    fen: Option<&str>,
    turns: &[String],
    roll: Option<Roll>,
) -> Result<Vec<String>, ServiceError> {
    let mut legal = position_after(variant, options, fen, turns)?.legal_turns(roll);
    legal.sort();
    legal.dedup();
    Ok(legal)
}

/// Leaf nodes of the move tree `depth` plies deep after `turns`.
pub fn perft(
    variant: &dyn Variant,
    options: &[GameOption],
    fen: Option<&str>,
    turns: &[String],
    depth: u32,
) -> Result<u64, ServiceError> {
    Ok(position_after(variant, options, fen, turns)?.perft(depth))
}
