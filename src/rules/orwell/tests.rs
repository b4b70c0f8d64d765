//! Unit checks of the whole game through its own API; the scenario tests
//! of every ruling live in tests/orwell_rules.rs.

use super::*;

#[test]
fn sample_game_replays_to_white_win() {
    let text = include_str!("../../../tests/data/orwell/sample-game.txt");
    let end = replay_record(text).unwrap();
    assert_eq!(end.result().unwrap().result_text(), "[1:0:0]");
}
