//! Invitations through the commands: who is asked, what waits, what a
//! decline and an expiry leave.

use super::*;
use crate::command::{Actor, ChallengeAnswer, Command};
use crate::service::testing::{at, db};
use crate::service::{Request, execute};
use crate::store::due;

/// Runs a command against the server's games at the start of 2026.
fn run_as(conn: &mut Connection, actor: &Actor, command: &Command) -> Result<Reply, ServiceError> {
    execute(conn, &Request::new(actor, command, at(0)))
}

fn signup(conn: &mut Connection, user: &str) {
    crate::service::testing::signup(conn, user, Some(&format!("{user}@example.org")));
}

fn as_user(user: &str) -> Actor {
    Actor::Trusted(user.to_string())
}

fn challenge(conn: &mut Connection, by: &str, players: &[&str]) -> Result<Reply, ServiceError> {
    run_as(
        conn,
        &as_user(by),
        &Command::Challenge {
            variant: "chess".into(),
            players: players.iter().map(|p| p.to_string()).collect(),
            options: vec![],
        },
    )
}

fn game_of(reply: &Reply) -> GameId {
    reply
        .text()
        .lines()
        .last()
        .unwrap()
        .parse()
        .expect("the last line names the game")
}

fn mails_to(conn: &Connection, who: &str) -> Vec<(String, String)> {
    let mut q = conn
        .prepare("SELECT subject, body FROM outbox WHERE recipients LIKE ?1 ORDER BY id")
        .unwrap();
    q.query_map([format!("%{who}@%")], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn setup() -> Connection {
    let mut conn = db();
    for user in ["alice", "bob", "carol"] {
        signup(&mut conn, user);
    }
    conn
}

#[test]
fn a_challenge_waits_with_no_clock_until_the_challenged_accepts() {
    let mut conn = setup();
    let id = game_of(&challenge(&mut conn, "alice", &["alice", "bob"]).unwrap());
    // No clock: the game has no due moment; nobody may move.
    assert_eq!(due::of(&conn, id).unwrap(), None);
    let moved = run_as(
        &mut conn,
        &as_user("alice"),
        &Command::Move {
            game: id,
            turn: "e2-e4".into(),
            expect: None,
        },
    );
    assert!(matches!(
        moved,
        Err(ServiceError::Consent(ConsentError::NotBegun { .. }))
    ));
    let invitation = mails_to(&conn, "bob");
    assert_eq!(invitation.len(), 1, "{invitation:?}");
    assert!(
        invitation[0].0.contains("Invitation"),
        "{:?}",
        invitation[0]
    );
    assert!(
        invitation[0].1.contains("chess accept"),
        "{}",
        invitation[0].1
    );
    assert!(mails_to(&conn, "alice").is_empty());
    // The challenger's own accept is not wanted.
    let again = run_as(&mut conn, &as_user("alice"), &Command::Accept { game: id });
    assert!(matches!(
        again,
        Err(ServiceError::Consent(ConsentError::AcceptedAlready { .. }))
    ));
    let begun = run_as(&mut conn, &as_user("bob"), &Command::Accept { game: id }).unwrap();
    assert!(matches!(begun, Reply::Challenged { .. }), "{begun:?}");
    assert!(due::of(&conn, id).unwrap().is_some(), "the clock runs");
    run_as(
        &mut conn,
        &as_user("alice"),
        &Command::Move {
            game: id,
            turn: "e2-e4".into(),
            expect: None,
        },
    )
    .unwrap();
}

#[test]
fn one_decline_cancels_and_tells_the_others_who_and_why() {
    let mut conn = setup();
    let id = game_of(&challenge(&mut conn, "alice", &["alice", "bob"]).unwrap());
    let stranger = run_as(
        &mut conn,
        &as_user("carol"),
        &Command::Decline {
            game: id,
            words: String::new(),
        },
    );
    assert!(matches!(stranger, Err(ServiceError::NotPlaying { .. })));
    run_as(
        &mut conn,
        &as_user("bob"),
        &Command::Decline {
            game: id,
            words: "too busy this month".into(),
        },
    )
    .unwrap();
    let told = mails_to(&conn, "alice");
    assert_eq!(told.len(), 1);
    assert!(told[0].0.contains("declined by bob"), "{:?}", told[0]);
    assert!(told[0].1.contains("too busy this month"), "{}", told[0].1);
    let game = LoadedGame::load(&conn, &crate::rules::VARIANTS, id).unwrap();
    assert_eq!(game.row.status, games::Status::Cancelled);
    assert!(game.invitation.is_none());
}

#[test]
fn settings_accept_start_at_once_and_reject_refuses() {
    let mut conn = setup();
    let set = |conn: &mut Connection, user: &str, variant: &str, answer| {
        run_as(
            conn,
            &as_user(user),
            &Command::Challenges {
                variant: variant.into(),
                answer: Some(answer),
            },
        )
        .unwrap();
    };
    set(&mut conn, "bob", "all", ChallengeAnswer::Accept);
    let reply = challenge(&mut conn, "alice", &["alice", "bob"]).unwrap();
    assert!(matches!(reply, Reply::Challenged { .. }), "{reply:?}");
    // A type's own setting comes before `all`.
    set(&mut conn, "bob", "chess", ChallengeAnswer::Reject);
    let before = crate::service::testing::dump(&conn);
    let refused = challenge(&mut conn, "alice", &["alice", "bob"]).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "bob refuses challenges to chess (their setting: challenges chess reject)"
    );
    assert_eq!(crate::service::testing::dump(&conn), before);
}

#[test]
fn a_limit_on_either_side_refuses_with_the_reason() {
    let mut conn = setup();
    let limit = |conn: &mut Connection, user: &str, n| {
        run_as(
            conn,
            &as_user(user),
            &Command::Limit {
                variant: "chess".into(),
                limit: Some(n),
            },
        )
        .unwrap();
    };
    limit(&mut conn, "bob", Some(1));
    challenge(&mut conn, "alice", &["alice", "bob"]).unwrap();
    let refused = challenge(&mut conn, "carol", &["carol", "bob"]).unwrap_err();
    assert!(
        refused.to_string().contains("bob is in 1 chess games"),
        "{refused}"
    );
    limit(&mut conn, "bob", None);
    limit(&mut conn, "carol", Some(0));
    let refused = challenge(&mut conn, "carol", &["carol", "bob"]).unwrap_err();
    assert!(
        refused.to_string().starts_with("carol is in 0"),
        "{refused}"
    );
}

#[test]
fn three_players_must_all_accept() {
    let mut conn = setup();
    let reply = run_as(
        &mut conn,
        &as_user("alice"),
        &Command::Challenge {
            variant: "orwell".into(),
            players: vec!["alice".into(), "bob".into(), "carol".into()],
            options: vec![],
        },
    )
    .unwrap();
    let id = game_of(&reply);
    let game = LoadedGame::load(&conn, &crate::rules::VARIANTS, id).unwrap();
    // No dice drawn while it waits.
    assert_eq!(game.row.dice_seed, None);
    let first = run_as(&mut conn, &as_user("bob"), &Command::Accept { game: id }).unwrap();
    assert!(first.text().contains("carol"), "{}", first.text());
    let roll = run_as(&mut conn, &as_user("bob"), &Command::Roll { game: id });
    assert!(roll.is_err());
    let begun = run_as(&mut conn, &as_user("carol"), &Command::Accept { game: id }).unwrap();
    assert!(matches!(begun, Reply::Challenged { .. }));
    let game = LoadedGame::load(&conn, &crate::rules::VARIANTS, id).unwrap();
    assert!(game.row.dice_seed.is_some() && game.row.dice_commitment.is_some());
}

#[test]
fn remind_expires_an_invitation_once() {
    let mut conn = setup();
    let id = game_of(&challenge(&mut conn, "alice", &["alice", "bob"]).unwrap());
    let mut quiet = |_: usize, _: usize| {};
    let early = crate::service::remind::remind(
        &mut conn,
        &crate::rules::VARIANTS,
        at(13 * 86_400),
        &mut quiet,
    )
    .unwrap();
    assert_eq!(early.invitations_expired, 0);
    let late = at(15 * 86_400);
    let summary =
        crate::service::remind::remind(&mut conn, &crate::rules::VARIANTS, late, &mut quiet)
            .unwrap();
    assert_eq!(summary.invitations_expired, 1);
    assert!(summary.to_string().contains("1 invitation expired"));
    let again =
        crate::service::remind::remind(&mut conn, &crate::rules::VARIANTS, late, &mut quiet)
            .unwrap();
    assert_eq!(again.invitations_expired, 0);
    let told = mails_to(&conn, "alice");
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].0.contains("expired"), "{:?}", told[0]);
    assert!(told[0].1.contains("bob did not"), "{}", told[0].1);
    let game = LoadedGame::load(&conn, &crate::rules::VARIANTS, id).unwrap();
    assert_eq!(game.row.status, games::Status::Cancelled);
}

#[test]
fn signing_off_declines_the_invitations_not_begun() {
    let mut conn = setup();
    let id = game_of(&challenge(&mut conn, "alice", &["alice", "bob"]).unwrap());
    let out = run_as(&mut conn, &as_user("bob"), &Command::Signoff).unwrap();
    assert!(
        out.text()
            .contains("cancelled (challenges not begun): game1"),
        "{}",
        out.text()
    );
    let game = LoadedGame::load(&conn, &crate::rules::VARIANTS, id).unwrap();
    assert_eq!(game.row.status, games::Status::Cancelled);
    // alice is told in bob's one letter of his signoff, not in a
    // declined mail of its own.
    let told = mails_to(&conn, "alice");
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].0, "bob signed off", "{told:?}");
    assert!(told[0].1.contains("are cancelled"), "{told:?}");
    assert!(told[0].1.contains("Chess board 1"), "{told:?}");
}

/// The invitation mails `who` has received.
fn invitations_to(conn: &Connection, who: &str) -> Vec<(String, String)> {
    mails_to(conn, who)
        .into_iter()
        .filter(|(subject, _)| subject.contains("Invitation"))
        .collect()
}

#[test]
fn remind_warns_whoever_has_not_answered_once_a_day_before_the_expiry() {
    let mut conn = setup();
    challenge(&mut conn, "alice", &["alice", "bob"]).unwrap();
    let mut quiet = |_: usize, _: usize| {};
    let mut remind = |conn: &mut Connection, secs: i64| {
        crate::service::remind::remind(conn, &crate::rules::VARIANTS, at(secs), &mut quiet)
            .unwrap();
    };
    // Fourteen days stand: two days before the end, nobody is warned.
    remind(&mut conn, 12 * 86_400);
    assert_eq!(invitations_to(&conn, "bob").len(), 1);
    // Within a day of the end: bob, who has not answered, once.
    remind(&mut conn, 13 * 86_400 + 3_600);
    remind(&mut conn, 13 * 86_400 + 7_200);
    let bob = invitations_to(&conn, "bob");
    assert_eq!(bob.len(), 2, "{bob:?}");
    assert!(bob[1].1.contains("chess accept 1 bob"), "{}", bob[1].1);
    // The challenger is asked nothing.
    assert!(invitations_to(&conn, "alice").is_empty());
}

#[test]
fn an_invitation_standing_one_day_is_not_warned_of() {
    let mut conn = setup();
    store::settings::set(&conn, INVITATION_DAYS_SETTING, "1").unwrap();
    challenge(&mut conn, "alice", &["alice", "bob"]).unwrap();
    let mut quiet = |_: usize, _: usize| {};
    crate::service::remind::remind(&mut conn, &crate::rules::VARIANTS, at(3_600), &mut quiet)
        .unwrap();
    // The invitation said when it expires; a warning would only repeat it.
    assert_eq!(invitations_to(&conn, "bob").len(), 1);
}

#[test]
fn an_invitation_names_the_sides_and_only_the_options_set() {
    let mut conn = setup();
    let reply = challenge(&mut conn, "alice", &["alice", "bob"]).unwrap();
    assert!(
        reply
            .text()
            .contains("chess alice (White) v bob (Black): invited bob"),
        "{}",
        reply.text()
    );
    let bob = invitations_to(&conn, "bob");
    assert!(bob[0].1.contains("alice (White)"), "{}", bob[0].1);
    // The server's own reminder and forfeit times are no option.
    assert!(!bob[0].1.contains("--nagtime"), "{}", bob[0].1);
    assert!(!bob[0].1.contains("--forfeittime"), "{}", bob[0].1);
}

#[test]
fn an_invitation_to_a_rated_game_without_options_has_no_options_line() {
    let mut conn = setup();
    challenge(&mut conn, "alice", &["alice", "bob"]).unwrap();
    let bob = invitations_to(&conn, "bob");
    assert_eq!(bob.len(), 1, "{bob:?}");
    assert!(!bob[0].1.contains("Options:"), "{}", bob[0].1);
}

#[test]
fn limit_says_how_many_games_of_a_type_a_player_is_in_and_not_of_all() {
    let mut conn = setup();
    let mut limit = |variant: &str| {
        run_as(
            &mut conn,
            &as_user("bob"),
            &Command::Limit {
                variant: variant.into(),
                limit: Some(Some(2)),
            },
        )
        .unwrap()
        .text()
        .to_string()
    };
    assert_eq!(
        limit("chess"),
        "limit chess 2: bob takes at most 2 chess games at once (0 now)"
    );
    assert_eq!(
        limit("all"),
        "limit all 2: bob takes at most 2 all games at once"
    );
}
