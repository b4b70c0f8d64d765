//! `boserv help orthodia` and `boserv help orthodia-simple`: the rules and
//! the notation in the server's words (the rulings of RULES.md), with a
//! diagram per piece drawn from the very patterns the core plays, so the
//! page cannot disagree with the game.

use std::sync::LazyLock;

use super::pieces::{BISROOS, GOLD, PAWN, ROOBIS, TORCH, WARRIOR};
use super::{RULES, SIMPLE_RULES};
use crate::rules::board::BoardSpec;
use crate::rules::chesslike::Rules;
use crate::rules::geometry::Square;
use crate::rules::movement::{Mode, targets};

/// A diagram of the piece `kind` (White's) on `at`, with `pieces` (enemy
/// pieces, `o`) around it: `m` where it moves, `x` where it captures (or
/// would, were an enemy there), `*` both, `o` an enemy it takes, `#` an
/// enemy it does not reach.
fn diagram(rules: &Rules, kind: u8, at: &str, pieces: &[&str]) -> String {
    let spec: &BoardSpec = rules.spec;
    let g = &spec.geometry;
    let from = g.parse(at).expect("square");
    let occupied: Vec<Square> = pieces.iter().map(|s| g.parse(s).expect("square")).collect();
    let occ = |s: Square| occupied.contains(&s);
    let piece = &spec.kinds[kind as usize];
    let mut moves = match rules.pawn(kind) {
        Some(rule) => {
            let mut v = Vec::new();
            rule.each_step(g, 0, from, |s| !occ(s), |s| v.push(s));
            v
        }
        None => targets(g, piece.pattern(Mode::Move, 0), from, 1, Mode::Move, &occ),
    };
    moves.retain(|s| !occ(*s));
    // Capture lines on the board as it is: empty squares the capture
    // pattern reaches, and the enemies it takes.
    let reach = targets(
        g,
        piece.pattern(Mode::Capture, 0),
        from,
        1,
        Mode::Move,
        &occ,
    );
    let takes = targets(
        g,
        piece.pattern(Mode::Capture, 0),
        from,
        1,
        Mode::Capture,
        &occ,
    );
    let mut lines = Vec::new();
    for rank in (0..8).rev() {
        let mut row = format!("    {} ", rank + 1);
        for file in 0..8 {
            let sq = g.at(file, rank).expect("square");
            let c = if sq == from {
                piece.letter
            } else if occ(sq) {
                if takes.contains(&sq) { 'o' } else { '#' }
            } else {
                match (moves.contains(&sq), reach.contains(&sq)) {
                    (true, true) => '*',
                    (true, false) => 'm',
                    (false, true) => 'x',
                    (false, false) => '.',
                }
            };
            row.push(' ');
            row.push(c);
        }
        lines.push(row);
    }
    lines.push("       a b c d e f g h".to_string());
    lines.join("\n")
}

fn page(rules: &Rules, simple: bool) -> String {
    let d = |kind, at, pieces: &[&str]| diagram(rules, kind, at, pieces);
    let (b_name, r_name, b_plural, r_plural) = if simple {
        (
            "Blooming Rose",
            "Ringing Bell",
            "Blooming Roses",
            "Ringing Bells",
        )
    } else {
        ("Bisroos", "Roobis", "Bisroos", "Roobis")
    };
    let spec = rules.spec;
    let how = |kind: u8| spec.kinds[kind as usize].how;
    let check_words = if simple {
        format!(
            "CHECK
  In this version the {b_name} and the {r_name} give check along the
  lines they CAPTURE on, like every other piece: a king may not stand on
  an x square of an enemy {b_name} or {r_name}. So in both versions
  a B gives check along diagonals and an R along files and ranks; what
  differs is where they move and capture. There is no en passant.
"
        )
    } else {
        "CHECK: WHY A KING MAY STAND WHERE A BISROOS \"CAPTURES\"
  The Bisroos and the Roobis give check along the lines they MOVE on (the
  m squares), not along their capture lines (the x squares). A king is
  never captured, so a capture line is no threat to it: a king may stand
  on an x square of an enemy Bisroos, even take a piece there, while a
  king on an m square of an enemy Bisroos (its diagonals, up to the first
  piece) is in check, although the Bisroos could never capture it there.
  The same for the Roobis with files and ranks as its check lines.
"
        .to_string()
    };
    let en_passant = if simple {
        "  There is no en passant in this version: Warriors and pawns may make
  their double step past enemy pawns and Warriors freely.
"
        .to_string()
    } else {
        "EN PASSANT
  A pawn may take an enemy pawn or Warrior that just made a two-square
  move, on the square it passed over, as in chess (diagonally). A Warrior
  may take an enemy Warrior that just made a two-square move, moving
  straight forward onto the square passed over. A Warrior never takes a
  pawn en passant. Only on the very next move. Written as a capture:
  a4xb3 (pawn), Wb4xb3 (Warrior).
"
        .to_string()
    };
    let title = if simple {
        "Simplified Orthodia (orthodia-simple) - the version played on Game Courier"
    } else {
        "Orthodia (orthodia)"
    };
    format!(
        "{title}
A game by Lev Grigoriev (2022)

THE BOARD AND THE SETUP
  As chess, 8 x 8. White: {r_plural} (R) a1 h1, Golds (G) b1 g1,
  {b_plural} (B) c1 f1, Torch (T) d1, King (K) e1, Warriors (W) a2 h2,
  pawns b2-g2. Black the same on ranks 8 and 7.
  FEN: {start}
  No castling. White moves first.

THE PIECES
  In the diagrams White's piece stands on its square; m = it moves there,
  x = it captures there (when an enemy stands there), * = both,
  o = an enemy piece it may take, # = a piece it cannot reach.

  Pawn: as in chess: {pawn_how};
  two squares on its first move, the square between empty.
{pawn}

  Warrior (W): the pawn's antipode: one square diagonally forward,
  captures one square straight ahead; two squares diagonally on its
  first move, the square between empty.
{warrior}

  Gold (G): {gold_how}.
{gold}

  {b_name} (B): {b_how}.
{bisroos}

  {r_name} (R): {r_how}.
{roobis}

  Torch (T): moves along the 8 queen lines, but only 1, 3, 5 or 7 squares.
  A piece at an even distance (2, 4, 6) is jumped over; a piece at an odd
  distance ends the line (an enemy there is captured).
{torch}
  With enemy pieces around: those on d6, f6 and b4 (distance 2) are
  jumped over; those on d7, g4 and a7 (distance 3) may be taken, and the
  line ends there (d8 is out of reach, g7 is not: f6 is jumped).
{torch_blocked}

  King (K): one square in any direction.

{check_words}
PROMOTION
  A pawn or a Warrior reaching the last rank becomes a {b_name} (B), a
  Gold (G) or a {r_name} (R) - never a Torch, never a king: e7-e8=G,
  Wg7xg8=R.

{en_passant}
THE END
  As chess: checkmate wins; stalemate, threefold repetition (FIDE 9.2)
  and 100 plies without a capture or a pawn or Warrior move draw, and so
  does a board with only the two kings. Resignation and draw by agreement
  as commands.

NOTATION
  Moves as in chess with this game's letters: Gb1-c2, Tc1xc4, e2-e4,
  Wa2-c4 (a Warrior keeps its letter W), b7-b8=B. Input also takes e2e4,
  E2-E4, Gb1c2 and short forms where only one move fits (e4, Gc2).
",
        start = super::START,
        pawn_how = "one square straight ahead, captures diagonally forward",
        pawn = d(PAWN, "d2", &["c3"]),
        warrior = d(WARRIOR, "d2", &["d3"]),
        gold_how = how(GOLD),
        gold = d(GOLD, "d4", &[]),
        b_how = how(BISROOS),
        bisroos = d(BISROOS, "d4", &[]),
        r_how = how(ROOBIS),
        roobis = d(ROOBIS, "d4", &[]),
        torch = d(TORCH, "d4", &[]),
        torch_blocked = d(TORCH, "d4", &["d6", "f6", "b4", "g4", "d7", "a7"]),
    )
}

/// The help page of `orthodia`.
pub static TEXT: LazyLock<String> = LazyLock::new(|| page(&RULES, false));

/// The help page of `orthodia-simple`.
pub static SIMPLE_TEXT: LazyLock<String> = LazyLock::new(|| page(&SIMPLE_RULES, true));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bisroos_diagram_shows_moves_on_diagonals_and_captures_on_lines() {
        let text = diagram(&RULES, BISROOS, "d4", &[]);
        assert!(text.contains("    4  x x x B x x x x"), "{text}");
        assert!(text.contains("    7  m . . x . . m ."), "{text}");
        let simple = diagram(&SIMPLE_RULES, BISROOS, "d4", &[]);
        assert!(simple.contains("    4  m m m B m m m m"), "{simple}");
        assert!(simple.contains("    7  x . . m . . x ."), "{simple}");
    }

    #[test]
    fn the_torch_jumps_even_distances_and_stops_at_odd_ones() {
        let text = diagram(&RULES, TORCH, "d4", &["d6", "f6", "b4", "g4", "d7", "a7"]);
        // d5 (1), d6 jumped (2), d7 taken (3), nothing beyond.
        assert!(text.contains("    8  . . . . . . . ."), "{text}");
        assert!(text.contains("    7  o . . o . . * ."), "{text}");
        assert!(text.contains("    4  * # * T * . o ."), "{text}");
    }

    #[test]
    fn pages_name_every_piece_and_why_a_king_may_stand_on_a_capture_line() {
        assert!(TEXT.contains("WHY A KING MAY STAND WHERE A BISROOS \"CAPTURES\""));
        assert!(
            SIMPLE_TEXT.contains("Blooming Rose (B): moves as a rook and captures as a bishop")
        );
        assert!(TEXT.contains("never a Torch"));
    }
}
