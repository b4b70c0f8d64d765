//! The integration test binary: one module per area.

mod chess_oracle;
mod perft;
