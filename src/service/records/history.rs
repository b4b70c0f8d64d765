//! `history`: a game's turn log as players read it.

use std::collections::HashMap;

use rusqlite::Connection;

use crate::command::GameId;
use crate::rules::numbering;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::AUTO_PASS;
use crate::service::game::LoadedGame;
use crate::service::reply::Reply;
use crate::service::score::{described, score};
use crate::store::turns::{self, Entry, EntryKind};
use crate::store::{self};

/// One log entry as a line: `   5... Black  bob  Qd8-h4`; a turn is
/// written as `shown` (its text, and what it took where that is news).
/// The userid column is as wide as the game's longest userid (at least
/// 12), so every row's turn starts in one column.
pub fn entry_line(game: &LoadedGame, entry: &Entry, shown: &str) -> String {
    let width = game
        .row
        .players
        .iter()
        .map(|p| p.chars().count())
        .max()
        .unwrap_or(0)
        .max(12);
    let who = format!("{:<width$}", entry.player.clone().unwrap_or_default());
    let seat = entry
        .seat
        .and_then(|s| game.variant.seats().get(s))
        .copied()
        .unwrap_or("");
    // Every line carries the number of the move it was made at, as the
    // game counts moves: `  12... Black  bob          resigns`.
    let number = |turn: u32| numbering::column(game.variant, turn);
    let at = number(entry.ply + 1);
    match entry.kind {
        EntryKind::Turn => {
            let roll = entry
                .roll
                .as_deref()
                .map(|r| format!("{r}: "))
                .unwrap_or_default();
            format!("{}{:<6} {} {roll}{shown}", number(entry.ply), seat, who)
        }
        EntryKind::Resign => format!("{at}{seat:<6} {who} resigns"),
        EntryKind::Forfeit => format!("{at}{seat:<6} {who} forfeits"),
        EntryKind::SignOff => format!(
            "{at}{seat:<6} {who} forfeits ({})",
            crate::rules::Ending::SignedOff
        ),
        EntryKind::Draw => format!("{at}draw agreed"),
        EntryKind::Undo => format!(
            "        takeback agreed ({}): {}",
            entry.player.as_deref().unwrap_or_default(),
            entry.text
        ),
    }
}

/// `history GAME`.
pub fn history(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    let view = game.current_view();
    let mut lines = vec![view.heading()];
    // What the live turns took, from the position before each (a
    // taken-back turn is shown as written).
    let log = turns::log(&tx, id)?;
    let took: HashMap<u32, String> = score(game.variant, &game.row.options, &log)?
        .into_iter()
        .filter(|s| !s.taken.is_empty())
        .map(|s| {
            let shown = described(&s.entry.text, &s.taken, |seat| game.player_at(seat));
            (s.entry.seq, shown)
        })
        .collect();
    // The whole trail: a taken-back turn stays, marked.
    for (entry, undone) in turns::trail(&tx, id)? {
        let shown = match undone {
            None => took.get(&entry.seq).unwrap_or(&entry.text),
            Some(_) => &entry.text,
        };
        let mut line = entry_line(&game, &entry, shown);
        if undone.is_some() {
            line.push_str(" (taken back)");
        }
        match (&entry.comment, entry.kind) {
            // The server's own notes are not a player's words.
            _ if entry.auto => {
                line.push_str(" (Auto)");
                lines.push(line);
                let words = entry.comment.iter().flat_map(|c| c.lines());
                lines.extend(words.map(|l| format!("        > {l}")));
            }
            (Some(comment), EntryKind::Turn) if comment == AUTO_PASS => {
                line.push_str(" (automatic)");
                lines.push(line);
            }
            (Some(comment), EntryKind::Forfeit) => {
                lines.push(line);
                lines.push(format!("        ({comment})"));
            }
            (Some(comment), _) => {
                lines.push(line);
                lines.extend(comment.lines().map(|l| format!("        > {l}")));
            }
            (None, _) => lines.push(line),
        }
    }
    lines.push(view.status_line());
    Ok(Reply::Text(lines.join("\n")))
}
