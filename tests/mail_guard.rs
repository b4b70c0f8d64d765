//! Nobody abuses the server (issue 10): replies without a password through
//! a per-player, per-game reply token; confirmed addresses only; bounded
//! answers; no password kept or echoed in clear.

use crate::util::Env;

fn query<T: rusqlite::types::FromSql>(env: &Env, sql: &str) -> Vec<T> {
    env.query(sql)
}

fn outbox_rows(env: &Env) -> usize {
    query::<i64>(env, "SELECT count(*) FROM outbox")[0] as usize
}

/// alice and bob (signed up by the operator: confirmed), game1 of chess,
/// 1. e2-e4, all with the server's address of the mail tests.
fn game() -> Env {
    let env = Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.test\nsignup bob secret bob@example.test\n\
          signup carol secret carol@example.test\nchess challenge alice bob\n\
          chess move 1 alice secret e2-e4\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    env
}

/// The Reply-To of the newest mail to `address`.
fn reply_to(env: &Env, address: &str) -> String {
    query::<String>(
        env,
        &format!(
            "SELECT reply_to FROM outbox WHERE recipients LIKE '%{address}%' \
             AND reply_to IS NOT NULL ORDER BY id DESC LIMIT 1"
        ),
    )
    .pop()
    .expect("a board mail with a Reply-To")
}

fn ply(env: &Env) -> u64 {
    env.json("game1")["ply"].as_u64().unwrap()
}

fn reply(env: &Env, n: u32, from: &str, to: &str, body: &str) {
    env.mail(&format!(
        "From: {from}\r\nTo: {to}\r\nMessage-ID: <reply{n}@example.test>\r\n\
             Subject: Re: Chess Board 1 bob\r\n\r\n{body}"
    ));
}

fn last_body(env: &Env) -> String {
    env.queued().pop().unwrap().2
}

#[test]
fn a_reply_to_a_board_mail_moves_for_its_player() {
    let env = game();
    let address = reply_to(&env, "bob@example.test");
    assert!(
        address.starts_with("bochess+") && address.ends_with("@example.net"),
        "{address}"
    );
    let token = address["bochess+".len()..address.find('@').unwrap()].to_string();
    assert_eq!(token.len(), 32);
    reply(
        &env,
        1,
        "bob@example.test",
        &address,
        "e7-e5\r\nYour move!\r\n\r\nOn Sunday alice wrote:\r\n> Chess board 1\r\n",
    );
    assert_eq!(ply(&env), 2, "the reply moved for bob");
    // Only the hash of a token is kept.
    let hashes = query::<String>(&env, "SELECT hash FROM reply_tokens");
    assert!(!hashes.is_empty() && hashes.iter().all(|h| h.len() == 64 && *h != token));
    let alice = env
        .queued()
        .into_iter()
        .rfind(|(to, subject, _)| to.contains("alice@") && subject.starts_with("Chess Board 1"))
        .unwrap();
    assert!(
        alice.2.contains("bob writes:\n\nYour move!"),
        "the comment: {}",
        alice.2
    );
}

#[test]
fn replies_from_strangers_forged_tokens_and_ended_games_are_refused() {
    let env = game();
    let address = reply_to(&env, "bob@example.test");
    let token = &address["bochess+".len()..address.find('@').unwrap()];

    // From a stranger: not run, and nothing mailed to an unconfirmed From.
    let before = outbox_rows(&env);
    reply(&env, 1, "mallory@example.test", &address, "e7-e5\r\n");
    assert_eq!(ply(&env), 1);
    assert_eq!(outbox_rows(&env), before);

    let forged = "bochess+0123456789abcdef0123456789abcdef@example.net";
    reply(&env, 2, "bob@example.test", forged, "e7-e5\r\n");
    assert_eq!(ply(&env), 1);
    let body = last_body(&env);
    assert!(body.contains("this reply address is not valid"), "{body}");
    assert!(!body.contains("0123456789abcdef0123456789abcdef"), "{body}");

    env.ok(Some("bob"), &["resign", "game1"]);
    reply(&env, 3, "bob@example.test", &address, "e7-e5\r\n");
    assert_eq!(ply(&env), 1);
    assert!(last_body(&env).contains("this reply address is not valid"));
    let stored: Vec<Vec<u8>> = query(&env, "SELECT raw FROM inbox");
    assert!(
        stored
            .iter()
            .all(|raw| !String::from_utf8_lossy(raw).contains(token)),
        "no token in the stored copies"
    );
}

#[test]
fn a_multiple_of_a_thousand_refused_lines_is_one_answer() {
    let env = game();
    let before = outbox_rows(&env);
    let lines: String = (0..1000)
        .map(|n| format!("chess move {n} bob wrongpw e7-e5\r\n"))
        .collect();
    env.mail(&format!(
        "From: bob@example.test\r\nSubject: multiple\r\n\r\n{lines}"
    ));
    assert_eq!(outbox_rows(&env), before + 1);
    let body = last_body(&env);
    assert!(body.len() <= 70 * 1024, "{} bytes", body.len());
    // `chess show 1 1 1 ...` in 20 KB: one answer, bounded.
    let show = format!("chess show {}", "1 ".repeat(10_000));
    env.mail(&format!(
        "From: bob@example.test\r\nSubject: {show}\r\n\r\n"
    ));
    assert_eq!(outbox_rows(&env), before + 2);
}

#[test]
fn a_signup_naming_many_addresses_mails_only_confirmations() {
    let env = Env::new();
    env.create_db();
    let many: String = (0..1000).map(|n| format!(" v{n}@example.org")).collect();
    let challenges: String = (0..1000)
        .map(|n| format!("chess challenge x{n} mallory\r\n"))
        .collect();
    env.mail(&format!(
            "From: mallory@example.org\r\nSubject: multiple\r\n\r\nsignup mallory pw1234{many}\r\n{challenges}"
        ),
    );
    let rows = env.queued();
    assert!(rows.len() <= 10, "{} mails", rows.len());
    for (to, subject, _) in &rows {
        assert_eq!(to, r#"["mallory@example.org"]"#, "{subject}");
    }
    // Four addresses: a confirmation each, nothing else, until confirmed.
    env.mail("From: carol@example.org\r\nSubject: signup carol pw1234 carol@example.org c2@example.org\r\n\r\n",
    );
    env.signup(&["alice"]);
    env.challenge("chess", "alice", "carol");
    let to_carol: Vec<_> = env
        .queued()
        .into_iter()
        .filter(|(to, _, _)| to.contains("carol@") || to.contains("c2@"))
        .collect();
    assert_eq!(to_carol.len(), 2, "{to_carol:?}");
    assert!(
        to_carol
            .iter()
            .all(|(_, s, _)| s.starts_with("confirm carol "))
    );
    let code = to_carol
        .iter()
        .find(|(to, _, _)| to.contains("carol@"))
        .map(|(_, s, _)| s.rsplit(' ').next().unwrap().to_string())
        .unwrap();
    env.mail(&format!(
        "From: carol@example.org\r\nSubject: Re: confirm carol {code}\r\n\r\n"
    ));
    env.ok(Some("alice"), &["move", "game1", "e2-e4"]);
    let boards: Vec<_> = env
        .queued()
        .into_iter()
        .filter(|(to, s, _)| to.contains("carol") && s.starts_with("Chess Board"))
        .collect();
    assert_eq!(boards.len(), 1, "{boards:?}");
    assert_eq!(boards[0].0, r#"["carol@example.org"]"#, "c2 is unconfirmed");
    let kept: Vec<String> = query(&env, "SELECT coalesce(code_hash, '') FROM player_emails");
    let inbox: Vec<Vec<u8>> = query(&env, "SELECT raw FROM inbox");
    assert!(
        !kept.iter().any(|h| h.contains(&code))
            && !inbox
                .iter()
                .any(|r| String::from_utf8_lossy(r).contains(&code)),
        "only the hash of a code is kept; the answer quoting it is masked"
    );
}

#[test]
fn a_challenge_by_mail_needs_the_challengers_login() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.mail("From: alice@example.test\r\nSubject: chess challenge alice bob\r\n\r\n");
    assert!(
        query::<i64>(&env, "SELECT count(*) FROM games")[0] == 0,
        "a forged From: starts no game"
    );
    assert!(last_body(&env).contains("--login=USERID:PASSWORD"));
    env.mail("From: alice@example.test\r\nSubject: chess challenge alice bob --login=alice:wrong\r\n\r\n",
    );
    assert_eq!(query::<i64>(&env, "SELECT count(*) FROM games")[0], 0);
    env.mail(
        "From: x@example.test\r\nSubject: chess challenge alice bob --login=alice:secret\r\n\r\n",
    );
    assert_eq!(query::<i64>(&env, "SELECT count(*) FROM games")[0], 1);
    assert!(!env.everything().contains("--login=alice:secret"));
    assert!(env.everything().contains("--login=alice:***"));
}

#[test]
fn no_password_is_kept_or_echoed_in_clear() {
    let env = game();
    env.ok(None, &["signup", "dave", "Zq9secretX", "dave@example.test"]);
    for (n, subject) in [
        "chess move 1 dave Zq9secretX e7-e5",
        "chess move 1 dave Zq9secretX",
        "signoff dave Zq9secretX extra",
        "change password dave Zq9secretX bad pw",
    ]
    .iter()
    .enumerate()
    {
        env.mail(&format!(
            "From: dave@example.test\r\nMessage-ID: <z{n}@example.test>\r\n\
                 Subject: {subject}\r\n\r\nmy password is Zq9secretX\r\n"
        ));
    }
    // An encoded Subject too.
    env.mail("From: dave@example.test\r\nSubject: =?utf-8?B?Y2hlc3MgbW92ZSAxIGRhdmUgWnE5c2VjcmV0WCBlNy1lNQ==?=\r\n\r\n",
    );
    // Too large to be read: refused, and still stored masked.
    env.mail(&format!(
        "From: dave@example.test\r\nSubject: chess move 1 dave Zq9secretX e7-e5\r\n\r\n{}",
        "x".repeat(300 * 1024)
    ));
    let dump = env.everything();
    assert!(!dump.contains("Zq9secretX"), "{dump}");
    assert!(dump.contains("chess move 1 dave *** e7-e5"));
    let answers = env.queued();
    assert!(answers.len() >= 5);
}

/// A command written in the body of a mail whose Subject holds another
/// (or none that runs): its password is kept, quoted and relayed masked,
/// and the rest of the comment as written.
#[test]
fn a_password_in_a_command_in_the_body_is_masked_too() {
    let env = game();
    env.ok(None, &["signup", "dave", "Zq9secretX", "dave@example.test"]);
    // The Subject is no command: refused, the message quoted back.
    env.mail(
        "From: dave@example.test\r\nMessage-ID: <b1@example.test>\r\nSubject: move\r\n\r\n\
         chess move 1 dave Zq9secretX e7-e5\r\n",
    );
    // A move that runs, its comment relayed to the opponent.
    env.mail(
        "From: bob@example.test\r\nMessage-ID: <b2@example.test>\r\n\
         Subject: chess move 1 bob secret e7-e5\r\n\r\n\
         resign if you like\r\nsignup erin Yw8secretQ erin@example.test\r\n",
    );
    let dump = env.everything();
    assert!(!dump.contains("Zq9secretX"), "{dump}");
    assert!(!dump.contains("Yw8secretQ"), "{dump}");
    assert!(dump.contains("chess move 1 dave *** e7-e5"), "{dump}");
    let (_, to_alice) = env.last_mail_to("alice@example.test");
    assert!(to_alice.contains("resign if you like"), "{to_alice}");
    assert!(
        to_alice.contains("signup erin *** erin@example.test"),
        "{to_alice}"
    );
}

#[test]
fn unknown_user_and_wrong_password_read_the_same() {
    let env = game();
    let answer = |n: u32, user: &str| {
        env.mail(&format!(
            "From: z@example.test\r\nMessage-ID: <u{n}@example.test>\r\n\
                 Subject: chess move 1 {user} nopass e7-e5\r\n\r\n"
        ));
        let body = last_body(&env);
        body.lines().next().unwrap().replace(user, "USER")
    };
    assert_eq!(answer(1, "bob"), answer(2, "nosuchuser"));
}

#[test]
fn a_sender_of_refused_mail_is_answered_less_and_less() {
    let env = game();
    let before = outbox_rows(&env);
    for n in 0..40 {
        env.mail(&format!(
                "From: pest@example.test\r\nMessage-ID: <p{n}@example.test>\r\nSubject: nonsense\r\n\r\n"
            ),
        );
    }
    // The first ten, then the 16th and 32nd.
    assert_eq!(outbox_rows(&env) - before, 12);
}
