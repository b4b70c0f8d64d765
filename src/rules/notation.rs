//! Reading and writing moves, shared by every game.
//!
//! Input is lenient (RULES.md "Notation used everywhere"): `e2e4`, `e2-e4`,
//! `E2-E4`, `e7e8q`, `e7-e8=Q`, `e4xd5`, `Pe2-e4`, `O-O`, and SAN (`Nf3`,
//! `exd5`, `e8=Q`, check marks tolerated). Output is canonical: piece letter
//! (none for pawns), `-` or `x`, `=X`. A game turns its legal moves into
//! [`Candidate`]s and lets [`resolve`] pick the one the player meant.

use super::RulesError;
use super::geometry::{Geometry, Square};
use super::movement::PieceKind;

/// A move as the player wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// Both squares given: `Nb1-c3`, `e2e4`, `e7-e8=Q`.
    Coord {
        letter: Option<char>,
        from: Square,
        to: Square,
        capture: bool,
        promotion: Option<char>,
    },
    /// SAN: `Nf3`, `Nbd2`, `R1e2`, `exd5`, `e8=Q`.
    San {
        letter: Option<char>,
        file: Option<i8>,
        rank: Option<i8>,
        to: Square,
        capture: bool,
        promotion: Option<char>,
    },
    /// `O-O` (short) or `O-O-O` (long).
    Castle { long: bool },
}

/// A legal move as the game offers it for matching and printing.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub from: Square,
    pub to: Square,
    /// The moving piece.
    pub kind: &'static PieceKind,
    /// True for captures, en passant included.
    pub capture: bool,
    pub promotion: Option<char>,
    /// `Some(long)` for castling.
    pub castle: Option<bool>,
}

fn unreadable(text: &str, why: &str) -> RulesError {
    RulesError::Unreadable {
        turn: text.to_string(),
        why: why.to_string(),
    }
}

fn illegal(text: &str, why: impl Into<String>) -> RulesError {
    RulesError::Illegal {
        turn: text.to_string(),
        why: why.into(),
    }
}

/// Splits a trailing square (`letter digits`) off `s`: (rest, square text).
fn split_square(s: &str) -> Option<(&str, &str)> {
    let digits = s.len() - s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 2 || s.len() < digits + 1 {
        return None;
    }
    let cut = s.len() - digits - 1;
    let letter = s[cut..].chars().next()?;
    letter.is_ascii_alphabetic().then(|| (&s[..cut], &s[cut..]))
}

/// Reads a move in any accepted form.
pub fn parse_move(text: &str, geo: &Geometry) -> Result<MoveText, RulesError> {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if !t.is_ascii() || t.is_empty() {
        return Err(unreadable(text, "expected a move such as e2-e4"));
    }
    let castle = t.to_ascii_uppercase().replace('0', "O");
    match castle.as_str() {
        "O-O" | "OO" => return Ok(MoveText::Castle { long: false }),
        "O-O-O" | "OOO" => return Ok(MoveText::Castle { long: true }),
        _ => {}
    }
    let b = t.as_bytes();
    let piece_letter = b.len() > 1
        && b[0].is_ascii_alphabetic()
        && b[1].is_ascii_alphabetic()
        && !(b[0].is_ascii_lowercase() && b[1].eq_ignore_ascii_case(&b'x'));
    if piece_letter {
        return parse_after_letter(text, Some(b[0].to_ascii_uppercase() as char), &t[1..], geo);
    }
    let plain = parse_after_letter(text, None, t, geo);
    // `N3d2`, `R1e2`: an uppercase letter then a rank, when that is no square.
    if plain.is_err()
        && b.len() > 1
        && b[0].is_ascii_uppercase()
        && b[1].is_ascii_digit()
        && let Ok(m) = parse_after_letter(text, Some(b[0] as char), &t[1..], geo)
    {
        return Ok(m);
    }
    plain
}

fn parse_after_letter(
    text: &str,
    letter: Option<char>,
    rest: &str,
    geo: &Geometry,
) -> Result<MoveText, RulesError> {
    let mut rest = rest;
    let mut promotion = None;
    if let Some(last) = rest
        .chars()
        .last()
        .filter(|c| c.is_ascii_alphabetic() && !c.eq_ignore_ascii_case(&'x'))
    {
        let before = &rest[..rest.len() - 1];
        if before.ends_with('=') || before.ends_with(|c: char| c.is_ascii_digit()) {
            promotion = Some(last.to_ascii_uppercase());
            rest = before.trim_end_matches('=');
        }
    }
    let Some((prefix, to_text)) = split_square(rest) else {
        return Err(unreadable(text, "no target square"));
    };
    let to = geo
        .parse(to_text)
        .ok_or_else(|| unreadable(text, &format!("no square {}", to_text.to_ascii_lowercase())))?;
    let mut capture = false;
    let mut prefix = prefix;
    if let Some(p) = prefix.strip_suffix(['x', 'X', ':']) {
        capture = true;
        prefix = p;
    } else if let Some(p) = prefix.strip_suffix('-') {
        prefix = p;
    }
    if prefix.is_empty() {
        return Ok(MoveText::San {
            letter,
            file: None,
            rank: None,
            to,
            capture,
            promotion,
        });
    }
    if let Some(("", from_text)) = split_square(prefix) {
        let from = geo.parse(from_text).ok_or_else(|| {
            unreadable(
                text,
                &format!("no square {}", from_text.to_ascii_lowercase()),
            )
        })?;
        return Ok(MoveText::Coord {
            letter,
            from,
            to,
            capture,
            promotion,
        });
    }
    let lower = prefix.to_ascii_lowercase();
    let (file, rank) = match lower.as_bytes() {
        [f] if f.is_ascii_lowercase() => (Some((f - b'a') as i8), None),
        _ if lower.bytes().all(|c| c.is_ascii_digit()) => (
            None,
            Some(
                lower
                    .parse::<i8>()
                    .map_err(|_| unreadable(text, "bad rank"))?
                    - 1,
            ),
        ),
        _ => return Err(unreadable(text, "expected a move such as e2-e4")),
    };
    Ok(MoveText::San {
        letter,
        file,
        rank,
        to,
        capture,
        promotion,
    })
}

/// The canonical text of a move: `Nb1-c3`, `e4xd5`, `e7-e8=Q`, `Ke1-g1`.
pub fn canonical(geo: &Geometry, c: &Candidate) -> String {
    let mut s = String::new();
    if c.kind.in_notation {
        s.push(c.kind.letter);
    }
    s.push_str(geo.name(c.from));
    s.push(if c.capture { 'x' } else { '-' });
    s.push_str(geo.name(c.to));
    if let Some(p) = c.promotion {
        s.push('=');
        s.push(p);
    }
    s
}

/// "a knight" / "an empty square" style article.
pub fn a_name(name: &str) -> String {
    let vowel = name.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// The candidate a coordinate or SAN input means, or a refusal.
///
/// `Ok(None)` for a coordinate move no candidate matches: the game then
/// explains why (wrong pattern, blocked path, check ...). `piece_on`
/// describes the board: the kind on a square, if any. Castling input is
/// matched against candidates with `castle` set.
pub fn resolve(
    text: &str,
    input: &MoveText,
    geo: &Geometry,
    candidates: &[Candidate],
    piece_on: &dyn Fn(Square) -> Option<&'static PieceKind>,
) -> Result<Option<usize>, RulesError> {
    match *input {
        MoveText::Castle { long } => {
            let found = candidates.iter().position(|c| c.castle == Some(long));
            match found {
                Some(i) => Ok(Some(i)),
                None => Err(illegal(text, "castling is not possible now")),
            }
        }
        MoveText::Coord {
            letter,
            from,
            to,
            capture,
            promotion,
        } => {
            let Some(kind) = piece_on(from) else {
                return Err(illegal(
                    text,
                    format!("there is no piece on {}", geo.name(from)),
                ));
            };
            if let Some(l) = letter.filter(|&l| l != kind.letter) {
                return Err(illegal(
                    text,
                    format!(
                        "the piece on {} is {}, not {l}",
                        geo.name(from),
                        a_name(kind.name)
                    ),
                ));
            }
            let matching: Vec<usize> = (0..candidates.len())
                .filter(|&i| candidates[i].from == from && candidates[i].to == to)
                .collect();
            pick(text, &matching, candidates, capture, promotion, geo)
        }
        MoveText::San {
            letter,
            file,
            rank,
            to,
            capture,
            promotion,
        } => {
            let matching: Vec<usize> = (0..candidates.len())
                .filter(|&i| {
                    let c = &candidates[i];
                    let (f, r) = geo.coords(c.from);
                    let letter_ok = match letter {
                        None => !c.kind.in_notation,
                        Some(l) => c.kind.letter == l,
                    };
                    c.to == to
                        && letter_ok
                        && file.is_none_or(|x| x == f)
                        && rank.is_none_or(|x| x == r)
                })
                .collect();
            if matching.is_empty() {
                let what = match letter {
                    Some(l) => format!("no {l} can go to {}", geo.name(to)),
                    None => format!("no pawn can go to {}", geo.name(to)),
                };
                return Err(illegal(text, what));
            }
            let mut froms: Vec<Square> = matching.iter().map(|&i| candidates[i].from).collect();
            froms.sort_unstable();
            froms.dedup();
            if froms.len() > 1 {
                let mut names: Vec<String> = Vec::new();
                for &i in &matching {
                    let c = &candidates[i];
                    if promotion.is_none_or(|p| c.promotion.is_none_or(|q| q == p)) {
                        let n = canonical(geo, c);
                        if !names.contains(&n) {
                            names.push(n);
                        }
                    }
                }
                return Err(RulesError::Ambiguous {
                    turn: text.to_string(),
                    candidates: names.join(" or "),
                });
            }
            pick(text, &matching, candidates, capture, promotion, geo)
        }
    }
}

/// Among candidates with one from/to, the one with the asked promotion.
fn pick(
    text: &str,
    matching: &[usize],
    candidates: &[Candidate],
    capture: bool,
    promotion: Option<char>,
    geo: &Geometry,
) -> Result<Option<usize>, RulesError> {
    let Some(&first) = matching.first() else {
        return Ok(None);
    };
    let c = &candidates[first];
    if capture && !c.capture {
        return Err(illegal(
            text,
            format!("{} is empty: this is not a capture", geo.name(c.to)),
        ));
    }
    let choices: Vec<char> = matching
        .iter()
        .filter_map(|&i| candidates[i].promotion)
        .collect();
    if choices.is_empty() {
        if promotion.is_some() {
            return Err(illegal(
                text,
                format!("{} does not promote here", a_name(c.kind.name)),
            ));
        }
        return Ok(Some(first));
    }
    let list = |sep: &str| {
        let parts: Vec<String> = choices.iter().map(|p| format!("{sep}{p}")).collect();
        match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => parts.join(""),
        }
    };
    match promotion {
        None => Err(illegal(
            text,
            format!("say what the {} promotes to ({})", c.kind.name, list("=")),
        )),
        Some(p) => match matching
            .iter()
            .find(|&&i| candidates[i].promotion == Some(p))
        {
            Some(&i) => Ok(Some(i)),
            None => Err(illegal(
                text,
                format!("{} promotes to {}", a_name(c.kind.name), list("")),
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movement::{PieceKind, Primitive, all_eight};
    use std::sync::LazyLock;

    static KNIGHT: LazyLock<PieceKind> = LazyLock::new(|| {
        PieceKind::simple(
            'N',
            "knight",
            "moves in an L shape",
            vec![Primitive::Leap(all_eight(2, 1))],
        )
    });
    static PAWN: LazyLock<PieceKind> = LazyLock::new(|| {
        PieceKind::simple('P', "pawn", "moves straight ahead", vec![]).unlettered()
    });

    fn g() -> Geometry {
        Geometry::rect(8, 8)
    }

    fn sq(s: &str) -> Square {
        g().parse(s).unwrap()
    }

    #[test]
    fn every_coordinate_form() {
        let g = g();
        let coord = |letter, from, to, capture, promotion| MoveText::Coord {
            letter,
            from: sq(from),
            to: sq(to),
            capture,
            promotion,
        };
        for t in ["e2e4", "e2-e4", "E2-E4", " e2-e4 ", "e2-e4+"] {
            assert_eq!(
                parse_move(t, &g).unwrap(),
                coord(None, "e2", "e4", false, None),
                "{t}"
            );
        }
        for t in ["e7e8q", "e7-e8=Q", "e7e8=q", "E7-E8Q"] {
            assert_eq!(
                parse_move(t, &g).unwrap(),
                coord(None, "e7", "e8", false, Some('Q')),
                "{t}"
            );
        }
        assert_eq!(
            parse_move("e4xd5", &g).unwrap(),
            coord(None, "e4", "d5", true, None)
        );
        assert_eq!(
            parse_move("Pe2-e4", &g).unwrap(),
            coord(Some('P'), "e2", "e4", false, None)
        );
        assert_eq!(
            parse_move("Ke1-g1", &g).unwrap(),
            coord(Some('K'), "e1", "g1", false, None)
        );
        assert_eq!(
            parse_move("Ng1xf3", &g).unwrap(),
            coord(Some('N'), "g1", "f3", true, None)
        );
        assert_eq!(
            parse_move("O-O", &g).unwrap(),
            MoveText::Castle { long: false }
        );
        assert_eq!(
            parse_move("0-0-0", &g).unwrap(),
            MoveText::Castle { long: true }
        );
        assert!(matches!(
            parse_move("e2-e9", &g),
            Err(RulesError::Unreadable { .. })
        ));
        assert!(matches!(
            parse_move("hello", &g),
            Err(RulesError::Unreadable { .. })
        ));
        assert!(matches!(
            parse_move("", &g),
            Err(RulesError::Unreadable { .. })
        ));
    }

    #[test]
    fn san_forms() {
        let g = g();
        let san = |letter, file, rank, to, capture, promotion| MoveText::San {
            letter,
            file,
            rank,
            to: sq(to),
            capture,
            promotion,
        };
        assert_eq!(
            parse_move("Nf3", &g).unwrap(),
            san(Some('N'), None, None, "f3", false, None)
        );
        assert_eq!(
            parse_move("exd5", &g).unwrap(),
            san(None, Some(4), None, "d5", true, None)
        );
        assert_eq!(
            parse_move("e4", &g).unwrap(),
            san(None, None, None, "e4", false, None)
        );
        assert_eq!(
            parse_move("Nbd2", &g).unwrap(),
            san(Some('N'), Some(1), None, "d2", false, None)
        );
        assert_eq!(
            parse_move("R1e2", &g).unwrap(),
            san(Some('R'), None, Some(0), "e2", false, None)
        );
        assert_eq!(
            parse_move("e8=Q#", &g).unwrap(),
            san(None, None, None, "e8", false, Some('Q'))
        );
        assert_eq!(
            parse_move("Nxe5+", &g).unwrap(),
            san(Some('N'), None, None, "e5", true, None)
        );
    }

    fn knights() -> Vec<Candidate> {
        vec![
            Candidate {
                from: sq("b1"),
                to: sq("d2"),
                kind: &KNIGHT,
                capture: false,
                promotion: None,
                castle: None,
            },
            Candidate {
                from: sq("f3"),
                to: sq("d2"),
                kind: &KNIGHT,
                capture: false,
                promotion: None,
                castle: None,
            },
            Candidate {
                from: sq("e7"),
                to: sq("e8"),
                kind: &PAWN,
                capture: false,
                promotion: Some('Q'),
                castle: None,
            },
            Candidate {
                from: sq("e7"),
                to: sq("e8"),
                kind: &PAWN,
                capture: false,
                promotion: Some('N'),
                castle: None,
            },
        ]
    }

    fn on(s: Square) -> Option<&'static PieceKind> {
        if s == sq("b1") || s == sq("f3") {
            Some(&KNIGHT)
        } else if s == sq("e7") {
            Some(&PAWN)
        } else {
            None
        }
    }

    fn res(t: &str) -> Result<Option<usize>, RulesError> {
        let g = g();
        resolve(t, &parse_move(t, &g).unwrap(), &g, &knights(), &on)
    }

    #[test]
    fn san_ambiguity_lists_candidates() {
        assert_eq!(
            res("Nd2").unwrap_err().to_string(),
            "Nd2 is ambiguous: it could be Nb1-d2 or Nf3-d2"
        );
        assert_eq!(res("Nbd2").unwrap(), Some(0));
        assert_eq!(res("N3d2").unwrap(), Some(1));
        assert_eq!(
            res("Nd4").unwrap_err().to_string(),
            "Nd4: no N can go to d4"
        );
    }

    #[test]
    fn coordinate_resolution_and_refusals() {
        assert_eq!(res("b1-d2").unwrap(), Some(0));
        assert_eq!(res("Nf3-d2").unwrap(), Some(1));
        assert_eq!(res("b1-a3").unwrap(), None);
        assert_eq!(
            res("Bb1-d2").unwrap_err().to_string(),
            "Bb1-d2: the piece on b1 is a knight, not B"
        );
        assert_eq!(
            res("c3-c4").unwrap_err().to_string(),
            "c3-c4: there is no piece on c3"
        );
        assert_eq!(
            res("b1xd2").unwrap_err().to_string(),
            "b1xd2: d2 is empty: this is not a capture"
        );
        assert_eq!(
            res("e7-e8").unwrap_err().to_string(),
            "e7-e8: say what the pawn promotes to (=Q or =N)"
        );
        assert_eq!(res("e7e8n").unwrap(), Some(3));
        assert_eq!(res("e8=Q").unwrap(), Some(2));
        assert_eq!(
            res("e7-e8=R").unwrap_err().to_string(),
            "e7-e8=R: a pawn promotes to Q or N"
        );
        assert_eq!(
            res("b1-d2=Q").unwrap_err().to_string(),
            "b1-d2=Q: a knight does not promote here"
        );
    }

    #[test]
    fn canonical_forms() {
        let g = g();
        let c = knights();
        assert_eq!(canonical(&g, &c[0]), "Nb1-d2");
        assert_eq!(canonical(&g, &c[2]), "e7-e8=Q");
        let cap = Candidate {
            capture: true,
            ..c[1].clone()
        };
        assert_eq!(canonical(&g, &cap), "Nf3xd2");
    }
}
