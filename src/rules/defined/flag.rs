//! The flag rule (Fairy-Stockfish's `flagPiece`, `flagRegionWhite`,
//! `flagRegionBlack` and `flagMove`): a side wins as soon as its flag
//! piece stands on a square of its region, King of the Hill's king on the
//! four centre squares. It is judged when a position is reached, before
//! mate and stalemate, as Fairy-Stockfish's immediate game end: no turn
//! is played after it (its perft counts none there, and so does
//! boserv's). With `flagMove` (Racing Kings) Black answers White's
//! arrival: when Black's king could reach its own goal the game goes on,
//! and Black reaching it then makes the game a draw. With
//! `flagPieceCount` a side needs that many of its flag pieces in the
//! region (Aralzaa's three knights on the far rank); with
//! `flagPieceBlockedWin`, one is enough once no square of the region is
//! empty (Kono: the other side's pieces blocking it count).

use super::DefinitionError;
use super::definition::{Definition, Region};
use crate::rules::chesslike::ChessLike;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::{Action, Ending, Outcome};

/// A game's flag rule: the kind that wins, and where, for each side.
pub struct FlagRule {
    kind: u8,
    /// True when the flag piece is the game's king (the royal piece).
    royal: bool,
    /// `flagMove`: the second player may answer the first's arrival.
    answered: bool,
    goal: [Vec<Square>; 2],
    /// `flagPieceCount`: how many must stand on the goal.
    count: usize,
    /// `flagPieceBlockedWin`: one is enough on a goal with no empty square.
    blocked_win: bool,
}

impl FlagRule {
    /// The flag rule of `def` (whose piece kinds are indexed by
    /// `kind_of`), if it has one.
    pub fn of(
        def: &Definition,
        geometry: &Geometry,
        kind_of: &dyn Fn(char) -> Option<u8>,
    ) -> Result<Option<FlagRule>, DefinitionError> {
        let Some(letter) = def.flag_piece else {
            return Ok(None);
        };
        let kind = kind_of(letter).ok_or_else(|| DefinitionError::Game {
            name: def.name.clone(),
            why: format!("flagPiece: no piece has the letter {letter}"),
        })?;
        // Fairy-Stockfish's `*4` is the whole rank of its own board, wider
        // than most: the squares past this board's edge are empty there,
        // and its blocked win never comes.
        let wildcard = def
            .flag_region
            .iter()
            .flatten()
            .any(|&(f, r)| f.is_none() || r.is_none());
        if def.flag_piece_blocked_win && def.flag_piece_count > 1 && wildcard {
            return Err(DefinitionError::Game {
                name: def.name.clone(),
                why: "flagPieceBlockedWin: name the flag region's squares one by one (Fairy-Stockfish counts a `*` region's squares off the board as empty, and never ends the game so)".into(),
            });
        }
        let squares = |region: &Region| super::region::squares(def, geometry, region);
        Ok(Some(FlagRule {
            kind,
            royal: def.piece(letter).is_some_and(|p| p.key == "king"),
            answered: def.flag_move,
            goal: [squares(&def.flag_region[0]), squares(&def.flag_region[1])],
            count: usize::from(def.flag_piece_count),
            blocked_win: def.flag_piece_blocked_win,
        }))
    }

    /// The flag piece's kind and `seat`'s goal squares.
    pub fn goal_of(&self, seat: u8) -> (u8, &[Square]) {
        (self.kind, &self.goal[usize::from(seat)])
    }

    /// Whether `seat`'s flag pieces stand on its goal: as many as the
    /// rule asks, or (`flagPieceBlockedWin`) at least one with every
    /// square of the goal occupied.
    fn arrived(&self, pos: &ChessLike, seat: u8) -> bool {
        let board = pos.board();
        let goal = &self.goal[usize::from(seat)];
        let there = goal
            .iter()
            .filter(|&&sq| {
                board
                    .get(sq)
                    .is_some_and(|p| p.owner == seat && p.kind == self.kind)
            })
            .count();
        there > 0
            && (there >= self.count
                || (self.blocked_win && goal.iter().all(|&sq| board.get(sq).is_some())))
    }

    /// The end the flag rule makes of `pos`, if any.
    pub fn end(&self, pos: &ChessLike) -> Option<Outcome> {
        let to_move = pos.side();
        let mover = 1 - to_move;
        let reached = |seat: u8| Outcome::win(usize::from(seat), 2, Ending::FlagReached);
        // Arrived on the move before last and not caught up: a win, or a
        // draw when Black has just reached its goal too.
        if self.answered && self.arrived(pos, to_move) {
            return Some(if to_move == 0 && self.arrived(pos, mover) {
                Outcome::draw(2, Ending::FlagReached)
            } else {
                reached(to_move)
            });
        }
        if (self.answered && !self.royal) || !self.arrived(pos, mover) {
            return None;
        }
        // White has just arrived: Black plays on if its king can follow.
        if self.answered && to_move == 1 && !pos.in_check() && self.can_follow(pos) {
            return None;
        }
        Some(reached(mover))
    }

    /// Whether the side to move has a legal move of its flag piece onto
    /// its goal.
    fn can_follow(&self, pos: &ChessLike) -> bool {
        let goal = &self.goal[usize::from(pos.side())];
        pos.legal_acts().iter().any(|a| match a.action {
            Action::Move { from, to, .. } => {
                goal.contains(&to) && pos.board().get(from).is_some_and(|p| p.kind == self.kind)
            }
            _ => false,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Variant;
    use crate::rules::defined::read_operator_file;

    /// Four knights a side on a 4x4 board, three to bring to the far
    /// rank (`flagPieceCount`), and the same with the blocked win. Each
    /// position has Black to move, White having just moved; whether the
    /// game is over is Fairy-Stockfish's (pyffish 0.0.90,
    /// `is_immediate_game_end`).
    #[test]
    fn flag_piece_count_and_blocked_win() {
        let text = "[fourknights]\nmaxRank = 4\nmaxFile = d\ncustomPiece1 = n:mN\n\
                    startFen = nnnn/4/4/NNNN w - - 0 1\nflagPiece = n\n\
                    flagRegionWhite = a4 b4 c4 d4\nflagRegionBlack = a1 b1 c1 d1\n\
                    flagPieceCount = 3\nnMoveRule = 0\n\
                    [blocked:fourknights]\nflagPieceBlockedWin = true\n";
        let games = read_operator_file(text);
        assert!(games.refused().is_empty(), "{:?}", games.refused());
        let cases = [
            ("NNN1/4/4/nnn1 b - - 0 1", true, true),
            ("NN2/2N1/4/nnn1 b - - 0 1", false, false),
            ("NNnn/4/4/3n b - - 0 1", false, true),
            ("NnNn/4/4/3n b - - 0 1", false, true),
            ("Nn1n/4/4/3n b - - 0 1", false, false),
            ("nnnn/4/4/3n b - - 0 1", false, false),
            // White's arrival is judged after White's move only.
            ("NNnn/4/4/3n w - - 0 1", false, false),
        ];
        for (fen, counted, blocked) in cases {
            for (game, over) in games.games().iter().zip([counted, blocked]) {
                let pos = game.from_fen(&[], fen).unwrap();
                let outcome = pos.outcome();
                assert_eq!(outcome.is_some(), over, "{} {fen}", game.name);
                if let Some(outcome) = outcome {
                    assert_eq!(outcome.points, vec![2, 0], "{fen}");
                }
            }
        }
    }

    /// Fairy-Stockfish counts a `*` region's squares off its own wider
    /// board as empty, so its blocked win never comes there: refused.
    #[test]
    fn a_blocked_win_wants_its_squares_named() {
        let text = "[wide]\nmaxRank = 4\nmaxFile = d\ncustomPiece1 = n:mN\n\
                    startFen = nnnn/4/4/NNNN w - - 0 1\nflagPiece = n\nflagRegionWhite = *4\n\
                    flagRegionBlack = *1\nflagPieceCount = 3\nflagPieceBlockedWin = true\n";
        let games = read_operator_file(text);
        let why = games.refused()[0].to_string();
        assert!(why.contains("flagPieceBlockedWin"), "{why}");
    }
}
