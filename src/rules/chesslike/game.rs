//! A chess-like position behind the one interface every game has
//! ([`Position`]): typed turns, their notation, the ends, the events from
//! outside the board, the drawing and the stored text
//! (`FEN | last move | repetition keys | end`, and in Shatar `| runs`).

use super::fen::{from_fen, to_fen};
use super::position::ChessLike;
use super::{Act, Rules};
use crate::rules::notation::{self, plain_turn};
use crate::rules::render::status_lines;
use crate::rules::{
    Conclusion, Ending, Outcome, PlayError, Played, Position, Roll, RulesError, Seat, Turn,
};

impl ChessLike {
    /// The stored text: `FEN | last move | repetition keys | end`, the last
    /// three `-` when empty (in Squirm games the FEN names the square of
    /// the piece moved last); in games with Shatar's mate rule a fifth
    /// part, `| -s`, where each side's series of checks stands
    /// ([`super::CheckRun::letter`], White's first: a FEN cannot say it).
    pub fn encode_text(&self) -> String {
        use std::fmt::Write;
        // Written in place: the FEN's string grows by the rest.
        let mut out = to_fen(self);
        out.reserve(8 + self.last_move.as_ref().map_or(1, String::len) + 17 * self.history.len());
        out.push_str(" | ");
        out.push_str(self.last_move.as_deref().unwrap_or("-"));
        out.push_str(" | ");
        for (i, k) in self.history.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{k:016x}");
        }
        out.push_str(" | ");
        match &self.ended {
            Some(o) => out.push_str(&o.encode().replacen(' ', ":", 1)),
            None => out.push('-'),
        }
        if let Some(runs) = self.check_runs {
            out.push_str(" | ");
            out.extend(runs.map(super::CheckRun::letter));
        }
        out
    }

    /// Reads [`ChessLike::encode_text`]'s text, or a plain FEN.
    pub fn decode(rules: &'static Rules, text: &str) -> Result<Self, RulesError> {
        let bad = |why: &str| RulesError::BadPosition(why.to_string());
        if text.starts_with("fen ") {
            // What chess wrote before it joined the core: its repetition
            // keys cannot be read as the core's; the game's turns can.
            return Err(bad("a chess position cached by an older build"));
        }
        let parts: Vec<&str> = text.split('|').map(str::trim).collect();
        let mut pos = from_fen(rules, parts[0])?;
        if parts.len() == 1 {
            return Ok(pos);
        }
        let (last, keys, ended, runs) = match parts[..] {
            [_, last, keys, ended] => (last, keys, ended, None),
            [_, last, keys, ended, runs] => (last, keys, ended, Some(runs)),
            _ => return Err(bad("expected FEN | last move | history | end")),
        };
        // Written only by games with Shatar's mate rule; a text without it
        // (stored before the rule was kept) reads as no checks given.
        if let Some(runs) = runs {
            let read: Option<Vec<super::CheckRun>> =
                runs.chars().map(super::CheckRun::read).collect();
            match (read.as_deref(), pos.check_runs) {
                (Some(&[white, black]), Some(_)) => pos.check_runs = Some([white, black]),
                _ => {
                    return Err(bad(
                        "the series of checks are two of - c s (White's, Black's)",
                    ));
                }
            }
        }
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
            pos.ended = Some(Outcome::read(points, ending, &rules.seats).map_err(|e| bad(&e))?);
        }
        Ok(pos)
    }

    /// A game's board drawing `board` (its lines), then a blank line,
    /// whose turn it is (nothing once the game is over) and the last move: the whole text
    /// a [`super::Hooks::render`] returns.
    pub fn with_status(&self, mut board: Vec<String>) -> String {
        board.push(String::new());
        board.extend(self.status());
        let mut text = board.join("\n");
        text.push('\n');
        text
    }

    /// Whose turn it is (nothing once the game is over), and the last move.
    pub fn status(&self) -> Vec<String> {
        let to_move = self.rules.seats[self.side as usize];
        let to_move = self.result().is_none().then_some(to_move);
        status_lines(to_move, self.last_move())
    }

    /// The legal acts `turn` is made of, or "not legal" naming it.
    fn acts_of(&self, turn: &Turn) -> Result<Vec<Act>, PlayError> {
        self.legal_turn_acts()
            .into_iter()
            .find(|acts| {
                acts.iter()
                    .map(|a| a.action)
                    .eq(turn.actions().iter().copied())
            })
            .ok_or_else(|| PlayError::not_legal(&self.rules.spec.geometry, turn))
    }

    /// [`Position::play`] by the notation layer alone: `text` read in any
    /// accepted notation ([`notation::read_turn`]), the legal turn it
    /// means played, or why there is none.
    /// The turn read is played from the acts it was found as, and its
    /// canonical text written from them once ([`Position::turn_text`]
    /// and [`Position::apply`] would each look the turn up again).
    pub fn play_read(&self, text: &str, roll: Option<Roll>) -> Result<Played, PlayError> {
        let turn = self
            .read_turn(text, roll)
            .map_err(|reason| PlayError { reason })?;
        let acts = self.acts_of(&turn)?;
        let canonical = self.text_of_acts(&acts);
        Ok(Played {
            position: Box::new(self.after(&acts, canonical.clone())),
            canonical,
        })
    }

    fn refuse_when_over(&self) -> Result<(), RulesError> {
        match self.result() {
            Some(o) => Err(RulesError::GameOver(o.to_string())),
            None => Ok(()),
        }
    }
}

impl Position for ChessLike {
    fn to_move(&self) -> Option<Seat> {
        self.result().is_none().then_some(self.side as Seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    fn in_check(&self) -> bool {
        ChessLike::in_check(self)
    }

    fn legal(&self, _roll: Option<Roll>) -> Vec<Turn> {
        if self.ended.is_some() {
            return Vec::new();
        }
        self.turn_values()
    }

    fn legal_turns(&self, _roll: Option<Roll>) -> Vec<String> {
        if self.ended.is_some() {
            return Vec::new();
        }
        let mut texts: Vec<String> = self
            .legal_turn_acts()
            .iter()
            .map(|acts| self.text_of_acts(acts))
            .collect();
        texts.sort();
        texts.dedup();
        texts
    }

    fn read_turn(&self, text: &str, _roll: Option<Roll>) -> Result<Turn, RulesError> {
        self.refuse_when_over()?;
        if self.rules.hooks.gating().is_some() {
            return self.read_gated(text);
        }
        notation::read_turn(text, self)
    }

    fn turn_text(&self, turn: &Turn) -> String {
        self.text_of(turn)
            .unwrap_or_else(|| plain_turn(&self.rules.spec.geometry, turn))
    }

    fn apply(&self, turn: &Turn, _roll: Option<Roll>) -> Result<Box<dyn Position>, PlayError> {
        self.refuse_when_over()
            .map_err(|reason| PlayError { reason })?;
        let acts = self.acts_of(turn)?;
        let text = self.turn_text(turn);
        Ok(Box::new(self.after(&acts, text)))
    }

    /// A turn written in canonical notation, as the turn log records
    /// every turn (a replay plays nothing else) and as players often write
    /// them, is found among the legal turns by its text
    /// ([`ChessLike::recorded_turn`]) and played: no readings of the
    /// notation layer, no second look-up to play it, no text written anew.
    /// Any other text is read by the notation layer
    /// ([`ChessLike::play_read`], which a test holds this to).
    fn play(&self, text: &str, roll: Option<Roll>) -> Result<Played, PlayError> {
        if self.ended.is_none()
            && let Some(acts) = self.recorded_turn(text)
        {
            return Ok(Played {
                position: Box::new(self.after(&acts, text.to_string())),
                canonical: text.to_string(),
            });
        }
        self.play_read(text, roll)
    }

    fn conclude(&self, event: &Conclusion) -> Result<Box<dyn Position>, RulesError> {
        self.refuse_when_over()?;
        let outcome = match event.leaver() {
            Some((seat, ending)) => Outcome::win(1 - seat, 2, ending),
            None => Outcome::draw(2, Ending::Agreement),
        };
        let mut next = self.clone();
        next.ended = Some(outcome);
        Ok(Box::new(next))
    }

    fn render(&self) -> String {
        self.rules.hooks.render(self, false)
    }

    fn render_for(&self, seat: Seat) -> String {
        self.rules.hooks.render(self, seat == 1)
    }

    fn picture(&self, seat: Seat) -> Option<crate::rules::picture::Picture> {
        Some(ChessLike::picture(self, seat == 1))
    }

    fn encode(&self) -> String {
        self.encode_text()
    }

    fn perft(&self, depth: u32) -> u64 {
        ChessLike::perft(self, depth)
    }

    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}
