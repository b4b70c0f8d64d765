//! One answer per incoming message: however many commands a letter held
//! (a `multiple` of a thousand refused lines), its sender gets one mail,
//! cut at [`MAX_ANSWER_BYTES`].

use super::limits::{MAX_ANSWER_BYTES, cut};
use crate::command::GameId;
use crate::letters::{Parts, Rendered};

/// The answer to one command of a message, and the game whose thread it
/// belongs in (an error about a board goes in that board's thread for its
/// player; a combined answer of several is in none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub mail: Rendered,
    /// The game and the (lowercase) userid whose thread it is.
    pub thread: Option<(GameId, String)>,
}

impl From<Rendered> for Answer {
    fn from(mail: Rendered) -> Self {
        Answer { mail, thread: None }
    }
}

/// What became of a message's commands: how many were carried out and
/// how many refused (`steps::tally`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub done: usize,
    pub refused: usize,
}

impl Tally {
    fn commands(self) -> usize {
        self.done + self.refused
    }
}

/// The answers to one message as one mail; `None` when there are none.
/// A message of several commands (`multiple`) gets them numbered under one
/// Subject, headed by how many commands it ran, those answered by their
/// board mail included; the original message is quoted once, by the first
/// error among them.
pub fn combine(answers: Vec<Rendered>, tally: Tally) -> Option<Rendered> {
    let n = answers.len();
    let commands = tally.commands().max(n);
    match (n, commands) {
        (0, _) => None,
        (1, 1) => answers.into_iter().next().map(|a| Rendered {
            subject: a.subject,
            parts: Parts::text(cut(&a.parts.text, MAX_ANSWER_BYTES)),
        }),
        _ => {
            let mut body = format!("Your mail held {commands} commands: {}.\n", ran(tally));
            if n < commands {
                let boards = commands - n;
                let (them, mail) = match boards {
                    1 => ("One was".to_string(), "its board mail"),
                    k => (format!("{k} were"), "their board mails"),
                };
                body.push_str(&format!(
                    "{them} answered by {mail} (sent separately); the other answers follow.\n"
                ));
            } else {
                body.push_str("The answers follow.\n");
            }
            let mut quoted = false;
            for (i, answer) in answers.iter().enumerate() {
                body.push_str(&format!("\n=== {}. {} ===\n\n", i + 1, answer.subject));
                let text = match answer.parts.text.split_once(ORIGINAL) {
                    Some((before, _)) if quoted => before.trim_end(),
                    Some(_) => {
                        quoted = true;
                        answer.parts.text.trim_end()
                    }
                    None => answer.parts.text.trim_end(),
                };
                body.push_str(text);
                body.push('\n');
                if body.len() > MAX_ANSWER_BYTES {
                    break;
                }
            }
            Some(Rendered {
                subject: format!("boserv: answers to your {commands} commands"),
                parts: Parts::text(cut(&body, MAX_ANSWER_BYTES)),
            })
        }
    }
}

/// `2 carried out, 1 refused`.
fn ran(tally: Tally) -> String {
    match (tally.done, tally.refused) {
        (done, 0) => format!("{done} carried out"),
        (0, refused) => format!("{refused} refused"),
        (done, refused) => format!("{done} carried out, {refused} refused"),
    }
}

/// The line after which an error mail quotes the original (error.txt).
const ORIGINAL: &str = "Original message follows:";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_answers_are_one_mail_quoting_the_original_once() {
        let error = Rendered {
            subject: "boserv Error".into(),
            parts: Parts::text(
                "Your command was not carried out: x\n\nOriginal message follows:\n\n> big\n",
            ),
        };
        let tally = Tally {
            done: 0,
            refused: 1000,
        };
        let combined = combine(vec![error; 1000], tally).unwrap();
        assert_eq!(combined.parts.text.matches("> big").count(), 1);
        assert!(combined.parts.text.len() <= MAX_ANSWER_BYTES + 100);
        assert!(combine(Vec::new(), Tally::default()).is_none());
    }

    /// Moves answered by their board mails count among the commands run,
    /// even when a single other answer is left to mail.
    #[test]
    fn the_count_includes_commands_answered_by_a_board_mail() {
        let shown = Rendered {
            subject: "Chess Board 1".into(),
            parts: Parts::text("the board\n"),
        };
        let tally = Tally {
            done: 3,
            refused: 0,
        };
        let mail = combine(vec![shown.clone()], tally).unwrap();
        assert_eq!(mail.subject, "boserv: answers to your 3 commands");
        assert!(
            mail.parts.text.starts_with(
                "Your mail held 3 commands: 3 carried out.\n\
                 2 were answered by their board mails (sent separately); the other answers follow.\n"
            ),
            "{}",
            mail.parts.text
        );
        let tally = Tally {
            done: 1,
            refused: 1,
        };
        let mail = combine(vec![shown.clone()], tally).unwrap();
        assert!(
            mail.parts.text
                .starts_with("Your mail held 2 commands: 1 carried out, 1 refused.\nOne was answered by its board mail"),
            "{}",
            mail.parts.text
        );
        // One command, one answer: the answer itself.
        let one = Tally {
            done: 1,
            refused: 0,
        };
        assert_eq!(combine(vec![shown.clone()], one), Some(shown));
    }
}
