//! The board of Rebellion and Squirm Chess: the house-style 8x8 drawing,
//! whose turn it is and the last move, and in Squirm Chess one more line
//! that tells the player to move which enemy piece they may squirm first
//! (and where to), or why nothing may be squirmed.

use crate::rules::chesslike::{ChessLike, Rebels};
use crate::rules::geometry::Square;
use crate::rules::notation::canonical;
use crate::rules::render::{Drawing, status_lines};

/// The whole text, from Black's side when `flipped`.
pub fn render(pos: &ChessLike, flipped: bool) -> String {
    let geo = &pos.rules().spec.geometry;
    let drawing = Drawing {
        flipped,
        ..Drawing::new(geo)
    };
    let glyph = |sq: Square| pos.board().glyph(sq);
    let mut lines = drawing.board_lines(&glyph);
    let over = pos.result().is_some();
    let to_move = pos.rules().seats[pos.side() as usize];
    lines.extend(status_lines((!over).then_some(to_move), pos.last_move()));
    if !over && pos.rules().rebels == Rebels::SquirmFirst {
        lines.push(squirm_line(pos));
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// What the side to move may squirm: `Squirm: White may first move
/// Black's knight on f6: ~Nf6-e6, ~Nf6-f5 or ~Nf6-g6.`, or why nothing.
pub fn squirm_line(pos: &ChessLike) -> String {
    let rules = pos.rules();
    let geo = &rules.spec.geometry;
    let (mover, owner) = (
        rules.seats[pos.side() as usize],
        rules.seats[1 - pos.side() as usize],
    );
    let Some(sq) = pos.last_moved() else {
        return match pos.last_move() {
            None => "Squirm: none this turn (nothing has moved yet).".to_string(),
            Some(_) => format!("Squirm: none this turn ({owner} castled)."),
        };
    };
    let name = pos
        .board()
        .get(sq)
        .map_or("piece", |p| pos.board().kind(p).name);
    let piece = format!("{owner}'s {name} on {}", geo.name(sq));
    let squirms: Vec<String> = pos
        .open_squirms()
        .iter()
        .map(|s| canonical(geo, &pos.candidate(s)))
        .collect();
    match squirms.split_last() {
        None => format!("Squirm: none this turn ({piece} has no rebel move)."),
        Some((last, [])) => format!("Squirm: {mover} may first move {piece}: {last}."),
        Some((last, rest)) => format!(
            "Squirm: {mover} may first move {piece}: {} or {last}.",
            rest.join(", ")
        ),
    }
}
