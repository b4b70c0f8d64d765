//! The list of games the server offers, found by their command word.

use super::Variant;
use super::orwell::Orwell;

/// Every game, in the order `boserv variants` lists them.
pub static VARIANTS: &[&dyn Variant] = &[
    &super::chess::Chess,
    &super::bochess::Bochess,
    &Orwell,
    &super::orphic::OrphicChess,
];

/// The game with this command word (case-insensitive).
pub fn find_variant(name: &str) -> Option<&'static dyn Variant> {
    VARIANTS
        .iter()
        .copied()
        .find(|v| v.name().eq_ignore_ascii_case(name))
}
