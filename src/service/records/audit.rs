//! `audit GAME`: checks a dice game's stored rolls against its seed.
//!
//! While the game goes on the seed is secret, so the audit can only print
//! the commitment and say when it can be checked. Once the game is over it
//! prints the revealed seed, checks that it hashes to the commitment and
//! recomputes every stored roll ([`crate::dice::audit`]). A finished
//! game's record carries the same proof ([`check_record`]).

use rusqlite::Connection;

use crate::command::GameId;
use crate::dice;
use crate::rules::{Dice, Roll, RulesError};
use crate::service::Request;
use crate::service::dice::seed_of;
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, parse_roll};
use crate::service::records::record::{Line, Record};
use crate::service::reply::Reply;
use crate::store::games::Status;
use crate::store::turns::{self, EntryKind};
use crate::store::{self};

/// `audit GAME`.
pub fn audit(conn: &mut Connection, req: &Request<'_>, id: GameId) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    let Some(dice) = game.variant.dice() else {
        return Err(ServiceError::NoDice(id));
    };
    let commitment = game
        .row
        .dice_commitment
        .clone()
        .ok_or_else(|| ServiceError::Internal(format!("{id} has no dice commitment")))?;
    let turns: Vec<_> = turns::log(&tx, id)?
        .into_iter()
        .filter(|e| e.kind == EntryKind::Turn)
        .collect();
    let mut lines = vec![
        format!("{}: {}", id, game.current_view().status_line()),
        format!("commitment: {commitment}"),
    ];
    if game.row.status == Status::Active {
        lines.push("seed: secret until the game ends".to_string());
        lines.push(format!(
            "rolls: not checked yet: {} stored, checkable once the game ends and the seed is revealed",
            turns.len()
        ));
        return Ok(Reply::Text(lines.join("\n")));
    }
    let seed = seed_of(&game.row)?.expect("a dice game has a seed");
    lines.push(format!("seed: {}", seed.to_hex()));
    let mut stored: Vec<Roll> = Vec::new();
    for entry in &turns {
        match entry.roll.as_deref().and_then(parse_roll) {
            Some(roll) => stored.push(roll),
            None => {
                lines.push(format!(
                    "rolls: MISMATCH turn {} has no readable roll ({:?})",
                    entry.ply,
                    entry.roll.as_deref().unwrap_or("")
                ));
                return Ok(Reply::Text(lines.join("\n")));
            }
        }
    }
    let report = dice::audit(&seed, &commitment, id, dice, &stored);
    lines.push(format!("rolls checked: {}", stored.len()));
    lines.push(report.to_string());
    Ok(Reply::Text(lines.join("\n")))
}

/// A record with a revealed `[Seed]` (and its `[Game]` and `[Commitment]`):
/// every roll must be the seed's (rolls of `dice`), as `audit` checks a
/// stored game. A record of a game without dice has nothing to check.
pub fn check_record(record: &Record, dice: Option<&Dice>) -> Result<(), ServiceError> {
    let tag = |name: &str| {
        record
            .tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let (Some(seed), Some(dice)) = (tag("Seed"), dice) else {
        return Ok(());
    };
    let bad = |why: String| ServiceError::Rules(RulesError::Other(why));
    let seed = dice::Seed::from_hex(seed).map_err(|e| bad(e.to_string()))?;
    let game: GameId = tag("Game")
        .ok_or_else(|| bad("a record with a [Seed] needs its [Game]".into()))?
        .parse()
        .map_err(bad)?;
    let commitment = tag("Commitment").unwrap_or_default();
    let rolls: Vec<Roll> = record
        .lines
        .iter()
        .filter_map(|(_, line)| match line {
            // A turn without a roll cannot be the seed's.
            Line::Turn { roll, .. } => Some(roll.unwrap_or(Roll::from([0]))),
            Line::Event { .. } => None,
        })
        .collect();
    let report = dice::audit(&seed, commitment, game, dice, &rolls);
    if report.ok() {
        Ok(())
    } else {
        Err(bad(format!("the dice do not check: {report}")))
    }
}
