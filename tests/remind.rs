//! `boserv remind` from cron, driven with `--now` across games' lives:
//! reminders, forfeits, per-game limits and vacations.

use chrono::{DateTime, TimeDelta, Utc};

use crate::util::{Env, NOW};

/// The fixed clock moved on by `days` (and `hours`), as `--now` takes it.
fn later(days: i64, hours: i64) -> String {
    let t: DateTime<Utc> = NOW.parse().unwrap();
    (t + TimeDelta::days(days) + TimeDelta::hours(hours)).to_rfc3339()
}

/// `remind` at a moment; returns the summary line.
fn remind(env: &Env, days: i64, hours: i64) -> String {
    let out = env
        .cmd(None)
        .args(["--now", &later(days, hours), "remind"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "no progress bar off a terminal: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    stdout.trim_end().to_string()
}

fn at(env: &Env, user: &str, days: i64, args: &[&str]) -> String {
    let out = env
        .cmd(Some(user))
        .args(["--now", &later(days, 0)])
        .args(args)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn nags(env: &Env) -> Vec<(String, String, String)> {
    env.queued()
        .into_iter()
        .filter(|(_, subject, _)| subject.starts_with("Nag:"))
        .collect()
}

/// The summary of a run over one game: looked at only when something
/// was due in it.
fn summary(reminders: usize, forfeits: usize) -> String {
    let r = if reminders == 1 {
        "reminder"
    } else {
        "reminders"
    };
    let f = if forfeits == 1 { "forfeit" } else { "forfeits" };
    let looked = if reminders + forfeits > 0 {
        "1 game"
    } else {
        "0 games"
    };
    format!("remind: {looked} looked at, {reminders} {r} queued, {forfeits} {f}")
}

#[test]
fn a_game_is_reminded_at_7_and_14_days_and_forfeited_at_21() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    assert_eq!(remind(&env, 6, 23), summary(0, 0));
    assert!(nags(&env).is_empty());
    assert_eq!(remind(&env, 7, 0), summary(1, 0));
    let first = nags(&env);
    assert_eq!(first.len(), 1);
    let (to, subject, body) = &first[0];
    assert_eq!(to, r#"["alice@example.test"]"#);
    assert_eq!(subject, "Nag: Chess Board 1 alice");
    assert!(body.contains("has waited 7 days for your move"), "{body}");
    assert!(
        body.contains("If no move arrives by Sun 22 Mar 2026 12:00 UTC"),
        "{body}"
    );
    assert!(
        body.contains("a   b   c   d   e   f   g   h"),
        "the board: {body}"
    );
    assert_eq!(remind(&env, 7, 0), summary(0, 0));
    assert_eq!(remind(&env, 7, 1), summary(0, 0));
    assert_eq!(remind(&env, 13, 23), summary(0, 0));
    assert_eq!(nags(&env).len(), 1);
    assert_eq!(remind(&env, 14, 0), summary(1, 0));
    assert!(nags(&env)[1].2.contains("14 days for your move"));
    assert_eq!(remind(&env, 14, 5), summary(0, 0));
    assert_eq!(remind(&env, 20, 23), summary(0, 0));
    assert_eq!(nags(&env).len(), 2);
    let before = env.queued().len();
    assert_eq!(remind(&env, 21, 0), summary(0, 1));
    // Everyone gets the final mail.
    let last = env.queued().split_off(before);
    let told: Vec<&str> = last.iter().map(|(to, _, _)| to.as_str()).collect();
    assert_eq!(
        told,
        vec![r#"["alice@example.test"]"#, r#"["bob@example.test"]"#]
    );
    for (_, subject, body) in &last {
        assert!(subject.contains("Chess Board 1"), "{subject}");
        assert!(
            body.contains("alice has not moved in 21 days and loses on time (move 1)."),
            "{body}"
        );
    }
    let view = env.json(&game);
    assert_eq!(view["status"], "over");
    assert_eq!(view["result"], "0-1");
    assert_eq!(view["reason"], "time forfeit");
    assert_eq!(view["ending"], "time-forfeit");
    assert_eq!(view["winner"], "bob");
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains("forfeits"), "{history}");
    assert!(
        history.contains("alice has not moved in 21 days"),
        "{history}"
    );
    assert_eq!(
        remind(&env, 30, 0),
        "remind: 0 games looked at, 0 reminders queued, 0 forfeits"
    );
}

#[test]
fn a_move_restarts_the_clock() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    at(&env, "alice", 5, &["move", &game, "e4"]);
    assert_eq!(remind(&env, 7, 0), summary(0, 0));
    assert_eq!(remind(&env, 12, 0), summary(1, 0));
    at(&env, "bob", 13, &["move", &game, "e5"]);
    assert_eq!(remind(&env, 19, 23), summary(0, 0));
    assert_eq!(remind(&env, 20, 0), summary(1, 0));
    assert_eq!(remind(&env, 34, 0), summary(0, 1));
    assert_eq!(env.json(&game)["result"], "0-1");
}

#[test]
fn per_game_limits_are_shown_and_honoured() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let out = env.ok(
        None,
        &[
            "challenge",
            "chess",
            "alice",
            "bob",
            "--opt",
            "nag=2",
            "--opt",
            "forfeit=5",
        ],
    );
    let game = out.lines().last().unwrap().to_string();
    let shown = env.ok(None, &["show", &game]);
    assert!(
        shown.contains("time: reminder after 2 days, forfeit after 5 days"),
        "{shown}"
    );
    let view = env.json(&game);
    assert_eq!(
        (view["nag_days"].as_u64(), view["forfeit_days"].as_u64()),
        (Some(2), Some(5))
    );
    assert_eq!(remind(&env, 1, 23), summary(0, 0));
    assert_eq!(remind(&env, 2, 0), summary(1, 0));
    assert_eq!(remind(&env, 4, 0), summary(1, 0));
    assert_eq!(remind(&env, 5, 0), summary(0, 1));
    // Defaults elsewhere.
    let other = env.challenge("chess", "bob", "alice");
    assert!(
        env.ok(None, &["show", &other])
            .contains("time: reminder after 7 days, forfeit after 21 days")
    );
}

#[test]
fn a_bad_limit_is_refused_at_challenge() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let why = env.refused(
        Some("alice"),
        &["challenge", "chess", "alice", "bob", "--opt", "nag=soon"],
    );
    assert!(why.starts_with("nag"), "{why}");
}

#[test]
fn a_vacation_pauses_the_clock_and_the_allowance_runs_out() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    let on = at(&env, "alice", 2, &["vacation", "on"]);
    // bob is told by the next `deliver`, as cron runs it.
    env.delivered();
    assert_eq!(
        on.trim_end(),
        "alice is on vacation: the clocks stand still for up to 30 days (until 2026-04-02)"
    );
    // The opponent's board says so.
    let shown = env
        .cmd(None)
        .args(["--now", &later(3, 0), "show", &game])
        .output()
        .unwrap();
    let shown = String::from_utf8(shown.stdout).unwrap();
    assert!(
        shown.contains("alice is on vacation: the clock stands still until 2026-04-02"),
        "{shown}"
    );
    // Two days before the vacation, then the 30-day allowance: reminded
    // 5 and 12 days after it runs out (days 37 and 44), forfeit on day 51.
    // Going away left the game's stored due moment (day 7) as it was: the
    // first run after it looks at the game, finds nothing due and stores
    // the later moment.
    assert_eq!(
        remind(&env, 20, 0),
        "remind: 1 game looked at, 0 reminders queued, 0 forfeits"
    );
    assert_eq!(remind(&env, 36, 23), summary(0, 0));
    assert_eq!(remind(&env, 37, 0), summary(1, 0));
    assert_eq!(remind(&env, 44, 0), summary(1, 0));
    assert_eq!(remind(&env, 50, 23), summary(0, 0));
    assert_eq!(remind(&env, 51, 0), summary(0, 1));
}

#[test]
fn back_from_vacation_the_clock_runs_again() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    at(&env, "alice", 0, &["vacation", "on"]);
    let back = at(&env, "alice", 10, &["vacation", "off"]);
    assert_eq!(
        back.trim_end(),
        "alice is back: 20 days of this year's vacation left"
    );
    env.delivered();
    // The next run judges alice's turns again first (her due moments
    // came earlier), and finds nothing due yet.
    assert_eq!(
        remind(&env, 16, 23),
        "remind: 1 game looked at, 0 reminders queued, 0 forfeits"
    );
    assert_eq!(remind(&env, 17, 0), summary(1, 0));
    let again = env.refused(Some("alice"), &["vacation", "off"]);
    assert_eq!(again, "alice is not on vacation");
}

#[test]
fn board_mails_say_who_is_on_vacation() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    at(&env, "bob", 1, &["vacation", "on"]);
    at(&env, "alice", 2, &["move", &game, "e4"]);
    let mails = env.queued();
    let (_, subject, body) = mails.last().unwrap();
    assert_eq!(subject, "Chess Board 1 bob");
    assert!(
        body.contains("bob is on vacation: the clock stands still until 2026-04-01"),
        "{body}"
    );
}

#[test]
fn an_orwell_game_goes_on_after_a_forfeit() {
    let env = Env::new();
    let players = ["red", "green", "blue"];
    env.signup(&players);
    // A fixed seed: with the OS's, red's first roll may have no legal turn
    // and pass at once (3,3 3,4 4,3 4,4: one game in nine), and the test would start
    // from someone else's clock.
    let out = env
        .cmd(None)
        .env(boserv::dice::TEST_SEED_ENV, format!("{:064x}", 7))
        .args(["challenge", "orwell", "red", "green", "blue"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = String::from_utf8(out.stdout).unwrap();
    let game = out.lines().last().unwrap().to_string();
    assert_eq!(env.json(&game)["to_move"], "red");
    assert_eq!(remind(&env, 21, 0), summary(0, 1));
    let view = env.json(&game);
    assert_eq!(view["status"], "active");
    assert_eq!(view["result"], serde_json::Value::Null);
    let next = view["to_move"].as_str().unwrap().to_string();
    assert_ne!(next, "red", "red's turns pass from now on");
    let history = env.ok(None, &["history", &game]);
    assert!(
        history.contains("red has not moved in 21 days"),
        "{history}"
    );
    // The next player's clock started with the forfeit.
    assert_eq!(remind(&env, 27, 23), summary(0, 0));
    assert_eq!(remind(&env, 28, 0), summary(1, 0));
    let (to, subject, _) = nags(&env).pop().unwrap();
    assert_eq!(to, format!(r#"["{next}@example.test"]"#));
    assert!(subject.starts_with("Nag: Orwell Board 1 "), "{subject}");
    // They forfeit too: the last one left wins; red cannot.
    assert_eq!(remind(&env, 42, 0), summary(0, 1));
    let view = env.json(&game);
    assert_eq!(view["status"], "over");
    let last = players
        .iter()
        .position(|p| *p != "red" && *p != next)
        .unwrap();
    let mut points = ["0"; 3];
    points[last] = "1";
    assert_eq!(view["result"], format!("[{}]", points.join(":")));
}

#[test]
fn vacation_and_limits_in_pbmservs_language() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let out = env
        .cmd(None)
        .arg("run")
        .write_stdin(
            "vacation alice secret on\nchess challenge alice bob --nagtime=3 --forfeittime=9\n",
        )
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("alice is on vacation: the clocks stand still"),
        "{stdout}"
    );
    env.delivered();
    let view = env.json("game1");
    assert_eq!(
        (view["nag_days"].as_u64(), view["forfeit_days"].as_u64()),
        (Some(3), Some(9))
    );
    // Thirty days of vacation, then three days to the reminder.
    assert_eq!(remind(&env, 32, 23), summary(0, 0));
    assert_eq!(remind(&env, 33, 0), summary(1, 0));
}

/// Going away and coming back are told to each other player of the
/// player's games being played, in one letter naming the games they share:
/// never one mail per game (issue 43).
#[test]
fn going_away_and_coming_back_are_mailed_once_to_each_player_concerned() {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol", "dave"]);
    let with_bob = env.challenge("chess", "alice", "bob");
    let again_with_bob = env.challenge("chess", "bob", "alice");
    let with_carol = env.challenge("chess", "carol", "alice");
    env.challenge("chess", "bob", "dave");
    let before = env.queued().len();
    at(&env, "alice", 1, &["vacation", "on"]);
    // The command writes none of the letters: `deliver` does, as cron
    // runs it every minute.
    assert_eq!(env.queued().len(), before, "no letter yet");
    env.delivered();
    let away: Vec<_> = env.queued().split_off(before);
    let mut to: Vec<&str> = away.iter().map(|(to, _, _)| to.as_str()).collect();
    to.sort();
    assert_eq!(
        to,
        [r#"["bob@example.test"]"#, r#"["carol@example.test"]"#],
        "{away:?}"
    );
    let number = |game: &str| game.trim_start_matches("game").to_string();
    let board = |game: &str| format!("Chess board {}", number(game));
    for (to, subject, body) in &away {
        assert_eq!(subject, "alice is on vacation");
        assert!(body.contains("alice's clock stands still until"), "{body}");
        if to.contains("bob") {
            assert!(body.contains(&board(&with_bob)), "{body}");
            assert!(body.contains(&board(&again_with_bob)), "{body}");
            assert!(!body.contains(&board(&with_carol)), "{body}");
        } else {
            assert!(body.contains(&board(&with_carol)), "{body}");
            assert!(!body.contains(&board(&with_bob)), "{body}");
        }
    }
    // A refused command mails nobody.
    env.refused(Some("alice"), &["vacation", "on"]);
    assert_eq!(env.queued().len(), before + 2);
    at(&env, "alice", 3, &["vacation", "off"]);
    env.delivered();
    let back = env.queued().split_off(before + 2);
    assert_eq!(back.len(), 2, "{back:?}");
    for (_, subject, body) in &back {
        assert_eq!(subject, "alice is back from vacation");
        assert!(body.contains("the clocks run again"), "{body}");
        assert!(!body.contains("stands still"), "{body}");
    }
}

/// `vacation` by mail writes to every other player of the player's
/// games: it counts as the whole mail budget, so no command after it
/// that mails anyone runs in the same mail.
#[test]
fn a_vacation_by_mail_runs_alone_in_its_mail() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <away@example.test>\r\n\
         Subject: multiple\r\n\r\nvacation alice secret on\r\nmessage alice secret bob\r\n",
    );
    let (_, answer) = env.last_mail_to("alice@");
    assert!(answer.contains("alice is on vacation"), "{answer}");
    assert!(answer.contains("1 more command(s) not run"), "{answer}");
    // And bob is told once, by the next `deliver`.
    env.delivered();
    let (subject, _) = env.last_mail_to("bob@");
    assert_eq!(subject, "alice is on vacation");
}

#[test]
fn a_nag_says_a_standing_draw_offer_will_be_accepted() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    at(&env, "alice", 0, &["move", &game, "e4"]);
    at(&env, "alice", 0, &["draw", &game, "offer"]);
    // bob is reminded of his move and, once, of the offer he must answer.
    assert_eq!(
        remind(&env, 7, 0),
        format!("{}, 1 draw offer reminder", summary(1, 0))
    );
    let (to, _, body) = nags(&env).pop().unwrap();
    assert_eq!(to, r#"["bob@example.test"]"#);
    assert!(body.contains("A draw offer stands (by alice)."), "{body}");
    assert!(!body.contains("forfeited"), "{body}");
    // bob plays Black: the board is drawn from his side.
    assert!(
        body.contains("      h   g   f   e   d   c   b   a\n"),
        "{body}"
    );
    remind(&env, 21, 0);
    let view = env.json(&game);
    assert_eq!(view["status"], "over");
    assert_eq!(view["result"], "1/2-1/2");
}

/// The reminder of an offer made on the offerer's own turn: its
/// deadline sentence is wrapped as one sentence for a 76-column screen,
/// not with a fragment left on a line of its own.
#[test]
fn an_offer_reminder_on_the_offerers_turn_reads_as_one_wrapped_sentence() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "e7-e5"]);
    at(&env, "alice", 0, &["draw", &game, "offer"]);
    remind(&env, 8, 0);
    let (to, _, body) = env
        .queued()
        .into_iter()
        .rfind(|(_, subject, _)| subject.starts_with("Draw offer:"))
        .unwrap();
    assert_eq!(to, r#"["bob@example.test"]"#);
    assert!(
        body.contains(
            "alice must move by Sun 22 Mar 2026 12:00 UTC, or lose on time (a draw\n\
             offer does not stop the clock).\n"
        ),
        "{body}"
    );
    assert!(body.lines().all(|l| l.chars().count() <= 76), "{body}");
}

/// Issue 23: a draw offer and silence. Bob must answer alice's offer and is
/// to move: every mail says his silence until the deadline accepts it, and
/// `remind` reminds him of the offer once.
#[test]
fn a_draw_offer_says_what_silence_means_and_the_voter_is_reminded_once() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.play(&game, ["alice", "bob"], 1, &["e2-e4"]);
    env.ok(Some("alice"), &["draw", &game, "offer"]);
    let (_, to_bob) = env.last_mail_to("bob@");
    assert!(
        to_bob
            .contains("Move by Sun 22 Mar 2026 12:00 UTC, or your silence accepts the draw offer."),
        "{to_bob}"
    );
    let (_, to_alice) = env.last_mail_to("alice@");
    assert!(
        to_alice.contains(
            "bob must move by Sun 22 Mar 2026 12:00 UTC, or their silence accepts the draw offer."
        ),
        "{to_alice}"
    );
    let shown = env.ok(None, &["show", &game]);
    assert!(
        shown.contains(
            "bob must move by Sun 22 Mar 2026 12:00 UTC or their silence accepts the draw offer"
        ),
        "{shown}"
    );
    assert_eq!(env.json(&game)["silence_accepts"], true);
    let drawn_mails = |env: &Env| {
        env.queued()
            .into_iter()
            .filter(|(_, subject, _)| subject.starts_with("Draw offer:"))
            .collect::<Vec<_>>()
    };
    remind(&env, 6, 23);
    assert!(drawn_mails(&env).is_empty());
    let line = remind(&env, 7, 0);
    assert!(line.ends_with(", 1 draw offer reminder"), "{line}");
    let reminders = drawn_mails(&env);
    assert_eq!(reminders.len(), 1);
    let (to, subject, body) = &reminders[0];
    assert_eq!(
        (to.as_str(), subject.as_str()),
        (r#"["bob@example.test"]"#, "Draw offer: Chess Board 1 bob")
    );
    let body = body.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        body.contains("the draw offer by alice on board 1"),
        "{body}"
    );
    assert!(
        body.contains("If neither a move nor an answer arrives by Sun 22 Mar 2026 12:00 UTC, your silence accepts it and the game is drawn."),
        "{body}"
    );
    remind(&env, 8, 0);
    assert_eq!(drawn_mails(&env).len(), 1, "once");
    // At the deadline bob's silence accepts it.
    remind(&env, 21, 0);
    let json = env.json(&game);
    assert_eq!(json["result"], "1/2-1/2", "{json}");
}

/// Alice, to move, offers a draw: it does not stop her clock, and bob's
/// mail says she must still move or lose on time.
#[test]
fn a_draw_offered_by_the_player_to_move_does_not_stop_the_clock() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["draw", &game, "offer"]);
    let (_, to_bob) = env.last_mail_to("bob@");
    assert!(
        to_bob.contains(
            "alice must move by Sun 22 Mar 2026 12:00 UTC, or lose on time (a draw offer does not stop the clock)."
        ),
        "{to_bob}"
    );
    assert!(to_bob.contains("Until you answer, it stands"), "{to_bob}");
    remind(&env, 21, 0);
    let json = env.json(&game);
    assert_eq!(json["result"], "0-1", "{json}");
}

/// What a run left in the outbox: each mail's recipients and Subject,
/// sorted (Message-IDs are unique, so a doubled letter shows as a pair).
fn letters(env: &Env) -> Vec<(String, String)> {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let mut q = conn
        .prepare("SELECT recipients, subject FROM outbox ORDER BY recipients, subject")
        .unwrap();
    q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// A `remind` killed at random moments, then run again, forfeits each game
/// once and mails each of its letters once: the letters a batch renders on
/// the other thread are written in the batch's transaction, or not at all.
/// 300 games are two batches (256 a batch), the second read ahead on the
/// other thread while the first is written.
#[test]
fn a_remind_killed_at_random_moments_and_run_again_mails_each_letter_once() {
    const GAMES: usize = 300;
    let template = Env::new();
    template.signup(&["alice", "bob"]);
    for _ in 0..GAMES {
        template.challenge("chess", "alice", "bob");
    }
    let before = letters(&template).len();
    let copy = || {
        let env = Env::new();
        rusqlite::Connection::open(&template.db)
            .unwrap()
            .execute("VACUUM INTO ?1", [env.db.to_str().unwrap()])
            .unwrap();
        env
    };
    let forfeit_day = later(22, 0);
    let args = ["--now", forfeit_day.as_str(), "remind"];
    // The whole run, unkilled: what every killed one must end with.
    let whole = copy();
    let started = std::time::Instant::now();
    assert_eq!(whole.run_killed(&args, "", None), Some(0));
    let span = started.elapsed().as_micros() as u64 + 1;
    let expected = letters(&whole);
    assert!(
        expected.len() >= before + 2 * GAMES,
        "each forfeit mails both players: {} letters",
        expected.len()
    );
    let mut dice: u64 = 0x2545_f491_4f6c_dd1d;
    let mut killed = 0;
    for _ in 0..12 {
        dice = dice
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let env = copy();
        let at = std::time::Duration::from_micros((dice >> 33) % span);
        if env.run_killed(&args, "", Some(at)).is_none() {
            killed += 1;
        }
        assert_eq!(env.run_killed(&args, "", None), Some(0));
        assert_eq!(env.run_killed(&args, "", None), Some(0));
        assert_eq!(letters(&env), expected, "killed after {at:?}");
        let conn = rusqlite::Connection::open(&env.db).unwrap();
        let over: i64 = conn
            .query_row(
                "SELECT count(*) FROM games WHERE status = 'over'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(over, GAMES as i64, "every game forfeited once");
    }
    assert!(killed > 0, "no run was killed: the kills came too late");
}
