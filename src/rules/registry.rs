//! The list of games the server offers, found by their command word.

use super::Variant;
use super::orwell::Orwell;

/// Every game, in the order `boserv variants` lists them.
pub static VARIANTS: &[&dyn Variant] = &[
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game says how to write its turns and what its board's marks
    /// are, in a block that fits a mail: at most 6 lines of 76 columns.
    #[test]
    fn every_game_says_how_to_write_a_turn_in_a_short_block() {
        for variant in VARIANTS {
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

    /// Replaying a turn as the log records it gives exactly what playing
    /// it gives: for every legal turn (canonical text) along random games
    /// of every game without dice, the same position (its stored text:
    /// board, rights, last move, repetition keys, end) and the same seat to
    /// move; and for texts that are not canonical (lenient input) or not
    /// legal, the same position or the same refusal.
    #[test]
    fn replaying_a_recorded_turn_is_playing_it() {
        use rand_chacha::ChaCha8Rng;
        use rand_core::{Rng, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(25);
        for variant in VARIANTS.iter().filter(|v| v.dice().is_none()) {
            for game in 0..2 {
                let mut position = variant.start(&[]).unwrap();
                let mut earlier: Vec<String> = Vec::new();
                for ply in 0..30 {
                    let turns = position.legal_turns(None);
                    let lenient = turns.iter().map(|t| t.to_uppercase());
                    let odd = ["e2-e9", "", "pass", "Ke1-g1", "zz", "e4"].map(String::from);
                    let texts = turns.iter().cloned().chain(lenient).chain(earlier.clone());
                    for text in texts.chain(odd) {
                        let at = format!("{} game {game} ply {ply}: {text:?}", variant.name());
                        match (position.play(&text, None), position.replay(&text, None)) {
                            (Ok(played), Ok(replayed)) => {
                                assert_eq!(played.position.encode(), replayed.encode(), "{at}");
                                assert_eq!(played.position.to_move(), replayed.to_move(), "{at}");
                                assert_eq!(played.position.outcome(), replayed.outcome(), "{at}");
                            }
                            (Err(played), Err(replayed)) => {
                                assert_eq!(played.reason, replayed.reason, "{at}");
                            }
                            (played, replayed) => panic!("{at}: {played:?} against {replayed:?}"),
                        }
                    }
                    if turns.is_empty() {
                        break;
                    }
                    let turn = &turns[rng.next_u32() as usize % turns.len()];
                    earlier.push(turn.clone());
                    position = position.replay(turn, None).unwrap();
                }
            }
        }
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
