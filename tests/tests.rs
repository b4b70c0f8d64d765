//! The integration tests: one binary, one module per subject.

mod orwell_rules;
mod orwell_sample;
