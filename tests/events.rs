//! Issue 42, as players live it by mail: words travel with `accept`,
//! a seek, taking a seek and a ladder challenge; one mail per event per
//! person (taking a seek, a move against the computer player, a
//! tournament's start, the round's table after its last board); mail
//! readers are told mail words; tournaments heed what players said.

use crate::util::Env;

/// Every queued mail as (id, recipients, subject, body), oldest first.
fn outbox(env: &Env) -> Vec<(i64, String, String, String)> {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let mut q = conn
        .prepare("SELECT id, recipients, subject, body FROM outbox ORDER BY id")
        .unwrap();
    q.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The mails queued to `user` after mail number `after`: (subject, body).
fn mails_to(env: &Env, user: &str, after: i64) -> Vec<(String, String)> {
    let to = format!("{user}@");
    outbox(env)
        .into_iter()
        .filter(|(id, rcpt, _, _)| *id > after && rcpt.contains(&to))
        .map(|(_, _, s, b)| (s, b))
        .collect()
}

/// The id of the newest mail queued (0: none).
fn last_id(env: &Env) -> i64 {
    outbox(env).last().map_or(0, |m| m.0)
}

/// `user` sends a mail with `subject` (a command) and `body` (their words).
fn send(env: &Env, user: &str, id: &str, subject: &str, body: &str) {
    env.mail(&format!(
        "From: {user}@example.test\r\nTo: bochess@example.net\r\nMessage-ID: <{id}@example.test>\r\n\
         Subject: {subject}\r\n\r\n{body}\r\n"
    ));
}

/// `user` presses Reply on the newest mail the server sent them that
/// carries a Reply-To: its Subject with `Re: `, to its Reply-To, `first`
/// and `words` above the quoted original.
fn reply(env: &Env, user: &str, id: &str, first: &str, words: &str) {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let (subject, reply_to, body): (String, String, String) = conn
        .query_row(
            "SELECT subject, reply_to, body FROM outbox WHERE recipients LIKE ?1 \
             AND reply_to IS NOT NULL ORDER BY id DESC LIMIT 1",
            [format!("%{user}@%")],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    let quoted: String = body.lines().map(|l| format!("> {l}\r\n")).collect();
    env.mail(&format!(
        "From: {user}@example.test\r\nTo: {reply_to}\r\nMessage-ID: <{id}@example.test>\r\n\
         Subject: Re: {subject}\r\n\r\n{first}\r\n{words}\r\n\r\nOn Sun, the server wrote:\r\n{quoted}"
    ));
}

/// The body with its lines joined, as a phone reads it.
fn flat(body: &str) -> String {
    body.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn words_on_accept_reach_the_challenger_in_the_new_board() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    let before = last_id(&env);
    send(
        &env,
        "bob",
        "a1",
        "chess accept 1 bob secret",
        "Gladly, good luck!",
    );
    let alice = mails_to(&env, "alice", before);
    assert_eq!(alice.len(), 1, "{alice:?} {:?}", outbox(&env));
    let (subject, body) = &alice[0];
    assert_eq!(subject, "New Chess Board 1 alice");
    assert!(flat(body).contains("Gladly, good luck!"), "{body}");
}

#[test]
fn words_on_a_seek_and_on_taking_it_reach_the_other_player_in_one_board() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    send(
        &env,
        "alice",
        "s1",
        "chess seek alice secret --color=white",
        "Looking for a slow game.",
    );
    let before = last_id(&env);
    send(&env, "bob", "t1", "accept bob secret seek1", "Count me in.");
    let bob = mails_to(&env, "bob", before);
    // One mail: the new board, no answer repeating it.
    assert_eq!(bob.len(), 1, "{bob:?}");
    assert!(bob[0].0.starts_with("New Chess Board 1 "), "{bob:?}");
    assert!(
        flat(&bob[0].1).contains("Looking for a slow game."),
        "{}",
        bob[0].1
    );
    let alice = mails_to(&env, "alice", before);
    assert_eq!(alice.len(), 1, "{alice:?}");
    assert!(flat(&alice[0].1).contains("Count me in."), "{}", alice[0].1);
}

#[test]
fn a_ladder_challenge_sends_one_board_with_the_challengers_words() {
    let env = Env::new();
    env.signup(&["ann", "bob"]);
    env.ok(
        Some("ann"),
        &["tournament", "create", "rungs", "chess", "ladder"],
    );
    env.ok(Some("ann"), &["tournament", "join", "rungs"]);
    env.ok(Some("bob"), &["tournament", "join", "rungs"]);
    let before = last_id(&env);
    send(
        &env,
        "bob",
        "l1",
        "tournament challenge bob secret rungs ann",
        "Your place is mine.",
    );
    let bob = mails_to(&env, "bob", before);
    assert_eq!(bob.len(), 1, "{bob:?}");
    let ann = mails_to(&env, "ann", before);
    assert_eq!(ann.len(), 1, "{ann:?}");
    assert!(
        flat(&ann[0].1).contains("Your place is mine."),
        "{}",
        ann[0].1
    );
}

#[test]
fn a_move_against_the_computer_player_brings_one_mail_with_its_answer() {
    let env = Env::new();
    env.signup(&["alice"]);
    env.ok(
        Some("alice"),
        &[
            "challenge",
            "chess",
            "alice",
            "boserv-bot",
            "--opt",
            "level=1",
        ],
    );
    let before = last_id(&env);
    reply(&env, "alice", "m1", "e2-e4", "");
    let alice = mails_to(&env, "alice", before);
    assert_eq!(alice.len(), 1, "{alice:?}");
    let body = flat(&alice[0].1);
    assert!(body.contains("boserv-bot played"), "{body}");
    assert!(body.contains("It is your turn"), "{body}");
}

/// `n` players `p01`.. join `name` (organised by `org`, who does not play).
fn full_tournament(env: &Env, name: &str, format: &str, n: usize) -> Vec<String> {
    let players: Vec<String> = (1..=n).map(|i| format!("p{i:02}")).collect();
    let mut users: Vec<&str> = players.iter().map(String::as_str).collect();
    users.push("org");
    env.signup(&users);
    env.ok(
        Some("org"),
        &[
            "tournament",
            "create",
            name,
            "chess",
            format,
            &format!("--players={n}"),
        ],
    );
    for p in &players[..n - 1] {
        env.ok(Some(p), &["tournament", "join", name]);
    }
    players
}

#[test]
fn a_double_round_robin_of_sixteen_starts_with_one_mail_per_player() {
    let env = Env::new();
    let players = full_tournament(&env, "big", "double-round-robin", 16);
    let before = last_id(&env);
    send(&env, "p16", "j16", "tournament join p16 secret big", "");
    let mails: Vec<_> = outbox(&env).into_iter().filter(|m| m.0 > before).collect();
    // Sixteen players and the organiser, one mail each, and the answer.
    assert!(mails.len() <= 18, "{} mails", mails.len());
    for p in &players {
        let started: Vec<_> = mails_to(&env, p, before)
            .into_iter()
            .map(|m| m.0)
            .filter(|s| s != "boserv Reply" && !s.starts_with("Re: "))
            .collect();
        assert_eq!(started, ["Tournament big: started"], "{p}");
    }
    let (subject, body) = &mails_to(&env, "p01", before)[0];
    assert_eq!(subject, "Tournament big: started");
    let body = flat(body);
    assert_eq!(body.matches("you play").count(), 30, "{body}");
    assert!(body.contains(" p01 PASSWORD MOVE#1"), "{body}");
    // The games begin: a move in one mails its board to both players.
    let at = body.find("chess move ").expect(&body);
    let line = body[at..]
        .split_whitespace()
        .take(6)
        .collect::<Vec<_>>()
        .join(" ")
        .replace("PASSWORD", "secret")
        .replace("MOVE#1", "e2-e4#1");
    let before = last_id(&env);
    send(&env, "p01", "m1", &line, "");
    let board = line.split_whitespace().nth(2).unwrap().to_string();
    let json = env.json(&board);
    let black = json["players"][1].as_str().unwrap().to_string();
    let theirs = mails_to(&env, &black, before);
    assert_eq!(theirs.len(), 1, "{theirs:?}");
    assert!(
        theirs[0].0.contains(&format!("Board {board}")),
        "{theirs:?}"
    );
}

#[test]
fn an_organiser_who_does_not_play_gets_the_organisers_mail() {
    let env = Env::new();
    full_tournament(&env, "four", "round-robin", 4);
    let before = last_id(&env);
    env.ok(Some("p04"), &["tournament", "join", "four"]);
    let org = mails_to(&env, "org", before);
    assert_eq!(org.len(), 1, "{org:?}");
    let body = flat(&org[0].1);
    assert!(body.contains("which you organise"), "{body}");
    assert!(body.contains("You play in none"), "{body}");
    assert!(body.contains("tournament show four"), "{body}");
    assert!(body.contains("p01 v p04"), "{body}");
}

#[test]
fn the_round_is_over_after_the_final_board_of_the_game_that_ended_it() {
    let env = Env::new();
    full_tournament(&env, "rr", "round-robin", 4);
    env.ok(Some("p04"), &["tournament", "join", "rr"]);
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["tournament", "show", "rr", "--format", "json"]))
            .unwrap();
    let round_one: Vec<(String, String, String)> = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["round"] == 1)
        .map(|g| {
            (
                g["game"].as_str().unwrap().to_string(),
                g["white"].as_str().unwrap().to_string(),
                g["black"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(round_one.len(), 2, "{json}");
    for (game, white, _) in &round_one {
        env.ok(Some(white), &["resign", game]);
    }
    let (_, white, _) = &round_one[1];
    let mails: Vec<_> = outbox(&env)
        .into_iter()
        .filter(|(_, to, _, _)| to.contains(&format!("{white}@")))
        .collect();
    let over = mails
        .iter()
        .position(|(_, _, s, _)| s.contains("round 1 over"))
        .expect("the round's table");
    let last_board = mails
        .iter()
        .rposition(|(_, _, s, _)| s.contains("Board"))
        .expect("the last board");
    assert!(last_board < over, "{mails:?}");
}

#[test]
fn everyone_whose_ladder_place_changes_is_told_their_new_place() {
    let env = Env::new();
    env.signup(&["ann", "bob", "cy", "dee"]);
    env.ok(
        Some("ann"),
        &[
            "tournament",
            "create",
            "steps",
            "chess",
            "ladder",
            "--reach=3",
        ],
    );
    for p in ["ann", "bob", "cy", "dee"] {
        env.ok(Some(p), &["tournament", "join", "steps"]);
    }
    let out = env.ok(Some("dee"), &["tournament", "challenge", "steps", "ann"]);
    let game = out.lines().last().unwrap().to_string();
    env.ok(Some("dee"), &["move", &game, "e2-e4#1"]);
    let before = last_id(&env);
    env.ok(Some("ann"), &["resign", &game]);
    for (who, place) in [("dee", 1), ("ann", 2), ("bob", 3), ("cy", 4)] {
        let told: Vec<_> = mails_to(&env, who, before)
            .into_iter()
            .filter(|(s, _)| s.starts_with("Ladder steps"))
            .collect();
        assert_eq!(told.len(), 1, "{who}: {told:?}");
        assert!(
            flat(&told[0].1).contains(&format!("now at place {place}.")),
            "{who}: {}",
            told[0].1
        );
    }
}

#[test]
fn joining_a_tournament_that_a_players_settings_forbid_is_refused_with_the_reason() {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    env.ok(
        Some("alice"),
        &[
            "tournament",
            "create",
            "rr",
            "chess",
            "round-robin",
            "--players=3",
        ],
    );
    env.ok(Some("bob"), &["challenges", "chess", "reject"]);
    let refused = env.refused(Some("bob"), &["tournament", "join", "rr"]);
    assert!(refused.contains("challenges chess reject"), "{refused}");
    env.ok(Some("carol"), &["limit", "chess", "1"]);
    let refused = env.refused(Some("carol"), &["tournament", "join", "rr"]);
    assert!(refused.contains("limit chess 1"), "{refused}");
    assert!(refused.contains("would give you 2 more"), "{refused}");
    let shown = env.ok(None, &["tournament", "show", "rr"]);
    assert!(
        !shown.contains("bob") && !shown.contains("carol"),
        "{shown}"
    );
}

#[test]
fn a_mail_organiser_is_told_how_to_join_by_mail() {
    let env = Env::new();
    env.signup(&["alice"]);
    send(
        &env,
        "alice",
        "c1",
        "tournament create alice secret spring chess round-robin",
        "",
    );
    let (_, body) = env.last_mail_to("alice@");
    assert!(
        body.contains("tournament join USERID PASSWORD spring"),
        "{body}"
    );
    assert!(
        body.contains("tournament start alice PASSWORD spring"),
        "{body}"
    );
    let shell = env.ok(
        Some("alice"),
        &["tournament", "create", "summer", "chess", "round-robin"],
    );
    assert!(shell.contains("`tournament join summer`"), "{shell}");
}

#[test]
fn the_digest_tells_a_mail_reader_the_mail_line_to_turn_it_off() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("bob"), &["digest", "on", "7"]);
    env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    env.ok(None, &["--now", "2026-03-02T07:00:00Z", "remind"]);
    let (subject, body) = env.last_mail_to("bob@");
    assert!(subject.starts_with("Digest "), "{subject}");
    assert!(body.contains("digest bob PASSWORD off"), "{body}");
}

/// `remind` at `now`.
fn remind(env: &Env, now: &str) {
    env.ok(None, &["--now", now, "remind"]);
}

#[test]
fn a_clock_game_warns_the_player_to_move_a_day_before_the_bank_runs_out() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.ok(None, &["challenge", "chess", "alice", "bob", "--clock=3+1"]);
    // The first board shows the clock.
    let (subject, body) = env.last_mail_to("alice@");
    assert_eq!(subject, "New Chess Board 1 alice");
    assert!(body.contains("Time control:"), "{body}");
    assert!(body.contains("Time left on each clock:"), "{body}");
    assert!(
        !body.contains("Reminder after 7 days without a move."),
        "{body}"
    );
    let before = last_id(&env);
    // Nothing is due a day and a half in.
    remind(&env, "2026-03-02T23:00:00Z");
    assert!(mails_to(&env, "alice", before).is_empty());
    // A day before her 3 days run out (plus the minute rounding), she is warned.
    remind(&env, "2026-03-03T12:01:00Z");
    let warned = mails_to(&env, "alice", before);
    assert_eq!(warned.len(), 1, "{warned:?}");
    let body = flat(&warned[0].1);
    assert!(
        body.contains("If no move arrives by Wed 4 Mar 2026 12:00 UTC"),
        "{body}"
    );
    assert!(body.contains("(0 days 23:59:00 from now)"), "{body}");
    // Once: the next run sends nothing more, the one after forfeits.
    remind(&env, "2026-03-03T18:00:00Z");
    assert_eq!(mails_to(&env, "alice", before).len(), 1);
    remind(&env, "2026-03-04T12:00:00Z");
    let over = mails_to(&env, "alice", before);
    assert_eq!(over.len(), 2, "{over:?}");
    let body = flat(&over[1].1);
    // The dates after the loss on time are the true ones: no move was made.
    assert!(!body.contains("Last move made"), "{body}");
}

#[test]
fn the_computer_player_is_rated_but_not_ranked_among_the_players() {
    let env = Env::new();
    env.signup(&["alice"]);
    let out = env.ok(
        Some("alice"),
        &[
            "challenge",
            "chess",
            "alice",
            "boserv-bot",
            "--opt",
            "level=1",
        ],
    );
    let game = out.lines().last().unwrap().to_string();
    // A move each (the computer answers at once), then alice resigns.
    env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    assert_eq!(env.json(&game)["ply"], 2);
    env.ok(Some("alice"), &["resign", &game]);
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["standings", "chess", "--format", "json"])).unwrap();
    let rows = json.as_array().unwrap();
    let row = |who: &str| {
        rows.iter()
            .find(|r| r["userid"] == who)
            .unwrap_or_else(|| panic!("{who}: {json}"))
            .clone()
    };
    assert_eq!(row("alice")["rank"], 1, "{json}");
    assert_eq!(row("boserv-bot")["computer"], true, "{json}");
    assert_eq!(row("boserv-bot")["rank"], 0, "{json}");
    let text = env.ok(None, &["standings", "chess"]);
    let computer = text.find("Computer player").expect(&text);
    assert!(text[computer..].contains("boserv-bot"), "{text}");
    assert!(!text[..computer].contains("boserv-bot"), "{text}");
}

#[test]
fn an_invitation_warns_a_day_before_it_expires_and_is_answered_as_it_was() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    let before = last_id(&env);
    remind(&env, "2026-03-13T12:00:00Z");
    assert!(mails_to(&env, "bob", before).is_empty());
    remind(&env, "2026-03-14T12:01:00Z");
    let warned = mails_to(&env, "bob", before);
    assert_eq!(warned.len(), 1, "{warned:?} {:?}", outbox(&env));
    assert_eq!(warned[0].0, "Chess Invitation 1 bob");
    let body = flat(&warned[0].1);
    assert!(
        body.contains("This invitation expires in 0 days 23:59:00, on Sun 15 Mar 2026 12:00 UTC"),
        "{body}"
    );
    remind(&env, "2026-03-14T18:00:00Z");
    assert_eq!(mails_to(&env, "bob", before).len(), 1);
    // The warning is answered as the invitation is: here by the Subject
    // it names (a reply to it, `Re: Chess Invitation 1 bob`, is the
    // `reply` lane's part of issue 42).
    let before = last_id(&env);
    send(
        &env,
        "bob",
        "w1",
        "chess accept 1 bob secret",
        "Just in time.",
    );
    let alice = mails_to(&env, "alice", before);
    assert_eq!(alice.len(), 1, "{alice:?}");
    assert!(
        flat(&alice[0].1).contains("Just in time."),
        "{}",
        alice[0].1
    );
}
