//! Correspondence conventions (issue 42 items 8 and 9): ICCF numeric
//! notation wherever a move is read, by Reply to the board mail the
//! server sent as in the shell; PGN export's `Event`, `Round` and
//! `TimeControl`.

use crate::util::{Env, reply_to};

fn env() -> Env {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env
}

/// The value of PGN tag `name` in `record`.
fn tag<'r>(record: &'r str, name: &str) -> Option<&'r str> {
    let head = format!("[{name} \"");
    record
        .lines()
        .find_map(|l| l.strip_prefix(&head)?.strip_suffix("\"]"))
}

#[test]
fn a_move_in_iccf_numbers_is_played_by_reply_to_the_board_mail() {
    let env = env();
    env.challenge("chess", "alice", "bob");
    let board = env.delivered_to("alice@", "Board 1");
    env.answer(&board, "5254");
    assert_eq!(env.query::<String>("SELECT text FROM turns"), ["e2-e4"]);
    let theirs = env.delivered_to("bob@", "Board 1");
    env.answer(&theirs, "5755#2");
    assert_eq!(
        env.query::<String>("SELECT text FROM turns ORDER BY ply"),
        ["e2-e4", "e7-e5"]
    );
    // The shell reads the same numbers: Nf3, Nc6, Bc4, Nf6, then castling
    // as the king's move.
    for (user, turn) in [
        ("alice", "7163"),
        ("bob", "2836"),
        ("alice", "6134"),
        ("bob", "7866"),
        ("alice", "5171"),
    ] {
        env.ok(Some(user), &["move", "1", turn]);
    }
    assert_eq!(
        env.query::<String>("SELECT text FROM turns ORDER BY ply DESC LIMIT 1"),
        ["Ke1-g1"]
    );
}

#[test]
fn a_malformed_iccf_number_is_refused_in_one_line_and_changes_nothing() {
    let env = env();
    env.challenge("chess", "alice", "bob");
    let board = env.delivered_to("alice@", "Board 1");
    let error = env.mail_refused(&reply_to(&board, "5294"));
    assert!(error.contains("9 is no file or rank"), "{error}");
    assert!(env.query::<String>("SELECT text FROM turns").is_empty());
    let said = env.refused(Some("alice"), &["move", "1", "525"]);
    assert!(said.contains("3 digits, where a move has 4"), "{said}");
    assert_eq!(said.trim().lines().count(), 1, "{said}");
    assert!(env.query::<String>("SELECT text FROM turns").is_empty());
}

#[test]
fn a_promotion_in_iccf_numbers_names_the_piece_by_its_digit() {
    let env = env();
    let game = env.challenge("chess", "alice", "bob");
    // 1. h4 g5 2. hxg5 Nf6 3. g6 Rg8 4. gxh7 Rg7, then h7-h8 as a knight.
    env.play(
        &game,
        ["alice", "bob"],
        1,
        &[
            "8284", "7775", "8475", "7866", "7576", "8878", "7687", "7877",
        ],
    );
    env.ok(Some("alice"), &["move", &game, "87884"]);
    assert_eq!(
        env.query::<String>("SELECT text FROM turns ORDER BY ply DESC LIMIT 1"),
        ["h7-h8=N"]
    );
}

#[test]
fn pgn_export_names_the_event_the_round_and_the_time_control() {
    let env = env();
    let casual = env.challenge("chess", "alice", "bob");
    let record = env.ok(None, &["export", &casual]);
    assert_eq!(tag(&record, "Event"), Some("boserv game1"));
    assert_eq!(tag(&record, "Round"), Some("-"));
    assert_eq!(tag(&record, "TimeControl"), Some("1/1814400"));
    let clocked = env.ok(
        None,
        &["challenge", "chess", "alice", "bob", "--clock=10/50"],
    );
    let clocked = clocked.lines().last().unwrap();
    let record = env.ok(None, &["export", clocked]);
    assert_eq!(tag(&record, "TimeControl"), Some("10/4320000"));

    env.signup(&["carol", "dave"]);
    env.ok(
        Some("alice"),
        &[
            "tournament",
            "create",
            "spring-open",
            "chess",
            "round-robin",
            "--players=4",
        ],
    );
    for p in ["alice", "bob", "carol", "dave"] {
        env.ok(Some(p), &["tournament", "join", "spring-open"]);
    }
    let show: serde_json::Value = serde_json::from_str(&env.ok(
        None,
        &["tournament", "show", "spring-open", "--format", "json"],
    ))
    .unwrap();
    let games = show["games"].as_array().unwrap();
    let last = games.last().unwrap();
    let (game, round) = (
        last["game"].as_str().unwrap().to_string(),
        last["round"].as_u64().unwrap(),
    );
    assert!(round > 1, "{show}");
    let record = env.ok(None, &["export", &game]);
    assert_eq!(tag(&record, "Event"), Some("spring-open"));
    assert_eq!(tag(&record, "Round"), Some(round.to_string().as_str()));
}

/// `text` with its lines joined, as a phone's wrapped mail reads.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `boserv ARGS` as `user` (or the operator, cron) at `now`.
fn at(env: &Env, now: &str, user: Option<&str>, args: &[&str]) -> String {
    let out = env
        .cmd(user)
        .env("BOSERV_NOW", now)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// `user` sends a command in the Subject of a mail to the server.
fn subject_mail(user: &str, id: &str, subject: &str) -> String {
    format!(
        "From: {user}@example.test\r\nTo: bochess@example.net\r\nMessage-ID: <{id}@example.test>\r\n\
         Subject: {subject}\r\n\r\n\r\n"
    )
}

#[test]
fn a_player_sets_their_time_zone_by_mail_and_reads_deadlines_in_it() {
    let env = env();
    env.mail_done(&subject_mail(
        "bob",
        "tz1",
        "timezone bob secret Europe/Berlin",
    ));
    assert_eq!(
        env.query::<String>("SELECT timezone FROM players WHERE userid = 'bob'"),
        ["Europe/Berlin"]
    );
    let said = env.ok(Some("bob"), &["timezone"]);
    assert!(
        said.contains("dates are written in Europe/Berlin (it is now Sun 1 Mar 2026 13:00 CET)"),
        "{said}"
    );
    // A name the tz database does not know: one line, nothing changed.
    let out = env
        .cmd(Some("bob"))
        .args(["timezone", "Europe/Atlantis"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let refused = String::from_utf8(out.stderr).unwrap();
    assert!(refused.contains("not Europe/Atlantis"), "{refused}");
    assert_eq!(refused.trim().lines().count(), 1, "{refused}");
    assert_eq!(
        env.query::<String>("SELECT timezone FROM players WHERE userid = 'bob'"),
        ["Europe/Berlin"]
    );

    let game = env.challenge("chess", "alice", "bob");
    let board = env.delivered_to("alice@", "Board 1");
    env.answer(&board, "e2-e4");
    // bob forfeits 21 days after alice's move: 22 Mar 12:00 UTC, 13:00 in
    // Berlin; alice, in UTC, reads the same instant in UTC.
    let theirs = env.delivered_to("bob@", "Board 1");
    assert!(
        flat(&theirs.text()).contains("Move by Sun 22 Mar 2026 13:00 CET"),
        "{}",
        theirs.text()
    );
    let games = env.ok(Some("bob"), &["games", "bob"]);
    assert!(games.contains("2026-03-22 13:00 CET"), "{games}");
    let games = env.ok(Some("alice"), &["games", "alice"]);
    assert!(games.contains("2026-03-22 12:00 UTC"), "{games}");
    // The mail so written is answered by Reply as any other.
    env.answer(&theirs, "e7-e5#2");
    assert_eq!(
        env.query::<String>("SELECT text FROM turns ORDER BY ply"),
        ["e2-e4", "e7-e5"]
    );
    // The clock block of the game's end is in each reader's zone too.
    env.ok(Some("alice"), &["resign", &game]);
    let bobs = flat(&env.delivered_to("bob@", "Board 1").text());
    assert!(
        bobs.contains("Game started...... Sun 1 Mar 2026 13:00 CET")
            && bobs.contains("Game ended........ Sun 1 Mar 2026 13:00 CET"),
        "{bobs}"
    );
    let alices = flat(&env.delivered_to("alice@", "Board 1").text());
    assert!(
        alices.contains("Game started...... Sun 1 Mar 2026 12:00 UTC"),
        "{alices}"
    );
}

#[test]
fn the_digest_comes_at_the_players_own_hour_and_says_it() {
    let env = env();
    env.ok(Some("bob"), &["timezone", "America/New_York"]);
    let said = env.ok(Some("bob"), &["digest", "on", "7"]);
    assert!(said.contains("at 07:00 America/New_York time"), "{said}");
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["move", &game, "e2-e4"]);
    // 07:00 in New York on 1 March (EST, UTC-5) is 12:00 UTC, not 07:00.
    at(&env, "2026-03-01T07:00:00Z", None, &["remind"]);
    at(&env, "2026-03-01T11:59:00Z", None, &["remind"]);
    assert!(
        env.queued()
            .iter()
            .all(|(_, s, _)| !s.starts_with("Digest")),
        "{:?}",
        env.queued()
    );
    at(&env, "2026-03-01T12:00:00Z", None, &["remind"]);
    let digest = env.delivered_to("bob@", "Digest");
    assert!(digest.subject().starts_with("Digest Sun 1 Mar 2026 bob"));
    // bob forfeits on 22 March at 12:00 UTC: 08:00 EDT, summer time having
    // begun in New York on the 8th.
    assert!(
        flat(&digest.text()).contains("Deadline: Sun 22 Mar 2026 08:00 EDT"),
        "{}",
        digest.text()
    );
    // Answered by Reply, as every digest.
    env.answer(&digest, "e7-e5");
    assert_eq!(env.query::<u32>("SELECT count(*) FROM turns"), [2]);
}

#[test]
fn a_seek_nobody_took_is_warned_a_day_before_it_expires_in_the_seekers_zone() {
    let env = env();
    env.ok(Some("bob"), &["timezone", "Europe/Berlin"]);
    env.ok(Some("bob"), &["seek", "chess"]);
    let to_bob = |env: &Env| {
        env.queued()
            .into_iter()
            .filter(|(to, s, _)| to.contains("bob@") && s.contains("seek1 expires"))
            .collect::<Vec<_>>()
    };
    // It expires on 15 March at 12:00 UTC, 13:00 in Berlin.
    at(&env, "2026-03-14T11:59:00Z", None, &["remind"]);
    assert!(to_bob(&env).is_empty());
    at(&env, "2026-03-14T13:00:00Z", None, &["remind"]);
    let warned = to_bob(&env);
    assert_eq!(warned.len(), 1, "{warned:?}");
    assert!(
        flat(&warned[0].2)
            .contains("expires on Sun 15 Mar 2026 13:00 CET (0 days 23:00:00 from now)"),
        "{}",
        warned[0].2
    );
    assert!(
        flat(&warned[0].2).contains("chess seek bob PASSWORD"),
        "{}",
        warned[0].2
    );
    at(&env, "2026-03-14T18:00:00Z", None, &["remind"]);
    assert_eq!(to_bob(&env).len(), 1);
    assert_eq!(
        env.query::<u32>("SELECT count(*) FROM seeks WHERE status = 'open'"),
        [1]
    );
}

#[test]
fn an_invitation_is_warned_of_in_the_invited_players_zone() {
    let env = env();
    env.ok(Some("bob"), &["timezone", "America/New_York"]);
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    let invitation = env.delivered_to("bob@", "Invitation");
    // 15 March 12:00 UTC is 08:00 EDT (summer time began on the 8th).
    assert!(
        flat(&invitation.text()).contains("Sun 15 Mar 2026 08:00 EDT"),
        "{}",
        invitation.text()
    );
    at(&env, "2026-03-14T13:00:00Z", None, &["remind"]);
    let invitations: Vec<_> = env
        .queued()
        .into_iter()
        .filter(|(to, s, _)| to.contains("bob@") && s.contains("Invitation"))
        .collect();
    assert_eq!(invitations.len(), 2, "the invitation, then its warning");
    let warning = flat(&invitations[1].2);
    assert!(warning.contains("08:00 EDT"), "{warning}");
    assert!(warning.contains("23:00:00"), "{warning}");
}
