//! The bitboard count against the core's list, in positions of random
//! games of both games: in check and not, with en passant, castling,
//! promotions, rebel moves that open or give check, Squirm's moves that a
//! squirm would expose, and positions after a squirm (where the enemy
//! king may stand attacked).

use super::count;
use crate::rules::chesslike::{Act, ChessLike, Rules, Special, from_fen, to_fen};
use crate::rules::rebellion::{REBELLION, SQUIRM, START};

/// What the positions checked held, so that the test shows it reached them.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    checks: usize,
    en_passant: usize,
    castlings: usize,
    promotions: usize,
    rebels_in_check: usize,
    exposed: usize,
    king_attacked: usize,
}

/// The count of `pos` is the length of the core's list, and its en
/// passant captures are the list's.
fn agrees(pos: &ChessLike, seen: &mut Seen) {
    let list = pos.core_legal_acts();
    let mut ep = Vec::new();
    let n = count(pos, &mut ep);
    let fen = to_fen(pos);
    assert_eq!(n as usize, list.len(), "{fen}");
    let listed: Vec<Act> = list
        .iter()
        .filter(|a| matches!(a.special, Special::EnPassant { .. }))
        .copied()
        .collect();
    assert_eq!(ep, listed, "{fen}");
    seen.positions += 1;
    seen.en_passant += ep.len();
    seen.castlings += list
        .iter()
        .filter(|a| matches!(a.special, Special::Castle { .. }))
        .count();
    seen.promotions += list
        .iter()
        .filter(|a| {
            matches!(
                a.action,
                crate::rules::Action::Move {
                    promotion: Some(_),
                    ..
                }
            )
        })
        .count();
    if pos.in_check() {
        seen.checks += 1;
        let rebels = list
            .iter()
            .filter(|a| matches!(a.action, crate::rules::Action::Rebel { .. }))
            .count();
        seen.rebels_in_check += usize::from(rebels > 0);
    }
    if ChessLike::royal_attacked(pos.board(), 1 - pos.side()) {
        seen.king_attacked += 1;
    }
    if pos.rules().rebels == crate::rules::chesslike::Rebels::SquirmFirst {
        seen.exposed += pos
            .pseudo_moves()
            .iter()
            .filter(|a| pos.is_safe(std::slice::from_ref(a)) && pos.squirm_check_after(a).is_some())
            .count();
    }
}

/// Random games from `start`, every position and every squirm's checked.
fn random_games(rules: &'static Rules, start: &str, games: usize, seen: &mut Seen) {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ start.len() as u64;
    for _ in 0..games {
        let mut pos = from_fen(rules, start).unwrap();
        for _ in 0..80 {
            agrees(&pos, seen);
            for squirm in pos.squirm_acts() {
                agrees(&pos.after_squirm(&squirm), seen);
            }
            let turns = pos.legal_turn_acts();
            if turns.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let turn = &turns[(seed % turns.len() as u64) as usize];
            pos = pos.after(turn, String::new());
        }
    }
}

#[test]
fn the_bitboard_count_is_the_length_of_the_list() {
    let starts = [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];
    let mut seen = Seen::default();
    for rules in [&*REBELLION, &*SQUIRM] {
        for start in starts {
            random_games(rules, start, 6, &mut seen);
        }
    }
    // Squirm: the rook may go up its file in chess, not here (a squirm
    // to d6 or f6 would open the file onto the king).
    let pinned = from_fen(&SQUIRM, "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1").unwrap();
    let exposed = seen.exposed;
    agrees(&pinned, &mut seen);
    assert!(seen.exposed > exposed, "Re2-e3 and on are exposed");
    // Squirm: Black squirms the knight off the file, and the rook may not
    // take the king it now attacks.
    let shield = from_fen(&SQUIRM, "4r1k1/8/8/8/8/8/4N3/4K3 b - - 0 1 e2").unwrap();
    for squirm in shield.squirm_acts() {
        agrees(&shield.after_squirm(&squirm), &mut seen);
    }
    assert!(
        seen.positions > 5000
            && seen.checks > 200
            && seen.en_passant > 10
            && seen.castlings > 50
            && seen.promotions > 50
            && seen.rebels_in_check > 20
            && seen.exposed > 20
            && seen.king_attacked > 2,
        "{seen:?}"
    );
}
