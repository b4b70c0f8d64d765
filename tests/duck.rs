//! Duck chess (Fairy-Stockfish's `duck`, `wallingRule = duck`) by mail:
//! a turn is the move, then the duck's square (`e2-e4 @a6`); the boards
//! the players get show the duck, a turn without it or with the duck
//! where it may not go is refused in words and changes nothing, and the
//! game ends when a king is taken, the stored position Fairy-Stockfish's
//! FEN after the same turns.

use crate::util::reply_to;

#[test]
fn duck_chess_is_played_by_mail_to_the_king_taken() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("duck", "alice", "bob");
    let board = env.delivered_to("alice@", "Board 1");
    let error = env.mail_refused(&reply_to(&board, "e2-e4"));
    assert!(
        error.contains("say where the duck goes after your move, as in e2-e4 @d5"),
        "{error}"
    );
    assert!(env.query::<String>("SELECT text FROM turns").is_empty());
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    reply("alice", "e2-e4 @a6");
    assert_eq!(
        env.query::<String>("SELECT text FROM turns"),
        ["e2-e4, @a6"]
    );
    // Bob's board shows the duck (a piece of nobody's: `(*)` in the text,
    // a chip named as the duck in the HTML part).
    let board = env.delivered_to("bob@", "Board 1");
    assert!(board.text().contains("(*)"), "{}", board.text());
    let html = mail_parser::MessageParser::default()
        .parse(board.raw.as_bytes())
        .and_then(|m| m.body_html(0).map(|h| h.into_owned()))
        .unwrap_or_default();
    assert!(html.contains("aria-label=\"Neutral duck, a6\""), "{html}");
    // The duck must move: a6 is refused, and nothing changes.
    let error = env.mail_refused(&reply_to(&board, "f7-f6 @a6"));
    assert!(
        error.contains("the duck stands on a6: it must move to another empty square"),
        "{error}"
    );
    assert_eq!(env.query::<String>("SELECT text FROM turns").len(), 1);
    reply("bob", "f7-f6 @a3");
    reply("alice", "Qd1-h5 @b3");
    reply("bob", "h7-h6 @c3");
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    // The queen takes the king (there is no check in Duck chess), and
    // the duck goes on once more.
    reply("alice", "Qh5xe8 @d3");
    crate::defined::assert_game_over(
        &env,
        "1-0",
        None,
        "rnbqQbnr/ppppp1p1/5p1p/8/4P3/3*4/PPPP1PPP/RNB1KBNR b KQ - 0 3",
    );
    // The record's turns, duck and all, replay to the same end.
    let record = env.ok(None, &["export", "1"]);
    assert!(record.contains("Qh5xe8, @d3"), "{record}");
    let file = env.dir.path().join("duck.pgn");
    std::fs::write(&file, &record).unwrap();
    let out = env.run(None, &["replay", "duck", file.to_str().unwrap()]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8(out.stderr).unwrap()
    );
    assert!(stdout.contains("1-0"), "{stdout}");
}

/// The computer player plays Duck chess at every level (a short game of
/// each level against itself, a small budget for the test's time: each
/// position has about a thousand turns), and from level 2 takes a king
/// left to be taken, the duck placed after.
#[test]
fn the_bot_plays_duck_chess_and_takes_a_king_left_to_be_taken() {
    use boserv::bot::{Level, choose_within};
    use boserv::rules::find_variant;
    crate::defined::bot_plays_every_level("duck", 2, 8);
    let duck = find_variant("duck").unwrap();
    let hunted = "rnbqkbnr/ppppp1p1/5p1p/7Q/4P3/2*5/PPPP1PPP/RNB1KBNR w KQkq - 0 3";
    for level in 2..=5 {
        let level = Level::new(level).unwrap();
        let pos = duck.from_fen(&[], hunted).unwrap();
        let budget = crate::defined::small_budget(level, 2);
        let choice = choose_within(duck, &*pos, None, level, budget, 4).unwrap();
        let text = pos.turn_text(&choice.turn);
        assert!(text.starts_with("Qh5xe8, @"), "level {level:?}: {text}");
    }
}
