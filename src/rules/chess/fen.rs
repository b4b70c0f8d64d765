//! FEN in and out (Forsyth-Edwards Notation), for `--fen` options and as
//! the board part of the cached position text.

use super::bits::{BK, BLACK, BQ, Bits, WHITE, WK, WQ};
use super::pieces::{KING, LETTERS, PAWN, ROOK, kind_of_letter};
use crate::rules::RulesError;
use crate::rules::geometry::Square;

fn bad(why: impl Into<String>) -> RulesError {
    RulesError::BadPosition(why.into())
}

fn square_name(sq: Square) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

/// Reads a FEN; the move counters may be left out.
pub fn parse_fen(fen: &str) -> Result<Bits, RulesError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(bad(format!(
            "a FEN has 4 to 6 fields, this one {}",
            fields.len()
        )));
    }
    let mut b = Bits::empty();
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 8 {
        return Err(bad("a FEN board has 8 ranks"));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
            } else {
                let kind =
                    kind_of_letter(c).ok_or_else(|| bad(format!("unknown piece letter {c}")))?;
                if file >= 8 {
                    break;
                }
                let colour = if c.is_ascii_uppercase() { WHITE } else { BLACK };
                if kind == PAWN && (rank == 0 || rank == 7) {
                    return Err(bad("a pawn on the first or last rank"));
                }
                b.put(rank * 8 + file, colour, kind);
                file += 1;
            }
        }
        if file != 8 {
            return Err(bad(format!("rank {} does not have 8 squares", rank + 1)));
        }
    }
    for colour in [WHITE, BLACK] {
        if (b.kind[KING] & b.colour[colour]).count_ones() != 1 {
            return Err(bad("each side needs exactly one king"));
        }
    }
    b.side = match fields[1] {
        "w" | "W" => WHITE,
        "b" | "B" => BLACK,
        other => return Err(bad(format!("side to move must be w or b, not {other}"))),
    };
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let (bit, king, rook, colour) = match c {
                'K' => (WK, 4, 7, WHITE),
                'Q' => (WQ, 4, 0, WHITE),
                'k' => (BK, 60, 63, BLACK),
                'q' => (BQ, 60, 56, BLACK),
                _ => return Err(bad(format!("unknown castling right {c}"))),
            };
            if b.piece_at(king) != Some((colour, KING)) || b.piece_at(rook) != Some((colour, ROOK))
            {
                return Err(bad(format!(
                    "castling right {c} without its king and rook at home"
                )));
            }
            b.castling |= bit;
        }
    }
    if fields[3] != "-" {
        let t = fields[3].as_bytes();
        let ok = t.len() == 2 && (b'a'..=b'h').contains(&t[0]) && (t[1] == b'3' || t[1] == b'6');
        if !ok {
            return Err(bad(format!("bad en passant square {}", fields[3])));
        }
        b.ep = Some((t[1] - b'1') * 8 + (t[0] - b'a'));
    }
    b.halfmove = fields
        .get(4)
        .map_or(Ok(0), |s| s.parse())
        .map_err(|_| bad("bad halfmove count"))?;
    b.fullmove = fields
        .get(5)
        .map_or(Ok(1), |s| s.parse())
        .map_err(|_| bad("bad move number"))?;
    if b.attacked(b.king_square(b.side ^ 1), b.side) {
        return Err(bad("the side not to move is in check"));
    }
    Ok(b)
}

/// Writes a FEN.
pub fn to_fen(b: &Bits) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match b.piece_at(rank * 8 + file) {
                None => empty += 1,
                Some((colour, kind)) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let c = LETTERS[kind];
                    s.push(if colour == WHITE {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push_str(if b.side == WHITE { " w " } else { " b " });
    let rights: String = [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')]
        .iter()
        .filter(|(bit, _)| b.castling & bit != 0)
        .map(|&(_, c)| c)
        .collect();
    s.push_str(if rights.is_empty() { "-" } else { &rights });
    s.push(' ');
    s.push_str(&b.ep.map_or("-".to_string(), square_name));
    s.push_str(&format!(" {} {}", b.halfmove, b.fullmove));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        ] {
            assert_eq!(to_fen(&parse_fen(fen).unwrap()), fen);
        }
        assert_eq!(
            to_fen(&parse_fen("8/8/8/8/8/8/8/K6k w - -").unwrap()),
            "8/8/8/8/8/8/8/K6k w - - 0 1"
        );
    }

    #[test]
    fn refuses_broken_fens() {
        for fen in [
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
        ] {
            assert!(parse_fen(fen).is_err(), "{fen}");
        }
    }
}
