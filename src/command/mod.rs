//! Commands: what a player or the operator asks the server to do.
//!
//! Three front ends produce the same [`Command`]: the shell (`main.rs`),
//! command lines on stdin (`boserv run`) and mail (`boserv mail`, a
//! Subject or a reply to a board mail). All three read their words with
//! the one verb table in [`verbs`]; only the prefix before a verb's
//! arguments differs (pbmserv's `GAME VERB BOARD USERID PASSWORD` by mail).
//! The service layer runs a `Command` for an [`Actor`] in one transaction,
//! whatever its source.

pub mod language;
pub mod names;
pub mod verbs;
pub mod words;

pub use crate::ids::GameId;
pub use verbs::World;

use crate::rules::GameOption;

/// Who is asking. The shell is trusted (`--as USERID`); mail and `run`
/// name a user and prove it with the password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Actor {
    /// Nobody in particular (help, variants, a challenge from the shell).
    Anonymous,
    /// A shell user: trusted, no password.
    Trusted(String),
    /// A user that must be checked against the stored password hash.
    Claimed { user: String, password: String },
    /// A claimed user whose password was checked (argon2) before the
    /// command's transaction began, against the stored hash `hash`; inside
    /// the transaction only the hash is compared (a password changed in
    /// between is checked again).
    Verified {
        user: String,
        password: String,
        hash: String,
    },
}

/// What to do about a pending draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
}

/// Which games `games` lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GamesFilter {
    /// Games still being played (the default).
    #[default]
    Active,
    /// Every game, finished ones too.
    All,
    /// Finished games only.
    Inactive,
    /// Games where one of the named users is to move.
    Next,
}

/// What `subscribe` and `unsubscribe` are about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Watch {
    /// One board: a spectator's copy of each of its mails.
    Board(GameId),
    /// Every future game of the type (pbmserv's `subscribe ... all`).
    Every,
}

/// Which boards `showas` draws from the asker's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShowAsBoards {
    /// These boards.
    Boards(Vec<GameId>),
    /// The asker's games still going on (the default).
    Active,
    /// The asker's finished games.
    Inactive,
    /// All the asker's games.
    All,
    /// The asker's games where they are to move.
    Next,
}

/// What a player does with challenges to a game type (`challenges
/// VARIANT accept|ask|reject`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeAnswer {
    /// The game starts at once.
    Accept,
    /// An invitation, to accept or decline (the default).
    Ask,
    /// Refused at once.
    Reject,
}

/// One command, whatever front end it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Signup {
        user: String,
        password: String,
        emails: Vec<String>,
    },
    ChangePassword {
        new_password: String,
    },
    ChangeAddress {
        emails: Vec<String>,
    },
    Signoff,
    /// `confirm USERID CODE`: the code a confirmation mail carried.
    Confirm {
        user: String,
        code: String,
    },
    /// Help on `topic`, in the syntax of the world that asked.
    Help {
        topic: Option<String>,
        world: World,
    },
    Variants,
    /// `list`: the games on offer; with games named, who plays them.
    List {
        games: Vec<String>,
    },
    /// A new game between `players`, in seat order.
    Challenge {
        variant: String,
        players: Vec<String>,
        options: Vec<GameOption>,
    },
    /// A turn; `expect` is the `#N` guard: the number of the move being made.
    Move {
        game: GameId,
        turn: String,
        expect: Option<u32>,
    },
    /// A turn sent in advance, played when the player's turn comes;
    /// `expect` is the `#N` guard: the move number it is meant for.
    Queue {
        game: GameId,
        turn: String,
        expect: Option<u32>,
    },
    /// Empties the player's queue in a game (`queue GAME clear`).
    ClearQueue {
        game: GameId,
    },
    /// A line of conditional moves: for each (reply, move) pair in order,
    /// when the opponent plays the reply, the move is played
    /// (`queue GAME if REPLY then MOVE...`).
    Conditional {
        game: GameId,
        line: Vec<(String, String)>,
    },
    /// Shows the player's queue and conditional lines in a game (`queue GAME`).
    ShowQueue {
        game: GameId,
    },
    /// A turn stored for confirmation, answered with a preview.
    Submit {
        game: GameId,
        turn: String,
        expect: Option<u32>,
    },
    /// `GAME confirm BOARD USERID PASSWORD`: plays the submitted turn (not
    /// [`Command::Confirm`], which confirms an address).
    ConfirmSubmission {
        game: GameId,
    },
    Roll {
        game: GameId,
    },
    /// A board, optionally after `at` moves.
    Show {
        game: GameId,
        at: Option<u32>,
    },
    History {
        game: GameId,
    },
    /// A finished game's turns that lost the most by the computer
    /// player's evaluation.
    Analysis {
        game: GameId,
    },
    /// A table of games; `variant` keeps one game's boards only.
    Games {
        users: Vec<String>,
        filter: GamesFilter,
        variant: Option<String>,
    },
    /// The boards of the users' games (`show USERID...`, `all show`).
    ShowBoards {
        users: Vec<String>,
        filter: GamesFilter,
        variant: Option<String>,
    },
    Resign {
        game: GameId,
    },
    Draw {
        game: GameId,
        action: DrawAction,
    },
    /// A takeback of the last turn: proposed, accepted or declined by vote.
    Undo {
        game: GameId,
        action: DrawAction,
    },
    /// pbmserv's `accept`/`reject`: a vote on whatever stands, a draw offer
    /// or a takeback.
    Answer {
        game: GameId,
        accept: bool,
    },
    /// Turns played on a copy of a game (after its first `at` moves, or as
    /// it stands): nothing is stored and nobody else is told.
    Preview {
        game: GameId,
        at: Option<u32>,
        turns: Vec<String>,
    },
    Vacation {
        on: bool,
    },
    /// `board list|picture|both`: what the player sees of a board.
    Board {
        show: crate::ids::BoardShow,
    },
    /// `timezone ZONE` (`Some`, an IANA name the tz database knows) or
    /// `timezone` alone (`None`: say which).
    TimeZone {
        zone: Option<String>,
    },
    /// `digest on [HOUR]` (`Some(HOUR)`, UTC) or `digest off` (`None`).
    Digest {
        hour: Option<u8>,
    },
    Audit {
        game: GameId,
    },
    Export {
        game: GameId,
    },
    /// Words to everyone who follows a game: its players and spectators.
    /// An empty `text` takes the request's comment (a mail's body).
    Chat {
        game: GameId,
        text: String,
    },
    /// Words to other users (an empty `text`: the comment, as for chat).
    Message {
        to: Vec<String>,
        text: String,
    },
    /// The operator's words to every user with a confirmed address.
    Broadcast {
        text: String,
    },
    /// Start (`on`) or stop watching a board of `variant`, or every game
    /// of it.
    Subscribe {
        variant: String,
        target: Watch,
        on: bool,
    },
    /// A mail when each of `games` ends; without games, switch the result
    /// of every game of `variant` on or off.
    Notify {
        variant: String,
        games: Vec<GameId>,
    },
    /// Boards drawn from the asker's own side; `variant`: only games of
    /// that type (the mail form names one).
    ShowAs {
        variant: Option<String>,
        boards: ShowAsBoards,
    },
    /// More addresses for the asker (each confirmed by mail, as for
    /// `change address`).
    AddAddress {
        emails: Vec<String>,
    },
    /// The ratings of a game type's pool, ranked (`standings VARIANT`).
    Standings {
        variant: String,
    },
    /// A user's rating in every pool (`ratings [USERID]`; without one, the
    /// asker's).
    Ratings {
        user: Option<String>,
    },
    /// The operator's `ratings --rebuild`: every rating worked out again
    /// from the finished games.
    RebuildRatings,
    /// The finished games of a type, newest first, `page` (from 1) of them
    /// (`history VARIANT [page N]`).
    TypeHistory {
        variant: String,
        page: u32,
    },
    /// `accept GAME`: consent to the invitation to `game` (or, with none
    /// standing, agree to the draw or takeback proposed in it).
    Accept {
        game: GameId,
    },
    /// `decline GAME [WORDS]`: refuse the invitation to `game`, which is
    /// cancelled (or, with none standing, decline the proposal in it).
    Decline {
        game: GameId,
        words: String,
    },
    /// `challenges VARIANT [accept|ask|reject]`: set, or (`None`) show,
    /// the asker's answer to challenges of `variant` (`all`: every type).
    Challenges {
        variant: String,
        answer: Option<ChallengeAnswer>,
    },
    /// `limit VARIANT [N|none]`: `None` shows the limit; `Some(None)`
    /// lifts it.
    Limit {
        variant: String,
        limit: Option<Option<u32>>,
    },
    /// `seek VARIANT [options]`: an open challenge. `color`: the seat the
    /// seeker wants (`None`: random); `rating`: the accepter's range.
    Seek {
        variant: String,
        options: Vec<GameOption>,
        color: Option<String>,
        rating: Option<(u32, u32)>,
    },
    /// `seeks [VARIANT]`: the open challenges.
    Seeks {
        variant: Option<String>,
    },
    /// `accept SEEK`: take an open challenge; `variant`, when the line
    /// named one, must be the seek's.
    AcceptSeek {
        seek: u64,
        variant: Option<String>,
    },
    /// `tournament challenge NAME USERID`: a ladder game against a player
    /// a few places above, begun at once.
    LadderChallenge {
        tournament: String,
        opponent: String,
    },
    /// `tournament VERB NAME ...`: one tournament's command.
    Tournament {
        name: String,
        action: Box<TournamentAction>,
    },
    /// `tournaments`: the open and running tournaments.
    Tournaments,
}

/// What `tournament VERB NAME` does (service/community/tournament).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    /// `tournament create NAME VARIANT FORMAT [--players=N] [--reach=N]
    /// [--max-games=N] [options]`: `format` as written (the service reads
    /// it); `options` the games', `--unrated` among them.
    Create {
        variant: String,
        format: String,
        players: Option<u32>,
        reach: Option<u32>,
        max_games: Option<u32>,
        options: Vec<GameOption>,
    },
    Join,
    Leave,
    Start,
    Show,
    Cancel,
}

/// True for an address mail can be sent to: `local@domain.tld`, no spaces
/// or specials (signup checks it from the shell and by mail alike).
pub fn is_mail_address(address: &str) -> bool {
    matches!(address.split_once('@'), Some((local, domain))
        if !local.is_empty() && domain.contains('.') && !domain.contains('@')
            && !domain.starts_with('.') && !domain.ends_with('.') && !domain.contains(".."))
        && !address
            .contains(|c: char| c.is_control() || c.is_whitespace() || "<>,;:\"()[]\\".contains(c))
        && address.parse::<lettre::Address>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids() {
        assert_eq!("game7".parse::<GameId>(), Ok(GameId(7)));
        assert_eq!("7".parse::<GameId>(), Ok(GameId(7)));
        assert!("game".parse::<GameId>().is_err());
        assert!("0".parse::<GameId>().is_err());
        assert_eq!(GameId(42).to_string(), "game42");
    }
}
