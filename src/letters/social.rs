//! The letters of the social verbs: a chat in a game, a message to named
//! users, the operator's broadcast. The service fills them in
//! (`service::announce::social`); `chat.txt`, `message.txt` and
//! `broadcast.txt` word them.

use serde::Serialize;

/// `chat.txt`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChatLetter {
    /// `Chess`: the game's short title, as in board Subjects.
    pub title: String,
    /// `Big Outer Chess`.
    pub name: String,
    /// `chess`: the game's command word.
    pub variant: String,
    pub board: u64,
    /// `alice (White)`, in seat order.
    pub sides: Vec<String>,
    pub author: String,
    pub text: String,
    /// The userid this copy is for (`USERID` in the spectators' copy).
    pub reader: String,
}

/// `message.txt`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MessageLetter {
    pub from: String,
    /// The other users it went to.
    pub others: Vec<String>,
    pub text: String,
    pub reader: String,
}

/// `broadcast.txt`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BroadcastLetter {
    pub from: String,
    pub text: String,
}
