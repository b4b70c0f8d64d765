//! A letter into the outbox: rendered by the template of its kind into
//! the parts of a mail and queued with its envelope, in the caller's
//! transaction.
//!
//! The service builds the [`Envelope`] (who, which thread, which reply
//! token) and the [`Letter`] (what it says); this is the one place they
//! become an outbox row, so the service never words a mail.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::finish::Finish;
use super::outbox::{self, Draft};
use crate::ids::GameId;
use crate::letters::{Letter, Templates};
use crate::store::StoreError;

/// Where a letter goes and how it threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    pub game: Option<GameId>,
    /// The addresses; [`outbox::UNDISCLOSED`] first hides the others.
    pub to: Vec<String>,
    /// With angle brackets.
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    /// `Reply-To`: the server's address with a reply token.
    pub reply_to: Option<String>,
}

impl Envelope {
    /// A letter of its own to `to`, about no game and answering no mail:
    /// a notice that expects no answer (no Reply-To token).
    pub fn notice(to: Vec<String>, message_id: String) -> Envelope {
        Envelope {
            game: None,
            to,
            message_id,
            in_reply_to: None,
            references: Vec::new(),
            reply_to: None,
        }
    }
}

/// Renders `letter` and queues it to `envelope` (queuing is idempotent by
/// Message-ID). Returns the new row's id, `None` when already queued, or
/// when handed to the open batch of a long run ([`super::ahead`]), which
/// queues it before its transaction commits.
pub fn post(
    conn: &Connection,
    templates: &Templates,
    envelope: Envelope,
    letter: Letter,
    now: DateTime<Utc>,
) -> Result<Option<i64>, StoreError> {
    let Some((envelope, mut letter)) = super::ahead::hand_over(templates, envelope, letter, now)
    else {
        return Ok(None);
    };
    let (draft, later) = render(templates, envelope, &mut letter)?;
    Ok(outbox::queue_drawn_later(
        conn,
        &draft,
        later.as_deref(),
        now,
    )?)
}

/// Posts a group of letters that `finish` completes ([`Finish`]), in
/// order: handed to the open batch of a long run, where `finish` runs on
/// the rendering thread, or finished, rendered and queued here.
pub fn post_group(
    conn: &Connection,
    templates: &Templates,
    posted: Vec<(Envelope, Letter)>,
    finish: Option<Box<dyn Finish>>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    if posted.is_empty() {
        return Ok(());
    }
    let Some((posted, finish)) = super::ahead::hand_over_group(templates, posted, finish, now)
    else {
        return Ok(());
    };
    let (envelopes, mut letters): (Vec<Envelope>, Vec<Letter>) = posted.into_iter().unzip();
    if let Some(mut finish) = finish {
        finish.finish(&mut letters)?;
    }
    for (envelope, mut letter) in envelopes.into_iter().zip(letters) {
        let (draft, later) = render(templates, envelope, &mut letter)?;
        outbox::queue_drawn_later(conn, &draft, later.as_deref(), now)?;
    }
    Ok(())
}

/// The outbox row of `letter` to `envelope`: the draft, and the data that
/// draws a board mail's HTML part (`letters::html::later`, as JSON): `deliver`
/// draws it. The letter is left to the caller as it came, to be dropped on
/// the thread that built it (see [`super::ahead`]).
pub(super) fn render(
    templates: &Templates,
    envelope: Envelope,
    letter: &mut Letter,
) -> Result<(Draft, Option<String>), StoreError> {
    let drawn_here = letter.draw_diagram();
    let (mail, later) = templates
        .letter_to_queue(letter)
        .map_err(|e| StoreError::Setup(e.to_string()))?;
    let draft = Draft {
        game: envelope.game,
        to: envelope.to,
        subject: mail.subject,
        body: mail.parts.text,
        html: mail.parts.html,
        message_id: envelope.message_id,
        in_reply_to: envelope.in_reply_to,
        references: envelope.references,
        reply_to: envelope.reply_to,
    };
    if drawn_here {
        // Freed here, where it was drawn.
        letter.undraw_diagram();
    }
    Ok((draft, later.map(|later| later.to_json())))
}
