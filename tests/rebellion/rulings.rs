//! One scenario per ruling of RULES.md "Rebellion Chess and Squirm Chess",
//! each with its illegal (or opposite) twin.

use super::{at, play, play_all, refusal, start, turns_from};
use boserv::rules::Ending;

/// Black's piece alone on d5 (White to move) or White's on e4 (Black to
/// move): its rebel squares.
fn rebels_of(game: &str, berolina: bool, fen: &str, from: &str) -> Vec<String> {
    turns_from(&*at(game, berolina, fen), "~")
        .into_iter()
        .filter(|t| t.contains(from) && !t.contains(','))
        .collect()
}

const NOT_REBEL: &str =
    "one square ahead or aside to an empty square it could not reach by its own moves";

#[test]
fn a_pawn_rebels_sideways_only() {
    let fen = "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        rebels_of("rebellion", false, fen, "d5"),
        ["~d5-c5", "~d5-e5"]
    );
    let p = at("rebellion", false, fen);
    // Straight ahead is its move, diagonally ahead its capture.
    assert!(refusal(&*p, "~d5-d4").contains(NOT_REBEL));
    assert!(refusal(&*p, "~d5-c4").contains(NOT_REBEL));
    // White's pawn, rebelled by Black: ahead is up the board.
    let w = "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1";
    assert_eq!(rebels_of("rebellion", false, w, "e4"), ["~e4-d4", "~e4-f4"]);
    assert!(refusal(&*at("rebellion", false, w), "~e4-e3").contains(NOT_REBEL));
}

#[test]
fn a_knight_rebels_to_all_five_squares() {
    let fen = "4k3/8/8/3n4/8/8/P7/7K w - - 0 1";
    assert_eq!(
        rebels_of("rebellion", false, fen, "d5"),
        ["~Nd5-c4", "~Nd5-c5", "~Nd5-d4", "~Nd5-e4", "~Nd5-e5"]
    );
    let p = at("rebellion", false, fen);
    // Never backwards (by its owner's forward), never further than one.
    assert!(refusal(&*p, "~Nd5-d6").contains(NOT_REBEL));
    assert!(refusal(&*p, "~Nd5-e3").contains(NOT_REBEL));
    let w = "4k3/8/8/8/4N3/8/P7/7K b - - 0 1";
    assert_eq!(
        rebels_of("rebellion", false, w, "e4"),
        ["~Ne4-d4", "~Ne4-d5", "~Ne4-e5", "~Ne4-f4", "~Ne4-f5"]
    );
}

#[test]
fn a_bishop_rebels_straight_ahead_and_sideways() {
    let fen = "4k3/8/8/3b4/8/8/P7/7K w - - 0 1";
    assert_eq!(
        rebels_of("rebellion", false, fen, "d5"),
        ["~Bd5-c5", "~Bd5-d4", "~Bd5-e5"]
    );
    let p = at("rebellion", false, fen);
    assert!(refusal(&*p, "~Bd5-c4").contains(NOT_REBEL));
    assert!(refusal(&*p, "~Bd5-e4").contains(NOT_REBEL));
}

#[test]
fn a_rook_rebels_to_the_two_forward_diagonals() {
    let fen = "4k3/8/8/3r4/8/8/P7/7K w - - 0 1";
    assert_eq!(
        rebels_of("rebellion", false, fen, "d5"),
        ["~Rd5-c4", "~Rd5-e4"]
    );
    let p = at("rebellion", false, fen);
    assert!(refusal(&*p, "~Rd5-d4").contains(NOT_REBEL));
    assert!(refusal(&*p, "~Rd5-c5").contains(NOT_REBEL));
}

#[test]
fn queen_and_king_never_rebel() {
    let fen = "4k3/8/8/3q4/8/8/P7/7K w - - 0 1";
    let p = at("rebellion", false, fen);
    assert_eq!(turns_from(&*p, "~"), Vec::<String>::new());
    assert!(refusal(&*p, "~Qd5-d4").contains("a queen one square ahead or aside"));
    assert!(refusal(&*p, "~Ke8-e7").contains("a king one square ahead or aside"));
    assert_eq!(
        refusal(&*p, "~Kh1-h2"),
        "~Kh1-h2: a rebel move moves an enemy piece; the king on h1 is yours"
    );
}

#[test]
fn a_berolina_pawn_rebels_sideways_only() {
    let fen = "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1";
    for game in ["rebellion", "squirm"] {
        let p = at(
            game,
            true,
            &format!("{fen}{}", if game == "squirm" { " d5" } else { "" }),
        );
        let rebels: Vec<String> = turns_from(&*p, "~")
            .into_iter()
            .map(|t| t.split(',').next().unwrap().to_string())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(rebels, ["~d5-c5", "~d5-e5"], "{game}");
        // Diagonally ahead is its move, straight ahead its capture.
        assert!(refusal(&*p, "~d5-c4").contains(NOT_REBEL), "{game}");
        assert!(refusal(&*p, "~d5-d4").contains(NOT_REBEL), "{game}");
    }
}

#[test]
fn a_rebel_move_may_give_check_but_not_leave_ones_own_king_in_check() {
    // Black's knight shuts White's rook off Black's king: moving it aside
    // gives check.
    let p = at("rebellion", false, "4k3/8/8/8/4n3/8/8/4R1K1 w - - 0 1");
    let checked = play(&*p, "~Ne4-d4");
    assert_eq!(
        refusal(&*checked, "Nd4-b3"),
        "Nd4-b3: your king is in check and this does not save it"
    );
    // Black may answer by moving White's rook off the file.
    assert!(checked.legal_turns(None).contains(&"~Re1-d2".to_string()));
    // Moving Black's knight next to White's own king checks that king.
    let q = at("rebellion", false, "4k3/8/8/8/5n2/8/P7/6K1 w - - 0 1");
    assert_eq!(
        refusal(&*q, "~Nf4-f3"),
        "~Nf4-f3: this would leave your king in check"
    );
    assert!(q.legal_turns(None).contains(&"~Nf4-e4".to_string()));
}

#[test]
fn rebel_moves_count_for_mate() {
    // Black's rook on a1 checks along the first rank; in chess this is mate.
    // Black's knight on c2 can be moved into the line: no mate.
    let saved = at("rebellion", false, "4k3/8/8/8/8/8/2n3PP/r6K w - - 0 1");
    assert_eq!(saved.outcome(), None);
    assert_eq!(saved.legal_turns(None), ["~Nc2-b1", "~Nc2-c1", "~Nc2-d1"]);
    let blocked = play(&*saved, "~Nc2-d1");
    assert_eq!(blocked.outcome(), None);
    // Without the knight nothing helps: mate.
    let mated = at("rebellion", false, "4k3/8/8/8/8/8/6PP/r6K w - - 0 1");
    let o = mated.outcome().expect("mate");
    assert_eq!(o.ending, Ending::Checkmate);
    assert_eq!(o.to_string(), "0-1 (checkmate)");
}

#[test]
fn rebel_moves_count_for_stalemate() {
    // Black's king has no move, but Black may move White's knight.
    let p = at("rebellion", false, "k7/8/1Q6/8/8/8/8/2K1N3 b - - 0 1");
    assert_eq!(p.outcome(), None);
    assert_eq!(
        p.legal_turns(None),
        ["~Ne1-d1", "~Ne1-d2", "~Ne1-e2", "~Ne1-f1", "~Ne1-f2"]
    );
    // With nothing to rebel, stalemate.
    let stale = at("rebellion", false, "k7/8/1Q6/8/8/8/8/2K5 b - - 0 1");
    assert_eq!(stale.outcome().unwrap().ending, Ending::Stalemate);
}

#[test]
fn a_rebel_move_can_deliver_mate() {
    // Black's bishop on g7 shields its king from White's bishop on a1;
    // moved straight ahead to g6 it opens the diagonal. No Black piece can
    // block, and White's bishop cannot be moved away: its rebel squares
    // (a2, b1) are taken.
    let fen = "6bk/6bp/8/8/8/8/Q7/BRK5 w - - 0 1";
    let mated = play(&*at("rebellion", false, fen), "~Bg7-g6");
    let o = mated.outcome().expect("mate");
    assert_eq!(o.to_string(), "1-0 (checkmate)");
    // With a Black knight that can block on c3 or f6, the same rebel move
    // is only check.
    let fen = "6bk/6bp/8/8/4n3/8/Q7/BRK5 w - - 0 1";
    let checked = play(&*at("rebellion", false, fen), "~Bg7-g6");
    assert_eq!(checked.outcome(), None);
    assert_eq!(checked.legal_turns(None), ["Ne4-c3", "Ne4-f6"]);
}

#[test]
fn a_squirm_into_check_then_a_move_out_of_it() {
    // White's rook just moved to e2; squirmed to d3 it checks Black's king
    // on d8, which must then leave the d-file.
    let p = at("squirm", false, "3k4/p7/8/8/8/8/4R3/4K3 b - - 0 1 e2");
    let turns = p.legal_turns(None);
    assert!(turns.contains(&"~Re2-d3, Kd8-e7".to_string()), "{turns:?}");
    assert!(!turns.contains(&"~Re2-d3, a7-a6".to_string()), "{turns:?}");
    assert_eq!(
        refusal(&*p, "~Re2-d3, a6"),
        "a6: your king is in check and this does not save it"
    );
    let next = play(&*p, "~Re2-d3, Ke7");
    assert!(next.render().contains("Last move: ~Re2-d3, Kd8-e7"));
}

#[test]
fn a_move_is_illegal_when_its_piece_could_be_squirmed_into_check() {
    // Black's rook checks White's king; the king moved last (g8), so
    // White has no squirm. The queen may block (a queen never squirms);
    // the knight may not: Black would squirm it off the file.
    let fen = "4r1k1/8/8/8/8/2NQ4/8/4K3 w - - 0 1 g8";
    let p = at("squirm", false, fen);
    assert!(p.legal_turns(None).contains(&"Qd3-e3".to_string()));
    assert_eq!(
        refusal(&*p, "Nc3-e4"),
        "Nc3-e4: Black could then squirm your knight from e4 to d5 and check your king"
    );
    // In Rebellion there is no such rule: the knight may block.
    let r = at("rebellion", false, "4r1k1/8/8/8/8/2NQ4/8/4K3 w - - 0 1");
    assert!(r.legal_turns(None).contains(&"Nc3-e4".to_string()));
    // The help's example, word for word.
    let help = boserv::rules::find_variant("squirm").unwrap().help();
    assert!(help.contains("Nc3-e4 does not"), "{help}");
}

#[test]
fn after_castling_nothing_squirms() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let p = at("squirm", false, fen);
    let castled = play(&*p, "Ke1-g1");
    assert_eq!(turns_from(&*castled, "~"), Vec::<String>::new());
    assert!(
        castled
            .render()
            .contains("Squirm: none this turn (White castled)."),
        "{}",
        castled.render()
    );
    // A rook move instead: Black may squirm the rook diagonally ahead.
    let moved = play(&*p, "Rh1-g1");
    assert!(
        turns_from(&*moved, "~").is_empty(),
        "g2 and h2... f2 are taken"
    );
    let open = play(
        &*at(
            "squirm",
            false,
            "r3k2r/pppppppp/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
        ),
        "Rh1-g1",
    );
    let squirms: Vec<String> = turns_from(&*open, "~Rg1-");
    assert!(
        squirms.iter().any(|t| t.starts_with("~Rg1-f2, ")),
        "{squirms:?}"
    );
    assert!(
        open.render()
            .contains("Squirm: Black may first move White's rook on g1: ~Rg1-f2."),
        "{}",
        open.render()
    );
}

#[test]
fn the_promoted_piece_is_the_one_that_squirms() {
    let p = at("squirm", false, "4k3/P6p/8/8/8/8/7P/4K3 w - - 0 1");
    let knight = play(&*p, "a7-a8=N");
    assert!(
        knight
            .legal_turns(None)
            .contains(&"~Na8-b8, Ke8-e7".to_string()),
        "{:?}",
        knight.legal_turns(None)
    );
    assert!(knight.render().contains("White's knight on a8: ~Na8-b8."));
    // A queen never squirms.
    let queen = play(&*p, "a7-a8=Q");
    assert_eq!(turns_from(&*queen, "~"), Vec::<String>::new());
    assert!(
        queen
            .render()
            .contains("Squirm: none this turn (White's queen on a8 has no rebel move).")
    );
}

#[test]
fn white_has_no_squirm_on_the_first_move_black_has() {
    for berolina in [false, true] {
        let p = start("squirm", berolina);
        assert!(turns_from(&*p, "~").is_empty());
        assert!(
            p.render()
                .contains("Squirm: none this turn (nothing has moved yet).")
        );
        let first = if berolina { "e2-d3" } else { "e2-e4" };
        let q = play(&*p, first);
        assert!(!turns_from(&*q, "~").is_empty());
    }
    let q = play(&*start("squirm", false), "e2-e4");
    assert!(q.legal_turns(None).contains(&"~e4-d4, e7-e5".to_string()));
    assert_eq!(
        refusal(&*q, "~d2-e2, e7-e5"),
        "~d2-e2: only the piece that moved last may squirm"
    );
}

#[test]
fn a_pawn_moved_sideways_on_its_second_rank_may_still_double_step() {
    let p = at("rebellion", false, "4k3/3p4/8/8/8/8/8/4K3 w - - 0 1");
    let q = play(&*p, "~d7-e7");
    assert!(q.legal_turns(None).contains(&"e7-e5".to_string()));
    let r = play(&*q, "e7-e5");
    assert!(r.render().contains("Last move: e7-e5"));
    // Off its second rank it goes one square.
    let p = at("rebellion", false, "4k3/8/3p4/8/8/8/8/4K3 w - - 0 1");
    let q = play(&*p, "~d6-e6");
    assert_eq!(
        refusal(&*q, "e6-e4"),
        "e6-e4: after its first move a pawn goes 1 square"
    );
}

#[test]
fn a_rebel_move_makes_no_en_passant_chance_and_ends_one() {
    // Squirm: e2-e4 opens d4xe3; the squirm of the e-pawn ends it.
    let p = at("squirm", false, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let q = play(&*p, "e2-e4");
    assert!(q.legal_turns(None).contains(&"d4xe3".to_string()));
    assert!(
        q.legal_turns(None)
            .iter()
            .all(|t| !t.ends_with("xe3") || !t.starts_with('~'))
    );
    assert!(refusal(&*q, "~e4-f4, d4xe3").starts_with("d4xe3"));
    // Rebellion: a rebel move instead of the capture, and the chance is gone.
    let p = at("rebellion", false, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let q = play(&*p, "e2-e4");
    assert!(q.legal_turns(None).contains(&"d4xe3".to_string()));
    let r = play_all(&*q, &["~e4-f4", "Ke1-e2"]);
    assert!(!r.legal_turns(None).iter().any(|t| t.contains("xe3")));
    // A pawn moved sideways next to an enemy pawn gives no en passant: it
    // passed over nothing.
    let p = at("rebellion", false, "4k3/8/8/3p1P2/8/8/8/4K3 w - - 0 1");
    let q = play_all(&*p, &["~d5-e5", "Ke8-d8"]);
    assert!(!q.legal_turns(None).iter().any(|t| t.contains("xe6")));
}

#[test]
fn a_rook_moved_by_a_rebel_move_has_lost_its_castling_right() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    let p = at("rebellion", false, fen);
    // Black moves White's rook diagonally ahead and back it comes later.
    let q = play_all(&*p, &["~Rh1-g2", "Rg2-h2", "Ke8-d8", "Rh2-h1", "Kd8-e8"]);
    assert!(!q.legal_turns(None).contains(&"Ke1-g1".to_string()));
    assert!(refusal(&*q, "O-O").contains("castling"));
    assert!(q.legal_turns(None).contains(&"Ke1-c1".to_string()));
    // Untouched, it may castle.
    let untouched = play_all(&*p, &["Ke8-d8", "Rh1-h2", "Kd8-e8"]);
    assert!(!untouched.legal_turns(None).contains(&"Ke1-g1".to_string()));
    let q = at("rebellion", false, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(q.legal_turns(None).contains(&"Ke1-g1".to_string()));
}

#[test]
fn a_rebel_pawn_move_resets_the_move_count() {
    let p = at("rebellion", false, "4k3/8/8/3p4/8/8/8/4K3 w - - 99 80");
    let reset = play(&*p, "~d5-c5");
    assert_eq!(reset.outcome(), None);
    let drawn = play(&*p, "Ke1-e2");
    assert_eq!(drawn.outcome().unwrap().ending, Ending::MoveCount);
    // Squirm: a turn with a squirm of a pawn resets it too.
    let s = at("squirm", false, "4k3/8/8/8/4P3/8/8/4K3 b - - 99 80 e4");
    assert_eq!(play(&*s, "~e4-d4, Ke8-e7").outcome(), None);
    assert_eq!(
        play(&*s, "Ke8-e7").outcome().unwrap().ending,
        Ending::MoveCount
    );
}

#[test]
fn repetition_counts_over_the_whole_game() {
    // The pawn goes back and forth by rebel moves: each resets the move
    // count, yet the position comes back, and the third time is a draw.
    let p = at("rebellion", false, "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1");
    let cycle = ["~d5-c5", "Ke8-e7", "~c5-d5", "Ke7-e8"];
    let twice = play_all(&*p, &cycle);
    assert_eq!(twice.outcome(), None);
    let almost = play_all(&*twice, &cycle[..3]);
    assert_eq!(almost.outcome(), None);
    let third = play(&*almost, cycle[3]);
    assert_eq!(third.outcome().unwrap().ending, Ending::Repetition);
}

#[test]
fn dead_positions_are_only_bare_kings_and_one_minor_piece() {
    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/1n2K3 w - - 0 1", true),
        // Bishops on one colour are not dead: a rebel move changes colour.
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false),
    ] {
        for game in ["rebellion", "squirm"] {
            let ending = at(game, false, fen).outcome().map(|o| o.ending);
            let want = dead.then_some(Ending::DeadPosition);
            assert_eq!(ending, want, "{game} {fen}");
        }
    }
}

#[test]
fn berolina_pawns_step_diagonally_and_capture_straight() {
    let p = start("rebellion", true);
    let pawn_moves: Vec<String> = p
        .legal_turns(None)
        .into_iter()
        .filter(|t| !t.starts_with('N'))
        .collect();
    // a2, h2: 2 each; b2, g2: 3; c2 to f2: 4 (one or two squares either way).
    assert_eq!(pawn_moves.len(), 26, "{pawn_moves:?}");
    assert!(pawn_moves.contains(&"e2-c4".to_string()));
    assert!(pawn_moves.contains(&"a2-c4".to_string()));
    assert_eq!(
        refusal(&*p, "e2-e3"),
        "e2-e3: e3 is empty: a Berolina pawn moves straight ahead only to capture (or en passant onto a square a pawn just passed over)"
    );
    // Two squares only with the square between empty.
    let blocked = at("rebellion", true, "4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1");
    assert!(refusal(&*blocked, "e2-c4").contains("blocked at d3"));
    // Captures straight ahead, not diagonally.
    let cap = at("rebellion", true, "4k3/8/8/3pp3/4P3/8/8/4K3 w - - 0 1");
    assert!(cap.legal_turns(None).contains(&"e4xe5".to_string()));
    assert!(refusal(&*cap, "e4xd5").contains("captures straight ahead"));
    // En passant on the square passed over, by a Berolina pawn that
    // captures onto it; only on the next move.
    let ep = at("squirm", true, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let q = play(&*ep, "e2-c4");
    assert!(
        q.legal_turns(None).contains(&"d4xd3".to_string()),
        "{:?}",
        q.legal_turns(None)
    );
    let taken = play(&*q, "d4xd3");
    assert!(
        !taken.render().contains(" P "),
        "the pawn on c4 is gone:\n{}",
        taken.render()
    );
    let later = play_all(&*q, &["Ke8-e7", "Ke1-e2"]);
    assert!(!later.legal_turns(None).contains(&"d4xd3".to_string()));
}
