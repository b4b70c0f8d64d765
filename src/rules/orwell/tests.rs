//! Unit checks of the game through its own API: the record reader, the
//! stored form, the trait plumbing. The scenario tests of every ruling live
//! in tests/orwell_rules.rs.

use super::*;

const SAMPLE: &str = include_str!("../../../tests/data/orwell/sample-game.txt");

#[test]
fn sample_game_replays_to_white_win() {
    let end = replay_record(SAMPLE).unwrap();
    assert_eq!(end.result().unwrap().result_text(), "[1:0:0]");
    assert_eq!(end.last_turn.as_deref(), Some("Me7xc5"));
}

#[test]
fn record_lines_and_rolls() {
    assert_eq!(record_line([1, 3], "c3-d4, pass"), "1,3: c3-d4, pass");
    assert_eq!(record::parse_roll("6, 2"), Ok([6, 2]));
    for bad in ["7,1", "1", "1,2,3", "a,b", ""] {
        assert!(record::parse_roll(bad).is_err(), "{bad}");
    }
}

#[test]
fn record_reader_refusals_name_the_line() {
    let err = replay_record("# a comment\n\n1,3 c3-d4\n").unwrap_err();
    assert_eq!(err.line, 3);
    assert!(err.to_string().contains("a roll and a turn"));
    let err = replay_record("1,3: c3-d4, pass\n9,9: pass, pass\n").unwrap_err();
    assert_eq!(err.line, 2);
    let after_end = format!("{SAMPLE}\n1,1: pass, pass\n");
    let err = replay_record(&after_end).unwrap_err();
    assert!(err.to_string().contains("already over ([1:0:0])"), "{err}");
    let err = replay_record("1,3: c3-d4, pass [1:0:0]\n").unwrap_err();
    assert!(err.to_string().contains("a game still going"), "{err}");
}

#[test]
fn stored_form_round_trips_and_rejects_damage() {
    let mut p = replay_record(&SAMPLE.lines().take(30).collect::<Vec<_>>().join("\n")).unwrap();
    p = p.conclude_with(&Conclusion::Resign(2)).unwrap();
    let text = p.encode_text();
    assert_eq!(OrwellPosition::decode_text(&text).unwrap(), p);
    // Two seats out: the last to leave resigned.
    p = p.conclude_with(&Conclusion::Resign(1)).unwrap();
    assert_eq!(p.result().unwrap().ending, Ending::Resignation);
    assert_eq!(p.result().unwrap().result_text(), "[1:0:0]");
    assert_eq!(OrwellPosition::decode_text(&p.encode_text()).unwrap(), p);
    // Earlier versions stored the ending in words, with a `;` inside.
    let old = p
        .encode_text()
        .replace(";resignation;", ";Red resigned; the other two are out;");
    assert_ne!(old, p.encode_text());
    assert_eq!(OrwellPosition::decode_text(&old).unwrap(), p);
    let end = replay_record(SAMPLE).unwrap();
    assert_eq!(
        OrwellPosition::decode_text(&end.encode_text()).unwrap(),
        end
    );
    let start = OrwellPosition::start().encode_text();
    for bad in [
        "",
        "7/7;w;---;---;-;;",
        &start.replace(";w;", ";x;"),
        &start.replace("---;---", "--;---"),
        &start.replace("1wvwvwDwvwv1", "1wvwvwDwvwv2"),
        &start.replace("wG", "wQ"),
        &start.replace(";-;;", ";2,0;;"),
    ] {
        assert!(OrwellPosition::decode_text(bad).is_err(), "{bad}");
    }
}

#[test]
fn trait_plumbing() {
    let start = Orwell.start(&[]).unwrap();
    assert!(start.legal_turns(None).is_empty());
    assert!(matches!(
        start.play("c3-d4", None),
        Err(PlayError {
            reason: RulesError::RollNeeded
        })
    ));
    assert!(start.legal_turns(Some([0, 7].into())).is_empty());
    let played = start.play("c3d4", Some([3, 1].into())).unwrap();
    assert_eq!(played.canonical, "c3-d4, pass");
    assert_eq!(played.position.to_move(), Some(1));
    assert!(played.position.render().contains("Last move: c3-d4, pass"));
    let option = GameOption {
        name: "x".into(),
        value: None,
    };
    assert!(Orwell.start(&[option]).is_err());
    assert_eq!(
        crate::rules::find_variant("ORWELL").map(|v| v.title()),
        Some("Orwell")
    );
    let over = replay_record(SAMPLE).unwrap();
    assert!(matches!(
        over.play_turn("pass", [1, 1]),
        Err(RulesError::GameOver(_))
    ));
    assert!(over.conclude_with(&Conclusion::DrawAgreed).is_err());
}

/// Perft's counting shortcut agrees with the turns themselves at every
/// stage of the sample game (captures, alliances, promotions, the win).
#[test]
fn counted_turns_are_the_turns() {
    let lines: Vec<&str> = SAMPLE.lines().collect();
    for end in (0..=lines.len()).step_by(4) {
        let position = replay_record(&lines[..end].join("\n")).unwrap();
        let mut all = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                let turns = position.turns([a, b]).len() as u64;
                assert_eq!(
                    position.count_turns([a, b]),
                    turns,
                    "after {end} lines, roll {a},{b}"
                );
                all += turns;
            }
        }
        assert_eq!(position.count_turns_all_rolls(), all, "after {end} lines");
    }
}

#[test]
fn taken_names_each_capture_of_a_turn_by_owner_and_piece() {
    // Red's first turn of the sample game takes twice: a Black pawn, a White Pao.
    let head: Vec<&str> = SAMPLE
        .lines()
        .take_while(|l| !l.starts_with("2,5"))
        .collect();
    let before = replay_record(&head.join("\n")).unwrap();
    let roll = Roll::new(&[2, 5]);
    let taken = before.taken("Dd7xf9, Pc6xc2", roll);
    let named: Vec<(&str, usize, &str)> = taken
        .iter()
        .map(|t| (t.step.as_str(), t.owner, t.piece))
        .collect();
    assert_eq!(named, [("Dd7xf9", 2, "Berlinpeono"), ("Pc6xc2", 0, "Pao")]);
    assert!(before.taken("c3-d4, pass", roll).is_empty());
    assert!(before.taken("not a turn", roll).is_empty());
}
