//! The integration test binary: one module per area.

mod bochess;
mod chess_oracle;
mod perft;
