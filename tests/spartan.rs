//! Spartan chess (Fairy-Stockfish's `spartan`): Black's two kings
//! (`dupleCheck`: one may be left in check, not both; a lone king is
//! pseudo-royal), its hoplite (`fmFfcWimA`: a pawn of Black's only, whose
//! first move leaps two squares diagonally over anything), Black's own
//! promotions (`promotionPieceTypesBlack`, a king only while Black has
//! fewer than two: `promotionLimit = k:2`), measured against
//! Fairy-Stockfish; its help page; and a game by mail in which Black
//! leaves a king in check, loses it, and mates with its warlord.

use crate::util::reply_to;
use boserv::rules::find_variant;

/// boserv's legal turns in `fen`, in UCI, sorted.
fn legal(fen: &str) -> Vec<String> {
    crate::defined::legal_as("spartan", fen, crate::defined::uci)
}

/// Each position's legal moves are pyffish 0.0.90's (`legal_moves`), in
/// its notation, sorted.
#[test]
fn spartan_kings_and_hoplites_as_fairy_stockfish() {
    let cases = [
        // The hoplite's first move leaps over the pawns on d6 and f6; it
        // may not step straight ahead, nor capture diagonally.
        (
            "4k3/4h3/3P1P2/8/8/8/8/4K3 b - - 0 1",
            "e7c5 e7g5 e8d7 e8d8 e8f7 e8f8",
        ),
        // With two kings, the one on a8 may be left in check by the rook:
        // the hoplites promote elsewhere, but not to a third king.
        (
            "k3k3/8/8/8/8/8/h6h/R3K3 b - - 0 1",
            "a2a1c a2a1g a2a1l a2a1w a2b1c a2b1g a2b1l a2b1w a8a7 a8b7 a8b8 \
             e8d7 e8d8 e8e7 e8f7 e8f8 h2g1c h2g1g h2g1l h2g1w",
        ),
        // With one king, a hoplite may become a second one; the lone
        // king may not step into the rook's file.
        (
            "k7/8/8/8/8/8/h7/4K3 b - - 0 1",
            "a2b1c a2b1g a2b1k a2b1l a2b1w a8a7 a8b7 a8b8",
        ),
        // Both kings attacked: a move must free one of them (not h8-g7,
        // still on the bishop's diagonal, nor a8-a7, on the rook's file).
        ("k6k/8/8/8/8/8/1B6/R3K3 b - - 0 1", "a8b7 a8b8 h8g8 h8h7"),
        // A king may block the other's check: b8-a7 is no move (both
        // attacked), a8-b7 shields b8 from the queen.
        (
            "kk6/8/1Q6/8/8/8/8/4K3 b - - 0 1",
            "a8b7 b8a7 b8b7 b8c7 b8c8",
        ),
        // White's one king may not step where the general (rook and
        // ferz) attacks it.
        ("2k5/8/8/8/8/8/8/2R1K2g w - - 0 1", "e1d2 e1e2 e1f2"),
    ];
    for (fen, theirs) in cases {
        let mut theirs: Vec<&str> = theirs.split_whitespace().collect();
        theirs.sort();
        assert_eq!(legal(fen), theirs, "{fen}");
    }
}

/// Both kings attacked with no move is mate (pyffish: -32000); with only
/// one of them attacked, a move of the other frees nothing and the king
/// in check moves.
#[test]
fn both_kings_attacked_without_a_move_is_mate() {
    let game = find_variant("spartan").unwrap();
    let mated = game
        .from_fen(&[], "k6k/2Q5/8/8/8/8/1B6/R3K1R1 b - - 0 1")
        .unwrap();
    assert!(mated.legal_turns(None).is_empty());
    let outcome = mated.outcome().unwrap();
    assert_eq!(outcome.points, vec![2, 0]);
    assert_eq!(outcome.ending, boserv::rules::Ending::Checkmate);
    let one = game
        .from_fen(&[], "k6k/2Q5/8/8/8/8/8/R3K1R1 b - - 0 1")
        .unwrap();
    assert_eq!(one.outcome(), None);
    let why = one.play("Kh8-h7", None).unwrap_err().to_string();
    assert!(why.contains("every one of your kings attacked"), "{why}");
}

#[test]
fn the_help_page_says_the_hoplite_and_the_kings() {
    let help = find_variant("spartan").unwrap().help();
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for phrase in [
        "H H piece: fmFfcWimA",
        "W archbishop",
        "G bers",
        "may leave one of them attacked, not all of them at once",
        "Black's H promotes on rank 1 to one of KGWLC",
    ] {
        assert!(words.contains(phrase), "{phrase}: {help}");
    }
}

/// A game of Spartan chess by Reply to the board mails. A hoplite's
/// first move leaps (e7-c5); a straight step is refused in words and
/// changes nothing. White's knight checks the king on c8; Black, with
/// two kings, answers elsewhere (h7-g6), and the knight takes the king.
/// Black, left with one, mates with its warlord on h4. The stored
/// position is pyffish's FEN after the same moves.
#[test]
fn spartan_is_played_by_mail_to_a_warlords_mate() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("spartan", "alice", "bob");
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    reply("alice", "Nb1-c3");
    let board = env.delivered_to("bob@", "Board 1");
    let error = env.mail_refused(&reply_to(&board, "d7-d6"));
    assert!(
        error.contains("moves straight ahead only to capture"),
        "{error}"
    );
    assert_eq!(env.query::<String>("SELECT text FROM turns").len(), 1);
    let moves = [
        "e7-c5", "Nc3-d5", "Wg8-f6", "Nd5-b6", "h7-g6", "Nb6xc8", "Cd8xc8", "f2-f3", "a7-b6",
        "g2-g4",
    ];
    for (i, mv) in moves.iter().enumerate() {
        reply(["bob", "alice"][i % 2], mv);
    }
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    let board = env.delivered_to("bob@", "Board 1").text();
    assert!(board.contains("g2-g4"), "White's last move: {board}");
    reply("bob", "Wf6-h4");
    crate::defined::assert_game_over(
        &env,
        "0-1",
        Some("checkmate"),
        "lgc1ck1l/1hhh1hh1/1h4h1/2h5/6Pw/5P2/PPPPP2P/R1BQKBNR w KQ - 1 7",
    );
}

/// The computer player plays Spartan chess at every level (a short game
/// of each level against itself, a small budget for the test's time),
/// and from level 2 finds the warlord's mate in one of the mail game
/// (f6-h4, pyffish's only mating move there).
#[test]
fn the_bot_plays_spartan_and_mates_in_one() {
    use boserv::bot::{Level, choose_within};
    crate::defined::bot_plays_every_level("spartan", 3, 12);
    let spartan = find_variant("spartan").unwrap();
    let before = "lgc1ck1l/1hhh1hh1/1h3wh1/2h5/6P1/5P2/PPPPP2P/R1BQKBNR b KQ - 0 6";
    for level in 2..=5 {
        let level = Level::new(level).unwrap();
        let pos = spartan.from_fen(&[], before).unwrap();
        let budget = crate::defined::small_budget(level, 3);
        let choice = choose_within(spartan, &*pos, None, level, budget, 11).unwrap();
        let after = pos.apply(&choice.turn, None).unwrap();
        let points = after.outcome().map(|o| o.points);
        assert_eq!(points, Some(vec![0, 2]), "level {level:?}");
    }
}
