//! Zones: central e5–h8, mid c3–j10 less central, outer the rest. The
//! Matriarch, Jumper and Knight move by the zone of their FROM square; the
//! Guard and the chess pieces are the same everywhere.

use super::{check, moves_from, setup};

const KINGS: &str = "Ka12 kl1";

#[test]
fn matriarch_outer_zone_unlimited() {
    let p = setup(&format!("{KINGS} Mb2"), "w - - 0 1");
    check(p.as_ref(), &["Mb2-b12", "Mb2-k11", "Mb2-l2", "Mb2-z1"], &[]);
    // Up 10, right 10, down 1, left 1, up-right 10 + z3, up-left 1,
    // down-right 1, down-left a1 + z1.
    assert_eq!(
        moves_from(p.as_ref(), "b2").len(),
        10 + 10 + 1 + 1 + 11 + 1 + 1 + 2
    );
}

#[test]
fn matriarch_mid_zone_at_most_six() {
    let p = setup(&format!("{KINGS} Mc3"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Mc3-c9", "Mc3-i9", "Mc3-i3", "Mc3-z1", "Mc3-h8"],
        &[
            (
                "Mc3-c10",
                "from the mid zone a Matriarch moves at most 6 squares",
            ),
            (
                "Mc3-j10",
                "from the mid zone a Matriarch moves at most 6 squares",
            ),
            (
                "Mc3-j3",
                "from the mid zone a Matriarch moves at most 6 squares",
            ),
        ],
    );
}

#[test]
fn matriarch_central_zone_at_most_three() {
    let p = setup(&format!("{KINGS} Mf6"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Mf6-f9", "Mf6-c3", "Mf6-i6", "Mf6-i9"],
        &[
            (
                "Mf6-f10",
                "from the central zone a Matriarch moves at most 3 squares",
            ),
            (
                "Mf6-b2",
                "from the central zone a Matriarch moves at most 3 squares",
            ),
            (
                "Mf6-f2",
                "from the central zone a Matriarch moves at most 3 squares",
            ),
        ],
    );
    // 3 squares in each of 8 directions, all on the board.
    assert_eq!(moves_from(p.as_ref(), "f6").len(), 24);
}

#[test]
fn matriarch_range_follows_the_from_square_not_the_target() {
    // From c4 (mid) to c10 (mid) is 6: fine; from e5 (central) back to b2
    // (outer) is 3: fine, but on to a1 (4) is not.
    let p = setup(&format!("{KINGS} Mc4 Me5"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Mc4-c10", "Me5-b2"],
        &[
            (
                "Mc4-c11",
                "from the mid zone a Matriarch moves at most 6 squares",
            ),
            (
                "Me5-a1",
                "from the central zone a Matriarch moves at most 3 squares",
            ),
        ],
    );
}

#[test]
fn matriarch_is_blocked_like_a_queen() {
    let p = setup(&format!("{KINGS} Mb2 Pb5 pe5"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Mb2-b4", "Mb2xe5"],
        &[
            ("Mb2-b7", "the path is blocked at b5"),
            ("Mb2-f6", "the path is blocked at e5"),
        ],
    );
}

#[test]
fn jumper_outer_zone_steps_or_leaps_three() {
    let p = setup(&format!("{KINGS} Ja1 Pa2 Pb2 Bb1"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Ja1-a4", "Ja1-d4", "Ja1-d1", "Ja1-z1"],
        &[
            (
                "Ja1-a3",
                "from the outer zone a Jumper moves one square or leaps exactly 3 in a line",
            ),
            (
                "Ja1-a5",
                "from the outer zone a Jumper moves one square or leaps exactly 3 in a line",
            ),
            (
                "Ja1-c3",
                "from the outer zone a Jumper moves one square or leaps exactly 3 in a line",
            ),
        ],
    );
    assert_eq!(moves_from(p.as_ref(), "a1").len(), 4);
}

#[test]
fn jumper_mid_zone_steps_or_leaps_two() {
    let p = setup(&format!("{KINGS} Jc3 Pc4 Pd4"), "w - - 0 1");
    check(
        p.as_ref(),
        &[
            "Jc3-c5", "Jc3-e5", "Jc3-a1", "Jc3-a5", "Jc3-e3", "Jc3-b2", "Jc3-d3",
        ],
        &[
            (
                "Jc3-c6",
                "from the mid zone a Jumper moves one square or leaps exactly 2 in a line",
            ),
            (
                "Jc3-z1",
                "from the mid zone a Jumper moves one square or leaps exactly 2 in a line",
            ),
            (
                "Jc3-f6",
                "from the mid zone a Jumper moves one square or leaps exactly 2 in a line",
            ),
        ],
    );
    // 6 free steps (c4, d4 own) + 8 leaps of 2.
    assert_eq!(moves_from(p.as_ref(), "c3").len(), 14);
}

#[test]
fn jumper_central_zone_only_steps() {
    let p = setup(&format!("{KINGS} Jf6"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Jf6-f7", "Jf6-e5", "Jf6-g7"],
        &[
            (
                "Jf6-f8",
                "from the central zone a Jumper moves only one square",
            ),
            (
                "Jf6-h8",
                "from the central zone a Jumper moves only one square",
            ),
        ],
    );
    assert_eq!(moves_from(p.as_ref(), "f6").len(), 8);
}

#[test]
fn knight_central_zone_leaps_two_and_one() {
    let p = setup(&format!("{KINGS} Ne5"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Ne5-f7", "Ne5-g6", "Ne5-c4", "Ne5-d3"],
        &[
            ("Ne5-f8", "from the central zone a Knight leaps 2 and 1"),
            ("Ne5-g7", "from the central zone a Knight leaps 2 and 1"),
        ],
    );
    assert_eq!(moves_from(p.as_ref(), "e5").len(), 8);
}

#[test]
fn knight_mid_zone_leaps_three_and_one_or_two_and_two() {
    let p = setup(&format!("{KINGS} Nc3"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Nc3-d6", "Nc3-f4", "Nc3-e5", "Nc3-a1", "Nc3-b6"],
        &[
            (
                "Nc3-d5",
                "from the mid zone a Knight leaps 3 and 1 or 2 and 2",
            ),
            (
                "Nc3-g4",
                "from the mid zone a Knight leaps 3 and 1 or 2 and 2",
            ),
        ],
    );
    // 3 and 1: d6 b6 f4 f2 (the rest leave the board); 2 and 2: e5 a5 e1 a1.
    assert_eq!(moves_from(p.as_ref(), "c3").len(), 8);
}

#[test]
fn knight_outer_zone_leaps_four_and_one_or_three_and_two() {
    let p = setup(&format!("{KINGS} Na1"), "w - - 0 1");
    check(
        p.as_ref(),
        &["Na1-b5", "Na1-e2", "Na1-c4", "Na1-d3"],
        &[
            (
                "Na1-b3",
                "from the outer zone a Knight leaps 4 and 1 or 3 and 2",
            ),
            (
                "Na1-c3",
                "from the outer zone a Knight leaps 4 and 1 or 3 and 2",
            ),
        ],
    );
    assert_eq!(moves_from(p.as_ref(), "a1").len(), 4);
}

#[test]
fn knight_leaps_over_pieces() {
    let p = setup(&format!("{KINGS} Na1 Pa2 Pb2 Bb1 Pa3 Pb3"), "w - - 0 1");
    check(p.as_ref(), &["Na1-b5", "Na1-c4", "Na1-d3", "Na1-e2"], &[]);
}

#[test]
fn guard_is_the_same_in_every_zone() {
    for (from, legal) in [
        (
            "d1",
            ["Gd1-c2", "Gd1-e2", "Gd1-c4", "Gd1-e4", "Gd1-a2", "Gd1-g2"],
        ),
        (
            "f6",
            ["Gf6-e5", "Gf6-g7", "Gf6-g9", "Gf6-e3", "Gf6-i7", "Gf6-c5"],
        ),
        (
            "d4",
            ["Gd4-c3", "Gd4-e5", "Gd4-e7", "Gd4-c1", "Gd4-g5", "Gd4-a3"],
        ),
    ] {
        let p = setup(&format!("{KINGS} G{from}"), "w - - 0 1");
        let d = from.to_string();
        let up = format!("{}{}", &from[..1], from[1..].parse::<u32>().unwrap() + 1);
        check(
            p.as_ref(),
            &legal,
            &[(
                &format!("G{d}-{up}"),
                "a Guard moves one square diagonally or leaps 3 and 1",
            )],
        );
    }
}

#[test]
fn chess_pieces_reach_across_the_whole_board() {
    let p = setup(&format!("{KINGS} Rb2 Bc1 Qe6"), "w - - 0 1");
    check(
        p.as_ref(),
        &[
            "Rb2-b12", "Rb2-l2", "Bc1-l10", "Qe6-e12", "Qe6-e1", "Qe6-l6", "Qe6-a6",
        ],
        &[],
    );
    assert_eq!(moves_from(p.as_ref(), "b2").len(), 22);
}
