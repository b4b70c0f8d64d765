//! Defects outside testers hit (issue 10's neighbours): each test here
//! failed before its fix.

use crate::util::{Env, reply_to};

/// A mail from `from` with `subject` and `body`.
fn mail(from: &str, to: &str, id: &str, subject: &str, body: &str) -> String {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{id}@example.test>\r\n\
         Date: Sun, 1 Mar 2026 12:00:00 +0000\r\n\r\n{body}\r\n"
    )
}

#[test]
fn a_finished_game_states_its_ending_once_in_every_world() {
    let env = Env::new();
    let game = env.fools_mate();
    let once = |world: &str, text: &str| {
        assert_eq!(text.matches("checkmate").count(), 1, "{world}:\n{text}");
    };
    once("shell show", &env.ok(None, &["show", &game]));
    once(
        "shell show, a player",
        &env.ok(Some("alice"), &["show", &game]),
    );
    let (subject, board_mail) = env.last_mail_to("alice@example.test");
    assert!(subject.ends_with("over"), "{subject}");
    once("board mail", &board_mail);
    env.mail(&mail(
        "alice@example.test",
        "bochess@example.net",
        "show",
        "chess show 1",
        "",
    ));
    let (subject, answer) = env.last_mail_to("alice@example.test");
    assert_eq!(subject, "Re: chess show 1");
    once("mail answer", &answer);
    let replayed = env.stdin(&["replay", "chess"], b"f2-f3\ne7-e5\ng2-g4\nQd8-h4\n");
    once("replay", &String::from_utf8(replayed.stdout).unwrap());
}

#[test]
fn a_refused_reply_to_a_board_mail_is_told_to_reply_again_not_to_use_a_password() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    env.reply_to_board_mail("alice", "e2-e9");
    let (subject, body) = env.last_mail_to("alice@example.test");
    assert_eq!(subject, "Chess Board 1 Error");
    // The error mail carries a reply token of its own: the player replies
    // to it, without a password; the password form comes second.
    let reply = body.find("Reply to this mail").expect(&body);
    let password = body.find("PASSWORD").expect(&body);
    assert!(
        reply < password,
        "the way they answered comes first: {body}"
    );
    assert!(body.contains("alone on the first line: MOVE#1"), "{body}");
    // Out of turn: a command, and no password for `show`.
    env.reply_to_board_mail("bob", "e7-e5");
    let (_, body) = env.last_mail_to("bob@example.test");
    assert!(body.contains("Reply to this mail"), "{body}");
    assert!(!body.to_lowercase().contains("password put in"), "{body}");
    // Following the error mail's own instructions works.
    env.reply_to_board_mail("alice", "e2-e4#1");
    assert_eq!(env.query::<String>("SELECT text FROM turns"), ["e2-e4"]);
}

#[test]
fn an_error_mail_carries_a_reply_token_only_to_the_player_and_while_the_game_goes_on() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    let token_of_newest = |to: &str| -> Option<String> {
        env.query::<Option<String>>(&format!(
            "SELECT reply_to FROM outbox WHERE recipients LIKE '%\"{to}\"%' ORDER BY id DESC LIMIT 1"
        ))[0]
            .clone()
    };
    // From an address that is not alice's: refused, and not answered at
    // all (nothing goes to an unconfirmed From).
    let forwarded = reply_to(&env.token_mail("alice"), "e2-e4")
        .replace("From: alice@example.test", "From: mallory@example.test");
    env.mail(&forwarded);
    assert!(
        !env.queued()
            .iter()
            .any(|(to, _, _)| to.contains("mallory@"))
    );
    // The pbmserv Subject with the password, refused: the answer to
    // alice's own address can be replied to.
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <a1@example.test>\r\n\
         Subject: chess move 1 alice secret e2-e5\r\n\r\n",
    );
    assert!(token_of_newest("alice@example.test").is_some());
    // The game over, an error about it carries none.
    env.ok(Some("alice"), &["resign", "game1"]);
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <a2@example.test>\r\n\
         Subject: chess move 1 alice secret e2-e4\r\n\r\n",
    );
    let (subject, body) = env.last_mail_to("alice@example.test");
    assert_eq!(subject, "Chess Board 1 Error", "{body}");
    assert_eq!(token_of_newest("alice@example.test"), None);
    assert!(!body.contains("Reply to this mail"), "{body}");
}

#[test]
fn the_daily_rates_are_settings_checked_when_set() {
    let env = Env::new();
    env.signup(&["alice"]);
    for (name, bad) in [
        ("answers-per-day", "0"),
        ("free-refusals", "lots"),
        ("messages-per-day", "100001"),
    ] {
        let before = env.dump();
        let out = env.run(None, &["config", "set", name, bad]);
        let why = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{why}");
        assert_eq!(why.lines().count(), 1, "{why}");
        assert!(why.starts_with(&format!("boserv: {name}: ")), "{why}");
        assert_eq!(env.dump(), before);
    }
    let show = env.ok(None, &["config", "show"]);
    for line in [
        "answers-per-day 30",
        "free-refusals 10",
        "messages-per-day 30",
    ] {
        let (name, value) = line.split_once(' ').unwrap();
        assert!(
            show.lines()
                .any(|l| l.starts_with(name) && l.split_whitespace().nth(1) == Some(value)),
            "{show}"
        );
    }
    env.ok(None, &["config", "set", "answers-per-day", "2"]);
    for n in 0..4 {
        env.mail(&mail(
            "stranger@example.org",
            "bochess@example.net",
            &format!("frob{n}"),
            "frobnicate",
            "",
        ));
    }
    let answered = env
        .queued()
        .iter()
        .filter(|(to, _, _)| to.contains("stranger@example.org"))
        .count();
    assert_eq!(answered, 2);
    // A bad value in the environment stops the run with the setting named.
    let out = env
        .cmd(None)
        .env("BOSERV_FREE_REFUSALS", "many")
        .args(["show", "1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("free-refusals: not a whole number"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn words_to_other_players_are_capped_per_day() {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    env.ok(None, &["config", "set", "messages-per-day", "3"]);
    let message = |to: &[&str], now: &str| {
        let mut args = vec!["message"];
        args.extend(to);
        args.push("hello");
        env.cmd(Some("alice"))
            .env("BOSERV_NOW", now)
            .args(&args)
            .output()
            .unwrap()
    };
    let today = crate::util::NOW;
    assert!(message(&["bob", "carol:"], today).status.success());
    // One more user today is the third; a message to two more would pass.
    let before = env.dump();
    let out = message(&["bob", "carol:"], today);
    let why = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{why}");
    assert_eq!(
        why.trim_end(),
        "boserv: message: alice may write to 3 users a day and has written to 2 today \
         (this one: 2); the count starts again on Mon 2 Mar 2026 00:00 UTC"
    );
    assert_eq!(env.dump(), before, "a refusal changes nothing");
    assert!(message(&["bob:"], today).status.success());
    // By mail the refusal is the answer, and bob gets nothing more.
    let to_bob = || {
        env.queued()
            .iter()
            .filter(|(to, _, _)| to.contains("bob@"))
            .count()
    };
    let bob_had = to_bob();
    env.mail(&mail(
        "alice@example.test",
        "bochess@example.net",
        "words",
        "message alice secret bob",
        "once more",
    ));
    assert_eq!(to_bob(), bob_had);
    let (_, answer) = env.last_mail_to("alice@example.test");
    assert!(answer.contains("may write to 3 users a day"), "{answer}");
    // A chat counts too; the next UTC day starts afresh.
    let game = env.challenge("chess", "bob", "carol");
    let out = env.run(Some("alice"), &["chat", &game, "good luck"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        message(&["bob", "carol:"], "2026-03-02T00:00:00Z")
            .status
            .success()
    );
}

#[test]
fn a_player_who_signed_off_loses_by_signing_off_not_on_time() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let now_lost = env.challenge("chess", "alice", "bob");
    let later = env.challenge("chess", "bob", "alice");
    env.ok(Some("alice"), &["signoff"]);
    // The game where it is her turn ends at the next `remind`.
    env.ok(None, &["remind"]);
    env.ok(Some("bob"), &["move", &later, "e2-e4"]);
    for game in [&now_lost, &later] {
        let json = env.json(game);
        assert_eq!(json["reason"], "player signed off", "{json}");
        assert_eq!(json["ending"], "signed-off", "{json}");
        assert_eq!(json["winner"], "bob", "{json}");
        let shown = env.ok(None, &["show", game]);
        assert!(shown.ends_with("(player signed off)\n"), "{shown}");
        assert!(!shown.contains("time forfeit"), "{shown}");
        let history = env.ok(None, &["history", game]);
        assert!(
            history.contains("forfeits (player signed off)"),
            "{history}"
        );
    }
    let (subject, body) = env.last_mail_to("bob@example.test");
    assert!(subject.ends_with("over"), "{subject}");
    assert!(
        body.contains("Game won by bob (player signed off)."),
        "{body}"
    );
    assert!(!body.contains("time forfeit"), "{body}");
    // The record says so too, and reads back to the same ending.
    let record = env.ok(None, &["export", &now_lost]);
    assert!(record.contains("White signs off"), "{record}");
    let moves: String = record
        .lines()
        .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    let replayed = env.stdin(&["replay", "chess"], moves.as_bytes());
    let replayed = String::from_utf8(replayed.stdout).unwrap();
    assert!(
        replayed.contains("game over: 0-1 (player signed off)"),
        "{replayed}"
    );
}

#[test]
fn a_board_mail_says_to_reply_with_the_move_and_that_works() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    let (_, page) = env.last_mail_to("alice@example.test");
    let reply = page
        .find("reply to this mail with your move alone")
        .expect(&page);
    let password = page.find("PASSWORD").expect(&page);
    assert!(reply < password, "the reply way first: {page}");
    assert!(page.contains("the others read): MOVE#1"), "{page}");
    // Doing what it says: the move with its number, no password.
    env.reply_to_board_mail("alice", "e2-e4#1");
    assert_eq!(env.json(&game)["ply"], 1);
    // A draw offer is answered the way bob's page says.
    env.ok(Some("bob"), &["draw", &game, "offer"]);
    let (_, page) = env.last_mail_to("alice@example.test");
    assert!(page.contains("`draw accept` or `draw decline`"), "{page}");
    env.reply_to_board_mail("alice", "draw accept");
    assert_eq!(env.json(&game)["result"], "1/2-1/2");
}

#[test]
fn a_reply_to_a_board_mail_that_adds_the_password_and_move_to_the_subject_runs_its_body_only() {
    // pbmserv's habit (keep the board mail's Subject, add the password
    // and the move, write a comment) sent to the board mail's Reply-To
    // token: the Subject of a reply to a token address is never run, so
    // the comment on the first line is refused, saying what to write, and
    // the password is not echoed.
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    let board = env.token_mail("alice");
    let reply = reply_to(&board, "Good luck!").replace(
        "Subject: Re: New Chess Board 1 alice",
        "Subject: Re: New Chess Board 1 alice secret e2-e4",
    );
    let error = env.mail_refused(&reply);
    assert!(error.contains("Reply to this mail"), "{error}");
    assert!(!error.contains("secret"), "{error}");
    assert!(env.query::<String>("SELECT text FROM turns").is_empty());
    // The same Subject with the move on the first line: the move.
    let reply = reply_to(&board, "e2-e4\nGood luck!").replace(
        "Subject: Re: New Chess Board 1 alice",
        "Subject: Re: New Chess Board 1 alice secret e2-e4",
    );
    env.mail_done(&reply);
    assert_eq!(env.query::<String>("SELECT text FROM turns"), ["e2-e4"]);
    let (_, body) = env.last_mail_to("bob@example.test");
    assert!(body.contains("Good luck!"), "{body}");
}
