//! The legal actions counted on a board of at most 64 squares, every set
//! one word: what perft's last ply needs in the games whose turn is one
//! move of one's own pieces (Orthodia and the like). The general count
//! (`count.rs`) prepares the royal guard in sets of four words, judges
//! each piece by several tests and lists the royal piece's moves, the
//! pinned pieces' and those that fill a screen to test them one by one.
//! Here, out of check with one royal piece, the check ways onto it
//! (`check_ways.rs`) give the pins and screens as words; a free piece's
//! moves are its masks (`piece_table.rs`, `pawn_table.rs`) counted by
//! population; a pinned piece's, a screen-filling move's and an en
//! passant capture's are judged against the few lines kept, and the
//! royal piece's against the ways of the enemy pieces that could reach
//! its new square. The same judgements as the guard's
//! ([`RoyalGuard::safe_by_lines`]), so the same count. Drops (Crazyhouse
//! and the like, none onto a pawn) are the squares a kind may go to, but
//! those that fill a screen a line lacks, judged by the lines. The same
//! walk lists the actions where a search asks (the drop games' level 5
//! lists most of its positions' turns here). `None` where this path does
//! not apply; the general count then answers.
//!
//! [`RoyalGuard::safe_by_lines`]: crate::rules::royal_guard::RoyalGuard::safe_by_lines

use super::movegen::Scratch;
use super::pawns::{each_passed_over, facing};
use super::position::{Act, ChessLike, Special};
use super::{Rebels, Rules};
use crate::rules::Action;
use crate::rules::board::Board;
use crate::rules::geometry::Square;

/// The most lines onto the royal piece kept (more: the general count).
const LINES: usize = 32;

/// One enemy piece's way onto the royal square that one move could make
/// hold: its square, the squares on the way, how many must be occupied.
#[derive(Clone, Copy, Default)]
struct Line {
    watcher: u64,
    way: u64,
    screens: u32,
}

/// The lines onto the royal piece and the board's occupied squares (kept
/// in the search's scratch space: not filled anew per position).
pub(super) struct Lines {
    lines: [Line; LINES],
    len: usize,
    occupied: u64,
    /// What the game's rules say once for every position: the address
    /// of the rules, their pawn-like kinds, whether a pawn may promote
    /// to a royal kind.
    rules: (usize, u64, bool),
    /// Per kind, the index of its pawn rule among the rules' (`u8::MAX`:
    /// none).
    pawn_index: [u8; 64],
}

impl Default for Lines {
    fn default() -> Self {
        Lines {
            lines: [Line::default(); LINES],
            len: 0,
            occupied: 0,
            rules: (0, 0, false),
            pawn_index: [u8::MAX; 64],
        }
    }
}

impl Lines {
    /// The pawn-like kinds of `rules` and whether one promotes to a
    /// royal kind, worked out once per rules.
    #[inline(always)]
    fn of_rules(&mut self, rules: &'static Rules, board: &Board) -> (u64, bool) {
        let address = rules as *const Rules as usize;
        if self.rules.0 != address {
            let kinds = rules.pawns.iter().fold(0, |m, r| m | 1 << r.kind);
            let royal = rules.pawns.iter().any(|r| {
                r.promotions
                    .iter()
                    .flatten()
                    .any(|&k| board.is_royal_kind(k))
            });
            self.rules = (address, kinds, royal);
            self.pawn_index = [u8::MAX; 64];
            for (i, rule) in rules.pawns.iter().enumerate() {
                self.pawn_index[usize::from(rule.kind)] = i as u8;
            }
        }
        (self.rules.1, self.rules.2)
    }

    /// True when no line holds after `vacated` squares are emptied and
    /// `filled` ones occupied (a line whose watcher is among them is gone
    /// or moved: the move took it).
    #[inline(always)]
    fn safe(&self, vacated: u64, filled: u64) -> bool {
        let occupied = (self.occupied & !vacated) | filled;
        let touched = vacated | filled;
        !self.lines[..self.len]
            .iter()
            .any(|l| l.watcher & touched == 0 && (l.way & occupied).count_ones() == l.screens)
    }
}

/// Calls `f` with each square of `set`.
#[inline(always)]
fn each(mut set: u64, mut f: impl FnMut(Square)) {
    while set != 0 {
        f(set.trailing_zeros() as Square);
        set &= set - 1;
    }
}

/// Where the narrow walk puts the legal actions it finds: counted or
/// listed.
trait Sink {
    /// The moves of the piece on `from` to each square of `set`
    /// (captures where `capture`), once per kind of `promotions` on the
    /// squares of `promotion`.
    fn moves(&mut self, from: Square, set: u64, capture: bool, promotion: u64, promotions: &[u8]);
    /// One legal en passant capture.
    fn en_passant(&mut self, act: Act);
    /// One legal castling.
    fn castling(&mut self, act: Act);
    /// The drops of `kind` onto each square of `set`.
    fn drops(&mut self, kind: u8, set: u64);
}

/// Counts, keeping the legal en passant captures (the repetition key
/// reads them).
struct Count<'a> {
    count: u64,
    en_passant: &'a mut Vec<Act>,
}

impl Sink for Count<'_> {
    #[inline(always)]
    fn moves(&mut self, _: Square, set: u64, _: bool, promotion: u64, promotions: &[u8]) {
        if set & promotion == 0 {
            self.count += u64::from(set.count_ones());
        } else {
            self.count += u64::from((set & !promotion).count_ones())
                + u64::from((set & promotion).count_ones()) * promotions.len() as u64;
        }
    }
    fn en_passant(&mut self, act: Act) {
        self.count += 1;
        self.en_passant.push(act);
    }
    fn castling(&mut self, _: Act) {
        self.count += 1;
    }
    fn drops(&mut self, _: u8, set: u64) {
        self.count += u64::from(set.count_ones());
    }
}

/// Lists, as [`ChessLike::legal_acts`] does (in another order).
struct List<'a>(&'a mut Vec<Act>);

impl Sink for List<'_> {
    #[inline(always)]
    fn moves(&mut self, from: Square, set: u64, capture: bool, promotion: u64, promotions: &[u8]) {
        each(set, |to| {
            if promotion & 1 << to == 0 {
                self.0.push(Act::plain(Action::step(from, to), capture));
            } else {
                for &k in promotions {
                    let action = Action::Move {
                        from,
                        to,
                        promotion: Some(k),
                    };
                    self.0.push(Act::plain(action, capture));
                }
            }
        });
    }
    fn en_passant(&mut self, act: Act) {
        self.0.push(act);
    }
    fn castling(&mut self, act: Act) {
        self.0.push(act);
    }
    fn drops(&mut self, kind: u8, set: u64) {
        each(set, |to| {
            let action = Action::Drop {
                kind,
                to,
                relocate: None,
            };
            self.0.push(Act::plain(action, false));
        });
    }
}

impl ChessLike {
    /// [`ChessLike::count_legal_acts`] on a board of at most 64 squares,
    /// in a game without drops onto pawns, rebel moves or legality of its
    /// own (nor initial moves open, nor promotions with a choice, nor a
    /// royal piece in hand), out
    /// of check, with one royal piece and every piece facing +1 or -1;
    /// `None` elsewhere or where a table cannot say.
    pub(super) fn count_narrow(
        &self,
        scratch: &mut Scratch,
        en_passant: &mut Vec<Act>,
    ) -> Option<u64> {
        en_passant.clear();
        let mut sink = Count {
            count: 0,
            en_passant,
        };
        self.narrow(scratch, &mut sink)?;
        Some(sink.count)
    }

    /// [`ChessLike::legal_acts`] where [`ChessLike::count_narrow`] can
    /// count them, put in `out` (cleared first; in another order than
    /// the list's): what a search lists above its last ply. False (and
    /// `out` cleared) where it cannot.
    pub(super) fn list_narrow(&self, scratch: &mut Scratch, out: &mut Vec<Act>) -> bool {
        out.clear();
        let listed = self.narrow(scratch, &mut List(out)).is_some();
        if !listed {
            out.clear();
        }
        listed
    }

    /// The walk of both, by the processor's population count where it
    /// has one.
    #[inline(always)]
    fn narrow(&self, scratch: &mut Scratch, sink: &mut impl Sink) -> Option<()> {
        // The masks know no mobility regions: such a game lists its moves.
        if self.rules.spec.has_regions() {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the instruction.
            return unsafe { self.narrow_popcnt(scratch, sink) };
        }
        self.narrow_words(scratch, sink)
    }

    /// [`ChessLike::narrow_words`] compiled with the population count
    /// instruction: every set here is counted by it, and the build's
    /// baseline (x86-64 without it) counts bits in a dozen instructions.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn narrow_popcnt(&self, scratch: &mut Scratch, sink: &mut impl Sink) -> Option<()> {
        self.narrow_words(scratch, sink)
    }

    /// Gives `sink` every legal action, or `None` where this path does
    /// not apply (having given it some perhaps).
    #[inline(always)]
    fn narrow_words(&self, scratch: &mut Scratch, sink: &mut impl Sink) -> Option<()> {
        let rules = self.rules;
        let board = &self.board;
        if rules.rebels != Rebels::No
            || rules
                .drops
                .as_ref()
                .is_some_and(|d| d.onto_own_pawn.is_some())
            || rules.own_legality
            || board.geometry().len() > 64
            || !board.odd_facing().is_empty()
            || self.side > 1
            || self.initial_rights() != 0
            || self.promotes_by_choice()
        {
            return None;
        }
        let side = self.side;
        let own = board.owned(side)?.low_bits();
        let theirs = board.owned(1 - side)?.low_bits();
        let occupied = board.occupancy().low_bits();
        let royal = board.royal_squares().low_bits();
        let kings = own & royal;
        if kings.count_ones() != 1 || occupied != own | theirs {
            return None;
        }
        let king = kings.trailing_zeros() as Square;
        let Scratch {
            check_ways: ways,
            pawn_table,
            piece_table,
            board: copy,
            narrow_lines: lines,
            ..
        } = scratch;
        ways.prepare(board);
        // The lines onto the royal square (as the guard prepares them).
        lines.len = 0;
        lines.occupied = occupied;
        let (mut pinned, mut screening) = (0u64, 0u64);
        let mut watchers = theirs & ways.sources(king);
        while watchers != 0 {
            let from = watchers.trailing_zeros() as Square;
            watchers &= watchers - 1;
            let p = board.get(from)?;
            let Some((way, screens)) = ways.way(board, p.kind, p.facing, from, king)? else {
                continue;
            };
            let held = (way & occupied).count_ones();
            if held > screens + 2 {
                continue;
            }
            match held.cmp(&screens) {
                // In check: the general count.
                std::cmp::Ordering::Equal => return None,
                std::cmp::Ordering::Less => screening |= way,
                std::cmp::Ordering::Greater if held == screens + 1 => pinned |= way & occupied,
                std::cmp::Ordering::Greater => {}
            }
            if lines.len == LINES {
                return None;
            }
            lines.lines[lines.len] = Line {
                watcher: 1 << from,
                way,
                screens,
            };
            lines.len += 1;
        }
        let capturable = theirs & !royal;
        let up = facing(side);
        let (pawn_kinds, royal_promotion) = lines.of_rules(rules, board);
        let lines = &*lines;
        let pawn_index = |kind: u8| usize::from(lines.pawn_index[usize::from(kind)]);
        if royal_promotion || pawn_kinds & 1 << board.get(king)?.kind != 0 {
            return None;
        }
        let mut pieces = own & !kings;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as Square;
            pieces &= pieces - 1;
            let p = board.get(from)?;
            // The squares it may move to, those it may capture on, and
            // where each move is one per promotion.
            let (quiet, captures, promotion, promotions) = if pawn_kinds & 1 << p.kind != 0 {
                if p.facing != up {
                    return None;
                }
                let index = pawn_index(p.kind);
                let rule = rules.pawns.get(index)?;
                let squares =
                    pawn_table.get(board, (index, rules.pawns.len()), rule, side, from)?;
                let mut quiet = 0u64;
                for ray in squares.steps() {
                    for &to in ray {
                        if occupied & 1 << to != 0 {
                            break;
                        }
                        quiet |= 1 << to;
                    }
                }
                let captures = squares.captures.low_bits() & capturable;
                let promotion = squares.promotion.low_bits();
                (
                    quiet,
                    captures,
                    promotion,
                    &rule.promotions[usize::from(side)][..],
                )
            } else {
                let masks = piece_table.narrow.get(board, p.kind, p.facing, from)?;
                let (quiet, reached) = masks.reached(occupied);
                (quiet, reached & capturable, 0, &[][..])
            };
            let from_bit = 1u64 << from;
            if pinned & from_bit == 0 {
                // Free: every capture is legal, and every quiet move but
                // one that fills a screen (judged by the lines).
                let risky = quiet & screening;
                sink.moves(from, quiet & !risky, false, promotion, promotions);
                sink.moves(from, captures, true, promotion, promotions);
                each(risky, |to| {
                    if lines.safe(from_bit, 1 << to) {
                        sink.moves(from, 1 << to, false, promotion, promotions);
                    }
                });
            } else {
                each(quiet | captures, |to| {
                    if lines.safe(from_bit, 1 << to) {
                        let capture = captures & 1 << to != 0;
                        sink.moves(from, 1 << to, capture, promotion, promotions);
                    }
                });
            }
        }
        // The royal piece: each square it may go to, asked of the enemy
        // pieces that could check it there, the royal piece lifted.
        let k = board.get(king)?;
        let masks = piece_table.narrow.get(board, k.kind, k.facing, king)?;
        let (quiet, reached) = masks.reached(occupied);
        let captures = reached & capturable;
        let lifted = occupied & !kings;
        let mut safe = 0u64;
        let mut unknown = false;
        each(quiet | captures, |to| {
            let mut attackers = theirs & ways.sources(to) & !(1 << to);
            while attackers != 0 {
                let from = attackers.trailing_zeros() as Square;
                attackers &= attackers - 1;
                let Some(p) = board.get(from) else {
                    unknown = true;
                    return;
                };
                match ways.way(board, p.kind, p.facing, from, to) {
                    None => {
                        unknown = true;
                        return;
                    }
                    Some(Some((way, screens))) if (way & lifted).count_ones() == screens => {
                        return;
                    }
                    Some(_) => {}
                }
            }
            safe |= 1 << to;
        });
        if unknown {
            return None;
        }
        sink.moves(king, quiet & safe, false, 0, &[]);
        sink.moves(king, captures & safe, true, 0, &[]);
        // En passant: onto an empty square the multi-step passed over,
        // by a pawn-like taker whose capture leaps there, judged by the
        // lines with both squares emptied.
        if let Some((ep_from, ep_to)) = self.en_passant
            && let Some(rule) = board.get(ep_to).and_then(|v| rules.pawn(v.kind))
        {
            let mut passed = 0u64;
            each_passed_over(board.geometry(), ep_from, ep_to, |s| passed |= 1 << s);
            let passed = passed & !occupied;
            let takers: u64 = rule.taken_by.iter().fold(0, |m, &k| m | 1 << k);
            if takers & !pawn_kinds != 0 {
                return None;
            }
            let mut pieces = if passed == 0 { 0 } else { own & !kings };
            while pieces != 0 {
                let from = pieces.trailing_zeros() as Square;
                pieces &= pieces - 1;
                let p = board.get(from)?;
                if takers & 1 << p.kind == 0 {
                    continue;
                }
                let index = pawn_index(p.kind);
                let squares = pawn_table.get(
                    board,
                    (index, rules.pawns.len()),
                    rules.pawns.get(index)?,
                    side,
                    from,
                )?;
                each(squares.captures.low_bits() & passed, |to| {
                    if lines.safe(1 << from | 1 << ep_to, 1 << to) {
                        sink.en_passant(Act {
                            action: Action::step(from, to),
                            capture: true,
                            special: Special::EnPassant { taken: ep_to },
                        });
                    }
                });
            }
        }
        if rules
            .castlings
            .iter()
            .any(|r| r.seat == side && self.rights & 1 << r.right != 0)
        {
            copy.copy_from(board);
            self.each_legal_castling(copy, |act| sink.castling(act));
        }
        // Drops (out of check here): legal but where one fills a screen
        // a line lacks (`list_drops.rs` says why).
        if let Some(drops) = &rules.drops {
            let hand = self.reserves[usize::from(side)];
            for (kind, _) in hand.iter().enumerate().filter(|&(_, &n)| n > 0) {
                let kind = kind as u8;
                if board.is_royal_kind(kind) {
                    return None;
                }
                let onto = self.empty_drop_squares(drops, kind).low_bits();
                sink.drops(kind, onto & !screening);
                each(onto & screening, |to| {
                    if lines.safe(0, 1 << to) {
                        sink.drops(kind, 1 << to);
                    }
                });
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chesslike::{Rules, from_fen, to_fen};
    use crate::rules::{chess, orthodia};
    const CHESS_START: &str = chess::START_FEN;

    /// The narrow count is the length of the list wherever it answers,
    /// and the narrow list holds the list's actions,
    /// along pseudo-random games of both Orthodias and of chess (whose
    /// core data has castling), and in positions with pins, en passant
    /// and castling into or through check.
    #[test]
    fn the_narrow_count_is_the_length_of_the_list() {
        let games: [(&'static Rules, &str); 3] = [
            (&orthodia::RULES, orthodia::START),
            (
                &orthodia::SIMPLE_RULES,
                "rgb1kbgr/wppppppw/8/8/8/8/WPPPPPPW/RGB1KBGR w - - 0 1",
            ),
            (&chess::rules::RULES, CHESS_START),
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let (mut counted, mut en_passant, mut castling) = (0, 0, 0);
        let mut agrees = |pos: &ChessLike, scratch: &mut Scratch| {
            let list = pos.core_legal_acts();
            let mut ep = Vec::new();
            let count = pos.count_narrow(scratch, &mut ep)?;
            let fen = to_fen(pos);
            assert_eq!(count as usize, list.len(), "{fen}");
            // The list has the same actions (each once: the core's are).
            let mut listed = Vec::new();
            assert!(pos.list_narrow(scratch, &mut listed), "{fen}");
            assert_eq!(listed.len(), list.len(), "{fen}");
            for act in &list {
                assert!(listed.contains(act), "{fen}: {act:?}");
            }
            let listed_ep: Vec<&Act> = list
                .iter()
                .filter(|a| matches!(a.special, Special::EnPassant { .. }))
                .collect();
            assert_eq!(listed_ep.len(), ep.len(), "{fen}");
            en_passant += usize::from(!ep.is_empty());
            let castles = list
                .iter()
                .any(|a| matches!(a.special, Special::Castle { .. }));
            castling += usize::from(castles);
            counted += 1;
            Some(list)
        };
        for (rules, start) in games {
            for _game in 0..16 {
                let mut pos = from_fen(rules, start).unwrap();
                let mut scratch = Scratch::new(&pos.board);
                for _ply in 0..80 {
                    let list = agrees(&pos, &mut scratch).unwrap_or_else(|| pos.core_legal_acts());
                    if list.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let act = list[(seed % list.len() as u64) as usize];
                    pos.play_in_place(&[act]);
                }
            }
        }
        let fixed: [(&'static Rules, &str); 5] = [
            // The knight is pinned by the rook: king moves only.
            (&chess::rules::RULES, "4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1"),
            // The rook slides along the pin, or takes the pinner.
            (&chess::rules::RULES, "4k3/8/8/8/4r3/8/4R3/4K3 w - - 0 1"),
            // En passant would expose the king along the rank.
            (&chess::rules::RULES, "8/8/8/KPp4r/8/8/8/7k w - c7-c5 0 2"),
            // Castling through an attacked square one way, not the other.
            (&chess::rules::RULES, "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1"),
            // The Torch pins a Gold from a distance (odd squares only).
            (&orthodia::RULES, "4k3/8/4g3/8/8/8/8/K3T3 b - - 0 1"),
        ];
        let mut pinned = 0;
        for (rules, fen) in fixed {
            let pos = from_fen(rules, fen).unwrap();
            let mut scratch = Scratch::new(&pos.board);
            pinned += usize::from(agrees(&pos, &mut scratch).is_some());
        }
        assert!(
            counted > 2000 && en_passant > 8 && castling > 20 && pinned >= 4,
            "{counted} counted, {en_passant} with en passant, {castling} with castling, {pinned} fixed"
        );
    }

    /// In the drop games of the library whose drops go onto empty squares
    /// (and in one with cannons in hand, whose drops may make a screen),
    /// along lines of play that take whenever they can so that hands
    /// fill: the narrow count and list are the core's wherever they
    /// answer, drops among them.
    #[test]
    fn the_narrow_walk_lists_the_drops_as_the_core_does() {
        use super::super::list_drops::tests::along_drop_games;
        let (mut with_drops, mut refused) = (0, 0);
        let mut listed = Vec::new();
        let cannons = "[cannonhouse:crazyhouse]\ncustomPiece1 = c:mRcpR\n\
             startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[CCcc] w KQkq - 0 1\n";
        let games = along_drop_games(cannons, 8, 100, |pos, scratch| {
            let list = pos.core_legal_acts();
            if let Some(count) = pos.count_narrow(scratch, &mut Vec::new()) {
                let fen = to_fen(pos);
                assert_eq!(count as usize, list.len(), "{fen}");
                assert!(pos.list_narrow(scratch, &mut listed), "{fen}");
                assert_eq!(listed.len(), list.len(), "{fen}");
                for act in &list {
                    assert!(listed.contains(act), "{fen}: {act:?}");
                }
                let drops = |a: &&Act| matches!(a.action, Action::Drop { .. });
                let dropped = list.iter().filter(drops).count();
                with_drops += usize::from(dropped > 0);
                refused += usize::from(dropped > 0 && dropped < pos.drop_acts().len());
            }
            list
        });
        assert!(
            games >= 5 && with_drops > 500 && refused > 0,
            "{games} games, {with_drops} positions with drops, {refused} with a drop refused"
        );
    }
}
