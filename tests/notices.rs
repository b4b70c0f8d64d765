//! Issue 42 item 1 (rest): a mail that expects no answer says where to
//! write instead, and a player who presses Reply on it all the same is
//! told what that mail was and how to send a command, and nothing runs.
//! Every reply here answers the mail the server actually delivered.

use crate::util::{Delivered, Env, reply_to};

fn env() -> Env {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env
}

/// `user` sends a command in the Subject of a mail to the server.
fn subject_mail(user: &str, id: &str, subject: &str) -> String {
    format!(
        "From: {user}@example.test\r\nTo: bochess@example.net\r\nMessage-ID: <{id}@example.test>\r\n\
         Subject: {subject}\r\n\r\n\r\n"
    )
}

/// Runs `boserv ARGS` as `user` at the moment `now`.
fn at(env: &Env, now: &str, user: Option<&str>, args: &[&str]) {
    let out = env
        .cmd(user)
        .env("BOSERV_NOW", now)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
}

/// The mail has no Reply-To and its foot says where commands go; a
/// reply to it is refused with `what` (what the mail was), the server's
/// address and an example, and changes nothing.
fn replied_to_as_a_notice(env: &Env, mail: &Delivered, what: &str) {
    let server = mail.from();
    assert_eq!(mail.reply_to(), None, "{}", mail.subject());
    let text = mail.text().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains(&format!(
            "This mail needs no answer. To send a command, write a new mail to {server} \
             with the command as its Subject, for example chess games USERID"
        )),
        "{}: {text}",
        mail.subject()
    );
    let turns = env.query::<u32>("SELECT count(*) FROM turns");
    let error = env.mail_refused(&reply_to(mail, "thanks"));
    let error = error.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(error.contains(what), "{}: {error}", mail.subject());
    assert!(
        error.contains("which needs no answer: nothing was done"),
        "{error}"
    );
    assert!(error.contains(&server), "{error}");
    assert!(error.contains("`chess games USERID`"), "{error}");
    assert!(!error.contains("no such command"), "{error}");
    assert_eq!(env.query::<u32>("SELECT count(*) FROM turns"), turns);
}

#[test]
fn a_reply_to_a_commands_answer_or_help_runs_nothing() {
    let env = env();
    env.mail_done(&subject_mail("alice", "games1", "chess games alice"));
    let answer = env.delivered_to("alice@", "Re: chess games alice");
    replied_to_as_a_notice(
        &env,
        &answer,
        "the server's answer to your mail `chess games alice`",
    );
    env.mail_done(&subject_mail("alice", "help1", "help"));
    replied_to_as_a_notice(
        &env,
        &env.delivered_to("alice@", "boserv help"),
        "a help page",
    );
    // A seek answered by Reply is not posted again.
    env.mail_done(&subject_mail("bob", "seek1", "chess seek bob secret"));
    let seeks = env.query::<u32>("SELECT count(*) FROM seeks");
    let answer = env.delivered_to("bob@", "Re: chess seek bob");
    replied_to_as_a_notice(
        &env,
        &answer,
        "the server's answer to your mail `chess seek bob",
    );
    assert_eq!(env.query::<u32>("SELECT count(*) FROM seeks"), seeks);
}

#[test]
fn a_reply_to_a_declined_expired_or_finished_game_says_what_it_was() {
    let env = env();
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    env.ok(Some("bob"), &["decline", "1"]);
    replied_to_as_a_notice(
        &env,
        &env.delivered_to("alice@", "Board 1 declined by bob"),
        "the notice that bob declined board 1",
    );
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    at(&env, "2026-03-20T12:00:00Z", None, &["remind"]);
    // Its mail is due then: delivered then.
    let sent = format!("file:{}", env.dir.path().join("sent").display());
    at(
        &env,
        "2026-03-20T12:00:00Z",
        None,
        &["deliver", "--transport", &sent],
    );
    replied_to_as_a_notice(
        &env,
        &env.delivered_to("alice@", "expired"),
        "the notice that the challenge of board",
    );
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["resign", &game]);
    let over = env
        .delivered()
        .into_iter()
        .rev()
        .find(|m| {
            m.to().iter().any(|a| a.starts_with("bob@"))
                && m.subject().ends_with("Board 3 over")
                && m.reply_to().is_none()
        })
        .expect("the game's end, without a Reply-To");
    replied_to_as_a_notice(&env, &over, "the notice that board 3 is over");
}

#[test]
fn a_reply_to_a_chat_or_a_message_says_how_to_answer_its_author() {
    let env = env();
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["chat", &game, "good luck"]);
    let chat = env.delivered_to("bob@", "chat 1 alice");
    replied_to_as_a_notice(&env, &chat, "alice's chat about board 1");
    let error = env.mail_refused(&reply_to(&chat, "you too"));
    let error = error.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        error.contains("`VARIANT chat 1 USERID PASSWORD`"),
        "{error}"
    );
    env.ok(Some("alice"), &["message", "bob:", "hello"]);
    let message = env.delivered_to("bob@", "Message from alice");
    replied_to_as_a_notice(&env, &message, "a message from alice");
    let error = env.mail_refused(&reply_to(&message, "hi"));
    let error = error.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(error.contains("message USERID PASSWORD alice"), "{error}");
}

#[test]
fn the_html_part_of_a_mail_without_reply_to_says_it_too() {
    let env = env();
    let game = env.challenge("chess", "alice", "bob");
    env.signup(&["carol"]);
    env.ok(Some("carol"), &["subscribe", "chess", "1"]);
    env.ok(Some("alice"), &["move", &game, "e2-e4"]);
    // The spectators' copy goes to undisclosed recipients: no To.
    let spectator = env
        .delivered()
        .into_iter()
        .rev()
        .find(|m| m.subject().contains("Board 1") && m.to().is_empty())
        .expect("the spectators' copy");
    assert_eq!(spectator.reply_to(), None);
    let parsed = mail_parser::MessageParser::default()
        .parse(spectator.raw.as_bytes())
        .unwrap();
    let html = parsed.body_html(0).expect("an HTML part").into_owned();
    assert!(html.contains("This mail needs no answer"), "{html}");
    assert!(html.contains(&spectator.from()), "{html}");
    assert!(
        html.find("needs no answer") < html.find("</body>"),
        "{html}"
    );
}
