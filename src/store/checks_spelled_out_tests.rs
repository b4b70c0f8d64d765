//! Step 28 (checks_spelled_out.sql): the CHECKs of the tables every move,
//! mail and `remind` write that listed three or more words are
//! comparisons, no write of those tables builds a temporary table for
//! them, and they accept and refuse what they did, with every row kept.

use rusqlite::Connection;

use super::{COLUMNS, LATEST, STEPS, to_latest, version};

/// The operations of SQLite's program for `sql`.
fn opcodes(conn: &Connection, sql: &str) -> Vec<String> {
    conn.prepare(&format!("EXPLAIN {sql}"))
        .unwrap()
        .query_map([], |r| r.get(1))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// This step's place in [`STEPS`] (found by its text, so that a step
/// appended later does not move it).
fn this_step() -> usize {
    STEPS
        .iter()
        .position(|s| *s == include_str!("checks_spelled_out.sql"))
        .unwrap()
}

/// The tables every move, mail or `remind` writes.
const HOT: [&str; 4] = ["games", "turns", "outbox", "inbox"];

#[test]
fn no_write_of_the_busy_tables_builds_a_temporary_table_for_its_checks() {
    let mut conn = Connection::open_in_memory().unwrap();
    to_latest(&mut conn).unwrap();
    for table in HOT {
        // DEFAULT VALUES: the program checks every CHECK of the table.
        let ops = opcodes(&conn, &format!("INSERT INTO \"{table}\" DEFAULT VALUES"));
        assert!(
            !ops.iter().any(|op| op == "OpenEphemeral"),
            "an insert into {table} builds a temporary table: {ops:?}"
        );
    }
    // As the games, turns and outbox tables did before the step.
    let mut old = at_version(this_step());
    let ops = opcodes(
        &old,
        "INSERT INTO outbox (created_at, recipients, subject, body, message_id, next_attempt_at) \
         VALUES ('t', '[]', 's', 'b', '<m>', 't')",
    );
    assert!(ops.iter().any(|op| op == "OpenEphemeral"), "{ops:?}");
    to_latest(&mut old).unwrap();
    let ops = opcodes(
        &old,
        "INSERT INTO outbox (created_at, recipients, subject, body, message_id, next_attempt_at) \
         VALUES ('t', '[]', 's', 'b', '<m>', 't')",
    );
    assert!(!ops.iter().any(|op| op == "OpenEphemeral"), "{ops:?}");
}

/// A database as the migrator left it at `version` (the steps before it,
/// with the columns they add).
fn at_version(version: usize) -> Connection {
    let conn = Connection::open_in_memory().unwrap();
    for (n, step) in STEPS[..version].iter().enumerate() {
        for &(_, table, column, declaration) in COLUMNS.iter().filter(|c| c.0 == n) {
            conn.execute_batch(&format!(
                "ALTER TABLE {table} ADD COLUMN {column} {declaration}"
            ))
            .unwrap();
        }
        conn.execute_batch(step).unwrap();
        conn.pragma_update(None, "user_version", n as i64 + 1)
            .unwrap();
    }
    conn
}

#[test]
fn the_spelled_out_checks_keep_the_rows_and_refuse_what_the_lists_refused() {
    let mut conn = at_version(this_step());
    conn.execute_batch(
        "INSERT INTO players (id, userid, password_hash, created) VALUES (1, 'alice', 'x', 'now');
         INSERT INTO games (id, variant, status, position, created, updated)
             VALUES (1, 'chess', 'active', 'p1', 'now', 'now'), (2, 'chess', 'over', 'p2', 'now', 'now');
         INSERT INTO turns (game, seq, ply, kind, text, at) VALUES (1, 1, 1, 'turn', 'e2-e4', 'now');
         INSERT INTO outbox (created_at, recipients, subject, body, message_id, status, next_attempt_at)
             VALUES ('t', '[]', 's', 'body', '<m1>', 'sent', 't');
         INSERT INTO inbox (received_at, raw, status) VALUES ('t', x'00', 'handled');",
    )
    .unwrap();
    let schema_before: i64 = conn
        .query_row("PRAGMA schema_version", [], |r| r.get(0))
        .unwrap();
    to_latest(&mut conn).unwrap();
    assert_eq!(version(&conn).unwrap(), LATEST);
    let schema_after: i64 = conn
        .query_row("PRAGMA schema_version", [], |r| r.get(0))
        .unwrap();
    assert!(
        schema_after > schema_before,
        "other connections read the schema again"
    );
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let kept: (String, String, String, String) = conn
        .query_row(
            "SELECT (SELECT group_concat(status || position) FROM games), \
                    (SELECT group_concat(kind || text) FROM turns), \
                    (SELECT group_concat(status || body) FROM outbox), \
                    (SELECT group_concat(status || received_at) FROM inbox)",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!(
        kept,
        (
            "activep1,overp2".into(),
            "turne2-e4".into(),
            "sentbody".into(),
            "handledt".into()
        )
    );
    // Each word of each list is taken, and anything else refused (NULL
    // too: the columns are NOT NULL), as before.
    let cases: &[(&str, &[&str])] = &[
        (
            "UPDATE games SET status = ?1 WHERE id = 2",
            &["active", "over", "cancelled"],
        ),
        (
            "UPDATE turns SET kind = ?1",
            &["turn", "resign", "forfeit", "signoff", "draw", "undo"],
        ),
        (
            "UPDATE outbox SET status = ?1",
            &["pending", "sent", "failed"],
        ),
        (
            "UPDATE inbox SET status = ?1",
            &[
                "received",
                "handled",
                "refused",
                "unreadable",
                "ignored",
                "duplicate",
            ],
        ),
    ];
    for (sql, words) in cases {
        for word in *words {
            conn.execute(sql, [word]).unwrap();
        }
        for wrong in ["bogus", "", "Over", "SENT"] {
            assert!(conn.execute(sql, [wrong]).is_err(), "{sql} took {wrong:?}");
        }
    }
    for (sql, _) in cases {
        assert!(
            conn.execute(sql, [None::<String>]).is_err(),
            "{sql} took NULL"
        );
    }
    // Running the step again changes nothing.
    let sql = |conn: &Connection| -> Vec<Option<String>> {
        conn.prepare("SELECT sql FROM sqlite_master ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let once = sql(&conn);
    conn.execute_batch(STEPS[this_step()]).unwrap();
    assert_eq!(sql(&conn), once);
}
