//! Any bytes an MTA might hand over: intake must answer, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|raw: &[u8]| {
    if let boserv::mail::inbound::Intake::Letter(letter) = boserv::mail::inbound::read(raw) {
        assert!(!letter.subject.chars().any(char::is_control));
        for line in &letter.commands {
            let _ = boserv::command::language::parse(line);
        }
    }
});
