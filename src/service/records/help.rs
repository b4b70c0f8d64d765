//! `help` and `variants`: what the server says about itself.
//!
//! The commands' help comes from the one verb table
//! ([`crate::command::verbs`]), written in the syntax of the world that
//! asks: the shell's `boserv VERB GAME ARGS`, or mail's `GAME VERB BOARD
//! USERID PASSWORD ARGS`. The operator's server tools (`mail`, `deliver`,
//! `perft`, ...) are the shell's alone and listed there only.

use crate::command::World;
use crate::command::verbs::{VERBS, Verb};
use crate::service::error::ServiceError;
use crate::service::game::Catalog;
use crate::service::reply::Reply;

const OVERVIEW: &str = "\
boserv plays chess variants by mail and from the shell.

Topics: commands, mail, one per command (help move), notation, dice, and
one per game (see `variants`).
Ask with `boserv help TOPIC`.";

/// `help` by mail (and in `boserv run`).
const MAIL_OVERVIEW: &str = "\
This server plays chess variants by mail. Every command is the Subject
of a mail to this address; the body, if any, is a comment the other
players read with your move. Or reply to a board mail: see `help mail`.

Topics: send one of these as the Subject:
  help commands    every command, in the form a Subject takes
  help mail        the two ways to answer a board mail
  help VERB        one command (help move, help show, ...)
  help notation    how to write a move
  help dice        how the dice of dice games are rolled and checked
  help GAME        the rules of a game (help chess, help bochess, ...)
  variants         the games played here";

/// A server tool of the operator's shell: not a command of the game
/// language, so not in the verb table.
struct Tool {
    /// The word `help` takes for it: the tool's name, except `mail-pipe`
    /// for `mail` (`help mail` is the players' page on answering by mail).
    topic: &'static str,
    usage: &'static str,
    summary: &'static str,
    page: &'static str,
}

/// The shell's server tools, in the order `help commands` lists them.
const TOOLS: &[Tool] = &[
    Tool {
        topic: "moves",
        usage: "moves VARIANT [--roll A,B] [TURN...] | moves GAME",
        summary: "every legal turn, sorted",
        page: "moves VARIANT lists every legal turn after TURN... from the start (dice\n\
               games: --roll for the turn to list, and TURNs written 1,3: c3-d4).\n\
               moves GAME lists what the player to move in GAME may play now, with\n\
               the current roll; any line can be given to `move` as it is.",
    },
    Tool {
        topic: "perft",
        usage: "perft VARIANT DEPTH [TURN...]",
        summary: "count the move tree",
        page: "Counts the positions DEPTH plies deep; the count is the last line.",
    },
    Tool {
        topic: "bot-move",
        usage: "bot-move VARIANT [--roll A,B] [--level N] [--seed S] [TURN...]",
        summary: "the computer player's turn",
        page: "Prints the turn the computer player chooses after TURN... from the start\n\
               (or --fen's position) on the last line, as `moves` writes it (dice games:\n\
               with its roll). --level 1 to 5 (default 3); the same position, level and\n\
               seed always give the same turn. Its score and effort go to stderr.",
    },
    Tool {
        topic: "bot-turns",
        usage: "bot-turns [--deliver] [--transport T]",
        summary: "the computer player's queued turns",
        page: "Plays the computer player's turns waiting in its queue, one worker at a\n\
               time, for up to 30 s, within the bot-cpu-per-hour setting; with --deliver\n\
               it sends what they mailed. `mail` starts it detached after a mail that\n\
               hands the bot a turn; cron's deliver and remind do its work too.\n\
               Prints `bot-turns: P played, R found played, L left`.",
    },
    Tool {
        topic: "replay",
        usage: "replay VARIANT [FILE|-]",
        summary: "check a game record",
        page: "Checks a record turn by turn (one turn per line, or `export`'s form),\n\
               prints the final board and `result: ...` on the last line.",
    },
    Tool {
        topic: "remind",
        usage: "remind",
        summary: "for cron: reminders, time losses",
        page: "Sends a reminder after the nag time without a move and ends the game\n\
               on time after the forfeit time, or when the player to move has used\n\
               up the game's thinking time (totaltime). Moves waiting in the spool are\n\
               made first. Safe to run at any frequency:\n\
               nothing is sent twice. Run it from cron (README, Run it as a mail server).",
    },
    Tool {
        topic: "run",
        usage: "run",
        summary: "mail-language lines from stdin",
        page: "Reads command lines in the mail language (`chess move 1 alice secret\n\
               e2-e4`) from standard input, passwords checked; exits 1 when any\n\
               line was refused.",
    },
    Tool {
        topic: "mail-pipe",
        usage: "mail [--deliver]",
        summary: "for the MTA: one mail on stdin",
        page: "Takes in one RFC 5322 message. Exits 0 when it was handled (refused\n\
               commands are answered by mail) or spooled for the boserv mail at work\n\
               to handle, 75 when it could not be now (the MTA retries); it never\n\
               creates the database. --deliver sends the answers at once (cron's\n\
               `deliver` retries what could not be sent). How players answer by\n\
               mail: `help mail`.",
    },
    Tool {
        topic: "deliver",
        usage: "deliver [--transport T]",
        summary: "for cron: send the outbox",
        page: "Takes in what waits in the spool (as `spool`), then sends the mails\n\
               that are due through the `transport` setting (or T).\n\
               Prints `sent N, deferred N, failed N`, and one line with the reason\n\
               for each mail not sent (exit 1); a transport that cannot work at all\n\
               is one error (exit 2) and leaves the mails as they were.",
    },
    Tool {
        topic: "fetch",
        usage: "fetch [--deliver] [--transport T]",
        summary: "for cron: a mailbox's new mail",
        page: "Reads the new mail of the `mailbox` setting's IMAP folder\n\
               (imaps://USER@HOST[:PORT]/FOLDER; the password from a file only the\n\
               boserv user may read, or BOSERV_MAILBOX_PASSWORD), takes each message\n\
               in exactly as `mail` does and flags it on the server only after its\n\
               commit. --deliver sends the answers at once. Exit 1 when some mail\n\
               could not be taken in now (the next run takes it).",
    },
    Tool {
        topic: "serve",
        usage: "serve [--transport T]",
        summary: "take in a mailbox's mail as it comes",
        page: "Runs until stopped: takes in the `mailbox` setting's mail as `fetch`\n\
               does, waits for more with IMAP IDLE (renewed every 8 minutes; polls\n\
               a server without IDLE), reconnects after the server restarts, and\n\
               sends the outbox after each message.",
    },
    Tool {
        topic: "outbox",
        usage: "outbox",
        summary: "mails waiting or failed, and why",
        page: "One line per pending or failed mail: id, date, recipients, subject,\n\
               the next try and the last error.",
    },
    Tool {
        topic: "spool",
        usage: "spool",
        summary: "take in the mail left in the spool",
        page: "Takes in the mail left waiting in the spool (a boserv mail killed or\n\
               stopped by a busy database while it worked it), oldest first, and\n\
               prints `spool: N waiting`. Exits 1 when some still waits: each\n\
               message set aside after failing 10 times is named (README, The spool).",
    },
    Tool {
        topic: "config",
        usage: "config [show | set NAME VALUE | unset NAME]",
        summary: "server settings (in the database)",
        page: "Settings: from (the server's address), transport (how mail leaves),\n\
               templates (a directory of mail templates). They live in the database,\n\
               so the MTA pipe, cron and the shell agree; BOSERV_FROM,\n\
               BOSERV_TRANSPORT and BOSERV_TEMPLATES override them. `show` says\n\
               where each value comes from. Which database: --db, BOSERV_DB, else\n\
               the `db = PATH` line of /etc/boserv/boserv.conf (or the file\n\
               BOSERV_CONFIG names), else ./boserv.db.",
    },
    Tool {
        topic: "publish",
        usage: "publish",
        summary: "write every web page anew",
        page: "Writes the static web pages into the `web_dir` setting's directory:\n\
               index.html, games/N.html (each earlier position as games/N/P.html),\n\
               players/USERID.html and standings/VARIANT.html (each game type's\n\
               ratings). Commands keep them current afterwards (a\n\
               page a crash left unwritten is written by the next run or\n\
               `deliver`). No page shows a reply token, a queued or submitted\n\
               move, or a dice seed before the game is over.",
    },
    Tool {
        topic: "backup",
        usage: "backup PATH",
        summary: "a consistent copy of the database",
        page: "Writes a consistent snapshot of the database to PATH (VACUUM INTO),\n\
               and of the spool beside it to PATH.spool when there is one, while\n\
               the server runs; PATH must not exist. For a nightly cron line; the\n\
               live replica is Litestream's (README, Backups and the replica).",
    },
    Tool {
        topic: "demo",
        usage: "demo",
        summary: "a scripted game, throwaway database",
        page: "Two players play a whole game of chess through the real command path.",
    },
];

/// One line of `help commands`: the syntax, then the summary (on its own
/// line when the syntax is long, so it reads on a phone).
fn line(out: &mut String, usage: &str, summary: &str) {
    if usage.len() >= 38 {
        out.push_str(&format!("  {usage}\n  {:<38}{summary}\n", ""));
    } else {
        out.push_str(&format!("  {usage:<38}{summary}\n"));
    }
}

/// `help commands` in `world`'s syntax.
fn commands(world: World) -> String {
    let mut out = String::from(match world {
        World::Shell => {
            "Commands (boserv [--as USERID] VERB ...; GAME is a game's number,\n\
             game7 or 7; VARIANT a game's name, see `variants`). Options such\n\
             as --as USERID may stand anywhere on the line.\n"
        }
        World::Mail | World::Reply => {
            "Commands (each is the Subject of a mail to this address; GAME is a\n\
             game's name, BOARD a board number, PASSWORD yours; a reply to a board\n\
             mail needs no password: see `help mail`):\n"
        }
    });
    for verb in VERBS.iter().filter(|v| v.is_in(world)) {
        line(&mut out, &verb.usage(world), verb.summary);
    }
    match world {
        World::Shell => {
            out.push_str("Server tools (the operator's shell only):\n");
            for tool in TOOLS {
                line(&mut out, tool.usage, tool.summary);
            }
        }
        World::Mail | World::Reply => {
            line(&mut out, "multiple", "one command per line of the body");
        }
    }
    out.push_str("Ask `help VERB` for one command.");
    out
}

/// `help VERB`: every form of the verb (`help` and `change` have several)
/// in `world`'s syntax, then its page.
fn verb_page(verbs: &[&Verb], world: World) -> String {
    let prefix = if world == World::Shell { "boserv " } else { "" };
    let mut out = String::new();
    for verb in verbs {
        out.push_str(&format!(
            "{prefix}{}\n  {}.\n\n{}\n\n",
            verb.usage(world),
            verb.summary,
            verb.page
        ));
    }
    if world != World::Shell {
        out.push_str("Send `help commands` for every command.");
    }
    out.trim_end().to_string()
}

const MAIL: &str = "\
Two ways to answer by mail:

1. Reply to your board mail. Write your move alone on the first line of
   the reply (e7-e5, or e7-e5#2 with the move number), or one of the
   board's commands listed below (resign, draw offer, show...). No
   password: the reply goes to an address (chess+...@) made for you and
   that game only.
   Send it from your own confirmed address; anything after the first line
   is a comment for your opponent. Reply to your latest board mail: the
   address of an older one works for your latest two board mails of the
   game only (the server may keep more), and none works once it ends.
   An error mail about your board can be answered the same way.
2. Put the whole command in the Subject, with your password:
   chess move BOARD USERID PASSWORD e7-e5#2
   or `multiple` as the Subject and one command per line of the body
   (20 lines at most unless the server says otherwise; a longer mail is
   refused whole, none of it run).
   A reply to a board mail whose Subject says all that is read this way.

Challenges by mail carry your login, and you must be one of the players:
   chess challenge alice bob --login=alice:PASSWORD
Addresses given by mail (signup, change address) get one mail with a code;
reply to it (its Subject is `confirm USERID CODE`) before other mail goes
there. An address gets at most 3 such mails a day, and one address may
sign up at most 3 accounts a day (unless the server says otherwise).
One mail gets one answer; a sender of refused mail is answered
less and less.";

const NOTATION: &str = "\
Squares are a file letter and a rank number: e4. A move is the piece letter
(none for a pawn), the square it leaves, - or x, and the square it reaches:
Ng1-f3, e4xd5, e7-e8=Q. Castling is the king's move: Ke1-g1. Input also
accepts e2e4, e7e8q, O-O and short algebraic moves (Nf3), and on a board of
8 files and 8 ranks ICCF numbers: the file and rank of the square left, then
of the square reached, a = 1 to h = 8 (5254 is e2-e4, castling the king's
move 5171); a promotion adds 1 queen, 2 rook, 3 bishop or 4 knight (57581).

Moves are numbered as chess players number them in two-player games
without dice (chess and its family): full moves, as PGN does, 12. for
White's twelfth move and 12... for Black's answer. Dice games and games of
three players or more number every turn in turn: 23. is the 23rd turn.

A trailing #N (e2-e4#1) guards a move: N is the turn count, the MOVE#N of
your board mail (Black's 12th move is turn 24). In a game numbered by full
moves, the move's own number is taken too where it cannot be an earlier
turn of yours (Nf6xd5#5 for Black's fifth move, turn 10); where it could
(#3 for White's third move: turn 3 was White's second), it is refused,
both readings named. Any other number is stale and is refused.";

/// `help mail`: the two ways to answer, and what a reply's first line may
/// say (the board's verbs, from the table).
fn mail_page() -> String {
    let mut out = format!("{MAIL}\n\nA reply's first line: a turn, or one of\n");
    for verb in VERBS.iter().filter(|v| v.is_in(World::Reply)) {
        line(&mut out, &verb.usage(World::Reply), verb.summary);
    }
    out.trim_end().to_string()
}

/// `help [TOPIC]`, in the syntax of `world`.
pub fn help(
    catalog: Catalog<'_>,
    topic: Option<&str>,
    world: World,
) -> Result<Reply, ServiceError> {
    let Some(topic) = topic else {
        return Ok(Reply::Text(
            match world {
                World::Shell => OVERVIEW,
                World::Mail | World::Reply => MAIL_OVERVIEW,
            }
            .to_string(),
        ));
    };
    let word = topic.to_ascii_lowercase();
    let forms: Vec<&Verb> = VERBS
        .iter()
        .filter(|v| v.is_in(world))
        .filter(|v| {
            v.name == word
                || v.name.starts_with(&format!("{word} "))
                || v.aliases.contains(&word.as_str())
        })
        .collect();
    if !forms.is_empty() {
        return Ok(Reply::Text(verb_page(&forms, world)));
    }
    if world == World::Shell
        && let Some(tool) = TOOLS.iter().find(|t| t.topic == word)
    {
        return Ok(Reply::Text(format!(
            "boserv {}\n  {}.\n\n{}",
            tool.usage, tool.summary, tool.page
        )));
    }
    let text = match word.as_str() {
        "commands" => return Ok(Reply::Text(commands(world))),
        "mail" => return Ok(Reply::Text(mail_page())),
        "notation" => NOTATION,
        "dice" => crate::dice::HELP,
        word => match catalog.iter().find(|v| v.name() == word) {
            Some(variant) => variant.help(),
            None => {
                let mut topics = vec!["commands", "mail", "notation", "dice"];
                topics.extend(catalog.iter().map(|v| v.name()));
                topics.extend(
                    VERBS
                        .iter()
                        .map(|v| v.name.split(' ').next().unwrap_or(v.name)),
                );
                topics.dedup();
                return Err(ServiceError::NoHelp {
                    topic: topic.to_string(),
                    topics: topics.join(", "),
                });
            }
        },
    };
    Ok(Reply::Text(text.to_string()))
}

/// `variants`: one line per game, the names in one column.
pub fn variants(catalog: Catalog<'_>) -> Reply {
    let width = catalog.iter().map(|v| v.name().len()).max().unwrap_or(0);
    let lines: Vec<String> = catalog
        .iter()
        .map(|v| {
            let dice = if v.uses_dice() { ", dice" } else { "" };
            format!(
                "{:<width$} {} ({}{dice})",
                v.name(),
                v.full_name(),
                v.seats().join(", ")
            )
        })
        .collect();
    Reply::Text(lines.join("\n"))
}

#[cfg(test)]
mod verb_pages;
