//! The refusals of invitations and other requests for consent: each becomes the player's one-line answer
//! through [`super::ServiceError`]. They live here, under the service's
//! error, so that the error type names no topic above it.

use crate::ids::GameId;

/// A challenge, an invitation or an open challenge refused.
#[derive(Debug, thiserror::Error)]
pub enum ConsentError {
    #[error("{user} refuses challenges to {variant} (their setting: challenges {variant} reject)")]
    Rejects { user: String, variant: String },
    #[error(
        "{user} is in {games} {variant} games, the most they allow (limit {variant} {limit}): \
         challenge refused"
    )]
    OverLimit {
        user: String,
        variant: String,
        games: u32,
        limit: u32,
    },
    #[error("{game} has not begun: it waits for {waiting} to accept")]
    NotBegun { game: GameId, waiting: String },
    #[error("you have accepted {game} already; it waits for {waiting} to accept")]
    AcceptedAlready { game: GameId, waiting: String },
    #[error("nothing in {0} waits for your answer: no invitation, draw offer or takeback")]
    NothingToAnswer(GameId),
    #[error("no open challenge seek{0} (see `seeks`)")]
    NoSeek(u64),
    #[error("seek{0} is your own open challenge: another player must accept it")]
    OwnSeek(u64),
    #[error("seek{seek} is for ratings {min} to {max}; yours in its game is {rating}")]
    OutOfRange {
        seek: u64,
        rating: String,
        min: u32,
        max: u32,
    },
    #[error(
        "level is for a game against the computer player: challenge it (a seek is open to everyone)"
    )]
    SeekLevel,
    #[error("seek{seek} is a challenge to {variant}, not {named}")]
    SeekVariant {
        seek: u64,
        variant: String,
        named: String,
    },
    #[error("{variant} is played by {seats}: an open challenge is for games of two")]
    SeekSeats { variant: String, seats: usize },
    #[error("--color={color}: {variant}'s seats are {seats} (or random)")]
    BadColor {
        color: String,
        variant: String,
        seats: String,
    },
    #[error("{0}: not a game here, nor `all` (send `variants` for the list)")]
    NoVariant(String),
    #[error("{INVITATION_DAYS_SETTING} ({0}): not a number of days from 1 to 365")]
    BadDays(String),
}

/// The setting, and its variable, for [`INVITATION_DAYS`].
pub const INVITATION_DAYS_SETTING: &str = "invitation-days";
