//! Every ruling of RULES.md "Orphic Chess", each with its illegal twin.

use super::{fen_of, play, play_all, refusal, setup, start, turns};
use boserv::rules::{Ending, Position};

fn legal(p: &dyn Position, turn: &str) -> bool {
    turns(p).iter().any(|t| t == turn)
}

#[test]
fn start_pawns_on_the_third_and_sixth_ranks_everything_else_in_reserve() {
    let p = start();
    assert_eq!(
        fen_of(p.as_ref()),
        "8/8/pppppppp/8/8/PPPPPPPP/8/8[QRRBBNNKqrrbbnnk] w - - 0 1"
    );
    let board = p.render();
    assert!(board.contains("White's reserve:"), "{board}");
    assert!(board.contains("Q R R B B N N K"), "{board}");
    // A turn is a drop or a board move; at the start only drops exist.
    assert!(turns(p.as_ref()).iter().all(|t| t.contains('@')));
}

#[test]
fn a_drop_goes_to_any_empty_square_not_an_occupied_one() {
    let p = start();
    let q = play(p.as_ref(), "N@e5");
    assert_eq!(q.outcome(), None);
    assert_eq!(
        fen_of(q.as_ref()),
        "8/8/pppppppp/4N3/8/PPPPPPPP/8/8[QRRBBNKqrrbbnnk] b - - 1 1"
    );
    assert_eq!(
        refusal(q.as_ref(), "N@e5"),
        "N@e5: e5 is occupied by the enemy's knight"
    );
    assert_eq!(
        refusal(p.as_ref(), "N@e6"),
        "N@e6: e6 is occupied by the enemy's pawn"
    );
    assert_eq!(
        refusal(p.as_ref(), "P@e4"),
        "P@e4: you have no P in reserve"
    );
}

#[test]
fn a_drop_onto_an_own_pawn_relocates_it_to_ranks_2_to_4_only() {
    let p = start();
    let q = play(p.as_ref(), "n@e3/C4");
    assert!(q.render().contains("Last move: N@e3/c4"), "{}", q.render());
    assert!(fen_of(q.as_ref()).starts_with("8/8/pppppppp/8/2P5/PPPPNPPP/8/8["));
    // Beyond rank 4, on rank 1, onto a full square: refused.
    assert_eq!(
        refusal(p.as_ref(), "N@e3/c5"),
        "N@e3/c5: the pawn goes to an empty square on ranks 2-4, not c5"
    );
    assert_eq!(
        refusal(p.as_ref(), "N@e3/c1"),
        "N@e3/c1: the pawn goes to an empty square on ranks 2-4, not c1"
    );
    assert_eq!(
        refusal(p.as_ref(), "N@e3/d3"),
        "N@e3/d3: the pawn goes to an empty square on ranks 2-4, not d3"
    );
    assert_eq!(
        refusal(p.as_ref(), "N@e3"),
        "N@e3: say where the pawn on e3 goes (N@e3/square)"
    );
    // Black's ranks are 7 to 5.
    assert!(legal(q.as_ref(), "N@e6/c7"));
    assert!(legal(q.as_ref(), "N@e6/c5"));
    assert_eq!(
        refusal(q.as_ref(), "N@e6/c4"),
        "N@e6/c4: the pawn goes to an empty square on ranks 5-7, not c4"
    );
}

#[test]
fn no_relocation_while_in_check_but_a_block_is_fine() {
    let p = setup("4r2k/8/pppp1ppp/8/8/PPPP1PPP/8/4K3[QRNqn] w - - 0 10");
    assert_eq!(
        refusal(p.as_ref(), "Q@a3/a2"),
        "Q@a3/a2: a pawn may not be relocated while your king is in check"
    );
    assert!(legal(p.as_ref(), "Q@e2"));
    assert!(!turns(p.as_ref()).iter().any(|t| t.contains('/')));
    // The same position without the check: relocations are back.
    let q = setup("7k/4r3/pppp1ppp/8/8/PPPP1PPP/8/3K4[QRNqn] w - - 0 10");
    assert!(legal(q.as_ref(), "Q@a3/a2"));
}

#[test]
fn a_drop_into_check_is_refused_and_a_drop_must_answer_a_check() {
    let p = setup("4r2k/8/pppp1ppp/8/8/PPPP1PPP/8/4K3[QRNqn] w - - 0 10");
    assert_eq!(
        refusal(p.as_ref(), "N@a1"),
        "N@a1: your king is in check and this does not save it"
    );
    // The last piece, a king, never goes where it is attacked.
    let k = setup("r7/8/pp1p1ppp/2p5/3pP3/P1P2PPP/1P6/2Q1K3[k] b - - 0 12");
    assert_eq!(
        refusal(k.as_ref(), "K@f5"),
        "K@f5: this would leave your king in check"
    );
    assert!(legal(k.as_ref(), "K@e5"));
}

#[test]
fn the_second_bishop_goes_to_the_other_colour() {
    // c1 is dark: White's second bishop must go on a light square.
    let p = play_all(start().as_ref(), "B@c1 N@a5");
    assert!(
        fen_of(p.as_ref()).contains("[QRRB:lNNK"),
        "{}",
        fen_of(p.as_ref())
    );
    assert!(p.render().contains("(B on light)"), "{}", p.render());
    assert!(legal(p.as_ref(), "B@e4"));
    assert_eq!(
        refusal(p.as_ref(), "B@d4"),
        "B@d4: your second bishop goes on a light square (the first went on a dark one)"
    );
    // Still so when the first bishop is gone (captured): the reserve
    // remembers where it went.
    let q = setup("8/8/pppppppp/8/8/PPPPPPPP/8/8[QRRB:lNNKqrrbbnnk] w - - 0 3");
    assert!(legal(q.as_ref(), "B@e4"));
    assert!(!legal(q.as_ref(), "B@d4"));
}

#[test]
fn the_king_goes_on_the_first_rank_while_other_pieces_remain() {
    let p = start();
    assert!(legal(p.as_ref(), "K@e1"));
    assert_eq!(
        refusal(p.as_ref(), "K@e2"),
        "K@e2: your king goes on rank 1 while other pieces remain in your reserve"
    );
    let q = play(p.as_ref(), "K@e1");
    assert!(legal(q.as_ref(), "K@g8"));
    assert_eq!(
        refusal(q.as_ref(), "K@g7"),
        "K@g7: your king goes on rank 8 while other pieces remain in your reserve"
    );
}

#[test]
fn the_last_piece_king_goes_anywhere_a_drop_may_go() {
    let p = setup("r7/8/pp1p1ppp/2p5/3pP3/P1P2PPP/1P6/2Q1K3[k] b - - 0 12");
    assert!(legal(p.as_ref(), "K@e5"));
    assert!(legal(p.as_ref(), "K@b5"));
    // Onto one of its own pawns too, the pawn relocated.
    assert!(legal(p.as_ref(), "K@d6/d7"));
    let q = play(p.as_ref(), "K@d6/e7");
    assert!(fen_of(q.as_ref()).contains("[]"), "{}", fen_of(q.as_ref()));
    // With another piece in hand the same drop is refused.
    let r = setup("r7/8/pp1p1ppp/2p5/3pP3/P1P2PPP/1P6/2Q1K3[nk] b - - 0 12");
    assert_eq!(
        refusal(r.as_ref(), "K@e5"),
        "K@e5: your king goes on rank 8 while other pieces remain in your reserve"
    );
}

#[test]
fn before_the_king_only_captures_en_passant_included() {
    let p = setup("8/2b5/pp1ppppp/2p1r3/3N4/P1PPPPPP/1P6/2Q5[RRBBNKqrb:lnnk] w - - 0 5");
    assert_eq!(
        refusal(p.as_ref(), "Nd4-c6"),
        "Nd4-c6: until your king is on the board, your pieces and pawns may only capture"
    );
    assert_eq!(
        refusal(p.as_ref(), "b2-b4"),
        "b2-b4: until your king is on the board, your pieces and pawns may only capture"
    );
    assert!(legal(p.as_ref(), "Nd4xe6"));
    // Once the king is on the board, quiet moves are legal.
    let q = play_all(p.as_ref(), "K@e1 N@a5");
    assert!(legal(q.as_ref(), "Nd4-c6"), "{:?}", turns(q.as_ref()));
    assert!(legal(q.as_ref(), "b2-b4"));
    // En passant counts as a capture for a side without its king.
    let e = setup("8/8/ppp1pppp/8/3p4/PPP2PPP/4P3/4K3[Qqrrbbnnk] w - - 0 1");
    let f = play(e.as_ref(), "e2-e4");
    assert!(legal(f.as_ref(), "d4xe3"));
    assert_eq!(
        refusal(f.as_ref(), "d4-d3"),
        "d4-d3: until your king is on the board, your pieces and pawns may only capture"
    );
    let g = play(f.as_ref(), "d4xe3");
    assert!(fen_of(g.as_ref()).starts_with("8/8/ppp1pppp/8/8/PPP1pPPP/8/4K3"));
}

#[test]
fn double_step_from_the_second_rank_promotion_as_chess_no_castling() {
    let p = setup("4k3/8/8/8/8/8/P7/R3K2R[] w - - 0 1");
    assert!(legal(p.as_ref(), "a2-a4"));
    assert!(
        refusal(p.as_ref(), "O-O").contains("castling"),
        "{}",
        refusal(p.as_ref(), "O-O")
    );
    assert!(!legal(p.as_ref(), "Ke1-g1"));
    let q = setup("8/4P2k/8/8/8/8/8/4K3[] w - - 0 1");
    for promo in ["Q", "R", "B", "N"] {
        assert!(legal(q.as_ref(), &format!("e7-e8={promo}")));
    }
    // A pawn on its third rank steps one square only.
    let r = setup("7k/8/8/8/8/P7/8/4K3[] w - - 0 1");
    assert!(legal(r.as_ref(), "a3-a4"));
    assert!(!legal(r.as_ref(), "a3-a5"));
}

#[test]
fn a_drop_may_mate_unless_a_drop_can_block() {
    let p = setup("6k1/5ppp/8/8/8/8/5PPP/6K1[R] w - - 0 30");
    let mated = play(p.as_ref(), "R@a8");
    let o = mated.outcome().expect("mate");
    assert_eq!(o.ending, Ending::Checkmate);
    assert_eq!(mated.to_move(), None);
    // Black holding a knight blocks on b8..f8: no mate.
    let q = setup("6k1/5ppp/8/8/8/8/5PPP/6K1[Rn] w - - 0 30");
    let checked = play(q.as_ref(), "R@a8");
    assert_eq!(checked.outcome(), None);
    assert!(legal(checked.as_ref(), "N@e8"));
    assert_eq!(turns(checked.as_ref()).len(), 5);
}

#[test]
fn stalemate_counts_drops_and_ends_are_as_chess() {
    let stale = setup("7k/5Q2/6K1/8/8/8/8/8[] b - - 0 40");
    assert_eq!(stale.outcome().unwrap().ending, Ending::Stalemate);
    // A piece in hand is a legal turn: no stalemate.
    let held = setup("7k/5Q2/6K1/8/8/8/8/8[n] b - - 0 40");
    assert_eq!(held.outcome(), None);
    assert!(turns(held.as_ref()).iter().all(|t| t.starts_with("N@")));
    // A side whose king is still in hand cannot be in check; without a
    // legal turn it is stalemated (draw).
    // K v K with empty reserves is dead; a reserve keeps it alive.
    let dead = setup("7k/8/8/8/8/8/8/K7[] w - - 0 40");
    assert_eq!(dead.outcome().unwrap().ending, Ending::DeadPosition);
    let alive = setup("7k/8/8/8/8/8/8/K7[Q] w - - 0 40");
    assert_eq!(alive.outcome(), None);
}

#[test]
fn repetition_counts_the_reserves() {
    // Kings shuffle; the reserves never change: the third time is a draw.
    let p = setup("7k/8/8/8/8/8/8/K7[Qq] w - - 0 40");
    let q = play_all(
        p.as_ref(),
        "Ka1-a2 Kh8-h7 Ka2-a1 Kh7-h8 Ka1-a2 Kh8-h7 Ka2-a1",
    );
    assert_eq!(q.outcome(), None);
    let r = play(q.as_ref(), "Kh7-h8");
    assert_eq!(r.outcome().unwrap().ending, Ending::Repetition);
}
