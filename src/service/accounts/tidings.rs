//! Telling everyone in a player's games what became of the player: a
//! vacation begun or ended, a signoff (issue 43).
//!
//! A player in thousands of games shares them with thousands of people,
//! and each is told in one letter naming the games they share. Writing
//! those letters in the command made `vacation` and `signoff` cost a
//! second at a million games, where every other command costs
//! milliseconds. So the command writes one tiding ([`crate::store::tidings`])
//! in its transaction, and [`spread`] writes the letters from it, a page
//! of readers per transaction with the tiding's progress: run by
//! `deliver` (every minute, before it sends) and by `remind`. A process
//! killed between pages loses nothing (the next run takes up at the
//! first reader not told) and tells nobody twice. The letters say what
//! stands when they are written: the games being played then (a vacation),
//! or the games the signoff ended or changed, as `remind` recorded them.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::service::error::ServiceError;
use crate::service::play::announce::away;
use crate::service::play::announce::farewell::{self, Change, Left};
use crate::store::tidings::{self, Kind, Tiding};
use crate::store::{self, partners, players};

/// Readers told per transaction: short enough that a mail command waiting
/// for the lock is not kept long.
pub const READERS: usize = 200;

/// Writes the letters of every tiding that can be told, a page of readers
/// per transaction. Returns how many readers were written to.
pub fn spread(conn: &mut Connection, now: DateTime<Utc>) -> Result<usize, ServiceError> {
    spread_by(conn, now, READERS)
}

/// [`spread`], `per_page` readers per transaction.
fn spread_by(
    conn: &mut Connection,
    now: DateTime<Utc>,
    per_page: usize,
) -> Result<usize, ServiceError> {
    // Most runs find nothing to tell: seen without the write lock.
    if tidings::next_untold(conn)?.is_none() {
        return Ok(0);
    }
    let mut letters = 0;
    loop {
        let tx = store::write(conn)?;
        let Some(told) = page(&tx, now, per_page)? else {
            return Ok(letters);
        };
        tx.commit()?;
        letters += told;
    }
}

/// Writes the letters of the next page of readers of the oldest tiding
/// that can be told, and its progress, in the caller's transaction.
/// `None`: nothing to tell.
fn page(
    tx: &Connection,
    now: DateTime<Utc>,
    per_page: usize,
) -> Result<Option<usize>, ServiceError> {
    let Some(tiding) = tidings::next_untold(tx)? else {
        return Ok(None);
    };
    let player = players::userid_of(tx, tiding.player)?;
    let (told, last) = match tiding.kind {
        Kind::Away | Kind::Back => away_page(tx, &tiding, &player, now, per_page)?,
        Kind::Farewell => farewell_page(tx, &tiding, &player, now, per_page)?,
    };
    tidings::advance(tx, tiding.id, last.as_deref(), told < per_page)?;
    Ok(Some(told))
}

/// One page of a vacation's readers: (readers, the last of them).
fn away_page(
    tx: &Connection,
    tiding: &Tiding,
    player: &str,
    now: DateTime<Utc>,
    per_page: usize,
) -> Result<(usize, Option<String>), ServiceError> {
    let page = partners::in_active_games(tx, tiding.player, tiding.reached.as_deref(), per_page)?;
    let away = tiding.kind == Kind::Away;
    away::queue(tx, player, away, tiding.until.clone(), &page, now)?;
    Ok((page.len(), page.last().map(|p| p.userid.clone())))
}

/// One page of a farewell's readers, each told of every game of theirs
/// the signoff ended or changed.
fn farewell_page(
    tx: &Connection,
    tiding: &Tiding,
    player: &str,
    now: DateTime<Utc>,
    per_page: usize,
) -> Result<(usize, Option<String>), ServiceError> {
    let rows = tidings::farewell_readers(
        tx,
        tiding.id,
        tiding.player,
        tiding.reached.as_deref(),
        per_page,
    )?;
    let left: Vec<Left> = rows
        .iter()
        .map(|(reader, game, variant, result)| Left {
            game: *game,
            title: away::title_of(variant),
            variant: variant.clone(),
            change: match result {
                Some(result) => Change::Ended(result.clone()),
                None => Change::GoesOn,
            },
            others: vec![(None, reader.clone())],
        })
        .collect();
    farewell::queue(tx, player, &left, now)?;
    let mut readers: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    readers.dedup();
    Ok((readers.len(), readers.last().map(|r| r.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Actor, Command};
    use crate::mail::outbox;
    use crate::service::testing::{at, db, rematch, run_as, signup};

    /// A page of readers lost to a kill (its transaction never committed)
    /// is written by the next run; the pages committed are not again:
    /// each reader gets exactly one letter.
    #[test]
    fn a_killed_page_is_written_again_and_no_reader_is_told_twice() {
        let mut conn = db();
        signup(&mut conn, "alice", Some("alice@example.org"));
        let others = ["bob", "carol", "dave", "erin", "fred"];
        for other in others {
            signup(&mut conn, other, Some(&format!("{other}@example.org")));
            rematch(&mut conn, "alice", other);
        }
        let before = outbox::list(&conn, outbox::Status::Pending).unwrap().len();
        let alice = Actor::Trusted("alice".into());
        run_as(&mut conn, &alice, &Command::Vacation { on: true }).unwrap();
        let letters = |conn: &Connection| {
            let mut to: Vec<String> = outbox::list(conn, outbox::Status::Pending)
                .unwrap()
                .into_iter()
                .skip(before)
                .map(|m| m.draft.to.join(","))
                .collect();
            to.sort();
            to
        };
        assert!(letters(&conn).is_empty(), "the command writes no letter");
        // The first page commits; the second is killed before its commit.
        let tx = store::write(&mut conn).unwrap();
        assert_eq!(page(&tx, at(0), 2).unwrap(), Some(2));
        tx.commit().unwrap();
        let tx = store::write(&mut conn).unwrap();
        assert_eq!(page(&tx, at(0), 2).unwrap(), Some(2));
        drop(tx);
        assert_eq!(letters(&conn).len(), 2);
        // The next run takes up at the third reader.
        assert_eq!(spread_by(&mut conn, at(0), 2).unwrap(), 3);
        let expected: Vec<String> = others.iter().map(|o| format!("{o}@example.org")).collect();
        assert_eq!(letters(&conn), expected);
        assert_eq!(spread_by(&mut conn, at(0), 2).unwrap(), 0, "all told");
    }
}
