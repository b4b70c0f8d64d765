//! A game defined as data plays by the definition it started with: its
//! text (the section and its parents', as the file wrote them) is kept
//! with the game, and the game's rules are built from that text, not from
//! what the file says now. An operator may edit their file while games of
//! it are being played; those games never change.
//!
//! The rules built from one text are built once per process and shared
//! by every game that keeps the same text.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use super::{DefinedGame, DefinitionError, load};

type Built = HashMap<(String, String), &'static DefinedGame>;

static BUILT: LazyLock<Mutex<Built>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// The game `name` as the kept text `source` defines it.
pub fn kept(name: &str, source: &str) -> Result<&'static DefinedGame, DefinitionError> {
    let key = (name.to_string(), source.to_string());
    if let Some(game) = BUILT.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(game);
    }
    let mut loaded = load(source, &[], &|_| false);
    let game = match loaded.games.iter().rposition(|g| g.name == name) {
        Some(i) => loaded.games.swap_remove(i),
        None => {
            return Err(loaded
                .refused
                .into_iter()
                .rev()
                .find(|r| r.name == name)
                .map(|r| r.error)
                .unwrap_or_else(|| DefinitionError::Game {
                    name: name.to_string(),
                    why: "the definition kept with the game does not define it".into(),
                }));
        }
    };
    let game: &'static DefinedGame = Box::leak(Box::new(game));
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    Ok(*built.entry(key).or_insert(game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn a_kept_text_gives_its_own_game_whatever_the_library_says() {
        let source = "[gardner:chess]\nmaxFile = e\nmaxRank = 5\nstartFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\npromotionRegionWhite = *5\npromotionRegionBlack = *1\ndoubleStep = false\ncastling = false\n";
        let game = kept("gardner", source).unwrap();
        assert_eq!(game.definition.files, 5);
        assert!(std::ptr::eq(game, kept("gardner", source).unwrap()));
        let other = source.replace("rnbqk/", "rnbkq/");
        let moved = kept("gardner", &other).unwrap();
        assert!(!std::ptr::eq(game, moved));
        assert_ne!(
            game.start(&[]).unwrap().encode(),
            moved.start(&[]).unwrap().encode()
        );
        let err = kept("gardner", "[gardner:chess]\nflyingGeneral = true\n").unwrap_err();
        assert!(err.to_string().contains("flyingGeneral"), "{err}");
        assert!(kept("shatranj", source).is_err());
    }
}
