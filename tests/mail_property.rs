//! Whatever arrives on stdin, `boserv mail` never panics and ends with
//! exit 0 (handled) or 75 (try again): the two answers an MTA understands.
//! Cases run against one database with players and a game in it, so that
//! mails that parse reach the service, not only the reader.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::util::Env;

fn mail_exit(env: &Env, raw: &[u8]) -> Option<i32> {
    let out = env.stdin(&["mail"], raw);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "a panic:\n{stderr}");
    out.status.code()
}

/// Mail-shaped input: headers, sometimes a Subject in the server's own
/// language with random arguments, and a random body.
fn letters() -> impl Strategy<Value = Vec<u8>> {
    let word = prop_oneof![
        Just("chess".to_string()),
        Just("move".to_string()),
        Just("show".to_string()),
        Just("resign".to_string()),
        Just("challenge".to_string()),
        Just("alice".to_string()),
        Just("secret".to_string()),
        Just("1".to_string()),
        Just("e2-e4#1".to_string()),
        "[ -~]{0,8}",
    ];
    (
        proptest::collection::vec(word, 0..7),
        proptest::collection::vec("[A-Za-z-]{1,10}: [ -~]{0,30}", 0..4),
        proptest::collection::vec(any::<u8>(), 0..300),
    )
        .prop_map(|(words, headers, body)| {
            let mut raw = format!(
                "From: alice@example.test\r\nSubject: {}\r\n{}\r\n\r\n",
                words.join(" "),
                headers.join("\r\n")
            )
            .into_bytes();
            raw.extend(body);
            raw
        })
}

#[test]
fn boserv_mail_answers_any_input_with_0_or_75() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    let mut runner = TestRunner::new(Config {
        cases: 40,
        // A failing case is kept (proptest-regressions/) and tried first
        // next time, so it can be replayed.
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("regressions"),
        )),
        source_file: Some(file!()),
        ..Config::default()
    });
    let input = prop_oneof![proptest::collection::vec(any::<u8>(), 0..600), letters()];
    runner
        .run(&input, |raw| {
            let code = mail_exit(&env, &raw);
            prop_assert!(matches!(code, Some(0) | Some(75)), "exit {code:?}");
            Ok(())
        })
        .unwrap();
}
