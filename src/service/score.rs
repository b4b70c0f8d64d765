//! The game score: the turn log as players read it, with check (`+`) and
//! mate (`#`) marks, numbered as the game counts moves
//! (`crate::rules::numbering`: `1. e2-e4 e7-e5` for chess; one line per
//! turn, numbered by turn, for dice games and three players); for chess
//! also in SAN, for PGN.
//!
//! The canonical turn text in the log carries no marks (RULES.md), so the
//! marks come from replaying the log: the rules only say whether the side
//! to move is in check ([`Position::in_check`]); this layer writes it.

use crate::rules::numbering::Counting;
use crate::rules::{GameOption, Position, Seat, Taken, Variant};
use crate::service::error::ServiceError;
use crate::service::game::{apply, parse_roll};
use crate::store::turns::{Entry, EntryKind};

/// One log entry with what the replay tells about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    pub entry: Entry,
    /// `+`, `#`, or empty.
    pub mark: &'static str,
    /// Chess only: the move in SAN with its mark (`Nf3+`, `O-O`, `exd8=Q#`).
    pub san: Option<String>,
    /// What the turn's captures took, where the rules say ([`Position::taken`]).
    pub taken: Vec<Taken>,
}

impl Scored {
    /// The turn as a move list shows it: canonical text and mark.
    pub fn text(&self) -> String {
        match self.entry.kind {
            EntryKind::Turn => format!("{}{}", self.entry.text, self.mark),
            EntryKind::Resign => "resigns".to_string(),
            EntryKind::Forfeit => "forfeits".to_string(),
            EntryKind::SignOff => "signs off".to_string(),
            EntryKind::Draw => "draw agreed".to_string(),
            EntryKind::Undo => self.entry.text.clone(),
        }
    }
}

/// A turn's text with what each capture took after its step:
/// `Pc10xc12 took alice's Dabbabah, pass`. `player` names a seat.
pub fn described(text: &str, taken: &[Taken], player: impl Fn(Seat) -> String) -> String {
    let mut out = String::new();
    let mut rest = text;
    for t in taken {
        let Some(at) = rest.find(t.step.as_str()) else {
            continue;
        };
        let end = at + t.step.len();
        out.push_str(&rest[..end]);
        out.push_str(&format!(" took {}'s {}", player(t.owner), t.piece));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// ` (Auto)` after a turn the server played from the player's queue.
fn queued_mark(s: &Scored) -> &'static str {
    if s.entry.auto { " (Auto)" } else { "" }
}

/// Replays `log` from the start and marks every turn that gives check or
/// mate.
pub fn score(
    variant: &dyn Variant,
    options: &[GameOption],
    log: &[Entry],
) -> Result<Vec<Scored>, ServiceError> {
    Ok(score_and_before(variant, options, log)?.0)
}

/// The scored log and the position before its last turn.
pub type ScoredAndBefore = (Vec<Scored>, Option<Box<dyn Position>>);

/// The seat to move before each entry of a log and after its last.
pub type Movers = Vec<Option<Seat>>;

/// [`score`], and the position before the last turn (none before the
/// first): what the last turn changed is the difference.
pub fn score_and_before(
    variant: &dyn Variant,
    options: &[GameOption],
    log: &[Entry],
) -> Result<ScoredAndBefore, ServiceError> {
    Ok(replay(variant, options, log, false, true)?.0)
}

/// [`score_and_before`] as the letters want it, and with `to_move`, the
/// seat to move before each entry of `log` and after the last
/// (`log.len() + 1` of them, what [`crate::service::time::thinking::clocks`] charges the
/// time to): the one replay serves both. The letters show no SAN, so none
/// is written ([`Scored::san`] is `None`): for chess it listed every legal
/// move of every position of the game to find a move's rivals.
pub fn score_and_seats(
    variant: &dyn Variant,
    options: &[GameOption],
    log: &[Entry],
    to_move: bool,
) -> Result<(ScoredAndBefore, Option<Movers>), ServiceError> {
    replay(variant, options, log, to_move, false)
}

/// The one replay of `log` behind [`score_and_before`] and
/// [`score_and_seats`]: each turn played again from its recorded text
/// ([`crate::rules::Position::play`]), its mark, its captures, and with
/// `san` its SAN (chess).
fn replay(
    variant: &dyn Variant,
    options: &[GameOption],
    log: &[Entry],
    to_move: bool,
    san: bool,
) -> Result<(ScoredAndBefore, Option<Movers>), ServiceError> {
    let mut before_last = None;
    let mut position = variant.start(options)?;
    let chess = san && variant.name() == "chess";
    let mut out = Vec::with_capacity(log.len());
    let mut seats = to_move.then(|| Vec::with_capacity(log.len() + 1));
    for entry in log {
        if let Some(seats) = &mut seats {
            seats.push(position.to_move());
        }
        let roll = entry.roll.as_deref().and_then(parse_roll);
        let after = apply(position.as_ref(), entry.kind, entry.seat, &entry.text, roll)?;
        let mark = match entry.kind {
            EntryKind::Turn => mark(after.as_ref(), entry.seat),
            _ => "",
        };
        let taken = match entry.kind {
            EntryKind::Turn => position.taken(&entry.text, roll),
            _ => Vec::new(),
        };
        let san = (chess && entry.kind == EntryKind::Turn)
            .then(|| self::san(position.as_ref(), &entry.text).map(|s| format!("{s}{mark}")))
            .flatten();
        out.push(Scored {
            entry: entry.clone(),
            mark,
            san,
            taken,
        });
        let before = std::mem::replace(&mut position, after);
        if entry.kind == EntryKind::Turn {
            before_last = Some(before);
        }
    }
    if let Some(seats) = &mut seats {
        seats.push(position.to_move());
    }
    Ok(((out, before_last), seats))
}

/// `#` when the side to move is in check and the game is won by the
/// mover, `+` when it is only in check.
fn mark(after: &dyn Position, mover: Option<usize>) -> &'static str {
    if !after.in_check() {
        return "";
    }
    let mover_won = after
        .outcome()
        .zip(mover)
        .is_some_and(|(outcome, seat)| outcome.points.get(seat) == Some(&2));
    if mover_won { "#" } else { "+" }
}

/// A chess move in SAN, from its canonical text (`Ng1-f3`, `e7-e8=Q`,
/// `Ke1-g1`) and the position it was played in: the piece letter, the
/// file or rank of departure only where another piece of the kind could go
/// to the same square, `x`, `=Q`, `O-O`.
pub fn san(before: &dyn Position, canonical: &str) -> Option<String> {
    let parsed = Long::parse(canonical)?;
    if parsed.piece == 'K' && (parsed.from.0 as u32).abs_diff(parsed.to.0 as u32) == 2 {
        return Some(
            if parsed.to.0 > parsed.from.0 {
                "O-O"
            } else {
                "O-O-O"
            }
            .to_string(),
        );
    }
    let mut out = String::new();
    if parsed.piece == 'P' {
        if parsed.capture {
            out.push(parsed.from.0);
        }
    } else {
        out.push(parsed.piece);
        let rivals: Vec<Long> = before
            .legal_turns(None)
            .iter()
            .filter_map(|t| Long::parse(t))
            .filter(|o| o.piece == parsed.piece && o.to == parsed.to && o.from != parsed.from)
            .collect();
        if !rivals.is_empty() {
            let file_unique = rivals.iter().all(|o| o.from.0 != parsed.from.0);
            let rank_unique = rivals.iter().all(|o| o.from.1 != parsed.from.1);
            if file_unique {
                out.push(parsed.from.0);
            } else if rank_unique {
                out.push_str(&parsed.from.1);
            } else {
                out.push(parsed.from.0);
                out.push_str(&parsed.from.1);
            }
        }
    }
    if parsed.capture {
        out.push('x');
    }
    out.push(parsed.to.0);
    out.push_str(&parsed.to.1);
    if let Some(promotion) = parsed.promotion {
        out.push('=');
        out.push(promotion);
    }
    Some(out)
}

/// A canonical chess move taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Long {
    piece: char,
    from: (char, String),
    to: (char, String),
    capture: bool,
    promotion: Option<char>,
}

impl Long {
    fn parse(text: &str) -> Option<Long> {
        let (piece, rest) = match text.chars().next()? {
            c if c.is_ascii_uppercase() => (c, &text[1..]),
            _ => ('P', text),
        };
        let (rest, promotion) = match rest.split_once('=') {
            Some((head, p)) => (head, Some(p.chars().next()?)),
            None => (rest, None),
        };
        let capture = rest.contains('x');
        let (from, to) = rest.split_once(['-', 'x'])?;
        let square = |s: &str| {
            let mut chars = s.chars();
            let file = chars.next().filter(char::is_ascii_lowercase)?;
            let rank: String = chars.collect();
            (!rank.is_empty() && rank.bytes().all(|b| b.is_ascii_digit())).then_some((file, rank))
        };
        Some(Long {
            piece,
            from: square(from)?,
            to: square(to)?,
            capture,
            promotion,
        })
    }
}

/// The turn an entry was made at: a turn's own; a resignation's, a
/// forfeit's or an agreed draw's, the turn being made when it came.
fn turn_of(entry: &Entry) -> u32 {
    match entry.kind {
        EntryKind::Turn => entry.ply.max(1),
        _ => entry.ply + 1,
    }
}

/// The number an entry is listed under ([`crate::rules::numbering`]): its full move,
/// or its turn.
fn number_of(entry: &Entry, counting: Counting) -> usize {
    let turn = turn_of(entry) as usize;
    match counting {
        Counting::FullMoves => turn.div_ceil(2),
        Counting::Turns => turn,
    }
}

/// The first number [`move_list`] shows when it shows the `last` moves
/// only (the last `last` rounds of `seats` turns, in a game counted by
/// turns): the numbers before it are cut.
pub fn first_shown(
    scored: &[Scored],
    seats: usize,
    counting: Counting,
    last: Option<usize>,
) -> usize {
    let shown = |n: usize| match counting {
        Counting::FullMoves => n,
        Counting::Turns => n * seats.max(1),
    };
    match (last, scored.last()) {
        (Some(n), Some(end)) => number_of(&end.entry, counting).saturating_sub(shown(n)) + 1,
        _ => 1,
    }
}

/// The move list, numbered as the game counts moves ([`crate::rules::numbering`]): by
/// full moves as numbered pairs (`  5. Ng1-f3+    Nb8-c6`), a resignation
/// or a draw in the column of the move it stopped; by turns one turn a
/// line, each with its player and roll. `last` keeps only the last so
/// many moves (all when `None`).
pub fn move_list(
    scored: &[Scored],
    seats: usize,
    counting: Counting,
    last: Option<usize>,
) -> Vec<String> {
    let rounds: Vec<usize> = scored
        .iter()
        .map(|s| number_of(&s.entry, counting))
        .collect();
    let first_round = first_shown(scored, seats, counting, last);
    let mut lines: Vec<String> = Vec::new();
    if counting == Counting::FullMoves {
        let mut current: Option<(usize, Vec<String>)> = None;
        for (s, &r) in scored.iter().zip(&rounds) {
            if r < first_round {
                continue;
            }
            let column = match s.entry.kind {
                EntryKind::Turn => s.entry.seat.unwrap_or(0).min(1),
                _ => (turn_of(&s.entry) as usize - 1) % 2,
            };
            let row = match &mut current {
                Some((n, row)) if *n == r && row.len() <= column => row,
                _ => {
                    if let Some((n, row)) = current.take() {
                        lines.push(pair_line(n, &row));
                    }
                    current = Some((r, Vec::new()));
                    &mut current.as_mut().expect("just set").1
                }
            };
            while row.len() < column {
                row.push("...".to_string());
            }
            row.push(format!("{}{}", s.text(), queued_mark(s)));
        }
        if let Some((n, row)) = current {
            lines.push(pair_line(n, &row));
        }
        return lines;
    }
    // The userid column is as wide as the longest userid shown, so every
    // row's turn starts in one column.
    let width = scored
        .iter()
        .zip(&rounds)
        .filter(|&(_, &r)| r >= first_round)
        .map(|(s, _)| s.entry.player.as_deref().map_or(1, |p| p.chars().count()))
        .max()
        .unwrap_or(0)
        .max(8);
    let mut numbered = 0;
    for (s, &r) in scored.iter().zip(&rounds) {
        if r < first_round {
            continue;
        }
        let who = s.entry.player.as_deref().unwrap_or("-");
        let head = if r != numbered {
            numbered = r;
            format!("{:>4}.", r)
        } else {
            "     ".to_string()
        };
        let roll = s
            .entry
            .roll
            .as_deref()
            .map(|r| format!("{r}: "))
            .unwrap_or_default();
        let auto = if s.entry.comment.as_deref() == Some(crate::service::game::AUTO_PASS) {
            " (automatic)"
        } else {
            queued_mark(s)
        };
        let what = match s.entry.kind {
            EntryKind::Turn => format!("{roll}{}{auto}", s.text()),
            _ => s.text(),
        };
        lines.push(format!("{head} {who:<width$} {what}"));
    }
    lines
}

fn pair_line(number: usize, row: &[String]) -> String {
    match row {
        [white] => format!("{number:>4}. {white}"),
        [white, black, ..] => format!("{number:>4}. {white:<14} {black}"),
        [] => format!("{number:>4}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::find_variant;

    #[test]
    fn a_long_userid_widens_the_column_of_a_three_seat_move_list() {
        let long = "a-userid-of-thirty-two-letters-x";
        let scored: Vec<Scored> = ["alice", long, "bob", "alice"]
            .iter()
            .enumerate()
            .map(|(n, who)| Scored {
                entry: Entry {
                    seq: n as u32 + 1,
                    ply: n as u32 + 1,
                    kind: EntryKind::Turn,
                    seat: Some(n % 3),
                    player: Some(who.to_string()),
                    text: "c3-d4, pass".into(),
                    roll: Some("1,3".into()),
                    comment: None,
                    at: String::new(),
                    auto: false,
                },
                mark: "",
                san: None,
                taken: Vec::new(),
            })
            .collect();
        let lines = move_list(&scored, 3, Counting::Turns, None);
        let columns: Vec<usize> = lines.iter().map(|l| l.find("1,3: ").unwrap()).collect();
        assert!(columns.iter().all(|&c| c == columns[0]), "{lines:#?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 76), "{lines:#?}");
    }

    #[test]
    fn described_names_what_each_capture_took_after_its_step() {
        let taken = |step: &str, owner, piece| Taken {
            step: step.into(),
            owner,
            piece,
        };
        let names = |seat: Seat| ["alice", "bob", "carol"][seat].to_string();
        let both = [taken("Dd7xf9", 2, "Berlinpeono"), taken("Pc6xc2", 0, "Pao")];
        assert_eq!(
            described("Dd7xf9, Pc6xc2", &both, names),
            "Dd7xf9 took carol's Berlinpeono, Pc6xc2 took alice's Pao"
        );
        let one = [taken("Pc10xc12", 0, "Dabbabah")];
        assert_eq!(
            described("Pc10xc12, pass", &one, names),
            "Pc10xc12 took alice's Dabbabah, pass"
        );
        assert_eq!(described("c3-d4, pass", &[], names), "c3-d4, pass");
    }

    fn entries(turns: &[&str]) -> Vec<Entry> {
        turns
            .iter()
            .enumerate()
            .map(|(n, t)| Entry {
                seq: n as u32 + 1,
                ply: n as u32 + 1,
                kind: EntryKind::Turn,
                seat: Some(n % 2),
                player: Some(if n % 2 == 0 { "alice" } else { "bob" }.into()),
                text: t.to_string(),
                roll: None,
                comment: None,
                at: String::new(),
                auto: false,
            })
            .collect()
    }

    #[test]
    fn check_and_mate_are_marked_and_chess_gets_san() {
        let chess = find_variant("chess").unwrap();
        let log = entries(&["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"]);
        let scored = score(chess, &[], &log).unwrap();
        let marks: Vec<&str> = scored.iter().map(|s| s.mark).collect();
        assert_eq!(marks, ["", "", "", "#"]);
        let san: Vec<String> = scored.iter().map(|s| s.san.clone().unwrap()).collect();
        assert_eq!(san, ["f3", "e5", "g4", "Qh4#"]);
        assert_eq!(
            move_list(&scored, 2, Counting::FullMoves, None),
            ["   1. f2-f3          e7-e5", "   2. g2-g4          Qd8-h4#"]
        );
        assert_eq!(
            move_list(&scored, 2, Counting::FullMoves, Some(1)),
            ["   2. g2-g4          Qd8-h4#"]
        );
    }

    #[test]
    fn san_disambiguates_and_castles() {
        let chess = find_variant("chess").unwrap();
        let log = entries(&[
            "e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-c4", "Ng8-f6", "Ke1-g1", "Nf6xe4", "d2-d3",
            "Ne4xf2",
        ]);
        let scored = score(chess, &[], &log).unwrap();
        let sans: Vec<String> = scored.iter().map(|s| s.san.clone().unwrap()).collect();
        assert_eq!(sans[6], "O-O");
        assert_eq!(sans[7], "Nxe4");
        assert_eq!(sans[9], "Nxf2");
        // Two knights (b1, f3) can go to d2; only one to e5.
        let after = crate::service::game::rebuild(chess, &[], &log).unwrap();
        assert_eq!(san(after.as_ref(), "Nb1-d2").as_deref(), Some("Nbd2"));
        assert_eq!(san(after.as_ref(), "Nf3-d2").as_deref(), Some("Nfd2"));
        assert_eq!(san(after.as_ref(), "Nf3xe5").as_deref(), Some("Nxe5"));
    }
}
