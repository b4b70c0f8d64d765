//! Every verb of the one table has a help page in both worlds, and each
//! world's pages show only its own syntax.

use super::help as help_page;
use crate::command::World;
use crate::command::verbs::VERBS;
use crate::rules::VARIANTS;

#[test]
fn every_verb_has_help_in_both_worlds() {
    for verb in VERBS {
        assert!(
            !verb.summary.is_empty() && !verb.page.is_empty(),
            "{}",
            verb.name
        );
        for world in [World::Shell, World::Mail] {
            let usage = verb.usage(world);
            assert!(usage.contains(verb.name), "{usage}");
            let commands = help_page(&VARIANTS, Some("commands"), world)
                .unwrap()
                .text();
            assert!(commands.contains(&usage), "{world:?} lacks {usage}");
            let page = help_page(&VARIANTS, Some(verb.name), world).unwrap().text();
            assert!(
                page.contains(&usage),
                "help {} in {world:?}: {page}",
                verb.name
            );
        }
    }
}

#[test]
fn each_world_shows_only_its_own_syntax() {
    let help = |world| {
        help_page(&VARIANTS, Some("commands"), world)
            .unwrap()
            .text()
    };
    let mail = help(World::Mail);
    let shell = help(World::Shell);
    assert!(
        mail.contains("GAME move BOARD USERID PASSWORD TURN[#N]"),
        "{mail}"
    );
    assert!(!mail.contains("--as"), "{mail}");
    assert!(!mail.contains("perft"), "{mail}");
    assert!(mail.lines().all(|l| l.chars().count() <= 76), "{mail}");
    assert!(shell.contains("move GAME TURN[#N]"), "{shell}");
    assert!(!shell.contains("PASSWORD TURN"), "{shell}");
    assert!(shell.lines().all(|l| l.chars().count() <= 76), "{shell}");
    let answering = help_page(&VARIANTS, Some("mail"), World::Mail)
        .unwrap()
        .text();
    assert!(answering.contains("\n  show "), "{answering}");
    assert!(
        answering.lines().all(|l| l.chars().count() <= 76),
        "{answering}"
    );
}
