//! Tournaments (issue 27): round robins, double round robins and
//! knockouts run by the server, through the shell and by mail; the
//! crosstable's tie-breaks, a knockout's decider and next round, leaving,
//! and every refusal one line that changes nothing.

use crate::util::Env;

const PLAYERS: [&str; 4] = ["alice", "bob", "carol", "dave"];

/// Creates `name` (FORMAT, organised by alice) and has the four join: it
/// starts at the fourth; returns the answer to the last join.
fn four(env: &Env, name: &str, format: &str) -> String {
    env.signup(&PLAYERS);
    env.ok(
        Some("alice"),
        &["tournament", "create", name, "chess", format, "--players=4"],
    );
    let mut last = String::new();
    for p in PLAYERS {
        last = env.ok(Some(p), &["tournament", "join", name]);
    }
    last
}

/// `tournament show NAME --format json`.
fn show(env: &Env, name: &str) -> serde_json::Value {
    serde_json::from_str(&env.ok(None, &["tournament", "show", name, "--format", "json"])).unwrap()
}

/// The players of every game, as `white-black`.
fn pairs(json: &serde_json::Value) -> Vec<String> {
    json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            format!(
                "{}-{}",
                g["white"].as_str().unwrap(),
                g["black"].as_str().unwrap()
            )
        })
        .collect()
}

/// Ends `game` with `result` from White's side: `1-0`, `0-1` (the loser
/// resigns) or `draw` (offered and accepted).
fn finish(env: &Env, game: &str, result: &str) {
    let players: Vec<String> = env.json(game)["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    match result {
        "1-0" => {
            // Black resigns on their turn (out of turn it would wait).
            env.ok(Some(&players[0]), &["move", game, "e2-e4#1"]);
            env.ok(Some(&players[1]), &["resign", game]);
        }
        "0-1" => drop(env.ok(Some(&players[0]), &["resign", game])),
        _ => {
            env.ok(Some(&players[0]), &["draw", game, "offer"]);
            env.ok(Some(&players[1]), &["draw", game, "accept"]);
        }
    }
}

/// The crosstable as `userid points wins sb` lines.
fn table(json: &serde_json::Value) -> Vec<String> {
    json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            format!(
                "{} {} {} {} {}",
                p["place"],
                p["userid"].as_str().unwrap(),
                p["points"],
                p["wins"],
                p["sonneborn_berger"]
            )
        })
        .collect()
}

#[test]
fn a_round_robin_of_four_plays_each_pair_once_by_the_berger_tables() {
    let env = Env::new();
    let started = four(&env, "spring", "round-robin");
    assert!(started.contains("spring started"), "{started}");
    let json = show(&env, "spring");
    // FIDE's table for four: 1-4 2-3 | 4-3 1-2 | 2-4 3-1 (equal ratings:
    // seeded in entry order).
    assert_eq!(
        pairs(&json),
        [
            "alice-dave",
            "bob-carol",
            "dave-carol",
            "alice-bob",
            "bob-dave",
            "carol-alice"
        ]
    );
    let rounds: Vec<u64> = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["round"].as_u64().unwrap())
        .collect();
    assert_eq!(rounds, [1, 1, 2, 2, 3, 3]);
    assert_eq!(json["state"], "running");
    // Every game began at once: no invitation, rated.
    assert_eq!(env.query::<i64>("SELECT count(*) FROM invitations"), [0]);
    assert_eq!(
        env.query::<i64>("SELECT count(*) FROM games WHERE rated = 1 AND status = 'active'"),
        [6]
    );
    // Each player got the start with their own three games.
    let (subject, body) = env.last_mail_to("dave");
    assert!(
        subject.contains("Tournament spring: started") || body.contains("Tournament spring"),
        "{subject}"
    );
    let start = env
        .queued()
        .into_iter()
        .find(|(to, s, _)| to.contains("dave") && s.contains("Tournament spring: started"))
        .expect("a start letter to dave")
        .2;
    // (Issue 42: one mail names them all, with the line that moves where
    // dave moves first; the boards follow as moves are made.)
    let start = start.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(start.matches("you play").count(), 3, "{start}");
    // Each game's board mails name the tournament and the round.
    env.ok(Some("dave"), &["move", "game3", "e2-e4#1"]);
    let (_, board) = env.last_mail_to("carol");
    assert!(
        board.contains("Tournament spring (round-robin), round 2."),
        "{board}"
    );
}

#[test]
fn a_double_round_robin_plays_each_pair_twice_colours_swapped() {
    let env = Env::new();
    four(&env, "double", "double-round-robin");
    let all = pairs(&show(&env, "double"));
    assert_eq!(all.len(), 12);
    for pair in &all {
        let (w, b) = pair.split_once('-').unwrap();
        assert_eq!(all.iter().filter(|p| **p == *pair).count(), 1, "{pair}");
        assert!(all.contains(&format!("{b}-{w}")), "{pair}");
    }
}

#[test]
fn sonneborn_berger_separates_two_players_level_on_points_and_wins() {
    let env = Env::new();
    four(&env, "sb", "round-robin");
    // alice-dave, bob-carol, dave-carol, alice-bob, bob-dave, carol-alice.
    for (game, result) in [
        ("game1", "1-0"),
        ("game2", "draw"),
        ("game3", "draw"),
        ("game4", "0-1"),
        ("game5", "0-1"),
        ("game6", "0-1"),
    ] {
        finish(&env, game, result);
    }
    let json = show(&env, "sb");
    // bob and dave: 1½ with one win each; bob beat alice (2 points) and
    // drew carol (1): SB 2.5; dave beat bob (1½) and drew carol: 2.
    assert_eq!(
        table(&json),
        [
            "1 alice 2.0 2 2.5",
            "2 bob 1.5 1 2.5",
            "3 dave 1.5 1 2.0",
            "4 carol 1.0 0 1.5"
        ]
    );
    assert_eq!(json["state"], "done");
    assert_eq!(json["winner"], "alice");
    // The last round's letter names the winner, with the table.
    let won = env
        .queued()
        .into_iter()
        .find(|(to, s, _)| to.contains("carol") && s.contains("Tournament sb: won by alice"))
        .expect("the winner announced to carol")
        .2;
    assert!(won.contains("2. bob  1½ of 3  wins 1  SB 2.5"), "{won}");
}

#[test]
fn baumbach_separates_two_players_level_on_points() {
    let env = Env::new();
    four(&env, "bb", "round-robin");
    for (game, result) in [
        ("game1", "draw"),
        ("game2", "0-1"),
        ("game3", "draw"),
        ("game4", "1-0"),
        ("game5", "draw"),
        ("game6", "1-0"),
    ] {
        finish(&env, game, result);
    }
    let json = show(&env, "bb");
    // alice (a win, a loss, a draw) and dave (three draws): 1½ each.
    assert_eq!(
        table(&json),
        [
            "1 carol 2.5 2 2.75",
            "2 alice 1.5 1 1.25",
            "3 dave 1.5 0 2.25",
            "4 bob 0.5 0 0.75"
        ]
    );
    // A round's end is mailed as a crosstable before the last.
    assert!(
        env.queued()
            .iter()
            .any(|(to, s, _)| to.contains("bob") && s.contains("Tournament bb: round 1 over")),
        "round 1's crosstable"
    );
}

#[test]
fn a_knockout_of_four_gives_a_level_match_its_decider_then_makes_the_final() {
    let env = Env::new();
    four(&env, "ko", "knockout");
    let json = show(&env, "ko");
    // Seeds 1 v 4 and 2 v 3, each a match of two games, one per colour.
    assert_eq!(
        pairs(&json),
        ["alice-dave", "dave-alice", "bob-carol", "carol-bob"]
    );
    finish(&env, "game1", "1-0");
    finish(&env, "game2", "0-1");
    finish(&env, "game3", "1-0");
    finish(&env, "game4", "1-0");
    // bob and carol level at 1-1: one decider, the lower seed White.
    let json = show(&env, "ko");
    assert_eq!(pairs(&json).len(), 5, "{json}");
    assert_eq!(json["games"][4]["kind"], "decider");
    assert_eq!(pairs(&json)[4], "carol-bob");
    let decider = env
        .queued()
        .into_iter()
        .find(|(to, s, _)| to.contains("bob") && s.contains("New Chess Board 5"))
        .expect("the decider's first board mail")
        .2;
    assert!(
        decider.contains("Tournament ko (knockout), round 1, the match's decider."),
        "{decider}"
    );
    // A drawn decider sends the higher seed through: the final is made.
    finish(&env, "game5", "draw");
    let json = show(&env, "ko");
    assert_eq!(&pairs(&json)[5..], ["alice-bob", "bob-alice"]);
    assert_eq!(json["games"][5]["round"], 2);
    finish(&env, "game6", "0-1");
    finish(&env, "game7", "1-0");
    let json = show(&env, "ko");
    assert_eq!(json["state"], "done");
    assert_eq!(json["winner"], "bob");
}

#[test]
fn leaving_resigns_the_players_remaining_games() {
    let env = Env::new();
    four(&env, "left", "round-robin");
    finish(&env, "game2", "1-0");
    let out = env.ok(Some("bob"), &["tournament", "leave", "left"]);
    assert!(out.contains("resigned: game4 game5"), "{out}");
    let json = show(&env, "left");
    let results: Vec<String> = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["result"].to_string())
        .collect();
    // game2 bob won; game4 alice-bob and game5 bob-dave lost by resigning.
    assert_eq!(results[1], "\"1-0\"");
    assert_eq!(results[3], "\"1-0\"");
    assert_eq!(results[4], "\"0-1\"");
    let bob = json["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["userid"] == "bob")
        .unwrap()
        .clone();
    assert_eq!(bob["left"], true);
    assert_eq!(bob["points"], 1.0);
    // Signing off does the same in every running tournament.
    let out = env.ok(Some("carol"), &["signoff"]);
    assert!(
        out.contains("resigned (tournament games): game3, game6"),
        "{out}"
    );
}

#[test]
fn the_organiser_starts_and_cancels_and_bad_input_is_refused() {
    let env = Env::new();
    env.signup(&PLAYERS);
    env.ok(
        Some("alice"),
        &[
            "tournament",
            "create",
            "open",
            "chess",
            "round-robin",
            "--unrated",
        ],
    );
    assert!(
        env.refused(
            Some("bob"),
            &["tournament", "create", "open", "chess", "knockout"]
        )
        .contains("there is a tournament open already")
    );
    assert!(
        env.refused(
            Some("bob"),
            &["tournament", "create", "x", "orwell", "round-robin"]
        )
        .contains("Orwell tournaments are not offered")
    );
    assert!(
        env.refused(
            Some("bob"),
            &["tournament", "create", "x", "chess", "swiss"]
        )
        .contains("not a tournament format")
    );
    assert!(
        env.refused(
            Some("bob"),
            &[
                "tournament",
                "create",
                "x",
                "chess",
                "round-robin",
                "--players=17"
            ]
        )
        .contains("takes at most 16 players")
    );
    // A word that does not read is a usage error (exit 2), also one line.
    let out = env.run(
        Some("bob"),
        &[
            "tournament",
            "create",
            "x",
            "chess",
            "knockout",
            "--players=1",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("--players: write a number of players from 2")
    );
    assert!(
        env.refused(Some("bob"), &["tournament", "join", "nowhere"])
            .contains("no tournament nowhere")
    );
    assert!(
        env.refused(Some("alice"), &["tournament", "start", "open"])
            .contains("at least two")
    );
    env.ok(Some("bob"), &["tournament", "join", "open"]);
    env.ok(Some("carol"), &["tournament", "join", "open"]);
    env.ok(Some("alice"), &["tournament", "join", "open"]);
    assert!(
        env.refused(Some("bob"), &["tournament", "join", "open"])
            .contains("you are in open already")
    );
    assert!(
        env.refused(Some("bob"), &["tournament", "start", "open"])
            .contains("only alice")
    );
    let listed = env.ok(None, &["tournaments"]);
    assert!(
        listed.contains("open chess round-robin by alice open 3 player(s)"),
        "{listed}"
    );
    let started = env.ok(Some("alice"), &["tournament", "start", "open"]);
    assert!(started.contains("3 game(s)"), "{started}");
    assert_eq!(
        env.query::<i64>("SELECT count(*) FROM games WHERE rated = 0"),
        [3]
    );
    assert!(
        env.refused(Some("dave"), &["tournament", "join", "open"])
            .contains("is running")
    );
    // A tournament game cannot be declined: resigning before a move loses.
    let white = show(&env, "open")["games"][0]["white"]
        .as_str()
        .unwrap()
        .to_string();
    env.ok(Some(&white), &["resign", "game1"]);
    assert_eq!(show(&env, "open")["games"][0]["status"], "over");
    assert!(
        env.refused(Some("bob"), &["tournament", "cancel", "open"])
            .contains("only alice")
    );
    let out = env.ok(Some("alice"), &["tournament", "cancel", "open"]);
    assert!(out.contains("games cancelled: game2 game3"), "{out}");
    let json = show(&env, "open");
    assert_eq!(json["state"], "cancelled");
    assert_eq!(json["games"][1]["status"], "cancelled");
    assert_eq!(
        env.ok(None, &["tournaments"]).trim(),
        "no tournaments open or running"
    );
}

#[test]
fn a_tournament_runs_by_mail() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let send = |user: &str, id: &str, subject: &str| {
        env.mail(&format!(
            "From: {user}@example.test\r\nMessage-ID: <{id}@example.test>\r\n\
             Subject: {subject}\r\n\r\n"
        ));
        env.last_mail_to(user)
    };
    let (_, body) = send(
        "alice",
        "t1",
        "tournament create alice secret mailed chess round-robin --players=2",
    );
    assert!(
        body.contains("tournament mailed: chess round-robin"),
        "{body}"
    );
    send("alice", "t2", "tournament join alice secret mailed");
    send("bob", "t3", "tournament join bob secret mailed");
    let (_, body) = send("bob", "t4", "tournament show mailed");
    assert!(
        body.contains("tournament mailed: chess round-robin, organised by alice; running"),
        "{body}"
    );
    assert!(body.contains("game1 alice - bob"), "{body}");
    assert_eq!(show(&env, "mailed")["games"].as_array().unwrap().len(), 1);
}

#[test]
fn a_loss_on_time_counts_and_ends_the_tournament() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.ok(
        Some("alice"),
        &[
            "tournament",
            "create",
            "timed",
            "chess",
            "round-robin",
            "--players=2",
        ],
    );
    env.ok(Some("alice"), &["tournament", "join", "timed"]);
    env.ok(Some("bob"), &["tournament", "join", "timed"]);
    // game1: alice (White) never moves; remind forfeits her after 21 days.
    env.ok(None, &["--now", "2026-03-23T12:00:00Z", "remind"]);
    let json = show(&env, "timed");
    assert_eq!(json["games"][0]["result"], "0-1", "{json}");
    assert_eq!(json["state"], "done");
    assert_eq!(json["winner"], "bob");
    assert!(
        env.queued()
            .iter()
            .any(|(to, s, _)| to.contains("alice") && s.contains("Tournament timed: won by bob")),
        "the winner announced"
    );
}

#[test]
fn a_knockout_of_three_gives_the_top_seed_a_bye() {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    env.ok(
        Some("alice"),
        &[
            "tournament",
            "create",
            "three",
            "chess",
            "knockout",
            "--players=3",
        ],
    );
    for p in ["alice", "bob", "carol"] {
        env.ok(Some(p), &["tournament", "join", "three"]);
    }
    // Seed 1 (alice) waits; 2 and 3 play their match.
    assert_eq!(pairs(&show(&env, "three")), ["bob-carol", "carol-bob"]);
    finish(&env, "game1", "0-1");
    finish(&env, "game2", "1-0");
    let json = show(&env, "three");
    assert_eq!(&pairs(&json)[2..], ["alice-carol", "carol-alice"]);
    assert!(
        env.queued()
            .iter()
            .any(|(to, s, _)| to.contains("alice") && s.contains("Tournament three: round 1 over")),
        "round 1's table to alice"
    );
}

#[test]
fn a_knockout_player_who_left_gives_the_next_match_up_unplayed() {
    let env = Env::new();
    four(&env, "walk", "knockout");
    finish(&env, "game1", "1-0");
    finish(&env, "game2", "0-1");
    // alice is through, then leaves with no game running.
    let out = env.ok(Some("alice"), &["tournament", "leave", "walk"]);
    assert!(out.contains("resigned: none"), "{out}");
    finish(&env, "game3", "1-0");
    finish(&env, "game4", "0-1");
    let json = show(&env, "walk");
    assert_eq!(pairs(&json).len(), 4, "no final is played: {json}");
    assert_eq!(json["state"], "done");
    assert_eq!(json["winner"], "bob");
}
