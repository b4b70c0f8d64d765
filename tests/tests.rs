//! The integration tests: one binary, one module per subject.

mod dice_audit;
mod orwell_perft;
mod orwell_random_games;
mod orwell_rules;
mod orwell_sample;
