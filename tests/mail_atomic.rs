//! A change and the mail it causes commit together or not at all.
//!
//! Killing a process at the exact instruction between two writes is not
//! repeatable, so this test puts the database in the state such a crash
//! leaves: a trigger makes the outbox write fail inside the command's
//! transaction (the process "dies" before commit). Mail cut short and
//! resumed: `mail_once`; real kills: `mail_crash`.

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
