//! Consent to a game (issue 26): a player's challenge is an invitation to
//! accept or decline, by reply or by Subject; standing answers
//! (`challenges`, pbmserv's `GAME accept|reject`), `limit`; open
//! challenges (`seek`, `seeks`, `accept SEEK`).

use crate::util::Env;

fn env() -> Env {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    env
}

#[test]
fn an_invitation_names_the_clock_and_an_unrated_game() {
    let env = env();
    env.ok(
        Some("alice"),
        &[
            "challenge",
            "chess",
            "alice",
            "bob",
            "--clock=30+1",
            "--unrated",
        ],
    );
    let (_, body) = env.last_mail_to("bob@");
    assert!(body.contains("Options: --clock=30+1 --unrated"), "{body}");
}

#[test]
fn an_invitation_waits_until_accepted_by_reply_then_the_game_begins() {
    let env = env();
    let out = env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    assert_eq!(out.lines().last(), Some("game1"), "{out}");
    assert!(out.contains("invited bob"), "{out}");
    // Nobody moves, no clock: refused with the reason, nothing changed.
    assert_eq!(
        env.refused(Some("alice"), &["move", "1", "e2-e4"]),
        "game1 has not begun: it waits for bob to accept"
    );
    let listed = env.ok(Some("alice"), &["games"]);
    assert!(listed.contains("waiting for bob to accept"), "{listed}");
    let (subject, body) = env.last_mail_to("bob@");
    assert_eq!(subject, "Chess Invitation 1 bob");
    assert!(body.contains("alice challenges you to"), "{body}");
    assert!(
        body.contains("reply to this mail with the first line accept"),
        "{body}"
    );
    assert!(body.contains("chess accept 1 bob PASSWORD"), "{body}");
    assert!(
        body.contains("chess decline 1 bob PASSWORD [YOUR WORDS]"),
        "{body}"
    );
    assert!(body.contains("expires on Sun 15 Mar 2026"), "{body}");
    // bob presses Reply on the invitation itself.
    let invitation = env.delivered_to("bob@", "Invitation");
    assert_eq!(invitation.subject(), "Chess Invitation 1 bob");
    env.answer(&invitation, "accept");
    let (subject, _) = env.last_mail_to("alice@");
    assert_eq!(subject, "New Chess Board 1 alice");
    let shown = env.ok(None, &["show", "1"]);
    assert!(shown.contains("it is alice's turn (move 1)"), "{shown}");
    env.ok(Some("alice"), &["move", "1", "e2-e4"]);
}

#[test]
fn a_decline_by_subject_cancels_and_tells_who_declined_and_their_words() {
    let env = env();
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    env.mail(
        "From: bob@example.test\r\nMessage-ID: <no1@example.test>\r\n\
         Subject: chess decline 1 bob secret\r\n\r\nToo busy until spring, sorry.\r\n",
    );
    let (subject, body) = env.last_mail_to("alice@");
    assert_eq!(subject, "Chess Board 1 declined by bob");
    assert!(body.contains("bob declined to play Chess"), "{body}");
    assert!(body.contains("Too busy until spring, sorry."), "{body}");
    assert_eq!(
        env.refused(Some("bob"), &["accept", "1"]),
        "game1 was cancelled"
    );
}

#[test]
fn all_three_players_of_orwell_must_accept() {
    let env = env();
    env.ok(
        Some("alice"),
        &["challenge", "orwell", "alice", "bob", "carol"],
    );
    let half = env.ok(Some("carol"), &["accept", "1"]);
    assert_eq!(
        half.trim(),
        "game1: carol accepted; it begins when bob accepts"
    );
    assert!(env.refused(None, &["roll", "1"]).contains("has not begun"));
    let begun = env.ok(Some("bob"), &["accept", "1"]);
    assert!(begun.trim_end().ends_with("game1"), "{begun}");
    assert!(env.ok(None, &["roll", "1"]).contains("roll: "));
}

#[test]
fn standing_answers_and_limits_by_shell_and_by_mail() {
    let env = env();
    // pbmserv's mail form: accept every challenge of the type.
    env.mail(
        "From: bob@example.test\r\nMessage-ID: <a1@example.test>\r\n\
         Subject: chess accept bob secret\r\n\r\n",
    );
    let begun = env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    assert!(begun.contains("it is alice's turn"), "{begun}");
    env.mail(
        "From: carol@example.test\r\nMessage-ID: <r1@example.test>\r\n\
         Subject: chess reject carol secret\r\n\r\n",
    );
    assert_eq!(
        env.refused(Some("alice"), &["challenge", "chess", "alice", "carol"]),
        "carol refuses challenges to chess (their setting: challenges chess reject)"
    );
    assert_eq!(
        env.ok(Some("carol"), &["challenges", "chess"]).trim(),
        "challenges chess reject: challenges of carol to chess are refused"
    );
    env.ok(Some("bob"), &["limit", "chess", "1"]);
    assert_eq!(
        env.refused(Some("carol"), &["challenge", "chess", "bob", "carol"]),
        "bob is in 1 chess games, the most they allow (limit chess 1): challenge refused"
    );
    let usage = env.run(Some("bob"), &["challenges", "chess", "maybe"]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr).contains("accept, ask or reject"));
    assert!(
        env.refused(Some("bob"), &["limit", "shogi", "3"])
            .contains("shogi: not a game here")
    );
}

#[test]
fn a_seeks_rating_range_admits_only_takers_within_it_and_standings_show_the_seek() {
    let env = env();
    env.signup(&["dave"]);
    // bob wins a rated game: 1500? -> 1662?; carol stays a newcomer.
    let game = env.challenge("chess", "bob", "dave");
    env.play(&game, ["bob", "dave"], 1, &["e2-e4", "e7-e5", "g1-f3"]);
    env.ok(Some("dave"), &["resign", &game]);
    let posted = env.ok(Some("alice"), &["seek", "chess", "--rating=1600-2000"]);
    assert_eq!(posted.lines().last(), Some("seek1"), "{posted}");
    assert_eq!(
        env.refused(Some("carol"), &["accept", "seek1"]),
        "seek1 is for ratings 1600 to 2000; yours in its game is 1500?"
    );
    let standings = env.ok(None, &["standings", "chess"]);
    assert!(
        standings
            .lines()
            .any(|l| l.contains("bob") && !l.contains("seek1")),
        "{standings}"
    );
    assert_eq!(
        env.refused(Some("alice"), &["seek", "chess", "--level=2"]),
        "level is for a game against the computer player: challenge it (a seek is open to everyone)"
    );
    let taken = env.ok(Some("bob"), &["accept", "seek1"]);
    assert_eq!(taken.lines().last(), Some("game2"), "{taken}");
}

#[test]
fn standings_name_a_players_open_seeks() {
    let env = env();
    let game = env.challenge("chess", "alice", "bob");
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "e7-e5", "g1-f3"]);
    env.ok(Some("bob"), &["resign", &game]);
    env.ok(Some("alice"), &["seek", "chess"]);
    env.ok(Some("alice"), &["seek", "chess", "--color=white"]);
    let standings = env.ok(None, &["standings", "chess"]);
    assert!(
        standings.contains("SEEKING\n") && standings.contains("seek1, seek2"),
        "{standings}"
    );
    let alice = standings.lines().find(|l| l.contains("alice")).unwrap();
    assert!(alice.ends_with("seek1, seek2"), "{standings}");
    // A seeker with no rated game yet stands at the start, with the seek.
    env.ok(Some("carol"), &["seek", "chess"]);
    let standings = env.ok(None, &["standings", "chess"]);
    let carol = standings.lines().find(|l| l.contains("carol")).unwrap();
    assert!(
        carol.contains("1500?") && carol.ends_with("seek3"),
        "{standings}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["standings", "chess", "--format", "json"])).unwrap();
    let alice = json
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["userid"] == "alice")
        .unwrap();
    assert_eq!(alice["seeking"], serde_json::json!(["seek1", "seek2"]));
}

#[test]
fn a_seek_is_listed_and_taken_by_another_player() {
    let env = env();
    let posted = env.ok(
        Some("alice"),
        &[
            "seek",
            "chess",
            "--color=black",
            "--rating=1400-1800",
            "--nagtime=3",
        ],
    );
    assert_eq!(posted.lines().last(), Some("seek1"), "{posted}");
    let listed = env.ok(None, &["seeks"]);
    assert!(
        listed.contains("seek1 chess   alice  1500?  Black 1400-1800 --nagtime=3"),
        "{listed}"
    );
    assert_eq!(
        env.refused(Some("alice"), &["accept", "seek1"]),
        "seek1 is your own open challenge: another player must accept it"
    );
    assert_eq!(
        env.refused(Some("bob"), &["accept", "orwell", "seek1"]),
        "seek1 is a challenge to chess, not orwell"
    );
    let taken = env.ok(Some("bob"), &["accept", "seek1"]);
    assert!(
        taken.starts_with("seek1 taken: alice plays Black, bob plays White\n"),
        "{taken}"
    );
    assert_eq!(taken.lines().last(), Some("game1"));
    assert!(
        env.ok(None, &["show", "1"])
            .contains("reminder after 3 days")
    );
    assert_eq!(
        env.ok(None, &["seeks", "chess"]).trim(),
        "no open challenges to chess"
    );
    assert_eq!(
        env.refused(Some("carol"), &["accept", "seek1"]),
        "no open challenge seek1 (see `seeks`)"
    );
}

#[test]
fn a_seek_by_mail_is_taken_by_mail_with_the_seats_drawn() {
    let env = env();
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <s1@example.test>\r\n\
         Subject: chess seek alice secret\r\n\r\n",
    );
    let (_, body) = env.last_mail_to("alice@");
    assert!(body.contains("seek1"), "{body}");
    env.mail(
        "From: bob@example.test\r\nMessage-ID: <s2@example.test>\r\n\
         Subject: chess accept bob secret seek1\r\n\r\n",
    );
    // The new board is the answer (issue 42: not a reply repeating it).
    let (subject, _) = env.last_mail_to("bob@");
    assert!(subject.starts_with("New Chess Board 1 "), "{subject}");
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["show", "1", "--format", "json"])).unwrap();
    let mut players: Vec<String> = json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    players.sort();
    assert_eq!(players, ["alice", "bob"]);
}

#[test]
fn remind_expires_invitations_and_seeks() {
    let env = env();
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    env.ok(Some("carol"), &["seek", "chess"]);
    let later = |args: &[&str]| {
        env.cmd(None)
            .env("BOSERV_NOW", "2026-03-20T12:00:00Z")
            .args(args)
            .output()
            .unwrap()
    };
    let out = String::from_utf8(later(&["remind"]).stdout).unwrap();
    assert!(out.contains("1 invitation expired"), "{out}");
    let again = String::from_utf8(later(&["remind"]).stdout).unwrap();
    assert!(!again.contains("expired"), "{again}");
    let (subject, body) = env.last_mail_to("alice@");
    assert_eq!(subject, "Chess Board 1 expired");
    assert!(body.contains("bob did not accept it in time"), "{body}");
    let seeks = String::from_utf8(later(&["seeks"]).stdout).unwrap();
    assert_eq!(seeks.trim(), "no open challenges");
}

#[test]
fn every_consent_verb_has_help_in_the_shell_and_by_mail() {
    let env = env();
    for verb in ["accept", "decline", "challenges", "limit", "seek", "seeks"] {
        let page = env.ok(None, &["help", verb]);
        assert!(page.contains(verb), "{page}");
    }
    let commands = env.ok(None, &["help", "commands"]);
    assert!(commands.contains("accept GAME"), "{commands}");
    assert!(commands.contains("seek VARIANT"), "{commands}");
}

#[test]
fn the_invitation_days_variable_wins_over_the_setting() {
    let env = env();
    env.ok(None, &["config", "set", "invitation-days", "5"]);
    // With the variable: its 2 days, not the database's 5.
    env.cmd(Some("alice"))
        .env("BOSERV_INVITATION_DAYS", "2")
        .args(["challenge", "chess", "alice", "bob"])
        .assert()
        .success();
    let (_, body) = env.last_mail_to("bob@");
    assert!(body.contains("expires on Tue"), "{body}");
    // Without it: the setting's 5 days.
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    let (_, body) = env.last_mail_to("bob@");
    assert!(body.contains("expires on Fri"), "{body}");
}
