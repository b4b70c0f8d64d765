//! Game records: `export` writes one, `replay` reads one back and checks
//! every turn.
//!
//! A record is `[Tag "value"]` lines, then one log entry per line: a turn in
//! canonical notation (dice games: `1,3: c3-d4, pass`), or an event
//! (`White resigns`, `Black forfeits`, `draw agreed`). Blank lines and lines
//! starting with `;` or `#` are ignored. `[Option "name=value"]` tags carry
//! the game's options, so a record replays on its own. A result (`1-0`,
//! `[1:0:0]`) claimed by the `[Result "..."]` tag, at the end of the last
//! turn's line or on a line of its own must be the result the turns reach.
//! Dice games export their `[Commitment]`, and once the game is over their
//! `[Seed]`, so a finished record can be audited on its own.
//!
//! Chess is exported as PGN, which every chess program reads: the Seven
//! Tag Roster, SAN movetext with move numbers and check marks, events as
//! `{Black resigns}` comments, and the result. `replay` reads that form
//! back too (move numbers skipped, comments that name an event played).

use rusqlite::Connection;

use crate::command::GameId;
use crate::rules::{Ending, GameOption, Position, Roll, Variant};
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, apply, parse_roll};
use crate::service::reply::Reply;
use crate::service::score::score;
use crate::store::turns::{self, Entry, EntryKind};
use crate::store::{self};

/// One log entry as a record line.
pub fn entry_line(variant: &dyn Variant, entry: &Entry) -> String {
    let seat = entry
        .seat
        .and_then(|s| variant.seats().get(s))
        .copied()
        .unwrap_or("?");
    match entry.kind {
        EntryKind::Turn => match &entry.roll {
            Some(roll) => format!("{roll}: {}", entry.text),
            None => entry.text.clone(),
        },
        EntryKind::Resign => format!("{seat} resigns"),
        EntryKind::Forfeit => format!("{seat} forfeits"),
        EntryKind::SignOff => format!("{seat} signs off"),
        EntryKind::Draw => "draw agreed".to_string(),
        // Never in a live log: a record is the game as it stands.
        EntryKind::Undo => String::new(),
    }
}

/// `export GAME`.
pub fn export(conn: &mut Connection, req: &Request<'_>, id: GameId) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    Ok(Reply::Text(record_text(&tx, &game)?))
}

/// The game record `export` prints (PGN for chess): public facts only,
/// the seed once the game is over.
pub fn record_text(tx: &Connection, game: &LoadedGame) -> Result<String, ServiceError> {
    let id = game.id();
    if game.variant.name() == "chess" {
        let log = turns::log(tx, id)?;
        return pgn(tx, game, &log);
    }
    let mut out = vec![
        tag("Game", &id.to_string()),
        tag("Variant", game.variant.name()),
        tag(
            "Date",
            game.row.created.get(..10).unwrap_or(&game.row.created),
        ),
    ];
    for (seat, player) in game.variant.seats().iter().zip(&game.row.players) {
        out.push(tag(seat, player));
    }
    for option in &game.row.options {
        let text = match &option.value {
            Some(value) => format!("{}={value}", option.name),
            None => option.name.clone(),
        };
        out.push(tag("Option", &text));
    }
    out.push(tag("Result", game.row.result.as_deref().unwrap_or("*")));
    let view = game.current_view();
    if let Some(reason) = &view.reason {
        out.push(tag("Termination", reason));
    }
    if let Some(commitment) = &game.row.dice_commitment {
        out.push(tag("Commitment", commitment));
    }
    if let Some(seed) = view.seed {
        out.push(tag("Seed", &seed));
    }
    out.push(String::new());
    for entry in turns::log(tx, id)? {
        out.push(entry_line(game.variant, &entry));
    }
    Ok(out.join("\n"))
}

/// A chess game as PGN (export format: the Seven Tag Roster first, SAN,
/// lines of at most 79 characters).
fn pgn(tx: &Connection, game: &LoadedGame, log: &[Entry]) -> Result<String, ServiceError> {
    let result = game.row.result.as_deref().unwrap_or("*");
    let date = game.row.created.get(..10).unwrap_or("????-??-??");
    let (event, round) = pgn_tags::event_and_round(tx, game)?;
    let mut out = vec![
        tag("Event", &event),
        tag("Site", "boserv"),
        tag("Date", &date.replace('-', ".")),
        tag("Round", &round),
    ];
    for (seat, player) in game.variant.seats().iter().zip(&game.row.players) {
        out.push(tag(seat, player));
    }
    out.push(tag("Result", result));
    // Termination takes the standard's values (`normal`, `time forfeit`,
    // `abandoned`); the words of the ending go in a tag of their own.
    let view = game.current_view();
    let seats = game.variant.seats();
    if let Some(ending) = view
        .ending
        .as_deref()
        .and_then(|key| Ending::read(key, seats))
    {
        out.push(tag("Termination", ending.pgn_termination()));
    }
    if let Some(reason) = &view.reason {
        out.push(tag("Reason", reason));
    }
    out.push(tag(
        "TimeControl",
        &pgn_tags::time_control(
            game.row.clock.as_deref(),
            game.row.total_days,
            game.row.forfeit_days,
        ),
    ));
    out.push(tag("Game", &game.id().to_string()));
    out.push(String::new());
    let scored = score(game.variant, &game.row.options, log)?;
    let mut tokens: Vec<String> = Vec::new();
    for (n, s) in scored.iter().enumerate() {
        match s.entry.kind {
            EntryKind::Turn => {
                let ply = s.entry.ply;
                let san = s.san.clone().unwrap_or_else(|| s.text());
                // A move number stays on the line of its move.
                if ply % 2 == 1 {
                    tokens.push(format!("{}. {san}", ply.div_ceil(2)));
                } else if n == 0 || scored[n - 1].entry.kind != EntryKind::Turn {
                    tokens.push(format!("{}... {san}", ply / 2));
                } else {
                    tokens.push(san);
                }
            }
            _ => tokens.push(format!("{{{}}}", entry_line(game.variant, &s.entry))),
        }
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push(line);
    Ok(out.join("\n"))
}

/// PGN movetext (`1. e4 e5 {White resigns} 1-0`) -> turns, events and a
/// claimed result, each with the line number `number`.
fn read_movetext(variant: &dyn Variant, line: &str, number: usize, record: &mut Record) {
    let mut rest = line;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        rest = &rest[start..];
        if let Some(inner) = rest.strip_prefix('{') {
            let end = inner.find('}').unwrap_or(inner.len());
            if let Some(event) = parse_event(variant, inner[..end].trim()) {
                record.lines.push((number, event));
            }
            rest = inner.get(end + 1..).unwrap_or("");
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        let number_only = token.trim_end_matches('.');
        if !number_only.is_empty() && number_only.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            if token != "*" {
                record.claimed = Some((number, token.to_string()));
            }
            continue;
        }
        // `12.Nf3` (no space after the number).
        let token = match token.split_once('.') {
            Some((n, san)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                san.trim_start_matches('.')
            }
            _ => token,
        };
        record.lines.push((
            number,
            Line::Turn {
                text: token.to_string(),
                roll: None,
            },
        ));
    }
}

/// True for a PGN movetext line: a move number (`1.`, `12...`) or a
/// comment first, or the game's result alone (a game of no moves, such
/// as one declined before the first, is `*` or `0-1` by itself).
fn is_movetext(line: &str) -> bool {
    if line.starts_with('{') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&line.trim()) {
        return true;
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && line.as_bytes().get(digits) == Some(&b'.')
}

fn tag(name: &str, value: &str) -> String {
    format!(
        "[{name} \"{}\"]",
        value.replace('\\', "\\\\").replace('"', "\\\"")
    )
}

/// A record read back: its tags and its entries with their line numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    /// The line of each tag.
    pub tag_lines: Vec<usize>,
    pub lines: Vec<(usize, Line)>,
    /// A result written after the turns (`[1:0:0]`), with its line.
    pub claimed: Option<(usize, String)>,
    /// The `[Result "..."]` tag when it names a result, with its line.
    pub result_tag: Option<(usize, String)>,
}

/// One entry of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Turn {
        text: String,
        roll: Option<Roll>,
    },
    Event {
        kind: EntryKind,
        seat: Option<usize>,
    },
}

impl Record {
    /// The start position a `[FEN "..."]` tag gives, with the tag's line.
    pub fn fen(&self) -> Option<(usize, &str)> {
        self.tags
            .iter()
            .position(|(name, _)| name.eq_ignore_ascii_case("FEN"))
            .map(|i| (self.tag_lines[i], self.tags[i].1.as_str()))
    }

    /// The game options from `[Option "..."]` tags.
    pub fn options(&self) -> Vec<GameOption> {
        self.tags
            .iter()
            .filter(|(name, _)| name.eq_ignore_ascii_case("Option"))
            .map(|(_, value)| match value.split_once('=') {
                Some((name, value)) => GameOption {
                    name: name.into(),
                    value: Some(value.into()),
                },
                None => GameOption {
                    name: value.clone(),
                    value: None,
                },
            })
            .collect()
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// Splits a trailing result such as `[1:0:0]` off a line.
fn split_result(line: &str) -> (&str, Option<&str>) {
    match line.rfind('[') {
        Some(i) if line.ends_with(']') && line[i..].contains(':') && !line[i..].contains('"') => {
            (line[..i].trim_end(), Some(&line[i..]))
        }
        _ => (line, None),
    }
}

fn parse_event(variant: &dyn Variant, line: &str) -> Option<Line> {
    if line.eq_ignore_ascii_case("draw agreed") {
        return Some(Line::Event {
            kind: EntryKind::Draw,
            seat: None,
        });
    }
    let (who, what) = line.split_once(' ')?;
    let kind = match what.trim().to_ascii_lowercase().as_str() {
        "resigns" => EntryKind::Resign,
        "forfeits" => EntryKind::Forfeit,
        "signs off" => EntryKind::SignOff,
        _ => return None,
    };
    let seat = variant
        .seats()
        .iter()
        .position(|s| s.eq_ignore_ascii_case(who))?;
    Some(Line::Event {
        kind,
        seat: Some(seat),
    })
}

/// Reads a record's text (any line endings).
pub fn read(variant: &dyn Variant, text: &str) -> Result<Record, ServiceError> {
    let mut record = Record {
        tags: Vec::new(),
        tag_lines: Vec::new(),
        lines: Vec::new(),
        claimed: None,
        result_tag: None,
    };
    // Once PGN movetext has begun, every line is movetext.
    let mut in_movetext = false;
    for (n, raw) in text.lines().enumerate() {
        let number = n + 1;
        let (line, result) = split_result(raw.trim());
        if let Some(result) = result {
            record.claimed = Some((number, result.to_string()));
        }
        if line.is_empty() || line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            let tag = parse_tag(line).ok_or_else(|| ServiceError::BadRecord {
                line: number,
                why: format!("cannot read the tag {line}"),
            })?;
            if tag.0.eq_ignore_ascii_case("Result") && tag.1 != "*" {
                record.result_tag = Some((number, tag.1.clone()));
            }
            record.tags.push(tag);
            record.tag_lines.push(number);
            continue;
        }
        if let Some(event) = parse_event(variant, line) {
            record.lines.push((number, event));
            continue;
        }
        if in_movetext || is_movetext(line) {
            in_movetext = true;
            read_movetext(variant, line, number, &mut record);
            continue;
        }
        // `1,3: c3-d4, pass`: a roll before the turn.
        let turn = match line
            .split_once(':')
            .and_then(|(r, t)| parse_roll(r).map(|roll| (roll, t)))
        {
            Some((roll, text)) => Line::Turn {
                text: text.trim().to_string(),
                roll: Some(roll),
            },
            None => Line::Turn {
                text: line.to_string(),
                roll: None,
            },
        };
        record.lines.push((number, turn));
    }
    Ok(record)
}

/// A record played through.
#[derive(Debug)]
pub struct Replayed {
    pub position: Box<dyn Position>,
    /// Board turns played.
    pub turns: u32,
}

impl Replayed {
    /// `1-0`, `0-1`, `1/2-1/2`, `[1:0:0]`, or `*` for a game still going.
    pub fn result(&self) -> String {
        self.position
            .outcome()
            .map(|o| o.result_text())
            .unwrap_or_else(|| "*".to_string())
    }
}

/// Plays a record from the start, checking every line.
pub fn replay(variant: &dyn Variant, text: &str) -> Result<Replayed, ServiceError> {
    let record = read(variant, text)?;
    let mut position = match record.fen() {
        // A record of a game set up from a position (PGN's `[FEN]`, with
        // `[SetUp "1"]`) starts there.
        Some((line, fen)) => {
            variant
                .from_fen(&record.options(), fen)
                .map_err(|e| ServiceError::BadRecord {
                    line,
                    why: format!("[FEN \"{fen}\"]: {e}"),
                })?
        }
        None => variant.start(&record.options())?,
    };
    let mut turns = 0;
    for (number, line) in &record.lines {
        let at_line = |e: ServiceError| ServiceError::BadRecord {
            line: *number,
            why: e.to_string(),
        };
        if let Some((at, result)) = &record.claimed
            && at < number
        {
            let why = format!("the game was already over ({result})");
            return Err(ServiceError::BadRecord { line: *number, why });
        }
        position = match line {
            Line::Turn { text, roll } => {
                turns += 1;
                apply(position.as_ref(), EntryKind::Turn, None, text, *roll).map_err(at_line)?
            }
            Line::Event { kind, seat } => {
                apply(position.as_ref(), *kind, *seat, "", None).map_err(at_line)?
            }
        };
    }
    let replayed = Replayed { position, turns };
    crate::service::records::audit::check_record(&record, variant.dice())?;
    for (line, claimed) in record.claimed.into_iter().chain(record.result_tag) {
        let reached = replayed.result();
        if reached != claimed {
            let why = format!("the record claims {claimed} but the turns reach {reached}");
            return Err(ServiceError::BadRecord { line, why });
        }
    }
    Ok(replayed)
}

mod pgn_tags;

#[cfg(test)]
mod roundtrip;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Actor, Command};
    use crate::service::testing::{CATALOG, RACE, db, race, run_as};

    #[test]
    fn an_exported_game_replays_to_its_result() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        let game = "game1".parse().unwrap();
        for (user, turn) in [("alice", "2"), ("bob", "2"), ("alice", "1")] {
            let command = Command::Move {
                game,
                turn: turn.into(),
                expect: None,
            };
            run_as(&mut conn, &Actor::Trusted(user.into()), &command).unwrap();
        }
        run_as(
            &mut conn,
            &Actor::Trusted("bob".into()),
            &Command::Resign { game },
        )
        .unwrap();
        let req = Request {
            actor: &Actor::Anonymous,
            command: &Command::Export { game },
            now: crate::service::testing::at(0),
            comment: None,
            catalog: CATALOG,
            by_mail: false,
            game_ended: crate::service::GAME_ENDED,
        };
        let text = export(&mut conn, &req, game).unwrap().text();
        assert!(text.contains("[First \"alice\"]"), "{text}");
        assert!(text.ends_with("2\n2\n1\nSecond resigns"), "{text}");
        let replayed = replay(&RACE, &text).unwrap();
        assert_eq!((replayed.result(), replayed.turns), ("1-0".to_string(), 3));
        let err = replay(&RACE, "1\n7\n").unwrap_err();
        assert_eq!(err.to_string(), "line 2: 7: add 1 or 2");
    }

    /// A PGN of no moves (a game declined before its first) is its result
    /// alone in the movetext, as `export` writes it: it replays.
    #[test]
    fn a_pgn_of_no_moves_replays() {
        let chess = crate::rules::find_variant("chess").unwrap();
        let record = "[Event \"boserv game1\"]\n[Result \"*\"]\n\n*\n";
        let replayed = replay(chess, record).unwrap();
        assert_eq!((replayed.result(), replayed.turns), ("*".to_string(), 0));
    }

    /// `[FEN]` (PGN's set-up position) is where the record starts: these
    /// turns are legal only from it.
    #[test]
    fn a_fen_tag_sets_the_start_position() {
        let chess = crate::rules::find_variant("chess").unwrap();
        let record = "[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/R7 w - - 0 1\"]\n\n\
                      1. Ra1-a8# 1-0\n";
        let replayed = replay(chess, record).unwrap();
        assert_eq!((replayed.result(), replayed.turns), ("1-0".to_string(), 1));
        // Black to move first: the movetext starts `1...`.
        let black = "[FEN \"4k3/8/8/8/8/8/7K/r7 b - - 0 1\"]\n1... Ra1-a2+ 2. Kh2-g3 *\n";
        assert_eq!(replay(chess, black).unwrap().turns, 2);
        let bad = replay(chess, "[Event \"x\"]\n[FEN \"8/8/8 w - - 0 1\"]\n1. e4\n").unwrap_err();
        let text = bad.to_string();
        assert!(
            text.starts_with("line 2: [FEN \"8/8/8 w - - 0 1\"]: "),
            "{text}"
        );
        assert!(!text.contains('\n'), "{text}");
        let err = replay(&RACE, "[FEN \"anything\"]\n1\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1: [FEN \"anything\"]: race has no FEN"
        );
    }

    #[test]
    fn a_claimed_result_must_be_reached() {
        let turns = "# five times two\n2\n2\n2\n2\n2\n";
        let won = replay(&RACE, &format!("[Result \"1-0\"]\n{turns}")).unwrap();
        assert_eq!(won.result(), "1-0");
        let err = replay(&RACE, &format!("[Result \"0-1\"]\n{turns}")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1: the record claims 0-1 but the turns reach 1-0"
        );
        let err = replay(&RACE, "2\n2 [1:0:0]\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: the record claims [1:0:0] but the turns reach *"
        );
    }
}
