//! Why a command was refused, in the one line the player reads.
//!
//! A refusal changes nothing: the command's transaction is dropped, not
//! committed. [`ServiceError::is_refusal`] separates "no, because..." from
//! "could not look" (a busy or damaged database), which front ends report
//! differently (exit code 1 against 2; a mail reply against a retry).

pub mod bot;
pub mod conditional;
pub mod consent;
pub mod ladder;
pub mod ratings;
pub mod social;
pub mod tournament;

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
    /// A `#N` that does not name the turn being made
    /// ([`crate::rules::numbering::guard`]).
    #[error(transparent)]
    StaleMove(#[from] crate::rules::numbering::Stale),
    /// An illegal or unreadable turn, or a bad option: the rules' own words.
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Conditional(#[from] conditional::ConditionalError),
    #[error(transparent)]
    Control(#[from] crate::clock::ControlError),
    #[error("{game} has {ply} moves, not {at}")]
    NoSuchMove { game: GameId, at: u32, ply: u32 },
    #[error("this command needs a user: give --as USERID")]
    NeedUser,
    #[error("name the users whose boards to show (show USERID... [next])")]
    NoUserNamed,
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
    #[error("not a mail address: {0} (write it as name@example.org)")]
    BadAddress(String),
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
    #[error("you offered the draw in {game} yourself; it waits for {waiting}")]
    OwnDrawOffer { game: GameId, waiting: String },
    #[error("nothing has been proposed in {0}: no draw offer or takeback to answer")]
    NothingProposed(GameId),
    #[error("nobody has proposed a takeback in {0}")]
    NoTakeback(GameId),
    #[error("you have already proposed a takeback in {0}")]
    TakebackAlreadyProposed(GameId),
    #[error("you proposed the takeback in {game} yourself; it waits for {waiting}")]
    OwnTakeback { game: GameId, waiting: String },
    /// A draw offer and a takeback never stand together: one is answered
    /// before the other is proposed.
    #[error("{pending} stands in {game}: accept or decline it first")]
    OtherProposal { game: GameId, pending: &'static str },
    #[error("{game} has no turn to take back{why}")]
    NothingToTakeBack { game: GameId, why: &'static str },
    #[error("turn {n} ({turn}): {why}")]
    PreviewTurn { n: usize, turn: String, why: String },
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
    #[error("{0} has signed off: the account is closed")]
    SignedOff(String),
    #[error("a queued turn is 1 to {max} characters")]
    BadQueuedTurn { max: usize },
    #[error("it is your turn in {0}: use move, not queue")]
    QueueOnYourTurn(GameId),
    #[error("move #{got} is already played: the next move is {next}")]
    QueuedForPast { got: u32, next: u32 },
    #[error("you have {max} turns queued in {game} already: clear the queue first")]
    QueueFull { game: GameId, max: usize },
    #[error("you have no turns queued in {0}")]
    NothingQueued(GameId),
    #[error("no submission to confirm in {0}")]
    NoSubmission(GameId),
    #[error("the position in {0} changed since your submission: submit the move again")]
    SubmissionStale(GameId),
    /// A `nag` or `forfeit` option that cannot be used.
    #[error(transparent)]
    Limits(#[from] crate::clock::LimitsError),
    /// A social verb (chat, message, subscribe, ...) refused.
    #[error(transparent)]
    Social(#[from] social::SocialError),
    /// A rating verb refused (`ratings --rebuild` by mail, ...).
    #[error(transparent)]
    Ratings(#[from] ratings::RatingsError),
    /// A daily bound of an address (signups, confirmation mails) reached.
    #[error(transparent)]
    DailyBound(#[from] crate::mail::limits::DailyBound),
    /// A challenge, an invitation or an open challenge refused.
    #[error(transparent)]
    Consent(#[from] consent::ConsentError),
    /// A tournament command refused.
    #[error(transparent)]
    Tournament(#[from] tournament::TournamentError),
    /// A player holds as many of something as a quota lets them.
    #[error(transparent)]
    Quota(#[from] crate::mail::quotas::QuotaReached),
    /// The server is set up wrong (an environment variable, a setting):
    /// the operator's to fix, not the player's.
    #[error("server setup: {0}")]
    Setup(String),
    /// Something inside the server failed (not the player's doing).
    #[error("internal error: {0}")]
    Internal(String),
    /// The computer player's part of a command refused.
    #[error(transparent)]
    Bot(#[from] bot::BotRefusal),
    /// A ladder challenge refused (issue 27).
    #[error(transparent)]
    Ladder(#[from] ladder::LadderError),
    /// Busy, damaged or unreadable database: nothing was judged.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl ServiceError {
    /// True when the command was judged and refused; false when the
    /// database could not be used (try again later).
    pub fn is_refusal(&self) -> bool {
        !matches!(
            self,
            ServiceError::Store(_) | ServiceError::Internal(_) | ServiceError::Setup(_)
        )
    }

    /// The shell's exit code for this error, as README documents: 1 the
    /// command was refused (nothing changed); 2 it could not be judged: a
    /// usage error (no `--as`), the server's setup, or the database.
    pub fn exit_code(&self) -> u8 {
        match self {
            ServiceError::NeedUser => 2,
            e if !e.is_refusal() => 2,
            _ => 1,
        }
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

/// An option the variant does not know, with the ones there are (no
/// variant has options of its own yet: `valid` names the server's).
pub fn unknown_option(error: RulesError, valid: &str) -> ServiceError {
    match error {
        RulesError::UnknownOption { variant, option } => ServiceError::BadOption {
            name: option,
            why: format!("not an option of {variant}; {valid}"),
        },
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of every variant. The match below has no wildcard, so a new
    /// variant does not compile until it is added here with its code.
    fn every_variant() -> Vec<(ServiceError, u8)> {
        let game = GameId(7);
        let all = vec![
            ServiceError::NoSuchGame(game),
            ServiceError::NoSuchUser("dave".into()),
            ServiceError::UnknownVariant {
                name: "shogi".into(),
                known: "chess".into(),
            },
            ServiceError::GameOver {
                game,
                result: "1-0".into(),
            },
            ServiceError::Cancelled(game),
            ServiceError::NotPlaying {
                user: "carol".into(),
                game,
            },
            ServiceError::NotYourTurn("bob".into()),
            ServiceError::StaleMove(crate::rules::numbering::Stale::Turn { got: 1, turn: 2 }),
            ServiceError::Rules(RulesError::RollNeeded),
            ServiceError::Conditional(super::conditional::ConditionalError::TooLong),
            ServiceError::Control(crate::clock::ControlError::Missing),
            ServiceError::NoSuchMove {
                game,
                at: 9,
                ply: 4,
            },
            ServiceError::NeedUser,
            ServiceError::BadLogin("alice".into()),
            ServiceError::ChallengeNeedsLogin,
            ServiceError::ChallengerNotPlaying("carol".into()),
            ServiceError::TooManyAddresses { max: 4, given: 5 },
            ServiceError::BadCode("alice".into()),
            ServiceError::UserTaken("alice".into()),
            ServiceError::BadUserid {
                userid: "a b".into(),
                why: "a space",
            },
            ServiceError::BadAddress("not-an-email".into()),
            ServiceError::BadPassword("too short"),
            ServiceError::PlayerCount {
                variant: "chess".into(),
                needed: 2,
                given: 3,
            },
            ServiceError::BadOption {
                name: "bogus".into(),
                why: "not an option".into(),
            },
            ServiceError::NoDrawOffer(game),
            ServiceError::DrawAlreadyOffered(game),
            ServiceError::OwnDrawOffer {
                game,
                waiting: "bob".into(),
            },
            ServiceError::NothingProposed(game),
            ServiceError::NoTakeback(game),
            ServiceError::TakebackAlreadyProposed(game),
            ServiceError::OwnTakeback {
                game,
                waiting: "bob".into(),
            },
            ServiceError::OtherProposal {
                game,
                pending: "a draw offer",
            },
            ServiceError::NothingToTakeBack { game, why: "" },
            ServiceError::PreviewTurn {
                n: 2,
                turn: "e2-e5".into(),
                why: "illegal".into(),
            },
            ServiceError::NoDice(game),
            ServiceError::RollNeeded("orwell".into()),
            ServiceError::NoHelp {
                topic: "x".into(),
                topics: "commands".into(),
            },
            ServiceError::BadRecord {
                line: 3,
                why: "illegal".into(),
            },
            ServiceError::AlreadyOnVacation("alice".into()),
            ServiceError::NotOnVacation("alice".into()),
            ServiceError::SeatLeft("bob".into()),
            ServiceError::NotAvailable("signoff"),
            ServiceError::SignedOff("alice".into()),
            ServiceError::BadQueuedTurn { max: 200 },
            ServiceError::QueueOnYourTurn(game),
            ServiceError::QueuedForPast { got: 1, next: 3 },
            ServiceError::QueueFull { game, max: 10 },
            ServiceError::NothingQueued(game),
            ServiceError::NoSubmission(game),
            ServiceError::SubmissionStale(game),
            ServiceError::NoUserNamed,
            ServiceError::Limits(crate::clock::LimitsError::Missing { name: "nag".into() }),
            ServiceError::Social(super::social::SocialError::NoText("chat")),
            ServiceError::Ratings(super::ratings::RatingsError::OperatorOnly),
            ServiceError::DailyBound(crate::mail::limits::DailyBound::Signups {
                address: "m@example.org".into(),
                cap: 3,
            }),
            ServiceError::Consent(super::consent::ConsentError::OwnSeek(3)),
            ServiceError::Tournament(super::tournament::TournamentError::NotFound(
                "spring".into(),
            )),
            ServiceError::Quota(crate::mail::quotas::QuotaReached {
                user: "alice".into(),
                held: 5,
                what: "open challenges (seeks)",
                setting: "seeks-per-player",
                quota: 5,
            }),
            ServiceError::Setup("BOSERV_DICE_SEED: not 64 hex digits".into()),
            ServiceError::Internal("oops".into()),
            ServiceError::Bot(super::bot::BotRefusal::NoHints(game)),
            ServiceError::Ladder(super::ladder::LadderError::Cancelled("spring".into())),
            ServiceError::Store(StoreError::Busy),
            ServiceError::Store(StoreError::TooNew(9)),
            ServiceError::Store(StoreError::Damaged("x".into())),
            ServiceError::Store(StoreError::NoDatabase("/nowhere/boserv.db".into())),
            ServiceError::Store(StoreError::Setup("template board.txt: bad".into())),
        ];
        all.into_iter()
            .map(|e| {
                // README, "Exit codes": 1 refused; 2 not judged.
                let code = match &e {
                    ServiceError::NoSuchGame(_)
                    | ServiceError::NoSuchUser(_)
                    | ServiceError::NoUserNamed
                    | ServiceError::UnknownVariant { .. }
                    | ServiceError::GameOver { .. }
                    | ServiceError::Cancelled(_)
                    | ServiceError::NotPlaying { .. }
                    | ServiceError::NotYourTurn(_)
                    | ServiceError::StaleMove(_)
                    | ServiceError::Rules(_)
                    | ServiceError::Quota(_)
                    | ServiceError::Conditional(_)
                    | ServiceError::Control(_)
                    | ServiceError::NoSuchMove { .. }
                    | ServiceError::BadLogin(_)
                    | ServiceError::ChallengeNeedsLogin
                    | ServiceError::ChallengerNotPlaying(_)
                    | ServiceError::TooManyAddresses { .. }
                    | ServiceError::BadCode(_)
                    | ServiceError::UserTaken(_)
                    | ServiceError::Bot(_)
                    | ServiceError::BadUserid { .. }
                    | ServiceError::BadAddress(_)
                    | ServiceError::BadPassword(_)
                    | ServiceError::PlayerCount { .. }
                    | ServiceError::BadOption { .. }
                    | ServiceError::NoDrawOffer(_)
                    | ServiceError::DrawAlreadyOffered(_)
                    | ServiceError::OwnDrawOffer { .. }
                    | ServiceError::NothingProposed(_)
                    | ServiceError::NoTakeback(_)
                    | ServiceError::TakebackAlreadyProposed(_)
                    | ServiceError::OwnTakeback { .. }
                    | ServiceError::OtherProposal { .. }
                    | ServiceError::NothingToTakeBack { .. }
                    | ServiceError::PreviewTurn { .. }
                    | ServiceError::NoDice(_)
                    | ServiceError::RollNeeded(_)
                    | ServiceError::NoHelp { .. }
                    | ServiceError::BadRecord { .. }
                    | ServiceError::AlreadyOnVacation(_)
                    | ServiceError::NotOnVacation(_)
                    | ServiceError::SeatLeft(_)
                    | ServiceError::NotAvailable(_)
                    | ServiceError::SignedOff(_)
                    | ServiceError::BadQueuedTurn { .. }
                    | ServiceError::QueueOnYourTurn(_)
                    | ServiceError::QueuedForPast { .. }
                    | ServiceError::QueueFull { .. }
                    | ServiceError::NothingQueued(_)
                    | ServiceError::NoSubmission(_)
                    | ServiceError::SubmissionStale(_)
                    | ServiceError::Limits(_)
                    | ServiceError::Social(_)
                    | ServiceError::Ratings(_)
                    | ServiceError::DailyBound(_)
                    | ServiceError::Consent(_)
                    | ServiceError::Tournament(_)
                    | ServiceError::Ladder(_) => 1,
                    ServiceError::NeedUser
                    | ServiceError::Setup(_)
                    | ServiceError::Internal(_)
                    | ServiceError::Store(_) => 2,
                };
                (e, code)
            })
            .collect()
    }

    #[test]
    fn every_error_is_one_line_with_its_documented_exit_code() {
        for (error, code) in every_variant() {
            let text = error.to_string();
            assert!(
                !text.is_empty() && !text.contains('\n'),
                "{error:?}: {text:?}"
            );
            assert!(
                !text.starts_with("boserv:"),
                "the front end adds the prefix: {text}"
            );
            assert_eq!(error.exit_code(), code, "{error:?}");
            // Mail answers refusals and retries the rest.
            assert_eq!(
                error.is_refusal(),
                code == 1 || matches!(error, ServiceError::NeedUser)
            );
        }
    }

    #[test]
    fn operator_mistakes_are_named_as_such() {
        let template = ServiceError::Store(StoreError::Setup(
            "template board.txt: undefined value".into(),
        ));
        assert_eq!(
            template.to_string(),
            "server setup: template board.txt: undefined value"
        );
        assert!(!template.to_string().contains("damaged"));
        assert_eq!(
            ServiceError::Store(StoreError::NoDatabase("games.db".into())).to_string(),
            "no database at games.db: give --db PATH or set BOSERV_DB (`boserv signup` creates one)"
        );
    }
}
