//! Game records with their dice: one turn per line, `1,3: c3-d4, pass`,
//! as `boserv export` writes them and `boserv replay orwell` reads them.
//! Replaying checks every turn against its roll, so every pass in a record
//! is checked to be forced.
//!
//! Blank lines, `#` comments and `[Tag "value"]` lines are skipped. A
//! result (`[1:0:0]`) may end the last turn's line or stand on its own
//! line; when given it must be the result the turns reach.

use crate::rules::RulesError;

use super::TwoDice as Roll;

use super::input::roll_text;
use super::position::OrwellPosition;

/// A record line that does not replay: its 1-based number and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct RecordError {
    pub line: usize,
    pub error: RulesError,
}

/// The record line of a turn: `1,3: c3-d4, pass`.
pub fn record_line(roll: Roll, canonical: &str) -> String {
    format!("{}: {canonical}", roll_text(roll))
}

/// Reads `A,B` as a roll of Orwell's [`DICE`](super::DICE).
pub fn parse_roll(text: &str) -> Result<Roll, RulesError> {
    let roll = super::DICE.parse(text)?;
    Ok([roll[0], roll[1]])
}

/// Splits a trailing result `[a:b:c]` off a line.
fn split_result(line: &str) -> (&str, Option<&str>) {
    match line.rfind('[') {
        Some(i) if line.ends_with(']') && line[i..].contains(':') => {
            (line[..i].trim_end(), Some(&line[i..]))
        }
        _ => (line, None),
    }
}

/// Replays a record from the start position: the final position, or the
/// first line that does not replay.
pub fn replay_record(text: &str) -> Result<OrwellPosition, RecordError> {
    let mut position = OrwellPosition::start();
    let mut claimed = None;
    for (i, raw) in text.lines().enumerate() {
        let at = |error| RecordError { line: i + 1, error };
        let line = raw.trim();
        let is_tag = line.starts_with('[') && line.contains('"');
        if line.is_empty() || line.starts_with('#') || is_tag {
            continue;
        }
        let (turn, result) = split_result(line);
        if !turn.is_empty() {
            if let Some((_, result)) = &claimed {
                let why = format!("the game was already over ({result})");
                return Err(at(RulesError::Other(why)));
            }
            let Some((roll, moves)) = turn.split_once(':') else {
                let why = "a record line is a roll and a turn, such as 1,3: c3-d4, pass";
                return Err(at(RulesError::Other(why.into())));
            };
            let roll = parse_roll(roll.trim()).map_err(at)?;
            position = position.play_turn(moves, roll).map_err(at)?.0;
        }
        if let Some(result) = result {
            claimed = Some((i + 1, result.to_string()));
        }
    }
    if let Some((line, result)) = claimed {
        let reached = position.result().map(|o| o.result_text());
        if reached.as_deref() != Some(result.as_str()) {
            let reached = reached.unwrap_or_else(|| "a game still going".into());
            let why = format!("the record claims {result} but the turns reach {reached}");
            return Err(RecordError {
                line,
                error: RulesError::Other(why),
            });
        }
    }
    Ok(position)
}
