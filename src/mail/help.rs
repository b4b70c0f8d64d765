//! Help as a mail user needs it: every command in the form a Subject
//! takes (pbmserv's `GAME VERB BOARD USERID PASSWORD ARGS`), never the
//! shell's. The rules of each game, the notation and the dice scheme are
//! the same in both worlds and come from the service.

/// The overview, sent for `help` with no topic.
pub const OVERVIEW: &str = "\
This server plays chess variants by mail. Every command is the Subject
of a mail to this address; the body, if any, is a comment the other
players read with your move.

Topics: send one of these as the Subject:
  help commands    every command, in the form a Subject takes
  help notation    how to write a move
  help dice        how the dice of Orwell Chess are rolled and checked
  help GAME        the rules of a game (help chess, help bochess, ...)
  variants         the games played here";

/// `help commands`.
pub const COMMANDS: &str = "\
Commands (each is the Subject of a mail; B is a board number, PW your
password; a reply to a board mail may keep its Subject and add PW and
the move after your userid):
  signup USERID PW [EMAIL...]          create an account
  change password USERID PW NEWPW      a new password
  change address USERID PW EMAIL...    where your mail goes
  vacation USERID PW on|off            your clocks stand still
  GAME challenge USERID... [--nagtime=D] [--forfeittime=D]
                                       start a game; the first is White
  GAME move B USERID PW MOVE#N         play; N = the number of this move
  GAME move B USERID PW propose        offer a draw (or agree to one)
  GAME move B USERID PW accept         accept the draw offered
  GAME move B USERID PW reject         decline it (so does your move)
  GAME move B USERID PW resign         resign the game
  GAME show B[#N]                      the board, now or after N moves
  GAME roll B                          the dice of the turn to come
  GAME history B                       every turn so far
  GAME games [USERID...] [active|all|next]
                                       games being played
  multiple                             one command per line of the body
  help [TOPIC]                         this help";

/// The mail form of a help topic, where it differs from the shell's:
/// the overview, the command list, and a command's own page (its lines of
/// the list: the Subjects that use it).
pub fn text(topic: Option<&str>) -> Option<String> {
    match topic.map(str::to_ascii_lowercase).as_deref() {
        None => Some(OVERVIEW.to_string()),
        Some("commands") => Some(COMMANDS.to_string()),
        Some(verb) => {
            let uses: Vec<&str> = COMMANDS
                .lines()
                .filter(|l| l.starts_with("  "))
                .filter(|l| l.split_whitespace().take(2).any(|w| w == verb))
                .collect();
            (!uses.is_empty()).then(|| {
                format!(
                    "`{verb}` by mail: the Subject of a mail to this address\n\
                     (B is a board number, PW your password):\n{}\n\n\
                     Send `help commands` for every command.",
                    uses.join("\n")
                )
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mail_help_speaks_mail_in_76_columns() {
        for text in [OVERVIEW, COMMANDS] {
            assert!(!text.contains("boserv "), "{text}");
            assert!(text.lines().all(|l| l.chars().count() <= 76), "{text}");
        }
        assert_eq!(text(Some("Commands")).as_deref(), Some(COMMANDS));
        assert_eq!(text(Some("dice")), None);
        let page = text(Some("move")).unwrap();
        assert!(page.contains("GAME move B USERID PW MOVE#N"), "{page}");
        assert!(page.contains("GAME move B USERID PW propose"), "{page}");
        assert!(text(Some("signup")).unwrap().contains("signup USERID PW"));
    }
}
