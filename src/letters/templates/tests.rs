//! Every template renders with sample data; a typo is an error.

use super::*;
use crate::letters::ratings::{PlayerRating, RatingsLetter};
use crate::letters::*;

const DIAGRAM: &str = "  +---+---+\n2 | k |   |\n1 |   | K |\n  +---+---+\n    a   b";

fn board() -> BoardLetter {
    BoardLetter {
        title: "Bochess".into(),
        name: "Big Outer Chess".into(),
        variant: "bochess".into(),
        board: 42,
        players: vec!["alice".into(), "bob".into()],
        sides: vec!["alice (White)".into(), "bob (Black)".into()],
        reader: "bob".into(),
        your_turn: true,
        answer: Some("bochess move 42 bob PASSWORD MOVE#13".into()),
        deadline: Some("Mon 14 Dec 2026 13:00 UTC".into()),
        ply: 12,
        move_now: "6...".into(),
        move_last: "6".into(),
        to_move: Some("bob".into()),
        moves: vec!["5. Nf3 Nc6".into(), "6. Bb5".into()],
        diagram: DIAGRAM.into(),
        comments: vec![Comment {
            author: "alice".into(),
            text: "Your move!\n\nGood luck.".into(),
        }],
        ratings: RatingsLetter {
            rated: true,
            players: vec![rated("alice", 1712, false), rated("bob", 1500, true)],
        },
        ..BoardLetter::default()
    }
}

fn rated(userid: &str, rating: i64, provisional: bool) -> PlayerRating {
    PlayerRating {
        userid: userid.into(),
        rating,
        provisional,
        after: None,
        after_provisional: false,
    }
}

fn render(name: &str, context: impl Serialize) -> String {
    let mail = Templates::built_in()
        .render(name, context)
        .unwrap_or_else(|e| panic!("{e}"));
    format!("Subject: {}\n\n{}", mail.subject, mail.parts.text)
}

#[test]
fn board_mail() {
    let text = render("board.txt", board());
    assert!(
        text.starts_with("Subject: Bochess Board 42 bob **\n"),
        "{text}"
    );
    insta::assert_snapshot!(text);
    let quiet = BoardLetter {
        comments: vec![],
        ..board()
    };
    assert!(render("board.txt", quiet.clone()).starts_with("Subject: Bochess Board 42 bob\n"));
    assert!(!render("board.txt", quiet).contains("The **"));
}

/// The Subject's `**` is said in the body where it appears; so is a move
/// list that starts after move 1.
#[test]
fn a_board_mail_explains_its_marks() {
    let text = render("board.txt", board());
    assert!(
        text.contains("(The ** in the Subject: words from alice follow.)"),
        "{text}"
    );
    let over = render("game_over.txt", board());
    assert!(
        over.contains("(The ** in the Subject: words from alice follow.)"),
        "{over}"
    );
    assert!(!text.contains("moves 1-"), "{text}");
    let cut = BoardLetter {
        moves_cut_before: Some(4),
        ..board()
    };
    let text = render("board.txt", cut);
    assert!(
        text.contains("Moves:\n(moves 1-4: see history, Subject `bochess history 42`)\n5. Nf3 Nc6"),
        "{text}"
    );
}

#[test]
fn new_game_mail_with_dice() {
    let letter = BoardLetter {
        ply: 0,
        move_now: "1".into(),
        to_move: Some("alice".into()),
        moves: vec![],
        commitment: Some("ab".repeat(32)),
        comments: vec![Comment {
            author: "carol".into(),
            text: "Have fun.".into(),
        }],
        ..board()
    };
    insta::assert_snapshot!(render("new_game.txt", letter));
}

#[test]
fn game_over_mails() {
    let won = BoardLetter {
        to_move: None,
        winner: Some("alice".into()),
        reason: Some("checkmate".into()),
        result: Some("1-0".into()),
        seed: Some("cd".repeat(32)),
        comments: vec![],
        ratings: RatingsLetter {
            rated: true,
            players: vec![
                PlayerRating {
                    after: Some(1718),
                    ..rated("alice", 1712, false)
                },
                PlayerRating {
                    after: Some(1471),
                    after_provisional: true,
                    ..rated("bob", 1500, true)
                },
            ],
        },
        ..board()
    };
    let text = render("game_over.txt", won.clone());
    assert!(text.contains("Game won by alice (checkmate).\n"), "{text}");
    assert!(
        text.contains("Rated game: alice 1712 → 1718, bob 1500? → 1471?.\n"),
        "{text}"
    );
    let unrated = BoardLetter {
        ratings: RatingsLetter::default(),
        ..won.clone()
    };
    assert!(render("game_over.txt", unrated).contains("\nUnrated game.\n"));
    insta::assert_snapshot!(text);
    let drawn = BoardLetter {
        winner: None,
        drawn: true,
        reason: Some("stalemate".into()),
        result: Some("1/2-1/2".into()),
        seed: None,
        ..won
    };
    assert!(render("game_over.txt", drawn).contains("The game is drawn (stalemate).\n"));
}

#[test]
fn error_mails_with_and_without_a_board() {
    let original = quoted_original(
        b"From: bob@example.org\r\nSubject: bochess move 42 bob pw e2-e5\r\n\r\nhi\r\n",
        100,
    );
    let with_board = ErrorLetter {
        title: Some("Bochess".into()),
        name: Some("Big Outer Chess".into()),
        board: Some(42),
        instead: Some("bochess move 42 bob PASSWORD MOVE#13".into()),
        reply: None,
        reply_here: false,
        roll: None,
        reason: "e2-e5: a pawn moves one or two squares from its first rank".into(),
        diagram: Some(DIAGRAM.into()),
        original: original.clone(),
    };
    let text = render("error.txt", with_board.clone());
    assert!(
        text.starts_with("Subject: Bochess Board 42 Error\n"),
        "{text}"
    );
    insta::assert_snapshot!(text);
    // A reply to a board mail is told to reply again, the password form
    // second; a command without a password never asks for one.
    let by_reply = render(
        "error.txt",
        ErrorLetter {
            reply: Some("MOVE#13".into()),
            ..with_board.clone()
        },
    );
    let (first, second) = (
        by_reply.find("reply to your board mail").unwrap(),
        by_reply.find("PASSWORD").unwrap(),
    );
    assert!(first < second, "{by_reply}");
    assert!(by_reply.contains("\n  MOVE#13\n"), "{by_reply}");
    // A letter with a Reply-To token of its own is answered directly.
    let here = render(
        "error.txt",
        ErrorLetter {
            reply: Some("MOVE#13".into()),
            reply_here: true,
            ..with_board.clone()
        },
    );
    let joined = here.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        joined.contains(
            "Reply to this mail (no password needed) with your move alone on the first line: MOVE#13 Or"
        ),
        "{here}"
    );
    assert!(!here.contains("board mail"), "{here}");
    let show = render(
        "error.txt",
        ErrorLetter {
            instead: Some("bochess show 42".into()),
            ..with_board.clone()
        },
    );
    assert!(!show.contains("password"), "{show}");
    let bare = ErrorLetter {
        reason: "unknown command: frob".into(),
        original,
        ..ErrorLetter::default()
    };
    let text = render("error.txt", bare);
    assert!(text.starts_with("Subject: boserv Error\n"), "{text}");
    assert!(
        text.contains("\n> Subject: bochess move 42 bob pw e2-e5\n"),
        "{text}"
    );
}

#[test]
fn help_reply_and_nag_mails() {
    let help = render(
        "help.txt",
        HelpLetter {
            topic: Some("dice".into()),
            text: "How dice work.".into(),
        },
    );
    assert!(help.starts_with("Subject: boserv help: dice\n"), "{help}");
    let reply = render(
        "reply.txt",
        ReplyLetter {
            request: "chess games".into(),
            text: "no games".into(),
        },
    );
    assert_eq!(reply, "Subject: Re: chess games\n\nno games\n");
    let welcome = render(
        "welcome.txt",
        WelcomeLetter {
            userid: "carol".into(),
            addresses: vec!["carol@example.org".into(), "c@example.net".into()],
            games: vec![
                "chess      Chess (White, Black)".into(),
                "orwell     Orwell Chess (White, Red, Black, dice)".into(),
            ],
        },
    );
    assert!(
        welcome.starts_with("Subject: Welcome, carol\n"),
        "{welcome}"
    );
    insta::assert_snapshot!("welcome_mail", welcome);
    let nag = NagLetter {
        board: BoardLetter {
            comments: vec![],
            ..board()
        },
        days_waited: 8,
        forfeit_at: "Sun 6 Dec 2026 13:00 UTC".into(),
        left: Some("13 days 00:00:00".into()),
        draw_offered_by: vec![],
    };
    let text = render("nag.txt", nag.clone());
    assert!(
        text.starts_with("Subject: Nag: Bochess Board 42 bob\n"),
        "{text}"
    );
    let flowing = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flowing.contains("If no move arrives by Sun 6 Dec 2026 13:00 UTC (13 days 00:00:00 from now), the game is forfeited."),
        "{text}"
    );
    insta::assert_snapshot!(text);
    // A draw offer the reader has not answered, which everyone else
    // agrees to, is accepted by their silence at the deadline.
    let offered = render(
        "nag.txt",
        NagLetter {
            board: BoardLetter {
                draw_offered_by: vec!["alice".into()],
                silence_accepts: true,
                ..nag.board.clone()
            },
            draw_offered_by: vec!["alice".into()],
            ..nag.clone()
        },
    );
    assert!(!offered.contains("forfeited"), "{offered}");
    assert!(offered.contains("your silence accepts it"), "{offered}");
    insta::assert_snapshot!("nag_with_a_draw_offer", offered);
    // The reader's own offer does not stop their clock.
    let own = render(
        "nag.txt",
        NagLetter {
            draw_offered_by: vec!["bob".into()],
            ..nag
        },
    );
    let flowing = own.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flowing.contains("it does not stop your clock. If no move arrives by Sun 6 Dec 2026 13:00 UTC (13 days 00:00:00 from now), the game is forfeited."),
        "{own}"
    );
}

#[test]
fn an_unknown_variable_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("help.txt"),
        "Subject: help\n\n{{ nonsense }}\n",
    )
    .unwrap();
    let templates = Templates::with_dir(dir.path());
    let error = templates
        .render(
            "help.txt",
            HelpLetter {
                topic: None,
                text: "x".into(),
            },
        )
        .unwrap_err();
    assert!(
        error.to_string().starts_with("template help.txt:"),
        "{error}"
    );
    // Templates the directory lacks come from the built-in set.
    assert!(
        templates
            .render(
                "reply.txt",
                ReplyLetter {
                    request: "r".into(),
                    text: "t".into()
                }
            )
            .is_ok()
    );
}

#[test]
fn an_operator_template_replaces_the_built_in_one() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("reply.txt"),
        "Subject: Answer to {{ request }}\n\n{{ text | upper }}\n",
    )
    .unwrap();
    let mail = Templates::with_dir(dir.path())
        .render(
            "reply.txt",
            ReplyLetter {
                request: "help".into(),
                text: "ok".into(),
            },
        )
        .unwrap();
    assert_eq!(
        (mail.subject.as_str(), mail.parts.text.as_str()),
        ("Answer to help", "OK\n")
    );
    let broken = Templates::with_dir(dir.path());
    std::fs::write(dir.path().join("help.txt"), "no subject line\n").unwrap();
    assert!(matches!(
        broken.render(
            "help.txt",
            HelpLetter {
                topic: None,
                text: String::new()
            }
        ),
        Err(TemplateError::NoSubject(_))
    ));
}

#[test]
fn board_mail_with_a_takeback_to_answer_and_the_clock() {
    let letter = BoardLetter {
        comments: vec![],
        takeback_by: vec!["alice".into()],
        takeback_waiting_for: vec!["bob".into()],
        takeback_yours: true,
        clock: Some(ClockLetter {
            started: "Thu 1 Jan 2026 00:00 UTC".into(),
            last_move: Some("Mon 14 Dec 2026 13:00 UTC".into()),
            now: Some("Tue 15 Dec 2026 09:30 UTC".into()),
            ended: None,
            nag_days: 3,
            forfeit_days: 10,
            total_days: Some(30),
            control: None,
            banks: vec![],
            used: vec![
                ("alice (White)".into(), "2 days 03:04:05".into()),
                ("bob (Black)".into(), "1 day 00:00:10".into()),
            ],
            total: "3 days 03:04:15".into(),
            instants: Default::default(),
        }),
        ..board()
    };
    let text = render("board.txt", letter);
    assert!(
        text.contains("  bochess move 42 bob PASSWORD accept\n"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

/// A board letter with a picture is rendered once, the text part spliced
/// ([`super::super::html::part`]): its text is what rendering the board
/// in gives, for every board template, and for an operator's template
/// the splice cannot follow (the board filtered, or first in the body).
/// Queued, the HTML part kept as data draws the same part.
#[test]
fn one_render_makes_the_same_text_as_rendering_the_board_in() {
    let start = crate::rules::find_variant("chess")
        .unwrap()
        .start(&[])
        .unwrap();
    let html_board = crate::letters::html::later::HtmlBoard {
        variant: "chess".into(),
        position: start.encode(),
        seat: 1,
        ..Default::default()
    };
    let board = BoardLetter {
        html_board: Some(html_board),
        ..board()
    };
    let nag = NagLetter {
        board: board.clone(),
        days_waited: 8,
        forfeit_at: "Sun 6 Dec 2026 13:00 UTC".into(),
        left: Some("13 days 00:00:00".into()),
        draw_offered_by: vec![],
    };
    let letters = [
        Letter::NewGame(board.clone()),
        Letter::Board(board.clone()),
        Letter::GameOver(board.clone()),
        Letter::Nag(nag.clone()),
    ];
    let dir = tempfile::tempdir().unwrap();
    let operator = Templates::with_dir(dir.path());
    for (name, text) in [
        (
            "board.txt",
            "Subject: b\n\nBoard:\n{{ diagram | upper }}\nend\n",
        ),
        ("game_over.txt", "Subject: o\n\n{{ diagram }}\nend\n"),
        ("nag.txt", "Subject: n\n\nx {{ diagram }}\nend\n"),
    ] {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    for templates in [Templates::built_in(), operator] {
        for letter in &letters {
            let whole = match letter {
                Letter::Nag(l) => templates.render(letter.template(), l),
                Letter::NewGame(l) | Letter::Board(l) | Letter::GameOver(l) => {
                    templates.render(letter.template(), l)
                }
                _ => unreachable!(),
            }
            .unwrap();
            let mail = templates.letter(letter).unwrap();
            assert_eq!(mail.subject, whole.subject, "{}", letter.template());
            assert_eq!(mail.parts.text, whole.parts.text, "{}", letter.template());
            assert!(
                mail.parts.text.contains("  +---+---+"),
                "{}",
                mail.parts.text
            );
            let html = mail.parts.html.expect("a board with a picture");
            assert_eq!(html.matches("data-square=").count(), 64);
            let (queued, later) = templates.letter_to_queue(letter).unwrap();
            assert_eq!(queued.parts.text, whole.parts.text);
            let drawn = match (queued.parts.html, later) {
                (Some(now), None) => now,
                (None, Some(later)) => later.draw(&queued.subject, &queued.parts.text).unwrap(),
                other => panic!("{}: {other:?}", letter.template()),
            };
            assert_eq!(drawn, html, "{}", letter.template());
        }
    }
}
