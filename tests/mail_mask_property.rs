//! For random command lines holding a random password, in the Subject or
//! in a `multiple` body, parsed or not, the password is kept nowhere in
//! the database: not in the inbox, the steps' answers or the outbox
//! (issue 23, item 2). Run in process against a fresh database per case,
//! with the users' passwords unknown (so no login succeeds and each line
//! is answered with its refusal, quoting the mail).

use chrono::{DateTime, Utc};
use proptest::prelude::*;

use boserv::front::handle;
use boserv::store::{self, players};

/// A database with alice and bob (addresses confirmed).
fn server() -> rusqlite::Connection {
    let conn = store::open_in_memory().unwrap();
    for user in ["alice", "bob"] {
        let email = format!("{user}@example.test");
        players::insert(&conn, user, "not-a-hash", &[email], "2026-03-01T12:00:00Z").unwrap();
    }
    conn
}

/// Every text and blob of every table.
fn everything(conn: &rusqlite::Connection) -> String {
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = String::new();
    for table in tables {
        let mut q = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
        let n = q.column_count();
        let mut rows = q.query([]).unwrap();
        while let Some(row) = rows.next().unwrap() {
            for i in 0..n {
                use rusqlite::types::ValueRef;
                if let ValueRef::Text(t) | ValueRef::Blob(t) = row.get_ref(i).unwrap() {
                    out.push_str(&String::from_utf8_lossy(t));
                    out.push('|');
                }
            }
            out.push('\n');
        }
    }
    out
}

/// A command line around `USER PW` (or `USER:PW`, `PW` alone in the
/// userid's place, `--login=USER:PW`): a game word or none, a verb (of
/// the language or not), a board or none, and some words after.
fn line() -> impl Strategy<Value = (String, String)> {
    let game = prop_oneof![Just(""), Just("chess"), Just("Bochess"), Just("orwell")];
    let verb = prop_oneof![
        Just("move"),
        Just("board"),
        Just("show"),
        Just("history"),
        Just("resign"),
        Just("draw"),
        Just("frob"),
        Just("help"),
        Just("games"),
        Just("signup"),
        Just("change password"),
        Just("message"),
        Just("vacation"),
    ];
    let board = prop_oneof![Just(""), Just("1"), Just("42")];
    let user = prop_oneof![Just("alice"), Just("bob")];
    let tail = prop_oneof![
        Just(""),
        Just("e2-e4"),
        Just("e2-e4 e7-e5"),
        Just("offer"),
        Just("x@example.org"),
        Just("hello there"),
    ];
    (game, verb, board, 0..4usize, user, tail, "Pw[a-z0-9]{6,10}")
        // A password alone in the userid's place: of a verb that has one.
        .prop_filter("a userid's place", |(_, verb, _, form, ..)| {
            *form != 2 || LOGIN_VERBS.contains(verb)
        })
        .prop_map(|(game, verb, board, login_form, user, tail, pw)| {
            let login = match login_form {
                0 => format!("{user} {pw}"),
                1 => format!("{user}:{pw}"),
                2 => pw.clone(),
                _ => format!("{user} --login={user}:{pw}"),
            };
            let words: Vec<&str> = [game, verb, board, &login, tail]
                .into_iter()
                .filter(|w| !w.is_empty())
                .collect();
            (words.join(" "), pw, login_form)
        })
        // A line that parses is masked by its grammar: a word in its
        // userid's place is taken for the userid it stands for.
        .prop_filter("parsed with the password as a userid", |(line, _, form)| {
            *form != 2 || boserv::command::language::parse(line).is_err()
        })
        .prop_map(|(line, pw, _)| (line, pw))
}

/// The verbs of [`line`] with a userid's place (by mail).
const LOGIN_VERBS: [&str; 7] = [
    "move",
    "board",
    "resign",
    "draw",
    "message",
    "vacation",
    "change password",
];

fn now() -> DateTime<Utc> {
    "2026-03-01T12:00:00Z".parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        // A failing case is kept (proptest-regressions/) and replayed first.
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_password_in_any_command_line_is_kept_nowhere(
        (line, pw) in line(),
        way in 0..3usize,
        other in "[a-z]{1,8}( [a-z0-9]{1,8}){0,3}",
    ) {
        let raw = match way {
            0 => format!("From: alice@example.test\r\nSubject: {line}\r\n\r\nthanks\r\n"),
            1 => format!("From: alice@example.test\r\nSubject: Re: {line} **\r\n\r\n"),
            _ => format!(
                "From: alice@example.test\r\nSubject: multiple\r\n\r\n{other}\r\n{line}\r\n"
            ),
        };
        let mut conn = server();
        handle::handle(&mut conn, raw.as_bytes(), now()).unwrap();
        let dump = everything(&conn);
        prop_assert!(!dump.contains(&pw), "{line}:\n{dump}");
    }
}
