//! Watching games without playing them: `subscribe`/`unsubscribe` (a
//! spectator's copy of every board mail, of one board or of every new
//! game of a type) and `notify` (a mail when a game ends). Watchers need
//! a confirmed address, and each list is bounded by [`MAX_WATCHERS`], so
//! the copies one move causes stay bounded too.

use rusqlite::Connection;

use super::{MAX_WATCHERS, SocialError};
use crate::command::{GameId, Watch};
use crate::service::game::{find_variant, timestamp};
use crate::service::login::acting_player;
use crate::service::{Reply, Request, ServiceError};
use crate::store::games::{Game, Status};
use crate::store::players::{self, Player};
use crate::store::watchers::{self, Kind};
use crate::store::{self, games};

/// `subscribe VARIANT BOARD...|all` and its `unsubscribe`.
pub fn subscribe(
    conn: &mut Connection,
    req: &Request<'_>,
    variant: &str,
    target: &Watch,
    on: bool,
) -> Result<Reply, ServiceError> {
    let (variant, tx, user, now) = begin(conn, req, variant)?;
    let name = user.userid.clone();
    let text = match (target, on) {
        (Watch::Board(game), true) => {
            let row = watchable(&tx, *game, &user)?;
            of_variant(&row, variant)?;
            if watchers::count(&tx, *game, Kind::Subscribe)? >= MAX_WATCHERS
                && !is_watching(&tx, *game, &user, Kind::Subscribe)?
            {
                return Err(SocialError::Crowded {
                    game: *game,
                    max: MAX_WATCHERS,
                    what: "spectators",
                }
                .into());
            }
            match watchers::add(&tx, row.id, user.id, Kind::Subscribe, &now)? {
                true => {
                    format!("{name} watches {game} now: a copy of each of its mails comes to you")
                }
                false => format!("{name} watches {game} already"),
            }
        }
        (Watch::Board(game), false) => {
            if let Some(row) = games::find(&tx, *game)? {
                of_variant(&row, variant)?;
            }
            let watched = watchers::remove(&tx, *game, user.id, Kind::Subscribe)?;
            let notified = watchers::remove(&tx, *game, user.id, Kind::Notify)?;
            if !watched && !notified {
                return Err(SocialError::NotWatching {
                    user: name,
                    game: *game,
                }
                .into());
            }
            format!("{name} no longer watches {game}")
        }
        (Watch::Every, true) => {
            needs_address(&tx, &user)?;
            standing_room(&tx, variant, &user, Kind::Subscribe, "watch")?;
            match watchers::set_standing(&tx, variant, user.id, Kind::Subscribe, true, &now)? {
                true => format!(
                    "{name} will watch every new {variant} game: a copy of each of its mails comes to you"
                ),
                false => format!("{name} watches every new {variant} game already"),
            }
        }
        (Watch::Every, false) => {
            if !watchers::set_standing(&tx, variant, user.id, Kind::Subscribe, false, &now)? {
                return Err(SocialError::NotWatchingType {
                    user: name,
                    variant: variant.to_string(),
                }
                .into());
            }
            format!(
                "{name} no longer watches every new {variant} game (the boards you watch already stay watched: unsubscribe them one by one)"
            )
        }
    };
    tx.commit()?;
    Ok(Reply::Done(text))
}

/// `GAME notify [BOARD...]`: with boards, a mail when each ends; without,
/// the result of every game of this type, switched on or off.
pub fn notify(
    conn: &mut Connection,
    req: &Request<'_>,
    variant: &str,
    boards: &[GameId],
) -> Result<Reply, ServiceError> {
    let (variant, tx, user, now) = begin(conn, req, variant)?;
    let name = user.userid.clone();
    if boards.is_empty() {
        let on = !watchers::is_standing(&tx, variant, user.id, Kind::Notify)?;
        if on {
            needs_address(&tx, &user)?;
            standing_room(&tx, variant, &user, Kind::Notify, "are told the result of")?;
        }
        watchers::set_standing(&tx, variant, user.id, Kind::Notify, on, &now)?;
        tx.commit()?;
        return Ok(Reply::Done(match on {
            true => format!("{name} will be told the result of every {variant} game"),
            false => format!("{name} will no longer be told the result of every {variant} game"),
        }));
    }
    for &game in boards {
        let row = watchable(&tx, game, &user)?;
        of_variant(&row, variant)?;
        if watchers::count(&tx, game, Kind::Notify)? >= MAX_WATCHERS
            && !is_watching(&tx, game, &user, Kind::Notify)?
        {
            return Err(SocialError::Crowded {
                game,
                max: MAX_WATCHERS,
                what: "users to tell of its end",
            }
            .into());
        }
        watchers::add(&tx, game, user.id, Kind::Notify, &now)?;
    }
    tx.commit()?;
    let list: Vec<String> = boards.iter().map(GameId::to_string).collect();
    Ok(Reply::Done(format!(
        "{name} will be told when {} end{}",
        list.join(", "),
        if boards.len() == 1 { "s" } else { "" }
    )))
}

/// The start of a watch command: its game type (checked), its
/// transaction, who asks, and when.
fn begin<'c>(
    conn: &'c mut Connection,
    req: &Request<'_>,
    variant: &str,
) -> Result<(&'static str, store::Tx<'c>, Player, String), ServiceError> {
    let variant = find_variant(req.catalog, variant)?.name();
    let tx = store::write(conn)?;
    let user = acting_player(&tx, req.actor)?;
    Ok((variant, tx, user, timestamp(req.now)))
}

/// The new game `game` of `variant`: every user watching all games of the
/// type becomes one of its spectators (players excepted, at most
/// [`MAX_WATCHERS`]). Part of the challenge's transaction.
pub fn join_standing(
    conn: &Connection,
    game: GameId,
    variant: &str,
    player_ids: &[i64],
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), ServiceError> {
    let now = timestamp(now);
    let standing = watchers::standing(conn, variant, Kind::Subscribe)?;
    for (player, _) in standing
        .into_iter()
        .filter(|(p, _)| !player_ids.contains(p))
        .take(MAX_WATCHERS)
    {
        watchers::add(conn, game, player, Kind::Subscribe, &now)?;
    }
    Ok(())
}

/// A game `user` may start watching: it exists, goes on, and they do not
/// play in it; and they have an address to send the copies to.
fn watchable(conn: &Connection, game: GameId, user: &Player) -> Result<Game, ServiceError> {
    let row = games::find(conn, game)?.ok_or(ServiceError::NoSuchGame(game))?;
    match row.status {
        Status::Active => {}
        Status::Over => {
            return Err(ServiceError::GameOver {
                game,
                result: row.result.unwrap_or_default(),
            });
        }
        Status::Cancelled => return Err(ServiceError::Cancelled(game)),
    }
    if row.player_ids.contains(&user.id) {
        return Err(SocialError::PlaysIn {
            user: user.userid.clone(),
            game,
        }
        .into());
    }
    needs_address(conn, user)?;
    Ok(row)
}

/// Refused unless `row` is a game of `variant`.
fn of_variant(row: &Game, variant: &str) -> Result<(), ServiceError> {
    if !row.variant.eq_ignore_ascii_case(variant) {
        return Err(SocialError::WrongGame {
            game: row.id,
            variant: row.variant.clone(),
            word: variant.to_string(),
        }
        .into());
    }
    Ok(())
}

fn needs_address(conn: &Connection, user: &Player) -> Result<(), ServiceError> {
    if players::confirmed_emails(conn, user.id)?.is_empty() {
        return Err(SocialError::NoAddress(user.userid.clone()).into());
    }
    Ok(())
}

fn is_watching(
    conn: &Connection,
    game: GameId,
    user: &Player,
    kind: Kind,
) -> Result<bool, ServiceError> {
    Ok(watchers::of_game(conn, game, kind)?
        .iter()
        .any(|(id, _)| *id == user.id))
}

/// Room on the standing `kind` list of `variant` for `user`.
fn standing_room(
    conn: &Connection,
    variant: &str,
    user: &Player,
    kind: Kind,
    what: &'static str,
) -> Result<(), ServiceError> {
    let standing = watchers::standing(conn, variant, kind)?;
    if standing.len() >= MAX_WATCHERS && !standing.iter().any(|(id, _)| *id == user.id) {
        return Err(SocialError::CrowdedType {
            variant: variant.to_string(),
            max: MAX_WATCHERS,
            what,
        }
        .into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Actor, Command};
    use crate::service::testing::{db, dump, four, rematch, run_as, signup};

    #[test]
    fn spectators_subscribe_and_unsubscribe() {
        let mut conn = db();
        let game = four(&mut conn);
        let sub = |on| Command::Subscribe {
            variant: "race".into(),
            target: Watch::Board(game),
            on,
        };
        let as_ = |u: &str| Actor::Trusted(u.into());
        let text = |conn: &mut Connection, u: &str, c: &Command| match run_as(conn, &as_(u), c) {
            Ok(reply) => reply.text(),
            Err(e) => e.to_string(),
        };
        assert!(text(&mut conn, "carol", &sub(true)).starts_with("carol watches game1 now"));
        assert_eq!(
            text(&mut conn, "carol", &sub(true)),
            "carol watches game1 already"
        );
        let before = dump(&conn);
        assert_eq!(
            text(&mut conn, "alice", &sub(true)),
            "alice plays in game1 and gets its mail already"
        );
        assert_eq!(
            text(&mut conn, "dave", &sub(true)),
            "dave has no confirmed address to send it to: confirm one first"
        );
        assert_eq!(
            text(&mut conn, "dave", &sub(false)),
            "dave does not watch game1"
        );
        assert_eq!(dump(&conn), before);
        assert_eq!(
            text(&mut conn, "carol", &sub(false)),
            "carol no longer watches game1"
        );
        assert!(
            watchers::of_game(&conn, game, Kind::Subscribe)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn watching_every_game_of_a_type_joins_each_new_board() {
        let mut conn = db();
        signup(&mut conn, "alice", Some("a@example.org"));
        signup(&mut conn, "bob", Some("b@example.org"));
        signup(&mut conn, "carol", Some("c@example.org"));
        let all = |on| Command::Subscribe {
            variant: "race".into(),
            target: Watch::Every,
            on,
        };
        let carol = Actor::Trusted("carol".into());
        run_as(&mut conn, &carol, &all(true)).unwrap();
        let game = rematch(&mut conn, "alice", "bob");
        assert_eq!(
            watchers::of_game(&conn, game, Kind::Subscribe).unwrap(),
            vec![(3, "carol".to_string())]
        );
        // A player of the new game is not their own spectator.
        let other = rematch(&mut conn, "carol", "bob");
        assert!(
            watchers::of_game(&conn, other, Kind::Subscribe)
                .unwrap()
                .is_empty()
        );
        run_as(&mut conn, &carol, &all(false)).unwrap();
        assert_eq!(
            run_as(&mut conn, &carol, &all(false))
                .unwrap_err()
                .to_string(),
            "carol does not watch every race game"
        );
        let unknown = Command::Subscribe {
            variant: "go".into(),
            target: Watch::Every,
            on: true,
        };
        assert!(
            run_as(&mut conn, &carol, &unknown)
                .unwrap_err()
                .to_string()
                .starts_with("unknown variant: go")
        );
    }

    #[test]
    fn notify_per_board_and_as_a_switch() {
        let mut conn = db();
        signup(&mut conn, "alice", Some("a@example.org"));
        signup(&mut conn, "bob", Some("b@example.org"));
        signup(&mut conn, "carol", Some("c@example.org"));
        let game = rematch(&mut conn, "alice", "bob");
        let carol = Actor::Trusted("carol".into());
        let notify = |games: Vec<GameId>| Command::Notify {
            variant: "race".into(),
            games,
        };
        assert_eq!(
            run_as(&mut conn, &carol, &notify(vec![game]))
                .unwrap()
                .text(),
            "carol will be told when game1 ends"
        );
        assert_eq!(watchers::count(&conn, game, Kind::Notify).unwrap(), 1);
        assert_eq!(
            run_as(&mut conn, &carol, &notify(vec![])).unwrap().text(),
            "carol will be told the result of every race game"
        );
        assert_eq!(
            run_as(&mut conn, &carol, &notify(vec![])).unwrap().text(),
            "carol will no longer be told the result of every race game"
        );
        assert_eq!(
            run_as(&mut conn, &carol, &notify(vec![GameId(9)]))
                .unwrap_err()
                .to_string(),
            "no such game: game9"
        );
    }
}
