//! A board mail's HTML part kept as data until the mail is sent.
//!
//! The HTML part is most of a board mail's bytes (9 KB of 10.6), and
//! `remind` queues thousands in one run: drawing them and writing them
//! through the database's log was a fifth of its time. So the outbox keeps
//! what draws the board instead ([`HtmlBoard`]: the variant, the encoded
//! position, the reader's side, a few hundred bytes) and where the ASCII
//! board stands in the text part ([`Later`]); `deliver` draws the HTML
//! part from them as it sends the mail. It is the same function of the
//! same facts as drawing it at once ([`super::part`]), so the mail is the
//! same, and the text part, the record of what was said, is rendered when
//! the mail is queued as before.

use serde::{Deserialize, Serialize};

use super::board::Show;
use super::letter::{ascii_key, board_mail};
use crate::letters::piece_list;
use crate::letters::templates::MAX_COLUMNS;
use crate::rules::picture::Picture;
use crate::rules::{GameOption, Position, Seat, Variant, game_variant};

/// What stands in the text for the board while the HTML part is made.
pub const MARKER: &str = "@@boserv-html-board@@";

/// A board's variant, options and position, read back.
type ReadBack = (&'static dyn Variant, Vec<GameOption>, Box<dyn Position>);

/// One reader's board as data: drawn as a [`Picture`] when needed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HtmlBoard {
    /// The variant's name and the game's options (name, value).
    pub variant: String,
    pub options: Vec<(String, Option<String>)>,
    /// The position as the game stores it ([`crate::rules::Position::encode`]).
    pub position: String,
    /// The reader's seat: the board is drawn from their side.
    pub seat: usize,
    /// The position before the last turn (encoded as `position`): the
    /// squares that differ from it are marked as the last move's.
    pub before_last: Option<String>,
    /// The last turn as the board's notes name it, and as the mail shows
    /// it (with its mark and what it took).
    pub last_shown: Option<(String, String)>,
    /// What the reader asked to see of the board (`board list|picture|both`).
    #[serde(default)]
    pub show: Show,
    /// The definition kept with a game defined as data: its board is read
    /// by it, whatever the operator's file says now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub definition: Option<String>,
}

impl HtmlBoard {
    /// The variant, its options and the position, read back; `None` for a
    /// variant this build does not know or a position it cannot read.
    fn read(&self) -> Option<ReadBack> {
        let variant = game_variant(&self.variant, self.definition.as_deref())?;
        let options: Vec<GameOption> = self
            .options
            .iter()
            .map(|(name, value)| GameOption {
                name: name.clone(),
                value: value.clone(),
            })
            .collect();
        let position = variant.decode(&options, &self.position).ok()?;
        Some((variant, options, position))
    }

    /// The ASCII board of the text part, as the reader sees it (the
    /// `Last move:` line with the turn as the mail shows it); `None` as
    /// for [`Self::picture`].
    pub fn diagram(&self) -> Option<String> {
        let (_, _, position) = self.read()?;
        Some(diagram(
            &*position,
            self.seat,
            self.last_shown.as_ref(),
            self.show,
        ))
    }

    /// The words of the game's text part that explain its ASCII board.
    pub fn ascii_key(&self) -> Option<&'static str> {
        ascii_key(game_variant(&self.variant, self.definition.as_deref())?.writing())
    }

    /// The picture of the board; `None` for a variant this build does not
    /// know, a position it cannot read, or a game without a picture.
    pub fn picture(&self) -> Option<Picture> {
        let (variant, options, position) = self.read()?;
        let mut picture = position.picture(self.seat)?;
        // A position before that cannot be read marks no square.
        picture.last_move = self
            .before_last
            .as_deref()
            .and_then(|before| variant.decode(&options, before).ok())
            .and_then(|before| before.picture(self.seat))
            .map_or_else(Vec::new, |before| picture.changes_from(&before));
        if let Some((turn, shown)) = &self.last_shown {
            picture.notes = picture
                .notes
                .iter()
                .map(|line| last_move_line(line, turn, shown))
                .collect();
        }
        Some(picture)
    }
}

/// The board of a letter's text part as `show` asks: the ASCII board
/// ([`ascii`]), the piece list ([`piece_list::text`], for a game with a
/// picture), or the one then the other. One drawing wherever the board is
/// drawn: in place, on the rendering thread, or back from the outbox.
pub fn diagram(
    position: &dyn Position,
    seat: Seat,
    last_shown: Option<&(String, String)>,
    show: Show,
) -> String {
    let list = match show {
        Show::Picture => None,
        Show::List | Show::Both => position
            .picture(seat)
            .map(|picture| piece_list::text(&picture, MAX_COLUMNS - 4)),
    };
    match (show, list) {
        (Show::List, Some(list)) => list,
        (Show::Both, Some(list)) => format!("{}\n\n{list}", ascii(position, seat, last_shown)),
        _ => ascii(position, seat, last_shown),
    }
}

/// `position` drawn from `seat`'s side, its `Last move:` line with the
/// turn as the mail shows it (`last_shown`: the turn as logged, and as
/// shown with its mark and what it took).
pub fn ascii(position: &dyn Position, seat: Seat, last_shown: Option<&(String, String)>) -> String {
    let diagram = position.render_for(seat);
    let diagram = diagram.trim_end();
    match last_shown {
        Some((turn, shown)) => diagram
            .lines()
            .map(|line| last_move_line(line, turn, shown))
            .collect::<Vec<_>>()
            .join("\n"),
        None => diagram.to_string(),
    }
}

/// A board's `Last move: TURN` line with the turn as the mail shows it
/// (`shown`); any other line as it is.
fn last_move_line(line: &str, turn: &str, shown: &str) -> String {
    match line.strip_prefix("Last move: ") {
        Some(last) if last == turn => format!("Last move: {shown}"),
        _ => line.to_string(),
    }
}

/// A board mail's HTML part as the outbox keeps it: the board, and the
/// bytes of the text part (`at`, `len` bytes long) where its ASCII board
/// stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Later {
    pub board: HtmlBoard,
    pub at: usize,
    pub len: usize,
}

impl Later {
    /// The HTML part of the mail with this Subject and text part, as
    /// [`super::part::board_parts`] would have drawn it; `None` when the
    /// board cannot be drawn (a variant this build lacks) or the text is
    /// not the one it was made for: the mail goes as text alone.
    pub fn draw(&self, subject: &str, text: &str) -> Option<String> {
        let before = text.get(..self.at)?;
        let after = text.get(self.at.checked_add(self.len)?..)?;
        let picture = self.board.picture()?;
        let marked = format!("{before}{MARKER}{after}");
        Some(board_mail(
            subject,
            &marked,
            MARKER,
            &picture,
            &picture.notes,
            self.board.ascii_key(),
            self.board.show,
        ))
    }

    /// As the outbox's `html_board` column keeps it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a board's data is JSON")
    }

    /// `None` for text that is not one.
    pub fn from_json(text: &str) -> Option<Later> {
        serde_json::from_str(text).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::find_variant;

    /// Chess after 1. e4, from `seat`'s side.
    fn chess_board(seat: usize) -> HtmlBoard {
        let start = find_variant("chess").unwrap().start(&[]).unwrap();
        let after = start.play("e2-e4", None).unwrap().position;
        HtmlBoard {
            variant: "chess".into(),
            options: vec![],
            position: after.encode(),
            seat,
            before_last: Some(start.encode()),
            last_shown: None,
            show: Show::Both,
            definition: None,
        }
    }

    /// What `remind` leaves to be drawn on the other core is the board the
    /// loaded position draws, in every variant, from every side.
    #[test]
    fn the_ascii_board_drawn_later_is_the_one_the_position_draws() {
        for variant in crate::rules::VARIANTS.iter() {
            let start = variant.start(&[]).unwrap();
            for seat in 0..variant.seats().len() {
                let board = HtmlBoard {
                    variant: variant.name().into(),
                    options: vec![],
                    position: start.encode(),
                    seat,
                    before_last: None,
                    last_shown: None,
                    show: Show::Picture,
                    definition: variant.definition().map(str::to_string),
                };
                let want = start.render_for(seat);
                assert_eq!(
                    board.diagram().as_deref(),
                    Some(want.trim_end()),
                    "{} from seat {seat}",
                    variant.name()
                );
            }
        }
        // The last turn as the mail shows it, with its mark.
        let board = HtmlBoard {
            last_shown: Some(("e2-e4".into(), "e4+".into())),
            ..chess_board(1)
        };
        let drawn = board.diagram().unwrap();
        assert!(drawn.contains("Last move: e4+"), "{drawn}");
        assert!(!drawn.contains("Last move: e2-e4"), "{drawn}");
        let unknown = HtmlBoard {
            variant: "no such game".into(),
            ..chess_board(0)
        };
        assert_eq!(unknown.diagram(), None);
    }

    #[test]
    fn the_board_is_the_positions_picture_from_the_readers_side() {
        let start = find_variant("chess").unwrap().start(&[]).unwrap();
        let after = start.play("e2-e4", None).unwrap().position;
        let mut want = after.picture(1).unwrap();
        want.mark_changes_from(&start.picture(1).unwrap());
        assert_eq!(want.last_move, ["e2", "e4"]);
        assert_eq!(chess_board(1).picture(), Some(want));
    }

    #[test]
    fn drawn_later_it_is_the_part_drawn_at_once() {
        let board = chess_board(0);
        let picture = board.picture().unwrap();
        let text = "Before\n  a b\n1 K .\nafter\n";
        let now = board_mail(
            "Subject",
            "Before\n@@M@@\nafter\n",
            "@@M@@",
            &picture,
            &picture.notes,
            board.ascii_key(),
            Show::Both,
        );
        let later = Later {
            board,
            at: "Before\n".len(),
            len: "  a b\n1 K .".len(),
        };
        let kept = Later::from_json(&later.to_json()).unwrap();
        assert_eq!(kept.draw("Subject", text), Some(now));
    }

    #[test]
    fn what_cannot_be_drawn_leaves_the_mail_as_text() {
        let mut later = Later {
            board: chess_board(0),
            at: 3,
            len: 100,
        };
        assert_eq!(later.draw("S", "short text"), None, "past the text");
        later.len = 1;
        later.board.variant = "nosuchgame".into();
        assert_eq!(later.draw("S", "short text"), None, "unknown variant");
        assert_eq!(Later::from_json("{not json"), None);
    }
}
