//! Promotion with a choice from a definition (Grand chess): Fairy-
//! Stockfish's `mandatoryPawnPromotion = false` (a pawn may enter its
//! promotion zone without promoting), `promotionLimit` (it becomes only
//! a kind the side has fewer of than that kind's limit: one it has lost)
//! and `immobilityIllegal` (no move goes where the piece would have no
//! move left: a pawn enters its last rank only by promoting). The core
//! plays them (`chesslike/pawns.rs` [`PromotionChoice`]).
//!
//! `immobilityIllegal` is played for the pawns only; a game with another
//! piece that has no move from some square (a forward-only piece on its
//! last rank) is refused, naming the key.

use super::DefinitionError;
use super::definition::Definition;
use crate::rules::board::BoardSpec;
use crate::rules::chesslike::PromotionChoice;
use crate::rules::reach::Use;

fn refuse(def: &Definition, why: String) -> DefinitionError {
    DefinitionError::Game {
        name: def.name.clone(),
        why,
    }
}

/// The choice of a pawn type whose steps are `steps` (the kinds lettered
/// by `letter_of`); `None` where promotion is plain (compulsory, to any
/// of its promotions).
pub fn choice(
    def: &Definition,
    letter_of: &dyn Fn(u8) -> char,
    steps: &[(i8, i8)],
) -> Result<Option<PromotionChoice>, DefinitionError> {
    for &(letter, _) in &def.promotion_limits {
        if def.piece(letter).is_none() {
            return Err(refuse(
                def,
                format!("promotionLimit: no piece has the letter {letter}"),
            ));
        }
    }
    if def.promotion_limits.is_empty() && def.mandatory_pawn_promotion {
        return Ok(None);
    }
    // Per kind: promotionLimit counts a kind whichever side promotes.
    let limits = (0..def.pieces.len() as u8)
        .map(|k| {
            let letter = letter_of(k);
            def.promotion_limits
                .iter()
                .find(|&&(l, _)| l == letter)
                .map_or(0, |&(_, n)| n)
        })
        .collect();
    // Only forward steps: on its last rank a pawn could not move.
    let stuck = steps.iter().all(|&(_, dr)| dr > 0);
    Ok(Some(PromotionChoice {
        limits,
        optional: !def.mandatory_pawn_promotion,
        immobile: (def.immobility_illegal && stuck).then_some([def.ranks as i8 - 1, 0]),
    }))
}

/// With `immobilityIllegal`: refuses the game when a piece other than
/// the pawn types (`pawns`) has no move from some square of the board.
pub fn check_immobility(
    def: &Definition,
    spec: &BoardSpec,
    pawns: &[u8],
) -> Result<(), DefinitionError> {
    if !def.immobility_illegal {
        return Ok(());
    }
    let reach = spec.reach();
    for kind in 0..spec.kinds.len() as u8 {
        if pawns.contains(&kind) {
            continue;
        }
        for facing in [1, -1] {
            for sq in spec.geometry.squares() {
                let moves = reach.alone(kind, Use::Move, facing, sq);
                if moves.is_some_and(|m| m.iter().next().is_none()) {
                    return Err(refuse(
                        def,
                        format!(
                            "immobilityIllegal: boserv plays it only where every piece but the pawns can always move (the {} cannot from {})",
                            spec.kinds[kind as usize].name,
                            spec.geometry.name(sq)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::build::rules_of_text as built;

    #[test]
    fn limits_follow_the_promotion_types_and_the_last_rank_is_immobile() {
        let r = built("[g:chess]\npromotionLimit = q:1 n:2\nmandatoryPawnPromotion = false\nimmobilityIllegal = true\n").unwrap();
        let pawn = &r.pawns[0];
        let choice = pawn.choice.as_ref().unwrap();
        let letters: Vec<char> = pawn.promotions[0]
            .iter()
            .map(|&k| r.spec.kinds[k as usize].letter)
            .collect();
        assert_eq!(letters, ['Q', 'R', 'B', 'N']);
        let limit = |letter: char| {
            let k = r
                .spec
                .kinds
                .iter()
                .position(|k| k.letter == letter)
                .unwrap();
            choice.limits[k]
        };
        assert_eq!(['Q', 'R', 'B', 'N'].map(limit), [1, 0, 0, 2]);
        assert!(choice.optional);
        assert_eq!(choice.immobile, Some([7, 0]));
        // A pawn may stand on its promotion zone's ranks but the last.
        assert!(!pawn.barred_rank(0, 6) && pawn.barred_rank(0, 7));
        // Chess's promotion is plain.
        assert!(built("[c:chess]\n").unwrap().pawns[0].choice.is_none());
    }

    #[test]
    fn an_immobile_piece_refuses_immobility_illegal_naming_it() {
        let e = built("[f:chess]\ncustomPiece1 = l:fR\nimmobilityIllegal = true\n").unwrap_err();
        assert!(
            e.contains("immobilityIllegal") && e.contains("cannot from"),
            "{e}"
        );
        let e = built("[f:chess]\npromotionLimit = z:1\n").unwrap_err();
        assert!(
            e.contains("promotionLimit: no piece has the letter z"),
            "{e}"
        );
        let e = built("[f:chess]\npromotionLimit = q\n").unwrap_err();
        assert!(e.contains("promotionLimit: expected letter:count"), "{e}");
    }
}
