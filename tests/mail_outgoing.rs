//! Outgoing mails as they leave boserv: a template rendered, queued, and
//! written by the `file:` transport, snapshotted whole (headers and body).

use boserv::command::GameId;
use boserv::letters::templates::{Rendered, Templates};
use boserv::letters::{BoardLetter, Comment, ErrorLetter, quoted_original};
use boserv::mail::identity::Identity;
use boserv::mail::outbox::{self, Draft};
use boserv::mail::transport::{Transport, TransportSpec};
use chrono::{DateTime, Utc};

const DIAGRAM: &str = "  +---+---+\n2 | k |   |\n1 |   | K |\n  +---+---+\n    a   b";

/// Queues `mail`, delivers it to a scratch directory and returns the .eml.
fn sent(mail: Rendered, message_id: impl Fn(&Identity) -> String, threaded: bool) -> String {
    let conn = boserv::store::open_in_memory().unwrap();
    let identity = Identity::parse("Bochess Server <bochess@example.net>").unwrap();
    let now: DateTime<Utc> = "2026-11-22T10:00:00Z".parse().unwrap();
    let root = identity.game_root_id(GameId(42), "bob");
    let draft = Draft {
        game: Some(GameId(42)),
        to: vec!["bob@example.org".into()],
        subject: mail.subject,
        body: mail.parts.text,
        message_id: message_id(&identity),
        in_reply_to: threaded.then(|| root.clone()),
        references: if threaded { vec![root] } else { vec![] },
        reply_to: None,
        html: None,
    };
    outbox::queue(&conn, &draft, now).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let spec: TransportSpec = format!("file:{}", dir.path().display()).parse().unwrap();
    outbox::deliver(&conn, &Transport::open(&spec).unwrap(), &identity, now).unwrap();
    let file = std::fs::read_dir(dir.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    std::fs::read_to_string(file.path())
        .unwrap()
        .replace("\r\n", "\n")
}

fn snapshot(name: &str, eml: &str) {
    insta::with_settings!({filters => vec![
        (r"(?m)^Date: .*$", "Date: [date]"),
        (r"(?m)^Message-ID: .*$", "Message-ID: [id]"),
    ]}, {
        insta::assert_snapshot!(name, eml);
    });
}

#[test]
fn a_board_mail_as_sent() {
    let letter = BoardLetter {
        title: "Bochess".into(),
        name: "Big Outer Chess".into(),
        variant: "bochess".into(),
        board: 42,
        players: vec!["alice".into(), "bob".into()],
        sides: vec!["alice (White)".into(), "bob (Black)".into()],
        ply: 3,
        move_now: "2...".into(),
        move_last: "2".into(),
        to_move: Some("bob".into()),
        moves: vec!["1. e2-e4 e7-e5".into(), "2. Ng1-f3".into()],
        diagram: DIAGRAM.into(),
        comments: vec![Comment {
            author: "alice".into(),
            text: "Naïve? Perhaps.".into(),
        }],
        ..BoardLetter::default()
    };
    let mail = Templates::built_in().render("board.txt", letter).unwrap();
    let eml = sent(
        mail,
        |i| i.game_mail_id(GameId(42), 3, "board", "bob"),
        true,
    );
    assert!(
        eml.contains("Message-ID: <game42.ply3.board.bob@example.net>\n"),
        "{eml}"
    );
    assert!(
        eml.contains("In-Reply-To: <game42.ply0.new.bob@example.net>\n"),
        "{eml}"
    );
    snapshot("board_mail", &eml);
}

#[test]
fn an_error_mail_as_sent() {
    let original = b"From: bob@example.org\r\nSubject: bochess move 42 bob pw e2-e5\r\n\r\nhi\r\n";
    let letter = ErrorLetter {
        title: Some("Bochess".into()),
        name: Some("Big Outer Chess".into()),
        board: Some(42),
        reason: "it is alice's turn".into(),
        diagram: Some(DIAGRAM.into()),
        original: quoted_original(original, 200),
        ..ErrorLetter::default()
    };
    let mail = Templates::built_in().render("error.txt", letter).unwrap();
    let eml = sent(mail, |i| i.answer_id(7, 0), false);
    assert!(!eml.contains("In-Reply-To"), "{eml}");
    // An answer to a player's message (RFC 3834).
    assert!(eml.contains("Auto-Submitted: auto-replied\n"), "{eml}");
    snapshot("error_mail", &eml);
}
