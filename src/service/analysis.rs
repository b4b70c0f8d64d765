//! `moves` and `perft`: looking at a variant's move tree without a game.
//!
//! No database here: a position is built from the start (or a position
//! text, `--fen`) and the turns given, each checked.

use super::error::ServiceError;
use crate::rules::{GameOption, Position, Roll, Variant};

/// The position after `turns`, from the start or from a FEN text.
pub fn position_after(
    variant: &dyn Variant,
    options: &[GameOption],
    fen: Option<&str>,
    turns: &[String],
) -> Result<Box<dyn Position>, ServiceError> {
    let mut position = match fen {
        Some(text) => variant.from_fen(text)?,
        None => variant.start(options)?,
    };
    for turn in turns {
        position = position.play(turn, None).map_err(|e| e.reason)?.position;
    }
    Ok(position)
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
