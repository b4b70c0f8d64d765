//! Notices -> outbox rows: who is told what after a command.
//!
//! Called from `service::notify::queue` inside the command's transaction,
//! so the mails exist exactly when the change they report was committed.
//! Each player of the game gets one mail at each of their addresses: a
//! new-game mail, a board mail after each move, a game-over mail when it
//! ends (instead of the board mail of the last move). A game's mails to a
//! player thread under the first one, and the deterministic ids of board
//! mails make queuing them twice harmless.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::letters::{BoardLetter, Comment};
use super::nag;
use super::outbox::{self, Draft};
use super::settings::Settings;
use crate::command::GameId;
use crate::rules::VARIANTS;
use crate::service::game::LoadedGame;
use crate::service::vacation::vacation_notes;
use crate::service::{Notice, ServiceError};
use crate::store::{StoreError, games, players, turns};

/// How many of the last log lines a board mail shows.
const RECENT_MOVES: usize = 8;

/// Queues the mail `notices` call for.
pub fn queue(conn: &Connection, notices: &[Notice], now: DateTime<Utc>) -> Result<(), StoreError> {
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    for notice in notices {
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
            nag::queue(conn, settings, &reminder, now)?;
        }
    }
    for (game, plan) in plans(notices) {
        let (mut letter, players, ply, loaded) = match LoadedGame::load(conn, VARIANTS, game) {
            Ok(loaded) => (
                board_letter(conn, &loaded)?,
                loaded.row.players.clone(),
                loaded.row.ply,
                Some(loaded),
            ),
            // A game of a variant this build does not offer (test catalogs):
            // the mail says what the store knows, without a board.
            Err(ServiceError::UnknownVariant { .. }) => {
                let row = games::find(conn, game)?
                    .ok_or_else(|| StoreError::Damaged(format!("mail for missing {game}")))?;
                let mut letter = row_letter(&row);
                letter.to_move = plan.to_move.clone();
                (letter, row.players, row.ply, None)
            }
            Err(ServiceError::Store(e)) => return Err(e),
            Err(other) => return Err(StoreError::Damaged(format!("mail for {game}: {other}"))),
        };
        letter.comments = plan.comments;
        letter.notes = plan.notes;
        // The other players learn that a clock stands still (vacation).
        let seated = games::find(conn, game)?.map(|row| {
            row.player_ids
                .into_iter()
                .zip(row.players)
                .collect::<Vec<_>>()
        });
        letter.notes.extend(
            vacation_notes(conn, &seated.unwrap_or_default(), now)
                .map_err(|e| StoreError::Damaged(e.to_string()))?,
        );
        let (template, kind) = match plan.kind {
            Kind::New => ("new_game.txt", "new"),
            Kind::Board => ("board.txt", "board"),
            Kind::Over => ("game_over.txt", "over"),
            Kind::Note => ("board.txt", ""),
        };
        let mut seen = Vec::new();
        for (seat, user) in players.iter().enumerate() {
            if seen.contains(user) {
                continue;
            }
            seen.push(user.clone());
            let to = addresses(conn, user)?;
            if to.is_empty() {
                continue;
            }
            // Each player sees the board from their own side.
            if let Some(loaded) = &loaded {
                letter.diagram = loaded.position.render_for(seat).trim_end().to_string();
            }
            let mail = settings
                .templates
                .render(template, &letter)
                .map_err(|e| StoreError::Setup(e.to_string()))?;
            let identity = &settings.identity;
            let root = identity.game_root_id(game, user);
            let message_id = match kind {
                "" => identity.unique_id(now),
                kind => identity.game_mail_id(game, ply, kind, user),
            };
            let threaded = message_id != root;
            let draft = Draft {
                game: Some(game),
                to,
                subject: mail.subject,
                body: mail.body,
                in_reply_to: threaded.then(|| root.clone()),
                references: if threaded { vec![root] } else { vec![] },
                message_id,
            };
            outbox::queue(conn, &draft, now).map_err(|e| match e {
                outbox::OutboxError::Database(e) => StoreError::from(e),
                other => StoreError::Damaged(other.to_string()),
            })?;
        }
    }
    Ok(())
}

/// What one game's mail will be.
#[derive(Default)]
struct Plan {
    kind: Kind,
    /// Who is to move, as the notices tell it.
    to_move: Option<String>,
    comments: Vec<Comment>,
    notes: Vec<String>,
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

/// One plan per game, in the order the games first appear.
fn plans(notices: &[Notice]) -> Vec<(GameId, Plan)> {
    let mut plans: Vec<(GameId, Plan)> = Vec::new();
    for notice in notices {
        let game = match notice {
            // Reminders go to one player, in their own mail (super::nag).
            Notice::SignedUp { .. } | Notice::Reminder { .. } => continue,
            Notice::Challenged { game, .. }
            | Notice::Moved { game, .. }
            | Notice::DrawOffered { game, .. }
            | Notice::DrawDeclined { game, .. }
            | Notice::Resigned { game, .. }
            | Notice::Forfeited { game, .. }
            | Notice::Vacation { game, .. }
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
                ..
            } => {
                plan.to_move = to_move.clone();
                plan.notes.push(format!("{mover} played {turn}."));
                (Kind::Board, comment.as_ref().map(|c| (mover, c)))
            }
            Notice::DrawOffered {
                by, waiting_for, ..
            } => {
                plan.notes.push(format!(
                    "{by} offers a draw; waiting for {} to accept or reject it.",
                    waiting_for.join(", ")
                ));
                (Kind::Note, None)
            }
            Notice::DrawDeclined { by, .. } => {
                plan.notes.push(format!("{by} declined the draw."));
                (Kind::Note, None)
            }
            Notice::Resigned {
                player, comment, ..
            } => {
                plan.notes.push(format!("{player} resigned."));
                (Kind::Note, comment.as_ref().map(|c| (player, c)))
            }
            Notice::Forfeited {
                player,
                days,
                to_move,
                ..
            } => {
                plan.to_move = to_move.clone();
                plan.notes.push(format!(
                    "{player} has not moved in {days} days and loses on time."
                ));
                (Kind::Note, None)
            }
            Notice::Vacation { player, away, .. } => {
                // While away, the board's own vacation line says until when.
                plan.notes.push(if *away {
                    format!("{player} went on vacation.")
                } else {
                    format!("{player} is back from vacation: the clock runs again.")
                });
                (Kind::Note, None)
            }
            Notice::GameOver { .. } => (Kind::Over, None),
            Notice::SignedUp { .. } | Notice::Reminder { .. } => continue,
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

/// The board of a game as every template sees it.
pub(super) fn board_letter(
    conn: &Connection,
    game: &LoadedGame,
) -> Result<BoardLetter, StoreError> {
    let view = game.current_view();
    let (winner, drawn) = (
        view.winner.clone(),
        view.result.is_some() && view.winner.is_none(),
    );
    let log = turns::log(conn, game.id())?;
    let moves = log
        .iter()
        .rev()
        .take(RECENT_MOVES)
        .rev()
        .map(|entry| {
            let who = entry.player.as_deref().unwrap_or("-");
            let roll = entry
                .roll
                .as_deref()
                .map(|r| format!("{r}: "))
                .unwrap_or_default();
            format!("{:>3}. {who}: {roll}{}", entry.ply, entry.text)
        })
        .collect();
    Ok(BoardLetter {
        title: game.variant.title().to_string(),
        variant: game.variant.name().to_string(),
        board: game.id().0,
        players: view.players.clone(),
        ply: view.ply,
        to_move: view.to_move.clone(),
        winner,
        drawn,
        reason: view.reason.clone(),
        result: view.result.clone(),
        moves,
        diagram: view.board.trim_end().to_string(),
        commitment: game.row.dice_commitment.clone(),
        seed: view.seed.clone(),
        comments: Vec::new(),
        notes: Vec::new(),
    })
}

/// A game's letter from its stored row alone (no position to draw, no
/// rules to say who won: the result and its reason are shown as stored).
pub(super) fn row_letter(row: &games::Game) -> BoardLetter {
    let mut title = row.variant.clone();
    if let Some(first) = title.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    BoardLetter {
        title,
        variant: row.variant.clone(),
        board: row.id.0,
        players: row.players.clone(),
        ply: row.ply,
        reason: row.reason.clone(),
        result: row.result.clone(),
        ..BoardLetter::default()
    }
}

/// A user's mail addresses; none for a user unknown to the store.
pub(super) fn addresses(conn: &Connection, user: &str) -> Result<Vec<String>, StoreError> {
    match players::find(conn, user)? {
        Some(player) => players::emails(conn, player.id),
        None => Ok(Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(plan.notes, vec!["alice played Qxf7#."]);
    }
}
