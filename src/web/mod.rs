//! Static web pages of the games, from the publish queue.
//!
//! With `config set web_dir DIR`, boserv keeps pages in DIR that any web
//! server can serve as files: `index.html` (every game and player),
//! `games/N.html` (the board now, the move list, the game record: PGN for
//! chess), `games/N/P.html` (the board after move P, so every earlier
//! position is a link away), `players/USERID.html`.
//!
//! A command marks the pages it changed in the `publish` table in its own
//! transaction (`service::publish`); after commit the same process, or
//! the next `deliver`, writes them and empties the queue, so a crash never
//! publishes an unmade move and never loses an update. Pages show only
//! what is public: no reply token, no queued or submitted move, no roll
//! to come, no dice seed before the game is over.
//!
//! - [`data`]: the pages as plain values, built by the service.
//! - [`render`]: values -> HTML (boards by [`crate::letters::html`]).
//! - [`files`]: where each page lives, written atomically.

pub mod data;
pub mod files;
pub mod render;

/// Why pages could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("web pages: cannot write {path}: {source}")]
    Write {
        path: String,
        source: std::io::Error,
    },
}
