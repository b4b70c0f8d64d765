//! A newcomer's shell session: options anywhere, no stray databases, one
//! prefix and the documented exit code for every error, `games` that
//! answers the asker, draws and help that say what happened.

use crate::util::{Env, NOW};

fn started() -> (Env, String) {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    let game = env.challenge("chess", "alice", "bob");
    (env, game)
}

/// stderr of a run that must exit with `code`, as one line.
fn fails(env: &Env, user: Option<&str>, args: &[&str], code: i32) -> String {
    let out = env.run(user, args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(code), "boserv {args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line expected: {stderr}");
    assert!(stderr.starts_with("boserv: "), "{stderr}");
    stderr.trim_end().to_string()
}

#[test]
fn options_may_follow_the_arguments() {
    let (env, game) = started();
    // The trailing --as is the acting user, not part of the move.
    let out = env
        .cmd(None)
        .args(["move", &game, "e2-e4", "--as", "alice"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = env
        .cmd(None)
        .args(["move", &game, "e7-e5#2", "--as", "bob"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    // --opt after the turns of `moves` is an option, not a turn.
    let stderr = fails(&env, None, &["moves", "chess", "e2-e4", "--opt", "x"], 1);
    assert_eq!(stderr, "boserv: x: not an option of chess; it takes none");
}

#[test]
fn looking_never_creates_a_database() {
    let env = Env::new();
    for args in [
        &["show", "game1"][..],
        &["games"],
        &["history", "1"],
        &["audit", "1"],
        &["outbox"],
        &["deliver"],
        &["remind"],
        &["config", "show"],
        &["moves", "game1"],
    ] {
        let stderr = fails(&env, None, args, 2);
        assert!(
            stderr.contains(&format!("no database at {}", env.db.display())),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("--db PATH"), "{stderr}");
        assert!(!env.db.exists(), "boserv {args:?} created the database");
    }
    // signup is what creates it.
    env.signup(&["alice"]);
    assert!(env.db.exists());
}

#[test]
fn usage_and_setup_errors_exit_2_with_a_clear_line() {
    let (env, game) = started();
    // No --as for a command that needs one.
    let stderr = fails(&env, None, &["move", &game, "e2-e4"], 2);
    assert_eq!(
        stderr,
        "boserv: this command needs a user: give --as USERID"
    );
    // A clock that is not a time says what one looks like.
    let stderr = String::from_utf8(
        env.cmd(None)
            .args(["--now", "yesterday", "show", &game])
            .output()
            .unwrap()
            .stderr,
    )
    .unwrap();
    assert!(stderr.contains("2026-03-01T12:00:00Z"), "{stderr}");
    // A bad test seed is the operator's setup, not an internal error.
    let out = env
        .cmd(None)
        .env("BOSERV_DICE_SEED", "xyz")
        .args(["challenge", "orwell", "alice", "bob", "carol"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("boserv: server setup: BOSERV_DICE_SEED: "),
        "{stderr}"
    );
}

#[test]
fn a_template_mistake_is_the_operators_and_says_so() {
    let (env, game) = started();
    let dir = env.dir.path().join("templates");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("board.txt"), "Subject: {{ nosuch.thing }}\n\nx\n").unwrap();
    let before = env.dump();
    let out = env
        .cmd(Some("alice"))
        .args(["--templates", dir.to_str().unwrap(), "move", &game, "e2-e4"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("boserv: server setup: template board.txt"),
        "{stderr}"
    );
    assert!(!stderr.contains("damaged"), "{stderr}");
    assert_eq!(env.dump(), before, "nothing changed");
}

#[test]
fn refusals_share_the_prefix_and_exit_1() {
    let (env, game) = started();
    for (user, args) in [
        (Some("bob"), &["move", &game[..], "e7-e5"][..]),
        (None, &["show", "game9"]),
        (None, &["help", "cooking"]),
        (None, &["signup", "dave", "secret1", "not-an-email"]),
        (
            Some("alice"),
            &["challenge", "chess", "alice", "bob", "--opt", "bogus"],
        ),
    ] {
        let stderr = fails(&env, user, args, 1);
        assert!(!stderr.contains("internal"), "{stderr}");
    }
    assert_eq!(
        env.refused(None, &["signup", "dave", "secret1", "not-an-email"]),
        "not a mail address: not-an-email (write it as name@example.org)"
    );
    assert_eq!(
        env.refused(
            Some("alice"),
            &["challenge", "chess", "alice", "bob", "--opt", "bogus"]
        ),
        "bogus: not an option of chess; options: nag=DAYS, forfeit=DAYS, totaltime=DAYS, \
         clock=MOVES/DAYS or clock=DAYS+INCREMENT[/CAP], level=1..5, unrated"
    );
}

#[test]
fn accepting_your_own_draw_offer_is_refused_and_a_decline_says_so() {
    let (env, game) = started();
    env.ok(Some("alice"), &["draw", &game, "offer"]);
    assert_eq!(
        env.refused(Some("alice"), &["draw", &game, "accept"]),
        "you offered the draw in game1 yourself; it waits for bob"
    );
    let out = env.ok(Some("bob"), &["draw", &game, "decline"]);
    assert!(
        out.starts_with("game1: bob declined the draw offer\n"),
        "{out}"
    );
}

#[test]
fn games_shows_the_askers_games_with_a_header_and_deadlines() {
    let (env, game) = started();
    env.challenge("chess", "carol", "alice");
    let bobs = env.ok(Some("bob"), &["games"]);
    let lines: Vec<&str> = bobs.lines().collect();
    assert_eq!(lines.len(), 2, "{bobs}");
    assert!(lines[0].starts_with("GAME"), "{bobs}");
    assert!(lines[1].starts_with(&game), "{bobs}");
    // 21 days from the challenge at NOW (2026-03-01).
    assert!(
        lines[1].contains("alice to move, by 2026-03-22 12:00 UTC"),
        "{bobs}"
    );
    assert!(NOW.starts_with("2026-03-01"));
    // Without --as the operator sees everyone's.
    assert_eq!(env.ok(None, &["games"]).lines().count(), 3);
}

#[test]
fn moves_of_a_game_and_a_move_copied_from_it() {
    let (env, game) = started();
    let listed = env.ok(None, &["moves", &game]);
    assert_eq!(listed.lines().count(), 20, "{listed}");
    assert!(listed.lines().any(|l| l == "e2-e4"), "{listed}");
    // Orwell: each line carries the current roll, and `move` takes it back.
    let orwell = Env::new();
    orwell.signup(&["alice", "bob", "carol"]);
    let out = orwell
        .cmd(None)
        .env("BOSERV_DICE_SEED", format!("{:064x}", 21))
        .args(["challenge", "orwell", "alice", "bob", "carol"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let id = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .last()
        .unwrap()
        .to_string();
    let mover = orwell.json(&id)["to_move"].as_str().unwrap().to_string();
    let roll = orwell.ok(None, &["roll", &id]);
    let roll = roll.lines().last().unwrap().strip_prefix("roll: ").unwrap();
    let turns = orwell.ok(None, &["moves", &id]);
    let first = turns.lines().next().expect("a legal turn").to_string();
    assert!(first.starts_with(&format!("{roll}: ")), "{first}");
    // A wrong roll is refused with both rolls named.
    let wrong = if roll == "6,6" { "1,1" } else { "6,6" };
    let (_, text) = first.split_once(": ").unwrap();
    let reason = orwell.refused(Some(&mover), &["move", &id, &format!("{wrong}: {text}")]);
    assert!(
        reason.contains(&format!("the roll now is {roll}")),
        "{reason}"
    );
    // Two moves without the comma: the refusal shows the turn with it.
    if let Some((a, b)) = text.split_once(", ") {
        let reason = orwell.refused(Some(&mover), &["move", &id, a, b]);
        assert!(
            reason.ends_with(&format!(
                "separate the moves of a turn with a comma: {a}, {b}"
            )),
            "{reason}"
        );
    }
    let out = orwell.ok(Some(&mover), &["move", &id, &first]);
    assert!(out.contains("played"), "{out}");
}

#[test]
fn every_command_has_a_help_topic() {
    let env = Env::new();
    let usage = env.ok(None, &["--help"]);
    // The server tools (clap's list) and the game language's verbs (the
    // verb table's list after it).
    let section = |heading: &str| -> Vec<&str> {
        usage
            .lines()
            .skip_while(|l| !l.starts_with(heading))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .filter(|l| l.as_bytes().get(2).is_some_and(u8::is_ascii_lowercase))
            .filter_map(|l| l.split_whitespace().next())
            .collect()
    };
    let mut commands = section("Commands:");
    commands.extend(section("Commands of the game language"));
    commands.dedup();
    assert!(commands.len() > 20, "{usage}");
    for command in commands {
        // `help mail` is the players' page; the MTA subcommand's is
        // `help mail-pipe`.
        let topic = if command == "mail" {
            "mail-pipe"
        } else {
            command
        };
        let page = env.ok(None, &["help", topic]);
        assert!(
            page.starts_with(&format!("boserv {command}")),
            "help {command}: {page}"
        );
    }
}

#[test]
fn settings_live_in_the_database_and_the_environment_overrides() {
    let env = Env::new();
    let out = env.ok(
        None,
        &["config", "set", "from", "Chess Server <chess@example.net>"],
    );
    assert_eq!(out.trim_end(), "from = Chess Server <chess@example.net>");
    let stderr = fails(&env, None, &["config", "set", "transport", "pigeon"], 2);
    assert!(stderr.contains("unknown transport pigeon"), "{stderr}");
    let stderr = fails(&env, None, &["config", "set", "colour", "red"], 2);
    assert!(stderr.contains("settings: from, transport"), "{stderr}");
    env.ok(None, &["config", "set", "transport", "file:/tmp"]);
    let show = env
        .cmd(None)
        .env_remove("BOSERV_FROM")
        .env_remove("BOSERV_TRANSPORT")
        .args(["config", "show"])
        .output()
        .unwrap();
    let show = String::from_utf8(show.stdout).unwrap();
    assert!(
        show.contains("from       Chess Server <chess@example.net>  (set;"),
        "{show}"
    );
    assert!(show.contains("transport  file:/tmp  (set;"), "{show}");
    let show = env
        .cmd(None)
        .env("BOSERV_TRANSPORT", "sendmail")
        .args(["config", "show"])
        .output()
        .unwrap();
    let show = String::from_utf8(show.stdout).unwrap();
    assert!(
        show.contains("transport  sendmail  (from BOSERV_TRANSPORT;"),
        "{show}"
    );

    // The stored sender and transport are what a signup's welcome mail
    // and `deliver` use, with no environment at all.
    let mail_dir = env.dir.path().join("out");
    std::fs::create_dir(&mail_dir).unwrap();
    env.ok(
        None,
        &[
            "config",
            "set",
            "transport",
            &format!("file:{}", mail_dir.display()),
        ],
    );
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    let out = env
        .cmd(None)
        .env_remove("BOSERV_FROM")
        .env_remove("BOSERV_TRANSPORT")
        .arg("deliver")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let sent: Vec<_> = std::fs::read_dir(&mail_dir).unwrap().collect();
    assert_eq!(sent.len(), 2, "a new-game mail each");
    let eml = std::fs::read_to_string(sent[0].as_ref().unwrap().path()).unwrap();
    assert!(
        eml.contains("From: \"Chess Server\" <chess@example.net>"),
        "{eml}"
    );
}

#[test]
fn deliver_names_each_failure_and_a_dead_transport_is_one_line() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    // No such program: one line, exit 2, the mail untouched.
    let stderr = fails(
        &env,
        None,
        &["deliver", "--transport", "sendmail:/nonexistent/sendmail"],
        2,
    );
    assert_eq!(
        stderr,
        "boserv: transport sendmail:/nonexistent/sendmail: no such program"
    );
    let outbox = env.ok(None, &["outbox"]);
    assert!(outbox.contains("(pending, next try"), "{outbox}");
    assert!(outbox.contains("0 attempts"), "{outbox}");
    // Nothing listens on port 1: connection refused, one line.
    let stderr = fails(
        &env,
        None,
        &["deliver", "--transport", "smtp://127.0.0.1:1"],
        2,
    );
    assert!(
        stderr.starts_with("boserv: transport 127.0.0.1:1: cannot connect"),
        "{stderr}"
    );
    // A program that fails: each mail's reason, and exit 1.
    let out = env.run(None, &["deliver", "--transport", "sendmail:/bin/false"]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("boserv deliver: mail 1 to alice@example.test (New Chess Board 1"),
        "{stderr}"
    );
    assert!(stderr.contains("deferred to "), "{stderr}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "sent 0, deferred 2, failed 0\n"
    );
    // The outbox shows the last error beside the row.
    let outbox = env.ok(None, &["outbox"]);
    assert!(outbox.contains("last error: "), "{outbox}");
}
