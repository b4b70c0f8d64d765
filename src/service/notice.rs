//! What happened, for the people who must be told.
//!
//! Every command that changes a game produces notices and hands them to
//! [`crate::service::play::notify::queue`] inside its own transaction, so a change and the
//! mail announcing it commit together or not at all. Notices name users and
//! games; the mail layer reads whatever else it needs (boards, addresses)
//! from the same transaction.

use crate::command::GameId;
use crate::rules::Outcome;
use crate::service::game::LoadedGame;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A new account.
    SignedUp { user: String, emails: Vec<String> },
    /// An address given by mail must be confirmed with `code` (mailed to
    /// that address only, and nothing else until it comes back).
    ConfirmAddress {
        user: String,
        email: String,
        code: String,
    },
    /// A new game; `players` in seat order.
    Challenged {
        game: GameId,
        variant: String,
        players: Vec<String>,
        to_move: Option<String>,
    },
    /// A board turn was played. `ply` is its move number; `turn` the
    /// canonical notation.
    Moved {
        game: GameId,
        ply: u32,
        turn: String,
        mover: String,
        to_move: Option<String>,
        comment: Option<String>,
    },
    /// A turn a player queued in advance, played by the server when their
    /// turn came (shown `(Auto)`); `comment` is what they wrote with it.
    AutoPlayed {
        game: GameId,
        ply: u32,
        turn: String,
        mover: String,
        to_move: Option<String>,
        comment: Option<String>,
    },
    /// A queued turn could not be played when its player's turn came
    /// (`why`): it and the `dropped` turns queued after it were discarded.
    /// Only that player is told (a queue is nobody else's business).
    QueueDropped {
        game: GameId,
        player: String,
        turn: String,
        why: String,
        dropped: usize,
    },
    /// A player's conditional lines in a game were dropped (`line` says
    /// why); only that player is told.
    ConditionalsDropped {
        game: GameId,
        player: String,
        line: String,
    },
    /// A player who signed off lost the game when their turn came. In a
    /// game of three it may go on: `to_move` is then who moves next.
    SignedOff {
        game: GameId,
        player: String,
        to_move: Option<String>,
    },
    /// A player offered (or agreed to) a draw that others must still accept.
    DrawOffered {
        game: GameId,
        by: String,
        waiting_for: Vec<String>,
    },
    /// A player's words with a command that has no notice of its own to
    /// carry them (a challenge, a draw offer, acceptance or refusal).
    Said {
        game: GameId,
        by: String,
        comment: String,
    },
    /// A pending draw offer was declined.
    DrawDeclined { game: GameId, by: String },
    /// A player proposed (or agreed to) taking back `mover`'s turn `turn`
    /// (move `ply`); `waiting_for` must still accept.
    TakebackProposed {
        game: GameId,
        by: String,
        mover: String,
        turn: String,
        ply: u32,
        waiting_for: Vec<String>,
    },
    /// A proposed takeback was declined.
    TakebackDeclined { game: GameId, by: String },
    /// Everyone agreed: `mover`'s turn `turn` (move `ply`) is undone and
    /// `to_move` moves again.
    TakenBack {
        game: GameId,
        mover: String,
        turn: String,
        ply: u32,
        to_move: Option<String>,
    },
    /// A player used up their thinking time (`--totaltime`): `days` in all.
    /// In a game of three the game may go on: `to_move` moves next.
    OutOfTime {
        game: GameId,
        player: String,
        days: u32,
        to_move: Option<String>,
    },
    /// A player declined a game before their first move (a resignation
    /// then): the game is cancelled. Their words go to the others.
    Declined {
        game: GameId,
        player: String,
        comment: Option<String>,
    },
    /// A player resigned (in a game of three, the game may go on).
    Resigned {
        game: GameId,
        player: String,
        comment: Option<String>,
    },
    /// The game ended: `result` as in records (`1-0`), `reason` why.
    GameOver {
        game: GameId,
        result: String,
        reason: String,
        players: Vec<String>,
    },
    /// The player to move has not moved for `days` days: reminder number
    /// `period` of the clock started by log entry `clock` (0: the game's
    /// start) (pbmserv's "Nag"). `forfeit_at` (RFC 3339) is when they lose
    /// on time if they still do not move.
    Reminder {
        game: GameId,
        player: String,
        clock: u32,
        period: u32,
        days: i64,
        forfeit_at: String,
    },
    /// A draw offer has stood for a reminder period: `voters` must still
    /// answer it (`remind` tells them once, each in their own mail).
    DrawReminder { game: GameId, voters: Vec<String> },
    /// A player lost on time after `days` days without a move. In a game
    /// of three the game may go on: `to_move` is then who moves next.
    Forfeited {
        game: GameId,
        player: String,
        days: i64,
        to_move: Option<String>,
    },
    /// The bank of the game's time control (`control`, in words) of the
    /// player to move ran out: they lost on time.
    ClockRanOut {
        game: GameId,
        player: String,
        control: String,
        to_move: Option<String>,
    },
    /// Words from one user to others (`chat`, `message`, `broadcast`).
    Words(Words),
}

impl Notice {
    /// The end of `game` with `outcome`, for everyone in it.
    pub fn game_over(game: &LoadedGame, outcome: Outcome) -> Notice {
        Notice::GameOver {
            game: game.id(),
            result: outcome.result_text(),
            reason: outcome.reason(),
            players: game.row.players.clone(),
        }
    }
}

/// The most spectators a board may have, and the most users to tell of
/// its end; the most users watching every game of one type (each kind).
pub const MAX_WATCHERS: usize = 20;

/// Words from one user to others, as the mail layer needs them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Words {
    /// `chat`: to the game's players and spectators other than `by`.
    Chat {
        game: GameId,
        by: String,
        players: Vec<String>,
        spectators: Vec<String>,
        text: String,
    },
    /// `message`: to the named users.
    Message {
        from: String,
        to: Vec<String>,
        text: String,
    },
    /// `broadcast`: to every user with a confirmed address.
    Broadcast { from: String, text: String },
}
