//! A scenario per ruling of RULES.md "Orthodia and simplified Orthodia",
//! each with its illegal twin.

use super::{moves_from, play, refusal, setup, start, turns};

const ORTHODIA: bool = false;
const SIMPLE: bool = true;

#[test]
fn setup_and_no_castling() {
    for simple in [ORTHODIA, SIMPLE] {
        let p = start(simple);
        assert!(p.encode().starts_with(boserv::rules::orthodia::START));
        let q = setup(simple, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert!(!turns(q.as_ref()).contains(&"Ke1-g1".to_string()));
        assert!(refusal(q.as_ref(), "Ke1-g1").starts_with("Ke1-g1: "));
        assert!(p.play("O-O", None).is_err());
    }
}

#[test]
fn warrior_steps_diagonally_and_captures_straight_ahead() {
    for simple in [ORTHODIA, SIMPLE] {
        let p = setup(simple, "4k3/8/8/8/8/1p1g4/W2W4/4K3 w - - 0 1");
        // a2: b3 is occupied (it cannot capture diagonally), so no double step.
        assert_eq!(moves_from(p.as_ref(), "a2"), Vec::<String>::new());
        // d2: c3 and e3, c3 is free so b4 too, e3 free so f4 too; d3 taken straight ahead.
        assert_eq!(
            moves_from(p.as_ref(), "d2"),
            ["Wd2-b4", "Wd2-c3", "Wd2-e3", "Wd2-f4", "Wd2xd3"]
        );
        assert!(refusal(p.as_ref(), "Wa2xb3").starts_with("Wa2xb3: "));
        assert!(refusal(p.as_ref(), "Wa2-c4").starts_with("Wa2-c4: "));
        assert!(refusal(p.as_ref(), "Wd2-d4").starts_with("Wd2-d4: "));
        // After its first move it steps one square only.
        let q = play(p.as_ref(), "Wd2-e3");
        let q = play(q.as_ref(), "Ke8-f8");
        assert_eq!(moves_from(q.as_ref(), "e3"), ["We3-d4", "We3-f4"]);
        assert!(refusal(q.as_ref(), "We3-g5").starts_with("We3-g5: "));
    }
}

#[test]
fn warrior_double_step_blocked_on_the_square_between() {
    let p = setup(ORTHODIA, "4k3/8/8/8/8/1G6/W7/4K3 w - - 0 1");
    assert!(refusal(p.as_ref(), "Wa2-c4").starts_with("Wa2-c4: "));
    let free = setup(ORTHODIA, "4k3/8/8/8/8/8/W7/4K3 w - - 0 1");
    assert_eq!(
        play(free.as_ref(), "Wa2-c4").encode().split(' ').next(),
        Some("4k3/8/8/8/2W5/8/8/4K3")
    );
}

#[test]
fn gold_moves_one_square_but_never_diagonally_back() {
    let p = setup(ORTHODIA, "4k3/8/8/8/3G4/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves_from(p.as_ref(), "d4"),
        ["Gd4-c4", "Gd4-c5", "Gd4-d3", "Gd4-d5", "Gd4-e4", "Gd4-e5"]
    );
    assert!(
        refusal(p.as_ref(), "Gd4-c3")
            .contains("a Gold moves one square orthogonally or diagonally forward")
    );
    // Black's forward is down the board.
    let b = setup(ORTHODIA, "4k3/8/8/8/3g4/8/8/4K3 b - - 0 1");
    assert!(moves_from(b.as_ref(), "d4").contains(&"Gd4-c3".to_string()));
    assert!(!moves_from(b.as_ref(), "d4").contains(&"Gd4-c5".to_string()));
}

#[test]
fn bisroos_and_roobis_move_one_way_and_capture_the_other() {
    // orthodia: B moves diagonally, captures orthogonally; R the reverse.
    let p = setup(ORTHODIA, "4k3/8/8/3p4/8/1p1B4/8/R3K3 w - - 0 1");
    let b = moves_from(p.as_ref(), "d3");
    assert!(
        b.contains(&"Bd3xd5".to_string()) && b.contains(&"Bd3xb3".to_string()),
        "{b:?}"
    );
    assert!(
        b.contains(&"Bd3-e4".to_string()) && !b.contains(&"Bd3-d4".to_string()),
        "{b:?}"
    );
    assert!(refusal(p.as_ref(), "Bd3-d4").starts_with("Bd3-d4: "));
    let r = moves_from(p.as_ref(), "a1");
    assert!(
        r.contains(&"Ra1-a8".to_string()) && !r.iter().any(|m| m.contains('x')),
        "{r:?}"
    );
    let q = setup(ORTHODIA, "4k3/8/8/8/8/8/1p6/R3K3 w - - 0 1");
    assert!(moves_from(q.as_ref(), "a1").contains(&"Ra1xb2".to_string()));
    // orthodia-simple: B moves as a rook and captures as a bishop, R the reverse.
    let s = setup(SIMPLE, "4k3/8/8/3p4/8/1p1B4/8/R3K3 w - - 0 1");
    let b = moves_from(s.as_ref(), "d3");
    assert!(
        b.contains(&"Bd3-d4".to_string()) && !b.contains(&"Bd3xd5".to_string()),
        "{b:?}"
    );
    assert!(refusal(s.as_ref(), "Bd3xb3").starts_with("Bd3xb3: "));
    let r = moves_from(s.as_ref(), "a1");
    assert!(
        r.contains(&"Ra1-h8".to_string()) && !r.contains(&"Ra1-a2".to_string()),
        "{r:?}"
    );
}

#[test]
fn orthodia_checks_along_move_lines_only() {
    // The Bisroos on c5 moves along c5-g1 and captures along the c-file:
    // a king may stand on c1 (capture line) but not step onto f2.
    let p = setup(ORTHODIA, "4k3/8/8/2b5/8/8/8/2K5 w - - 0 1");
    assert!(!p.encode().contains("check"));
    assert!(turns(p.as_ref()).contains(&"Kc1-c2".to_string()));
    assert!(turns(p.as_ref()).len() == 5, "{:?}", turns(p.as_ref()));
    let q = setup(ORTHODIA, "4k3/8/8/2b5/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        refusal(q.as_ref(), "Ke1-f2"),
        "Ke1-f2: this would leave your king in check"
    );
    // The king may even take a piece the Bisroos "guards" along its file.
    let r = setup(ORTHODIA, "4k3/8/8/2b5/8/8/2p5/3K4 w - - 0 1");
    assert!(turns(r.as_ref()).contains(&"Kd1xc2".to_string()));
    // Nor may the Bisroos capture a king standing on its capture line.
    let b = setup(ORTHODIA, "4k3/8/8/8/8/8/8/b3K3 b - - 0 1");
    assert!(!turns(b.as_ref()).iter().any(|t| t.contains("xe1")));
    assert!(refusal(b.as_ref(), "Ba1xe1").starts_with("Ba1xe1: "));
    // The Roobis: checks along files and ranks, not diagonals.
    // The king on e1 stands on the f2 Roobis' capture diagonal: no check.
    let s = setup(ORTHODIA, "4k3/8/8/8/8/8/5r2/4K3 w - - 0 1");
    assert!(turns(s.as_ref()).contains(&"Ke1-d1".to_string()));
    assert!(turns(s.as_ref()).contains(&"Ke1xf2".to_string()));
    assert_eq!(
        refusal(s.as_ref(), "Ke1-e2"),
        "Ke1-e2: this would leave your king in check"
    );
    assert!(refusal(s.as_ref(), "Ke1-f1").ends_with("this would leave your king in check"));
    // A Bisroos gives check along a diagonal it cannot capture on: the
    // king must leave the diagonal or the line be shut.
    // A Bisroos on a1 captures along the first rank: no check to e1.
    let t = setup(ORTHODIA, "4k3/8/8/8/8/8/8/b3K3 w - - 0 1");
    assert!(turns(t.as_ref()).contains(&"Ke1-d1".to_string()));
    // On c3 it checks e1 along the diagonal it cannot capture on: the
    // king must leave the diagonal.
    let checked = setup(ORTHODIA, "7k/8/8/8/8/2b5/8/4K3 w - - 0 1");
    assert!(turns(checked.as_ref()).contains(&"Ke1-e2".to_string()));
    assert!(refusal(checked.as_ref(), "Ke1-d2").contains("check"));
}

#[test]
fn orthodia_simple_checks_along_capture_lines_only() {
    // The Blooming Rose on c5 moves along the c-file and captures along
    // c5-g1: a king may stand on c1, not on f2.
    let p = setup(SIMPLE, "4k3/8/8/2b5/8/8/8/2K5 w - - 0 1");
    assert!(turns(p.as_ref()).contains(&"Kc1-c2".to_string()));
    let q = setup(SIMPLE, "4k3/8/8/2b5/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        refusal(q.as_ref(), "Ke1-f2"),
        "Ke1-f2: this would leave your king in check"
    );
    // The Ringing Bell on f2 moves diagonally, captures and checks along
    // the f-file and the 2nd rank.
    let s = setup(SIMPLE, "4k3/8/8/8/8/8/5r2/4K3 w - - 0 1");
    assert!(turns(s.as_ref()).contains(&"Ke1-d1".to_string()));
    assert!(turns(s.as_ref()).contains(&"Ke1xf2".to_string()));
    assert_eq!(
        refusal(s.as_ref(), "Ke1-e2"),
        "Ke1-e2: this would leave your king in check"
    );
    // On c1 it checks e1 along the first rank (its capture line); its
    // diagonal c1-d2 is a move line only: the king may go there.
    let d = setup(SIMPLE, "4k3/8/8/8/8/8/8/2r1K3 w - - 0 1");
    assert!(turns(d.as_ref()).contains(&"Ke1-d2".to_string()));
    assert_eq!(
        refusal(d.as_ref(), "Ke1-d1"),
        "Ke1-d1: your king is in check and this does not save it"
    );
}

/// The Torch on a1 along the a-file, every distance 1 to 7, with a piece
/// at an even distance (jumped) and at an odd one (the line ends).
#[test]
fn torch_at_every_distance_with_blockers() {
    for simple in [ORTHODIA, SIMPLE] {
        let empty = setup(simple, "6k1/8/8/8/8/8/8/T6K w - - 0 1");
        let file: Vec<String> = moves_from(empty.as_ref(), "a1")
            .into_iter()
            .filter(|m| m.as_bytes()[4] == b'a')
            .collect();
        assert_eq!(file, ["Ta1-a2", "Ta1-a4", "Ta1-a6", "Ta1-a8"]);
        for even in ["a3", "a5", "a7"] {
            assert!(refusal(empty.as_ref(), &format!("Ta1-{even}")).starts_with("Ta1-a"));
        }
        // A piece at distance 2 (a3) is jumped; at 3 (a4) it ends the line.
        let blocked = setup(simple, "6k1/8/8/8/p7/P7/8/T6K w - - 0 1");
        let file: Vec<String> = moves_from(blocked.as_ref(), "a1")
            .into_iter()
            .filter(|m| m.as_bytes()[4] == b'a')
            .collect();
        assert_eq!(file, ["Ta1-a2", "Ta1xa4"]);
        assert!(refusal(blocked.as_ref(), "Ta1-a6").starts_with("Ta1-a6: "));
        // An own piece at an odd distance ends the line, uncaptured.
        let own = setup(simple, "6k1/8/8/8/8/8/P7/T6K w - - 0 1");
        let file: Vec<String> = moves_from(own.as_ref(), "a1")
            .into_iter()
            .filter(|m| m.as_bytes()[4] == b'a')
            .collect();
        assert!(file.is_empty(), "{file:?}");
        // Pieces at 2, 4 and 6 all jumped; the enemy at 7 taken.
        let far = setup(simple, "g5k1/P7/8/P7/8/P7/8/T6K w - - 0 1");
        let file: Vec<String> = moves_from(far.as_ref(), "a1")
            .into_iter()
            .filter(|m| m.as_bytes()[4] == b'a')
            .collect();
        assert_eq!(file, ["Ta1-a2", "Ta1-a4", "Ta1-a6", "Ta1xa8"]);
        // Diagonally too, and the Torch gives check along its lines.
        let diag = moves_from(empty.as_ref(), "a1");
        for m in [
            "Ta1-b2", "Ta1-d4", "Ta1-f6", "Ta1-h8", "Ta1-b1", "Ta1-d1", "Ta1-f1",
        ] {
            assert!(diag.contains(&m.to_string()), "{m}: {diag:?}");
        }
        assert!(!diag.contains(&"Ta1-g7".to_string()), "{diag:?}");
        // The king on a4 (distance 3) is in check; a3 and a5 (even) are safe.
        let check = setup(simple, "8/7p/8/8/k7/8/8/T6K b - - 0 1");
        assert!(refusal(check.as_ref(), "h7-h6").contains("check"));
        assert!(turns(check.as_ref()).contains(&"Ka4-a5".to_string()));
        assert!(turns(check.as_ref()).contains(&"Ka4-a3".to_string()));
    }
}

#[test]
fn promotion_to_bisroos_gold_or_roobis_never_a_torch() {
    for simple in [ORTHODIA, SIMPLE] {
        let p = setup(simple, "k7/4P2W/8/8/8/8/8/4K3 w - - 0 1");
        let mut e7 = moves_from(p.as_ref(), "e7");
        e7.sort();
        assert_eq!(e7, ["e7-e8=B", "e7-e8=G", "e7-e8=R"]);
        assert!(refusal(p.as_ref(), "e7-e8=T").starts_with("e7-e8=T: "));
        assert!(refusal(p.as_ref(), "e7-e8=K").starts_with("e7-e8=K: "));
        assert!(refusal(p.as_ref(), "Wh7-g8=T").starts_with("Wh7-g8=T: "));
        let w = play(p.as_ref(), "Wh7-g8=G");
        assert!(w.encode().starts_with("k5G1/4P3/"), "{}", w.encode());
    }
}

#[test]
fn en_passant_a_pawn_takes_a_pawn() {
    let p = setup(ORTHODIA, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let q = play(p.as_ref(), "e2-e4");
    assert!(turns(q.as_ref()).contains(&"d4xe3".to_string()));
    let r = play(q.as_ref(), "d4xe3");
    assert!(
        r.encode().starts_with("4k3/8/8/8/8/4p3/8/4K3 "),
        "{}",
        r.encode()
    );
    // Only at once.
    let later = play(play(q.as_ref(), "Ke8-d8").as_ref(), "Ke1-d1");
    assert!(refusal(later.as_ref(), "d4xe3").starts_with("d4xe3: "));
    // Not in orthodia-simple.
    let s = play(
        setup(SIMPLE, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").as_ref(),
        "e2-e4",
    );
    assert!(refusal(s.as_ref(), "d4xe3").starts_with("d4xe3: "));
}

#[test]
fn en_passant_a_pawn_takes_a_warrior_and_a_warrior_takes_a_warrior() {
    let p = setup(ORTHODIA, "4k3/8/8/8/pw6/8/W7/4K3 w - - 0 1");
    let q = play(p.as_ref(), "Wa2-c4");
    let t = turns(q.as_ref());
    assert!(t.contains(&"a4xb3".to_string()), "{t:?}");
    assert!(t.contains(&"Wb4xb3".to_string()), "{t:?}");
    let by_pawn = play(q.as_ref(), "a4xb3");
    assert!(
        by_pawn.encode().starts_with("4k3/8/8/8/1w6/1p6/8/4K3 "),
        "{}",
        by_pawn.encode()
    );
    let by_warrior = play(q.as_ref(), "Wb4xb3");
    assert!(
        by_warrior.encode().starts_with("4k3/8/8/8/p7/1w6/8/4K3 "),
        "{}",
        by_warrior.encode()
    );
    // Not in orthodia-simple.
    let s = play(
        setup(SIMPLE, "4k3/8/8/8/pw6/8/W7/4K3 w - - 0 1").as_ref(),
        "Wa2-c4",
    );
    assert!(refusal(s.as_ref(), "a4xb3").starts_with("a4xb3: "));
    assert!(refusal(s.as_ref(), "Wb4xb3").starts_with("Wb4xb3: "));
}

#[test]
fn a_warrior_never_takes_a_pawn_en_passant() {
    // c2-c4 passes c3: the Warrior on d4 steps to c3 diagonally, but that
    // is a plain move; it takes nothing.
    let p = setup(ORTHODIA, "4k3/8/8/8/3w4/8/2P5/4K3 w - - 0 1");
    let q = play(p.as_ref(), "c2-c4");
    assert!(refusal(q.as_ref(), "Wd4xc3").starts_with("Wd4xc3: "));
    let r = play(q.as_ref(), "Wd4-c3");
    assert!(
        r.encode().starts_with("4k3/8/8/8/2P5/2w5/8/4K3 "),
        "{}",
        r.encode()
    );
    // Nor a Warrior a Warrior diagonally: a4-b3 is a plain step.
    let w = setup(ORTHODIA, "4k3/8/8/8/w7/8/W7/4K3 w - - 0 1");
    let w = play(w.as_ref(), "Wa2-c4");
    assert!(refusal(w.as_ref(), "Wa4xb3").starts_with("Wa4xb3: "));
}

#[test]
fn ends_as_chess() {
    for simple in [ORTHODIA, SIMPLE] {
        // Mate by a Gold guarded by its king.
        let p = setup(simple, "k7/1G6/1K6/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            p.outcome().unwrap().ending,
            boserv::rules::Ending::Checkmate
        );
        // Bare kings: a dead position.
        let q = setup(simple, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
        let r = play(q.as_ref(), "Ke1xd2");
        assert_eq!(
            r.outcome().unwrap().ending,
            boserv::rules::Ending::DeadPosition
        );
    }
}
