//! Issue 43: every read of one player's games, seeks, invitations and
//! tournaments goes through an index on that player, and its cost follows
//! what it returns, not the server's size nor the player's history. Each
//! query's plan is pinned (EXPLAIN QUERY PLAN), and the rows a read
//! visits (SQLite's virtual-machine steps) are counted on a small and a
//! large server.

use rusqlite::{Connection, StatementStatus, params};

use super::games::{self, OF_PLAYER, Which};
use super::{migrate, query_plan};

/// A server of `others` games between strangers and `alice_games` games
/// of alice's (player 1; her opponent player 2), half of them over,
/// numbered so that hers are spread among the others.
fn server(others: usize, alice_games: usize) -> Connection {
    let mut conn = Connection::open_in_memory().unwrap();
    migrate::to_latest(&mut conn).unwrap();
    let tx = conn.transaction().unwrap();
    for (id, name) in [(1, "alice"), (2, "bob"), (3, "carol"), (4, "dave")] {
        tx.execute(
            "INSERT INTO players (id, userid, password_hash, created) VALUES (?1, ?2, 'x', 'now')",
            params![id, name],
        )
        .unwrap();
    }
    let total = others + alice_games;
    let every = total / alice_games.max(1);
    let mut hers = 0;
    for n in 1..=total {
        let (a, b, k) = if hers < alice_games && n % every == 0 {
            hers += 1;
            (1, 2, hers)
        } else {
            (3, 4, n)
        };
        let status = if k % 2 == 0 { "over" } else { "active" };
        tx.execute(
            "INSERT INTO games (id, variant, status, position, created, updated) \
             VALUES (?1, 'chess', ?2, '', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
            params![n as i64, status],
        )
        .unwrap();
        for (seat, player) in [(0, a), (1, b)] {
            tx.execute(
                "INSERT INTO seats (game, seat, player) VALUES (?1, ?2, ?3)",
                params![n as i64, seat, player],
            )
            .unwrap();
        }
    }
    tx.commit().unwrap();
    conn
}

/// The VM steps one `of_players` read of alice's newest `limit` games
/// (`which`) takes.
fn steps_listing(conn: &Connection, which: Which, limit: usize) -> i32 {
    conn.prepare_cached(OF_PLAYER)
        .unwrap()
        .reset_status(StatementStatus::VmStep);
    let got = games::of_players(conn, &[1], which, None, limit).unwrap();
    assert_eq!(got.len(), limit, "alice has that many");
    conn.prepare_cached(OF_PLAYER)
        .unwrap()
        .get_status(StatementStatus::VmStep)
}

#[test]
fn a_players_newest_games_cost_the_same_on_any_server_and_after_any_history() {
    let small = server(200, 100);
    let large = server(20_000, 100);
    let long_history = server(2_000, 2_000);
    for which in [Which::Any, Which::Active, Which::Finished] {
        let base = steps_listing(&small, which, 20);
        assert_eq!(
            steps_listing(&large, which, 20),
            base,
            "{which:?}: server size"
        );
        assert_eq!(
            steps_listing(&long_history, which, 20),
            base,
            "{which:?}: alice's history"
        );
    }
    // The newest first, and only hers.
    let newest = games::of_players(&large, &[1], Which::Any, None, 3).unwrap();
    assert!(newest.windows(2).all(|w| w[0].id > w[1].id));
    assert!(newest.iter().all(|g| g.player_ids.contains(&1)));
}

#[test]
fn the_servers_newest_games_are_read_backwards_not_scanned() {
    let conn = server(1_000, 10);
    let plan = query_plan(
        &conn,
        "SELECT id FROM games WHERE (?1 = 'any' OR (status = 'active') = (?1 = 'active')) \
         AND (?2 IS NULL OR variant = ?2 COLLATE NOCASE) ORDER BY id DESC LIMIT ?3",
        params!["active", Option::<String>::None, 10],
    );
    assert!(
        plan.iter().all(|step| !step.contains("TEMP B-TREE")),
        "{plan:?}"
    );
    let newest = games::newest(&conn, Which::Finished, None, 5).unwrap();
    assert_eq!(newest.len(), 5);
    assert!(newest.iter().all(|g| g.status != games::Status::Active));
}

/// Each query of a player's things names its index and scans no table.
#[test]
fn every_read_of_one_players_things_goes_through_an_index_on_the_player() {
    let conn = server(100, 10);
    let cases: [(&str, &str); 13] = [
        (
            "SELECT g.id FROM games g WHERE g.variant = ?1 COLLATE NOCASE AND g.status = 'over' \
             AND g.result IS NOT NULL ORDER BY g.updated DESC, g.id DESC LIMIT ?2 OFFSET ?3",
            "games_finished_by_type",
        ),
        (OF_PLAYER, "seats_by_player_game"),
        (
            "SELECT g.id FROM seats s JOIN games g ON g.id = s.game \
             WHERE s.player = ?1 AND g.status = 'over' AND g.updated >= ?2 \
             GROUP BY s.game ORDER BY s.game",
            "seats_by_player_game",
        ),
        (
            "SELECT count(*) FROM seeks WHERE player = ?1 AND status = 'open' AND expires > ?2",
            "seeks_by_player",
        ),
        (
            "SELECT count(*) FROM invitations WHERE challenger = ?1 COLLATE NOCASE",
            "invitations_by_challenger",
        ),
        (
            "SELECT count(*) FROM tournaments WHERE organiser = ?1 COLLATE NOCASE \
             AND state IN ('open', 'running')",
            "tournaments_by_organiser",
        ),
        (
            "SELECT count(DISTINCT g.id) FROM seats s JOIN games g ON g.id = s.game \
             WHERE s.player = ?1 AND g.status = 'active' AND g.bot_level IS NOT NULL",
            "seats_by_player_game",
        ),
        (
            "SELECT id FROM games WHERE bot_level IS NOT NULL AND status = 'active' \
             AND updated >= ?1",
            "bot_games_by_change",
        ),
        (
            "SELECT c.game FROM digest_chats c JOIN games g ON g.id = c.game \
             WHERE c.at >= ?2 AND EXISTS (SELECT 1 FROM seats s WHERE s.player = ?1 AND s.game = c.game) \
             ORDER BY c.game, c.id",
            "digest_chats_at",
        ),
        (
            "SELECT count(DISTINCT g.id) FROM seats s JOIN games g ON g.id = s.game \
             WHERE s.player = ?1 AND g.variant = ?2 AND g.status = 'active'",
            "seats_by_player_game",
        ),
        // The other players of a player's games, a vacation's readers.
        (
            "SELECT p.userid, g.id, g.variant FROM seats s \
             JOIN games g ON g.id = s.game AND g.status = 'active' \
             JOIN seats o ON o.game = s.game AND o.player <> s.player \
             JOIN players p ON p.id = o.player \
             WHERE s.player = ?1 AND p.userid > ?2 ORDER BY p.userid, g.id",
            "seats_by_player_game",
        ),
        // The tidings still to tell, and those waiting for `remind`.
        (
            "SELECT id, kind, player, until, reached FROM tidings \
             WHERE told = 0 AND NOT (kind = 'farewell' AND recheck = 1) ORDER BY id LIMIT 1",
            "tidings_untold",
        ),
        (
            "SELECT id, player FROM tidings WHERE recheck = 1",
            "tidings_rechecks",
        ),
    ];
    for (sql, index) in cases {
        let n = conn.prepare(sql).unwrap().parameter_count();
        let values: Vec<String> = (0..n).map(|_| "1".to_string()).collect();
        let plan = query_plan(&conn, sql, rusqlite::params_from_iter(values.iter()));
        assert!(
            plan.iter().any(|step| step.contains(index)),
            "{sql}: {plan:?} does not use {index}"
        );
        assert!(
            plan.iter()
                .all(|step| !step.starts_with("SCAN ") || step.contains("INDEX")),
            "{sql}: {plan:?} scans a table"
        );
    }
}
