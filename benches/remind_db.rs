//! The database of the `remind` benchmarks (benches/remind.rs and
//! scripts/bench-remind.sh through examples/remind_db.rs): written with
//! direct SQL in one transaction, then every game's due moment worked out
//! by the server's own code, as the commands that made the games would.
//!
//! `games` chess games, each two moves in, between `games / 50` players
//! (at least 2): the last move spread over the last week and an hour, so
//! a run an hour after the previous one finds about 1 in 170 games owed a
//! reminder; 1 game in 200 is past its forfeit time; 1 player in 100 is
//! on vacation.

use std::path::Path;

use chrono::{DateTime, SecondsFormat, TimeDelta, Utc};
use rusqlite::params;

use boserv::rules::VARIANTS;
use boserv::service::time::due;
use boserv::store;

/// The moment the benchmarks run `remind` at.
pub const NOW: &str = "2026-06-01T12:00:00Z";

pub fn now() -> DateTime<Utc> {
    NOW.parse().unwrap()
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// splitmix64: a fixed, dependency-free spread of move times.
fn spread(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Writes the benchmark database of `games` games at `path` (the real
/// schema, through the store's migrator).
pub fn generate(path: &Path, games: usize) {
    let players = (games / 50).max(2);
    let overdue = games / 200;
    let away = players / 100;
    let mut conn = store::open(path, store::DEFAULT_BUSY_TIMEOUT).unwrap();
    let chess = VARIANTS
        .iter()
        .find(|v| v.name() == "chess")
        .expect("chess is offered");
    let start = chess.start(&[]).unwrap();
    let after_e4 = start.play("e4", None).unwrap();
    let after_e5 = after_e4.position.play("e5", None).unwrap();
    let position = after_e5.position.encode();
    let created = now() - TimeDelta::days(40);
    let tx = store::write(&mut conn).unwrap();
    {
        let mut player = tx
            .prepare(
                "INSERT INTO players (id, userid, password_hash, created) VALUES (?1, ?2, 'x', ?3)",
            )
            .unwrap();
        let mut email = tx
            .prepare("INSERT INTO player_emails (player, email) VALUES (?1, ?2)")
            .unwrap();
        for p in 1..=players {
            player
                .execute(params![p as i64, format!("player{p}"), stamp(created)])
                .unwrap();
            email
                .execute(params![p as i64, format!("player{p}@example.test")])
                .unwrap();
        }
        let mut vacation = tx
            .prepare("INSERT INTO vacations (player, started) VALUES (?1, ?2)")
            .unwrap();
        for p in 0..away {
            vacation
                .execute(params![
                    (p * (players / away.max(1)) + 1) as i64,
                    stamp(now() - TimeDelta::days(3))
                ])
                .unwrap();
        }
        let mut game = tx
            .prepare(
                "INSERT INTO games (id, variant, options, status, position, ply, created, updated) \
                 VALUES (?1, 'chess', '[]', 'active', ?2, 2, ?3, ?4)",
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
        let week_and_hour = (7 * 24 + 1) * 3600;
        for g in 1..=games {
            let r = spread(g as u64);
            let waited = if g <= overdue {
                TimeDelta::days(21) + TimeDelta::seconds((r % (4 * 86_400)) as i64)
            } else {
                TimeDelta::seconds((r % week_and_hour) as i64)
            };
            let last = now() - waited;
            let white = (r >> 20) as usize % players + 1;
            let black = (white + 1 + (r >> 40) as usize % (players - 1)) % players + 1;
            let id = g as i64;
            game.execute(params![id, position, stamp(created), stamp(last)])
                .unwrap();
            seat.execute(params![id, 0, white as i64]).unwrap();
            seat.execute(params![id, 1, black as i64]).unwrap();
            turn.execute(params![id, 1, 0, white as i64, "e2-e4", stamp(created)])
                .unwrap();
            turn.execute(params![id, 2, 1, black as i64, "e7-e5", stamp(last)])
                .unwrap();
        }
    }
    // Each game's due moment, as its last move would have left it: worked
    // out by the server's code when that move was made.
    let last_move = now() - TimeDelta::hours(1);
    due::settle(&tx, &VARIANTS, last_move).unwrap();
    tx.commit().unwrap();
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .unwrap();
}
