//! Every conversation works by Reply (issues 42 and 49): each kind of mail
//! that asks for an answer is answered the way a player's mail program
//! answers the mail the server delivered (`crate::util::reply_to`), and
//! the answer is proved done: the state changed and no error mail went
//! out. A reply to a token address never has its Subject run.

use crate::util::{Client, Env, reply_to, reply_with};

fn env() -> Env {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env
}

/// The clients a player may answer with.
const CLIENTS: [Client; 4] = [
    Client::REPLY,
    // Outlook in German, the original not quoted.
    Client {
        prefix: "AW: ",
        all: false,
        quote: false,
        html: false,
    },
    // Reply-All in Swedish: the server's own address in Cc too.
    Client {
        prefix: "SV: ",
        all: true,
        quote: true,
        html: false,
    },
    // An HTML-only webmail.
    Client {
        prefix: "Re: ",
        all: false,
        quote: true,
        html: true,
    },
];

#[test]
fn an_invitation_is_accepted_by_reply_from_any_client() {
    for client in CLIENTS {
        let env = env();
        env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
        let invitation = env.delivered_to("bob@", "Invitation");
        assert_eq!(invitation.subject(), "Chess Invitation 1 bob");
        assert!(invitation.reply_to().is_some_and(|r| r.contains('+')));
        env.mail_done(&reply_with(&invitation, "accept", client));
        assert_eq!(
            env.json("1")["waiting_for"],
            serde_json::json!([]),
            "{client:?}"
        );
        let board = env.delivered_to("alice@", "Board 1");
        assert_eq!(board.subject(), "New Chess Board 1 alice", "{client:?}");
    }
}

#[test]
fn an_invitation_is_declined_by_reply_with_words() {
    let env = env();
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    let invitation = env.delivered_to("bob@", "Invitation");
    env.answer(&invitation, "decline Too busy until spring, sorry.");
    assert_eq!(env.json("1")["status"], "cancelled");
    let declined = env.delivered_to("alice@", "declined");
    assert_eq!(declined.subject(), "Chess Board 1 declined by bob");
    assert!(declined.text().contains("Too busy until spring, sorry."));
}

#[test]
fn a_board_mail_is_answered_by_reply_and_its_comment_travels() {
    let env = env();
    env.challenge("chess", "alice", "bob");
    let board = env.delivered_to("alice@", "Board 1");
    env.answer(&board, "e2-e4\nGood luck!");
    assert_eq!(env.query::<String>("SELECT text FROM turns"), ["e2-e4"]);
    let theirs = env.delivered_to("bob@", "Board 1");
    assert!(theirs.text().contains("Good luck!"), "{}", theirs.text());
    env.answer(&theirs, "e7-e5#2");
    assert_eq!(
        env.query::<String>("SELECT text FROM turns ORDER BY ply"),
        ["e2-e4", "e7-e5"]
    );
}

#[test]
fn the_subject_of_a_reply_to_a_token_address_is_never_run() {
    let env = env();
    env.challenge("chess", "alice", "bob");
    let board = env.delivered_to("alice@", "Board 1");
    // The Subject is a whole command with the password; the body's
    // first line is what counts.
    let mut reply = reply_to(&board, "d2-d4");
    reply = reply.replace(
        "Subject: Re: New Chess Board 1 alice",
        "Subject: Re: chess resign 1 alice secret",
    );
    env.mail_done(&reply);
    assert_eq!(env.query::<String>("SELECT text FROM turns"), ["d2-d4"]);
    assert_eq!(env.json("1")["status"], "active");
}

#[test]
fn an_error_mail_about_a_board_is_answered_by_reply() {
    let env = env();
    env.challenge("chess", "alice", "bob");
    let board = env.delivered_to("alice@", "Board 1");
    let error = env.mail_refused(&reply_to(&board, "e2-e5"));
    assert!(error.contains("Reply to this mail"), "{error}");
    let error = env.delivered_to("alice@", "Error");
    env.answer(&error, "e2-e4");
    assert_eq!(env.query::<String>("SELECT text FROM turns"), ["e2-e4"]);
}

#[test]
fn a_digest_is_answered_by_reply_naming_the_board() {
    let env = env();
    env.ok(Some("bob"), &["digest", "on", "12"]);
    let first = env.challenge("chess", "alice", "bob");
    let second = env.challenge("chess", "alice", "bob");
    for game in [&first, &second] {
        env.ok(Some("alice"), &["move", game, "e2-e4"]);
    }
    env.ok(None, &["remind"]);
    let digest = env.delivered_to("bob@", "Digest");
    assert!(digest.subject().starts_with("Digest Sun 1 Mar 2026 bob"));
    assert!(digest.reply_to().is_some_and(|r| r.contains('+')));
    assert!(digest.text().contains("  1 MOVE#2"), "{}", digest.text());
    // The board named as players write it; the digest's token is bound
    // to bob, not to one game.
    env.answer(&digest, "2 e7-e5#2");
    env.answer(&digest, "move 1 d7-d5");
    let moved = env.query::<String>("SELECT text FROM turns WHERE ply = 2 ORDER BY game");
    assert_eq!(moved, ["d7-d5", "e7-e5"]);
    // A line naming no board of two is refused, saying how.
    let error = env.mail_refused(&reply_to(&digest, "Nf6"));
    assert!(
        error.contains("name the board on the first line of your reply, then your move"),
        "{error}"
    );
}

#[test]
fn a_confirmation_is_answered_by_reply() {
    let env = Env::new();
    env.create_db();
    env.mail(
        "From: carol@example.test\r\nMessage-ID: <s1@example.test>\r\n\
         Subject: signup carol Zq9secretX\r\n\r\n",
    );
    let confirm = env.delivered_to("carol@", "confirm carol");
    assert_eq!(
        confirm.reply_to().as_deref(),
        Some("bochess@example.net"),
        "its answer goes to the server's address"
    );
    env.answer(&confirm, "");
    assert_eq!(
        env.query::<i64>("SELECT count(*) FROM player_emails WHERE confirmed"),
        [1]
    );
}

#[test]
fn a_tournaments_start_is_answered_by_reply_naming_the_board() {
    let env = Env::new();
    env.signup(&["p1", "p2", "p3", "p4"]);
    env.ok(
        Some("p1"),
        &[
            "tournament",
            "create",
            "four",
            "chess",
            "round-robin",
            "--players=4",
        ],
    );
    for p in ["p1", "p2", "p3", "p4"] {
        env.ok(Some(p), &["tournament", "join", "four"]);
    }
    let start = env.delivered_to("p1@", "Tournament four: started");
    assert!(start.reply_to().is_some_and(|r| r.contains('+')));
    assert!(start.text().contains("  1 MOVE#1"), "{}", start.text());
    // p1 moves first on two boards: the reply names one.
    let error = env.mail_refused(&reply_to(&start, "e2-e4"));
    assert!(
        error.contains("name the board on the first line of your reply"),
        "{error}"
    );
    assert_eq!(env.json("1")["ply"], 0);
    env.answer(&start, "1 e2-e4");
    assert_eq!(env.json("1")["ply"], 1);
    // A board where p1 does not move first is not the mail's.
    let error = env.mail_refused(&reply_to(&start, "6 e2-e4"));
    assert!(
        error.contains("board 6 is not one of the mail you answered"),
        "{error}"
    );
}
