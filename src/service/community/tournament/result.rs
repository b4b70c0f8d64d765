//! The tournament's side of a game's ending, called by the notice of every
//! ending ([`crate::service::play::notify`]) in the ending's transaction, after
//! the game's own mails: resignations, losses on time (`remind`'s
//! forfeits), draws and mates alike.
//!
//! A round robin's round whose last game ended is mailed as a crosstable
//! to every player; its last game names the winner (first in the
//! crosstable) and ends the tournament. A knockout's bracket is walked
//! from the first round: a match level after its two games gets its
//! decider, a round whose matches are all decided gets the next round's
//! games, and the last match's winner wins the tournament.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::letters::{self, News};
use super::start::create_and_begin;
use super::table::Table;
use crate::ids::GameId;
use crate::rules::VARIANTS;
use crate::service::error::ServiceError;
use crate::service::game::timestamp;
use crate::store::tournaments::{self, Kind, State, Tournament};
use crate::tournament::knockout::{self, MatchState};
use crate::tournament::{Format, Played};

/// Game `game` has just ended (or been forfeited) at `now`.
pub fn game_ended(conn: &Connection, game: GameId, now: DateTime<Utc>) -> Result<(), ServiceError> {
    let Some((id, round, _)) = tournaments::of_game(conn, game)? else {
        return Ok(());
    };
    let Some(t) = tournaments::by_id(conn, id)? else {
        return Ok(());
    };
    if t.state != State::Running {
        return Ok(());
    }
    match t.format {
        Format::RoundRobin | Format::DoubleRoundRobin => round_robin(conn, &t, round, now),
        Format::Knockout => knockout_walk(conn, &t, round, now),
        Format::Ladder => super::ladder::game_ended(conn, &t, game, now),
    }
}

/// A round robin after a game of `round` ended.
fn round_robin(
    conn: &Connection,
    t: &Tournament,
    round: u32,
    now: DateTime<Utc>,
) -> Result<(), ServiceError> {
    let table = Table::read(conn, t)?;
    if !table.round_over(round) {
        return Ok(());
    }
    if table.all_over() {
        let winner = table
            .standings
            .first()
            .map(|s| table.userid(s.entrant).to_string());
        return finish(conn, t, &table, winner, now);
    }
    letters::news(conn, t, &table, News::Round(round), now)?;
    Ok(())
}

/// The tournament is over: `winner` named, every player told.
fn finish(
    conn: &Connection,
    t: &Tournament,
    table: &Table,
    winner: Option<String>,
    now: DateTime<Utc>,
) -> Result<(), ServiceError> {
    tournaments::end(conn, t.id, State::Done, winner.as_deref(), &timestamp(now))?;
    letters::news(conn, t, table, News::Won(winner.unwrap_or_default()), now)?;
    Ok(())
}

/// A knockout after a game of `ended_round` ended: deciders, the next
/// round, or the winner.
fn knockout_walk(
    conn: &Connection,
    t: &Tournament,
    ended_round: u32,
    now: DateTime<Utc>,
) -> Result<(), ServiceError> {
    let table = Table::read(conn, t)?;
    let n = table.entrants.len();
    let left = |i: usize| table.entrants[i].left_at.is_some();
    let mut matches = knockout::first_round(n);
    let mut round = 1u32;
    loop {
        let mut winners = Vec::new();
        let mut decided = true;
        let mut created = false;
        for &(higher, lower) in &matches {
            let Some(lower) = lower else {
                winners.push(higher);
                continue;
            };
            let games: Vec<Played> = table
                .games
                .iter()
                .zip(&table.played)
                .filter(|(g, _)| g.round == round)
                .filter_map(|(_, p)| *p)
                .filter(|p| {
                    let (w, b) = (p.pairing.white, p.pairing.black);
                    (w == higher && b == lower) || (w == lower && b == higher)
                })
                .collect();
            if games.is_empty() {
                // A new round's match: one who left gives it up unplayed.
                match (left(higher), left(lower)) {
                    (false, true) => winners.push(higher),
                    (true, false) => winners.push(lower),
                    (true, true) => winners.push(higher),
                    (false, false) => {
                        for p in knockout::match_games(higher, lower) {
                            pair_game(conn, t, &table, p, round, Kind::Pairing, now)?;
                        }
                        decided = false;
                        created = true;
                    }
                }
                continue;
            }
            match knockout::state(higher, lower, &games) {
                MatchState::Won(w) => winners.push(w),
                MatchState::Playing => decided = false,
                MatchState::Level if left(lower) => winners.push(higher),
                MatchState::Level if left(higher) => winners.push(lower),
                MatchState::Level => {
                    let p = knockout::decider(higher, lower);
                    pair_game(conn, t, &table, p, round, Kind::Decider, now)?;
                    decided = false;
                }
            }
        }
        if !decided {
            if created && round > 1 && round - 1 == ended_round {
                letters::news(conn, t, &table, News::Round(ended_round), now)?;
            }
            return Ok(());
        }
        if winners.len() <= 1 {
            let winner = winners.first().map(|&w| table.userid(w).to_string());
            return finish(conn, t, &table, winner, now);
        }
        matches = knockout::next_round(&winners)
            .into_iter()
            .map(|(h, l)| (h, Some(l)))
            .collect();
        round += 1;
    }
}

/// Creates the game of pairing `p` in `round`.
fn pair_game(
    conn: &Connection,
    t: &Tournament,
    table: &Table,
    p: crate::tournament::Pairing,
    round: u32,
    kind: Kind,
    now: DateTime<Utc>,
) -> Result<GameId, ServiceError> {
    let pair = [
        &table.entrants[p.white].userid,
        &table.entrants[p.black].userid,
    ];
    create_and_begin(conn, &VARIANTS, t, pair, round, kind, now)
}
