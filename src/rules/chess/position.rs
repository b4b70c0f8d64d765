//! A chess game at one moment: the bitboard position plus what the rules
//! need beyond it (earlier positions for repetition, the last move, the
//! result). Implements [`Position`].

use super::bits::{Bits, Move, Special, WHITE};
use super::ending::ending;
use super::explain::explain;
use super::fen::{parse_fen, to_fen};
use super::identity::key;
use super::movegen::{self, legal_moves};
use super::pieces::{KING, LETTERS, SPEC};
use crate::rules::geometry::Square;
use crate::rules::notation::{Candidate, MoveText, canonical, parse_move, resolve};
use crate::rules::render::{Drawing, status_lines};
use crate::rules::{
    Conclusion, Ending, Outcome, PlayError, Played, Position, Roll, RulesError, Seat,
};

pub const SEATS: [&str; 2] = ["White", "Black"];

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
            from: m.from,
            to: m.to,
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

    /// Finds the legal move a player's text means.
    pub fn find_move(&self, turn: &str) -> Result<(Move, String), RulesError> {
        let geo = &SPEC.geometry;
        let mut input = parse_move(turn, geo)?;
        if let MoveText::Castle { long } = input {
            let base: Square = if self.bits.side == WHITE { 0 } else { 56 };
            let to = if long { base + 2 } else { base + 6 };
            if self.bits.piece_at(base + 4) != Some((self.bits.side, KING)) {
                return Err(RulesError::Illegal {
                    turn: turn.to_string(),
                    why: "castling: the king has moved".into(),
                });
            }
            input = MoveText::Coord {
                letter: Some('K'),
                from: base + 4,
                to,
                capture: false,
                promotion: None,
            };
        }
        if let MoveText::Coord { from, .. } = input
            && let Some((colour, kind)) = self.bits.piece_at(from)
            && colour != self.bits.side
        {
            return Err(RulesError::Illegal {
                turn: turn.to_string(),
                why: format!(
                    "that is {}'s {} and it is {}'s move",
                    SEATS[colour], SPEC.kinds[kind].name, SEATS[self.bits.side]
                ),
            });
        }
        let pairs = self.candidates();
        let cands: Vec<Candidate> = pairs.iter().map(|(_, c)| c.clone()).collect();
        let piece_on = |s: Square| self.bits.piece_at(s).map(|(_, k)| &SPEC.kinds[k]);
        match resolve(turn, &input, geo, &cands, &piece_on)? {
            Some(i) => Ok((pairs[i].0, canonical(geo, &cands[i]))),
            None => {
                let MoveText::Coord { from, to, .. } = input else {
                    unreachable!("only coordinate input is left to explain")
                };
                Err(RulesError::Illegal {
                    turn: turn.to_string(),
                    why: explain(&self.bits, from, to),
                })
            }
        }
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

    fn legal_turns(&self, _roll: Option<Roll>) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut v: Vec<String> = self
            .candidates()
            .iter()
            .map(|(_, c)| canonical(&SPEC.geometry, c))
            .collect();
        v.sort();
        v
    }

    fn play(&self, turn: &str, _roll: Option<Roll>) -> Result<Played, PlayError> {
        if let Some(o) = &self.outcome {
            return Err(PlayError {
                reason: RulesError::GameOver(o.to_string()),
            });
        }
        let (m, text) = self
            .find_move(turn)
            .map_err(|reason| PlayError { reason })?;
        let next = self.after(m, text.clone());
        Ok(Played {
            position: Box::new(next),
            canonical: text,
        })
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
