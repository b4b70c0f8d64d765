//! The process's allocator, chosen by its verb before anything is allocated.
//!
//! A command is a process of two or three milliseconds, and there glibc's
//! malloc is the cheapest start: mimalloc reserves and faults in its own
//! arena, which made a `boserv move` 0.3 ms (15%) dearer in CPU
//! (`scripts/bench-move-cpu.py`). A `remind` over a million games is the
//! opposite: hundreds of thousands of short-lived strings, rows and
//! letters, built on one thread and freed in batches, where glibc's
//! `malloc`, `free` and their consolidation were a sixth of the run's
//! thread (`perf record`) and mimalloc took 9% off the run's wall time
//! (`scripts/bench-remind.sh`, runs alternated).
//!
//! So the process looks at argv before the first allocation ([`choose`]):
//! the verb `remind` takes mimalloc, everything else glibc's, advised into
//! huge pages for large blocks ([`HugePages`]). glibc calls the functions
//! of `.init_array` with argc and argv before `main` (std reads its own
//! `std::env::args` the same way), and no Rust code allocates before them,
//! so the choice is made once, before any allocation and any thread, and
//! never changes: every block is freed by the allocator that made it.
//! Reading argv wrong can only make a process slower, never wrong: both
//! allocators are complete. Elsewhere than Linux with glibc nothing is
//! chosen and every verb keeps the system's allocator.

// The binary's unit tests run under the test harness, which chooses
// nothing.
#![cfg_attr(test, allow(dead_code))]

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::{CStr, c_char, c_int};
use std::sync::atomic::{AtomicBool, Ordering};

use mimalloc::MiMalloc;

use super::huge_pages::HugePages;
use super::quick_args::OPTIONS;

/// Whether this process allocates from mimalloc (set once by [`choose`]).
static LONG_RUN: AtomicBool = AtomicBool::new(false);

/// The verbs whose processes run long over many games.
const LONG_RUNS: &[&[u8]] = &[b"remind"];

/// The process's verb: the first word that is neither an option nor an
/// option's value.
fn verb<'a>(args: impl IntoIterator<Item = &'a [u8]>) -> Option<&'a [u8]> {
    let mut args = args.into_iter();
    while let Some(word) = args.next() {
        if !word.starts_with(b"-") {
            return Some(word);
        }
        // A global option with its value as the next word (`--x=VALUE`
        // is one word), as `quick_args` reads them.
        if OPTIONS.iter().any(|(name, _)| name.as_bytes() == word) {
            args.next();
        }
    }
    None
}

#[global_allocator]
static ALLOCATOR: Allocator = Allocator;

/// Chooses the allocator from the process's arguments (without the
/// program's name), before anything allocates: [`FROM_ARGV`] calls it.
fn choose(args: &[&CStr]) {
    let long = verb(args.iter().map(|a| a.to_bytes())).is_some_and(|v| LONG_RUNS.contains(&v));
    LONG_RUN.store(long, Ordering::Relaxed);
}

/// glibc calls this before `main`, with `main`'s arguments.
#[cfg(all(not(test), target_os = "linux", target_env = "gnu"))]
#[used]
#[unsafe(link_section = ".init_array")]
static FROM_ARGV: extern "C" fn(c_int, *const *const c_char, *const *const c_char) = from_argv;

/// [`choose`] on argv, read in place (an array of pointers on the stack,
/// no `Vec`: nothing may allocate yet).
#[cfg_attr(not(all(target_os = "linux", target_env = "gnu")), allow(dead_code))]
extern "C" fn from_argv(argc: c_int, argv: *const *const c_char, _env: *const *const c_char) {
    let mut words = [c""; 16];
    let n = usize::try_from(argc)
        .unwrap_or(0)
        .saturating_sub(1)
        .min(words.len());
    for (i, word) in words.iter_mut().take(n).enumerate() {
        // SAFETY: glibc hands the `.init_array` functions `main`'s `argc`
        // valid NUL-terminated strings in `argv`; index 0 is the program.
        *word = unsafe { CStr::from_ptr(*argv.add(i + 1)) };
    }
    choose(&words[..n]);
}

/// glibc's allocator (advised into huge pages) or mimalloc, as [`choose`]
/// said.
pub struct Allocator;

/// The allocator [`choose`] chose.
fn chosen() -> &'static dyn GlobalAlloc {
    if LONG_RUN.load(Ordering::Relaxed) {
        &MiMalloc
    } else {
        &HugePages
    }
}

// SAFETY: each call goes to one complete allocator, the same one for a
// block's whole life: the choice is made before the first allocation and
// never changes.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `GlobalAlloc::alloc`, passed on.
        unsafe { chosen().alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `GlobalAlloc::alloc_zeroed`, passed on.
        unsafe { chosen().alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from the same allocator with this layout.
        unsafe { chosen().dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `GlobalAlloc::realloc`, passed on to the allocator
        // that made `ptr`.
        unsafe { chosen().realloc(ptr, layout, new_size) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verb_of(line: &str) -> Option<&str> {
        verb(line.split_whitespace().map(str::as_bytes)).map(|v| std::str::from_utf8(v).unwrap())
    }

    #[test]
    fn the_verb_is_the_first_word_after_the_options_and_their_values() {
        assert_eq!(verb_of("remind"), Some("remind"));
        assert_eq!(
            verb_of("--db x.db --now 2026-01-01T00:00:00Z remind"),
            Some("remind")
        );
        assert_eq!(verb_of("--db=x.db remind"), Some("remind"));
        assert_eq!(verb_of("--as remind games"), Some("games"));
        assert_eq!(verb_of("move game1 remind"), Some("move"));
        assert_eq!(verb_of("--help"), None);
        assert_eq!(verb_of(""), None);
    }
}
