//! Chess games cached by a build from before chess joined the shared
//! chess-like core: their position text (`fen …`, `history …` with Zobrist
//! keys since the last capture or pawn move) is no longer what the core
//! writes or reads. Loading such a game replays its turn log instead, so an
//! existing database keeps working: the game shows, takes its next move,
//! and the repetition its old keys recorded still counts.

use crate::util::Env;

/// The position the previous build cached after `Nf3 Nf6 Ng1 Ng8 Nf3 Nf6
/// Ng1` (written by that build, copied verbatim).
const OLD_CACHE: &str = "fen rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4\n\
history 79923c9a1cbd077a,e7ba00b1cd983889,c04636723128fc27,5e6e0a59e00dc3d4,\
79923c9a1cbd077a,e7ba00b1cd983889,c04636723128fc27\nlast Nf3-g1\n";

fn cached(env: &Env) -> String {
    env.query("SELECT position FROM games").remove(0)
}

#[test]
fn a_chess_game_cached_by_an_older_build_replays_its_log() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"];
    env.play(&game, ["alice", "bob"], 1, &shuffle);
    let now = cached(&env);
    assert!(now.contains(" | Nf3-g1 | "), "{now}");
    rusqlite::Connection::open(&env.db)
        .unwrap()
        .execute("UPDATE games SET position = ?1", [OLD_CACHE])
        .unwrap();
    let json = env.json(&game);
    assert_eq!(json["status"], "active");
    assert_eq!(json["to_move"], "bob");
    assert!(
        env.ok(None, &["show", &game]).contains("Last move: Nf3-g1"),
        "the board is the replayed one"
    );
    // Ng8 makes the start position's third occurrence.
    env.play(&game, ["alice", "bob"], 8, &["Ng8"]);
    let json = env.json(&game);
    assert_eq!(json["status"], "over");
    assert_eq!(json["result"], "1/2-1/2");
    assert_eq!(json["reason"], "threefold repetition");
    assert!(!cached(&env).starts_with("fen "), "the move wrote it anew");
}
