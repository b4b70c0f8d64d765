//! Turns as values. A turn is a short sequence of actions: one move in
//! chess, two dice moves (or passes) in Orwell, a squirm then a move in
//! Squirm Chess, a drop in Orphic Chess. Every game generates, checks and
//! plays these values ([`crate::rules::Position`]); text is only their
//! notation ([`crate::rules::notation`]), read leniently and written in one
//! canonical form (RULES.md "Notation used everywhere").

use super::geometry::Square;

/// One action within a turn. Kinds are indices into the game's piece set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A move of one of the mover's pieces (castling is the king's move;
    /// en passant the pawn's move onto the square passed over).
    /// `promotion` is the kind the piece becomes.
    Move {
        from: Square,
        to: Square,
        promotion: Option<u8>,
    },
    /// A piece of `kind` from the mover's reserve onto `to`. When `to`
    /// holds one of the mover's pawns, `relocate` is where that pawn goes
    /// in the same action (Orphic Chess: `N@e3/c4`).
    Drop {
        kind: u8,
        to: Square,
        relocate: Option<Square>,
    },
    /// A move of an enemy piece (a rebel move, a squirm: `~Nb8-b7`).
    Rebel { from: Square, to: Square },
    /// A wall of `kind` put on the empty square `to` after the turn's
    /// move, taken off `from` where it stood (Duck chess's duck, moved
    /// every turn: `from` is `None` on the first turn, when it is
    /// placed). A wall belongs to nobody and blocks every piece.
    Wall {
        kind: u8,
        from: Option<Square>,
        to: Square,
    },
    /// An action not taken: a die that cannot be used.
    Pass,
}

impl Action {
    /// A plain move without promotion.
    pub fn step(from: Square, to: Square) -> Self {
        Action::Move {
            from,
            to,
            promotion: None,
        }
    }

    /// The square a piece leaves, for moves of either side's pieces.
    pub fn from(&self) -> Option<Square> {
        match *self {
            Action::Move { from, .. } | Action::Rebel { from, .. } => Some(from),
            Action::Drop { .. } | Action::Wall { .. } | Action::Pass => None,
        }
    }

    /// The square a piece arrives on.
    pub fn to(&self) -> Option<Square> {
        match *self {
            Action::Move { to, .. }
            | Action::Rebel { to, .. }
            | Action::Drop { to, .. }
            | Action::Wall { to, .. } => Some(to),
            Action::Pass => None,
        }
    }
}

/// A piece a turn took: the step that took it (canonical text, as it
/// stands in the turn's text), the seat that owned it and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub step: String,
    pub owner: usize,
    pub piece: &'static str,
}

/// A whole turn: its actions in the order played.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Turn(pub Vec<Action>);

impl Turn {
    /// A turn of one action.
    pub fn single(action: Action) -> Self {
        Turn(vec![action])
    }

    pub fn actions(&self) -> &[Action] {
        &self.0
    }
}

impl From<Action> for Turn {
    fn from(action: Action) -> Self {
        Turn::single(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_of_each_action() {
        let m = Action::step(1, 2);
        assert_eq!((m.from(), m.to()), (Some(1), Some(2)));
        let d = Action::Drop {
            kind: 3,
            to: 9,
            relocate: Some(4),
        };
        assert_eq!((d.from(), d.to()), (None, Some(9)));
        assert_eq!(Action::Pass.to(), None);
        assert_eq!(Turn::from(m).actions(), [m]);
    }
}
