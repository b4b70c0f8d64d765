//! The rules engine: pure game logic, no IO.
//!
//! `rules/` knows nothing of mail or SQL. Every game implements [`Variant`]
//! (the game as a whole: its name, seats, options, start position) and
//! [`Position`] (one moment of one game: whose turn, the legal turns, playing
//! a turn, the board drawing). Positions are values: playing returns a new
//! one, and an illegal turn hands back a [`PlayError`] with the position
//! untouched.
//!
//! The games share one core: a game composes pieces described as data and
//! adds the rules special to it. No game copies another's move generator.
//!
//! - [`geometry::Geometry`]: the squares (`rect`, `with_extra`,
//!   `with_vertical_wrap`, `with_dark_parity`, `with_zones`), names, rays.
//! - [`movement`]: `Primitive`s (Leap, Ride with a Range, OddRide, Hop,
//!   Bent) grouped in patterns; a `PieceKind` holds move / capture / check
//!   patterns per zone; `targets` finds where a pattern leads.
//! - [`board::Board`]: pieces on a `BoardSpec` (geometry + kinds, kept in a
//!   `static LazyLock`), attack queries, pseudo-legal and check-safe moves,
//!   and `explain_unreachable` for refusals.
//! - [`render::Drawing`]: the house-style ASCII board with hooks.
//! - [`turn`]: a turn is a value, a sequence of [`Action`]s (a move, a drop
//!   with an optional relocation, a move of an enemy piece, a pass).
//! - [`notation`]: the text layer: `readings` (lenient input, both readings
//!   of `bc4`), `resolve` against `Candidate`s, `read_turn` for a whole
//!   turn, `canonical` output.
//! - [`chesslike`]: one position for every two-seat chess-like game, built
//!   from data (pawn-like kinds, castling, reserves, rebel moves, ends) with
//!   a few hooks; Big Outer Chess is its data, chess reads and explains
//!   through it (its bitboards generate and play, held equal by a test).

pub mod board;
pub mod bochess;
pub mod castling;
pub mod chess;
pub mod chesslike;
pub mod defined;
pub mod dice;
pub mod ends;
pub mod geometry;
pub mod iccf;
pub mod mobility;
pub mod movement;
pub mod notation;
pub mod numbering;
pub mod orphic;
pub mod orthodia;
pub mod orwell;
pub mod outcome;
pub mod picture;
pub mod reach;
pub mod rebellion;
pub mod registry;
pub mod render;
pub mod royal_guard;
pub mod square_masks;
pub mod turn;

pub use dice::{Dice, Roll};
pub use outcome::{Ending, Outcome, Seat};
pub use registry::{SEEDS, VARIANTS, find_variant, game_variant};
pub use turn::{Action, Taken, Turn};

use std::fmt;

/// A named start option of a game (`--opt name[=value]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOption {
    pub name: String,
    pub value: Option<String>,
}

/// A whole game: its vocabulary and its start.
pub trait Variant: Send + Sync {
    /// The command word: `chess`, `bochess`, ...
    fn name(&self) -> &'static str;
    /// The word in mail subjects: `Chess`, `Bochess`, ...
    fn title(&self) -> &'static str;
    /// The game's own name, for lists: `Big Outer Chess`.
    fn full_name(&self) -> &'static str;
    /// The seats in turn order: `["White", "Black"]`.
    fn seats(&self) -> &'static [&'static str];
    /// The dice every turn rolls, in a dice game.
    fn dice(&self) -> Option<&'static Dice> {
        None
    }
    /// True when every turn needs a roll of the game's [`Variant::dice`].
    fn uses_dice(&self) -> bool {
        self.dice().is_some()
    }
    /// The game's own options in a player's words, for a refusal of one
    /// it does not know: `it takes none`, `its option: berolina`.
    fn option_words(&self) -> &'static str {
        "it takes none"
    }
    /// The rules and notation, in the server's words (`boserv help GAME`).
    fn help(&self) -> &'static str;
    /// How to write a turn of this game and a key to its board's letters
    /// and marks: a few lines (at most 76 columns) for every board mail.
    /// Every game of the registry has one; test catalogs may leave it out.
    fn writing(&self) -> &'static str {
        ""
    }
    /// The definition a game of this kind keeps with it (a game defined
    /// as data: its `variants.ini` text); `None` for a game written in
    /// Rust, whose rules change only with boserv.
    fn definition(&self) -> Option<&str> {
        None
    }
    /// The start position, with the game's options checked.
    fn start(&self, options: &[GameOption]) -> Result<Box<dyn Position>, RulesError>;
    /// Rebuilds a position from [`Position::encode`] (the cached position).
    fn decode(&self, options: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError>;
    /// A position from a FEN text (`boserv moves/perft --fen`) with the
    /// game's options checked, where the game has FEN. (Named as the task
    /// asks; it builds from text, not self.)
    #[allow(clippy::wrong_self_convention)]
    fn from_fen(&self, options: &[GameOption], fen: &str) -> Result<Box<dyn Position>, RulesError> {
        let _ = (options, fen);
        Err(RulesError::Other(format!("{} has no FEN", self.name())))
    }
}

/// One moment of one game. A position is also [`std::any::Any`], so a
/// reader beside the rules (the computer player's evaluation) may look at
/// the concrete game's pieces through its public accessors
/// (`(pos as &dyn Any).downcast_ref::<ChessLike>()`).
pub trait Position: Send + Sync + fmt::Debug + std::any::Any {
    /// The seat to move, or `None` when the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Every legal turn as a value; none once the game is over.
    /// `roll` is required in dice games and ignored elsewhere.
    fn legal(&self, roll: Option<Roll>) -> Vec<Turn>;
    /// Reads a turn written in any accepted notation (the notation layer,
    /// [`notation`]): the legal turn it means, or why there is none.
    fn read_turn(&self, text: &str, roll: Option<Roll>) -> Result<Turn, RulesError>;
    /// A turn legal here in canonical notation.
    fn turn_text(&self, turn: &Turn) -> String;
    /// Checks and plays a turn: the new position, or why the turn is not
    /// legal (the position unchanged).
    fn apply(&self, turn: &Turn, roll: Option<Roll>) -> Result<Box<dyn Position>, PlayError>;
    /// Every legal turn in canonical notation, sorted, each once.
    fn legal_turns(&self, roll: Option<Roll>) -> Vec<String> {
        let mut texts: Vec<String> = self.legal(roll).iter().map(|t| self.turn_text(t)).collect();
        texts.sort();
        texts.dedup();
        texts
    }
    /// Plays a turn written in any accepted notation. Returns the new
    /// position and the turn in canonical notation. Replaying a game's log
    /// plays each recorded (canonical) text again: games may find a turn
    /// written canonically more cheaply than by reading it (the games of
    /// the chess-like core do).
    fn play(&self, text: &str, roll: Option<Roll>) -> Result<Played, PlayError> {
        let turn = self
            .read_turn(text, roll)
            .map_err(|reason| PlayError { reason })?;
        let canonical = self.turn_text(&turn);
        let position = self.apply(&turn, roll)?;
        Ok(Played {
            position,
            canonical,
        })
    }
    /// True when the king of the side to move (or, once the game is over,
    /// of the side that would move) is attacked: the `+` and `#` of a
    /// move list. Games without check say false.
    fn in_check(&self) -> bool {
        false
    }
    /// What the turn written `text` (legal here) takes, step by step, where
    /// whose piece was taken is news (three seats: Orwell's alliances
    /// shift with it). Games where it goes without saying say nothing.
    fn taken(&self, text: &str, roll: Option<Roll>) -> Vec<Taken> {
        let _ = (text, roll);
        Vec::new()
    }
    /// Dice games: true when the seat to move has nothing to do with this
    /// roll (no piece can use any die, or the seat has left the game).
    /// The service then records the dice's [`Dice::forced_turn`] by itself
    /// and rolls for the next seat.
    fn must_pass(&self, roll: Roll) -> bool {
        let _ = roll;
        false
    }
    /// True once `seat` has left a game that goes on without it (a game of
    /// three seats: a resigned or forfeited seat). Such a seat counts as agreeing to a
    /// draw, and has no share in it.
    fn has_left(&self, seat: Seat) -> bool {
        let _ = seat;
        false
    }
    /// Ends the game (or, with three seats, takes a seat out of it) by an
    /// event from outside the board: resignation, agreed draw, time forfeit,
    /// a player's signoff.
    fn conclude(&self, event: &Conclusion) -> Result<Box<dyn Position>, RulesError>;
    /// The ASCII board with whose turn it is and the last move (how the
    /// game ended is the caller's to say, once: [`Position::outcome`]).
    fn render(&self) -> String;
    /// The same, as `seat` sees it from its side of the board (pbmserv drew
    /// each player's mail that way). Games without a side for a seat (the
    /// cylinder of three) draw it as [`Position::render`] does.
    fn render_for(&self, seat: Seat) -> String {
        let _ = seat;
        self.render()
    }
    /// The board as a value, as `seat` sees it (the drawings beside the
    /// text: the HTML board of mails and web pages). Every game of the
    /// registry has one; a game without (test catalogs) is mailed as text
    /// alone.
    fn picture(&self, seat: Seat) -> Option<picture::Picture> {
        let _ = seat;
        None
    }
    /// A compact text from which [`Variant::decode`] rebuilds this position
    /// exactly (board, side to move, rights, counters, repetition history).
    fn encode(&self) -> String;
    /// Counts leaf nodes of the legal-turn tree (dice games: over all rolls).
    fn perft(&self, depth: u32) -> u64;
    /// Perft split by first turn (canonical notation, sorted), for
    /// debugging against other engines. Games without dice get this generic
    /// version; fast games override it.
    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .legal(None)
            .iter()
            .filter_map(|t| {
                let next = self.apply(t, None).ok()?;
                Some((self.turn_text(t), next.perft(depth.saturating_sub(1))))
            })
            .collect();
        out.sort();
        out
    }
    /// Clones behind the trait object.
    fn boxed_clone(&self) -> Box<dyn Position>;
}

impl Clone for Box<dyn Position> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// A turn that was played.
#[derive(Debug)]
pub struct Played {
    pub position: Box<dyn Position>,
    /// The turn in canonical notation, as stored in the turn log.
    pub canonical: String,
}

/// Events that end a game (or a seat's part in it) without a board move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conclusion {
    Resign(Seat),
    /// Lost on time.
    Forfeit(Seat),
    /// The seat's player closed their account (`signoff`): they lose as on
    /// time, but the ending says why.
    SignOff(Seat),
    DrawAgreed,
}

impl Conclusion {
    /// The seat that leaves the game and the ending its leaving gives;
    /// none for an agreed draw.
    pub fn leaver(&self) -> Option<(Seat, Ending)> {
        match *self {
            Conclusion::Resign(seat) => Some((seat, Ending::Resignation)),
            Conclusion::Forfeit(seat) => Some((seat, Ending::TimeForfeit)),
            Conclusion::SignOff(seat) => Some((seat, Ending::SignedOff)),
            Conclusion::DrawAgreed => None,
        }
    }
}

/// An illegal turn: why, and the position unchanged.
#[derive(Debug, thiserror::Error)]
#[error("{reason}")]
pub struct PlayError {
    pub reason: RulesError,
}

impl PlayError {
    /// A typed turn that is not among the legal turns (written plainly:
    /// without the position it may not have a canonical text).
    pub fn not_legal(geo: &geometry::Geometry, turn: &Turn) -> Self {
        PlayError {
            reason: RulesError::Illegal {
                turn: notation::plain_turn(geo, turn),
                why: "not a legal turn here".into(),
            },
        }
    }
}

/// Everything the rules refuse, each a one-line message a player reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The turn text could not be read at all.
    #[error("{turn}: cannot read this move ({why})")]
    Unreadable { turn: String, why: String },
    /// The turn is readable but not legal here; `why` says what is wrong.
    #[error("{turn}: {why}")]
    Illegal { turn: String, why: String },
    /// A SAN move that fits more than one legal move.
    #[error("{turn} is ambiguous: it could be {candidates}")]
    Ambiguous { turn: String, candidates: String },
    #[error("the game is over: {0}")]
    GameOver(String),
    #[error("this game needs a roll of the dice for the turn")]
    RollNeeded,
    #[error("unknown option for {variant}: {option}")]
    UnknownOption { variant: String, option: String },
    #[error("bad position text: {0}")]
    BadPosition(String),
    #[error("{0}")]
    Other(String),
}
