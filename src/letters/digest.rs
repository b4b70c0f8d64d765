//! The daily digest (issue 30): one mail a day to a player who asked for
//! it, listing every game where it is their move, each with its board, its
//! last move, its deadline and how to answer it (by reply to the digest,
//! the board named on the first line; or to the game's own reply
//! address), and the games that ended in the last day. The service builds it (`service::digest`).

use serde::Serialize;

/// `digest.txt`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DigestLetter {
    pub reader: String,
    /// `Mon 2 Mar 2026`.
    pub day: String,
    /// The games to move shown in full, the most pressing first.
    pub games: Vec<DigestGame>,
    /// The games to move past the bound, named only: `Chess board 12`.
    pub more: Vec<String>,
    /// Games that ended in the last day, one line each.
    pub results: Vec<String>,
    /// Chats of the last day on the reader's games, oldest first, at most
    /// a bound.
    pub chats: Vec<DigestChat>,
    /// Chats past the bound, counted.
    pub more_chats: usize,
    /// True when the digest carries a Reply-To of its own, which takes a
    /// move for any of its games named by its board (`7 e2-e4`).
    pub reply_here: bool,
}

/// One chat on one of the reader's games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DigestChat {
    pub title: String,
    pub board: u64,
    pub by: String,
    pub text: String,
}

/// One game where it is the reader's move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DigestGame {
    pub title: String,
    pub board: u64,
    /// `alice (White)`, in seat order.
    pub sides: Vec<String>,
    /// The board from the reader's side.
    pub diagram: String,
    /// `bob e7-e5 (move 2)`.
    pub last_move: Option<String>,
    /// The words that came with the last move.
    pub last_comment: Option<String>,
    /// When the reader loses on time: `Mon 14 Dec 2026 13:00 UTC`.
    pub deadline: Option<String>,
    /// The reader's roll, in a dice game.
    pub roll: Option<String>,
    /// The move number a reply must guard with (`#N`).
    pub next_ply: u32,
    /// `chess+TOKEN@example.org`: a reply to it answers this game.
    pub reply_to: String,
    /// The Subject that answers it with a password.
    pub answer: String,
}
