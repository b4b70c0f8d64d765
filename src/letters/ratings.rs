//! The ratings a board mail shows (issue 26): whether the game is rated,
//! each player's rating in the game type's pool, and in the game-over mail
//! what the game changed (`bob 1500? → 1662?`). Carried as numbers in the
//! letter; `templates/ratings.txt` writes them. The service fills them in
//! (`service::play::announce::rating`).

use serde::Serialize;

/// The ratings block of a board letter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RatingsLetter {
    /// False for a game challenged `--unrated`.
    pub rated: bool,
    /// In seat order; empty for an unrated game.
    pub players: Vec<PlayerRating>,
}

/// One player's rating, rounded, as the game found it; after a rated
/// game's end, also as it left it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerRating {
    pub userid: String,
    pub rating: i64,
    /// Deviation of 110 or more: shown with `?`.
    pub provisional: bool,
    pub after: Option<i64>,
    pub after_provisional: bool,
}
