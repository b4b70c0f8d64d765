//! The engine against the independent generator in `brute.rs`: perft of the
//! start position, and the full legal-move list at every ply of seeded
//! random games from positions rich in corners, castling, en passant and
//! promotion.

use super::brute::Brute;
use super::{fen, start};
use crate::positions::{Lcg, PerftCase, perft_table as read_table};
use boserv::rules::Position;

/// Depth 1 counted by hand, piece by piece:
/// pawns 12 x 4 (1 to 4 squares) = 48; Guards d1 -> c4 e4, i1 -> h4 j4 = 4;
/// Jumpers a1 -> a4 d4, l1 -> l4 i4 (every step blocked, z1/z2 own) = 4;
/// Knights z1 -> a4 b3, z2 -> l4 k3 (c2 d1 j2 i1 own) = 4; everything
/// else is shut in. 48 + 4 + 4 + 4 = 60. Depth 2 is 60 x 60 (no first
/// move touches Black's); depth 3 from both generators.
const START_BY_HAND: [u64; 2] = [60, 3600];

#[test]
fn perft_of_the_start_position() {
    let engine = start();
    let brute = Brute::start();
    assert_eq!(engine.perft(1), START_BY_HAND[0]);
    assert_eq!(engine.perft(2), START_BY_HAND[1]);
    assert_eq!(brute.perft(1), START_BY_HAND[0]);
    assert_eq!(engine.perft(3), brute.perft(3));
}

fn positions() -> Vec<String> {
    vec![
        boserv::rules::bochess::START.to_string(),
        fen(
            "Kg1 Rb1 Rk1 Mc1 Gd1 Qf1 Nz1 Jl1 Be1 Pa2 Pc2 Pe2 Pg2 Pi2 Pk2 \
             kg12 rb12 rk12 mj12 gi12 qf12 nz3 ja12 bh12 pb11 pd11 pf11 ph11 pj11 pl11",
            "w KQkq - 0 1",
        ),
        fen(
            "Ka1 kl12 Pb10 Pd10 Pf9 pc3 pe3 pg4 Nz2 nz4 Mf6 mg7 Jc10 jj3",
            "w - - 0 1",
        ),
        fen(
            "Kg1 kg12 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 pb5 pc4 pe6 pf4 ph5 Bi3 bi10 Gz2 gz4",
            "w - - 0 1",
        ),
    ]
}

#[test]
fn legal_moves_agree_along_random_games() {
    let mut rng = Lcg(2026);
    let mut plies = 0;
    for text in positions() {
        for _game in 0..4 {
            let mut engine: Box<dyn Position> = if text == boserv::rules::bochess::START {
                start()
            } else {
                setup_fen(&text)
            };
            let mut brute = Brute::from_fen(&text);
            for _ply in 0..80 {
                let mine = engine.legal_turns(None);
                let theirs: Vec<String> = brute.move_texts().into_iter().collect();
                if let Some(o) = engine.outcome() {
                    if o.reason() == "checkmate" || o.reason() == "stalemate" {
                        assert!(theirs.is_empty(), "{}: {theirs:?}", engine.encode());
                    }
                    break;
                }
                assert_eq!(mine, theirs, "after {}", engine.encode());
                let (turn, next) = brute.moves().swap_remove(rng.pick(theirs.len()));
                engine = engine.play(&turn, None).unwrap().position;
                brute = next;
                plies += 1;
            }
        }
    }
    assert!(plies > 800, "only {plies} plies compared");
}

fn setup_fen(text: &str) -> Box<dyn Position> {
    boserv::rules::find_variant("bochess")
        .unwrap()
        .from_fen(&[], text)
        .unwrap()
}

/// The positions and counts of tests/data/bochess/perft.txt.
fn perft_table() -> Vec<PerftCase> {
    read_table(include_str!("../data/bochess/perft.txt"))
}

fn run_table(largest: u64) -> usize {
    let mut checked = 0;
    for (name, text, counts) in perft_table() {
        let p = setup_fen(&text);
        for (depth, nodes) in counts.into_iter().filter(|&(_, n)| n <= largest) {
            assert_eq!(p.perft(depth), nodes, "{name} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_table_small_counts() {
    assert!(run_table(40_000) >= 9);
}

#[test]
fn perft_table_all() {
    assert_eq!(run_table(u64::MAX), 12);
}
