//! One chess-like position for every two-seat game, built from data.
//!
//! A game describes itself in a [`Rules`] value: its board and piece kinds
//! (a [`BoardSpec`]: geometry plus move / capture / check patterns per
//! zone), its pawn-like kinds ([`PawnRule`]: step directions, first-move
//! range, en passant, promotion), its castlings ([`CastlingRule`]), whether
//! pieces are dropped from reserves ([`Drops`]), whether enemy pieces may be
//! moved ([`Rebels`]), its dead positions, and a few [`Hooks`] for what is
//! truly its own (extra legality, extra ends, words for a refusal, the
//! drawing). [`ChessLike`] is a position of any such game: it generates,
//! checks and plays typed turns, reads and writes their notation, decides
//! the ends in the order of RULES.md (mate, stalemate, repetition over the
//! whole game, the 100-ply count, dead positions), and encodes itself.
//!
//! - `pawns.rs`: pawn-like kinds as data; `pawn_table.rs` their squares
//!   from each square, for counting.
//! - `position.rs`: the position, playing actions, ends, repetition.
//! - `movegen.rs`: the legal actions and turns; check after any action.
//! - `read.rs`: the notation layer's view of the position, and refusals.
//! - `counting.rs`: Makruk's and Ouk Chatrang's counting rules.
//! - `initial_moves.rs`: Ouk Chatrang's initial moves of king and met.
//! - `drops.rs`: why a drop is refused, in a player's words.
//! - `blast.rs`: Atomic's explosions on capture.
//! - `shak.rs`: Shatar's mate rule (which series of checks may mate).
//! - `gating.rs`: Seirawan's gates (a move, then a piece in hand onto
//!   the square it left).
//! - `fen.rs`: FEN widened to any geometry, with reserves.
//! - `search.rs`: perft, playing turns in place.
//! - `count.rs`: the legal actions counted without listing them (perft's
//!   last ply); `count_drops.rs` the drops; `piece_table.rs` the pieces'
//!   reach as masks on boards of at most 64 squares; `count_narrow.rs`
//!   the count on such boards in words, with `check_ways.rs` the ways to
//!   give check.
//! - `picture.rs`: the board as a [`crate::rules::picture::Picture`].
//! - `game.rs`: the [`crate::rules::Position`] interface.
//! - `walk.rs`: turns played and taken back in place for a search outside
//!   the core (the computer player).
//! - `walling.rs`: walls, a turn's last action (Duck chess's duck).

mod blast;
mod check_ways;
mod count;
mod count_drops;
mod count_narrow;
mod counting;
mod drop_squares;
mod drops;
mod fen;
mod game;
mod gating;
mod initial_moves;
mod list_drops;
mod movegen;
mod officer_reach;
mod pawn_table;
pub mod pawns;
mod picture;
mod piece_table;
mod position;
mod read;
mod rebel_pattern;
mod search;
mod shak;
mod takes;
mod variant;
mod walk;
mod walling;

#[cfg(test)]
mod tests;

/// A board with a Black piece of kind 0 on about two squares in five,
/// scattered: what the table tests (check ways, piece masks) hold their
/// tables to the board's own walk on.
#[cfg(test)]
fn scattered_board(spec: &'static crate::rules::board::BoardSpec) -> crate::rules::board::Board {
    let mut board = crate::rules::board::Board::empty(spec);
    for sq in board.geometry().squares() {
        if (sq as usize * 7 + sq as usize / 3) % 5 < 2 {
            let enemy = crate::rules::board::Piece {
                owner: 1,
                kind: 0,
                facing: -1,
            };
            board.set(sq, Some(enemy));
        }
    }
    board
}

pub use blast::Blast;
pub use counting::{Count, Counting, CountingRule};
pub use drop_squares::NoDoubled;
pub use fen::{from_fen, to_fen};
pub use gating::Gating;
pub use initial_moves::InitialMoves;
pub use movegen::castle_act;
pub use pawns::{PawnRule, PromotionChoice};
pub use position::{Act, ChessLike, MAX_KINDS, Special};
pub use shak::{CheckRun, ShakRule, ShatarMate};
pub use variant::{Started, Switch, TwoSeatGame};
pub use walk::{Step, Walk};
pub use walling::Walling;

use std::fmt;

use crate::rules::reach::SquareSet;

use super::Outcome;
use super::board::{Board, BoardSpec};
use super::castling::CastlingRule;

/// Which enemy-piece moves a turn may hold (Rebellion, Squirm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rebels {
    /// None: every action moves or drops one's own pieces.
    No,
    /// A turn is a normal move or one rebel move (Rebellion Chess).
    InsteadOfMove,
    /// A turn is an optional rebel move of the enemy piece that moved
    /// last, then a normal move (Squirm Chess).
    SquirmFirst,
}

/// Pieces dropped from reserves (Orphic Chess; the drop games defined as
/// data: Pocket Knight, Loop chess, Chessgi).
#[derive(Clone, Debug, Default)]
pub struct Drops {
    /// When a piece may be dropped onto one of its side's pawns, the ranks
    /// (0-based, per seat) that pawn may be moved to in the same action.
    pub onto_own_pawn: Option<[(i8, i8); 2]>,
    /// True when a drop onto a pawn (with its relocation) is not allowed
    /// while the mover is in check.
    pub no_relocation_in_check: bool,
    /// A kind whose drops by one seat go to squares of different colours
    /// (Orphic's bishops: the second goes to the other colour than the
    /// first one's drop square).
    pub unlike_colours: Option<u8>,
    /// The rank (0-based, per seat) a royal piece is dropped on while
    /// other pieces remain in its seat's reserve; as the last piece it goes
    /// wherever a drop may go.
    pub royal_rank_until_last: Option<[i8; 2]>,
    /// The order of the kinds' letters in a written reserve (`QRBNK`);
    /// empty: the kinds' own order.
    pub hand_order: &'static str,
    /// A captured piece goes to the capturer's reserve, as the kind it is
    /// (Loop chess: a promoted piece stays what it became).
    pub captures_to_hand: bool,
    /// With captures to hand, the kind a promoted piece goes back to hand
    /// as (Crazyhouse: the pawn); the position then knows which pieces
    /// were promoted (a FEN writes them `Q~`).
    pub promoted_back_as: Option<u8>,
    /// The squares each seat may drop on (`None`: every square).
    pub regions: Option<[SquareSet; 2]>,
    /// A kind that may not be dropped on a file already holding some of
    /// the side's own of it.
    pub no_doubled: Option<NoDoubled>,
}

/// What a game adds to the core. Every method has the plain chess answer
/// as its default.
pub trait Hooks: Send + Sync {
    /// Whether the action is allowed beyond the core's rules (Orphic:
    /// captures only until the king is dropped); `None` = allowed, else
    /// why not, in a player's words. `pos` is the position the turn has
    /// reached: in a turn of several actions (Squirm) the earlier ones are
    /// played on it, so a rule about the turn so far reads it there. (No
    /// game needs the earlier actions themselves: Squirm's own conditions
    /// are the core's.)
    fn forbids(&self, pos: &ChessLike, act: &Act) -> Option<String> {
        let _ = (pos, act);
        None
    }
    /// What [`Hooks::forbids`] answers in `pos` where that depends only on
    /// the sort of action, for a count that then need not ask it action by
    /// action: `Some(quiet)` when it allows every capture, every drop and
    /// every rebel move, and forbids every other move (a quiet one) exactly
    /// when `quiet` is true. `None`, the default: ask it per action.
    fn quiet_moves_forbidden(&self, pos: &ChessLike) -> Option<bool> {
        let _ = pos;
        None
    }
    /// How many legal single actions `pos` has (the length of
    /// [`ChessLike::legal_acts`]), counted by the game's own means for a
    /// perft's last ply, with the legal en passant captures (what the
    /// repetition key reads) put in `en_passant` (empty when called).
    /// `None`, the default: the core counts (`count.rs`).
    fn count_acts(&self, pos: &ChessLike, en_passant: &mut Vec<Act>) -> Option<u64> {
        let _ = (pos, en_passant);
        None
    }
    /// An end of the game's own, judged when a position is reached,
    /// before mate, stalemate and the draw rules (Fairy-Stockfish's
    /// immediate game ends: a flag move that also stalemates wins).
    fn extra_end(&self, pos: &ChessLike) -> Option<Outcome> {
        let _ = pos;
        None
    }
    /// Whether the game counts the checks each side gives (3check): its
    /// positions then hold the checks each side still has to give.
    fn counts_checks(&self) -> bool {
        false
    }
    /// Whether a side's pieces are its strength (1) or what it must be
    /// rid of (-1: Giveaway, Losers, won by losing every piece); for a
    /// player's (or the computer player's) judgement of a position.
    fn material_sign(&self) -> i32 {
        1
    }
    /// The kind of piece `seat` wins by bringing to one of the squares
    /// (King of the Hill's centre, Racing Kings' last rank), if the game
    /// has such a goal; for judging how near a side is to it.
    fn flag_goal(&self, seat: u8) -> Option<(u8, &[super::geometry::Square])> {
        let _ = seat;
        None
    }
    /// The game's counting rule (Makruk's), if it has one: its positions
    /// then hold the count, and a count past its limit draws.
    fn counting(&self) -> Option<&CountingRule> {
        None
    }
    /// The game's explosions (Atomic's), if its captures explode: a
    /// capture then empties the squares around its target too.
    fn blast(&self) -> Option<&Blast> {
        None
    }
    /// The game's initial moves (Ouk Chatrang's king leap and met double
    /// step), if it has them: their rights then follow the castlings'.
    fn initial_moves(&self) -> Option<&InitialMoves> {
        None
    }
    /// Shatar's mate rule, if the game has it: its positions then hold
    /// each side's series of checks ([`CheckRun`]).
    fn shak_rule(&self) -> Option<&ShakRule> {
        None
    }
    /// The game's walling rule (Duck chess's), if a turn ends by moving a
    /// wall: every turn is then a move and a wall ([`Walling`]).
    fn walling(&self) -> Option<&Walling> {
        None
    }
    /// The game's gating (Seirawan's), if it has any: its positions then
    /// hold each side's gates, and a turn may be a move and a gate.
    fn gating(&self) -> Option<&Gating> {
        None
    }
    /// The limits of the draw rules (repetition, the move count).
    fn draw_limits(&self) -> super::ends::DrawLimits {
        super::ends::DrawLimits::CHESS
    }
    /// The end when the side to move has no legal turn: checkmate (a
    /// loss) or stalemate (a draw) by default.
    fn no_legal_move(&self, pos: &ChessLike) -> Outcome {
        super::ends::no_legal_move(pos.in_check(), usize::from(pos.side()))
    }
    /// Why a kind cannot reach a square from a zone that limits it, in a
    /// player's words (Big Outer: "from the mid zone a Matriarch moves at
    /// most 6 squares"), for refusals.
    fn zone_power(&self, kind: u8, zone: u8) -> Option<String> {
        let _ = (kind, zone);
        None
    }
    /// The board as the game draws it, from the second seat's side when
    /// `flipped`.
    fn render(&self, pos: &ChessLike, flipped: bool) -> String;
    /// The lines under a picture of the board (the text drawing's lines
    /// under its grid): whose turn it is and the last move, plus what is
    /// the game's own.
    fn notes(&self, pos: &ChessLike) -> Vec<String> {
        pos.status()
    }
}

/// A faster generator for one game's board (orthodox chess's bitboards):
/// it answers for the core's own generator, and a differential test must
/// prove the two give the same legal actions. The rules stay the core's:
/// what a move is, its notation and refusals, castling rights, en passant,
/// the ends and repetition are decided by [`ChessLike`] from the game's
/// data; the backend only lists and counts.
pub trait Backend: Send + Sync {
    /// Every legal single action of `pos`, whether or not the game ended
    /// (what [`ChessLike::legal_acts`] gives).
    fn legal_acts(&self, pos: &ChessLike) -> Vec<Act>;
    /// Whether `pos` has a legal single action (`legal_acts` not empty):
    /// asked at every reading of a game's result, which needs no list.
    fn any_legal(&self, pos: &ChessLike) -> bool {
        !self.legal_acts(pos).is_empty()
    }
    /// The leaves of the legal-move tree `depth` plies below `pos`, the
    /// draw rules aside (perft tables count moves, not games).
    fn perft(&self, pos: &ChessLike, depth: u32) -> u64;
    /// The moves of the piece on `from`, before the check test, castling
    /// aside (what the core's [`ChessLike::core_pseudo_moves_from`] gives,
    /// as a set), or `None` to leave it to the core. Reading one move's
    /// text asks it: the core would unroll the piece's reach over the
    /// whole board first.
    fn pseudo_moves_from(
        &self,
        _pos: &ChessLike,
        _from: crate::rules::geometry::Square,
    ) -> Option<Vec<Act>> {
        None
    }
    /// The en passant captures open now, before the check test (the
    /// core's [`ChessLike::core_en_passant_acts`], as a set), or `None`
    /// to leave it to the core. Every repetition key asks it.
    fn en_passant_acts(&self, _pos: &ChessLike) -> Option<Vec<Act>> {
        None
    }
    /// Whether a royal piece of `seat` is attacked in `pos` (what
    /// [`ChessLike::royal_attacked`] answers), or `None` to leave it to
    /// the core.
    fn royal_attacked(&self, pos: &ChessLike, seat: u8) -> Option<bool>;
}

/// A two-seat chess-like game as data.
pub struct Rules {
    /// The command word (`bochess`), for messages.
    pub name: &'static str,
    pub spec: &'static BoardSpec,
    pub seats: [&'static str; 2],
    pub pawns: Vec<PawnRule>,
    /// Right index = position in this list; their FEN letters below.
    pub castlings: Vec<CastlingRule>,
    /// The kinds of the castling king and rook.
    pub castling_pieces: (u8, u8),
    /// The FEN letter of each castling right (`KQkq`).
    pub castling_letters: &'static str,
    pub drops: Option<Drops>,
    pub rebels: Rebels,
    /// True when [`Hooks::forbids`] may refuse an action (the generator
    /// skips asking otherwise).
    pub own_legality: bool,
    /// True when a side may have no king on the board (Orphic Chess).
    pub king_may_be_absent: bool,
    /// True when no mate is possible any more (a dead position).
    pub dead: fn(&Board) -> bool,
    pub hooks: &'static dyn Hooks,
    /// A faster generator for this game's board, if it has one (only for
    /// games without [`Hooks::forbids`], drops or rebel moves).
    pub backend: Option<&'static dyn Backend>,
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({})", self.name)
    }
}

impl Rules {
    /// The pawn rule of a kind, if it is pawn-like.
    pub fn pawn(&self, kind: u8) -> Option<&PawnRule> {
        self.pawns.iter().find(|p| p.kind == kind)
    }
}

/// The plain dead-position rule: only royal pieces are left.
pub fn bare_kings(board: &Board) -> bool {
    board.occupancy() == board.royal_squares()
}
