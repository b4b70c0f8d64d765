//! Perft for a dice game: the leaves of the turn tree, summed over all 36
//! ordered rolls at every turn (a,b and b,a count separately; a turn counts
//! once per distinct text). No published table exists for Orwell Chess:
//! these are our own numbers, pinned so that a change in the move
//! generator shows. Parts of depth 1 are checked by hand in
//! orwell_rules.rs (1,3 gives 32 turns, 5,4 gives 4, 4,4 only passes).

use boserv::rules::Position;
use boserv::rules::orwell::OrwellPosition;

#[test]
fn perft_one_turn_from_the_start() {
    let start = OrwellPosition::start();
    let by_roll: u64 = (1..=6u8)
        .flat_map(|a| (1..=6u8).map(move |b| [a, b]))
        .map(|roll| start.legal_turns(Some(roll.into())).len() as u64)
        .sum();
    assert_eq!(start.perft(1), by_roll);
    assert_eq!(start.perft(1), 3036);
}

#[test]
fn perft_two_turns_from_the_start() {
    assert_eq!(OrwellPosition::start().perft(2), 8_682_994);
}
