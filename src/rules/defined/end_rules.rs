//! A defined game's own rules of play and of its end, as Fairy-Stockfish's
//! keys give them: the flag (`flag.rs`), extinction
//! (`extinctionValue`, `extinctionPieceTypes`: a side left without some
//! kind of piece), the values of checkmate and stalemate
//! (`checkmateValue`, `stalemateValue`: Losers and Giveaway are won by
//! being mated or stalemated), mandatory captures (`mustCapture`) and
//! moves that may not give check (`checking = false`), the checks to
//! give (`checkCounting`: 3check), and the limits of
//! the draw rules (`nMoveRule`, `nFoldRule`), Makruk's counting of the
//! ending (`countingRule`, played by the core: `chesslike/counting.rs`),
//! Ouk Chatrang's initial moves (`cambodianMoves`, played by the core:
//! `chesslike/initial_moves.rs`, read by `initial.rs`), Shatar's mate
//! rule (`shatarMateRule`: the series of checks kept by the core,
//! `chesslike/shak.rs`, the mate judged here), and a drop game's hands
//! under its board. One [`EndRules`]
//! per definition is the game's [`Hooks`]; a game with none of them
//! plays as chess does.

use super::DefinitionError;
use super::definition::{Definition, Value};
use super::flag::FlagRule;
use super::hands::hand_lines;
use super::pseudo_royal::PseudoRoyal;
use crate::rules::chess::rules::ORTHODOX;
use crate::rules::chesslike::{
    Act, Blast, ChessLike, CountingRule, Gating, Hooks, InitialMoves, ShakRule, ShatarMate, Walling,
};
use crate::rules::ends::{DrawLimits, RepetitionWinner};
use crate::rules::geometry::{Geometry, Square};
use crate::rules::render::Drawing;
use crate::rules::{Action, Ending, Outcome};

/// The extinction rule: a side with at most `count` pieces of one of
/// `kinds` (`None`: of all its pieces together), while the other side has
/// at least `opponent_count` of that kind, ends the game with `value`
/// for the side so reduced.
struct Extinction {
    value: Value,
    kinds: Vec<Option<u8>>,
    count: usize,
    opponent_count: usize,
    /// `extinctionClaim` (see [`Definition::extinction_claim`]).
    claim: bool,
}

impl Extinction {
    fn end(&self, pos: &ChessLike) -> Option<Outcome> {
        let board = pos.board();
        let held = |seat: u8, kind: Option<u8>| {
            let on_board = board
                .pieces_of(seat)
                .filter(|(_, p)| kind.is_none_or(|k| p.kind == k))
                .count();
            let in_hand: usize = match kind {
                Some(k) => usize::from(pos.in_reserve(seat, k)),
                None => (0..board.spec().kinds.len() as u8)
                    .map(|k| usize::from(pos.in_reserve(seat, k)))
                    .sum(),
            };
            on_board + in_hand
        };
        // The side that has just moved first, as Fairy-Stockfish judges.
        for seat in [1 - pos.side(), pos.side()] {
            for &kind in &self.kinds {
                let needed = self.opponent_count + usize::from(self.claim && seat == pos.side());
                if held(seat, kind) <= self.count && held(1 - seat, kind) >= needed {
                    return Some(valued(self.value, seat, Ending::Extinction));
                }
            }
        }
        None
    }
}

/// Who wins a repetition worth `value` to the side to move (with
/// `absolute`, to White): `None` for a draw.
fn repetition_winner(value: Value, absolute: bool) -> Option<RepetitionWinner> {
    match (value, absolute) {
        (Value::Draw, _) => None,
        (Value::Win, false) => Some(RepetitionWinner::ToMove),
        (Value::Loss, false) => Some(RepetitionWinner::Mover),
        (Value::Win, true) => Some(RepetitionWinner::Seat(0)),
        (Value::Loss, true) => Some(RepetitionWinner::Seat(1)),
    }
}

/// The outcome worth `value` to `seat`.
fn valued(value: Value, seat: u8, ending: Ending) -> Outcome {
    match value {
        Value::Win => Outcome::win(usize::from(seat), 2, ending),
        Value::Loss => Outcome::win(usize::from(1 - seat), 2, ending),
        Value::Draw => Outcome::draw(2, ending),
    }
}

/// A defined game's own rules (see the module's comment).
pub struct EndRules {
    flag: Option<FlagRule>,
    extinction: Option<Extinction>,
    checkmate: Value,
    stalemate: Value,
    must_capture: bool,
    checking: bool,
    /// `dropChecks`: whether a drop may give check.
    drop_checks: bool,
    check_counting: bool,
    limits: DrawLimits,
    /// Makruk's counting of the ending (`countingRule`).
    counting: Option<CountingRule>,
    /// Ouk Chatrang's initial moves (`cambodianMoves`) and the FEN
    /// letters of their gates.
    initial: Option<(InitialMoves, String)>,
    /// A drop game: its board shows the pieces in hand.
    hands: bool,
    /// Explosions on capture (`blastOnCapture`), played by the core.
    blast: Option<Blast>,
    /// Pseudo-royal pieces (`extinctionPseudoRoyal`).
    pseudo_royal: Option<PseudoRoyal>,
    /// Shatar's mate rule (`shatarMateRule`).
    shak: Option<ShakRule>,
    /// The duck (`wallingRule = duck`), played by the core.
    walling: Option<Walling>,
    /// Seirawan's gating (`seirawanGating`, played by the core:
    /// `chesslike/gating.rs`).
    gating: Option<Gating>,
}

impl EndRules {
    /// The rules of `def` (whose piece kinds are indexed by `kind_of`),
    /// `None` when it has none beyond chess's.
    pub fn of(
        def: &Definition,
        geometry: &Geometry,
        kind_of: &dyn Fn(char) -> Option<u8>,
        walling: Option<Walling>,
    ) -> Result<Option<EndRules>, DefinitionError> {
        let flag = FlagRule::of(def, geometry, kind_of)?;
        // Pseudo-royal pieces cannot be taken: Fairy-Stockfish judges no
        // extinction then, unless captures explode (Atomic's king blown up).
        let no_extinction = def.extinction_pseudo_royal && !def.blast_on_capture;
        let extinction = match def.extinction_value {
            _ if no_extinction => None,
            None => None,
            Some(value) => {
                let kinds = def
                    .extinction_piece_types
                    .iter()
                    .map(|&c| match c {
                        '*' => Ok(None),
                        c => kind_of(c).map(Some).ok_or_else(|| DefinitionError::Game {
                            name: def.name.clone(),
                            why: format!("extinctionPieceTypes: no piece has the letter {c}"),
                        }),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Some(Extinction {
                    value,
                    kinds,
                    count: usize::from(def.extinction_piece_count),
                    opponent_count: usize::from(def.extinction_opponent_piece_count),
                    claim: def.extinction_claim,
                })
            }
        };
        let rules = EndRules {
            flag,
            extinction,
            checkmate: def.checkmate_value,
            stalemate: def.stalemate_value,
            must_capture: def.must_capture,
            checking: def.checking,
            drop_checks: def.drop_checks,
            check_counting: def.check_counting,
            limits: DrawLimits {
                repetitions: usize::from(def.n_fold_rule),
                plies: 2 * u32::from(def.n_move_rule),
                repetition_winner: repetition_winner(def.n_fold_value, def.n_fold_value_absolute),
            },
            counting: def.counting_rule.map(|table| {
                let kind = |keys: &[&str]| {
                    keys.iter()
                        .find_map(|k| def.piece_by_key(k))
                        .and_then(|p| kind_of(p.letter))
                };
                CountingRule {
                    table,
                    pawn: kind(&["pawn"]),
                    rook: kind(&["rook"]),
                    khon: kind(&["khon", "silver"]),
                    knight: kind(&["knight"]),
                }
            }),
            initial: super::initial::initial_moves(def, geometry, kind_of)?,
            hands: def.piece_drops || def.seirawan_gating,
            blast: def.blast_on_capture.then(|| Blast {
                // Fairy-Stockfish's blast spares the pawn type.
                spared: def
                    .piece_by_key("pawn")
                    .and_then(|p| kind_of(p.letter))
                    .map_or(0, |k| 1 << k),
            }),
            pseudo_royal: def.extinction_pseudo_royal.then(|| PseudoRoyal {
                kinds: def
                    .extinction_piece_types
                    .iter()
                    .filter_map(|&c| kind_of(c))
                    .collect(),
                most: usize::from(def.extinction_piece_count) + 1,
                blast: def.blast_on_capture,
                duple: def.duple_check,
            }),
            shak: def.shatar_mate_rule.then(|| {
                // Fairy-Stockfish's piece types, whatever their letters.
                let kinds = |keys: &[&str]| {
                    keys.iter()
                        .filter_map(|k| def.piece_by_key(k))
                        .filter_map(|p| kind_of(p.letter))
                        .fold(0, |bits, k| bits | 1 << k)
                };
                ShakRule {
                    shak: kinds(&["rook", "bers", "knight"]),
                    knights: kinds(&["knight"]),
                }
            }),
            walling,
            gating: super::gating::gating(def)?,
        };
        let plain = rules.flag.is_none()
            && rules.extinction.is_none()
            && rules.checkmate == Value::Loss
            && rules.stalemate == Value::Draw
            && !rules.must_capture
            && rules.checking
            && rules.drop_checks
            && !rules.check_counting
            && rules.limits == DrawLimits::CHESS
            && rules.counting.is_none()
            && !rules.hands
            && rules.initial.is_none()
            && rules.blast.is_none()
            && rules.pseudo_royal.is_none()
            && rules.shak.is_none()
            && rules.walling.is_none();
        Ok((!plain).then_some(rules))
    }

    /// The FEN letters of the initial moves' gates (`DEde`), empty
    /// without them.
    pub fn gate_letters(&self) -> &str {
        self.initial.as_ref().map_or("", |(_, letters)| letters)
    }

    /// True when the game forbids some moves the core allows (the
    /// generator then asks [`Hooks::forbids`]).
    pub fn forbids_moves(&self) -> bool {
        self.must_capture || !self.checking || !self.drop_checks || self.pseudo_royal.is_some()
    }

    /// Whether the side to move is in check: its royal piece attacked,
    /// or one of its pseudo-royal pieces.
    fn in_check(&self, pos: &ChessLike) -> bool {
        pos.in_check() || self.pseudo_royal.as_ref().is_some_and(|p| p.in_check(pos))
    }

    /// Whether `act` gives check where checks are forbidden (every
    /// check, or a drop's).
    fn gives_forbidden_check(&self, pos: &ChessLike, act: &Act) -> bool {
        let dropped = matches!(act.action, Action::Drop { .. });
        (!self.checking || (dropped && !self.drop_checks))
            && ChessLike::royal_attacked(
                &pos.board_after(std::slice::from_ref(act)),
                1 - pos.side(),
            )
    }

    /// Whether the side to move has a legal capture (by every rule but
    /// the duty to capture itself).
    fn can_capture(&self, pos: &ChessLike) -> bool {
        pos.pseudo_moves().iter().any(|a| {
            a.capture && pos.is_safe(std::slice::from_ref(a)) && !self.gives_forbidden_check(pos, a)
        })
    }
}

impl Hooks for EndRules {
    fn forbids(&self, pos: &ChessLike, act: &Act) -> Option<String> {
        if let Some(why) = self.pseudo_royal.as_ref().and_then(|p| p.forbids(pos, act)) {
            return Some(why);
        }
        if self.gives_forbidden_check(pos, act) {
            return Some(match self.checking {
                true => "in this game a drop may not give check".into(),
                false => "in this game no move may give check".into(),
            });
        }
        if self.must_capture && !act.capture && self.can_capture(pos) {
            return Some("you can capture, and in this game a capture is compulsory".into());
        }
        None
    }

    /// Where the only rule is the duty to capture, quiet moves are
    /// forbidden exactly when a capture is possible (and so are drops:
    /// in a drop game the answer is no sort's alone, `None`).
    fn quiet_moves_forbidden(&self, pos: &ChessLike) -> Option<bool> {
        match (self.must_capture, self.checking) {
            _ if self.pseudo_royal.is_some() || !self.drop_checks => None,
            (true, true) if self.hands => None,
            (true, true) => Some(self.can_capture(pos)),
            (false, true) => Some(false),
            _ => None,
        }
    }

    fn extra_end(&self, pos: &ChessLike) -> Option<Outcome> {
        if let Some(end) = self.extinction.as_ref().and_then(|e| e.end(pos)) {
            return Some(end);
        }
        if let Some(end) = self.flag.as_ref().and_then(|f| f.end(pos)) {
            return Some(end);
        }
        let mover = 1 - pos.side();
        pos.checks_to_give()
            .filter(|checks| checks[usize::from(mover)] == 0)
            .map(|_| Outcome::win(usize::from(mover), 2, Ending::ChecksGiven))
    }

    fn counts_checks(&self) -> bool {
        self.check_counting
    }

    fn draw_limits(&self) -> DrawLimits {
        self.limits
    }

    fn flag_goal(&self, seat: u8) -> Option<(u8, &[Square])> {
        self.flag.as_ref().map(|f| f.goal_of(seat))
    }

    fn material_sign(&self) -> i32 {
        // Won by having no pieces left (of all kinds together).
        match &self.extinction {
            Some(e) if e.value == Value::Win && e.kinds.contains(&None) => -1,
            _ => 1,
        }
    }

    fn counting(&self) -> Option<&CountingRule> {
        self.counting.as_ref()
    }

    fn blast(&self) -> Option<&Blast> {
        self.blast.as_ref()
    }

    fn initial_moves(&self) -> Option<&InitialMoves> {
        self.initial.as_ref().map(|(rule, _)| rule)
    }

    fn shak_rule(&self) -> Option<&ShakRule> {
        self.shak.as_ref()
    }

    fn walling(&self) -> Option<&Walling> {
        self.walling.as_ref()
    }

    fn gating(&self) -> Option<&Gating> {
        self.gating.as_ref()
    }

    fn no_legal_move(&self, pos: &ChessLike) -> Outcome {
        let mated = pos.side();
        if let Some(rule) = &self.shak
            && let Some(run) = pos.check_run(1 - mated)
            && self.in_check(pos)
        {
            let checkers = pos.board().checker_kinds(mated, 1 - mated);
            return match rule.mate(run, checkers) {
                ShatarMate::Mate => valued(self.checkmate, mated, Ending::Checkmate),
                ShatarMate::ByKnights => Outcome::win(usize::from(mated), 2, Ending::KnightsMate),
                ShatarMate::Niol => Outcome::draw(2, Ending::Niol),
            };
        }
        if self.in_check(pos) {
            valued(self.checkmate, pos.side(), Ending::Checkmate)
        } else {
            valued(self.stalemate, pos.side(), Ending::Stalemate)
        }
    }

    fn render(&self, pos: &ChessLike, flipped: bool) -> String {
        if !self.hands && self.counting.is_none() {
            return ORTHODOX.render(pos, flipped);
        }
        let board = pos.board();
        let drawing = Drawing {
            flipped,
            ..Drawing::new(board.geometry())
        };
        let mut lines = drawing.board_lines(&|sq| board.glyph(sq));
        lines.extend(self.notes(pos));
        let mut text = lines.join("\n");
        text.push('\n');
        text
    }

    fn notes(&self, pos: &ChessLike) -> Vec<String> {
        let mut lines = if self.hands {
            hand_lines(pos)
        } else {
            Vec::new()
        };
        if let Some(count) = pos.count().filter(|c| c.limit != 0) {
            lines.push(format!(
                "Count: {} of {} plies (past {} the game is drawn)",
                count.ply, count.limit, count.limit
            ));
        }
        lines.extend(pos.status());
        lines
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Variant;
    use crate::rules::defined::read_operator_file;

    /// `nFoldValue = loss` at the second occurrence: the side to move in
    /// the repeated position loses; with `nFoldValueAbsolute`, White
    /// loses whoever is to move. The results are Fairy-Stockfish's
    /// (pyffish 0.0.90, `is_optional_game_end`).
    #[test]
    fn a_repetition_may_be_lost() {
        let text = "[fourknights]\nmaxRank = 4\nmaxFile = d\ncustomPiece1 = n:mN\n\
                    startFen = nnnn/4/4/NNNN w - - 0 1\nnFoldRule = 2\nnFoldValue = loss\n\
                    nMoveRule = 0\n[absolute:fourknights]\nnFoldValueAbsolute = true\n";
        let games = read_operator_file(text);
        assert!(games.refused().is_empty(), "{:?}", games.refused());
        // (start, plies, points of the relative game, of the absolute one):
        // the repetition made by Black (White to move), then by White.
        let white_first = (
            "nnnn/4/4/NNNN w - - 0 1",
            ["Na1-b3", "Na4-b2", "Nb3-a1", "Nb2-a4"],
        );
        let black_first = (
            "nnnn/4/4/NNNN b - - 0 1",
            ["Na4-b2", "Na1-b3", "Nb2-a4", "Nb3-a1"],
        );
        let cases = [
            (white_first, 3, None, None),
            (white_first, 4, Some([0, 2]), Some([0, 2])),
            (black_first, 3, None, None),
            (black_first, 4, Some([2, 0]), Some([0, 2])),
        ];
        for ((fen, moves), plies, relative, absolute) in cases {
            for (game, points) in games.games().iter().zip([relative, absolute]) {
                let mut pos = game.from_fen(&[], fen).unwrap();
                for text in &moves[..plies] {
                    pos = pos.play(text, None).unwrap().position;
                }
                let outcome = pos.outcome();
                let got = outcome.map(|o| o.points);
                assert_eq!(
                    got,
                    points.map(|p| p.to_vec()),
                    "{} {fen} {plies}",
                    game.name
                );
            }
        }
    }

    /// `dropChecks = false`: a knight in hand may go to every empty
    /// square but the four that check (58 of 62 drops, and 5 king moves:
    /// Fairy-Stockfish's 63).
    #[test]
    fn a_drop_may_be_forbidden_to_check() {
        let text = "[quietdrops:crazyhouse]\ndropChecks = false\n";
        let games = read_operator_file(text);
        let pos = games.games()[0]
            .from_fen(&[], "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1")
            .unwrap();
        let turns = pos.legal_turns(None);
        assert_eq!(turns.len(), 63, "{turns:?}");
        assert!(
            !turns
                .iter()
                .any(|t| t.ends_with("@d6") || t.ends_with("@g7"))
        );
        let why = pos.play("N@f6", None).unwrap_err().to_string();
        assert!(why.contains("a drop may not give check"), "{why}");
    }
}
