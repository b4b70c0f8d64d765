//! One answer per incoming message: however many commands a letter held
//! (a `multiple` of a thousand refused lines), its sender gets one mail,
//! cut at [`MAX_ANSWER_BYTES`].

use super::limits::{MAX_ANSWER_BYTES, cut};
use super::templates::Rendered;
use crate::command::GameId;

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

/// The answers to one message as one mail; `None` when there are none.
/// Several answers are numbered under one Subject; the original message
/// is quoted once, by the first error among them.
pub fn combine(answers: Vec<Rendered>) -> Option<Rendered> {
    match answers.len() {
        0 => None,
        1 => answers.into_iter().next().map(|a| Rendered {
            subject: a.subject,
            body: cut(&a.body, MAX_ANSWER_BYTES),
        }),
        n => {
            let mut body = format!("Your mail held {n} commands; the answers follow.\n");
            let mut quoted = false;
            for (i, answer) in answers.iter().enumerate() {
                body.push_str(&format!("\n=== {}. {} ===\n\n", i + 1, answer.subject));
                let text = match answer.body.split_once(ORIGINAL) {
                    Some((before, _)) if quoted => before.trim_end(),
                    Some(_) => {
                        quoted = true;
                        answer.body.trim_end()
                    }
                    None => answer.body.trim_end(),
                };
                body.push_str(text);
                body.push('\n');
                if body.len() > MAX_ANSWER_BYTES {
                    break;
                }
            }
            Some(Rendered {
                subject: format!("boserv: answers to your {n} commands"),
                body: cut(&body, MAX_ANSWER_BYTES),
            })
        }
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
            body: "Your command was not carried out: x\n\nOriginal message follows:\n\n> big\n"
                .into(),
        };
        let combined = combine(vec![error; 1000]).unwrap();
        assert_eq!(combined.body.matches("> big").count(), 1);
        assert!(combined.body.len() <= MAX_ANSWER_BYTES + 100);
        assert!(combine(Vec::new()).is_none());
    }
}
