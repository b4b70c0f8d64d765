//! The help pages' worked examples against the move generator, the squirm
//! line of the board, the options, and what the repetition key holds in
//! Squirm games.

use super::*;
use crate::rules::chesslike;
use crate::rules::chesslike::TwoSeatGame;
use crate::rules::chesslike::from_fen;
use crate::rules::{GameOption, Position};

/// A FEN with the given pieces (`Nd5` White, `nd5` Black) besides Black's
/// king on g8, White's on b1 and a White pawn on h2 (out of every example's
/// way, and no dead position).
fn fen_with(pieces: &[(char, &str)], side: char) -> String {
    let geo = &REBELLION.spec.geometry;
    let mut pos = ChessLike::empty(&REBELLION);
    for (c, sq) in [('k', "g8"), ('K', "b1"), ('P', "h2")]
        .into_iter()
        .chain(pieces.iter().copied())
    {
        let kind = REBELLION.spec.kind_index(c.to_ascii_uppercase()).unwrap();
        let seat = u8::from(c.is_ascii_lowercase());
        pos.put(geo.parse(sq).unwrap(), Some(ChessLike::piece(seat, kind)));
    }
    pos.set_side(u8::from(side == 'b'));
    chesslike::to_fen(&pos)
}

/// Every example line of a help page: `Black knight on d5:  ~Nd5-c4, ...`
/// (or `none`), checked against the rebel moves the engine offers.
fn check_examples(help: &str, game: &TwoSeatGame) -> usize {
    let mut checked = 0;
    for line in help.lines().map(str::trim) {
        let Some((who, list)) = line.split_once(":  ") else {
            continue;
        };
        let Some((piece, square)) = who.split_once(" on ") else {
            continue;
        };
        let (colour, name) = piece.split_once(' ').expect("colour and piece");
        let black = colour == "Black";
        let letter = match name {
            "knight" => 'N',
            "bishop" => 'B',
            "rook" => 'R',
            "queen" => 'Q',
            "pawn" | "Berolina pawn" => 'P',
            other => panic!("no piece {other} in {line}"),
        };
        let letter = if black {
            letter.to_ascii_lowercase()
        } else {
            letter
        };
        let side = if black { 'w' } else { 'b' };
        let berolina = name == "Berolina pawn";
        let options = if berolina {
            vec![GameOption {
                name: BEROLINA.into(),
                value: None,
            }]
        } else {
            Vec::new()
        };
        let rules = game.rules(&options).unwrap();
        let mut fen = fen_with(&[(letter, square)], side);
        if rules.rebels == Rebels::SquirmFirst {
            fen.push(' ');
            fen.push_str(square);
        }
        let pos = from_fen(rules, &fen).unwrap();
        let mut offered: Vec<String> = pos
            .legal_turns(None)
            .into_iter()
            .filter_map(|t| t.split(',').next().map(str::to_string))
            .filter(|t| t.starts_with('~') && t.contains(square))
            .collect();
        offered.sort();
        offered.dedup();
        let list = list.trim();
        let mut written: Vec<String> = if list == "none" {
            Vec::new()
        } else {
            list.split(", ").map(str::to_string).collect()
        };
        written.sort();
        assert_eq!(offered, written, "{}: {line}", game.name);
        checked += 1;
    }
    checked
}

#[test]
fn the_help_examples_are_what_the_generator_offers() {
    assert_eq!(check_examples((REBELLION_GAME.help)(), &REBELLION_GAME), 10);
    assert_eq!(check_examples((SQUIRM_GAME.help)(), &SQUIRM_GAME), 10);
}

#[test]
fn the_squirm_example_of_the_help_holds() {
    let pos = from_fen(&SQUIRM, "4r1k1/8/8/8/8/2NQ4/8/4K3 w - - 0 1 g8").unwrap();
    let turns = pos.legal_turns(None);
    assert!(turns.contains(&"Qd3-e3".to_string()));
    assert!(!turns.iter().any(|t| t.starts_with("Nc3-e4")));
    for square in ["d5", "f5", "d4", "f4"] {
        assert!((SQUIRM_GAME.help)().contains(square));
    }
}

#[test]
fn options_choose_the_pawns() {
    let berolina = [GameOption {
        name: "Berolina".into(),
        value: None,
    }];
    assert_eq!(REBELLION_GAME.rules(&[]).unwrap().name, "rebellion");
    let rules = REBELLION_GAME.rules(&berolina).unwrap();
    assert_eq!(rules.spec.kinds[0].name, "Berolina pawn");
    assert_eq!(
        SQUIRM_GAME.rules(&berolina).unwrap().rebels,
        Rebels::SquirmFirst
    );
    let unknown = [GameOption {
        name: "progressive".into(),
        value: None,
    }];
    assert_eq!(
        SQUIRM_GAME.rules(&unknown).unwrap_err().to_string(),
        "unknown option for squirm: progressive"
    );
    let valued = [GameOption {
        name: "berolina".into(),
        value: Some("yes".into()),
    }];
    assert_eq!(
        REBELLION_GAME.rules(&valued).unwrap_err().to_string(),
        "the option berolina takes no value (write --opt berolina, not berolina=yes)"
    );
}

#[test]
fn the_squirmable_piece_is_part_of_the_position() {
    // The same board and side, but a different piece may squirm: two
    // positions for repetition, as the moves possible differ.
    let board = "4k3/8/8/8/3NB3/8/8/4K3 b - - 0 1";
    let a = from_fen(&SQUIRM, &format!("{board} d4")).unwrap();
    let b = from_fen(&SQUIRM, &format!("{board} e4")).unwrap();
    let none = from_fen(&SQUIRM, &format!("{board} -")).unwrap();
    let keys = [
        a.repetition_key(),
        b.repetition_key(),
        none.repetition_key(),
    ];
    assert_ne!(keys[0], keys[1]);
    assert_ne!(keys[0], keys[2]);
    // A piece that has no squirm is as good as none.
    let king = from_fen(&SQUIRM, &format!("{board} e1")).unwrap();
    assert_eq!(king.repetition_key(), none.repetition_key());
    // The seventh field round-trips through the stored text.
    let text = a.encode_text();
    assert!(text.starts_with(&format!("{board} d4 |")), "{text}");
    assert_eq!(
        ChessLike::decode(&SQUIRM, &text).unwrap().last_moved(),
        a.last_moved()
    );
    // It must hold a piece of the side that just moved.
    let err = from_fen(&SQUIRM, &format!("{board} e8")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad position text: the piece moved last is White's, and e8 holds none"
    );
}

#[test]
fn the_board_says_what_may_squirm() {
    let pos = from_fen(&SQUIRM, "4k3/7p/8/8/3N4/8/8/4K3 b - - 0 1 d4").unwrap();
    let text = render::render(&pos, false);
    assert!(
        text.ends_with(
            "Black to move\nSquirm: Black may first move White's knight on d4: ~Nd4-c5, ~Nd4-d5, ~Nd4-e5, ~Nd4-c4 or ~Nd4-e4.\n"
        ),
        "{text}"
    );
    // Black's side of the board: rank 1 on top.
    let flipped = render::render(&pos, true);
    assert!(flipped.starts_with("      h   g   f"), "{flipped}");
    // Rebellion has no squirm line.
    let r = from_fen(&REBELLION, "4k3/7p/8/8/3N4/8/8/4K3 b - - 0 1").unwrap();
    assert!(!render::render(&r, false).contains("Squirm"));
}

#[test]
fn dead_positions_of_these_games() {
    let dead = |fen: &str| lone_minor(from_fen(&REBELLION, fen).unwrap().board());
    assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    assert!(dead("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    assert!(dead("4k3/8/8/8/8/8/8/2n1K3 w - - 0 1"));
    assert!(!dead("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
}

/// Why `text` is refused after `turns` from the start of `game`.
fn refusal(game: &TwoSeatGame, turns: &[&str], text: &str) -> String {
    let mut pos: Box<dyn Position> = Box::new(game.start_position(&[]).unwrap());
    for turn in turns {
        pos = pos.play(turn, None).unwrap().position;
    }
    match pos.play(text, None) {
        Ok(_) => panic!("{text} was played"),
        Err(e) => e.reason.to_string(),
    }
}

#[test]
fn an_enemy_knight_beside_your_king_is_harmless_a_checking_one_illegal() {
    // White's king on d2, Black's knight on d4: its rebel squares c3, d3
    // and e3 touch the king; c4 and e4 are a knight's leap from it.
    let pos = from_fen(&REBELLION, "6k1/7p/8/8/3n4/8/3K3P/8 w - - 0 1").unwrap();
    let turns = pos.legal_turns(None);
    for beside in ["~Nd4-c3", "~Nd4-d3", "~Nd4-e3"] {
        assert!(turns.iter().any(|t| t == beside), "{beside}: {turns:?}");
    }
    for checking in ["~Nd4-c4", "~Nd4-e4"] {
        assert!(!turns.iter().any(|t| t == checking), "{checking}");
    }
    let help = (REBELLION_GAME.help)();
    assert!(!help.contains("next to your king is illegal"), "{help}");
    assert!(help.contains("attacks\n  your king is illegal"), "{help}");
}

#[test]
fn squirm_refusals_say_what_a_turn_holds() {
    // Two squirms: the second is of the very piece that moved last.
    let why = refusal(&SQUIRM_GAME, &["e2-e4"], "~e4-d4, ~d4-c4");
    assert!(why.contains("one squirm per turn"), "{why}");
    assert!(!why.contains("moved last"), "{why}");
    // The normal move first: the squirm comes first.
    let why = refusal(&SQUIRM_GAME, &["e2-e4"], "d7-d5, ~e4-d4");
    assert!(
        why.ends_with("the squirm comes first, then the normal move: ~e4-d4, d7-d5"),
        "{why}"
    );
    // Rebellion: one move, not both.
    let why = refusal(&REBELLION_GAME, &["e2-e4", "d7-d5"], "~d5-c5, e4-e5");
    assert!(
        why.contains("a normal move or a rebel move, not both"),
        "{why}"
    );
}

#[test]
fn a_rebel_move_onto_a_piece_says_the_square_is_occupied() {
    let why = refusal(&SQUIRM_GAME, &["e2-e4", "d7-d5", "e4-e5"], "~e5-d5");
    assert!(
        why.ends_with(
            "d5 is occupied (by Black's pawn): a rebel move goes only to an empty square"
        ),
        "{why}"
    );
    // Elsewhere the rule names the squares the piece has.
    let why = refusal(&REBELLION_GAME, &["e2-e4", "d7-d5"], "~d5-d4");
    assert!(why.ends_with("from d5 that is c5 or e5"), "{why}");
}

#[test]
fn an_enemy_piece_moved_without_its_tilde_is_shown_the_tilde() {
    let why = refusal(&REBELLION_GAME, &["e2-e4", "d7-d5"], "d5-c5");
    assert_eq!(
        why,
        "d5-c5: the pawn on d5 is Black's: a rebel move of it is written with ~ (~d5-c5)"
    );
    let why = refusal(&SQUIRM_GAME, &["e2-e4"], "e4-d4, d7-d5");
    assert!(
        why.ends_with("the pawn on e4 is White's: a squirm of it is written with ~ (~e4-d4)"),
        "{why}"
    );
    // Not a rebel move either: no hint.
    let why = refusal(&REBELLION_GAME, &["e2-e4", "d7-d5"], "d5-d4");
    assert!(why.ends_with("the pawn on d5 is Black's"), "{why}");
}
