//! Big Outer Chess (`bochess`): a scenario test for every ruling in RULES.md
//! "Big Outer Chess" with its illegal counterpart, the start diagram against
//! the pbmserv help page, and perft and legal-move lists cross-checked by an
//! independent generator (`brute.rs`).
//!
//! Positions are set up with the documented Big Outer FEN (see `boserv help
//! bochess`), built here from a list of pieces such as `Kg1 Rk1 kg12 Nz1`.

mod brute;
mod castling;
mod corners;
mod cross_check;
mod ends;
mod notation;
mod pawns;
mod shell;
mod zones;

use boserv::rules::{Position, find_variant};

pub use crate::positions::{moves_from, play, play_all, refusal};

/// The start position.
pub fn start() -> Box<dyn Position> {
    find_variant("bochess").unwrap().start(&[]).unwrap()
}

/// (file, rank) of `a1`..`l12`, `z1`..`z4`, with a1 = (0, 0).
fn coords(square: &str) -> (i32, i32) {
    match square {
        "z1" => (-1, -1),
        "z2" => (12, -1),
        "z3" => (12, 12),
        "z4" => (-1, 12),
        _ => (
            (square.as_bytes()[0] - b'a') as i32,
            square[1..].parse::<i32>().unwrap() - 1,
        ),
    }
}

/// Big Outer FEN from pieces like `Kg1 Rk1 kg12 Nz1` (upper case White,
/// lower case Black, `P`/`p` pawns) and the rest of the FEN (`w KQkq - 0 1`).
pub fn fen(pieces: &str, rest: &str) -> String {
    let mut grid = [[None::<char>; 14]; 14];
    for token in pieces.split_whitespace() {
        let letter = token.chars().next().unwrap();
        let (f, r) = coords(&token[1..]);
        grid[(r + 1) as usize][(f + 1) as usize] = Some(letter);
    }
    let corner =
        |f: i32, r: i32| grid[(r + 1) as usize][(f + 1) as usize].map(|c| format!("({c})"));
    let mut ranks = Vec::new();
    for r in (0..12).rev() {
        let mut s = String::new();
        if r == 11 {
            s.extend(corner(-1, 12));
        }
        if r == 0 {
            s.extend(corner(-1, -1));
        }
        let mut empty = 0;
        for f in 0..12 {
            match grid[(r + 1) as usize][(f + 1) as usize] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                    }
                    empty = 0;
                    s.push(c);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r == 11 {
            s.extend(corner(12, 12));
        }
        if r == 0 {
            s.extend(corner(12, -1));
        }
        ranks.push(s);
    }
    format!("{} {rest}", ranks.join("/"))
}

/// A position from pieces and the FEN tail.
pub fn setup(pieces: &str, rest: &str) -> Box<dyn Position> {
    let text = fen(pieces, rest);
    find_variant("bochess")
        .unwrap()
        .from_fen(&[], &text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal turns, canonical and sorted.
pub fn turns(p: &dyn Position) -> Vec<String> {
    p.legal_turns(None)
}

/// The canonical form of an accepted `turn`.
pub fn canonical(p: &dyn Position, turn: &str) -> String {
    p.play(turn, None)
        .unwrap_or_else(|e| panic!("{turn}: {e}"))
        .canonical
}

/// The FEN part of the position's encoding.
pub fn fen_of(p: &dyn Position) -> String {
    p.encode().split(" | ").next().unwrap().to_string()
}

/// Asserts every turn is legal and every refused one fails with its message.
pub fn check(p: &dyn Position, legal: &[&str], refused: &[(&str, &str)]) {
    let all = turns(p);
    for t in legal {
        assert!(
            all.iter().any(|x| x == t),
            "{t} should be legal; legal: {all:?}"
        );
    }
    for (t, why) in refused {
        assert_eq!(refusal(p, t), format!("{t}: {why}"));
    }
}
