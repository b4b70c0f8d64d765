//! The stored form of a position (the cache beside a game's turn list):
//! one line, `;`-separated fields, rebuilt exactly by [`OrwellPosition::decode_text`].
//!
//! `board;mover;victims;out;points;ending;last turn`. The board lists ranks
//! 12 down to 1, `/` between them; a piece is its owner (`w`, `r`, `b`) and
//! its letter (a pawn: `^` or `v` by facing); a digit counts empty squares.
//! `victims` gives, per seat, the owner of its last victim or `-`; `out`
//! marks seats that left with `x`; `points` is `-` or the half points;
//! `ending` is the [`crate::rules::Ending`]'s key (earlier versions wrote
//! its words, which still read).

use crate::rules::board::Piece;
use crate::rules::{Outcome, RulesError};

use super::pieces::{self, PAWN};
use super::position::OrwellPosition;

const OWNERS: [char; 3] = ['w', 'r', 'b'];

fn bad(why: impl Into<String>) -> RulesError {
    RulesError::BadPosition(why.into())
}

fn owner_of(c: char) -> Result<u8, RulesError> {
    OWNERS
        .iter()
        .position(|&o| o == c)
        .map(|i| i as u8)
        .ok_or_else(|| bad(format!("no seat {c}")))
}

fn kind_of(c: char) -> Result<(u8, i8), RulesError> {
    match c {
        '^' => Ok((PAWN, 1)),
        'v' => Ok((PAWN, -1)),
        _ => pieces::kind_of_letter(c)
            .map(|k| (k, 1))
            .ok_or_else(|| bad(format!("no piece {c}"))),
    }
}

impl OrwellPosition {
    /// The position as one line of text.
    pub fn encode_text(&self) -> String {
        let geo = pieces::geometry();
        let mut ranks = Vec::new();
        for r in (0..geo.ranks() as i32).rev() {
            let mut line = String::new();
            let mut empty = 0;
            for f in 0..geo.files() as i32 {
                match self.board.get(geo.at(f, r).expect("box square")) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            line.push_str(&empty.to_string());
                            empty = 0;
                        }
                        line.push(OWNERS[p.owner as usize]);
                        line.push(pieces::letter(p.kind, p.facing));
                    }
                }
            }
            if empty > 0 {
                line.push_str(&empty.to_string());
            }
            ranks.push(line);
        }
        let victims: String = self
            .last_victim
            .iter()
            .map(|v| v.map_or('-', |o| OWNERS[o as usize]))
            .collect();
        let out: String = self
            .out
            .iter()
            .map(|&o| if o { 'x' } else { '-' })
            .collect();
        let (points, reason) = match &self.outcome {
            None => ("-".to_string(), String::new()),
            Some(o) => {
                let p: Vec<String> = o.points.iter().map(u8::to_string).collect();
                (p.join(","), o.ending.key())
            }
        };
        let last = self.last_turn.clone().unwrap_or_default();
        let mover = OWNERS[self.mover as usize];
        format!(
            "{};{mover};{victims};{out};{points};{reason};{last}",
            ranks.join("/")
        )
    }

    /// Rebuilds a position from [`OrwellPosition::encode_text`].
    pub fn decode_text(text: &str) -> Result<OrwellPosition, RulesError> {
        // The ending is a key; earlier versions wrote free text that may
        // hold a `;`: it is everything between the fifth `;` and the last
        // one (a turn never holds one).
        let mut fields: Vec<&str> = text.trim_end_matches(['\n', '\r']).splitn(6, ';').collect();
        if let Some((reason, last)) = fields.pop().and_then(|rest| rest.rsplit_once(';')) {
            fields.extend([reason, last]);
        }
        let [board, mover, victims, out, points, reason, last] = fields[..] else {
            return Err(bad("expected 7 fields separated by ;"));
        };
        let mut p = OrwellPosition::empty();
        p.read_board(board)?;
        let mover: Vec<char> = mover.chars().collect();
        let [mover] = mover[..] else {
            return Err(bad("the mover is one of w, r, b"));
        };
        p.mover = owner_of(mover)?;
        let victims: Vec<char> = victims.chars().collect();
        let out: Vec<char> = out.chars().collect();
        if victims.len() != 3 || out.len() != 3 {
            return Err(bad("victims and out hold one mark per seat"));
        }
        for seat in 0..3 {
            p.last_victim[seat] = match victims[seat] {
                '-' => None,
                c => Some(owner_of(c)?),
            };
            p.out[seat] = match out[seat] {
                '-' => false,
                'x' => true,
                c => return Err(bad(format!("out mark {c}"))),
            };
        }
        if points != "-" {
            p.outcome = Some(Outcome::read(points, reason, &pieces::SEATS).map_err(bad)?);
        }
        p.last_turn = (!last.is_empty()).then(|| last.to_string());
        Ok(p)
    }

    fn read_board(&mut self, text: &str) -> Result<(), RulesError> {
        let geo = pieces::geometry();
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != geo.ranks() as usize {
            return Err(bad(format!("{} ranks, not {}", geo.ranks(), ranks.len())));
        }
        for (i, line) in ranks.iter().enumerate() {
            let r = geo.ranks() as i32 - 1 - i as i32;
            let mut f = 0;
            let mut chars = line.chars();
            while let Some(c) = chars.next() {
                if let Some(n) = c.to_digit(10) {
                    f += n as i32;
                    continue;
                }
                let owner = owner_of(c)?;
                let (kind, facing) =
                    kind_of(chars.next().ok_or_else(|| bad("a seat without a piece"))?)?;
                let sq = geo.at(f, r).filter(|_| f < geo.files() as i32);
                let sq = sq.ok_or_else(|| bad(format!("rank {} is too long", r + 1)))?;
                self.board.set(
                    sq,
                    Some(Piece {
                        owner,
                        kind,
                        facing,
                    }),
                );
                f += 1;
            }
            if f != geo.files() as i32 {
                return Err(bad(format!(
                    "rank {} has {f} squares, not {}",
                    r + 1,
                    geo.files()
                )));
            }
        }
        Ok(())
    }
}
