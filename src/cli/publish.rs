//! Writing the web pages (`web_dir`): after every command that changed
//! something, by `deliver` (the retry, as for mail), and all of them by
//! `boserv publish`. A page is taken off the queue only once written; a
//! failure leaves it queued and is reported, never failing the command
//! that already committed. `now` is the run's clock (`--now`), for the
//! standings' deviations grown by inactivity.

use std::path::Path;

use boserv::command::GameId;
use boserv::rules::VARIANTS;
use boserv::service::ServiceError;
use boserv::service::records::publish::{self, Mark};
use boserv::web::data::PageKey;
use boserv::web::{WebError, files, render};
use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::out::errln;

/// The test hook of the kill test: with this variable set, a process that
/// has committed a command kills itself (SIGKILL) before writing a page.
/// Only in builds for tests (debug assertions on): the release binary has
/// no fault to inject.
#[cfg(debug_assertions)]
pub const KILL_BEFORE_PUBLISH: &str = "BOSERV_TEST_KILL_BEFORE_PUBLISH";

/// Why pages were not written.
#[derive(Debug, thiserror::Error)]
pub enum PublishError {
    #[error(transparent)]
    Service(#[from] ServiceError),
    #[error(transparent)]
    Web(#[from] WebError),
}

impl From<boserv::store::StoreError> for PublishError {
    fn from(e: boserv::store::StoreError) -> Self {
        PublishError::Service(e.into())
    }
}

/// Writes the queued pages; how many were written.
pub fn pending(conn: &Connection, dir: &Path, now: DateTime<Utc>) -> Result<usize, PublishError> {
    #[cfg(debug_assertions)]
    if std::env::var_os(KILL_BEFORE_PUBLISH).is_some() {
        // SAFETY: kill(2) on this process; nothing is shared.
        unsafe {
            libc::kill(libc::getpid(), libc::SIGKILL);
        }
    }
    let marks = publish::pending(conn)?;
    let mut written = 0;
    for mark in &marks {
        if let Some(page) = PageKey::parse(&mark.0) {
            write(conn, dir, &page, false, now)?;
            written += 1;
        }
        publish::done(conn, mark)?;
    }
    Ok(written)
}

/// Writes every page anew (`boserv publish`) and empties the queue of
/// what was marked before.
pub fn all(conn: &Connection, dir: &Path, now: DateTime<Utc>) -> Result<usize, PublishError> {
    let marks: Vec<Mark> = publish::pending(conn)?;
    let pages = publish::every_page(conn, &VARIANTS)?;
    for page in &pages {
        write(conn, dir, page, true, now)?;
    }
    for mark in &marks {
        publish::done(conn, mark)?;
    }
    Ok(pages.len())
}

/// Writes pages after a command; a failure is reported and the pages stay
/// queued for the next run or `deliver`.
pub fn after_command(conn: &Connection, dir: Option<&str>, now: DateTime<Utc>) {
    let Some(dir) = dir else { return };
    if let Err(e) = pending(conn, Path::new(dir), now) {
        errln!("boserv: {e} (the pages stay queued for the next run or deliver)");
    }
}

/// One page: a game's positions are written once each (`every_ply`: all
/// again), its last position and the game page always.
fn write(
    conn: &Connection,
    dir: &Path,
    page: &PageKey,
    every_ply: bool,
    now: DateTime<Utc>,
) -> Result<(), PublishError> {
    match page {
        PageKey::Index => {
            let index = publish::index_page(conn, &VARIANTS)?;
            // The index links every game type's standings: a type none of
            // whose games has ended yet has its (empty) page written now,
            // so that no link of the index names a page not there.
            for (variant, _) in &index.types {
                if !dir.join(files::standings(variant)).exists() {
                    write(
                        conn,
                        dir,
                        &PageKey::Standings(variant.clone()),
                        every_ply,
                        now,
                    )?;
                }
            }
            files::write(dir, &files::index(), &render::index(&index))?;
        }
        PageKey::Player(userid) => {
            if let Some(player) = publish::player_page(conn, &VARIANTS, userid)? {
                files::write(dir, &files::player(userid), &render::player(&player))?;
            }
        }
        PageKey::Game(id) => {
            let Some(game) = publish::game_page(conn, &VARIANTS, GameId(*id), now)? else {
                return Ok(());
            };
            let last = game.plies.len().saturating_sub(1) as u32;
            for ply in &game.plies {
                let path = files::ply(*id, ply.number);
                let wanted = every_ply || ply.number == last || !dir.join(&path).exists();
                if wanted && let Some(html) = render::ply(&game, ply.number) {
                    files::write(dir, &path, &html)?;
                }
            }
            files::write(dir, &files::game(*id), &render::game(&game))?;
        }
        PageKey::Tournament(name) => {
            if let Some(page) = publish::tournament_page(conn, &VARIANTS, name)? {
                files::write(
                    dir,
                    &files::tournament(&page.line.name),
                    &render::tournament(&page),
                )?;
            }
        }
        PageKey::Standings(variant) => {
            if let Some(page) = publish::standings_page(conn, &VARIANTS, variant, now)? {
                files::write(dir, &files::standings(variant), &render::standings(&page))?;
            }
        }
    }
    Ok(())
}
