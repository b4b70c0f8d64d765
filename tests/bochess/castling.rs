//! Castling: the king moves 3 squares toward the rook (g1-j1 with k1 to i1,
//! g1-d1 with b1 to e1; Black on rank 12). Neither piece has moved, every
//! square between is empty and unattacked (c1 too), the king not in check.

use super::{canonical, check, fen, fen_of, play, play_all, setup};

/// Kings and rooks at home; the pawns keep the castled rooks' files shut.
const HOME: &str = "Kg1 Rb1 Rk1 kg12 rb12 rk12 Pe2 Pi2 pe11 pi11";
const PAWNS: &str = "Pe2 Pi2 pe11 pi11";

#[test]
fn both_sides_castle_both_ways() {
    let p = setup(HOME, "w KQkq - 0 1");
    check(p.as_ref(), &["Kg1-j1", "Kg1-d1"], &[]);
    let short = play(p.as_ref(), "Kg1-j1");
    assert_eq!(
        fen_of(short.as_ref()),
        fen(&format!("Kj1 Ri1 Rb1 kg12 rb12 rk12 {PAWNS}"), "b kq - 1 1")
    );
    let long = play(p.as_ref(), "Kg1-d1");
    assert_eq!(
        fen_of(long.as_ref()),
        fen(&format!("Kd1 Re1 Rk1 kg12 rb12 rk12 {PAWNS}"), "b kq - 1 1")
    );
    check(short.as_ref(), &["Kg12-j12", "Kg12-d12"], &[]);
    let black = play(short.as_ref(), "Kg12-d12");
    assert_eq!(
        fen_of(black.as_ref()),
        fen(&format!("Kj1 Ri1 Rb1 kd12 re12 rk12 {PAWNS}"), "w - - 2 2")
    );
}

#[test]
fn castling_is_written_as_the_king_move_and_read_in_other_forms() {
    let p = setup(HOME, "w KQkq - 0 1");
    for (input, out) in [
        ("O-O", "Kg1-j1"),
        ("0-0", "Kg1-j1"),
        ("O-O-O", "Kg1-d1"),
        ("g1-j1", "Kg1-j1"),
        ("g1d1", "Kg1-d1"),
        ("KG1-J1", "Kg1-j1"),
    ] {
        assert_eq!(canonical(p.as_ref(), input), out, "{input}");
    }
    let p = play(p.as_ref(), "Rb1-b2");
    assert_eq!(canonical(p.as_ref(), "O-O-O"), "Kg12-d12");
}

#[test]
fn every_square_between_must_be_empty() {
    let p = setup(&format!("{HOME} Ni1 Bc1"), "w KQkq - 0 1");
    check(
        p.as_ref(),
        &[],
        &[
            ("Kg1-j1", "castling: i1 is not empty"),
            ("O-O", "castling: i1 is not empty"),
            ("Kg1-d1", "castling: c1 is not empty"),
        ],
    );
}

#[test]
fn no_square_between_may_be_attacked_c1_included() {
    // The rook on c8 attacks only c1, which just the rook crosses.
    let p = setup(&format!("{HOME} rc8 rh6"), "w KQkq - 0 1");
    check(
        p.as_ref(),
        &[],
        &[
            ("Kg1-d1", "castling: c1 is attacked"),
            ("Kg1-j1", "castling: h1 is attacked"),
        ],
    );
    let p = setup(&format!("{HOME} rj6"), "w KQkq - 0 1");
    check(
        p.as_ref(),
        &["Kg1-d1"],
        &[("Kg1-j1", "castling: j1 is attacked")],
    );
    // An attack on the rook itself does not matter.
    let p = setup(&format!("{HOME} rk6"), "w KQkq - 0 1");
    check(p.as_ref(), &["Kg1-j1"], &[]);
}

#[test]
fn not_out_of_check() {
    let p = setup(&format!("{HOME} rg6"), "w KQkq - 0 1");
    check(
        p.as_ref(),
        &[],
        &[
            ("Kg1-j1", "castling: the king is in check"),
            ("O-O-O", "castling: the king is in check"),
        ],
    );
}

#[test]
fn not_into_check_when_the_rook_opens_a_line() {
    // The queen on l1 sees j1 only once the rook has left k1.
    let p = setup("Kg1 Rk1 kg12 ql1", "w K - 0 1");
    check(
        p.as_ref(),
        &[],
        &[("Kg1-j1", "castling: the King would be in check on j1")],
    );
}

#[test]
fn not_after_the_rook_or_king_has_moved() {
    let p = setup(HOME, "w KQkq - 0 1");
    let p = play_all(p.as_ref(), "Rk1-k2 Rk12-k11 Rk2-k1 Rk11-k12");
    check(
        p.as_ref(),
        &["Kg1-d1"],
        &[("Kg1-j1", "castling: the king or that rook has moved")],
    );
    let p = play(p.as_ref(), "Kg1-h1");
    let p = play_all(p.as_ref(), "Kg12-h12 Kh1-g1 Kh12-g12");
    check(
        p.as_ref(),
        &[],
        &[
            ("Kg1-d1", "castling: the king or that rook has moved"),
            ("Kg1-j1", "castling: the king or that rook has moved"),
        ],
    );
}

#[test]
fn a_captured_rook_takes_the_right_with_it() {
    let p = setup(&format!("{HOME} Bf8"), "w KQkq - 0 1");
    let p = play(p.as_ref(), "Bf8xb12");
    check(
        p.as_ref(),
        &["Kg12-j12"],
        &[("Kg12-d12", "castling: the king or that rook has moved")],
    );
}
