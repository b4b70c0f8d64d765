//! `showas`: boards drawn from the asker's own side (pbmserv's `game
//! showas userid password [board+|all|active|inactive|next]`), the mail
//! form of the shell's `show GAME --as USERID`. Without boards it shows
//! the asker's games of the type the selector picks; at most
//! [`MAX_SHOWN`] boards in one answer.

use rusqlite::Connection;

use crate::command::{GameId, ShowAsBoards};
use crate::service::community::social::SocialError;
use crate::service::game::LoadedGame;
use crate::service::login::acting_player;
use crate::service::{Reply, Request, ServiceError, records::show};
use crate::store::games::Which;
use crate::store::{self, games};

/// The most boards one `showas` draws (the rest are counted).
pub const MAX_SHOWN: usize = 10;

/// The most games one `showas` answer names by number past those drawn
/// (the newest): however many games the asker has had.
pub const MAX_NAMED: usize = crate::service::records::games_list::MAX_LINES;

/// `showas [BOARD...|all|active|inactive|next]`.
pub fn showas(
    conn: &mut Connection,
    req: &Request<'_>,
    variant: Option<&str>,
    boards: &ShowAsBoards,
) -> Result<Reply, ServiceError> {
    let mut older = false;
    let (user, ids) = {
        let tx = store::read(conn)?;
        let user = acting_player(&tx, req.actor)?;
        let ids = match boards {
            ShowAsBoards::Boards(list) => {
                for &game in list {
                    let row = games::find(&tx, game)?.ok_or(ServiceError::NoSuchGame(game))?;
                    if let Some(word) = variant.filter(|w| !row.variant.eq_ignore_ascii_case(w)) {
                        return Err(SocialError::WrongGame {
                            game,
                            variant: row.variant,
                            word: word.to_string(),
                        }
                        .into());
                    }
                    if !row.player_ids.contains(&user.id) {
                        return Err(ServiceError::NotPlaying {
                            user: user.userid,
                            game,
                        });
                    }
                }
                list.clone()
            }
            selector => {
                let which = match selector {
                    ShowAsBoards::All => Which::Any,
                    ShowAsBoards::Inactive => Which::Finished,
                    _ => Which::Active,
                };
                // The newest games, a page at a time, until the answer is
                // full (one more tells there are others): `next` passes
                // over the games where someone else is to move.
                let mut ids = Vec::new();
                let mut before = None;
                'pages: loop {
                    let page = games::of_players_before(
                        &tx,
                        &[user.id],
                        which,
                        variant,
                        before,
                        MAX_NAMED + 1,
                    )?;
                    let Some(last) = page.last() else { break };
                    before = Some(last.id);
                    let full = page.len() > MAX_NAMED;
                    for row in page {
                        if ids.len() > MAX_NAMED {
                            break 'pages;
                        }
                        if *selector == ShowAsBoards::Next {
                            let game = LoadedGame::load(&tx, req.catalog, row.id)?;
                            let to_move = game.current_view().to_move;
                            if !to_move.is_some_and(|u| u.eq_ignore_ascii_case(&user.userid)) {
                                continue;
                            }
                        }
                        ids.push(row.id);
                    }
                    if !full {
                        break;
                    }
                }
                if ids.len() > MAX_NAMED {
                    ids.truncate(MAX_NAMED);
                    older = true;
                }
                // Oldest first, as ever.
                ids.reverse();
                ids
            }
        };
        (user, ids)
    };
    let mut views = Vec::new();
    for &game in ids.iter().take(MAX_SHOWN) {
        if let Some(view) = show::show(conn, req, game, None)?.view() {
            views.push(view.clone());
        }
    }
    match views.len() {
        0 => Ok(Reply::Done(format!("{} has no such games", user.userid))),
        1 if ids.len() == 1 => Ok(Reply::Board(views.remove(0))),
        _ => {
            let mut text: Vec<String> = views.iter().map(|v| v.text()).collect();
            if ids.len() > MAX_SHOWN {
                text.push(format!(
                    "... and {} more: name them ({})",
                    ids.len() - MAX_SHOWN,
                    ids[MAX_SHOWN..]
                        .iter()
                        .map(GameId::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            }
            if older {
                text.push(format!(
                    "(older games not named: only the newest {MAX_NAMED})"
                ));
            }
            Ok(Reply::Text(text.join("\n\n")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Actor, Command};
    use crate::service::testing::{db, rematch, run_as, signup};

    #[test]
    fn showas_draws_the_asker_s_own_games() {
        let mut conn = db();
        for user in ["alice", "bob", "carol"] {
            signup(&mut conn, user, None);
        }
        let first = rematch(&mut conn, "alice", "bob");
        let second = rematch(&mut conn, "carol", "bob");
        let bob = Actor::Trusted("bob".into());
        let showas = |boards| Command::ShowAs {
            variant: Some("race".into()),
            boards,
        };
        let reply = run_as(&mut conn, &bob, &showas(ShowAsBoards::Active)).unwrap();
        let text = reply.text();
        assert!(
            text.contains("game1 (race)") && text.contains("game2 (race)"),
            "{text}"
        );
        let one = run_as(&mut conn, &bob, &showas(ShowAsBoards::Boards(vec![second]))).unwrap();
        assert!(matches!(one, Reply::Board(_)));
        // Nobody's turn is bob's yet: the first player moves first.
        let next = run_as(&mut conn, &bob, &showas(ShowAsBoards::Next)).unwrap();
        assert_eq!(next.text(), "bob has no such games");
        let alice = Actor::Trusted("alice".into());
        assert_eq!(
            run_as(
                &mut conn,
                &alice,
                &showas(ShowAsBoards::Boards(vec![second]))
            )
            .unwrap_err()
            .to_string(),
            "alice is not playing game2"
        );
        let other = Command::ShowAs {
            variant: Some("chess".into()),
            boards: ShowAsBoards::Boards(vec![first]),
        };
        assert_eq!(
            run_as(&mut conn, &alice, &other).unwrap_err().to_string(),
            "game1 is a game of race, not chess"
        );
    }
}
