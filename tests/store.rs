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
