//! Letters as data, and their words: one plain struct per kind of mail.
//!
//! The service builds these (every fact a letter shows, from the reader's
//! side) inside a command's transaction; [`templates`] renders them into
//! the parts of a mail, and [`html`] draws a board picture for the HTML
//! part and the web pages. This layer reads no store and calls no service.
//!
//! These are the variables an operator may use in `templates/*.txt`;
//! their names are part of the template interface, so change them only
//! with the built-in templates.

pub mod away;
pub mod consent;
pub mod digest;
pub mod farewell;
pub mod html;
pub mod ladder;
pub mod letter;
pub mod piece_list;
pub mod ratings;
pub mod social;
pub mod templates;
pub mod tournament;

pub use letter::Letter;
pub use templates::{Parts, Rendered, Templates};

use serde::Serialize;

/// A game's board as mailed: `board.txt`, `new_game.txt`,
/// `game_over.txt`, and inside `nag.txt`. Each reader gets their own
/// copy: the fields from `reader` down to `draw_yours` are theirs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BoardLetter {
    /// `Bochess`: pbmserv's short title, used in Subjects.
    pub title: String,
    /// `Big Outer Chess`: the game's own name, used in bodies.
    pub name: String,
    /// `bochess`: the game's command word.
    pub variant: String,
    /// The board number.
    pub board: u64,
    /// Userids in seat order.
    pub players: Vec<String>,
    /// `alice (White)`, in seat order.
    pub sides: Vec<String>,
    /// Board turns played.
    pub ply: u32,
    /// The move to be made now, as the game counts moves
    /// ([`crate::rules::numbering::name`]): `12...`.
    pub move_now: String,
    /// The last move made, so counted (empty before the first).
    pub move_last: String,
    pub to_move: Option<String>,
    pub winner: Option<String>,
    pub drawn: bool,
    /// Why the game ended (`checkmate`).
    pub reason: Option<String>,
    /// `1-0`, `1/2-1/2`, ...
    pub result: Option<String>,
    /// The move list, one line each (`  5. Ng1-f3+       Nb8-c6`).
    pub moves: Vec<String>,
    /// The last move left out of a shortened move list (the list starts
    /// at the move after it); `None` when the list is whole.
    pub moves_cut_before: Option<usize>,
    /// The check and mate marks of the turns, by move number.
    #[serde(skip)]
    pub marks: Vec<(u32, String)>,
    /// The turns whose captures are news, by move number, as a mail shows
    /// them: `Pc10xc12 took alice's Dabbabah, pass` (Orwell).
    #[serde(skip)]
    pub took: Vec<(u32, String)>,
    /// The last turn as the diagram names it, and as the mail shows it
    /// when that says more: with its mark (`+`, `#`) and what it took.
    #[serde(skip)]
    pub last_shown: Option<(String, String)>,
    /// `bob's king is in check.`, when the player to move is.
    pub check: Option<String>,
    /// When the player to move must have moved: `Mon 14 Dec 2026 13:00 UTC`,
    /// in its reader's zone (`Mon 14 Dec 2026 14:00 CET`) once addressed.
    pub deadline: Option<String>,
    /// The deadline's instant, for each reader's zone.
    #[serde(skip)]
    pub deadline_at: Option<chrono::DateTime<chrono::Utc>>,
    /// The reader's time zone, once addressed to a player (the clock
    /// block's dates are written in it); none: UTC (a spectator's copy).
    #[serde(skip)]
    pub zone: Option<chrono_tz::Tz>,
    /// Who offered the draw that stands, and who must still answer it.
    pub draw_offered_by: Vec<String>,
    pub draw_waiting_for: Vec<String>,
    /// True when the silence of the player to move until the deadline
    /// accepts the draw offer (they have not agreed, everyone else has);
    /// otherwise they lose on time then, offer or not.
    pub silence_accepts: bool,
    /// Who proposed taking back the last turn, and who must still answer.
    pub takeback_by: Vec<String>,
    pub takeback_waiting_for: Vec<String>,
    /// The clock block (pbmserv's): shown when the game is over, when its
    /// time limits are not the defaults, or when it limits thinking time.
    pub clock: Option<ClockLetter>,
    /// The ASCII board (from the reader's side).
    pub diagram: String,
    /// True while [`Self::diagram`] is still to be drawn from
    /// [`Self::html_board`] ([`BoardLetter::draw_diagram`]): a long run
    /// draws it where it renders the letter (`mail::ahead`), on the other
    /// core.
    #[serde(skip)]
    pub diagram_later: bool,
    /// The same board as data, for the HTML part (drawn from the reader's
    /// side, the last move's squares marked); none when the game has no
    /// board this build draws.
    #[serde(skip)]
    pub html_board: Option<html::later::HtmlBoard>,
    /// What the reader sees of the board (their `board` setting): the
    /// drawn boards, the piece list, or both.
    #[serde(skip)]
    pub show: html::board::Show,
    /// The position before the last turn, as the game stores positions:
    /// the squares that differ from it are the last move's on the HTML
    /// board (for [`Self::html_board`]); none before the first turn.
    #[serde(skip)]
    pub before_last: Option<String>,
    /// How to write a turn of the game and a key to the board's marks
    /// ([`crate::rules::Variant::writing`]); empty when unknown.
    pub writing: String,
    /// Dice games: the commitment, and the seed once revealed.
    pub commitment: Option<String>,
    pub seed: Option<String>,
    /// What just happened, one line each (`bob offers a draw; ...`).
    pub notes: Vec<String>,
    pub comments: Vec<Comment>,
    /// The userid this copy is for.
    pub reader: String,
    /// True when the reader is to move.
    pub your_turn: bool,
    /// Dice games: the reader's roll, when it is their turn (the one
    /// `roll` answers).
    pub roll: Option<String>,
    /// The Subject that makes the reader's move, with the password and
    /// move left to fill in: `bochess move 42 bob PASSWORD MOVE#14`.
    pub answer: Option<String>,
    /// True when the reader is one who must answer the draw offer.
    pub draw_yours: bool,
    /// True when the reader is one who must answer the takeback.
    pub takeback_yours: bool,
    /// Who watches the game (`subscribe`), listed under the board.
    pub spectators: Vec<String>,
    /// Who asked to be told when this game ends (`notify`).
    pub notified: Vec<String>,
    /// True in the spectators' copy (it says how to stop it).
    pub spectator: bool,
    /// Rated or not, and each player's rating (`ratings.txt`).
    pub ratings: ratings::RatingsLetter,
    /// The tournament game's line: `Tournament spring (round-robin),
    /// round 2.`; none for other games.
    pub tournament: Option<String>,
}

impl BoardLetter {
    /// Draws the ASCII board left for later ([`Self::diagram_later`]),
    /// the same board the game's loaded position draws: from the encoded
    /// position, the reader's side and the last turn's marks in
    /// [`Self::html_board`]. Whether it was left for later.
    pub fn draw_diagram(&mut self) -> bool {
        if !std::mem::take(&mut self.diagram_later) {
            return false;
        }
        if let Some(diagram) = self.html_board.as_ref().and_then(|b| b.diagram()) {
            self.diagram = diagram;
        }
        true
    }

    /// Undoes [`Self::draw_diagram`]: the board left for later again.
    pub fn undraw_diagram(&mut self) {
        self.diagram = String::new();
        self.diagram_later = true;
    }
}

/// The clock block of a board mail: dates as players read them
/// (`Mon 14 Dec 2026 13:00 UTC`), times used as `D days HH:MM:SS`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ClockLetter {
    pub started: String,
    /// The last log entry's date; none before the first move.
    pub last_move: Option<String>,
    /// `now` while the game goes on; `ended` once it is over.
    pub now: Option<String>,
    pub ended: Option<String>,
    pub nag_days: u32,
    pub forfeit_days: u32,
    /// The thinking-time limit in days, if the game has one.
    pub total_days: Option<u32>,
    /// The game's time control in words, if it has one.
    pub control: Option<String>,
    /// `alice (White)` and the time left in their bank, in seat order
    /// (with a time control).
    pub banks: Vec<(String, String)>,
    /// `alice (White)` and the time they used, in seat order.
    pub used: Vec<(String, String)>,
    /// Everyone's time together.
    pub total: String,
    /// The instants of `started`, `last_move`, `now` and `ended`, for each
    /// reader's zone.
    #[serde(skip)]
    pub instants: [Option<chrono::DateTime<chrono::Utc>>; 4],
}

/// A player's words under a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comment {
    pub author: String,
    pub text: String,
}

/// `nag.txt`: a reminder to the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NagLetter {
    #[serde(flatten)]
    pub board: BoardLetter,
    pub days_waited: u32,
    /// When the game is forfeited, as written to players.
    pub forfeit_at: String,
    /// How long until then (`0 days 23:59:00`).
    pub left: Option<String>,
    /// Who offered the draw that still stands, if one does (at forfeit
    /// time the reader's silence accepts it when `silence_accepts`).
    pub draw_offered_by: Vec<String>,
}

/// `error.txt`: why a command was refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ErrorLetter {
    /// The game's title and board number, when the command named a board.
    pub title: Option<String>,
    /// The game's own name (`Big Outer Chess`).
    pub name: Option<String>,
    pub board: Option<u64>,
    /// The one-line reason.
    pub reason: String,
    /// What to send instead, as a Subject with the password (and move)
    /// left to fill in.
    pub instead: Option<String>,
    /// When the refused mail was a reply to a board mail, or this letter
    /// can be replied to: the first line to write in the next reply
    /// (`MOVE#13`, or `show`). The letter then says to answer that way,
    /// and names [`ErrorLetter::instead`] second.
    pub reply: Option<String>,
    /// True when this letter carries a Reply-To token of its own (it goes
    /// to a confirmed address of the player it is about): the reply goes
    /// to this letter, not back to the board mail.
    pub reply_here: bool,
    /// Dice games: the sender's roll, when it is their turn.
    pub roll: Option<String>,
    /// The board as it stands, when there is one.
    pub diagram: Option<String>,
    /// The original mail, line by line, to be quoted.
    pub original: Vec<String>,
}

/// `help.txt`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HelpLetter {
    pub topic: Option<String>,
    pub text: String,
}

/// `welcome.txt`: the answer to a signup by mail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WelcomeLetter {
    pub userid: String,
    /// Where the player's mail goes.
    pub addresses: Vec<String>,
    /// Every game the server plays, as `variants` lists them.
    pub games: Vec<String>,
}

/// `confirm.txt`: the one mail an address given by mail gets before it
/// is confirmed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConfirmLetter {
    pub userid: String,
    pub address: String,
    /// The link-free code, also in the Subject.
    pub code: String,
}

/// `reply.txt`: the answer to any other command (lists, confirmations).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplyLetter {
    /// The command as the player wrote it.
    pub request: String,
    pub text: String,
}

/// The lines of an original mail to quote in an error: at most `limit`,
/// control characters removed, each at most 74 characters (wrapped).
pub fn quoted_original(raw: &[u8], limit: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(raw);
    quoted_lines(&text, limit)
}

/// `text` as quoted lines: at most `limit`, control characters removed,
/// wrapped to fit a 76-column mail behind `> `.
pub fn quoted_lines(text: &str, limit: usize) -> Vec<String> {
    let cleaned: Vec<String> = text
        .lines()
        .map(|l| {
            l.chars()
                .filter(|&c| c == '\t' || !c.is_control())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect();
    let mut lines: Vec<String> = wrap(&cleaned.join("\n"), 74)
        .lines()
        .map(str::to_string)
        .collect();
    if lines.len() > limit {
        lines.truncate(limit);
        lines.push("[...]".to_string());
    }
    lines
}

/// `text` with every line longer than `width` characters broken at
/// spaces (a word longer than the width is cut), so a mail stays in 76
/// columns on a phone and is never sent quoted-printable.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.chars().count() <= width {
            out.push(line.to_string());
            continue;
        }
        // An indent as wide as the line leaves no room: at most width - 1.
        let indent: String = line
            .chars()
            .take_while(|c| *c == ' ')
            .take(width.saturating_sub(1))
            .collect();
        let indent_len = indent.len();
        let mut current = String::new();
        let mut used = 0;
        for mut word in line.split(' ').filter(|w| !w.is_empty()) {
            // Lengths counted once per word and cut, never again per
            // piece: a long word costs its length, not its square.
            let mut len = word.chars().count();
            loop {
                if used > 0 && used + 1 + len > width {
                    out.push(std::mem::take(&mut current));
                    used = 0;
                }
                if current.is_empty() {
                    current.push_str(&indent);
                    used = indent_len;
                    if indent_len + len > width {
                        let keep = width.saturating_sub(indent_len).max(1);
                        let cut = word.char_indices().nth(keep).map_or(word.len(), |(i, _)| i);
                        current.push_str(&word[..cut]);
                        word = &word[cut..];
                        len = len.saturating_sub(keep);
                        out.push(std::mem::take(&mut current));
                        used = 0;
                        if word.is_empty() {
                            break;
                        }
                        continue;
                    }
                } else {
                    current.push(' ');
                    used += 1;
                }
                current.push_str(word);
                used += len;
                break;
            }
        }
        if !current.trim().is_empty() {
            out.push(current);
        }
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_at_spaces_and_long_words_are_cut() {
        let text = format!(
            "short\n{}\n  {}",
            "word ".repeat(30).trim_end(),
            "x".repeat(100)
        );
        let wrapped = wrap(&text, 20);
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 20),
            "{wrapped}"
        );
        assert!(
            wrapped.starts_with("short\nword word word word\n"),
            "{wrapped}"
        );
        assert_eq!(
            wrapped.split_whitespace().filter(|w| *w == "word").count(),
            30
        );
        assert_eq!(
            wrapped.chars().filter(|c| *c == 'x').count(),
            100,
            "{wrapped}"
        );
    }
}
