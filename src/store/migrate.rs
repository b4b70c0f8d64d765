//! The schema's version history, kept in `PRAGMA user_version`.
//!
//! A hand-rolled migrator: [`STEPS`] lists the SQL that takes the database
//! from version n to n+1. Opening a database checks one pragma; only an old
//! database takes the write lock and runs the missing steps.

use rusqlite::{Connection, TransactionBehavior};

use super::StoreError;

/// Step n (0-based) takes the schema from version n to n+1.
pub const STEPS: &[&str] = &[
    include_str!("../../schema.sql"),
    include_str!("time.sql"),
    include_str!("endings.sql"),
    include_str!("declined.sql"),
    include_str!("settings.sql"),
    include_str!("guard.sql"),
    include_str!("intake.sql"),
    include_str!("turn_waits.sql"),
    include_str!("watchers.sql"),
    include_str!("votes.sql"),
    include_str!("words.sql"),
    include_str!("signed_off.sql"),
    include_str!("trust.sql"),
    include_str!("draw_offers.sql"),
    include_str!("due.sql"),
    include_str!("bot.sql"),
    include_str!("correspondence.sql"),
    include_str!("ratings.sql"),
    include_str!("consent.sql"),
    include_str!("pages.sql"),
    include_str!("digest.sql"),
    include_str!("tournaments.sql"),
    include_str!("ratings_nocase.sql"),
    include_str!("spool_batches.sql"),
    include_str!("html_board.sql"),
    include_str!("draw_in_games.sql"),
    include_str!("rows_folded.sql"),
    include_str!("due_marks.sql"),
    include_str!("checks_spelled_out.sql"),
    include_str!("digest_tokens.sql"),
    include_str!("seek_words.sql"),
    include_str!("scale.sql"),
    include_str!("mailbox_marks.sql"),
    include_str!("board_shows.sql"),
    include_str!("game_definitions.sql"),
    include_str!("outbox_leases.sql"),
    include_str!("time_zones.sql"),
    include_str!("bot_queue.sql"),
    include_str!("bounded.sql"),
    include_str!("tidings.sql"),
];

/// Columns a step adds to an existing table: (step, table, column,
/// declaration). SQLite has no `ADD COLUMN IF NOT EXISTS`, so they are
/// added here, before the step's SQL runs, when the table lacks them; the
/// steps themselves stay safe to run again.
const COLUMNS: &[(usize, &str, &str, &str)] = &[
    (6, "inbox", "key", "TEXT"),
    (6, "inbox", "size", "INTEGER"),
    (6, "inbox", "pruned_at", "TEXT"),
    (7, "turns", "auto", "INTEGER NOT NULL DEFAULT 0"),
    (9, "games", "undo_votes", "TEXT"),
    (9, "games", "total_days", "INTEGER"),
    (12, "senders", "signups", "INTEGER NOT NULL DEFAULT 0"),
    (12, "senders", "confirmations", "INTEGER NOT NULL DEFAULT 0"),
    (12, "reply_tokens", "ply", "INTEGER"),
    (16, "games", "clock", "TEXT"),
    (17, "games", "rated", "INTEGER NOT NULL DEFAULT 1"),
    (19, "outbox", "html", "TEXT"),
    (24, "outbox", "html_board", "TEXT"),
    (25, "games", "draw_made", "TEXT"),
    (25, "games", "draw_reminded", "TEXT"),
    (
        26,
        "games",
        "bot_level",
        "INTEGER CHECK (bot_level BETWEEN 1 AND 5)",
    ),
    (26, "players", "signed_off", "TEXT"),
    (26, "players", "words_day", "TEXT"),
    (26, "players", "words_mails", "INTEGER NOT NULL DEFAULT 0"),
    (30, "seeks", "comment", "TEXT"),
    (30, "invitations", "warned", "TEXT"),
    (31, "digests", "since", "TEXT"),
    (35, "outbox", "leased_by", "TEXT"),
    (36, "players", "timezone", "TEXT"),
    (36, "seeks", "warned", "TEXT"),
    (38, "due", "mover", "INTEGER"),
];

/// The version a database has after every step.
pub const LATEST: i64 = STEPS.len() as i64;

/// The schema version written in the database file.
pub fn version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}

/// Brings the database up to [`LATEST`]; a no-op (one read) when it is.
pub fn to_latest(conn: &mut Connection) -> Result<(), StoreError> {
    to_version(conn, LATEST)
}

/// Brings the database up to `target` (at most [`LATEST`]): the steps it
/// lacks, in one transaction. [`to_latest`] for a command; an earlier
/// target makes a database as an older build left it (the migration
/// tests).
pub fn to_version(conn: &mut Connection, target: i64) -> Result<(), StoreError> {
    match version(conn)? {
        v if v > LATEST => return Err(StoreError::TooNew(v)),
        v if v >= target => return Ok(()),
        _ => {}
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    // Another process may have migrated while we waited for the lock.
    let current = version(&tx)?;
    let upto = target.clamp(0, LATEST) as usize;
    for (n, step) in STEPS
        .iter()
        .enumerate()
        .take(upto)
        .skip(current.max(0) as usize)
    {
        for &(_, table, column, declaration) in COLUMNS.iter().filter(|c| c.0 == n) {
            let present: bool = tx.query_row(
                &format!(
                    "SELECT EXISTS (SELECT 1 FROM pragma_table_info('{table}') WHERE name = ?1)"
                ),
                [column],
                |r| r.get(0),
            )?;
            if !present {
                tx.execute_batch(&format!(
                    "ALTER TABLE {table} ADD COLUMN {column} {declaration}"
                ))?;
            }
        }
        tx.execute_batch(step)?;
        tx.pragma_update(None, "user_version", n as i64 + 1)?;
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database as an older build left it: the first `version` steps.
    fn at_version(version: usize) -> Connection {
        let conn = Connection::open_in_memory().unwrap();
        for (n, step) in STEPS[..version].iter().enumerate() {
            conn.execute_batch(step).unwrap();
            conn.pragma_update(None, "user_version", n as i64 + 1)
                .unwrap();
        }
        conn
    }

    #[test]
    fn migrating_twice_changes_nothing() {
        let mut conn = Connection::open_in_memory().unwrap();
        to_latest(&mut conn).unwrap();
        assert_eq!(version(&conn).unwrap(), LATEST);
        to_latest(&mut conn).unwrap();
        assert_eq!(version(&conn).unwrap(), LATEST);
        let tables: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' \
                 AND name IN ('players', 'player_emails', 'games', 'seats', 'turns')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 5);
    }

    #[test]
    fn old_wordings_of_endings_become_the_one_wording() {
        let mut conn = at_version(2);
        let old = [
            ("over", "forfeit", "time forfeit"),
            ("over", "draw agreed", "agreement"),
            ("over", "draw agreed by all three players", "agreement"),
            (
                "over",
                "Black resigned; the other two are out",
                "resignation",
            ),
            (
                "over",
                "Red forfeited; the other two are out",
                "time forfeit",
            ),
            ("over", "insufficient material", "dead position"),
            ("over", "bare kings", "dead position"),
            ("over", "checkmate", "checkmate"),
            ("cancelled", "bob declined to play", "bob declined to play"),
        ];
        for (status, reason, _) in old {
            conn.execute(
                "INSERT INTO games (variant, status, result, reason, position, created, updated) \
                 VALUES ('chess', ?1, '1-0', ?2, '', 'now', 'now')",
                [status, reason],
            )
            .unwrap();
        }
        to_latest(&mut conn).unwrap();
        let mut stmt = conn
            .prepare("SELECT reason, result FROM games ORDER BY id")
            .unwrap();
        let rows: Vec<(String, String)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        for ((_, _, now), (reason, result)) in old.iter().zip(rows) {
            assert_eq!(&reason, now);
            assert_eq!(result, "1-0");
        }
    }

    /// Games older than ratings are rated; the tables a game's end writes
    /// its ratings to exist, empty until `ratings --rebuild` fills them.
    #[test]
    fn games_before_ratings_are_rated() {
        // A database of version 15: today's, less what step 16 adds.
        let mut conn = Connection::open_in_memory().unwrap();
        to_latest(&mut conn).unwrap();
        conn.execute_batch(
            "DROP TABLE ratings; DROP TABLE rating_changes; \
             ALTER TABLE games DROP COLUMN rated; PRAGMA user_version = 15;",
        )
        .unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, variant, status, result, reason, position, created, updated) \
             VALUES (1, 'chess', 'over', '1-0', 'checkmate', '', 'now', 'now');",
        )
        .unwrap();
        to_latest(&mut conn).unwrap();
        let rated: bool = conn
            .query_row("SELECT rated FROM games WHERE id = 1", [], |r| r.get(0))
            .unwrap();
        assert!(rated);
        let rows: i64 = conn
            .query_row(
                "SELECT (SELECT count(*) FROM ratings) + (SELECT count(*) FROM rating_changes)",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(rows, 0);
    }

    #[test]
    fn a_declined_game_stores_the_seat_that_declined() {
        let mut conn = at_version(3);
        conn.execute_batch(
            "INSERT INTO players (id, userid, password_hash, created) VALUES \
                 (1, 'alice', 'h', 'now'), (2, 'bob', 'h', 'now'), (3, 'Carol', 'h', 'now');
             INSERT INTO games (id, variant, status, reason, position, created, updated) VALUES \
                 (1, 'chess', 'cancelled', 'bob declined to play', '', 'now', 'now'), \
                 (2, 'trio', 'cancelled', 'Carol declined to play', '', 'now', 'now'), \
                 (3, 'chess', 'cancelled', 'carol declined to play', '', 'now', 'now'), \
                 (4, 'chess', 'over', 'checkmate', '', 'now', 'now'), \
                 (5, 'chess', 'cancelled', 'alice declined to play', '', 'now', 'now'), \
                 (6, 'chess', 'cancelled', 'bob declined to play', '', 'now', 'now');
             INSERT INTO seats (game, seat, player) VALUES \
                 (1, 0, 1), (1, 1, 2), (2, 0, 1), (2, 1, 2), (2, 2, 3), \
                 (3, 0, 1), (3, 1, 3), (4, 0, 1), (4, 1, 2), \
                 (5, 0, 2), (5, 1, 2), (6, 0, 2), (6, 1, 2);",
        )
        .unwrap();
        to_latest(&mut conn).unwrap();
        let mut stmt = conn
            .prepare("SELECT reason FROM games ORDER BY id")
            .unwrap();
        let reasons: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            reasons,
            [
                "declined:1",
                "declined:2",
                "declined:1",
                "checkmate",
                // alice plays in neither seat.
                "alice declined to play",
                // bob plays both: the first seat.
                "declined:0",
            ]
        );
    }

    #[test]
    fn a_newer_database_is_refused() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "user_version", LATEST + 1)
            .unwrap();
        assert!(matches!(to_latest(&mut conn), Err(StoreError::TooNew(_))));
    }

    #[test]
    fn the_turn_log_takes_signoffs_and_keeps_its_rows() {
        // A database of the version before: the turn log as votes.sql
        // made it (the CHECK without 'signoff').
        let mut conn = Connection::open_in_memory().unwrap();
        to_latest(&mut conn).unwrap();
        let votes = STEPS.iter().position(|s| s.contains("undo_votes")).unwrap();
        conn.execute_batch(STEPS[votes]).unwrap();
        let signed_off = STEPS
            .iter()
            .position(|s| *s == include_str!("signed_off.sql"))
            .unwrap();
        conn.pragma_update(None, "user_version", signed_off as i64)
            .unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, variant, status, position, created, updated) \
             VALUES (1, 'chess', 'active', '', 'now', 'now');
             INSERT INTO turns (game, seq, ply, kind, text, at, auto, undone) \
             VALUES (1, 1, 1, 'turn', 'e2-e4', 'now', 1, 2);",
        )
        .unwrap();
        let signoff = "INSERT INTO turns (game, seq, ply, kind, seat, text, at) \
                       VALUES (1, 3, 1, 'signoff', 1, 'signs off', 'now')";
        assert!(conn.execute(signoff, []).is_err(), "refused before");
        to_latest(&mut conn).unwrap();
        let kept: (String, i64, Option<i64>) = conn
            .query_row(
                "SELECT text, auto, undone FROM turns WHERE seq = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!(kept, ("e2-e4".to_string(), 1, Some(2)));
        conn.execute(signoff, []).unwrap();
    }

    /// Each game's due moment, by game.
    fn due_moments(conn: &Connection) -> Vec<(i64, Option<String>)> {
        conn.prepare("SELECT game, at FROM due ORDER BY game")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    #[test]
    fn draw_offers_move_into_their_games_and_keep_their_due_moments() {
        // A database of version 25: today's, with the table and its
        // triggers as draw_offers.sql and due.sql made them.
        let mut conn = Connection::open_in_memory().unwrap();
        to_latest(&mut conn).unwrap();
        conn.execute_batch(
            "ALTER TABLE games DROP COLUMN draw_made; \
             ALTER TABLE games DROP COLUMN draw_reminded; PRAGMA user_version = 25;",
        )
        .unwrap();
        conn.execute_batch(include_str!("draw_offers.sql")).unwrap();
        conn.execute_batch(include_str!("due.sql")).unwrap();
        let triggers: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name LIKE 'due_draw_offer%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(triggers, 3);
        conn.execute_batch(
            "INSERT INTO games (id, variant, status, position, created, updated) \
             VALUES (1, 'chess', 'active', '', 'now', 'now'), \
                    (2, 'chess', 'active', '', 'now', 'now'), \
                    (3, 'chess', 'over', '', 'now', 'now');
             INSERT INTO draw_offers (game, made, reminded) \
             VALUES (1, 't1', NULL), (2, 't2', 't3'), (3, 't4', NULL);
             UPDATE due SET at = 'at-' || game;",
        )
        .unwrap();
        to_latest(&mut conn).unwrap();
        let rows: Vec<(i64, Option<String>, Option<String>)> = conn
            .prepare("SELECT id, draw_made, draw_reminded FROM games ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let text = |s: &str| Some(s.to_string());
        assert_eq!(
            rows,
            [
                (1, text("t1"), None),
                (2, text("t2"), text("t3")),
                (3, text("t4"), None)
            ]
        );
        // (The game over has its row too since version 28; the active
        // ones are worked out again by the first `remind` after version
        // 38, which learns who is to move in each.)
        let due = due_moments(&conn);
        assert_eq!(due, [(1, text("")), (2, text("")), (3, text("at-3"))]);
        let left: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name LIKE '%draw_offer%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(left, 0, "the table and its three triggers are gone");
        // A new offer is an update of the game's row: marked for the due
        // index as the offer's own triggers marked it.
        conn.execute("UPDATE games SET draw_made = 't5' WHERE id = 2", [])
            .unwrap();
        let at: Option<String> = conn
            .query_row("SELECT at FROM due WHERE game = 2", [], |r| r.get(0))
            .unwrap();
        assert_eq!(at, None);
    }

    #[test]
    fn bot_levels_signoffs_and_words_move_into_their_rows_and_keep_due_moments() {
        // A database of version 26: today's, with the three tables as
        // bot.sql, turn_waits.sql and words.sql made them.
        let mut conn = Connection::open_in_memory().unwrap();
        to_latest(&mut conn).unwrap();
        conn.execute_batch(
            "DROP TRIGGER bot_queue_changed; DROP TRIGGER bot_queue_over; \
             DROP INDEX bot_games_by_change; ALTER TABLE games DROP COLUMN bot_level; \
             ALTER TABLE players DROP COLUMN signed_off; \
             ALTER TABLE players DROP COLUMN words_day; \
             ALTER TABLE players DROP COLUMN words_mails; PRAGMA user_version = 26;",
        )
        .unwrap();
        conn.execute_batch(include_str!("bot.sql")).unwrap();
        conn.execute_batch(include_str!("words.sql")).unwrap();
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS signoffs (
                 player INTEGER PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
                 at     TEXT NOT NULL
             );",
        )
        .unwrap();
        conn.execute_batch(
            "INSERT INTO players (id, userid, password_hash, created) \
             VALUES (1, 'alice', 'x', 'now'), (2, 'bob', 'x', 'now'), (3, 'carol', 'x', 'now');
             INSERT INTO games (id, variant, status, position, created, updated) \
             VALUES (1, 'chess', 'active', '', 'now', 'now'), \
                    (2, 'chess', 'active', '', 'now', 'now'), \
                    (3, 'chess', 'over', '', 'now', 'now');
             INSERT INTO bot_levels (game, level) VALUES (1, 2), (3, 5);
             INSERT INTO signoffs (player, at) VALUES (2, 't-off');
             INSERT INTO words_sent (player, day, mails) VALUES (1, '2026-01-02', 7), (3, '2026-01-01', 1);
             UPDATE due SET at = 'at-' || game;",
        )
        .unwrap();
        to_latest(&mut conn).unwrap();
        assert_eq!(version(&conn).unwrap(), LATEST);
        let text = |s: &str| Some(s.to_string());
        let games: Vec<(i64, Option<i64>)> = conn
            .prepare("SELECT id, bot_level FROM games ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(games, [(1, Some(2)), (2, None), (3, Some(5))]);
        type PlayerRow = (i64, Option<String>, Option<String>, i64);
        let players: Vec<PlayerRow> = conn
            .prepare("SELECT id, signed_off, words_day, words_mails FROM players ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            players,
            [
                (1, None, text("2026-01-02"), 7),
                (2, text("t-off"), None, 0),
                (3, None, text("2026-01-01"), 1)
            ]
        );
        // (The game over has its row too since version 28; the active
        // ones are worked out again by the first `remind` after version
        // 38, which learns who is to move in each.)
        let due = due_moments(&conn);
        assert_eq!(due, [(1, text("")), (2, text("")), (3, text("at-3"))]);
        let left: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master \
                 WHERE name IN ('bot_levels', 'signoffs', 'words_sent')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(left, 0, "the three tables are gone");
        // A level out of range is refused as the table refused it.
        assert!(
            conn.execute("UPDATE games SET bot_level = 9 WHERE id = 2", [])
                .is_err()
        );
    }

    #[test]
    fn every_game_gets_a_due_row_and_the_marks_stay_exact() {
        // A database of version 27: today's, with the nine triggers as
        // due.sql made them (upserts that ask `games` whether the game is
        // active), rows for the active games only, and none for an active
        // game nothing was waited for in.
        let mut conn = Connection::open_in_memory().unwrap();
        to_latest(&mut conn).unwrap();
        // The computer player's queue (version 37) came later.
        conn.execute_batch("DROP TRIGGER bot_queue_changed; DROP TRIGGER bot_queue_over;")
            .unwrap();
        let due_sql = include_str!("due.sql");
        let from = due_sql
            .find("CREATE TRIGGER IF NOT EXISTS due_game_new")
            .unwrap();
        let to = due_sql
            .find("CREATE TRIGGER IF NOT EXISTS due_draw_offer ")
            .unwrap();
        for name in [
            "due_game_new",
            "due_game_changed",
            "due_seat",
            "due_turn",
            "due_turn_changed",
            "due_reminder",
            "due_reminder_changed",
            "due_vacation",
            "due_vacation_changed",
        ] {
            conn.execute_batch(&format!("DROP TRIGGER IF EXISTS {name}"))
                .unwrap();
        }
        conn.execute_batch(&due_sql[from..to]).unwrap();
        conn.execute_batch("PRAGMA user_version = 27").unwrap();
        let old: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' \
                 AND name LIKE 'due%' AND sql LIKE '%status = ''active''%'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(old, 9, "the version-27 triggers");
        conn.execute_batch(
            "INSERT INTO players (id, userid, password_hash, created) \
             VALUES (1, 'alice', 'x', 'now'), (2, 'bob', 'x', 'now');
             INSERT INTO games (id, variant, status, position, created, updated) \
             VALUES (1, 'chess', 'active', '', 'now', 'now'), \
                    (2, 'chess', 'active', '', 'now', 'now'), \
                    (3, 'chess', 'over', '', 'now', 'now'), \
                    (4, 'chess', 'active', '', 'now', 'now');
             INSERT INTO seats (game, seat, player) VALUES (1, 0, 1), (3, 0, 1), (4, 0, 1), (2, 0, 2);
             UPDATE due SET at = 'at-' || game;
             DELETE FROM due WHERE game = 4;",
        )
        .unwrap();
        assert_eq!(due_moments(&conn).len(), 2);
        to_latest(&mut conn).unwrap();
        assert_eq!(version(&conn).unwrap(), LATEST);
        let text = |s: &str| Some(s.to_string());
        assert_eq!(
            due_moments(&conn),
            [
                (1, text("")),
                (2, text("")),
                (3, text("never")),
                (4, text(""))
            ],
            "the game over never due, the active ones due at once (version 38 works \
             out who is to move in each)"
        );
        let marked = |conn: &Connection| -> Vec<i64> {
            let marked: Vec<i64> = conn
                .prepare("SELECT game FROM due WHERE at IS NULL ORDER BY game")
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            conn.execute_batch("UPDATE due SET at = 'later' WHERE at IS NULL")
                .unwrap();
            marked
        };
        assert_eq!(marked(&conn), Vec::<i64>::new());
        // Who is to move, as `remind` works it out: player 1 in games 1
        // and 4, player 2 in game 2.
        conn.execute_batch(
            "UPDATE due SET mover = 1 WHERE game IN (1, 4); UPDATE due SET mover = 2 WHERE game = 2;",
        )
        .unwrap();
        // Each change marks the games it touches (a vacation the games
        // its player is to move in), and a new game has its row.
        let changes: [(&str, &[i64]); 12] = [
            (
                "INSERT INTO turns (game, seq, ply, text, at) VALUES (1, 1, 1, 'e4', 'now')",
                &[1],
            ),
            (
                "INSERT INTO turns (game, seq, ply, text, at) VALUES (3, 1, 1, 'e4', 'now')",
                &[3],
            ),
            ("UPDATE turns SET undone = 2 WHERE game = 1", &[1]),
            (
                "INSERT INTO seats (game, seat, player) VALUES (4, 1, 2)",
                &[4],
            ),
            (
                "INSERT INTO seats (game, seat, player) VALUES (3, 1, 2)",
                &[3],
            ),
            (
                "INSERT INTO reminders (game, since_seq, period, sent) VALUES (2, 1, 1, 'now')",
                &[2],
            ),
            ("UPDATE reminders SET period = 2 WHERE game = 2", &[2]),
            // Vacations mark nothing since version 39 (tidings.sql).
            (
                "INSERT INTO vacations (player, started) VALUES (1, 'now')",
                &[],
            ),
            ("UPDATE vacations SET ended = 'now' WHERE player = 1", &[]),
            ("UPDATE games SET status = 'over' WHERE id = 1", &[1]),
            ("UPDATE games SET status = 'active' WHERE id = 3", &[3]),
            (
                "INSERT INTO games (id, variant, status, position, created, updated) \
                 VALUES (5, 'chess', 'over', '', 'now', 'now')",
                &[5],
            ),
        ];
        for (change, games) in changes {
            conn.execute_batch(change).unwrap();
            assert_eq!(marked(&conn), games, "{change}");
        }
    }
}

#[cfg(test)]
#[path = "checks_spelled_out_tests.rs"]
mod checks_spelled_out_tests;
