//! `export` of a chess game is PGN that an independent reader accepts:
//! pgn-reader (the shakmaty project's PGN parser, a dev-dependency only)
//! reads the tags, and shakmaty replays every SAN move and writes the same
//! SAN itself, so disambiguation and the `+`/`#` marks are checked move by
//! move.

use std::ops::ControlFlow;

use pgn_reader::shakmaty::{Chess, san::SanPlus};
use pgn_reader::{Outcome, RawTag, Reader, Visitor};

use crate::util::Env;

/// What the reader saw in one game.
#[derive(Debug, Default)]
struct Seen {
    tags: Vec<(String, String)>,
    /// Each move as written in the export, and as shakmaty writes it.
    sans: Vec<(String, String)>,
    errors: Vec<String>,
    outcome: Option<String>,
}

struct Check;

impl Visitor for Check {
    type Tags = Seen;
    type Movetext = (Seen, Chess);
    type Output = Seen;

    fn begin_tags(&mut self) -> ControlFlow<Seen, Seen> {
        ControlFlow::Continue(Seen::default())
    }

    fn tag(&mut self, tags: &mut Seen, name: &[u8], value: RawTag<'_>) -> ControlFlow<Seen> {
        tags.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Seen) -> ControlFlow<Seen, (Seen, Chess)> {
        ControlFlow::Continue((tags, Chess::default()))
    }

    fn san(&mut self, movetext: &mut (Seen, Chess), san_plus: SanPlus) -> ControlFlow<Seen> {
        let (seen, position) = movetext;
        match san_plus.san.to_move(position) {
            Ok(m) => {
                let own = SanPlus::from_move_and_play_unchecked(position, m);
                seen.sans.push((san_plus.to_string(), own.to_string()));
            }
            Err(e) => seen.errors.push(format!("{san_plus}: {e}")),
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, movetext: &mut (Seen, Chess), outcome: Outcome) -> ControlFlow<Seen> {
        movetext.0.outcome = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: (Seen, Chess)) -> Seen {
        movetext.0
    }
}

fn read(pgn: &str) -> Seen {
    let mut reader = Reader::new(pgn.as_bytes());
    reader
        .read_game(&mut Check)
        .expect("readable")
        .expect("one game")
}

/// Checks, castling on both sides, captures, two knights for one square,
/// a promotion with check, and mate.
const GAME: &[&str] = &[
    "e2-e4", "d7-d5", "e4xd5", "Qd8xd5", "Nb1-c3", "Qd5-a5", "d2-d4", "c7-c6", "Ng1-f3", "Bc8-g4",
    "Bf1-e2", "e7-e6", "Ke1-g1", "Nb8-d7", "Nf3-d2", "Bg4xe2", "Qd1xe2", "Ke8-c8", "Nd2-b3",
    "Qa5-h5", "Qe2xh5", "Ng8-f6", "Qh5xf7", "Nd7-b6", "Qf7xe6+", "Kc8-b8", "Qe6-e5+", "Kb8-a8",
    "Nc3-b5", "c6xb5", "Qe5-c7", "Rd8-b8", "Qc7xb8+", "Ka8xb8", "Bc1-f4+", "Kb8-a8", "Nb3-c5",
    "Bf8xc5", "d4xc5", "Nb6-c8", "c5-c6", "Nf6-d5", "c6xb7+", "Ka8xb7", "Ra1-b1", "Nd5xf4",
    "a2-a3", "Nf4-e2+", "Kg1-h1", "Rh8-d8", "h2-h3", "Rd8-d1", "Rf1xd1", "a7-a5", "Rd1-d7+",
    "Kb7-b6", "Rb1-d1", "Nc8-e7", "Rd7xe7", "a5-a4", "Rd1-d6+", "Kb6-c5", "Re7-c7+",
];

#[test]
fn chess_exports_pgn_that_shakmaty_reads_move_by_move() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.play(&game, ["alice", "bob"], 1, GAME);
    env.ok(Some("bob"), &["resign", &game]);
    let pgn = env.ok(None, &["export", &game]);
    let seen = read(&pgn);
    assert!(seen.errors.is_empty(), "{:?}\n{pgn}", seen.errors);
    let names: Vec<&str> = seen.tags.iter().take(7).map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"],
        "{pgn}"
    );
    assert!(
        seen.tags.contains(&("White".into(), "alice".into())),
        "{pgn}"
    );
    assert!(
        seen.tags.contains(&("Result".into(), "1-0".into())),
        "{pgn}"
    );
    assert_eq!(seen.outcome.as_deref(), Some("1-0"), "{pgn}");
    assert_eq!(seen.sans.len(), GAME.len(), "{pgn}");
    for (ours, theirs) in &seen.sans {
        assert_eq!(ours, theirs, "{pgn}");
    }
    assert!(pgn.contains("O-O "), "{pgn}");
    assert!(pgn.contains("O-O-O "), "{pgn}");
    assert!(pgn.contains("{Black resigns} 1-0"), "{pgn}");
    assert!(pgn.lines().all(|l| l.len() <= 79), "{pgn}");
    // boserv reads its own PGN back to the same result.
    let file = env.dir.path().join("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let replayed = env.ok(None, &["replay", "chess", file.to_str().unwrap()]);
    assert_eq!(replayed.lines().last(), Some("result: 1-0"), "{replayed}");
}

#[test]
fn a_mate_is_marked_in_the_pgn() {
    let env = Env::new();
    let game = env.fools_mate();
    let pgn = env.ok(None, &["export", &game]);
    assert!(pgn.trim_end().ends_with("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    // The standard's Termination value; the words in a tag of their own.
    assert!(
        pgn.contains("[Termination \"normal\"]\n[Reason \"checkmate\"]"),
        "{pgn}"
    );
    let seen = read(&pgn);
    assert!(seen.errors.is_empty(), "{:?}", seen.errors);
    assert_eq!(seen.sans.last().unwrap().1, "Qh4#");
}
