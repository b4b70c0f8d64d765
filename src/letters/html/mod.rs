//! HTML for mail clients and browsers: inline CSS only, no scripts, no
//! images, no SVG (mail clients strip them), at most 360 px wide for every
//! game, with explicit colours so that a dark mode cannot make it
//! unreadable.
//!
//! - [`board`]: one board as a table, a cell per square.
//! - [`letter`]: a whole board mail's HTML part: the letter's text around
//!   the board.
//! - [`part`]: that part made from a letter and its template.

pub mod board;
pub mod letter;
pub mod part;

/// The widest a page or mail part may be, in CSS pixels (a small phone).
pub const MAX_WIDTH: u32 = 360;

/// `text` safe inside an element or a double-quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
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
    }
}
