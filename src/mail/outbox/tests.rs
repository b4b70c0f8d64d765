//! Tests of the outbox: queuing, idempotency, delivery, backoff, failure.

use super::*;
use crate::mail::transport::TransportSpec;

fn database() -> Connection {
    crate::store::open_in_memory().unwrap()
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&Utc)
}

fn identity() -> Identity {
    Identity::parse("Bochess Server <bochess@example.org>").unwrap()
}

fn draft(n: u32) -> Draft {
    let identity = identity();
    Draft {
        game: Some(GameId(7)),
        to: vec!["alice@example.org".into()],
        subject: "Bochess Board 7 alice".into(),
        body: "It is alice's turn.\n".into(),
        message_id: identity.game_mail_id(GameId(7), n, "board", "alice"),
        in_reply_to: Some(identity.game_root_id(GameId(7), "alice")),
        references: vec![identity.game_root_id(GameId(7), "alice")],
        reply_to: None,
        html: None,
    }
}

fn transport(spec: &str) -> Transport {
    Transport::open(&spec.parse::<TransportSpec>().unwrap()).unwrap()
}

#[test]
fn queue_is_idempotent_by_message_id() {
    let conn = database();
    let now = at("2026-11-22T10:00:00Z");
    let first = queue(&conn, &draft(1), now).unwrap();
    assert!(first.is_some());
    assert_eq!(queue(&conn, &draft(1), now).unwrap(), None);
    assert!(queue(&conn, &draft(2), now).unwrap().is_some());
    let pending = list(&conn, Status::Pending).unwrap();
    assert_eq!(pending.len(), 2);
    assert_eq!(pending[0].draft, draft(1));
    assert_eq!(pending[0].created_at, now);
    assert_eq!(pending[0].next_attempt_at, now);
}

#[test]
fn queued_rows_vanish_with_a_rolled_back_transaction() {
    let mut conn = database();
    let tx = conn.transaction().unwrap();
    queue(&tx, &draft(1), at("2026-11-22T10:00:00Z")).unwrap();
    tx.rollback().unwrap();
    assert!(list(&conn, Status::Pending).unwrap().is_empty());
}

#[test]
fn deliver_writes_files_and_marks_sent() {
    let conn = database();
    let dir = tempfile::tempdir().unwrap();
    let now = at("2026-11-22T10:00:00Z");
    queue(&conn, &draft(1), now).unwrap();
    let transport = transport(&format!("file:{}", dir.path().display()));
    let delivery = deliver(&conn, &transport, &identity(), now).unwrap();
    assert_eq!(
        (delivery.sent, delivery.deferred, delivery.failed),
        (1, 0, 0)
    );
    let sent = list(&conn, Status::Sent).unwrap();
    assert_eq!(
        (sent.len(), sent[0].sent_at, sent[0].attempts),
        (1, Some(now), 1)
    );
    let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(files.len(), 1);
    let eml = std::fs::read_to_string(files[0].as_ref().unwrap().path()).unwrap();
    assert!(
        eml.contains("Message-ID: <game7.ply1.board.alice@example.org>"),
        "{eml}"
    );
    assert!(eml.contains("Auto-Submitted: auto-generated"), "{eml}");
    assert!(eml.contains("MIME-Version: 1.0"), "{eml}");
    // Nothing left to send: a second run sends nothing twice.
    assert_eq!(
        deliver(&conn, &transport, &identity(), now).unwrap(),
        Delivery::default()
    );
}

#[test]
fn failures_back_off_then_fail_for_good() {
    let conn = database();
    let mut now = at("2026-11-22T10:00:00Z");
    let id = queue(&conn, &draft(1), now).unwrap().unwrap();
    let broken = transport("sendmail:/nonexistent/boserv-test-sendmail");
    for attempt in 1..MAX_ATTEMPTS {
        let delivery = deliver(&conn, &broken, &identity(), now).unwrap();
        assert_eq!(delivery.deferred, 1, "attempt {attempt}");
        let mail = get(&conn, id).unwrap().unwrap();
        assert_eq!(mail.attempts, attempt);
        assert_eq!(mail.next_attempt_at, now + retry_delay(attempt));
        assert!(mail.last_error.is_some());
        // Not due yet: nothing happens a second before the retry time.
        let early = mail.next_attempt_at - Duration::seconds(1);
        assert_eq!(
            deliver(&conn, &broken, &identity(), early).unwrap(),
            Delivery::default()
        );
        now = mail.next_attempt_at;
    }
    let delivery = deliver(&conn, &broken, &identity(), now).unwrap();
    assert_eq!(delivery.failed, 1);
    let failed = list(&conn, Status::Failed).unwrap();
    assert_eq!((failed.len(), failed[0].attempts), (1, MAX_ATTEMPTS));
    assert!(retry(&conn, id, now).unwrap());
    assert_eq!(list(&conn, Status::Pending).unwrap().len(), 1);
}

#[test]
fn a_bad_recipient_fails_at_once() {
    let conn = database();
    let now = at("2026-11-22T10:00:00Z");
    let mut bad = draft(1);
    bad.to = vec!["not an address".into()];
    queue(&conn, &bad, now).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let transport = transport(&format!("file:{}", dir.path().display()));
    assert_eq!(
        deliver(&conn, &transport, &identity(), now).unwrap().failed,
        1
    );
    let failed = list(&conn, Status::Failed).unwrap();
    assert_eq!(
        failed[0].last_error.as_deref(),
        Some("not a mail address: not an address")
    );
}

#[test]
fn backoff_doubles() {
    assert_eq!(retry_delay(1), Duration::minutes(5));
    assert_eq!(retry_delay(2), Duration::minutes(10));
    assert_eq!(retry_delay(4), Duration::minutes(40));
}

#[test]
fn a_rerun_after_a_kill_replaces_the_file_and_a_leased_row_is_not_sent_twice() {
    let conn = database();
    let dir = tempfile::tempdir().unwrap();
    let now = at("2026-11-22T10:00:00Z");
    let id = queue(&conn, &draft(1), now).unwrap().unwrap();
    let transport = transport(&format!("file:{}", dir.path().display()));
    // Another run holds the row: this one leaves it alone.
    assert!(lease(&conn, id, now, None, None).unwrap());
    assert_eq!(
        deliver(&conn, &transport, &identity(), now).unwrap().sent,
        0
    );
    // The holder was killed after writing, before marking the row sent.
    let later = now + LEASE + Duration::seconds(1);
    assert_eq!(
        deliver(&conn, &transport, &identity(), later).unwrap().sent,
        1
    );
    conn.execute(
        "UPDATE outbox SET status = 'pending', next_attempt_at = ?2 WHERE id = ?1",
        params![id, stamp(later)],
    )
    .unwrap();
    assert_eq!(
        deliver(&conn, &transport, &identity(), later).unwrap().sent,
        1
    );
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [format!("outbox-{id}.eml")],
        "one whole file, no leftovers"
    );
}

#[test]
fn any_due_is_true_only_for_a_pending_mail_whose_time_has_come() {
    let conn = database();
    let now = at("2026-11-27T10:00:00Z");
    assert!(!any_due(&conn, now).unwrap(), "an empty outbox");
    let id = queue(&conn, &draft(1), now).unwrap().unwrap();
    assert!(any_due(&conn, now).unwrap());
    assert!(
        !any_due(&conn, now - Duration::seconds(1)).unwrap(),
        "not before its time"
    );
    conn.execute(
        "UPDATE outbox SET next_attempt_at = ?2 WHERE id = ?1",
        params![id, stamp(now + Duration::minutes(5))],
    )
    .unwrap();
    assert!(!any_due(&conn, now).unwrap(), "deferred");
    assert!(any_due(&conn, now + Duration::minutes(5)).unwrap());
    conn.execute("UPDATE outbox SET status = 'sent' WHERE id = ?1", [id])
        .unwrap();
    assert!(!any_due(&conn, now + Duration::days(1)).unwrap(), "sent");
}

#[test]
fn the_listing_leaves_a_part_kept_as_data_undrawn_and_is_the_list_otherwise() {
    let conn = database();
    let now = at("2026-11-27T10:00:00Z");
    let start = crate::rules::find_variant("chess")
        .unwrap()
        .start(&[])
        .unwrap();
    let mail = draft(1);
    let at_board = mail.body.find("alice").unwrap();
    let later = Later {
        board: crate::letters::html::later::HtmlBoard {
            variant: "chess".into(),
            position: start.encode(),
            seat: 0,
            ..Default::default()
        },
        at: at_board,
        len: "alice".len(),
    };
    queue_drawn_later(&conn, &mail, Some(&later.to_json()), now).unwrap();
    let drawn_in_place = Draft {
        html: Some("<html><body>kept</body></html>".into()),
        ..draft(2)
    };
    queue(&conn, &drawn_in_place, now).unwrap();
    queue(&conn, &draft(3), now).unwrap();

    let list = list(&conn, Status::Pending).unwrap();
    let listing = listing(&conn, Status::Pending).unwrap();
    assert_eq!(list.len(), 3);
    assert!(list[0].draft.html.is_some(), "the list draws the part");
    assert_eq!(listing[0].draft.html, None, "the listing does not");
    assert_eq!(
        listing[1].draft.html, drawn_in_place.html,
        "a kept part is kept"
    );
    for (drawn, undrawn) in list.iter().zip(&listing) {
        let mut drawn = drawn.clone();
        if undrawn.draft.html.is_none() {
            drawn.draft.html = None;
        }
        assert_eq!(&drawn, undrawn);
    }
}

/// A database file in `dir` (its leases' holders are lock files beside it).
fn database_in(dir: &std::path::Path) -> Connection {
    crate::store::open(&dir.join("boserv.db"), std::time::Duration::from_secs(5)).unwrap()
}

#[test]
fn a_row_leased_by_a_killed_run_is_sent_by_the_next_run_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let conn = database_in(dir.path());
    let db = dir.path().join("boserv.db");
    let sent = tempfile::tempdir().unwrap();
    let transport = transport(&format!("file:{}", sent.path().display()));
    let now = at("2026-11-22T10:00:00Z");
    let id = queue(&conn, &draft(1), now).unwrap().unwrap();
    // A run leases the row and is killed mid-SMTP: its lock file stays,
    // nobody holds the lock any more.
    let killed = Holder::take(&db).unwrap();
    assert!(lease(&conn, id, now, Some(&killed), None).unwrap());
    let name = killed.name().to_string();
    let file = dir.path().join("boserv.db.leases").join(&name);
    // Killed, its file is left behind, unlocked: kept under another name
    // while the holder closes (and would remove) it, then put back.
    let kept = file.with_extension("kept");
    std::fs::hard_link(&file, &kept).unwrap();
    drop(killed);
    std::fs::rename(&kept, &file).unwrap();
    let a_second_later = now + Duration::seconds(1);
    let delivery = deliver(&conn, &transport, &identity(), a_second_later).unwrap();
    assert_eq!(delivery.sent, 1, "taken back without waiting for the lease");
    assert_eq!(get(&conn, id).unwrap().unwrap().status, Status::Sent);
    assert!(!file.exists(), "the dead run's file is cleared");
}

#[test]
fn a_row_leased_by_a_live_run_is_never_sent_by_another() {
    let dir = tempfile::tempdir().unwrap();
    let conn = database_in(dir.path());
    let db = dir.path().join("boserv.db");
    let sent = tempfile::tempdir().unwrap();
    let transport = transport(&format!("file:{}", sent.path().display()));
    let now = at("2026-11-22T10:00:00Z");
    let id = queue(&conn, &draft(1), now).unwrap().unwrap();
    let sending = Holder::take(&db).unwrap();
    assert!(lease(&conn, id, now, Some(&sending), None).unwrap());
    // Its SMTP conversation is slow: long past the time lease, the row
    // still belongs to the live run.
    let much_later = now + LEASE + Duration::hours(1);
    assert!(any_due(&conn, much_later).unwrap());
    let delivery = deliver(&conn, &transport, &identity(), much_later).unwrap();
    assert_eq!(delivery.sent, 0, "never sent twice while the first lives");
    assert_eq!(std::fs::read_dir(sent.path()).unwrap().count(), 0);
    // It ends (its process exits): the row is free at once.
    drop(sending);
    let delivery = deliver(&conn, &transport, &identity(), much_later).unwrap();
    assert_eq!(delivery.sent, 1);
    // A run's own leases are cleared as it marks its rows.
    let leased: Option<String> = conn
        .query_row("SELECT leased_by FROM outbox WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(leased, None);
    assert_eq!(
        std::fs::read_dir(dir.path().join("boserv.db.leases"))
            .unwrap()
            .count(),
        0,
        "no lock file left behind"
    );
}
