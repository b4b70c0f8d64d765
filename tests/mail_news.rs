//! What a player must know, said in the mails they get (issue 23): who
//! declined a game and their words, no "had to pass" for a player who has
//! left, where a shortened move list starts, and how many commands a
//! `multiple` ran.

use boserv::rules::orwell::OrwellPosition;
use boserv::rules::orwell::pieces::{self, ORWELL};

use crate::orwell_cli::{cached, play_one, play_preferring, play_until_turn_of, start, to_move};
use crate::util::Env;

/// Every queued mail to `who` after the first `from` rows: (subject, body).
fn mails_to(env: &Env, who: &str, from: usize) -> Vec<(String, String)> {
    env.queued()
        .into_iter()
        .skip(from)
        .filter(|(to, _, _)| to.contains(who))
        .map(|(_, subject, body)| (subject, body))
        .collect()
}

#[test]
fn a_declined_challenge_names_who_declined_and_passes_their_words_on() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    let before = env.queued().len();
    env.mail(
        "From: bob@example.test\r\nMessage-ID: <decline1@example.test>\r\n\
         Subject: chess resign 1 bob secret\r\n\r\nSorry, no time for a game now.\r\n",
    );
    let mails = mails_to(&env, "alice", before);
    let (subject, body) = mails.last().expect("alice is told");
    assert!(subject.contains("over"), "{subject}");
    assert!(
        body.contains("bob declined to play this game: it is cancelled."),
        "{body}"
    );
    assert!(body.contains("Sorry, no time for a game now."), "{body}");
}

#[test]
fn a_player_who_left_is_not_said_to_have_to_pass() {
    let env = Env::new();
    let game = start(&env, &format!("{:064x}", 3));
    // bob moves once (resigning before that would decline the game), then
    // resigns on his turn: from then on the server passes his turns.
    play_until_turn_of(&env, &game, "bob");
    play_one(&env, &game);
    play_until_turn_of(&env, &game, "bob");
    env.ok(Some("bob"), &["resign", &game]);
    let before = env.queued().len();
    for _ in 0..4 {
        if env.json(&game)["status"] != "active" {
            break;
        }
        play_one(&env, &game);
    }
    let history = env.ok(None, &["history", &game]);
    let after = history.split("resigns").nth(1).unwrap();
    assert!(after.contains("bob          "), "{history}");
    assert!(after.contains("pass, pass (automatic)"), "{history}");
    for (_, body) in mails_to(&env, "alice", before) {
        assert!(!body.contains("bob had to pass"), "{body}");
    }
}

#[test]
fn a_shortened_move_list_says_where_it_starts() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    let turns = [
        "a2-a3", "a7-a6", "b2-b3", "b7-b6", "c2-c3", "c7-c6", "d2-d3", "d7-d6", "e2-e3", "e7-e6",
        "f2-f3", "f7-f6", "g2-g3", "g7-g6", "h2-h3",
    ];
    env.play(&game, ["alice", "bob"], 1, &turns);
    let (_, body) = env
        .queued()
        .into_iter()
        .rev()
        .find(|(to, _, _)| to.contains("bob"))
        .map(|(_, s, b)| (s, b))
        .unwrap();
    assert!(
        body.contains("Moves:\n(moves 1-2: see history, Subject `chess history 1`)\n"),
        "{body}"
    );
}

#[test]
fn a_multiple_counts_the_commands_answered_by_board_mails() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <multi1@example.test>\r\n\
         Subject: multiple\r\n\r\nchess move 1 alice secret e2-e4\r\n\
         chess move 1 alice secret d2-d4\r\nchess history 1\r\n",
    );
    let answers: Vec<(String, String)> = mails_to(&env, "alice", 0)
        .into_iter()
        .filter(|(subject, _)| subject.starts_with("boserv: answers"))
        .collect();
    let [(subject, body)] = answers.as_slice() else {
        panic!("one answer: {answers:?}");
    };
    assert_eq!(subject, "boserv: answers to your 3 commands");
    assert!(
        body.starts_with(
            "Your mail held 3 commands: 2 carried out, 1 refused.\n\
             One was answered by its board mail (sent separately)"
        ),
        "{body}"
    );
}

#[test]
fn an_orwell_capture_names_whose_piece_it_took() {
    let env = Env::new();
    let game = start(&env, &format!("{:064x}", 11));
    let players = ["alice", "bob", "carol"];
    // Play, taking whenever one can, until a turn takes a piece.
    let (mover, turn, victim) = (0..60)
        .find_map(|_| {
            let mover = to_move(&env, &game)?;
            let before = OrwellPosition::decode_text(&cached(&env, &game).encode()).unwrap();
            let line = play_preferring(&env, &game, |t| t.contains('x'));
            let turn = line.split_once(": ").unwrap().1.to_string();
            let first = turn
                .split(", ")
                .find(|step| step.contains('x'))?
                .to_string();
            // The first capture takes what stood on its target before the turn.
            let target = pieces::geometry()
                .parse(
                    first
                        .split('x')
                        .nth(1)?
                        .trim_end_matches(|c: char| !c.is_ascii_digit()),
                )
                .unwrap();
            let piece = before.piece_at(target).expect("a capture takes a piece");
            let victim = format!(
                "{first} took {}'s {}",
                players[piece.owner as usize], ORWELL.kinds[piece.kind as usize].name
            );
            Some((mover, turn, victim))
        })
        .expect("some turn takes a piece");
    let (_, body) = mails_to(&env, &mover, 0).pop().unwrap();
    let line = |start: &str| body.lines().find(|l| l.starts_with(start)).unwrap_or("");
    assert!(
        line(&format!("{mover} played ")).contains(&victim),
        "{turn}\n{body}"
    );
    assert!(line("Last move: ").contains(&victim), "{body}");
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains(&victim), "{history}");
}

#[test]
fn every_board_mail_says_how_to_write_a_turn_of_its_game() {
    for variant in boserv::rules::VARIANTS.iter() {
        let env = Env::new();
        let players: &[&str] = match variant.seats().len() {
            2 => &["alice", "bob"],
            _ => &["alice", "bob", "carol"],
        };
        env.signup(players);
        let mut args = vec!["challenge", variant.name()];
        args.extend_from_slice(players);
        env.ok(None, &args);
        let (_, body) = mails_to(&env, "bob", 0).pop().expect("bob is told");
        let block = variant.writing().trim_end();
        assert!(block.starts_with("To write a "), "{}", variant.name());
        assert!(body.contains(block), "{}: {body}", variant.name());
    }
}
