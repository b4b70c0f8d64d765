//! Letters rendered for readers: the layer under the service that turns a
//! letter's facts into what a reader sees. It reads no store and calls no
//! service; it is given values (a [`crate::rules::picture::Picture`] of
//! the board, the letter's text) and returns text.
//!
//! - [`html`]: the HTML board of mails and web pages, and the HTML part
//!   of a board mail.

pub mod html;
