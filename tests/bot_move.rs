//! `boserv bot-move`: the computer player's turn from the shell, without a
//! database: canonical on the last line, repeatable by seed, a legal turn
//! that `moves` lists, and a clear refusal for what it cannot do.

use crate::util::Env;

fn last(out: &str) -> &str {
    out.lines().last().unwrap_or("")
}

#[test]
fn bot_move_mates_in_one_and_prints_the_turn_last() {
    let env = Env::new();
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let out = env.ok(None, &["bot-move", "chess", "--fen", fen, "--level", "2"]);
    assert_eq!(last(&out), "Ra1-a8");
}

#[test]
fn bot_move_is_legal_and_repeatable_in_every_game() {
    let env = Env::new();
    for (game, roll) in [
        ("chess", None),
        ("bochess", None),
        ("orphic", None),
        ("orthodia", None),
        ("orthodia-simple", None),
        ("rebellion", None),
        ("squirm", None),
        ("orwell", Some("1,3")),
    ] {
        let mut args = vec!["bot-move", game, "--level", "1", "--seed", "9"];
        let mut moves = vec!["moves", game];
        if let Some(r) = roll {
            args.extend(["--roll", r]);
            moves.extend(["--roll", r]);
        }
        let first = env.ok(None, &args);
        let again = env.ok(None, &args);
        assert_eq!(last(&first), last(&again), "{game}");
        let legal = env.ok(None, &moves);
        let turn = last(&first);
        let turn = turn.strip_prefix("1,3: ").unwrap_or(turn);
        assert!(legal.lines().any(|l| l == turn), "{game}: {turn}");
    }
}

#[test]
fn bot_move_refuses_what_it_cannot_do() {
    let env = Env::new();
    let out = env.run(None, &["bot-move", "orwell"]);
    assert_ne!(out.status.code(), Some(0));
    let mated = "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1";
    let out = env.run(None, &["bot-move", "chess", "--fen", mated]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim(),
        "boserv: the game is over: there is no turn to play"
    );
    let out = env.run(None, &["bot-move", "chess", "--level", "6"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a bot level is a number from 1 to 5"));
}
