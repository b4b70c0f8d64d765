//! `help` and `variants`: what the server says about itself.
//!
//! Plain strings for now; the mail layer moves them into templates/.

use super::error::ServiceError;
use super::game::Catalog;
use super::reply::Reply;

const OVERVIEW: &str = "\
boserv plays chess variants by mail and from the shell.

Topics: commands, mail, notation, dice, and one per game (see `variants`).
Ask with `boserv help TOPIC`.";

const MAIL: &str = "\
Two ways to answer by mail:

1. Reply to your board mail. Write your move alone on the first line of
   the reply (e7-e5, or e7-e5#2 with the move number), or resign,
   draw offer, draw accept, draw decline, or show. No password: the
   reply goes to an address (chess+...@) made for you and that game only.
   Send it from your own confirmed address; anything after the first line
   is a comment for your opponent. It stops working when the game ends.
2. Put the whole command in the Subject, with your password:
   chess move BOARD USERID PASSWORD e7-e5#2
   or `multiple` as the Subject and one command per line of the body.

Challenges by mail carry your login, and you must be one of the players:
   chess challenge alice bob --login=alice:PASSWORD
Addresses given by mail (signup, change address) get one mail with a code;
reply to it (its Subject is `confirm USERID CODE`) before other mail goes
there. One mail gets one answer; a sender of refused mail is answered
less and less.";

const COMMANDS: &str = "\
Commands (shell form; mail uses `GAME VERB BOARD USERID PASSWORD ARGS`):
  signup USERID PASSWORD [EMAIL...]     create an account
  challenge VARIANT USERID... [--opt NAME[=VALUE]]
                                        start a game; the first player is White
                                        (--opt nag=DAYS, --opt forfeit=DAYS)
  move GAME TURN[#N]                    play a turn; #N = the number of this move
  show GAME [--at N] [--format json]    the board, now or after N moves
                                        (from your side when you play in it)
  roll GAME                             the dice of the turn to come (dice games)
  audit GAME                            check a dice game's rolls against its seed
  history GAME                          every turn so far
  games [USERID...] [--all|--next]      games being played
  draw GAME offer|accept|decline        a draw by agreement
  resign GAME                           give up
  vacation on|off                       your clocks stand still (30 days a year);
                                        your games' players are told
  export GAME                           the game record, readable by replay
  variants                              the games on offer
  moves VARIANT [--roll A,B] [TURN...]  every legal turn after TURN...
                                        (dice games: --roll, and TURNs as 1,3: c3-d4)
  perft VARIANT DEPTH [TURN...]         count the move tree
  replay VARIANT [FILE|-]               check a game record
  remind                                for cron: reminders after the nag time,
                                        a loss on time after the forfeit time
  help [TOPIC]                          this text";

const NOTATION: &str = "\
Squares are a file letter and a rank number: e4. A move is the piece letter
(none for a pawn), the square it leaves, - or x, and the square it reaches:
Ng1-f3, e4xd5, e7-e8=Q. Castling is the king's move: Ke1-g1. Input also
accepts e2e4, e7e8q, O-O and short algebraic moves (Nf3). A trailing #N
(e2-e4#1) names the number of the move being made; a stale one is refused.";

/// `help [TOPIC]`.
pub fn help(catalog: Catalog<'_>, topic: Option<&str>) -> Result<Reply, ServiceError> {
    let Some(topic) = topic else {
        return Ok(Reply::Text(OVERVIEW.to_string()));
    };
    let text = match topic.to_ascii_lowercase().as_str() {
        "commands" => COMMANDS,
        "mail" => MAIL,
        "notation" => NOTATION,
        "dice" => crate::dice::HELP,
        word => match catalog.iter().find(|v| v.name() == word) {
            Some(variant) => variant.help(),
            None => {
                let mut topics = vec!["commands", "mail", "notation", "dice"];
                topics.extend(catalog.iter().map(|v| v.name()));
                return Err(ServiceError::NoHelp {
                    topic: topic.to_string(),
                    topics: topics.join(", "),
                });
            }
        },
    };
    Ok(Reply::Text(text.to_string()))
}

/// `variants`: one line per game.
pub fn variants(catalog: Catalog<'_>) -> Reply {
    let lines: Vec<String> = catalog
        .iter()
        .map(|v| {
            let dice = if v.uses_dice() { ", dice" } else { "" };
            format!(
                "{:<10} {} ({}{dice})",
                v.name(),
                v.full_name(),
                v.seats().join(", ")
            )
        })
        .collect();
    Reply::Text(lines.join("\n"))
}
