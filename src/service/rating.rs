//! Glicko-2 ratings, one pool per game type (issue 26).
//!
//! The maths is skillratings' Glicko-2 (tau 0.5); this module decides what
//! a game is to it. Each rated game is one rating period for each of its
//! players, rated in the transaction that ends the game
//! ([`crate::service::game::LoadedGame::record`] calls [`game_ended`], the one place
//! every ending is written). A game of three is scored pairwise: each pair
//! of seats is one result by their points (the winner beats both, the two
//! others draw). A player's rating deviation grows as Glicko-2 prescribes
//! for each whole [`PERIOD_DAYS`] without a rated game of the type, counted
//! from the end of their last one. Everything is a function of the finished
//! games in the order they ended, so `community::ratings::rebuild` gives the same values.

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use serde::Serialize;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2_rating_period};

use crate::command::GameId;
use crate::rules::GameOption;
use crate::store::StoreError;
use crate::store::games::Game;
use crate::store::ratings::{self as stored, Change, RatingRow};

pub use crate::service::error::ratings::RatingsError;

/// A new player's rating, deviation and volatility (Glickman's defaults).
pub const START: (f64, f64, f64) = (1500.0, 350.0, 0.06);
/// Glicko-2's system constant: how much the volatility may change.
pub const TAU: f64 = 0.5;
/// Days in a rating period without games, after which a player's rating
/// deviation grows one step (`help ratings` says so).
pub const PERIOD_DAYS: i64 = 30;
/// A rating whose deviation is at least this is provisional (shown `?`).
pub const PROVISIONAL_RD: f64 = 110.0;

/// One player's rating in one pool (a game type's name).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    pub userid: String,
    pub variant: String,
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// When the player's last rated game of the type ended (RFC 3339).
    pub last_period: Option<String>,
}

impl Rating {
    /// A player who has no rated game of `variant` yet.
    pub fn new(userid: &str, variant: &str) -> Self {
        Rating {
            userid: userid.to_string(),
            variant: variant.to_string(),
            rating: START.0,
            rd: START.1,
            volatility: START.2,
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            last_period: None,
        }
    }

    /// True while the deviation is [`PROVISIONAL_RD`] or more.
    pub fn provisional(&self) -> bool {
        self.rd >= PROVISIONAL_RD
    }

    /// `1662?` (provisional) or `1710`.
    pub fn shown(&self) -> String {
        shown(self.rating, self.rd)
    }

    /// The rating as it stands at `now`: the deviation grown once for each
    /// whole rating period since the player's last rated game (Glicko-2's
    /// step for a period without games, at most up to 350).
    pub fn as_of(&self, now: DateTime<Utc>) -> Rating {
        let periods = self
            .last_period
            .as_deref()
            .and_then(|at| DateTime::parse_from_rfc3339(at).ok())
            .map(|last| (now - last.with_timezone(&Utc)).num_days() / PERIOD_DAYS)
            .unwrap_or(0);
        let mut glicko = self.glicko();
        for _ in 0..periods.clamp(0, 10_000) {
            let grown = decay_deviation(&glicko);
            if grown == glicko {
                break;
            }
            glicko = grown;
        }
        Rating {
            rd: glicko.deviation,
            ..self.clone()
        }
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.rd,
            volatility: self.volatility,
        }
    }

    fn triple(&self) -> stored::Triple {
        (self.rating, self.rd, self.volatility)
    }
}

impl From<RatingRow> for Rating {
    fn from(row: RatingRow) -> Self {
        Rating {
            userid: row.userid,
            variant: row.variant,
            rating: row.rating,
            rd: row.rd,
            volatility: row.volatility,
            games: row.games,
            wins: row.wins,
            losses: row.losses,
            draws: row.draws,
            last_period: row.last_period,
        }
    }
}

impl From<&Rating> for RatingRow {
    fn from(r: &Rating) -> Self {
        RatingRow {
            userid: r.userid.clone(),
            variant: r.variant.clone(),
            rating: r.rating,
            rd: r.rd,
            volatility: r.volatility,
            games: r.games,
            wins: r.wins,
            losses: r.losses,
            draws: r.draws,
            last_period: r.last_period.clone(),
        }
    }
}

/// A rating as players read it: rounded, `?` when provisional (`1500?`).
pub fn shown(rating: f64, rd: f64) -> String {
    let mark = if rd >= PROVISIONAL_RD { "?" } else { "" };
    format!("{:.0}{mark}", rating)
}

/// The stored rating of `userid` in `variant`'s pool, or a new player's
/// (1500 / 350 / 0.06) when they have none. The deviation is as the last
/// game left it; [`Rating::as_of`] grows it by the time since.
pub fn current(conn: &Connection, userid: &str, variant: &str) -> Result<Rating, StoreError> {
    Ok(stored::find(conn, userid, variant)?
        .map(Rating::from)
        .unwrap_or_else(|| Rating::new(userid, variant)))
}

/// Takes the server's `unrated` option out of a challenge's options:
/// true (rated) unless it is there. `--unrated=VALUE` is refused.
pub fn take_rated(options: &[GameOption]) -> Result<(bool, Vec<GameOption>), String> {
    let mut rated = true;
    let mut rest = Vec::new();
    for option in options {
        if option.name.eq_ignore_ascii_case("unrated") {
            if let Some(value) = &option.value {
                return Err(format!("takes no value (write --unrated, not {value})"));
            }
            rated = false;
        } else {
            rest.push(option.clone());
        }
    }
    Ok((rated, rest))
}

/// Rates `game`, which has just ended with these `points` (half points in
/// seat order) at `at`: nothing for an unrated game, or one where a
/// player holds two seats.
pub fn game_ended(
    conn: &Connection,
    game: &Game,
    points: &[u8],
    at: &str,
) -> Result<(), StoreError> {
    if !game.rated {
        return Ok(());
    }
    rate(conn, game.id, &game.variant, &game.players, points, at)
}

/// One rated game: each player's rating period, written with what it
/// changed. Shared by the live ending and [`rebuild`].
pub(crate) fn rate(
    conn: &Connection,
    id: GameId,
    variant: &str,
    players: &[String],
    points: &[u8],
    at: &str,
) -> Result<(), StoreError> {
    let mut distinct = players.to_vec();
    distinct.sort_by_key(|p| p.to_ascii_lowercase());
    distinct.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    if distinct.len() != players.len() || points.len() != players.len() || players.len() < 2 {
        return Ok(());
    }
    let when = DateTime::parse_from_rfc3339(at)
        .map_err(|e| StoreError::Damaged(format!("{id} ended at {at:?}: {e}")))?
        .with_timezone(&Utc);
    let before: Vec<Rating> = players
        .iter()
        .map(|p| current(conn, p, variant).map(|r| r.as_of(when)))
        .collect::<Result<_, _>>()?;
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let best = points.iter().copied().max().unwrap_or(0);
    let winners = points.iter().filter(|&&p| p == best).count();
    for (seat, old) in before.iter().enumerate() {
        let results: Vec<(Glicko2Rating, Outcomes)> = before
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != seat)
            .map(|(other, rating)| (rating.glicko(), pairwise(points[seat], points[other])))
            .collect();
        let new = glicko2_rating_period(&old.glicko(), &results, &config);
        let mut after = Rating {
            rating: new.rating,
            rd: new.deviation,
            volatility: new.volatility,
            games: old.games + 1,
            last_period: Some(at.to_string()),
            ..old.clone()
        };
        match points[seat] {
            p if p < best => after.losses += 1,
            _ if winners == 1 => after.wins += 1,
            _ => after.draws += 1,
        }
        stored::save(conn, &RatingRow::from(&after))?;
        stored::add_change(
            conn,
            &Change {
                game: id,
                variant: variant.to_string(),
                userid: after.userid.clone(),
                before: old.triple(),
                after: after.triple(),
                at: at.to_string(),
            },
        )?;
    }
    Ok(())
}

/// One pair's result, from the first seat's side, by their points.
fn pairwise(mine: u8, theirs: u8) -> Outcomes {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Outcomes::WIN,
        std::cmp::Ordering::Less => Outcomes::LOSS,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
    }
}

/// Each seat's half points from a result as stored: `1-0`, `1/2-1/2`,
/// `[1:0:0]`.
pub fn points_of(result: &str) -> Option<Vec<u8>> {
    let inner = result
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .map(|r| r.split(':').collect::<Vec<_>>())
        .unwrap_or_else(|| result.split('-').collect());
    inner
        .into_iter()
        .map(|p| match p.trim() {
            "1" => Some(2),
            "1/2" | "½" => Some(1),
            "0" => Some(0),
            _ => None,
        })
        .collect()
}
