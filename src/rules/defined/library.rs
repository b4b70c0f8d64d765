//! The games shipped with boserv, defined in `variants/library.ini` (the
//! project's own file, in Fairy-Stockfish's syntax and under its names),
//! read once per process.

use std::sync::LazyLock;

use super::{DefinedGame, Loaded, Refusal, load};
use crate::rules::registry::SEEDS;

/// The library file, as shipped.
pub const LIBRARY_INI: &str = include_str!("../../../variants/library.ini");

static LOADED: LazyLock<Loaded> = LazyLock::new(|| {
    load(LIBRARY_INI, &[], &|name| {
        SEEDS.iter().any(|s| s.name().eq_ignore_ascii_case(name))
    })
});

/// The library's games, in the file's order.
pub static LIBRARY: LazyLock<&'static [DefinedGame]> = LazyLock::new(|| &LOADED.games);

/// The library's sections that were refused (none, as shipped: a test
/// holds it so).
pub fn library_refusals() -> &'static [Refusal] {
    &LOADED.refused
}
