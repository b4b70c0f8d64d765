//! Reply tokens where the provider drops plus addresses (issue 45, item
//! 2): with `reply-tokens thread` a board mail carries its token in its
//! Message-ID and Reply-To is the plain address; the player's Reply names
//! it in In-Reply-To and is redeemed as the plus address is, only from
//! the player's own address. Both ways are played on the mails the server
//! sent, through `boserv mail`.

use crate::util::{Delivered, Env, reply_to};

/// The newest board mail of game 1 delivered to `user`.
fn board_mail(env: &Env, user: &str) -> Delivered {
    let address = format!("{user}@");
    env.delivered()
        .into_iter()
        .rev()
        .find(|m| m.to().iter().any(|a| a.starts_with(&address)) && m.subject().contains("Board 1"))
        .unwrap_or_else(|| panic!("no board mail to {user}"))
}

/// A game of chess between alice and bob, tokens carried as `tokens` says.
fn game(tokens: &str) -> Env {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    env.ok(None, &["config", "set", "reply-tokens", tokens]);
    env.challenge("chess", "alice", "bob");
    env
}

/// The token at the front of a thread Message-ID, if it has one.
fn thread_token(message_id: &str) -> Option<String> {
    let left = message_id.trim_start_matches('<');
    let (token, _) = left.split_once('.')?;
    (token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit())).then(|| token.to_string())
}

#[test]
fn a_game_is_played_by_reply_with_tokens_in_the_thread() {
    let env = game("thread");
    let mail = board_mail(&env, "alice");
    assert_eq!(
        mail.reply_to().as_deref(),
        Some("bochess@example.net"),
        "the plain address: the provider delivers it"
    );
    let token = thread_token(&mail.message_id())
        .unwrap_or_else(|| panic!("no token in {}", mail.message_id()));
    env.mail_done(&reply_to(&mail, "e2-e4"));
    assert_eq!(env.json("1")["ply"], 1, "alice's move was made");
    // bob answers his board mail the same way.
    let mail = board_mail(&env, "bob");
    assert!(thread_token(&mail.message_id()).is_some());
    env.mail_done(&reply_to(&mail, "e7-e5"));
    assert_eq!(env.json("1")["ply"], 2);
    // The token is kept nowhere in clear: not the outbox, not the inbox's
    // copy of the reply (whose In-Reply-To named it).
    assert!(!env.everything().contains(&token), "a token kept in clear");
}

#[test]
fn a_thread_token_from_another_address_moves_nothing() {
    let env = game("thread");
    let mail = board_mail(&env, "alice");
    let before = env.json("1");
    // carol (a confirmed player, but not alice) sends alice's reply.
    let forged = reply_to(&mail, "e2-e4").replace("From: alice@", "From: carol@");
    assert!(forged.contains("From: carol@"));
    env.mail(&forged);
    assert_eq!(env.json("1"), before, "From alone is not trusted");
    // A stranger naming the thread: nothing either.
    let stranger = reply_to(&mail, "e2-e4").replace("From: alice@", "From: mallory@");
    env.mail(&stranger);
    assert_eq!(env.json("1"), before);
    // Without the token (a reply to the game's first, token-less id) the
    // Subject is read as a command, which `Re: Chess Board 1` is not.
    let raw = reply_to(&mail, "e2-e4");
    let untokened = raw.replace(&mail.message_id(), "<game1.ply0.new.alice@example.net>");
    assert_ne!(raw, untokened);
    env.mail(&untokened);
    assert_eq!(env.json("1"), before);
    // alice's own reply still works.
    env.mail_done(&reply_to(&mail, "e2-e4"));
    assert_eq!(env.json("1")["ply"], 1);
}

#[test]
fn a_game_is_played_by_reply_to_plus_addresses_by_default() {
    let env = game("address");
    let mail = board_mail(&env, "alice");
    let reply_address = mail.reply_to().expect("a Reply-To");
    assert!(reply_address.starts_with("bochess+"), "{reply_address}");
    assert_eq!(thread_token(&mail.message_id()), None);
    env.mail_done(&reply_to(&mail, "e2-e4"));
    assert_eq!(env.json("1")["ply"], 1);
    // Switched to thread tokens mid-game: mails sent before still work.
    let mail = board_mail(&env, "bob");
    assert!(mail.reply_to().is_some_and(|r| r.contains('+')));
    env.ok(None, &["config", "set", "reply-tokens", "thread"]);
    env.mail_done(&reply_to(&mail, "e7-e5"));
    assert_eq!(env.json("1")["ply"], 2);
    let out = env.run(None, &["config", "set", "reply-tokens", "subject"]);
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{error}");
    assert_eq!(
        error.trim_end(),
        "boserv: reply-tokens: \"subject\" is neither `address` nor `thread`"
    );
    let shown = env.ok(None, &["config", "show"]);
    assert!(shown.contains("reply-tokens thread "), "unchanged: {shown}");
}
