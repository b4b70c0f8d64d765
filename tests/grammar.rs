//! One grammar: the shell, `boserv run` and mail read the same verbs from
//! the one table, and `help` answers in the syntax of the world it was
//! asked from.

use crate::util::Env;

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/data/mail/verbs/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

fn started() -> (Env, String) {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    let game = env.challenge("chess", "alice", "bob");
    (env, game)
}

#[test]
fn help_commands_by_mail_shows_mail_syntax_only() {
    let (env, _) = started();
    env.mail(&fixture("help-commands.eml"));
    let (_, body) = env.last_mail_to("bob@example.test");
    assert!(
        body.contains("GAME move BOARD USERID PASSWORD TURN[#N]"),
        "{body}"
    );
    assert!(
        body.contains("GAME draw BOARD USERID PASSWORD offer|accept|decline"),
        "{body}"
    );
    for shell_only in ["--as", "boserv ", "perft", "deliver", "move GAME TURN"] {
        assert!(
            !body.contains(shell_only),
            "mail help shows `{shell_only}`: {body}"
        );
    }
    let shell = env.ok(None, &["help", "commands"]);
    assert!(shell.contains("move GAME TURN[#N]"), "{shell}");
    assert!(shell.contains("draw GAME offer|accept|decline"), "{shell}");
    assert!(!shell.contains("USERID PASSWORD TURN"), "{shell}");
    // `boserv run` speaks the mail language, so its help does too.
    let out = env.stdin(&["run"], b"help move\n");
    let run = String::from_utf8(out.stdout).unwrap();
    assert!(
        run.contains("GAME move BOARD USERID PASSWORD TURN[#N]"),
        "{run}"
    );
    assert!(!run.contains("boserv "), "{run}");
}

#[test]
fn the_draw_verb_works_by_mail_and_moves_words_in_the_shell() {
    let (env, game) = started();
    // The example: the shell's spelling by mail.
    env.mail(&fixture("draw-offer.eml"));
    let out = env.ok(None, &["show", &game]);
    assert!(out.contains("draw offered by bob"), "{out}");
    let (_, body) = env.last_mail_to("alice@example.test");
    assert!(body.contains("Shall we call it a day?"), "{body}");
    // pbmserv's spelling in the shell.
    let out = env.ok(Some("alice"), &["move", &game, "accept"]);
    assert!(out.contains("1/2-1/2 (agreement)"), "{out}");
    let json = env.json(&game);
    assert_eq!(json["result"], "1/2-1/2", "{json}");
    // A refusal: a draw word that is none of the three, changing nothing.
    let (env, game) = started();
    let before = env.dump();
    let out = env.run(Some("bob"), &["draw", &game, "maybe"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap().trim_end(),
        "boserv: draw: write offer, accept or decline, not maybe"
    );
    assert_eq!(env.dump(), before);
}

#[test]
fn selectors_list_and_all_show() {
    let (env, game) = started();
    let second = env.challenge("chess", "bob", "alice");
    env.ok(Some("alice"), &["resign", &game]);
    // `inactive` is a selector, not a userid.
    let finished = env.ok(None, &["games", "alice", "inactive"]);
    assert!(
        finished.contains("game1") && !finished.contains("game2"),
        "{finished}"
    );
    let active = env.ok(None, &["games", "alice"]);
    assert!(
        active.contains("game2") && !active.contains("game1 "),
        "{active}"
    );
    // `show USERID next` draws the boards where they are to move.
    let boards = env.ok(None, &["show", "bob", "next"]);
    assert!(boards.contains(&second), "{boards}");
    assert!(boards.contains("a   b   c   d"), "{boards}");
    // By mail: `all show` (every game type), answered to the asker.
    env.mail(
        "From: Carol Kent <carol@example.test>\nTo: chess@example.net\n\
         Subject: all show bob next\nMessage-ID: <grammar-all-show@example.test>\n\n",
    );
    let (_, body) = env.last_mail_to("carol@example.test");
    assert!(
        body.contains("game2 (chess): bob (White) v alice (Black)"),
        "{body}"
    );
    assert!(!body.contains("game1 (chess)"), "{body}");
    // `list`: the games, and who plays one.
    assert!(env.ok(None, &["list"]).contains("bochess"));
    let players = env.ok(None, &["list", "chess"]);
    assert!(
        players.contains("alice") && players.contains("bob"),
        "{players}"
    );
    assert!(!players.contains("carol"), "{players}");
    let out = env.run(None, &["list", "cooking"]);
    assert_eq!(out.status.code(), Some(1));
    // `show` with a selector only, and no one named: refused by mail.
    let out = env.stdin(&["run"], b"chess show next\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("name the users"),
    );
}

#[test]
fn a_verbs_help_flag_and_the_game_list_need_no_database() {
    let env = Env::new();
    let page = env.ok(None, &["move", "--help"]);
    assert!(page.starts_with("boserv move GAME TURN[#N]"), "{page}");
    assert!(env.ok(None, &["list"]).contains("orwell"));
    assert!(env.ok(None, &["variants"]).contains("orwell"));
    assert!(
        !env.db.exists(),
        "help or the game list created the database"
    );
    // `--format` is the shell's own, with a one-line refusal.
    let out = env.run(None, &["show", "game1", "--format", "yaml"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap().trim_end(),
        "boserv: --format: write text or json, not yaml"
    );
}
