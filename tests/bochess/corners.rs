//! The corner squares z1–z4: each touches only its board corner, diagonally;
//! sliders reach them only along the long diagonal; leapers land on them
//! by their vectors. Every piece that can enters and leaves a corner here.

use super::{check, moves_from, play, setup, start};

const KINGS: &str = "Ka12 kl1";

#[test]
fn king_steps_into_and_out_of_a_corner() {
    let p = setup("Ka1 kl12 Pc3 pj10", "w - - 0 1");
    check(p.as_ref(), &["Ka1-z1"], &[]);
    let p = play(p.as_ref(), "Ka1-z1");
    check(p.as_ref(), &["Kl12-z3"], &[]);
    let p = play(p.as_ref(), "Kl12-z3");
    assert_eq!(moves_from(p.as_ref(), "z1"), ["Kz1-a1"]);
    let p = setup("Kb1 kl12 Pc3", "w - - 0 1");
    check(p.as_ref(), &[], &[("Kb1-z1", "a King moves one square")]);
    let p = setup("Ka2 kl12 Pc3", "w - - 0 1");
    check(p.as_ref(), &[], &[("Ka2-z1", "a King moves one square")]);
}

#[test]
fn sliders_reach_a_corner_only_along_the_long_diagonal() {
    let p = setup(&format!("{KINGS} Qc3 Bd4"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Qc3-z1"],
        &[("Bd4-z1", "the path is blocked at c3")],
    );
    let p = setup("Kf12 kl7 Ra1", "w - - 0 1");
    check(
        p.as_ref(),
        &[],
        &[("Ra1-z1", "a Rook moves along files and ranks")],
    );
    let p = setup(&format!("{KINGS} Qa2 Bb1"), "w - - 0 1");
    check(
        p.as_ref(),
        &[],
        &[
            ("Qa2-z1", "a Queen moves along lines"),
            ("Bb1-z1", "a Bishop moves along diagonals"),
        ],
    );
    let p = setup(&format!("{KINGS} Qc3 Ga1"), "w - - 0 1");
    check(p.as_ref(), &[], &[("Qc3-z1", "the path is blocked at a1")]);
}

#[test]
fn sliders_leave_a_corner_along_the_long_diagonal_to_the_far_corner() {
    // From z1: a1, b2, ... l12 and z3: 13 squares, nothing else.
    for piece in ["Q", "B", "M"] {
        let p = setup(&format!("{KINGS} {piece}z1"), "w - - 0 1");
        let moves = moves_from(p.as_ref(), "z1");
        assert_eq!(moves.len(), 13, "{piece}: {moves:?}");
        check(
            p.as_ref(),
            &[&format!("{piece}z1-z3"), &format!("{piece}z1-a1")],
            &[],
        );
    }
    let p = setup(&format!("{KINGS} Rz1"), "w - - 0 1");
    assert!(moves_from(p.as_ref(), "z1").is_empty());
}

#[test]
fn matriarch_range_counts_to_the_corner() {
    // z1 is 3 squares from c3 (mid: fine) and 5 from e5 (central: too far).
    let p = setup(&format!("{KINGS} Mc3"), "w - - 0 1");
    check(p.as_ref(), &["Mc3-z1"], &[]);
    let p = setup(&format!("{KINGS} Me5"), "w - - 0 1");
    check(
        p.as_ref(),
        &[],
        &[(
            "Me5-z1",
            "from the central zone a Matriarch moves at most 3 squares",
        )],
    );
}

#[test]
fn guard_enters_and_leaves_a_corner() {
    let p = setup(&format!("{KINGS} Gc1 Ga3 Gb2"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Gc1-z1", "Ga3-z1"],
        &[(
            "Gb2-z1",
            "a Guard moves one square diagonally or leaps 3 and 1",
        )],
    );
    let p = setup(&format!("{KINGS} Gz1"), "w - - 0 1");
    assert_eq!(moves_from(p.as_ref(), "z1"), ["Gz1-a1", "Gz1-a3", "Gz1-c1"]);
}

#[test]
fn jumper_enters_and_leaves_a_corner() {
    let p = setup(&format!("{KINGS} Jz1"), "w - - 0 1");
    assert_eq!(moves_from(p.as_ref(), "z1"), ["Jz1-a1", "Jz1-c3"]);
    let p = setup(&format!("{KINGS} Ja1 Jd4"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Ja1-z1"],
        &[(
            "Jd4-z1",
            "from the mid zone a Jumper moves one square or leaps exactly 2 in a line",
        )],
    );
}

#[test]
fn knight_enters_and_leaves_a_corner() {
    let p = setup(&format!("{KINGS} Nz1"), "w - - 0 1");
    assert_eq!(
        moves_from(p.as_ref(), "z1"),
        ["Nz1-a4", "Nz1-b3", "Nz1-c2", "Nz1-d1"]
    );
    for from in ["a4", "b3", "c2", "d1"] {
        let p = setup(&format!("{KINGS} N{from}"), "w - - 0 1");
        check(p.as_ref(), &[&format!("N{from}-z1")], &[]);
    }
}

#[test]
fn every_corner_works_for_both_sides() {
    let p = start();
    check(p.as_ref(), &["Nz1-a4", "Nz1-b3", "Nz2-k3", "Nz2-l4"], &[]);
    let p = play(p.as_ref(), "e2-e3");
    check(p.as_ref(), &["Nz4-a9", "Nz4-b10", "Nz3-k10", "Nz3-l9"], &[]);
    let p = setup("Kl1 ka12 Pc3", "w - - 0 1");
    check(p.as_ref(), &["Kl1-z2"], &[]);
    let p = setup("Kl1 ka12 Pc3", "b - - 0 1");
    check(p.as_ref(), &["Ka12-z4"], &[]);
}

#[test]
fn pieces_are_captured_on_a_corner() {
    let p = setup(&format!("{KINGS} Bc3 nz1"), "w - - 0 1");
    check(p.as_ref(), &["Bc3xz1"], &[]);
    let p = setup(&format!("{KINGS} Nz1 ga3"), "b - - 0 1");
    check(p.as_ref(), &["Ga3xz1"], &[]);
}
