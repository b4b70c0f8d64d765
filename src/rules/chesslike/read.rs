//! The notation layer's view of a chess-like position: the legal actions
//! as [`Candidate`]s (after the actions of a turn read so far), and, when
//! nothing matches, why not in the game's words: pawn step lengths, zone
//! power, castling conditions, rebel-move limits, check.

use super::position::{Act, ChessLike, Special};
use super::{Rebels, pawns};
use crate::rules::board::NEUTRAL;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::movement::{Mode, PieceKind, targets};
use crate::rules::notation::{Candidate, TurnReader, a_name, canonical, is_canonical};
use crate::rules::{Action, Turn};

impl ChessLike {
    /// The position within the turn after `done` (the same side to move).
    pub(super) fn within(&self, done: &[Action]) -> ChessLike {
        let mut mid = self.clone();
        for &a in done {
            if let Some(act) = mid.act_of(a) {
                mid = mid.after_squirm(&act);
            }
        }
        mid
    }

    /// The generated action an action value is, pseudo-legal here. Only
    /// the actions that could be it are generated: a move's among the
    /// moves of the piece it moves (then the castlings), a drop's among the
    /// drops, a rebel move's among that piece's rebel moves. Generating
    /// every action of every kind (the rebel moves of chess, which has
    /// none, found so by unrolling each enemy piece's patterns) was a
    /// sixth of the CPU of a `move`.
    pub(super) fn act_of(&self, action: Action) -> Option<Act> {
        let candidates = match action {
            Action::Move { from, .. } => {
                let mut moves = self.pseudo_moves_from(from);
                moves.extend(self.castling_acts());
                moves
            }
            Action::Drop { .. } => self.drop_acts(),
            Action::Rebel { from, .. } => self.rebel_acts(Some(from)),
            // A wall goes to any empty square.
            Action::Wall { to, .. } => {
                return self
                    .board
                    .get(to)
                    .is_none()
                    .then_some(Act::plain(action, false));
            }
            Action::Pass => return None,
        };
        candidates.into_iter().find(|a| a.action == action)
    }

    /// An action of this position as the notation sees it.
    pub fn candidate(&self, act: &Act) -> Candidate {
        let kinds = &self.rules.spec.kinds;
        let kind = match act.action {
            Action::Move { from, .. } | Action::Rebel { from, .. } => {
                self.board.get(from).map_or(0, |p| p.kind)
            }
            Action::Drop { kind, .. } | Action::Wall { kind, .. } => kind,
            Action::Pass => 0,
        };
        let promotion = match act.action {
            Action::Move {
                promotion: Some(k), ..
            } => Some(kinds[k as usize].letter),
            _ => None,
        };
        Candidate {
            action: act.action,
            kind: &kinds[kind as usize],
            capture: act.capture,
            promotion,
            castle: match act.special {
                Special::Castle { long, .. } => Some(long),
                _ => None,
            },
        }
    }

    /// A turn's canonical text, each action written in the position it is
    /// played in; `None` when an action does not fit.
    pub fn text_of(&self, turn: &Turn) -> Option<String> {
        if self.rules.hooks.gating().is_some() && turn.actions().len() == 2 {
            let acts = self.legal_turn_acts().into_iter().find(|acts| {
                acts.iter()
                    .map(|a| a.action)
                    .eq(turn.actions().iter().copied())
            })?;
            return Some(self.text_of_acts(&acts));
        }
        let geo = &self.rules.spec.geometry;
        let mut parts = Vec::new();
        for (i, &a) in turn.actions().iter().enumerate() {
            let at = self.within(&turn.actions()[..i]);
            let act = at.act_of(a)?;
            parts.push(canonical(geo, &at.candidate(&act)));
        }
        Some(parts.join(", "))
    }

    /// The canonical text of a turn the generator made, from its acts as
    /// generated: [`Self::text_of`] looks each action up again among all
    /// the moves of its position, which for every legal turn of a list
    /// (`legal_turns`, a move's disambiguation in the score) made the list
    /// cost one move generation per move.
    pub fn text_of_acts(&self, acts: &[Act]) -> String {
        let geo = &self.rules.spec.geometry;
        if let Some(text) = self.gated_text(acts) {
            return text;
        }
        match acts {
            [act] => canonical(geo, &self.candidate(act)),
            _ => {
                let mut at = self.clone();
                let mut parts = Vec::with_capacity(acts.len());
                for act in acts {
                    parts.push(canonical(geo, &at.candidate(act)));
                    at = at.after_squirm(act);
                }
                parts.join(", ")
            }
        }
    }

    /// The legal turn written `text` in canonical notation, as the turn
    /// log records it (`Ng1-f3`; a Squirm turn `~Nb8-b7, e2-e4`; a Duck
    /// chess turn `e2-e4, @d5`): found
    /// among the legal turns by comparing each one's canonical text with
    /// `text` without writing it ([`is_canonical`]). `None` when no legal
    /// turn is written so (the text is in another notation, or no turn
    /// of it is legal): the notation layer then reads it, or says why not.
    pub fn recorded_turn(&self, text: &str) -> Option<Vec<Act>> {
        let geo = &self.rules.spec.geometry;
        let written =
            |at: &ChessLike, act: &Act, part: &str| is_canonical(geo, &at.candidate(act), part);
        if self.rules.hooks.gating().is_some() && text.contains('/') {
            return self.recorded_gated(text);
        }
        // The turns of [`ChessLike::legal_turn_acts`], in its order: one
        // action, or a squirm and then a move.
        if let Some(walling) = self.walling() {
            let (first, second) = text.split_once(", ")?;
            let act = self
                .legal_acts()
                .into_iter()
                .find(|act| written(self, act, first))?;
            let mut board = self.board.clone();
            let mut found = None;
            self.each_wall_after(walling, self.wall_square(), &act, &mut board, |wall| {
                if found.is_none() && written(self, &wall, second) {
                    found = Some(vec![act, wall]);
                }
            });
            return found;
        }
        match text.split_once(", ") {
            None => self
                .legal_acts()
                .into_iter()
                .find(|act| written(self, act, text))
                .map(|act| vec![act]),
            Some((first, second)) => self
                .squirm_acts()
                .into_iter()
                .filter(|squirm| written(self, squirm, first))
                .find_map(|squirm| {
                    let mid = self.after_squirm(&squirm);
                    let act = mid
                        .legal_acts()
                        .into_iter()
                        .find(|act| written(&mid, act, second))?;
                    Some(vec![squirm, act])
                }),
        }
    }

    /// The legal turns as values.
    pub fn turn_values(&self) -> Vec<Turn> {
        self.legal_turn_acts()
            .into_iter()
            .map(|acts| Turn(acts.iter().map(|a| a.action).collect()))
            .collect()
    }

    pub(super) fn royal_name(&self) -> &'static str {
        self.rules
            .spec
            .kinds
            .iter()
            .find(|k| k.royal)
            .map_or("king", |k| k.name)
    }

    /// Why a castling is impossible now, in a player's words.
    pub fn castling_why(&self, rule: &crate::rules::castling::CastlingRule) -> String {
        self.castling_refusal(rule).unwrap_or_else(|| {
            format!(
                "castling: the {} would be in check on {}",
                self.royal_name(),
                self.rules.spec.geometry.name(rule.king_to)
            )
        })
    }

    /// Why the side's piece on `from` may not go to `to` (no legal action
    /// matches).
    pub fn why_not(&self, from: Square, to: Square) -> String {
        let geo = self.board.geometry();
        let p = match self.board.own_piece(from, self.side, &self.rules.seats) {
            Ok(p) => p,
            Err(why) => return self.with_rebel_hint(why, from, to),
        };
        if let Some(rule) = self
            .rules
            .castlings
            .iter()
            .find(|r| r.seat == self.side && r.king_from == from && r.king_to == to)
            .filter(|_| p.kind == self.rules.castling_pieces.0)
        {
            return self.castling_why(rule);
        }
        if let Some(q) = self.board.get(to).filter(|q| q.owner == NEUTRAL) {
            return format!(
                "{} holds the {}, which no piece may take or pass",
                geo.name(to),
                self.board.kind(q).name
            );
        }
        if let Some(q) = self.board.get(to).filter(|q| q.owner == self.side) {
            return format!(
                "{} holds your own {}",
                geo.name(to),
                self.board.kind(q).name
            );
        }
        let pattern_says = match self.rules.pawn(p.kind) {
            Some(rule) => self.pawn_why_not(rule, from, to),
            None => self.pattern_why_not(from, to),
        };
        if let Some(why) = pattern_says {
            return why;
        }
        if let Some(region) = self
            .rules
            .spec
            .region(self.side, p.kind)
            .filter(|r| !r.squares.contains(to))
        {
            return format!(
                "your {} moves only to {} in this game",
                self.board.kind(p).name,
                region.words
            );
        }
        let act = self.act_of(Action::step(from, to)).or_else(|| {
            self.pseudo_moves()
                .into_iter()
                .find(|a| a.action.from() == Some(from) && a.action.to() == Some(to))
        });
        if let Some(why) = act.and_then(|a| self.rules.hooks.forbids(self, &a)) {
            return why;
        }
        if let Some(a) = act.filter(|a| self.is_safe(std::slice::from_ref(a)))
            && let Some(r) = self.squirm_check_after(&a)
        {
            return format!(
                "{} could then squirm your {} from {} to {} and check your {}",
                self.rules.seats[1 - self.side as usize],
                self.board.kind(p).name,
                geo.name(to),
                geo.name(r),
                self.royal_name()
            );
        }
        self.check_words()
    }

    /// A move of an enemy piece written without its `~`: when it would be
    /// a rebel move, the refusal says how to write one.
    fn with_rebel_hint(&self, why: String, from: Square, to: Square) -> String {
        let may_rebel = match self.rules.rebels {
            Rebels::No => false,
            Rebels::InsteadOfMove => true,
            Rebels::SquirmFirst => self.last_moved == Some(from),
        };
        let rebel = self
            .rebel_acts(Some(from))
            .into_iter()
            .find(|a| a.action.to() == Some(to));
        match rebel.filter(|_| may_rebel) {
            Some(act) => {
                let what = match self.rules.rebels {
                    Rebels::SquirmFirst => "a squirm",
                    _ => "a rebel move",
                };
                let written = canonical(self.board.geometry(), &self.candidate(&act));
                format!("{why}: {what} of it is written with ~ ({written})")
            }
            None => why,
        }
    }

    pub(super) fn check_words(&self) -> String {
        if self.in_check() {
            format!(
                "your {} is in check and this does not save it",
                self.royal_name()
            )
        } else {
            format!("this would leave your {} in check", self.royal_name())
        }
    }

    /// The piece's pattern (zone included) refuses `to`; `None` if it allows it.
    fn pattern_why_not(&self, from: Square, to: Square) -> Option<String> {
        let geo = self.board.geometry();
        let p = self.board.get(from)?;
        let kind = self.board.kind(p);
        let capture = self.board.get(to).is_some();
        let zone = geo.zone(from);
        let mode = if capture { Mode::Capture } else { Mode::Move };
        let on_empty_board = |s: Square| capture && s == to;
        let reachable = targets(
            geo,
            kind.pattern(mode, zone),
            from,
            p.facing,
            mode,
            &on_empty_board,
        )
        .contains(&to);
        if !reachable && let Some(words) = self.rules.hooks.zone_power(p.kind, zone) {
            return Some(words);
        }
        self.board.explain_unreachable(from, to, capture)
    }

    fn pawn_why_not(&self, rule: &super::PawnRule, from: Square, to: Square) -> Option<String> {
        let geo = self.board.geometry();
        let p = self.board.get(from)?;
        let name = self.board.kind(p).name;
        let target = self.board.get(to);
        if let Some((dir, steps)) = rule.step_between(geo, self.side, from, to) {
            if let Some(why) = rule.length_refusal(name, self.side, geo.coords(from), dir, steps) {
                return Some(why);
            }
            let path = pawns::passed_over(geo, from, to);
            if let Some(&b) = path.iter().find(|&&s| self.board.get(s).is_some())
                && !rule.leaps_first
            {
                return Some(format!("the path is blocked at {}", geo.name(b)));
            }
            if target.is_some() && !self.capture_reaches(from, to) {
                return Some(format!(
                    "{} is occupied: a {name} captures {}",
                    geo.name(to),
                    rule.captures
                ));
            }
            return None;
        }
        if self.capture_reaches(from, to) {
            if target.is_none()
                && !self
                    .en_passant_acts()
                    .iter()
                    .any(|m| m.action.from() == Some(from) && m.action.to() == Some(to))
            {
                let takes_en_passant = self
                    .rules
                    .pawns
                    .iter()
                    .any(|r| r.taken_by.contains(&p.kind));
                let en_passant = if takes_en_passant {
                    " (or en passant onto a square a pawn just passed over)"
                } else {
                    ""
                };
                return Some(format!(
                    "{} is empty: a {name} moves {} only to capture{en_passant}",
                    geo.name(to),
                    rule.captures
                ));
            }
            return None;
        }
        Some(format!("a {name} {}", rule.how))
    }

    /// True when the capture pattern of the piece on `from` reaches `to`
    /// on an empty board.
    fn capture_reaches(&self, from: Square, to: Square) -> bool {
        let geo = self.board.geometry();
        let Some(p) = self.board.get(from) else {
            return false;
        };
        let only_to = |s: Square| s == to;
        targets(
            geo,
            self.board.kind(p).pattern(Mode::Capture, geo.zone(from)),
            from,
            p.facing,
            Mode::Capture,
            &only_to,
        )
        .contains(&to)
    }

    /// Why the enemy piece on `from` may not be moved to `to` by a rebel move.
    pub fn why_not_rebel(&self, from: Square, to: Square) -> String {
        let geo = self.board.geometry();
        let Some(p) = self.board.get(from) else {
            return format!("there is no piece on {}", geo.name(from));
        };
        if p.owner == self.side {
            return format!(
                "a rebel move moves an enemy piece; the {} on {} is yours",
                self.board.kind(p).name,
                geo.name(from)
            );
        }
        if self.rules.rebels == Rebels::No {
            return "there are no rebel moves in this game".into();
        }
        let squares: Vec<Square> = self
            .rebel_acts(Some(from))
            .iter()
            .filter_map(|a| a.action.to())
            .collect();
        if !squares.contains(&to) {
            if let Some(q) = self.board.get(to) {
                return format!(
                    "{} is occupied (by {}'s {}): a rebel move goes only to an empty square",
                    geo.name(to),
                    self.rules.seats[q.owner as usize],
                    self.board.kind(q).name
                );
            }
            let name = self.board.kind(p).name;
            let rule = format!(
                "a rebel move takes {} one square ahead or aside to an empty square it could not reach by its own moves",
                a_name(name)
            );
            let names: Vec<&str> = squares.iter().map(|&s| geo.name(s)).collect();
            return match names.as_slice() {
                [] => format!("{rule}; the {name} on {} has none now", geo.name(from)),
                [one] => format!("{rule}; from {} that is {one}", geo.name(from)),
                [rest @ .., last] => format!(
                    "{rule}; from {} that is {} or {last}",
                    geo.name(from),
                    rest.join(", ")
                ),
            };
        }
        if self.rules.rebels == Rebels::SquirmFirst && self.last_moved != Some(from) {
            return "only the piece that moved last may squirm".into();
        }
        self.check_words()
    }
}

/// The notation layer reads turns of a chess-like game through these.
impl TurnReader for ChessLike {
    fn geometry(&self) -> &Geometry {
        &self.rules.spec.geometry
    }

    fn next_actions(&self, done: &[Action]) -> Vec<Candidate> {
        let at = self.within(done);
        let mut out: Vec<Candidate> = Vec::new();
        for turn in self.legal_turn_acts() {
            if turn.len() > done.len() && turn.iter().zip(done).all(|(a, d)| a.action == *d) {
                out.push(at.candidate(&turn[done.len()]));
            }
        }
        out
    }

    fn unchecked_actions(&self, done: &[Action]) -> Vec<Candidate> {
        let at = self.within(done);
        let mut acts = at.pseudo_moves();
        acts.extend(at.drop_acts());
        if self.rules.rebels != Rebels::No && done.is_empty() {
            acts.extend(at.rebel_acts(None));
        }
        acts.iter().map(|a| at.candidate(a)).collect()
    }

    fn piece_on(&self, done: &[Action], sq: Square) -> Option<&'static PieceKind> {
        let at = self.within(done);
        at.board
            .get(sq)
            .map(|p| &self.rules.spec.kinds[p.kind as usize])
    }

    fn why_not(&self, done: &[Action], from: Square, to: Square, rebel: bool) -> String {
        let at = self.within(done);
        if rebel && done.iter().any(|a| matches!(a, Action::Rebel { .. })) {
            return "one squirm per turn: after it comes your normal move".into();
        }
        if rebel {
            at.why_not_rebel(from, to)
        } else {
            at.why_not(from, to)
        }
    }

    fn why_complete(&self, written: &[&str], next: &str) -> String {
        if let Some(walling) = self.walling() {
            let name = self.rules.spec.kinds[walling.kind as usize].name;
            return format!("a turn is one move, then the {name}'s: e2-e4 @d5");
        }
        match self.rules.rebels {
            Rebels::SquirmFirst if next.starts_with('~') => {
                if written.iter().any(|w| w.starts_with('~')) {
                    "one squirm per turn, then your normal move".into()
                } else {
                    format!(
                        "the squirm comes first, then the normal move: {next}, {}",
                        written.join(", ")
                    )
                }
            }
            Rebels::SquirmFirst => "a turn is an optional squirm, then one normal move".into(),
            Rebels::InsteadOfMove => {
                "a turn is one move: a normal move or a rebel move, not both".into()
            }
            Rebels::No => "the turn is complete before this".into(),
        }
    }

    fn why_no_drop(
        &self,
        done: &[Action],
        letter: char,
        to: Square,
        relocate: Option<Square>,
    ) -> String {
        self.within(done).why_not_drop(letter, to, relocate)
    }

    fn why_no_wall(&self, done: &[Action], to: Square) -> String {
        self.why_no_wall_after(done, to)
    }

    fn why_incomplete(&self, done: &[Action], nexts: &str) -> String {
        match self.walling() {
            Some(_) => self.within(done).wall_wanted(),
            None => format!("the turn needs another move ({nexts})"),
        }
    }

    fn why_no_castling(&self, done: &[Action], long: bool) -> String {
        let at = self.within(done);
        match self
            .rules
            .castlings
            .iter()
            .find(|r| r.seat == at.side && r.long == long)
        {
            Some(rule) => at.castling_why(rule),
            None => "there is no castling in this game".into(),
        }
    }

    fn whole_turns(&self) -> Vec<Turn> {
        self.turn_values()
    }
}
