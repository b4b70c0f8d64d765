//! Helpers for tests of any game's positions: the turns of one piece,
//! playing a turn, a refusal's words, a seeded random pick, perft tables.

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

/// Plays several turns, separated by spaces.
pub fn play_all(p: &dyn Position, list: &str) -> Box<dyn Position> {
    list.split_whitespace()
        .fold(p.boxed_clone(), |p, t| play(p.as_ref(), t))
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

/// One position of a perft table file: name, FEN, (depth, nodes).
pub type PerftCase = (String, String, Vec<(u32, u64)>);

/// Reads a perft table (`id NAME`, `fen FEN`, `perft DEPTH NODES`, `#`
/// comments), as in tests/data/bochess/perft.txt.
pub fn perft_table(text: &str) -> Vec<PerftCase> {
    let mut out: Vec<PerftCase> = Vec::new();
    for line in text.lines().map(str::trim) {
        match line.split_once(' ') {
            Some(("id", name)) => out.push((name.to_string(), String::new(), Vec::new())),
            Some(("fen", text)) => out.last_mut().unwrap().1 = text.to_string(),
            Some(("perft", rest)) => {
                let (d, n) = rest.split_once(' ').unwrap();
                out.last_mut()
                    .unwrap()
                    .2
                    .push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => assert!(line.is_empty() || line.starts_with('#'), "bad line {line}"),
        }
    }
    out
}
