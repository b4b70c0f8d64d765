//! Ends as in chess: checkmate, stalemate, threefold repetition, 100 plies
//! without capture or pawn move, bare kings; resignation and agreed draws.

use boserv::rules::{Conclusion, Position};

use super::{check, play, play_all, refusal, setup, start, turns};

fn result(p: &dyn Position) -> Option<String> {
    p.outcome().map(|o| o.to_string())
}

/// Black king l12: k11 and l11 are covered by the king on k10, the corner
/// z3 by the Guard's (1,3) leap from l10; a12 closes rank 12.
const MATE: &str = "Kk10 Gl10 Ra1 kl12";

#[test]
fn checkmate_ends_the_game() {
    let p = setup(MATE, "w - - 0 1");
    let p = play(p.as_ref(), "Ra1-a12");
    assert_eq!(result(p.as_ref()).as_deref(), Some("1-0 (checkmate)"));
    assert_eq!(p.to_move(), None);
    assert!(turns(p.as_ref()).is_empty());
    assert_eq!(
        refusal(p.as_ref(), "Kl12-z3"),
        "the game is over: 1-0 (checkmate)"
    );
    assert!(
        !p.render().contains("checkmate"),
        "the page states the ending once"
    );
}

#[test]
fn the_corner_square_is_an_escape() {
    // Without the Guard the king slips into z3.
    let p = setup("Kk10 Ra1 kl12", "w - - 0 1");
    let p = play(p.as_ref(), "Ra1-a12");
    assert_eq!(result(p.as_ref()), None);
    assert_eq!(turns(p.as_ref()), ["Kl12-z3"]);
}

#[test]
fn stalemate_is_a_draw() {
    // The king on z3 has only l12, which the queen on l2 covers.
    let p = setup("Ka1 Qk2 kz3", "w - - 0 1");
    let p = play(p.as_ref(), "Qk2-l2");
    assert_eq!(result(p.as_ref()).as_deref(), Some("1/2-1/2 (stalemate)"));
    let p = setup("Ka1 Qk2 kz3", "w - - 0 1");
    let p = play(p.as_ref(), "Qk2-k3");
    assert_eq!(result(p.as_ref()), None);
}

#[test]
fn threefold_repetition_is_a_draw() {
    let shuffle = "Nz1-b3 Nz4-b10 Nb3-z1 Nb10-z4";
    let twice = play_all(start().as_ref(), &format!("{shuffle} {shuffle}"));
    assert_eq!(
        result(twice.as_ref()).as_deref(),
        Some("1/2-1/2 (threefold repetition)")
    );
    let almost = play_all(
        start().as_ref(),
        &format!("{shuffle} Nz1-b3 Nz4-b10 Nb3-z1"),
    );
    assert_eq!(result(almost.as_ref()), None);
}

#[test]
fn repetition_counts_castling_rights() {
    // The rook's trip away and back loses the right: the start (with the
    // right) and the position after each trip (without) are not the same,
    // so two trips make no threefold repetition.
    let p = setup("Kg1 Rk1 kg12 nz3", "w K - 0 1");
    let trip = "Rk1-k2 Nz3-k10 Rk2-k1 Nk10-z3";
    let p = play_all(p.as_ref(), &format!("{trip} {trip}"));
    assert_eq!(result(p.as_ref()), None);
    // Its first move makes the position after Rk1-k2 stand a third time.
    let p = play(p.as_ref(), "Rk1-k2");
    assert_eq!(
        result(p.as_ref()).as_deref(),
        Some("1/2-1/2 (threefold repetition)")
    );
}

#[test]
fn hundred_plies_without_capture_or_pawn_move() {
    let p = setup("Ka1 kl12 Rb5 Pe4", "w - - 99 70");
    let quiet = play(p.as_ref(), "Rb5-b6");
    assert_eq!(
        result(quiet.as_ref()).as_deref(),
        Some("1/2-1/2 (50-move rule)")
    );
    let pawn = play(p.as_ref(), "e4-e5");
    assert_eq!(result(pawn.as_ref()), None);
}

#[test]
fn mate_on_the_hundredth_ply_stands() {
    let p = setup(MATE, "w - - 99 70");
    let p = play(p.as_ref(), "Ra1-a12");
    assert_eq!(result(p.as_ref()).as_deref(), Some("1-0 (checkmate)"));
}

#[test]
fn bare_kings_are_a_draw() {
    let p = setup("Ka1 kl12 nb2", "w - - 0 1");
    let p = play(p.as_ref(), "Ka1xb2");
    assert_eq!(
        result(p.as_ref()).as_deref(),
        Some("1/2-1/2 (dead position)")
    );
    // A set-up position with bare kings is over at once.
    let p = setup("Ka1 kl12", "w - - 0 1");
    assert_eq!(
        result(p.as_ref()).as_deref(),
        Some("1/2-1/2 (dead position)")
    );
    // A lone Knight is still material here: play goes on.
    let p = setup("Ka1 kl12 nb2 Nc3", "w - - 0 1");
    let p = play(p.as_ref(), "Ka1xb2");
    assert_eq!(result(p.as_ref()), None);
}

#[test]
fn resignation_forfeit_and_agreed_draw() {
    let p = start();
    let r = p.conclude(&Conclusion::Resign(0)).unwrap();
    assert_eq!(result(r.as_ref()).as_deref(), Some("0-1 (resignation)"));
    assert!(r.conclude(&Conclusion::DrawAgreed).is_err());
    assert_eq!(
        refusal(r.as_ref(), "e2-e4"),
        "the game is over: 0-1 (resignation)"
    );
    let f = play(p.as_ref(), "e2-e4")
        .conclude(&Conclusion::Forfeit(1))
        .unwrap();
    assert_eq!(result(f.as_ref()).as_deref(), Some("1-0 (time forfeit)"));
    let d = p.conclude(&Conclusion::DrawAgreed).unwrap();
    assert_eq!(result(d.as_ref()).as_deref(), Some("1/2-1/2 (agreement)"));
    assert!(turns(d.as_ref()).is_empty());
}

#[test]
fn a_move_may_not_leave_the_king_in_check() {
    let p = setup("Kg1 Rg2 kg12 rg8", "w - - 0 1");
    check(
        p.as_ref(),
        &["Rg2-g5", "Rg2xg8"],
        &[("Rg2-h2", "this would leave your King in check")],
    );
    let p = setup("Kg1 Ra2 kg12 rg8", "w - - 0 1");
    check(
        p.as_ref(),
        &["Ra2-g2"],
        &[("Ra2-a3", "your King is in check and this does not save it")],
    );
}
