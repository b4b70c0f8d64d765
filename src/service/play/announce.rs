//! Notices -> outbox rows: who is told what after a command.
//!
//! Called from `service::notify::queue` inside the command's transaction,
//! so the mails exist exactly when the change they report was committed.
//! Each player of the game gets one mail at each of their addresses: a
//! new-game mail, a board mail after each move, a game-over mail when it
//! ends (instead of the board mail of the last move). A game's mails to a
//! player thread under the first one, and the deterministic ids of board
//! mails make queuing them twice harmless.

pub mod away;
pub mod consent;
pub mod farewell;
pub mod held;
pub mod ladder;
pub mod later;
pub mod nag;
pub mod rating;
pub mod social;
pub mod spectators;
pub mod tournament_line;
pub mod vote;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::{DEFAULT_FORFEIT_DAYS, DEFAULT_NAG_DAYS};
use crate::command::GameId;
use crate::letters::Letter;
use crate::letters::html::later::{HtmlBoard, diagram};
use crate::letters::{BoardLetter, Comment, ConfirmLetter};
use crate::mail::finish::Finish;
use crate::mail::post::{Envelope, post, post_group};
use crate::mail::settings::Settings;
use crate::mail::token;
use crate::rules::{Seat, VARIANTS, find_variant, game_variant, numbering};
use crate::service::dice::current_roll;
use crate::service::game::AUTO_PASS;
use crate::service::game::{LoadedGame, roll_text};
use crate::service::play::turn_arrival;
use crate::service::time::deadline::{GameClock, readable};
use crate::service::time::thinking;
use crate::service::time::vacation_notes::vacation_notes;
use crate::service::{Notice, ServiceError};
use crate::store::{StoreError, games, players, turns};

/// How many of the last moves (rounds of turns) a board mail shows; the
/// game-over mail shows them all.
const RECENT_MOVES: usize = 6;

/// A service error met while writing mail: the store's own, or damage.
fn damaged(e: ServiceError) -> StoreError {
    match e {
        ServiceError::Store(e) => e,
        other => StoreError::Damaged(other.to_string()),
    }
}

/// Queues the mail `notices` call for.
pub fn queue(conn: &Connection, notices: &[Notice], now: DateTime<Utc>) -> Result<(), StoreError> {
    queue_loaded(conn, notices, None, now)
}

/// [`queue`], given a game the caller has loaded as it stands now, after
/// the change the notices tell of (not loaded again for a reminder of it,
/// nor for its board mails: `remind`'s forfeits).
pub fn queue_loaded(
    conn: &Connection,
    notices: &[Notice],
    loaded: Option<&LoadedGame>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    for notice in notices {
        if let Notice::ConfirmAddress { user, email, code } = notice {
            confirmation(conn, settings, user, email, code, now)?;
        }
        if let Notice::Words(words) = notice {
            social::queue(conn, settings, words, now)?;
        }
        if let Notice::Reminder {
            game,
            player,
            clock,
            period,
            days,
            forfeit_at,
        } = notice
        {
            let reminder = nag::Reminder {
                game: *game,
                player,
                clock: *clock,
                period: *period,
                days: *days,
                forfeit_at,
            };
            let loaded = loaded.filter(|l| l.id() == *game);
            nag::queue(conn, settings, &reminder, loaded, now)?;
        }
        if let Notice::DrawReminder { game, voters } = notice {
            for voter in voters {
                vote::queue(conn, settings, *game, voter, now)?;
            }
        }
    }
    // In a long run's batch a board letter's replayed parts are worked out
    // on the thread that renders it ([`later::BoardLater`]).
    let unfinished = crate::mail::ahead::is_open();
    for (game, mut plan) in plans(notices) {
        let kind = plan.kind;
        // The caller's game, when mail loads it the same way (a test's
        // catalog may hold variants this build does not offer).
        let given = loaded.filter(|l| l.id() == game && find_variant(l.variant.name()).is_some());
        // Nobody would get this game's mail (no player with an address,
        // no spectator): building its letter (the game replayed for its
        // move list, its clocks, its board) would be work for no one.
        // Each player's row and addresses, read once for the game.
        let mut readers = Readers::default();
        let row_given = given.map(|l| &l.row);
        if !has_readers(conn, game, row_given, kind == Kind::Over, &mut readers)? {
            continue;
        }
        // The game's row as it stands, read once for all its readers.
        let mut fresh = None;
        let found = match given {
            Some(given) => Ok(given),
            None => match LoadedGame::load(conn, &VARIANTS, game) {
                Ok(loaded) => Ok(&*fresh.insert(loaded)),
                Err(e) => Err(e),
            },
        };
        #[cfg(debug_assertions)]
        if let Some(given) = given {
            same_as_stored(conn, given);
        }
        let (mut letter, row, loaded, replay) = match found {
            Ok(loaded) => {
                let full = kind == Kind::Over;
                let (mut letter, replay) = board_letter_unreplayed(conn, loaded, full, now)?;
                let replay = if unfinished {
                    Some(replay)
                } else {
                    replay
                        .replayed(loaded)
                        .map_err(|e| damaged_game(loaded, e))?
                        .put_into(&mut letter);
                    None
                };
                (letter, loaded.row.clone(), Some(loaded), replay)
            }
            // A game of a variant this build does not offer (test catalogs):
            // the mail says what the store knows, without a board.
            Err(ServiceError::UnknownVariant { .. }) => {
                let row = games::find(conn, game)?
                    .ok_or_else(|| StoreError::Damaged(format!("mail for missing {game}")))?;
                let mut letter = row_letter(&row);
                letter.to_move = plan.to_move.clone();
                letter.ratings = rating::for_game(conn, &row, now)?;
                (letter, row, None, None)
            }
            Err(ServiceError::Store(e)) => return Err(e),
            Err(other) => return Err(StoreError::Damaged(format!("mail for {game}: {other}"))),
        };
        letter.comments = plan.comments;
        // A seat that has left (resigned in a game of three) passes every
        // turn: not news, and no one "had to" do anything.
        let left: Vec<String> = loaded
            .iter()
            .flat_map(|l| {
                (0..l.row.players.len())
                    .filter(|&seat| l.position.has_left(seat))
                    .map(|seat| l.player_at(seat))
            })
            .collect();
        let events: Vec<Event> = std::mem::take(&mut plan.events)
            .into_iter()
            .filter(|event| !event.is_pass_of(&left))
            .collect();
        // The events' lines show the turns' marks: from the replay.
        let later = match (replay, loaded) {
            (Some(replay), Some(loaded)) => Some(later::BoardLater::new(loaded, replay, events)),
            _ => {
                letter.notes = events
                    .iter()
                    .map(|event| {
                        let variant = find_variant(&letter.variant);
                        event.line(variant, letter.ply + 1, &letter.marks, &letter.took)
                    })
                    .collect();
                None
            }
        };
        // The other players learn that a clock stands still (vacation).
        let seated = row.players_by_id();
        letter.notes.extend(
            vacation_notes(conn, &seated, now).map_err(|e| StoreError::Damaged(e.to_string()))?,
        );
        letter
            .notes
            .extend(turn_arrival::public_notes(conn, &row).map_err(damaged)?);
        let (players, ply) = (&row.players, row.ply);
        let private = plan.private;
        let (wrap, kind): (fn(BoardLetter) -> Letter, _) = match kind {
            Kind::New => (Letter::NewGame, "new"),
            Kind::Board => (Letter::Board, "board"),
            Kind::Over => (Letter::GameOver, "over"),
            Kind::Note => (Letter::Board, ""),
        };
        // After a takeback a move number comes round again: its mails get
        // ids of their own (`board.undo1`), not the taken-back move's.
        let undos = turns::takebacks(conn, game)?;
        let kind = match (kind, undos) {
            ("" | "new", _) | (_, 0) => kind.to_string(),
            (kind, n) => format!("{kind}.undo{n}"),
        };
        let kind = kind.as_str();
        (letter.spectators, letter.notified) = spectators::names(conn, game)?;
        // A move's board mail may wait for a reader's daily digest.
        let may_wait = plan.kind == Kind::Board && held::may_wait(conn, loaded, now)?;
        // A move that hands the computer player its turn: its players get
        // the board with its answer, in the one mail of the answering move
        // (played after this command commits, `bot::turn`).
        let bot_answers = plan.kind == Kind::Board && bot_to_move(conn, loaded, &mut readers)?;
        // The game's letters, posted together once built.
        let mut posted = Vec::new();
        let mut seen = Vec::new();
        for (seat, user) in players.iter().enumerate() {
            if seen.contains(user) {
                continue;
            }
            seen.push(user.clone());
            let (player, to) = readers.take(conn, user)?;
            if to.is_empty() || bot_answers || (may_wait && held::takes_digest(conn, user)?) {
                continue;
            }
            // Each player sees the board from their own side, and what
            // they may do now.
            let mut letter = letter.clone();
            // Words carry only what the others wrote: nobody is sent
            // their own comment back.
            letter.comments.retain(|c| &c.author != user);
            letter.show = crate::store::board_shows::show_of(conn, user)?;
            in_zone_of(conn, &mut letter, user)?;
            if let Some(loaded) = loaded {
                address(&mut letter, loaded, seat, later.is_some())
                    .map_err(|e| StoreError::Damaged(e.to_string()))?;
            }
            // What is this reader's alone: their queue, their dropped turn.
            letter.notes.extend(
                private
                    .iter()
                    .filter(|(reader, _)| reader == user)
                    .map(|(_, line)| line.clone()),
            );
            if let Some(&(id, _)) = seated.iter().find(|(_, u)| u == user) {
                letter
                    .notes
                    .extend(turn_arrival::own_notes(conn, &row, id).map_err(damaged)?);
            }
            let identity = &settings.identity;
            let root = identity.game_root_id(game, user);
            let message_id = match kind {
                "" => identity.unique_id(now),
                kind => identity.game_mail_id(game, ply, kind, user),
            };
            let threaded = message_id != root;
            // A reply token while the game goes on (none for its end).
            let reply_to = match player {
                Some(player) if plan.kind != Kind::Over => {
                    Some(token::issue(conn, identity, game, player.id, now)?)
                }
                _ => None,
            };
            let envelope = Envelope {
                game: Some(game),
                to,
                in_reply_to: threaded.then(|| root.clone()),
                references: if threaded { vec![root] } else { vec![] },
                message_id,
                reply_to,
            };
            posted.push((envelope, wrap(letter)));
        }
        let copy = spectators::Copy {
            game,
            letter: &letter,
            row: &row,
            loaded,
            wrap,
            kind,
            ply,
            over: plan.kind == Kind::Over,
            unfinished: later.is_some(),
        };
        posted.extend(spectators::copy(conn, settings, &copy, now)?);
        let finish = later.map(|later| Box::new(later) as Box<dyn Finish>);
        post_group(conn, &settings.templates, posted, finish, now)?;
    }
    Ok(())
}

/// The confirmation mail of an address given by mail: to that address
/// alone, never threaded with anything.
fn confirmation(
    conn: &Connection,
    settings: &Settings,
    user: &str,
    email: &str,
    code: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let letter = ConfirmLetter {
        userid: user.to_string(),
        address: email.to_string(),
        code: code.to_string(),
    };
    // Its reply is its Subject's command, to the server's own address,
    // named as the Reply-To as every mail that asks an answer names where
    // the answer goes (a client's Reply then never guesses).
    let envelope = Envelope {
        game: None,
        to: vec![email.to_string()],
        message_id: settings.identity.unique_id(now),
        in_reply_to: None,
        references: Vec::new(),
        reply_to: Some(settings.identity.from.email.to_string()),
    };
    post(
        conn,
        &settings.templates,
        envelope,
        Letter::Confirm(letter),
        now,
    )?;
    Ok(())
}

/// Fills in what one reader of a game's mail sees as theirs: the board
/// from their side, whether it is their turn, their roll (never another
/// player's), the Subject to answer with, and the draw offer they answer.
pub(in crate::service) fn address_to(
    letter: &mut BoardLetter,
    game: &LoadedGame,
    seat: Seat,
) -> Result<(), ServiceError> {
    address(letter, game, seat, false)
}

/// [`address_to`]; `unfinished`: the letter is one a
/// [`later::BoardLater`] finishes where it is rendered, which draws its
/// board and encodes its position there.
pub(in crate::service) fn address(
    letter: &mut BoardLetter,
    game: &LoadedGame,
    seat: Seat,
    unfinished: bool,
) -> Result<(), ServiceError> {
    let reader = game.player_at(seat);
    // In a long run's batch the ASCII board is drawn where the letter is
    // rendered, on the other core, from the same facts (the encoded
    // position, this side, the last turn as shown: `html_board`); a
    // variant outside this build's list cannot be read back there.
    letter.diagram_later = unfinished
        || (crate::mail::ahead::is_open()
            && game_variant(game.variant.name(), game.variant.definition()).is_some());
    if !letter.diagram_later {
        // The diagram's own `Last move:` line gets the check or mate mark
        // and what the turn took (the HTML board's notes too, when drawn).
        letter.diagram = diagram(
            &*game.position,
            seat,
            letter.last_shown.as_ref(),
            letter.show,
        );
    }
    letter.html_board = Some(HtmlBoard {
        variant: game.variant.name().to_string(),
        options: game
            .row
            .options
            .iter()
            .map(|o| (o.name.clone(), o.value.clone()))
            .collect(),
        // Encoded once for all the readers, where they are rendered.
        position: if unfinished {
            String::new()
        } else {
            game.position.encode()
        },
        seat,
        before_last: letter.before_last.clone(),
        last_shown: letter.last_shown.clone(),
        show: letter.show,
        definition: game.variant.definition().map(str::to_string),
    });
    letter.your_turn =
        letter.to_move.as_deref() == Some(reader.as_str()) && game.position.to_move().is_some();
    letter.roll = None;
    letter.answer = None;
    if letter.your_turn {
        letter.roll = current_roll(game)?.map(roll_text);
        letter.answer = Some(format!(
            "{} move {} {reader} PASSWORD MOVE#{}",
            letter.variant,
            letter.board,
            letter.ply + 1
        ));
    }
    letter.draw_yours =
        !letter.draw_offered_by.is_empty() && letter.draw_waiting_for.contains(&reader);
    letter.takeback_yours =
        !letter.takeback_by.is_empty() && letter.takeback_waiting_for.contains(&reader);
    letter.reader = reader;
    Ok(())
}

/// What one game's mail will be.
#[derive(Default)]
struct Plan {
    kind: Kind,
    /// Who is to move, as the notices tell it.
    to_move: Option<String>,
    comments: Vec<Comment>,
    events: Vec<Event>,
    /// Lines for one reader alone: (userid, line).
    private: Vec<(String, String)>,
}

/// One thing that happened, as a line of the mail.
enum Event {
    /// A turn: who, what, its move number, and whether the server made
    /// it (a forced pass).
    Moved {
        mover: String,
        turn: String,
        ply: u32,
        automatic: bool,
    },
    /// A turn the player queued in advance, played by the server.
    Queued {
        mover: String,
        turn: String,
        ply: u32,
    },
    Line(String),
    /// A line naming the move at which something happened:
    /// `{before}{number}{after}`, the number written as the game counts
    /// moves ([`numbering::name`]); `turn` `None` is the turn being made
    /// when the mail is written (a resignation, a loss on time).
    Numbered {
        before: String,
        turn: Option<u32>,
        after: String,
    },
}

impl Event {
    /// `{before}N).`: a line naming the turn being made when the mail is
    /// written (a resignation, a loss on time, a signoff).
    fn at_this_move(before: String) -> Event {
        Event::Numbered {
            before,
            turn: None,
            after: ").".to_string(),
        }
    }

    /// True for a server's pass of one of `players`.
    fn is_pass_of(&self, players: &[String]) -> bool {
        matches!(self, Event::Moved { mover, automatic: true, .. } if players.contains(mover))
    }

    /// The line, with the check or mate mark of a turn and what it took
    /// (both by move number).
    /// `variant`'s moves numbered, `now` the turn being made.
    fn line(
        &self,
        variant: Option<&dyn crate::rules::Variant>,
        now: u32,
        marks: &[(u32, String)],
        took: &[(u32, String)],
    ) -> String {
        let number = |turn: u32| match variant {
            Some(variant) => numbering::name(variant, turn),
            None => turn.to_string(),
        };
        let shown = |turn: &str, ply: u32| -> String {
            took.iter()
                .find(|(p, _)| *p == ply)
                .map_or(turn, |(_, t)| t.as_str())
                .to_string()
        };
        match self {
            Event::Moved {
                mover,
                turn,
                ply,
                automatic,
            } => {
                let mark = mark_of(marks, *ply);
                let turn = shown(turn, *ply);
                let n = number(*ply);
                if *automatic {
                    format!("{mover} had to pass (move {n}): {turn}, made by the server.")
                } else {
                    format!("{mover} played {turn}{mark} (move {n}).")
                }
            }
            Event::Queued { mover, turn, ply } => {
                let mark = mark_of(marks, *ply);
                let turn = shown(turn, *ply);
                let n = number(*ply);
                format!("{mover} played {turn}{mark} (move {n}) (Auto), queued in advance.")
            }
            Event::Line(line) => line.clone(),
            Event::Numbered {
                before,
                turn,
                after,
            } => format!("{before}{}{after}", number(turn.unwrap_or(now))),
        }
    }
}

/// The check or mate mark of the turn with this move number, if any.
fn mark_of(marks: &[(u32, String)], ply: u32) -> &str {
    marks
        .iter()
        .find(|(p, _)| *p == ply)
        .map_or("", |(_, m)| m.as_str())
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// Only news without a move (a draw offer, a resignation that does
    /// not end the game): a board mail with a fresh id.
    #[default]
    Note,
    Board,
    New,
    Over,
}

/// `bob is`, `bob and carol are`: who must still answer a proposal.
fn who_is(waiting_for: &[String]) -> String {
    match waiting_for {
        [one] => format!("{one} is"),
        many => format!("{} are", many.join(" and ")),
    }
}

/// One plan per game, in the order the games first appear.
fn plans(notices: &[Notice]) -> Vec<(GameId, Plan)> {
    let mut plans: Vec<(GameId, Plan)> = Vec::new();
    for notice in notices {
        let game = match notice {
            // Reminders go to one player, in their own mail (crate::service::nag).
            Notice::SignedUp { .. }
            | Notice::ConfirmAddress { .. }
            | Notice::Reminder { .. }
            | Notice::DrawReminder { .. }
            | Notice::Words(_) => {
                continue;
            }
            Notice::Challenged { game, .. }
            | Notice::Moved { game, .. }
            | Notice::DrawOffered { game, .. }
            | Notice::DrawDeclined { game, .. }
            | Notice::TakebackProposed { game, .. }
            | Notice::TakebackDeclined { game, .. }
            | Notice::TakenBack { game, .. }
            | Notice::OutOfTime { game, .. }
            | Notice::Said { game, .. }
            | Notice::Resigned { game, .. }
            | Notice::Declined { game, .. }
            | Notice::Forfeited { game, .. }
            | Notice::ClockRanOut { game, .. }
            | Notice::AutoPlayed { game, .. }
            | Notice::QueueDropped { game, .. }
            | Notice::ConditionalsDropped { game, .. }
            | Notice::SignedOff { game, .. }
            | Notice::GameOver { game, .. } => *game,
        };
        let index = match plans.iter().position(|(g, _)| *g == game) {
            Some(index) => index,
            None => {
                plans.push((game, Plan::default()));
                plans.len() - 1
            }
        };
        let plan = &mut plans[index].1;
        let (kind, comment) = match notice {
            Notice::Challenged { to_move, .. } => {
                plan.to_move = to_move.clone();
                (Kind::New, None)
            }
            Notice::Moved {
                mover,
                turn,
                comment,
                to_move,
                ply,
                ..
            } => {
                plan.to_move = to_move.clone();
                // A forced pass is the server's doing, never the player's words.
                let automatic = comment.as_deref() == Some(AUTO_PASS);
                plan.events.push(Event::Moved {
                    mover: mover.clone(),
                    turn: turn.clone(),
                    ply: *ply,
                    automatic,
                });
                let words = comment.as_ref().filter(|_| !automatic);
                (Kind::Board, words.map(|c| (mover, c)))
            }
            Notice::DrawOffered {
                by, waiting_for, ..
            } => {
                plan.events.push(Event::Line(format!(
                    "{by} offers a draw; {} to accept or decline it.",
                    who_is(waiting_for)
                )));
                (Kind::Note, None)
            }
            Notice::DrawDeclined { by, .. } => {
                plan.events
                    .push(Event::Line(format!("{by} declined the draw.")));
                (Kind::Note, None)
            }
            Notice::TakebackProposed {
                by,
                mover,
                turn,
                ply,
                waiting_for,
                ..
            } => {
                plan.events.push(Event::Numbered {
                    before: format!(
                        "{by} proposes to take back the last turn ({mover}'s {turn}, move "
                    ),
                    turn: Some(*ply),
                    after: format!("); {} to accept or decline it.", who_is(waiting_for)),
                });
                (Kind::Note, None)
            }
            Notice::TakebackDeclined { by, .. } => {
                plan.events
                    .push(Event::Line(format!("{by} declined the takeback.")));
                (Kind::Note, None)
            }
            Notice::TakenBack {
                mover,
                turn,
                ply,
                to_move,
                ..
            } => {
                plan.to_move = to_move.clone();
                plan.events.push(Event::Numbered {
                    before: format!("Takeback accepted: the last turn ({mover}'s {turn}, move "),
                    turn: Some(*ply),
                    after: ") is undone.".to_string(),
                });
                (Kind::Board, None)
            }
            Notice::OutOfTime {
                player,
                days,
                to_move,
                ..
            } => {
                plan.to_move = to_move.clone();
                plan.events.push(Event::at_this_move(format!(
                    "{player} has used up the {} of thinking time this game allows \
                         and loses on time (move ",
                    crate::service::reply::days_text(*days)
                )));
                (Kind::Note, None)
            }
            Notice::Said { by, comment, .. } => (Kind::Note, Some((by, comment))),
            Notice::Declined {
                player, comment, ..
            } => {
                plan.events.push(Event::Line(format!(
                    "{player} declined to play this game: it is cancelled."
                )));
                (Kind::Note, comment.as_ref().map(|c| (player, c)))
            }
            Notice::Resigned {
                player, comment, ..
            } => {
                plan.events
                    .push(Event::at_this_move(format!("{player} resigned (move ")));
                (Kind::Note, comment.as_ref().map(|c| (player, c)))
            }
            Notice::Forfeited {
                player,
                days,
                to_move,
                ..
            } => {
                plan.to_move = to_move.clone();
                plan.events.push(Event::at_this_move(format!(
                    "{player} has not moved in {days} days and loses on time (move "
                )));
                (Kind::Note, None)
            }
            Notice::ClockRanOut {
                player,
                control,
                to_move,
                ..
            } => {
                plan.to_move = to_move.clone();
                plan.events.push(Event::at_this_move(format!(
                    "{player}'s clock ({control}) has run out: {player} loses on time (move "
                )));
                (Kind::Note, None)
            }
            Notice::AutoPlayed {
                mover,
                turn,
                comment,
                to_move,
                ply,
                ..
            } => {
                plan.to_move = to_move.clone();
                plan.events.push(Event::Queued {
                    mover: mover.clone(),
                    turn: turn.clone(),
                    ply: *ply,
                });
                (Kind::Board, comment.as_ref().map(|c| (mover, c)))
            }
            Notice::QueueDropped {
                player,
                turn,
                why,
                dropped,
                ..
            } => {
                let mut line = format!("Your queued move {turn} was not played: {why}.");
                if *dropped > 0 {
                    line.push_str(&format!(
                        " The {dropped} {} queued after it {} dropped too.",
                        if *dropped == 1 { "move" } else { "moves" },
                        if *dropped == 1 { "was" } else { "were" }
                    ));
                }
                plan.private.push((player.clone(), line));
                (Kind::Note, None)
            }
            Notice::ConditionalsDropped { player, line, .. } => {
                plan.private.push((player.clone(), line.clone()));
                (Kind::Note, None)
            }
            Notice::SignedOff {
                player, to_move, ..
            } => {
                plan.to_move = to_move.clone();
                plan.events.push(Event::at_this_move(format!(
                    "{player} has signed off the server and forfeits this game (move "
                )));
                (Kind::Note, None)
            }
            Notice::GameOver { .. } => (Kind::Over, None),
            Notice::SignedUp { .. }
            | Notice::ConfirmAddress { .. }
            | Notice::Reminder { .. }
            | Notice::DrawReminder { .. }
            | Notice::Words(_) => {
                continue;
            }
        };
        plan.kind = plan.kind.max(kind);
        if let Some((author, text)) = comment {
            plan.comments.push(Comment {
                author: author.clone(),
                text: text.clone(),
            });
        }
    }
    plans
}

/// The board of a game as every template sees it, before it is addressed
/// to one reader ([`address_to`], which draws the board, `diagram`, from
/// that reader's side). `full`: the whole move list (the game
/// is over), else the last [`RECENT_MOVES`] moves.
pub(in crate::service) fn board_letter(
    conn: &Connection,
    game: &LoadedGame,
    full: bool,
    now: DateTime<Utc>,
) -> Result<BoardLetter, StoreError> {
    let (mut letter, replay) = board_letter_unreplayed(conn, game, full, now)?;
    replay
        .replayed(game)
        .map_err(|e| damaged_game(game, e))?
        .put_into(&mut letter);
    Ok(letter)
}

/// A service error met while building `game`'s letter, as the store's.
fn damaged_game(game: &LoadedGame, e: ServiceError) -> StoreError {
    match e {
        ServiceError::Store(e) => e,
        other => StoreError::Damaged(format!("{}: {other}", game.id())),
    }
}

/// [`board_letter`] without what the game's replay gives (the move list,
/// the marks, the clock block, the position before the last turn), and
/// what that replay needs, read in the caller's transaction: the replay
/// is pure work, done in place ([`board_letter`]) or where the letter is
/// rendered ([`later::BoardLater`]).
fn board_letter_unreplayed(
    conn: &Connection,
    game: &LoadedGame,
    full: bool,
    now: DateTime<Utc>,
) -> Result<(BoardLetter, later::Replay), StoreError> {
    let damaged = |e: ServiceError| damaged_game(game, e);
    // The board is drawn per reader, from their side ([`address_to`]).
    let view = game.current_view_undrawn();
    let (winner, drawn) = (
        view.winner.clone(),
        view.result.is_some() && view.winner.is_none(),
    );
    // The whole trail read once: the live log replayed for the move
    // list, and for the clock block the same replay says who had the move.
    let trail = turns::trail(conn, game.id())?;
    let log: Vec<turns::Entry> = trail
        .iter()
        .filter(|(e, undone)| undone.is_none() && e.kind != turns::EntryKind::Undo)
        .map(|(e, _)| e.clone())
        .collect();
    let shows_clock = shows_clock(&game.row);
    let seats = game.variant.seats();
    let check = match (view.to_move.as_ref(), game.position.in_check()) {
        (Some(player), true) => Some(format!("{player}'s king is in check.")),
        _ => None,
    };
    let clock = GameClock::read(conn, game, None, now).map_err(damaged)?;
    let due = clock.as_ref().map(|c| c.due().deadline);
    let silence_accepts = clock.is_some_and(|c| c.silence_accepts);
    let draw_offered_by = view.draw_offered_by.clone();
    let draw_waiting_for = if draw_offered_by.is_empty() {
        Vec::new()
    } else {
        (0..view.players.len())
            .filter(|s| !game.row.draw_votes.contains(s))
            .map(|s| game.player_at(s))
            .collect()
    };
    let takeback_by = view.takeback_by.clone();
    let takeback_waiting_for = if takeback_by.is_empty() {
        Vec::new()
    } else {
        crate::service::play::votes::waiting_for(game, &game.row.undo_votes)
    };
    // The clock block's pauses are read here; the rest of it is worked out
    // with the replay.
    let pauses = if shows_clock {
        Some(thinking::pauses_of_seats(conn, game, now).map_err(damaged)?)
    } else {
        None
    };
    // The computer player's seat says its level (issue 47).
    let computer = match crate::store::bot_games::level(conn, game.id())? {
        Some(level) => Some((crate::service::bot::account::userid(conn)?, level)),
        None => None,
    };
    let letter = BoardLetter {
        title: game.variant.title().to_string(),
        name: game.variant.full_name().to_string(),
        variant: game.variant.name().to_string(),
        board: game.id().0,
        sides: view
            .players
            .iter()
            .zip(seats.iter())
            .map(|(player, seat)| match &computer {
                Some((bot, level)) if player.eq_ignore_ascii_case(bot) => {
                    format!("{player} ({seat}, computer level {level})")
                }
                _ => format!("{player} ({seat})"),
            })
            .collect(),
        players: view.players.clone(),
        ply: view.ply,
        move_now: numbering::name(game.variant, view.ply + 1),
        move_last: numbering::name(game.variant, view.ply),
        to_move: view.to_move.clone(),
        winner,
        drawn,
        reason: view.reason.clone(),
        result: view.result.clone(),
        check,
        deadline: due.map(readable),
        deadline_at: due,
        draw_offered_by,
        draw_waiting_for,
        silence_accepts,
        takeback_by,
        takeback_waiting_for,
        writing: game.variant.writing().trim_end().to_string(),
        commitment: game.row.dice_commitment.clone(),
        seed: view.seed.clone(),
        ratings: rating::for_game(conn, &game.row, now)?,
        tournament: tournament_line::board_line(conn, game.id())?,
        ..BoardLetter::default()
    };
    let replay = later::Replay {
        full,
        log,
        trail,
        pauses,
        now,
    };
    Ok((letter, replay))
}

/// Whether a game's letter has the clock block, where pbmserv printed one:
/// when the game is over, when its time limits are not the defaults, or
/// when it limits thinking time.
fn shows_clock(row: &games::Game) -> bool {
    let over = row.status != games::Status::Active;
    let defaults = row.nag_days == DEFAULT_NAG_DAYS && row.forfeit_days == DEFAULT_FORFEIT_DAYS;
    over || !defaults || row.total_days.is_some() || row.clock.is_some()
}

/// A game's letter from its stored row alone (no position to draw, no
/// rules to say who won: the result and its reason are shown as stored).
pub(in crate::service) fn row_letter(row: &games::Game) -> BoardLetter {
    let named = |turn: u32| match find_variant(&row.variant) {
        Some(variant) => numbering::name(variant, turn),
        None => turn.to_string(),
    };
    let mut title = row.variant.clone();
    if let Some(first) = title.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    BoardLetter {
        name: title.clone(),
        title,
        variant: row.variant.clone(),
        board: row.id.0,
        players: row.players.clone(),
        ply: row.ply,
        move_now: named(row.ply + 1),
        move_last: named(row.ply),
        reason: row.reason.clone(),
        result: row.result.clone(),
        ..BoardLetter::default()
    }
}

/// The letter's dates as `user` reads them: in their time zone, named
/// (a spectator's copy keeps UTC).
pub(in crate::service) fn in_zone_of(
    conn: &Connection,
    letter: &mut BoardLetter,
    user: &str,
) -> Result<(), StoreError> {
    let zone = crate::store::zones::of_user(conn, user)?;
    if let Some(at) = letter.deadline_at {
        letter.deadline = Some(zone.readable(at));
    }
    letter.zone = Some(zone.tz());
    clock_in_zone(letter);
    Ok(())
}

/// The clock block's dates in the letter's reader's zone, once the letter
/// has both (the block may be filled in after the letter is addressed).
pub(in crate::service) fn clock_in_zone(letter: &mut BoardLetter) {
    let (Some(tz), Some(clock)) = (letter.zone, letter.clock.as_mut()) else {
        return;
    };
    // A block made without its instants keeps its dates as written.
    let [Some(started), last_move, now, ended] = clock.instants else {
        return;
    };
    let zone = crate::clock::Zone::of(tz);
    clock.started = zone.readable(started);
    clock.last_move = last_move.map(|at| zone.readable(at));
    clock.now = now.map(|at| zone.readable(at));
    clock.ended = ended.map(|at| zone.readable(at));
}

/// A user's confirmed mail addresses (game mail goes nowhere else); none
/// for a user unknown to the store.
/// Whether anyone gets `game`'s mail: one of its players at an address,
/// or a spectator ([`spectators::addresses`]).
/// Whether anyone gets `game`'s mail; `row`: the game's row, when the
/// caller has it as it stands.
fn has_readers(
    conn: &Connection,
    game: GameId,
    row: Option<&games::Game>,
    over: bool,
    readers: &mut Readers,
) -> Result<bool, StoreError> {
    let mut found = None;
    let row = match row {
        Some(row) => row,
        None => match games::find(conn, game)? {
            Some(row) => &*found.insert(row),
            // A missing game: building its letter says what is wrong.
            None => return Ok(true),
        },
    };
    for user in &row.players {
        if !readers.look_up(conn, user)?.is_empty() {
            return Ok(true);
        }
    }
    Ok(spectators::addresses_of(conn, row, over)?.len() > 1)
}

/// A game given as loaded is the game as stored, row and position (what
/// loading it again would give): checked in debug builds, so that every
/// test that mails from a given game proves it.
#[cfg(debug_assertions)]
fn same_as_stored(conn: &Connection, given: &LoadedGame) {
    let stored = LoadedGame::load(conn, &VARIANTS, given.id())
        .unwrap_or_else(|e| panic!("{} given, not loaded: {e}", given.id()));
    assert_eq!(given.row, stored.row, "the row of {}", given.id());
    assert_eq!(
        given.position.encode(),
        stored.position.encode(),
        "the position of {}",
        given.id()
    );
}

pub(in crate::service) fn addresses(
    conn: &Connection,
    user: &str,
) -> Result<Vec<String>, StoreError> {
    Ok(reader(conn, user)?.1)
}

/// A user's row (none for a user unknown to the store) and confirmed mail
/// addresses ([`addresses`]).
pub(in crate::service) fn reader(
    conn: &Connection,
    user: &str,
) -> Result<(Option<players::Player>, Vec<String>), StoreError> {
    match players::find(conn, user)? {
        Some(player) => {
            let emails = players::confirmed_emails(conn, player.id)?;
            Ok((Some(player), emails))
        }
        None => Ok((None, Vec::new())),
    }
}

/// The [`reader`]s of one game's mail looked up so far: whether anyone
/// reads it is asked first, and each player's letter wants the same rows.
#[derive(Default)]
struct Readers(Vec<(String, Option<players::Player>, Vec<String>)>);

/// True when the seat to move in `game` is the computer player's.
fn bot_to_move(
    conn: &Connection,
    game: Option<&LoadedGame>,
    readers: &mut Readers,
) -> Result<bool, StoreError> {
    let Some(seat) = game.and_then(|g| g.position.to_move()) else {
        return Ok(false);
    };
    let user = game.map(|g| g.player_at(seat)).unwrap_or_default();
    readers.look_up(conn, &user)?;
    Ok(readers.0.iter().any(|(u, player, _)| {
        *u == user
            && player
                .as_ref()
                .is_some_and(|p| p.password_hash == crate::service::bot::NO_PASSWORD)
    }))
}

impl Readers {
    /// `user`'s addresses, read once.
    fn look_up(&mut self, conn: &Connection, user: &str) -> Result<&[String], StoreError> {
        let at = match self.0.iter().position(|(u, _, _)| u == user) {
            Some(at) => at,
            None => {
                let (player, emails) = reader(conn, user)?;
                self.0.push((user.to_string(), player, emails));
                self.0.len() - 1
            }
        };
        Ok(&self.0[at].2)
    }

    /// `user`'s row and addresses, read now unless looked up before.
    fn take(
        &mut self,
        conn: &Connection,
        user: &str,
    ) -> Result<(Option<players::Player>, Vec<String>), StoreError> {
        match self.0.iter().position(|(u, _, _)| u == user) {
            Some(at) => {
                let (_, player, emails) = self.0.swap_remove(at);
                Ok((player, emails))
            }
            None => reader(conn, user),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::outbox;

    #[test]
    fn a_challenge_mails_every_player_once_per_address() {
        use crate::command::{Actor, Command};
        use crate::service::testing::{db, rematch, run_as};
        let mut conn = db();
        for (user, emails) in [
            ("alice", vec!["a@example.org", "a2@example.org"]),
            ("bob", vec!["b@example.org"]),
        ] {
            let signup = Command::Signup {
                user: user.into(),
                password: "secret".into(),
                emails: emails.into_iter().map(String::from).collect(),
            };
            run_as(&mut conn, &Actor::Anonymous, &signup).unwrap();
        }
        let game = rematch(&mut conn, "alice", "bob");
        let mails = outbox::list(&conn, outbox::Status::Pending).unwrap();
        assert_eq!(mails.len(), 2);
        let domain = &Settings::current().unwrap().identity.domain;
        let alice = &mails[0].draft;
        assert_eq!(alice.to, vec!["a2@example.org", "a@example.org"]);
        assert_eq!(alice.game, Some(game));
        assert!(
            alice
                .subject
                .starts_with(&format!("New Race Board {}", game.0)),
            "{}",
            alice.subject
        );
        assert_eq!(
            alice.message_id,
            format!("<{game}.ply0.new.alice@{domain}>")
        );
        assert_eq!(
            (alice.in_reply_to.as_ref(), alice.references.len()),
            (None, 0)
        );
        assert_eq!(mails[1].draft.to, vec!["b@example.org"]);
    }

    #[test]
    fn a_move_that_ends_the_game_is_one_game_over_mail() {
        let notices = [
            Notice::Moved {
                game: GameId(1),
                ply: 9,
                turn: "Qxf7#".into(),
                mover: "alice".into(),
                to_move: None,
                comment: Some("Sorry!".into()),
            },
            Notice::GameOver {
                game: GameId(1),
                result: "1-0".into(),
                reason: "checkmate".into(),
                players: vec![],
            },
        ];
        let plans = plans(&notices);
        assert_eq!(plans.len(), 1);
        let plan = &plans[0].1;
        assert!(plan.kind == Kind::Over);
        assert_eq!(
            plan.comments,
            vec![Comment {
                author: "alice".into(),
                text: "Sorry!".into()
            }]
        );
        let lines: Vec<String> = plan
            .events
            .iter()
            .map(|e| e.line(None, 1, &[], &[]))
            .collect();
        assert_eq!(lines, vec!["alice played Qxf7# (move 9)."]);
    }
}
