//! Orwell Chess end to end through the `boserv` binary: three players,
//! server dice from a committed seed (fixed here with BOSERV_DICE_SEED),
//! automatic passes, records that carry the rolls, and the audit.
//!
//! The turns played are chosen with the library (the legal turns of the
//! cached position with the current roll), so the test follows whatever
//! the seed rolls.

use boserv::command::GameId;
use boserv::dice::{self, Seed, TEST_SEED_ENV};
use boserv::rules::orwell::{DICE, OrwellPosition};
use boserv::rules::{Position, Roll, VARIANTS, find_variant};
use boserv::service::game::{LoadedGame, rebuild};
use boserv::store::{self, turns};

use crate::util::Env;

const PLAYERS: [&str; 3] = ["alice", "bob", "carol"];

/// A test seed as 64 hex digits, from a counter.
fn seed_hex(n: u64) -> String {
    format!("{:064x}", n)
}

/// A three-player game of Orwell with a fixed seed; returns the game id.
pub(crate) fn start(env: &Env, seed: &str) -> String {
    env.signup(&PLAYERS);
    let out = env
        .cmd(None)
        .env(TEST_SEED_ENV, seed)
        .args(["challenge", "orwell", "alice", "bob", "carol"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let commitment = Seed::from_hex(seed).unwrap().commitment();
    assert!(
        text.contains(&format!("commitment: {commitment}")),
        "{text}"
    );
    text.lines().last().unwrap().to_string()
}

/// The last line of `roll GAME`, as dice.
fn current_roll(env: &Env, game: &str) -> Roll {
    let out = env.ok(None, &["roll", game]);
    let last = out.lines().last().unwrap();
    let (a, b) = last
        .strip_prefix("roll: ")
        .unwrap()
        .split_once(',')
        .unwrap();
    [a.parse().unwrap(), b.parse().unwrap()].into()
}

/// The game's cached position, read from the database.
pub(crate) fn cached(env: &Env, game: &str) -> Box<dyn Position> {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let id: GameId = game.parse().unwrap();
    let text: String = conn
        .query_row(
            "SELECT position FROM games WHERE id = ?1",
            [id.0 as i64],
            |r| r.get(0),
        )
        .unwrap();
    find_variant("orwell").unwrap().decode(&[], &text).unwrap()
}

pub(crate) fn to_move(env: &Env, game: &str) -> Option<String> {
    env.json(game)["to_move"].as_str().map(str::to_string)
}

fn ply(env: &Env, game: &str) -> u64 {
    env.json(game)["ply"].as_u64().unwrap()
}

/// Plays turns until it is `who`'s turn (a resignation takes effect at
/// once only on one's own turn).
pub(crate) fn play_until_turn_of(env: &Env, game: &str, who: &str) {
    for _ in 0..30 {
        if to_move(env, game).as_deref() == Some(who) {
            return;
        }
        play_one(env, game);
    }
    panic!("{who}'s turn never came in {game}");
}

/// Plays the first legal turn for whoever is to move; a turn ending in a
/// forced pass is sent as its move alone. Returns the history line text.
pub(crate) fn play_one(env: &Env, game: &str) -> String {
    play_preferring(env, game, |_| false)
}

/// [`play_one`], playing the first legal turn `prefer` likes if there is
/// one.
pub(crate) fn play_preferring(env: &Env, game: &str, prefer: impl Fn(&str) -> bool) -> String {
    let mover = to_move(env, game).expect("the game goes on");
    let roll = current_roll(env, game);
    let legal = cached(env, game).legal_turns(Some(roll));
    let turn = legal
        .iter()
        .find(|t| prefer(t))
        .or(legal.first())
        .expect("a seat with no turn is passed")
        .clone();
    let sent = turn.strip_suffix(", pass").unwrap_or(&turn).to_string();
    let n = ply(env, game) + 1;
    let out = env.ok(Some(&mover), &["move", game, &format!("{sent}#{n}")]);
    assert!(out.contains(&format!("played {turn}")), "{out}");
    format!("{},{}: {turn}", roll[0], roll[1])
}

#[test]
fn an_orwell_game_from_challenge_to_audit() {
    let env = Env::new();
    let seed = seed_hex(7);
    let game = start(&env, &seed);

    // The roll is the seed's roll for the turn to come, however often asked.
    let roll = current_roll(&env, &game);
    let before = env.dump();
    for _ in 0..3 {
        assert_eq!(current_roll(&env, &game), roll);
    }
    assert_eq!(env.dump(), before, "asking for the roll changes nothing");
    let seed_value = Seed::from_hex(&seed).unwrap();
    assert_eq!(
        roll,
        dice::roll(&seed_value, GameId(1), ply(&env, &game), &DICE)
    );
    let json = env.json(&game);
    assert_eq!(json["roll"], serde_json::json!(roll.dice()));
    assert_eq!(json["seed"], serde_json::Value::Null);

    // A move for a die that was not rolled is refused and changes nothing.
    let mover = to_move(&env, &game).unwrap();
    let position = cached(&env, &game);
    let (die, other) = (2..=5u8)
        .filter(|d| !roll.contains(d))
        .find_map(|d| {
            let turns = position.legal_turns(Some([d, d].into()));
            let first = turns.first()?.split(", ").next()?.to_string();
            (first != "pass").then_some((d, first))
        })
        .expect("some die not rolled moves a piece from the start");
    let reason = env.refused(Some(&mover), &["move", &game, &other]);
    assert!(
        reason.starts_with(&format!(
            "{other}: the roll {},{} does not move",
            roll[0], roll[1]
        )),
        "{reason} (the move was for a {die})"
    );

    // Out of turn.
    let idle = PLAYERS.iter().find(|p| **p != mover).unwrap();
    assert_eq!(
        env.refused(Some(idle), &["move", &game, "c3-d4"]),
        format!("it is {mover}'s turn")
    );

    // Turns with the right dice; history shows them with their rolls.
    let mut played = Vec::new();
    for _ in 0..4 {
        played.push(play_one(&env, &game));
    }
    // (A capture is followed by what it took: ` took alice's Pao`.)
    let history = env.ok(None, &["history", &game]);
    let plain: String = history
        .split(" took ")
        .enumerate()
        .map(|(n, part)| match n {
            0 => part,
            _ => part.find(['\n', ',']).map_or("", |at| &part[at..]),
        })
        .collect::<Vec<_>>()
        .join("");
    for line in &played {
        assert!(plain.contains(line.as_str()), "{line} not in {history}");
    }

    // Bob resigns: the game goes on between the others and bob's turns
    // pass by themselves.
    // With seed 7 it is bob's turn: his resignation passes it at once, and
    // the reply says so before the board.
    assert_eq!(to_move(&env, &game).as_deref(), Some("bob"));
    let out = env.ok(Some("bob"), &["resign", &game]);
    assert!(
        out.starts_with("bob: pass, pass (passed automatically)\n"),
        "{out}"
    );
    for _ in 0..4 {
        assert_ne!(to_move(&env, &game).as_deref(), Some("bob"));
        play_one(&env, &game);
    }
    let history = env.ok(None, &["history", &game]);
    let passes = history
        .lines()
        .filter(|l| {
            l.contains(" Red ") && l.contains(" bob ") && l.ends_with(": pass, pass (automatic)")
        })
        .count();
    assert!(passes >= 1, "{history}");
    assert!(history.contains("pass, pass (automatic)"), "{history}");
    assert!(!history.contains("> passed automatically"), "{history}");

    // The cached position is the turn log replayed with its stored rolls.
    let mut conn = store::open(&env.db, store::DEFAULT_BUSY_TIMEOUT).unwrap();
    let tx = store::read(&mut conn).unwrap();
    let id: GameId = game.parse().unwrap();
    let loaded = LoadedGame::load(&tx, &VARIANTS, id).unwrap();
    let log = turns::log(&tx, id).unwrap();
    let replayed = rebuild(loaded.variant, &[], &log).unwrap();
    assert_eq!(replayed.encode(), loaded.row.position);
    drop(tx);

    // Export and replay: the same board, the game still going.
    let record = env.ok(None, &["export", &game]);
    assert!(record.contains(&format!("{}\n", played[0])), "{record}");
    assert!(!record.contains(&seed), "the seed stays secret: {record}");
    let file = env.dir.path().join("game.txt");
    std::fs::write(&file, &record).unwrap();
    let out = env.ok(None, &["replay", "orwell", file.to_str().unwrap()]);
    assert_eq!(out.lines().last(), Some("result: *"));
    let board = env.json(&game)["board"]
        .as_str()
        .unwrap()
        .trim_end()
        .to_string();
    assert!(out.starts_with(&board), "{out}\n---\n{board}");

    // Before the end the audit can only say the seed is secret.
    let audit = env.ok(None, &["audit", &game]);
    assert!(
        audit.contains("seed: secret until the game ends"),
        "{audit}"
    );
    assert!(!audit.contains(&seed), "{audit}");
    let last = audit.lines().last().unwrap();
    assert!(last.starts_with("rolls: not checked yet"), "{audit}");

    // Carol resigns too: alice wins, the seed is revealed and checks out.
    let out = env.ok(Some("carol"), &["resign", &game]);
    assert!(out.contains(&format!("seed: {seed}")), "{out}");
    assert!(out.contains("game over: [1:0:0]"), "{out}");
    let audit = env.ok(None, &["audit", &game]);
    assert!(audit.contains(&format!("seed: {seed}")), "{audit}");
    assert_eq!(audit.lines().last(), Some("rolls: ok"), "{audit}");
    let record = env.ok(None, &["export", &game]);
    std::fs::write(&file, &record).unwrap();
    let out = env.ok(None, &["replay", "orwell", file.to_str().unwrap()]);
    assert_eq!(out.lines().last(), Some("result: [1:0:0]"));
    assert!(record.contains(&format!("[Seed \"{seed}\"]")), "{record}");
    // A finished record proves its dice: a bent roll in it is refused.
    let pass = record
        .lines()
        .find(|l| l.ends_with(": pass, pass"))
        .expect("an automatic pass");
    let bent_pass = if pass.starts_with("6,6") {
        "1,1: pass, pass"
    } else {
        "6,6: pass, pass"
    };
    std::fs::write(&file, record.replacen(pass, bent_pass, 1)).unwrap();
    let out = env.run(None, &["replay", "orwell", file.to_str().unwrap()]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with("boserv: the dice do not check: rolls: MISMATCH"),
        "{err}"
    );
    assert_eq!(
        env.refused(Some("alice"), &["roll", &game]),
        "game1 is over: [1:0:0] (resignation)"
    );

    // A roll changed in the database is caught.
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let (seq, stored): (i64, String) = conn
        .query_row(
            "SELECT seq, roll FROM turns WHERE game = 1 AND kind = 'turn' ORDER BY seq LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    let bent = if stored == "6,6" { "1,1" } else { "6,6" };
    conn.execute(
        "UPDATE turns SET roll = ?1 WHERE game = 1 AND seq = ?2",
        rusqlite::params![bent, seq],
    )
    .unwrap();
    let audit = env.ok(None, &["audit", &game]);
    let last = audit.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("rolls: MISMATCH roll 0 was stored as {bent}")),
        "{audit}"
    );
}

/// A seed whose first two rolls leave White and then Red nothing to do
/// from the start: both pass before anyone writes.
#[test]
fn forced_passes_right_at_the_start_are_made_by_the_server() {
    let start_position = OrwellPosition::start();
    let (seed, rolls) = (0..100_000u64)
        .map(seed_hex)
        .find_map(|hex| {
            let seed = Seed::from_hex(&hex).unwrap();
            let r0 = dice::roll(&seed, GameId(1), 0, &DICE);
            if !start_position.must_pass(r0) {
                return None;
            }
            let after = start_position
                .play_turn("pass, pass", [r0[0], r0[1]])
                .unwrap()
                .0;
            let r1 = dice::roll(&seed, GameId(1), 1, &DICE);
            after.must_pass(r1).then_some((hex, [r0, r1]))
        })
        .expect("a seed with two forced passes first");
    let env = Env::new();
    let game = start(&env, &seed);
    assert!(ply(&env, &game) >= 2);
    assert_ne!(to_move(&env, &game).as_deref(), Some("alice"));
    let history = env.ok(None, &["history", &game]);
    for (n, roll) in rolls.iter().enumerate() {
        let line = format!("{}. ", n + 1);
        let entry = format!("{},{}: pass, pass (automatic)", roll[0], roll[1]);
        assert!(
            history
                .lines()
                .any(|l| l.trim_start().starts_with(&line) && l.ends_with(&entry)),
            "{entry} not in {history}"
        );
    }
}

#[test]
fn games_without_a_fixed_seed_have_their_own_commitments() {
    let env = Env::new();
    env.signup(&PLAYERS);
    let commitments: Vec<String> = (0..2)
        .map(|_| {
            let out = env
                .cmd(None)
                .env_remove(TEST_SEED_ENV)
                .args(["challenge", "orwell", "alice", "bob", "carol"])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0));
            let game = String::from_utf8(out.stdout).unwrap();
            let game = game.lines().last().unwrap();
            env.json(game)["commitment"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(commitments[0].len(), 64);
    assert_ne!(commitments[0], commitments[1]);
    // A game without dice has none of it.
    let game = env.challenge("chess", "alice", "bob");
    let json = env.json(&game);
    assert_eq!(json["roll"], serde_json::Value::Null);
    assert_eq!(json["commitment"], serde_json::Value::Null);
    assert_eq!(
        env.refused(None, &["roll", &game]),
        format!("{game} has no dice")
    );
    assert_eq!(
        env.refused(None, &["audit", &game]),
        format!("{game} has no dice")
    );
}

#[test]
fn moves_needs_a_roll_and_perft_sums_the_rolls() {
    let env = Env::new();
    let out = env.run(None, &["moves", "orwell"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--roll"), "{err}");
    let mut total = 0;
    for a in 1..=6u8 {
        for b in a..=6u8 {
            let roll = format!("{a},{b}");
            let listed = env.ok(None, &["moves", "orwell", "--roll", &roll]);
            let turns: Vec<&str> = listed.lines().collect();
            let mut distinct = turns.clone();
            distinct.dedup();
            assert_eq!(distinct, turns, "sorted, each once");
            total += turns.len() as u64 * if a == b { 1 } else { 2 };
        }
    }
    let perft = env.ok(None, &["perft", "orwell", "1"]);
    assert_eq!(perft.trim().parse::<u64>().unwrap(), total);
    // After a turn written with its roll, the next seat's turns.
    let after = env.ok(
        None,
        &["moves", "orwell", "--roll", "1,3", "1,3: c3-d4, pass"],
    );
    assert!(!after.is_empty());
    let bad = env.run(None, &["moves", "orwell", "--roll", "1,3", "c3-d4"]);
    assert_eq!(bad.status.code(), Some(1));
}

/// A turn written with its roll but no colon is shown the form it needs,
/// not echoed with the roll twice; in a game too.
#[test]
fn a_roll_without_its_colon_is_shown_the_colon() {
    let env = Env::new();
    let out = env.run(
        None,
        &["moves", "orwell", "--roll", "1,3", "1,3 c3-d4, pass"],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("1,3 c3-d4, pass: write a colon after the roll: 1,3: c3-d4, pass"),
        "{err}"
    );
    assert!(!err.contains("1,3: 1,3"), "{err}");
    let game = start(&env, &seed_hex(7));
    let mover = to_move(&env, &game).unwrap();
    let roll = current_roll(&env, &game);
    let written = format!("{roll} c3-d4, pass");
    let out = env.run(Some(&mover), &["move", &game, &written]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("write a colon after the roll"), "{err}");
    assert!(!err.contains("two dice"), "{err}");
}

#[test]
fn the_sample_game_replays_through_the_shell() {
    let env = Env::new();
    let path = "tests/data/orwell/sample-game.txt";
    let out = env.ok(None, &["replay", "orwell", path]);
    assert_eq!(out.lines().last(), Some("result: [1:0:0]"));
    let text = std::fs::read_to_string(path).unwrap();
    let end = boserv::rules::orwell::replay_record(&text).unwrap();
    assert!(out.starts_with(end.render().trim_end()), "{out}");
    let published = "tests/data/orwell/sample-game-as-published.txt";
    let out = env.run(None, &["replay", "orwell", published]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("boserv: line 12: Gf6xf9: "), "{err}");
}

/// A seat that has resigned counts as agreeing to a draw and shares none
/// of it: the two players still in agree, and the game is drawn between
/// them.
#[test]
fn a_draw_after_a_resignation_needs_only_the_players_still_in() {
    let env = Env::new();
    let game = start(&env, &seed_hex(3));
    // bob makes a move of his own first: resigning before it would decline
    // (cancel) the whole game.
    for _ in 0..30 {
        if to_move(&env, &game).as_deref() == Some("bob") {
            break;
        }
        play_one(&env, &game);
    }
    assert_eq!(to_move(&env, &game).as_deref(), Some("bob"));
    play_one(&env, &game);
    play_until_turn_of(&env, &game, "bob");
    env.ok(Some("bob"), &["resign", &game]);
    let offered = env.ok(Some("alice"), &["draw", &game, "offer"]);
    assert!(!offered.contains("game over"), "{offered}");
    assert_eq!(env.json(&game)["status"], "active");
    env.ok(Some("carol"), &["draw", &game, "accept"]);
    let json = env.json(&game);
    assert_eq!(json["status"], "over");
    assert_eq!(json["result"], "[1/2:0:1/2]");
    assert_eq!(json["reason"], "agreement");
    assert_eq!(json["ending"], "agreement");
    assert_eq!(json["winner"], serde_json::Value::Null);
}

/// With nobody out, one player's offer is not enough.
#[test]
fn a_draw_of_three_needs_all_three() {
    let env = Env::new();
    let game = start(&env, &seed_hex(3));
    env.ok(Some("alice"), &["draw", &game, "offer"]);
    env.ok(Some("carol"), &["draw", &game, "accept"]);
    assert_eq!(env.json(&game)["status"], "active");
    env.ok(Some("bob"), &["draw", &game, "accept"]);
    assert_eq!(env.json(&game)["result"], "[1/2:1/2:1/2]");
}

#[test]
fn the_movers_reply_lists_the_passes_that_follow() {
    // A seed whose second roll leaves bob without a turn after alice's
    // first legal turn (found with the library, so the test follows the
    // scheme rather than pinning a roll).
    let variant = find_variant("orwell").unwrap();
    let (seed, first) = (0..10_000u64)
        .find_map(|n| {
            let seed = seed_hex(n);
            let rolls = dice::rolls(&Seed::from_hex(&seed).unwrap(), GameId(1), 2, &DICE);
            let start = variant.start(&[]).unwrap();
            let first = start.legal_turns(Some(rolls[0])).first()?.clone();
            let after = start.play(&first, Some(rolls[0])).ok()?.position;
            after.must_pass(rolls[1]).then_some((seed, first))
        })
        .expect("some seed passes bob at once");
    let env = Env::new();
    let game = start(&env, &seed);
    let out = env.ok(Some("alice"), &["move", &game, &first]);
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some(format!("{game} played {first}").as_str())
    );
    assert_eq!(
        lines.next(),
        Some("bob: pass, pass (passed automatically)"),
        "{out}"
    );
    assert_ne!(to_move(&env, &game).as_deref(), Some("bob"));
}

#[test]
fn a_challenge_lists_the_passes_of_the_first_rolls() {
    let variant = find_variant("orwell").unwrap();
    let start_position = variant.start(&[]).unwrap();
    let seed = (0..10_000u64)
        .map(seed_hex)
        .find(|s| {
            let roll = dice::roll(&Seed::from_hex(s).unwrap(), GameId(1), 0, &DICE);
            start_position.must_pass(roll)
        })
        .expect("some seed's first roll moves nothing");
    let env = Env::new();
    env.signup(&PLAYERS);
    let out = env
        .cmd(None)
        .env(TEST_SEED_ENV, &seed)
        .args(["challenge", "orwell", "alice", "bob", "carol"])
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.lines().next(),
        Some("alice: pass, pass (passed automatically)"),
        "{out}"
    );
    let game = out.lines().last().unwrap();
    assert_ne!(to_move(&env, game).as_deref(), Some("alice"));
}

/// Two seats out in either order, the second before its first turn: the
/// third wins (the game was accepted once a seat had left), and the
/// revealed seed checks out.
#[test]
fn two_seats_out_in_any_order_leave_the_third_the_winner() {
    for (first, second, winner) in [("alice", "bob", "[0:0:1]"), ("bob", "alice", "[0:0:1]")] {
        let env = Env::new();
        let game = start(&env, &seed_hex(11));
        // The first to go plays a turn of their own, then resigns.
        for _ in 0..30 {
            if to_move(&env, &game).as_deref() == Some(first) {
                break;
            }
            play_one(&env, &game);
        }
        play_one(&env, &game);
        play_until_turn_of(&env, &game, first);
        env.ok(Some(first), &["resign", &game]);
        assert_eq!(env.json(&game)["status"], "active");
        // The second resigns on their turn, whether or not they have moved.
        play_until_turn_of(&env, &game, second);
        env.ok(Some(second), &["resign", &game]);
        let json = env.json(&game);
        assert_eq!(json["status"], "over", "{json}");
        assert_eq!(json["result"], winner, "{json}");
        let audit = env.ok(None, &["audit", &game]);
        assert_eq!(audit.lines().last(), Some("rolls: ok"), "{audit}");
    }
}

/// A game declined at once is cancelled, and still reveals its seed: the
/// audit checks the rolls made so far.
#[test]
fn a_cancelled_game_reveals_its_seed_and_audits() {
    let env = Env::new();
    let seed = seed_hex(5);
    let game = start(&env, &seed);
    let mover = to_move(&env, &game).unwrap();
    env.ok(Some(&mover), &["resign", &game]);
    let json = env.json(&game);
    assert_eq!(json["status"], "cancelled", "{json}");
    assert_eq!(json["seed"], seed.as_str(), "{json}");
    let audit = env.ok(None, &["audit", &game]);
    assert!(audit.contains(&format!("seed: {seed}")), "{audit}");
    assert_eq!(audit.lines().last(), Some("rolls: ok"), "{audit}");
}
