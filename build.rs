//! Link settings of the `boserv` binary that make a process start faster.
//!
//! Every command is its own short process, so the dynamic loader's work
//! is paid on every move. On Linux with glibc the binary is linked at a
//! fixed address (`-no-pie`): as a PIE, the loader wrote 45,000 relative
//! relocations (vtables, `&'static str` in tables) into 330 pages of
//! `.data.rel.ro` at every start, each page a copy-on-write fault, half
//! of a move's 620 page faults. Without it a move costs 5.2-6.2 ms of CPU
//! instead of 5.8-7.0 (a durable sqlite3 insert: 1.27-1.32x instead of
//! 1.66x; `scripts/bench-move-cpu.py 40`, binaries alternated). The price
//! is that the binary's own code and data no longer move between runs
//! (the libraries, heap and stack still do); the parsing of untrusted
//! mail is safe Rust, and SQLite sees only bound parameters.
//! `BOSERV_LINK_PIE=1` at build time keeps a PIE, its relocations packed
//! (`-z pack-relative-relocs`, DT_RELR, read by glibc 2.36 and later).
//! `--as-needed` drops libraries nothing uses; `-O1` lets the linker
//! optimise the hash tables.
//! The unwinder (panics, backtraces) is linked in from GCC's static
//! libgcc_eh, as `gcc -static-libgcc` does, instead of loading
//! libgcc_s.so.1 into every process: loading it, relocating it and its
//! constructor (which asks the CPU what it supports, an instruction a
//! virtual machine traps) cost a tenth of a millisecond per command.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=BOSERV_LINK_PIE");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        for arg in ["-Wl,-z,pack-relative-relocs", "-Wl,--as-needed", "-Wl,-O1"] {
            println!("cargo:rustc-link-arg-bins={arg}");
        }
        if std::env::var_os("BOSERV_LINK_PIE").is_none_or(|v| v != "1") {
            println!("cargo:rustc-link-arg-bins=-no-pie");
        }
        // Before std's own `-lgcc_s` on the link line, so that it resolves
        // the unwinder's symbols and --as-needed drops libgcc_s.
        println!("cargo:rustc-link-lib=static:-bundle=gcc_eh");
    }
}
