//! `tournaments` and `tournament show NAME`: the list, and one
//! tournament's crosstable and games.

use rusqlite::Connection;
use serde::Serialize;

use super::find;
use super::table::Table;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::reply::Reply;
use crate::store::games::Status;
use crate::store::tournaments::{self, State, Tournament};
use crate::store::{self};
use crate::tournament::Format;
use crate::tournament::crosstable::{points, quarters};

/// `tournaments`: one line per open or running tournament.
pub fn list(conn: &mut Connection, _req: &Request<'_>) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let all = tournaments::list(&tx, &[State::Open, State::Running])?;
    if all.is_empty() {
        return Ok(Reply::Text("no tournaments open or running".into()));
    }
    let mut lines = Vec::new();
    for t in all {
        let joined = tournaments::entrants(&tx, t.id)?.len();
        lines.push(format!(
            "{} {} {} by {} {} {joined}{} player(s)",
            t.name,
            t.variant,
            t.format,
            t.organiser,
            t.state.as_str(),
            t.players.map_or(String::new(), |n| format!("/{n}")),
        ));
    }
    Ok(Reply::Text(lines.join("\n")))
}

/// One player's line of `tournament show`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerLine {
    pub place: usize,
    pub userid: String,
    /// The seed: 1 the strongest at the start (entry order while open).
    pub seed: u32,
    pub points: f64,
    pub games: u32,
    /// Baumbach: the number of wins.
    pub wins: u32,
    /// Sonneborn-Berger.
    pub sonneborn_berger: f64,
    /// Points against the players level after the other tie-breaks.
    pub head_to_head: f64,
    pub left: bool,
}

/// One game of `tournament show`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameLine {
    pub game: String,
    pub round: u32,
    /// `pairing`, `decider` or `ladder`.
    pub kind: String,
    pub white: String,
    pub black: String,
    /// `active`, `over` or `cancelled`.
    pub status: String,
    /// `1-0`, `0-1`, `1/2-1/2`; null while played.
    pub result: Option<String>,
}

/// `tournament show NAME` as data (the shell's `--format json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentView {
    pub name: String,
    pub variant: String,
    pub format: String,
    pub organiser: String,
    pub state: String,
    pub rated: bool,
    /// Players wanted (`--players=N`).
    pub wanted: Option<u32>,
    pub winner: Option<String>,
    /// The crosstable, best first.
    pub players: Vec<PlayerLine>,
    pub games: Vec<GameLine>,
}

impl TournamentView {
    /// As a player reads it.
    pub fn text(&self) -> String {
        let mut out = format!(
            "tournament {}: {} {}{}, organised by {}; {}",
            self.name,
            self.variant,
            self.format,
            if self.rated { "" } else { ", unrated" },
            self.organiser,
            self.state
        );
        if let Some(w) = &self.winner {
            out.push_str(&format!(", won by {w}"));
        }
        let width = self
            .players
            .iter()
            .map(|p| p.userid.len())
            .max()
            .unwrap_or(6)
            .max(6);
        out.push_str(&format!(
            "\n{:<5} {:<width$} {:>6} {:>5} {:>4} {:>6}\n",
            "PLACE", "PLAYER", "POINTS", "GAMES", "WINS", "SB"
        ));
        for p in &self.players {
            let name = if p.left {
                format!("{} (left)", p.userid)
            } else {
                p.userid.clone()
            };
            out.push_str(&format!(
                "{:<5} {:<width$} {:>6} {:>5} {:>4} {:>6}\n",
                p.place,
                name,
                points((p.points * 2.0) as u32),
                p.games,
                p.wins,
                quarters((p.sonneborn_berger * 4.0) as u32)
            ));
        }
        if self.games.is_empty() {
            out.push_str("no games yet");
        } else {
            out.push_str("ROUND GAME     WHITE - BLACK  RESULT\n");
            for g in &self.games {
                out.push_str(&format!(
                    "{:<5} {:<8} {} - {}  {}{}\n",
                    g.round,
                    g.game,
                    g.white,
                    g.black,
                    g.result.as_deref().unwrap_or(match g.status.as_str() {
                        "cancelled" => "cancelled",
                        _ => "*",
                    }),
                    if g.kind == "decider" {
                        " (decider)"
                    } else {
                        ""
                    }
                ));
            }
        }
        out.trim_end().to_string()
    }
}

/// `tournament show NAME`.
pub fn show(conn: &mut Connection, _req: &Request<'_>, name: &str) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let t = find(&tx, name)?;
    match t.format {
        Format::RoundRobin | Format::DoubleRoundRobin | Format::Knockout => {
            let view = view(&t, &Table::read(&tx, &t)?);
            Reply::table(view.text(), &view)
        }
        Format::Ladder => {
            let ladder = super::ladder::show(&tx, &t)?;
            Reply::table(ladder.text(), &ladder)
        }
    }
}

/// The view of `t` as `table` has it.
pub fn view(t: &Tournament, table: &Table) -> TournamentView {
    let players = table
        .standings
        .iter()
        .map(|s| {
            let e = &table.entrants[s.entrant];
            PlayerLine {
                place: s.place,
                userid: e.userid.clone(),
                seed: e.seed,
                points: f64::from(s.halves) / 2.0,
                games: s.games,
                wins: s.wins,
                sonneborn_berger: f64::from(s.sb_quarters) / 4.0,
                head_to_head: f64::from(s.head_to_head) / 2.0,
                left: e.left_at.is_some(),
            }
        })
        .collect();
    let games = table
        .games
        .iter()
        .map(|g| GameLine {
            game: g.game.to_string(),
            round: g.round,
            kind: g.kind.as_str().to_string(),
            white: g.players.first().cloned().unwrap_or_default(),
            black: g.players.get(1).cloned().unwrap_or_default(),
            status: g.status.as_str().to_string(),
            result: g.result.clone().filter(|_| g.status == Status::Over),
        })
        .collect();
    TournamentView {
        name: t.name.clone(),
        variant: t.variant.clone(),
        format: t.format.name().to_string(),
        organiser: t.organiser.clone(),
        state: t.state.as_str().to_string(),
        rated: t.rated,
        wanted: t.players,
        winner: t.winner.clone(),
        players,
        games,
    }
}
