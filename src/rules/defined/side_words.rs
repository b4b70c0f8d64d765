//! The help page's words for rules that differ by side (Spartan chess):
//! each side's pawn types and what they promote to, where they are not
//! the same for both (`promotionPawnTypesBlack`,
//! `promotionPieceTypesWhite`/`Black`), and the duple check of a side
//! with several pseudo-royal pieces (`dupleCheck`).

use super::definition::Definition;
use crate::rules::chesslike::Rules;

/// True when the pawn types promote alike for both sides: each to the
/// same kinds, on a rank of the board for both.
pub fn promote_alike(rules: &Rules) -> bool {
    let ranks = i8::try_from(rules.spec.geometry.ranks()).unwrap_or(i8::MAX);
    rules.pawns.iter().all(|p| {
        p.promotions[0] == p.promotions[1]
            && p.promotion_rank.iter().all(|r| (0..ranks).contains(r))
    })
}

/// One line per side and pawn type that promotes for it: "Black's H
/// promotes on rank 1 to one of KGWLC."
pub fn promotion_lines(rules: &Rules) -> Vec<String> {
    let ranks = i8::try_from(rules.spec.geometry.ranks()).unwrap_or(i8::MAX);
    let mut out = Vec::new();
    for (seat, side) in ["White", "Black"].iter().enumerate() {
        for pawn in &rules.pawns {
            let rank = pawn.promotion_rank[seat];
            if !(0..ranks).contains(&rank) {
                continue;
            }
            let letters: String = pawn.promotions[seat]
                .iter()
                .map(|&k| rules.spec.kinds[k as usize].letter)
                .collect();
            let letter = rules.spec.kinds[pawn.kind as usize].letter;
            out.push(format!(
                "{side}'s {letter} promotes on rank {} to one of {letters}.",
                rank + 1
            ));
        }
    }
    out
}

/// With `dupleCheck`: what a side with several pseudo-royal pieces may
/// do.
pub fn duple_words(def: &Definition, kinds: &str) -> Option<String> {
    (def.duple_check && def.extinction_pseudo_royal).then(|| {
        format!(
            "A side with more {kinds}s may leave one of them attacked, not all of them at once; all of them attacked is its check."
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::defined::build::rules_of_text;

    /// Chigorin chess's promotions as Fairy-Stockfish has them (White's
    /// pawn to a chancellor, rook or knight; Black's to a queen, rook or
    /// bishop), and Spartan chess's pawn types of one side.
    #[test]
    fn each_side_promotes_to_its_own_pieces() {
        let chigorin = rules_of_text(
            "[c:chess]\nchancellor = c\npromotionPieceTypesWhite = crn\npromotionPieceTypesBlack = qrb\n",
        )
        .unwrap();
        assert!(!promote_alike(chigorin));
        assert_eq!(
            promotion_lines(chigorin),
            [
                "White's P promotes on rank 8 to one of CRN.",
                "Black's P promotes on rank 1 to one of QRB."
            ]
        );
        let hoplites = rules_of_text(
            "[h:chess]\ncustomPiece1 = h:fmFfcWimA\npromotionPawnTypesBlack = h\nenPassantRegion = -\n",
        )
        .unwrap();
        // White's H never promotes: its promotion rank is off the board.
        assert_eq!(
            promotion_lines(hoplites),
            [
                "White's P promotes on rank 8 to one of QRBN.",
                "Black's P promotes on rank 1 to one of QRBN.",
                "Black's H promotes on rank 1 to one of QRBN."
            ]
        );
        assert!(rules_of_text("[c:chess]\n").is_ok_and(promote_alike));
    }

    #[test]
    fn a_leaping_hoplite_with_en_passant_or_a_backward_leap_is_refused() {
        let e = rules_of_text("[h:chess]\ncustomPiece1 = h:fmFfcWimA\npromotionPawnTypes = ph\n")
            .unwrap_err();
        assert!(e.contains("enPassantRegion = -"), "{e}");
        let e = rules_of_text(
            "[h:chess]\ncustomPiece1 = h:fmFfcWimA\npromotionPawnTypes = ph\nenPassantRegion = -\ndoubleStepRegionWhite = *3\n",
        )
        .unwrap_err();
        assert!(
            e.contains("leaps backward onto the board from rank 3"),
            "{e}"
        );
    }
}
