//! Masking changes nothing but passwords, and misses none (issue 42.2):
//! messages whose passwords appear nowhere else are stored, and quoted in
//! the error mails they get, byte for byte as they came except for each
//! password (and reply token) put as `***`, wherever the password stands:
//! the Subject, a `multiple` body, a reply's first line, a mistyped verb.

use crate::util::{Env, reply_to};

/// alice's and bob's passwords: words found nowhere else in any mail.
const ALICE: &str = "Pw7zqXk3";
const BOB: &str = "Qr8wvLm2";

fn env() -> Env {
    let env = Env::new();
    env.ok(None, &["signup", "alice", ALICE, "alice@example.test"]);
    env.ok(None, &["signup", "bob", BOB, "bob@example.test"]);
    env.challenge("chess", "alice", "bob");
    env
}

/// The newest stored message, as stored.
fn stored(env: &Env) -> String {
    let raw: Vec<Vec<u8>> = env.query("SELECT raw FROM inbox ORDER BY id DESC LIMIT 1");
    String::from_utf8(raw[0].clone()).unwrap()
}

/// `raw` with each of `secrets` put as `***`.
fn masked(raw: &str, secrets: &[&str]) -> String {
    secrets
        .iter()
        .fold(raw.to_string(), |raw, secret| raw.replace(secret, "***"))
}

/// The token of a `local+TOKEN@domain` address.
fn token_of(address: &str) -> String {
    let (user, _) = address.split_once('@').unwrap();
    user.split_once('+').unwrap().1.to_string()
}

#[test]
fn a_password_in_the_subject_or_a_multiple_body_is_all_that_changes() {
    let env = env();
    let subject = format!(
        "From: Alice <alice@example.test>\r\nTo: bochess@example.net\r\n\
         Subject: chess move 1 alice {ALICE} e2-e4#1\r\nMessage-ID: <m1@example.test>\r\n\
         Date: Sun, 1 Mar 2026 11:00:00 +0000\r\n\r\nYour move, Bob. 1 2 3, 1000 1234.\r\n"
    );
    env.mail_done(&subject);
    assert_eq!(stored(&env), masked(&subject, &[ALICE]));
    let multiple = format!(
        "From: bob@example.test\r\nTo: bochess@example.net\r\nSubject: multiple\r\n\
         Message-ID: <m2@example.test>\r\nDate: Sun, 1 Mar 2026 11:01:00 +0000\r\n\r\n\
         chess show 1\r\nchess move 1 bob {BOB} e7-e5#2\r\n\r\nThanks! On board 1, move 1.\r\n"
    );
    env.mail_done(&multiple);
    assert_eq!(stored(&env), masked(&multiple, &[BOB]));
}

#[test]
fn a_reply_is_stored_as_sent_but_its_token_and_passwords() {
    let env = env();
    let board = env.delivered_to("alice@", "Board 1");
    let token = token_of(&board.reply_to().unwrap());
    // The Subject kept and a password added (pbmserv's habit: only the
    // body's first line is run), the move on the first line.
    let reply = reply_to(&board, "e2-e4").replace(
        "Subject: Re: New Chess Board 1 alice",
        &format!("Subject: Re: New Chess Board 1 alice {ALICE} e2-e4"),
    );
    env.mail_done(&reply);
    assert_eq!(stored(&env), masked(&reply, &[&token, ALICE]));
    // pbmserv's whole line on the first line of a reply.
    let board = env.delivered_to("bob@", "Board 1");
    let token = token_of(&board.reply_to().unwrap());
    let reply = reply_to(&board, &format!("chess move 1 bob {BOB} e7-e5"));
    env.mail(&reply);
    assert_eq!(stored(&env), masked(&reply, &[&token, BOB]));
}

#[test]
fn a_mistyped_verb_in_a_reply_is_quoted_back_without_its_password_and_nothing_else_masked() {
    let env = env();
    let board = env.delivered_to("alice@", "Board 1");
    let token = token_of(&board.reply_to().unwrap());
    let reply = reply_to(&board, &format!("chess resing 1 alice {ALICE}"));
    let error = env.mail_refused(&reply);
    let expected = masked(&reply, &[&token, ALICE]);
    assert_eq!(stored(&env), expected);
    assert!(!error.contains(ALICE), "{error}");
    // The error mail quotes the message as stored: the From, Subject and
    // Date headers and the body, line for line (as wrapped to 76 columns).
    let error_lines: Vec<&str> = error.lines().collect();
    let (head, body) = expected.split_once("\r\n\r\n").unwrap();
    let quoted = head
        .lines()
        .filter(|l| {
            ["From: ", "Subject: ", "Date: "]
                .iter()
                .any(|h| l.starts_with(h))
        })
        .chain(body.lines().filter(|l| l.len() < 60));
    for line in quoted {
        let line = format!("> {line}");
        assert!(
            error_lines.iter().any(|l| l.trim_end() == line.trim_end()),
            "{line}:\n{error}"
        );
    }
    assert!(error.contains("> chess resing 1 alice ***"), "{error}");
}

#[test]
fn an_invitation_accepted_by_reply_is_stored_as_sent_but_its_token() {
    let env = Env::new();
    env.ok(None, &["signup", "alice", ALICE, "alice@example.test"]);
    env.ok(None, &["signup", "bob", BOB, "bob@example.test"]);
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    let invitation = env.delivered_to("bob@", "Invitation");
    let token = token_of(&invitation.reply_to().unwrap());
    let reply = reply_to(&invitation, "accept\nGood luck, 1 and all.");
    env.mail_done(&reply);
    // No `1` of the Subject, the Date or the quote taken for a password.
    assert_eq!(stored(&env), masked(&reply, &[&token]));
}
