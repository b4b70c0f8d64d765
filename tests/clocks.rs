//! Correspondence time controls (issue 30): `--clock=MOVES/DAYS` and
//! `--clock=DAYS+INCREMENT[/CAP]` through many moves, a vacation that
//! stops the bank, the time left in every board mail, and the loss on
//! time both by `remind` and at the move.

use chrono::{DateTime, TimeDelta, Utc};

use crate::util::{Env, NOW};

/// The fixed clock moved on by `hours`.
fn later(hours: i64) -> String {
    let t: DateTime<Utc> = NOW.parse().unwrap();
    (t + TimeDelta::hours(hours)).to_rfc3339()
}

/// `user` runs `args` at `hours` after the start; must succeed.
fn at(env: &Env, user: Option<&str>, hours: i64, args: &[&str]) -> String {
    let out = env
        .cmd(user)
        .args(["--now", &later(hours)])
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

fn remind(env: &Env, hours: i64) -> String {
    at(env, None, hours, &["remind"])
}

fn result(env: &Env, game: &str) -> String {
    let json = env.json(game);
    // `*` while it goes on; the result alone (`0-1`) once it is over.
    let result = json["result"].as_str().unwrap_or("*");
    result.split_whitespace().next().unwrap_or("*").to_string()
}

#[test]
fn ten_moves_in_fifty_days_style_carries_over_pauses_on_vacation_and_remind_forfeits() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let out = env.ok(
        None,
        &["challenge", "chess", "alice", "bob", "--clock=2/10"],
    );
    let game = out.lines().last().unwrap().to_string();
    assert!(
        out.contains(
            "time: reminder after 7 days, clock 2 moves in 10 days, time saved carries over"
        ),
        "{out}"
    );
    let day = 24;
    at(&env, Some("alice"), day, &["move", &game, "e2-e4#1"]);
    at(&env, Some("bob"), 2 * day, &["move", &game, "a7-a6#2"]);
    // alice's second move: 1 + 3 days used of 10, and the next 10 come.
    at(&env, Some("alice"), 5 * day, &["move", &game, "d2-d4#3"]);
    // bob is away 3 of the 5 days his turn takes: 2 days off his bank.
    at(&env, Some("bob"), 6 * day, &["vacation", "on"]);
    at(&env, Some("bob"), 9 * day, &["vacation", "off"]);
    at(&env, Some("bob"), 10 * day, &["move", &game, "b7-b6#4"]);
    let (_, to_alice) = env.last_mail_to("alice@example.test");
    assert!(
        to_alice.contains("Time control: 2 moves in 10 days, time saved carries over."),
        "{to_alice}"
    );
    assert!(
        to_alice.contains(
            "Time left on each clock: alice (White): 16 days 00:00:00 bob (Black): 17 days 00:00:00"
        ),
        "{to_alice}"
    );
    // alice's 16 days run out on day 26: the date printed is when remind acts.
    assert!(to_alice.contains("Fri 27 Mar 2026 12:00 UTC"), "{to_alice}");
    remind(&env, 25 * day);
    let nag = env
        .queued()
        .into_iter()
        .rev()
        .find(|(_, s, _)| s.starts_with("Nag:"))
        .expect("a reminder on day 25");
    assert!(nag.2.contains("Fri 27 Mar 2026 12:00 UTC"), "{}", nag.2);
    remind(&env, 26 * day - 1);
    assert_eq!(result(&env, &game), "*", "still in time an hour before");
    remind(&env, 26 * day);
    assert_eq!(result(&env, &game), "0-1");
    let (_, to_bob) = env.last_mail_to("bob@example.test");
    assert!(
        to_bob.contains(
            "alice's clock (2 moves in 10 days, time saved carries over) has run out: alice \
             loses on time (move 3)."
        ),
        "{to_bob}"
    );
    // Run again: nothing more happens.
    let before = env.dump();
    remind(&env, 26 * day + 5);
    assert_eq!(env.dump(), before);
}

#[test]
fn fischer_with_a_cap_through_many_moves_and_a_late_move_loses() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let out = env.ok(
        None,
        &["challenge", "chess", "alice", "bob", "--clock=3+1/4"],
    );
    let game = out.lines().last().unwrap().to_string();
    let alice = [
        "e2-e4", "d2-d4", "Ng1-f3", "Nb1-c3", "Bf1-e2", "Bc1-e3", "a2-a3", "h2-h3",
    ];
    let bob = [
        "a7-a6", "b7-b6", "c7-c6", "g7-g6", "h7-h6", "Bc8-b7", "Bf8-g7", "Ng8-f6",
    ];
    // A move every 12 hours: each spends half a day and gains one, up to 4.
    let mut hours = 0;
    for (n, (a, b)) in alice.iter().zip(bob).enumerate() {
        hours += 12;
        at(
            &env,
            Some("alice"),
            hours,
            &["move", &game, &format!("{a}#{}", 2 * n + 1)],
        );
        hours += 12;
        at(
            &env,
            Some("bob"),
            hours,
            &["move", &game, &format!("{b}#{}", 2 * n + 2)],
        );
    }
    let (_, to_alice) = env.last_mail_to("alice@example.test");
    assert!(
        to_alice.contains("Time control: 3 days plus 1 day per move, at most 4 days."),
        "{to_alice}"
    );
    assert!(
        to_alice.contains(
            "Time left on each clock: alice (White): 4 days 00:00:00 bob (Black): 4 days 00:00:00"
        ),
        "capped at 4: {to_alice}"
    );
    // alice waits four days and a minute: her move comes too late.
    let late = env
        .cmd(Some("alice"))
        .args(["--now", &later(hours + 4 * 24 + 1)])
        .args(["move", &game, "Ke1-f1#17"])
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&late.stdout).to_string() + &String::from_utf8_lossy(&late.stderr);
    assert!(
        text.contains(&format!(
            "{game}: too late: alice's clock has run out and loses on time; Ke1-f1 was not played"
        )),
        "{text}"
    );
    assert_eq!(result(&env, &game), "0-1");
    assert_eq!(env.json(&game)["ply"], 16);
}

#[test]
fn a_bank_replaces_the_forfeit_and_no_clock_keeps_it() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let out = env.ok(
        None,
        &["challenge", "chess", "alice", "bob", "--clock=30+0"],
    );
    let banked = out.lines().last().unwrap().to_string();
    let plain = env.challenge("chess", "alice", "bob");
    // Day 22: past the 21-day forfeit, within the 30-day bank.
    remind(&env, 22 * 24);
    assert_eq!(result(&env, &plain), "0-1", "no clock: forfeit at 21 days");
    assert_eq!(result(&env, &banked), "*", "the bank still runs");
    remind(&env, 30 * 24);
    assert_eq!(result(&env, &banked), "0-1");
    for bad in ["--clock=0/10", "--clock=5+1/3", "--clock=ten"] {
        let out = env.run(Some("alice"), &["challenge", "chess", "alice", "bob", bad]);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("boserv: clock="), "{err}");
    }
}
