//! The outbox over a real SMTP conversation: `deliver` through the
//! `smtp://` transport into an SMTP server on 127.0.0.1 (mailin-embedded),
//! and what arrives there.

use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use boserv::command::GameId;
use boserv::mail::identity::Identity;
use boserv::mail::outbox::{self, Draft, Status};
use boserv::mail::transport::{Transport, TransportSpec};
use chrono::{DateTime, Utc};
use mailin_embedded::{Handler, Response, Server, SslConfig, response};

/// One received message: envelope recipients and the data.
#[derive(Clone, Debug, Default)]
struct Received {
    from: String,
    to: Vec<String>,
    data: Vec<u8>,
}

#[derive(Clone, Default)]
struct Sink {
    current: Received,
    done: Arc<Mutex<Vec<Received>>>,
}

impl Handler for Sink {
    fn data_start(&mut self, _domain: &str, from: &str, _is8bit: bool, to: &[String]) -> Response {
        self.current = Received {
            from: from.to_string(),
            to: to.to_vec(),
            data: Vec::new(),
        };
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.current.data.extend_from_slice(buf);
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        self.done
            .lock()
            .unwrap()
            .push(std::mem::take(&mut self.current));
        response::OK
    }
}

/// An SMTP server on a free loopback port; it lives as long as the test
/// process (mailin has no shutdown).
fn smtp_server() -> (u16, Arc<Mutex<Vec<Received>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let sink = Sink::default();
    let done = sink.done.clone();
    let mut server = Server::new(sink);
    server
        .with_name("sink.test")
        .with_ssl(SslConfig::None)
        .unwrap()
        .with_tcp_listener(listener);
    std::thread::spawn(move || {
        let _ = server.serve();
    });
    (port, done)
}

fn database() -> rusqlite::Connection {
    boserv::store::open_in_memory().unwrap()
}

#[test]
fn deliver_sends_a_threaded_mail_over_smtp() {
    let (port, received) = smtp_server();
    let conn = database();
    let identity = Identity::parse("Bochess Server <bochess@example.net>").unwrap();
    let now: DateTime<Utc> = "2026-11-22T10:00:00Z".parse().unwrap();
    let root = identity.game_root_id(GameId(42), "bob");
    let id = identity.game_mail_id(GameId(42), 3, "board", "bob");
    let draft = Draft {
        game: Some(GameId(42)),
        to: vec!["bob@example.org".into()],
        subject: "Bochess Board 42 bob **".into(),
        body: "It is bob's turn.\n\nNaïve, but it works.\n".into(),
        message_id: id.clone(),
        in_reply_to: Some(root.clone()),
        references: vec![root.clone()],
        reply_to: None,
        html: None,
    };
    outbox::queue(&conn, &draft, now).unwrap();

    let spec: TransportSpec = format!("smtp://127.0.0.1:{port}").parse().unwrap();
    let transport = Transport::open(&spec).unwrap();
    let delivery = outbox::deliver(&conn, &transport, &identity, now).unwrap();
    assert_eq!(
        (delivery.sent, delivery.deferred, delivery.failed),
        (1, 0, 0)
    );
    assert_eq!(outbox::list(&conn, Status::Sent).unwrap().len(), 1);

    let received = received.lock().unwrap();
    assert_eq!(received.len(), 1);
    let mail = &received[0];
    assert_eq!(mail.from, "bochess@example.net");
    assert_eq!(mail.to, vec!["bob@example.org".to_string()]);
    let parsed = mail_parser::MessageParser::default()
        .parse(&mail.data)
        .unwrap();
    assert_eq!(
        parsed.message_id(),
        Some("game42.ply3.board.bob@example.net")
    );
    assert_eq!(
        parsed.in_reply_to().as_text(),
        Some("game42.ply0.new.bob@example.net")
    );
    assert_eq!(
        parsed.references().as_text(),
        Some("game42.ply0.new.bob@example.net")
    );
    assert_eq!(parsed.subject(), Some("Bochess Board 42 bob **"));
    assert_eq!(
        parsed.header_raw("MIME-Version").map(str::trim),
        Some("1.0")
    );
    assert_eq!(
        parsed.header_raw("Auto-Submitted").map(str::trim),
        Some("auto-generated")
    );
    assert!(parsed.date().is_some());
    let body = parsed.body_text(0).unwrap();
    assert!(body.contains("Naïve, but it works."), "{body}");
}

#[test]
fn an_unreachable_relay_defers_the_mail() {
    // A port that was free a moment ago: nobody listens there.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let conn = database();
    let identity = Identity::parse("bochess@example.net").unwrap();
    let now: DateTime<Utc> = "2026-11-22T10:00:00Z".parse().unwrap();
    let draft = Draft {
        game: None,
        to: vec!["bob@example.org".into()],
        subject: "boserv help".into(),
        body: "help\n".into(),
        message_id: identity.unique_id(now),
        in_reply_to: None,
        references: vec![],
        reply_to: None,
        html: None,
    };
    outbox::queue(&conn, &draft, now).unwrap();
    let transport = Transport::open(&format!("smtp://127.0.0.1:{port}").parse().unwrap()).unwrap();
    let delivery = outbox::deliver(&conn, &transport, &identity, now).unwrap();
    assert_eq!(
        (delivery.sent, delivery.deferred, delivery.failed),
        (0, 1, 0)
    );
    let pending = outbox::list(&conn, Status::Pending).unwrap();
    assert_eq!(pending[0].attempts, 1);
    assert!(pending[0].last_error.is_some());
}

/// Sends everything pending through `smtp://127.0.0.1:PORT`.
fn deliver(env: &crate::util::Env, port: u16) {
    let out = env.stdin(
        &[
            "deliver",
            "--transport",
            &format!("smtp://127.0.0.1:{port}"),
        ],
        b"",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The one mail received for `to` whose Subject line is `subject`.
fn received_for(received: &Arc<Mutex<Vec<Received>>>, to: &str, subject: &str) -> String {
    let all = received.lock().unwrap();
    let found: Vec<String> = all
        .iter()
        .filter(|m| m.to.iter().any(|t| t == to))
        .map(|m| String::from_utf8_lossy(&m.data).replace("\r\n", "\n"))
        .filter(|m| m.lines().any(|l| l == format!("Subject: {subject}")))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one `{subject}` mail for {to}, got {found:?}"
    );
    found[0].clone()
}

/// The whole loop by mail: a challenge mailed in, its board mails sent over
/// SMTP and read back off the wire, the player's reply to that mail fed to
/// `boserv mail`, and the game advanced in the next mail that arrives.
#[test]
fn a_reply_to_a_delivered_board_mail_advances_the_game() {
    let (port, received) = smtp_server();
    let env = crate::util::Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.org\nsignup bob bobpw bob@example.org\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    env.ok(Some("bob"), &["challenges", "chess", "accept"]);
    let challenge = "From: alice@example.org\r\nMessage-ID: <w1@example.org>\r\n\
                     Subject: chess challenge alice bob --login=alice:secret\r\n\r\n";
    assert_eq!(
        env.stdin(&["mail"], challenge.as_bytes()).status.code(),
        Some(0)
    );
    deliver(&env, port);

    let new_game = received_for(&received, "alice@example.org", "New Chess Board 1 alice");
    let id = new_game
        .lines()
        .find_map(|l| l.strip_prefix("Message-ID: "))
        .expect("the board mail has a Message-ID")
        .to_string();
    // alice answers the mail she received, with her move as the Subject.
    let reply = format!(
        "From: alice@example.org\r\nMessage-ID: <w2@example.org>\r\nIn-Reply-To: {id}\r\n\
         Subject: Re: chess move 1 alice secret e2-e4#1\r\n\r\nOver to you.\r\n\r\n> {}\r\n",
        "New Chess Board 1 alice"
    );
    assert_eq!(
        env.stdin(&["mail"], reply.as_bytes()).status.code(),
        Some(0)
    );
    deliver(&env, port);

    let board = received_for(&received, "bob@example.org", "Chess Board 1 bob **");
    assert!(board.contains("Last move: e2-e4"), "{board}");
    assert!(board.contains("alice writes:\n\nOver to you.\n"), "{board}");
    assert!(
        board.contains("In-Reply-To: <game1.ply0.new.bob@"),
        "{board}"
    );
    let json = env.json("game1");
    assert_eq!(json["ply"], 1);
    assert_eq!(json["to_move"], "bob");

    // bob just hits Reply: his client writes to the Reply-To, with a
    // Subject of its own and the board quoted; the first line is his move.
    let reply_to = board
        .lines()
        .find_map(|l| l.strip_prefix("Reply-To: "))
        .expect("a board mail carries a Reply-To")
        .to_string();
    assert!(reply_to.starts_with("bochess+"), "{reply_to}");
    let reply = format!(
        "From: Bob <bob@example.org>\r\nTo: {reply_to}\r\nMessage-ID: <w3@example.org>\r\n\
         Subject: Re: Chess Board 1 bob **\r\n\r\ne7-e5\r\n\r\nOn Monday alice wrote:\r\n> board\r\n"
    );
    assert_eq!(
        env.stdin(&["mail"], reply.as_bytes()).status.code(),
        Some(0)
    );
    assert_eq!(env.json("game1")["ply"], 2, "the reply moved for bob");
}
