//! The HTML part of a board mail: the same letter rendered by the same
//! template, with the board drawn by [`crate::letters::html`] where the
//! text has its ASCII board. This is the one place a mail's text becomes
//! its HTML part: [`Templates::letter`] asks for both parts here, and
//! `mail::post` queues them in the same outbox row.
//!
//! One render makes both: the template is rendered once with a marker for
//! the ASCII board; the HTML part is drawn around the marker and the text
//! part is that render with the board [`splice`]d in. Rendering the
//! template is a good part of the cost of a board mail, and `remind`
//! writes thousands. The splice is exactly what rendering the board in
//! would give when the marker stands alone on a line, once, between other
//! text and the board's lines are short enough not to wrap; otherwise (an
//! operator's template that filters or repeats the board, a very wide
//! board) the text is rendered again with the board in it.

use serde::Serialize;

use super::later::{Later, MARKER};
use super::letter;
use crate::letters::BoardLetter;
use crate::letters::templates::{MAX_COLUMNS, Parts, Rendered, TemplateError, Templates};

/// When a board mail's HTML part is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Now, into the rendered parts.
    Now,
    /// When the mail is sent ([`super::later`]): the parts come without
    /// it and the [`Later`] that draws it is returned beside them (drawn
    /// now all the same when the text part is not the splice).
    Later,
}

/// The letter `name` renders, its text part and its HTML part; no HTML
/// part when its board has no picture (a game without one: the mail
/// stays plain text).
pub fn board_parts<L: Serialize + Clone>(
    templates: &Templates,
    name: &str,
    letter: &L,
    board: fn(&mut L) -> &mut BoardLetter,
    draw: Draw,
) -> Result<(Rendered, Option<Later>), TemplateError> {
    let mut copy = letter.clone();
    let marked = board(&mut copy);
    let Some(html_board) = marked.html_board.take() else {
        return Ok((templates.render(name, letter)?, None));
    };
    // Drawn now: a board without a picture makes a text-only mail.
    let picture = match draw {
        Draw::Now => match html_board.picture() {
            Some(picture) => Some(picture),
            None => return Ok((templates.render(name, letter)?, None)),
        },
        Draw::Later => None,
    };
    let diagram = std::mem::replace(&mut marked.diagram, MARKER.to_string());
    let rendered = templates.render(name, &copy)?;
    let spliced = splice(&rendered.parts.text, MARKER, &diagram);
    if let (Draw::Later, Some(text)) = (draw, &spliced) {
        let at = rendered
            .parts
            .text
            .find(MARKER)
            .expect("a spliced text had the marker");
        let later = Later {
            board: html_board,
            at,
            len: diagram.len(),
        };
        let parts = Parts {
            text: text.clone(),
            html: None,
        };
        let rendered = Rendered {
            subject: rendered.subject,
            parts,
        };
        return Ok((rendered, Some(later)));
    }
    // Drawn now (asked for, or the text rendered again: no splice to
    // find the board in later).
    let picture = match picture.or_else(|| html_board.picture()) {
        Some(picture) => picture,
        None => return Ok((templates.render(name, letter)?, None)),
    };
    let html = letter::board_mail(
        &rendered.subject,
        &rendered.parts.text,
        MARKER,
        &picture,
        &picture.notes,
        html_board.ascii_key(),
        html_board.show,
    );
    let text = match spliced {
        Some(text) => text,
        None => templates.render(name, letter)?.parts.text,
    };
    let rendered = Rendered {
        subject: rendered.subject,
        parts: Parts {
            text,
            html: Some(html),
        },
    };
    Ok((rendered, None))
}

/// `text` (a rendered body) with `diagram` in place of `marker`, when that
/// is what rendering `diagram` there would have given: the marker once, on
/// a line of its own with text before it and after it (so the body's
/// trimming cannot reach the board), and no line of the board long enough
/// for the body's wrapping at [`MAX_COLUMNS`] to touch it. `None` otherwise.
pub fn splice(text: &str, marker: &str, diagram: &str) -> Option<String> {
    let (before, after) = text.split_once(marker)?;
    let alone = before.ends_with('\n') && after.starts_with('\n');
    let inside = !before.trim().is_empty() && !after.trim().is_empty();
    let short = diagram
        .split('\n')
        .all(|line| line.chars().count() <= MAX_COLUMNS && !line.contains('\r'));
    if !alone || !inside || !short || diagram.is_empty() || after.contains(marker) {
        return None;
    }
    Some(format!("{before}{diagram}{after}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::templates::MAX_COLUMNS;

    #[test]
    fn the_board_goes_where_the_marker_stands_alone() {
        let text = "Board 1\n@@M@@\nMove by Mon.\n";
        assert_eq!(
            splice(text, "@@M@@", "  a b\n1 K .").as_deref(),
            Some("Board 1\n  a b\n1 K .\nMove by Mon.\n")
        );
    }

    #[test]
    fn anything_the_render_could_have_done_otherwise_is_refused() {
        let board = "  a b\n1 K .";
        // Not alone on its line (a filter indented it, text beside it).
        assert_eq!(splice("Board\n  @@M@@\nend\n", "@@M@@", board), None);
        assert_eq!(splice("Board @@M@@\nend\n", "@@M@@", board), None);
        // Twice, or not at all.
        assert_eq!(splice("a\n@@M@@\n@@M@@\nb\n", "@@M@@", board), None);
        assert_eq!(splice("a\nb\n", "@@M@@", board), None);
        // First or last in the body: trimming would have reached it.
        assert_eq!(splice("@@M@@\nend\n", "@@M@@", board), None);
        assert_eq!(splice("Board\n@@M@@\n", "@@M@@", board), None);
        // A line the wrapping would cut, an empty board.
        let wide = "x".repeat(MAX_COLUMNS + 1);
        assert_eq!(splice("a\n@@M@@\nb\n", "@@M@@", &wide), None);
        assert_eq!(splice("a\n@@M@@\nb\n", "@@M@@", ""), None);
    }
}
