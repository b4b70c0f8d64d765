//! The table's own proof: every verb reads the same in every world, and
//! every verb has help in each world's syntax.

use super::*;
use crate::command::{DrawAction, GamesFilter};

/// The line that uses `verb` with its example arguments in `world`.
fn line(verb: &Verb, world: World) -> String {
    let mut words: Vec<&str> = Vec::new();
    match (world, verb.place) {
        (World::Mail, Place::Kind | Place::Board) => words.extend(["chess", verb.name]),
        (World::Mail, Place::Listing) => words.extend(["all", verb.name]),
        (World::Shell, Place::Kind) => words.extend([verb.name, "chess"]),
        (World::Shell, Place::Board) => words.extend([verb.name, "game7"]),
        (World::Reply, _) | (_, Place::Global | Place::Listing) => words.push(verb.name),
    }
    if world == World::Mail {
        if verb.place == Place::Board {
            words.push("7");
        }
        if verb.login {
            words.extend(["alice", "pw"]);
        }
    }
    if !verb.example.is_empty() {
        words.push(verb.example);
    }
    words.join(" ")
}

/// The world is part of `help` only: the same verb, whatever asked.
fn worldless(command: Command) -> Command {
    match command {
        Command::Help { topic, .. } => Command::Help {
            topic,
            world: World::Shell,
        },
        other => other,
    }
}

#[test]
fn every_verb_reads_the_same_in_every_world() {
    let alice = Actor::Trusted("alice".into());
    for verb in VERBS {
        let shell_line = line(verb, World::Shell);
        let shell_words: Vec<&str> = shell_line.split_whitespace().collect();
        let shell = parse_shell(&shell_words, &alice)
            .unwrap_or_else(|e| panic!("shell `{shell_line}`: {e}"));
        let mail_line = line(verb, World::Mail);
        let mail = parse_mail(&mail_line).unwrap_or_else(|e| panic!("mail `{mail_line}`: {e}"));
        let mail: Vec<Command> = mail.into_iter().map(|r| r.command).collect();
        let shell: Vec<Command> = shell.into_iter().map(worldless).collect();
        let mail: Vec<Command> = mail.into_iter().map(worldless).collect();
        assert_eq!(shell, mail, "{} reads differently", verb.name);
        if verb.place == Place::Board {
            let reply_line = line(verb, World::Reply);
            let reply = parse_reply(&reply_line, GameId(7), "alice")
                .unwrap_or_else(|e| panic!("reply `{reply_line}`: {e}"));
            assert_eq!(vec![worldless(reply)], shell, "reply `{reply_line}`");
        }
    }
}

#[test]
fn a_reply_shows_its_own_board_and_lists_its_players_games() {
    let reply = |line| parse_reply(line, GameId(7), "bob");
    assert_eq!(
        reply("show"),
        Ok(Command::Show {
            game: GameId(7),
            at: None
        })
    );
    assert_eq!(
        reply("Show #3"),
        Ok(Command::Show {
            game: GameId(7),
            at: Some(3)
        })
    );
    assert_eq!(
        reply("games next"),
        Ok(Command::Games {
            users: vec![],
            filter: GamesFilter::Next,
            variant: None
        })
    );
    assert!(reply("show 9").is_err());
    // What anyone may ask, a reply may ask too; nothing with a secret.
    assert_eq!(
        reply("help move"),
        Ok(Command::Help {
            topic: Some("move".into()),
            world: World::Mail
        })
    );
    assert_eq!(reply("variants"), Ok(Command::Variants));
    assert!(matches!(reply("signup eve pw"), Ok(Command::Move { .. })));
}

#[test]
fn both_spellings_of_a_draw_work_everywhere() {
    let bob = Actor::Trusted("bob".into());
    let offer = Command::Draw {
        game: GameId(7),
        action: DrawAction::Offer,
    };
    for words in [
        &["draw", "game7", "offer"][..],
        &["move", "7", "propose"],
        &["draw", "7", "propose"],
    ] {
        assert_eq!(parse_shell(words, &bob).unwrap(), vec![offer.clone()]);
    }
    for line in ["chess draw 7 bob pw offer", "chess move 7 bob pw propose"] {
        assert_eq!(parse_mail(line).unwrap()[0].command, offer, "{line}");
    }
    for line in ["draw offer", "propose", "draw propose"] {
        assert_eq!(
            parse_reply(line, GameId(7), "bob").unwrap(),
            offer,
            "{line}"
        );
    }
    let refused = parse_shell(&["draw", "7", "maybe"], &bob).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "draw: write offer, accept or decline, not maybe"
    );
}

#[test]
fn selectors_are_not_userids() {
    let anyone = Actor::Anonymous;
    for (words, filter) in [
        (&["games", "alice", "inactive"][..], GamesFilter::Inactive),
        (&["games", "next", "alice"], GamesFilter::Next),
        (&["games", "alice", "--all"], GamesFilter::All),
    ] {
        assert_eq!(
            parse_shell(words, &anyone).unwrap(),
            vec![Command::Games {
                users: vec!["alice".into()],
                filter,
                variant: None
            }]
        );
    }
    let r = parse_mail("all show alice next").unwrap();
    assert_eq!(
        r[0].command,
        Command::ShowBoards {
            users: vec!["alice".into()],
            filter: GamesFilter::Next,
            variant: None
        }
    );
    let r = parse_mail("bochess show alice").unwrap();
    assert_eq!(
        r[0].command,
        Command::ShowBoards {
            users: vec!["alice".into()],
            filter: GamesFilter::Active,
            variant: Some("bochess".into())
        }
    );
}

#[test]
fn secrets_are_found_by_the_verbs_place() {
    let places = |line: &str| {
        let words: Vec<&str> = line.split_whitespace().collect();
        secret_places(&words)
    };
    assert_eq!(places("signup alice pw a@b.cc"), vec![2]);
    assert_eq!(places("change password alice old new"), vec![3, 4]);
    assert_eq!(places("chess move 7 alice pw e2-e4"), vec![4]);
    assert_eq!(places("Chess Board 7 Error alice pw e2-e4"), vec![5]);
    assert_eq!(places("vacation alice pw on"), vec![2]);
    assert_eq!(places("chess show 7"), Vec::<usize>::new());
    // A line that does not parse still has its password found.
    assert_eq!(places("chess resign 7 alice pw extra words"), vec![4]);
}

#[test]
fn the_shell_tells_a_game_number_from_a_userid() {
    let anyone = Actor::Anonymous;
    assert_eq!(
        parse_shell(&["show", "game7", "8#2"], &anyone).unwrap(),
        vec![
            Command::Show {
                game: GameId(7),
                at: None
            },
            Command::Show {
                game: GameId(8),
                at: Some(2)
            }
        ]
    );
    assert_eq!(
        parse_shell(&["show", "7", "--at", "3"], &anyone).unwrap(),
        vec![Command::Show {
            game: GameId(7),
            at: Some(3)
        }]
    );
    let e = parse_shell(&["frob"], &anyone).unwrap_err().to_string();
    assert_eq!(e, "unknown command: frob (see `boserv help commands`)");
    let e = parse_shell(&["change", "colour"], &anyone)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "change: write `change password or address ...`, not `colour`"
    );
}

#[test]
fn a_preview_reads_its_turns_and_a_reply_previews_its_own_board() {
    let alice = Actor::Trusted("alice".into());
    let shell = parse_shell(
        &["preview", "5#2", "4,5:", "c3-d4,", "pass", "e2-e3,", "pass"],
        &alice,
    )
    .unwrap();
    assert_eq!(
        shell,
        vec![Command::Preview {
            game: GameId(5),
            at: Some(2),
            turns: vec!["4,5: c3-d4, pass".into(), "e2-e3, pass".into()],
        }]
    );
    let mail = parse_mail("orwell preview 5#2 4,5: c3-d4, pass e2-e3, pass").unwrap();
    assert_eq!(mail[0].command, shell[0]);
    assert_eq!(
        parse_reply(
            "preview #2 4,5: c3-d4, pass e2-e3, pass",
            GameId(5),
            "alice"
        )
        .unwrap(),
        shell[0]
    );
    assert!(parse_mail("chess preview 5").is_err());
}

/// A line the server shows a player is written for where they read it.
#[test]
fn a_spelled_line_logs_in_by_mail_only_where_the_verb_needs_it() {
    assert_eq!(
        spelled("tournament join", World::Shell, "alice", "spring"),
        "tournament join spring"
    );
    assert_eq!(
        spelled("tournament join", World::Mail, "alice", "spring"),
        "tournament join alice PASSWORD spring"
    );
    assert_eq!(
        spelled("tournament show", World::Mail, "alice", "spring"),
        "tournament show spring"
    );
    assert_eq!(
        spelled("digest", World::Mail, "bob", "off"),
        "digest bob PASSWORD off"
    );
    // The line read back by mail is the command it names.
    let line =
        spelled("tournament join", World::Mail, "alice", "spring").replace("PASSWORD", "secret");
    assert!(parse_mail(&line).is_ok(), "{line}");
}
