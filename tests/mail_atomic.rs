//! A change and the mail it causes commit together or not at all, and a
//! mail whose handling died half-way is never run a second time.
//!
//! Killing a process at the exact instruction between two writes is not
//! repeatable, so both tests put the database in the state such a crash
//! leaves: a trigger makes the outbox write fail inside the command's
//! transaction (the process "dies" before commit), and an inbox row left
//! `received` is what a crash after the claim and before the end leaves.

use crate::util::Env;

fn setup() -> Env {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    env
}

fn turns(env: &Env) -> i64 {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.query_row("SELECT COUNT(*) FROM turns", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_move_whose_mail_cannot_be_written_is_not_made() {
    let env = setup();
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.execute_batch(
        "CREATE TRIGGER no_mail BEFORE INSERT ON outbox
         BEGIN SELECT RAISE(ABORT, 'outbox write failed'); END;",
    )
    .unwrap();
    drop(conn);
    let before = env.dump();
    let out = env.run(Some("alice"), &["move", "game1", "e2-e4"]);
    assert!(!out.status.success(), "the move must fail with its mail");
    assert_eq!(
        env.dump(),
        before,
        "neither the move nor its mail is stored"
    );

    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.execute_batch("DROP TRIGGER no_mail").unwrap();
    drop(conn);
    env.ok(Some("alice"), &["move", "game1", "e2-e4"]);
    assert_eq!(turns(&env), 1, "with the outbox writable the move goes in");
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let mails: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM outbox WHERE subject LIKE '%Board 1%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(mails >= 2, "both players get the board: {mails}");
}

#[test]
fn a_mail_claimed_before_a_crash_is_not_run_again() {
    let env = setup();
    let raw = "From: alice@example.test\r\nMessage-ID: <crash1@example.org>\r\n\
               Subject: chess move 1 alice secret e2-e4\r\n\r\n";
    // What a crash after the claim leaves: the message stored, `received`.
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.execute(
        "INSERT INTO inbox (received_at, message_id, sender, subject, raw, status)
         VALUES ('2026-03-01T12:00:00Z', 'crash1@example.org', 'alice@example.test',
                 'chess move 1 alice secret e2-e4', ?1, 'received')",
        [raw.as_bytes()],
    )
    .unwrap();
    drop(conn);
    let out = env
        .cmd(None)
        .arg("mail")
        .write_stdin(raw.as_bytes().to_vec())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(turns(&env), 0, "the MTA's retry runs nothing twice");

    // A fresh message runs, and its row ends `handled`, not `received`.
    let fresh = raw.replace("crash1", "fresh1");
    let out = env
        .cmd(None)
        .arg("mail")
        .write_stdin(fresh.into_bytes())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(turns(&env), 1);
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let status: String = conn
        .query_row(
            "SELECT status FROM inbox WHERE message_id = 'fresh1@example.org' AND status <> 'duplicate'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(status, "handled");
}
