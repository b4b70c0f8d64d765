//! boserv: a play-by-mail server for chess variants.
//!
//! Players send commands by mail or from a shell; boserv checks them against
//! the rules of the game, keeps every game in SQLite and mails ASCII boards.
//!
//! The layers, each importing only those below it (checked by
//! `tests/architecture.rs`):
//!
//! 1. front ends: [`front`] (a received mail's commands run, the spool
//!    drained, a command dispatched) and the binary's `cli/` (the
//!    process's edge: arguments, the shell's and the MTA's commands,
//!    output, which database a run uses);
//! 2. [`service`]: one transaction per command; decides who is told what
//!    and builds the letters as data, queued in the same transaction;
//! 3. [`mail`]: the edge (parse, spool, outbox, transports, settings);
//! 4. [`letters`]: the letters' data and their templates, rendered into
//!    the parts of a mail; reads no store, calls no service;
//! 5. [`command`]: commands as data and the one verb table (grammar);
//! 6. [`store`], SQLite;
//! 7. [`clock`], [`dice`]; then [`ids`], names every layer shares;
//! 8. [`bot`] (the computer player's search: a position in, a turn out;
//!    the service plays its turns) and [`tournament`] (the arithmetic of
//!    tournaments: pairings, crosstables, brackets, ladders);
//! 9. [`rules`]: pure game logic, importing none of the above.

pub mod bot;
pub mod clock;
pub mod command;
pub mod dice;
pub mod front;
pub mod ids;
pub mod letters;
pub mod mail;
pub mod rules;
pub mod service;
pub mod store;
pub mod tournament;
pub mod web;
