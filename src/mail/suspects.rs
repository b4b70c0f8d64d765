//! The words of a command line that could be a password, where the
//! grammar cannot say.
//!
//! [`super::mask::secrets`] finds a password by its place in the
//! language. A line that does not parse has no reliable places: a player
//! who leaves out the game type (`move 1 alice PW e2-e4`), the board
//! (`chess move alice PW e2-e4`) or the userid (`chess move 1 PW e2-e4`),
//! writes `alice:PW`, or adds a login to a verb that takes none (`chess
//! show 1 alice PW`) still sent a password, and the message is stored,
//! answered and quoted. So for such a line every word is suspected that
//! could be a password (4 characters or more, no quotes or colons: what
//! `signup` accepts) and stands where players put one: after a userid,
//! in the userid's place when that word is no userid, after `signup` or
//! `change`, the second half of `USER:PW`, and anywhere in a line that
//! names no userid at all. Masking too much in a stored copy costs a
//! player a word of their quote; too little, their account.
//!
//! Whether a word is a userid is asked of [`Users`]: the userids of the
//! database when it is open, else the shape of a userid (the spool
//! decides without the database; a word after anything shaped like a
//! userid is suspected there, so it suspects more, not less, where it
//! matters).

use std::collections::HashSet;

use crate::command::names::{password_problem, userid_problem};
use crate::command::verbs;
use crate::rules::VARIANTS;

/// Who is a userid, for the guesses about a line.
pub enum Users<'a> {
    /// The database's userids, lowercased.
    Known(&'a HashSet<String>),
    /// No database at hand: anything shaped like a userid may be one.
    Unknown,
}

impl Users<'_> {
    /// True when `word` is (or, without the database, may be) a userid.
    pub fn is_user(&self, word: &str) -> bool {
        match self {
            Users::Known(set) => set.contains(&word.to_ascii_lowercase()),
            Users::Unknown => userid_problem(word).is_none() && !is_keyword(word),
        }
    }
}

/// The words of `words` (one command line, `**` taken out) that could be
/// a password by where they stand; `parsed` says the line parses (its
/// password is where the grammar says, but a word after a userid, in the
/// userid's place or after `USER:` is suspected all the same).
pub fn suspects(words: &[&str], parsed: bool, users: &Users<'_>) -> Vec<String> {
    let mut found: Vec<&str> = Vec::new();
    // A word in the userid's place that is no userid may be the password
    // of a player who left their userid out (`chess move 1 PW e2-e4`). In
    // a line that parses the login is refused with the word it named,
    // which must read alike for an unknown userid and a wrong password:
    // there only a word that cannot be a userid is taken for a password.
    if let Some(word) = verbs::user_place(words).and_then(|at| words.get(at)) {
        let doubted = match parsed {
            true => userid_problem(word).is_some(),
            false => !users.is_user(word),
        };
        if doubted {
            found.push(word);
        }
    }
    for (i, word) in words.iter().enumerate() {
        // After a userid, wherever it stands (a word of the language, an
        // address or another userid there is no password).
        if users.is_user(word)
            && let Some(next) = words.get(i + 1)
        {
            found.push(next);
        }
        // `alice:PW`.
        if let Some((user, password)) = word.split_once(':')
            && userid_problem(user).is_none()
        {
            found.push(password);
        }
    }
    if !parsed {
        // A line naming no userid: its userid was left out, and any word
        // may be the password (without the database, any line may be one).
        let no_user = match users {
            Users::Known(_) => !words.iter().any(|w| users.is_user(w)),
            Users::Unknown => true,
        };
        if no_user {
            found.extend(words.iter().skip(1));
        }
        // Everything after `signup USERID` and `change password USERID`
        // (`change address` too: an address is never suspected).
        let first = words.first().map(|w| w.to_ascii_lowercase());
        let from = match first.as_deref() {
            Some("signup") => 2,
            Some("change") => 3,
            _ => words.len(),
        };
        found.extend(words.iter().skip(from));
    }
    // Each word once, in order (a set: a line may hold thousands).
    let mut seen: HashSet<&str> = HashSet::new();
    let mut out: Vec<String> = Vec::new();
    for word in found {
        if !seen.contains(word) && could_be_password(word, users) {
            seen.insert(word);
            out.push(word.to_string());
        }
    }
    out
}

/// A word `signup` would take for a password, that is not a word of the
/// language (a verb, a game's name, `board`, `error`), an address or a
/// known userid.
fn could_be_password(word: &str, users: &Users<'_>) -> bool {
    password_problem(word).is_none()
        && !is_keyword(word)
        && !word.contains('@')
        && !matches!(users, Users::Known(_) if users.is_user(word))
}

/// A word of the language itself.
fn is_keyword(word: &str) -> bool {
    verbs::is_verb_word(word)
        || ["board", "error", "password", "address"]
            .iter()
            .any(|k| word.eq_ignore_ascii_case(k))
        || VARIANTS.iter().any(|v| v.name().eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guessed(line: &str, parsed: bool, known: &[&str]) -> Vec<String> {
        let set: HashSet<String> = known.iter().map(|u| u.to_string()).collect();
        let words: Vec<&str> = line.split_whitespace().collect();
        suspects(&words, parsed, &Users::Known(&set))
    }

    #[test]
    fn passwords_are_suspected_where_players_put_them() {
        let alice = &["alice"];
        assert_eq!(guessed("move 1 alice Pw9x e2-e4", false, alice), ["Pw9x"]);
        assert_eq!(guessed("chess show 1 alice Pw9x", false, alice), ["Pw9x"]);
        assert_eq!(
            guessed("chess history 1 alice Pw9x", false, alice),
            ["Pw9x"]
        );
        assert!(guessed("chess move alice Pw9x e2-e4", false, alice).contains(&"Pw9x".into()));
        assert!(guessed("chess move 1 Pw9x e2-e4", false, alice).contains(&"Pw9x".into()));
        assert!(guessed("chess move 1 alice:Pw9x e2-e4", false, alice).contains(&"Pw9x".into()));
        // After `signup USERID`; a line naming no known userid at all is
        // suspected whole (the new userid too, as masking too much goes).
        assert_eq!(
            guessed("signup carol Pw9x c@x.org", false, alice),
            ["carol", "Pw9x"]
        );
        // A parsed line: what the grammar finds, and a userid place
        // holding no userid.
        assert_eq!(
            guessed("chess move 1 alice Pw9x e2-e4", true, alice),
            ["Pw9x"]
        );
        assert!(guessed("chess challenge alice bob", true, &["alice", "bob"]).is_empty());
        assert_eq!(
            guessed("chess move 1 9xPw e2-e4 e7-e5", true, alice),
            ["9xPw"]
        );
        assert!(guessed("chess move 1 zed Pw9x e2-e4", true, alice).is_empty());
        // The words of the language, short words, addresses and userids
        // are never taken for one.
        assert!(guessed("chess show 1 bob", false, alice).is_empty());
        assert_eq!(guessed("chess help 1 Pw9x", false, alice), ["Pw9x"]);
        assert!(guessed("Chess Board 1 alice", false, alice).is_empty());
    }

    #[test]
    fn without_the_database_every_word_of_a_line_that_does_not_parse_is_suspected() {
        let words: Vec<&str> = "move 1 zed Pw9x".split(' ').collect();
        assert_eq!(suspects(&words, false, &Users::Unknown), ["Pw9x"]);
        // A parsed line (or a reply's Subject): only where players put one.
        let words: Vec<&str> = "Chess Board 1 alice".split(' ').collect();
        assert!(suspects(&words, true, &Users::Unknown).is_empty());
    }
}
