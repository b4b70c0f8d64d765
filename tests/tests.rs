//! The one integration test binary: each module is a file beside this one.

mod bochess;
