//! A board letter's replayed parts, worked out where the letter is
//! rendered.
//!
//! What a board letter shows of its game's history (the move list with
//! its check marks, what each capture took, the clock block, the position
//! before the last turn for the HTML board) comes from replaying the
//! game's log: pure work once the log, the trail and the players' pauses
//! are read. In `remind`'s batches that work is a fifth of the run's
//! thread, while the rendering thread (`mail::ahead`) waits for letters.
//! So there the reads stay in the batch's transaction and a
//! [`BoardLater`] carries them, with a copy of the game as loaded, to the
//! rendering thread, which replays once for all the letters of the game
//! (its players', the spectators' copy), draws their boards from the
//! position itself and encodes it once. Outside a batch the same
//! [`Replay::replayed`] runs in place ([`super::board_letter`]): one code
//! path for the words either way.

use chrono::{DateTime, Utc};

use super::{Event, RECENT_MOVES, damaged_game};
use crate::clock::Pauses;
use crate::letters::html::later::diagram;
use crate::letters::{BoardLetter, ClockLetter, Letter};
use crate::mail::finish::Finish;
use crate::rules::Seat;
use crate::service::ServiceError;
use crate::service::game::LoadedGame;
use crate::service::score::{Scored, described, first_shown, move_list, score_and_seats};
use crate::service::time::deadline::readable;
use crate::service::time::thinking;
use crate::store::{StoreError, turns};

/// What a board letter's replay needs, read in the caller's transaction
/// ([`super::board_letter_unreplayed`]).
pub(super) struct Replay {
    /// The whole move list (the game is over), else the last moves.
    pub full: bool,
    /// The live log, and the whole trail (takebacks too).
    pub log: Vec<turns::Entry>,
    pub trail: Vec<(turns::Entry, Option<u32>)>,
    /// The seats' pauses, when the letter shows the clock block.
    pub pauses: Option<Vec<Pauses>>,
    pub now: DateTime<Utc>,
}

/// What the replay gives a board letter.
#[derive(Clone)]
pub(super) struct Replayed {
    moves: Vec<String>,
    moves_cut_before: Option<usize>,
    marks: Vec<(u32, String)>,
    took: Vec<(u32, String)>,
    last_shown: Option<(String, String)>,
    before_last: Option<String>,
    clock: Option<ClockLetter>,
}

impl Replay {
    /// Replays `game`'s log (the game as loaded, after it).
    pub fn replayed(&self, game: &LoadedGame) -> Result<Replayed, ServiceError> {
        let shows_clock = self.pauses.is_some();
        let ((scored, before), movers) =
            score_and_seats(game.variant, &game.row.options, &self.log, shows_clock)?;
        // The last turn's squares, what differs from the board before it,
        // are worked out when the HTML board is drawn.
        let before_last = before.map(|before| before.encode());
        let seats = game.variant.seats().len();
        let shown = (!self.full).then_some(RECENT_MOVES);
        let counting = crate::rules::numbering::counting(game.variant);
        let moves = move_list(&scored, seats, counting, shown);
        let moves_cut_before =
            Some(first_shown(&scored, seats, counting, shown) - 1).filter(|&n| n > 0);
        let marks = scored
            .iter()
            .filter(|s| !s.mark.is_empty())
            .map(|s| (s.entry.ply, s.mark.to_string()))
            .collect();
        let shown = |s: &Scored| described(&s.entry.text, &s.taken, |seat| game.player_at(seat));
        let took = scored
            .iter()
            .filter(|s| !s.taken.is_empty())
            .map(|s| (s.entry.ply, shown(s)))
            .collect();
        let last_shown = scored
            .iter()
            .rev()
            .find(|s| s.entry.kind == turns::EntryKind::Turn)
            .filter(|s| !s.mark.is_empty() || !s.taken.is_empty())
            .map(|s| (s.entry.text.clone(), format!("{}{}", shown(s), s.mark)));
        let clock = match &self.pauses {
            Some(pauses) => Some(clock_letter(
                game,
                pauses,
                &self.trail,
                movers.as_deref(),
                self.now,
            )?),
            None => None,
        };
        Ok(Replayed {
            moves,
            moves_cut_before,
            marks,
            took,
            last_shown,
            before_last,
            clock,
        })
    }
}

impl Replayed {
    /// Puts the replay's parts into `letter`.
    pub fn put_into(self, letter: &mut BoardLetter) {
        letter.moves = self.moves;
        letter.moves_cut_before = self.moves_cut_before;
        letter.marks = self.marks;
        letter.took = self.took;
        letter.last_shown = self.last_shown;
        letter.before_last = self.before_last;
        letter.clock = self.clock;
        super::clock_in_zone(letter);
    }
}

/// The clock block ([`super::shows_clock`]) from the game's `trail` and its
/// seats' `pauses`, and the seats to move along it when the caller replayed
/// it ([`thinking::clocks_with_pauses`]).
fn clock_letter(
    game: &LoadedGame,
    pauses: &[Pauses],
    trail: &[(turns::Entry, Option<u32>)],
    seats: Option<&[Option<Seat>]>,
    now: DateTime<Utc>,
) -> Result<ClockLetter, ServiceError> {
    let row = &game.row;
    let over = row.status != crate::store::games::Status::Active;
    let clocks = thinking::clocks_with_pauses(game, pauses, trail, seats, now)?;
    let seats = game.variant.seats();
    let control = crate::service::time::deadline::control_of(game)?;
    let banks = match control {
        Some(control) => thinking::banks(&clocks, control)
            .into_iter()
            .enumerate()
            .map(|(seat, left)| {
                let side = seats.get(seat).copied().unwrap_or("");
                (
                    format!("{} ({side})", game.player_at(seat)),
                    thinking::span_text(left),
                )
            })
            .collect(),
        None => Vec::new(),
    };
    Ok(ClockLetter {
        started: readable(clocks.started),
        last_move: clocks.last_turn.map(readable),
        now: (!over).then(|| readable(now)),
        ended: clocks.ended.map(readable),
        nag_days: row.nag_days,
        forfeit_days: row.forfeit_days,
        total_days: row.total_days,
        control: control.map(|c| c.describe()),
        banks,
        used: clocks
            .used
            .iter()
            .enumerate()
            .map(|(seat, used)| {
                let side = seats.get(seat).copied().unwrap_or("");
                (
                    format!("{} ({side})", game.player_at(seat)),
                    thinking::span_text(*used),
                )
            })
            .collect(),
        total: thinking::span_text(clocks.used.iter().copied().sum()),
        instants: [
            Some(clocks.started),
            clocks.last_turn,
            (!over).then_some(now),
            clocks.ended,
        ],
    })
}

/// The letters of one game posted in a batch, to be finished on the
/// rendering thread: each was built by [`super::board_letter_unreplayed`]
/// and addressed by [`super::address_unfinished`].
pub(super) struct BoardLater {
    /// The game as the caller had it loaded (row and position, copied).
    game: LoadedGame,
    replay: Replay,
    /// The events whose lines open the letters' notes (they show the
    /// turns' marks), in order.
    events: Vec<Event>,
    /// What the rendering thread worked out, until the letters are
    /// rendered.
    done: Option<Done>,
}

/// The replay's parts, the event lines and the encoded position.
struct Done {
    replayed: Replayed,
    lines: Vec<String>,
    position: String,
}

impl BoardLater {
    /// `game` as loaded now (copied: the caller keeps its own), what its
    /// replay needs, and the `events` opening the notes.
    pub fn new(game: &LoadedGame, replay: Replay, events: Vec<Event>) -> BoardLater {
        BoardLater {
            game: LoadedGame {
                row: game.row.clone(),
                variant: game.variant,
                position: game.position.boxed_clone(),
                invitation: game.invitation.clone(),
            },
            replay,
            events,
            done: None,
        }
    }

    fn work_out(&self) -> Result<Done, ServiceError> {
        let replayed = self.replay.replayed(&self.game)?;
        let lines = self
            .events
            .iter()
            .map(|event| {
                let now = self.game.row.ply + 1;
                event.line(
                    Some(self.game.variant),
                    now,
                    &replayed.marks,
                    &replayed.took,
                )
            })
            .collect();
        Ok(Done {
            replayed,
            lines,
            position: self.game.position.encode(),
        })
    }

    /// The board of `letter` drawn from the reader's side, as
    /// [`super::address_to`] draws it in place.
    fn diagram(
        &self,
        seat: Seat,
        last_shown: Option<&(String, String)>,
        show: crate::letters::html::board::Show,
    ) -> String {
        diagram(&*self.game.position, seat, last_shown, show)
    }
}

impl Finish for BoardLater {
    fn finish(&mut self, letters: &mut [Letter]) -> Result<(), StoreError> {
        let done = self.work_out().map_err(|e| damaged_game(&self.game, e))?;
        for letter in letters.iter_mut() {
            let Some(board) = letter.board_mut() else {
                continue;
            };
            done.replayed.clone().put_into(board);
            board.notes.splice(0..0, done.lines.iter().cloned());
            if let Some(html) = &mut board.html_board {
                html.position.clone_from(&done.position);
                html.before_last.clone_from(&board.before_last);
                html.last_shown.clone_from(&board.last_shown);
                if std::mem::take(&mut board.diagram_later) {
                    board.diagram = self.diagram(html.seat, board.last_shown.as_ref(), html.show);
                }
            }
        }
        self.done = Some(done);
        Ok(())
    }

    fn unfinish(&mut self, letters: &mut [Letter]) {
        let lines = self.done.take().map_or(0, |done| done.lines.len());
        for letter in letters.iter_mut() {
            let Some(board) = letter.board_mut() else {
                continue;
            };
            board.moves = Vec::new();
            board.marks = Vec::new();
            board.took = Vec::new();
            board.last_shown = None;
            board.before_last = None;
            board.clock = None;
            board.notes.drain(..lines.min(board.notes.len()));
            board.diagram = String::new();
            if let Some(html) = &mut board.html_board {
                html.position = String::new();
                html.before_last = None;
                html.last_shown = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    use crate::command::{Actor, Command, GameId, Watch};
    use crate::mail::ahead::RenderAhead;
    use crate::mail::settings::Settings;
    use crate::rules::VARIANTS;
    use crate::service::testing::{at, db};
    use crate::service::{Notice, Request, execute, play::notify};

    fn run(conn: &mut Connection, user: &str, command: Command) {
        let actor = match user {
            "" => Actor::Anonymous,
            user => Actor::Trusted(user.into()),
        };
        let request = Request {
            actor: &actor,
            command: &command,
            now: at(60),
            comment: None,
            catalog: &VARIANTS,
            by_mail: false,
            game_ended: crate::service::GAME_ENDED,
        };
        execute(conn, &request).unwrap();
    }

    fn chess_move(game: GameId, turn: &str) -> Command {
        Command::Move {
            game,
            turn: turn.into(),
            expect: None,
        }
    }

    /// alice (White) and bob play chess, carol watches; three moves each
    /// but White's last.
    fn game(conn: &mut Connection) -> GameId {
        for user in ["alice", "bob", "carol"] {
            let signup = Command::Signup {
                user: user.into(),
                password: "secret".into(),
                emails: vec![format!("{user}@example.org")],
            };
            run(conn, "", signup);
        }
        let challenge = Command::Challenge {
            variant: "chess".into(),
            players: vec!["alice".into(), "bob".into()],
            options: vec![],
        };
        run(conn, "", challenge);
        let game: GameId = conn
            .query_row("SELECT max(id) FROM games", [], |r| r.get::<_, i64>(0))
            .map(|id| GameId(id as u64))
            .unwrap();
        let watch = Command::Subscribe {
            variant: "chess".into(),
            target: Watch::Board(game),
            on: true,
        };
        run(conn, "carol", watch);
        for (user, turn) in [
            ("alice", "e2-e4"),
            ("bob", "f7-f6"),
            ("alice", "d2-d4"),
            ("bob", "g7-g5"),
        ] {
            run(conn, user, chess_move(game, turn));
        }
        game
    }

    /// The outbox's rows from `from` on, reply tokens (random) left out.
    fn mails(conn: &Connection, from: i64) -> Vec<Vec<Option<String>>> {
        let mut q = conn
            .prepare(
                "SELECT recipients, subject, body, message_id, in_reply_to, \"references\", \
                 reply_to IS NULL, html, html_board FROM outbox WHERE id >= ?1 ORDER BY id",
            )
            .unwrap();
        q.query_map([from], |r| {
            (0..9)
                .map(|i| {
                    let value = r.get_ref(i)?;
                    Ok(match value {
                        rusqlite::types::ValueRef::Null => None,
                        rusqlite::types::ValueRef::Integer(n) => Some(n.to_string()),
                        other => Some(other.as_str()?.to_string()),
                    })
                })
                .collect()
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
    }

    /// A reminder and the mating move's mails (the move with its `#` in the
    /// move list and the notes, the clock block of a game over, the
    /// spectator's copy), with the letters finished where they are rendered
    /// (`ahead`) or built in place.
    fn reminder_and_mate(ahead: bool) -> Vec<Vec<Option<String>>> {
        let mut conn = db();
        let game = game(&mut conn);
        let from: i64 = conn
            .query_row("SELECT coalesce(max(id), 0) + 1 FROM outbox", [], |r| {
                r.get(0)
            })
            .unwrap();
        let settings = Settings::current().unwrap();
        let mut worker = ahead.then(|| RenderAhead::start(&settings.templates));
        let reminder = Notice::Reminder {
            game,
            player: "alice".into(),
            clock: 4,
            period: 1,
            days: 7,
            forfeit_at: "2026-01-22T00:00:00Z".into(),
        };
        {
            let batch = worker.as_mut().map(RenderAhead::open);
            notify::queue(&conn, &[reminder], at(60), crate::service::GAME_ENDED).unwrap();
            if let Some(batch) = batch {
                batch.queue(&conn).unwrap();
            }
        }
        {
            let batch = worker.as_mut().map(RenderAhead::open);
            run(&mut conn, "alice", chess_move(game, "Qd1-h5"));
            if let Some(batch) = batch {
                batch.queue(&conn).unwrap();
            }
        }
        mails(&conn, from)
    }

    #[test]
    fn letters_finished_where_they_are_rendered_are_the_letters_built_in_place() {
        let in_place = reminder_and_mate(false);
        let ahead = reminder_and_mate(true);
        // The reminder, the game's end to alice, bob and the spectator.
        assert_eq!(in_place.len(), 4, "{in_place:#?}");
        let body = |row: &[Option<String>]| row[2].clone().unwrap_or_default();
        assert!(
            body(&in_place[1]).contains("Qd1-h5#"),
            "{}",
            body(&in_place[1])
        );
        assert!(
            body(&in_place[1]).contains("Time used"),
            "{}",
            body(&in_place[1])
        );
        assert_eq!(ahead, in_place);
    }
}
