//! `help` and `variants`: what the server says about itself.
//!
//! Plain strings for now; the mail layer moves them into templates/.

use super::error::ServiceError;
use super::game::Catalog;
use super::reply::Reply;

const OVERVIEW: &str = "\
boserv plays chess variants by mail and from the shell.

Topics: commands, one per command (help move), notation, dice, and one
per game (see `variants`).
Ask with `boserv help TOPIC`.";

/// One command's help: its verb, its shell syntax, one line for the list,
/// and the page `help VERB` prints.
struct CommandHelp {
    verb: &'static str,
    usage: &'static str,
    summary: &'static str,
    page: &'static str,
}

/// Every command, in the order `help commands` lists them.
const COMMAND_HELP: &[CommandHelp] = &[
    CommandHelp {
        verb: "signup",
        usage: "signup USERID PASSWORD [EMAIL...]",
        summary: "create an account",
        page: "Creates an account. USERID is letters, digits, `.`, `-`, `_` (at most 32).\n\
               Each EMAIL must be a mail address (name@example.org); mail about your\n\
               games goes there. The first signup creates the database.",
    },
    CommandHelp {
        verb: "challenge",
        usage: "challenge VARIANT USERID... [--opt NAME[=VALUE]]...",
        summary: "start a game; the first player named is White",
        page: "Starts a game between the players named, in seat order (`variants` lists\n\
               the games and their seats). Options: --opt nag=DAYS (a reminder after\n\
               DAYS without a move, default 7), --opt forfeit=DAYS (a loss on time,\n\
               default 21). Prints the board and, on the last line, the new game's id.",
    },
    CommandHelp {
        verb: "move",
        usage: "move GAME TURN[#N]",
        summary: "play a turn; #N = the number of this move",
        page: "Plays your turn in GAME (game7 or 7). A trailing #N must be the number of\n\
               the move being made: a repeated or stale move is refused, not played.\n\
               Dice games: a turn copied from `history` or `moves GAME` with its roll\n\
               (`4,5: Pc2xc11, Jb2-c2`) is taken when that roll is the current one.\n\
               Example: boserv --as alice move game1 e2-e4#1. See `help notation`.",
    },
    CommandHelp {
        verb: "show",
        usage: "show GAME [--at N] [--format text|json]",
        summary: "the board, now or after N moves",
        page: "Prints the board (from your side when you play in the game), whose turn\n\
               it is, the roll in dice games, the time limits. --at N shows the board\n\
               after N moves; --format json gives the same as JSON.",
    },
    CommandHelp {
        verb: "roll",
        usage: "roll GAME",
        summary: "the dice of the turn to come (dice games)",
        page: "Prints the roll of the turn to come; the last line is `roll: A,B`.",
    },
    CommandHelp {
        verb: "audit",
        usage: "audit GAME",
        summary: "check a dice game's rolls against its seed",
        page: "Prints the dice commitment; once the game has ended (won, drawn or\n\
               cancelled) also the revealed seed, and checks every roll against it:\n\
               the last line is `rolls: ok` or `rolls: MISMATCH ...`. See `help dice`.",
    },
    CommandHelp {
        verb: "history",
        usage: "history GAME",
        summary: "every turn so far",
        page: "Every turn of the game with who made it (and the roll in dice games).",
    },
    CommandHelp {
        verb: "games",
        usage: "games [USERID...] [--all|--next]",
        summary: "your games (with --as), or the users' named",
        page: "Lists games with a header: id, variant, players, move number, whose\n\
               turn it is and the date they lose on time if they do not move. Without\n\
               USERID it lists the asker's games (--as), or everyone's. --all adds\n\
               finished games; --next keeps those where the user is to move.",
    },
    CommandHelp {
        verb: "draw",
        usage: "draw GAME offer|accept|decline",
        summary: "a draw by agreement",
        page: "offer: propose a draw (it stands until everyone agrees, someone declines,\n\
               or a player who has not agreed moves). accept: agree to another's offer.\n\
               decline: refuse it (the offerer may withdraw it this way). Accepting\n\
               your own offer, or with no offer standing, is refused.",
    },
    CommandHelp {
        verb: "resign",
        usage: "resign GAME",
        summary: "give up",
        page: "Gives up the game. Before your first move it declines the game: it is\n\
               cancelled. With three players the game goes on without you; when two\n\
               are out the third wins.",
    },
    CommandHelp {
        verb: "vacation",
        usage: "vacation on|off",
        summary: "your clocks stand still (30 days a year)",
        page: "While you are on vacation no reminder is sent and you do not lose on\n\
               time, for at most 30 days a year; the other players are told.",
    },
    CommandHelp {
        verb: "export",
        usage: "export GAME",
        summary: "the game record, readable by replay",
        page: "[Tag \"value\"] lines, then one turn per line, as `replay` reads them.",
    },
    CommandHelp {
        verb: "variants",
        usage: "variants",
        summary: "the games on offer",
        page: "One line per game: its name, full name and seats.",
    },
    CommandHelp {
        verb: "moves",
        usage: "moves VARIANT [--roll A,B] [TURN...] | moves GAME",
        summary: "every legal turn, sorted",
        page: "moves VARIANT lists every legal turn after TURN... from the start (dice\n\
               games: --roll for the turn to list, and TURNs written 1,3: c3-d4).\n\
               moves GAME lists what the player to move in GAME may play now, with\n\
               the current roll; any line can be given to `move` as it is.",
    },
    CommandHelp {
        verb: "perft",
        usage: "perft VARIANT DEPTH [TURN...]",
        summary: "count the move tree",
        page: "Counts the positions DEPTH plies deep; the count is the last line.",
    },
    CommandHelp {
        verb: "replay",
        usage: "replay VARIANT [FILE|-]",
        summary: "check a game record",
        page: "Checks a record turn by turn (one turn per line, or `export`'s form),\n\
               prints the final board and `result: ...` on the last line.",
    },
    CommandHelp {
        verb: "remind",
        usage: "remind",
        summary: "for cron: reminders and losses on time",
        page: "Sends a reminder after the nag time without a move and ends the game\n\
               on time after the forfeit time. Safe to run at any frequency: nothing\n\
               is sent twice. Run it from cron (README, Run it as a mail server).",
    },
    CommandHelp {
        verb: "run",
        usage: "run",
        summary: "pbmserv command lines from standard input",
        page: "Reads command lines in the mail language (`chess move 1 alice secret\n\
               e2-e4`) from standard input, passwords checked; exits 1 when any\n\
               line was refused.",
    },
    CommandHelp {
        verb: "mail",
        usage: "mail [--deliver]",
        summary: "for the MTA: take in one mail from standard input",
        page: "Takes in one RFC 5322 message. Exits 0 when it was handled (refused\n\
               commands are answered by mail), 75 when it could not be now (the MTA\n\
               retries). --deliver sends the answers at once.",
    },
    CommandHelp {
        verb: "deliver",
        usage: "deliver [--transport T]",
        summary: "for cron: send the outbox",
        page: "Sends the mails that are due through the `transport` setting (or T).\n\
               Prints `sent N, deferred N, failed N`, and one line with the reason\n\
               for each mail not sent (exit 1); a transport that cannot work at all\n\
               is one error (exit 2) and leaves the mails as they were.",
    },
    CommandHelp {
        verb: "outbox",
        usage: "outbox",
        summary: "the mails waiting or failed, with their last error",
        page: "One line per pending or failed mail: id, date, recipients, subject,\n\
               the next try and the last error.",
    },
    CommandHelp {
        verb: "config",
        usage: "config [show | set NAME VALUE | unset NAME]",
        summary: "server settings kept in the database",
        page: "Settings: from (the server's address), transport (how mail leaves),\n\
               templates (a directory of mail templates). They live in the database,\n\
               so the MTA pipe, cron and the shell agree; BOSERV_FROM,\n\
               BOSERV_TRANSPORT and BOSERV_TEMPLATES override them. `show` says\n\
               where each value comes from.",
    },
    CommandHelp {
        verb: "demo",
        usage: "demo",
        summary: "a scripted game on a throwaway database",
        page: "Two players play a whole game of chess through the real command path.",
    },
    CommandHelp {
        verb: "help",
        usage: "help [TOPIC]",
        summary: "this text; TOPIC is a command, notation, dice or a game",
        page: "help commands lists the commands; help VERB explains one; help\n\
               notation, help dice, and help GAME (see `variants`).",
    },
];

/// `help commands`: one line per command.
fn commands() -> String {
    let mut out = String::from(
        "Commands (shell form; mail uses `GAME VERB BOARD USERID PASSWORD ARGS`).\n\
         Options such as --as USERID may stand anywhere on the line.\n",
    );
    for command in COMMAND_HELP {
        if command.usage.len() > 38 {
            out.push_str(&format!(
                "  {}\n  {:<38}{}\n",
                command.usage, "", command.summary
            ));
        } else {
            out.push_str(&format!("  {:<38}{}\n", command.usage, command.summary));
        }
    }
    out.push_str("Ask `help VERB` for one command.");
    out
}

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
    let word = topic.to_ascii_lowercase();
    if let Some(command) = COMMAND_HELP.iter().find(|c| c.verb == word) {
        return Ok(Reply::Text(format!(
            "boserv {}\n  {}.\n\n{}",
            command.usage, command.summary, command.page
        )));
    }
    let text = match word.as_str() {
        "commands" => return Ok(Reply::Text(commands())),
        "notation" => NOTATION,
        "dice" => crate::dice::HELP,
        word => match catalog.iter().find(|v| v.name() == word) {
            Some(variant) => variant.help(),
            None => {
                let mut topics = vec!["commands", "notation", "dice"];
                topics.extend(catalog.iter().map(|v| v.name()));
                topics.extend(COMMAND_HELP.iter().map(|c| c.verb));
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
