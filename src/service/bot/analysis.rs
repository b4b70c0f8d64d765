//! `analysis GAME` (issue 47): after a game, the few turns where a
//! player's choice lost the most by the computer player's own evaluation,
//! each with the turn played, the turn the bot prefers and what it cost.
//! Only for a finished game: a running game gets no hints, whoever asks.
//!
//! Each player's turn (the bot's own are not judged) is weighed by two
//! searches on a fixed node budget ([`BUDGET`]: the same answer on any
//! machine, and a bounded cost per turn): the position before it, whose
//! best turn and score the search gives, and the position after the turn
//! played, one ply shallower, whose score for the opponent is the played
//! turn's, negated. The loss is the difference. A turn that was the
//! bot's own choice costs one search. Dice games are not analysed: the
//! bot's Orwell search is one turn deep over the roll, too shallow to
//! judge a player by.

use rusqlite::Connection;

use super::BotRefusal;
use crate::bot::{Budget, Level, MATE, PAWN};
use crate::command::GameId;
use crate::rules::{Position, RulesError, Seat, Variant};
use crate::service::game::{LoadedGame, apply};
use crate::service::reply::Reply;
use crate::service::{Request, ServiceError};
use crate::store::games::Status;
use crate::store::turns::{self, EntryKind};
use crate::store::{self};

/// Each search's budget: about level 3's depth on fewer positions, so
/// that a long game is analysed in well under a second of CPU.
pub const BUDGET: Budget = Budget::plain(4, 6_000);

/// The most turns listed.
pub const SHOWN: usize = 3;

/// A loss below this (centipawns) is no mistake worth a line.
pub const WORTH: i32 = PAWN / 2;

/// One judged turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// Its move number.
    pub ply: u32,
    pub player: String,
    pub played: String,
    pub preferred: String,
    /// Centipawns lost by the bot's evaluation (a mate is near [`MATE`]).
    pub loss: i32,
}

/// `analysis GAME`: the reply's lines.
pub fn analysis(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    if game.row.status != Status::Over {
        return Err(BotRefusal::NoHints(id).into());
    }
    if game.variant.uses_dice() {
        return Err(RulesError::Other(format!(
            "{id}: analysis covers the games without dice ({} is played with them)",
            game.variant.name()
        ))
        .into());
    }
    let bot = super::account::userid(&tx)?;
    let log = turns::log(&tx, id)?;
    drop(tx);
    let mut mistakes = judge(game.variant, &game, &log, &bot)?;
    mistakes.sort_by_key(|m| (std::cmp::Reverse(m.loss), m.ply));
    let worth: Vec<&Mistake> = mistakes
        .iter()
        .filter(|m| m.loss >= WORTH)
        .take(SHOWN)
        .collect();
    let mut lines = vec![format!(
        "Analysis of {id} ({}: {}) by the computer player, {} positions a turn:",
        game.variant.full_name(),
        game.row.players.join(" v "),
        BUDGET.nodes
    )];
    if worth.is_empty() {
        lines.push(format!(
            "no turn lost as much as {} of a pawn by its evaluation.",
            pawns(WORTH)
        ));
    }
    for m in worth {
        lines.push(format!(
            "  move {}: {} played {}; the bot prefers {}; lost {}",
            m.ply,
            m.player,
            m.played,
            m.preferred,
            lost(m.loss)
        ));
    }
    Ok(Reply::Text(lines.join("\n")))
}

/// Every player's board turn of the game weighed, in order.
fn judge(
    variant: &dyn Variant,
    game: &LoadedGame,
    log: &[turns::Entry],
    bot: &str,
) -> Result<Vec<Mistake>, ServiceError> {
    let level = Level::new(5).expect("level 5");
    let seed = game.id().0;
    let mut position = variant.start(&game.row.options)?;
    let mut mistakes = Vec::new();
    for entry in log {
        let roll = None;
        let judged = entry.kind == EntryKind::Turn
            && !entry.auto
            && entry
                .player
                .as_deref()
                .is_some_and(|p| !p.eq_ignore_ascii_case(bot));
        let before = judged
            .then(|| {
                crate::bot::choose_within(variant, position.as_ref(), roll, level, BUDGET, seed)
            })
            .and_then(Result::ok);
        let next = apply(position.as_ref(), entry.kind, entry.seat, &entry.text, roll)?;
        if let Some(best) = before {
            // The log keeps each turn in canonical notation, as the
            // search writes its own.
            let played = entry.text.clone();
            let loss = if played == best.text {
                0
            } else {
                let after = score_after(variant, next.as_ref(), entry.seat, level, seed);
                best.score.saturating_sub(after)
            };
            mistakes.push(Mistake {
                ply: entry.ply,
                player: entry.player.clone().unwrap_or_default(),
                played,
                preferred: best.text,
                loss,
            });
        }
        position = next;
    }
    Ok(mistakes)
}

/// The score of the turn just played, for the player who played it: the
/// opponent's best, one ply shallower, negated; a game it ended scores
/// as it ended.
fn score_after(
    variant: &dyn Variant,
    after: &dyn Position,
    mover: Option<Seat>,
    level: Level,
    seed: u64,
) -> i32 {
    if after.to_move().is_none() {
        return match after.outcome().and_then(|o| o.winner()) {
            Some(winner) if Some(winner) == mover => MATE,
            Some(_) => -MATE,
            None => 0,
        };
    }
    let budget = Budget {
        depth: BUDGET.depth - 1,
        ..BUDGET
    };
    match crate::bot::choose_within(variant, after, None, level, budget, seed) {
        Ok(reply) => -reply.score,
        Err(_) => 0,
    }
}

/// A loss in words: `1.5 pawns`, or `a forced mate` near [`MATE`].
fn lost(loss: i32) -> String {
    if loss >= MATE / 2 {
        "a forced mate".to_string()
    } else {
        format!("{} pawns", pawns(loss))
    }
}

fn pawns(centipawns: i32) -> String {
    format!("{:.1}", f64::from(centipawns) / f64::from(PAWN))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_read_as_pawns_or_mates() {
        assert_eq!(lost(PAWN * 3 / 2), "1.5 pawns");
        assert_eq!(lost(MATE - 3), "a forced mate");
        assert_eq!(lost(MATE + PAWN), "a forced mate");
    }
}
