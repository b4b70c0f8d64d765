//! The evaluation of a two-seat chess-like game (chess, Big Outer Chess,
//! Orphic, Orthodia, Rebellion, Squirm), read from the position's pieces
//! through the core's public accessors:
//!
//! - material and place: each piece's measured value on its square
//!   ([`Values`]), so Big Outer's zones change a piece's worth as it moves;
//!   at level 5 a piece of leaps alone that reaches more than a knight
//!   (Centaur's centaur) worth more than its squares
//!   ([`Values::measure_grown`]);
//! - at level 5, mobility: the squares each side's pieces reach in play
//!   (not pawns or royals), 4 cp a square. The values above are measured
//!   on an empty board; in play a bishop behind its own pawns does far
//!   less, and a search that sees it develops, opens lines and shuts the
//!   other side's pieces in (level 5 with it against level 5 without,
//!   the same time a turn: 72% of 80 chess games, docs/bot.md); but not
//!   in a game where a wall moves every turn (Duck chess): there the
//!   side that moves also shuts a line with the duck, the reach it
//!   counts is gone a half-turn later, and level 5 with the term lost
//!   the A/B (docs/bot.md, "Level 5 with mobility in the ladder");
//! - pawns: a pawn plus a bonus growing with the square of how far it has
//!   come toward its promotion rank;
//! - reserves (Orphic): a piece in hand is worth nine tenths of its value
//!   (it can go almost anywhere, but it is not yet doing anything);
//! - pawn structure: passed pawns (more the further they have come),
//!   doubled and isolated ones, read along each seat's own way;
//! - the royal piece: sheltered by its pawns and kept from the centre
//!   while pieces remain, brought to the centre as they go;
//! - the finish: with a winning material lead, the enemy king driven to
//!   the edge and the own king brought near, so a won game is mated
//!   before the 100-ply count draws it;
//! - checks given, in a game won by giving a number of them (3check):
//!   each check given is worth more the fewer are left to give;
//! - in a game won by losing every piece (Giveaway, Losers), the
//!   material counts against its owner; at level 5 by the number of
//!   pieces left to lose, not by their kinds: a queen is no harder to
//!   give away than a pawn, since the other side must take what is
//!   offered (level 5 so against itself with the values: 17-1-2 in
//!   Antichess, docs/bot.md, "Pieces to lose"), and no reach there (the
//!   reach with the values scored 9-1-10);
//! - in a game won by bringing a piece to a goal (King of the Hill,
//!   Racing Kings), each king's step nearer to it.
//!
//! It also gives the search what it needs besides a score: the material a
//! turn takes and with what, for ordering captures first.

use crate::rules::Position;
use crate::rules::board::{Board, Piece};
use crate::rules::chesslike::{ChessLike, Rebels, Step, Walk};
use crate::rules::geometry::{Geometry, Square};
use crate::rules::turn::{Action, Turn};

use super::values::{PAWN, Values};

/// Tenths of its value a piece in hand is worth.
const IN_HAND_TENTHS: i32 = 9;
/// The most a pawn's advance adds, at the rank before promotion.
const ADVANCE: f64 = 240.0;
/// A material lead (beyond pawns) from which the finish terms count.
const WINNING_LEAD: i32 = 250;
/// A passed pawn's worth (times 0.2 at home, 1.2 before promotion).
const PASSED: f64 = 90.0;
const ISOLATED: i32 = 12;
const DOUBLED: i32 = 14;
/// A royal piece's shelter: per own pawn just before it (middle game).
const SHELTER: f64 = 14.0;
/// Per step nearer the centre: a danger in the middle game, a strength
/// in the end game.
const CENTRE_DANGER: f64 = 6.0;
const CENTRE_KING: f64 = 8.0;
/// What a square one of a side's pieces reaches in play is worth (see
/// [`Walk::officer_reach`]).
///
/// [`Walk::officer_reach`]: crate::rules::chesslike::Walk::officer_reach
const PER_SQUARE_REACHED: i32 = 4;
/// The side to move's edge.
const TEMPO: i32 = 10;
/// In a game won by giving checks, what having given them is worth, by
/// the checks still to give (1, 2, 3; none left is the game won): the
/// last check but one is worth a piece, the one before it two pawns.
const CHECKS_LEFT: [i32; 4] = [0, 650, 200, 0];
/// In a game won by bringing a piece to a goal, each king's step nearer
/// to it.
const FLAG_STEP: i32 = 40;
/// A royal piece's worth when it takes (it is taken last).
const ROYAL_AS_ATTACKER: i32 = 2000;

/// One game's evaluation, measured once per [`super::choose`] call.
pub struct TwoSeat {
    values: Values,
    /// The values level 5 reads ([`Values::measure_grown`]).
    top_values: Values,
    /// Per kind: for pawn-like kinds, (home rank, promotion rank) per seat.
    pawn_ranks: Vec<Option<[(i8, i8); 2]>>,
    geometry: &'static Geometry,
    /// The pieces' worth (pawns and royals aside) of both full armies, as
    /// the game starts: what "the middle game" is measured against.
    full_army: i32,
    /// What level 5 reads of the pieces in play in this game.
    in_play: Weighed,
}

/// What level 5 ([`Budget::in_play`]) reads of the pieces in play
/// besides their measured values, by the game (see the module comment).
///
/// [`Budget::in_play`]: super::search::Budget::in_play
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Weighed {
    /// The squares each side's pieces reach (mobility).
    Reach,
    /// Nothing: a wall moves every turn (Duck chess).
    Nothing,
    /// How many pieces each side has left to lose: a game won by losing
    /// every piece.
    PiecesToLose,
}

/// What one evaluation reads besides the pieces' values: nothing (the
/// levels below 5), or what [`TwoSeat::in_play`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InPlay {
    /// The values alone.
    Values,
    /// The squares the pieces of seats 0 and 1 reach
    /// ([`Walk::officer_reach`]).
    Reach([u32; 2]),
    /// In a game won by losing every piece, each piece counts a pawn
    /// whatever its kind.
    PiecesToLose,
}

/// The concrete position behind a trait object, when it is chess-like.
pub fn chesslike(pos: &dyn Position) -> Option<&ChessLike> {
    let any: &dyn std::any::Any = pos;
    any.downcast_ref::<ChessLike>()
}

impl TwoSeat {
    /// The evaluation of `pos`'s game; `start` is the game's start
    /// position (what the middle game is measured against), else `pos`.
    pub fn new(pos: &ChessLike, start: Option<&ChessLike>) -> TwoSeat {
        let rules = pos.rules();
        let spec = rules.spec;
        let values = Values::measure(spec, |k| rules.pawn(k).is_some());
        let top_values = Values::measure_grown(spec, |k| rules.pawn(k).is_some());
        let pawn_ranks: Vec<_> = (0..spec.kinds.len() as u8)
            .map(|k| {
                rules.pawn(k).map(|p| {
                    [
                        (p.home_rank[0], p.promotion_rank[0]),
                        (p.home_rank[1], p.promotion_rank[1]),
                    ]
                })
            })
            .collect();
        let full_army = Self::army(&values, &pawn_ranks, start.unwrap_or(pos));
        TwoSeat {
            values,
            top_values,
            pawn_ranks,
            geometry: &spec.geometry,
            full_army,
            in_play: if rules.hooks.material_sign() < 0 {
                Weighed::PiecesToLose
            } else if pos.walling().is_some() {
                Weighed::Nothing
            } else {
                Weighed::Reach
            },
        }
    }

    /// What level 5 reads of the pieces in play in `walk`'s position
    /// (counting their reach only where the game weighs it).
    pub fn in_play(&self, walk: &mut Walk) -> InPlay {
        match self.in_play {
            Weighed::Reach => InPlay::Reach(walk.officer_reach()),
            Weighed::Nothing => InPlay::Values,
            Weighed::PiecesToLose => InPlay::PiecesToLose,
        }
    }

    /// The position's worth to `me`, in centipawns, reading `in_play`
    /// besides the pieces' values.
    pub fn eval_in_play(&self, pos: &ChessLike, me: usize, in_play: InPlay) -> i32 {
        // Level 5 (which reads the pieces in play) reads its own values
        // (in Duck chess, where it reads nothing in play, no piece grows:
        // they are the same); the game's phase is measured on the linear
        // ones either way.
        let values = if in_play == InPlay::Values {
            &self.values
        } else {
            &self.top_values
        };
        let board = pos.board();
        let g = self.geometry;
        let mut score = [0i32; 2];
        let mut pieces = [0i32; 2];
        let mut royal = [None; 2];
        // Pawn-like pieces per seat per file: how many, and the most and
        // least advanced rank along the seat's way (for passed pawns).
        let files = usize::from(g.files());
        let mut pawns: [Vec<(i8, i8, usize)>; 2] = [Vec::new(), Vec::new()];
        for sq in board.occupancy().iter() {
            // A wall (Duck chess's duck) is nobody's material.
            let Some(p) = board.get(sq).filter(|p| p.owner < 2) else {
                continue;
            };
            let seat = usize::from(p.owner & 1);
            if self.values.royal[p.kind as usize] {
                royal[seat] = Some(sq);
                continue;
            }
            let v = match self.pawn_ranks[p.kind as usize] {
                Some(ranks) => {
                    let (file, rank) = g.coords(sq);
                    pawns[seat].push((file, rank, p.kind as usize));
                    PAWN + self.advance(ranks[seat], seat, sq)
                }
                None => {
                    pieces[seat] += self.values.base[p.kind as usize];
                    values.on(p.kind, sq)
                }
            };
            score[seat] += v;
        }
        for seat in 0..2u8 {
            for kind in 0..self.values.base.len() as u8 {
                let n = i32::from(pos.in_reserve(seat, kind));
                if n > 0 && !self.values.royal[kind as usize] {
                    let v = values.base[kind as usize] * IN_HAND_TENTHS / 10;
                    score[seat as usize] += n * v;
                    pieces[seat as usize] +=
                        n * self.values.base[kind as usize] * IN_HAND_TENTHS / 10;
                }
            }
        }
        // Without a pawn on the board, the game may be dead (bare kings,
        // a lone minor piece): a draw, whatever the material says, so the
        // search does not trade down into it thinking itself ahead.
        if pawns.iter().all(Vec::is_empty) && pos.is_dead() {
            return 0;
        }
        let tempo = if usize::from(pos.side()) == me {
            TEMPO
        } else {
            -TEMPO
        };
        if pos.rules().hooks.material_sign() < 0 {
            // A game won by losing every piece: the fewer, the better.
            if in_play == InPlay::PiecesToLose {
                let left = |seat: usize| PAWN * pieces_left(pos, seat as u8);
                return left(1 - me) - left(me) + tempo;
            }
            return score[1 - me] - score[me] + tempo;
        }
        for (seat, score) in score.iter_mut().enumerate() {
            *score += self.structure(&pawns, seat, files);
            if let InPlay::Reach(reach) = in_play {
                *score += PER_SQUARE_REACHED * reach[seat] as i32;
            }
        }
        // How much of the middle game is left: 1 with armies whole, 0 with
        // only pawns and royals.
        let opening = f64::from(pieces[0] + pieces[1]) / f64::from(self.full_army.max(1));
        let middle = opening.clamp(0.0, 1.0);
        for seat in 0..2 {
            let other = 1 - seat;
            if let Some(king) = royal[seat] {
                score[seat] += self.royal_place(king, seat, middle, &pawns[seat]);
            }
            if pieces[seat] - pieces[other] >= WINNING_LEAD
                && let (Some(mine), Some(theirs)) = (royal[seat], royal[other])
            {
                score[seat] += self.finish(mine, theirs);
            }
        }
        for (seat, score) in score.iter_mut().enumerate() {
            *score += self.towards_goal(pos, seat as u8);
        }
        if let Some(left) = pos.checks_to_give() {
            for (seat, left) in left.iter().enumerate() {
                score[seat] += CHECKS_LEFT.get(usize::from(*left)).copied().unwrap_or(0);
            }
        }
        score[me] - score[1 - me] + tempo
    }

    /// How near `seat`'s nearest flag piece is to its goal, in king's
    /// steps, as a bonus (none in a game without a goal).
    fn towards_goal(&self, pos: &ChessLike, seat: u8) -> i32 {
        let Some((kind, goal)) = pos.rules().hooks.flag_goal(seat) else {
            return 0;
        };
        let g = self.geometry;
        let steps = |a: u8, b: u8| {
            let ((fa, ra), (fb, rb)) = (g.coords(a), g.coords(b));
            i32::from((fa - fb).abs().max((ra - rb).abs()))
        };
        let nearest = pos
            .board()
            .pieces_of(seat)
            .filter(|(_, p)| p.kind == kind)
            .filter_map(|(sq, _)| goal.iter().map(|&t| steps(sq, t)).min())
            .min();
        let reach = i32::from(g.files().max(g.ranks()));
        nearest.map_or(0, |d| FLAG_STEP * (reach - d).max(0))
    }

    /// Pawn structure of `seat`: a pawn with no enemy pawn ahead of it on
    /// its file or the next ones is passed (worth more the further it has
    /// come); two on a file are doubled; one with no friend on the next
    /// files is isolated.
    fn structure(&self, pawns: &[Vec<(i8, i8, usize)>; 2], seat: usize, files: usize) -> i32 {
        let mut on_file = vec![0u8; files];
        for &(f, _, _) in &pawns[seat] {
            on_file[f as usize] += 1;
        }
        let mut score = 0;
        for &(f, r, kind) in &pawns[seat] {
            let Some(ranks) = self.pawn_ranks[kind] else {
                continue;
            };
            let (home, promotion) = ranks[seat];
            let ahead = (promotion - home).signum();
            let passed = !pawns[1 - seat]
                .iter()
                .any(|&(ef, er, _)| (ef - f).abs() <= 1 && (er - r) * ahead > 0);
            if passed {
                let span = f64::from((promotion - home).abs().max(1));
                let done = (f64::from((r - home) * ahead) / span).clamp(0.0, 1.0);
                score += (PASSED * (0.2 + done * done)).round() as i32;
            }
            let near = |file: i32| {
                usize::try_from(file)
                    .ok()
                    .and_then(|f| on_file.get(f))
                    .is_some_and(|&n| n > 0)
            };
            if !near(i32::from(f) - 1) && !near(i32::from(f) + 1) {
                score -= ISOLATED;
            }
        }
        for &n in &on_file {
            if n > 1 {
                score -= DOUBLED * i32::from(n - 1);
            }
        }
        score
    }

    /// Where a royal piece stands: in the middle game sheltered behind its
    /// own pawns and away from the centre, in the end game in the centre.
    fn royal_place(&self, king: u8, seat: usize, middle: f64, own: &[(i8, i8, usize)]) -> i32 {
        let g = self.geometry;
        let (kf, kr) = g.coords(king);
        let (files, ranks) = (i32::from(g.files()), i32::from(g.ranks()));
        let off_centre = (2 * i32::from(kf) - (files - 1))
            .abs()
            .max((2 * i32::from(kr) - (ranks - 1)).abs());
        let central = (files.max(ranks) - off_centre) as f64;
        let shelter = own
            .iter()
            .filter(|&&(f, r, kind)| {
                let ahead = self.pawn_ranks[kind].map_or(1, |ranks| {
                    let (home, promotion) = ranks[seat];
                    (promotion - home).signum()
                });
                (f - kf).abs() <= 1 && (1..=2).contains(&((r - kr) * ahead))
            })
            .count() as f64;
        let mg = SHELTER * shelter.min(3.0) - CENTRE_DANGER * central;
        let eg = CENTRE_KING * central;
        (middle * mg + (1.0 - middle) * eg).round() as i32
    }

    /// The pieces' worth on `pos`'s board and in its reserves, pawns and
    /// royals aside.
    fn army(values: &Values, pawn_ranks: &[Option<[(i8, i8); 2]>], pos: &ChessLike) -> i32 {
        let counts = |kind: usize| !values.royal[kind] && pawn_ranks[kind].is_none();
        let board = pos.board();
        let on_board: i32 = board
            .occupancy()
            .iter()
            .filter_map(|sq| board.get(sq))
            .filter(|p| counts(p.kind as usize))
            .map(|p| values.base[p.kind as usize])
            .sum();
        let in_hand: i32 = (0..2u8)
            .flat_map(|seat| (0..values.base.len()).map(move |k| (seat, k)))
            .filter(|&(_, k)| counts(k))
            .map(|(seat, k)| i32::from(pos.in_reserve(seat, k as u8)) * values.base[k])
            .sum();
        on_board + in_hand
    }

    /// A pawn's bonus for how far it has come from its home rank toward
    /// its promotion rank.
    fn advance(&self, (home, promotion): (i8, i8), _seat: usize, sq: u8) -> i32 {
        let (_, rank) = self.geometry.coords(sq);
        let span = f64::from(promotion - home);
        if span == 0.0 {
            return 0;
        }
        let done = (f64::from(rank - home) / span).clamp(0.0, 1.0);
        (ADVANCE * done * done).round() as i32
    }

    /// With a winning lead: the enemy king's distance from the centre and
    /// the kings' nearness.
    fn finish(&self, mine: u8, theirs: u8) -> i32 {
        let g = self.geometry;
        let (tf, tr) = g.coords(theirs);
        let (mf, mr) = g.coords(mine);
        let (files, ranks) = (i32::from(g.files()), i32::from(g.ranks()));
        let off_centre = (2 * i32::from(tf) - (files - 1))
            .abs()
            .max((2 * i32::from(tr) - (ranks - 1)).abs());
        let apart = (i32::from(tf) - i32::from(mf))
            .abs()
            .max((i32::from(tr) - i32::from(mr)).abs());
        10 * off_centre + 8 * (files.max(ranks) - apart)
    }

    /// Whether `seat` has a piece besides pawns and royals, on the board
    /// or in hand: without one, a side is often in zugzwang (any turn
    /// makes things worse), and a search must not assume it could pass.
    pub fn has_pieces(&self, pos: &ChessLike, seat: u8) -> bool {
        let officer = |kind: u8| {
            !self.values.royal[kind as usize] && self.pawn_ranks[kind as usize].is_none()
        };
        pos.board().pieces_of(seat).any(|(_, p)| officer(p.kind))
            || (0..self.values.base.len() as u8)
                .any(|kind| officer(kind) && pos.in_reserve(seat, kind) > 0)
    }

    /// The material `step` takes (with what a promotion adds) and the
    /// worth of the piece that takes, for ordering captures: the most
    /// valuable victim first, by the least valuable attacker. In Squirm
    /// the victim may be the enemy piece the turn's squirm put on the
    /// square ([`after_squirm`]).
    pub fn trade(&self, pos: &ChessLike, step: &Step) -> (i32, i32) {
        let board = pos.board();
        let squirm = step.squirm.map(|s| s.action);
        let mut gain = 0;
        let mut attacker = 0;
        for act in step.acts() {
            if let Action::Move {
                from,
                to,
                promotion,
            } = act.action
            {
                if act.capture {
                    gain += match after_squirm(board, squirm, to) {
                        Some(victim) if victim.owner != pos.side() => {
                            self.values.base[victim.kind as usize]
                        }
                        // En passant: the pawn beside.
                        _ => PAWN,
                    };
                    attacker = board.get(from).map_or(PAWN, |p| self.as_attacker(p));
                }
                if let Some(kind) = promotion {
                    gain += self.values.base[kind as usize] - PAWN;
                }
            }
        }
        (gain, attacker)
    }

    /// A piece's worth as the one that takes: a royal piece's so high that
    /// it takes last and is never taken back.
    fn as_attacker(&self, p: Piece) -> i32 {
        if self.values.royal[p.kind as usize] {
            ROYAL_AS_ATTACKER
        } else {
            self.values.base[p.kind as usize]
        }
    }

    /// Whether `step`, a capture that took `gain` with a piece worth
    /// `attacker` ([`TwoSeat::trade`]) and led to `after`, loses material
    /// in the exchange on its square, two captures deep: the taker is
    /// worth more than it took, and the other side may take it back,
    /// with nothing of ours covering the square or with a piece worth
    /// less than the taker (say a queen took a pawn that a pawn
    /// defends). A cheap count of the exchange, for the capture search
    /// to leave such captures out: judged on the board after the
    /// capture, so a piece behind the taker covers the square, but a
    /// defender pinned to its king still counts. Never a capture that
    /// gives check (the other side may have better to do than take
    /// back), nor a turn of more than its capture (Squirm, gating), nor
    /// where a capture is not a plain trade of material: a blast
    /// (Atomic), pieces counted against their owner (Antichess, Losers),
    /// rebels, and taken pieces that come back as drops (Crazyhouse,
    /// Chessgi), where a piece taken in a losing exchange is still a
    /// piece in hand, and where leaving these captures out did not pay
    /// (level 5 against itself without it, 18-0-22 in Crazyhouse;
    /// docs/bot.md, "Captures that lose the exchange").
    pub fn loses_exchange(&self, after: &ChessLike, step: &Step, gain: i32, attacker: i32) -> bool {
        if attacker <= gain || step.squirm.is_some() || step.gate.is_some() || !step.act.capture {
            return false;
        }
        let rules = after.rules();
        if rules.hooks.blast().is_some()
            || rules.hooks.material_sign() <= 0
            || rules.rebels != Rebels::No
            || rules.drops.as_ref().is_some_and(|d| d.captures_to_hand)
        {
            return false;
        }
        let Action::Move { to, .. } = step.act.action else {
            return false;
        };
        let board = after.board();
        let them = after.side();
        let Some(least) = board
            .attackers(to, them)
            .map(|(_, p)| self.as_attacker(p))
            .min()
        else {
            return false;
        };
        let covered = board.attackers(to, 1 - them).next().is_some();
        let taken_back = if covered { least.min(attacker) } else { 0 };
        gain - attacker + taken_back < 0 && !after.in_check()
    }

    /// The material `turn` takes (with what a promotion adds), for move
    /// ordering: captures of the most valuable pieces first.
    pub fn gain(&self, pos: &dyn Position, turn: &Turn) -> i32 {
        let Some(pos) = chesslike(pos) else {
            return 0;
        };
        let board = pos.board();
        // A Squirm turn's squirm comes first.
        let squirm = turn.actions().first().copied();
        let mut gain = 0;
        for action in turn.actions() {
            if let Action::Move { to, promotion, .. } = *action {
                if let Some(victim) = after_squirm(board, squirm, to)
                    && victim.owner != pos.side()
                {
                    gain += self.values.base[victim.kind as usize];
                }
                if let Some(kind) = promotion {
                    gain += self.values.base[kind as usize] - PAWN;
                }
            }
        }
        gain
    }
}

/// The piece on `sq` once `squirm` (a turn's first action, if it is a
/// rebel move) has moved its enemy piece: Squirm's victim is taken where
/// the squirm put it. Not [`ChessLike::board_after`], which copies the
/// board: this is asked of every turn the search orders.
fn after_squirm(board: &Board, squirm: Option<Action>, sq: Square) -> Option<Piece> {
    match squirm {
        Some(Action::Rebel { from, to }) if sq == to => board.get(from),
        Some(Action::Rebel { from, .. }) if sq == from => None,
        _ => board.get(sq),
    }
}

/// The pieces `seat` has on the board and in hand, of every kind.
fn pieces_left(pos: &ChessLike, seat: u8) -> i32 {
    let on_board = pos.board().pieces_of(seat).count() as i32;
    let kinds = pos.rules().spec.kinds.len() as u8;
    let in_hand: i32 = (0..kinds).map(|k| i32::from(pos.in_reserve(seat, k))).sum();
    on_board + in_hand
}
