//! Pseudo-royal pieces (Fairy-Stockfish's `extinctionPseudoRoyal`, played
//! by Atomic): a side's pieces of an extinction type, while it has at most
//! one more of that type than `extinctionPieceCount`, may not be left
//! attacked nor blown up by the side's own move, as Fairy-Stockfish's
//! `Position::legal` judges it: a move that blows up (or, without
//! explosions, leaves empty the square of) an opposing pseudo-royal piece
//! is legal whatever it leaves attacked, and in a game whose captures
//! explode two pseudo-royal pieces that touch are immune (a capture of
//! one would blow up the other). The pieces are no royal pieces for the
//! core: this rule is the game's own legality ([`Hooks::forbids`]) and its
//! check, which decides whether a side without a move is mated.
//!
//! With `dupleCheck` (Spartan chess) a side's pieces of the extinction
//! types are, besides, attacked together or not at all: no move may leave
//! every one of them attacked (one of two kings may be left in check),
//! and a side whose every one is attacked is in check. As in
//! Fairy-Stockfish, this holds whatever the move takes.
//!
//! [`Hooks::forbids`]: crate::rules::chesslike::Hooks::forbids

use crate::rules::Action;
use crate::rules::board::Board;
use crate::rules::chesslike::{Act, Blast, ChessLike, Special};
use crate::rules::geometry::Square;

/// The rule: the kinds and how many of one a side may have for them to
/// be pseudo-royal.
pub struct PseudoRoyal {
    /// The extinction kinds (those of `extinctionPieceTypes` the game
    /// has).
    pub kinds: Vec<u8>,
    /// At most this many of a kind make its pieces pseudo-royal
    /// (`extinctionPieceCount` + 1).
    pub most: usize,
    /// Whether captures explode (touching pseudo-royal pieces are then
    /// immune).
    pub blast: bool,
    /// `dupleCheck`: every piece of the kinds attacked at once is a check.
    pub duple: bool,
}

impl PseudoRoyal {
    /// The squares of `seat`'s pseudo-royal pieces on `board`.
    fn royals(&self, board: &Board, seat: u8) -> Vec<Square> {
        let mut out = Vec::new();
        for &kind in &self.kinds {
            let of_kind = || board.pieces_of(seat).filter(move |(_, p)| p.kind == kind);
            if of_kind().count() <= self.most {
                out.extend(of_kind().map(|(sq, _)| sq));
            }
        }
        out
    }

    /// Whether the piece on `sq` stands beside one of `theirs` where that
    /// makes it immune (captures explode).
    fn immune(&self, board: &Board, sq: Square, theirs: &[Square]) -> bool {
        self.blast && theirs.iter().any(|&t| Blast::touching(board, sq, t))
    }

    /// Whether a pseudo-royal piece of the side to move is attacked (not
    /// immune), or with `dupleCheck` all its pieces of the kinds: its
    /// check.
    pub fn in_check(&self, pos: &ChessLike) -> bool {
        let board = pos.board();
        let side = pos.side();
        let theirs = self.royals(board, 1 - side);
        self.royals(board, side)
            .into_iter()
            .any(|sq| !self.immune(board, sq, &theirs) && board.attacked_by(sq, 1 - side))
            || self.all_attacked(board, side, &theirs)
    }

    /// With `dupleCheck`: whether `seat` has pieces of the kinds and
    /// every one is attacked (not immune) on `board`.
    fn all_attacked(&self, board: &Board, seat: u8, theirs: &[Square]) -> bool {
        if !self.duple {
            return false;
        }
        let mut ours = board
            .pieces_of(seat)
            .filter(|(_, p)| self.kinds.contains(&p.kind))
            .peekable();
        ours.peek().is_some()
            && ours
                .all(|(sq, _)| !self.immune(board, sq, theirs) && board.attacked_by(sq, 1 - seat))
    }

    /// Why `act` is illegal by this rule, if it is: the refusal names the
    /// piece (a king, or the game's own pseudo-royal piece).
    pub fn forbids(&self, pos: &ChessLike, act: &Act) -> Option<String> {
        let before = pos.board();
        let side = pos.side();
        let theirs = self.royals(before, 1 - side);
        let kind_on = |sq: Square| before.get(sq).map_or(0, |p| p.kind);
        let mut ours: Vec<(Square, u8)> = self
            .royals(before, side)
            .into_iter()
            .map(|sq| (sq, kind_on(sq)))
            .collect();
        if let Action::Move { from, to, .. } = act.action
            && let Some(at) = ours.iter_mut().find(|(s, _)| *s == from)
        {
            at.0 = to;
        }
        match act.action {
            Action::Drop { kind, to, .. } if self.kinds.contains(&kind) => ours.push((to, kind)),
            Action::Move {
                to,
                promotion: Some(kind),
                ..
            } if self.kinds.contains(&kind) => {
                let held = before.pieces_of(side).filter(|(_, p)| p.kind == kind);
                if held.count() >= self.most {
                    // One more of the kind: none of them is pseudo-royal.
                    ours.retain(|&(_, k)| k != kind);
                } else {
                    ours.push((to, kind));
                }
            }
            _ => {}
        }
        if let (Special::Castle { .. }, Action::Move { from, to, .. }) = (act.special, act.action)
            && self.royals(before, side).contains(&from)
            && let Some(s) = self.castling_through_attack(before, side, from, to, &theirs)
        {
            let name = before.geometry().name(s);
            let piece = called(pos, kind_on(from));
            return Some(format!(
                "your {piece} may not castle across {name}, attacked"
            ));
        }
        let after = pos.board_after(std::slice::from_ref(act));
        let own = |sq: Square| after.get(sq).is_some_and(|p| p.owner == side);
        if let Some(&(_, kind)) = ours.iter().find(|&&(sq, _)| !own(sq)) {
            let piece = called(pos, kind);
            return Some(format!("that capture would blow up your own {piece}"));
        }
        // Fairy-Stockfish's duple check, whatever the move takes.
        let duple = || {
            self.all_attacked(&after, side, &theirs).then(|| {
                let piece = called(pos, self.kinds[0]);
                format!("that would leave every one of your {piece}s attacked")
            })
        };
        // Blowing up (or emptying the square of) the other side's wins.
        if theirs.iter().any(|&sq| after.get(sq).is_none()) {
            return duple();
        }
        let attacked = ours
            .iter()
            .find(|&&(sq, _)| !self.immune(&after, sq, &theirs) && after.attacked_by(sq, 1 - side));
        match attacked {
            Some(&(_, kind)) => Some(format!(
                "that would leave your {} attacked",
                called(pos, kind)
            )),
            None => duple(),
        }
    }

    /// The first square a castling king passes (its own included, its
    /// destination not: that is judged after the move) that is attacked
    /// with the king lifted off, and not immune.
    fn castling_through_attack(
        &self,
        before: &Board,
        side: u8,
        from: Square,
        to: Square,
        theirs: &[Square],
    ) -> Option<Square> {
        let geo = before.geometry();
        let (f, _) = geo.coords(from);
        let (t, _) = geo.coords(to);
        let step = (t - f).signum();
        let mut lifted = before.clone();
        lifted.set(from, None);
        let mut sq = from;
        loop {
            if !self.immune(before, sq, theirs) && lifted.attacked_by(sq, 1 - side) {
                return Some(sq);
            }
            match geo.offset(sq, step, 0) {
                Some(next) if step != 0 && next != to => sq = next,
                _ => return None,
            }
        }
    }
}

/// What a refusal calls a pseudo-royal piece of `kind`: the king (the
/// letter K, whatever its movement's name: Atomic's is a commoner), or
/// the piece's own name (an amazon).
fn called(pos: &ChessLike, kind: u8) -> &'static str {
    let piece = &pos.rules().spec.kinds[usize::from(kind)];
    if piece.letter == 'K' {
        "king"
    } else {
        piece.name
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Variant;
    use crate::rules::defined::read_operator_file;

    /// A game of the operator's: White's amazon is pseudo-royal (its
    /// only extinction piece), Black has a royal king. As in
    /// Fairy-Stockfish, no extinction is judged (Black has no amazon and
    /// plays on), the amazon may not be left attacked, and a side whose
    /// pseudo-royal piece is attacked without a move is mated.
    #[test]
    fn a_pseudo_royal_piece_may_not_be_left_attacked() {
        let text = "[amazonrule:chess]\namazon = m\nstartFen = 7k/8/8/8/8/8/3r4/4M3 w - - 0 1\n\
                    extinctionValue = loss\nextinctionPieceTypes = m\nextinctionPseudoRoyal = true\n\
                    [royalblast:chess]\nblastOnCapture = true\n\
                    [deep:chess]\npromotionRegionBlack = *5 *4 *3 *2 *1\n";
        let games = read_operator_file(text);
        let refused: Vec<String> = games.refused().iter().map(|r| r.to_string()).collect();
        assert_eq!(refused.len(), 2, "{refused:?}");
        assert!(refused[0].starts_with("[royalblast]") && refused[0].contains("blastOnCapture"));
        // Black's double step lands in its promotion region, short of the
        // last rank: not played (a rule of pawns, refused with this file).
        assert!(refused[1].starts_with("[deep]") && refused[1].contains("promotionRegionBlack"));
        let game = &games.games()[0];
        let start = game.start(&[]).unwrap();
        assert_eq!(start.outcome(), None, "no extinction for Black");
        let why = start.play("Me1-e2", None).unwrap_err().to_string();
        assert!(why.contains("leave your amazon attacked"), "{why}");
        let taken = start.play("Me1xd2", None).unwrap();
        assert_eq!(taken.position.outcome(), None);
        let cornered = game
            .from_fen(&[], "r7/1k6/8/8/8/1p6/1pq3p1/M6r w - - 0 1")
            .unwrap();
        let mated = cornered.outcome().unwrap();
        assert_eq!(mated.points, vec![0, 2]);
    }
}
