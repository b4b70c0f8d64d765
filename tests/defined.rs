//! Games defined as data (`variants/library.ini`) against Fairy-Stockfish:
//! perft from the start and from positions of seeded random games, as
//! Fairy-Stockfish counted them (`tests/data/fsf_perft.txt`, written by
//! `scripts/fsf_perft.py` from pyffish; the script checks the file again
//! and boserv's binary against it where pyffish is installed).

use boserv::rules::defined::{LIBRARY, library_refusals};
use boserv::rules::find_variant;

/// (game, depth, nodes, fen) of every line of the table.
fn table() -> Vec<(String, u32, u64, String)> {
    let text = include_str!("data/fsf_perft.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.splitn(4, ' ');
            let mut next = || parts.next().unwrap().to_string();
            (
                next(),
                next().parse().unwrap(),
                next().parse().unwrap(),
                next(),
            )
        })
        .collect()
}

#[test]
fn every_library_section_loads() {
    let refused: Vec<String> = library_refusals().iter().map(|r| r.to_string()).collect();
    assert!(refused.is_empty(), "{refused:?}");
    assert!(LIBRARY.len() >= 15, "{}", LIBRARY.len());
}

#[test]
fn defined_games_agree_with_fairy_stockfish_on_perft() {
    let rows = table();
    // Every game of the library is in the table, from its start position
    // (the table's first line for it) and from at least one position of a
    // random game.
    for game in LIBRARY.iter() {
        let of_game: Vec<_> = rows.iter().filter(|r| r.0 == game.name).collect();
        assert!(
            of_game.len() >= 2,
            "{} has {} positions",
            game.name,
            of_game.len()
        );
        let start = find_variant(game.name).unwrap().start(&[]).unwrap();
        let from_fen = find_variant(game.name)
            .unwrap()
            .from_fen(&[], &of_game[0].3)
            .unwrap();
        assert_eq!(
            start.encode(),
            from_fen.encode(),
            "{}: the start position",
            game.name
        );
    }
    let mut wrong = Vec::new();
    for (game, depth, nodes, fen) in &rows {
        let variant = find_variant(game).unwrap_or_else(|| panic!("no game {game}"));
        let position = variant
            .from_fen(&[], fen)
            .unwrap_or_else(|e| panic!("{game} {fen}: {e}"));
        let ours = position.perft(*depth);
        if ours != *nodes {
            wrong.push(format!(
                "{game} {fen} depth {depth}: boserv {ours}, Fairy-Stockfish {nodes}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// King of the Hill's flag rule decides the game the moment a king
/// stands on a centre square: a win for its side, and no turn after it;
/// the same move in chess (`normal`) ends nothing.
#[test]
fn a_king_on_the_hill_wins_at_once() {
    let fen = "rnbq1bnr/ppp1pppp/3k4/3p4/4P3/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1";
    let hill = find_variant("kingofthehill").unwrap();
    let on_hill = hill
        .from_fen(&[], fen)
        .unwrap()
        .play("Kd3-d4", None)
        .unwrap()
        .position;
    let outcome = on_hill.outcome().expect("the game is over");
    assert_eq!(outcome.points, [2, 0]);
    assert_eq!(outcome.ending, boserv::rules::Ending::FlagReached);
    assert_eq!(outcome.ending.to_string(), "a flag piece reached its goal");
    assert!(on_hill.play("Kd6-e6", None).is_err());
    assert_eq!(on_hill.perft(1), 0);
    // A step beside the hill is no goal.
    let beside = hill
        .from_fen(&[], fen)
        .unwrap()
        .play("Kd3-c3", None)
        .unwrap();
    assert_eq!(beside.position.outcome(), None);
    let chess = find_variant("normal").unwrap();
    let played = chess
        .from_fen(&[], fen)
        .unwrap()
        .play("Kd3-d4", None)
        .unwrap();
    assert_eq!(played.position.outcome(), None);
}
