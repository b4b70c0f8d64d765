//! The integration test binary: one module per area.

mod chess_oracle;
mod dice_audit;
mod orwell_perft;
mod orwell_random_games;
mod orwell_rules;
mod orwell_sample;
mod perft;
