//! Unit checks of the whole game through its own API; the scenario tests
//! of every ruling live in tests/orwell_rules.rs.

use super::*;

#[test]
fn sample_game_replays_to_white_win() {
    let text = include_str!("../../../tests/data/orwell/sample-game.txt");
    let end = replay_record(text).unwrap();
    assert_eq!(end.result().unwrap().result_text(), "[1:0:0]");
}

#[test]
fn show_sample_end() {
    let text = include_str!("../../../tests/data/orwell/sample-game.txt");
    let end = replay_record(text).unwrap();
    println!("{}", end.drawing());
    let bad = text.replace("Gg6xf9", "Gf6xf9");
    println!("{}", replay_record(&bad).unwrap_err());
    let bad = text.replace("Jb11-a11", "Jb11xa11");
    println!("{}", replay_record(&bad).unwrap_err());
    let mut p = OrwellPosition::start();
    for roll in [[1, 3], [3, 1], [2, 2], [5, 4], [1, 6]] {
        println!("{roll:?}: {:?}", p.legal_turns(Some(roll)));
    }
    p = p.play_turn("b3-c4", [1, 3]).map(|x| x.0).unwrap_or(p);
    println!("{:?}", p);
}
