//! Reading and writing turns, shared by every game: the notation layer
//! between text and [`Turn`] values.
//!
//! Input is lenient (RULES.md "Notation used everywhere"): `e2e4`, `e2-e4`,
//! `E2-E4`, `e7e8q`, `e7-e8=Q`, `e4xd5`, `Pe2-e4`, `O-O`, SAN (`Nf3`,
//! `exd5`, `e8=Q`, check marks tolerated), drops (`N@e4`, `N@e3/c4`),
//! rebel moves (`~Nb8-b7`), ICCF numbers on chess's board (`5254`,
//! [`super::iccf`]), `pass`, and turns of several actions joined by
//! `, `. Output is canonical: piece letter (none for pawns), `-` or `x`,
//! `=X`. A game turns its legal actions into [`Candidate`]s and lets
//! [`resolve`] pick the one the player meant; [`read_turn`] does that
//! action by action for a whole turn.

use super::RulesError;
use super::geometry::{Geometry, Square};
use super::movement::PieceKind;
use super::turn::{Action, Turn};

/// An action as the player wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// Both squares given: `Nb1-c3`, `e2e4`, `e7-e8=Q`.
    Coord {
        letter: Option<char>,
        from: Square,
        to: Square,
        capture: bool,
        promotion: Option<char>,
    },
    /// SAN: `Nf3`, `Nbd2`, `R1e2`, `exd5`, `e8=Q`.
    San {
        letter: Option<char>,
        file: Option<i8>,
        rank: Option<i8>,
        to: Square,
        capture: bool,
        promotion: Option<char>,
    },
    /// `O-O` (short) or `O-O-O` (long).
    Castle { long: bool },
    /// `N@e4`, `N@e3/c4` (the friendly pawn on e3 goes to c4).
    Drop {
        letter: char,
        to: Square,
        relocate: Option<Square>,
    },
    /// A move of an enemy piece: `~Nb8-b7`, `~d7-e7`.
    Rebel(Box<MoveText>),
    /// A wall to a square after the move (Duck chess's duck): `@d5`,
    /// `*d5`, `*@d5`.
    Wall { to: Square },
    /// `pass`.
    Pass,
}

/// A legal action as the game offers it for matching and printing.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub action: Action,
    /// The piece that moves (for a rebel move: the enemy piece), or the
    /// piece dropped. Unused for a pass.
    pub kind: &'static PieceKind,
    /// True for captures, en passant included.
    pub capture: bool,
    /// The letter of the kind a piece becomes.
    pub promotion: Option<char>,
    /// `Some(long)` for castling.
    pub castle: Option<bool>,
}

impl Candidate {
    /// The square left, or (drops, passes) a square no move leaves from.
    pub fn from(&self) -> Square {
        self.action.from().unwrap_or(Square::MAX)
    }

    pub fn to(&self) -> Square {
        self.action.to().unwrap_or(Square::MAX)
    }

    fn is_rebel(&self) -> bool {
        matches!(self.action, Action::Rebel { .. })
    }

    fn is_board_move(&self) -> bool {
        matches!(self.action, Action::Move { .. })
    }
}

fn unreadable(text: &str, why: &str) -> RulesError {
    RulesError::Unreadable {
        turn: text.to_string(),
        why: why.to_string(),
    }
}

fn illegal(text: &str, why: impl Into<String>) -> RulesError {
    RulesError::Illegal {
        turn: text.to_string(),
        why: why.into(),
    }
}

/// Splits a trailing square (`letter digits`) off `s`: (rest, square text).
fn split_square(s: &str) -> Option<(&str, &str)> {
    let digits = s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 2 || s.len() < digits + 1 {
        return None;
    }
    let cut = s.len() - digits - 1;
    let letter = s[cut..].chars().next()?;
    letter.is_ascii_alphabetic().then(|| (&s[..cut], &s[cut..]))
}

fn square(text: &str, name: &str, geo: &Geometry) -> Result<Square, RulesError> {
    geo.parse(name)
        .ok_or_else(|| unreadable(text, &format!("no square {}", name.to_ascii_lowercase())))
}

/// Reads one action in any accepted form (the first reading when the text
/// reads two ways; see [`readings`]).
pub fn parse_move(text: &str, geo: &Geometry) -> Result<MoveText, RulesError> {
    readings(text, geo).map(|mut r| r.swap_remove(0))
}

/// Every way one action's text can be read, the literal one first. Input
/// is case-insensitive, so `bc4` is both a bishop's move and the b-pawn's
/// capture (RULES.md); other texts read one way. (`Bc4` reads both ways
/// here too; [`read_turn`] keeps only the bishop's when the game has
/// bishops on the board.)
pub fn readings(text: &str, geo: &Geometry) -> Result<Vec<MoveText>, RulesError> {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if !t.is_ascii() || t.is_empty() {
        return Err(unreadable(text, "expected a move such as e2-e4"));
    }
    if t.eq_ignore_ascii_case("pass") {
        return Ok(vec![MoveText::Pass]);
    }
    if super::iccf::looks_numeric(t) {
        return super::iccf::read(t, geo).map(|m| vec![m]);
    }
    if let Some(rest) = t.strip_prefix('~') {
        return Ok(readings(rest, geo)
            .map_err(|_| unreadable(text, "expected a rebel move such as ~Nb8-b7"))?
            .into_iter()
            .filter(|r| matches!(r, MoveText::Coord { .. } | MoveText::San { .. }))
            .map(|r| MoveText::Rebel(Box::new(r)))
            .collect::<Vec<_>>())
        .and_then(|v: Vec<MoveText>| {
            if v.is_empty() {
                Err(unreadable(text, "expected a rebel move such as ~Nb8-b7"))
            } else {
                Ok(v)
            }
        });
    }
    // A wall: `@d5`, `*d5`, `*@d5`.
    let wall = match t.strip_prefix('*') {
        Some(rest) => Some(rest.trim_start().strip_prefix('@').unwrap_or(rest)),
        None => t.strip_prefix('@'),
    };
    if let Some(place) = wall {
        return Ok(vec![MoveText::Wall {
            to: square(text, place.trim(), geo)?,
        }]);
    }
    if let Some((letter, place)) = t.split_once('@') {
        let mut letters = letter.chars();
        let (Some(l), None) = (letters.next(), letters.next()) else {
            return Err(unreadable(
                text,
                "a drop is a piece letter, @ and a square: N@e4",
            ));
        };
        let (to, relocate) = match place.split_once('/') {
            Some((to, then)) => (square(text, to, geo)?, Some(square(text, then, geo)?)),
            None => (square(text, place, geo)?, None),
        };
        return Ok(vec![MoveText::Drop {
            letter: l.to_ascii_uppercase(),
            to,
            relocate,
        }]);
    }
    let castle = t.to_ascii_uppercase().replace('0', "O");
    match castle.as_str() {
        "O-O" | "OO" => return Ok(vec![MoveText::Castle { long: false }]),
        "O-O-O" | "OOO" => return Ok(vec![MoveText::Castle { long: true }]),
        _ => {}
    }
    let b = t.as_bytes();
    let piece_letter = b.len() > 1
        && b[0].is_ascii_alphabetic()
        && b[1].is_ascii_alphabetic()
        && !(b[0].is_ascii_lowercase() && b[1].eq_ignore_ascii_case(&b'x'));
    let plain = if piece_letter {
        parse_after_letter(text, Some(b[0].to_ascii_uppercase() as char), &t[1..], geo)
    } else {
        parse_after_letter(text, None, t, geo)
    };
    // `N3d2`, `R1e2`: an uppercase letter then a rank, when that is no square.
    if plain.is_err()
        && !piece_letter
        && b.len() > 1
        && b[0].is_ascii_uppercase()
        && b[1].is_ascii_digit()
        && let Ok(m) = parse_after_letter(text, Some(b[0] as char), &t[1..], geo)
    {
        return Ok(vec![m]);
    }
    let first = plain?;
    let other = other_reading(&first, b[0], geo);
    Ok(std::iter::once(first).chain(other).collect())
}

/// The second reading of a short move whose first letter is both a file
/// and a piece letter: `bc4` as a bishop's move and as the b-pawn's.
fn other_reading(first: &MoveText, lead: u8, geo: &Geometry) -> Option<MoveText> {
    let mut other = first.clone();
    let MoveText::San {
        letter,
        file,
        rank: None,
        ..
    } = &mut other
    else {
        return None;
    };
    let lead = lead.to_ascii_lowercase();
    let is_file = lead.is_ascii_lowercase() && lead - b'a' < geo.files();
    (*letter, *file) = match (*letter, *file) {
        (Some(_), None) if is_file => (None, Some((lead - b'a') as i8)),
        (None, Some(_)) => (Some(lead.to_ascii_uppercase() as char), None),
        _ => return None,
    };
    Some(other)
}

fn parse_after_letter(
    text: &str,
    letter: Option<char>,
    rest: &str,
    geo: &Geometry,
) -> Result<MoveText, RulesError> {
    let mut rest = rest;
    let mut promotion = None;
    if let Some(last) = rest
        .chars()
        .last()
        .filter(|c| c.is_ascii_alphabetic() && !c.eq_ignore_ascii_case(&'x'))
    {
        let before = &rest[..rest.len() - 1];
        if before.ends_with('=') || before.ends_with(|c: char| c.is_ascii_digit()) {
            promotion = Some(last.to_ascii_uppercase());
            rest = before.trim_end_matches('=');
        }
    }
    let Some((prefix, to_text)) = split_square(rest) else {
        return Err(unreadable(text, "no target square"));
    };
    let to = square(text, to_text, geo)?;
    let mut capture = false;
    let mut prefix = prefix;
    if let Some(p) = prefix.strip_suffix(['x', 'X', ':']) {
        capture = true;
        prefix = p;
    } else if let Some(p) = prefix.strip_suffix('-') {
        prefix = p;
    }
    if prefix.is_empty() {
        return Ok(MoveText::San {
            letter,
            file: None,
            rank: None,
            to,
            capture,
            promotion,
        });
    }
    if let Some(("", from_text)) = split_square(prefix) {
        let from = square(text, from_text, geo)?;
        return Ok(MoveText::Coord {
            letter,
            from,
            to,
            capture,
            promotion,
        });
    }
    let lower = prefix.to_ascii_lowercase();
    let (file, rank) = match lower.as_bytes() {
        [f] if f.is_ascii_lowercase() => (Some((f - b'a') as i8), None),
        _ if lower.bytes().all(|c| c.is_ascii_digit()) => (
            None,
            Some(
                lower
                    .parse::<i8>()
                    .map_err(|_| unreadable(text, "bad rank"))?
                    - 1,
            ),
        ),
        _ => return Err(unreadable(text, "expected a move such as e2-e4")),
    };
    Ok(MoveText::San {
        letter,
        file,
        rank,
        to,
        capture,
        promotion,
    })
}

/// The canonical text of an action: `Nb1-c3`, `e4xd5`, `e7-e8=Q`,
/// `Ke1-g1`, `N@e3/c4`, `~Nb8-b7`, `@d5` (a wall), `pass`.
pub fn canonical(geo: &Geometry, c: &Candidate) -> String {
    let mut s = String::new();
    match c.action {
        Action::Pass => return "pass".into(),
        Action::Wall { to, .. } => return format!("@{}", geo.name(to)),
        Action::Drop { to, relocate, .. } => {
            s.push(c.kind.letter);
            s.push('@');
            s.push_str(geo.name(to));
            if let Some(r) = relocate {
                s.push('/');
                s.push_str(geo.name(r));
            }
            return s;
        }
        Action::Rebel { .. } => s.push('~'),
        Action::Move { .. } => {}
    }
    if c.kind.in_notation {
        s.push(c.kind.letter);
    }
    s.push_str(geo.name(c.from()));
    s.push(if c.capture { 'x' } else { '-' });
    s.push_str(geo.name(c.to()));
    if let Some(p) = c.promotion {
        s.push('=');
        s.push(p);
    }
    s
}

/// True when `text` is exactly [`canonical`]`(geo, c)`, compared piece by
/// piece without writing it (a replayed turn is matched against every
/// legal action of its position).
pub fn is_canonical(geo: &Geometry, c: &Candidate, text: &str) -> bool {
    fn name<'t>(geo: &Geometry, rest: Option<&'t str>, sq: Square) -> Option<&'t str> {
        rest.and_then(|r| r.strip_prefix(geo.name(sq)))
    }
    let rest = match c.action {
        Action::Pass => return text == "pass",
        Action::Wall { to, .. } => {
            return text.strip_prefix('@') == Some(geo.name(to));
        }
        Action::Drop { to, relocate, .. } => {
            let rest = name(
                geo,
                text.strip_prefix(c.kind.letter)
                    .and_then(|r| r.strip_prefix('@')),
                to,
            );
            let rest = match relocate {
                Some(r) => name(geo, rest.and_then(|t| t.strip_prefix('/')), r),
                None => rest,
            };
            return rest == Some("");
        }
        Action::Rebel { .. } => text.strip_prefix('~'),
        Action::Move { .. } => Some(text),
    };
    let rest = match c.kind.in_notation {
        true => rest.and_then(|r| r.strip_prefix(c.kind.letter)),
        false => rest,
    };
    let rest =
        name(geo, rest, c.from()).and_then(|r| r.strip_prefix(if c.capture { 'x' } else { '-' }));
    let rest = name(geo, rest, c.to());
    let rest = match c.promotion {
        Some(p) => rest
            .and_then(|r| r.strip_prefix('='))
            .and_then(|r| r.strip_prefix(p)),
        None => rest,
    };
    rest == Some("")
}

/// The canonical text of a whole turn: its actions joined by `, `.
pub fn canonical_turn(geo: &Geometry, actions: &[Candidate]) -> String {
    let parts: Vec<String> = actions.iter().map(|c| canonical(geo, c)).collect();
    parts.join(", ")
}

/// A turn written without its position: squares only (`e2-e4`,
/// `@e4`, `~b8-b7`, `pass`), for turns that are not legal where they
/// were offered and so have no canonical text.
pub fn plain_turn(geo: &Geometry, turn: &Turn) -> String {
    let parts: Vec<String> = turn
        .actions()
        .iter()
        .map(|a| match *a {
            Action::Move { from, to, .. } => format!("{}-{}", geo.name(from), geo.name(to)),
            Action::Rebel { from, to } => format!("~{}-{}", geo.name(from), geo.name(to)),
            Action::Drop { to, .. } | Action::Wall { to, .. } => format!("@{}", geo.name(to)),
            Action::Pass => "pass".into(),
        })
        .collect();
    parts.join(", ")
}

/// "a knight" / "an empty square" style article.
pub fn a_name(name: &str) -> String {
    let vowel = name.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// What a game offers [`read_turn`]: the actions legal after a prefix of
/// the turn, and why an action the player wrote is not among them.
pub trait TurnReader {
    fn geometry(&self) -> &Geometry;
    /// The candidates for the next action after `done` (the actions read so
    /// far), each with the index of a legal turn it continues.
    fn next_actions(&self, done: &[Action]) -> Vec<Candidate>;
    /// Moves the rules would allow but for check (the mover's own, or for
    /// rebel input the enemy's), after `done`: a SAN text that matches none
    /// of the legal moves is explained through the one of these it means.
    fn unchecked_actions(&self, done: &[Action]) -> Vec<Candidate>;
    /// The kind on a square after `done`.
    fn piece_on(&self, done: &[Action], sq: Square) -> Option<&'static PieceKind>;
    /// Why the action from `from` to `to` after `done` is not legal.
    fn why_not(&self, done: &[Action], from: Square, to: Square, rebel: bool) -> String;
    /// A drop (`N@e4`, `N@e3/c4`) that no candidate matches: why.
    fn why_no_drop(
        &self,
        done: &[Action],
        letter: char,
        to: Square,
        relocate: Option<Square>,
    ) -> String {
        let _ = (done, letter, to, relocate);
        "there is nothing to drop in this game".into()
    }
    /// The turn `written` so far is complete and `next` was written after
    /// it: why it may not go on (what a turn of this game holds).
    fn why_complete(&self, written: &[&str], next: &str) -> String {
        let _ = (written, next);
        "the turn is complete before this".into()
    }
    /// A wall (`@d5`) that no candidate matches: why.
    fn why_no_wall(&self, done: &[Action], to: Square) -> String {
        let _ = (done, to);
        "a drop is a piece letter, @ and a square: N@e4".into()
    }
    /// A turn read whole that needs more actions (`nexts`: some that
    /// could follow): what is missing.
    fn why_incomplete(&self, done: &[Action], nexts: &str) -> String {
        let _ = done;
        format!("the turn needs another move ({nexts})")
    }
    /// Castling input (`O-O`) that no candidate matches: why.
    fn why_no_castling(&self, done: &[Action], long: bool) -> String {
        let _ = (done, long);
        "castling is not possible now".into()
    }
    /// The legal turns, to tell a complete turn from one that needs more.
    fn whole_turns(&self) -> Vec<Turn>;
}

/// Reads a whole turn: its actions, joined by `,`, each resolved against
/// the actions the legal turns allow after the ones before it.
pub fn read_turn(text: &str, game: &dyn TurnReader) -> Result<Turn, RulesError> {
    let parts: Vec<&str> = text
        .split(',')
        .flat_map(wall_apart)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if parts.is_empty() {
        return Err(unreadable(text, "expected a move such as e2-e4"));
    }
    let legal = game.whole_turns();
    let mut done: Vec<Action> = Vec::new();
    for (n, part) in parts.iter().enumerate() {
        if !legal
            .iter()
            .any(|t| t.0.len() > done.len() && t.0.starts_with(&done))
        {
            return Err(illegal(text, game.why_complete(&parts[..n], part)));
        }
        let action = read_action(part, &done, game)?;
        done.push(action);
    }
    if legal.iter().any(|t| t.0 == done) {
        return Ok(Turn(done));
    }
    // A turn that needs more (Squirm: the squirm then the move).
    let mut nexts: Vec<String> = Vec::new();
    for c in game.next_actions(&done) {
        let n = canonical(game.geometry(), &c);
        if !nexts.contains(&n) {
            nexts.push(n);
        }
    }
    nexts.sort();
    let more = if nexts.len() > 3 { ", ..." } else { "" };
    nexts.truncate(3);
    let nexts = format!("{}{more}", nexts.join(", "));
    Err(illegal(text, game.why_incomplete(&done, &nexts)))
}

/// One comma-separated part of a turn, cut before each wall written
/// after a space (`e2-e4 @d5`, `Nf3 *e5`).
fn wall_apart(part: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, pair) in part.as_bytes().windows(2).enumerate() {
        if pair[0].is_ascii_whitespace() && matches!(pair[1], b'@' | b'*') {
            out.push(&part[start..i]);
            start = i + 1;
        }
    }
    out.push(&part[start..]);
    out
}

/// Resolves one action's text after `done`.
fn read_action(text: &str, done: &[Action], game: &dyn TurnReader) -> Result<Action, RulesError> {
    let geo = game.geometry();
    let mut inputs = readings(text, geo)?;
    let piece_on = |sq: Square| game.piece_on(done, sq);
    // An UPPERCASE letter that is a piece of this game names that piece
    // (`Bb4` is a bishop's move, as in standard SAN); only a lowercase one
    // may also read as a pawn's file (RULES.md).
    if inputs.len() > 1
        && let Some(letter) = uppercase_lead(text)
        && geo
            .squares()
            .any(|sq| piece_on(sq).is_some_and(|k| k.in_notation && k.letter == letter))
    {
        inputs.retain(names_a_piece);
    }
    let candidates = game.next_actions(done);
    // `bxc5`, a lowercase file then `x`, is how SAN writes a pawn's
    // capture: when the pawn can take, that is the move (so `export` reads
    // back); the bishop's reading is left for when it cannot.
    if inputs.len() > 1
        && pawn_capture_form(text)
        && let Ok(Some(i)) = resolve(text, &inputs[0], geo, &candidates, &piece_on)
    {
        return Ok(candidates[i].action);
    }
    let mut found: Vec<usize> = Vec::new();
    let mut first_err = None;
    for input in &inputs {
        match resolve(text, input, geo, &candidates, &piece_on) {
            Ok(Some(i)) => {
                if !found.contains(&i) {
                    found.push(i);
                }
            }
            Ok(None) => {
                let (rebel, inner) = match input {
                    MoveText::Rebel(inner) => (true, &**inner),
                    other => (false, other),
                };
                if let MoveText::Coord { from, to, .. } = *inner {
                    first_err.get_or_insert(illegal(text, game.why_not(done, from, to, rebel)));
                } else if let MoveText::Drop {
                    letter,
                    to,
                    relocate,
                } = *inner
                {
                    let why = game.why_no_drop(done, letter, to, relocate);
                    first_err.get_or_insert(illegal(text, why));
                } else if let MoveText::Wall { to } = *inner {
                    first_err.get_or_insert(illegal(text, game.why_no_wall(done, to)));
                } else if let MoveText::Castle { long } = *inner {
                    first_err.get_or_insert(illegal(text, game.why_no_castling(done, long)));
                } else {
                    first_err.get_or_insert(illegal(text, "no such move"));
                }
            }
            Err(e) => {
                let e = match (&e, input) {
                    (RulesError::Illegal { .. }, MoveText::San { .. } | MoveText::Rebel(_)) => {
                        explain_san(text, input, done, game).unwrap_or(e)
                    }
                    _ => e,
                };
                first_err.get_or_insert(e);
            }
        }
    }
    match found[..] {
        [i] => Ok(candidates[i].action),
        [] => Err(first_err.unwrap_or_else(|| illegal(text, "no such move"))),
        _ => {
            let mut names: Vec<String> = found
                .iter()
                .map(|&i| canonical(geo, &candidates[i]))
                .collect();
            names.sort();
            Err(RulesError::Ambiguous {
                turn: text.to_string(),
                candidates: names.join(" or "),
            })
        }
    }
}

/// The piece letter a move's text starts with, when it is written in
/// uppercase and followed by a letter (`Bb4`, `BC4`, `~Nb8-b7`).
fn uppercase_lead(text: &str) -> Option<char> {
    let t = text.trim();
    let b = t.strip_prefix('~').unwrap_or(t).as_bytes();
    (b.len() > 1 && b[0].is_ascii_uppercase() && b[1].is_ascii_alphabetic()).then_some(b[0] as char)
}

/// True for SAN's pawn capture: a lowercase file letter, then `x`.
fn pawn_capture_form(text: &str) -> bool {
    let t = text.trim();
    let b = t.strip_prefix('~').unwrap_or(t).as_bytes();
    b.len() > 2 && b[0].is_ascii_lowercase() && b[1].eq_ignore_ascii_case(&b'x')
}

/// True for a reading that names the piece by its letter.
fn names_a_piece(reading: &MoveText) -> bool {
    match reading {
        MoveText::San { letter, .. } | MoveText::Coord { letter, .. } => letter.is_some(),
        MoveText::Rebel(inner) => names_a_piece(inner),
        _ => true,
    }
}

/// A SAN text no legal action matches: when exactly one move the rules
/// would allow but for check fits it, the real reason (check) for that one.
fn explain_san(
    text: &str,
    input: &MoveText,
    done: &[Action],
    game: &dyn TurnReader,
) -> Option<RulesError> {
    let geo = game.geometry();
    let unchecked = game.unchecked_actions(done);
    let piece_on = |sq: Square| game.piece_on(done, sq);
    let i = resolve(text, input, geo, &unchecked, &piece_on).ok()??;
    let c = &unchecked[i];
    Some(illegal(
        text,
        game.why_not(done, c.from(), c.to(), c.is_rebel()),
    ))
}

/// The candidate a coordinate or SAN input means, or a refusal.
///
/// `Ok(None)` for a coordinate move no candidate matches: the game then
/// explains why (wrong pattern, blocked path, check ...). `piece_on`
/// describes the board: the kind on a square, if any. Castling input is
/// matched against candidates with `castle` set; rebel input (`~`) only
/// against rebel moves, other input only against the mover's own moves.
pub fn resolve(
    text: &str,
    input: &MoveText,
    geo: &Geometry,
    candidates: &[Candidate],
    piece_on: &dyn Fn(Square) -> Option<&'static PieceKind>,
) -> Result<Option<usize>, RulesError> {
    let (rebel, input) = match input {
        MoveText::Rebel(inner) => (true, &**inner),
        other => (false, other),
    };
    let moving = |c: &Candidate| {
        if rebel {
            c.is_rebel()
        } else {
            c.is_board_move()
        }
    };
    match *input {
        MoveText::Rebel(_) => Err(unreadable(text, "one ~ per rebel move")),
        MoveText::Pass => match candidates.iter().position(|c| c.action == Action::Pass) {
            Some(i) => Ok(Some(i)),
            None => Err(illegal(text, "you may not pass now")),
        },
        MoveText::Drop {
            letter,
            to,
            relocate,
        } => {
            // No legal drop fits: the game says why (`why_no_drop`).
            let there: Vec<usize> = (0..candidates.len())
                .filter(|&i| {
                    matches!(candidates[i].action, Action::Drop { .. })
                        && candidates[i].kind.letter == letter
                        && candidates[i].to() == to
                })
                .collect();
            if there.is_empty() {
                return Ok(None);
            }
            match there.iter().find(|&&i| {
                matches!(candidates[i].action, Action::Drop { relocate: r, .. } if r == relocate)
            }) {
                Some(&i) => Ok(Some(i)),
                None if relocate.is_none() => Err(illegal(
                    text,
                    format!(
                        "say where the pawn on {} goes ({letter}@{}/square)",
                        geo.name(to),
                        geo.name(to)
                    ),
                )),
                None => Ok(None),
            }
        }
        MoveText::Wall { to } => Ok(candidates
            .iter()
            .position(|c| matches!(c.action, Action::Wall { to: t, .. } if t == to))),
        MoveText::Castle { long } => {
            let found = candidates.iter().position(|c| c.castle == Some(long));
            match found {
                Some(i) => Ok(Some(i)),
                None => Ok(None),
            }
        }
        MoveText::Coord {
            letter,
            from,
            to,
            capture,
            promotion,
        } => {
            let Some(kind) = piece_on(from) else {
                return Err(illegal(
                    text,
                    format!("there is no piece on {}", geo.name(from)),
                ));
            };
            if let Some(l) = letter.filter(|&l| l != kind.letter) {
                return Err(illegal(
                    text,
                    format!(
                        "the piece on {} is {}, not {l}",
                        geo.name(from),
                        a_name(kind.name)
                    ),
                ));
            }
            let matching: Vec<usize> = (0..candidates.len())
                .filter(|&i| {
                    let c = &candidates[i];
                    moving(c) && c.from() == from && c.to() == to
                })
                .collect();
            pick(text, &matching, candidates, capture, promotion, geo)
        }
        MoveText::San {
            letter,
            file,
            rank,
            to,
            capture,
            promotion,
        } => {
            let matching: Vec<usize> = (0..candidates.len())
                .filter(|&i| {
                    let c = &candidates[i];
                    if !moving(c) {
                        return false;
                    }
                    let (f, r) = geo.coords(c.from());
                    let letter_ok = match letter {
                        None => !c.kind.in_notation,
                        Some(l) => c.kind.letter == l,
                    };
                    c.to() == to
                        && letter_ok
                        && file.is_none_or(|x| x == f)
                        && rank.is_none_or(|x| x == r)
                })
                .collect();
            if matching.is_empty() {
                let what = match letter {
                    Some(l) => format!("no {l} can go to {}", geo.name(to)),
                    None => format!("no pawn can go to {}", geo.name(to)),
                };
                return Err(illegal(text, what));
            }
            let mut froms: Vec<Square> = matching.iter().map(|&i| candidates[i].from()).collect();
            froms.sort_unstable();
            froms.dedup();
            if froms.len() > 1 {
                let mut names: Vec<String> = Vec::new();
                for &i in &matching {
                    let c = &candidates[i];
                    if promotion.is_none_or(|p| c.promotion.is_none_or(|q| q == p)) {
                        let n = canonical(geo, c);
                        if !names.contains(&n) {
                            names.push(n);
                        }
                    }
                }
                return Err(RulesError::Ambiguous {
                    turn: text.to_string(),
                    candidates: names.join(" or "),
                });
            }
            pick(text, &matching, candidates, capture, promotion, geo)
        }
    }
}

/// Among candidates with one from/to, the one with the asked promotion.
fn pick(
    text: &str,
    matching: &[usize],
    candidates: &[Candidate],
    capture: bool,
    promotion: Option<char>,
    geo: &Geometry,
) -> Result<Option<usize>, RulesError> {
    let Some(&first) = matching.first() else {
        return Ok(None);
    };
    let c = &candidates[first];
    if capture && !c.capture {
        return Err(illegal(
            text,
            format!("{} is empty: this is not a capture", geo.name(c.to())),
        ));
    }
    let choices: Vec<char> = matching
        .iter()
        .filter_map(|&i| candidates[i].promotion)
        .collect();
    if choices.is_empty() {
        if promotion.is_some() {
            return Err(illegal(
                text,
                format!("{} does not promote here", a_name(c.kind.name)),
            ));
        }
        return Ok(Some(first));
    }
    let list = |sep: &str| {
        let parts: Vec<String> = choices.iter().map(|p| format!("{sep}{p}")).collect();
        match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => parts.join(""),
        }
    };
    // Where promotion is a choice, a move written without one stays a pawn.
    let stays = matching
        .iter()
        .find(|&&i| candidates[i].promotion.is_none());
    match promotion {
        None if stays.is_some() => Ok(stays.copied()),
        None => Err(illegal(
            text,
            format!("say what the {} promotes to ({})", c.kind.name, list("=")),
        )),
        Some(p) => match matching
            .iter()
            .find(|&&i| candidates[i].promotion == Some(p))
        {
            Some(&i) => Ok(Some(i)),
            None => Err(illegal(
                text,
                format!("{} promotes to {}", a_name(c.kind.name), list("")),
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movement::{PieceKind, Primitive, all_eight};
    use std::sync::LazyLock;

    static KNIGHT: LazyLock<PieceKind> = LazyLock::new(|| {
        PieceKind::simple(
            'N',
            "knight",
            "moves in an L shape",
            vec![Primitive::Leap(all_eight(2, 1))],
        )
    });
    static PAWN: LazyLock<PieceKind> = LazyLock::new(|| {
        PieceKind::simple('P', "pawn", "moves straight ahead", vec![]).unlettered()
    });

    fn g() -> Geometry {
        Geometry::rect(8, 8)
    }

    fn sq(s: &str) -> Square {
        g().parse(s).unwrap()
    }

    #[test]
    fn every_coordinate_form() {
        let g = g();
        let coord = |letter, from, to, capture, promotion| MoveText::Coord {
            letter,
            from: sq(from),
            to: sq(to),
            capture,
            promotion,
        };
        for t in ["e2e4", "e2-e4", "E2-E4", " e2-e4 ", "e2-e4+"] {
            assert_eq!(
                parse_move(t, &g).unwrap(),
                coord(None, "e2", "e4", false, None),
                "{t}"
            );
        }
        for t in ["e7e8q", "e7-e8=Q", "e7e8=q", "E7-E8Q"] {
            assert_eq!(
                parse_move(t, &g).unwrap(),
                coord(None, "e7", "e8", false, Some('Q')),
                "{t}"
            );
        }
        assert_eq!(
            parse_move("e4xd5", &g).unwrap(),
            coord(None, "e4", "d5", true, None)
        );
        assert_eq!(
            parse_move("Pe2-e4", &g).unwrap(),
            coord(Some('P'), "e2", "e4", false, None)
        );
        assert_eq!(
            parse_move("Ke1-g1", &g).unwrap(),
            coord(Some('K'), "e1", "g1", false, None)
        );
        assert_eq!(
            parse_move("Ng1xf3", &g).unwrap(),
            coord(Some('N'), "g1", "f3", true, None)
        );
        assert_eq!(
            parse_move("O-O", &g).unwrap(),
            MoveText::Castle { long: false }
        );
        assert_eq!(
            parse_move("0-0-0", &g).unwrap(),
            MoveText::Castle { long: true }
        );
        assert!(matches!(
            parse_move("e2-e9", &g),
            Err(RulesError::Unreadable { .. })
        ));
        assert!(matches!(
            parse_move("hello", &g),
            Err(RulesError::Unreadable { .. })
        ));
        assert!(matches!(
            parse_move("", &g),
            Err(RulesError::Unreadable { .. })
        ));
    }

    #[test]
    fn san_forms() {
        let g = g();
        let san = |letter, file, rank, to, capture, promotion| MoveText::San {
            letter,
            file,
            rank,
            to: sq(to),
            capture,
            promotion,
        };
        assert_eq!(
            parse_move("Nf3", &g).unwrap(),
            san(Some('N'), None, None, "f3", false, None)
        );
        assert_eq!(
            parse_move("exd5", &g).unwrap(),
            san(None, Some(4), None, "d5", true, None)
        );
        assert_eq!(
            parse_move("e4", &g).unwrap(),
            san(None, None, None, "e4", false, None)
        );
        assert_eq!(
            parse_move("Nbd2", &g).unwrap(),
            san(Some('N'), Some(1), None, "d2", false, None)
        );
        assert_eq!(
            parse_move("R1e2", &g).unwrap(),
            san(Some('R'), None, Some(0), "e2", false, None)
        );
        assert_eq!(
            parse_move("e8=Q#", &g).unwrap(),
            san(None, None, None, "e8", false, Some('Q'))
        );
        assert_eq!(
            parse_move("Nxe5+", &g).unwrap(),
            san(Some('N'), None, None, "e5", true, None)
        );
    }

    fn knights() -> Vec<Candidate> {
        vec![
            Candidate {
                action: Action::Move {
                    from: sq("b1"),
                    to: sq("d2"),
                    promotion: None,
                },
                kind: &KNIGHT,
                capture: false,
                promotion: None,
                castle: None,
            },
            Candidate {
                action: Action::Move {
                    from: sq("f3"),
                    to: sq("d2"),
                    promotion: None,
                },
                kind: &KNIGHT,
                capture: false,
                promotion: None,
                castle: None,
            },
            Candidate {
                action: Action::Move {
                    from: sq("e7"),
                    to: sq("e8"),
                    promotion: Some(0),
                },
                kind: &PAWN,
                capture: false,
                promotion: Some('Q'),
                castle: None,
            },
            Candidate {
                action: Action::Move {
                    from: sq("e7"),
                    to: sq("e8"),
                    promotion: Some(0),
                },
                kind: &PAWN,
                capture: false,
                promotion: Some('N'),
                castle: None,
            },
        ]
    }

    fn on(s: Square) -> Option<&'static PieceKind> {
        if s == sq("b1") || s == sq("f3") {
            Some(&KNIGHT)
        } else if s == sq("e7") {
            Some(&PAWN)
        } else {
            None
        }
    }

    fn res(t: &str) -> Result<Option<usize>, RulesError> {
        let g = g();
        resolve(t, &parse_move(t, &g).unwrap(), &g, &knights(), &on)
    }

    #[test]
    fn san_ambiguity_lists_candidates() {
        assert_eq!(
            res("Nd2").unwrap_err().to_string(),
            "Nd2 is ambiguous: it could be Nb1-d2 or Nf3-d2"
        );
        assert_eq!(res("Nbd2").unwrap(), Some(0));
        assert_eq!(res("N3d2").unwrap(), Some(1));
        assert_eq!(
            res("Nd4").unwrap_err().to_string(),
            "Nd4: no N can go to d4"
        );
    }

    #[test]
    fn coordinate_resolution_and_refusals() {
        assert_eq!(res("b1-d2").unwrap(), Some(0));
        assert_eq!(res("Nf3-d2").unwrap(), Some(1));
        assert_eq!(res("b1-a3").unwrap(), None);
        assert_eq!(
            res("Bb1-d2").unwrap_err().to_string(),
            "Bb1-d2: the piece on b1 is a knight, not B"
        );
        assert_eq!(
            res("c3-c4").unwrap_err().to_string(),
            "c3-c4: there is no piece on c3"
        );
        assert_eq!(
            res("b1xd2").unwrap_err().to_string(),
            "b1xd2: d2 is empty: this is not a capture"
        );
        assert_eq!(
            res("e7-e8").unwrap_err().to_string(),
            "e7-e8: say what the pawn promotes to (=Q or =N)"
        );
        assert_eq!(res("e7e8n").unwrap(), Some(3));
        assert_eq!(res("e8=Q").unwrap(), Some(2));
        assert_eq!(
            res("e7-e8=R").unwrap_err().to_string(),
            "e7-e8=R: a pawn promotes to Q or N"
        );
        assert_eq!(
            res("b1-d2=Q").unwrap_err().to_string(),
            "b1-d2=Q: a knight does not promote here"
        );
    }

    #[test]
    fn canonical_forms() {
        let g = g();
        let c = knights();
        assert_eq!(canonical(&g, &c[0]), "Nb1-d2");
        assert_eq!(canonical(&g, &c[2]), "e7-e8=Q");
        let cap = Candidate {
            capture: true,
            ..c[1].clone()
        };
        assert_eq!(canonical(&g, &cap), "Nf3xd2");
    }
}
