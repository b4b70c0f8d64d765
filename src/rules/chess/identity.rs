//! Position identity for repetition (FIDE 9.2): the same pieces on the same
//! squares, the same side to move, the same castling rights, and the same
//! en passant captures that are actually legal. Reduced to a 64-bit key.

use std::sync::LazyLock;

use super::bits::{Bits, Special};
use super::movegen::legal_moves;

struct Keys {
    piece: [[[u64; 64]; 6]; 2],
    castling: [u64; 16],
    ep_file: [u64; 8],
    black: u64,
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut s = 0x626f_7365_7276u64;
    let mut k = Keys {
        piece: [[[0; 64]; 6]; 2],
        castling: [0; 16],
        ep_file: [0; 8],
        black: 0,
    };
    for side in &mut k.piece {
        for kind in side.iter_mut() {
            for sq in kind.iter_mut() {
                *sq = splitmix(&mut s);
            }
        }
    }
    for c in &mut k.castling {
        *c = splitmix(&mut s);
    }
    for e in &mut k.ep_file {
        *e = splitmix(&mut s);
    }
    k.black = splitmix(&mut s);
    k
});

/// The repetition key of a position.
pub fn key(b: &Bits) -> u64 {
    let k = &*KEYS;
    let mut h = k.castling[b.castling as usize];
    for sq in 0..64u8 {
        if let Some((colour, kind)) = b.piece_at(sq) {
            h ^= k.piece[colour][kind][sq as usize];
        }
    }
    if b.side == 1 {
        h ^= k.black;
    }
    if let Some(ep) = b.ep
        && legal_moves(b)
            .iter()
            .any(|m| m.special == Special::EnPassant)
    {
        h ^= k.ep_file[(ep % 8) as usize];
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::fen::parse_fen;

    #[test]
    fn en_passant_counts_only_when_legal() {
        // After e2-e4 with no black pawn able to take: same as without ep.
        let a = parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
        let b = parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(key(&a), key(&b));
        // A black pawn on d4 can take: different.
        let c = parse_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
        let d = parse_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1").unwrap();
        assert_ne!(key(&c), key(&d));
        // Pinned pawn: the capture is illegal, so no difference.
        let e = parse_fen("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1").unwrap();
        let f = parse_fen("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(key(&e), key(&f));
        let g = parse_fen("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert_ne!(key(&b), key(&g));
    }
}
