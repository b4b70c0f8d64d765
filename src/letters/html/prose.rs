//! A mail's text as HTML that flows: the text part is written for a
//! 72-column terminal, its sentences broken by hand; on a phone those
//! breaks and the screen's own alternate long and short lines. Here each
//! paragraph's hand-broken lines are joined again and left to wrap, and
//! what has columns (indented lines: the Subject to send, a move list,
//! the clock's times; a quoted line) keeps them, in monospace, wrapping
//! only where the screen ends (a 64-character dice commitment included).
//!
//! A line was broken by hand when the next line's first word would have
//! made it longer than [`JOINED`] columns and the next line goes on with
//! a small letter, a digit or a sign (a sentence carried on), or, when it
//! begins with a capital, longer than [`WRAPPED`] columns (it could not
//! have fit: `Board 3: alice (White) v bob (Red) v carol (Black)` is a
//! line of its own, `Rated game: …` the next). A short line (`5. Nf3
//! Nc6`, `Your roll: 3`) ends where it ends.

use super::escape;

/// A line this long with the next line's first word was wrapped: the
/// templates wrap at 70 to 72 columns, and what they fill in (names,
/// dates) shortens a line by a few.
const JOINED: usize = 56;
/// The column the templates wrap at.
const WRAPPED: usize = 72;

const PROSE: &str = "font:15px/21px Arial,Helvetica,sans-serif;margin:8px 0;overflow-wrap:anywhere;word-wrap:break-word";
const COLUMNS: &str = "font:13px/18px Menlo,Consolas,'DejaVu Sans Mono',monospace;margin:4px 0;white-space:pre-wrap;overflow-wrap:anywhere;word-wrap:break-word";

/// Whether `line` keeps its columns.
fn has_columns(line: &str) -> bool {
    line.starts_with([' ', '\t', '>'])
}

/// Whether `line` only draws a rule (`*****`).
fn is_rule(line: &str) -> bool {
    let line = line.trim();
    line.len() >= 8 && line.chars().all(|c| c == '*' || c == '-' || c == '=')
}

/// `text` as HTML paragraphs.
pub fn html(text: &str) -> String {
    let mut out = String::new();
    for block in text.split("\n\n") {
        let lines: Vec<&str> = block
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::trim_end)
            .collect();
        let mut prose: Vec<String> = Vec::new();
        let mut columns: Vec<&str> = Vec::new();
        let flush_prose = |prose: &mut Vec<String>, out: &mut String| {
            if !prose.is_empty() {
                out.push_str(&format!(
                    "<p style=\"{PROSE}\">{}</p>\n",
                    prose.join("<br>\n")
                ));
                prose.clear();
            }
        };
        let flush_columns = |columns: &mut Vec<&str>, out: &mut String| {
            if !columns.is_empty() {
                let text: Vec<String> = columns.iter().map(|l| escape(l)).collect();
                out.push_str(&format!(
                    "<div style=\"{COLUMNS}\">{}</div>\n",
                    text.join("\n")
                ));
                columns.clear();
            }
        };
        let mut last_len = 0;
        for line in lines {
            if is_rule(line) {
                flush_prose(&mut prose, &mut out);
                flush_columns(&mut columns, &mut out);
                out.push_str(
                    "<hr style=\"border:0;border-top:1px solid #888888;margin:12px 0\">\n",
                );
                continue;
            }
            if has_columns(line) {
                flush_prose(&mut prose, &mut out);
                columns.push(line);
                continue;
            }
            flush_columns(&mut columns, &mut out);
            let first_word = line.split(' ').next().unwrap_or("").chars().count();
            let capital = line.starts_with(|c: char| c.is_uppercase());
            let carried = last_len + 1 + first_word > if capital { WRAPPED } else { JOINED };
            match prose.last_mut() {
                Some(previous) if carried => {
                    previous.push(' ');
                    previous.push_str(&escape(line));
                }
                _ => prose.push(escape(line)),
            }
            last_len = line.chars().count();
        }
        flush_prose(&mut prose, &mut out);
        flush_columns(&mut columns, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_broken_by_hand_flow_and_columns_stay() {
        let text = "To move, reply to this mail with your move alone on the first line, no\n\
                    password needed (the rest of your reply is a comment the others read):\n  \
                    MOVE#13\n\nMoves:\n5. Nf3 Nc6\n6. Bb5\n\n****************************\nalice writes:\n";
        let html = html(text);
        assert!(
            html.contains("first line, no password needed (the rest"),
            "{html}"
        );
        assert!(
            html.contains("white-space:pre-wrap") && html.contains("\">  MOVE#13</div>"),
            "{html}"
        );
        assert!(
            html.contains("Moves:<br>\n5. Nf3 Nc6<br>\n6. Bb5</p>"),
            "{html}"
        );
        assert!(html.contains("<hr"), "{html}");
        // A long line followed by one that begins a new sentence.
        let header =
            "Orwell Chess, board 3: alice (White) v bob (Red) v carol (Black)\nRated game.";
        assert!(
            super::html(header).contains("(Black)<br>\nRated game."),
            "{}",
            super::html(header)
        );
        assert!(!html.contains("****"), "{html}");
    }

    #[test]
    fn text_is_escaped() {
        assert!(html("a <b> & c").contains("a &lt;b&gt; &amp; c"));
    }
}
