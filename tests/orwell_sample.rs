//! The sample game of the Orwell Chess rule text, replayed turn by turn
//! through the public interface: with the two notation slips corrected it
//! ends [1:0:0]; as published it is refused at Red's second turn.

use boserv::rules::find_variant;
use boserv::rules::orwell::{self, OrwellPosition, record::parse_roll};

const CORRECTED: &str = include_str!("data/orwell/sample-game.txt");
const PUBLISHED: &str = include_str!("data/orwell/sample-game-as-published.txt");

/// The turn lines of a record: (1-based line number, roll text, turn).
fn turn_lines(text: &str) -> Vec<(usize, &str, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#') && !l.starts_with('['))
        .map(|(i, l)| {
            let (roll, turn) = l.split_once(':').unwrap();
            (i + 1, roll, turn.trim())
        })
        .collect()
}

#[test]
fn the_corrected_sample_game_replays_to_a_white_win() {
    let variant = find_variant("orwell").unwrap();
    assert_eq!(variant.seats(), ["White", "Red", "Black"]);
    assert!(variant.uses_dice());
    let mut position = variant.start(&[]).unwrap();
    let lines = turn_lines(CORRECTED);
    assert_eq!(lines.len(), 43, "14 rounds of three turns and White's last");
    for (n, (line, roll, written)) in lines.iter().enumerate() {
        assert_eq!(position.to_move(), Some(n % 3), "line {line}");
        let roll = parse_roll(roll).unwrap().into();
        let turn = written.trim_end_matches("[1:0:0]").trim();
        let legal = position.legal_turns(Some(roll));
        // Every turn of the record is one of the legal turns, exactly as
        // written: its passes are the forced ones.
        assert!(
            legal.contains(&turn.to_string()),
            "line {line}: {turn} not in {legal:?}"
        );
        assert_eq!(
            position.must_pass(roll),
            turn == "pass, pass",
            "line {line}"
        );
        let played = position.play(turn, Some(roll)).unwrap();
        assert_eq!(played.canonical, turn, "line {line}");
        position = played.position;
    }
    let outcome = position.outcome().expect("the game is over");
    assert_eq!(outcome.result_text(), "[1:0:0]");
    assert!(
        outcome.reason().contains("Red is down to a single piece"),
        "{}",
        outcome.reason()
    );
    assert_eq!(position.to_move(), None);
    // The drawing leaves the ending to the page that shows it (once).
    assert!(!position.render().contains("[1:0:0]"));
}

#[test]
fn the_record_reader_agrees() {
    let end = orwell::replay_record(CORRECTED).unwrap();
    assert_eq!(end.result().unwrap().result_text(), "[1:0:0]");
    let wrong_result = CORRECTED.replace("[1:0:0]", "[0:1:0]");
    let err = orwell::replay_record(&wrong_result).unwrap_err();
    assert!(
        err.to_string()
            .contains("the record claims [0:1:0] but the turns reach [1:0:0]")
    );
}

#[test]
fn the_published_text_is_refused_at_reds_second_turn() {
    let lines = turn_lines(PUBLISHED);
    let reds_second = lines[4].0;
    let err = orwell::replay_record(PUBLISHED).unwrap_err();
    assert_eq!(err.line, reds_second);
    assert_eq!(
        err.to_string(),
        format!("line {reds_second}: Gf6xf9: the piece on f6 is a Jugyo, not G")
    );
    // With the first slip fixed, the second stops it at Black's tenth turn.
    let blacks_tenth = lines[29].0;
    assert_eq!(lines[29].2, "Jb11xa11, pass");
    let half_fixed = PUBLISHED.replace("Gf6xf9", "Gg6xf9");
    let err = orwell::replay_record(&half_fixed).unwrap_err();
    assert_eq!(err.line, blacks_tenth);
    assert!(err.to_string().contains("Jb11xa11: a11 is empty"), "{err}");
}

#[test]
fn royal_captures_count_for_the_alliance_rule_in_the_sample() {
    // Red's captures before its ninth turn: ... Jb6xb9 (Black), then
    // e5xe4=M (White's Maharaja). Me4xd5 takes Black's Dabbabah: legal only
    // because the royal capture made White Red's last victim.
    let lines = turn_lines(CORRECTED);
    let mut p = OrwellPosition::start();
    for (_, roll, turn) in &lines[..25] {
        p = p.play_turn(turn, parse_roll(roll).unwrap()).unwrap().0;
    }
    assert_eq!(lines[25].2, "Me4xd5, pass");
    assert_eq!(p.last_victim(1), Some(0));
    assert!(p.play_turn("Me4xd5", [6, 5]).is_ok());
    let mut without_royal_counting = p.clone();
    without_royal_counting.set_last_victim(1, Some(2));
    let err = without_royal_counting
        .play_turn("Me4xd5", [6, 5])
        .unwrap_err();
    assert!(err.to_string().contains("alternate"), "{err}");
}
