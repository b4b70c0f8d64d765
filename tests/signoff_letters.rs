//! Issue 43: a `signoff` tells each player concerned once. A player who
//! leaves many games at once ends every game where it is their turn, each
//! ending as any signoff's (its record, its result, its reason), and each
//! other player of those games gets one letter naming them (the first 30,
//! the rest counted): never one mail per game, and nothing else is sent.
//! The command itself ends no game and writes only the letters of the
//! challenges it cancels: the next `remind` ends the games and writes the
//! letters (src/service/accounts/signoff.rs says why).

use crate::util::Env;

/// Games between alice (White, to move) and `black`.
fn games_with(env: &Env, black: &str, n: usize) -> Vec<String> {
    (0..n)
        .map(|_| env.challenge("chess", "alice", black))
        .collect()
}

fn board(game: &str) -> String {
    format!("Chess board {}:", game.trim_start_matches("game"))
}

#[test]
fn a_player_in_many_games_signs_off_and_each_opponent_gets_one_letter() {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol", "dave", "erin"]);
    let with_bob = games_with(&env, "bob", 34);
    let with_carol = games_with(&env, "carol", 2);
    // bob to move: alice forfeits it when his move hands her the turn.
    let bobs_turn = env.challenge("chess", "bob", "alice");
    // A challenge dave has not answered yet.
    let out = env.ok(Some("alice"), &["challenge", "chess", "alice", "dave"]);
    let invitation = out.lines().last().unwrap().to_string();
    // erin plays elsewhere and hears nothing.
    env.challenge("chess", "bob", "erin");
    let before = env.queued().len();
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <bye@example.test>\r\n\
         Subject: multiple\r\n\r\nsignoff alice secret\r\n",
    );
    let now = env.queued().split_off(before);
    let mut to: Vec<&str> = now.iter().map(|(to, _, _)| to.as_str()).collect();
    to.sort();
    // The answer to alice and the letter of the challenge cancelled; the
    // games go on until `remind`.
    assert_eq!(
        to,
        [r#"["alice@example.test"]"#, r#"["dave@example.test"]"#],
        "{now:#?}"
    );
    assert_eq!(env.json(&with_bob[0])["status"], "active");
    let before = env.queued().len();
    let summary = env.ok(None, &["remind"]);
    assert!(
        summary.contains("36 games left by signoffs, 2 vacation or signoff letters"),
        "{summary}"
    );
    let mut sent = env.queued().split_off(before);
    let mut to: Vec<&str> = sent.iter().map(|(to, _, _)| to.as_str()).collect();
    to.sort();
    // Then one letter to each other player concerned.
    assert_eq!(
        to,
        [r#"["bob@example.test"]"#, r#"["carol@example.test"]"#],
        "{sent:#?}"
    );
    sent.extend(now);
    let letter = |who: &str| {
        sent.iter()
            .find(|(to, _, _)| to.contains(who))
            .map(|(_, subject, body)| (subject.clone(), body.clone()))
            .unwrap()
    };
    let (subject, body) = letter("bob@");
    assert_eq!(
        subject,
        "alice signed off: 34 of your games with alice are over"
    );
    assert_eq!(
        body.matches(": 0-1 (player signed off)").count(),
        30,
        "{body}"
    );
    assert!(body.contains("and 4 more"), "{body}");
    assert!(body.contains(&board(&with_bob[0])), "{body}");
    assert!(!body.contains(&board(&bobs_turn)), "{body}");
    assert!(!body.contains("cancelled"), "{body}");
    let (subject, body) = letter("carol@");
    assert_eq!(
        subject,
        "alice signed off: 2 of your games with alice are over"
    );
    for game in &with_carol {
        assert!(body.contains(&board(game)), "{body}");
    }
    assert!(!body.contains(&board(&with_bob[0])), "{body}");
    let (subject, body) = letter("dave@");
    assert_eq!(subject, "alice signed off");
    assert!(body.contains("cancelled"), "{body}");
    assert!(
        body.contains(&format!(
            "Chess board {}",
            invitation.trim_start_matches("game")
        )),
        "{body}"
    );
    // Every game where it was her turn is over, as any signoff ends it.
    for game in with_bob.iter().chain(&with_carol) {
        let json = env.json(game);
        assert_eq!(json["status"], "over", "{json}");
        assert_eq!(json["result"], "0-1", "{json}");
        assert_eq!(json["reason"], "player signed off", "{json}");
    }
    let history = env.ok(None, &["history", &with_bob[33]]);
    assert!(
        history.contains("forfeits (player signed off)"),
        "{history}"
    );
    assert_eq!(env.json(&invitation)["status"], "cancelled");
    // The game where it was bob's turn goes on until his move.
    assert_eq!(env.json(&bobs_turn)["status"], "active");
    env.ok(Some("bob"), &["move", &bobs_turn, "e2-e4"]);
    assert_eq!(env.json(&bobs_turn)["reason"], "player signed off");
}

/// Outside the per-mail bound of 10, a `signoff` writes one letter per
/// player concerned however many games it ends: eleven players, one
/// letter each, not one per game.
#[test]
fn a_signoff_writes_one_letter_per_player_concerned_not_per_game() {
    let env = Env::new();
    let others: Vec<String> = (1..=11).map(|n| format!("p{n}")).collect();
    let mut users = vec!["alice"];
    users.extend(others.iter().map(String::as_str));
    env.signup(&users);
    for other in &others {
        games_with(&env, other, 2);
    }
    let before = env.queued().len();
    env.ok(Some("alice"), &["signoff"]);
    env.ok(None, &["remind"]);
    let sent = env.queued().split_off(before);
    assert_eq!(sent.len(), others.len(), "{sent:#?}");
    for other in &others {
        let to = format!(r#"["{other}@example.test"]"#);
        assert_eq!(sent.iter().filter(|(t, _, _)| *t == to).count(), 1, "{to}");
    }
    let over: Vec<i64> = env.query("SELECT count(*) FROM games WHERE status = 'over'");
    assert_eq!(over[0], 22);
}
