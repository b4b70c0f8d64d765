//! Every verb, in the order `help commands` lists them.

use super::{Place, Verb};
use super::{build, consent, ladder, rating, social, tournament};

pub static VERBS: &[Verb] = &[
    Verb {
        name: "signup",
        aliases: &[],
        place: Place::Global,
        login: false,
        args: "USERID PASSWORD [EMAIL...]",
        secret: Some(1),
        summary: "create an account",
        page: "Creates an account. USERID is letters, digits, `.`, `-`, `_` (at most 32).\n\
               Mail about your games goes to each EMAIL (name@example.org); by mail,\n\
               with none, to the address you wrote from. An address given by mail\n\
               gets one mail with a code first: reply to it to confirm the address.",
        example: "carol pw carol@example.org",
        build: build::signup,
    },
    Verb {
        name: "change password",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "NEW",
        secret: Some(0),
        summary: "a new password",
        page: "Replaces your password with NEW (by mail: after your userid and the\n\
               current password).",
        example: "n3w",
        build: build::change_password,
    },
    Verb {
        name: "change address",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "EMAIL...",
        secret: None,
        summary: "where your mail goes",
        page: "Replaces your mail addresses. An address given by mail gets one mail\n\
               with a code and nothing else until it is confirmed.",
        example: "a@example.org",
        build: build::change_address,
    },
    Verb {
        name: "confirm",
        aliases: &[],
        place: Place::Global,
        login: false,
        args: "USERID CODE",
        secret: Some(1),
        summary: "confirm an address (code by mail)",
        page: "The code comes in the mail sent to a new address; replying to that mail\n\
               sends this command for you.",
        example: "alice 1234-5678",
        build: build::confirm,
    },
    Verb {
        name: "signoff",
        aliases: &["delete"],
        place: Place::Global,
        login: true,
        args: "",
        secret: None,
        summary: "close your account",
        page: "Closes your account: no more mail goes to your addresses and the\n\
               password stops working; the userid stays reserved so your games\n\
               stay readable. Games where it is your turn are lost at the server's\n\
               next round of reminders (forfeit, \"player signed off\"); the others\n\
               when your turn comes in them. Your opponents are told by mail.",
        example: "",
        build: build::signoff,
    },
    Verb {
        name: "vacation",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "on|off",
        secret: None,
        summary: "your clocks stand still",
        page: "While you are on vacation no reminder is sent and you do not lose on\n\
               time, for at most 30 days a year; the other players are told.",
        example: "on",
        build: build::vacation,
    },
    Verb {
        name: "board",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "list|picture|both",
        secret: None,
        summary: "how your board mails show the board",
        page: "Every board mail shows the board drawn (an ASCII board in the text, a\n\
               picture in the HTML part) and a list of the pieces (`White: Ke1, Qd1,\n\
               ...; Black: ...`). `board list` keeps the list alone, which a screen\n\
               reader reads at once; `board picture` the drawings alone; `board both`\n\
               (the default) both.",
        example: "list",
        build: build::board,
    },
    Verb {
        name: "digest",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "on [HOUR]|off",
        secret: None,
        summary: "one mail a day, not one per move",
        page: "With the digest on, one mail a day at HOUR (0-23 of your `timezone`;\n\
               7 if not given) lists every game where it is your move (board, last\n\
               move, deadline, how to answer each), the games that ended and the\n\
               chats of the last day (at most 20 games in full, the rest named).\n\
               Board mails after each move are then held back, except a move whose\n\
               deadline is within 48 hours and a game's end; invitations still come\n\
               at once.",
        example: "on 7",
        build: build::digest,
    },
    Verb {
        name: "timezone",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "[ZONE]",
        secret: None,
        summary: "the time zone of your dates",
        page: "Every date you are shown (deadlines, reminders, digests and the\n\
               digest's hour, invitations, seeks, lists) is written in ZONE, an IANA\n\
               name such as Europe/Berlin or America/New_York, with the zone named:\n\
               `Wed 4 Mar 2026 13:00 CET`. UTC until you set one; `timezone UTC`\n\
               goes back to it. Alone, `timezone` says which you have. Web pages and\n\
               spectators' mails stay in UTC.",
        example: "Europe/Berlin",
        build: build::timezone,
    },
    Verb {
        name: "help",
        aliases: &[],
        place: Place::Global,
        login: false,
        args: "[TOPIC]",
        secret: None,
        summary: "commands, a verb, notation, a game",
        page: "help commands lists the commands; help VERB explains one; help\n\
               notation, help dice, and help GAME (see `variants`).",
        example: "commands",
        build: build::help,
    },
    Verb {
        name: "help",
        aliases: &[],
        place: Place::Kind,
        login: false,
        args: "",
        secret: None,
        summary: "the rules of GAME",
        page: "The rules of the game as this server plays them.",
        example: "",
        build: build::game_help,
    },
    Verb {
        name: "variants",
        aliases: &[],
        place: Place::Global,
        login: false,
        args: "",
        secret: None,
        summary: "the games on offer",
        page: "One line per game: its name, full name and seats.",
        example: "",
        build: build::variants,
    },
    Verb {
        name: "list",
        aliases: &[],
        place: Place::Global,
        login: false,
        args: "[GAME...]",
        secret: None,
        summary: "the games, or who plays them",
        page: "Without GAME, the games on offer (as `variants`). With GAMEs, for each\n\
               the players who have played it here and how many of their games\n\
               are being played.",
        example: "chess",
        build: build::list,
    },
    Verb {
        name: "challenge",
        aliases: &["chall", "challe", "challen", "challeng"],
        place: Place::Kind,
        login: false,
        args: "USERID... [-param] [--option=VALUE]",
        secret: None,
        summary: "start a game; the first named begins",
        page: "Starts a game between the players named, in seat order (`variants` lists\n\
               the games and their seats). Options: --nagtime=DAYS (a reminder after\n\
               DAYS without a move, default 7), --forfeittime=DAYS (a loss on time,\n\
               default 21), --totaltime=DAYS (each player's thinking time in all:\n\
               who uses it up loses on time; no limit by default), --clock=MOVES/DAYS\n\
               (a bank per player: DAYS at the start and DAYS more every MOVES moves,\n\
               time saved carries over) or --clock=DAYS+INCREMENT[/CAP] (DAYS at the\n\
               start, INCREMENT per move, at most CAP): the bank replaces the\n\
               forfeit time, vacations stop it, an empty bank loses on time;\n\
               --level=1..5 (a game against the computer player, boserv-bot: how\n\
               well it plays, default 3); --unrated (the game changes no rating;\n\
               every other game is rated: help ratings); and the game's own (see\n\
               help GAME). By\n\
               mail the challenger proves who they are with --login=USERID:PASSWORD\n\
               and must be one of the players.",
        example: "alice bob --nagtime=3",
        build: build::challenge,
    },
    Verb {
        name: "accept",
        aliases: &[],
        place: Place::Board,
        login: true,
        args: "",
        secret: None,
        summary: "play a game you are challenged to",
        page: "A challenge is an invitation: the game waits, no clock running and no\n\
               dice drawn, until every player challenged has accepted it (see\n\
               `challenges` to accept or refuse challenges at once). The last\n\
               acceptance starts it. Unanswered, it expires (the server's\n\
               `invitation-days`, 14 unless changed). With no invitation standing,\n\
               accept agrees to the draw or takeback proposed in the game.",
        example: "",
        build: consent::accept,
    },
    Verb {
        name: "decline",
        aliases: &[],
        place: Place::Board,
        login: true,
        args: "[WORDS...]",
        secret: None,
        summary: "refuse a game you are challenged to",
        page: "Cancels the invitation; the other players are told who declined and\n\
               the WORDS (by mail: the body too). The challenger may withdraw a\n\
               challenge this way. With no invitation standing, decline refuses\n\
               the draw or takeback proposed in the game.",
        example: "sorry, too busy",
        build: consent::decline,
    },
    Verb {
        name: "accept",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "SEEK | VARIANT [SEEK]",
        secret: None,
        summary: "take an open challenge (seek1)",
        page: "Takes the open challenge SEEK (see `seeks`): the game starts at once,\n\
               the seats as the seek says, else drawn at random. Your own seek\n\
               cannot be taken by you. `accept VARIANT` alone is `challenges VARIANT\n\
               accept`.",
        example: "seek3",
        build: consent::accept_open,
    },
    Verb {
        name: "accept",
        aliases: &[],
        place: Place::Kind,
        login: true,
        args: "[SEEK]",
        secret: None,
        summary: "all challenges of GAME, or take SEEK",
        page: "pbmserv's form: without SEEK, challenges of this game start at once\n\
               (as `challenges GAME accept`); with SEEK, takes that open challenge.",
        example: "",
        build: consent::accept_open,
    },
    Verb {
        name: "reject",
        aliases: &[],
        place: Place::Kind,
        login: true,
        args: "",
        secret: None,
        summary: "refuse every challenge of GAME",
        page: "pbmserv's form of `challenges GAME reject`: every challenge of this\n\
               game is refused at once, with a line saying so.",
        example: "",
        build: consent::reject_all,
    },
    Verb {
        name: "challenges",
        aliases: &[],
        place: Place::Kind,
        login: true,
        args: "[accept|ask|reject]",
        secret: None,
        summary: "what happens when you are challenged",
        page: "accept: a challenge to this game starts it at once. ask (the\n\
               default): you get an invitation to accept or decline. reject: the\n\
               challenge is refused at once. The game word `all` sets it for\n\
               every game without a setting of its own. Without a word, shows it.",
        example: "accept",
        build: consent::challenges,
    },
    Verb {
        name: "limit",
        aliases: &[],
        place: Place::Kind,
        login: true,
        args: "[N|none]",
        secret: None,
        summary: "at most N games of GAME at once",
        page: "A challenge that would put you in more than N games of this game\n\
               (being played or waiting for consent) is refused, with the reason;\n\
               so is one you make past your own limit. none lifts it; without a\n\
               word, shows it. The game word `all` sets it for every game.",
        example: "5",
        build: consent::limit,
    },
    Verb {
        name: "seek",
        aliases: &[],
        place: Place::Kind,
        login: true,
        args: "[--color=SEAT] [--rating=MIN-MAX] [options]",
        secret: None,
        summary: "an open challenge anyone may take",
        page: "Posts an open challenge and answers with its name (seek1). Another\n\
               player's `accept seek1` starts the game at once. --color=SEAT (white,\n\
               black...): your seat, else drawn when it is taken. The options are\n\
               those of challenge. --rating=MIN-MAX is shown in `seeks`. It expires\n\
               after the server's `invitation-days` (14 unless changed).",
        example: "--color=white --nagtime=3",
        build: consent::seek,
    },
    Verb {
        name: "seeks",
        aliases: &[],
        place: Place::Listing,
        login: false,
        args: "[VARIANT]",
        secret: None,
        summary: "the open challenges",
        page: "One line per open challenge: its name, game, seeker, seat, options\n\
               and rating range. A game's name keeps that game's only.",
        example: "chess",
        build: consent::seeks,
    },
    Verb {
        name: "tournament create",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "NAME VARIANT FORMAT [options]",
        secret: None,
        summary: "a new tournament; you organise it",
        page: "Creates tournament NAME (letters, digits, - and _) of VARIANT; you are\n\
               its organiser and play only if you join. FORMAT: round-robin (every\n\
               pair meets once, by the Berger tables), double-round-robin (twice,\n\
               colours swapped), knockout (matches of two games, one with each\n\
               colour; the loser of a match is out) or ladder (--reach=N,\n\
               --max-games=N). Options: --players=N: it starts by itself when N\n\
               have joined (without it the organiser starts it; at most 16 play\n\
               a round robin or a knockout); --unrated: no game\n\
               of it is rated (they are otherwise); and those of challenge, which\n\
               every game gets. At the start the players are seeded by their rating in\n\
               VARIANT and every game of a round robin (a knockout's first round)\n\
               starts at once: a tournament game cannot be declined. A win is 1, a\n\
               draw 1/2; the crosstable orders players by points, then wins\n\
               (Baumbach), then Sonneborn-Berger, then the games among the tied\n\
               players. Knockout: the higher seed has White in a match's first\n\
               game; a match level after its two games goes to one decider where\n\
               the lower seed has White, and a drawn decider sends the higher\n\
               seed through. The next round starts when every match of a round is\n\
               decided. A loss on time counts as a loss. Orwell (three seats)\n\
               tournaments are refused.",
        example: "spring chess round-robin --players=4",
        build: tournament::create,
    },
    Verb {
        name: "tournament join",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "NAME",
        secret: None,
        summary: "enter an open tournament",
        page: "Enters tournament NAME while it is open (see `tournaments`). When the\n\
               number of players it wants have joined, it starts.",
        example: "spring",
        build: tournament::join,
    },
    Verb {
        name: "tournament leave",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "NAME",
        secret: None,
        summary: "leave a tournament",
        page: "Before the start, takes you off the list. Once it runs, you resign\n\
               every tournament game of yours still being played (your opponents\n\
               win them) and get no new ones. Signing off does the same in every\n\
               tournament you play in.",
        example: "spring",
        build: tournament::leave,
    },
    Verb {
        name: "tournament start",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "NAME",
        secret: None,
        summary: "(organiser) start it now",
        page: "The organiser starts an open tournament of at least two players:\n\
               they are seeded by rating, the games are created and each player\n\
               gets a mail with their pairings.",
        example: "spring",
        build: tournament::start,
    },
    Verb {
        name: "tournament show",
        aliases: &[],
        place: Place::Global,
        login: false,
        args: "NAME",
        secret: None,
        summary: "a tournament's crosstable and games",
        page: "The crosstable (place, player, points, games, wins, Sonneborn-Berger)\n\
               and every game with its players, round and result. In the shell,\n\
               --format json gives the same as data.",
        example: "spring",
        build: tournament::show,
    },
    Verb {
        name: "tournament cancel",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "NAME",
        secret: None,
        summary: "(organiser) call it off",
        page: "The organiser calls the tournament off. Its games still being played\n\
               are cancelled (they end without a result and change no rating);\n\
               finished games keep their results. Every player is told.",
        example: "spring",
        build: tournament::cancel,
    },
    Verb {
        name: "tournaments",
        aliases: &[],
        place: Place::Global,
        login: false,
        args: "",
        secret: None,
        summary: "the open and running tournaments",
        page: "One line per tournament open or running: its name, game, format,\n\
               organiser, state, and players (joined, and wanted).",
        example: "",
        build: tournament::list,
    },
    Verb {
        name: "tournament challenge",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "NAME USERID",
        secret: None,
        summary: "ladder: play someone above you",
        page: "Ladders: a ladder (`tournament create NAME VARIANT ladder\n\
               [--reach=N] [--max-games=N]`) runs from its creation, with no\n\
               `tournament start`; whoever joins takes the bottom place. On the\n\
               ladder NAME this challenges USERID, at most the ladder's reach places\n\
               above you (3 unless set). The game begins at once and cannot be\n\
               declined; you (the lower player) have White. A player is in at most\n\
               max-games ladder games at once (2 unless set), both sides counted,\n\
               and in one at a time against the same player. Win it and you take\n\
               USERID's place; they and those between move down one, and both of\n\
               you get the new order by mail. A draw or a loss changes no place.\n\
               Leaving the ladder forfeits your running ladder games; those below\n\
               you move up one.",
        example: "spring bob",
        build: ladder::challenge,
    },
    Verb {
        name: "move",
        aliases: &["board", "mvoe"],
        place: Place::Board,
        login: true,
        args: "TURN[#N]",
        secret: None,
        summary: "play a turn; #N: the move's number",
        page: "Plays your turn. A trailing #N must be the number of the move being\n\
               made: a repeated or stale move is refused, not played. In place of a\n\
               turn, pbmserv's words: propose (a draw), undo (a takeback), accept or\n\
               reject (a vote on the draw or takeback that stands), resign.\n\
               Dice games: a turn copied from `history` with its roll\n\
               (`4,5: Pc2xc11, Jb2-c2`) is taken when that roll is the current one.\n\
               See `help notation`.",
        example: "e2-e4#1",
        build: build::play,
    },
    Verb {
        name: "queue",
        aliases: &["que", "queu"],
        place: Place::Board,
        login: true,
        args: "TURN[#N] | if REPLY then MOVE... | clear",
        secret: None,
        summary: "a turn played when your turn comes",
        page: "While it is not your turn: queues TURN. When your turn comes it is played\n\
               for you if it is legal then, marked (Auto); several queued turns are\n\
               played one per turn, in order (at most 10). #N: only at move N. A\n\
               queued turn that is not legal when its turn comes is dropped with the\n\
               rest of your queue, and your board mail says which and why. Dice\n\
               games: it is checked against the roll of the turn it comes in. Your\n\
               own board mails list your queue; `clear` empties it. On your turn,\n\
               use move.\n\
               Conditional moves (games of two, not dice games): `if REPLY then MOVE`\n\
               plays MOVE at once when your opponent plays REPLY, marked (Auto); the\n\
               line goes on with its next pair. Each pair is checked when queued.\n\
               Lines sharing their first pairs form a tree: at most 10 lines of at\n\
               most 10 pairs. A reply off every line drops them all and your board\n\
               mail says so: you move by hand. A game holds either queued turns or\n\
               conditional lines: `clear` empties either. `queue GAME` shows yours;\n\
               nobody else ever sees them.",
        example: "e7-e5#2",
        build: build::queue,
    },
    Verb {
        name: "submit",
        aliases: &[],
        place: Place::Board,
        login: true,
        args: "TURN[#N]",
        secret: None,
        summary: "a turn to confirm, with a preview",
        page: "On your turn: checks TURN and answers with the board it would leave,\n\
               without playing it (\"This is a preview of a submitted move. It must be\n\
               confirmed to take effect.\"). `confirm` plays it; a new submit\n\
               replaces it; it is dropped if the position changes first.",
        example: "e2-e4#1",
        build: build::submit,
    },
    Verb {
        name: "confirm",
        aliases: &[],
        place: Place::Board,
        login: true,
        args: "",
        secret: None,
        summary: "play the turn you submitted",
        page: "Plays the turn you submitted for this board, if the position is still\n\
               the one it was submitted in. Refused: no submission to confirm; it is\n\
               not your turn.",
        example: "",
        build: build::confirm_submission,
    },
    Verb {
        name: "draw",
        aliases: &[],
        place: Place::Board,
        login: true,
        args: "offer|accept|decline",
        secret: None,
        summary: "a draw by agreement",
        page: "offer: propose a draw (it stands until everyone agrees, someone declines,\n\
               or a player who has not agreed moves). accept: agree to another's offer.\n\
               decline: refuse it (the offerer may withdraw it this way). pbmserv's\n\
               `move ... propose|accept|reject` does the same.\n\
               Silence: a player to move who neither moves nor answers by their\n\
               deadline accepts an offer everyone else agrees to (the game is drawn);\n\
               an offer does not stop the offerer's own clock: on your turn, offering\n\
               and not moving still loses on time. Whoever must answer gets one\n\
               reminder, a reminder period (7 days by default) after the offer.",
        example: "offer",
        build: build::draw,
    },
    Verb {
        name: "undo",
        aliases: &[],
        place: Place::Board,
        login: true,
        args: "[offer|accept|decline]",
        secret: None,
        summary: "take back the last turn, by vote",
        page: "offer (the default): propose to take back the last turn; every other\n\
               player must accept it, one decline or any move ends it. Agreed, the\n\
               turn is undone (kept in `history`, marked) and played again; in dice\n\
               games with the same roll. A draw offer and a takeback never stand\n\
               together. pbmserv's `move ... undo|accept|reject` does the same.",
        example: "offer",
        build: build::undo,
    },
    Verb {
        name: "preview",
        aliases: &[],
        place: Place::Listing,
        login: false,
        args: "BOARD[#N] TURN...",
        secret: None,
        summary: "try turns on a copy of a board",
        page: "Plays the TURNs on a copy of the board (after its first N moves with\n\
               #N) and answers with the board they lead to. Nothing is stored and\n\
               nobody else is told. Dice games: only rolls already public are used\n\
               (those of moves made and of the turn to come); a turn that needs a\n\
               later roll is not played, and the answer says so. An Orwell turn\n\
               with several moves is one turn: `c3-d4, e2-e3`.",
        example: "1 e2-e4 e7-e5",
        build: build::preview,
    },
    Verb {
        name: "resign",
        aliases: &[],
        place: Place::Board,
        login: true,
        args: "",
        secret: None,
        summary: "give up",
        page: "Gives up the game. Before your first move it declines the game: it is\n\
               cancelled (a tournament game cannot be declined: it is lost). With\n\
               three players the game goes on without you; when two are out the\n\
               third wins. On your turn it takes effect at once; sent\n\
               while another player is to move it is pending: it takes effect when\n\
               your turn comes (the board mails say so), and sending it again\n\
               withdraws it.",
        example: "",
        build: build::resign,
    },
    Verb {
        name: "show",
        aliases: &[],
        place: Place::Listing,
        login: false,
        args: "BOARD[#N]... | USERID... [all|active|inactive|next]",
        secret: None,
        summary: "boards, now or after N moves",
        page: "Shows each board (from your side when you play in it), whose turn it\n\
               is, the roll in dice games and the time limits; BOARD#N (or --at N)\n\
               shows it after N moves. With USERIDs, the boards of their games\n\
               (active ones unless a selector says otherwise; next: where one of\n\
               them is to move). `all show` or no game word: every game; a game's\n\
               name: only its boards.",
        example: "1",
        build: build::show,
    },
    Verb {
        name: "roll",
        aliases: &[],
        place: Place::Board,
        login: false,
        args: "",
        secret: None,
        summary: "the dice of the turn to come",
        page: "The roll of the turn to come; the last line is `roll: A,B`.",
        example: "",
        build: build::roll,
    },
    Verb {
        name: "history",
        aliases: &[],
        place: Place::Board,
        login: false,
        args: "",
        secret: None,
        summary: "every turn so far",
        page: "Every turn of the game with who made it (and the roll in dice games).",
        example: "",
        build: build::history,
    },
    Verb {
        name: "analysis",
        aliases: &[],
        place: Place::Board,
        login: false,
        args: "",
        secret: None,
        summary: "a finished game's costliest turns",
        page: "After a game: the few turns where a player's choice lost the most by\n\
               the computer player's own evaluation, each with the turn played, the\n\
               turn it prefers and what the choice cost (in pawns). Finished games\n\
               only: a game still being played gets no hints. Not for dice games.",
        example: "",
        build: build::analysis,
    },
    Verb {
        name: "history",
        aliases: &[],
        place: Place::Kind,
        login: false,
        args: "[page N]",
        secret: None,
        summary: "a game type's finished games",
        page: "The finished games of this type, newest first, 20 a page: the date\n\
               each ended, the board, its players, the result and why; unrated\n\
               games are marked. `page 2` shows the 20 before them.",
        example: "page 2",
        build: rating::history,
    },
    Verb {
        name: "standings",
        aliases: &[],
        place: Place::Kind,
        login: false,
        args: "",
        secret: None,
        summary: "a game type's rated players, ranked",
        page: "The players of this type's rating pool, ranked by rating: established\n\
               players first, then provisional ones (`?`, see `help ratings`),\n\
               each with rating, deviation (RD), games won, lost and drawn. The\n\
               shell's --format json gives a list of objects.",
        example: "",
        build: rating::standings,
    },
    Verb {
        name: "ratings",
        aliases: &[],
        place: Place::Global,
        login: false,
        args: "[USERID]",
        secret: None,
        summary: "a player's rating in each game type",
        page: "USERID's rating in each game type they have played rated games of\n\
               (without USERID: yours). Ratings are Glicko-2, one pool per game\n\
               type (a game's options, such as berolina, stay in its type's pool):\n\
               a new player starts at 1500, deviation (RD) 350, volatility 0.06;\n\
               tau is 0.5. Each rated game is one rating period for each of its\n\
               players, rated when it ends. A game of three is scored pair by\n\
               pair: the winner beats both others, and they draw with each other.\n\
               A rating period without a game is 30 days: for each 30 days without\n\
               a rated game of a type, the RD there grows as Glicko-2 prescribes\n\
               (at most back to 350). A rating with RD 110 or more is provisional\n\
               and shown with `?` (1662?). Games challenged --unrated are not\n\
               rated, nor are games where one user holds two seats. The\n\
               operator's `ratings --rebuild` works every rating out again from\n\
               the finished games, with the same result.",
        example: "alice",
        build: rating::ratings,
    },
    Verb {
        name: "games",
        aliases: &[],
        place: Place::Listing,
        login: false,
        args: "[USERID...] [all|active|inactive|next]",
        secret: None,
        summary: "a table of games",
        page: "One line per game: id, game, players, move number, whose turn it is and\n\
               the date they lose on time if they do not move. Without USERID: the\n\
               asker's own games when the asker is known, else everyone's. active (the\n\
               default): games being played; inactive: finished ones; all: both;\n\
               next: where one of the users is to move. A game's name before the\n\
               verb (mail) keeps that game's boards only.",
        example: "alice next",
        build: build::games,
    },
    Verb {
        name: "export",
        aliases: &[],
        place: Place::Board,
        login: false,
        args: "",
        secret: None,
        summary: "the game record, readable by replay",
        page: "[Tag \"value\"] lines, then one turn per line, as `replay` reads them.",
        example: "",
        build: build::export,
    },
    Verb {
        name: "audit",
        aliases: &[],
        place: Place::Board,
        login: false,
        args: "",
        secret: None,
        summary: "check a game's dice against its seed",
        page: "Prints the dice commitment; once the game has ended (won, drawn or\n\
               cancelled) also the revealed seed, and checks every roll against it:\n\
               the last line is `rolls: ok` or `rolls: MISMATCH ...`. See `help dice`.",
        example: "",
        build: build::audit,
    },
    Verb {
        name: "chat",
        aliases: &[],
        place: Place::Board,
        login: true,
        args: "[TEXT...]",
        secret: None,
        summary: "words to the players and spectators",
        page: "Sends TEXT (by mail: the body of your mail) to the players and the\n\
               spectators of the game, each with a confirmed address; anyone signed\n\
               up may chat. They get it under the Subject `GAME chat BOARD USERID`.\n\
               Each user told counts towards your daily limit (see `message`).",
        example: "good luck",
        build: social::chat,
    },
    Verb {
        name: "message",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "USERID...[:] [TEXT...]",
        secret: None,
        summary: "words to other users",
        page: "Sends TEXT (by mail: the body of your mail) to each USERID, at most 9,\n\
               each of whom must have a confirmed address. In the shell the users\n\
               end at a word ending in `:` (`message bob carol: See you Monday`).\n\
               Your messages and chats reach a limited number of users a UTC day\n\
               (the server's `messages-per-day`, 30 unless changed); the count\n\
               starts again at midnight UTC.",
        example: "bob: hi",
        build: social::message,
    },
    Verb {
        name: "broadcast",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "[TEXT...]",
        secret: None,
        summary: "(operators) words to every user",
        page: "Sends TEXT (by mail: the body) to every user with a confirmed address,\n\
               in mails of at most 50 hidden (Bcc) addresses each: the one command\n\
               whose mail is not bounded per incoming message. The shell may; by\n\
               mail only the users of the `operators` setting, with their password.",
        example: "Maintenance on Sunday",
        build: social::broadcast,
    },
    Verb {
        name: "subscribe",
        aliases: &["sub", "subs", "subsc", "subscr", "subscri", "subscrib"],
        place: Place::Kind,
        login: true,
        args: "BOARD...|all",
        secret: None,
        summary: "a copy of each mail of a game",
        page: "Makes you a spectator of each BOARD: you get a copy of each of its\n\
               mails (the board from the first player's side). `all`: every game of\n\
               this type started from now on. pbmserv's order\n\
               `GAME subscribe BOARD USERID PASSWORD` works too. At most 20\n\
               spectators a board; you need a confirmed address.",
        example: "7",
        build: social::subscribe,
    },
    Verb {
        name: "unsubscribe",
        aliases: &[
            "unsub",
            "unsubs",
            "unsubsc",
            "unsubscr",
            "unsubscri",
            "unsubscrib",
        ],
        place: Place::Kind,
        login: true,
        args: "BOARD...|all",
        secret: None,
        summary: "stop watching a game",
        page: "Stops the copies of each BOARD (and its end notification); `all`:\n\
               new games of this type no longer make you a spectator (the boards\n\
               you watch stay watched until you unsubscribe them).",
        example: "7",
        build: social::unsubscribe,
    },
    Verb {
        name: "notify",
        aliases: &[],
        place: Place::Kind,
        login: true,
        args: "[BOARD...]",
        secret: None,
        summary: "a mail when a game ends",
        page: "With BOARDs: a mail with the final board when each of them ends.\n\
               Without: switches on (or off, sent again) a mail at the end of every\n\
               game of this type. You need a confirmed address.",
        example: "7",
        build: social::notify,
    },
    Verb {
        name: "showas",
        aliases: &[],
        place: Place::Kind,
        login: true,
        args: "[BOARD...|all|active|inactive|next]",
        secret: None,
        summary: "your boards, from your side",
        page: "Shows each BOARD you play in drawn from your side; or your games of\n\
               this type: active (the default), inactive, all, or next (where you\n\
               are to move); at most 10 boards in one answer.",
        example: "7",
        build: social::showas,
    },
    Verb {
        name: "add",
        aliases: &[],
        place: Place::Global,
        login: true,
        args: "EMAIL...",
        secret: None,
        summary: "one more address for your mail",
        page: "Adds each EMAIL to your addresses (at most 4 in all). An address\n\
               given by mail gets one mail with a code and nothing else until it\n\
               is confirmed.",
        example: "a2@example.org",
        build: social::add,
    },
];
