//! The database the binary leaves behind: its schema version and mode, and
//! the cached position of every game equal to its replayed turn log.

use boserv::rules::VARIANTS;
use boserv::service::game::LoadedGame;
use boserv::service::game::rebuild;
use boserv::store::{self, games, migrate, turns};

use crate::games::{FOOLS_MATE, KNIGHT_SHUFFLE};
use crate::util::Env;

#[test]
fn the_cached_position_equals_the_replayed_log() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let g1 = env.challenge("chess", "alice", "bob");
    env.play(&g1, ["alice", "bob"], 1, FOOLS_MATE);
    let g2 = env.challenge("chess", "bob", "alice");
    env.play(&g2, ["bob", "alice"], 1, &KNIGHT_SHUFFLE[..5]);
    let g3 = env.challenge("chess", "alice", "bob");
    env.play(&g3, ["alice", "bob"], 1, &["e2-e4", "c7-c5", "Ng1-f3"]);
    env.ok(Some("bob"), &["resign", &g3]);
    let conn = store::open(&env.db, store::DEFAULT_BUSY_TIMEOUT).unwrap();
    let all = games::list(&conn, &[], true).unwrap();
    assert_eq!(all.len(), 3);
    for row in all {
        let game = LoadedGame::load(&conn, VARIANTS, row.id).unwrap();
        let log = turns::log(&conn, row.id).unwrap();
        let replayed = rebuild(game.variant, &row.options, &log).unwrap();
        assert_eq!(replayed.encode(), row.position, "{}", row.id);
        assert_eq!(
            replayed.outcome().map(|o| o.result_text()),
            row.result,
            "{}",
            row.id
        );
    }
}

#[test]
fn the_database_is_versioned_and_in_wal_mode() {
    let env = Env::new();
    env.signup(&["alice"]);
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    assert_eq!(migrate::version(&conn).unwrap(), migrate::LATEST);
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    let hash: String = conn
        .query_row("SELECT password_hash FROM players", [], |r| r.get(0))
        .unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
}

/// A database written before endings were typed (schema version 2): its
/// finished game's reason was `draw agreed` and its cached position held the
/// same words. Opening it migrates the reason to the one wording, and the
/// old position text still reads.
#[test]
fn a_game_ended_before_typed_endings_still_reads() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("bochess", "alice", "bob");
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "e11-e9"]);
    env.ok(Some("alice"), &["draw", &game, "offer"]);
    env.ok(Some("bob"), &["draw", &game, "accept"]);
    {
        let conn = rusqlite::Connection::open(&env.db).unwrap();
        let position: String = conn
            .query_row("SELECT position FROM games", [], |r| r.get(0))
            .unwrap();
        assert!(position.ends_with("| 1,1:agreement"), "{position}");
        conn.execute(
            "UPDATE games SET reason = 'draw agreed', position = ?1",
            [position.replace(":agreement", ":draw agreed")],
        )
        .unwrap();
        conn.pragma_update(None, "user_version", 2).unwrap();
    }
    let json = env.json(&game);
    assert_eq!(json["result"], "1/2-1/2");
    assert_eq!(json["reason"], "agreement");
    assert_eq!(json["ending"], "agreement");
    assert_eq!(json["winner"], serde_json::Value::Null);
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    assert_eq!(migrate::version(&conn).unwrap(), migrate::LATEST);
    assert_eq!(
        env.refused(Some("alice"), &["move", &game, "d2-d4"]),
        format!("{game} is over: 1/2-1/2 (agreement)")
    );
}

/// A database written before a declined game's ending was typed (schema
/// version 3): the cancelled game's reason was `bob declined to play`.
/// Opening it rewrites the reason to the seat that declined, which reads as
/// the typed ending.
#[test]
fn a_game_declined_before_typed_endings_still_reads() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["move", &game, "e2-e4"]);
    env.ok(Some("bob"), &["resign", &game]);
    {
        let conn = rusqlite::Connection::open(&env.db).unwrap();
        let reason: String = conn
            .query_row("SELECT reason FROM games", [], |r| r.get(0))
            .unwrap();
        assert_eq!(reason, "declined:1");
        conn.execute("UPDATE games SET reason = 'bob declined to play'", [])
            .unwrap();
        conn.pragma_update(None, "user_version", 3).unwrap();
    }
    let json = env.json(&game);
    assert_eq!(json["status"], "cancelled");
    assert_eq!(json["ending"], "declined:1");
    assert_eq!(json["reason"], "Black declined to play");
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    assert_eq!(migrate::version(&conn).unwrap(), migrate::LATEST);
}
