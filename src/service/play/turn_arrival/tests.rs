//! The verbs that act when a player's turn comes: `queue`, a resignation
//! out of turn, `signoff`, and `submit`/`confirm`, on the race-to-ten
//! test game (alice adds first; 10 exactly wins).

use rusqlite::Connection;

use crate::command::{Actor, Command, GameId};
use crate::mail::outbox;
use crate::service::testing::{db, dump, run_as};
use crate::store::turns;

const GAME: GameId = GameId(1);

/// alice and bob, each with an address, and a race between them.
fn setup() -> Connection {
    let mut conn = db();
    for user in ["alice", "bob", "carol"] {
        let signup = Command::Signup {
            user: user.into(),
            password: "secret".into(),
            emails: vec![format!("{user}@example.org")],
        };
        run_as(&mut conn, &Actor::Anonymous, &signup).unwrap();
    }
    let challenge = Command::Challenge {
        variant: "race".into(),
        players: vec!["alice".into(), "bob".into()],
        options: vec![],
    };
    run_as(&mut conn, &Actor::Anonymous, &challenge).unwrap();
    clear_outbox(&conn);
    conn
}

fn clear_outbox(conn: &Connection) {
    conn.execute("DELETE FROM outbox", []).unwrap();
}

fn act(conn: &mut Connection, user: &str, command: Command) -> Result<String, String> {
    run_as(conn, &Actor::Trusted(user.into()), &command)
        .map(|r| r.text())
        .map_err(|e| e.to_string())
}

fn mv(conn: &mut Connection, user: &str, turn: &str) -> Result<String, String> {
    let command = Command::Move {
        game: GAME,
        turn: turn.into(),
        expect: None,
    };
    act(conn, user, command)
}

fn queue(
    conn: &mut Connection,
    user: &str,
    turn: &str,
    expect: Option<u32>,
) -> Result<String, String> {
    let command = Command::Queue {
        game: GAME,
        turn: turn.into(),
        expect,
    };
    act(conn, user, command)
}

/// `show` of game1.
fn show(conn: &mut Connection) -> String {
    let command = Command::Show {
        game: GAME,
        at: None,
    };
    act(conn, "alice", command).unwrap()
}

/// The body of the last pending mail to `address`.
fn mail_to(conn: &Connection, address: &str) -> String {
    outbox::list(conn, outbox::Status::Pending)
        .unwrap()
        .into_iter()
        .rev()
        .find(|m| m.draft.to.iter().any(|t| t == address))
        // Lines are wrapped for the phone: read them as one text.
        .map(|m| {
            m.draft
                .body
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| panic!("no mail to {address}"))
}

/// Every table these verbs write, for before/after comparisons.
fn everything(conn: &Connection) -> String {
    let mut out = dump(conn);
    for table in [
        "queued_turns",
        "pending_resignations",
        "submissions",
        "outbox",
    ] {
        let mut q = conn
            .prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2"))
            .unwrap();
        let n = q.column_count();
        let rows: Vec<String> = q
            .query_map([], |r| {
                Ok((0..n)
                    .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                    .collect::<Vec<_>>()
                    .join("|"))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect();
        out.push_str(&format!("{table}: {rows:?}\n"));
    }
    out
}

fn log(conn: &Connection) -> Vec<(String, bool)> {
    turns::log(conn, GAME)
        .unwrap()
        .into_iter()
        .map(|e| {
            (
                format!("{}:{}", e.player.unwrap_or_default(), e.text),
                e.auto,
            )
        })
        .collect()
}

#[test]
fn queued_turns_are_played_in_order_as_the_turns_come() {
    let mut conn = setup();
    queue(&mut conn, "bob", "2", Some(2)).unwrap();
    let reply = queue(&mut conn, "bob", "1", None).unwrap();
    assert!(
        reply.contains("bob has queued in game1: 2 (#2), 1"),
        "{reply}"
    );
    // alice's move brings bob's turn: his first queued turn is played.
    let reply = mv(&mut conn, "alice", "2").unwrap();
    assert!(reply.contains("it is alice's turn (move 3)"), "{reply}");
    assert_eq!(
        log(&conn),
        [("alice:2".to_string(), false), ("bob:2".to_string(), true)]
    );
    let to_alice = mail_to(&conn, "alice@example.org");
    assert!(
        to_alice.contains("bob played 2 (move 2) (Auto), queued in advance."),
        "{to_alice}"
    );
    assert!(!to_alice.contains("queued:"), "{to_alice}");
    // bob's copy lists what he still has queued; alice's does not.
    let to_bob = mail_to(&conn, "bob@example.org");
    assert!(
        to_bob.contains("You have the following move queued: 1"),
        "{to_bob}"
    );
    mv(&mut conn, "alice", "1").unwrap();
    assert_eq!(log(&conn).last().unwrap(), &("bob:1".to_string(), true));
    // The history marks them (the move list of a real game's mail too:
    // tests/verbs_turns.rs).
    let history = act(&mut conn, "alice", Command::History { game: GAME }).unwrap();
    assert_eq!(history.matches("(Auto)").count(), 2, "{history}");
}

#[test]
fn a_queued_turn_that_became_illegal_is_reported_to_its_player_and_not_played() {
    let mut conn = setup();
    for user in ["alice", "bob", "alice", "bob"] {
        mv(&mut conn, user, "1").unwrap();
    }
    // Total 4, alice to move. bob queues 2 then 2: fine if alice adds 1
    // or 2 now... but after alice's 2 and bob's 2 the total is 8, and
    // alice's 1 leaves 9: bob's second 2 would pass 10.
    queue(&mut conn, "bob", "2", None).unwrap();
    queue(&mut conn, "bob", "2", None).unwrap();
    queue(&mut conn, "bob", "1", None).unwrap();
    mv(&mut conn, "alice", "2").unwrap();
    clear_outbox(&conn);
    let before = log(&conn).len();
    mv(&mut conn, "alice", "1").unwrap();
    // alice's turn is logged; bob's queued 2 is not.
    assert_eq!(log(&conn).len(), before + 1);
    let to_bob = mail_to(&conn, "bob@example.org");
    assert!(
        to_bob.contains("Your queued move 2 was not played: 2: that passes 10."),
        "{to_bob}"
    );
    assert!(
        to_bob.contains("The 1 move queued after it was dropped too."),
        "{to_bob}"
    );
    assert!(to_bob.contains("It is bob's turn (move 8)."), "{to_bob}");
    assert!(!to_bob.contains("You have the following"), "{to_bob}");
    // Nobody else learns what bob had queued.
    let to_alice = mail_to(&conn, "alice@example.org");
    assert!(!to_alice.contains("queued"), "{to_alice}");
    assert_eq!(
        act(&mut conn, "bob", Command::ClearQueue { game: GAME }).unwrap_err(),
        "you have no turns queued in game1"
    );
    mv(&mut conn, "bob", "1").unwrap();
}

#[test]
fn a_queued_turn_for_another_move_number_is_dropped() {
    let mut conn = setup();
    queue(&mut conn, "bob", "1", Some(4)).unwrap();
    mv(&mut conn, "alice", "1").unwrap();
    assert_eq!(log(&conn).len(), 1);
    assert!(
        mail_to(&conn, "bob@example.org")
            .contains("it was queued for move 4, but your turn came at move 2")
    );
}

#[test]
fn queue_refusals_change_nothing() {
    let mut conn = setup();
    let before = everything(&conn);
    assert_eq!(
        queue(&mut conn, "alice", "1", None).unwrap_err(),
        "it is your turn in game1: use move, not queue"
    );
    assert_eq!(
        queue(&mut conn, "carol", "1", None).unwrap_err(),
        "carol is not playing game1"
    );
    assert_eq!(
        queue(&mut conn, "bob", "1", Some(0)).unwrap_err(),
        "move #0 is already played: the next move is 1"
    );
    assert_eq!(
        queue(&mut conn, "bob", " ", None).unwrap_err(),
        "a queued turn is 1 to 200 characters"
    );
    assert_eq!(
        act(&mut conn, "bob", Command::ClearQueue { game: GAME }).unwrap_err(),
        "you have no turns queued in game1"
    );
    assert_eq!(everything(&conn), before);
    for _ in 0..crate::service::play::queue::MAX_QUEUED {
        queue(&mut conn, "bob", "1", None).unwrap();
    }
    let full = everything(&conn);
    assert_eq!(
        queue(&mut conn, "bob", "1", None).unwrap_err(),
        "you have 10 turns queued in game1 already: clear the queue first"
    );
    assert_eq!(everything(&conn), full);
    let reply = act(&mut conn, "bob", Command::ClearQueue { game: GAME }).unwrap();
    assert_eq!(reply, "cleared bob's queue in game1 (10 turns)");
    mv(&mut conn, "alice", "1").unwrap();
    assert_eq!(log(&conn).len(), 1);
}

#[test]
fn a_queue_gives_one_turn_each_time_the_turn_comes() {
    let mut conn = setup();
    mv(&mut conn, "alice", "1").unwrap();
    queue(&mut conn, "alice", "1", None).unwrap();
    queue(&mut conn, "alice", "1", None).unwrap();
    // bob moves, alice's 1 plays; then bob has nothing queued: it stops
    // (with two players it always does: nobody queues on their own turn).
    mv(&mut conn, "bob", "1").unwrap();
    assert_eq!(log(&conn).len(), 3);
    queue(&mut conn, "alice", "2", None).unwrap();
    // Not bob's turn to queue now: it is his turn.
    assert!(queue(&mut conn, "bob", "1", None).is_err());
    mv(&mut conn, "bob", "2").unwrap();
    let played: Vec<bool> = log(&conn).iter().map(|(_, auto)| *auto).collect();
    assert_eq!(played, [false, false, true, false, true]);
    let to_alice = mail_to(&conn, "alice@example.org");
    assert!(
        to_alice.contains("You have the following move queued: 2"),
        "{to_alice}"
    );
}

#[test]
fn a_queued_turn_that_wins_ends_the_game_and_clears_every_queue() {
    let mut conn = setup();
    for (user, turn) in [("alice", "2"), ("bob", "2"), ("alice", "2"), ("bob", "2")] {
        mv(&mut conn, user, turn).unwrap();
    }
    // Total 8, alice to move.
    queue(&mut conn, "bob", "1", None).unwrap();
    queue(&mut conn, "bob", "2", None).unwrap();
    mv(&mut conn, "alice", "1").unwrap();
    let reply = show(&mut conn);
    assert!(reply.contains("game over: 0-1"), "{reply}");
    let left: i64 = conn
        .query_row("SELECT count(*) FROM queued_turns", [], |r| r.get(0))
        .unwrap();
    assert_eq!(left, 0);
}

#[test]
fn an_out_of_turn_resignation_waits_for_the_turn_and_can_be_withdrawn() {
    let mut conn = setup();
    mv(&mut conn, "alice", "1").unwrap();
    mv(&mut conn, "bob", "1").unwrap();
    let resign = || Command::Resign { game: GAME };
    // bob has moved, so this is no refusal to play: it waits.
    let reply = act(&mut conn, "bob", resign()).unwrap();
    assert!(
        reply.starts_with("bob will resign game1 when their turn comes"),
        "{reply}"
    );
    mv(&mut conn, "alice", "1").unwrap();
    // ... which came with alice's move: bob resigned.
    let reply = show(&mut conn);
    assert!(reply.contains("game over: 1-0 (resignation)"), "{reply}");

    let mut conn = setup();
    mv(&mut conn, "alice", "1").unwrap();
    mv(&mut conn, "bob", "1").unwrap();
    act(&mut conn, "bob", resign()).unwrap();
    let to_alice = {
        mv(&mut conn, "alice", "1").ok();
        mail_to(&conn, "alice@example.org")
    };
    assert!(to_alice.contains("bob resigned (move 4)."), "{to_alice}");

    // Sent twice, it is withdrawn; the board mails said it was pending.
    let mut conn = setup();
    mv(&mut conn, "alice", "1").unwrap();
    mv(&mut conn, "bob", "1").unwrap();
    act(&mut conn, "bob", resign()).unwrap();
    act(
        &mut conn,
        "alice",
        Command::Draw {
            game: GAME,
            action: crate::command::DrawAction::Offer,
        },
    )
    .unwrap();
    let to_alice = mail_to(&conn, "alice@example.org");
    assert!(
        to_alice.contains("bob has a resignation pending: it takes effect when bob's turn comes."),
        "{to_alice}"
    );
    let reply = act(&mut conn, "bob", resign()).unwrap();
    assert!(
        reply.starts_with("bob withdrew the pending resignation in game1"),
        "{reply}"
    );
    mv(&mut conn, "alice", "1").unwrap();
    mv(&mut conn, "bob", "1").unwrap();
    // On one's own turn a resignation is at once.
    act(&mut conn, "alice", resign()).unwrap();
    let reply = show(&mut conn);
    assert!(reply.contains("game over: 0-1 (resignation)"), "{reply}");
}

#[test]
fn resigning_before_ones_first_move_still_declines_at_once() {
    let mut conn = setup();
    mv(&mut conn, "alice", "1").unwrap();
    mv(&mut conn, "bob", "1").unwrap();
    let mut conn2 = setup();
    // bob has not moved and it is alice's turn: he declines the game.
    let reply = act(&mut conn2, "bob", Command::Resign { game: GAME }).unwrap();
    assert!(reply.contains("the game was cancelled"), "{reply}");
}

#[test]
fn a_pending_resignation_goes_before_a_queued_turn() {
    let mut conn = setup();
    mv(&mut conn, "alice", "1").unwrap();
    mv(&mut conn, "bob", "1").unwrap();
    queue(&mut conn, "bob", "1", None).unwrap();
    act(&mut conn, "bob", Command::Resign { game: GAME }).unwrap();
    mv(&mut conn, "alice", "1").unwrap();
    let last = turns::log(&conn, GAME).unwrap().pop().unwrap();
    assert_eq!(last.kind, turns::EntryKind::Resign);
}

#[test]
fn a_signed_off_player_forfeits_now_on_their_turn_and_later_elsewhere() {
    let mut conn = setup();
    // game2: bob v alice, bob (seat 0) to move.
    let challenge = Command::Challenge {
        variant: "race".into(),
        players: vec!["bob".into(), "alice".into()],
        options: vec![],
    };
    run_as(&mut conn, &Actor::Anonymous, &challenge).unwrap();
    clear_outbox(&conn);
    let reply = act(&mut conn, "bob", Command::Signoff).unwrap();
    assert!(
        reply.contains(
            "forfeited (your turn; the games end at the server's next round of reminders): game2"
        ),
        "{reply}"
    );
    assert!(
        reply.contains("forfeited when your turn comes: game1"),
        "{reply}"
    );
    // The command ends no game, nor mails alice: the next `remind` does.
    assert!(
        outbox::list(&conn, outbox::Status::Pending)
            .unwrap()
            .iter()
            .all(|m| !m.draft.to.iter().any(|t| t == "alice@example.org"))
    );
    let summary = crate::service::testing::remind(&mut conn, crate::service::testing::at(0));
    assert_eq!((summary.signed_off, summary.letters), (1, 1), "{summary}");
    let game2 = act(
        &mut conn,
        "alice",
        Command::Show {
            game: GameId(2),
            at: None,
        },
    )
    .unwrap();
    assert!(
        game2.contains("game over: 0-1 (player signed off)"),
        "{game2}"
    );
    let to_alice = mail_to(&conn, "alice@example.org");
    // One letter tells alice of every game the signoff ended (game2).
    assert!(
        to_alice.contains("It was bob's turn in these games with you: bob forfeits")
            && to_alice.contains("board 2: 0-1 (player signed off)"),
        "{to_alice}"
    );
    // No more mail to bob: his addresses are gone.
    assert!(
        outbox::list(&conn, outbox::Status::Pending)
            .unwrap()
            .iter()
            .all(|m| !m.draft.to.iter().any(|t| t.starts_with("bob")))
    );
    // game1 goes on until bob's turn comes, and its board mail says so.
    clear_outbox(&conn);
    mv(&mut conn, "alice", "1").unwrap();
    let game1 = show(&mut conn);
    assert!(game1.contains("game over: 1-0"), "{game1}");
    let to_alice = mail_to(&conn, "alice@example.org");
    assert!(
        to_alice.contains("bob has signed off the server and forfeits this game (move "),
        "{to_alice}"
    );
    let history = act(&mut conn, "alice", Command::History { game: GAME }).unwrap();
    assert!(history.contains("(player signed off)"), "{history}");
    assert!(history.contains("bob"), "{history}");
    // The account is closed, the userid kept.
    let before = everything(&conn);
    assert_eq!(
        act(&mut conn, "bob", Command::Signoff).unwrap_err(),
        "bob has signed off: the account is closed"
    );
    let signup = Command::Signup {
        user: "Bob".into(),
        password: "other".into(),
        emails: vec![],
    };
    assert_eq!(
        run_as(&mut conn, &Actor::Anonymous, &signup)
            .unwrap_err()
            .to_string(),
        "the userid Bob is taken"
    );
    let challenge = Command::Challenge {
        variant: "race".into(),
        players: vec!["alice".into(), "bob".into()],
        options: vec![],
    };
    assert_eq!(
        run_as(&mut conn, &Actor::Anonymous, &challenge)
            .unwrap_err()
            .to_string(),
        "bob has signed off: the account is closed"
    );
    assert_eq!(everything(&conn), before);
}

#[test]
fn signing_off_needs_the_password() {
    let mut conn = setup();
    let before = everything(&conn);
    let wrong = Actor::Claimed {
        user: "bob".into(),
        password: "guess".into(),
    };
    let err = run_as(&mut conn, &wrong, &Command::Signoff).unwrap_err();
    assert_eq!(
        err.to_string(),
        "login refused for bob: unknown userid or wrong password"
    );
    assert_eq!(everything(&conn), before);
}

#[test]
fn a_submitted_turn_is_played_only_when_confirmed() {
    let mut conn = setup();
    let submit = |turn: &str, expect| Command::Submit {
        game: GAME,
        turn: turn.into(),
        expect,
    };
    let confirm = Command::ConfirmSubmission { game: GAME };
    let before = everything(&conn);
    assert_eq!(
        act(&mut conn, "alice", confirm.clone()).unwrap_err(),
        "no submission to confirm in game1"
    );
    assert_eq!(
        act(&mut conn, "bob", submit("1", None)).unwrap_err(),
        "it is alice's turn"
    );
    assert_eq!(
        act(&mut conn, "alice", submit("3", None)).unwrap_err(),
        "3: add 1 or 2"
    );
    assert_eq!(
        act(&mut conn, "alice", submit("1", Some(2))).unwrap_err(),
        "move #2 received but this is turn 1, move 1 by full moves: write #1"
    );
    assert_eq!(everything(&conn), before);
    let preview = act(&mut conn, "alice", submit("2", Some(1))).unwrap();
    assert!(
        preview.starts_with(
            "This is a preview of a submitted move. It must be confirmed to take effect."
        ),
        "{preview}"
    );
    assert!(preview.contains("total 2"), "{preview}");
    assert!(log(&conn).is_empty());
    // A new submission replaces the last.
    act(&mut conn, "alice", submit("1", None)).unwrap();
    assert_eq!(
        act(&mut conn, "bob", confirm.clone()).unwrap_err(),
        "no submission to confirm in game1"
    );
    let reply = act(&mut conn, "alice", confirm.clone()).unwrap();
    assert!(reply.starts_with("game1 played 1"), "{reply}");
    assert_eq!(log(&conn), [("alice:1".to_string(), false)]);
    assert_eq!(
        act(&mut conn, "alice", confirm.clone()).unwrap_err(),
        "no submission to confirm in game1"
    );
}

#[test]
fn a_submission_is_dropped_when_the_position_changes_under_it() {
    let mut conn = setup();
    let submit = Command::Submit {
        game: GAME,
        turn: "2".into(),
        expect: None,
    };
    act(&mut conn, "alice", submit).unwrap();
    // alice moves instead of confirming: the submission is gone.
    mv(&mut conn, "alice", "1").unwrap();
    let left: i64 = conn
        .query_row("SELECT count(*) FROM submissions", [], |r| r.get(0))
        .unwrap();
    assert_eq!(left, 0);
    // A submission left over a position that changed is refused.
    mv(&mut conn, "bob", "1").unwrap();
    conn.execute(
        "INSERT INTO submissions (game, player, turn, ply, position, at) \
         SELECT 1, id, '1', 0, '0:0', 'then' FROM players WHERE userid = 'alice'",
        [],
    )
    .unwrap();
    assert_eq!(
        act(
            &mut conn,
            "alice",
            Command::ConfirmSubmission { game: GAME }
        )
        .unwrap_err(),
        "the position in game1 changed since your submission: submit the move again"
    );
}

#[test]
fn a_game_drawn_by_agreement_mails_no_queue_or_pending_resignation() {
    let mut conn = setup();
    mv(&mut conn, "alice", "1").unwrap();
    mv(&mut conn, "bob", "1").unwrap();
    queue(&mut conn, "bob", "1", None).unwrap();
    act(&mut conn, "bob", Command::Resign { game: GAME }).unwrap();
    let draw = |action| Command::Draw { game: GAME, action };
    act(&mut conn, "bob", draw(crate::command::DrawAction::Offer)).unwrap();
    clear_outbox(&conn);
    act(&mut conn, "alice", draw(crate::command::DrawAction::Accept)).unwrap();
    for reader in ["alice@example.org", "bob@example.org"] {
        let page = mail_to(&conn, reader);
        assert!(page.contains("1/2-1/2") || page.contains("drawn"), "{page}");
        assert!(!page.contains("queued"), "{page}");
        assert!(!page.contains("pending"), "{page}");
    }
}

/// A game that takes no more turns loses what waited in it, in each of
/// the four tables, whichever of them have rows of it; other games keep
/// theirs.
#[test]
fn forgetting_a_game_empties_each_waiting_table_of_its_rows_only() {
    let conn = crate::store::open_in_memory().unwrap();
    conn.execute_batch(
        "INSERT INTO players (id, userid, password_hash, created) VALUES (1, 'a', 'h', 't');
         INSERT INTO games (id, variant, status, created, updated, position) \
         VALUES (1, 'chess', 'active', 't', 't', ''), (2, 'chess', 'active', 't', 't', ''), \
                (3, 'chess', 'active', 't', 't', '');
         UPDATE due SET at = 'x';",
    )
    .unwrap();
    let rows = |game: i64| {
        [
            format!("INSERT INTO pending_resignations (game, player, at) VALUES ({game}, 1, 't')"),
            format!(
                "INSERT INTO conditional_moves (game, player, reply_ply, reply, after_reply, move, at) \
                 VALUES ({game}, 1, 1, 'e4', '', 'e5', 't')"
            ),
            format!(
                "INSERT INTO queued_turns (game, player, pos, turn, at) VALUES ({game}, 1, 0, 'e4', 't')"
            ),
            format!(
                "INSERT INTO submissions (game, player, turn, ply, position, at) \
                 VALUES ({game}, 1, 'e4', 0, '', 't')"
            ),
        ]
    };
    let count = |game: i64| -> Vec<i64> {
        [
            "pending_resignations",
            "conditional_moves",
            "queued_turns",
            "submissions",
        ]
        .iter()
        .map(|table| {
            conn.query_row(
                &format!("SELECT count(*) FROM {table} WHERE game = ?1"),
                [game],
                |r| r.get(0),
            )
            .unwrap()
        })
        .collect()
    };
    // Game 1 has a row in every table, game 2 in each table alone in turn,
    // game 3 keeps its rows.
    for sql in rows(1).iter().chain(rows(3).iter()) {
        conn.execute(sql, []).unwrap();
    }
    super::forget(&conn, GameId(1)).unwrap();
    assert_eq!(count(1), [0, 0, 0, 0]);
    for sql in rows(2) {
        conn.execute(&sql, []).unwrap();
        super::forget(&conn, GameId(2)).unwrap();
        assert_eq!(count(2), [0, 0, 0, 0], "{sql}");
    }
    assert_eq!(count(3), [1, 1, 1, 1]);
}
