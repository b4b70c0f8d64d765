use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::*;
use crate::command::{Actor, Command, DrawAction, GameId};
use crate::service::testing::{CATALOG, at, db, signup};
use crate::service::{Request, execute};
use crate::store::games::Game;
use crate::store::ratings::{self as stored, RatingRow};

/// Glicko-2 as Glickman's paper ("Example of the Glicko-2 system",
/// 2013) writes it, steps 2 to 8, written here without skillratings so
/// that the server's numbers are checked against the formulas
/// themselves: the new (rating, RD, volatility) of a player after one
/// rating period against `games` (opponent rating, RD, score).
fn paper(player: (f64, f64, f64), games: &[(f64, f64, f64)], tau: f64) -> (f64, f64, f64) {
    const SCALE: f64 = 173.7178;
    let (mu, phi, sigma) = ((player.0 - 1500.0) / SCALE, player.1 / SCALE, player.2);
    let g = |phi: f64| 1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI.powi(2))).sqrt();
    let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
    let opponents: Vec<(f64, f64, f64)> = games
        .iter()
        .map(|&(r, rd, s)| ((r - 1500.0) / SCALE, rd / SCALE, s))
        .collect();
    // Step 3: v; step 4: delta.
    let v = 1.0
        / opponents
            .iter()
            .map(|&(mu_j, phi_j, _)| g(phi_j).powi(2) * e(mu_j, phi_j) * (1.0 - e(mu_j, phi_j)))
            .sum::<f64>();
    let sum: f64 = opponents
        .iter()
        .map(|&(mu_j, phi_j, s)| g(phi_j) * (s - e(mu_j, phi_j)))
        .sum();
    let delta = v * sum;
    // Step 5: the new volatility by the Illinois algorithm.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 0.000_001 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma_new = (big_a / 2.0).exp();
    // Steps 6 and 7.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    // Step 8.
    (mu_new * SCALE + 1500.0, phi_new * SCALE, sigma_new)
}

fn close(got: (f64, f64, f64), want: (f64, f64, f64), tolerance: f64) {
    assert!(
        (got.0 - want.0).abs() < tolerance
            && (got.1 - want.1).abs() < tolerance
            && (got.2 - want.2).abs() < tolerance,
        "{got:?} is not {want:?}"
    );
}

fn run_at(conn: &mut Connection, user: &str, command: Command, now: DateTime<Utc>) {
    let actor = match user {
        "" => Actor::Anonymous,
        user => Actor::Trusted(user.to_string()),
    };
    execute(
        conn,
        &Request {
            actor: &actor,
            command: &command,
            now,
            comment: None,
            catalog: CATALOG,
            by_mail: false,
            game_ended: crate::service::GAME_ENDED,
        },
    )
    .unwrap();
}

/// A race between `first` and `second` at `now`, with `options`.
fn start(
    conn: &mut Connection,
    first: &str,
    second: &str,
    options: &[&str],
    now: DateTime<Utc>,
) -> GameId {
    let command = Command::Challenge {
        variant: "race".into(),
        players: vec![first.into(), second.into()],
        options: options
            .iter()
            .map(|o| crate::service::community::challenge::parse_option(o))
            .collect(),
    };
    run_at(conn, "", command, now);
    let id: i64 = conn
        .query_row("SELECT max(id) FROM games", [], |r| r.get(0))
        .unwrap();
    GameId(id as u64)
}

/// Plays `game` to its end at `now`: "first" wins, "second" wins, or
/// "draw" (agreed).
fn finish(
    conn: &mut Connection,
    game: GameId,
    first: &str,
    second: &str,
    how: &str,
    now: DateTime<Utc>,
) {
    let turn = |conn: &mut Connection, user: &str, n: &str| {
        let command = Command::Move {
            game,
            turn: n.into(),
            expect: None,
        };
        run_at(conn, user, command, now);
    };
    match how {
        "first" => {
            for (user, n) in [
                (first, "2"),
                (second, "2"),
                (first, "2"),
                (second, "2"),
                (first, "2"),
            ] {
                turn(conn, user, n);
            }
        }
        "second" => {
            for (user, n) in [
                (first, "1"),
                (second, "2"),
                (first, "2"),
                (second, "2"),
                (first, "1"),
                (second, "2"),
            ] {
                turn(conn, user, n);
            }
        }
        _ => {
            turn(conn, first, "1");
            let draw = |action| Command::Draw { game, action };
            run_at(conn, second, draw(DrawAction::Offer), now);
            run_at(conn, first, draw(DrawAction::Accept), now);
        }
    }
}

fn triple(r: &Rating) -> (f64, f64, f64) {
    (r.rating, r.rd, r.volatility)
}

fn players(conn: &mut Connection, users: &[&str]) {
    for user in users {
        signup(conn, user, None);
    }
}

#[test]
fn the_paper_formulas_as_written_here_give_the_papers_example() {
    // Glickman's worked example: 1500 / 200 / 0.06 against 1400/30 (won),
    // 1550/100 and 1700/300 (lost), tau 0.5: 1464.06, 151.52, 0.05999.
    let got = paper(
        (1500.0, 200.0, 0.06),
        &[
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ],
        0.5,
    );
    close(got, (1464.06, 151.52, 0.05999), 0.01);
}

#[test]
fn two_new_players_first_game_gives_the_paper_values() {
    let mut conn = db();
    players(&mut conn, &["alice", "bob"]);
    let game = start(&mut conn, "alice", "bob", &[], at(0));
    finish(&mut conn, game, "alice", "bob", "first", at(60));
    let alice = current(&conn, "alice", "race").unwrap();
    let bob = current(&conn, "bob", "race").unwrap();
    let new = (1500.0, 350.0, 0.06);
    close(
        triple(&alice),
        paper(new, &[(1500.0, 350.0, 1.0)], 0.5),
        1e-6,
    );
    close(triple(&bob), paper(new, &[(1500.0, 350.0, 0.0)], 0.5), 1e-6);
    // The well-known numbers: 1662.3 and 1337.7, RD 290.3, both provisional.
    assert_eq!(
        (alice.shown(), bob.shown()),
        ("1662?".into(), "1338?".into())
    );
    assert_eq!((alice.games, alice.wins, bob.losses), (1, 1, 1));
    assert_eq!(alice.last_period.as_deref(), Some("2026-01-01T00:01:00Z"));
    // What the game did is kept for its game-over mail.
    let changes = stored::changes_of(&conn, game).unwrap();
    assert_eq!(changes.len(), 2);
    assert_eq!(changes[0].before, (1500.0, 350.0, 0.06));
    assert_eq!(changes[0].after, triple(&alice));
}

#[test]
fn a_draw_and_a_player_without_a_row() {
    let mut conn = db();
    players(&mut conn, &["alice", "bob"]);
    assert_eq!(triple(&current(&conn, "carol", "race").unwrap()), START);
    let game = start(&mut conn, "alice", "bob", &[], at(0));
    finish(&mut conn, game, "alice", "bob", "draw", at(0));
    let alice = current(&conn, "alice", "race").unwrap();
    close(
        triple(&alice),
        paper(START, &[(1500.0, 350.0, 0.5)], 0.5),
        1e-6,
    );
    assert_eq!((alice.draws, alice.wins, alice.losses), (1, 0, 0));
}

#[test]
fn three_seats_are_scored_pairwise() {
    let mut conn = db();
    players(&mut conn, &["alice", "bob", "carol"]);
    // carol is established already: a different opponent for each pair.
    let carol = Rating {
        rating: 1700.0,
        rd: 80.0,
        volatility: 0.06,
        ..Rating::new("carol", "orwell")
    };
    stored::save(&conn, &RatingRow::from(&carol)).unwrap();
    let race = start(&mut conn, "alice", "bob", &[], at(0));
    let game = Game {
        variant: "orwell".into(),
        players: vec!["alice".into(), "bob".into(), "carol".into()],
        ..crate::store::games::find(&conn, race).unwrap().unwrap()
    };
    // bob wins: he beats both; alice and carol draw with each other.
    game_ended(&conn, &game, &[0, 2, 0], "2026-01-01T00:00:00Z").unwrap();
    let get = |user| current(&conn, user, "orwell").unwrap();
    let (a, b, c) = (START, START, (1700.0, 80.0, 0.06));
    let with = |x: (f64, f64, f64), s: f64| (x.0, x.1, s);
    close(
        triple(&get("alice")),
        paper(a, &[with(b, 0.0), with(c, 0.5)], 0.5),
        1e-6,
    );
    close(
        triple(&get("bob")),
        paper(b, &[with(a, 1.0), with(c, 1.0)], 0.5),
        1e-6,
    );
    close(
        triple(&get("carol")),
        paper(c, &[with(a, 0.5), with(b, 0.0)], 0.5),
        1e-6,
    );
    let counts = |r: Rating| (r.wins, r.losses, r.draws);
    assert_eq!(counts(get("bob")), (1, 0, 0));
    assert_eq!(counts(get("alice")), (0, 1, 0));
    assert_eq!(counts(get("carol")), (0, 1, 0));
    // The race game itself is still going on: its pool is untouched.
    assert!(stored::pool(&conn, "race").unwrap().is_empty());
}

#[test]
fn the_deviation_grows_with_each_period_without_a_game() {
    let rating = Rating {
        rating: 1800.0,
        rd: 60.0,
        volatility: 0.06,
        last_period: Some("2026-01-01T00:00:00Z".into()),
        ..Rating::new("alice", "chess")
    };
    let day = |d: i64| at(0) + chrono::Duration::days(d);
    // Less than a period: nothing yet.
    assert_eq!(rating.as_of(day(29)).rd, 60.0);
    // Two whole periods: phi* = sqrt(phi^2 + sigma^2), twice (Glicko-2,
    // a player who does not compete in a period).
    let phi: f64 = 60.0 / 173.7178;
    let twice = (phi * phi + 2.0 * 0.06 * 0.06).sqrt() * 173.7178;
    let grown = rating.as_of(day(61));
    assert!((grown.rd - twice).abs() < 1e-9, "{} {twice}", grown.rd);
    assert_eq!(grown.rating, 1800.0);
    assert!(!grown.provisional());
    // Years away: provisional again, never past 350.
    let away = rating.as_of(day(30 * 400));
    assert!(away.provisional() && away.rd <= 350.0, "{}", away.rd);
    assert_eq!(away.shown(), "1800?");
}

#[test]
fn inactivity_counts_in_the_next_game() {
    let mut conn = db();
    players(&mut conn, &["alice", "bob"]);
    let game = start(&mut conn, "alice", "bob", &[], at(0));
    finish(&mut conn, game, "alice", "bob", "first", at(0));
    let after_first = current(&conn, "alice", "race").unwrap();
    let later = at(0) + chrono::Duration::days(95);
    let game = start(&mut conn, "alice", "bob", &[], later);
    finish(&mut conn, game, "alice", "bob", "second", later);
    let grown = after_first.as_of(later);
    assert!(grown.rd > after_first.rd);
    let bob_before = stored::changes_of(&conn, game).unwrap()[1].before;
    let want = paper(triple(&grown), &[(bob_before.0, bob_before.1, 0.0)], 0.5);
    close(
        triple(&current(&conn, "alice", "race").unwrap()),
        want,
        1e-6,
    );
    assert_eq!(
        stored::changes_of(&conn, game).unwrap()[0].before,
        triple(&grown)
    );
}

#[test]
fn unrated_games_change_no_rating() {
    let mut conn = db();
    players(&mut conn, &["alice", "bob"]);
    let game = start(&mut conn, "alice", "bob", &["unrated"], at(0));
    assert!(
        !crate::store::games::find(&conn, game)
            .unwrap()
            .unwrap()
            .rated
    );
    finish(&mut conn, game, "alice", "bob", "first", at(0));
    assert!(stored::pool(&conn, "race").unwrap().is_empty());
    let rated = start(&mut conn, "alice", "bob", &[], at(0));
    assert!(
        crate::store::games::find(&conn, rated)
            .unwrap()
            .unwrap()
            .rated
    );
    // A value is refused, and nothing is started.
    let bad = Command::Challenge {
        variant: "race".into(),
        players: vec!["alice".into(), "bob".into()],
        options: vec![crate::service::community::challenge::parse_option(
            "unrated=yes",
        )],
    };
    let actor = Actor::Anonymous;
    let request = Request {
        catalog: CATALOG,
        ..Request::new(&actor, &bad, at(0))
    };
    let refused = execute(&mut conn, &request);
    let error = refused.err().unwrap().to_string();
    assert_eq!(error, "unrated: takes no value (write --unrated, not yes)");
    let games: i64 = conn
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(games, 2);
}

#[test]
fn a_user_playing_themself_is_not_rated() {
    let mut conn = db();
    players(&mut conn, &["alice"]);
    let game = start(&mut conn, "alice", "alice", &[], at(0));
    finish(&mut conn, game, "alice", "alice", "first", at(0));
    assert!(stored::pool(&conn, "race").unwrap().is_empty());
}

/// Every rating and change, as text.
fn all_ratings(conn: &Connection) -> String {
    let mut out = String::new();
    // The changes in the order they were written, without their numbers
    // (a rebuild writes new rows).
    let queries = [
        ("ratings", "SELECT * FROM ratings ORDER BY 1, 2"),
        (
            "rating_changes",
            "SELECT game, variant, userid, before_rating, before_rd, before_volatility, \
             rating, rd, volatility, at FROM rating_changes ORDER BY seq",
        ),
    ];
    for (table, sql) in queries {
        let mut q = conn.prepare(sql).unwrap();
        let n = q.column_count();
        let rows = q
            .query_map([], |r| {
                let cells: Vec<String> = (0..n)
                    .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                    .collect();
                Ok(cells.join("|"))
            })
            .unwrap();
        for row in rows {
            out.push_str(&format!("{table}: {}\n", row.unwrap()));
        }
    }
    out
}

#[test]
fn a_rebuild_gives_the_same_values() {
    let mut conn = db();
    players(&mut conn, &["alice", "bob", "carol", "dave"]);
    let day = |d: i64| at(0) + chrono::Duration::days(d);
    // Games of the same second ended in an order their numbers do not
    // follow, gaps of several periods, draws, an unrated game, and a game
    // still going on.
    let g1 = start(&mut conn, "alice", "bob", &[], day(0));
    let g2 = start(&mut conn, "carol", "alice", &[], day(0));
    let g3 = start(&mut conn, "bob", "carol", &[], day(0));
    finish(&mut conn, g2, "carol", "alice", "first", day(1));
    finish(&mut conn, g1, "alice", "bob", "second", day(1));
    finish(&mut conn, g3, "bob", "carol", "draw", day(1));
    let g4 = start(&mut conn, "dave", "alice", &[], day(40));
    finish(&mut conn, g4, "dave", "alice", "first", day(100));
    let g5 = start(&mut conn, "bob", "dave", &["unrated"], day(100));
    finish(&mut conn, g5, "bob", "dave", "first", day(101));
    let g6 = start(&mut conn, "carol", "dave", &[], day(150));
    finish(&mut conn, g6, "carol", "dave", "second", day(200));
    start(&mut conn, "alice", "carol", &[], day(200));
    let before = all_ratings(&conn);
    assert_eq!(before.matches("ratings: ").count(), 4, "{before}");
    assert_eq!(rebuild(&conn).unwrap(), 5);
    assert_eq!(all_ratings(&conn), before);
    // From nothing (a database older than ratings): games that ended in
    // different seconds need no record of their order.
    let mut conn = db();
    players(&mut conn, &["alice", "bob", "carol"]);
    for (n, (first, second, how)) in [
        ("alice", "bob", "first"),
        ("bob", "carol", "draw"),
        ("carol", "alice", "second"),
        ("alice", "bob", "second"),
    ]
    .into_iter()
    .enumerate()
    {
        let game = start(&mut conn, first, second, &[], day(45 * n as i64));
        finish(&mut conn, game, first, second, how, day(45 * n as i64 + 1));
    }
    let before = all_ratings(&conn);
    conn.execute_batch("DELETE FROM rating_changes; DELETE FROM ratings;")
        .unwrap();
    assert_eq!(rebuild(&conn).unwrap(), 4);
    assert_eq!(all_ratings(&conn), before);
}

#[test]
fn the_rebuild_is_the_operators() {
    let mut conn = db();
    let actor = Actor::Anonymous;
    let command = Command::RebuildRatings;
    let by_mail = Request::new(&actor, &command, at(0)).by_mail(true);
    let refused = execute(&mut conn, &by_mail).err().unwrap();
    assert_eq!(
        refused.to_string(),
        "ratings --rebuild is for the operator, in the shell"
    );
    let done = execute(&mut conn, &Request::new(&actor, &command, at(0))).unwrap();
    assert_eq!(done.text(), "ratings rebuilt from 0 rated games");
}

#[test]
fn results_as_stored_give_the_points() {
    assert_eq!(points_of("1-0"), Some(vec![2, 0]));
    assert_eq!(points_of("0-1"), Some(vec![0, 2]));
    assert_eq!(points_of("1/2-1/2"), Some(vec![1, 1]));
    assert_eq!(points_of("[0:1:0]"), Some(vec![0, 2, 0]));
    assert_eq!(points_of("*"), None);
}
