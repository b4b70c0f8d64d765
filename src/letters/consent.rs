//! The letters of consent to a game (`service::consent`): the invitation
//! to each player asked, which says how to accept and decline by reply
//! and by Subject; the news that one declined, with their words; and the
//! expiry of an invitation nobody completed. Each carries every fact it
//! shows; the service builds them and `service::announce::consent` posts
//! them.

use serde::Serialize;

/// `invitation.txt`: a challenge that waits for the reader's consent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InvitationLetter {
    /// `Chess`: the game's short title, as in board Subjects.
    pub title: String,
    /// `Big Outer Chess`.
    pub name: String,
    /// `chess`: the game's command word.
    pub variant: String,
    pub board: u64,
    /// `alice (White)`, in seat order.
    pub sides: Vec<String>,
    /// Who challenged; `None`: the server's operator.
    pub challenger: Option<String>,
    /// The challenger's words.
    pub comment: Option<String>,
    /// The game's options as written (`--nagtime=3`).
    pub options: Vec<String>,
    /// Every player still to accept (the reader among them).
    pub waiting: Vec<String>,
    /// When the invitation expires: `Mon 14 Dec 2026 13:00 UTC`.
    pub expires: String,
    /// The warning a day before it expires: how long it still stands
    /// (`0 days 23:59:00`).
    pub left: Option<String>,
    pub reader: String,
}

/// `declined.txt`: a player declined; the game is cancelled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeclinedLetter {
    pub title: String,
    pub name: String,
    pub board: u64,
    pub sides: Vec<String>,
    /// Who declined, and their words.
    pub by: String,
    pub words: Option<String>,
    pub reader: String,
}

/// `expired.txt`: nobody completed the invitation in time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExpiredLetter {
    pub title: String,
    pub name: String,
    pub board: u64,
    pub sides: Vec<String>,
    /// Who never accepted.
    pub silent: Vec<String>,
    /// When the challenge was made: `Mon 14 Dec 2026 13:00 UTC`.
    pub since: String,
    pub reader: String,
}
