//! A board mail's HTML part, and the page shell web pages share.
//!
//! The HTML part is a second rendering of the same letter: its words
//! (whose turn, the deadline, how to answer, the moves, the players'
//! words) are the text part's, with the ASCII board replaced by the HTML
//! board and the ASCII board's key left out (it describes a drawing the
//! HTML part does not have). The templates put the board right after the
//! letter's first lines (what happened, whose turn, the deadline), so
//! the board comes before how to answer. Sentences flow and columns stay
//! ([`super::prose`]).

use super::board::{INK, PAPER, Show, block_showing, style};
use super::{escape, prose};
use crate::rules::picture::Picture;

/// The widest a column of text is on a wide screen, in CSS pixels.
const WIDE_COLUMN: u32 = 680;

/// A whole HTML document: a body as wide as the screen up to a readable
/// column, with explicit colours, declared light only (its colours are
/// chosen for a light page; a browser that prefers dark does not give its
/// links and text its own dark colours against this page's paper). A
/// mail app's repainting dark mode is what [`super::board`] is made for.
/// `style` is what the page's boards add on a wide screen
/// ([`super::board::style`]; empty without one).
pub fn document(title: &str, style: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light\">\n\
         <meta name=\"supported-color-schemes\" content=\"light\">\n\
         <title>{}</title>\n<style>\n:root{{color-scheme:light}}\na{{color:#0b4aa2}}\n{style}</style>\n</head>\n\
         <body style=\"margin:0;padding:8px;background:{PAPER};color:{INK}\">\n\
         <div style=\"max-width:{WIDE_COLUMN}px;min-width:0;background:{PAPER};color:{INK};overflow-wrap:anywhere;word-wrap:break-word\">\n{body}</div>\n</body>\n</html>\n",
        escape(title),
    )
}

/// Plain text with columns (a game record, a text board): kept as it is,
/// wrapped only where the screen ends.
pub fn text_block(text: &str) -> String {
    if text.trim().is_empty() {
        return String::new();
    }
    format!(
        "<div style=\"font:13px/18px Menlo,Consolas,'DejaVu Sans Mono',monospace;margin:6px 0;white-space:pre-wrap;overflow-wrap:anywhere;word-wrap:break-word\">{}</div>\n",
        escape(text.trim_matches('\n'))
    )
}

/// The HTML part of a board mail: `text` is the letter rendered with
/// `marker` where the ASCII board stands; the HTML board takes its place
/// (above the text when the letter has no board in it). `notes` are the
/// lines under the board as the letter words them; `ascii_key` the words
/// of the text part that explain the ASCII board, left out; `show` what
/// the reader asked to see of the board.
pub fn board_mail(
    subject: &str,
    text: &str,
    marker: &str,
    picture: &Picture,
    notes: &[String],
    ascii_key: Option<&str>,
    show: Show,
) -> String {
    let text = match ascii_key {
        Some(key) if !key.is_empty() => text.replace(key, ""),
        _ => text.to_string(),
    };
    let board = block_showing(picture, Some(notes), show);
    let body = match text.split_once(marker) {
        Some((before, after)) => format!("{}{board}{}", prose::html(before), prose::html(after)),
        None => format!("{board}{}", prose::html(&text)),
    };
    let style = if show == Show::List {
        String::new()
    } else {
        style(picture)
    };
    document(subject, &style, &body)
}

/// The words of a game's `writing` that explain its ASCII board (from
/// the line that begins `Board:` to the end); `None` when it has none.
pub fn ascii_key(writing: &str) -> Option<&str> {
    let at = if writing.starts_with("Board:") {
        0
    } else {
        writing.find("\nBoard:")? + 1
    };
    Some(writing[at..].trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_takes_the_place_of_the_marker() {
        let start = crate::rules::find_variant("chess")
            .unwrap()
            .start(&[])
            .unwrap();
        let picture = start.picture(0).unwrap();
        let html = board_mail(
            "Chess Board 1 <alice>",
            "Before & after\n@@BOARD@@\nMove by Mon.\nBoard: X White.",
            "@@BOARD@@",
            &picture,
            &["White to move".to_string()],
            Some("Board: X White."),
            Show::Both,
        );
        let before = html.find("Before &amp; after").unwrap();
        let board = html.find("data-board").unwrap();
        let after = html.find("Move by Mon.").unwrap();
        assert!(before < board && board < after);
        assert!(html.contains("<title>Chess Board 1 &lt;alice&gt;</title>"));
        assert!(html.contains("color-scheme"));
        assert!(!html.contains("@@BOARD@@"));
        assert!(!html.contains("X White"), "the ASCII key is left out");
        assert_eq!(
            ascii_key("To write: e2-e4.\nBoard: X White, *X* Black;\nmore.\n"),
            Some("Board: X White, *X* Black;\nmore.")
        );
        assert_eq!(ascii_key("To write: e2-e4."), None);
    }
}
