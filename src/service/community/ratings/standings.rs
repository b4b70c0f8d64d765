//! What players read of the ratings: `standings VARIANT` (a pool ranked,
//! provisional players in their own section, as pbmserv's standings kept
//! them apart), `ratings USERID` (every pool of one player) and `history
//! VARIANT` (the finished games of a type, newest first, paged).

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use serde::Serialize;

use super::{Rating, RatingsError, shown};
use crate::command::Actor;
use crate::service::game::{find_variant, timestamp};
use crate::service::{Reply, Request, ServiceError};
use crate::store::ratings as stored;
use crate::store::{self, players};

/// The most ratings the standings show: the best, of every section.
pub const STANDINGS_PAGE: usize = 200;

/// Finished games a page of `history VARIANT` lists.
pub const HISTORY_PAGE: u32 = 20;

/// One line of the standings (one object of `--format json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// 1, 2, ... within the player's section (established or provisional).
    pub rank: u32,
    pub userid: String,
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub provisional: bool,
    /// The computer player: rated like anyone, but not ranked among the
    /// human players (its rank is 0).
    pub computer: bool,
    /// The player's open challenges to this game type (`seek1`), as
    /// pbmserv's "Seeking" column showed.
    pub seeking: Vec<String>,
}

/// A pool's standings: established players ranked, then provisional ones.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub variant: String,
    /// `Chess`: the game type's title, heading the text.
    #[serde(skip)]
    pub title: String,
    pub rows: Vec<Standing>,
    /// More players are rated than the [`STANDINGS_PAGE`] best shown.
    pub more: bool,
}

impl Standings {
    /// The standings as a player reads them: two sections, aligned columns.
    pub fn text(&self) -> String {
        if self.rows.is_empty() {
            return format!(
                "{} standings: no rated games yet (everyone starts at {}).",
                self.title,
                shown(super::START.0, super::START.1)
            );
        }
        let mut out = format!(
            "{} standings (Glicko-2; `?`: provisional, see `help ratings`)\n",
            self.title
        );
        let width = self
            .rows
            .iter()
            .map(|r| r.userid.chars().count())
            .max()
            .unwrap_or(0)
            .max("PLAYER".len());
        for section in [
            Section::Established,
            Section::Provisional,
            Section::Computer,
        ] {
            let rows: Vec<&Standing> = self.rows.iter().filter(|r| section.holds(r)).collect();
            let title = section.title();
            if rows.is_empty() {
                continue;
            }
            out.push_str(&format!(
                "\n{title}\nRANK {:<width$} RATING   RD GAMES  WON LOST DRAWN SEEKING\n",
                "PLAYER"
            ));
            for r in rows {
                let rank = if r.computer {
                    "-".to_string()
                } else {
                    r.rank.to_string()
                };
                let line = format!(
                    "{:>4} {:<width$} {:>6} {:>4.0} {:>5} {:>4} {:>4} {:>5} {}",
                    rank,
                    r.userid,
                    shown(r.rating, r.rd),
                    r.rd,
                    r.games,
                    r.wins,
                    r.losses,
                    r.draws,
                    r.seeking.join(", ")
                );
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        if self.more {
            out.push_str(&format!(
                "\n(the {STANDINGS_PAGE} best ratings are listed; `ratings USERID` shows anyone's)"
            ));
        }
        out.trim_end().to_string()
    }
}

/// The sections of the standings, in the order shown.
#[derive(Clone, Copy)]
enum Section {
    Established,
    Provisional,
    /// The computer player, out of the human players' ranks.
    Computer,
}

impl Section {
    fn holds(self, r: &Standing) -> bool {
        match self {
            Section::Established => !r.computer && !r.provisional,
            Section::Provisional => !r.computer && r.provisional,
            Section::Computer => r.computer,
        }
    }

    fn title(self) -> &'static str {
        match self {
            Section::Established => "Established",
            Section::Provisional => "Provisional",
            Section::Computer => "Computer player (rated, not ranked among the players)",
        }
    }
}

/// `standings VARIANT`: the pool as it stands at the request's time (each
/// deviation grown by the player's inactivity).
pub fn standings(
    conn: &mut Connection,
    req: &Request<'_>,
    variant: &str,
) -> Result<Reply, ServiceError> {
    let found = find_variant(req.catalog, variant)?;
    let tx = store::read(conn)?;
    let standings = pool(&tx, found, req.now)?;
    Reply::table(standings.text(), &standings.rows)
}

/// The pool of `variant` at `now`: ranked, each player's open seeks named.
pub fn pool(
    conn: &Connection,
    variant: &dyn crate::rules::Variant,
    now: DateTime<Utc>,
) -> Result<Standings, ServiceError> {
    let (variant, title) = (variant.name(), variant.title());
    let open = crate::store::seeks::list(conn, Some(variant), &timestamp(now), STANDINGS_PAGE)?;
    let seeking = |userid: &str| -> Vec<String> {
        open.iter()
            .filter(|s| s.userid.eq_ignore_ascii_case(userid))
            .map(|s| format!("seek{}", s.id))
            .collect()
    };
    // The best ratings only: every player of a section ranked above one
    // shown is shown too (a rating's inactivity grows its deviation, never
    // moves it), so the ranks shown are exact.
    let mut best = stored::best(conn, variant, STANDINGS_PAGE + 1)?;
    let more = best.len() > STANDINGS_PAGE;
    best.truncate(STANDINGS_PAGE);
    let lowest = if more {
        best.last().map(|r| r.rating)
    } else {
        None
    };
    let mut pool: Vec<Rating> = best
        .into_iter()
        .map(|row| Rating::from(row).as_of(now))
        .collect();
    // A seeker who has no rated game of the type yet stands at the start
    // (provisional), so that their seek shows.
    for seek in &open {
        if !pool
            .iter()
            .any(|r| r.userid.eq_ignore_ascii_case(&seek.userid))
        {
            let rating = super::current(conn, &seek.userid, variant)?.as_of(now);
            // Below the page's lowest rating it is not among the best.
            if lowest.is_none_or(|lowest| rating.rating >= lowest) {
                pool.push(rating);
            }
        }
    }
    pool.sort_by(|a, b| {
        a.provisional()
            .cmp(&b.provisional())
            .then(b.rating.total_cmp(&a.rating))
            .then(a.userid.cmp(&b.userid))
    });
    let bot = crate::service::bot::account::find(conn)?.map(|p| p.userid);
    let mut rows = Vec::new();
    let (mut established, mut provisional) = (0, 0);
    for r in pool {
        let computer = bot
            .as_deref()
            .is_some_and(|b| b.eq_ignore_ascii_case(&r.userid));
        let rank = if computer {
            0
        } else if r.provisional() {
            provisional += 1;
            provisional
        } else {
            established += 1;
            established
        };
        rows.push(Standing {
            rank,
            seeking: seeking(&r.userid),
            provisional: r.provisional(),
            computer,
            userid: r.userid,
            rating: r.rating,
            rd: r.rd,
            volatility: r.volatility,
            games: r.games,
            wins: r.wins,
            losses: r.losses,
            draws: r.draws,
        });
    }
    Ok(Standings {
        variant: variant.to_string(),
        title: title.to_string(),
        rows,
        more,
    })
}

/// `ratings [USERID]`: one player's rating in every pool they play in.
pub fn player_ratings(
    conn: &mut Connection,
    req: &Request<'_>,
    user: Option<&str>,
) -> Result<Reply, ServiceError> {
    let user = match (user, req.actor) {
        (Some(user), _) => user.to_string(),
        (
            None,
            Actor::Trusted(user) | Actor::Claimed { user, .. } | Actor::Verified { user, .. },
        ) => user.clone(),
        (None, Actor::Anonymous) => return Err(RatingsError::NoUser.into()),
    };
    let tx = store::read(conn)?;
    let player = players::find(&tx, &user)?.ok_or(ServiceError::NoSuchUser(user))?;
    let pools: Vec<Rating> = stored::of_player(&tx, &player.userid)?
        .into_iter()
        .map(|row| Rating::from(row).as_of(req.now))
        .collect();
    if pools.is_empty() {
        return Ok(Reply::Text(format!(
            "{} has no rated games yet (every game type starts at {}).",
            player.userid,
            shown(super::START.0, super::START.1)
        )));
    }
    let mut out = format!(
        "Ratings of {} (Glicko-2; `?`: provisional)\nGAME            RATING   RD GAMES  WON LOST DRAWN\n",
        player.userid
    );
    for r in pools {
        out.push_str(&format!(
            "{:<15} {:>6} {:>4.0} {:>5} {:>4} {:>4} {:>5}\n",
            r.variant,
            r.shown(),
            r.rd,
            r.games,
            r.wins,
            r.losses,
            r.draws
        ));
    }
    Ok(Reply::Text(out))
}

/// `history VARIANT [page N]`: the finished games of a type, newest first.
pub fn history(
    conn: &mut Connection,
    req: &Request<'_>,
    variant: &str,
    page: u32,
) -> Result<Reply, ServiceError> {
    let variant = find_variant(req.catalog, variant)?.name();
    let tx = store::read(conn)?;
    let skip = (page.max(1) - 1).saturating_mul(HISTORY_PAGE);
    let (games, total) = stored::finished(&tx, variant, HISTORY_PAGE, skip)?;
    let pages = total.div_ceil(HISTORY_PAGE).max(1);
    if page == 0 || page > pages {
        return Err(RatingsError::NoSuchPage {
            page,
            pages,
            s: if pages == 1 { "" } else { "s" },
            variant: variant.to_string(),
        }
        .into());
    }
    if total == 0 {
        return Ok(Reply::Text(format!("No finished games of {variant} yet.")));
    }
    let mut out = format!(
        "Finished games of {variant}, newest first: page {page} of {pages} ({total} game{})\n",
        if total == 1 { "" } else { "s" }
    );
    for game in games {
        let reason = game.reason.as_deref().unwrap_or("");
        let unrated = if game.rated { "" } else { " (unrated)" };
        out.push_str(&format!(
            "{}  {}  {}  {}  {reason}{unrated}\n",
            date(&game.at),
            game.game,
            game.players.join("-"),
            game.result,
        ));
    }
    if page < pages {
        out.push_str(&format!("More: page {}\n", page + 1));
    }
    Ok(Reply::Text(out))
}

/// `2026-03-01 12:00` from a stored time.
fn date(at: &str) -> String {
    DateTime::parse_from_rfc3339(at)
        .map(|t| t.with_timezone(&Utc).format("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_else(|_| at.to_string())
}
