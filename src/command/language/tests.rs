//! Tests of the command language: every verb, its aliases, and its errors.

use super::*;
use crate::command::{DrawAction, GamesFilter, World};
use crate::rules::GameOption;
use proptest::prelude::*;

fn one(line: &str) -> Request {
    let mut requests = parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(requests.len(), 1, "{line}");
    requests.remove(0)
}

fn claimed(user: &str, password: &str) -> Actor {
    Actor::Claimed {
        user: user.into(),
        password: password.into(),
    }
}

fn error(line: &str) -> String {
    parse(line).expect_err(line).to_string()
}

#[test]
fn signup_with_and_without_addresses() {
    let r = one("signup Alice Secret alice@example.org <al@example.net>");
    assert_eq!(r.game_word, None);
    assert_eq!(r.actor, Actor::Anonymous);
    assert_eq!(
        r.command,
        Command::Signup {
            user: "alice".into(),
            password: "Secret".into(),
            emails: vec!["alice@example.org".into(), "al@example.net".into()],
        }
    );
    let r = one("SIGNUP bob pw");
    assert_eq!(
        r.command,
        Command::Signup {
            user: "bob".into(),
            password: "pw".into(),
            emails: vec![]
        }
    );
    assert_eq!(
        error("signup bob"),
        "missing PASSWORD: write `signup USERID PASSWORD [EMAIL...]`"
    );
    // The service checks addresses, with one wording for every world.
    assert_eq!(
        one("signup bob pw not-an-address").command,
        Command::Signup {
            user: "bob".into(),
            password: "pw".into(),
            emails: vec!["not-an-address".into()]
        }
    );
    assert!(error("signup b@d pw").starts_with("not a user name: b@d"));
}

#[test]
fn change_password_and_address() {
    let r = one("change password alice old new");
    assert_eq!(r.actor, claimed("alice", "old"));
    assert_eq!(
        r.command,
        Command::ChangePassword {
            new_password: "new".into()
        }
    );
    let r = one("Change Address alice pw a@b.org c@d.org");
    assert_eq!(r.actor, claimed("alice", "pw"));
    assert_eq!(
        r.command,
        Command::ChangeAddress {
            emails: vec!["a@b.org".into(), "c@d.org".into()]
        }
    );
    assert!(error("change address alice pw").starts_with("missing EMAIL"));
    assert!(error("change password alice old new extra").starts_with("too many words after `new`"));
    assert!(error("change colour alice").starts_with("change: write"));
    assert!(error("change").starts_with("change: write `change password or address"));
}

#[test]
fn signoff_vacation_help() {
    let r = one("signoff alice pw");
    assert_eq!(
        (r.actor, r.command),
        (claimed("alice", "pw"), Command::Signoff)
    );
    assert_eq!(one("delete alice pw").command, Command::Signoff);
    assert_eq!(
        one("vacation alice pw ON").command,
        Command::Vacation { on: true }
    );
    assert_eq!(
        one("vacation alice pw off").command,
        Command::Vacation { on: false }
    );
    assert_eq!(
        error("vacation alice pw maybe"),
        "vacation: write on or off, not maybe"
    );
    assert_eq!(
        one("help").command,
        Command::Help {
            topic: None,
            world: World::Mail
        }
    );
    assert_eq!(
        one("help Dice").command,
        Command::Help {
            topic: Some("dice".into()),
            world: World::Mail
        }
    );
    let r = one("bochess help");
    assert_eq!(r.game_word.as_deref(), Some("bochess"));
    assert_eq!(
        r.command,
        Command::Help {
            topic: Some("bochess".into()),
            world: World::Mail
        }
    );
}

#[test]
fn challenge_with_params_options_and_abbreviation() {
    let r = one("Bochess challenge Alice bob -handicap --nagtime=4");
    assert_eq!(r.game_word.as_deref(), Some("bochess"));
    assert_eq!(r.actor, Actor::Anonymous);
    assert_eq!(
        r.command,
        Command::Challenge {
            variant: "bochess".into(),
            players: vec!["alice".into(), "bob".into()],
            options: vec![
                GameOption {
                    name: "handicap".into(),
                    value: None
                },
                GameOption {
                    name: "nagtime".into(),
                    value: Some("4".into())
                },
            ],
        }
    );
    assert!(matches!(
        one("chess chall a b").command,
        Command::Challenge { .. }
    ));
    assert!(matches!(
        one("chess CHALLEN a b").command,
        Command::Challenge { .. }
    ));
    assert_eq!(
        error("chess chal a b"),
        "chess chal: no such command (send `help` for the list)"
    );
    assert!(error("chess challenge").starts_with("missing USERID"));
    assert!(error("chess challenge a b --x=").starts_with("not a game option: --x="));
}

#[test]
fn moves_with_aliases_guards_and_several_words() {
    let r = one("bochess move 42 Alice secret e2-e4#17");
    assert_eq!(r.actor, claimed("alice", "secret"));
    assert_eq!(
        r.command,
        Command::Move {
            game: GameId(42),
            turn: "e2-e4".into(),
            expect: Some(17)
        }
    );
    for verb in ["board", "MVOE", "Move"] {
        let r = one(&format!("chess {verb} game7 bob pw Nf3"));
        assert_eq!(
            r.command,
            Command::Move {
                game: GameId(7),
                turn: "Nf3".into(),
                expect: None
            }
        );
    }
    let r = one("orwell move 3 bob pw c3-d4, pass #5");
    assert_eq!(
        r.command,
        Command::Move {
            game: GameId(3),
            turn: "c3-d4, pass".into(),
            expect: Some(5)
        }
    );
    let r = one("chess move 3 bob pw Qh7#");
    assert_eq!(
        r.command,
        Command::Move {
            game: GameId(3),
            turn: "Qh7#".into(),
            expect: None
        }
    );
    let r = one("chess move 3 bob pw Qh7##9");
    assert_eq!(
        r.command,
        Command::Move {
            game: GameId(3),
            turn: "Qh7#".into(),
            expect: Some(9)
        }
    );
    assert_eq!(error("chess move 3 bob pw e4#x1"), "not a move number: #x1");
    assert!(error("chess move 3 bob pw").starts_with("missing TURN"));
    assert!(error("chess move 3 bob").starts_with("missing PASSWORD"));
    assert_eq!(error("chess move x bob pw e4"), "not a board number: x");
}

#[test]
fn draw_votes_and_resignation_through_move() {
    let draw = |line: &str| one(line).command;
    assert_eq!(
        draw("chess move 4 a p propose"),
        Command::Draw {
            game: GameId(4),
            action: DrawAction::Offer
        }
    );
    // accept and reject answer whatever stands: a draw offer or a takeback.
    assert_eq!(
        draw("chess move 4 a p Accept"),
        Command::Answer {
            game: GameId(4),
            accept: true
        }
    );
    assert_eq!(
        draw("chess move 4 a p reject#3"),
        Command::Answer {
            game: GameId(4),
            accept: false
        }
    );
    assert_eq!(
        draw("chess move 4 a p undo"),
        Command::Undo {
            game: GameId(4),
            action: DrawAction::Offer
        }
    );
    assert_eq!(
        draw("chess move 4 a p resign"),
        Command::Resign { game: GameId(4) }
    );
    let r = one("chess resign 4 a p");
    assert_eq!(
        (r.actor, r.command),
        (claimed("a", "p"), Command::Resign { game: GameId(4) })
    );
    assert!(error("chess resign 4 a p now").starts_with("too many words after `p`"));
}

#[test]
fn roll_history_show_games() {
    assert_eq!(
        one("orwell roll 9").command,
        Command::Roll { game: GameId(9) }
    );
    assert_eq!(
        one("chess history 9").command,
        Command::History { game: GameId(9) }
    );
    let shows = parse("chess show board 9#3 10").unwrap();
    let commands: Vec<_> = shows.into_iter().map(|r| r.command).collect();
    assert_eq!(
        commands,
        vec![
            Command::Show {
                game: GameId(9),
                at: Some(3)
            },
            Command::Show {
                game: GameId(10),
                at: None
            }
        ]
    );
    assert_eq!(
        one("chess show alice next").command,
        Command::ShowBoards {
            users: vec!["alice".into()],
            filter: GamesFilter::Next,
            variant: Some("chess".into())
        }
    );
    assert_eq!(
        one("chess games").command,
        Command::Games {
            users: vec![],
            filter: GamesFilter::Active,
            variant: Some("chess".into())
        }
    );
    assert_eq!(
        one("chess games Alice bob ALL").command,
        Command::Games {
            users: vec!["alice".into(), "bob".into()],
            filter: GamesFilter::All,
            variant: Some("chess".into())
        }
    );
    assert!(error("chess show").starts_with("missing BOARD"));
    assert!(error("chess roll").starts_with("missing BOARD"));
    assert!(error("chess roll 1 2").starts_with("too many words after `1`"));
}

#[test]
fn comment_markers_and_empty_lines() {
    assert_eq!(
        one("chess show 5 **").command,
        Command::Show {
            game: GameId(5),
            at: None
        }
    );
    assert_eq!(error(""), "empty command: write a command such as `help`");
    assert_eq!(
        error("  ** "),
        "empty command: write a command such as `help`"
    );
    assert_eq!(
        error("chess"),
        "unknown command: chess (send `help` for the list)"
    );
    assert_eq!(
        error("chess frob 1"),
        "chess frob: no such command (send `help` for the list)"
    );
    assert_eq!(
        error("42 move"),
        "unknown command: 42 (send `help` for the list)"
    );
}

#[test]
fn errors_are_one_line_and_short() {
    let long = format!("chess move {} a b c", "9".repeat(80));
    let message = error(&long);
    assert!(message.len() < 120, "{message}");
    assert!(!error("signup \u{7}bad pw").contains('\u{7}'));
}

proptest! {
    #[test]
    fn arbitrary_lines_never_panic(line in any::<String>()) {
        if let Err(e) = parse(&line) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }

    #[test]
    fn word_salad_never_panics(words in proptest::collection::vec(
        prop_oneof![
            Just("chess".to_string()), Just("move".to_string()), Just("show".to_string()),
            Just("#".to_string()), Just("**".to_string()), Just("12#3".to_string()),
            Just("--x=1".to_string()), Just("-".to_string()), Just("games".to_string()),
            Just("change".to_string()), "[a-z0-9#@.-]{0,6}",
        ],
        0..8,
    )) {
        let _ = parse(&words.join(" "));
    }
}

#[test]
fn a_reply_to_an_error_mail_moves_like_a_reply_to_a_board_mail() {
    for line in [
        "Bochess Board 42 Error bob pw e2-e4#3",
        "Bochess Board 42 bob pw e2-e4#3",
    ] {
        let r = one(line);
        assert_eq!(r.actor, claimed("bob", "pw"), "{line}");
        assert_eq!(
            r.command,
            Command::Move {
                game: GameId(42),
                turn: "e2-e4".into(),
                expect: Some(3),
            },
            "{line}"
        );
    }
}

#[test]
fn queue_submit_and_confirm_for_a_board() {
    let r = one("chess queue 4 bob pw e7-e5#2");
    assert_eq!(
        (r.actor, r.command),
        (
            claimed("bob", "pw"),
            Command::Queue {
                game: GameId(4),
                turn: "e7-e5".into(),
                expect: Some(2),
            }
        )
    );
    assert_eq!(
        one("chess que 4 bob pw CLEAR").command,
        Command::ClearQueue { game: GameId(4) }
    );
    assert_eq!(
        one("chess submit 4 alice pw e2-e4").command,
        Command::Submit {
            game: GameId(4),
            turn: "e2-e4".into(),
            expect: None,
        }
    );
    // With a game word and a board, confirm plays a submission; without,
    // it confirms an address.
    assert_eq!(
        one("chess confirm 4 alice pw").command,
        Command::ConfirmSubmission { game: GameId(4) }
    );
    assert_eq!(
        one("confirm alice 0123abcd").command,
        Command::Confirm {
            user: "alice".into(),
            code: "0123abcd".into(),
        }
    );
}

/// One line names at most 20 boards and 20 players (each player once):
/// a line of thousands is refused whole, in one line (issue 48).
#[test]
fn a_line_of_thousands_of_boards_or_players_is_refused_in_one_line() {
    let boards = format!("chess show {}", "1 ".repeat(21));
    assert_eq!(
        parse(&boards).unwrap_err(),
        LanguageError::TooManyBoards { named: 21, max: 20 }
    );
    assert_eq!(
        parse(&format!("chess show {}", "1 ".repeat(20)))
            .unwrap()
            .len(),
        20
    );
    assert_eq!(
        one(&format!("chess show {}", "alice bob ".repeat(5_000))).command,
        Command::ShowBoards {
            users: vec!["alice".into(), "bob".into()],
            filter: GamesFilter::Active,
            variant: Some("chess".into())
        }
    );
    let many: Vec<String> = (0..21).map(|n| format!("p{n}")).collect();
    assert_eq!(
        parse(&format!("chess games {}", many.join(" "))).unwrap_err(),
        LanguageError::TooManyUsers { max: 20 }
    );
}
