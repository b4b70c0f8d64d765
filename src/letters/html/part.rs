//! The HTML part of a board mail: the same letter rendered by the same
//! template, with the board drawn by [`crate::letters::html`] where the
//! text has its ASCII board. This is the one place a mail's text becomes
//! its HTML part: [`Templates::letter`] asks for it beside the text, and
//! `mail::post` queues both in the same outbox row.

use serde::Serialize;

use super::letter;
use crate::letters::BoardLetter;
use crate::letters::templates::{TemplateError, Templates};

/// What stands in the text for the board while the HTML part is made.
const MARKER: &str = "@@boserv-html-board@@";

/// The HTML part of the letter `name` renders, or none when its board has
/// no picture (a game without one: the mail stays plain text).
pub fn board_mail<L: Serialize + Clone>(
    templates: &Templates,
    name: &str,
    letter: &L,
    board: fn(&mut L) -> &mut BoardLetter,
) -> Result<Option<String>, TemplateError> {
    let mut copy = letter.clone();
    let board = board(&mut copy);
    let Some(picture) = board.picture.clone() else {
        return Ok(None);
    };
    board.diagram = MARKER.to_string();
    let rendered = templates.render(name, &copy)?;
    Ok(Some(letter::board_mail(
        &rendered.subject,
        &rendered.parts.text,
        MARKER,
        &picture,
        &picture.notes,
    )))
}
