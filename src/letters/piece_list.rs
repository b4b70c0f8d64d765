//! The position as a short list of pieces, one line per army: `White: Ke1,
//! Qd1, Ra1, …; Black: …`, each army's reserve after it. It is in every
//! board mail, text part and HTML part, beside the drawn boards or in
//! their place (`board list`): a blind player's screen reader reads it in
//! a breath, where the ASCII board is a grid of symbols and the HTML
//! board a table to walk square by square (correspondence players who
//! cannot see the board have long asked for the position this way).
//!
//! Pieces go by the letters the game's key names (the key follows the
//! boards), each army's as a chess player lists them: king, queen, rooks,
//! bishops, knights, the game's other pieces in the order of its key,
//! pawns last; then by file and rank.

use crate::rules::picture::Picture;

/// One line per army, unwrapped: `White: Ke1, Qd1, Pa2`, and `White's
/// reserve: Q, 2 R` after an army that can hold pieces.
pub fn lines(picture: &Picture) -> Vec<String> {
    const ORTHODOX: [&str; 5] = ["king", "queen", "rook", "bishop", "knight"];
    let kind_order = |letter: char| {
        let Some(at) = picture.kinds.iter().position(|k| k.letter == letter) else {
            return usize::MAX;
        };
        let name = picture.kinds[at].name.to_ascii_lowercase();
        match ORTHODOX.iter().position(|&o| o == name) {
            Some(rank) => rank,
            None if name.starts_with("pawn") || name.contains("peono") => 1000 + at,
            None => ORTHODOX.len() + at,
        }
    };
    let mut out = Vec::new();
    for (seat, name) in picture.seats.iter().enumerate() {
        let mut men: Vec<(usize, i8, i8, String)> = picture
            .squares
            .iter()
            .filter_map(|spot| {
                let man = spot.piece.filter(|m| m.owner as usize == seat)?;
                Some((
                    kind_order(man.letter),
                    spot.file,
                    spot.rank,
                    format!("{}{}", man.letter, spot.name),
                ))
            })
            .collect();
        men.sort();
        let men: Vec<String> = men.into_iter().map(|(.., man)| man).collect();
        out.push(format!(
            "{name}: {}",
            if men.is_empty() {
                "no pieces".to_string()
            } else {
                men.join(", ")
            }
        ));
        for reserve in picture.reserves.iter().filter(|r| r.seat as usize == seat) {
            let held: Vec<String> = reserve
                .pieces
                .iter()
                .filter(|&&(_, n)| n > 0)
                .map(|&(letter, n)| match n {
                    1 => letter.to_string(),
                    n => format!("{n} {letter}"),
                })
                .collect();
            let note = reserve
                .note
                .as_ref()
                .map_or(String::new(), |n| format!(" ({n})"));
            out.push(format!(
                "{name}'s reserve: {}{note}",
                if held.is_empty() {
                    "none".to_string()
                } else {
                    held.join(", ")
                }
            ));
        }
    }
    out
}

/// [`lines`] for a text part: each wrapped at `width` columns between
/// pieces, its further lines indented by two spaces.
pub fn text(picture: &Picture, width: usize) -> String {
    let mut out = String::new();
    for line in lines(picture) {
        let mut column = 0;
        for (i, word) in line.split(' ').enumerate() {
            let len = word.chars().count();
            if i > 0 && column + 1 + len > width {
                out.push_str("\n  ");
                column = 2;
            } else if i > 0 {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += len;
        }
        out.push('\n');
    }
    out.truncate(out.trim_end().len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{VARIANTS, find_variant};

    #[test]
    fn chess_lists_each_army_king_first() {
        let start = find_variant("chess").unwrap().start(&[]).unwrap();
        let lines = lines(&start.picture(0).unwrap());
        assert_eq!(lines.len(), 2);
        assert!(
            lines[0].starts_with("White: Ke1, Qd1, Ra1, Rh1, Bc1, Bf1, Nb1, Ng1, Pa2, Pb2"),
            "{}",
            lines[0]
        );
        assert!(lines[1].starts_with("Black: Ke8, Qd8, Ra8"), "{}", lines[1]);
    }

    #[test]
    fn every_piece_of_every_game_is_listed_once_within_the_width() {
        for variant in VARIANTS.iter() {
            let start = variant.start(&[]).unwrap();
            let picture = start.picture(0).unwrap();
            let listed = lines(&picture)
                .iter()
                .filter(|l| !l.contains("reserve:"))
                .map(|l| match l.ends_with(": no pieces") {
                    // An army of none (Duck chess's neutral seat before
                    // the duck is placed).
                    true => 0,
                    false => l.split(", ").count(),
                })
                .sum::<usize>();
            let on_board = picture.squares.iter().filter(|s| s.piece.is_some()).count();
            assert_eq!(listed, on_board, "{}", variant.name());
            let text = text(&picture, 72);
            assert!(text.lines().all(|l| l.chars().count() <= 72), "{text}");
            for seat in &picture.seats {
                assert!(text.contains(&format!("{seat}: ")), "{}", variant.name());
            }
        }
    }

    #[test]
    fn reserves_are_listed_after_their_army() {
        let start = find_variant("orphic").unwrap().start(&[]).unwrap();
        let picture = start.picture(0).unwrap();
        let lines = lines(&picture);
        assert!(
            lines.iter().any(|l| l.starts_with("White's reserve: ")),
            "{lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with("Black's reserve: ")),
            "{lines:?}"
        );
    }
}
