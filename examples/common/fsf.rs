//! Fairy-Stockfish spoken to in UCI, shared by the bot's benchmarks
//! against it (`bot_elo` plays it limited to a `UCI_Elo`, `bot_judge` asks
//! it at full strength what a turn is worth): a separate process (GPL, so
//! only run, never linked), and the turns written as it writes them.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use boserv::rules::Position;
use boserv::rules::chesslike::ChessLike;
use boserv::rules::turn::{Action, Turn};

pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    /// Starts the engine at `path` on `variant`, limited to `elo` if
    /// given (else at full strength, with a larger table: a judge).
    pub fn start(path: &str, elo: Option<u32>, variant: &str) -> Engine {
        let mut child = Command::new("nice")
            .args(["-n", "10", path])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Fairy-Stockfish runs (apt-get install fairy-stockfish)");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut e = Engine {
            child,
            input,
            output,
        };
        e.send("uci");
        let options = e.wait_for("uciok");
        // An engine that does not know the variant would play chess in its
        // place (Debian's Fairy-Stockfish 11.1 has no wolf or grasshopper).
        let known = options.iter().any(|l| {
            l.starts_with("option name UCI_Variant ")
                && l.split_whitespace()
                    .skip_while(|w| *w != "var")
                    .any(|w| w == variant)
        });
        if variant != "chess" && !known {
            eprintln!("this Fairy-Stockfish ({path}) does not play the variant {variant}");
            std::process::exit(2);
        }
        e.send("setoption name Threads value 1");
        e.send(&format!(
            "setoption name Hash value {}",
            if elo.is_some() { 16 } else { 64 }
        ));
        if variant != "chess" {
            e.send(&format!("setoption name UCI_Variant value {variant}"));
        }
        if let Some(elo) = elo {
            e.send("setoption name UCI_LimitStrength value true");
            e.send(&format!("setoption name UCI_Elo value {elo}"));
        }
        e.send("isready");
        e.wait_for("readyok");
        e
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    fn wait_for(&mut self, word: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).unwrap() == 0 {
                panic!("Fairy-Stockfish ended");
            }
            let done = line.starts_with(word);
            lines.push(line.trim().to_string());
            if done {
                return lines;
            }
        }
    }

    /// Its move after `moves` from the start, and its last score (for the
    /// side to move) in centipawns (a mate as 10 000).
    pub fn best(&mut self, moves: &[String], ms: u64) -> (String, Option<i32>) {
        self.send(&format!("position startpos moves {}", moves.join(" ")));
        self.send(&format!("go movetime {ms}"));
        let lines = self.wait_for("bestmove");
        let mut score = None;
        for l in &lines {
            let words: Vec<&str> = l.split_whitespace().collect();
            if let Some(i) = words.iter().position(|w| *w == "score") {
                score = match (words.get(i + 1), words.get(i + 2)) {
                    (Some(&"cp"), Some(n)) => n.parse().ok(),
                    (Some(&"mate"), Some(n)) => n
                        .parse::<i32>()
                        .ok()
                        .map(|m| if m > 0 { 10_000 } else { -10_000 }),
                    _ => score,
                };
            }
        }
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        (best.to_string(), score)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// A turn in UCI notation (castling is the king's move there too; a drop
/// is the piece's capital letter, `@` and the square; a Seirawan gating
/// adds the gated piece's letter to the move, and where the piece enters
/// on the castling rook's square the move is written from the rook's
/// square to the king's, as Fairy-Stockfish writes them).
pub fn uci(pos: &dyn Position, turn: &Turn) -> String {
    let any: &dyn std::any::Any = pos;
    let chess = any.downcast_ref::<ChessLike>().expect("a chess-like game");
    let spec = chess.rules().spec;
    let g = &spec.geometry;
    match turn.actions() {
        [
            Action::Move {
                from,
                to,
                promotion: None,
            },
            Action::Drop {
                kind,
                to: gate,
                relocate: None,
            },
        ] => {
            let letter = spec.kinds[*kind as usize].letter.to_ascii_lowercase();
            if gate == from {
                format!("{}{}{letter}", g.name(*from), g.name(*to))
            } else {
                format!("{}{}{letter}", g.name(*gate), g.name(*from))
            }
        }
        [
            Action::Drop {
                kind,
                to,
                relocate: None,
            },
        ] => format!(
            "{}@{}",
            spec.kinds[*kind as usize].letter.to_ascii_uppercase(),
            spec.geometry.name(*to)
        ),
        [
            Action::Move {
                from,
                to,
                promotion,
            },
        ] => {
            let mut s = format!("{}{}", g.name(*from), g.name(*to));
            if let Some(k) = promotion {
                s.push(spec.kinds[*k as usize].letter.to_ascii_lowercase());
            }
            s
        }
        other => panic!("not a chess move: {other:?}"),
    }
}

/// The position after the UCI move `text`, if boserv's rules allow it.
pub fn play_uci(pos: &dyn Position, text: &str) -> Option<Box<dyn Position>> {
    let turn = pos.legal(None).into_iter().find(|t| uci(pos, t) == text)?;
    pos.apply(&turn, None).ok()
}
