//! Every mail a player gets is a page to act on. Whole games are played
//! through the binary and the board mails they queue are snapshotted, per
//! game and situation, from each seat: check, mate, an open draw offer,
//! Orwell turns with the reader's own roll, a forced pass, the game over
//! with the seed revealed. Every mail of these games (and the error, help
//! and welcome mails) keeps to 76 columns.

use boserv::command::GameId;
use boserv::dice::{self, Seed};
use boserv::rules::find_variant;
use boserv::rules::orwell::DICE;

use crate::util::Env;

/// One queued mail.
struct Mail {
    to: String,
    subject: String,
    body: String,
}

impl Mail {
    fn page(&self) -> String {
        format!(
            "To: {}\nSubject: {}\n\n{}",
            self.to, self.subject, self.body
        )
    }
}

/// The outbox rows queued since the last call.
struct Outbox<'a> {
    env: &'a Env,
    seen: i64,
    all: Vec<String>,
}

impl<'a> Outbox<'a> {
    fn new(env: &'a Env) -> Self {
        Outbox {
            env,
            seen: 0,
            all: Vec::new(),
        }
    }

    fn take(&mut self) -> Vec<Mail> {
        let conn = rusqlite::Connection::open(&self.env.db).unwrap();
        let mut q = conn
            .prepare("SELECT id, recipients, subject, body FROM outbox WHERE id > ?1 ORDER BY id")
            .unwrap();
        let rows: Vec<(i64, String, String, String)> = q
            .query_map([self.seen], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut mails = Vec::new();
        for (id, to, subject, body) in rows {
            self.seen = id;
            let to: Vec<String> = serde_json::from_str(&to).unwrap();
            let mail = Mail {
                to: to.join(", "),
                subject,
                body,
            };
            self.all.push(mail.page());
            mails.push(mail);
        }
        mails
    }

    /// Every mail for each of `users`, in that order, after one command.
    fn each(&mut self, users: &[&str]) -> Vec<String> {
        let mails = self.take();
        users
            .iter()
            .map(|user| {
                let address = format!("{user}@example.test");
                mails
                    .iter()
                    .rev()
                    .find(|m| m.to == address)
                    .unwrap_or_else(|| panic!("no mail for {user}"))
                    .page()
            })
            .collect()
    }

    /// No line of any mail seen is over 76 characters.
    fn check_widths(&mut self) {
        self.take();
        for page in &self.all {
            for line in page.lines() {
                assert!(
                    line.chars().count() <= 76,
                    "{} characters:\n{line}\n\n{page}",
                    line.chars().count()
                );
            }
        }
    }
}

fn snap(name: &str, page: &str) {
    insta::assert_snapshot!(name, page);
}

#[test]
fn chess_check_draw_offer_and_mate_from_each_seat() {
    let env = Env::new();
    let mut outbox = Outbox::new(&env);
    env.signup(&["alice", "bob"]);
    outbox.take();
    let game = env.challenge("chess", "alice", "bob");
    let [white, black] = <[String; 2]>::try_from(outbox.each(&["alice", "bob"])).unwrap();
    snap("chess_new_game_white", &white);
    snap("chess_new_game_black", &black);
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "f7-f6", "Qd1-h5"]);
    let [white, black] = <[String; 2]>::try_from(outbox.each(&["alice", "bob"])).unwrap();
    assert!(
        black.contains("It is your turn, bob (move 2...)."),
        "{black}"
    );
    assert!(black.contains("bob's king is in check."), "{black}");
    assert!(black.contains("alice played Qd1-h5+ (move 2)."), "{black}");
    snap("chess_check_white", &white);
    // `show` gives the deadline as a date too.
    let shown = env.ok(None, &["show", &game]);
    assert!(
        shown.contains("bob must move by Sun 22 Mar 2026 12:00 UTC or lose on time"),
        "{shown}"
    );
    snap("chess_check_black", &black);
    env.play(&game, ["alice", "bob"], 4, &["g7-g6"]);
    outbox.take();
    env.ok(Some("alice"), &["draw", &game, "offer"]);
    let [white, black] = <[String; 2]>::try_from(outbox.each(&["alice", "bob"])).unwrap();
    assert!(
        black.contains("chess move 1 bob PASSWORD accept"),
        "{black}"
    );
    snap("chess_draw_offer_white", &white);
    snap("chess_draw_offer_black", &black);
    env.play(&game, ["alice", "bob"], 5, &["Qh5xg6", "h7xg6"]);
    outbox.take();

    let mate = env.challenge("chess", "bob", "alice");
    outbox.take();
    env.play(
        &mate,
        ["bob", "alice"],
        1,
        &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"],
    );
    let [white, black] = <[String; 2]>::try_from(outbox.each(&["bob", "alice"])).unwrap();
    assert!(white.contains("Qd8-h4#"), "{white}");
    assert!(white.contains("Game won by alice (checkmate)."), "{white}");
    snap("chess_mate_white", &white);
    snap("chess_mate_black", &black);
    outbox.check_widths();
}

#[test]
fn big_outer_chess_from_each_side() {
    let env = Env::new();
    let mut outbox = Outbox::new(&env);
    env.signup(&["alice", "bob"]);
    outbox.take();
    let game = env.challenge("bochess", "alice", "bob");
    outbox.take();
    env.play(&game, ["alice", "bob"], 1, &["e2-e6", "h11-h8"]);
    let [white, black] = <[String; 2]>::try_from(outbox.each(&["alice", "bob"])).unwrap();
    assert!(
        white.starts_with(
            "To: alice@example.test\nSubject: Bochess Board 1 alice\n\nBig Outer Chess, board 1:"
        ),
        "{white}"
    );
    snap("bochess_board_white", &white);
    snap("bochess_board_black", &black);
    outbox.check_widths();
}

/// The first test seed (`{:064x}` of a counter) whose first roll makes
/// White pass at the start.
fn seed_with_a_first_pass() -> String {
    let start = find_variant("orwell").unwrap().start(&[]).unwrap();
    (0u64..)
        .map(|n| format!("{n:064x}"))
        .find(|hex| {
            let seed = Seed::from_hex(hex).unwrap();
            start.must_pass(dice::roll(&seed, GameId(1), 0, &DICE))
        })
        .unwrap()
}

#[test]
fn orwell_turns_with_the_readers_roll_a_forced_pass_and_the_seed() {
    let env = Env::new();
    let mut outbox = Outbox::new(&env);
    let players = ["alice", "bob", "carol"];
    let seed = seed_with_a_first_pass();
    let game = crate::orwell_cli::start(&env, &seed);
    let view = env.json(&game);
    let to_move = view["to_move"].as_str().unwrap().to_string();
    let roll = view["roll"].as_array().unwrap();
    let roll = format!("Your roll: {},{}", roll[0], roll[1]);
    let pages = outbox.each(&players);
    for (player, page) in players.iter().zip(&pages) {
        // Only the player to move sees a roll, and it is the one `roll` gives.
        assert_eq!(page.contains("Your roll:"), *player == to_move, "{page}");
        if *player == to_move {
            assert!(page.contains(&roll), "{page}");
        }
        assert!(page.contains("alice had to pass (move 1)"), "{page}");
        assert!(
            !page.contains("writes:"),
            "a forced pass is no comment: {page}"
        );
        snap(&format!("orwell_new_game_{player}"), page);
    }
    // A refused turn by mail: the error mail gives the roll again.
    let raw = format!(
        "From: {to_move}@example.test\r\nSubject: orwell move {} {to_move} secret a1-a12\r\n\
         Message-ID: <bad-turn@example.test>\r\n\r\n",
        &game[4..]
    );
    let out = env.stdin(&["mail"], raw.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let error = outbox.each(&[to_move.as_str()]).remove(0);
    assert!(error.contains("Subject: Orwell Board 1 Error"), "{error}");
    assert!(error.contains(&roll), "{error}");
    // Play until every seat has moved, then two resign: the seed shows.
    for _ in 0..6 {
        crate::orwell_cli::play_one(&env, &game);
    }
    let mover = env.json(&game)["to_move"].as_str().unwrap().to_string();
    let pages = outbox.each(&players);
    for (player, page) in players.iter().zip(&pages) {
        assert_eq!(page.contains("Your roll:"), **player == mover, "{page}");
        snap(&format!("orwell_turn_{player}"), page);
    }
    // Each on their own turn: out of turn a resignation waits for it.
    crate::orwell_cli::play_until_turn_of(&env, &game, "bob");
    env.ok(Some("bob"), &["resign", &game]);
    crate::orwell_cli::play_until_turn_of(&env, &game, "carol");
    outbox.take();
    env.ok(Some("carol"), &["resign", &game]);
    let pages = outbox.each(&players);
    for (player, page) in players.iter().zip(&pages) {
        assert!(page.contains(&seed), "{page}");
        snap(&format!("orwell_over_{player}"), page);
    }
    outbox.check_widths();
}

#[test]
fn errors_help_and_welcome_keep_to_76_columns() {
    let env = Env::new();
    env.create_db();
    let mut outbox = Outbox::new(&env);
    let mail = |from: &str, subject: &str, body: &str| {
        let raw = format!(
            "From: {from}\r\nSubject: {subject}\r\nMessage-ID: <{}@example.org>\r\n\r\n{body}\r\n",
            subject.len() * 7 + body.len()
        );
        let out = env.stdin(&["mail"], raw.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{out:?}");
    };
    mail("alice@example.org", "signup alice secret", "");
    mail("bob@example.org", "signup bob secret", "");
    // Each address answers its confirmation mail before other mail goes there.
    for confirm in outbox.take() {
        if confirm.subject.starts_with("confirm ") {
            mail(&confirm.to, &format!("Re: {}", confirm.subject), "");
        }
    }
    mail("alice@example.org", "help", "");
    mail("alice@example.org", "help commands", "");
    mail(
        "alice@example.org",
        "chess challenge alice bob --login=alice:secret",
        "Good luck!",
    );
    mail("bob@example.org", "chess accept 1 bob secret", "");
    mail(
        "bob@example.org",
        "chess move 1 bob secret e7-e5",
        &"a very long comment ".repeat(20),
    );
    mail("alice@example.org", "chess move 1 alice secret e2-e5#1", "");
    let mails = outbox.take();
    let error = mails
        .iter()
        .find(|m| m.subject == "Chess Board 1 Error" && m.to == "alice@example.org")
        .unwrap();
    assert!(error.body.starts_with("e2-e5:"), "{}", error.body);
    assert!(
        error.body.contains("  chess move 1 alice PASSWORD MOVE#1"),
        "{}",
        error.body
    );
    assert!(
        error
            .body
            .contains("> Subject: chess move 1 alice *** e2-e5#1"),
        "{}",
        error.body
    );
    snap("chess_error_alice", &error.page());
    let help = mails.iter().find(|m| m.subject == "boserv help").unwrap();
    assert!(!help.body.contains("boserv help"), "{}", help.body);
    let new_game = mails
        .iter()
        .find(|m| m.subject.starts_with("New Chess Board 1") && m.to == "bob@example.org")
        .unwrap();
    // bob read alice's words in the invitation; the board his accept
    // begins carries only what he wrote with it (issue 42: words travel
    // once, to those who have not read them).
    assert!(!new_game.body.contains("Good luck!"), "{}", new_game.body);
    outbox.all = mails.iter().map(Mail::page).collect();
    outbox.check_widths();
}
