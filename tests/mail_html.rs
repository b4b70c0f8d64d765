//! Board mails with an HTML part (issues 28 and 44): for every game, a
//! board mail after one turn carries the board as an HTML table, a cell
//! per square, the reader's side at the bottom, everything needed inline,
//! a caption, header cells and every piece named; the part is snapshotted
//! per game. A delivered board mail is multipart/alternative, text first.
//! `board list|picture|both` chooses what a player's mails show.

use boserv::rules::VARIANTS;
use mail_parser::MimeHeaders;

use crate::util::Env;

/// A fixed dice seed for Orwell.
const SEED: &str = "00000000000000000000000000000000000000000000000000000000000000a1";

/// The HTML part of the last mail queued for `user` (kept as the data
/// that draws it, drawn as `deliver` reads it).
fn last_html(env: &Env, user: &str) -> Option<String> {
    last_draft(env, user).html
}

/// The last mail queued for `user`.
fn last_draft(env: &Env, user: &str) -> boserv::mail::outbox::Draft {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let id: i64 = conn
        .query_row(
            "SELECT id FROM outbox WHERE recipients LIKE ?1 ORDER BY id DESC LIMIT 1",
            [format!("%\"{user}@example.test\"%")],
            |r| r.get(0),
        )
        .unwrap();
    boserv::mail::outbox::get(&conn, id).unwrap().unwrap().draft
}

/// A game of `variant` after its first turn (Orwell: the turns until a
/// seat has moved); returns the game.
fn after_one_turn(env: &Env, variant: &str) -> String {
    if variant == "orwell" {
        let game = crate::orwell_cli::start(env, SEED);
        crate::orwell_cli::play_one(env, &game);
        return game;
    }
    env.signup(&["alice", "bob"]);
    let game = env.challenge(variant, "alice", "bob");
    let moves = env.ok(None, &["moves", variant]);
    let first = moves.lines().next().expect("a legal first turn");
    env.ok(Some("alice"), &["move", &game, &format!("{first}#1")]);
    game
}

#[test]
fn every_games_board_mail_has_an_html_board_with_a_cell_per_square() {
    for variant in VARIANTS.iter() {
        let name = variant.name();
        let env = Env::new();
        after_one_turn(&env, name);
        let html = last_html(&env, "bob").unwrap_or_else(|| panic!("{name}: no HTML part"));
        let squares = variant
            .start(&[])
            .unwrap()
            .picture(0)
            .unwrap()
            .squares
            .len();
        let seed = boserv::rules::SEEDS.iter().any(|s| s.name() == name);
        let want = match name {
            "bochess" => 148,
            "orwell" => 84,
            _ if seed => 64,
            // A game defined as data: its own board (Capablanca's 10x8).
            _ => squares,
        };
        assert_eq!(squares, want, "{name}");
        assert_eq!(html.matches("data-square=").count(), want, "{name}");
        for banned in ["<script", "<img", "<svg", "data:", "<link"] {
            assert!(!html.contains(banned), "{name}: {banned}");
        }
        // One style sheet, in the head (where Gmail keeps it); each square
        // keeps its size and colour in attributes and inline for the
        // clients that drop it, and no class is needed to draw the board.
        assert_eq!(html.matches("<style").count(), 1, "{name}");
        assert!(html.find("<style") < html.find("</head>"), "{name}");
        let style = &html[html.find("<style").unwrap()..html.find("</style>").unwrap()];
        assert!(style.contains("@media"), "{name}: the style only widens");
        assert!(
            !style.contains("td.q") && !style.contains("span.d"),
            "{name}"
        );
        assert_eq!(html.matches(" bgcolor=\"#").count(), want, "{name}");
        // Readable without sight: a caption, header cells, each piece
        // named by owner, piece and square, and the piece list.
        let picture = variant.start(&[]).unwrap().picture(0).unwrap();
        let armies = &picture.seats;
        assert!(html.contains("<caption"), "{name}");
        assert!(html.contains("<th scope=\"col\"") && html.contains("<th scope=\"row\""));
        let named = html
            .split("role=\"img\" aria-label=\"")
            .skip(1)
            .filter(|rest| {
                let label = &rest[..rest.find('"').unwrap()];
                armies.iter().any(|a| label.starts_with(&format!("{a} ")))
                    && label
                        .rsplit_once(", ")
                        .is_some_and(|(_, sq)| picture.spot(sq).is_some())
            })
            .count();
        // Every piece drawn is named (the board is the mail's, after the
        // first turns: Orwell's may have taken one piece of the start's).
        let at_start = picture.squares.iter().filter(|s| s.piece.is_some()).count();
        let taken = usize::from(name == "orwell");
        assert!(
            named + taken >= at_start,
            "{name}: {named} named of {at_start}"
        );
        for army in armies {
            assert!(html.contains(&format!("{army}: ")), "{name}: {army}'s list");
        }
        // The board first, then how to answer; the ASCII key left out.
        let board = html.find("<table").unwrap();
        assert!(!html.contains("*X* Black"), "{name}: the ASCII key");
        // (Orwell's mail to bob may tell of another seat's turn.)
        if let Some(answer) = html.find("reply to this mail") {
            assert!(board < answer, "{name}");
            assert!(html.contains("To move, reply to this mail with your move alone on the first line, no password needed"), "{name}: prose flows");
        } else {
            assert_eq!(name, "orwell", "{name}: how to answer");
        }
        // Orwell's turn to show may be a pass, which changes no square.
        if name != "orwell" {
            assert!(html.contains("data-last=\"1\""), "{name}: the last move");
        }
        // The letter's own words are in the HTML part too.
        assert!(
            html.contains("Board 1") || html.contains("board 1"),
            "{name}"
        );
        insta::assert_snapshot!(format!("html_{name}"), html);
    }
}

#[test]
fn bob_sees_the_chess_board_from_his_side_with_his_king_in_check() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "f7-f6", "Qd1-h5"]);
    let html = last_html(&env, "bob").unwrap();
    let first = html.find("data-square=\"").unwrap();
    assert_eq!(&html[first + 13..first + 15], "h1", "Black's view");
    assert!(
        html.contains("data-square=\"e8\" data-check=\"1\""),
        "the king in check"
    );
    assert!(html.contains("It is your turn, bob (move 2...)."));
    assert!(html.contains("MOVE#4"), "how to answer");
    let white = last_html(&env, "alice").unwrap();
    let first = white.find("data-square=\"").unwrap();
    assert_eq!(&white[first + 13..first + 15], "a8", "White's view");
    for square in ["d1", "h5"] {
        assert!(
            white.contains(&format!("data-square=\"{square}\" data-last=\"1\"")),
            "{square}"
        );
    }
}

#[test]
fn a_delivered_board_mail_is_multipart_alternative_text_first() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    // Queued, the HTML part is the data that draws it (a few hundred
    // bytes), not the part.
    let kept: Vec<i64> = env.query(
        "SELECT length(html_board) FROM outbox WHERE html IS NULL AND html_board IS NOT NULL",
    );
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert!(kept.iter().all(|&n| n < 1000), "{kept:?}");
    let dir = env.dir.path().join("sent");
    std::fs::create_dir(&dir).unwrap();
    env.ok(
        None,
        &["deliver", "--transport", &format!("file:{}", dir.display())],
    );
    let mut found = 0;
    for file in std::fs::read_dir(&dir).unwrap() {
        let raw = std::fs::read(file.unwrap().path()).unwrap();
        let message = mail_parser::MessageParser::default().parse(&raw).unwrap();
        let content_type = message.content_type().unwrap();
        if content_type.subtype() != Some("alternative") {
            continue;
        }
        found += 1;
        let text = message.body_text(0).unwrap();
        let html = message.body_html(0).unwrap();
        assert!(text.contains("A new game of Chess has begun"), "{text}");
        assert!(html.contains("data-square=\"e4\""), "{html}");
        assert!(html.contains("A new game of Chess has begun"), "{html}");
    }
    assert_eq!(found, 2, "one new-game mail to each player");
    // Once sent, only the text is kept.
    let kept: Vec<Option<String>> = env.query("SELECT coalesce(html, html_board) FROM outbox");
    assert!(kept.iter().all(Option::is_none), "{kept:?}");
}

#[test]
fn board_list_picture_or_both_chooses_what_a_players_mails_show() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    // Both by default: the ASCII board and the list, the table and the list.
    let both = last_draft(&env, "bob");
    assert!(both.body.contains("+---+") && both.body.contains("White: Ke1, Qd1, Ra1"));
    let html = both.html.unwrap();
    assert!(html.contains("<table") && html.contains("data-pieces"));
    let done = env.ok(Some("bob"), &["board", "list"]);
    assert!(done.contains("list of pieces"), "{done}");
    env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    let list = last_draft(&env, "bob");
    assert!(!list.body.contains("+---+"), "{}", list.body);
    assert!(
        list.body
            .contains("White: Ke1, Qd1, Ra1, Rh1, Bc1, Bf1, Nb1, Ng1, Pa2")
    );
    assert!(list.body.contains("Pe4"), "{}", list.body);
    let html = list.html.unwrap();
    assert!(
        !html.contains("<table") && html.contains("data-pieces"),
        "{html}"
    );
    // alice keeps both; `board picture` leaves the drawings alone.
    assert!(last_draft(&env, "alice").body.contains("+---+"));
    env.ok(Some("alice"), &["board", "picture"]);
    env.ok(Some("bob"), &["move", &game, "e7-e5#2"]);
    let picture = last_draft(&env, "alice");
    assert!(picture.body.contains("+---+") && !picture.body.contains("White: Ke1"));
    assert!(!picture.html.unwrap().contains("data-pieces"));
    // Anything else is refused and changes nothing.
    // (a line the verb table cannot read: a usage error, exit 2).
    let out = env
        .cmd(Some("bob"))
        .args(["board", "pictures"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("list, picture or both"), "{said}");
}
