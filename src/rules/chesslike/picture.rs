//! A chess-like position as a [`Picture`]: the board of any two-seat game
//! from either side, its royal piece marked when in check, its reserves
//! (Orphic Chess), and the lines the game writes under its board.

use super::position::ChessLike;
use crate::rules::picture::{KindKey, Man, Picture, Reserve, Spot};

impl ChessLike {
    /// The board as `flipped` (the second seat) or the first seat sees it.
    pub fn picture(&self, flipped: bool) -> Picture {
        let board = self.board();
        let geo = board.geometry();
        let squares = geo
            .squares()
            .map(|sq| {
                let (file, rank) = geo.coords(sq);
                Spot {
                    name: geo.name(sq).to_string(),
                    file,
                    rank,
                    dark: geo.is_dark(sq),
                    zone: geo.zone(sq),
                    // A wall (nobody's) is drawn as a third seat's piece.
                    piece: board.glyph(sq).map(|(letter, owner)| Man {
                        letter,
                        owner: owner.min(2),
                    }),
                }
            })
            .collect();
        let check = if self.in_check() {
            geo.squares()
                .filter(|&sq| {
                    board
                        .get(sq)
                        .is_some_and(|p| p.owner == self.side() && board.kind(p).royal)
                })
                .map(|sq| geo.name(sq).to_string())
                .collect()
        } else {
            Vec::new()
        };
        let rules = self.rules();
        Picture {
            files: geo.files(),
            ranks: geo.ranks(),
            squares,
            seats: rules
                .seats
                .iter()
                .map(|s| s.to_string())
                .chain(self.walling().map(|_| "Neutral".to_string()))
                .collect(),
            kinds: board
                .kinds()
                .iter()
                .map(|k| KindKey {
                    letter: k.letter,
                    name: k.name.to_string(),
                })
                .collect(),
            flipped,
            last_move: Vec::new(),
            check,
            reserves: self.reserves_held(),
            seam: geo.wraps(),
            notes: rules.hooks.notes(self),
        }
    }

    /// Each seat's pieces in hand, in the game's order, where the game
    /// drops pieces; a colour-bound kind says which colour it must go on.
    fn reserves_held(&self) -> Vec<Reserve> {
        let Some(drops) = self.rules().drops.as_ref() else {
            return Vec::new();
        };
        let kinds = self.board().kinds();
        let order: Vec<u8> = if drops.hand_order.is_empty() {
            (0..kinds.len() as u8).collect()
        } else {
            drops
                .hand_order
                .chars()
                .filter_map(|l| self.rules().spec.kind_index(l))
                .collect()
        };
        (0..2u8)
            .map(|seat| {
                let pieces: Vec<(char, u8)> = order
                    .iter()
                    .map(|&k| (kinds[k as usize].letter, self.in_reserve(seat, k)))
                    .filter(|&(_, n)| n > 0)
                    .collect();
                let note = drops.unlike_colours.and_then(|kind| {
                    let letter = kinds[kind as usize].letter;
                    let held = self.in_reserve(seat, kind) > 0;
                    match self.drop_colours(seat) {
                        1 if held => Some(format!("{letter} on dark")),
                        2 if held => Some(format!("{letter} on light")),
                        _ => None,
                    }
                });
                Reserve { seat, pieces, note }
            })
            .collect()
    }
}
