//! Game-level tests of chess: notation forms, refusals, ends, encoding.

use super::*;
use crate::rules::{Conclusion, Position, RulesError, Variant};

fn start() -> Box<dyn Position> {
    CHESS.start(&[]).unwrap()
}

fn fen(f: &str) -> Box<dyn Position> {
    CHESS.from_fen(&[], f).unwrap()
}

fn play_all(mut p: Box<dyn Position>, moves: &str) -> Box<dyn Position> {
    for m in moves.split_whitespace() {
        p = p
            .play(m, None)
            .unwrap_or_else(|e| panic!("{m}: {e}"))
            .position;
    }
    p
}

fn refusal(p: &dyn Position, m: &str) -> String {
    p.play(m, None).unwrap_err().to_string()
}

#[test]
fn every_input_form_gives_the_canonical_move() {
    let p = start();
    for t in ["e2e4", "e2-e4", "E2-E4", "e4", "Pe2-e4", "pe2e4", "e2-e4+"] {
        assert_eq!(p.play(t, None).unwrap().canonical, "e2-e4", "{t}");
    }
    for t in ["Nf3", "Ng1-f3", "g1f3", "Ngf3", "N1f3"] {
        assert_eq!(p.play(t, None).unwrap().canonical, "Ng1-f3", "{t}");
    }
    let p = play_all(start(), "e4 d5");
    for t in ["exd5", "e4xd5", "e4-d5", "e4d5", "Pe4xd5"] {
        assert_eq!(p.play(t, None).unwrap().canonical, "e4xd5", "{t}");
    }
}

#[test]
fn castling_forms() {
    let p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for t in ["O-O", "0-0", "Ke1-g1", "e1g1", "e1-g1"] {
        assert_eq!(p.play(t, None).unwrap().canonical, "Ke1-g1", "{t}");
    }
    assert_eq!(p.play("O-O-O", None).unwrap().canonical, "Ke1-c1");
    let after = p.play("O-O-O", None).unwrap().position;
    assert_eq!(after.play("O-O", None).unwrap().canonical, "Ke8-g8");
    assert_eq!(refusal(&*after, "O-O-O"), "O-O-O: castling: d8 is attacked");
}

#[test]
fn promotion_and_en_passant() {
    let p = fen("8/4P3/8/8/8/8/8/k3K3 w - - 0 1");
    assert_eq!(
        refusal(&*p, "e7-e8"),
        "e7-e8: say what the pawn promotes to (=Q, =R, =B or =N)"
    );
    for t in ["e7e8q", "e7-e8=Q", "e8=Q", "e8Q"] {
        assert_eq!(p.play(t, None).unwrap().canonical, "e7-e8=Q", "{t}");
    }
    assert_eq!(p.play("e7-e8=N", None).unwrap().canonical, "e7-e8=N");
    assert_eq!(
        refusal(&*p, "e7-e8=K"),
        "e7-e8=K: a pawn promotes to Q, R, B or N"
    );
    let ep = play_all(start(), "e4 a6 e5 d5");
    assert_eq!(ep.play("exd6", None).unwrap().canonical, "e5xd6");
    assert_eq!(ep.play("e5-d6", None).unwrap().canonical, "e5xd6");
}

#[test]
fn refusals_say_what_is_wrong() {
    let p = start();
    assert_eq!(
        refusal(&*p, "e2-e5"),
        "e2-e5: a pawn's first move goes 1 or 2 squares"
    );
    assert_eq!(refusal(&*p, "e3-e4"), "e3-e4: there is no piece on e3");
    assert_eq!(
        refusal(&*p, "Nb1-b3"),
        "Nb1-b3: a knight moves in an L shape"
    );
    assert_eq!(refusal(&*p, "Bf1-c4"), "Bf1-c4: the path is blocked at e2");
    assert_eq!(refusal(&*p, "e7-e5"), "e7-e5: the pawn on e7 is Black's");
    assert_eq!(
        refusal(&*p, "Nb1-c3x"),
        "Nb1-c3x: cannot read this move (no target square)"
    );
    assert_eq!(
        refusal(&*p, "Bb1-c3"),
        "Bb1-c3: the piece on b1 is a knight, not B"
    );
    assert_eq!(
        refusal(&*p, "Nb1xc3"),
        "Nb1xc3: c3 is empty: this is not a capture"
    );
    assert_eq!(refusal(&*p, "Ra1-a2"), "Ra1-a2: a2 holds your own pawn");
    assert_eq!(refusal(&*p, "Ra1-b2"), "Ra1-b2: b2 holds your own pawn");
    assert_eq!(
        refusal(&*p, "Ra1-b3"),
        "Ra1-b3: a rook moves along files and ranks"
    );
    assert_eq!(refusal(&*p, "O-O"), "O-O: castling: f1 is not empty");
    let moved = play_all(start(), "e4 e5 Ke2 Ke7");
    assert_eq!(
        refusal(&*moved, "O-O"),
        "O-O: castling: the king or that rook has moved"
    );
    let q = play_all(start(), "e4 e5 Nf3 Nc6 Bc4 Bc5");
    assert_eq!(q.play("O-O", None).unwrap().canonical, "Ke1-g1");
    let attacked = fen("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1");
    assert_eq!(
        refusal(&*attacked, "e1-g1"),
        "e1-g1: castling: f1 is attacked"
    );
    let target = fen("4k3/8/8/8/8/8/6r1/4K2R w K - 0 1");
    assert_eq!(refusal(&*target, "O-O"), "O-O: castling: g1 is attacked");
    let rook_moved = play_all(start(), "Nf3 Nf6 Rg1 Ng8 Rh1 Nf6 e3 Ng8 Be2 Nf6");
    assert_eq!(
        refusal(&*rook_moved, "O-O"),
        "O-O: castling: the king or that rook has moved"
    );
    let checked = fen("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1");
    assert_eq!(
        refusal(&*checked, "O-O"),
        "O-O: castling: the king is in check"
    );
    let pinned = fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(
        refusal(&*pinned, "Be2-d3"),
        "Be2-d3: this would leave your king in check"
    );
    let into = fen("4k3/3r4/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        refusal(&*into, "Ke1-d1"),
        "Ke1-d1: this would leave your king in check"
    );
    assert_eq!(
        refusal(&*into, "Ke1-e3"),
        "Ke1-e3: a king moves one square in any direction"
    );
    let pawns = play_all(start(), "e4 e5");
    assert_eq!(
        refusal(&*pawns, "e4-e5"),
        "e4-e5: e5 is occupied: a pawn captures diagonally"
    );
    assert_eq!(
        refusal(&*pawns, "d2-e3"),
        "d2-e3: e3 is empty: a pawn moves diagonally only to capture (or en passant onto a square a pawn just passed over)"
    );
    assert_eq!(
        refusal(&*pawns, "Ke1-e3"),
        "Ke1-e3: a king moves one square in any direction"
    );
}

#[test]
fn san_ambiguity_is_refused_with_candidates() {
    let r = fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(r.play("Rd1", None).unwrap().canonical, "Ra1-d1");
    assert_eq!(refusal(&*r, "Rd2"), "Rd2: no R can go to d2");
    let both = fen("4k3/8/8/8/8/8/8/R4K1R w - - 0 1");
    assert_eq!(both.play("Rg1", None).unwrap().canonical, "Rh1-g1");
    let n = fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(
        refusal(&*n, "Nd2"),
        "Nd2 is ambiguous: it could be Nb1-d2 or Nf3-d2"
    );
    assert_eq!(n.play("Nbd2", None).unwrap().canonical, "Nb1-d2");
    assert_eq!(n.play("Nfd2+", None).unwrap().canonical, "Nf3-d2");
}

#[test]
fn checkmate_ends_the_game() {
    let p = play_all(start(), "f3 e5 g4 Qh4#");
    let o = p.outcome().unwrap();
    assert_eq!(o.result_text(), "0-1");
    assert_eq!(o.reason(), "checkmate");
    assert!(p.legal_turns(None).is_empty());
    assert_eq!(p.to_move(), None);
    assert!(matches!(
        p.play("e4", None).unwrap_err().reason,
        RulesError::GameOver(_)
    ));
}

#[test]
fn stalemate_is_a_draw() {
    let p = play_all(fen("7k/8/4Q3/8/8/8/8/6K1 w - - 0 1"), "Qf7");
    assert_eq!(p.outcome().unwrap().reason(), "stalemate");
    assert_eq!(p.outcome().unwrap().result_text(), "1/2-1/2");
}

#[test]
fn threefold_repetition_draws_on_the_third_occurrence() {
    let p = play_all(start(), "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(p.outcome(), None);
    let p = play_all(p, "Ng8");
    assert_eq!(p.outcome().unwrap().reason(), "threefold repetition");
}

#[test]
fn repetition_counts_castling_rights() {
    // Ke1-f1-e1 loses castling rights: the positions before are different.
    let p = fen("r3k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let p = play_all(p, "Kf1 Kd8 Ke1 Ke8 Kf1 Kd8 Ke1 Ke8");
    // The same squares three times, but the first time with the right to castle.
    assert_eq!(p.outcome(), None);
    // Kf1 makes the third Kf1 position (always without the right).
    let p = play_all(p, "Kf1");
    assert_eq!(p.outcome().unwrap().reason(), "threefold repetition");
}

#[test]
fn fifty_move_rule_and_mate_on_the_hundredth_ply() {
    let p = fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    let drawn = play_all(p.clone(), "Ra2");
    assert_eq!(drawn.outcome().unwrap().reason(), "50-move rule");
    let mate = fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    let mated = play_all(mate, "Ra8");
    assert_eq!(mated.outcome().unwrap().reason(), "checkmate");
    let reset = play_all(fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"), "e3");
    assert_eq!(reset.outcome(), None);
}

#[test]
fn insufficient_material_after_a_capture() {
    let p = play_all(fen("4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1"), "Kxd2");
    assert_eq!(p.outcome().unwrap().reason(), "dead position");
}

#[test]
fn conclusions() {
    let p = start();
    let r = p.conclude(&Conclusion::Resign(0)).unwrap();
    assert_eq!(r.outcome().unwrap().to_string(), "0-1 (resignation)");
    let f = p.conclude(&Conclusion::Forfeit(1)).unwrap();
    assert_eq!(f.outcome().unwrap().to_string(), "1-0 (time forfeit)");
    let d = p.conclude(&Conclusion::DrawAgreed).unwrap();
    assert_eq!(d.outcome().unwrap().to_string(), "1/2-1/2 (agreement)");
    assert!(d.conclude(&Conclusion::DrawAgreed).is_err());
}

#[test]
fn encode_decode_round_trip_keeps_repetition() {
    let p = play_all(start(), "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let text = p.encode();
    let q = CHESS.decode(&[], &text).unwrap();
    assert_eq!(q.encode(), text);
    assert_eq!(format!("{p:?}"), format!("{q:?}"));
    let q: Box<dyn Position> = CHESS.decode(&[], &text).unwrap();
    assert_eq!(
        q.play("Ng8", None)
            .unwrap()
            .position
            .outcome()
            .unwrap()
            .reason(),
        "threefold repetition"
    );
    let over = p.conclude(&Conclusion::Resign(1)).unwrap();
    let back = CHESS.decode(&[], &over.encode()).unwrap();
    assert_eq!(back.outcome(), over.outcome());
    assert_eq!(back.render(), over.render());
}

#[test]
fn render_shows_board_turn_and_last_move() {
    let p = play_all(start(), "e4");
    let r = p.render();
    let lines: Vec<&str> = r.lines().collect();
    assert_eq!(lines[0], "      a   b   c   d   e   f   g   h");
    assert_eq!(lines[1], "    +---+---+---+---+---+---+---+---+");
    assert_eq!(lines[2], "  8 |*R*|*N*|*B*|*Q*|*K*|*B*|*N*|*R*| 8");
    assert_eq!(lines[10], "  4 |   |:::|   |:::| P |:::|   |:::| 4");
    assert_eq!(lines[16], "  1 |:R:| N |:B:| Q |:K:| B |:N:| R | 1");
    assert!(r.ends_with("Black to move\nLast move: e2-e4\n"));
}

#[test]
fn options_and_fen_errors() {
    let opt = crate::rules::GameOption {
        name: "x".into(),
        value: None,
    };
    assert!(CHESS.start(&[opt]).is_err());
    assert!(CHESS.from_fen(&[], "nonsense").is_err());
    assert_eq!(start().legal_turns(None).len(), 20);
    assert_eq!(start().perft(3), 8902);
    let p = CHESS.from_fen(&[], START_FEN).unwrap();
    let d = p.divide(1);
    assert_eq!(d.len(), 20);
    assert!(d.iter().any(|(m, n)| m == "Nb1-c3" && *n == 1));
}

#[test]
fn fast_divide_matches_the_generic_one() {
    let p = play_all(start(), "e4 d5 e5 f5");
    let fast = p.divide(2);
    let generic: Vec<(String, u64)> = {
        let mut v: Vec<(String, u64)> = p
            .legal_turns(None)
            .into_iter()
            .map(|t| {
                let n = p.play(&t, None).unwrap().position.perft(1);
                (t, n)
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(fast, generic);
    assert!(fast.iter().any(|(m, _)| m == "e5xf6"));
}

#[test]
fn black_sees_the_board_from_its_side() {
    let p = start();
    let black = p.render_for(1);
    let lines: Vec<&str> = black.lines().collect();
    assert_eq!(lines[0], "      h   g   f   e   d   c   b   a");
    assert_eq!(lines[2], "  1 | R |:N:| B |:K:| Q |:B:| N |:R:| 1");
    assert_eq!(lines[16], "  8 |*R*|*N*|*B*|*K*|*Q*|*B*|*N*|*R*| 8");
    assert!(black.contains("White to move"));
    assert_eq!(p.render_for(0), p.render());
}

#[test]
fn a_short_move_refused_in_check_gives_the_real_reason() {
    // The rook on h1 checks the king; a2-a3 does nothing about it.
    let p = fen("4k3/8/8/8/8/8/P7/4K2r w - - 0 1");
    assert_eq!(
        refusal(&*p, "a2-a3"),
        "a2-a3: your king is in check and this does not save it"
    );
    assert_eq!(
        refusal(&*p, "a3"),
        "a3: your king is in check and this does not save it"
    );
    assert_eq!(refusal(&*p, "a6"), "a6: no pawn can go to a6");
}

#[test]
fn a_short_move_that_reads_two_ways() {
    // bc4: the b-pawn takes on c4, or the bishop goes there (RULES.md).
    let both = fen("4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1");
    assert_eq!(
        refusal(&*both, "bc4"),
        "bc4 is ambiguous: it could be Bf1xc4 or b3xc4"
    );
    // SAN's pawn capture (lowercase file, x) is the pawn's when it can take.
    for t in ["bxc4", "bXc4"] {
        assert_eq!(both.play(t, None).unwrap().canonical, "b3xc4", "{t}");
    }
    // An uppercase piece letter names the piece, as in standard SAN.
    for t in ["Bc4", "Bxc4", "BXC4", "BC4"] {
        assert_eq!(both.play(t, None).unwrap().canonical, "Bf1xc4", "{t}");
    }
    assert_eq!(both.play("b3xc4", None).unwrap().canonical, "b3xc4");
    assert_eq!(both.play("Bf1xc4", None).unwrap().canonical, "Bf1xc4");
    // Even when no bishop can go there: B still means a bishop.
    let pawn_only = fen("4k3/8/8/8/2p5/1P6/8/4K1B1 w - - 0 1");
    assert_eq!(pawn_only.play("bc4", None).unwrap().canonical, "b3xc4");
    assert_eq!(refusal(&*pawn_only, "Bc4"), "Bc4: no B can go to c4");
    // A letter that is no piece on the board reads as a file.
    let no_bishops = fen("4k3/8/8/8/2p5/1P6/8/4K3 w - - 0 1");
    assert_eq!(no_bishops.play("Bc4", None).unwrap().canonical, "b3xc4");
    let bishop_only = fen("4k3/8/8/8/2p5/8/8/4KB2 w - - 0 1");
    assert_eq!(bishop_only.play("bxc4", None).unwrap().canonical, "Bf1xc4");
}

/// The export writes `Bb4` for a bishop's move while a pawn stands on b5;
/// it must read back as the bishop's move, not as ambiguous with b5-b4.
#[test]
fn standard_san_with_an_uppercase_letter_names_the_piece() {
    let p = fen("4k3/8/3b4/1p6/8/8/8/4K3 b - - 0 1");
    assert_eq!(p.play("Bb4", None).unwrap().canonical, "Bd6-b4");
    assert_eq!(p.play("b4", None).unwrap().canonical, "b5-b4");
    assert_eq!(
        refusal(&*p, "bb4"),
        "bb4 is ambiguous: it could be Bd6-b4 or b5-b4"
    );
}

#[test]
fn typed_turns_are_what_the_text_layer_shows() {
    let p = start();
    let turns = p.legal(None);
    assert_eq!(turns.len(), 20);
    let mut texts: Vec<String> = turns.iter().map(|t| p.turn_text(t)).collect();
    texts.sort();
    assert_eq!(texts, p.legal_turns(None));
    let e4 = p.read_turn("e4", None).unwrap();
    assert_eq!(p.turn_text(&e4), "e2-e4");
    let after = p.apply(&e4, None).unwrap();
    assert_eq!(after.to_move(), Some(1));
    let not_legal = crate::rules::Turn::single(crate::rules::Action::step(12, 36));
    assert_eq!(
        p.apply(&not_legal, None).unwrap_err().to_string(),
        "e2-e5: not a legal turn here"
    );
}
