//! Big Outer Chess (`bochess`): Peter Blanchard's 12x12 game with four
//! corner squares and "outer" pieces that lose power near the centre.
//!
//! Built from the shared core: the board is a core geometry with extra
//! squares and a zone map, the pieces are movement tables per zone
//! (`pieces.rs`), moves are read and written by the shared notation. What
//! is Big Outer's own: pawn step lengths and en passant over several squares
//! (`pawns.rs`), castling squares (`position.rs`, on the core's `castling.rs`),
//! the FEN extension (`setup.rs`) and the help page's drawing (`diagram.rs`).

mod diagram;
mod help;
mod moves;
mod pawns;
pub mod pieces;
mod position;
pub mod setup;
mod turns;

pub use position::{BoPosition, Move};
pub use setup::{START, from_fen, to_fen};

use crate::rules::{
    Conclusion, Ending, GameOption, Outcome, PlayError, Played, Position, Roll, RulesError, Seat,
    Variant,
};

/// The game as the registry lists it.
pub struct Bochess;

impl Variant for Bochess {
    fn name(&self) -> &'static str {
        "bochess"
    }

    fn title(&self) -> &'static str {
        "Bochess"
    }
    fn full_name(&self) -> &'static str {
        "Big Outer Chess"
    }

    fn seats(&self) -> &'static [&'static str] {
        &["White", "Black"]
    }

    fn help(&self) -> &'static str {
        help::TEXT
    }

    fn start(&self, options: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
        no_options(options)?;
        Ok(Box::new(BoPosition::start()))
    }

    /// Reads [`Position::encode`]'s text, or a plain Big Outer FEN.
    fn decode(&self, options: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
        no_options(options)?;
        Ok(Box::new(BoPosition::decode(text)?))
    }

    /// A position from Big Outer FEN (see `setup.rs` and the help text).
    fn from_fen(&self, fen: &str) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(from_fen(fen)?))
    }
}

fn no_options(options: &[GameOption]) -> Result<(), RulesError> {
    match options.first() {
        Some(o) => Err(RulesError::UnknownOption {
            variant: "bochess".into(),
            option: o.name.clone(),
        }),
        None => Ok(()),
    }
}

impl BoPosition {
    /// `FEN | last move | repetition keys | end`, the last three `-` when empty.
    fn encode_text(&self) -> String {
        let keys: Vec<String> = self.history.iter().map(|k| format!("{k:016x}")).collect();
        let ended = self
            .ended
            .as_ref()
            .map_or("-".to_string(), |o| o.encode().replacen(' ', ":", 1));
        format!(
            "{} | {} | {} | {}",
            to_fen(self),
            self.last_move.as_deref().unwrap_or("-"),
            keys.join(","),
            ended
        )
    }

    fn decode(text: &str) -> Result<Self, RulesError> {
        let bad = |why: &str| RulesError::BadPosition(why.to_string());
        let parts: Vec<&str> = text.split('|').map(str::trim).collect();
        let mut pos = from_fen(parts[0])?;
        if parts.len() == 1 {
            return Ok(pos);
        }
        let [_, last, keys, ended] = parts[..] else {
            return Err(bad("expected FEN | last move | history | end"));
        };
        pos.last_move = (last != "-").then(|| last.to_string());
        if !keys.is_empty() {
            pos.history = keys
                .split(',')
                .map(|k| u64::from_str_radix(k, 16))
                .collect::<Result<_, _>>()
                .map_err(|_| bad("repetition history is hex numbers"))?;
        }
        if ended != "-" {
            let (points, ending) = ended
                .split_once(':')
                .ok_or_else(|| bad("end is POINTS:ENDING"))?;
            pos.ended = Some(Outcome::read(points, ending, Bochess.seats()).map_err(|e| bad(&e))?);
        }
        Ok(pos)
    }
}

impl Position for BoPosition {
    fn to_move(&self) -> Option<Seat> {
        self.result().is_none().then_some(self.side as Seat)
    }

    fn in_check(&self) -> bool {
        BoPosition::in_check(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    fn legal_turns(&self, _roll: Option<Roll>) -> Vec<String> {
        let mut turns: Vec<String> = self
            .legal_moves()
            .iter()
            .map(|m| self.canonical(m))
            .collect();
        turns.sort();
        turns.dedup();
        turns
    }

    fn play(&self, turn: &str, _roll: Option<Roll>) -> Result<Played, PlayError> {
        if let Some(o) = self.result() {
            return Err(PlayError {
                reason: RulesError::GameOver(o.to_string()),
            });
        }
        let m = self
            .read_move(turn)
            .map_err(|reason| PlayError { reason })?;
        let canonical = self.canonical(&m);
        let position = Box::new(self.after(&m, canonical.clone()));
        Ok(Played {
            position,
            canonical,
        })
    }

    fn conclude(&self, event: &Conclusion) -> Result<Box<dyn Position>, RulesError> {
        if let Some(o) = self.result() {
            return Err(RulesError::GameOver(o.to_string()));
        }
        let outcome = match *event {
            Conclusion::Resign(seat) => Outcome::win(1 - seat, 2, Ending::Resignation),
            Conclusion::Forfeit(seat) => Outcome::win(1 - seat, 2, Ending::TimeForfeit),
            Conclusion::DrawAgreed => Outcome::draw(2, Ending::Agreement),
        };
        let mut next = self.clone();
        next.ended = Some(outcome);
        Ok(Box::new(next))
    }

    fn render(&self) -> String {
        diagram::render(self, false)
    }

    fn render_for(&self, seat: Seat) -> String {
        diagram::render(self, seat == 1)
    }

    fn encode(&self) -> String {
        self.encode_text()
    }

    fn perft(&self, depth: u32) -> u64 {
        BoPosition::perft(self, depth)
    }

    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}
