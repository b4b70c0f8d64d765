//! ICCF numeric notation, as correspondence chess players write moves.
//!
//! The International Correspondence Chess Federation writes a move as the
//! square left and the square reached, each as two digits, file then rank
//! (a = 1 … h = 8): `5254` is e2-e4, castling is the king's move (`5171`,
//! e1-g1), and a promotion adds the piece as a fifth digit, 1 = queen,
//! 2 = rook, 3 = bishop, 4 = knight (`67682` is f7-f8=R). The numbers only
//! name squares of chess's board, eight files by eight ranks, so they are
//! read on every board of that size (chess and the variants played on it)
//! and on no other: on a bigger board `1012` would not say where one
//! square ends. A text of digits alone means nothing else in any game's
//! notation, so reading it this way takes nothing from the other forms.

use super::RulesError;
use super::geometry::Geometry;
use super::notation::MoveText;

/// The example every refusal gives.
const EXAMPLE: &str = "ICCF numbers are the file and rank of the square left, then of the \
     square reached, a = 1 to h = 8, as 5254 for e2-e4 (a promotion adds 1 queen, 2 rook, \
     3 bishop or 4 knight: 57581)";

/// True when `text` is written in ICCF's form: digits alone.
pub fn looks_numeric(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Reads `text`, digits alone, as an ICCF move on `geo`; a clear refusal
/// when the board is not chess's or the digits name no move.
pub fn read(text: &str, geo: &Geometry) -> Result<MoveText, RulesError> {
    let refuse = |why: String| RulesError::Unreadable {
        turn: text.to_string(),
        why,
    };
    if geo.files() != 8 || geo.ranks() != 8 {
        return Err(refuse(format!(
            "ICCF numbers are read on a board of 8 files and 8 ranks only; this one has {} \
             and {}: write the move with letters, as e2-e4",
            geo.files(),
            geo.ranks()
        )));
    }
    let digits: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    if digits.len() != 4 && digits.len() != 5 {
        return Err(refuse(format!(
            "{} digits, where a move has 4 (5 with a promotion); {EXAMPLE}",
            digits.len()
        )));
    }
    if let Some(&bad) = digits[..4].iter().find(|&&d| !(1..=8).contains(&d)) {
        return Err(refuse(format!("{bad} is no file or rank; {EXAMPLE}")));
    }
    let square = |file: u8, rank: u8| {
        geo.at(i32::from(file) - 1, i32::from(rank) - 1)
            .ok_or_else(|| refuse(format!("no square {file}{rank}; {EXAMPLE}")))
    };
    let promotion = match digits.get(4) {
        None => None,
        Some(&d) => Some(piece(d).ok_or_else(|| {
            refuse(format!(
                "a promotion's fifth digit is 1 (queen), 2 (rook), 3 (bishop) or 4 \
                 (knight), not {d}"
            ))
        })?),
    };
    Ok(MoveText::Coord {
        letter: None,
        from: square(digits[0], digits[1])?,
        to: square(digits[2], digits[3])?,
        capture: false,
        promotion,
    })
}

/// The piece letter of a promotion digit.
fn piece(digit: u8) -> Option<char> {
    match digit {
        1 => Some('Q'),
        2 => Some('R'),
        3 => Some('B'),
        4 => Some('N'),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Geometry {
        Geometry::rect(8, 8)
    }

    fn coord(text: &str) -> (String, String, Option<char>) {
        let geo = chess();
        match read(text, &geo).unwrap() {
            MoveText::Coord {
                from,
                to,
                promotion,
                ..
            } => (
                geo.name(from).to_string(),
                geo.name(to).to_string(),
                promotion,
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_digits_name_the_squares_file_first() {
        assert_eq!(coord("5254"), ("e2".into(), "e4".into(), None));
        assert_eq!(coord("5171"), ("e1".into(), "g1".into(), None));
        assert_eq!(coord("1828"), ("a8".into(), "b8".into(), None));
        assert_eq!(coord("67682"), ("f7".into(), "f8".into(), Some('R')));
        assert_eq!(coord("27181"), ("b7".into(), "a8".into(), Some('Q')));
        assert_eq!(coord("27184"), ("b7".into(), "a8".into(), Some('N')));
    }

    #[test]
    fn a_malformed_number_is_one_clear_line() {
        for (text, says) in [
            ("525", "3 digits"),
            ("525456", "6 digits"),
            ("5294", "9 is no file or rank"),
            ("0254", "0 is no file or rank"),
            ("67685", "not 5"),
        ] {
            let e = read(text, &chess()).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
            assert!(!e.contains('\n'), "{e}");
            assert!(e.starts_with(text), "{e}");
        }
    }

    #[test]
    fn other_boards_are_refused_by_name() {
        let e = read("5254", &Geometry::rect(10, 8))
            .unwrap_err()
            .to_string();
        assert!(e.contains("8 files and 8 ranks only"), "{e}");
    }

    #[test]
    fn only_digits_look_numeric() {
        assert!(looks_numeric("5254"));
        assert!(!looks_numeric("e2e4"));
        assert!(!looks_numeric(""));
    }
}
