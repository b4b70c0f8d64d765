//! What a game leaves behind: its history, its record (PGN) and audit,
//! its board shown again, its published pages, and the help pages.

pub mod audit;
pub mod games_list;
pub mod help;
pub mod history;
pub mod publish;
pub mod record;
pub mod show;
