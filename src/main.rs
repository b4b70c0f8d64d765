//! The `boserv` binary. Everything between the operating system and the
//! library is the front end in `cli/`; this file only hands over to it.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
