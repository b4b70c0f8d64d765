//! Writes the database of the scale benchmark (scripts/bench-scale.sh,
//! issue 43):
//!
//!     cargo run --release --example scale_db -- PATH GAMES
//!
//! `GAMES` chess games (two moves in; one in five over) between
//! `GAMES / 10` players, one of whom, `alice` (password `secret`), plays
//! one game in 100 (10,000 of a million), White in half of them. One
//! player in 100 has an open seek; every player has a chess rating.
//!
//! Written with prepared statements in one transaction, the schema's
//! triggers keeping their tables as the server's own writes would
//! (`variant_players`, the `due` marks). Every active game stands alike
//! (two moves in, White to move, no clock of its own, nobody away), so
//! its due moment is its last move's plus the one interval the server's
//! code works out for the first of them ([`due::next_due`]), rounded up
//! to the minute as the server rounds it; written for
//! all in one statement, with the player to move (`due.mover`). Then one
//! active game in [`CHECK_EVERY`] is worked out again by the server's code
//! and must match, or the generation fails: a million games in about a
//! minute instead of loading each (50 minutes).
//!
//! Prints `NOW OTHER WHITE MINE...`: the moment to run at, a game between
//! two others where White is to move, that White's userid, and four games
//! where alice is to move.

use std::path::Path;

use argon2::Argon2;
use argon2::password_hash::PasswordHasher;
use chrono::{DateTime, SecondsFormat, TimeDelta, Utc};
use rusqlite::params;

use boserv::command::GameId;
use boserv::rules::VARIANTS;
use boserv::service::game::{LoadedGame, timestamp};
use boserv::service::time::due;
use boserv::store;

/// The moment the benchmark runs its commands at.
const NOW: &str = "2026-06-01T12:00:00Z";

fn now() -> DateTime<Utc> {
    NOW.parse().unwrap()
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// splitmix64: a fixed, dependency-free spread of pairings and times.
fn spread(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(games)) = (args.next(), args.next()) else {
        eprintln!("usage: scale_db PATH GAMES");
        std::process::exit(2);
    };
    let Ok(games) = games.replace(['_', ','], "").parse::<usize>() else {
        eprintln!("GAMES: a number of games, as 1000000");
        std::process::exit(2);
    };
    let path = Path::new(&path);
    if path.exists() {
        eprintln!("{}: exists; give a new path", path.display());
        std::process::exit(2);
    }
    let (mine, other, white) = generate(path, games.max(1000));
    let mine: Vec<String> = mine.iter().map(i64::to_string).collect();
    println!("{NOW} {other} p{white} {}", mine.join(" "));
}

/// Writes the database; returns four games where alice is to move, one
/// between two others and its White's player number.
fn generate(path: &Path, games: usize) -> (Vec<i64>, i64, usize) {
    let players = games / 10;
    let mut conn = store::open(path, store::DEFAULT_BUSY_TIMEOUT).unwrap();
    // One transaction of a million games: its pages stay in memory (1 GB)
    // instead of spilling to the WAL before commit.
    conn.pragma_update(None, "cache_size", -1_000_000).unwrap();
    let chess = VARIANTS.iter().find(|v| v.name() == "chess").unwrap();
    let start = chess.start(&[]).unwrap();
    let after_e4 = start.play("e4", None).unwrap();
    let after_e5 = after_e4.position.play("e5", None).unwrap();
    let position = after_e5.position.encode();
    let created = now() - TimeDelta::days(40);
    let hash = Argon2::default()
        .hash_password(b"secret")
        .unwrap()
        .to_string();
    let tx = store::write(&mut conn).unwrap();
    let (mut mine, mut other, mut other_white) = (Vec::new(), 0, 0);
    {
        let mut player = tx
            .prepare(
                "INSERT INTO players (id, userid, password_hash, created) VALUES (?1, ?2, ?3, ?4)",
            )
            .unwrap();
        let mut email = tx
            .prepare("INSERT INTO player_emails (player, email) VALUES (?1, ?2)")
            .unwrap();
        for p in 1..=players {
            let name = if p == 1 {
                "alice".to_string()
            } else {
                format!("p{p}")
            };
            player
                .execute(params![p as i64, name, hash, stamp(created)])
                .unwrap();
            email
                .execute(params![p as i64, format!("{name}@example.test")])
                .unwrap();
        }
        // Everyone rated at chess, so that the standings have a whole
        // pool to rank.
        let mut rating = tx
            .prepare(
                "INSERT INTO ratings (userid, variant, rating, rd, volatility, games, wins, \
                 losses, draws, last_period) VALUES (?1, 'chess', ?2, ?3, 0.06, 20, 8, 8, 4, ?4)",
            )
            .unwrap();
        for p in 1..=players {
            let r = spread(p as u64 ^ 0x5eed);
            let name = if p == 1 {
                "alice".to_string()
            } else {
                format!("p{p}")
            };
            rating
                .execute(params![
                    name,
                    1000.0 + (r % 1400) as f64,
                    50.0 + ((r >> 16) % 250) as f64,
                    stamp(now() - TimeDelta::days(((r >> 32) % 60) as i64))
                ])
                .unwrap();
        }
        let mut seek = tx
            .prepare(
                "INSERT INTO seeks (variant, player, options, created, expires) \
                 VALUES ('chess', ?1, '[]', ?2, ?3)",
            )
            .unwrap();
        for p in (2..=players).step_by(100) {
            seek.execute(params![
                p as i64,
                stamp(now() - TimeDelta::days(1)),
                stamp(now() + TimeDelta::days(10))
            ])
            .unwrap();
        }
        let mut game = tx
            .prepare(
                "INSERT INTO games (id, variant, options, status, result, reason, position, ply, \
                 created, updated) VALUES (?1, 'chess', '[]', ?2, ?3, ?4, ?5, 2, ?6, ?7)",
            )
            .unwrap();
        let mut seat = tx
            .prepare("INSERT INTO seats (game, seat, player) VALUES (?1, ?2, ?3)")
            .unwrap();
        let mut turn = tx
            .prepare(
                "INSERT INTO turns (game, seq, ply, kind, seat, player, text, at) \
                 VALUES (?1, ?2, ?2, 'turn', ?3, ?4, ?5, ?6)",
            )
            .unwrap();
        for g in 1..=games {
            let r = spread(g as u64);
            let last = now() - TimeDelta::seconds((r % (3 * 86_400)) as i64);
            let mut white = (r >> 20) as usize % (players - 1) + 2;
            let mut black = (white + 1 + (r >> 40) as usize % (players - 2)) % (players - 1) + 2;
            if g % 100 == 0 {
                // alice's: White in half of them.
                if g % 200 == 0 {
                    white = 1;
                } else {
                    black = 1;
                }
            }
            let over = g % 5 == 0 && g % 200 != 0;
            let (status, result, reason) = if over {
                ("over", Some("1-0"), Some("resignation"))
            } else {
                ("active", None, None)
            };
            let id = g as i64;
            game.execute(params![
                id,
                status,
                result,
                reason,
                position,
                stamp(created),
                stamp(last)
            ])
            .unwrap();
            seat.execute(params![id, 0, white as i64]).unwrap();
            seat.execute(params![id, 1, black as i64]).unwrap();
            turn.execute(params![id, 1, 0, white as i64, "e2-e4", stamp(created)])
                .unwrap();
            turn.execute(params![id, 2, 1, black as i64, "e7-e5", stamp(last)])
                .unwrap();
            if !over && white == 1 && mine.len() < 4 {
                mine.push(id);
            }
            if !over && white != 1 && black != 1 && other == 0 {
                (other, other_white) = (id, white);
            }
        }
    }
    let settled_at = now() - TimeDelta::hours(1);
    settle_alike(&tx, settled_at);
    // Nothing left marked: every game was written above.
    due::settle(&tx, &VARIANTS, settled_at).unwrap();
    tx.commit().unwrap();
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .unwrap();
    (mine, other, other_white)
}

/// One active game in this many is worked out again by the server's code
/// and compared with what [`settle_alike`] wrote.
const CHECK_EVERY: i64 = 499;

/// Writes every active game's due moment and player to move: the first
/// game's, worked out by the server's code ([`due::next_due`], [`due::mover`]),
/// carried to the others as the same interval after their last move (they
/// stand alike); then checks one in [`CHECK_EVERY`] against the server's
/// code. Panics on the first that differs.
fn settle_alike(tx: &rusqlite::Connection, at: DateTime<Utc>) {
    let first: i64 = tx
        .query_row("SELECT min(game) FROM due WHERE at IS NULL", [], |r| {
            r.get(0)
        })
        .unwrap();
    let game = LoadedGame::load(tx, &VARIANTS, GameId(first as u64)).unwrap();
    let next = due::next_due(tx, &game, at)
        .unwrap()
        .expect("an active game is due");
    let last: DateTime<Utc> = game.row.updated.parse().unwrap();
    // The server rounds a due moment up to the whole minute
    // (`clock::due::to_the_minute`) and the interval is whole minutes (the
    // time rules count days and hours): the last move's seconds are what
    // the rounding added.
    let seconds = last.timestamp().rem_euclid(60);
    let interval = (next - last).num_seconds() - if seconds == 0 { 0 } else { 60 - seconds };
    let mover_seat = game.position.to_move().expect("someone is to move");
    assert_eq!(
        due::mover(&game),
        game.row.player_ids.get(mover_seat).copied()
    );
    // A game over waits for nothing: its row says 'never', as the
    // server's `store::due::set` writes it.
    tx.execute(
        "UPDATE due SET at = 'never', mover = NULL WHERE at IS NULL \
         AND game IN (SELECT id FROM games WHERE status <> 'active')",
        [],
    )
    .unwrap();
    tx.execute(
        "UPDATE due SET at = strftime('%Y-%m-%dT%H:%M:00Z', \
         (SELECT updated FROM games WHERE id = due.game), ?1, '+59 seconds'), \
         mover = (SELECT player FROM seats WHERE game = due.game AND seat = ?2) \
         WHERE at IS NULL",
        params![format!("{interval:+} seconds"), mover_seat as i64],
    )
    .unwrap();
    let sample: Vec<i64> = tx
        .prepare("SELECT game FROM due WHERE game % ?1 = 0")
        .unwrap()
        .query_map([CHECK_EVERY], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for id in sample {
        let game = LoadedGame::load(tx, &VARIANTS, GameId(id as u64)).unwrap();
        let want = due::next_due(tx, &game, at)
            .unwrap()
            .map_or_else(|| "never".to_string(), timestamp);
        let (stored, mover): (Option<String>, Option<i64>) = tx
            .query_row("SELECT at, mover FROM due WHERE game = ?1", [id], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!(
            stored.as_deref(),
            Some(want.as_str()),
            "game {id}: due moment"
        );
        assert_eq!(mover, due::mover(&game), "game {id}: player to move");
    }
}
