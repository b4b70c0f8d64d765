//! The reader of the ladder's verb (issue 27): `tournament challenge NAME
//! USERID` (by mail after the login: `tournament challenge USERID
//! PASSWORD NAME OPPONENT`).

use super::Parse;
use super::tournament::tournament_name;
use crate::command::Command;
use crate::command::language::LanguageError;
use crate::command::words::user_name;

/// `tournament challenge NAME USERID`.
pub fn challenge(p: &mut Parse<'_>) -> Result<Vec<Command>, LanguageError> {
    let tournament = tournament_name(p.words.next("NAME")?)?;
    let opponent = user_name(p.words.next("USERID")?)?;
    p.words.end()?;
    Ok(vec![Command::LadderChallenge {
        tournament,
        opponent,
    }])
}

#[cfg(test)]
mod tests {
    use crate::command::verbs::{parse_mail, parse_shell};
    use crate::command::{Actor, Command};

    #[test]
    fn a_ladder_challenge_reads_alike_in_the_shell_and_by_mail() {
        let wanted = Command::LadderChallenge {
            tournament: "spring".into(),
            opponent: "bob".into(),
        };
        let shell = parse_shell(
            &["tournament", "challenge", "spring", "bob"],
            &Actor::Trusted("dee".into()),
        )
        .unwrap();
        assert_eq!(shell, vec![wanted.clone()]);
        let mail = parse_mail("tournament challenge dee pw spring bob").unwrap();
        assert_eq!(mail.len(), 1);
        assert_eq!(mail[0].command, wanted);
        assert_eq!(
            mail[0].actor,
            Actor::Claimed {
                user: "dee".into(),
                password: "pw".into()
            }
        );
        let missing = parse_shell(
            &["tournament", "challenge", "spring"],
            &Actor::Trusted("dee".into()),
        )
        .unwrap_err();
        assert!(missing.to_string().contains("USERID"), "{missing}");
    }
}
