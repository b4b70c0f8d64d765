//! Notation, the board drawing after moves, the stored position text and
//! the help page.

use boserv::rules::find_variant;

use super::{canonical, check, play, play_all, refusal, setup, start, turns};

#[test]
fn corner_squares_are_names_like_any_other() {
    let p = start();
    for input in ["Nz1-b3", "NZ1-B3", "nz1b3", "z1-b3", "Nb3", "Nz1b3"] {
        assert_eq!(canonical(p.as_ref(), input), "Nz1-b3", "{input}");
    }
    assert_eq!(
        refusal(p.as_ref(), "Nz5-b3"),
        "Nz5-b3: cannot read this move (no square z5)"
    );
}

#[test]
fn long_and_short_forms_are_read_and_echoed_long() {
    let p = start();
    for (input, out) in [
        ("e2-e6", "e2-e6"),
        ("e2e6", "e2-e6"),
        ("E2-E6", "e2-e6"),
        ("Pe2-e6", "e2-e6"),
        ("e6", "e2-e6"),
        ("Ja1-d4", "Ja1-d4"),
        ("Jd4", "Ja1-d4"),
        ("Gc4", "Gd1-c4"),
        ("Gd1-c4+", "Gd1-c4"),
    ] {
        assert_eq!(canonical(p.as_ref(), input), out, "{input}");
    }
    let p = setup("Ka1 kl12 Pe4 pd5 Mb2 nf6", "w - - 0 1");
    assert_eq!(canonical(p.as_ref(), "exd5"), "e4xd5");
    assert_eq!(canonical(p.as_ref(), "Mxf6"), "Mb2xf6");
}

#[test]
fn refusals_say_what_is_wrong() {
    let p = start();
    check(
        p.as_ref(),
        &[],
        &[
            ("Qa1-a4", "the piece on a1 is a Jumper, not Q"),
            ("e11-e10", "the pawn on e11 is Black's"),
            ("Ja1-b1", "b1 holds your own Rook"),
            ("e3-e4", "there is no piece on e3"),
            ("Kg1-j1", "castling: h1 is not empty"),
            ("Nd4", "no N can go to d4"),
            ("Mc1-c5", "the path is blocked at c2"),
        ],
    );
    let p = setup("Ka1 kk12 Ra5 Rl5", "w - - 0 1");
    assert_eq!(
        refusal(p.as_ref(), "Rf5"),
        "Rf5 is ambiguous: it could be Ra5-f5 or Rl5-f5"
    );
    assert_eq!(canonical(p.as_ref(), "Raf5"), "Ra5-f5");
}

#[test]
fn start_diagram_matches_the_help_page() {
    // tests/data/bochess/start-diagram.txt holds the diagram lines (Z4 to Z1)
    // of the pbmserv help page, shared/seeds/big-outer-chess.txt, with the
    // page's uniform indentation and trailing spaces removed.
    let want: Vec<&str> = include_str!("../data/bochess/start-diagram.txt")
        .lines()
        .filter(|l| !l.starts_with("# "))
        .collect();
    let text = start().render();
    let got: Vec<&str> = text.lines().take(want.len()).collect();
    assert_eq!(got.join("\n"), want.join("\n"));
    // Below it: a blank line and whose turn it is.
    assert_eq!(
        text.lines().skip(want.len()).collect::<Vec<_>>(),
        ["", "White to move"]
    );
}

#[test]
fn later_boards_keep_the_frame_and_say_whose_turn() {
    let before = start().render();
    let p = play(start().as_ref(), "e2-e6");
    let after = p.render();
    let board = |text: &str| -> Vec<String> {
        text.lines()
            .take_while(|l| !l.is_empty())
            .map(String::from)
            .collect()
    };
    let (b, a) = (board(&before), board(&after));
    assert_eq!(b.len(), a.len());
    let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    // Only the lines of rank 6 and rank 2.
    assert_eq!(changed.len(), 2, "{after}");
    assert!(
        after.contains("  6 |   |:::|   |:::| P |:::|   |:::|   |:::|   |:::| 6"),
        "{after}"
    );
    assert!(
        after.contains("  2 | P |:P:| P |:P:|   |:P:| P |:P:| P |:P:| P |:P:| 2"),
        "{after}"
    );
    assert!(
        after.ends_with("Black to move\nLast move: e2-e6\n"),
        "{after}"
    );
    assert!(before.ends_with("\nWhite to move\n"), "{before}");
}

#[test]
fn the_stored_text_rebuilds_the_position() {
    let variant = find_variant("bochess").unwrap();
    let shuffle = "Nz1-b3 Nz4-b10 Nb3-z1 Nb10-z4";
    let p = play_all(start().as_ref(), &format!("e2-e6 e11-e7 {shuffle}"));
    let q = variant.decode(&[], &p.encode()).unwrap();
    assert_eq!(q.encode(), p.encode());
    assert_eq!(q.render(), p.render());
    assert_eq!(turns(q.as_ref()), turns(p.as_ref()));
    // The repetition history came along: one more cycle makes the third time.
    let q = play_all(q.as_ref(), shuffle);
    assert_eq!(
        q.outcome().map(|o| o.reason()),
        Some("threefold repetition".to_string())
    );
    // An en passant chance survives too.
    let p = play_all(start().as_ref(), "e2-e3 d11-d7 e3-e4 d7-d6 e4-e6");
    let q = variant.decode(&[], &p.encode()).unwrap();
    check(q.as_ref(), &["d6xe5"], &[]);
    assert!(variant.decode(&[], "nonsense").is_err());
}

#[test]
fn variant_facts_and_help() {
    let v = find_variant("BOCHESS").unwrap();
    assert_eq!(
        (v.name(), v.title(), v.seats()),
        ("bochess", "Bochess", &["White", "Black"][..])
    );
    let help = v.help();
    for needle in [
        "z1",
        "e5-h8",
        "c3-j10",
        "Kg1-j1",
        "O-O",
        "e11-e12=M",
        "(n)jrmgbqkbgmrj(n)",
        "Matriarch",
        "En passant",
    ] {
        assert!(help.contains(needle), "help lacks {needle}");
    }
    // In our own words, not the seed's.
    assert!(!help.contains("Welcome to the network B.O. Chess server"));
    assert!(!help.contains("The Guard (G,*G*) takes the place of the ordinary knight"));
    let opt = boserv::rules::GameOption {
        name: "wrap".into(),
        value: None,
    };
    assert_eq!(
        v.start(&[opt]).unwrap_err().to_string(),
        "unknown option for bochess: wrap"
    );
}
