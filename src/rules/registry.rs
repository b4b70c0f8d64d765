//! The list of games the server offers, found by their command word: the
//! eight seed games, then the library of games defined as data
//! (`variants/library.ini`), then the operator's own (`variants-file`).

use std::sync::LazyLock;

use super::Variant;
use super::orwell::Orwell;

/// Every game, in the order `boserv variants` lists them.
pub static VARIANTS: LazyLock<Vec<&'static dyn Variant>> = LazyLock::new(|| {
    let library = super::defined::LIBRARY
        .iter()
        .chain(super::defined::operator_games())
        .map(|g| g as &'static dyn Variant);
    SEEDS.iter().copied().chain(library).collect()
});

/// The games written in Rust, each a module of the rules engine.
pub static SEEDS: &[&dyn Variant] = &[
    &super::chess::CHESS,
    &super::bochess::BOCHESS,
    &Orwell,
    &super::orphic::ORPHIC,
    &super::orthodia::ORTHODIA,
    &super::orthodia::ORTHODIA_SIMPLE,
    &super::rebellion::REBELLION_GAME,
    &super::rebellion::SQUIRM_GAME,
];

/// The game with this command word (case-insensitive).
pub fn find_variant(name: &str) -> Option<&'static dyn Variant> {
    VARIANTS
        .iter()
        .copied()
        .find(|v| v.name().eq_ignore_ascii_case(name))
}

/// The game a stored game plays: the definition kept with it when it has
/// one (a game defined as data plays by the definition it started with,
/// whatever the file says now), else the game of this name.
pub fn game_variant(name: &str, definition: Option<&str>) -> Option<&'static dyn Variant> {
    match definition {
        Some(source) => super::defined::kept(name, source)
            .ok()
            .map(|g| g as &'static dyn Variant),
        None => find_variant(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game says how to write its turns and what its board's marks
    /// are, in a block that fits a mail: at most 6 lines of 76 columns.
    #[test]
    fn every_game_says_how_to_write_a_turn_in_a_short_block() {
        for variant in VARIANTS.iter() {
            let text = variant.writing();
            assert!(text.starts_with("To write a "), "{}", variant.name());
            let lines: Vec<&str> = text.lines().collect();
            assert!(lines.len() <= 6, "{}: {text}", variant.name());
            assert!(
                lines.iter().all(|l| l.chars().count() <= 76),
                "{}: {text}",
                variant.name()
            );
        }
    }

    /// A game of the chess-like core plays a turn written canonically (as
    /// the log records every turn) by finding it among the legal turns by
    /// its text, and anything else by reading it: the two ways agree. For
    /// every legal turn (canonical text; a seeded sample of them where
    /// there are more than eighty) along random games of every such
    /// game, for its text in upper case (read as a player's), for turns
    /// played earlier in the game and for texts that are no turn: the same
    /// position (its stored text: board, rights, last move, repetition keys,
    /// end), the same seat to move and result, the same canonical text, or
    /// the same refusal, as reading the text, writing its canonical text
    /// and applying it ([`Position::read_turn`], [`Position::turn_text`],
    /// [`Position::apply`]: what playing a text was before), and as
    /// [`ChessLike::play_read`] (the notation layer's way, which `play`
    /// takes for any other text).
    #[test]
    fn a_turn_written_canonically_is_played_as_reading_it_plays_it() {
        use crate::rules::chesslike::ChessLike;
        use rand_chacha::ChaCha8Rng;
        use rand_core::{Rng, SeedableRng};
        const SAMPLE: usize = 80;
        let mut rng = ChaCha8Rng::seed_from_u64(25);
        let mut fast = 0;
        for variant in VARIANTS.iter().filter(|v| v.dice().is_none()) {
            for game in 0..2 {
                let mut position = variant.start(&[]).unwrap();
                let mut earlier: Vec<String> = Vec::new();
                for ply in 0..30 {
                    let Some(core) =
                        (position.as_ref() as &dyn std::any::Any).downcast_ref::<ChessLike>()
                    else {
                        break;
                    };
                    let turns = position.legal_turns(None);
                    // Every turn where they are few; where they are many
                    // (a move and a duck's square, a drop anywhere) a
                    // seeded sample, since reading one text lists them all.
                    let tried: Vec<String> = if turns.len() <= SAMPLE {
                        turns.clone()
                    } else {
                        (0..SAMPLE)
                            .map(|_| turns[rng.next_u32() as usize % turns.len()].clone())
                            .collect()
                    };
                    let lenient = tried.iter().map(|t| t.to_uppercase());
                    let odd = ["e2-e9", "", "pass", "Ke1-g1", "zz", "e4"].map(String::from);
                    let texts = tried.iter().cloned().chain(lenient).chain(earlier.clone());
                    for text in texts.chain(odd) {
                        let at = format!("{} game {game} ply {ply}: {text:?}", variant.name());
                        fast += usize::from(core.recorded_turn(&text).is_some());
                        let read = || {
                            let turn = position
                                .read_turn(&text, None)
                                .map_err(|reason| crate::rules::PlayError { reason })?;
                            let canonical = position.turn_text(&turn);
                            let after = position.apply(&turn, None)?;
                            Ok::<_, crate::rules::PlayError>((after, canonical))
                        };
                        match (read(), core.play_read(&text, None)) {
                            (Ok((after, canonical)), Ok(played)) => {
                                assert_eq!(after.encode(), played.position.encode(), "{at}");
                                assert_eq!(canonical, played.canonical, "{at}");
                            }
                            (Err(read), Err(played)) => {
                                assert_eq!(read.reason, played.reason, "{at}");
                            }
                            (read, played) => panic!("{at}: {read:?} against {played:?}"),
                        }
                        let read = read().map(|(position, canonical)| crate::rules::Played {
                            position,
                            canonical,
                        });
                        match (read, position.play(&text, None)) {
                            (Ok(read), Ok(played)) => {
                                let (read, played) = (&read.position, &played.position);
                                assert_eq!(read.encode(), played.encode(), "{at}");
                                assert_eq!(read.to_move(), played.to_move(), "{at}");
                                assert_eq!(read.outcome(), played.outcome(), "{at}");
                            }
                            (Err(read), Err(played)) => {
                                assert_eq!(read.reason, played.reason, "{at}");
                            }
                            (read, played) => panic!("{at}: {read:?} against {played:?}"),
                        }
                        if let Ok(read) = core.play_read(&text, None) {
                            let played = position.play(&text, None).unwrap();
                            assert_eq!(read.canonical, played.canonical, "{at}");
                        }
                    }
                    if turns.is_empty() {
                        break;
                    }
                    let turn = &turns[rng.next_u32() as usize % turns.len()];
                    earlier.push(turn.clone());
                    position = position.play(turn, None).unwrap().position;
                }
            }
        }
        // The way under test was taken (every tried turn's text at least).
        assert!(fast > 5000, "{fast}");
    }

    /// A game's own `legal_turns` (chess-like games write each generated
    /// turn from its acts) says exactly what the definition says: the
    /// canonical text of every legal turn, sorted, each once. Checked along
    /// a few plies of every game without dice, always playing the turn in
    /// the middle of the list.
    #[test]
    fn legal_turns_are_the_canonical_texts_of_the_legal_turns() {
        for variant in VARIANTS.iter().filter(|v| v.dice().is_none()) {
            let mut position = variant.start(&[]).unwrap();
            for ply in 0..8 {
                let mut want: Vec<String> = position
                    .legal(None)
                    .iter()
                    .map(|t| position.turn_text(t))
                    .collect();
                want.sort();
                want.dedup();
                assert_eq!(
                    position.legal_turns(None),
                    want,
                    "{} at ply {ply}",
                    variant.name()
                );
                if want.is_empty() {
                    break;
                }
                position = position.play(&want[want.len() / 2], None).unwrap().position;
            }
        }
    }
}
