//! Who is told what about a tournament: every entrant (and the organiser)
//! gets one [`TournamentLetter`] per piece of news, to their confirmed
//! addresses, in the tournament's command's transaction.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::table::Table;
use crate::command::verbs::{World, spelled};
use crate::ids::GameId;
use crate::letters::Letter;
use crate::letters::tournament::{GameLine, TableLine, TournamentLetter, YourGame};
use crate::mail::digest_token;
use crate::mail::post::{self, Envelope};
use crate::mail::settings::Settings;
use crate::store::games::Status;
use crate::store::tournaments::{Kind, Tournament};
use crate::store::{StoreError, players};
use crate::tournament::crosstable::{points, quarters};

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// It started: each player's own games, with who moves first in each
    /// and the position every game begins from (from the first seat's side).
    Start {
        openings: Vec<Opening>,
        first_board: Option<String>,
    },
    /// A round is over.
    Round(u32),
    /// It is over: the winner.
    Won(String),
    /// The organiser called it off.
    Cancelled,
}

/// A game at the tournament's start: who moves first in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub game: GameId,
    pub to_move: Option<String>,
}

/// `reader`'s games of `games` at the start: their seat, their opponent,
/// and where they move first the line that makes the move by mail (the
/// Subject a board mail would give them).
fn mine(
    games: &[GameLine],
    openings: &[Opening],
    variant: &str,
    seats: &[&str],
    reader: &str,
) -> Vec<YourGame> {
    games
        .iter()
        .filter_map(|g| {
            let (seat, opponent) = if g.white.eq_ignore_ascii_case(reader) {
                (0, &g.black)
            } else if g.black.eq_ignore_ascii_case(reader) {
                (1, &g.white)
            } else {
                return None;
            };
            let first = openings
                .iter()
                .find(|o| o.game.0 == g.board)
                .and_then(|o| o.to_move.as_deref())
                .is_some_and(|m| m.eq_ignore_ascii_case(reader));
            Some(YourGame {
                round: g.round,
                board: g.board,
                seat: seats.get(seat).copied().unwrap_or("").to_string(),
                opponent: opponent.clone(),
                answer: first
                    .then(|| format!("{variant} move {} {reader} PASSWORD MOVE#1", g.board)),
            })
        })
        .collect()
}

/// The crosstable of `table`, as written.
pub fn table_lines(table: &Table) -> Vec<TableLine> {
    table
        .standings
        .iter()
        .map(|s| TableLine {
            place: s.place,
            userid: table.userid(s.entrant).to_string(),
            points: points(s.halves),
            games: s.games,
            wins: s.wins,
            sb: quarters(s.sb_quarters),
        })
        .collect()
}

/// The games of `table`, as written.
pub fn game_lines(table: &Table) -> Vec<GameLine> {
    table
        .games
        .iter()
        .map(|g| GameLine {
            round: g.round,
            board: g.game.0,
            white: g.players.first().cloned().unwrap_or_default(),
            black: g.players.get(1).cloned().unwrap_or_default(),
            result: match g.status {
                Status::Active => "*".to_string(),
                Status::Cancelled => "cancelled".to_string(),
                Status::Over => g.result.clone().unwrap_or_default(),
            },
            kind: match g.kind {
                Kind::Decider => "decider",
                Kind::Pairing => "",
                Kind::Ladder => "ladder",
            }
            .to_string(),
        })
        .collect()
}

/// Mails `news` about `t` to every entrant and the organiser.
pub fn news(
    conn: &Connection,
    t: &Tournament,
    table: &Table,
    news: News,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    let games = game_lines(table);
    let lines = table_lines(table);
    let mut readers: Vec<String> = table.entrants.iter().map(|e| e.userid.clone()).collect();
    if !readers.iter().any(|r| r.eq_ignore_ascii_case(&t.organiser)) {
        readers.push(t.organiser.clone());
    }
    let seats = crate::rules::find_variant(&t.variant).map_or(&[][..], |v| v.seats());
    let (openings, first_board) = match &news {
        News::Start {
            openings,
            first_board,
        } => (&openings[..], first_board.clone()),
        _ => (&[][..], None),
    };
    for reader in readers {
        let Some(player) = players::find(conn, &reader)? else {
            continue;
        };
        let to = players::confirmed_emails(conn, player.id)?;
        if to.is_empty() {
            continue;
        }
        let plays = table
            .entrants
            .iter()
            .any(|e| e.userid.eq_ignore_ascii_case(&reader));
        let mine = mine(&games, openings, &t.variant, seats, &player.userid);
        let to_move = mine.iter().any(|g| g.answer.is_some());
        // The start asks for the reader's first moves: its Reply-To takes
        // them, the board named on the first line (as a digest's does).
        let first_moves: Vec<GameId> = mine
            .iter()
            .filter(|g| g.answer.is_some())
            .map(|g| GameId(g.board))
            .collect();
        let reply_to = match first_moves.is_empty() {
            true => None,
            false => Some(digest_token::issue(
                conn,
                &settings.identity,
                player.id,
                &first_moves,
                now,
            )?),
        };
        let letter = Letter::Tournament(TournamentLetter {
            name: t.name.clone(),
            variant: t.variant.clone(),
            format: t.format.name().to_string(),
            news: match news {
                News::Start { .. } => "start",
                News::Round(_) => "round",
                News::Won(_) => "won",
                News::Cancelled => "cancelled",
            }
            .to_string(),
            round: match news {
                News::Round(r) => Some(r),
                _ => None,
            },
            winner: match &news {
                News::Won(w) => Some(w.clone()),
                _ => None,
            },
            reader: player.userid.clone(),
            organiser: t.organiser.clone(),
            plays,
            table: lines.clone(),
            games: games.clone(),
            mine,
            first_board: first_board.clone().filter(|_| to_move),
            show: spelled("tournament show", World::Mail, &player.userid, &t.name),
            by_reply: reply_to.is_some(),
        });
        let envelope = Envelope {
            game: None,
            to,
            message_id: settings.identity.unique_id(now),
            in_reply_to: None,
            references: Vec::new(),
            reply_to,
        };
        post::post(conn, &settings.templates, envelope, letter, now)?;
    }
    Ok(())
}
