//! Issue 43, what was not bounded yet: `list VARIANT` reads its page of
//! `variant_players` (kept by triggers), the standings their best ratings
//! from `ratings_by_pool`, and `next`, the digest and a vacation find a
//! player's turns through `due_by_mover`. Each read's cost (SQLite's
//! virtual-machine steps) is the same on a small and a large server.

use rusqlite::{Connection, StatementStatus, params};

use super::{due, games, migrate, query_plan, ratings};
use crate::ids::GameId;

/// A server of `games` chess games between `players` players (ids 1..),
/// alice (1) in every tenth, White (to move) in those; every player rated.
fn server(players: i64, games: i64) -> Connection {
    let mut conn = Connection::open_in_memory().unwrap();
    migrate::to_latest(&mut conn).unwrap();
    let tx = conn.transaction().unwrap();
    for id in 1..=players {
        let name = if id == 1 {
            "alice".to_string()
        } else {
            format!("p{id:05}")
        };
        tx.execute(
            "INSERT INTO players (id, userid, password_hash, created) VALUES (?1, ?2, 'x', 'now')",
            params![id, name],
        )
        .unwrap();
        tx.execute(
            "INSERT INTO ratings (userid, variant, rating, rd, volatility, games, wins, losses, \
             draws) VALUES (?1, 'chess', ?2, 80, 0.06, 9, 3, 3, 3)",
            params![name, 1000 + (id * 7919) % 1400],
        )
        .unwrap();
    }
    for id in 1..=games {
        let white = if id % 10 == 0 {
            1
        } else {
            2 + id % (players - 1)
        };
        let black = 2 + (id + 1) % (players - 1);
        let status = if id % 3 == 0 { "over" } else { "active" };
        tx.execute(
            "INSERT INTO games (id, variant, status, position, created, updated) \
             VALUES (?1, 'chess', ?2, '', 'now', 'now')",
            params![id, status],
        )
        .unwrap();
        for (seat, player) in [(0, white), (1, black)] {
            tx.execute(
                "INSERT INTO seats (game, seat, player) VALUES (?1, ?2, ?3)",
                params![id, seat, player],
            )
            .unwrap();
        }
        let (at, mover) = match status {
            "active" => (
                Some(format!("2026-01-{:02}T00:00:00Z", 1 + id % 28)),
                Some(white),
            ),
            _ => (None, None),
        };
        due::set(&tx, GameId(id as u64), at.as_deref(), mover).unwrap();
    }
    tx.commit().unwrap();
    conn
}

/// The VM steps `sql` takes when `read` runs it.
fn steps<T>(conn: &Connection, sql: &str, read: impl FnOnce(&Connection) -> T) -> (T, i32) {
    conn.prepare_cached(sql)
        .unwrap()
        .reset_status(StatementStatus::VmStep);
    let got = read(conn);
    let steps = conn
        .prepare_cached(sql)
        .unwrap()
        .get_status(StatementStatus::VmStep);
    (got, steps)
}

/// What `list VARIANT` read before: every seat of the type, aggregated.
fn aggregated(conn: &Connection) -> Vec<(String, u32, u32)> {
    conn.prepare(
        "SELECT p.userid, sum(g.status = 'active'), count(*) \
         FROM (SELECT DISTINCT game, player FROM seats) s \
         JOIN games g ON g.id = s.game JOIN players p ON p.id = s.player \
         WHERE g.variant = 'chess' GROUP BY p.id ORDER BY p.userid",
    )
    .unwrap()
    .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

#[test]
fn who_has_played_a_type_is_kept_as_seats_are_taken_and_games_end() {
    let conn = server(30, 300);
    assert_eq!(
        games::players_of(&conn, "chess", usize::MAX).unwrap(),
        aggregated(&conn)
    );
    // A game ends: its players have one game being played fewer.
    let before = games::players_of(&conn, "chess", 1).unwrap();
    conn.execute("UPDATE games SET status = 'over' WHERE id = 10", [])
        .unwrap();
    let after = games::players_of(&conn, "chess", 1).unwrap();
    assert_eq!(after[0].1 + 1, before[0].1, "{before:?} {after:?}");
    assert_eq!(after[0].2, before[0].2);
    // A player playing themselves counts the game once.
    conn.execute_batch(
        "INSERT INTO games (id, variant, status, position, created, updated) \
         VALUES (1000, 'chess', 'active', '', 'now', 'now'); \
         INSERT INTO seats (game, seat, player) VALUES (1000, 0, 1), (1000, 1, 1);",
    )
    .unwrap();
    assert_eq!(
        games::players_of(&conn, "chess", usize::MAX).unwrap(),
        aggregated(&conn)
    );
}

#[test]
fn a_page_of_a_list_or_of_the_standings_costs_the_same_on_any_server() {
    let (small, large) = (server(300, 1_000), server(3_000, 10_000));
    let list = "SELECT userid, active, total FROM variant_players WHERE variant = ?1 \
         ORDER BY userid LIMIT ?2";
    let (page, a) = steps(&small, list, |c| {
        games::players_of(c, "chess", 100).unwrap()
    });
    let (_, b) = steps(&large, list, |c| {
        games::players_of(c, "chess", 100).unwrap()
    });
    assert_eq!((page.len(), a), (100, b));
    let sql = ratings_sql();
    assert!(sql.contains("ORDER BY rating DESC"), "{sql}");
    let (top, a) = steps(&small, &sql, |c| ratings::best(c, "chess", 200).unwrap());
    let (_, b) = steps(&large, &sql, |c| ratings::best(c, "chess", 200).unwrap());
    assert_eq!(top.len(), 200);
    assert!(top.windows(2).all(|w| w[0].rating >= w[1].rating));
    assert_eq!(a, b, "{sql}");
}

/// The statement `ratings::best` prepares.
fn ratings_sql() -> String {
    format!(
        "SELECT {} FROM ratings WHERE variant = ?1 ORDER BY rating DESC LIMIT ?2",
        ratings::COLUMNS
    )
}

#[test]
fn a_players_turns_are_read_from_the_index_of_whose_turn_it_is() {
    let conn = server(100, 2_000);
    for (sql, index) in [
        (
            "SELECT game FROM due WHERE mover = ?1 ORDER BY at LIMIT ?2",
            "due_by_mover",
        ),
        ("SELECT count(*) FROM due WHERE mover = ?1", "due_by_mover"),
        (
            "SELECT userid FROM variant_players WHERE variant = ?1 ORDER BY userid LIMIT ?2",
            "variant_players",
        ),
        (
            "SELECT userid FROM ratings WHERE variant = ?1 ORDER BY rating DESC LIMIT ?2",
            "ratings_by_pool",
        ),
    ] {
        let n = conn.prepare(sql).unwrap().parameter_count();
        let values: Vec<String> = (0..n).map(|_| "1".to_string()).collect();
        let plan = query_plan(&conn, sql, rusqlite::params_from_iter(values.iter()));
        assert!(plan.iter().any(|s| s.contains(index)), "{sql}: {plan:?}");
        assert!(
            plan.iter().all(|s| !s.contains("TEMP B-TREE")),
            "{sql}: {plan:?} sorts"
        );
    }
    // alice is White in every tenth game, two in three of them active.
    let mine = due::to_move(&conn, 1, usize::MAX).unwrap();
    assert_eq!(mine.len(), due::count_to_move(&conn, 1).unwrap());
    assert_eq!(
        mine.len(),
        (1..=2_000).filter(|g| g % 10 == 0 && g % 3 != 0).count()
    );
    assert!(mine.iter().all(|g| g.0 % 10 == 0));
    let newest = due::to_move_newest(&conn, 1, Some("chess"), 5).unwrap();
    assert_eq!(newest, [2000, 1990, 1970, 1960, 1940].map(GameId));
}

#[test]
fn a_vacation_marks_no_game() {
    // Going away only moves due moments later (the stored ones stay
    // safe); coming back is a tiding that asks `remind` to judge the
    // player's turns again (src/store/tidings.sql): neither loads them.
    let conn = server(50, 500);
    for change in [
        "INSERT INTO vacations (player, started) VALUES (1, '2026-01-02T00:00:00Z')",
        "UPDATE vacations SET ended = '2026-01-03T00:00:00Z' WHERE player = 1",
    ] {
        conn.execute(change, []).unwrap();
        assert!(due::marked(&conn).unwrap().is_empty(), "{change}");
    }
}
