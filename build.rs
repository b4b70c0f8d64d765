//! Link settings of the `boserv` binary that make a process start faster.
//!
//! Every command is its own short process, so the dynamic loader's work
//! is paid on every move. On Linux with glibc the binary stays a PIE (its
//! addresses randomised: it parses untrusted mail) but its relative
//! relocations are packed (`-z pack-relative-relocs`, DT_RELR, read by
//! glibc 2.36 and later): 14,000 of them took 340 KB of 24-byte records
//! that the loader read and applied one by one. `--as-needed` drops
//! libraries nothing uses; `-O1` lets the linker optimise the hash tables.
//! The unwinder (panics, backtraces) is linked in from GCC's static
//! libgcc_eh, as `gcc -static-libgcc` does, instead of loading
//! libgcc_s.so.1 into every process: loading it, relocating it and its
//! constructor (which asks the CPU what it supports, an instruction a
//! virtual machine traps) cost a tenth of a millisecond per command.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        for arg in ["-Wl,-z,pack-relative-relocs", "-Wl,--as-needed", "-Wl,-O1"] {
            println!("cargo:rustc-link-arg-bins={arg}");
        }
        // Before std's own `-lgcc_s` on the link line, so that it resolves
        // the unwinder's symbols and --as-needed drops libgcc_s.
        println!("cargo:rustc-link-lib=static:-bundle=gcc_eh");
    }
}
