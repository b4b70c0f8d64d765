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
        let game = LoadedGame::load(&conn, &VARIANTS, row.id).unwrap();
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
        rewind(&conn, 2);
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
        rewind(&conn, 3);
    }
    let json = env.json(&game);
    assert_eq!(json["status"], "cancelled");
    assert_eq!(json["ending"], "declined:1");
    assert_eq!(json["reason"], "Black declined to play");
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    assert_eq!(migrate::version(&conn).unwrap(), migrate::LATEST);
}

/// Takes a database back to schema `version` for a migration test: undoes
/// what the later steps that cannot run twice added (guard.sql), then sets
/// the version. The rows of the earlier tables stay.
fn rewind(conn: &rusqlite::Connection, version: i64) {
    conn.execute_batch(
        "DROP TABLE reply_tokens; DROP TABLE senders;
         ALTER TABLE player_emails DROP COLUMN confirmed;
         ALTER TABLE player_emails DROP COLUMN code_hash;
         ALTER TABLE outbox DROP COLUMN reply_to;",
    )
    .unwrap();
    conn.pragma_update(None, "user_version", version).unwrap();
}

/// The version every database had before the fifth round's two steps
/// (due_marks.sql, checks_spelled_out.sql).
const BEFORE_FIFTH_ROUND: usize = 27;

/// A database of version 27 holding `games` chess games of alice and bob
/// (every other one over), written as a build of that version left it:
/// its first 27 steps, then the rows, each active game with its due
/// moment worked out (its triggers made the rows).
fn database_at_27(path: &std::path::Path, games: i64) {
    let mut conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
        .unwrap();
    migrate::to_version(&mut conn, BEFORE_FIFTH_ROUND as i64).unwrap();
    conn.execute_batch(&format!(
        "BEGIN;
         INSERT INTO players (id, userid, password_hash, created)
             VALUES (1, 'alice', 'x', 'now'), (2, 'bob', 'x', 'now');
         WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n WHERE id < {games})
         INSERT INTO games (id, variant, status, position, created, updated)
             SELECT id, 'chess', CASE id % 2 WHEN 0 THEN 'over' ELSE 'active' END, '', 'now', 'now'
             FROM n;
         INSERT INTO seats (game, seat, player) SELECT id, 0, 1 FROM games;
         INSERT INTO seats (game, seat, player) SELECT id, 1, 2 FROM games;
         UPDATE due SET at = '2026-04-01T00:00:00Z';
         COMMIT;"
    ))
    .unwrap();
    // Closed as the last connection: folded, no WAL left beside it.
}

/// What a database says of the two steps: (version, games, due rows, the
/// `due` triggers that still ask `games`, CHECKs written as IN lists in
/// `games`), after SQLite's integrity check has passed.
fn schema_state(path: &std::path::Path) -> (i64, i64, i64, i64, bool) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let count = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    let games_sql: String = conn
        .query_row(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'games'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    (
        migrate::version(&conn).unwrap(),
        count("SELECT count(*) FROM games"),
        count("SELECT count(*) FROM due"),
        count(
            "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'due_%' \
             AND sql LIKE '%status = ''active''%' AND name NOT LIKE 'due_vacation%'",
        ),
        games_sql.contains("status IN ("),
    )
}

/// An upgrade killed at any moment of its migration (the two steps run in
/// one transaction: the first copies rows into `due` and makes its
/// triggers again, the second rewrites tables' text in the schema) leaves
/// the database as the old build left it, or fully migrated; never
/// half-way, and a later run finishes it. The kill moments are spread over
/// the time a whole migration took on this machine; one at least must land
/// inside the transaction, after it wrote pages into the log (its page
/// cache overflows) and before it committed.
#[test]
fn a_migration_killed_anywhere_leaves_the_old_schema_or_the_new() {
    let games = 60_000;
    let env = Env::new();
    let base = env.dir.path().join("v27.db");
    database_at_27(&base, games);
    let old = (BEFORE_FIFTH_ROUND as i64, games, games / 2, 7, true);
    let new = (migrate::LATEST, games, games, 0, false);
    assert_eq!(schema_state(&base), old);
    let fresh = || {
        for side in ["boserv.db-wal", "boserv.db-shm"] {
            let _ = std::fs::remove_file(env.dir.path().join(side));
        }
        std::fs::copy(&base, &env.db).unwrap();
    };
    // A whole migration's time: the shortest of three (a test binary runs
    // tests side by side, so one run may wait for a core).
    let mut whole = std::time::Duration::MAX;
    for _ in 0..3 {
        fresh();
        let started = std::time::Instant::now();
        assert_eq!(env.run_killed(&["outbox"], "", None), Some(0));
        whole = whole.min(started.elapsed());
        assert_eq!(schema_state(&env.db), new);
    }
    let mut seen_half_way = false;
    // Up to three rounds of kills, each spread over the whole time, until
    // one lands inside the transaction.
    for round in 0..3 {
        for twentieth in 1..20 {
            fresh();
            // Each round between the last one's moments: sixtieths in all.
            let at = whole * twentieth / 20 + whole * round / 60;
            let killed = env.run_killed(&["outbox"], "", Some(at));
            // Pages the migration's transaction wrote into the log before it
            // could commit (its page cache full), if the kill came then.
            let wal =
                std::fs::metadata(env.dir.path().join("boserv.db-wal")).map_or(0, |m| m.len());
            let state = schema_state(&env.db);
            assert!(
                state == old || state == new,
                "killed at {at:?} of {whole:?} ({killed:?}): {state:?}"
            );
            seen_half_way |= state == old && wal > 32;
            assert_eq!(env.run_killed(&["outbox"], "", None), Some(0));
            assert_eq!(schema_state(&env.db), new, "finished after a kill");
        }
        if seen_half_way {
            break;
        }
    }
    assert!(
        seen_half_way,
        "no kill landed in the migration's transaction (none left its pages in the log)"
    );
}
