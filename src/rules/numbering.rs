//! One numbering of a game's moves, wherever a number is shown.
//!
//! Chess players count full moves, as PGN does: White's twelfth move is
//! `12.`, Black's answer `12...`. pbmserv counted turns (its `ply`): the
//! 23rd and 24th. Both stood in one mail (`MOVE#6`, "move 7", `4.
//! Qh5xf7#`). Now every mail, list, page, history and answer names a
//! move by [`label`] or [`name`]: full moves for a game of two seats
//! taking turns in alternation without dice (chess and its family), the
//! turn count for dice games and games of three seats or more, where a
//! full move means nothing a player counts (`help notation` says so).
//!
//! The `#N` guard on a move line keeps pbmserv's meaning, the turn count
//! (`MOVE#23` in every board mail), and also takes the player's natural
//! full-move reading where it cannot be a stale turn ([`guard`]).

use super::{Seat, Variant};

/// How a game's moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Two seats in alternation, no dice: `12.` and `12...`.
    FullMoves,
    /// Every turn numbered in turn: dice games, three seats or more.
    Turns,
}

/// How `variant`'s moves are counted.
pub fn counting(variant: &dyn Variant) -> Counting {
    if variant.seats().len() == 2 && !variant.uses_dice() {
        Counting::FullMoves
    } else {
        Counting::Turns
    }
}

/// The full move of turn `turn` (1-based) and the seat that makes it, in
/// a game counted by full moves.
fn full_move(turn: u32) -> (u32, Seat) {
    let turn = turn.max(1);
    (turn.div_ceil(2), ((turn - 1) % 2) as Seat)
}

/// The number of turn `turn` as a move list writes it: `12.` for White's
/// twelfth move, `12...` for Black's; `23.` for the 23rd turn of a game
/// counted by turns.
pub fn label(variant: &dyn Variant, turn: u32) -> String {
    match counting(variant) {
        Counting::FullMoves => match full_move(turn) {
            (n, 0) => format!("{n}."),
            (n, _) => format!("{n}..."),
        },
        Counting::Turns => format!("{turn}."),
    }
}

/// [`label`] in a column eight wide, the digits of every number ending
/// in one place: `  12.   `, `  12... `.
pub fn column(variant: &dyn Variant, turn: u32) -> String {
    let label = label(variant, turn);
    let digits = label.trim_end_matches('.');
    format!("{digits:>4}{:<4}", &label[digits.len()..])
}

/// The number of turn `turn` in a sentence, after the word "move":
/// `12` (White's), `12...` (Black's), or the turn count.
pub fn name(variant: &dyn Variant, turn: u32) -> String {
    match counting(variant) {
        Counting::FullMoves => match full_move(turn) {
            (n, 0) => n.to_string(),
            (n, _) => format!("{n}..."),
        },
        Counting::Turns => turn.to_string(),
    }
}

/// [`name`] in the game whose command word is `variant` (the turn count
/// for a game this server does not know).
pub fn name_in(variant: &str, turn: u32) -> String {
    match super::find_variant(variant) {
        Some(variant) => name(variant, turn),
        None => turn.to_string(),
    }
}

/// Why a move's `#N` does not name the turn being made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Stale {
    /// In a game counted by turns.
    #[error("move #{got} received but this is move {turn}")]
    Turn { got: u32, turn: u32 },
    /// In a game counted by full moves: both readings named.
    #[error(
        "move #{got} received but this is turn {turn}, move {named} by full moves: \
         write #{turn}{also}"
    )]
    FullMove {
        got: u32,
        turn: u32,
        named: String,
        also: String,
    },
    /// A number that reads as this full move but also as an earlier turn
    /// of the same player: refused, the two readings named.
    #[error(
        "#{got}: turn {got} was your earlier move; this is move {named} (turn {turn}): \
         write #{turn}, or leave the number out"
    )]
    Ambiguous { got: u32, turn: u32, named: String },
}

/// Checks the `#got` of a move made at turn `turn`: the turn count
/// always; in a game counted by full moves, also the full move's number
/// where it cannot be an earlier turn of the same player (White's move
/// `F` is turn `2F-1`, and `#F` is one of White's own turns when `F` is
/// odd; Black's move `F` is turn `2F`, and `#F` is Black's own when `F`
/// is even).
pub fn guard(variant: &dyn Variant, turn: u32, got: u32) -> Result<(), Stale> {
    if got == turn {
        return Ok(());
    }
    if counting(variant) == Counting::Turns {
        return Err(Stale::Turn { got, turn });
    }
    let (full, seat) = full_move(turn);
    // Turn `full` was made by the seat `(full - 1) % 2`.
    let ambiguous = full_move(full).1 == seat;
    let named = name(variant, turn);
    match (got == full, ambiguous) {
        (true, false) => Ok(()),
        (true, true) => Err(Stale::Ambiguous { got, turn, named }),
        (false, _) => Err(Stale::FullMove {
            got,
            turn,
            named,
            also: if ambiguous {
                String::new()
            } else {
                format!(" or #{full}")
            },
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::find_variant;

    fn chess() -> &'static dyn Variant {
        find_variant("chess").unwrap()
    }

    #[test]
    fn chess_counts_full_moves_and_dice_games_count_turns() {
        assert_eq!(label(chess(), 23), "12.");
        assert_eq!(label(chess(), 24), "12...");
        assert_eq!(name(chess(), 1), "1");
        assert_eq!(name(chess(), 2), "1...");
        assert_eq!(column(chess(), 23), "  12.   ");
        assert_eq!(column(chess(), 24), "  12... ");
        let orwell = find_variant("orwell").unwrap();
        assert!(orwell.uses_dice());
        assert_eq!(counting(orwell), Counting::Turns);
        assert_eq!(label(orwell, 24), "24.");
        let three = crate::rules::VARIANTS
            .iter()
            .find(|v| v.seats().len() > 2)
            .expect("a game of three seats or more");
        assert_eq!(name(*three, 24), "24");
    }

    #[test]
    fn the_turn_count_always_guards_and_the_full_move_where_unambiguous() {
        let chess = chess();
        // Black's fifth move, turn 10: #10 and #5 (turn 5 was White's).
        assert_eq!(guard(chess, 10, 10), Ok(()));
        assert_eq!(guard(chess, 10, 5), Ok(()));
        // White's third move, turn 5: #3 was White's own second move.
        assert_eq!(
            guard(chess, 5, 3).unwrap_err().to_string(),
            "#3: turn 3 was your earlier move; this is move 3 (turn 5): \
             write #5, or leave the number out"
        );
        // White's second move, turn 3: #2 was Black's, so it is move 2.
        assert_eq!(guard(chess, 3, 2), Ok(()));
        // Black's second move, turn 4: #2 was Black's own first move.
        assert!(matches!(guard(chess, 4, 2), Err(Stale::Ambiguous { .. })));
        assert_eq!(
            guard(chess, 10, 7).unwrap_err().to_string(),
            "move #7 received but this is turn 10, move 5... by full moves: write #10 or #5"
        );
        let orwell = find_variant("orwell").unwrap();
        assert_eq!(
            guard(orwell, 10, 5).unwrap_err().to_string(),
            "move #5 received but this is move 10"
        );
    }

    #[test]
    fn every_turn_has_one_reading_at_most_besides_its_count() {
        // No number is taken for two different turns of one player.
        for turn in 1..200 {
            for got in 1..200 {
                if got != turn && guard(chess(), turn, got).is_ok() {
                    let (full, seat) = full_move(turn);
                    assert_eq!(got, full);
                    assert_ne!(full_move(got).1, seat, "turn {got} is not the player's own");
                }
            }
        }
    }
}
