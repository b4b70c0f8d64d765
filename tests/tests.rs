//! The one integration-test binary: one module per area, each a file
//! beside this one.

mod chess_oracle;
mod cli;
mod games;
mod mail_intake;
mod mail_outgoing;
mod mail_wire;
mod perft;
mod remind;
mod store;
mod util;
