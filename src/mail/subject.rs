//! The command line hidden in a Subject.
//!
//! Players reply to board mails, so their mail programs add `Re:` and
//! `Fwd:`; boserv adds ` **` when a board mail carries a comment, and
//! `New ` or `Nag: ` in front of some (`New Bochess Board 42 alice`). All
//! of it is noise around the command: a reply that keeps the Subject and
//! adds the password and move (`Re: Nag: Bochess Board 42 bob pw e4`)
//! reads as `Bochess Board 42 bob pw e4`, pbmserv's `board` = `move`. Control characters go too: a decoded RFC 2047
//! subject may hold CR/LF, which must never reach a log or a reply header.

/// The command in a Subject: control characters blanked, reply and forward
/// prefixes (any depth, any case) and a trailing `**` removed, spaces
/// squeezed.
pub fn command_line(subject: &str) -> String {
    let printable: String = subject
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let squeezed = printable.split_whitespace().collect::<Vec<_>>().join(" ");
    // Every prefix, then every trailing `**`, until neither is left: the
    // line is only narrowed, never copied, and each round looks for a
    // prefix once more than it finds one, so thousands of `Re:` or `**`
    // cost the Subject's length, not its square. (Taking a `**` off the
    // end never uncovers a prefix: two rounds at most.)
    let mut line: &str = &squeezed;
    loop {
        let before = line.len();
        loop {
            let stripped = strip_prefix(line).trim_start();
            if stripped.len() == line.len() {
                break;
            }
            line = stripped;
        }
        while let Some(stripped) = line.strip_suffix("**") {
            line = stripped.trim_end();
        }
        if line.len() == before {
            return line.to_string();
        }
    }
}

/// True when the Subject asks for one command per body line.
pub fn is_multiple(command_line: &str) -> bool {
    command_line.eq_ignore_ascii_case("multiple")
}

/// `line` without one leading `Re:`, `Fwd:`, `Fw:` (or `Re[2]:`),
/// `Nag:`, or the `New` of a new board's Subject.
fn strip_prefix(line: &str) -> &str {
    let words: Vec<&str> = line.splitn(4, ' ').collect();
    if let [new, _, board, _] = words.as_slice()
        && new.eq_ignore_ascii_case("new")
        && board.eq_ignore_ascii_case("board")
    {
        return &line[new.len()..];
    }
    let Some((head, tail)) = line.split_once(':') else {
        return line;
    };
    let word = head.split('[').next().unwrap_or(head).trim();
    let counter_ok = head.split_once('[').is_none_or(|(_, n)| {
        n.strip_suffix(']')
            .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
    });
    if counter_ok
        && ["re", "fwd", "fw", "aw", "sv", "nag"]
            .iter()
            .any(|p| word.eq_ignore_ascii_case(p))
    {
        tail
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_at_any_depth_and_case() {
        assert_eq!(
            command_line("Re: RE: fwd:Fw: bochess show 42"),
            "bochess show 42"
        );
        assert_eq!(command_line("Re[2]: chess show 1"), "chess show 1");
        assert_eq!(
            command_line("Re: Bochess Board 42 bob **"),
            "Bochess Board 42 bob"
        );
        assert_eq!(
            command_line("  chess   move 1 a b   e4 ** "),
            "chess move 1 a b e4"
        );
        assert_eq!(command_line("Re: **"), "");
        assert_eq!(
            command_line("Re: Nag: Bochess Board 42 bob pw e4"),
            "Bochess Board 42 bob pw e4"
        );
        assert_eq!(
            command_line("RE: New Orwell Board 7 carol pw pass#1"),
            "Orwell Board 7 carol pw pass#1"
        );
        assert_eq!(command_line("new chess show 1"), "new chess show 1");
    }

    #[test]
    fn colons_inside_the_command_stay() {
        assert_eq!(
            command_line("orwell move 3 a b 1,3: c3-d4"),
            "orwell move 3 a b 1,3: c3-d4"
        );
        assert_eq!(command_line("Rex: chess show 1"), "Rex: chess show 1");
    }

    #[test]
    fn control_characters_never_survive() {
        let line = command_line("chess show 1\r\nBcc: victim@example.org\u{0}");
        assert!(!line.chars().any(char::is_control));
        assert_eq!(line, "chess show 1 Bcc: victim@example.org");
    }

    #[test]
    fn multiple_is_case_insensitive() {
        assert!(is_multiple("Multiple"));
        assert!(!is_multiple("multiple chess"));
    }
}
