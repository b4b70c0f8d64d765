//! boserv: a play-by-mail server for chess variants.
//!
//! Players send commands by mail or from a shell; boserv checks them against
//! the rules of the game, keeps every game in SQLite and mails ASCII boards.
//! The layers, from the inside out: [`rules`] (pure game logic), `store`
//! (SQLite), `service` (one transaction per command), `mail` (intake and the
//! outbox), and the clap front end in `main.rs`.

pub mod bot;
pub mod clock;
pub mod command;
pub mod dice;
pub mod letters;
pub mod mail;
pub mod rules;
pub mod service;
pub mod store;
pub mod system_config;
pub mod web;
