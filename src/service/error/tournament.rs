//! The refusals of tournaments: each becomes the player's one-line answer
//! through [`super::ServiceError`]. They live here, under the service's
//! error, so that the error type names no topic above it.

/// A tournament command refused.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error("no tournament {0} (see `tournaments`)")]
    NotFound(String),
    #[error("there is a tournament {0} already: choose another name")]
    NameTaken(String),
    #[error(transparent)]
    Format(#[from] crate::tournament::UnknownFormat),
    #[error(
        "{variant} is played by {seats} players: tournaments are for games of two \
         (Orwell tournaments are not offered)"
    )]
    Seats { variant: String, seats: usize },
    #[error("a tournament game is between players: --level is for a game against the computer")]
    Level,
    #[error("{name} is {state}: {what}")]
    State {
        name: String,
        state: &'static str,
        what: &'static str,
    },
    #[error("you are in {0} already")]
    AlreadyIn(String),
    #[error("you are not in {0}")]
    NotIn(String),
    #[error("you left {0}: you cannot join it again")]
    Left(String),
    #[error("only {organiser}, who organises {name}, may {what} it")]
    NotOrganiser {
        name: String,
        organiser: String,
        what: &'static str,
    },
    #[error("{name} has {players} player(s): a tournament needs at least two to start")]
    TooFew { name: String, players: usize },
    #[error(transparent)]
    Refused(#[from] JoinRefused),
    #[error("{0} is full")]
    Full(String),
    #[error(
        "--players={0}: a round robin or a knockout takes at most {MAX_ENTRANTS} players \
         (its start mails every game to both players at once)"
    )]
    TooMany(u32),
    #[error("--players={wanted}: {name} has {joined} players already")]
    Wanted {
        name: String,
        wanted: u32,
        joined: usize,
    },
}

/// A join refused by the joiner's own settings.
#[derive(Debug, thiserror::Error)]
pub enum JoinRefused {
    #[error(
        "you refuse challenges to {variant} (your setting: challenges {variant} reject), and \
         {name}'s games cannot be declined: send `challenges {variant} ask` first to join it"
    )]
    Rejects { name: String, variant: String },
    #[error(
        "you are in {games} {variant} games and allow {limit} (your setting: limit {variant} \
         {limit}); {name} would give you {more} more: raise your limit to join it"
    )]
    OverLimit {
        name: String,
        variant: String,
        games: u32,
        limit: u32,
        more: u32,
    },
}

/// The most players a round robin or a knockout takes: all its games (or
/// its first round's) begin, and are mailed, by one command; 16 makes a
/// double round robin's 240 games. A ladder starts one game at a time and
/// has no such bound.
pub const MAX_ENTRANTS: u32 = 16;
