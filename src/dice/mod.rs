//! Commit-reveal dice: rolls nobody can bend, and everybody can check.
//!
//! When a game begins (its challenge accepted by all) the server draws a
//! secret 32-byte seed from the OS and publishes only its SHA-256, the
//! *commitment*. Every roll of the game is a
//! pure function of the seed, the game number and the roll's index, so once
//! the seed is revealed at the end of the game anyone can recompute every
//! roll (see [`HELP`], the text of `boserv help dice`) and [`audit`] the
//! stored ones. Nothing here does IO except [`Seed::from_os`].

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use sha2::{Digest, Sha256};

use crate::ids::GameId;
use crate::rules::{Dice, Roll};

/// The domain tag hashed in front of every roll key.
pub const DOMAIN: &[u8] = b"boserv-dice-v1";

/// Words at or above this bound are skipped, so that `w % 6` is unbiased:
/// 4294967292 = 6 × 715827882 is the largest multiple of 6 below 2^32.
/// (Six-faced dice; [`word_bound`] gives the bound for any die.)
pub const WORD_BOUND: u32 = word_bound(6) as u32;

/// The bound for a die of `faces` faces: the largest multiple of `faces`
/// not above 2^32. Words at or above it are skipped, so that every face is
/// equally likely.
pub const fn word_bound(faces: u8) -> u64 {
    let words = 1u64 << 32;
    words - words % faces as u64
}

/// The environment variable that fixes the seed of new games, read only by
/// builds for tests (debug assertions on): a release binary takes every
/// seed from the OS, since a known seed means known dice.
pub const TEST_SEED_ENV: &str = "BOSERV_DICE_SEED";

/// The text of `boserv help dice`.
pub const HELP: &str = include_str!("help.txt");

/// A game's secret: 32 bytes, kept hidden until the game ends.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seed(pub [u8; 32]);

impl std::fmt::Debug for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print a secret by accident in a debug dump.
        f.write_str("Seed(..)")
    }
}

/// Why a seed could not be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    #[error("the dice seed must be 64 hex digits, not {0:?}")]
    BadSeed(String),
    #[error("the operating system gave no random seed: {0}")]
    NoEntropy(String),
}

impl Seed {
    /// A fresh secret from the operating system.
    pub fn from_os() -> Result<Seed, DiceError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| DiceError::NoEntropy(e.to_string()))?;
        Ok(Seed(bytes))
    }

    /// A seed written as 64 hex digits (as revealed, or for tests).
    pub fn from_hex(text: &str) -> Result<Seed, DiceError> {
        let bad = || DiceError::BadSeed(text.to_string());
        let bytes = hex::decode(text.trim()).map_err(|_| bad())?;
        Ok(Seed(bytes.try_into().map_err(|_| bad())?))
    }

    /// The seed of a new game: the test/replay override when one is given
    /// (the value of [`TEST_SEED_ENV`], read by the caller), else the OS.
    pub fn for_new_game(test_override: Option<&str>) -> Result<Seed, DiceError> {
        match test_override {
            Some(text) => Seed::from_hex(text),
            None => Seed::from_os(),
        }
    }

    /// The seed as 64 lowercase hex digits, for the reveal.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// The commitment published at the challenge: hex SHA-256 of the seed.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }
}

/// The ChaCha20 key of roll `n`: SHA-256(DOMAIN ‖ seed ‖ game ‖ n), the
/// numbers as 8-byte big-endian.
pub fn roll_key(seed: &Seed, game: GameId, n: u64) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(DOMAIN);
    hash.update(seed.0);
    hash.update(game.0.to_be_bytes());
    hash.update(n.to_be_bytes());
    hash.finalize().into()
}

/// The dice drawn from a key: the ChaCha20 keystream read as 32-bit words.
pub fn dice_from_key(key: [u8; 32], dice: &Dice) -> Roll {
    let mut stream = ChaCha20Rng::from_seed(key);
    dice_from_words(std::iter::from_fn(|| Some(stream.next_u32())), dice)
}

/// The first `dice.count` dice of a word stream: each word below the
/// [`word_bound`] of the faces gives one die `w % faces + 1`, larger words
/// are skipped. First die first.
pub fn dice_from_words(words: impl IntoIterator<Item = u32>, dice: &Dice) -> Roll {
    let faces = dice.faces.max(1);
    let bound = word_bound(faces);
    let faces_shown: Vec<u8> = words
        .into_iter()
        .filter(|&w| u64::from(w) < bound)
        .map(|w| (w % u32::from(faces) + 1) as u8)
        .take(usize::from(dice.count))
        .collect();
    Roll::new(&faces_shown).expect("a keystream never ends, and a game rolls 1 to MAX_DICE dice")
}

/// Roll `n` (0, 1, … counting every turn, passed ones too) of `game`.
pub fn roll(seed: &Seed, game: GameId, n: u64, dice: &Dice) -> Roll {
    dice_from_key(roll_key(seed, game, n), dice)
}

/// The first `count` rolls of a game.
pub fn rolls(seed: &Seed, game: GameId, count: usize, dice: &Dice) -> Vec<Roll> {
    (0..count as u64)
        .map(|n| roll(seed, game, n, dice))
        .collect()
}

/// A stored roll that is not the one the seed gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The roll's index (0 = the first turn).
    pub n: u64,
    pub stored: Roll,
    pub expected: Roll,
}

/// What [`audit`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audit {
    /// The seed hashes to the published commitment.
    pub commitment_holds: bool,
    /// The first stored roll the seed does not give, if any.
    pub first_mismatch: Option<Mismatch>,
}

impl Audit {
    /// Everything checks out.
    pub fn ok(&self) -> bool {
        self.commitment_holds && self.first_mismatch.is_none()
    }
}

impl std::fmt::Display for Audit {
    /// `rolls: ok`, or what is wrong, on one line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut problems = Vec::new();
        if !self.commitment_holds {
            problems.push("the seed does not match the commitment".to_string());
        }
        if let Some(m) = &self.first_mismatch {
            problems.push(format!(
                "roll {} was stored as {} but the seed gives {}",
                m.n, m.stored, m.expected
            ));
        }
        if problems.is_empty() {
            f.write_str("rolls: ok")
        } else {
            write!(f, "rolls: MISMATCH {}", problems.join("; "))
        }
    }
}

/// Checks a revealed seed against the commitment (hex, any case) and the
/// stored rolls of a game of these dice, roll 0 first.
pub fn audit(seed: &Seed, commitment: &str, game: GameId, dice: &Dice, stored: &[Roll]) -> Audit {
    let commitment_holds = seed.commitment().eq_ignore_ascii_case(commitment.trim());
    let first_mismatch = stored.iter().enumerate().find_map(|(n, &stored)| {
        let expected = roll(seed, game, n as u64, dice);
        (stored != expected).then_some(Mismatch {
            n: n as u64,
            stored,
            expected,
        })
    });
    Audit {
        commitment_holds,
        first_mismatch,
    }
}

#[cfg(test)]
mod tests;
