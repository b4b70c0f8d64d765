//! Whole games of chess through the binary, from challenge to result.

use crate::util::Env;

/// Fool's mate: the shortest checkmate.
pub const FOOLS_MATE: &[&str] = &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"];

/// Sam Loyd's ten-move stalemate.
pub const LOYD_STALEMATE: &[&str] = &[
    "e2-e3", "a7-a5", "Qd1-h5", "Ra8-a6", "Qh5xa5", "h7-h5", "h2-h4", "Ra6-h6", "Qa5xc7", "f7-f6",
    "Qc7xd7", "Ke8-f7", "Qd7xb7", "Qd8-d3", "Qb7xb8", "Qd3-h7", "Qb8xc8", "Kf7-g6", "Qc8-e6",
];

/// Knights out and back twice: the start position a third time.
pub const KNIGHT_SHUFFLE: &[&str] = &[
    "Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8", "Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8",
];

fn new_game(env: &Env) -> String {
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob")
}

#[test]
fn fools_mate_ends_in_checkmate() {
    let env = Env::new();
    let game = new_game(&env);
    assert_eq!(game, "game1");
    let last = env.play(&game, ["alice", "bob"], 1, FOOLS_MATE);
    assert!(last.contains("game over: 0-1 (checkmate)"), "{last}");
    let view = env.json(&game);
    assert_eq!(view["status"], "over");
    assert_eq!(view["result"], "0-1");
    assert_eq!(view["to_move"], serde_json::Value::Null);
    assert_eq!(view["ply"], 4);
    let reason = env.refused(Some("alice"), &["move", &game, "e2-e4"]);
    assert_eq!(reason, "game1 is over: 0-1 (checkmate)");
}

#[test]
fn the_opera_game_ends_in_checkmate() {
    let env = Env::new();
    let game = new_game(&env);
    let last = env.play(&game, ["alice", "bob"], 1, boserv::front::demo::OPERA_GAME);
    assert!(last.contains("game over: 1-0 (checkmate)"), "{last}");
    let history = env.ok(None, &["history", &game]);
    assert!(
        history.contains("  17.   White  alice        Rd1-d8"),
        "{history}"
    );
}

#[test]
fn a_stalemate_is_a_draw() {
    let env = Env::new();
    let game = new_game(&env);
    let last = env.play(&game, ["alice", "bob"], 1, LOYD_STALEMATE);
    assert!(last.contains("game over: 1/2-1/2 (stalemate)"), "{last}");
    assert_eq!(env.json(&game)["result"], "1/2-1/2");
}

#[test]
fn threefold_repetition_is_a_draw() {
    let env = Env::new();
    let game = new_game(&env);
    // One move short of the third repetition the game goes on.
    env.play(&game, ["alice", "bob"], 1, &KNIGHT_SHUFFLE[..7]);
    assert_eq!(env.json(&game)["status"], "active");
    let last = env.play(&game, ["alice", "bob"], 8, &KNIGHT_SHUFFLE[7..]);
    assert!(last.contains("game over: 1/2-1/2"), "{last}");
    assert!(last.contains("repetition"), "{last}");
}

#[test]
fn a_draw_by_agreement() {
    let env = Env::new();
    let game = new_game(&env);
    env.play(&game, ["alice", "bob"], 1, &["e2-e4"]);
    let offered = env.ok(Some("bob"), &["draw", &game, "offer"]);
    assert!(offered.contains("draw offered by bob"), "{offered}");
    assert_eq!(
        env.json(&game)["draw_offered_by"],
        serde_json::json!(["bob"])
    );
    let agreed = env.ok(Some("alice"), &["draw", &game, "accept"]);
    assert!(agreed.contains("game over: 1/2-1/2"), "{agreed}");
    let view = env.json(&game);
    assert_eq!(
        (view["status"].as_str(), view["result"].as_str()),
        (Some("over"), Some("1/2-1/2"))
    );
    let export = env.ok(None, &["export", &game]);
    assert!(
        export.trim_end().ends_with("1. e4 {draw agreed} 1/2-1/2"),
        "{export}"
    );
}

#[test]
fn a_declined_draw_goes_on() {
    let env = Env::new();
    let game = new_game(&env);
    env.ok(Some("alice"), &["draw", &game, "offer"]);
    env.ok(Some("bob"), &["draw", &game, "decline"]);
    assert_eq!(
        env.refused(Some("bob"), &["draw", &game, "accept"]),
        "nobody has offered a draw in game1"
    );
    assert_eq!(env.json(&game)["status"], "active");
}

#[test]
fn a_resignation_gives_the_opponent_the_game() {
    let env = Env::new();
    let game = new_game(&env);
    // bob resigns on his turn (out of turn it would wait for it).
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "e7-e5", "Ng1-f3"]);
    let out = env.ok(Some("bob"), &["resign", &game]);
    assert!(out.contains("game over: 1-0"), "{out}");
    let view = env.json(&game);
    assert_eq!(view["result"], "1-0");
    assert_eq!(view["status"], "over");
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains("bob          resigns"), "{history}");
}

#[test]
fn an_export_replays_to_the_same_result() {
    let env = Env::new();
    let game = new_game(&env);
    env.play(&game, ["alice", "bob"], 1, FOOLS_MATE);
    let record = env.ok(None, &["export", &game]);
    assert!(
        record.starts_with("[Event \"boserv game1\"]\n[Site \"boserv\"]"),
        "{record}"
    );
    assert!(
        record.contains("[White \"alice\"]\n[Black \"bob\"]"),
        "{record}"
    );
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    let file = env.dir.path().join("game1.txt");
    std::fs::write(&file, &record).unwrap();
    let replayed = env.ok(None, &["replay", "chess", file.to_str().unwrap()]);
    assert_eq!(replayed.lines().last(), Some("result: 0-1"));
    // The same record on standard input, and a resigned game.
    let game2 = env.challenge("chess", "alice", "bob");
    env.play(&game2, ["alice", "bob"], 1, &["d2-d4", "d7-d5", "c2-c4"]);
    env.ok(Some("bob"), &["resign", &game2]);
    let record2 = env.ok(None, &["export", &game2]);
    let out = env
        .cmd(None)
        .args(["replay", "chess", "-"])
        .write_stdin(record2)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().lines().last(),
        Some("result: 1-0")
    );
}

#[test]
fn show_at_an_earlier_move() {
    let env = Env::new();
    let game = new_game(&env);
    env.play(&game, ["alice", "bob"], 1, FOOLS_MATE);
    let start: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["show", &game, "--at", "0", "--format", "json"]))
            .unwrap();
    assert_eq!(start["ply"], 0);
    assert_eq!(start["to_move"], "alice");
    assert_eq!(start["status"], "active");
    assert_eq!(start["variant"], "chess");
    assert_eq!(start["players"], serde_json::json!(["alice", "bob"]));
    assert_eq!(start["roll"], serde_json::Value::Null);
    let two: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["show", &game, "--at", "2", "--format", "json"]))
            .unwrap();
    assert_eq!(two["to_move"], "alice");
    assert_ne!(two["board"], start["board"]);
    let reason = env.refused(None, &["show", &game, "--at", "9"]);
    assert_eq!(reason, "game1 has 4 moves, not 9");
}

#[test]
fn games_lists_who_is_to_move() {
    let env = Env::new();
    let game = new_game(&env);
    env.signup(&["carol"]);
    env.challenge("chess", "carol", "alice");
    env.play(&game, ["alice", "bob"], 1, &["e2-e4"]);
    // A header, then one line per game.
    let all = env.ok(None, &["games"]);
    assert_eq!(all.lines().count(), 3, "{all}");
    assert!(all.contains("bob to move"), "{all}");
    let bobs = env.ok(None, &["games", "bob"]);
    assert_eq!(bobs.lines().count(), 2, "{bobs}");
    let next = env.ok(None, &["games", "carol", "--next"]);
    assert!(next.lines().nth(1).unwrap().starts_with("game2"), "{next}");
    assert_eq!(next.lines().count(), 2, "{next}");
    assert_eq!(
        env.ok(None, &["games", "alice", "--next"]).trim_end(),
        "no games"
    );
}

/// Resigning before one's first move declines the game: it is cancelled,
/// nobody wins, everyone is told, and nothing more can be played in it.
#[test]
fn resigning_before_ones_first_move_cancels_the_game() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["move", &game, "e2-e4"]);
    env.ok(Some("bob"), &["resign", &game]);
    let json = env.json(&game);
    assert_eq!(json["status"], "cancelled");
    assert_eq!(json["result"], serde_json::Value::Null);
    assert_eq!(json["winner"], serde_json::Value::Null);
    // One typed ending, worded once: the seat that declined.
    assert_eq!(json["ending"], "declined:1");
    assert_eq!(json["reason"], "Black declined to play");
    let export = env.ok(None, &["export", &game]);
    assert!(
        export.contains(
            "[Result \"*\"]\n[Termination \"abandoned\"]\n[Reason \"Black declined to play\"]"
        ),
        "{export}"
    );
    let reason = env.refused(Some("bob"), &["move", &game, "e7-e5"]);
    assert_eq!(reason, "game1 was cancelled");
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let told: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM outbox \
             WHERE body LIKE '%The game has ended (Black declined to play).%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(told, 2, "both players hear of it");

    // Once a player has moved, resigning loses as usual.
    let game2 = env.challenge("chess", "alice", "bob");
    env.play(&game2, ["alice", "bob"], 1, &["e2-e4", "e7-e5"]);
    env.ok(Some("alice"), &["resign", &game2]);
    assert_eq!(env.json(&game2)["result"], "0-1");
}

/// `list VARIANT`: the counts line up under the longest userid (one of
/// 32 letters used to push its row out of line).
#[test]
fn list_keeps_its_columns_for_a_long_userid() {
    let env = Env::new();
    let long = "averyveryverylonguseridnumber012";
    env.signup(&[long, "bob"]);
    env.challenge("chess", long, "bob");
    let listed = env.ok(None, &["list", "chess"]);
    let columns: Vec<usize> = listed.lines().filter_map(|l| l.find(" active, ")).collect();
    assert_eq!(columns.len(), 2, "{listed}");
    assert_eq!(columns[0], columns[1], "{listed}");
}

/// A game declined before its first move (White resigns at once) has no
/// log entry; its mail's clock block still gives the date it ended (it
/// said "It is now......... None").
#[test]
fn a_game_declined_before_any_move_says_when_it_ended() {
    let env = Env::new();
    let game = new_game(&env);
    env.ok(Some("alice"), &["resign", &game]);
    let (subject, body) = env.last_mail_to("bob@");
    assert!(subject.ends_with("over"), "{subject}");
    assert!(body.contains("declined to play"), "{body}");
    assert!(
        body.contains("Game ended........ Sun 1 Mar 2026 12:00 UTC"),
        "{body}"
    );
    assert!(!body.contains("None"), "{body}");
}
