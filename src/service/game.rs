//! A stored game brought back to life: its row, its rules and its position,
//! and the one place where a turn or an event is written to the log.
//!
//! A game is its options plus its turn log; the position in the row is a
//! cache. [`rebuild`] replays a log from the start, which is how `show --at`
//! works and how the cache is checked.

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::Connection;

use crate::command::GameId;
use crate::rules::{
    Conclusion, Ending, GameOption, Outcome, Position, Roll, RulesError, Seat, Variant,
};
use crate::service::error::ServiceError;
use crate::service::reply::GameView;
use crate::store::games::{self, Game, NewState, Status};
use crate::store::turns::{self, Entry, EntryKind};

/// The games a server offers (normally [`crate::rules::VARIANTS`]).
pub type Catalog<'a> = &'a [&'static dyn Variant];

/// The variant with this command word, or a refusal listing the known ones.
pub fn find_variant(
    catalog: Catalog<'_>,
    name: &str,
) -> Result<&'static dyn Variant, ServiceError> {
    catalog
        .iter()
        .copied()
        .find(|v| v.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let known: Vec<&str> = catalog.iter().map(|v| v.name()).collect();
            ServiceError::UnknownVariant {
                name: name.to_string(),
                known: if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                },
            }
        })
}

/// Times as stored: RFC 3339, UTC, whole seconds.
pub fn timestamp(now: DateTime<Utc>) -> String {
    now.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A roll as stored (`3,5`) back into dice.
pub fn parse_roll(text: &str) -> Option<Roll> {
    text.parse().ok()
}

/// A roll as stored.
pub fn roll_text(roll: Roll) -> String {
    roll.to_string()
}

/// The event a log entry of this kind stands for.
fn conclusion(kind: EntryKind, seat: Option<Seat>) -> Option<Conclusion> {
    match kind {
        EntryKind::Turn | EntryKind::Undo => None,
        EntryKind::Resign => Some(Conclusion::Resign(seat.unwrap_or(0))),
        EntryKind::Forfeit => Some(Conclusion::Forfeit(seat.unwrap_or(0))),
        EntryKind::SignOff => Some(Conclusion::SignOff(seat.unwrap_or(0))),
        EntryKind::Draw => Some(Conclusion::DrawAgreed),
    }
}

/// Applies one log entry to a position.
pub fn apply(
    position: &dyn Position,
    kind: EntryKind,
    seat: Option<Seat>,
    text: &str,
    roll: Option<Roll>,
) -> Result<Box<dyn Position>, ServiceError> {
    match conclusion(kind, seat) {
        Some(event) => Ok(position.conclude(&event)?),
        // A takeback's turns are left out of the live log; the entry
        // itself changes nothing.
        None if kind == EntryKind::Undo => Ok(position.boxed_clone()),
        None => Ok(position.play(text, roll).map_err(|e| e.reason)?.position),
    }
}

/// The position after replaying `entries` from the start.
pub fn rebuild(
    variant: &dyn Variant,
    options: &[GameOption],
    entries: &[Entry],
) -> Result<Box<dyn Position>, ServiceError> {
    let mut position = variant.start(options)?;
    for entry in entries {
        let roll = entry.roll.as_deref().and_then(parse_roll);
        position = apply(position.as_ref(), entry.kind, entry.seat, &entry.text, roll)?;
    }
    Ok(position)
}

/// Status, result and reason of a position.
pub fn standing(position: &dyn Position) -> (Status, Option<Outcome>) {
    match position.outcome() {
        Some(outcome) => (Status::Over, Some(outcome)),
        None => (Status::Active, None),
    }
}

/// A game loaded for a command.
pub struct LoadedGame {
    pub row: Game,
    pub variant: &'static dyn Variant,
    /// The cached position (after the whole log).
    pub position: Box<dyn Position>,
    /// The invitation the game waits on before it begins, if it does.
    pub invitation: Option<crate::store::invitations::Invitation>,
}

impl LoadedGame {
    /// Loads game `id`, or refuses with "no such game".
    pub fn load(conn: &Connection, catalog: Catalog<'_>, id: GameId) -> Result<Self, ServiceError> {
        let row = games::find(conn, id)?.ok_or(ServiceError::NoSuchGame(id))?;
        Self::from_row(conn, catalog, row)
    }

    /// [`LoadedGame::load`] given the game's row, read already.
    pub fn from_row(
        conn: &Connection,
        catalog: Catalog<'_>,
        row: games::Game,
    ) -> Result<Self, ServiceError> {
        let id = row.id;
        // A game defined as data plays by the definition it started with
        // (kept with it), whatever the catalog offers now.
        let variant = match crate::store::game_definitions::of(conn, id)? {
            Some(source) => crate::rules::defined::kept(&row.variant, &source)
                .map(|g| g as &'static dyn Variant)
                .map_err(|e| {
                    crate::store::StoreError::Damaged(format!("{id}: its kept definition: {e}"))
                })?,
            None => find_variant(catalog, &row.variant)?,
        };
        let position = match variant.decode(&row.options, &row.position) {
            Ok(position) => position,
            // A position cached in a form this build does not read (chess
            // before it joined the shared core wrote `fen …` lines and
            // other repetition keys): the turn log replayed gives it, and
            // the next change writes it anew.
            Err(RulesError::BadPosition(_)) => {
                rebuild(variant, &row.options, &turns::log(conn, id)?)?
            }
            Err(e) => return Err(e.into()),
        };
        // An invitation stands only until its game begins, and nobody
        // moves before then (`ensure_active`): a game with a board turn
        // played has none, and a move past the first asks no more.
        let invitation = match row.status {
            Status::Active if row.ply == 0 => crate::store::invitations::find(conn, id)?,
            _ => None,
        };
        Ok(LoadedGame {
            row,
            variant,
            position,
            invitation,
        })
    }

    pub fn id(&self) -> GameId {
        self.row.id
    }

    /// Refuses when the game no longer takes turns.
    pub fn ensure_active(&self) -> Result<(), ServiceError> {
        match self.row.status {
            Status::Active => match &self.invitation {
                Some(invitation) => Err(crate::service::error::consent::ConsentError::NotBegun {
                    game: self.id(),
                    waiting: invitation.waiting.join(", "),
                }
                .into()),
                None => Ok(()),
            },
            Status::Cancelled => Err(ServiceError::Cancelled(self.id())),
            Status::Over => Err(ServiceError::GameOver {
                game: self.id(),
                result: self.result_line(),
            }),
        }
    }

    /// `1-0 (checkmate)`, or `*` while the game goes on.
    pub fn result_line(&self) -> String {
        match (&self.row.result, &self.row.reason) {
            (Some(result), Some(reason)) => format!("{result} ({reason})"),
            (Some(result), None) => result.clone(),
            _ => "*".to_string(),
        }
    }

    /// Why a cancelled game was cancelled: the seat that declined it (as
    /// stored by [`games::cancel`]).
    fn declined(&self) -> Option<Ending> {
        if self.row.status != Status::Cancelled {
            return None;
        }
        Ending::read(self.row.reason.as_deref()?, self.variant.seats())
            .filter(|e| matches!(e, Ending::Declined { .. }))
    }

    /// The seats a player holds (two when someone plays themself).
    pub fn seats_of(&self, player_id: i64) -> Vec<Seat> {
        self.row
            .player_ids
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p == player_id)
            .map(|(s, _)| s)
            .collect()
    }

    /// Row id and userid of each seat, in seat order.
    pub fn players_by_id(&self) -> Vec<(i64, String)> {
        self.row.players_by_id()
    }

    /// The userid in a seat.
    pub fn player_at(&self, seat: Seat) -> String {
        self.row
            .players
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    }

    /// Who is to move in `position`, if anyone.
    pub fn to_move_in(&self, position: &dyn Position) -> Option<String> {
        position.to_move().map(|s| self.player_at(s))
    }

    /// What a player sees of this game at `position`.
    pub fn view(&self, position: &dyn Position, ply: u32) -> GameView {
        self.view_drawn(position, ply, position.render())
    }

    /// [`Self::view`] with `board` as its drawing of the position.
    fn view_drawn(&self, position: &dyn Position, ply: u32, board: String) -> GameView {
        let (status, outcome) = standing(position);
        // A cancelled game stops where it stood: nobody to move, no result.
        let cancelled = self.row.status == Status::Cancelled;
        let status = if cancelled { Status::Cancelled } else { status };
        let ending = match &outcome {
            Some(o) => Some(o.ending),
            None => self.declined(),
        };
        GameView {
            game: self.id().to_string(),
            variant: self.variant.name().to_string(),
            players: self.row.players.clone(),
            seats: self.variant.seats().iter().map(|s| s.to_string()).collect(),
            ply,
            to_move: self
                .to_move_in(position)
                .filter(|_| !cancelled && self.invitation.is_none()),
            status: status.as_str().to_string(),
            result: outcome.as_ref().map(|o| o.result_text()),
            reason: ending.map(|e| e.to_string()),
            ending: ending.map(|e| e.key()),
            winner: outcome
                .as_ref()
                .and_then(Outcome::winner)
                .map(|seat| self.player_at(seat)),
            roll: position
                .to_move()
                .filter(|_| !cancelled)
                .zip(self.variant.dice())
                .and_then(|(_, dice)| {
                    crate::service::dice::roll_at(&self.row, dice, ply)
                        .ok()
                        .flatten()
                })
                .map(|roll| roll.to_vec()),
            commitment: self.row.dice_commitment.clone(),
            seed: self
                .row
                .dice_seed
                .clone()
                .filter(|_| self.row.status != Status::Active),
            draw_offered_by: self
                .row
                .draw_votes
                .iter()
                .map(|&s| self.player_at(s))
                .collect(),
            takeback_by: self
                .row
                .undo_votes
                .iter()
                .map(|&s| self.player_at(s))
                .collect(),
            board,
            nag_days: self.row.nag_days,
            forfeit_days: self.row.forfeit_days,
            total_days: self.row.total_days,
            clock: self
                .row
                .clock
                .as_deref()
                .and_then(|spec| crate::clock::Control::parse(spec).ok())
                .map(|c| c.describe()),
            vacations: Vec::new(),
            deadline: None,
            silence_accepts: false,
            waiting_for: self
                .invitation
                .as_ref()
                .map(|i| i.waiting.clone())
                .unwrap_or_default(),
        }
    }

    /// What a player sees of the game now.
    pub fn current_view(&self) -> GameView {
        self.view(self.position.as_ref(), self.row.ply)
    }

    /// What everyone sees of the game now, but for the board, left
    /// undrawn (`board` empty): for a caller that draws it per reader.
    pub fn current_view_undrawn(&self) -> GameView {
        self.view_drawn(self.position.as_ref(), self.row.ply, String::new())
    }

    /// What the player on `seat` sees of the game now: the board drawn
    /// from their side (and only so: drawing it twice was a fiftieth of a
    /// move's CPU).
    pub fn current_view_for(&self, seat: Seat) -> GameView {
        let position = self.position.as_ref();
        self.view_drawn(position, self.row.ply, position.render_for(seat))
    }

    /// Writes one log entry and the state it leaves, and makes it this
    /// game's current position. Returns the outcome if the game just ended.
    pub fn record(
        &mut self,
        conn: &Connection,
        step: Step<'_>,
        position: Box<dyn Position>,
        now: DateTime<Utc>,
    ) -> Result<Option<Outcome>, ServiceError> {
        let at = timestamp(now);
        let was_active = self.row.status == Status::Active;
        let ply = self.row.ply + u32::from(step.kind == EntryKind::Turn);
        let entry = Entry {
            seq: turns::count(conn, self.id())? + 1,
            ply,
            kind: step.kind,
            seat: step.seat,
            player: None,
            text: step.text.to_string(),
            roll: step.roll.map(roll_text),
            comment: step.comment.map(str::to_string),
            at: at.clone(),
            auto: false,
        };
        turns::append(conn, self.id(), &entry, step.player_id)?;
        let (status, outcome) = standing(position.as_ref());
        let result = outcome.as_ref().map(|o| o.result_text());
        let reason = outcome.as_ref().map(|o| o.reason());
        let votes = if status == Status::Active {
            step.draw_votes.to_vec()
        } else {
            Vec::new()
        };
        let encoded = position.encode();
        games::update(
            conn,
            self.id(),
            &NewState {
                position: &encoded,
                ply,
                status,
                result: result.as_deref(),
                reason: reason.as_deref(),
                draw_votes: &votes,
                now: &at,
            },
        )?;
        self.row.ply = ply;
        self.row.status = status;
        self.row.result = result;
        self.row.reason = reason;
        self.row.draw_votes = votes;
        // As the row now stands: an entry clears any takeback vote.
        self.row.undo_votes.clear();
        self.row.position = encoded;
        self.row.updated = at.clone();
        self.position = position;
        // Every ending passes here once: the game's ratings change with it
        // (a tournament's table, round and next games change after its
        // mails, by the notice of its end: `notify`).
        if let (true, Some(outcome)) = (was_active, &outcome) {
            super::rating::game_ended(conn, &self.row, &outcome.points, &at)?;
        }
        Ok(outcome)
    }
}

/// One entry about to be written to a game's log.
#[derive(Clone, Debug)]
pub struct Step<'a> {
    pub kind: EntryKind,
    pub seat: Option<Seat>,
    pub player_id: Option<i64>,
    pub text: &'a str,
    pub roll: Option<Roll>,
    pub comment: Option<&'a str>,
    /// The draw votes that stand after this entry.
    pub draw_votes: &'a [Seat],
}

/// The comment stored with an automatic pass (shown in `history`).
pub const AUTO_PASS: &str = "passed automatically";

/// The seat the asker plays in `game` (the first, if several), if any.
pub fn asker_seat(actor: &crate::command::Actor, game: &LoadedGame) -> Option<Seat> {
    let user = match actor {
        crate::command::Actor::Trusted(user)
        | crate::command::Actor::Claimed { user, .. }
        | crate::command::Actor::Verified { user, .. } => user,
        crate::command::Actor::Anonymous => return None,
    };
    game.row
        .players
        .iter()
        .position(|p| p.eq_ignore_ascii_case(user))
}

/// The votes once `mine` agree: those `standing`, `mine`, and every seat
/// that has left the game, in seat order.
pub fn agreeing(game: &LoadedGame, standing: &[Seat], mine: &[Seat]) -> Vec<Seat> {
    let left = (0..game.row.players.len()).filter(|&s| game.position.has_left(s));
    let votes: std::collections::BTreeSet<Seat> =
        standing.iter().chain(mine).copied().chain(left).collect();
    votes.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Actor, Command, DrawAction};
    use crate::service::testing::{CATALOG, RACE, db, race, rematch, run_as};

    /// The cached position always equals the log replayed from the start,
    /// whatever mix of turns and events produced it.
    #[test]
    fn the_cached_position_is_the_replayed_log() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        rematch(&mut conn, "alice", "bob");
        let alice = Actor::Trusted("alice".into());
        let bob = Actor::Trusted("bob".into());
        let g1: GameId = "game1".parse().unwrap();
        let g2: GameId = "game2".parse().unwrap();
        let moves = [
            (&alice, g1, "2"),
            (&bob, g1, "1"),
            (&alice, g2, "1"),
            (&alice, g1, "2"),
            (&bob, g2, "2"),
        ];
        for (actor, game, turn) in moves {
            run_as(
                &mut conn,
                actor,
                &Command::Move {
                    game,
                    turn: turn.into(),
                    expect: None,
                },
            )
            .unwrap();
        }
        run_as(&mut conn, &bob, &Command::Resign { game: g1 }).unwrap();
        run_as(
            &mut conn,
            &alice,
            &Command::Draw {
                game: g2,
                action: DrawAction::Offer,
            },
        )
        .unwrap();
        run_as(
            &mut conn,
            &bob,
            &Command::Draw {
                game: g2,
                action: DrawAction::Accept,
            },
        )
        .unwrap();
        for id in [g1, g2] {
            let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
            let log = turns::log(&conn, id).unwrap();
            let replayed = rebuild(&RACE, &game.row.options, &log).unwrap();
            assert_eq!(replayed.encode(), game.row.position);
            assert_eq!(game.position.encode(), game.row.position);
            assert_eq!(game.row.status, Status::Over);
        }
        let g1 = LoadedGame::load(&conn, CATALOG, g1).unwrap();
        assert_eq!(g1.result_line(), "1-0 (resignation)");
        let g2 = LoadedGame::load(&conn, CATALOG, g2).unwrap();
        assert_eq!(g2.result_line(), "1/2-1/2 (agreement)");
    }

    /// After `record` the loaded game's row is the row as stored: a
    /// caller that goes on with it (the letters of the turn) reads no
    /// takeback vote the entry cleared, nor the position before it.
    #[test]
    fn a_recorded_entry_leaves_the_loaded_row_as_the_database_has_it() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        let id: GameId = "game1".parse().unwrap();
        let mut game = LoadedGame::load(&conn, CATALOG, id).unwrap();
        games::set_undo_votes(&conn, id, &[1], "2026-11-27T10:00:00Z").unwrap();
        game.row.undo_votes = vec![1];
        let seat = game.position.to_move().unwrap();
        let played = game.position.play("2", None).unwrap();
        let step = Step {
            kind: EntryKind::Turn,
            seat: Some(seat),
            player_id: None,
            text: &played.canonical,
            roll: None,
            comment: None,
            draw_votes: &[],
        };
        game.record(&conn, step, played.position, Utc::now())
            .unwrap();
        let stored = LoadedGame::load(&conn, CATALOG, id).unwrap();
        assert_eq!(game.row.position, stored.row.position);
        assert_eq!(game.row.position, game.position.encode());
        assert_eq!(game.row.undo_votes, stored.row.undo_votes);
        assert!(game.row.undo_votes.is_empty());
    }
}
