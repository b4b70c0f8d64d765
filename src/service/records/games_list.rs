//! `games`, `show USERID...` and `list`: which games there are, and where
//! each stands.
//!
//! Asked by a player (`--as`, or by mail) without names, `games` lists that
//! player's own games; the operator's shell without `--as` sees everyone's.
//! Each line says whose turn it is and until when (the forfeit date).
//! `show USERID...` draws the same games' boards, a bounded number per
//! answer, as pbmserv did.

use rusqlite::Connection;

use crate::command::{Actor, GamesFilter};
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::LoadedGame;
use crate::service::reply::{GameLine, Reply};
use crate::store::games::Which;
use crate::store::{self, Tx, games, players};

/// The most boards one `show USERID...` answer draws.
pub const MAX_BOARDS: usize = 10;

/// The most games one `games` (or `show USERID...`) answer lists: the
/// newest, the others left out and said to be there. However many games
/// a player has had, one answer reads this many.
pub const MAX_LINES: usize = 50;

/// Games read from the store at a time while an answer is filled.
const PAGE: usize = MAX_LINES + 1;

/// The games a `games` answer names, newest first, and whether there are
/// more than it names.
struct Selection {
    games: Vec<LoadedGame>,
    more: bool,
}

/// `games [USERID...] [all|active|inactive|next]`, of one game or all.
pub fn games(
    conn: &mut Connection,
    req: &Request<'_>,
    users: &[String],
    filter: GamesFilter,
    variant: Option<&str>,
) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let mut lines = Vec::new();
    let selection = selected(&tx, req, users, filter, variant)?;
    let zone = crate::service::time::zone::of_actor(&tx, req.actor)?;
    for game in selection.games {
        let view = game.current_view();
        let standing = match (&view.result, &view.to_move) {
            (Some(_), _) => game.result_line(),
            (None, _) if !view.waiting_for.is_empty() => {
                format!("waiting for {} to accept", view.waiting_for.join(", "))
            }
            (None, Some(user)) => format!("{user} to move"),
            (None, None) => view.status.clone(),
        };
        let deadline = match view.status == "active" {
            true => crate::service::time::deadline::deadline(&tx, &game, req.now)?
                .map(|at| zone.compact(at)),
            false => None,
        };
        lines.push(GameLine {
            game: view.game,
            variant: view.variant,
            players: view.players,
            ply: view.ply,
            status: view.status,
            standing,
            deadline,
        });
    }
    Ok(Reply::Games {
        lines,
        more: selection.more,
    })
}

/// `show USERID... [all|active|inactive|next]`: the boards of their games,
/// at most [`MAX_BOARDS`] (the rest named by number).
pub fn show_boards(
    conn: &mut Connection,
    req: &Request<'_>,
    users: &[String],
    filter: GamesFilter,
    variant: Option<&str>,
) -> Result<Reply, ServiceError> {
    if users.is_empty() && asker(req.actor).is_none() {
        return Err(ServiceError::NoUserNamed);
    }
    let (ids, more): (Vec<_>, bool) = {
        let tx = store::read(conn)?;
        let selection = selected(&tx, req, users, filter, variant)?;
        (
            selection.games.iter().map(|g| g.row.id).collect(),
            selection.more,
        )
    };
    if ids.is_empty() {
        return Ok(Reply::Text("no games".to_string()));
    }
    let mut pages = Vec::new();
    for &id in ids.iter().take(MAX_BOARDS) {
        pages.push(crate::service::records::show::show(conn, req, id, None)?.text());
    }
    if ids.len() > MAX_BOARDS {
        let rest: Vec<String> = ids[MAX_BOARDS..].iter().map(|g| g.to_string()).collect();
        pages.push(format!(
            "{} more: show them by number ({})",
            rest.len(),
            rest.join(" ")
        ));
    }
    if more {
        pages.push(format!("(only the newest {MAX_LINES} games are named)"));
    }
    Ok(Reply::Text(pages.join("\n\n")))
}

/// The most players `list VARIANT` names per game type (by userid).
pub const LIST_PLAYERS: usize = 100;

/// `list [GAME...]`: the games on offer, or per game named, who has played
/// it here and how many of their games of it are being played.
pub fn list(
    conn: &mut Connection,
    req: &Request<'_>,
    names: &[String],
) -> Result<Reply, ServiceError> {
    if names.is_empty() {
        return Ok(crate::service::records::help::variants(req.catalog));
    }
    let tx = store::read(conn)?;
    let mut out = Vec::new();
    // Each game type once, however often it is named: the answer is
    // bounded by the catalog, not by the line.
    let mut listed = Vec::new();
    for name in names {
        let variant = crate::service::game::find_variant(req.catalog, name)?;
        if listed.contains(&variant.name()) {
            continue;
        }
        listed.push(variant.name());
        let mut players = games::players_of(&tx, variant.name(), LIST_PLAYERS + 1)?;
        let more = players.len() > LIST_PLAYERS;
        players.truncate(LIST_PLAYERS);
        if players.is_empty() {
            out.push(format!("{}: nobody has played it here yet", variant.name()));
            continue;
        }
        out.push(format!("{} ({}):", variant.name(), variant.full_name()));
        // The counts line up under the longest userid.
        let width = players
            .iter()
            .map(|(user, ..)| user.len())
            .max()
            .unwrap_or(0);
        for (user, active, total) in players {
            out.push(format!("  {user:<width$} {active} active, {total} in all"));
        }
        if more {
            out.push(format!(
                "  (only the first {LIST_PLAYERS} by userid are listed; `games USERID` and \
                 `ratings USERID` show anyone's)"
            ));
        }
    }
    Ok(Reply::Text(out.join("\n")))
}

/// The games `users` play (the asker's without names), as `filter` and
/// `variant` say: the newest [`MAX_LINES`]. Only the games read from the
/// store are loaded, a page at a time, so the cost follows the answer and
/// not the player's history (`next` passes over the games where someone
/// else is to move).
fn selected(
    tx: &Tx<'_>,
    req: &Request<'_>,
    users: &[String],
    filter: GamesFilter,
    variant: Option<&str>,
) -> Result<Selection, ServiceError> {
    let variant = match variant {
        Some(name) => Some(crate::service::game::find_variant(req.catalog, name)?.name()),
        None => None,
    };
    let users: Vec<String> = match (users.is_empty(), asker(req.actor)) {
        (true, Some(asker)) => vec![asker],
        _ => users.to_vec(),
    };
    let mut ids = Vec::new();
    let mut names = Vec::new();
    for user in &users {
        let player =
            players::find(tx, user)?.ok_or_else(|| ServiceError::NoSuchUser(user.clone()))?;
        ids.push(player.id);
        names.push(player.userid.to_lowercase());
    }
    let which = match filter {
        GamesFilter::All => Which::Any,
        GamesFilter::Active | GamesFilter::Next => Which::Active,
        GamesFilter::Inactive => Which::Finished,
    };
    // A player's `next`: the games where they are to move, from the index
    // of whose turn it is, never their other games.
    if filter == GamesFilter::Next && !ids.is_empty() {
        let mut found = Vec::new();
        for &player in &ids {
            found.extend(crate::store::due::to_move_newest(
                tx,
                player,
                variant,
                MAX_LINES + 1,
            )?);
        }
        found.sort_unstable_by(|a, b| b.cmp(a));
        found.dedup();
        let more = found.len() > MAX_LINES;
        found.truncate(MAX_LINES);
        let mut chosen = found
            .into_iter()
            .map(|id| LoadedGame::load(tx, req.catalog, id))
            .collect::<Result<Vec<_>, _>>()?;
        chosen.reverse();
        return Ok(Selection {
            games: chosen,
            more,
        });
    }
    // Read a page at a time, newest first, until the answer is full (one
    // more game tells there are more) or the games run out: `next` passes
    // over the games where someone else is to move.
    let mut chosen = Vec::new();
    let mut more = false;
    let mut before = None;
    'pages: loop {
        let page = match ids.is_empty() {
            // The operator's whole server: its newest games.
            true => games::newest_before(tx, which, variant, before, PAGE)?,
            false => games::of_players_before(tx, &ids, which, variant, before, PAGE)?,
        };
        let Some(last) = page.last() else { break };
        before = Some(last.id);
        let full = page.len() == PAGE;
        for row in page {
            if chosen.len() == MAX_LINES {
                more = true;
                break 'pages;
            }
            let game = LoadedGame::load(tx, req.catalog, row.id)?;
            let keep = match filter {
                GamesFilter::Next => game
                    .current_view()
                    .to_move
                    .as_ref()
                    .is_some_and(|u| names.is_empty() || names.contains(&u.to_lowercase())),
                _ => true,
            };
            if keep {
                chosen.push(game);
            }
        }
        if !full {
            break;
        }
    }
    // Listed oldest first, as ever.
    chosen.reverse();
    Ok(Selection {
        games: chosen,
        more,
    })
}

fn asker(actor: &Actor) -> Option<String> {
    match actor {
        Actor::Trusted(user) | Actor::Claimed { user, .. } | Actor::Verified { user, .. } => {
            Some(user.clone())
        }
        Actor::Anonymous => None,
    }
}
