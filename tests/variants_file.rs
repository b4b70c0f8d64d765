//! The operator's own games (issue 46): a variants file of theirs
//! (`config set variants-file PATH`) is offered with the library, a bad
//! section refused with its reason while the rest is played, and a game
//! keeps the definition it started with: an edit of the file mid-game
//! changes nothing for it. Played by mail, by Reply to the board mails the
//! server sent.

use crate::util::Env;

/// The club's file: knights that ride on (nightriders), the amazon
/// (queen and knight in one) in the queen's place, and a section boserv
/// cannot play.
const CLUB: &str = "# Our club's games\n\
                    [riders:chess]\n\
                    customPiece1 = n:NN\n\
                    \n\
                    [amazons:chess]\n\
                    queen = -\n\
                    amazon = q\n\
                    \n\
                    [xiangqi-ish:chess]\n\
                    flyingGeneral = true\n";

/// The file as edited later: the chancellor (rook and knight) in the
/// amazon's place.
const CLUB_EDITED: &str = "[amazons:chess]\n\
                           queen = -\n\
                           chancellor = q\n\
                           \n\
                           [riders:chess]\n\
                           customPiece1 = n:NN\n";

fn club(env: &Env, text: &str) -> String {
    let path = env.dir.path().join("club.ini");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `user` answers the newest mail with a reply token they were sent (the
/// board mail that says it is their turn), which must be done.
fn reply(env: &Env, user: &str, body: &str) {
    env.answer(&env.token_mail(user), body);
}

#[test]
fn an_operators_game_is_offered_and_played_by_mail_to_its_end() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let path = club(&env, CLUB);
    let said = env.ok(None, &["config", "set", "variants-file", &path]);
    assert!(said.contains("2 games offered: riders amazons"), "{said}");
    assert!(
        said.contains(
            "refused [xiangqi-ish] line 10: boserv does not support the key flyingGeneral"
        ),
        "{said}"
    );
    // By mail, `variants` lists it after the library's games.
    env.mail_done(
        "From: alice@example.test\r\nMessage-ID: <v1@example.test>\r\nSubject: variants\r\n\r\n",
    );
    let list = env.delivered().pop().unwrap().text();
    assert!(list.contains("riders"), "{list}");
    assert!(list.contains("amazons"), "{list}");
    assert!(list.contains("capablanca"), "{list}");
    assert!(!list.contains("xiangqi-ish"), "{list}");
    let help = env.ok(None, &["help", "riders"]);
    assert!(help.contains("NN"), "{help}");

    env.challenge("riders", "alice", "bob");
    let kept = env.query::<String>("SELECT source FROM game_definitions WHERE game = 1");
    assert_eq!(kept, ["[riders:chess]\ncustomPiece1 = n:NN\n\n"]);
    reply(&env, "alice", "f2-f3");
    reply(&env, "bob", "e7-e5");
    reply(&env, "alice", "g2-g4");
    // No nightrider of White's reaches f2 or g3: the fool's mate stands.
    reply(&env, "bob", "d8-h4\nRiders are slow to help.");
    let game = env.json("1");
    assert_eq!(game["status"], "over", "{game}");
    assert_eq!(game["result"], "0-1", "{game}");
    assert_eq!(
        env.query::<String>("SELECT text FROM turns ORDER BY ply"),
        ["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"]
    );
    let last = env.delivered_to("alice@", "Board 1");
    assert!(last.text().contains("0-1"), "{}", last.text());
    assert!(last.text().contains("Riders are slow"), "{}", last.text());
}

#[test]
fn an_edit_of_the_file_mid_game_changes_nothing_for_that_game() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let path = club(&env, CLUB);
    env.ok(None, &["config", "set", "variants-file", &path]);
    env.challenge("amazons", "alice", "bob");
    reply(&env, "alice", "f2-f3");
    reply(&env, "bob", "e7-e5");
    reply(&env, "alice", "g2-g4");

    // The operator turns the amazon into a chancellor meanwhile.
    let said = env.ok(
        None,
        &["config", "set", "variants-file", &club(&env, CLUB_EDITED)],
    );
    assert!(said.contains("2 games offered: amazons riders"), "{said}");
    let help = env.ok(None, &["help", "amazons"]);
    assert!(help.to_lowercase().contains("chancellor"), "{help}");

    // Game 1 plays on by the amazon it started with: her diagonal check
    // stands, and White blocks it with a knight's leap of his own amazon.
    reply(&env, "bob", "d8-h4");
    reply(&env, "alice", "d1-f2");
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    assert_eq!(
        env.query::<String>("SELECT text FROM turns WHERE game = 1 ORDER BY ply"),
        ["f2-f3", "e7-e5", "g2-g4", "Qd8-h4", "Qd1-f2"]
    );
    assert_eq!(
        env.query::<String>("SELECT source FROM game_definitions WHERE game = 1"),
        ["[amazons:chess]\nqueen = -\namazon = q\n\n"]
    );

    // A game started now plays by the file as it is: the chancellor has
    // no diagonal, and the new game is offered.
    env.challenge("amazons", "alice", "bob");
    env.play("2", ["alice", "bob"], 1, &["f2-f3", "e7-e5", "g2-g4"]);
    let refused = env.refused(Some("bob"), &["move", "2", "d8-h4#4"]);
    assert!(refused.contains("d8-h4"), "{refused}");
    assert_eq!(
        env.query::<String>("SELECT source FROM game_definitions WHERE game = 2"),
        ["[amazons:chess]\nqueen = -\nchancellor = q\n\n"]
    );
}

#[test]
fn a_variants_file_that_cannot_be_read_is_refused_and_nothing_is_stored() {
    let env = Env::new();
    env.signup(&["alice"]);
    let missing = env.dir.path().join("nowhere.ini");
    let out = env.run(
        None,
        &["config", "set", "variants-file", missing.to_str().unwrap()],
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("cannot read"), "{stderr}");
    assert!(env.query::<String>("SELECT name FROM settings").is_empty());
}
