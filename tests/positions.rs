//! Helpers for tests of any game's positions: the turns of one piece,
//! playing a turn, a refusal's words, a seeded random pick.

use boserv::rules::Position;

/// The legal turns of the piece on `square`.
pub fn moves_from(p: &dyn Position, square: &str) -> Vec<String> {
    p.legal_turns(None)
        .into_iter()
        .filter(|t| {
            let t = t.trim_start_matches(|c: char| c.is_ascii_uppercase());
            t.strip_prefix(square)
                .is_some_and(|rest| rest.starts_with(['-', 'x']))
        })
        .collect()
}

/// Plays `turn`, panicking with the refusal if it is illegal.
pub fn play(p: &dyn Position, turn: &str) -> Box<dyn Position> {
    p.play(turn, None)
        .unwrap_or_else(|e| panic!("{turn}: {e}"))
        .position
}

/// The refusal message for an illegal `turn`.
pub fn refusal(p: &dyn Position, turn: &str) -> String {
    match p.play(turn, None) {
        Ok(played) => panic!("{turn} was accepted as {}", played.canonical),
        Err(e) => e.to_string(),
    }
}

/// A small seeded generator, so every run plays the same games.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}
