//! What a command answers, and how that answer reads as text.
//!
//! Every front end gets the same [`Reply`]: the shell prints
//! [`Reply::text`] (or the JSON of a board), the mail layer puts the same
//! text in its answer. Keeping the wording here means the shell and mail
//! never drift apart.

use crate::rules::Roll;
use serde::Serialize;

/// One game as a player sees it; also `show --format json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameView {
    /// `game7`.
    pub game: String,
    pub variant: String,
    /// Userids in seat order.
    pub players: Vec<String>,
    /// Seat names in turn order (`White`, `Black`).
    pub seats: Vec<String>,
    /// Board turns played up to this position.
    pub ply: u32,
    /// The userid to move, or null when the game is over.
    pub to_move: Option<String>,
    /// `active`, `over` or `cancelled`.
    pub status: String,
    /// `1-0`, `0-1`, `1/2-1/2`, `[1:0:0]`; null while the game goes on.
    pub result: Option<String>,
    /// Why the game ended, in words (`checkmate`, `time forfeit`, ...,
    /// `Black declined to play` for a cancelled game).
    pub reason: Option<String>,
    /// The same as a stable key (`checkmate`, `time-forfeit`,
    /// `all-royals:0:3`, ..., `declined:1`); null while the game goes on.
    pub ending: Option<String>,
    /// The userid of the one winner; null for a draw or a game going on.
    pub winner: Option<String>,
    /// The dice of the turn to come, in dice games.
    pub roll: Option<Vec<u8>>,
    /// Dice games: the SHA-256 of the seed, published from the start.
    pub commitment: Option<String>,
    /// Dice games: the seed, revealed once the game is over (null before).
    pub seed: Option<String>,
    /// Players who have offered or agreed to a draw that still stands.
    pub draw_offered_by: Vec<String>,
    /// Players who have proposed or agreed to take back the last turn.
    pub takeback_by: Vec<String>,
    /// The ASCII board.
    pub board: String,
    /// Days without a move before the player to move is reminded, and
    /// before they forfeit (the game's `nag` and `forfeit` options).
    pub nag_days: u32,
    pub forfeit_days: u32,
    /// Days each player may think in all (the `totaltime` option); null
    /// when unlimited.
    pub total_days: Option<u32>,
    /// The correspondence time control in words (`--clock=`), if any;
    /// absent from the JSON when the game has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
    /// Players on vacation, one line each, saying what it does to the
    /// clock (`bob is on vacation: the clock stands still until 2026-03-01`).
    pub vacations: Vec<String>,
    /// When the player to move must have moved (`Mon 14 Dec 2026 13:00
    /// UTC`), where the command worked it out (`show`).
    pub deadline: Option<String>,
    /// True when, at that deadline, the silence of the player to move
    /// accepts the standing draw offer instead of losing on time.
    pub silence_accepts: bool,
    /// A challenge not accepted yet: the players it waits for (nobody is
    /// to move until they have all accepted); empty once it has begun.
    pub waiting_for: Vec<String>,
}

impl GameView {
    /// `game7 (chess): alice (White) v bob (Black)`.
    pub fn heading(&self) -> String {
        let sides: Vec<String> = self
            .players
            .iter()
            .zip(&self.seats)
            .map(|(player, seat)| format!("{player} ({seat})"))
            .collect();
        format!("{} ({}): {}", self.game, self.variant, sides.join(" v "))
    }

    /// `it is bob's turn (move 6)` or `game over: 1-0 (checkmate)`.
    pub fn status_line(&self) -> String {
        match (&self.result, &self.to_move) {
            (Some(result), _) => match &self.reason {
                Some(reason) => format!("game over: {result} ({reason})"),
                None => format!("game over: {result}"),
            },
            (None, _) if !self.waiting_for.is_empty() => format!(
                "not begun: waiting for {} to accept the challenge",
                self.waiting_for.join(", ")
            ),
            (None, Some(user)) => format!(
                "it is {user}'s turn (move {})",
                crate::rules::numbering::name_in(&self.variant, self.ply + 1)
            ),
            (None, None) if self.status == "cancelled" => "the game was cancelled".to_string(),
            (None, None) => "nobody is to move".to_string(),
        }
    }

    /// Dice games: `commitment: HEX`, then `seed: HEX` once revealed and
    /// `roll: A,B` while the game goes on, each ending in a newline.
    pub fn dice_lines(&self) -> String {
        let mut out = String::new();
        if let Some(commitment) = &self.commitment {
            out.push_str(&format!("commitment: {commitment}\n"));
        }
        if let Some(seed) = &self.seed {
            out.push_str(&format!("seed: {seed}\n"));
        }
        if let Some(roll) = self.roll.as_deref().and_then(Roll::new) {
            out.push_str(&format!("roll: {roll}\n"));
        }
        out
    }

    /// Heading, board and status, as printed by `show`.
    pub fn text(&self) -> String {
        let mut out = self.heading();
        out.push('\n');
        out.push_str(self.board.trim_end());
        out.push('\n');
        if !self.draw_offered_by.is_empty() {
            out.push_str(&format!(
                "draw offered by {}\n",
                self.draw_offered_by.join(", ")
            ));
        }
        if !self.takeback_by.is_empty() {
            out.push_str(&format!(
                "takeback of the last turn proposed by {}\n",
                self.takeback_by.join(", ")
            ));
        }
        out.push_str(&self.dice_lines());
        if self.status == "active" {
            out.push_str(&format!("{}\n", self.time_line()));
            if let (Some(deadline), Some(user)) = (&self.deadline, &self.to_move) {
                let or = match self.silence_accepts {
                    true => "their silence accepts the draw offer",
                    false => "lose on time",
                };
                out.push_str(&format!("{user} must move by {deadline} or {or}\n"));
            }
            for line in &self.vacations {
                out.push_str(&format!("{line}\n"));
            }
        }
        out.push_str(&self.status_line());
        out
    }

    /// `time: reminder after 7 days, forfeit after 21 days` (and `, 30 days
    /// of thinking time each` with a `totaltime` limit).
    pub fn time_line(&self) -> String {
        let total = self
            .total_days
            .map(|d| format!(", {} of thinking time each", days_text(d)))
            .unwrap_or_default();
        match &self.clock {
            Some(clock) => format!(
                "time: reminder after {} days, clock {clock}{total}",
                self.nag_days
            ),
            None => format!(
                "time: reminder after {} days, forfeit after {} days{total}",
                self.nag_days, self.forfeit_days
            ),
        }
    }
}

/// One line of `games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameLine {
    pub game: String,
    pub variant: String,
    pub players: Vec<String>,
    pub ply: u32,
    pub status: String,
    /// `alice to move` or `1-0 (checkmate)`.
    pub standing: String,
    /// When the player to move forfeits if they do not move.
    pub deadline: Option<String>,
}

/// The answer to a command.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// A short confirmation: `signed up alice`.
    Done(String),
    /// A new game: its board, then its id on the last line.
    /// The automatic passes of its very first rolls come first.
    Challenged { passes: Vec<String>, view: GameView },
    /// A turn was played (`turn` canonical); the turns the server then
    /// made by itself (`green: pass, pass (passed automatically)` in dice
    /// games, turns played from a queue); the board after them.
    Moved {
        turn: String,
        passes: Vec<String>,
        view: GameView,
    },
    /// A board (`show`, and after a draw vote).
    Board(GameView),
    /// What was done, in one line, then the board (a declined draw).
    Noted { line: String, view: GameView },
    /// A resignation: the turns the server then passed by itself (a seat
    /// that has left a game of three), and the board after them.
    Resigned { passes: Vec<String>, view: GameView },
    /// Lines of a game's log or a list of games.
    Games {
        /// Newest first, at most `games_list::MAX_LINES`.
        lines: Vec<GameLine>,
        /// There are more games than the lines name.
        more: bool,
    },
    /// Free text: help, history, a game record.
    Text(String),
    /// A table: a rating pool ranked (`standings VARIANT`), a ladder's
    /// ranks or a tournament's crosstable (`tournament show NAME`), as the
    /// player reads it and as the shell's `--format json` prints it. The
    /// topic that builds it renders both, so this type names none of them.
    Table { text: String, json: String },
}

impl Reply {
    /// A table answer: its text, and `data` as JSON.
    pub fn table(
        text: String,
        data: &impl Serialize,
    ) -> Result<Reply, crate::service::ServiceError> {
        let json = serde_json::to_string_pretty(data)
            .map_err(|e| crate::service::ServiceError::Internal(format!("a table as JSON: {e}")))?;
        Ok(Reply::Table { text, json })
    }

    /// The game board in this reply, if any.
    pub fn view(&self) -> Option<&GameView> {
        match self {
            Reply::Challenged { view, .. }
            | Reply::Moved { view, .. }
            | Reply::Resigned { view, .. }
            | Reply::Board(view)
            | Reply::Noted { view, .. } => Some(view),
            _ => None,
        }
    }

    /// The reply as a player reads it (no trailing newline).
    pub fn text(&self) -> String {
        match self {
            Reply::Done(line) => line.clone(),
            Reply::Challenged { passes, view } => {
                format!("{}{}\n{}", pass_lines(passes), view.text(), view.game)
            }
            Reply::Moved { turn, passes, view } => {
                format!(
                    "{} played {turn}\n{}{}",
                    view.game,
                    pass_lines(passes),
                    view.text()
                )
            }
            Reply::Board(view) => view.text(),
            Reply::Noted { line, view } => format!("{line}\n{}", view.text()),
            Reply::Resigned { passes, view } => format!("{}{}", pass_lines(passes), view.text()),
            Reply::Games { lines, .. } if lines.is_empty() => "no games".to_string(),
            Reply::Games { lines, more } => {
                let mut text = games_table(lines);
                if *more {
                    text.push_str(&format!(
                        "\n(only the newest {} are listed; a game type or `active`, \
                         `inactive`, `next` narrows the list)",
                        lines.len()
                    ));
                }
                text
            }
            Reply::Text(text) => text.trim_end().to_string(),
            Reply::Table { text, .. } => text.clone(),
        }
    }

    /// The reply as the shell's `--format json` prints it: a board, or a
    /// pool's standings (a list of objects); none for other replies.
    pub fn json(&self) -> Option<serde_json::Result<String>> {
        match self {
            Reply::Table { json, .. } => Some(Ok(json.clone())),
            reply => reply.view().map(serde_json::to_string_pretty),
        }
    }
}

/// The `games` answer: a header, then one line per game. Each column is as
/// wide as its widest entry, so the columns line up whatever the userids,
/// and the standing, the one free-length column, comes last: with ordinary
/// names a three-player game fits the 76 columns of a mail.
fn games_table(lines: &[GameLine]) -> String {
    let header = ["GAME", "VARIANT", "PLAYERS", "MOVE", "STANDING"];
    let rows: Vec<[String; 5]> = lines
        .iter()
        .map(|l| {
            let standing = match &l.deadline {
                Some(date) => format!("{}, by {date}", l.standing),
                None => l.standing.clone(),
            };
            [
                l.game.clone(),
                l.variant.clone(),
                l.players.join("-"),
                crate::rules::numbering::name_in(&l.variant, l.ply + 1),
                standing,
            ]
        })
        .collect();
    let width = |column: usize| {
        rows.iter()
            .map(|row| row[column].chars().count())
            .chain([header[column].len()])
            .max()
            .unwrap_or(0)
    };
    let widths = [width(0), width(1), width(2), width(3)];
    let line = |cells: [&str; 5]| {
        let mut out = String::new();
        for (cell, width) in cells.iter().zip(widths) {
            out.push_str(&format!("{cell:<width$} "));
        }
        out.push_str(cells[4]);
        out
    };
    let mut out = vec![line(header)];
    out.extend(
        rows.iter()
            .map(|r| line([&r[0], &r[1], &r[2], &r[3], &r[4]])),
    );
    out.join("\n")
}

/// The turns the server made, one line each ([`crate::service::play::autopass::lines`]).
fn pass_lines(passes: &[String]) -> String {
    passes.iter().map(|pass| format!("{pass}\n")).collect()
}

/// `3 days`, `1 day`: a number of days as a sentence says it.
pub fn days_text(days: u32) -> String {
    format!("{days} day{}", if days == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(game: &str, variant: &str, players: &[&str], to_move: &str) -> GameLine {
        GameLine {
            game: game.into(),
            variant: variant.into(),
            players: players.iter().map(|p| p.to_string()).collect(),
            ply: 0,
            status: "active".into(),
            standing: format!("{to_move} to move"),
            deadline: Some("2026-12-17 12:37 UTC".into()),
        }
    }

    #[test]
    fn the_games_table_keeps_its_columns_and_fits_a_mail() {
        let ordinary = games_table(&[
            line("game1", "orwell", &["alice", "bob", "carol"], "carol"),
            line("game12", "chess", &["alice", "bob"], "alice"),
        ]);
        for row in ordinary.lines() {
            assert!(row.chars().count() <= 76, "{row:?} is wider than a mail");
        }
        // A long userid widens its column for every row: each row's
        // standing starts where the header's does.
        let long = "averyveryverylonguseridnumber01";
        let table = games_table(&[
            line("game1", "orwell", &[long, "bob", "carol"], long),
            line("game2", "chess", &["alice", "bob"], "alice"),
        ]);
        let rows: Vec<&str> = table.lines().collect();
        let column = rows[0].find("STANDING").unwrap();
        for row in &rows[1..] {
            let standing = &row[column..];
            assert!(
                standing.starts_with(long) || standing.starts_with("alice to move"),
                "{table}"
            );
        }
        let moves = rows[0].find("MOVE").unwrap();
        assert!(
            rows.iter().skip(1).all(|r| r[moves..].starts_with('1')),
            "{table}"
        );
    }
}
