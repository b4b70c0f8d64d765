//! Property: `export` then `replay` reproduces every game, finished or not,
//! of every game the server offers. Random games are played through the
//! service (the rules core lists the legal turns, one is picked at random)
//! and ended at random: left unfinished, resigned, drawn by agreement, or
//! forfeited on time by `remind`. The record must replay to the same
//! position, result and number of turns; a chess record (PGN) must also be
//! read by an independent PGN reader (pgn-reader with shakmaty) to the same
//! moves.

use std::ops::ControlFlow;

use chrono::TimeDelta;
use pgn_reader::shakmaty::{Chess, san::SanPlus};
use pgn_reader::{RawTag, Reader, Visitor};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use rusqlite::Connection;

use super::replay;
use crate::command::{Actor, Command, DrawAction, GameId};
use crate::rules::{VARIANTS, Variant};
use crate::service::dice::current_roll;
use crate::service::game::LoadedGame;
use crate::service::testing::{at, db};
use crate::service::{Request, execute};

const PLAYERS: [&str; 3] = ["ann", "ben", "cat"];

/// How a random game stops.
#[derive(Clone, Copy, Debug)]
enum End {
    Unfinished,
    Resign,
    Draw,
    Forfeit,
}

fn run(conn: &mut Connection, user: Option<&str>, command: Command, secs: i64) -> String {
    let actor = match user {
        Some(u) => Actor::Trusted(u.into()),
        None => Actor::Anonymous,
    };
    let req = Request {
        actor: &actor,
        command: &command,
        now: at(secs),
        comment: None,
        catalog: &VARIANTS,
        by_mail: false,
        game_ended: crate::service::GAME_ENDED,
    };
    match execute(conn, &req) {
        Ok(reply) => reply.text(),
        Err(e) => panic!("{command:?}: {e}"),
    }
}

/// Plays a random game of `variant` in a fresh database; returns it and the game's id.
fn random_game(variant: &dyn Variant, seed: u64, plies: usize, end: End) -> (Connection, GameId) {
    let mut conn = db();
    let seats = variant.seats().len();
    for user in &PLAYERS[..seats] {
        let signup = Command::Signup {
            user: user.to_string(),
            password: "secret".into(),
            emails: vec![],
        };
        run(&mut conn, None, signup, 0);
    }
    let challenge = Command::Challenge {
        variant: variant.name().into(),
        players: PLAYERS[..seats].iter().map(|p| p.to_string()).collect(),
        options: vec![],
    };
    run(&mut conn, None, challenge, 0);
    let id = GameId(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut secs = 0;
    for _ in 0..plies {
        let game = LoadedGame::load(&conn, &VARIANTS, id).unwrap();
        let Some(seat) = game.position.to_move() else {
            break;
        };
        let roll = current_roll(&game).unwrap();
        let legal = game.position.legal(roll);
        assert!(!legal.is_empty(), "{}: no legal turn", variant.name());
        let pick = &legal[rng.next_u32() as usize % legal.len()];
        let text = game.position.turn_text(pick);
        secs += 60;
        let player = game.player_at(seat);
        let command = Command::Move {
            game: id,
            turn: text,
            expect: None,
        };
        run(&mut conn, Some(&player), command, secs);
    }
    let game = LoadedGame::load(&conn, &VARIANTS, id).unwrap();
    if let Some(seat) = game.position.to_move() {
        let player = game.player_at(seat);
        secs += 60;
        match end {
            End::Unfinished => {}
            End::Resign if game.row.ply > 0 => {
                run(&mut conn, Some(&player), Command::Resign { game: id }, secs);
            }
            End::Resign => {}
            End::Draw => {
                for (n, user) in game.row.players.iter().enumerate() {
                    let action = if n == 0 {
                        DrawAction::Offer
                    } else {
                        DrawAction::Accept
                    };
                    let command = Command::Draw { game: id, action };
                    run(&mut conn, Some(user), command, secs);
                }
            }
            End::Forfeit => {
                let now = at(secs) + TimeDelta::days(400);
                crate::service::remind::remind(&mut conn, &VARIANTS, now, &mut |_, _| {}).unwrap();
            }
        }
    }
    (conn, id)
}

fn exported(conn: &mut Connection, id: GameId) -> String {
    run(conn, None, Command::Export { game: id }, 0)
}

/// Each SAN move as the independent reader plays it, and its own SAN.
#[derive(Default)]
struct Moves {
    sans: Vec<(String, String)>,
    errors: Vec<String>,
    fen: Option<String>,
}

struct ReadBack;

impl Visitor for ReadBack {
    type Tags = Option<String>;
    type Movetext = (Moves, Chess);
    type Output = Moves;

    fn begin_tags(&mut self) -> ControlFlow<Moves, Option<String>> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        fen: &mut Option<String>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Moves> {
        if name == b"FEN" {
            *fen = Some(value.decode_utf8_lossy().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, fen: Option<String>) -> ControlFlow<Moves, (Moves, Chess)> {
        ControlFlow::Continue((
            Moves {
                fen,
                ..Moves::default()
            },
            Chess::default(),
        ))
    }

    fn san(&mut self, movetext: &mut (Moves, Chess), san_plus: SanPlus) -> ControlFlow<Moves> {
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

    fn end_game(&mut self, movetext: (Moves, Chess)) -> Moves {
        movetext.0
    }
}

/// Checks one random game: the record replays to the stored game.
fn round_trip(variant: &dyn Variant, seed: u64, plies: usize, end: End) {
    let (mut conn, id) = random_game(variant, seed, plies, end);
    let record = exported(&mut conn, id);
    let game = LoadedGame::load(&conn, &VARIANTS, id).unwrap();
    let name = variant.name();
    let replayed =
        replay(variant, &record).unwrap_or_else(|e| panic!("{name} {seed} {end:?}: {e}\n{record}"));
    assert_eq!(
        replayed.position.encode(),
        game.position.encode(),
        "{name} {seed} {end:?}\n{record}"
    );
    assert_eq!(
        replayed.result(),
        game.row.result.clone().unwrap_or_else(|| "*".into()),
        "{name} {seed} {end:?}\n{record}"
    );
    let board_turns = crate::store::turns::log(&conn, id)
        .unwrap()
        .iter()
        .filter(|e| e.kind == crate::store::turns::EntryKind::Turn)
        .count();
    assert_eq!(
        replayed.turns as usize, board_turns,
        "{name} {seed}\n{record}"
    );
    if name == "chess" {
        let mut reader = Reader::new(record.as_bytes());
        let seen = reader.read_game(&mut ReadBack).unwrap().unwrap();
        assert!(seen.errors.is_empty(), "{:?}\n{record}", seen.errors);
        assert_eq!(seen.fen, None);
        assert_eq!(seen.sans.len(), board_turns, "{record}");
        for (ours, theirs) in &seen.sans {
            assert_eq!(ours, theirs, "{record}");
        }
    }
}

fn end_of(n: u8) -> End {
    match n % 4 {
        0 => End::Unfinished,
        1 => End::Resign,
        2 => End::Draw,
        _ => End::Forfeit,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn every_game_of_every_variant_replays_from_its_export(
        seed in any::<u64>(),
        plies in 0usize..90,
        end in any::<u8>(),
    ) {
        for variant in VARIANTS.iter() {
            round_trip(*variant, seed, plies, end_of(end));
        }
    }
}

/// The case of issue 23: `Bb4` with a pawn on b5 (a bishop's move in SAN)
/// must replay, and the PGN reader agrees.
#[test]
fn a_bishop_move_beside_a_pawn_of_its_file_replays() {
    let chess = crate::rules::find_variant("chess").unwrap();
    let record = "1. e4 b5 2. d4 e6 3. Nf3 Bb4+ 4. c3 *\n";
    let replayed = replay(chess, record).unwrap();
    assert_eq!(replayed.turns, 7);
    let mut reader = Reader::new(record.as_bytes());
    let seen = reader.read_game(&mut ReadBack).unwrap().unwrap();
    assert!(seen.errors.is_empty(), "{:?}", seen.errors);
    assert_eq!(seen.sans.len(), 7);
}
