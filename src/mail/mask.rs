//! Masking: no password, confirmation code or reply token is stored or
//! mailed back in clear.
//!
//! pbmserv's language carries passwords in known places (`signup USERID
//! PASSWORD`, `GAME move BOARD USERID PASSWORD TURN`, ...). [`secrets`]
//! finds them by position in any line, even one that is not a valid
//! command (a refused line is quoted back too); [`command_line`] writes the
//! line with them replaced, and [`text`] and [`message`] replace them (and
//! every reply token) wherever else they occur: the stored copy of a
//! message, a quoted original, a refusal's reason. Pure functions, for
//! every layout that stores or quotes a command. What is stored or
//! quoted is masked by [`suspects`]: where a line does not parse, every
//! word that could be a password by where it stands is masked too
//! ([`super::suspects`]).

use std::collections::HashSet;
use std::panic::AssertUnwindSafe;

use super::occurrences::Words;
pub use super::suspects::Users;

/// What a secret is replaced with.
pub const MASK: &str = "***";

/// The password-like words of one command line (by their place in the
/// language), in the order they appear.
pub fn secrets(line: &str) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "**").collect();
    let mut found = placed(&words);
    // A verb boserv does not know (pbmserv's `signoff`, a misspelling) in
    // the shape of pbmserv's account commands, `VERB USERID PASSWORD ...`:
    // its third word is taken for a password, so that no password reaches
    // the database even in a line nobody can run.
    if let [verb, user, password, ..] = words.as_slice()
        && verb.chars().all(|c| c.is_ascii_alphabetic())
        && user
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
        && !crate::command::verbs::names_verb(&words)
    {
        found.push(password.to_string());
    }
    found.retain(|s| could_be_one(s));
    found
}

/// The secrets of a line's words by the places of the verb it names, and
/// the passwords of its `--login=USERID:PASSWORD` words: no guessing.
fn placed(words: &[&str]) -> Vec<String> {
    let places = crate::command::verbs::secret_places(words);
    let mut found: Vec<String> = places
        .iter()
        .filter_map(|&i| words.get(i))
        .map(|w| w.to_string())
        .collect();
    for word in words {
        if let Some((_, password)) = crate::command::language::login_word(word) {
            found.push(password.to_string());
        }
    }
    found.retain(|s| could_be_one(s));
    found
}

/// A word that can be a password or a code: what `signup` accepts for
/// one. Anything else (`1`, `pw`) is nobody's password, and masking it
/// would change the message around it (every `1` of a Date).
fn could_be_one(word: &str) -> bool {
    crate::command::names::password_problem(word).is_none()
}

/// What a line of a message is, for [`suspects`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A command: a Subject, a `multiple` line.
    Command,
    /// The first line of a reply to a board mail (its own grammar).
    Reply,
    /// The Subject of a reply to a board mail: no command (the board
    /// mail's Subject, kept), so only the places players put a password
    /// are looked at, never every word.
    ReplySubject,
}

/// The words of one line to mask wherever the message is stored or
/// quoted: its secrets by their place in the language, and, where the
/// grammar cannot be trusted (the line does not parse, or its userid's
/// place holds no userid), every word that could be a password by where
/// it stands ([`super::suspects`]).
pub fn suspects(line: &str, users: &Users<'_>, kind: Line) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "**").collect();
    let parsed = match kind {
        Line::Command => crate::command::language::parse(line).is_ok(),
        Line::Reply => {
            crate::command::language::parse_reply(line, crate::command::GameId(1), "x").is_ok()
                // A reply needs no login: a first line that names no userid
                // (`Good luck!`, a digest's `7 e2-e4`) is no login whose
                // userid was left out, and none of its words is guessed.
                || (matches!(users, Users::Known(_)) && !words.iter().any(|w| users.is_user(w)))
        }
        Line::ReplySubject => true,
    };
    let mut found = match (kind, users) {
        // A reply's Subject is the mail it answers, and a line read with
        // the database at hand has its guesses made by [`super::suspects`]
        // (after a known userid): there the shape of pbmserv's account
        // commands is no guide (`Chess Invitation 1234 bob`).
        (Line::ReplySubject, _) | (_, Users::Known(_)) => placed(&words),
        (_, Users::Unknown) => secrets(line),
    };
    if !parsed && let Users::Known(_) = users {
        // A guess by the shape of pbmserv's account commands may have
        // hit a userid (`move 1 alice PW`): the suspects have the password.
        found.retain(|word| !users.is_user(word));
    }
    // Each word once, in order: a set, as a line may hold thousands.
    let mut seen: HashSet<String> = found.iter().cloned().collect();
    for word in super::suspects::suspects(&words, parsed, users) {
        if seen.insert(word.clone()) {
            found.push(word);
        }
    }
    found
}

/// The secrets of `line` only where it names a verb of the table, by
/// their place (no guessing): for the Subject of an outgoing mail, which
/// is a command only in a confirmation (`confirm USERID CODE`).
pub fn command_secrets(line: &str) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if crate::command::verbs::names_verb(&words) {
        secrets(line)
    } else {
        Vec::new()
    }
}

/// The secrets of the comment's lines that are whole commands (a command
/// written in the body of a mail whose Subject holds another one, the way
/// some clients of pbmserv sent them), by their place. Only a line that
/// parses is looked at, so no other word a player writes is touched.
pub fn comment_secrets(comment: &str) -> Vec<String> {
    comment
        .lines()
        .filter(|line| crate::command::language::parse(line).is_ok())
        .flat_map(command_secrets)
        .collect()
}

/// The secrets of a message's Subject, read from its headers alone (for a
/// message refused before its commands were read: too large, no command).
pub fn subject_secrets(raw: &[u8], users: &Users<'_>) -> Vec<String> {
    std::panic::catch_unwind(AssertUnwindSafe(|| {
        let message = mail_parser::MessageParser::default().parse_headers(raw)?;
        let subject = super::subject::command_line(message.subject()?);
        Some(suspects(&subject, users, Line::Command))
    }))
    .ok()
    .flatten()
    .unwrap_or_default()
}

/// The line with its secrets masked.
pub fn command_line(line: &str) -> String {
    text(line, &secrets(line))
}

/// `text` with every `secrets` word and every reply token masked.
pub fn text(text: &str, secrets: &[String]) -> String {
    let out = match finder(secrets) {
        // One pass however many secrets (a `multiple` of thousands of
        // lines has thousands), in time linear in the text and the
        // secrets however they overlap (super::occurrences).
        Some(finder) => finder.replace_all(text, MASK),
        None => text.to_string(),
    };
    tokens(&out)
}

/// A search for every secret at once (the leftmost, and of those the
/// longest, wins); `None` when there is nothing to mask.
fn finder(secrets: &[String]) -> Option<Words> {
    let patterns: HashSet<&str> = secrets
        .iter()
        .map(String::as_str)
        .filter(|s| !s.is_empty() && *s != MASK)
        .collect();
    Words::new(patterns)
}

/// Reply tokens (`+` and 32 hex digits before an `@`; `<` and 32 hex
/// digits before a `.`, a token in a Message-ID) masked.
pub fn tokens(text: &str) -> String {
    // Only ASCII is replaced by ASCII: the text stays UTF-8.
    String::from_utf8(token_bytes(text.as_bytes()))
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Reply tokens masked in raw bytes, everything else left byte for byte
/// (the spooled copy of a message, read again later: [`super::spool`]).
pub fn token_bytes(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut last = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'+' || bytes[i] == b'<' {
            let hex = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_hexdigit())
                .count();
            let after = if bytes[i] == b'+' { b'@' } else { b'.' };
            if hex >= super::token::TOKEN_HEX && bytes.get(i + 1 + hex) == Some(&after) {
                out.extend_from_slice(&bytes[last..=i]);
                out.extend_from_slice(MASK.as_bytes());
                i += 1 + hex;
                last = i;
                continue;
            }
        }
        i += 1;
    }
    out.extend_from_slice(&bytes[last..]);
    out
}

/// The copy of a raw message to store: every secret and token masked,
/// every other byte as it came. Should a secret survive encoded (an RFC
/// 2047 Subject, a base64 or quoted-printable body), the Subject header
/// is replaced by `subject` (already masked) and the body by its decoded,
/// masked text.
pub fn message(raw: &[u8], subject: Option<&str>, secrets: &[String]) -> Vec<u8> {
    let masked = text(&String::from_utf8_lossy(raw), secrets);
    if secrets.is_empty() || !survives(masked.as_bytes(), secrets) {
        return masked.into_bytes();
    }
    let (head, _) = split_head(&masked);
    let head = match subject {
        Some(subject) => replace_subject(head, subject),
        None => head.to_string(),
    };
    let decoded = mail_parser::MessageParser::default()
        .parse(masked.as_bytes())
        .and_then(|m| m.body_text(0).map(|b| b.into_owned()))
        .unwrap_or_default();
    let kept_head: String = unfolded(&head)
        .into_iter()
        .filter(|h| !h.to_ascii_lowercase().starts_with("content-"))
        .map(|h| format!("{h}\r\n"))
        .collect();
    text(
        &format!(
            "{kept_head}Content-Type: text/plain; charset=utf-8\r\n\r\n{}",
            decoded
        ),
        secrets,
    )
    .into_bytes()
}

/// True when a secret can still be read from the decoded message.
fn survives(raw: &[u8], secrets: &[String]) -> bool {
    let Some(message) = mail_parser::MessageParser::default().parse(raw) else {
        return false;
    };
    let Some(finder) = finder(secrets) else {
        return false;
    };
    let subject = message.subject().unwrap_or("");
    let body = message.body_text(0).unwrap_or_default();
    finder.is_match(subject) || finder.is_match(body.as_ref())
}

/// (headers, the blank line and body).
fn split_head(text: &str) -> (&str, &str) {
    for sep in ["\r\n\r\n", "\n\n"] {
        if let Some(at) = text.find(sep) {
            return text.split_at(at);
        }
    }
    (text, "")
}

/// Header fields, continuation lines joined to their field.
fn unfolded(head: &str) -> Vec<String> {
    let mut fields: Vec<String> = Vec::new();
    for line in head.lines() {
        if line.starts_with([' ', '\t'])
            && let Some(last) = fields.last_mut()
        {
            last.push_str("\r\n");
            last.push_str(line);
        } else {
            fields.push(line.to_string());
        }
    }
    fields
}

/// The header block with every Subject field replaced by `subject`.
fn replace_subject(head: &str, subject: &str) -> String {
    let clean: String = subject.chars().filter(|c| !c.is_control()).collect();
    unfolded(head)
        .into_iter()
        .map(|field| {
            if field.to_ascii_lowercase().starts_with("subject:") {
                format!("Subject: {clean}")
            } else {
                field
            }
        })
        .collect::<Vec<_>>()
        .join("\r\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_in_a_comment_gives_up_its_password_and_nothing_else_does() {
        assert_eq!(
            comment_secrets("good luck\nchess move 1 alice Zq9secretX e2-e4\n"),
            vec!["Zq9secretX".to_string()]
        );
        assert!(comment_secrets("resign if you like\nmove on, alice").is_empty());
    }

    #[test]
    fn passwords_are_found_by_their_place() {
        assert_eq!(secrets("chess move 1 bob Zq9secretX e7-e5"), ["Zq9secretX"]);
        assert_eq!(secrets("bochess resign 4 bob pw1234 **"), ["pw1234"]);
        assert_eq!(secrets("signup alice s3cret a@b.org"), ["s3cret"]);
        assert_eq!(secrets("change password alice old1 new2"), ["old1", "new2"]);
        assert_eq!(secrets("change address alice pw12 x@y.org"), ["pw12"]);
        assert_eq!(secrets("confirm alice 0123abcd"), ["0123abcd"]);
        assert_eq!(
            secrets("chess challenge alice bob --login=alice:hunter22"),
            ["hunter22"]
        );
        assert!(secrets("chess show 1 2 3").is_empty());
        assert!(secrets("chess move 1 bob").is_empty());
        // A verb boserv lacks, in pbmserv's account shape.
        assert_eq!(secrets("signoff dave Zq9secretX extra"), ["Zq9secretX"]);
        assert!(secrets("Re: your game").is_empty());
        assert_eq!(command_secrets("confirm alice 0123abcd"), ["0123abcd"]);
        assert!(command_secrets("boserv: answers to your 3 commands").is_empty());
        assert!(command_secrets("Welcome to boserv").is_empty());
        // A refused line (one word short) is still masked.
        assert_eq!(
            command_line("chess move 1 bob Zq9secretX"),
            "chess move 1 bob ***"
        );
    }

    #[test]
    fn tokens_are_masked_wherever_they_are() {
        let token = "0123456789abcdef0123456789abcdef";
        let line = format!("To: chess+{token}@example.net, x+y@example.net");
        assert_eq!(tokens(&line), "To: chess+***@example.net, x+y@example.net");
        assert_eq!(tokens("a+12@b"), "a+12@b");
    }

    #[test]
    fn a_stored_message_keeps_no_secret() {
        let raw = b"From: b@example.org\r\nSubject: chess move 1 bob\r\n Zq9secretX e5\r\n\r\nZq9secretX twice\r\n";
        let secrets = vec!["Zq9secretX".to_string()];
        let stored = message(raw, Some("chess move 1 bob *** e5"), &secrets);
        let stored = String::from_utf8(stored).unwrap();
        // Nothing else changes, the Subject's folding neither.
        let expected = String::from_utf8_lossy(raw).replace("Zq9secretX", MASK);
        assert_eq!(stored, expected);
    }

    #[test]
    fn an_encoded_body_is_decoded_and_masked() {
        // base64 of "chess move 1 bob Zq9secretX e5\n"
        let body = "Y2hlc3MgbW92ZSAxIGJvYiBacTlzZWNyZXRYIGU1Cg==";
        let raw = format!(
            "From: b@example.org\r\nSubject: multiple\r\nContent-Type: text/plain\r\n\
             Content-Transfer-Encoding: base64\r\n\r\n{body}\r\n"
        );
        let secrets = vec!["Zq9secretX".to_string()];
        let stored = message(raw.as_bytes(), Some("multiple"), &secrets);
        let stored = String::from_utf8(stored).unwrap();
        assert!(!survives(stored.as_bytes(), &secrets), "{stored}");
        assert!(stored.contains("chess move 1 bob *** e5"), "{stored}");
    }

    #[test]
    fn a_stored_message_whose_secret_was_encoded_keeps_its_headers() {
        // The password only in an RFC 2047 Subject: the Subject is put as
        // masked, a folded header stays whole, the body is kept as text.
        let raw = "From: b@example.org\r\nTo: a@example.org,\r\n c@example.org\r\n\
                   Subject: =?utf-8?b?Y2hlc3MgbW92ZSAxIGJvYiBacTlzZWNyZXRYIGU1?=\r\n\r\nGood game.\r\n";
        let secrets = vec!["Zq9secretX".to_string()];
        let stored = message(raw.as_bytes(), Some("chess move 1 bob *** e5"), &secrets);
        assert_eq!(
            String::from_utf8(stored).unwrap(),
            "From: b@example.org\r\nTo: a@example.org,\r\n c@example.org\r\n\
             Subject: chess move 1 bob *** e5\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\nGood game.\r\n"
        );
    }

    #[test]
    fn a_short_word_in_a_passwords_place_is_nobodys_password() {
        // The password left out: the move stands in its place, and a word
        // `signup` would refuse (`e4`) is never masked, nor every `e4` of
        // the message with it.
        assert!(secrets("chess move 1 bob e4").is_empty());
        assert_eq!(command_line("chess move 1 bob e4"), "chess move 1 bob e4");
        assert_eq!(secrets("chess move 1 bob e2-e4"), ["e2-e4"]);
    }

    #[test]
    fn a_replys_first_line_naming_nobody_is_no_login() {
        let users: HashSet<String> = ["alice", "bob"].map(String::from).into();
        let users = Users::Known(&users);
        assert!(suspects("Good luck with this opening", &users, Line::Reply).is_empty());
        assert_eq!(
            suspects("bob Zq9secretX e2-e4", &users, Line::Reply),
            ["Zq9secretX"]
        );
    }

    /// A reply's first line the reply grammar refuses (`draw` takes
    /// offer, accept or decline) and that names nobody is no login: its
    /// words are a player's, not a password left without its userid
    /// (the mutant `||` → `&&` at `Line::Reply` guessed them).
    #[test]
    fn a_refused_reply_line_naming_nobody_has_nothing_guessed() {
        let users: HashSet<String> = ["alice", "bob"].map(String::from).into();
        let users = Users::Known(&users);
        let line = "draw please friend";
        assert!(
            crate::command::language::parse_reply(line, crate::command::GameId(1), "x").is_err()
        );
        assert!(suspects(line, &users, Line::Reply).is_empty());
        // The same words as a command line are guessed at.
        assert_eq!(suspects(line, &users, Line::Command), ["please", "friend"]);
    }

    #[test]
    fn a_refused_reply_line_naming_a_player_has_its_password_guessed() {
        // The reply grammar refuses it and it names bob: a login whose
        // password stands after the userid, guessed with or without the
        // database's players at hand.
        let players: HashSet<String> = ["alice", "bob"].map(String::from).into();
        let line = "draw bob Zq9secretX";
        assert!(
            crate::command::language::parse_reply(line, crate::command::GameId(1), "x").is_err()
        );
        for users in [Users::Known(&players), Users::Unknown] {
            let found = suspects(line, &users, Line::Reply);
            assert!(found.iter().any(|w| w == "Zq9secretX"), "{found:?}");
        }
    }

    #[test]
    fn without_the_players_at_hand_a_refused_reply_line_has_its_words_guessed() {
        // No database (the spool): any line may be a login whose userid
        // was left out, so a word no userid could be is guessed; with the
        // players known, a line naming none of them is no login.
        let line = "draw 9secret!";
        assert!(
            crate::command::language::parse_reply(line, crate::command::GameId(1), "x").is_err()
        );
        assert_eq!(suspects(line, &Users::Unknown, Line::Reply), ["9secret!"]);
        let players: HashSet<String> = ["alice", "bob"].map(String::from).into();
        assert!(suspects(line, &Users::Known(&players), Line::Reply).is_empty());
    }

    #[test]
    fn the_subject_of_a_mail_refused_unread_gives_up_its_password() {
        let raw = b"From: b@example.org\r\nSubject: chess move 1 bob Zq9secretX e5\r\n\r\nx";
        assert_eq!(subject_secrets(raw, &Users::Unknown), ["Zq9secretX"]);
        assert!(subject_secrets(b"From: b@example.org\r\n\r\nx", &Users::Unknown).is_empty());
    }

    #[test]
    fn a_misspelt_verb_in_the_shape_of_an_account_command_gives_up_its_password() {
        // `singup` is no verb: its third word is taken for the password.
        assert_eq!(secrets("singup dave_2 Zq9secretX d@x.org"), ["Zq9secretX"]);
    }

    #[test]
    fn a_token_in_a_message_id_is_masked() {
        let token = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            tokens(&format!("In-Reply-To: <{token}.7@example.net>")),
            "In-Reply-To: <***.7@example.net>"
        );
    }

    #[test]
    fn a_password_in_its_place_is_masked_though_it_is_a_userid_unless_the_line_is_refused() {
        let users: HashSet<String> = ["alice", "bob"].map(String::from).into();
        let users = Users::Known(&users);
        // bob's password is `alice`: in a line that parses it is his.
        assert_eq!(
            suspects("chess move 1 bob alice e2-e4", &users, Line::Command),
            ["alice", "e2-e4"]
        );
        // One word short, the line is refused: `alice` is a userid there.
        let short = "chess move 1 bob alice";
        assert!(crate::command::language::parse(short).is_err());
        assert!(suspects(short, &users, Line::Command).is_empty());
    }
}
