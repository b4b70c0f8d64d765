//! Ratings (issue 26): Glicko-2 per game type, `standings`, `ratings`,
//! `history VARIANT`, rated and unrated games, the ratings in board and
//! game-over mails, `ratings --rebuild` — in the shell and by mail, with
//! each refusal one line that changes nothing.

use crate::util::Env;

/// The mail to `user` whose Subject contains `subject`, newest first.
fn mail_to(env: &Env, user: &str, subject: &str) -> String {
    env.queued()
        .into_iter()
        .rev()
        .find(|(to, s, _)| to.contains(user) && s.contains(subject))
        .map(|(_, _, body)| body)
        .unwrap_or_else(|| panic!("no mail to {user} about {subject}"))
}

/// Sends `subject` by mail from `user`; returns the answer's body.
fn ask(env: &Env, user: &str, id: &str, subject: &str) -> String {
    env.mail(&format!(
        "From: {user}@example.test\r\nMessage-ID: <{id}@example.test>\r\n\
         Subject: {subject}\r\n\r\n"
    ));
    env.queued()
        .into_iter()
        .rev()
        .find(|(to, s, _)| to.contains(user) && s.contains(subject))
        .map(|(_, _, body)| body)
        .unwrap_or_else(|| panic!("no answer to {subject}"))
}

#[test]
fn a_finished_game_rates_both_players_and_every_list_shows_it() {
    let env = Env::new();
    env.signup(&["carol"]);
    let game = env.fools_mate();
    // Board mails say the game is rated, with each player's rating.
    let board = mail_to(&env, "alice", "Board 1 bob");
    assert!(
        board.contains("\nRated game: alice 1500?, bob 1500?.\n"),
        "{board}"
    );
    // The game-over mail: each change (Glicko-2, two new players).
    let over = mail_to(&env, "bob", "Board 1 over");
    assert!(
        over.contains("\nRated game: alice 1500? → 1338?, bob 1500? → 1662?.\n"),
        "{over}"
    );
    let standings = env.ok(None, &["standings", "chess"]);
    assert!(standings.contains("Provisional\n"), "{standings}");
    assert!(!standings.contains("Established"), "{standings}");
    let bob = standings.find("bob").unwrap();
    assert!(bob < standings.find("alice").unwrap(), "{standings}");
    assert!(standings.contains("   1 bob     1662?  290"), "{standings}");
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["standings", "chess", "--format", "json"])).unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["userid"], "bob");
    assert_eq!(rows[0]["wins"], 1);
    assert_eq!(rows[0]["games"], 1);
    assert_eq!(rows[0]["provisional"], true);
    assert_eq!(rows[1]["losses"], 1);
    for key in ["rating", "rd", "volatility", "draws"] {
        assert!(rows[0][key].is_number(), "{key}: {json}");
    }
    assert!((rows[0]["rating"].as_f64().unwrap() - 1662.31).abs() < 0.01);
    // Another pool is empty; carol has no rated game.
    let empty = env.ok(None, &["standings", "orwell"]);
    assert!(empty.contains("no rated games yet"), "{empty}");
    let ratings = env.ok(None, &["ratings", "bob"]);
    assert!(
        ratings.contains("chess            1662?  290     1    1    0     0"),
        "{ratings}"
    );
    assert_eq!(env.ok(Some("bob"), &["ratings"]), ratings);
    assert!(
        env.ok(None, &["ratings", "carol"])
            .contains("carol has no rated games yet")
    );
    let history = env.ok(None, &["history", "chess"]);
    assert!(
        history.contains("2026-03-01 12:00  game1  alice-bob  0-1  checkmate\n"),
        "{history}"
    );
    // `history GAME` is still the game's own turns.
    assert!(env.ok(None, &["history", &game]).contains("Qd8-h4"));
    // The operator's rebuild gives the same standings.
    assert_eq!(
        env.ok(None, &["ratings", "--rebuild"]).trim_end(),
        "ratings rebuilt from 1 rated game"
    );
    assert_eq!(env.ok(None, &["standings", "chess"]), standings);
}

#[test]
fn an_unrated_game_changes_no_rating_and_says_so() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.ok(None, &["challenge", "chess", "alice", "bob", "--unrated"]);
    assert!(mail_to(&env, "bob", "New Chess Board 1").contains("\nUnrated game.\n"));
    env.play(
        "game1",
        ["alice", "bob"],
        1,
        &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"],
    );
    assert!(mail_to(&env, "alice", "Board 1 over").contains("\nUnrated game.\n"));
    assert!(
        env.ok(None, &["standings", "chess"])
            .contains("no rated games yet")
    );
    assert!(
        env.ok(None, &["history", "chess"])
            .contains("0-1  checkmate (unrated)"),
        "the history marks it"
    );
    assert_eq!(env.query::<i64>("SELECT rated FROM games"), vec![0]);
}

#[test]
fn bad_rating_commands_are_refused_in_one_line() {
    let env = Env::new();
    env.fools_mate();
    // A line the language cannot read: a usage error (exit 2).
    for (args, why) in [
        (
            &["history", "chess", "page", "x"][..],
            "page: write a number from 1, not x",
        ),
        (
            &["standings", "chess", "extra"][..],
            "too many words after `chess`",
        ),
    ] {
        let before = env.dump();
        let out = env.run(None, args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with(&format!("boserv: {why}")), "{stderr}");
        assert_eq!(env.dump(), before);
    }
    let cases: [(&[&str], &str); 4] = [
        (&["standings", "checkers"], "unknown variant: checkers"),
        (
            &["history", "chess", "page", "2"],
            "there is no page 2: 1 page of finished chess games",
        ),
        (&["ratings", "nobody"], "no such user: nobody"),
        (&["ratings"], "name a user: ratings USERID"),
    ];
    for (args, why) in cases {
        let refused = env.refused(None, args);
        assert!(refused.starts_with(why), "{args:?}: {refused}");
    }
    let refused = env.refused(
        Some("alice"),
        &["challenge", "chess", "alice", "bob", "--unrated=yes"],
    );
    assert_eq!(
        refused,
        "unrated: takes no value (write --unrated, not yes)"
    );
}

#[test]
fn by_mail_the_same_verbs_answer_and_the_rebuild_is_refused() {
    let env = Env::new();
    env.fools_mate();
    let standings = ask(&env, "alice", "s1", "chess standings");
    assert!(standings.contains("Chess standings"), "{standings}");
    assert!(standings.contains("   1 bob     1662?  290"), "{standings}");
    let history = ask(&env, "alice", "h1", "chess history");
    assert!(
        history.contains("game1  alice-bob  0-1  checkmate"),
        "{history}"
    );
    // With a board number it is that board's turns.
    let turns = ask(&env, "alice", "h2", "chess history 1");
    assert!(turns.contains("Qd8-h4"), "{turns}");
    let ratings = ask(&env, "alice", "r1", "ratings bob");
    assert!(ratings.contains("1662?"), "{ratings}");
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <r2@example.test>\r\n\
         Subject: ratings --rebuild\r\n\r\n",
    );
    let (_, refused) = env.last_mail_to("alice");
    assert!(
        refused.contains("ratings --rebuild is for the operator, in the shell"),
        "{refused}"
    );
    // The help says what a rating is, and the period.
    let help = env.ok(None, &["help", "ratings"]);
    assert!(help.contains("Glicko-2"), "{help}");
    assert!(
        help.contains("A rating period without a game is 30 days"),
        "{help}"
    );
}

/// Every way a game ends rates it once, in the ending's own command:
/// resignation, agreement, and a loss on time found by `remind`.
#[test]
fn each_ending_rates_the_game_once() {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    let resigned = env.challenge("chess", "alice", "bob");
    env.play(&resigned, ["alice", "bob"], 1, &["e2-e4", "e7-e5"]);
    env.ok(Some("alice"), &["resign", &resigned]);
    let agreed = env.challenge("chess", "bob", "carol");
    env.play(&agreed, ["bob", "carol"], 1, &["e2-e4"]);
    env.ok(Some("carol"), &["draw", &agreed, "offer"]);
    env.ok(Some("bob"), &["draw", &agreed, "accept"]);
    let timed = env.challenge("chess", "carol", "alice");
    env.play(&timed, ["carol", "alice"], 1, &["e2-e4"]);
    env.cmd(None)
        .env("BOSERV_NOW", "2026-04-01T12:00:00Z")
        .arg("remind")
        .assert()
        .success();
    let per_game: Vec<i64> =
        env.query("SELECT count(*) FROM rating_changes GROUP BY game ORDER BY game");
    assert_eq!(per_game, vec![2, 2, 2]);
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["standings", "chess", "--format", "json"])).unwrap();
    let record = |user: &str| {
        let row = json
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["userid"] == user)
            .unwrap();
        (
            row["wins"].clone(),
            row["losses"].clone(),
            row["draws"].clone(),
        )
    };
    assert_eq!(record("alice"), (0.into(), 2.into(), 0.into()));
    assert_eq!(record("bob"), (1.into(), 0.into(), 1.into()));
    assert_eq!(record("carol"), (1.into(), 0.into(), 1.into()));
    let history = env.ok(None, &["history", "chess"]);
    assert!(
        history.contains("game3  carol-alice  1-0  time forfeit"),
        "{history}"
    );
    assert!(
        history.contains("game2  bob-carol  1/2-1/2  agreement"),
        "{history}"
    );
    assert!(
        history.contains("game1  alice-bob  0-1  resignation"),
        "{history}"
    );
}
