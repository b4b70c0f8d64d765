//! Players meeting players: challenges, invitations and consent, seeks,
//! ratings and standings, tournaments and ladders, messages and chat.

pub mod challenge;
pub mod consent;
#[cfg(test)]
mod quota_tests;
pub mod ratings;
pub mod seek;
pub mod social;
pub mod tournament;
