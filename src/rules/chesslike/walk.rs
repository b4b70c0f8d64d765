//! A position played forward and taken back in place, for a search
//! outside the core (the computer player). [`crate::rules::Position::apply`]
//! checks a turn against the legal list again and builds a whole new
//! position (its board, its copy of the game's repetition keys, its end
//! decided); a search that plays millions of turns it has just listed as
//! legal needs none of that. A [`Walk`] lists the legal turns the way
//! perft does (`search.rs`: the fast generator where the game has one,
//! the squirms of Squirm games, the gates of gating games, the walls of
//! walling games), plays one on its own position and takes it back, and
//! keeps the repetition keys of the game and of the line played, so a
//! search can see a repeated position as the game would.

use super::Rebels;
use super::movegen::Scratch;
use super::position::{Act, ChessLike, Undo};
use crate::rules::turn::Turn;

/// One legal turn: an action, after a squirm in Squirm games, before a
/// gate in gating games or the wall in walling games (Duck chess's duck).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub squirm: Option<Act>,
    pub act: Act,
    /// The action after the move: a gate (Seirawan), a wall (the duck).
    pub gate: Option<Act>,
}

impl Step {
    /// The turn's actions, in order.
    pub fn acts(&self) -> impl Iterator<Item = &Act> {
        self.squirm
            .iter()
            .chain(std::iter::once(&self.act))
            .chain(self.gate.iter())
    }

    /// The turn as the rules' value.
    pub fn turn(&self) -> Turn {
        Turn(self.acts().map(|a| a.action).collect())
    }

    /// True when any action of the turn takes a piece.
    pub fn captures(&self) -> bool {
        self.acts().any(|a| a.capture)
    }
}

/// A position and the line of turns played on it (see the module
/// comment).
pub struct Walk {
    pos: ChessLike,
    scratch: Scratch,
    undos: Vec<Undo>,
    /// The repetition keys of the game, then of the positions of the line
    /// whose turns were listed.
    keys: Vec<u64>,
    /// Per turn played: the length of `keys` before it.
    marks: Vec<usize>,
    /// The key of the current position, once its turns were listed.
    key: Option<u64>,
    acts: Vec<Act>,
    squirms: Vec<Act>,
    follow: Vec<Act>,
    /// Per pass on the line: the keys and the key it set aside.
    passes: Vec<(Vec<u64>, Option<u64>)>,
    /// Whether the side to move is in check, once known.
    check: Option<bool>,
}

impl Walk {
    /// A walk from `root`.
    pub fn new(root: &ChessLike) -> Walk {
        Walk {
            pos: root.clone(),
            scratch: Scratch::new(&root.board),
            undos: Vec::new(),
            // The root's own key (the history's last) is pushed when its
            // first turn is played, as every position's is.
            keys: root.history[..root.history.len().saturating_sub(1)].to_vec(),
            marks: Vec::new(),
            key: None,
            acts: Vec::new(),
            squirms: Vec::new(),
            follow: Vec::new(),
            passes: Vec::new(),
            check: None,
        }
    }

    /// The current position (no history, last move or end of its own:
    /// the walk keeps those).
    pub fn position(&self) -> &ChessLike {
        &self.pos
    }

    /// Whether the side to move is in check ([`ChessLike::in_check`]).
    /// Known without asking once the narrow walk has listed the turns (it
    /// lists only out of check); else, on a board of at most 64 squares
    /// without a fast generator of its own, read from the check ways
    /// (`check_ways.rs`) where they can say, a look-up per piece near the
    /// royal one where the board walks every piece's pattern. Kept until
    /// a turn is played or taken back.
    pub fn in_check(&mut self) -> bool {
        if let Some(check) = self.check {
            return check;
        }
        let board = &self.pos.board;
        let by_ways = (self.pos.rules.backend.is_none() && board.geometry().len() <= 64)
            .then(|| {
                self.scratch.check_ways.prepare(board);
                self.scratch.check_ways.royal_attacked(board, self.pos.side)
            })
            .flatten();
        let check = by_ways.unwrap_or_else(|| self.pos.in_check());
        self.check = Some(check);
        check
    }

    /// How many turns have been played from the root.
    pub fn ply(&self) -> usize {
        self.undos.len()
    }

    /// Fills `out` (cleared first) with the current position's legal
    /// turns, and works out its repetition key ([`Walk::key`]).
    pub fn turns(&mut self, out: &mut Vec<Step>) {
        out.clear();
        let pos = &self.pos;
        if pos.rules.backend.is_some() || !pos.list_narrow(&mut self.scratch, &mut self.acts) {
            pos.legal_acts_into(&mut self.acts, &mut self.scratch);
        } else {
            self.check = Some(false);
        }
        if let Some(walling) = pos.walling() {
            let from = pos.wall_square();
            for &act in &self.acts {
                pos.each_wall_after(walling, from, &act, &mut self.scratch.board, |wall| {
                    out.push(Step {
                        squirm: None,
                        act,
                        gate: Some(wall),
                    })
                });
            }
        } else {
            out.extend(self.acts.iter().map(|&act| Step {
                squirm: None,
                act,
                gate: None,
            }));
            for &act in &self.acts {
                pos.each_gate(&act, |gate| {
                    out.push(Step {
                        squirm: None,
                        act,
                        gate: Some(gate),
                    })
                });
            }
        }
        let mut open = Vec::new();
        if let (Some(last), Rebels::SquirmFirst) = (pos.last_moved, pos.rules.rebels) {
            let mut squirms = std::mem::take(&mut self.squirms);
            squirms.clear();
            pos.rebel_acts_into(Some(last), &mut squirms, &mut self.scratch.rebel_steps);
            for &squirm in &squirms {
                let undo = self.pos.squirm_in_place(&squirm);
                self.pos
                    .legal_acts_into(&mut self.follow, &mut self.scratch);
                self.pos.undo_squirm(&undo);
                if !self.follow.is_empty() {
                    open.push(squirm);
                }
                out.extend(self.follow.iter().map(|&act| Step {
                    squirm: Some(squirm),
                    act,
                    gate: None,
                }));
            }
            self.squirms = squirms;
        }
        self.key = Some(self.pos.key_given(&self.acts, open.into_iter()));
    }

    /// Fills `out` (cleared first) with the current position's legal
    /// turns that take a piece or promote, without listing the others,
    /// and true: then the position's repetition key is not worked out
    /// ([`Walk::key`] is `None`). Where the game does not let them be
    /// listed apart (`takes.rs`), as [`Walk::turns`] does, and false.
    pub fn takes(&mut self, out: &mut Vec<Step>) -> bool {
        out.clear();
        let in_check = self.in_check();
        if !self
            .pos
            .take_acts_into(&mut self.acts, &mut self.scratch, in_check)
        {
            self.turns(out);
            return false;
        }
        self.key = None;
        out.extend(self.acts.iter().map(|&act| Step {
            squirm: None,
            act,
            gate: None,
        }));
        true
    }

    /// The squares the pieces of seats 0 and 1 reach, pawns and royal
    /// pieces aside: their mobility, for the computer player's evaluation
    /// (`officer_reach.rs`).
    pub fn officer_reach(&mut self) -> [u32; 2] {
        self.pos.officer_reach(&mut self.scratch)
    }

    /// The current position's repetition key (the game's own, as its
    /// history records it), once [`Walk::turns`] has listed its turns.
    pub fn key(&self) -> Option<u64> {
        self.key
    }

    /// How often the current position has stood in the game and on the
    /// line (this time included), once its turns were listed.
    pub fn repetitions(&self) -> usize {
        let Some(key) = self.key else { return 1 };
        1 + self.keys.iter().filter(|&&k| k == key).count()
    }

    /// Plays `step`, a turn [`Walk::turns`] listed for the current
    /// position.
    pub fn play(&mut self, step: &Step) {
        self.marks.push(self.keys.len());
        if let Some(key) = self.key.take() {
            self.keys.push(key);
        }
        let undo = match (step.squirm, step.gate) {
            (Some(squirm), _) => self.pos.play_in_place(&[squirm, step.act]),
            (None, Some(gate)) => self.pos.play_in_place(&[step.act, gate]),
            (None, None) => self.pos.play_in_place(std::slice::from_ref(&step.act)),
        };
        self.undos.push(undo);
        self.check = None;
    }

    /// The side to move passes (a null move, which no game allows: a
    /// search's way to ask whether the position is good enough even
    /// without a turn). No position before it counts as a repetition of
    /// one after it. Taken back by [`Walk::back_pass`], before anything
    /// played earlier.
    pub fn pass(&mut self) {
        let keys = std::mem::take(&mut self.keys);
        self.passes.push((keys, self.key.take()));
        let undo = self.pos.pass_in_place();
        self.undos.push(undo);
        self.check = None;
    }

    /// Takes back the pass [`Walk::pass`] played.
    pub fn back_pass(&mut self) {
        let undo = self.undos.pop().expect("a pass to take back");
        self.pos.undo(&undo);
        let (keys, key) = self.passes.pop().expect("a pass on the line");
        self.keys = keys;
        self.key = key;
        self.check = None;
    }

    /// Takes back the last turn played.
    pub fn back(&mut self) {
        let undo = self.undos.pop().expect("a turn to take back");
        self.pos.undo(&undo);
        let mark = self.marks.pop().expect("a mark per turn");
        self.key = self.keys.get(mark).copied();
        self.keys.truncate(mark);
        self.check = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess;
    use crate::rules::chesslike::{from_fen, to_fen};
    use crate::rules::{Position, Variant};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// Plays the listed turn written `text`; the walk's turns are listed.
    fn play(walk: &mut Walk, text: &str) {
        let mut steps = Vec::new();
        walk.turns(&mut steps);
        let pos = walk.position().clone();
        let step = steps
            .iter()
            .find(|s| pos.turn_text(&s.turn()) == text)
            .unwrap_or_else(|| panic!("{text} is listed"));
        walk.play(step);
    }

    /// A pass hands the turn over with nothing moved and no en passant
    /// left, and taking it back restores the position and its key.
    #[test]
    fn a_pass_hands_the_turn_over_and_is_taken_back() {
        let start = from_fen(&chess::rules::RULES, START).unwrap();
        let mut walk = Walk::new(&start);
        play(&mut walk, "e2-e4");
        let mut steps = Vec::new();
        walk.turns(&mut steps);
        let (fen, key) = (to_fen(walk.position()), walk.key());
        walk.pass();
        assert_eq!(
            to_fen(walk.position()),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
        );
        walk.turns(&mut steps);
        assert_eq!(steps.len(), 30, "White's turns with the e-pawn on e4");
        walk.back_pass();
        assert_eq!((to_fen(walk.position()), walk.key()), (fen, key));
        walk.back();
        assert_eq!(to_fen(walk.position()), START);
    }

    /// Out of check the takes are listed alone, and the position's key
    /// is not worked out; in check every turn is listed, key and all, as
    /// [`Walk::turns`] lists them (a search's table and its repetitions
    /// read that key).
    #[test]
    fn the_takes_alone_out_of_check_every_turn_in_check() {
        let start = from_fen(&chess::rules::RULES, START).unwrap();
        let mut walk = Walk::new(&start);
        for turn in ["e2-e4", "d7-d5"] {
            play(&mut walk, turn);
        }
        let (mut takes, mut every) = (Vec::new(), Vec::new());
        assert!(walk.takes(&mut takes));
        let texts: Vec<_> = takes
            .iter()
            .map(|s| walk.position().turn_text(&s.turn()))
            .collect();
        assert_eq!(texts, ["e4xd5"]);
        assert_eq!(walk.key(), None);
        for turn in ["e4xd5", "Qd8xd5", "d2-d4", "Qd5-e5"] {
            play(&mut walk, turn);
        }
        walk.turns(&mut every);
        let key = walk.key();
        assert!(key.is_some());
        assert!(!walk.takes(&mut takes), "White is in check");
        assert_eq!((takes, walk.key()), (every, key));
    }

    /// In every two-seat chess-like game of the library, along lines of
    /// play that give check whenever they can, the walk says the side to
    /// move is in check exactly where the position does: asked before
    /// the turns are listed (the check ways, or the board where they
    /// cannot say) and after (where the narrow walk listed them, known
    /// from that), and after a turn played and taken back. The ways
    /// answer in thousands of positions, more than a thousand of them in
    /// check. A game defined for the test has cannons on
    /// the board and in hand: their check needs a screen on the way.
    #[test]
    fn the_walk_knows_check_as_the_position_does() {
        let cannons = crate::rules::defined::read_operator_file(
            "[cannonhouse:crazyhouse]\ncustomPiece1 = c:mRcpR\n\
             startFen = rnbqkbnr/pppppppp/2c2c2/8/8/2C2C2/PPPPPPPP/RNBQKBNR[Cc] w KQkq - 0 1\n",
        );
        assert!(cannons.refused().is_empty(), "{:?}", cannons.refused());
        let starts = crate::rules::registry::VARIANTS
            .iter()
            .filter_map(|v| v.start(&[]).ok())
            .chain(cannons.games().iter().map(|g| g.start(&[]).unwrap()));
        let (mut by_ways, mut checks, mut drop_games) = (0, 0, 0);
        let mut steps = Vec::new();
        for start in starts {
            let any: &dyn std::any::Any = start.as_ref();
            let Some(start) = any.downcast_ref::<ChessLike>() else {
                continue;
            };
            let name = start.rules.name;
            drop_games += usize::from(start.rules.drops.is_some());
            for line in 0..3usize {
                let mut walk = Walk::new(start);
                for ply in 0..60usize {
                    let pos = walk.position().clone();
                    if pos.side > 1 {
                        break;
                    }
                    let expected = pos.in_check();
                    let mut ways = Scratch::new(&pos.board).check_ways;
                    if pos.board.geometry().len() <= 64 && pos.rules.backend.is_none() {
                        ways.prepare(&pos.board);
                        if let Some(answer) = ways.royal_attacked(&pos.board, pos.side) {
                            assert_eq!(answer, expected, "{name}: {}", to_fen(&pos));
                            by_ways += 1;
                        }
                    }
                    checks += usize::from(expected);
                    let asked_first = (ply + line) % 2 == 0;
                    if asked_first {
                        assert_eq!(walk.in_check(), expected, "{}", to_fen(&pos));
                    }
                    walk.turns(&mut steps);
                    assert_eq!(walk.in_check(), expected, "{}", to_fen(&pos));
                    if steps.is_empty() {
                        break;
                    }
                    // A turn that gives check, where one of the first few
                    // does; else one picked along the line.
                    let pick = (ply * 7 + line * 5 + 3) % steps.len();
                    let giving = steps.iter().take(40).position(|step| {
                        walk.play(step);
                        let gives = walk.position().in_check();
                        assert_eq!(walk.in_check(), gives, "{}", to_fen(walk.position()));
                        walk.back();
                        gives
                    });
                    assert_eq!(walk.in_check(), expected, "taken back: {}", to_fen(&pos));
                    let step = steps[giving.filter(|_| ply % 3 != 2).unwrap_or(pick)];
                    walk.play(&step);
                }
            }
        }
        assert!(drop_games >= 5, "{drop_games} drop games");
        assert!(checks > 1000, "{checks} positions in check");
        assert!(by_ways > 4000, "{by_ways} positions read from the ways");
    }

    /// In Squirm a pass leaves no piece to squirm: the piece the other
    /// side moved last is its own again when the turn comes back to it.
    #[test]
    fn a_pass_in_squirm_leaves_no_piece_that_moved_last() {
        let start = from_fen(&crate::rules::rebellion::SQUIRM, START).unwrap();
        let mut walk = Walk::new(&start);
        play(&mut walk, "e2-e4");
        assert!(to_fen(walk.position()).ends_with(" e4"));
        let mut steps = Vec::new();
        walk.turns(&mut steps);
        walk.pass();
        assert!(to_fen(walk.position()).ends_with(" -"));
        walk.turns(&mut steps);
        assert!(steps.iter().all(|s| s.squirm.is_none()), "no squirm listed");
        walk.back_pass();
        assert!(to_fen(walk.position()).ends_with(" e4"));
    }

    /// No position before a pass counts as a repetition of one after it:
    /// a line through a pass is not a game's line.
    #[test]
    fn a_pass_hides_the_positions_before_it_from_repetition() {
        let start = from_fen(&chess::rules::RULES, START).unwrap();
        let mut walk = Walk::new(&start);
        let mut steps = Vec::new();
        for text in ["Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8"] {
            play(&mut walk, text);
        }
        walk.turns(&mut steps);
        assert_eq!(walk.repetitions(), 2, "the start again, by turns");
        for _ in 0..4 {
            walk.back();
        }
        play(&mut walk, "Ng1-f3");
        play(&mut walk, "Ng8-f6");
        walk.turns(&mut steps);
        walk.pass();
        play(&mut walk, "Nf6-g8");
        walk.turns(&mut steps);
        walk.pass();
        walk.turns(&mut steps);
        assert_eq!(
            to_fen(walk.position()).split(' ').next(),
            Some("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R"),
        );
        assert_eq!(
            walk.repetitions(),
            1,
            "the position after Ng1-f3, reached through passes"
        );
    }
}
