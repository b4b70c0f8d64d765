//! The one integration-test binary: one module per area, each a file
//! beside this one.

mod bochess;
mod chess_cache;
mod chess_oracle;
mod cli;
mod dice_audit;
mod games;
mod grammar;
mod mail_atomic;
mod mail_cli;
mod mail_crash;
mod mail_guard;
mod mail_intake;
mod mail_once;
mod mail_outgoing;
mod mail_pages;
mod mail_property;
mod mail_refusals;
mod mail_wire;
mod orphic;
mod orthodia;
mod orwell_cli;
mod orwell_perft;
mod orwell_random_games;
mod orwell_rules;
mod orwell_sample;
mod perft;
mod pgn;
mod positions;
mod rebellion;
mod remind;
mod shell;
mod store;
mod util;
mod verbs;
mod verbs_social;
