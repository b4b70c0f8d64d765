//! The shell front end: refusals leave the database as it was, exit codes
//! are as documented, and the stateless tools answer.

use crate::util::Env;

fn started() -> (Env, String) {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    let game = env.challenge("chess", "alice", "bob");
    (env, game)
}

#[test]
fn a_move_out_of_turn_is_refused() {
    let (env, game) = started();
    assert_eq!(
        env.refused(Some("bob"), &["move", &game, "e7-e5"]),
        "it is alice's turn"
    );
    env.ok(Some("alice"), &["move", &game, "e2-e4"]);
    assert_eq!(
        env.refused(Some("alice"), &["move", &game, "d2-d4"]),
        "it is bob's turn"
    );
}

#[test]
fn an_illegal_move_is_refused_with_its_reason() {
    let (env, game) = started();
    let reason = env.refused(Some("alice"), &["move", &game, "e2-e5"]);
    assert!(reason.starts_with("e2-e5: "), "{reason}");
    let reason = env.refused(Some("alice"), &["move", &game, "zz9"]);
    assert!(reason.starts_with("zz9"), "{reason}");
}

#[test]
fn a_stale_move_number_is_refused() {
    let (env, game) = started();
    env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    assert_eq!(
        env.refused(Some("bob"), &["move", &game, "e7-e5#3"]),
        "move #3 received but this is turn 2, move 1... by full moves: write #2 or #1"
    );
    assert_eq!(
        env.refused(Some("bob"), &["move", "2", "e7-e5"]),
        "no such game: game2"
    );
    // The game number may be written without `game`.
    env.ok(Some("bob"), &["move", "1", "e7-e5#2"]);
}

#[test]
fn unknown_games_users_and_variants_are_refused() {
    let (env, game) = started();
    assert_eq!(
        env.refused(None, &["show", "game99"]),
        "no such game: game99"
    );
    assert_eq!(
        env.refused(Some("alice"), &["move", "game99", "e2-e4"]),
        "no such game: game99"
    );
    assert_eq!(
        env.refused(Some("dave"), &["move", &game, "e2-e4"]),
        "no such user: dave"
    );
    assert_eq!(
        env.refused(Some("carol"), &["move", &game, "e2-e4"]),
        "carol is not playing game1"
    );
    assert_eq!(
        env.refused(None, &["challenge", "chess", "alice", "dave"]),
        "no such user: dave"
    );
    let reason = env.refused(None, &["challenge", "shogi", "alice", "bob"]);
    assert!(
        reason.starts_with("unknown variant: shogi (known: chess"),
        "{reason}"
    );
    assert_eq!(
        env.refused(None, &["challenge", "chess", "alice"]),
        "chess needs 2 players, not 1"
    );
    // A missing --as is a usage error (exit 2): tests/shell.rs.
    assert_eq!(
        env.refused(None, &["signup", "alice", "other1"]),
        "the userid alice is taken"
    );
    assert_eq!(
        env.refused(Some("alice"), &["roll", &game]),
        "game1 has no dice"
    );
}

#[test]
fn a_locked_database_says_busy_and_does_not_panic() {
    let (env, game) = started();
    let mut holder = rusqlite::Connection::open(&env.db).unwrap();
    let tx = holder
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .unwrap();
    let out = env
        .cmd(Some("alice"))
        .env("BOSERV_BUSY_TIMEOUT_MS", "100")
        .args(["move", &game, "e2-e4"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the database is busy; try again"),
        "{stderr}"
    );
    drop(tx);
    env.ok(Some("alice"), &["move", &game, "e2-e4"]);
}

#[test]
fn usage_errors_exit_2() {
    let env = Env::new();
    for args in [&["move"][..], &["fly", "away"], &["show", "gameX"]] {
        let out = env.run(None, args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        // The same one-line style as every other error.
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("boserv: "), "{stderr}");
    }
    assert!(!env.db.exists(), "a usage error created the database");
}

#[test]
fn help_and_variants() {
    let env = Env::new();
    assert!(env.ok(None, &["help"]).contains("commands"));
    assert!(
        env.ok(None, &["help", "commands"])
            .contains("challenge VARIANT USERID...")
    );
    assert!(!env.ok(None, &["help", "chess"]).is_empty());
    let variants = env.ok(None, &["variants"]);
    // The eight games of the seeds first, then the library of games
    // defined as data (variants/library.ini).
    assert!(variants.contains("\nnormal "), "{variants}");
    assert!(variants.contains("\ncapablanca "), "{variants}");
    assert_eq!(
        &variants[..variants.find("\nnormal").unwrap() + 1],
        "chess           Chess (White, Black)\n\
         bochess         Big Outer Chess (White, Black)\n\
         orwell          Orwell Chess (White, Red, Black, dice)\n\
         orphic          Orphic Chess (White, Black)\n\
         orthodia        Orthodia (White, Black)\n\
         orthodia-simple Simplified Orthodia (White, Black)\n\
         rebellion       Rebellion Chess (White, Black)\n\
         squirm          Squirm Chess (White, Black)\n"
    );
    assert!(
        env.refused(None, &["help", "cooking"])
            .starts_with("no help on cooking; topics: commands, mail, notation")
    );
}

#[test]
fn moves_lists_every_legal_turn() {
    let env = Env::new();
    let first = env.ok(None, &["moves", "chess"]);
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 20);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(
        lines.contains(&"Ng1-f3") && lines.contains(&"e2-e4"),
        "{first}"
    );
    let after = env.ok(
        None,
        &["moves", "chess", "f2-f3", "e7-e5", "g2-g4", "Qd8-h4"],
    );
    assert_eq!(after, "", "no turn is legal once the game is over");
    let out = env.run(None, &["moves", "chess", "e2-e4", "e2-e5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("boserv: e2-e5")
    );
}

#[test]
fn perft_counts_the_move_tree() {
    let env = Env::new();
    let out = env.ok(None, &["perft", "chess", "3"]);
    assert_eq!(out.lines().last(), Some("8902"));
    let out = env.ok(None, &["perft", "chess", "2", "e2-e4"]);
    assert_eq!(out.lines().last(), Some("600"));
}

#[test]
fn replay_names_the_bad_line() {
    let env = Env::new();
    let file = env.dir.path().join("bad.txt");
    std::fs::write(&file, "[Variant \"chess\"]\ne2-e4\ne7-e5\nKe1-e3\n").unwrap();
    let out = env.run(None, &["replay", "chess", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("boserv: line 4: Ke1-e3")
    );
}

#[test]
fn the_demo_plays_a_game_to_checkmate() {
    let env = Env::new();
    let out = env.ok(None, &["demo"]);
    assert!(out.contains("game over: 1-0 (checkmate)"), "{out}");
    assert!(
        !env.db.exists(),
        "the demo must not touch the user's database"
    );
}

#[test]
fn show_draws_the_board_from_the_askers_side() {
    let (env, game) = started();
    env.ok(Some("alice"), &["move", &game, "e4"]);
    let white_files = "      a   b   c   d   e   f   g   h";
    let black_files = "      h   g   f   e   d   c   b   a";
    let first = |out: String| {
        out.lines()
            .find(|l| l.starts_with("      "))
            .unwrap()
            .to_string()
    };
    assert_eq!(first(env.ok(None, &["show", &game])), white_files);
    assert_eq!(first(env.ok(Some("alice"), &["show", &game])), white_files);
    assert_eq!(first(env.ok(Some("carol"), &["show", &game])), white_files);
    assert_eq!(first(env.ok(Some("bob"), &["show", &game])), black_files);
    let answer = env.ok(Some("bob"), &["move", &game, "e5"]);
    assert_eq!(first(answer), black_files);
    let past = env.ok(Some("bob"), &["show", &game, "--at", "0"]);
    assert_eq!(first(past.clone()), black_files);
    assert!(
        past.contains("\n  2 |:P:| P |:P:| P |:P:| P |:P:| P | 2\n"),
        "{past}"
    );
}

/// Runs `boserv ARGS` with its standard output a pipe nobody reads (as in
/// `boserv help chess | head -1` once `head` has gone).
fn with_closed_stdout(env: &Env, user: Option<&str>, args: &[&str]) -> std::process::Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut cmd = crate::util::boserv_command(assert_cmd::cargo::cargo_bin!("boserv"));
    cmd.env("BOSERV_DB", &env.db)
        .env("BOSERV_CONFIG", "")
        .env("BOSERV_NOW", crate::util::NOW)
        .env_remove("BOSERV_USER");
    if let Some(user) = user {
        cmd.args(["--as", user]);
    }
    cmd.args(args)
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_closed_stdout_ends_quietly_with_the_earned_exit_code() {
    let env = Env::new();
    let help = with_closed_stdout(&env, None, &["help", "chess"]);
    let stderr = String::from_utf8_lossy(&help.stderr);
    assert_eq!(help.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    let moved = with_closed_stdout(&env, Some("alice"), &["move", &game, "e2-e4"]);
    assert_eq!(moved.status.code(), Some(0), "the move was made");
    assert_eq!(env.json(&game)["ply"], 1);
    let refused = with_closed_stdout(&env, Some("alice"), &["move", &game, "e7-e5"]);
    assert_eq!(refused.status.code(), Some(1), "a refusal still says so");
}
