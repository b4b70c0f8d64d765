//! Any command line: the parser returns a request or a one-line error.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|line: &str| {
    if let Err(error) = boserv::command::language::parse(line) {
        assert!(!error.to_string().contains('\n'));
    }
});
