//! The tournament pages (issue 27): with `web_dir` set, a tournament's
//! page `tournaments/NAME.html` holds its table (a crosstable by points
//! and ICCF's tie-breaks, or a ladder's ranks) and its games, each linked
//! to its page, and is written again when one of its games changes; the
//! index lists every tournament.

use crate::util::{Env, read_page};

/// The table rows of a page: each row's cells as text.
fn rows(page: &str) -> Vec<Vec<String>> {
    page.split("<tr>")
        .skip(2)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let inner = &cell[cell.find('>').unwrap() + 1..cell.find("</td>").unwrap()];
                    // A linked name: the link's text.
                    match inner.find("\">") {
                        Some(at) if inner.starts_with("<a ") => {
                            inner[at + 2..inner.find("</a>").unwrap()].to_string()
                        }
                        _ => inner.to_string(),
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_round_robins_page_is_its_crosstable_and_its_games() {
    let env = Env::new();
    env.signup(&["org", "ann", "bob", "cy"]);
    let dir = env.web_dir();
    env.ok(
        Some("org"),
        &[
            "tournament",
            "create",
            "rr",
            "chess",
            "round-robin",
            "--players=3",
        ],
    );
    for who in ["ann", "bob", "cy"] {
        env.ok(Some(who), &["tournament", "join", "rr"]);
    }
    let games: Vec<i64> = env.query("SELECT game FROM tournament_games ORDER BY game");
    assert_eq!(games.len(), 3);
    let page = read_page(&dir, "tournaments/rr.html");
    for game in &games {
        assert!(
            page.contains(&format!("href=\"../games/{game}.html\"")),
            "{page}"
        );
    }
    assert!(read_page(&dir, "index.html").contains("href=\"tournaments/rr.html\""));
    // White wins the first game: 1. e4 e5 2. Nf3, Black resigns.
    let first = format!("game{}", games[0]);
    let players = env.json(&first)["players"].clone();
    let (white, black) = (
        players[0].as_str().unwrap().to_string(),
        players[1].as_str().unwrap().to_string(),
    );
    env.play(&first, [&white, &black], 1, &["e2-e4", "e7-e5", "g1-f3"]);
    env.ok(Some(&black), &["resign", &first]);
    let page = read_page(&dir, "tournaments/rr.html");
    let table = rows(&page);
    assert_eq!(table.len(), 3, "{page}");
    // #, Player, 1, 2, 3, Points, Wins, SB: the winner first with 1 point.
    assert_eq!(table[0][0], "1", "{page}");
    assert_eq!(table[0][1], white, "{page}");
    assert_eq!(table[0][5], "1", "{page}");
    assert_eq!(table[0][6], "1", "{page}");
    let loser = table.iter().find(|r| r[1] == black).unwrap();
    assert_eq!(loser[5], "0", "{page}");
    // Each row holds its result against the winner's column: the winner's
    // own cell is x, the loser's 0, the third player's game is unplayed
    // (`*`).
    assert_eq!(table[0][2], "x", "{page}");
    assert_eq!(loser[2], "0", "{page}");
}
