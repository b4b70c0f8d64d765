//! Bounded answers: how much one incoming message may cause to be sent.
//!
//! From: can be forged, so every answer is mail to an address that may not
//! have asked for it. One message therefore causes at most
//! [`MAX_MAILS_PER_MESSAGE`] outgoing mails: one combined answer to its
//! sender (however many commands it held) and at most [`MAIL_BUDGET`] mails
//! its commands cause to others, counted before each command runs by its
//! worst case ([`mail_cost`]): a command that could pass the budget is not
//! run. It runs at most `commands-per-mail` commands (a setting,
//! [`super::bounds`]; a mail of more lines is refused whole); each
//! command's answer is stored cut at [`MAX_ANSWER_BYTES`], the combined
//! answer is cut there too, and an error quotes at most
//! [`MAX_QUOTE_BYTES`] of the original. Per sender address and UTC day,
//! at most `answers-per-day` answers go out, and a sender whose mails are
//! all refused is answered less and less: the first `free-refusals`
//! refused mails of the day, then only the 16th, 32nd, 64th, ...
//! (whichever comes first, the backoff or the cap). An address gets at
//! most `confirmations-per-day` confirmation mails, each counted as an
//! answer too, and creates at most `signups-per-day` accounts by mail
//! ([`may_confirm`], [`may_sign_up`]). Those are the operator's settings
//! ([`super::rates`]); the mail budget per message is a constant.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::rates::Rates;
use crate::command::Command;
use crate::command::language::Request;
use crate::rules::VARIANTS;
use crate::store::senders;

/// Outgoing mails one incoming message can cause, at most.
pub const MAX_MAILS_PER_MESSAGE: usize = 10;
/// Mails the commands of one message may cause to others, at most: the
/// rest of [`MAX_MAILS_PER_MESSAGE`] after the one answer.
pub const MAIL_BUDGET: usize = MAX_MAILS_PER_MESSAGE - 1;
/// The most seats a game has (Orwell's three): a command about a board
/// whose game the line does not name is counted with this many players.
pub const MAX_SEATS: usize = 3;
/// The combined answer is cut here.
pub const MAX_ANSWER_BYTES: usize = 64 * 1024;
/// An error mail quotes at most this much of the original.
pub const MAX_QUOTE_BYTES: usize = 4 * 1024;
/// A comment passed on to the other players is cut here.
pub const MAX_COMMENT_BYTES: usize = 4 * 1024;

/// The most mails a command can cause to people other than its sender:
/// for a change to a game or a chat, one per seat of the game and one for
/// its spectators (one Bcc mail however many watch, the notifications of
/// its end included); one per named user for a message; one
/// confirmation per new address for a signup or an address change.
/// `broadcast`, the operator's, is the one command not counted (it mails
/// every user: see `service::social::broadcast`).
pub fn mail_cost(request: &Request) -> usize {
    // Seats of the game the line names by its game word (a game's seats
    // never change; the plan must not depend on the database, so that
    // every run of a message counts alike), else the most any game has.
    let seats = request
        .game_word
        .as_deref()
        .and_then(|word| {
            VARIANTS
                .iter()
                .find(|v| v.name().eq_ignore_ascii_case(word))
        })
        .map_or(MAX_SEATS, |v| v.seats().len());
    match &request.command {
        Command::Move { .. }
        | Command::ConfirmSubmission { .. }
        | Command::Resign { .. }
        | Command::Draw { .. }
        | Command::Chat { .. }
        | Command::Accept { .. }
        | Command::Decline { .. } => seats + 1,
        // The two players' first board mails and the taker's answer.
        Command::AcceptSeek { .. } => 3,
        // With `bot-seeks on` the computer player takes a seek at once:
        // the seeker's first board mail and the bot's first move's.
        Command::Seek { .. } => 2,
        Command::Challenge { players, .. } => players.len() + 1,
        Command::Message { to, .. } => to.len(),
        Command::Signup { emails, .. } => emails.len().max(1),
        Command::ChangeAddress { emails } | Command::AddAddress { emails } => emails.len(),
        // A signoff forfeits every game where it is the player's turn and
        // mails those players: it runs alone in its message. (An account
        // signs off once, so it cannot be repeated.)
        Command::Signoff => MAIL_BUDGET,
        // A tournament's start, round, end or cancellation mails every
        // player (and starts many games): it runs alone in its message.
        Command::Tournament { .. } => MAIL_BUDGET,
        // Going away or coming back writes to every other player of the
        // player's games (one letter each): it runs alone in its message.
        Command::Vacation { .. } => MAIL_BUDGET,
        _ => 0,
    }
}

/// `text` cut to at most `max` bytes at a character boundary, with a note
/// when something was cut.
pub fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n[... cut: {} bytes in all]", &text[..end], text.len())
}

/// Counts one answered message to `address` (`refused`: every command of
/// it was refused) and says whether it may be answered under `rates`.
/// Runs in the transaction that queues the answer.
pub fn may_answer(
    conn: &Connection,
    address: &str,
    refused: bool,
    now: DateTime<Utc>,
    rates: &Rates,
) -> rusqlite::Result<bool> {
    let day = day_of(now);
    let mut counts = senders::on_day(conn, address, &day)?;
    counts.refusals += i64::from(refused);
    let allowed = counts.answers < i64::from(rates.answers_per_day)
        && (!refused
            || counts.refusals <= i64::from(rates.free_refusals)
            || (counts.refusals as u64).is_power_of_two());
    counts.answers += i64::from(allowed);
    senders::save(conn, address, &day, &counts)?;
    Ok(allowed)
}

/// A bound of the day that a command would pass: it is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DailyBound {
    #[error(
        "{address} has created {cap} account(s) by mail today, the most one address may \
         (setting signups-per-day): try again tomorrow (UTC)"
    )]
    Signups { address: String, cap: u32 },
    #[error(
        "{address} has had all the mail it may get from this server today \
         ({cap} confirmation mails, counted with answers): try again tomorrow (UTC)"
    )]
    Confirmations { address: String, cap: u32 },
}

/// Checks that `sender` may create one more account by mail today
/// (`signups-per-day`), before the signup runs.
pub fn may_sign_up(
    conn: &Connection,
    sender: &str,
    now: DateTime<Utc>,
    rates: &Rates,
) -> rusqlite::Result<Result<(), DailyBound>> {
    let counts = senders::on_day(conn, sender, &day_of(now))?;
    Ok(if counts.signups < i64::from(rates.signups_per_day) {
        Ok(())
    } else {
        Err(DailyBound::Signups {
            address: sender.to_string(),
            cap: rates.signups_per_day,
        })
    })
}

/// Counts an account created by mail from `sender`, in the signup's
/// transaction.
pub fn count_signup(conn: &Connection, sender: &str, now: DateTime<Utc>) -> rusqlite::Result<()> {
    let day = day_of(now);
    let mut counts = senders::on_day(conn, sender, &day)?;
    counts.signups += 1;
    senders::save(conn, sender, &day, &counts)
}

/// Counts one confirmation mail to `address`, as a confirmation and as
/// an answer, in the transaction that queues it; refused, counting
/// nothing, past `confirmations-per-day` or `answers-per-day`.
pub fn may_confirm(
    conn: &Connection,
    address: &str,
    now: DateTime<Utc>,
    rates: &Rates,
) -> rusqlite::Result<Result<(), DailyBound>> {
    let day = day_of(now);
    let mut counts = senders::on_day(conn, address, &day)?;
    if counts.confirmations >= i64::from(rates.confirmations_per_day)
        || counts.answers >= i64::from(rates.answers_per_day)
    {
        return Ok(Err(DailyBound::Confirmations {
            address: address.to_string(),
            cap: rates.confirmations_per_day.min(rates.answers_per_day),
        }));
    }
    counts.confirmations += 1;
    counts.answers += 1;
    senders::save(conn, address, &day, &counts)?;
    Ok(Ok(()))
}

/// The UTC day of `now`, as the counts are kept.
fn day_of(now: DateTime<Utc>) -> String {
    now.format("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_answered_less_and_less_and_never_past_the_cap() {
        let conn = crate::store::open_in_memory().unwrap();
        let now = Utc::now();
        let rates = Rates::default();
        let may_answer = |address, refused, now| may_answer(&conn, address, refused, now, &rates);
        let answered: Vec<usize> = (1..=1000)
            .filter(|_| may_answer("x@example.org", true, now).unwrap())
            .collect();
        assert_eq!(
            answered,
            vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 32, 64, 128, 256, 512]
        );
        // Another address has its own budget; the next day starts afresh.
        assert!(may_answer("y@example.org", true, now).unwrap());
        let tomorrow = now + chrono::Duration::days(1);
        assert!(may_answer("X@example.org", true, tomorrow).unwrap());
        let served = (0..100)
            .filter(|_| may_answer("z@example.org", false, now).unwrap())
            .count();
        assert_eq!(served, rates.answers_per_day as usize);
    }

    #[test]
    fn the_rates_are_the_operator_s() {
        let conn = crate::store::open_in_memory().unwrap();
        let now = Utc::now();
        let rates = Rates {
            answers_per_day: 5,
            free_refusals: 2,
            ..Rates::default()
        };
        let answered: Vec<usize> = (1..=40)
            .filter(|_| may_answer(&conn, "x@example.org", true, now, &rates).unwrap())
            .collect();
        assert_eq!(answered, vec![1, 2, 4, 8, 16]);
        let served = (0..10)
            .filter(|_| may_answer(&conn, "y@example.org", false, now, &rates).unwrap())
            .count();
        assert_eq!(served, 5);
    }

    #[test]
    fn confirmations_count_as_answers_and_stop_at_their_cap() {
        let conn = crate::store::open_in_memory().unwrap();
        let now = Utc::now();
        let rates = Rates::default();
        let sent = (0..20)
            .filter(|_| {
                may_confirm(&conn, "v@example.org", now, &rates)
                    .unwrap()
                    .is_ok()
            })
            .count();
        assert_eq!(sent, rates.confirmations_per_day as usize);
        // Those were answers too: the address's answers run out sooner.
        let answers = (0..100)
            .filter(|_| may_answer(&conn, "v@example.org", false, now, &rates).unwrap())
            .count();
        assert_eq!(
            answers,
            (rates.answers_per_day - rates.confirmations_per_day) as usize
        );
        // An address out of answers gets no confirmation either.
        let none = Rates {
            answers_per_day: 1,
            ..Rates::default()
        };
        assert!(may_answer(&conn, "w@example.org", false, now, &none).unwrap());
        assert!(
            may_confirm(&conn, "w@example.org", now, &none)
                .unwrap()
                .is_err()
        );
        // Signups are checked, then counted; the next day starts afresh.
        for _ in 0..rates.signups_per_day {
            assert!(
                may_sign_up(&conn, "m@example.org", now, &rates)
                    .unwrap()
                    .is_ok()
            );
            count_signup(&conn, "m@example.org", now).unwrap();
        }
        let refused = may_sign_up(&conn, "m@example.org", now, &rates).unwrap();
        assert!(refused.unwrap_err().to_string().contains("signups-per-day"));
        let tomorrow = now + chrono::Duration::days(1);
        assert!(
            may_sign_up(&conn, "m@example.org", tomorrow, &rates)
                .unwrap()
                .is_ok()
        );
    }

    #[test]
    fn a_move_costs_its_game_s_seats_and_one_spectators_copy() {
        assert!(VARIANTS.iter().all(|v| v.seats().len() <= MAX_SEATS));
        let cost = |line: &str| {
            let requests = crate::command::language::parse(line).unwrap();
            mail_cost(&requests[0])
        };
        assert_eq!(cost("chess move 1 alice pw e2-e4"), 3);
        assert_eq!(cost("orwell move 1 alice pw pass"), 4);
        assert_eq!(cost("chess chat 1 alice pw"), 3);
        assert_eq!(cost("message alice pw bob carol"), 2);
        assert_eq!(cost("broadcast alice pw"), 0);
    }

    #[test]
    fn cutting_keeps_characters_whole() {
        assert_eq!(cut("short", 10), "short");
        let cut_text = cut("ééééé", 3);
        assert!(cut_text.starts_with("é\n[... cut: 10 bytes"), "{cut_text}");
    }
}
