//! The text body of a player's mail: a comment, or (Subject `multiple`) a
//! list of commands.
//!
//! A comment is what the other players read under the board, so what the
//! mail program added is cut away: quoted lines of the mail being answered,
//! and everything from the signature on. Blank lines are squeezed so a
//! comment never pushes the board off the screen.

/// The comment a body carries, or `None` when nothing is left of it.
pub fn comment(text: &str) -> Option<String> {
    let all: Vec<String> = lines(text).collect();
    let mut kept: Vec<String> = Vec::new();
    for (n, line) in all.iter().enumerate() {
        if is_signature(line) {
            break;
        }
        if is_quoted(line) || introduces_quote(line, &all[n + 1..]) {
            continue;
        }
        if line.is_empty() && kept.last().is_none_or(|last| last.is_empty()) {
            continue;
        }
        kept.push(line.clone());
    }
    while kept.last().is_some_and(|last| last.is_empty()) {
        kept.pop();
    }
    (!kept.is_empty()).then(|| kept.join("\n"))
}

/// The commands of a `multiple` mail: one per line from the first
/// non-blank line up to a blank line or a signature (quoted lines
/// skipped), and the comment that follows them.
/// A reply to a board mail: its first line that is neither blank nor
/// quoted (before any signature) is the command; what follows it is the
/// comment.
pub fn reply(text: &str) -> (Option<String>, Option<String>) {
    let all: Vec<String> = lines(text).collect();
    for (n, line) in all.iter().enumerate() {
        if is_signature(line) {
            break;
        }
        if line.trim().is_empty() || is_quoted(line) || introduces_quote(line, &all[n + 1..]) {
            continue;
        }
        return (
            Some(line.trim().to_string()),
            comment(&all[n + 1..].join("\n")),
        );
    }
    (None, None)
}

pub fn commands(text: &str) -> (Vec<String>, Option<String>) {
    let mut commands = Vec::new();
    let mut rest = String::new();
    let mut in_commands = true;
    for line in lines(text) {
        if in_commands {
            if is_signature(&line) {
                break;
            }
            if line.is_empty() && !commands.is_empty() {
                in_commands = false;
            } else if !line.is_empty() && !is_quoted(&line) {
                commands.push(line.trim().to_string());
            }
        } else {
            rest.push_str(&line);
            rest.push('\n');
        }
    }
    (commands, comment(&rest))
}

/// The lines of a text, without control characters (tab aside) and
/// without trailing spaces.
fn lines(text: &str) -> impl Iterator<Item = String> {
    text.lines().map(|line| {
        let printable: String = line
            .chars()
            .filter(|&c| c == '\t' || !c.is_control())
            .collect();
        printable.trim_end().to_string()
    })
}

/// `On Sunday, Ivan wrote:` just above the quoted text.
fn introduces_quote(line: &str, after: &[String]) -> bool {
    line.trim_end().ends_with("wrote:")
        && after
            .iter()
            .find(|l| !l.is_empty())
            .is_some_and(|l| is_quoted(l))
}

fn is_quoted(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// `-- ` (the standard), `--`, `--=20` (a quoted-printable `-- ` seen
/// raw) and lines of underscores (what webmail puts above its footer).
fn is_signature(line: &str) -> bool {
    line == "--" || line == "--=20" || (line.len() >= 2 && line.bytes().all(|b| b == b'_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_and_signature_are_cut_and_blanks_squeezed() {
        let text = "\r\n\r\nNice move!\r\n\r\n\r\n\r\nReally.\r\nBob wrote:\r\n> old text\r\n  > older\r\n\r\n-- \r\nAlice\r\n";
        assert_eq!(comment(text).as_deref(), Some("Nice move!\n\nReally."));
    }

    #[test]
    fn every_signature_form_ends_the_comment() {
        for sig in ["-- ", "--", "--=20", "__", "________________"] {
            let text = format!("hello\n{sig}\nsignature text\n");
            assert_eq!(comment(&text).as_deref(), Some("hello"), "{sig:?}");
        }
        assert_eq!(
            comment("-- not a signature\nstill\n").as_deref(),
            Some("-- not a signature\nstill")
        );
    }

    #[test]
    fn nothing_left_is_no_comment() {
        assert_eq!(comment(""), None);
        assert_eq!(comment("\n\n> quoted\n\n-- \nBob\n"), None);
    }

    #[test]
    fn a_reply_is_its_first_unquoted_line_then_a_comment() {
        let text = "\r\ne7-e5\r\nYour move!\r\n\r\nOn Mon, bob wrote:\r\n> Chess board 1\r\n";
        assert_eq!(
            reply(text),
            (Some("e7-e5".to_string()), Some("Your move!".to_string()))
        );
        assert_eq!(reply("> quoted only\n-- \nsig\n"), (None, None));
    }

    #[test]
    fn multiple_reads_commands_then_comment() {
        let text =
            "\nchess show 1\r\n  chess show 2  \r\n> chess show 3\r\n\r\nThanks!\r\n-- \r\nx\r\n";
        let (commands, comment) = commands(text);
        assert_eq!(commands, vec!["chess show 1", "chess show 2"]);
        assert_eq!(comment.as_deref(), Some("Thanks!"));
        let (commands, comment) = super::commands("chess show 1\n--\nsig\n");
        assert_eq!(
            (commands, comment),
            (vec!["chess show 1".to_string()], None)
        );
    }
}
