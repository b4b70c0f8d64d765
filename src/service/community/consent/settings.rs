//! A player's standing answer to challenges of a game type: `challenges
//! VARIANT accept|ask|reject` (pbmserv's `GAME accept|reject USERID
//! PASSWORD`) and `limit VARIANT N|none`. The game word `all` sets the
//! answer or the limit of every type without its own.

use rusqlite::Connection;

use super::ConsentError;
use crate::command::ChallengeAnswer;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::find_variant;
use crate::service::login::acting_player;
use crate::service::reply::Reply;
use crate::store::invitations::{self, Answer, EVERY};
use crate::store::{self, Tx};

/// The variant's command word, or `all`.
fn type_word(req: &Request<'_>, variant: &str) -> Result<String, ServiceError> {
    if variant.eq_ignore_ascii_case(EVERY) {
        return Ok(EVERY.to_string());
    }
    find_variant(req.catalog, variant)
        .map(|v| v.name().to_string())
        .map_err(|_| ConsentError::NoVariant(variant.to_string()).into())
}

fn answer_of(answer: ChallengeAnswer) -> Answer {
    match answer {
        ChallengeAnswer::Accept => Answer::Accept,
        ChallengeAnswer::Ask => Answer::Ask,
        ChallengeAnswer::Reject => Answer::Reject,
    }
}

/// What a challenge to `variant` does for this player, in words.
fn meaning(answer: Answer) -> &'static str {
    match answer {
        Answer::Accept => "start at once",
        Answer::Ask => "are invitations to accept or decline",
        Answer::Reject => "are refused",
    }
}

/// `challenges VARIANT [accept|ask|reject]`.
pub fn challenges(
    conn: &mut Connection,
    req: &Request<'_>,
    variant: &str,
    answer: Option<ChallengeAnswer>,
) -> Result<Reply, ServiceError> {
    let word = type_word(req, variant)?;
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    if let Some(answer) = answer {
        invitations::set_answer(&tx, player.id, &word, answer_of(answer))?;
    }
    let (now, _) = invitations::settings(&tx, player.id, &word)?;
    let now = now.unwrap_or(Answer::Ask);
    let line = format!(
        "challenges {word} {}: challenges of {} to {word} {}",
        now.as_str(),
        player.userid,
        meaning(now)
    );
    commit(tx, answer.is_some())?;
    Ok(Reply::Done(line))
}

/// `limit VARIANT [N|none]`.
pub fn limit(
    conn: &mut Connection,
    req: &Request<'_>,
    variant: &str,
    limit: Option<Option<u32>>,
) -> Result<Reply, ServiceError> {
    let word = type_word(req, variant)?;
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    if let Some(limit) = limit {
        invitations::set_limit(&tx, player.id, &word, limit)?;
    }
    let (_, now) = invitations::settings(&tx, player.id, &word)?;
    let playing = if word == EVERY {
        String::new()
    } else {
        format!(
            " ({} now)",
            invitations::active_games(&tx, player.id, &word)?
        )
    };
    let line = match now {
        Some(n) => format!(
            "limit {word} {n}: {} takes at most {n} {word} games at once{playing}",
            player.userid
        ),
        None => format!(
            "limit {word} none: {} takes any number of {word} games{playing}",
            player.userid
        ),
    };
    commit(tx, limit.is_some())?;
    Ok(Reply::Done(line))
}

/// Commits a change; a question only read.
fn commit(tx: Tx<'_>, changed: bool) -> Result<(), ServiceError> {
    if changed {
        tx.commit()?;
    }
    Ok(())
}
