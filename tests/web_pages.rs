//! Static web pages (issue 28): with `web_dir` set, each command writes
//! the pages it changed after commit; a command killed between its commit
//! and its pages publishes nothing, and the next run (or `deliver`)
//! publishes what was missing. `publish` rebuilds every page. Nothing
//! secret is on a page: no reply token, no queued or submitted move, no
//! dice seed before the game is over.

use std::path::Path;

use crate::util::{Env, read_page};

/// Every file under `dir`, as one text.
fn everything(dir: &Path) -> String {
    let mut out = String::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.push_str(&everything(&path));
        } else {
            out.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    out
}

fn queued(env: &Env) -> Vec<String> {
    env.query("SELECT page FROM publish ORDER BY page")
}

#[test]
fn a_killed_command_publishes_nothing_and_the_next_run_publishes_what_was_missing() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let dir = env.web_dir();
    let game = env.challenge("chess", "alice", "bob");
    assert!(read_page(&dir, "index.html").contains("games/1.html"));
    assert!(read_page(&dir, "games/1.html").contains("alice"));
    assert!(read_page(&dir, "players/bob.html").contains("Game 1"));
    assert!(queued(&env).is_empty());

    // Killed after its commit, before its pages.
    let out = env
        .cmd(Some("alice"))
        .env("BOSERV_TEST_KILL_BEFORE_PUBLISH", "1")
        .args(["move", &game, "e2-e4#1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), None, "killed: {out:?}");
    assert!(!read_page(&dir, "games/1.html").contains("e2-e4"));
    assert!(!dir.join("games/1/1.html").exists());
    assert_eq!(
        queued(&env),
        ["game:1", "index", "player:alice", "player:bob"]
    );
    let ply: Vec<i64> = env.query("SELECT ply FROM games");
    assert_eq!(ply, [1], "the move was made");

    // The next command writes its own pages and the missing ones.
    env.ok(Some("bob"), &["move", &game, "e7-e5#2"]);
    let page = read_page(&dir, "games/1.html");
    assert!(page.contains("1. e2-e4 (alice)"), "{page}");
    assert!(page.contains("2. e7-e5 (bob)"), "{page}");
    assert!(read_page(&dir, "games/1/1.html").contains("After move 1: e2-e4"));
    assert!(read_page(&dir, "games/1/2.html").contains("data-last=\"1\""));
    assert!(queued(&env).is_empty());

    // `deliver` writes what a killed command left, as it sends mail.
    let out = env
        .cmd(Some("alice"))
        .env("BOSERV_TEST_KILL_BEFORE_PUBLISH", "1")
        .args(["move", &game, "Ng1-f3#3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), None, "killed: {out:?}");
    assert!(!read_page(&dir, "games/1.html").contains("Ng1-f3"));
    let sent = env.dir.path().join("sent");
    std::fs::create_dir(&sent).unwrap();
    env.ok(
        None,
        &[
            "deliver",
            "--transport",
            &format!("file:{}", sent.display()),
        ],
    );
    assert!(read_page(&dir, "games/1.html").contains("3. Ng1-f3 (alice)"));
    assert!(queued(&env).is_empty());
}

#[test]
fn publish_rebuilds_every_page() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("bochess", "alice", "bob");
    env.play(&game, ["alice", "bob"], 1, &["e2-e6", "h11-h8"]);
    let dir = env.web_dir();
    assert!(!dir.join("index.html").exists(), "nothing before publish");
    let out = env.ok(None, &["publish"]);
    // The index, the game, two players, and the standings of each game
    // type (the eight of the seeds and the library's).
    let types = env.ok(None, &["variants"]).lines().count();
    let expected = format!("published: {} pages", 4 + types);
    assert!(out.starts_with(&expected), "{out}");
    assert!(read_page(&dir, "standings/bochess.html").contains("No rated games yet"));
    let page = read_page(&dir, "games/1.html");
    // The board now: 148 cells, and every earlier position a page.
    assert_eq!(page.matches("data-square=").count(), 148);
    for ply in 0..=2 {
        assert!(
            page.contains(&format!("href=\"../games/1/{ply}.html\"")),
            "{ply}"
        );
        assert!(dir.join(format!("games/1/{ply}.html")).exists());
    }
    assert!(page.contains("Game record"));
    assert!(read_page(&dir, "players/alice.html").contains("Big Outer Chess"));
}

#[test]
fn a_games_end_writes_its_types_standings_page() {
    let env = Env::new();
    let dir = env.web_dir();
    env.fools_mate();
    // Written by the mating move's own run, not by `publish`.
    let standings = read_page(&dir, "standings/chess.html");
    assert!(standings.contains("Chess standings"), "{standings}");
    let bob = standings.find(">bob</a>").expect("bob is listed");
    let alice = standings.find(">alice</a>").expect("alice is listed");
    assert!(bob < alice, "the winner first: {standings}");
    assert!(standings.contains("1662?"), "{standings}");
    assert!(standings.contains("href=\"../players/bob.html\""));
    assert!(read_page(&dir, "index.html").contains("href=\"standings/chess.html\""));
    // Every type the index links has its page (issue 43), empty or not.
    assert!(read_page(&dir, "standings/orwell.html").contains("Orwell"));
}

/// Each `href` of every page under `dir` that names no page there:
/// (the page, the link).
fn dead_links(dir: &Path, under: &Path) -> Vec<(String, String)> {
    let mut dead = Vec::new();
    for entry in std::fs::read_dir(under).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            dead.extend(dead_links(dir, &path));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for link in text.split("href=\"").skip(1) {
            let link = &link[..link.find('"').unwrap()];
            let file = link.split('#').next().unwrap();
            if file.is_empty() || file.contains(':') {
                continue;
            }
            if !path.parent().unwrap().join(file).exists() {
                let page = path.strip_prefix(dir).unwrap().display().to_string();
                dead.push((page, link.to_string()));
            }
        }
    }
    dead
}

/// Issue 43: with `web_dir` set from the start, no page links a page not
/// written (the index linked a standings page per game type, written only
/// when one of its games ended: 7 dead links until `boserv publish`).
#[test]
fn every_link_of_every_page_names_a_page_that_exists() {
    let env = Env::new();
    let dir = env.web_dir();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    assert!(dir.join("index.html").exists());
    assert_eq!(dead_links(&dir, &dir), Vec::<(String, String)>::new());
    // A game that ends: its players' and type's pages change.
    let mate = env.challenge("chess", "alice", "bob");
    env.play(
        &mate,
        ["alice", "bob"],
        1,
        &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"],
    );
    assert_eq!(dead_links(&dir, &dir), Vec::<(String, String)>::new());
}

#[test]
fn no_page_shows_a_reply_token_a_queued_or_submitted_move_or_the_seed() {
    let env = Env::new();
    // Orwell: the seed stays secret until the end.
    let seed = "00000000000000000000000000000000000000000000000000000000000000b7";
    let orwell = crate::orwell_cli::start(&env, seed);
    crate::orwell_cli::play_one(&env, &orwell);
    let chess = env.challenge("chess", "alice", "bob");
    // bob queues a reply, alice submits without confirming.
    env.ok(Some("bob"), &["queue", &chess, "Ng8-h6#2"]);
    env.ok(Some("alice"), &["submit", &chess, "Nb1-a3#1"]);
    let dir = env.web_dir();
    env.ok(None, &["publish"]);
    let pages = everything(&dir);
    assert!(pages.contains("data-square=\"a1\""), "pages were written");
    let commitment = boserv::dice::Seed::from_hex(seed).unwrap().commitment();
    assert!(
        pages.contains(&commitment.to_string()),
        "the commitment is public"
    );
    assert!(!pages.contains(seed), "the seed");
    assert!(!pages.contains("Ng8-h6"), "the queued move");
    assert!(!pages.contains("Nb1-a3"), "the submitted move");
    let reply_to: Vec<Option<String>> = env.query("SELECT reply_to FROM outbox");
    let tokens: Vec<String> = reply_to
        .into_iter()
        .flatten()
        .map(|a| a.split(['+', '@']).nth(1).unwrap().to_string())
        .collect();
    assert!(!tokens.is_empty());
    for token in tokens {
        assert!(!pages.contains(&token), "a reply token");
    }
}
