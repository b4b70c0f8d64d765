//! Conditional moves (issue 30): `queue GAME if REPLY then MOVE...`, a
//! tree of lines played out through the shell, by mail and in a reply:
//! a hit plays the answer at once marked (Auto), a miss drops the tree and
//! tells its player, an illegal line is refused when queued, and nobody
//! but the player ever sees the lines.

use crate::util::Env;

fn started() -> (Env, String) {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    let game = env.challenge("chess", "alice", "bob");
    (env, game)
}

fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// `user` runs `queue GAME <line>` in the shell; returns stdout.
fn queue(env: &Env, user: &str, game: &str, line: &str) -> String {
    let mut args = vec!["queue", game];
    args.extend(words(line));
    env.ok(Some(user), &args)
}

fn refused(env: &Env, user: &str, game: &str, line: &str) -> String {
    let mut args = vec!["queue", game];
    args.extend(words(line));
    env.refused(Some(user), &args)
}

/// Every mail queued to `who`, as one text.
fn all_mail_to(env: &Env, who: &str) -> String {
    env.queued()
        .into_iter()
        .filter(|(to, _, _)| to.contains(who))
        .map(|(_, s, b)| format!("{s}\n{b}\n"))
        .collect()
}

#[test]
fn a_tree_of_lines_is_played_out_hit_then_miss() {
    let (env, game) = started();
    env.ok(Some("carol"), &["subscribe", "chess", "1"]);
    env.play(&game, ["alice", "bob"], 1, &["e2-e4"]);
    let out = queue(
        &env,
        "alice",
        &game,
        "if e7-e5 then Ng1-f3 if Nb8-c6 then Bf1-b5",
    );
    assert!(
        out.contains("queued in game1: if e7-e5 then Ng1-f3 if Nb8-c6 then Bf1-b5"),
        "{out}"
    );
    // A second line shares the first pair; any notation is read.
    queue(&env, "alice", &game, "IF e5 THEN Nf3 if Nf6 then Nxe5");
    queue(&env, "alice", &game, "if c7-c5 then Ng1-f3");
    let shown = env.ok(Some("alice"), &["queue", &game]);
    assert!(
        shown.contains("alice's conditional lines in game1 (3 of at most 10):"),
        "{shown}"
    );
    assert!(
        shown.contains("1. if e7-e5 then Ng1-f3 if Nb8-c6 then Bf1-b5"),
        "{shown}"
    );
    assert!(
        shown.contains("2. if e7-e5 then Ng1-f3 if Ng8-f6 then Nf3xe5"),
        "{shown}"
    );
    assert!(shown.contains("3. if c7-c5 then Ng1-f3"), "{shown}");

    // bob plays e7-e5: alice's Ng1-f3 is played in the same command.
    let out = env.ok(Some("bob"), &["move", &game, "e7-e5#2"]);
    assert!(out.contains("Ng1-f3 (Auto"), "{out}");
    let json = env.json(&game);
    assert_eq!(json["ply"], 3, "{json}");
    assert_eq!(json["to_move"], "bob", "{json}");
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains("Ng1-f3 (Auto)"), "{history}");
    // The tree below the hit stays: two lines now.
    let shown = env.ok(Some("alice"), &["queue", &game]);
    assert!(shown.contains("(2 of at most 10)"), "{shown}");
    assert!(shown.contains("1. if Nb8-c6 then Bf1-b5"), "{shown}");
    assert!(!shown.contains("c7-c5"), "{shown}");

    // Only alice ever sees the lines: not bob, not carol (a spectator),
    // not show, export or the JSON.
    let (_, to_alice) = env.last_mail_to("alice@example.test");
    assert!(
        to_alice.contains("Your conditional lines: if Nb8-c6 then Bf1-b5; if Ng8-f6 then Nf3xe5"),
        "{to_alice}"
    );
    for who in ["bob@example.test", "carol@example.test"] {
        let mail = all_mail_to(&env, who);
        assert!(!mail.contains("conditional"), "{who}: {mail}");
        assert!(!mail.contains("Bf1-b5"), "{who}: {mail}");
    }
    for args in [
        vec!["show", game.as_str()],
        vec!["export", game.as_str()],
        vec!["show", game.as_str(), "--format", "json"],
    ] {
        let out = env.ok(Some("bob"), &args);
        assert!(!out.contains("Bf1-b5"), "{args:?}: {out}");
        let out = env.ok(Some("alice"), &args);
        assert!(!out.contains("Bf1-b5"), "{args:?}: {out}");
    }
    let shown = env.ok(Some("bob"), &["queue", &game]);
    assert_eq!(shown.trim_end(), "bob has nothing queued in game1");

    // bob plays off every line: the tree goes, alice is told, moves by hand.
    env.ok(Some("bob"), &["move", &game, "d7-d6#4"]);
    let json = env.json(&game);
    assert_eq!(json["to_move"], "alice", "{json}");
    let (subject, to_alice) = env.last_mail_to("alice@example.test");
    assert!(subject.ends_with("alice"), "{subject}");
    assert!(
        to_alice.contains(
            "d7-d6 is off every one of your conditional lines: 2 lines were dropped; move by hand."
        ),
        "{to_alice}"
    );
    assert!(
        to_alice.contains("It is your turn, alice (move 3)."),
        "{to_alice}"
    );
    let (_, to_bob) = env.last_mail_to("bob@example.test");
    assert!(!to_bob.contains("conditional"), "{to_bob}");
    assert_eq!(
        env.refused(Some("alice"), &["queue", &game, "clear"]),
        "you have no turns queued in game1"
    );
    env.ok(Some("alice"), &["move", &game, "d2-d4#5"]);
    let shown = env.ok(Some("alice"), &["queue", &game]);
    assert!(
        shown.contains("alice has nothing queued in game1"),
        "{shown}"
    );
}

#[test]
fn illegal_lines_are_refused_when_queued_with_the_reason() {
    let (env, game) = started();
    env.play(&game, ["alice", "bob"], 1, &["e2-e4"]);
    let why = refused(&env, "alice", &game, "if e7-e5 then Ke1-e3");
    assert!(
        why.starts_with("if e7-e5 then Ke1-e3: not legal after e7-e5: "),
        "{why}"
    );
    let why = refused(&env, "alice", &game, "if e7-e4 then Ng1-f3");
    assert!(why.starts_with("if e7-e4: not a legal reply: "), "{why}");
    // The second pair is checked in the position the first leads to.
    let why = refused(
        &env,
        "alice",
        &game,
        "if e7-e5 then Ng1-f3 if Nb8-c6 then Ng1-f3",
    );
    assert!(
        why.starts_with("if Nb8-c6 then Ng1-f3: not legal after Nb8-c6: "),
        "{why}"
    );
    let out = env.run(Some("alice"), &["queue", &game, "if", "e7-e5", "then"]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "boserv: queue: a MOVE is missing after `then`: write `queue GAME if REPLY then MOVE [if REPLY then MOVE]...`"
    );
    assert_eq!(
        refused(&env, "bob", &game, "if Ng1-f3 then e7-e5"),
        "it is your turn in game1: use move, not queue"
    );
    queue(&env, "alice", &game, "if e7-e5 then Ng1-f3");
    assert_eq!(
        refused(&env, "alice", &game, "if e7-e5 then d2-d4"),
        "you already answer e7-e5 with Ng1-f3 here: `queue game1 clear` first to change it"
    );
    // One kind of queue at a time.
    assert_eq!(
        refused(&env, "alice", &game, "Ng1-f3"),
        "you have conditional lines in game1: clear them (`queue game1 clear`) before queuing turns"
    );
    let out = env.ok(Some("alice"), &["queue", &game, "clear"]);
    assert!(
        out.contains("cleared alice's conditional lines in game1 (1 line)"),
        "{out}"
    );
    queue(&env, "alice", &game, "Ng1-f3");
    assert_eq!(
        refused(&env, "alice", &game, "if e7-e5 then Ng1-f3"),
        "you have turns queued in game1: clear them (`queue game1 clear`) before conditional lines"
    );
    // The bound on lines.
    env.ok(Some("alice"), &["queue", &game, "clear"]);
    let replies = [
        "a7-a6", "a7-a5", "b7-b6", "b7-b5", "c7-c6", "c7-c5", "d7-d6", "d7-d5", "e7-e6", "e7-e5",
    ];
    for reply in replies {
        queue(&env, "alice", &game, &format!("if {reply} then d2-d4"));
    }
    assert_eq!(
        refused(&env, "alice", &game, "if f7-f6 then d2-d4"),
        "at most 10 conditional lines per game: `queue game1 clear` first"
    );
}

#[test]
fn by_mail_and_by_reply_and_refused_in_dice_games() {
    let (env, game) = started();
    env.play(&game, ["alice", "bob"], 1, &["e2-e4"]);
    env.mail(
        "From: alice@example.test\nTo: chess@example.net\n\
         Subject: chess queue 1 alice secret if e7-e5 then Ng1-f3\n\
         Message-ID: <c1@example.test>\n\n",
    );
    let (_, answer) = env.last_mail_to("alice@example.test");
    assert!(
        answer.contains("queued in game1: if e7-e5 then Ng1-f3"),
        "{answer}"
    );
    env.reply_to_board_mail("alice", "queue if c7-c5 then d2-d4");
    let (_, answer) = env.last_mail_to("alice@example.test");
    assert!(
        answer.contains("queued in game1: if c7-c5 then d2-d4"),
        "{answer}"
    );
    env.ok(Some("bob"), &["move", &game, "c7-c5#2"]);
    assert_eq!(env.json(&game)["ply"], 3);
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains("d2-d4 (Auto)"), "{history}");

    // A dice game: refused, saying why.
    let out = env
        .cmd(None)
        .args(["challenge", "orwell", "alice", "bob", "carol"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let dice = String::from_utf8(out.stdout).unwrap();
    let dice = dice.lines().last().unwrap().to_string();
    let to_move = env.json(&dice)["to_move"].as_str().unwrap().to_string();
    let waiting = ["alice", "bob", "carol"]
        .into_iter()
        .find(|p| *p != to_move)
        .unwrap();
    let why = refused(&env, waiting, &dice, "if pass then pass");
    assert_eq!(
        why,
        format!(
            "{dice} is a dice game: conditional moves are refused, as the roll a move would be \
             played with is not known when it is queued"
        )
    );
}
