//! Orthodia (`orthodia`) and simplified Orthodia (`orthodia-simple`), Lev
//! Grigoriev's chess with divergent pieces: Warriors (pawns the other way
//! round), Golds, Bisroos / Roobis (moving one way, capturing the other)
//! and the Torch (odd distances, jumping what stands at even ones).
//!
//! Both games are data for the shared chess-like core
//! ([`crate::rules::chesslike`]): the pieces are movement patterns
//! (`pieces.rs`; the Bisroos' and Roobis' check lines are their move lines
//! in `orthodia`, their capture lines in `orthodia-simple`), the pawn and
//! the Warrior are [`PawnRule`]s (who may take whom en passant is data),
//! there is no castling. What is Orthodia's own: the help page with a
//! diagram per piece drawn from that same data (`help.rs`).

mod help;
pub mod pieces;

use crate::rules::chesslike::{Started, TwoSeatGame};
use std::sync::LazyLock;

use crate::rules::board::BoardSpec;
use crate::rules::chesslike::{self, ChessLike, Hooks, PawnRule, Rebels, Rules};
use crate::rules::render::Drawing;
use pieces::{KING, PAWN, PROMOTIONS, ROOBIS, SET, SIMPLE_SET, WARRIOR};

/// The start position of both games, in FEN.
pub const START: &str = "rgbtkbgr/wppppppw/8/8/8/8/WPPPPPPW/RGBTKBGR w - - 0 1";

/// What Orthodia adds to the core: only its drawing (the house style).
struct Drawn;

impl Hooks for Drawn {
    fn render(&self, pos: &ChessLike, flipped: bool) -> String {
        let board = pos.board();
        let drawing = Drawing {
            flipped,
            ..Drawing::new(board.geometry())
        };
        pos.with_status(drawing.board_lines(&|sq| board.glyph(sq)))
    }
}

/// The pawn and the Warrior. With `en_passant`, a pawn's double step may
/// be taken by a pawn, a Warrior's by a pawn or a Warrior (each where its
/// capture reaches the square passed over); without it, by nobody.
fn pawn_rules(en_passant: bool) -> Vec<PawnRule> {
    let rule = |kind, steps, taken_by: Vec<u8>, captures, how| PawnRule {
        kind,
        steps,
        home_rank: [1, 6],
        first_range: 2,
        also_home: [0, 0],
        home_files: [[0; 12]; 2],
        single_steps: 0,
        promoted_as: None,
        en_passant_ranks: u32::MAX,
        on_first_rank: false,
        range: 1,
        last_by_one_step: false,
        promotion_rank: [7, 0],
        choice: None,
        promotions: [PROMOTIONS.to_vec(), PROMOTIONS.to_vec()],
        leaps_first: false,
        taken_by: if en_passant { taken_by } else { Vec::new() },
        captures,
        how,
    };
    vec![
        rule(
            PAWN,
            vec![(0, 1)],
            vec![PAWN],
            "diagonally",
            "moves straight ahead and captures one square diagonally forward",
        ),
        rule(
            WARRIOR,
            vec![(-1, 1), (1, 1)],
            vec![PAWN, WARRIOR],
            "straight ahead",
            "moves diagonally forward and captures one square straight ahead",
        ),
    ]
}

fn rules(name: &'static str, spec: &'static BoardSpec, en_passant: bool) -> Rules {
    Rules {
        name,
        spec,
        seats: ["White", "Black"],
        pawns: pawn_rules(en_passant),
        castlings: Vec::new(),
        castling_pieces: (KING, ROOBIS),
        castling_letters: "",
        drops: None,
        rebels: Rebels::No,
        own_legality: false,
        king_may_be_absent: false,
        dead: chesslike::bare_kings,
        hooks: &Drawn,
        backend: None,
    }
}

/// Orthodia as data for the core.
pub static RULES: LazyLock<Rules> = LazyLock::new(|| rules("orthodia", &SET, true));

/// Simplified Orthodia (Game Courier's) as data for the core.
pub static SIMPLE_RULES: LazyLock<Rules> =
    LazyLock::new(|| rules("orthodia-simple", &SIMPLE_SET, false));

/// `orthodia`.
pub static ORTHODIA: TwoSeatGame = TwoSeatGame {
    name: "orthodia",
    title: "Orthodia",
    full_name: "Orthodia",
    start: START,
    rules: || &RULES,
    help: || help::TEXT.as_str(),
    writing: include_str!("writing.txt"),
    switch: None,
    started: Started::new(),
};

/// `orthodia-simple`.
pub static ORTHODIA_SIMPLE: TwoSeatGame = TwoSeatGame {
    name: "orthodia-simple",
    title: "Orthodia-simple",
    full_name: "Simplified Orthodia",
    start: START,
    rules: || &SIMPLE_RULES,
    help: || help::SIMPLE_TEXT.as_str(),
    writing: include_str!("writing-simple.txt"),
    switch: None,
    started: Started::new(),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;
    use crate::rules::chesslike::to_fen;

    #[test]
    fn start_round_trips_in_both_games() {
        for game in [&ORTHODIA, &ORTHODIA_SIMPLE] {
            assert_eq!(to_fen(&game.start_position(&[]).unwrap()), START);
        }
    }

    #[test]
    fn the_board_is_drawn_in_the_house_style() {
        let text = ORTHODIA.start_position(&[]).unwrap().render();
        assert!(
            text.contains("  1 |:R:| G |:B:| T |:K:| B |:G:| R | 1"),
            "{text}"
        );
        assert!(
            text.contains("  7 |*W*|*P*|*P*|*P*|*P*|*P*|*P*|*W*| 7"),
            "{text}"
        );
        assert!(text.ends_with("White to move\n"), "{text}");
        let black = ORTHODIA.start_position(&[]).unwrap().render_for(1);
        assert!(black.starts_with("      h   g   f"), "{black}");
    }

    /// Simplified Orthodia has no en passant: its refusals do not offer it.
    #[test]
    fn en_passant_is_named_only_where_the_game_has_it() {
        let why = |game: &TwoSeatGame, turn: &str| {
            let pos = game.start_position(&[]).unwrap();
            Position::play(&pos, turn, None)
                .err()
                .unwrap()
                .reason
                .to_string()
        };
        assert_eq!(
            why(&ORTHODIA_SIMPLE, "Wa2-a3"),
            "Wa2-a3: a3 is empty: a Warrior moves straight ahead only to capture"
        );
        assert_eq!(
            why(&ORTHODIA_SIMPLE, "e2-f3"),
            "e2-f3: f3 is empty: a pawn moves diagonally only to capture"
        );
        assert!(why(&ORTHODIA, "Wa2-a3").contains("en passant"));
    }
}
