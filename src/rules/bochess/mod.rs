//! Big Outer Chess (`bochess`): Peter Blanchard's 12x12 game with four
//! corner squares and "outer" pieces that lose power near the centre.
//!
//! The game is data for the shared chess-like core ([`crate::rules::chesslike`]):
//! the board is a core geometry with extra squares and a zone map, the
//! pieces are movement tables per zone (`pieces.rs`), the pawns a
//! [`PawnRule`] (first move 1–4, later 1–2, the last rank only by one step,
//! en passant on every square passed over), castling two [`CastlingRule`]s
//! per side. What is Big Outer's own: the zones' words in refusals and the
//! help page's drawing (`diagram.rs`).

mod diagram;
mod help;
pub mod pieces;

use crate::rules::chesslike::{Started, TwoSeatGame};
use std::sync::LazyLock;

use crate::rules::castling::CastlingRule;
use crate::rules::chesslike::{self, ChessLike, Hooks, PawnRule, Rebels, Rules};
use crate::rules::notation::a_name;
use pieces::{KING, PAWN, PROMOTIONS, ROOK, SET, zone_name, zoned_power};

/// The start position, in Big Outer FEN (the core's FEN with the corner
/// squares in parentheses before and after ranks 1 and 12; see the help).
pub const START: &str = "(n)jrmgbqkbgmrj(n)/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/(N)JRMGBQKBGMRJ(N) w KQkq - 0 1";

/// What Big Outer adds to the core: zone words and its drawing.
struct BigOuter;

impl Hooks for BigOuter {
    fn zone_power(&self, kind: u8, zone: u8) -> Option<String> {
        let power = zoned_power(kind, zone)?;
        Some(format!(
            "from the {} zone {} {power}",
            zone_name(zone),
            a_name(SET.kinds[kind as usize].name)
        ))
    }

    fn render(&self, pos: &ChessLike, flipped: bool) -> String {
        diagram::render(pos, flipped)
    }
}

/// The castling rules, right index = position in the list: White short,
/// White long, Black short, Black long. King g->j with rook k->i, king g->d
/// with rook b->e; every square between must be empty AND unattacked (the
/// rule text's reading, RULES.md: c1 counts on the long side).
fn castlings() -> Vec<CastlingRule> {
    let g = &SET.geometry;
    let mut rules = Vec::new();
    for (seat, rank) in [(0u8, "1"), (1, "12")] {
        let base = seat as usize * 2;
        let files = [['g', 'j', 'k', 'i'], ['g', 'd', 'b', 'e']];
        for (long, files) in [false, true].into_iter().zip(files) {
            let right = base + usize::from(long);
            rules.push(CastlingRule::on_rank(
                g, right, seat, long, rank, files, true,
            ));
        }
    }
    rules
}

/// Big Outer Chess as data for the core.
pub static RULES: LazyLock<Rules> = LazyLock::new(|| Rules {
    name: "bochess",
    spec: &SET,
    seats: ["White", "Black"],
    pawns: vec![PawnRule {
        kind: PAWN,
        steps: vec![(0, 1)],
        home_rank: [1, 10],
        first_range: 4,
        also_home: [0, 0],
        home_files: [[0; 12]; 2],
        single_steps: 0,
        promoted_as: None,
        en_passant_ranks: u32::MAX,
        on_first_rank: false,
        range: 2,
        last_by_one_step: true,
        promotion_rank: [11, 0],
        choice: None,
        promotions: [PROMOTIONS.to_vec(), PROMOTIONS.to_vec()],
        leaps_first: false,
        taken_by: vec![PAWN],
        captures: "diagonally",
        how: "moves straight ahead and captures one square diagonally forward",
    }],
    castlings: castlings(),
    castling_pieces: (KING, ROOK),
    castling_letters: "KQkq",
    drops: None,
    rebels: Rebels::No,
    own_legality: false,
    king_may_be_absent: false,
    dead: chesslike::bare_kings,
    hooks: &BigOuter,
    backend: None,
});

/// The start position (the seed's diagram).
pub fn start_position() -> ChessLike {
    chesslike::from_fen(&RULES, START).expect("start position")
}

/// The game as the registry lists it.
pub static BOCHESS: TwoSeatGame = TwoSeatGame {
    name: "bochess",
    title: "Bochess",
    full_name: "Big Outer Chess",
    start: START,
    rules: || &RULES,
    help: || help::TEXT,
    writing: include_str!("writing.txt"),
    switch: None,
    started: Started::new(),
};

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::chesslike::to_fen;

    #[test]
    fn start_round_trips() {
        let p = start_position();
        assert_eq!(to_fen(&p), START);
        let g = &SET.geometry;
        let knight = |seat| Some(ChessLike::piece(seat, pieces::KNIGHT));
        assert_eq!(p.board().get(g.parse("z1").unwrap()), knight(0));
        assert_eq!(p.board().get(g.parse("z3").unwrap()), knight(1));
    }

    #[test]
    fn fen_refusals() {
        for (fen, why) in [
            (
                "12/12/12/12/12/12/12/12/12/12/12/12 w - - 0 1",
                "White has 0 kings",
            ),
            (
                "6k5/12/12/12/12/12/12/12/12/12/12/6K4 w - - 0 1",
                "rank 1 has 11 files, not 12",
            ),
            (
                "6k5/12/12/12/12/12/12/12/12/12/12/6K5 w K - 0 1",
                "castling right K needs the king on g1 and a rook on k1",
            ),
            (
                "6k5/12/(n)12/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
                "rank 10 has no square outside the board there",
            ),
            (
                "6k5/12/12/12/12/12/12/12/4P7/12/12/6K5 b - e3-e4 0 1",
                "en passant is written as the pawn move just made (e2-e6), not e3-e4",
            ),
        ] {
            assert_eq!(
                chesslike::from_fen(&RULES, fen).unwrap_err().to_string(),
                format!("bad position text: {why}"),
                "{fen}"
            );
        }
        let ep = "6k5/12/12/12/12/12/12/4P7/12/12/12/6K5 b - e2-e5 0 1";
        assert_eq!(to_fen(&chesslike::from_fen(&RULES, ep).unwrap()), ep);
    }
}
