//! A board mail's HTML part, and the page shell web pages share.
//!
//! The HTML part is a second rendering of the same letter: its text (whose
//! turn, the deadline, how to answer, the moves, the players' words) is
//! the text part's, word for word, with the ASCII board replaced by the
//! HTML board. The text is kept in a wrapping monospace block, so the move
//! list keeps its columns and nothing is said in one part and not in the
//! other.

use super::board::{INK, PAPER, block, style};
use super::{MAX_WIDTH, escape};
use crate::rules::picture::Picture;

/// What a text block shares, by class (`div.t`) in the head: the font and
/// margins. Its `white-space:pre-wrap` stays inline, on the block: without
/// it a client that drops the `<style>` would run the move list's lines
/// together.
const TEXT_STYLE: &str = "div.t{overflow-wrap:anywhere;word-wrap:break-word;font:13px/18px Menlo,Consolas,'DejaVu Sans Mono',monospace;margin:6px 0}\n";

/// A whole HTML document: a phone-width body with explicit colours,
/// declared for light and dark schemes (the colours are the page's own in
/// both, so a client does not invert them). `style` is what its boards
/// share ([`super::board::style`]; empty without one), put in the one
/// `<style>` in the head, where mail clients that keep a style sheet keep
/// it.
pub fn document(title: &str, style: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n\
         <meta name=\"supported-color-schemes\" content=\"light dark\">\n\
         <title>{}</title>\n<style>\n{TEXT_STYLE}{style}</style>\n</head>\n\
         <body style=\"margin:0;padding:8px;background:{PAPER};color:{INK}\">\n\
         <div style=\"max-width:{}px;background:{PAPER};color:{INK}\">\n{body}</div>\n</body>\n</html>\n",
        escape(title),
        MAX_WIDTH - 16
    )
}

/// Plain text as a block that keeps its lines and columns and wraps what
/// is too wide for a phone (long words too).
pub fn text_block(text: &str) -> String {
    if text.trim().is_empty() {
        return String::new();
    }
    format!(
        "<div class=\"t\" style=\"white-space:pre-wrap\">{}</div>\n",
        escape(text.trim_matches('\n'))
    )
}

/// The HTML part of a board mail: `text` is the letter rendered with
/// `marker` where the ASCII board stands; the HTML board takes its place
/// (above the text when the letter has no board in it). `notes` are the
/// lines under the board as the letter words them.
pub fn board_mail(
    subject: &str,
    text: &str,
    marker: &str,
    picture: &Picture,
    notes: &[String],
) -> String {
    let board = block(picture, Some(notes));
    let body = match text.split_once(marker) {
        Some((before, after)) => format!("{}{board}{}", text_block(before), text_block(after)),
        None => format!("{board}{}", text_block(text)),
    };
    document(subject, &style(picture), &body)
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
            "Before & after\n@@BOARD@@\nMove by Mon.",
            "@@BOARD@@",
            &picture,
            &["White to move".to_string()],
        );
        let before = html.find("Before &amp; after").unwrap();
        let board = html.find("data-board").unwrap();
        let after = html.find("Move by Mon.").unwrap();
        assert!(before < board && board < after);
        assert!(html.contains("<title>Chess Board 1 &lt;alice&gt;</title>"));
        assert!(html.contains("color-scheme"));
        assert!(!html.contains("@@BOARD@@"));
    }
}
