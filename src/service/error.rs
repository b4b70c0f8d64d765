//! Why a command was refused, in the one line the player reads.
//!
//! A refusal changes nothing: the command's transaction is dropped, not
//! committed. [`ServiceError::is_refusal`] separates "no, because..." from
//! "could not look" (a busy or damaged database), which front ends report
//! differently (exit code 1 against 2; a mail reply against a retry).

use crate::command::GameId;
use crate::rules::RulesError;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("no such game: {0}")]
    NoSuchGame(GameId),
    #[error("no such user: {0}")]
    NoSuchUser(String),
    #[error("unknown variant: {name} (known: {known})")]
    UnknownVariant { name: String, known: String },
    #[error("{game} is over: {result}")]
    GameOver { game: GameId, result: String },
    #[error("{0} was cancelled")]
    Cancelled(GameId),
    #[error("{user} is not playing {game}")]
    NotPlaying { user: String, game: GameId },
    #[error("it is {0}'s turn")]
    NotYourTurn(String),
    #[error("move #{got} received but this is move {expected}")]
    StaleMove { got: u32, expected: u32 },
    /// An illegal or unreadable turn, or a bad option: the rules' own words.
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("{game} has {ply} moves, not {at}")]
    NoSuchMove { game: GameId, at: u32, ply: u32 },
    #[error("this command needs a user: give --as USERID")]
    NeedUser,
    /// One wording for an unknown userid and a wrong password, so that a
    /// stranger learns nothing of which userids exist.
    #[error("login refused for {0}: unknown userid or wrong password")]
    BadLogin(String),
    #[error(
        "a challenge by mail needs the challenger's login: add --login=USERID:PASSWORD \
         (USERID one of the players)"
    )]
    ChallengeNeedsLogin,
    #[error("{0} must be one of the players to challenge by mail")]
    ChallengerNotPlaying(String),
    #[error("at most {max} addresses per player, not {given}")]
    TooManyAddresses { max: usize, given: usize },
    #[error(
        "no such confirmation code for {0} (the code is in the Subject of the confirmation mail)"
    )]
    BadCode(String),
    #[error("the userid {0} is taken")]
    UserTaken(String),
    #[error("{userid}: not a usable userid ({why})")]
    BadUserid { userid: String, why: &'static str },
    #[error("not a usable password ({0})")]
    BadPassword(&'static str),
    #[error("{variant} needs {needed} players, not {given}")]
    PlayerCount {
        variant: String,
        needed: usize,
        given: usize,
    },
    #[error("{name}: {why}")]
    BadOption { name: String, why: String },
    #[error("nobody has offered a draw in {0}")]
    NoDrawOffer(GameId),
    #[error("you have already offered a draw in {0}")]
    DrawAlreadyOffered(GameId),
    #[error("{0} has no dice")]
    NoDice(GameId),
    #[error("{0} is played with dice: give the roll, such as --roll 1,3")]
    RollNeeded(String),
    #[error("no help on {topic}; topics: {topics}")]
    NoHelp { topic: String, topics: String },
    #[error("line {line}: {why}")]
    BadRecord { line: usize, why: String },
    #[error("{0} is already on vacation")]
    AlreadyOnVacation(String),
    #[error("{0} is not on vacation")]
    NotOnVacation(String),
    #[error("{0} has left the game; their turn waits to be passed")]
    SeatLeft(String),
    #[error("{0} is not available yet")]
    NotAvailable(&'static str),
    /// A `nag` or `forfeit` option that cannot be used.
    #[error(transparent)]
    Limits(#[from] crate::clock::LimitsError),
    /// Something inside the server failed (not the player's doing).
    #[error("internal error: {0}")]
    Internal(String),
    /// Busy, damaged or unreadable database: nothing was judged.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl ServiceError {
    /// True when the command was judged and refused; false when the
    /// database could not be used (try again later).
    pub fn is_refusal(&self) -> bool {
        !matches!(self, ServiceError::Store(_) | ServiceError::Internal(_))
    }

    /// True when the database was busy: the same command may succeed later.
    pub fn is_busy(&self) -> bool {
        matches!(self, ServiceError::Store(StoreError::Busy))
    }
}

impl From<rusqlite::Error> for ServiceError {
    fn from(e: rusqlite::Error) -> Self {
        ServiceError::Store(e.into())
    }
}
