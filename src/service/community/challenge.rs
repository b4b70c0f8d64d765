//! `challenge`: starting a game between signed-up users.
//!
//! The players sit in the order named (the first is White). The challenger
//! need not play. Two options belong to the server, not to the rules:
//! `nag=DAYS` and `forfeit=DAYS` (reminder and time-out, default 7 and 21),
//! `totaltime=DAYS` (each player's thinking time in all, unlimited by
//! default), `clock=MOVES/DAYS` or `clock=DAYS+INCREMENT[/CAP]` (a
//! correspondence bank per player, [`crate::clock::Control`]), `unrated`
//! (the game changes no rating), and `level=1..5` in a game against the
//! computer player (service/bot);
//! every other option goes to the variant, which refuses what it does not
//! know.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::{
    Control, DEFAULT_FORFEIT_DAYS, DEFAULT_NAG_DAYS, Limits, take_control, thinking_days,
};
use crate::command::{Actor, GameId};
use crate::rules::{GameOption, Position, Variant};
use crate::service::error::ServiceError;
use crate::service::error::unknown_option;
use crate::service::game::{Catalog, LoadedGame, find_variant, timestamp};
use crate::service::login::acting_player;
use crate::service::notice::Notice;
use crate::service::reply::Reply;
use crate::service::{Request, bot, community::consent, dice, play::autopass, play::notify};
use crate::store::{self, games, players};

/// Default days without a move before a reminder.
pub const NAG_DAYS: u32 = DEFAULT_NAG_DAYS;
/// Default days without a move before the player to move loses.
pub const FORFEIT_DAYS: u32 = DEFAULT_FORFEIT_DAYS;

/// Server options pulled out of a challenge's options.
#[derive(Debug, PartialEq, Eq)]
pub struct Timing {
    pub nag_days: u32,
    pub forfeit_days: u32,
    /// pbmserv's totaltime: days each player may think in all.
    pub total_days: Option<u32>,
    /// A correspondence time control (`--clock=MOVES/DAYS` or
    /// `--clock=DAYS+INCREMENT[/CAP]`): a bank per player.
    pub control: Option<Control>,
}

/// Splits the server's options (`nag`, `forfeit`, pbmserv's `nagtime`,
/// `forfeittime`; read by [`Limits`]; `clock`, read by [`take_control`])
/// from the variant's. The one reader of time options: `challenge`,
/// `seek` and tournaments call it.
pub fn split_options(options: &[GameOption]) -> Result<(Timing, Vec<GameOption>), ServiceError> {
    let (limits, rest) = Limits::from_options(options)?;
    let (total_days, rest) = thinking_days(&rest)?;
    let (control, rest) = take_control(&rest)?;
    if limits.forfeit_days <= limits.nag_days {
        return Err(ServiceError::BadOption {
            name: "forfeit".into(),
            why: format!("must be more days than nag ({})", limits.nag_days),
        });
    }
    let timing = Timing {
        nag_days: limits.nag_days,
        forfeit_days: limits.forfeit_days,
        total_days,
        control,
    };
    Ok((timing, rest))
}

/// A new game's settings, checked: the server's options taken out, the
/// variant's read into its start position.
pub struct Setup {
    pub variant: &'static dyn Variant,
    pub timing: Timing,
    pub rules_options: Vec<GameOption>,
    pub start: Box<dyn Position>,
    /// False for `--unrated`: the game's end changes no rating.
    pub rated: bool,
    /// The computer player's level (`level=1..5`), when one was given.
    pub level: Option<crate::bot::Level>,
}

impl Setup {
    /// Checks `options` for a game of `variant_name` (a challenge's and a
    /// seek's alike).
    pub fn read(
        catalog: Catalog<'_>,
        variant_name: &str,
        options: &[GameOption],
    ) -> Result<Setup, ServiceError> {
        let variant = find_variant(catalog, variant_name)?;
        let (level, options) = bot::level::split(options)?;
        let (rated, options) =
            crate::service::community::ratings::take_rated(&options).map_err(|why| {
                ServiceError::BadOption {
                    name: "unrated".into(),
                    why,
                }
            })?;
        let (timing, rules_options) = split_options(&options)?;
        let start = variant.start(&rules_options).map_err(|e| {
            unknown_option(
                e,
                "options: nag=DAYS, forfeit=DAYS, totaltime=DAYS, \
                 clock=MOVES/DAYS or clock=DAYS+INCREMENT[/CAP], level=1..5, unrated",
            )
        })?;
        Ok(Setup {
            variant,
            timing,
            rules_options,
            start,
            rated,
            level,
        })
    }

    /// Stores the game between `ids` (seat order): no dice yet, nobody's
    /// clock running until [`begin`]. Those who watch every game of the
    /// type watch this one too.
    pub fn create(
        &self,
        tx: &Connection,
        ids: &[i64],
        now: DateTime<Utc>,
    ) -> Result<GameId, ServiceError> {
        let control = self.timing.control.map(|c| c.spec());
        let id = games::insert(
            tx,
            &games::NewGame {
                variant: self.variant.name(),
                options: &self.rules_options,
                position: &self.start.encode(),
                player_ids: ids,
                nag_days: self.timing.nag_days,
                forfeit_days: self.timing.forfeit_days,
                total_days: self.timing.total_days,
                clock: control.as_deref(),
                dice_commitment: None,
                dice_seed: None,
                now: &timestamp(now),
            },
        )?;
        // A game defined as data keeps the definition it starts with.
        if let Some(source) = self.variant.definition() {
            crate::store::game_definitions::keep(tx, id, source)?;
        }
        if !self.rated {
            games::set_unrated(tx, id)?;
        }
        crate::service::community::social::watch::join_standing(
            tx,
            id,
            self.variant.name(),
            ids,
            now,
        )?;
        Ok(id)
    }
}

/// `challenge VARIANT USERID... [--opt NAME[=VALUE]]...`: the game starts
/// at once when every player challenged takes challenges of the type at
/// once (`challenges VARIANT accept`, or is the challenger); otherwise it
/// is an invitation ([`crate::service::community::consent`]).
pub fn challenge(
    conn: &mut Connection,
    req: &Request<'_>,
    variant_name: &str,
    userids: &[String],
    options: &[GameOption],
) -> Result<Reply, ServiceError> {
    let variant = find_variant(req.catalog, variant_name)?;
    let needed = variant.seats().len();
    if userids.len() != needed {
        return Err(ServiceError::PlayerCount {
            variant: variant.name().into(),
            needed,
            given: userids.len(),
        });
    }
    let setup = Setup::read(req.catalog, variant_name, options)?;
    // By mail, From: proves nothing: the challenger logs in and plays.
    if req.by_mail && *req.actor == Actor::Anonymous {
        return Err(ServiceError::ChallengeNeedsLogin);
    }
    let tx = store::write(conn)?;
    let challenging = if *req.actor != Actor::Anonymous {
        let challenger = acting_player(&tx, req.actor)?;
        if req.by_mail
            && !userids
                .iter()
                .any(|u| u.eq_ignore_ascii_case(&challenger.userid))
        {
            return Err(ServiceError::ChallengerNotPlaying(challenger.userid));
        }
        Some(challenger)
    } else {
        None
    };
    let challenger = challenging.as_ref().map(|p| p.userid.clone());
    // The computer player accepts at once: its account is made on first use.
    let bot_player = bot::account::ensure(&tx, userids, &timestamp(req.now))?;
    if bot_player.is_none() && setup.level.is_some() {
        return Err(bot::BotRefusal::LevelWithoutBot(bot::account::userid(&tx)?).into());
    }
    let mut players = Vec::new();
    for userid in userids {
        let player =
            players::find(&tx, userid)?.ok_or_else(|| ServiceError::NoSuchUser(userid.clone()))?;
        if crate::store::signoffs::is_signed_off(&tx, player.id)? {
            return Err(ServiceError::SignedOff(player.userid));
        }
        players.push(player);
    }
    let mut waiting = consent::admit(&tx, variant.name(), challenger.as_deref(), &players)?;
    waiting.retain(|&id| bot_player.as_ref().is_none_or(|bot| bot.id != id));
    if let Some(by) = &challenging {
        quota_checks(&tx, req, by, bot_player.is_some(), &players, &waiting)?;
    }
    let ids: Vec<i64> = players.iter().map(|p| p.id).collect();
    let id = setup.create(&tx, &ids, req.now)?;
    if bot_player.is_some() {
        bot::level::store(&tx, id, setup.level)?;
    }
    let reply = if waiting.is_empty() {
        let said = words_of(challenger.as_deref().unwrap_or(CHALLENGER), req.comment);
        begin(&tx, req.catalog, id, &said, req.now)?
    } else {
        consent::invite(&tx, req, id, challenger.as_deref(), &waiting)?
    };
    tx.commit()?;
    Ok(reply)
}

/// Who the words of a challenge by the operator's shell are from.
pub const CHALLENGER: &str = "The challenger";

/// `by`'s words, when they wrote any: one of the `said` of [`begin`].
pub fn words_of<'a>(by: &'a str, words: Option<&'a str>) -> Vec<(&'a str, &'a str)> {
    words
        .filter(|w| !w.trim().is_empty())
        .map(|w| (by, w))
        .into_iter()
        .collect()
}

/// What a player's challenge must pass besides the players' consent
/// (issue 43): against the computer player, `bot-games-per-player`; an
/// invitation, `invitations-per-player`; and the challenger's words
/// (a mail's comment) reach each other player, so they count against
/// the challenger's `messages-per-day` like a `message` to them.
fn quota_checks(
    tx: &Connection,
    req: &Request<'_>,
    by: &players::Player,
    against_bot: bool,
    players: &[players::Player],
    waiting: &[i64],
) -> Result<(), ServiceError> {
    let quotas = crate::service::community::seek::quotas()?;
    if against_bot {
        crate::mail::quotas::Quotas::check(
            &by.userid,
            crate::store::bot_games::active_count_of(tx, by.id)?,
            quotas.bot_games,
            2,
            "games against the computer player",
        )?;
    }
    if !waiting.is_empty() {
        crate::mail::quotas::Quotas::check(
            &by.userid,
            crate::store::invitations::sent_count(tx, &by.userid)?,
            quotas.invitations,
            3,
            "challenges waiting for an answer",
        )?;
    }
    if req.comment.is_some_and(|c| !c.trim().is_empty()) {
        let mut readers: Vec<i64> = players
            .iter()
            .map(|p| p.id)
            .filter(|&id| id != by.id)
            .collect();
        readers.sort_unstable();
        readers.dedup();
        let bot = crate::service::bot::account::find(tx)?;
        readers.retain(|&id| bot.as_ref().is_none_or(|b| b.id != id));
        if !readers.is_empty() {
            crate::service::community::social::spend(tx, by, readers.len(), "challenge", req.now)?;
        }
    }
    Ok(())
}

/// Starts game `id` now: its dice seed is drawn (dice games), its clocks
/// start, the passes its first rolls force are played, and every player
/// gets the new board, with `said`: the words of whoever made the game
/// begin (the challenger's, the accepter's, the seeker's and the
/// taker's), each under its writer's name.
pub fn begin(
    tx: &Connection,
    catalog: Catalog<'_>,
    id: GameId,
    said: &[(&str, &str)],
    now: DateTime<Utc>,
) -> Result<Reply, ServiceError> {
    started(tx, catalog, id, said, now, true)
}

/// [`begin`] without the new board's mail: a tournament's start, whose one
/// letter to each player names all their games and how to play them (each
/// board mail follows when a move is made in it). Returns who moves first.
pub fn begin_unannounced(
    tx: &Connection,
    catalog: Catalog<'_>,
    id: GameId,
    now: DateTime<Utc>,
) -> Result<Option<String>, ServiceError> {
    let reply = started(tx, catalog, id, &[], now, false)?;
    Ok(reply.view().and_then(|view| view.to_move.clone()))
}

/// [`begin`]; `mailed`: whether its players get the new board now.
fn started(
    tx: &Connection,
    catalog: Catalog<'_>,
    id: GameId,
    said: &[(&str, &str)],
    now: DateTime<Utc>,
    mailed: bool,
) -> Result<Reply, ServiceError> {
    let mut game = LoadedGame::load(tx, catalog, id)?;
    let seed = if game.variant.uses_dice() {
        Some(dice::new_seed()?)
    } else {
        None
    };
    let commitment = seed.map(|s| s.commitment());
    let seed_hex = seed.map(|s| s.to_hex());
    crate::store::invitations::begin(
        tx,
        id,
        commitment.as_deref(),
        seed_hex.as_deref(),
        &timestamp(now),
    )?;
    if seed.is_some() || game.row.created != timestamp(now) {
        game = LoadedGame::load(tx, catalog, id)?;
    }
    // Passes forced by the very first rolls are part of the start.
    let passes = autopass::advance(tx, &mut game, now)?;
    let view = game.current_view();
    let challenged = Notice::Challenged {
        game: id,
        variant: game.variant.name().into(),
        players: game.row.players.clone(),
        to_move: view.to_move.clone(),
    };
    let said = said.iter().map(|(by, comment)| Notice::Said {
        game: id,
        by: by.to_string(),
        comment: comment.to_string(),
    });
    let passes: Vec<Notice> = said.chain(passes).collect();
    let passed = if mailed {
        notify::queue_change(
            tx,
            challenged,
            None,
            passes,
            now,
            crate::service::community::tournament::result::game_ended,
        )?
    } else {
        // Its pages are written all the same.
        let lines = crate::service::play::autopass::lines(&passes);
        let notices: Vec<Notice> = std::iter::once(challenged).chain(passes).collect();
        crate::service::pages::mark(tx, &notices)?;
        lines
    };
    crate::service::time::due::settle(tx, catalog, now)?;
    Ok(Reply::Challenged {
        passes: passed,
        view,
    })
}

/// Reads an option as written after `--opt`: `NAME` or `NAME=VALUE`.
pub fn parse_option(text: &str) -> GameOption {
    match text.split_once('=') {
        Some((name, value)) => GameOption {
            name: name.trim().to_string(),
            value: Some(value.trim().to_string()),
        },
        None => GameOption {
            name: text.trim().to_string(),
            value: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opt(name: &str, value: Option<&str>) -> GameOption {
        GameOption {
            name: name.into(),
            value: value.map(str::to_string),
        }
    }

    #[test]
    fn server_options_are_taken_out() {
        let (timing, rest) = split_options(&[opt("nag", Some("3")), opt("fischer", None)]).unwrap();
        assert_eq!(
            timing,
            Timing {
                nag_days: 3,
                forfeit_days: 21,
                total_days: None,
                control: None,
            }
        );
        assert_eq!(rest, vec![opt("fischer", None)]);
        assert!(split_options(&[opt("nag", None)]).is_err());
        assert!(split_options(&[opt("nag", Some("30"))]).is_err());
        assert_eq!(parse_option("nag=3"), opt("nag", Some("3")));
        assert_eq!(parse_option("fischer"), opt("fischer", None));
    }
}
