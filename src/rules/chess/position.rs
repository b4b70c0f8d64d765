//! A chess game at one moment: the bitboard position plus what the rules
//! need beyond it (earlier positions for repetition, the last move, the
//! result). Implements [`Position`].

use super::bits::{Bits, Move, Special};
use super::ending::ending;
use super::fen::{parse_fen, to_fen};
use super::identity::key;
use super::movegen::{self, legal_moves};
use super::pieces::{LETTERS, SPEC};
use super::rules::core_position;
use crate::rules::geometry::Square;
use crate::rules::notation::{self, Candidate, canonical};
use crate::rules::render::{Drawing, status_lines};
use crate::rules::{Action, Turn};
use crate::rules::{Conclusion, Ending, Outcome, PlayError, Position, Roll, RulesError, Seat};

pub const SEATS: [&str; 2] = ["White", "Black"];

/// A bitboard move as a turn's action.
pub fn action(m: Move) -> Action {
    Action::Move {
        from: m.from,
        to: m.to,
        promotion: m.promotion,
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessPosition {
    pub bits: Bits,
    /// Keys of earlier positions since the last capture or pawn move.
    pub history: Vec<u64>,
    pub last_move: Option<String>,
    pub outcome: Option<Outcome>,
}

impl ChessPosition {
    /// A game starting from `bits` (no history); ends at once if it is over.
    pub fn new(bits: Bits) -> Self {
        let has_moves = !legal_moves(&bits).is_empty();
        let outcome = ending(&bits, has_moves, 0);
        ChessPosition {
            bits,
            history: Vec::new(),
            last_move: None,
            outcome,
        }
    }

    pub fn from_fen(fen: &str) -> Result<Self, RulesError> {
        Ok(Self::new(parse_fen(fen)?))
    }

    pub fn fen(&self) -> String {
        to_fen(&self.bits)
    }

    /// The legal moves as candidates for notation.
    pub fn candidates(&self) -> Vec<(Move, Candidate)> {
        legal_moves(&self.bits)
            .into_iter()
            .map(|m| (m, self.candidate(m)))
            .collect()
    }

    fn candidate(&self, m: Move) -> Candidate {
        let (_, kind) = self.bits.piece_at(m.from).expect("a piece moves");
        Candidate {
            action: action(m),
            kind: &SPEC.kinds[kind],
            capture: m.special == Special::EnPassant || self.bits.piece_at(m.to).is_some(),
            promotion: m.promotion.map(|k| LETTERS[k as usize]),
            castle: (m.special == Special::Castle).then_some(m.to < m.from),
        }
    }

    /// The position after the legal move `m`, with the game's end decided.
    pub fn after(&self, m: Move, text: String) -> ChessPosition {
        let bits = self.bits.make(m);
        let mut history = if bits.halfmove == 0 {
            Vec::new()
        } else {
            self.history.clone()
        };
        if bits.halfmove != 0 {
            history.push(key(&self.bits));
        }
        let now = key(&bits);
        let seen = history.iter().filter(|&&k| k == now).count();
        let has_moves = !legal_moves(&bits).is_empty();
        let outcome = ending(&bits, has_moves, seen);
        ChessPosition {
            bits,
            history,
            last_move: Some(text),
            outcome,
        }
    }

    /// The legal move an action is, if it is one.
    fn legal_move(&self, a: &Action) -> Option<Move> {
        legal_moves(&self.bits)
            .into_iter()
            .find(|&m| action(m) == *a)
    }

    /// The text [`Position::encode`] writes and [`ChessPosition::decode`] reads.
    pub fn decode(text: &str) -> Result<Self, RulesError> {
        let bad = |why: &str| RulesError::BadPosition(why.to_string());
        let mut fen = None;
        let mut pos_history = Vec::new();
        let mut last_move = None;
        let mut outcome = None;
        for line in text.lines() {
            let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
            match tag {
                "fen" => fen = Some(parse_fen(rest)?),
                "history" => {
                    for k in rest.split(',').filter(|s| !s.is_empty()) {
                        pos_history
                            .push(u64::from_str_radix(k, 16).map_err(|_| bad("bad history key"))?);
                    }
                }
                "last" => last_move = Some(rest.to_string()),
                "result" => {
                    let (points, ending) =
                        rest.split_once(' ').ok_or_else(|| bad("bad result line"))?;
                    outcome = Some(Outcome::read(points, ending, &SEATS).map_err(|e| bad(&e))?);
                }
                "" => {}
                _ => return Err(bad(&format!("unknown line {tag}"))),
            }
        }
        let bits = fen.ok_or_else(|| bad("no fen line"))?;
        Ok(ChessPosition {
            bits,
            history: pos_history,
            last_move,
            outcome,
        })
    }

    /// The box, from Black's side when `flipped`.
    fn board_lines(&self, flipped: bool) -> Vec<String> {
        let drawing = Drawing {
            flipped,
            ..Drawing::new(&SPEC.geometry)
        };
        let glyph = |s: Square| self.bits.piece_at(s).map(|(c, k)| (LETTERS[k], c as u8));
        drawing.board_lines(&glyph)
    }
}

impl Position for ChessPosition {
    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.bits.side)
    }

    fn in_check(&self) -> bool {
        self.bits.in_check()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn legal(&self, _roll: Option<Roll>) -> Vec<Turn> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        legal_moves(&self.bits)
            .into_iter()
            .map(|m| Turn::single(action(m)))
            .collect()
    }

    fn read_turn(&self, text: &str, _roll: Option<Roll>) -> Result<Turn, RulesError> {
        if let Some(o) = &self.outcome {
            return Err(RulesError::GameOver(o.to_string()));
        }
        // The core reads and explains every turn; the bitboards play it.
        notation::read_turn(text, &core_position(&self.bits))
    }

    fn turn_text(&self, turn: &Turn) -> String {
        let parts: Vec<String> = turn
            .actions()
            .iter()
            .filter_map(|a| self.legal_move(a))
            .map(|m| canonical(&SPEC.geometry, &self.candidate(m)))
            .collect();
        parts.join(", ")
    }

    fn apply(&self, turn: &Turn, _roll: Option<Roll>) -> Result<Box<dyn Position>, PlayError> {
        if let Some(o) = &self.outcome {
            return Err(PlayError {
                reason: RulesError::GameOver(o.to_string()),
            });
        }
        match turn.actions() {
            [a] => match self.legal_move(a) {
                Some(m) => {
                    let text = canonical(&SPEC.geometry, &self.candidate(m));
                    Ok(Box::new(self.after(m, text)))
                }
                None => Err(PlayError::not_legal(&SPEC.geometry, turn)),
            },
            _ => Err(PlayError::not_legal(&SPEC.geometry, turn)),
        }
    }

    fn conclude(&self, event: &Conclusion) -> Result<Box<dyn Position>, RulesError> {
        if let Some(o) = &self.outcome {
            return Err(RulesError::GameOver(o.to_string()));
        }
        let outcome = match event {
            Conclusion::Resign(seat) => Outcome::win(1 - (*seat).min(1), 2, Ending::Resignation),
            Conclusion::Forfeit(seat) => Outcome::win(1 - (*seat).min(1), 2, Ending::TimeForfeit),
            Conclusion::DrawAgreed => Outcome::draw(2, Ending::Agreement),
        };
        Ok(Box::new(ChessPosition {
            outcome: Some(outcome),
            ..self.clone()
        }))
    }

    fn render(&self) -> String {
        self.render_for(0)
    }

    fn render_for(&self, seat: Seat) -> String {
        let mut lines = self.board_lines(seat == 1);
        let result = self.outcome.as_ref().map(|o| o.to_string());
        lines.extend(status_lines(
            Some(SEATS[self.bits.side]),
            result.as_deref(),
            self.last_move.as_deref(),
        ));
        let mut s = lines.join("\n");
        s.push('\n');
        s
    }

    fn encode(&self) -> String {
        let keys: Vec<String> = self.history.iter().map(|k| format!("{k:016x}")).collect();
        let mut s = format!("fen {}\nhistory {}\n", self.fen(), keys.join(","));
        if let Some(m) = &self.last_move {
            s.push_str(&format!("last {m}\n"));
        }
        if let Some(o) = &self.outcome {
            s.push_str(&format!("result {}\n", o.encode()));
        }
        s
    }

    fn perft(&self, depth: u32) -> u64 {
        if self.outcome.is_some() && depth > 0 {
            return 0;
        }
        movegen::perft(&self.bits, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = movegen::divide(&self.bits, depth)
            .into_iter()
            .map(|(m, n)| (canonical(&SPEC.geometry, &self.candidate(m)), n))
            .collect();
        out.sort();
        out
    }

    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}
