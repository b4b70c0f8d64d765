//! Gating (Seirawan chess, Fairy-Stockfish's `gating` with
//! `seirawanGating`): a piece in hand enters the board only on the square
//! a piece of one's back rank has just left, in the same turn. A turn is
//! then a move, or a move and the gate: two actions, the move then a drop
//! onto the square it left (`[Move, Drop]`, written `Nb1-c3/H`). A
//! castling may gate on the king's square or the rook's
//! (`Ke1-g1/H`, `Ke1-g1/Hh1`).
//!
//! The rights are data of the position, beside the castling rights: per
//! side, the files of its back rank whose piece has not moved yet
//! (`ChessLike::gates`). A gate is lost when its piece moves (gating or
//! not) or is taken there, and all of a side's gates when its hand is
//! empty (it can never gate again: the hand only empties). The FEN keeps
//! them in its castling field as Fairy-Stockfish writes them: a castling
//! letter (`K`) holds the castling and the gates of its king and rook,
//! a file letter (`B`, `b`) another gate (`KQBCDFGkqbcdfg`). They are
//! part of the repetition key.
//!
//! What Fairy-Stockfish (pyffish 0.0.90) shows, and this plays: gating is
//! optional, once per turn, any kind in hand; a move is legal with a gate
//! exactly when it is legal without one (its `legal` does not count the
//! gated piece: a piece pinned on its gate stays pinned, a king may not
//! step along a check line behind the piece it gates); the gated piece
//! gives check as any piece; a gate does not reset the move count.

use super::position::{Act, ChessLike, Special};
use crate::rules::geometry::Square;
use crate::rules::notation::{canonical, is_canonical, read_turn};
use crate::rules::{Action, RulesError, Turn};

/// A game's gating as data: where each side's gates stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gating {
    /// Per seat, the rank (0-based) of its gates (its castling rank).
    pub ranks: [i8; 2],
}

impl ChessLike {
    /// The game's gating, if it has any.
    #[inline]
    fn gating(&self) -> Option<&Gating> {
        self.rules.hooks.gating()
    }

    /// The files (bit per file) of `seat`'s open gates.
    pub fn gates(&self, seat: u8) -> u16 {
        self.gates[usize::from(seat)]
    }

    /// True when `sq` is an open gate of `seat`.
    fn is_gate(&self, seat: u8, sq: Square) -> bool {
        let Some(gating) = self.gating() else {
            return false;
        };
        let (file, rank) = self.board.geometry().coords(sq);
        rank == gating.ranks[usize::from(seat)] && self.gates(seat) & (1 << file) != 0
    }

    /// Closes `seat`'s gate on `sq`, if it has one there.
    fn close_gate(&mut self, seat: u8, sq: Square) {
        if self.is_gate(seat, sq) {
            let file = self.board.geometry().coords(sq).0;
            self.gates[usize::from(seat)] &= !(1 << file);
        }
    }

    /// Opens `seat`'s gate on `sq` (a square of its gate rank), reading
    /// a FEN.
    fn open_gate(&mut self, seat: u8, sq: Square) {
        let file = self.board.geometry().coords(sq).0;
        self.gates[usize::from(seat)] |= 1 << file;
    }

    /// The gates the action `act` (one of the mover's, before it is
    /// played) closes: the mover's on the squares its pieces leave, the
    /// other side's on the square it takes on. Nothing in a game without
    /// gating.
    pub(super) fn close_gates_of(&mut self, act: &Act) {
        if self.gating().is_none() {
            return;
        }
        let side = self.side;
        if let Action::Move { from, to, .. } = act.action {
            self.close_gate(side, from);
            self.close_gate(1 - side, to);
        }
        match act.special {
            Special::Castle { rook_from, .. } => self.close_gate(side, rook_from),
            Special::EnPassant { taken } => self.close_gate(1 - side, taken),
            Special::Plain => {}
        }
    }

    /// After `seat`'s turn: with an empty hand it can never gate again.
    pub(super) fn gates_after_turn(&mut self, seat: u8) {
        if self.gating().is_some() && self.reserves[usize::from(seat)].iter().all(|&n| n == 0) {
            self.gates[usize::from(seat)] = 0;
        }
    }

    /// The squares the legal action `act` leaves that are open gates of
    /// the side to move and empty after it: the piece's square, and a
    /// castling's rook square (neither when the king or rook lands there).
    fn gate_squares(&self, act: &Act) -> [Option<Square>; 2] {
        let Action::Move { from, to, .. } = act.action else {
            return [None, None];
        };
        let rook = match act.special {
            Special::Castle {
                rook_from, rook_to, ..
            } => Some((rook_from, rook_to)),
            _ => None,
        };
        let open = |sq: Square| {
            self.is_gate(self.side, sq) && sq != to && rook.is_none_or(|(_, rook_to)| rook_to != sq)
        };
        [
            Some(from).filter(|&sq| open(sq)),
            rook.map(|(rook_from, _)| rook_from).filter(|&sq| open(sq)),
        ]
    }

    /// Calls `f` with each gate that may follow the legal action `act`: a
    /// drop of each kind in hand on each square of [`Self::gate_squares`].
    pub(super) fn each_gate(&self, act: &Act, mut f: impl FnMut(Act)) {
        if self.gates(self.side) == 0 {
            return;
        }
        let hand = self.reserves[usize::from(self.side)];
        for to in self.gate_squares(act).into_iter().flatten() {
            for (kind, _) in hand.iter().enumerate().filter(|&(_, &n)| n > 0) {
                let action = Action::Drop {
                    kind: kind as u8,
                    to,
                    relocate: None,
                };
                f(Act::plain(action, false));
            }
        }
    }

    /// The gated turns after the legal actions `acts` (cleared first):
    /// each action with each gate that may follow it.
    pub(super) fn gated_turns_into(&self, acts: &[Act], out: &mut Vec<(Act, Act)>) {
        out.clear();
        if self.gating().is_none() {
            return;
        }
        for act in acts {
            self.each_gate(act, |gate| out.push((*act, gate)));
        }
    }

    /// The canonical text of a gated turn, `Nb1-c3/H` (the gate on the
    /// square the piece left) or `Ke1-g1/Hh1` (a castling's rook square);
    /// `None` for any other turn.
    pub(super) fn gated_text(&self, acts: &[Act]) -> Option<String> {
        let [act, gate] = acts else { return None };
        let Action::Drop { kind, to, .. } = gate.action else {
            return None;
        };
        self.gating()?;
        let geo = &self.rules.spec.geometry;
        let mut text = canonical(geo, &self.candidate(act));
        text.push('/');
        text.push(self.rules.spec.kinds[usize::from(kind)].letter);
        if act.action.from() != Some(to) {
            text.push_str(geo.name(to));
        }
        Some(text)
    }

    /// The legal turn written `text` in canonical notation, a gated one
    /// (`Nb1-c3/H`) or a plain move; `None` when none is written so.
    pub(super) fn recorded_gated(&self, text: &str) -> Option<Vec<Act>> {
        let geo = &self.rules.spec.geometry;
        let (first, _) = text.split_once('/')?;
        let act = self
            .legal_acts()
            .into_iter()
            .find(|act| is_canonical(geo, &self.candidate(act), first))?;
        let mut found = None;
        self.each_gate(&act, |g| {
            if found.is_none() && self.gated_text(&[act, g]).as_deref() == Some(text) {
                found = Some(vec![act, g]);
            }
        });
        found
    }

    /// Reads a turn of a gating game: the move as any turn is read, then
    /// the gate after `/` (`Nc3/H`, `O-O/Hh1`), or Fairy-Stockfish's
    /// coordinates with the gated letter last (`b1c3h`, and `h1e1h` for a
    /// castling that gates on the rook's square). Any other text (a
    /// plain move, `Nb1-c3, H@b1`) is read as every turn is.
    pub(super) fn read_gated(&self, text: &str) -> Result<Turn, RulesError> {
        if let Some((first, gate)) = text.trim().split_once('/')
            && !first.contains('@')
        {
            let turn = read_turn(first, self)?;
            return self.with_gate(text, &turn, gate.trim());
        }
        let plain = read_turn(text, self);
        if plain.is_ok() {
            return plain;
        }
        if text.contains('@') {
            return Err(RulesError::Illegal {
                turn: text.to_string(),
                why: "in this game a piece in hand enters only by gating, written after the move: Nb1-c3/H".into(),
            });
        }
        // Fairy-Stockfish's `b1c3h`: the gated piece's letter last.
        let t = text.trim();
        let letter_last = t
            .chars()
            .last()
            .filter(|c| c.is_ascii_alphabetic() && self.letter_in_hand(*c).is_some());
        if let Some(letter) = letter_last {
            let first = &t[..t.len() - 1];
            if let Some(turn) = self.rook_square_castling(first) {
                let rook_from = turn.1;
                return self.with_gate(
                    text,
                    &turn.0,
                    &format!("{letter}{}", self.rules.spec.geometry.name(rook_from)),
                );
            }
            if let Ok(turn) = read_turn(first, self) {
                return self.with_gate(text, &turn, &letter.to_string());
            }
        }
        plain
    }

    /// The kind in the mover's hand whose letter is `letter` (any case).
    fn letter_in_hand(&self, letter: char) -> Option<u8> {
        let hand = self.reserves[usize::from(self.side)];
        self.rules
            .spec
            .kinds
            .iter()
            .position(|k| k.letter.eq_ignore_ascii_case(&letter))
            .map(|k| k as u8)
            .filter(|&k| hand[usize::from(k)] > 0)
    }

    /// Fairy-Stockfish writes a castling that gates on the rook's square
    /// from the rook to the king (`h1e1`): the castling and that square.
    fn rook_square_castling(&self, text: &str) -> Option<(Turn, Square)> {
        let geo = &self.rules.spec.geometry;
        if !text.is_ascii() {
            return None;
        }
        let (from, to) =
            (1..text.len()).find_map(|i| Some((geo.parse(&text[..i])?, geo.parse(&text[i..])?)))?;
        self.legal_acts()
            .into_iter()
            .find_map(|act| match act.special {
                Special::Castle { rook_from, .. }
                    if rook_from == from && act.action.from() == Some(to) =>
                {
                    Some((Turn::single(act.action), rook_from))
                }
                _ => None,
            })
    }

    /// The legal turn of the move `turn` (read from `text`) with the gate
    /// written `gate` (`H`: on the square the piece left; `Hh1`: on that
    /// square), or why there is none.
    fn with_gate(&self, text: &str, turn: &Turn, gate: &str) -> Result<Turn, RulesError> {
        let illegal = |why: String| RulesError::Illegal {
            turn: text.to_string(),
            why,
        };
        let geo = &self.rules.spec.geometry;
        let mut chars = gate.chars();
        let letter = chars
            .next()
            .filter(|c| c.is_ascii_alphabetic())
            .ok_or_else(|| {
                illegal("after / comes the letter of the piece gated, as in Nb1-c3/H".into())
            })?;
        let square = match chars.as_str() {
            "" => None,
            name => Some(geo.parse(name).ok_or_else(|| {
                illegal(format!(
                    "no square {name}: the gate is written as in Nb1-c3/H or Ke1-g1/Hh1"
                ))
            })?),
        };
        let [action] = turn.actions() else {
            return Err(illegal("a gate follows one move".into()));
        };
        let Some(kind) = self.letter_in_hand(letter) else {
            return Err(illegal(format!(
                "you have no {} in hand",
                letter.to_ascii_uppercase()
            )));
        };
        let act = self
            .legal_acts()
            .into_iter()
            .find(|a| a.action == *action)
            .ok_or_else(|| illegal("that move is not legal".into()))?;
        let mut gates = Vec::new();
        self.each_gate(&act, |g| {
            if matches!(g.action, Action::Drop { kind: k, .. } if k == kind) {
                gates.push(g);
            }
        });
        let at = |g: &Act| g.action.to();
        let chosen = match square {
            Some(sq) => gates.iter().find(|g| at(g) == Some(sq)),
            None => gates
                .iter()
                .find(|g| at(g) == act.action.from())
                .filter(|_| gates.len() == 1 || act.action.from().is_some()),
        };
        match chosen {
            Some(g) => Ok(Turn(vec![act.action, g.action])),
            None if gates.is_empty() => Err(illegal(format!(
                "no gate opens there: a piece in hand enters only on a square of your back rank whose piece has not moved before, as it leaves{}",
                self.open_gate_words()
            ))),
            None => {
                let names: Vec<String> = gates
                    .iter()
                    .filter_map(|g| self.gated_text(&[act, *g]))
                    .collect();
                Err(illegal(format!("the gate is {}", names.join(" or "))))
            }
        }
    }

    /// ` (open gates: b1 c1 ...)`, or nothing.
    fn open_gate_words(&self) -> String {
        let geo = &self.rules.spec.geometry;
        let Some(gating) = self.gating() else {
            return String::new();
        };
        let rank = gating.ranks[usize::from(self.side)];
        let names: Vec<&str> = (0..geo.files())
            .filter(|&f| self.gates(self.side) & (1 << f) != 0)
            .filter_map(|f| geo.at(i32::from(f), i32::from(rank)))
            .map(|sq| geo.name(sq))
            .collect();
        match names.is_empty() {
            true => " (you have no open gate)".into(),
            false => format!(" (open gates: {})", names.join(" ")),
        }
    }

    /// Reads the FEN castling field of a gating game: castling letters
    /// (each with the gates of its king's and rook's squares) and file
    /// letters (`B`, `b`: a gate), keeping the gates that hold a piece
    /// of their side, of a side with pieces in hand.
    pub(super) fn read_gated_rights(&mut self, field: &str) -> Result<(), String> {
        let Some(ranks) = self.gating().map(|g| g.ranks) else {
            return Ok(());
        };
        let geo = self.board.geometry().clone();
        for c in field.chars().filter(|&c| c != '-') {
            let seat = u8::from(c.is_ascii_lowercase());
            if let Some(i) = self.rules.castling_letters.find(c) {
                self.rights |= 1 << i;
                if let Some(rule) = self.rules.castlings.iter().find(|r| r.right == i) {
                    self.open_gate(seat, rule.king_from);
                    self.open_gate(seat, rule.rook_from);
                }
                continue;
            }
            let file = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a');
            let sq = geo
                .at(i32::from(file), i32::from(ranks[usize::from(seat)]))
                .ok_or_else(|| {
                    format!(
                        "the castling field holds castling letters ({}) and gate files, not {c}",
                        self.rules.castling_letters
                    )
                })?;
            self.open_gate(seat, sq);
        }
        for seat in 0..2u8 {
            let rank = ranks[usize::from(seat)];
            for file in 0..geo.files() {
                let standing = geo
                    .at(i32::from(file), i32::from(rank))
                    .and_then(|sq| self.board.get(sq))
                    .is_some_and(|p| p.owner == seat);
                if !standing {
                    self.gates[usize::from(seat)] &= !(1 << file);
                }
            }
            self.gates_after_turn(seat);
        }
        Ok(())
    }

    /// Writes the castling field of a gating game as Fairy-Stockfish
    /// does: per side, White first, its castling letters, then the files
    /// of its gates that no castling letter holds (`KQBCDFGkqbcdfg`).
    pub(super) fn write_gated_rights(&self, out: &mut String) {
        let geo = self.board.geometry();
        let start = out.len();
        for seat in 0..2u8 {
            let mut implied = 0u16;
            for (i, c) in self.rules.castling_letters.chars().enumerate() {
                let Some(rule) = self.rules.castlings.iter().find(|r| r.right == i) else {
                    continue;
                };
                if rule.seat == seat && self.rights & (1 << i) != 0 {
                    out.push(c);
                    for sq in [rule.king_from, rule.rook_from] {
                        implied |= 1 << geo.coords(sq).0;
                    }
                }
            }
            for file in 0..geo.files() {
                if self.gates(seat) & !implied & (1 << file) != 0 {
                    let letter = char::from(b'a' + file);
                    out.push(match seat {
                        0 => letter.to_ascii_uppercase(),
                        _ => letter,
                    });
                }
            }
        }
        if out.len() == start {
            out.push('-');
        }
    }
}
