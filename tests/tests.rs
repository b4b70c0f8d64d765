//! The one integration-test binary: each module is a file beside this one.

mod cli;
mod games;
mod mail_cli;
mod mail_intake;
mod mail_outgoing;
mod mail_wire;
mod store;
mod util;
