//! The daily digest (issue 30): `digest on [HOUR]` holds a player's
//! per-move board mails back for one mail a day, sent by `remind` exactly
//! once per day (even when `remind` is killed), while urgent mails still
//! come at once.

use chrono::{DateTime, TimeDelta, Utc};

use crate::util::{Env, NOW};

/// The fixed clock moved on by `hours`, as `--now` takes it.
fn later(hours: i64) -> String {
    let t: DateTime<Utc> = NOW.parse().unwrap();
    (t + TimeDelta::hours(hours)).to_rfc3339()
}

/// `remind` `hours` after [`NOW`], with `env_vars` set; its exit code.
fn remind_with(env: &Env, hours: i64, env_vars: &[(&str, &str)]) -> Option<i32> {
    let mut cmd = env.cmd(None);
    cmd.args(["--now", &later(hours), "remind"]);
    for (k, v) in env_vars {
        cmd.env(k, v);
    }
    cmd.output().unwrap().status.code()
}

/// `remind` `hours` after [`NOW`]; its summary line.
fn remind(env: &Env, hours: i64) -> String {
    let out = env
        .cmd(None)
        .args(["--now", &later(hours), "remind"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

/// Mails queued to `who` as (subject, body).
fn mails_to(env: &Env, who: &str) -> Vec<(String, String)> {
    env.queued()
        .into_iter()
        .filter(|(to, _, _)| to.contains(who))
        .map(|(_, subject, body)| (subject, body))
        .collect()
}

fn digests_to(env: &Env, who: &str) -> Vec<String> {
    mails_to(env, who)
        .into_iter()
        .filter(|(subject, _)| subject.starts_with("Digest "))
        .map(|(_, body)| body)
        .collect()
}

/// alice (White) and bob in a begun chess game; bob takes the digest at 7.
fn started() -> (Env, String) {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    let said = env.ok(Some("bob"), &["digest", "on", "7"]);
    assert!(said.contains("07:00 UTC"), "{said}");
    (env, game)
}

/// The reply address a digest gives for one board.
fn reply_address_in(digest: &str) -> String {
    digest
        .split_whitespace()
        .find(|w| w.contains('+') && w.contains('@'))
        .unwrap_or_else(|| panic!("no reply address: {digest}"))
        .to_string()
}

#[test]
fn a_move_waits_for_one_digest_a_day() {
    let (env, game) = started();
    let before = mails_to(&env, "bob@").len();
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <m1@example.test>\r\n\
         Subject: chess move 1 alice secret e2-e4#1\r\n\r\nThe king's pawn, as ever.\r\n",
    );
    assert_eq!(env.json(&game)["ply"], 1);
    assert_eq!(
        mails_to(&env, "bob@").len(),
        before,
        "no board mail to bob while his digest is on"
    );
    // A chat still comes at once, and again in the digest.
    let chat = env
        .cmd(Some("alice"))
        .args(["--now", &later(-1), "chat", &game, "Enjoy", "the", "game"])
        .output()
        .unwrap();
    assert_eq!(chat.status.code(), Some(0));
    assert_eq!(mails_to(&env, "bob@").len(), before + 1);
    assert!(
        mails_to(&env, "alice@")
            .iter()
            .any(|(s, _)| s.starts_with("Chess Board")),
        "alice, without a digest, still gets her board mail"
    );

    // 12:00 is past bob's hour: the first run sends today's digest.
    assert!(remind(&env, 0).contains("1 digest"));
    let digests = digests_to(&env, "bob@");
    assert_eq!(digests.len(), 1);
    let digest = &digests[0];
    for part in [
        "Chess board 1 (alice (White) v bob (Black)): your move.",
        "Last move: alice e2-e4 (move 1)\nThe king's pawn, as ever.",
        "alice on Chess board 1:\nEnjoy the game",
        "Deadline: Sun 22 Mar 2026 12:00 UTC",
        "chess move 1 bob PASSWORD MOVE#2",
        "MOVE#2",
    ] {
        assert!(digest.contains(part), "{part}: {digest}");
    }
    let address = reply_address_in(digest);
    assert!(address.contains('+'), "{address}");

    // Every minute the rest of the day, and the next day before 07:00:
    // nothing more.
    for hours in [0, 1, 11, 18] {
        remind(&env, hours);
    }
    assert_eq!(digests_to(&env, "bob@").len(), 1);
    // The next day at 07:00: one more.
    remind(&env, 19);
    remind(&env, 19);
    let digests = digests_to(&env, "bob@");
    assert_eq!(digests.len(), 2);
    assert!(
        !digests[1].contains("Enjoy the game"),
        "told once: {}",
        digests[1]
    );

    // The digest's reply address answers that game, no password needed.
    // And so does a Reply to the digest itself (its one game needs no
    // board named), its Subject never run as the `digest` command.
    let digest = env.delivered_to("bob@", "Digest");
    assert!(
        digest
            .reply_to()
            .is_some_and(|r| r.contains('+') && r != address)
    );
    env.answer(&digest, "e7-e5#2");
    assert_eq!(env.json(&game)["ply"], 2);

    // Off again: the next move's board mail comes at once.
    env.ok(Some("bob"), &["digest", "off"]);
    let before = mails_to(&env, "bob@").len();
    env.play(&game, ["alice", "bob"], 3, &["d2-d4"]);
    assert_eq!(mails_to(&env, "bob@").len(), before + 1);
}

#[test]
fn urgent_mails_come_at_once() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.ok(Some("bob"), &["digest", "on"]);
    // A game's start comes at once.
    let before = mails_to(&env, "bob@").len();
    let out = env.ok(
        None,
        &[
            "challenge",
            "chess",
            "alice",
            "bob",
            "--nagtime=1",
            "--forfeittime=2",
        ],
    );
    let game = out.lines().last().unwrap().to_string();
    assert_eq!(mails_to(&env, "bob@").len(), before + 1);
    // Two days to answer: within 48 hours, the board mail comes at once.
    env.play(&game, ["alice", "bob"], 1, &["e2-e4"]);
    assert_eq!(mails_to(&env, "bob@").len(), before + 2);

    // A game with the usual 21 days: its move waits, its end does not.
    let game = env.challenge("chess", "alice", "bob");
    let before = mails_to(&env, "bob@").len();
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "e7-e5", "Ng1-f3"]);
    assert_eq!(mails_to(&env, "bob@").len(), before);
    env.ok(Some("bob"), &["resign", &game]);
    let after = mails_to(&env, "bob@");
    assert_eq!(after.len(), before + 1);
    let (subject, body) = after.last().unwrap();
    assert_eq!(subject, "Chess Board 2 over");
    assert!(body.contains("bob resigned (move 2...)."), "{body}");
}

#[test]
fn a_killed_remind_neither_doubles_nor_loses_the_digest() {
    let (env, game) = started();
    env.play(&game, ["alice", "bob"], 1, &["e2-e4"]);
    // Killed before the digest's transaction commits: nothing of it stays.
    let crash = [("BOSERV_DIGEST_CRASH", "before-commit")];
    assert_ne!(remind_with(&env, 0, &crash), Some(0));
    assert!(digests_to(&env, "bob@").is_empty());
    assert!(
        env.query::<String>("SELECT day FROM digests_sent")
            .is_empty()
    );
    // The next run sends it.
    remind(&env, 0);
    assert_eq!(digests_to(&env, "bob@").len(), 1);

    // The next day, killed just after the commit: sent once, and the
    // runs after it send nothing more that day.
    let crash = [("BOSERV_DIGEST_CRASH", "after-commit")];
    assert_ne!(remind_with(&env, 19, &crash), Some(0));
    assert_eq!(digests_to(&env, "bob@").len(), 2);
    remind(&env, 19);
    remind(&env, 20);
    assert_eq!(digests_to(&env, "bob@").len(), 2);
    assert_eq!(
        env.query::<String>("SELECT day FROM digests_sent ORDER BY day"),
        vec!["2026-03-01", "2026-03-02"]
    );
}

#[test]
fn a_digest_shows_a_bounded_number_of_games_and_the_results() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.ok(Some("bob"), &["digest", "on", "0"]);
    // bob plays White: his move in every game.
    for _ in 0..22 {
        env.challenge("chess", "bob", "alice");
    }
    // One game ends: alice resigns on her turn.
    env.play("game22", ["bob", "alice"], 1, &["e2-e4", "e7-e5", "Ng1-f3"]);
    env.ok(Some("alice"), &["resign", "game22"]);
    remind(&env, 0);
    let digests = digests_to(&env, "bob@");
    assert_eq!(digests.len(), 1);
    let digest = digests[0].split_whitespace().collect::<Vec<_>>().join(" ");
    let tail = &digest[digest.len() - 400..];
    assert_eq!(digest.matches("): your move.").count(), 20, "{tail}");
    assert!(
        digest.contains("Your move also in: Chess board 21."),
        "{tail}"
    );
    assert!(
        digest.contains("Ended since the last digest: Chess board 22 (bob v alice): 1-0"),
        "{tail}"
    );
}

#[test]
fn bad_digest_commands_are_refused_in_one_line() {
    let (env, _) = started();
    for (args, says) in [
        (vec!["digest", "on", "25"], "0 to 23"),
        (vec!["digest", "on", "seven"], "0 to 23"),
        (vec!["digest", "maybe"], "on [HOUR] or off"),
        (vec!["digest", "off", "now"], "too many words"),
    ] {
        // A usage error: exit 2, one line, nothing changed.
        let before = env.dump();
        let out = env.run(Some("bob"), &args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert_eq!(env.dump(), before, "{args:?}");
    }
    assert_eq!(env.query::<i64>("SELECT hour FROM digests"), vec![7]);
}

#[test]
fn by_mail_and_in_help() {
    let (env, _) = started();
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <g1@example.test>\r\n\
         Subject: digest alice secret on 18\r\n\r\n",
    );
    let (_, answer) = env.last_mail_to("alice@example.test");
    assert!(
        answer.contains("alice: one digest a day at 18:00 UTC"),
        "{answer}"
    );
    assert_eq!(
        env.query::<i64>("SELECT hour FROM digests ORDER BY player"),
        vec![18, 7]
    );
    let help = env.ok(None, &["help", "digest"]);
    assert!(help.contains("digest on [HOUR]|off"), "{help}");
    assert!(help.contains("within 48"), "{help}");
}
