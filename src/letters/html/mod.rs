//! HTML for mail clients and browsers: no scripts, no images, no SVG (mail
//! clients strip them), at most 320 px wide for every game, with explicit
//! colours that a repainting dark mode keeps where they tell something
//! (the squares, the armies). Everything is inline, so a client that
//! drops the `<style>` in the head loses nothing but the bigger board a
//! wide screen gets from it.
//!
//! - [`board`]: one board as a table, a cell per square.
//! - [`piece`]: one piece as a chip whose shape says whose it is.
//! - [`letter`]: a whole board mail's HTML part: the letter's text around
//!   the board.
//! - [`part`]: that part made from a letter and its template.
//! - [`later`]: that part kept as data in the outbox, drawn when sent.

pub mod board;
pub mod later;
pub mod letter;
pub mod part;
pub mod piece;
pub mod prose;

/// The widest a page or mail part may be, in CSS pixels (a small phone).
pub const MAX_WIDTH: u32 = 320;

/// `text` safe inside an element or a double-quoted attribute. Copied a
/// run at a time between the characters replaced (all ASCII, so never
/// inside a multi-byte character): a board mail escapes its whole text.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let mut from = 0;
    for (at, byte) in text.bytes().enumerate() {
        let with = match byte {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&text[from..at]);
        out.push_str(with);
        from = at + 1;
    }
    out.push_str(&text[from..]);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            super::escape(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(super::escape("♔ é <b>♚"), "♔ é &lt;b&gt;♚");
        assert_eq!(super::escape("plain"), "plain");
    }
}
