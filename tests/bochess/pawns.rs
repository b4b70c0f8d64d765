//! Pawns: first move 1–4 squares, later 1 or 2, the last rank only by a
//! one-square step, every passed square empty; en passant onto ANY passed
//! square on the very next move; promotion to R B Q G M J N, required.

use super::{canonical, check, fen, fen_of, play, play_all, setup};

const EMPTY_SQUARE: &str = "is empty: a pawn moves diagonally only to capture (or en passant onto a square a pawn just passed over)";

#[test]
fn first_move_goes_one_to_four_squares() {
    let p = setup("Ka1 kl12 Pe2 pd11", "w - - 0 1");
    check(
        p.as_ref(),
        &["e2-e3", "e2-e4", "e2-e5", "e2-e6"],
        &[("e2-e7", "a pawn's first move goes 1 to 4 squares")],
    );
    let p = play(p.as_ref(), "e2-e3");
    check(
        p.as_ref(),
        &["d11-d10", "d11-d9", "d11-d8", "d11-d7"],
        &[("d11-d6", "a pawn's first move goes 1 to 4 squares")],
    );
}

#[test]
fn later_moves_go_one_or_two_squares() {
    let p = setup("Ka1 kl12 Pe4 pd8", "w - - 0 1");
    check(
        p.as_ref(),
        &["e4-e5", "e4-e6"],
        &[("e4-e7", "after its first move a pawn goes 1 or 2 squares")],
    );
    let p = play(p.as_ref(), "e4-e5");
    check(
        p.as_ref(),
        &["d8-d7", "d8-d6"],
        &[("d8-d5", "after its first move a pawn goes 1 or 2 squares")],
    );
}

#[test]
fn last_rank_only_by_a_one_square_step() {
    let p = setup("Ka1 kl11 Pe10 Pf9", "w - - 0 1");
    check(
        p.as_ref(),
        &["e10-e11", "f9-f11", "f9-f10"],
        &[(
            "e10-e12=Q",
            "a pawn enters the last rank only by a one-square step",
        )],
    );
    let p = setup("Kl2 ka12 pe3", "b - - 0 1");
    check(
        p.as_ref(),
        &["e3-e2"],
        &[(
            "e3-e1=Q",
            "a pawn enters the last rank only by a one-square step",
        )],
    );
}

#[test]
fn every_passed_square_must_be_empty() {
    let p = setup("Ka1 kl12 Pe2 ne4", "w - - 0 1");
    check(
        p.as_ref(),
        &["e2-e3"],
        &[
            ("e2-e5", "the path is blocked at e4"),
            ("e2-e6", "the path is blocked at e4"),
            ("e2-e4", "e4 is occupied: a pawn captures diagonally"),
        ],
    );
}

#[test]
fn captures_one_square_diagonally_forward_only() {
    let p = setup("Ka1 kl12 Pe4 pd5 pe5 pf3", "w - - 0 1");
    check(
        p.as_ref(),
        &["e4xd5"],
        &[
            ("e4xe5", "e5 is occupied: a pawn captures diagonally"),
            (
                "e4xf3",
                "a pawn moves straight ahead and captures one square diagonally forward",
            ),
            (
                "e4-e3",
                "a pawn moves straight ahead and captures one square diagonally forward",
            ),
            ("e4-f5", &format!("f5 {EMPTY_SQUARE}")),
        ],
    );
}

#[test]
fn en_passant_onto_any_passed_square_from_several_ranks_away() {
    // e2-e6 passes e3, e4 and e5: the pawns on d4, f5 and d6 attack one each.
    let p = setup("Ka1 kl12 Pe2 pd4 pf5 pd6 pc4 pf7", "w - - 0 1");
    let p = play(p.as_ref(), "e2-e6");
    check(
        p.as_ref(),
        &["d4xe3", "f5xe4", "d6xe5", "f7xe6"],
        &[("c4xd3", &format!("d3 {EMPTY_SQUARE}"))],
    );
    for (capture, lands) in [
        ("d4xe3", "pe3 pf5 pd6"),
        ("f5xe4", "pd4 pe4 pd6"),
        ("d6xe5", "pd4 pf5 pe5"),
    ] {
        let after = play(p.as_ref(), capture);
        assert_eq!(
            fen_of(after.as_ref()),
            fen(&format!("Ka1 kl12 pc4 pf7 {lands}"), "w - - 0 2"),
            "{capture}"
        );
    }
}

#[test]
fn en_passant_by_white_after_a_black_run() {
    let p = setup("Ka1 kl12 pd11 Pe7 Pc8 Pe9", "b - - 0 1");
    let p = play(p.as_ref(), "d11-d7");
    check(p.as_ref(), &["e7xd8", "c8xd9", "e9xd10"], &[]);
    let after = play(p.as_ref(), "e9xd10");
    assert_eq!(
        fen_of(after.as_ref()),
        fen("Ka1 kl12 Pe7 Pc8 Pd10", "b - - 0 2")
    );
}

#[test]
fn en_passant_after_a_two_square_move_that_was_not_the_first() {
    let p = setup("Ka1 kl12 Pe4 pd6", "w - - 0 1");
    let p = play(p.as_ref(), "e4-e6");
    check(p.as_ref(), &["d6xe5"], &[]);
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    let p = setup("Ka1 kl12 Pe2 pd4", "w - - 0 1");
    let p = play_all(p.as_ref(), "e2-e6 Kl12-k12 Ka1-b1");
    check(p.as_ref(), &[], &[("d4xe3", &format!("e3 {EMPTY_SQUARE}"))]);
}

#[test]
fn a_one_square_move_passes_nothing() {
    let p = setup("Ka1 kl12 Pe5 pd7 pf6", "w - - 0 1");
    let p = play(p.as_ref(), "e5-e6");
    // d7 takes the pawn where it stands; f6 would need a passed e5.
    check(
        p.as_ref(),
        &["d7xe6"],
        &[("f6xe5", &format!("e5 {EMPTY_SQUARE}"))],
    );
}

#[test]
fn promotion_to_each_piece() {
    let p = setup("Ka1 kl11 Pe11 nd12", "w - - 0 1");
    for piece in ["R", "B", "Q", "G", "M", "J", "N"] {
        let after = play(p.as_ref(), &format!("e11-e12={piece}"));
        assert_eq!(
            fen_of(after.as_ref()),
            fen(&format!("Ka1 kl11 {piece}e12 nd12"), "b - - 0 1")
        );
        let taken = play(p.as_ref(), &format!("e11xd12={piece}"));
        assert_eq!(
            fen_of(taken.as_ref()),
            fen(&format!("Ka1 kl11 {piece}d12"), "b - - 0 1")
        );
    }
}

#[test]
fn promotion_choice_is_required_and_limited() {
    let p = setup("Ka1 kl11 Pe11 nd12", "w - - 0 1");
    let choices = "=R, =B, =Q, =G, =M, =J or =N";
    check(
        p.as_ref(),
        &[],
        &[
            (
                "e11-e12",
                &format!("say what the pawn promotes to ({choices})"),
            ),
            (
                "e11xd12",
                &format!("say what the pawn promotes to ({choices})"),
            ),
            ("e11-e12=K", "a pawn promotes to R, B, Q, G, M, J or N"),
            ("e11-e12=P", "a pawn promotes to R, B, Q, G, M, J or N"),
        ],
    );
    assert_eq!(canonical(p.as_ref(), "e11e12m"), "e11-e12=M");
    assert_eq!(canonical(p.as_ref(), "e12=J"), "e11-e12=J");
    assert_eq!(canonical(p.as_ref(), "E11-E12=n"), "e11-e12=N");
    let p = setup("Kl12 ka11 pc2", "b - - 0 1");
    check(
        p.as_ref(),
        &["c2-c1=J", "c2-c1=M"],
        &[(
            "c2-c1",
            &format!("say what the pawn promotes to ({choices})"),
        )],
    );
}
