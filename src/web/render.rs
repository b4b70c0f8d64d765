//! The pages drawn: the same page shell and board as the HTML part of a
//! board mail ([`crate::letters::html`]), links between pages relative
//! so the folder can be served from anywhere.

use super::data::{
    GameLine, GamePage, IndexPage, PlayerPage, Ply, StandingsPage, TournamentLine, TournamentPage,
};
use super::files;
use crate::letters::html::board::{block, style};
use crate::letters::html::escape;
use crate::letters::html::letter::{document, text_block};

const P: &str = "<p style=\"font:14px/20px Arial,Helvetica,sans-serif;margin:6px 0\">";
const H1: &str = "<h1 style=\"font:bold 18px/24px Arial,Helvetica,sans-serif;margin:4px 0\">";
const H2: &str = "<h2 style=\"font:bold 16px/22px Arial,Helvetica,sans-serif;margin:10px 0 4px\">";

/// A link from a page `depth` folders below the web directory.
fn href(depth: usize, path: &std::path::Path) -> String {
    format!("{}{}", "../".repeat(depth), path.display())
}

fn sides(line: &GameLine, depth: usize) -> String {
    line.sides
        .iter()
        .map(|(seat, user)| {
            format!(
                "<a href=\"{}\">{}</a> ({})",
                escape(&href(depth, &files::player(user))),
                escape(user),
                escape(seat)
            )
        })
        .collect::<Vec<_>>()
        .join(" v ")
}

fn game_item(line: &GameLine, depth: usize) -> String {
    format!(
        "<li style=\"margin:4px 0\"><a href=\"{}\">Game {}</a>, {}: {}; {}</li>\n",
        escape(&href(depth, &files::game(line.id))),
        line.id,
        escape(&line.name),
        sides(line, depth),
        escape(&line.status)
    )
}

fn game_list(games: &[GameLine], depth: usize) -> String {
    if games.is_empty() {
        return format!("{P}None yet.</p>\n");
    }
    let items: String = games.iter().map(|g| game_item(g, depth)).collect();
    format!(
        "<ul style=\"font:14px/20px Arial,Helvetica,sans-serif;padding-left:18px;margin:4px 0\">\n{items}</ul>\n"
    )
}

/// `index.html`: the games going on, the games over, the players.
pub fn index(page: &IndexPage) -> String {
    let (over, going): (Vec<GameLine>, Vec<GameLine>) =
        page.games.iter().cloned().partition(|g| g.over);
    let players: Vec<String> = page
        .players
        .iter()
        .map(|p| {
            format!(
                "<a href=\"{}\">{}</a>",
                escape(&href(0, &files::player(p))),
                escape(p)
            )
        })
        .collect();
    let types: Vec<String> = page
        .types
        .iter()
        .map(|(variant, name)| {
            format!(
                "<a href=\"{}\">{}</a>",
                escape(&href(0, &files::standings(variant))),
                escape(name)
            )
        })
        .collect();
    let tournaments: Vec<String> = page
        .tournaments
        .iter()
        .map(|t| tournament_item(t, 0))
        .collect();
    let body = format!(
        "{H1}boserv games</h1>\n{H2}Going on</h2>\n{}{H2}Over</h2>\n{}{H2}Players</h2>\n{P}{}</p>\n{H2}Standings</h2>\n{P}{}</p>\n{H2}Tournaments</h2>\n{}",
        game_list(&going, 0),
        game_list(&over, 0),
        if players.is_empty() {
            "None yet.".to_string()
        } else {
            players.join(", ")
        },
        types.join(", "),
        if tournaments.is_empty() {
            format!("{P}None yet.</p>\n")
        } else {
            format!(
                "<ul style=\"font:14px/20px Arial,Helvetica,sans-serif;padding-left:18px;margin:4px 0\">\n{}</ul>\n",
                tournaments.concat()
            )
        }
    );
    document("boserv games", "", &body)
}

/// A tournament in a list, linked to its page.
fn tournament_item(t: &TournamentLine, depth: usize) -> String {
    format!(
        "<li style=\"margin:4px 0\"><a href=\"{}\">{}</a>: {}, {}</li>\n",
        escape(&href(depth, &files::tournament(&t.name))),
        escape(&t.name),
        escape(&t.what),
        escape(&t.state)
    )
}

/// `tournaments/NAME.html`: the table, then the games by round.
pub fn tournament(page: &TournamentPage) -> String {
    const CELL: &str = "style=\"padding:2px 6px;text-align:right\"";
    const NAME: &str = "style=\"padding:2px 6px;text-align:left\"";
    let line = &page.line;
    let mut body = format!(
        "{H1}{}</h1>\n{P}{}, {}. <a href=\"../index.html\">All games</a></p>\n{P}{}</p>\n",
        escape(&line.name),
        escape(&line.what),
        escape(&line.state),
        escape(&page.note)
    );
    if page.rows.is_empty() {
        body.push_str(&format!("{P}No players yet.</p>\n"));
    } else {
        body.push_str(
            "<table style=\"border-collapse:collapse;font:14px/20px Arial,Helvetica,sans-serif\">\n<tr>",
        );
        for (i, head) in page.head.iter().enumerate() {
            let style = if i == page.player_column { NAME } else { CELL };
            body.push_str(&format!("<th {style}>{}</th>", escape(head)));
        }
        body.push_str("</tr>\n");
        for row in &page.rows {
            body.push_str("<tr>");
            for (i, cell) in row.iter().enumerate() {
                if i == page.player_column {
                    body.push_str(&format!(
                        "<td {NAME}><a href=\"{}\">{}</a></td>",
                        escape(&href(1, &files::player(cell))),
                        escape(cell)
                    ));
                } else {
                    body.push_str(&format!("<td {CELL}>{}</td>", escape(cell)));
                }
            }
            body.push_str("</tr>\n");
        }
        body.push_str("</table>\n");
    }
    body.push_str(&format!("{H2}Games</h2>\n"));
    let mut rounds: Vec<u32> = page.games.iter().map(|(r, _)| *r).collect();
    rounds.dedup();
    if rounds.is_empty() {
        body.push_str(&format!("{P}None yet.</p>\n"));
    }
    for round in rounds {
        let games: Vec<GameLine> = page
            .games
            .iter()
            .filter(|(r, _)| *r == round)
            .map(|(_, g)| g.clone())
            .collect();
        if round > 0 {
            body.push_str(&format!("{P}Round {round}</p>\n"));
        }
        body.push_str(&game_list(&games, 1));
    }
    document(&line.name, "", &body)
}

/// `players/USERID.html`.
pub fn player(page: &PlayerPage) -> String {
    let body = format!(
        "{H1}{}</h1>\n{P}<a href=\"../index.html\">All games</a></p>\n{H2}Games</h2>\n{}",
        escape(&page.userid),
        game_list(&page.games, 1)
    );
    document(&page.userid, "", &body)
}

/// `standings/VARIANT.html`: the rating pool as a table, established
/// players first, provisional ones (RD 110 or more, `?`) in their own.
pub fn standings(page: &StandingsPage) -> String {
    const CELL: &str = "style=\"padding:2px 6px;text-align:right\"";
    const NAME: &str = "style=\"padding:2px 6px;text-align:left\"";
    let mut body = format!(
        "{H1}{} standings</h1>\n{P}Glicko-2; a rating with <code>?</code> is provisional. <a href=\"../index.html\">All games</a></p>\n",
        escape(&page.name)
    );
    if page.lines.is_empty() {
        body.push_str(&format!("{P}No rated games yet.</p>\n"));
    }
    for (title, provisional) in [("Established", false), ("Provisional", true)] {
        let lines: Vec<_> = page
            .lines
            .iter()
            .filter(|l| l.provisional == provisional)
            .collect();
        if lines.is_empty() {
            continue;
        }
        body.push_str(&format!(
            "{H2}{title}</h2>\n<table style=\"border-collapse:collapse;font:14px/20px Arial,Helvetica,sans-serif\">\n<tr><th {CELL}>#</th><th {NAME}>Player</th><th {CELL}>Rating</th><th {CELL}>RD</th><th {CELL}>W</th><th {CELL}>L</th><th {CELL}>D</th></tr>\n"
        ));
        for l in lines {
            body.push_str(&format!(
                "<tr><td {CELL}>{}</td><td {NAME}><a href=\"{}\">{}</a></td><td {CELL}>{}</td><td {CELL}>{}</td><td {CELL}>{}</td><td {CELL}>{}</td><td {CELL}>{}</td></tr>\n",
                l.rank,
                escape(&href(1, &files::player(&l.userid))),
                escape(&l.userid),
                escape(&l.rating),
                l.rd,
                l.wins,
                l.losses,
                l.draws
            ));
        }
        body.push_str("</table>\n");
    }
    document(&format!("{} standings", page.name), "", &body)
}

/// A position's board: the picture, or the text board.
fn board(ply: &Ply) -> String {
    match &ply.picture {
        Some(picture) => block(picture, None),
        None => text_block(&ply.text),
    }
}

/// What a position's board shares, for the page's head (none for the text
/// board).
fn board_style(ply: &Ply) -> String {
    ply.picture.as_ref().map_or(String::new(), style)
}

/// `games/N.html`: the board now, every move linked to its position, the
/// record.
pub fn game(page: &GamePage) -> String {
    let line = &page.line;
    let id = line.id;
    let mut body = format!(
        "{H1}Game {id}: {}</h1>\n{P}{}</p>\n{P}{}</p>\n",
        escape(&line.name),
        sides(line, 1),
        escape(&line.status)
    );
    for said in [&page.deadline, &page.roll].into_iter().flatten() {
        body.push_str(&format!("{P}{}</p>\n", escape(said)));
    }
    if let Some(now) = page.plies.last() {
        body.push_str(&board(now));
    }
    body.push_str(&format!(
        "{P}<a href=\"../index.html\">All games</a></p>\n{H2}Moves</h2>\n"
    ));
    let moves: Vec<String> = page
        .plies
        .iter()
        .map(|ply| {
            let what = match (&ply.turn, &ply.by) {
                (Some(turn), Some(by)) => format!("{}. {} ({})", ply.number, turn, by),
                (Some(turn), None) => format!("{}. {}", ply.number, turn),
                _ => "start".to_string(),
            };
            format!(
                "<a href=\"{}\">{}</a>",
                escape(&href(1, &files::ply(id, ply.number))),
                escape(&what)
            )
        })
        .collect();
    body.push_str(&format!(
        "<ol style=\"list-style:none;font:14px/22px Arial,Helvetica,sans-serif;padding:0;margin:4px 0\">\n{}</ol>\n",
        moves
            .iter()
            .map(|m| format!("<li>{m}</li>\n"))
            .collect::<String>()
    ));
    body.push_str(&format!(
        "{H2}{}</h2>\n",
        if page.pgn { "PGN" } else { "Game record" }
    ));
    body.push_str(&text_block(&page.record));
    document(
        &format!("Game {id}: {}", line.name),
        &page.plies.last().map_or(String::new(), board_style),
        &body,
    )
}

/// `games/N/P.html`: the board after move P, with links to the moves
/// before and after it and to the game.
pub fn ply(page: &GamePage, number: u32) -> Option<String> {
    let ply = page.plies.get(number as usize)?;
    let id = page.line.id;
    let link = |n: u32, words: &str| {
        format!(
            "<a href=\"{}\">{words}</a>",
            escape(&href(2, &files::ply(id, n)))
        )
    };
    let mut nav = vec![format!(
        "<a href=\"{}\">Game {id}</a>",
        escape(&href(2, &files::game(id)))
    )];
    if number > 0 {
        nav.push(link(number - 1, "&larr; previous"));
    }
    if (number as usize) + 1 < page.plies.len() {
        nav.push(link(number + 1, "next &rarr;"));
    }
    let what = match (&ply.turn, &ply.by) {
        (Some(turn), Some(by)) => format!("After move {number}: {turn} ({by})"),
        (Some(turn), None) => format!("After move {number}: {turn}"),
        _ => "The start".to_string(),
    };
    let body = format!(
        "{H1}Game {id}: {}</h1>\n{P}{}</p>\n{P}{}</p>\n{}",
        escape(&page.line.name),
        escape(&what),
        nav.join(" &middot; "),
        board(ply)
    );
    Some(document(
        &format!("Game {id}, move {number}: {}", page.line.name),
        &board_style(ply),
        &body,
    ))
}
