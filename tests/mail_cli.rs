//! `boserv run`, `mail`, `outbox` and `deliver` as the MTA and cron call
//! them: a mail in on stdin, answers out through the outbox.

use std::process::Output;

use crate::util::Env;

fn mail(env: &Env, raw: &str) -> Output {
    env.stdin(&["mail"], raw.as_bytes())
}

fn outbox(env: &Env) -> String {
    let out = env.run(None, &["outbox"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn signed_up() -> Env {
    let env = Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.org\nsignup bob bobpw\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    env
}

#[test]
fn run_reports_refused_lines_with_their_numbers() {
    let env = signed_up();
    let out = env.stdin(
        &["run"],
        b"# a comment\nchange password alice wrong newpass\nfrobnicate\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("line 2: login refused for alice: unknown userid or wrong password"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 3: unknown command: frobnicate"),
        "{stderr}"
    );
}

#[test]
fn a_help_mail_is_answered_once_and_delivered() {
    let env = signed_up();
    let raw = "From: alice@example.org\r\nMessage-ID: <h1@example.org>\r\nSubject: help\r\n\r\n";
    let out = mail(&env, raw);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let waiting = outbox(&env);
    assert_eq!(waiting.lines().count(), 1, "{waiting}");
    assert!(
        waiting.contains("to alice@example.org: boserv help"),
        "{waiting}"
    );
    // The same mail again (an MTA retry) is recorded, not answered again.
    assert_eq!(mail(&env, raw).status.code(), Some(0));
    assert_eq!(outbox(&env).lines().count(), 1);

    let dir = tempfile::tempdir().unwrap();
    let transport = format!("file:{}", dir.path().display());
    let out = env.stdin(&["deliver", "--transport", &transport], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "sent 1, deferred 0, failed 0"
    );
    assert_eq!(outbox(&env), "");
    let file = std::fs::read_dir(dir.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let eml = std::fs::read_to_string(file.path()).unwrap();
    assert!(eml.contains("In-Reply-To: <h1@example.org>"), "{eml}");
    assert!(
        eml.contains("From: \"Bochess Server\" <bochess@example.net>"),
        "{eml}"
    );
}

#[test]
fn a_bad_command_gets_an_error_mail_quoting_the_original() {
    let env = signed_up();
    let raw = "From: bob@example.org\r\nMessage-ID: <e1@example.org>\r\nSubject: chess move 1 bob bobpw\r\n\r\n";
    assert_eq!(mail(&env, raw).status.code(), Some(0));
    let dir = tempfile::tempdir().unwrap();
    env.stdin(
        &[
            "deliver",
            "--transport",
            &format!("file:{}", dir.path().display()),
        ],
        b"",
    );
    let file = std::fs::read_dir(dir.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let eml = std::fs::read_to_string(file.path())
        .unwrap()
        .replace("\r\n", "\n");
    assert!(eml.contains("Subject: boserv Error"), "{eml}");
    assert!(eml.contains("missing TURN"), "{eml}");
    assert!(eml.contains("> Subject: chess move 1 bob ***"), "{eml}");
    assert!(!eml.contains("bobpw"), "the password is masked:\n{eml}");
}

#[test]
fn robots_and_garbage_are_never_answered() {
    let env = signed_up();
    let bounce = "Return-Path: <>\r\nFrom: MAILER-DAEMON@example.org\r\nSubject: help\r\n\r\n";
    assert_eq!(mail(&env, bounce).status.code(), Some(0));
    let out = env.stdin(&["mail"], b"\xff\xfe\x00 not a mail");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(outbox(&env), "");
}

#[test]
fn signup_by_mail_defaults_to_the_sender() {
    let env = Env::new();
    env.create_db();
    let raw = "From: Carol <carol@example.org>\r\nSubject: signup carol carolpw\r\n\r\n";
    assert_eq!(mail(&env, raw).status.code(), Some(0));
    let waiting = outbox(&env);
    // The sender's address is confirmed like any other: its one mail is
    // the confirmation, whose Subject is the command that confirms it.
    assert!(
        waiting.contains("to carol@example.org: confirm carol "),
        "{waiting}"
    );
    assert_eq!(waiting.lines().count(), 1, "{waiting}");
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let subject: String = conn
        .query_row("SELECT subject FROM outbox", [], |r| r.get(0))
        .unwrap();
    let confirm = format!("From: carol@example.org\r\nSubject: Re: {subject}\r\n\r\n");
    assert_eq!(mail(&env, &confirm).status.code(), Some(0));
    // The welcome says how to start and move, and which games there are;
    // the password is not repeated.
    let body: String = conn
        .query_row("SELECT body FROM outbox ORDER BY id DESC", [], |r| r.get(0))
        .unwrap();
    assert!(body.contains("You are signed up as carol"), "{body}");
    assert!(
        body.contains("    chess challenge carol OPPONENT --login=carol:PASSWORD\n"),
        "{body}"
    );
    assert!(
        body.contains("    chess move N carol PASSWORD e2-e4\n"),
        "{body}"
    );
    for name in ["chess", "bochess", "orwell"] {
        assert!(body.contains(&format!("\n    {name} ")), "{body}");
    }
    assert!(!body.contains("carolpw"), "{body}");
    assert!(!env.dump().contains("carolpw"));
}

#[test]
fn an_unusable_database_asks_the_mta_to_retry() {
    let env = Env::new();
    std::fs::write(&env.db, b"this is not a database").unwrap();
    let out = mail(&env, "From: a@example.org\r\nSubject: help\r\n\r\n");
    assert_eq!(
        out.status.code(),
        Some(75),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// With as many `boserv mail` at work as there are cores, one more waits
/// for a slot (mail/admission.rs): past the busy timeout it asks the MTA
/// to retry and has taken nothing in; once a slot is free it goes through.
#[test]
fn a_mail_waits_for_a_free_core_then_the_mta_retries() {
    use boserv::mail::admission;
    use std::time::Duration;
    let env = Env::new();
    env.create_db();
    // A mail with a password: taken in by its own process (one with
    // none may be spooled instead: mail_spool.rs).
    let raw = "From: a@example.org\r\nMessage-ID: <slots@example.org>\r\nSubject: signup a Zq9secretX\r\n\r\n";
    let held: Vec<_> = (0..admission::per_core())
        .map(|_| admission::take(&env.db, admission::per_core(), Duration::ZERO).unwrap())
        .collect();
    let out = env
        .cmd(None)
        .args(["--busy-timeout-ms", "300", "mail"])
        .env("BOSERV_FROM", crate::util::SERVER)
        .write_stdin(raw.as_bytes().to_vec())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(75));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("try again later"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        env.query::<i64>("SELECT count(*) FROM inbox")[0],
        0,
        "nothing was taken in"
    );
    drop(held);
    let out = mail(&env, raw);
    assert_eq!(out.status.code(), Some(0));
    assert!(outbox(&env).contains("a@example.org"), "{}", outbox(&env));
}

#[test]
fn a_game_of_chess_by_mail() {
    let env = signed_up();
    env.ok(Some("bob"), &["challenges", "chess", "accept"]);
    let challenge = "From: alice@example.org\r\nMessage-ID: <c1@example.org>\r\nSubject: chess challenge alice bob --login=alice:secret\r\n\r\nGood luck!\r\n";
    assert_eq!(mail(&env, challenge).status.code(), Some(0));
    let waiting = outbox(&env);
    assert!(
        waiting.contains("to alice@example.org: New Chess Board 1 alice"),
        "{waiting}"
    );
    // bob signed up without an address: nothing can reach him.
    assert_eq!(waiting.lines().count(), 1, "{waiting}");

    let mv = "From: alice@example.org\r\nMessage-ID: <m1@example.org>\r\nSubject: Re: chess move 1 alice secret e2-e4#1\r\n\r\nYour move, Bob.\r\n-- \r\nAlice\r\n";
    assert_eq!(mail(&env, mv).status.code(), Some(0));
    let wrong_game = "From: alice@example.org\r\nMessage-ID: <m2@example.org>\r\nSubject: bochess move 1 alice secret d2-d4\r\n\r\n";
    assert_eq!(mail(&env, wrong_game).status.code(), Some(0));

    let dir = tempfile::tempdir().unwrap();
    let out = env.stdin(
        &[
            "deliver",
            "--transport",
            &format!("file:{}", dir.path().display()),
        ],
        b"",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "sent 3, deferred 0, failed 0"
    );
    let mut mails: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|f| {
            std::fs::read_to_string(f.unwrap().path())
                .unwrap()
                .replace("\r\n", "\n")
        })
        .collect();
    mails.sort_by_key(|m| m.contains("Error"));
    let board = mails
        .iter()
        .find(|m| m.contains("Subject: Chess Board 1 bob\n"))
        .expect("a board mail, no `**`: no words for its reader");
    assert!(
        board.contains("Message-ID: <game1.ply1.board.alice@example.net>"),
        "{board}"
    );
    assert!(
        board.contains("In-Reply-To: <game1.ply0.new.alice@example.net>"),
        "{board}"
    );
    // Alice's copy: her own words are not sent back to her (bob, who
    // has no address here, would read them).
    assert!(!board.contains("writes:"), "{board}");
    assert!(!board.contains("-- \nAlice"), "{board}");
    assert!(board.contains("It is bob's turn (move 1...)."), "{board}");
    let error = mails
        .iter()
        .find(|m| m.contains("Subject: Chess Board 1 Error"))
        .expect("an error mail");
    assert!(
        error.contains("game1 is a game of chess, not bochess"),
        "{error}"
    );
    assert!(
        error.contains("> Subject: bochess move 1 alice *** d2-d4"),
        "{error}"
    );
}

#[test]
fn mail_with_deliver_sends_at_once() {
    let env = signed_up();
    let dir = tempfile::tempdir().unwrap();
    let transport = format!("file:{}", dir.path().display());
    let raw = b"From: alice@example.org\r\nSubject: help\r\n\r\n";
    let out = env.stdin(&["mail", "--deliver", "--transport", &transport], raw);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    assert_eq!(outbox(&env), "");
}

#[test]
fn a_busy_database_asks_the_mta_to_retry() {
    let env = signed_up();
    let holder = rusqlite::Connection::open(&env.db).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let out = env
        .cmd(None)
        .arg("mail")
        .env("BOSERV_BUSY_TIMEOUT_MS", "50")
        .write_stdin(b"From: alice@example.org\r\nSubject: help\r\n\r\n".to_vec())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(75),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    holder.execute_batch("ROLLBACK").unwrap();
    assert_eq!(
        mail(&env, "From: alice@example.org\r\nSubject: help\r\n\r\n")
            .status
            .code(),
        Some(0)
    );
}

/// The bodies of the queued mails to `address`, oldest first.
fn bodies_to(env: &Env, address: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let mut q = conn
        .prepare("SELECT recipients, body FROM outbox ORDER BY id")
        .unwrap();
    let rows = q
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    rows.into_iter()
        .filter(|(to, _)| to.contains(address))
        .map(|(_, body)| body)
        .collect()
}

#[test]
fn each_player_sees_the_board_from_their_side() {
    let env = Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.org\nsignup bob bobpw bob@example.org\n\
          chess challenge alice bob\nchess move 1 alice secret e2-e4\n",
    );
    assert!(out.status.success(), "{out:?}");
    let white = bodies_to(&env, "alice@example.org").pop().unwrap();
    let black = bodies_to(&env, "bob@example.org").pop().unwrap();
    // White: rank 8 on top, files a..h; Black: rank 1 on top, files h..a.
    assert!(
        white.contains("      a   b   c   d   e   f   g   h\n"),
        "{white}"
    );
    assert!(
        white.contains("\n  8 |*R*|*N*|*B*|*Q*|*K*|*B*|*N*|*R*| 8\n"),
        "{white}"
    );
    assert!(
        black.contains("      h   g   f   e   d   c   b   a\n"),
        "{black}"
    );
    assert!(
        black.contains("\n  1 | R |:N:| B |:K:| Q |:B:| N |:R:| 1\n"),
        "{black}"
    );
    let first_rank = |body: &str| {
        body.lines()
            .find(|l| l.starts_with("  1 |") || l.starts_with("  8 |"))
            .unwrap()
            .to_string()
    };
    assert!(first_rank(&white).starts_with("  8"), "{white}");
    assert!(first_rank(&black).starts_with("  1"), "{black}");
    // A refusal shows the sender's side too.
    let raw = "From: bob@example.org\r\nSubject: chess move 1 bob bobpw e7-e4\r\n\r\n";
    assert_eq!(mail(&env, raw).status.code(), Some(0));
    let error = bodies_to(&env, "bob@example.org").pop().unwrap();
    assert!(error.contains("e7-e4"), "{error}");
    assert!(
        error.contains("      h   g   f   e   d   c   b   a\n"),
        "{error}"
    );
}
