//! Shatar's mate rule (Fairy-Stockfish's `shatarMateRule`): a mate counts
//! only when the mating side's series of checks held a *shak*, a check
//! given by a rook, a bers or a knight; a mate given by knights alone
//! is won by the side mated. The rule looks back over the mater's own
//! moves, so a position carries, per side, where its series of checks
//! stands ([`CheckRun`]): the core keeps it through play and undo and in
//! the stored text; the game's end rules judge the mate with it.

/// Where a side's series of checks stands after its last move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CheckRun {
    /// Its last move gave no check (or it has not moved since the
    /// position was set up).
    #[default]
    Quiet,
    /// Its last moves, back to one that gave no check, all gave check,
    /// and none of those checks was a shak.
    Checks,
    /// ... and one of them was a shak.
    Shak,
}

impl CheckRun {
    /// The letter the stored text writes: `-`, `c`, `s`.
    pub fn letter(self) -> char {
        match self {
            CheckRun::Quiet => '-',
            CheckRun::Checks => 'c',
            CheckRun::Shak => 's',
        }
    }

    /// Reads [`CheckRun::letter`].
    pub fn read(letter: char) -> Option<CheckRun> {
        match letter {
            '-' => Some(CheckRun::Quiet),
            'c' => Some(CheckRun::Checks),
            's' => Some(CheckRun::Shak),
            _ => None,
        }
    }
}

/// The kinds the rule names, bit `k` for kind `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShakRule {
    /// The kinds whose check is a shak (rook, bers, knight).
    pub shak: u32,
    /// The kinds whose mate, given by them alone, the mated side wins
    /// (the knight).
    pub knights: u32,
}

impl ShakRule {
    /// `before`, the mover's run, after a move that leaves the kinds
    /// `checkers` giving check (none: 0).
    pub fn after(&self, before: CheckRun, checkers: u32) -> CheckRun {
        match checkers {
            0 => CheckRun::Quiet,
            _ if checkers & self.shak != 0 || before == CheckRun::Shak => CheckRun::Shak,
            _ => CheckRun::Checks,
        }
    }

    /// What the mate of the side to move is worth, given the mater's
    /// run and the kinds giving the mate.
    pub fn mate(&self, run: CheckRun, checkers: u32) -> ShatarMate {
        if checkers & !self.knights == 0 {
            ShatarMate::ByKnights
        } else if run == CheckRun::Shak {
            ShatarMate::Mate
        } else {
            ShatarMate::Niol
        }
    }
}

/// A mate as the rule judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShatarMate {
    /// A checkmate as any other (the series held a shak).
    Mate,
    /// Given by knights alone: the mated side wins.
    ByKnights,
    /// A series of checks without a shak: drawn.
    Niol,
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: ShakRule = ShakRule {
        shak: 0b1110,
        knights: 0b0010,
    };

    #[test]
    fn a_shak_stays_in_the_run_until_a_quiet_move() {
        assert_eq!(RULE.after(CheckRun::Quiet, 0b0100), CheckRun::Shak);
        assert_eq!(RULE.after(CheckRun::Quiet, 0b1_0000), CheckRun::Checks);
        assert_eq!(RULE.after(CheckRun::Checks, 0b1_0000), CheckRun::Checks);
        assert_eq!(RULE.after(CheckRun::Shak, 0b1_0000), CheckRun::Shak);
        assert_eq!(RULE.after(CheckRun::Shak, 0), CheckRun::Quiet);
        assert_eq!(RULE.after(CheckRun::Checks, 0b1_0010), CheckRun::Shak);
    }

    #[test]
    fn knights_alone_lose_a_mate_and_a_run_without_shak_draws() {
        assert_eq!(RULE.mate(CheckRun::Shak, 0b0010), ShatarMate::ByKnights);
        assert_eq!(RULE.mate(CheckRun::Shak, 0b1_0010), ShatarMate::Mate);
        assert_eq!(RULE.mate(CheckRun::Checks, 0b1_0000), ShatarMate::Niol);
        assert_eq!(RULE.mate(CheckRun::Quiet, 0b1_0000), ShatarMate::Niol);
    }

    #[test]
    fn letters_read_back() {
        for run in [CheckRun::Quiet, CheckRun::Checks, CheckRun::Shak] {
            assert_eq!(CheckRun::read(run.letter()), Some(run));
        }
        assert_eq!(CheckRun::read('x'), None);
    }
}
