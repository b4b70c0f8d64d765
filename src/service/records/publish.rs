//! Web pages as data, and the queue of pages to write.
//!
//! A command marks the pages its change touches ([`mark`], called with
//! its notices in its own transaction through `notify::queue`): the game's
//! page, its players' pages and the index. After commit the front end
//! takes the queue ([`pending`]), builds each page's values here
//! ([`game_page`], [`player_page`], [`index_page`]: public facts only,
//! never a reply token, a queued or submitted move, the roll to come or
//! the seed before the end), has `web` write them, and removes what it
//! wrote ([`done`]).

use rusqlite::Connection;

use crate::command::GameId;
use crate::service::error::ServiceError;
use crate::service::game::{Catalog, LoadedGame, apply, parse_roll};
use crate::service::records::record::record_text;
use crate::service::score::score;
use crate::store::games::{self, Game, Status, Which};
use crate::store::tournaments::{self, State, Tournament};
use crate::store::turns::{self, EntryKind};
use crate::store::{StoreError, players};
use crate::tournament::{Format, Outcome, Pairing, Played, crosstable};
use crate::web::data::{
    GameLine, GamePage, IndexPage, PageKey, PlayerPage, Ply, StandingLine, StandingsPage,
    TournamentLine, TournamentPage,
};

/// Every page the site has: for `boserv publish`.
pub fn every_page(conn: &Connection, catalog: Catalog<'_>) -> Result<Vec<PageKey>, StoreError> {
    let mut pages = vec![PageKey::Index];
    pages.extend(
        catalog
            .iter()
            .map(|v| PageKey::Standings(v.name().to_string())),
    );
    let all = games::list(conn, &[], true)?;
    let mut users: Vec<String> = all.iter().flat_map(|g| g.players.clone()).collect();
    users.sort();
    users.dedup();
    pages.extend(all.iter().map(|g| PageKey::Game(g.id.0)));
    pages.extend(users.into_iter().map(PageKey::Player));
    let every = [State::Open, State::Running, State::Done, State::Cancelled];
    pages.extend(
        tournaments::list(conn, &every)?
            .into_iter()
            .map(|t| PageKey::Tournament(t.name)),
    );
    Ok(pages)
}

/// A page waiting to be written: its stored key (unknown keys included,
/// so that [`done`] clears them too) and its mark.
pub type Mark = (String, i64);

/// The pages waiting to be written.
pub fn pending(conn: &Connection) -> Result<Vec<Mark>, StoreError> {
    let mut q = conn.prepare("SELECT page, marked FROM publish ORDER BY page")?;
    let rows = q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Removes a written page from the queue, unless it was marked again
/// since it was read (then it is written again next time).
pub fn done(conn: &Connection, mark: &Mark) -> Result<(), StoreError> {
    crate::store::exec(
        conn,
        "DELETE FROM publish WHERE page = ?1 AND marked = ?2",
        rusqlite::params![mark.0, mark.1],
    )?;
    Ok(())
}

/// A game in a list, from its row alone.
fn line(catalog: Catalog<'_>, row: &Game) -> GameLine {
    let variant = catalog.iter().find(|v| v.name() == row.variant);
    let seats: Vec<String> = match variant {
        Some(v) => v.seats().iter().map(|s| s.to_string()).collect(),
        None => (1..=row.players.len())
            .map(|n| format!("seat {n}"))
            .collect(),
    };
    let status = match (&row.result, &row.reason, row.status) {
        (Some(result), Some(reason), _) => format!("{result} ({reason})"),
        (Some(result), None, _) => result.clone(),
        (None, _, Status::Cancelled) => "cancelled".to_string(),
        (None, _, _) => format!(
            "move {}",
            crate::rules::numbering::name_in(&row.variant, row.ply + 1)
        ),
    };
    GameLine {
        id: row.id.0,
        name: variant.map_or(row.variant.clone(), |v| v.full_name().to_string()),
        sides: seats.into_iter().zip(row.players.iter().cloned()).collect(),
        status,
        over: row.status != Status::Active,
    }
}

/// The most games of each kind (going on, over) the index lists, and of
/// one player's page: the newest. A page is written after every move that
/// touches it, so its size, and its cost, must not grow with the server.
pub const PAGE_GAMES: usize = 200;

/// `index.html`: the newest games going on and over, their players.
pub fn index_page(conn: &Connection, catalog: Catalog<'_>) -> Result<IndexPage, ServiceError> {
    let mut shown = games::newest(conn, Which::Active, None, PAGE_GAMES)?;
    shown.extend(games::newest(conn, Which::Finished, None, PAGE_GAMES)?);
    shown.sort_by_key(|g| g.id);
    let mut players: Vec<String> = shown.iter().flat_map(|g| g.players.clone()).collect();
    players.sort();
    players.dedup();
    Ok(IndexPage {
        games: shown.iter().map(|g| line(catalog, g)).collect(),
        players,
        types: catalog
            .iter()
            .map(|v| (v.name().to_string(), v.full_name().to_string()))
            .collect(),
        tournaments: tournaments::list(
            conn,
            &[State::Open, State::Running, State::Done, State::Cancelled],
        )?
        .iter()
        .map(|t| tournament_line(catalog, t))
        .collect(),
    })
}

/// A tournament as the index lists it.
fn tournament_line(catalog: Catalog<'_>, t: &Tournament) -> TournamentLine {
    let name = catalog
        .iter()
        .find(|v| v.name() == t.variant)
        .map_or(t.variant.clone(), |v| v.full_name().to_string());
    let state = match (&t.state, &t.winner) {
        (State::Done, Some(winner)) => format!("done, won by {winner}"),
        (state, _) => state.as_str().to_string(),
    };
    TournamentLine {
        name: t.name.clone(),
        what: format!("{name} {}", t.format),
        state,
    }
}

/// `tournaments/NAME.html`: a ladder's ranks or a crosstable, and the
/// games; none for a name no tournament has.
pub fn tournament_page(
    conn: &Connection,
    catalog: Catalog<'_>,
    name: &str,
) -> Result<Option<TournamentPage>, ServiceError> {
    let Some(t) = tournaments::find(conn, name)? else {
        return Ok(None);
    };
    let games = tournaments::games(conn, t.id)?;
    let mut lines = Vec::new();
    for g in &games {
        if let Some(row) = games::find(conn, g.game)? {
            lines.push((g.round, line(catalog, &row)));
        }
    }
    let (head, rows, note) = if t.format == Format::Ladder {
        ladder_table(conn, &t)?
    } else {
        cross_table(conn, &t, &games)?
    };
    Ok(Some(TournamentPage {
        line: tournament_line(catalog, &t),
        head,
        rows,
        player_column: 1,
        note,
        games: lines,
    }))
}

/// Column heads, rows and the note of a tournament's table.
type Table = (Vec<String>, Vec<Vec<String>>, String);

/// A ladder's table: place, player, finished games, points, games going on.
fn ladder_table(conn: &Connection, t: &Tournament) -> Result<Table, ServiceError> {
    let head = ["#", "Player", "Games", "Points", "Playing"];
    let rows = crate::service::community::tournament::ladder::table(conn, t)?
        .into_iter()
        .map(|r| {
            vec![
                r.rank.to_string(),
                r.userid,
                r.games.to_string(),
                crosstable::points((r.points * 2.0) as u32),
                r.playing.to_string(),
            ]
        })
        .collect();
    let note = format!(
        "A newcomer starts at the bottom. A player may challenge one at most {} places above \
         (tournament challenge {} USERID), in at most {} ladder games at once; a win takes \
         the loser's place.",
        t.reach, t.name, t.max_games
    );
    Ok((head.map(str::to_string).to_vec(), rows, note))
}

/// A crosstable: the entrants by points, then ICCF's tie-breaks, with
/// each one's results against every other (in the table's order).
fn cross_table(
    conn: &Connection,
    t: &Tournament,
    games: &[tournaments::TournamentGame],
) -> Result<Table, ServiceError> {
    let entrants = tournaments::entrants(conn, t.id)?;
    let number = |userid: &str| {
        entrants
            .iter()
            .position(|e| e.userid.eq_ignore_ascii_case(userid))
    };
    let mut played = Vec::new();
    for g in games {
        let [white, black] = g.players.as_slice() else {
            continue;
        };
        let (Some(white), Some(black)) = (number(white), number(black)) else {
            continue;
        };
        let outcome = match g.result.as_deref() {
            Some("1-0") => Some(Outcome::Win),
            Some("0-1") => Some(Outcome::Loss),
            Some("1/2-1/2") => Some(Outcome::Draw),
            _ => None,
        };
        played.push(Played {
            pairing: Pairing { white, black },
            outcome,
        });
    }
    let table = crosstable::order(entrants.len(), &played);
    let mut head: Vec<String> = vec!["#".into(), "Player".into()];
    head.extend((1..=table.len()).map(|n| n.to_string()));
    head.extend(["Points", "Wins", "SB"].map(str::to_string));
    let rows = table
        .iter()
        .map(|s| {
            let mut row = vec![s.place.to_string(), entrants[s.entrant].userid.clone()];
            for other in &table {
                if other.entrant == s.entrant {
                    row.push("x".to_string());
                    continue;
                }
                let results: Vec<String> = played
                    .iter()
                    .filter_map(|p| match (p.pairing.white, p.pairing.black) {
                        (w, b) if w == s.entrant && b == other.entrant => Some(p.outcome),
                        (w, b) if b == s.entrant && w == other.entrant => {
                            Some(p.outcome.map(Outcome::flipped))
                        }
                        _ => None,
                    })
                    .map(|o| o.map_or("*".to_string(), |o| crosstable::points(o.halves())))
                    .collect();
                row.push(results.join(" "));
            }
            row.push(crosstable::points(s.halves));
            row.push(s.wins.to_string());
            row.push(crosstable::quarters(s.sb_quarters));
            row
        })
        .collect();
    let note = "Ordered by points, then the number of wins (Baumbach), then \
                Sonneborn-Berger (SB), then the games between the tied players."
        .to_string();
    Ok((head, rows, note))
}

/// `standings/VARIANT.html`: the pool as `standings VARIANT` shows it at
/// `now`; none for a game type this build does not offer.
pub fn standings_page(
    conn: &Connection,
    catalog: Catalog<'_>,
    variant: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<StandingsPage>, ServiceError> {
    let Some(found) = catalog.iter().find(|v| v.name() == variant) else {
        return Ok(None);
    };
    let pool = crate::service::community::ratings::pool(conn, *found, now)?;
    Ok(Some(StandingsPage {
        variant: variant.to_string(),
        name: found.full_name().to_string(),
        lines: pool
            .rows
            .iter()
            .map(|r| StandingLine {
                rank: r.rank,
                userid: r.userid.clone(),
                rating: crate::service::rating::shown(r.rating, r.rd),
                rd: r.rd.round() as u32,
                games: r.games,
                wins: r.wins,
                losses: r.losses,
                draws: r.draws,
                provisional: r.provisional,
            })
            .collect(),
    }))
}

/// `players/USERID.html`; none for a userid no one has.
pub fn player_page(
    conn: &Connection,
    catalog: Catalog<'_>,
    userid: &str,
) -> Result<Option<PlayerPage>, ServiceError> {
    let Some(player) = players::find(conn, userid)? else {
        return Ok(None);
    };
    let mut games = games::of_players(conn, &[player.id], Which::Any, None, PAGE_GAMES)?;
    games.reverse();
    Ok(Some(PlayerPage {
        userid: player.userid,
        games: games.iter().map(|g| line(catalog, g)).collect(),
    }))
}

/// `games/N.html` and its positions; none for a game that is not there.
pub fn game_page(
    conn: &Connection,
    catalog: Catalog<'_>,
    id: GameId,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<GamePage>, ServiceError> {
    let game = match LoadedGame::load(conn, catalog, id) {
        Ok(game) => game,
        Err(ServiceError::NoSuchGame(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    let log = turns::log(conn, id)?;
    let scored = score(game.variant, &game.row.options, &log)?;
    let mut position = game.variant.start(&game.row.options)?;
    let mut plies = vec![Ply {
        number: 0,
        turn: None,
        by: None,
        picture: position.picture(0),
        text: position.render(),
    }];
    for s in scored.iter().filter(|s| s.entry.kind != EntryKind::Undo) {
        let entry = &s.entry;
        let roll = entry.roll.as_deref().and_then(parse_roll);
        let after = apply(position.as_ref(), entry.kind, entry.seat, &entry.text, roll)?;
        let mut picture = after.picture(0);
        if let (Some(now), Some(before)) = (&mut picture, &plies.last().unwrap().picture) {
            now.mark_changes_from(before);
        }
        let turn = match (entry.kind, &entry.roll) {
            (EntryKind::Turn, Some(roll)) => format!("{roll}: {}", s.text()),
            _ => s.text(),
        };
        plies.push(Ply {
            number: plies.len() as u32,
            turn: Some(turn),
            by: entry.seat.map(|seat| game.player_at(seat)),
            picture,
            text: after.render(),
        });
        position = after;
    }
    let mut line = line(catalog, &game.row);
    line.status = game.current_view().status_line();
    // What the board mails say of the turn to come: the deadline and the
    // roll of the player to move (a roll already made, not one to come).
    let to_move = game
        .position
        .to_move()
        .filter(|_| game.invitation.is_none());
    let (deadline, roll) = match to_move {
        Some(seat) => (
            crate::service::time::deadline::deadline(conn, &game, now)?.map(|due| {
                format!(
                    "{} must move by {}.",
                    game.player_at(seat),
                    crate::service::time::deadline::readable(due)
                )
            }),
            crate::service::dice::current_roll(&game)?.map(|roll| {
                format!(
                    "{}'s roll: {}",
                    game.player_at(seat),
                    crate::service::game::roll_text(roll)
                )
            }),
        ),
        None => (None, None),
    };
    Ok(Some(GamePage {
        line,
        deadline,
        roll,
        plies,
        record: record_text(conn, &game)?,
        pgn: game.variant.name() == "chess",
    }))
}
