//! The list of games the server offers, found by their command word.

use super::Variant;
use super::orwell::Orwell;

/// Every game, in the order `boserv variants` lists them.
pub static VARIANTS: &[&dyn Variant] = &[
    &super::chess::CHESS,
    &super::bochess::BOCHESS,
    &Orwell,
    &super::orphic::ORPHIC,
    &super::orthodia::ORTHODIA,
    &super::orthodia::ORTHODIA_SIMPLE,
    &super::rebellion::REBELLION_GAME,
    &super::rebellion::SQUIRM_GAME,
];

/// The game with this command word (case-insensitive).
pub fn find_variant(name: &str) -> Option<&'static dyn Variant> {
    VARIANTS
        .iter()
        .copied()
        .find(|v| v.name().eq_ignore_ascii_case(name))
}
