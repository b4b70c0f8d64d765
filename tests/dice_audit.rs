//! The dice as an auditor sees them: a revealed seed, the commitment
//! published at the challenge, and the rolls stored with the turns.

use boserv::command::GameId;
use boserv::dice::{self, Seed};
use boserv::rules::{Dice, Roll};

/// The dice of the worked example in `boserv help dice`: two six-faced
/// dice.
const TWO_D6: Dice = Dice {
    count: 2,
    faces: 6,
    forced_turn: "pass, pass",
};

#[test]
fn a_revealed_seed_reproduces_a_stored_game() {
    // The worked example of `boserv help dice`: zero seed, game 1.
    let seed = Seed::from_hex(&"00".repeat(32)).unwrap();
    // The roll values themselves are pinned in src/dice/tests.rs.
    let stored = dice::rolls(&seed, GameId(1), 10, &TWO_D6);
    let report = dice::audit(&seed, &seed.commitment(), GameId(1), &TWO_D6, &stored);
    assert_eq!(report.to_string(), "rolls: ok");
    // The help's worked example shows these very rolls.
    let shown: Vec<String> = stored[..3].iter().map(|roll| roll.to_string()).collect();
    assert!(
        dice::HELP.contains(&shown.join("  ")),
        "{}",
        shown.join("  ")
    );
}

#[test]
fn a_bent_roll_or_a_wrong_game_is_caught() {
    let seed = Seed::from_hex(&"ab".repeat(32)).unwrap();
    let commitment = seed.commitment();
    let mut stored = dice::rolls(&seed, GameId(9), 40, &TWO_D6);
    assert!(dice::audit(&seed, &commitment, GameId(9), &TWO_D6, &stored).ok());
    assert!(!dice::audit(&seed, &commitment, GameId(10), &TWO_D6, &stored).ok());
    let expected = stored[17];
    stored[17] = Roll::from(if expected == [6, 6] { [1, 1] } else { [6, 6] });
    let report = dice::audit(&seed, &commitment, GameId(9), &TWO_D6, &stored);
    let mismatch = report.first_mismatch.clone().expect("roll 17 was changed");
    assert_eq!((mismatch.n, mismatch.expected), (17, expected));
    assert!(
        report
            .to_string()
            .starts_with("rolls: MISMATCH roll 17 was stored as")
    );
}
