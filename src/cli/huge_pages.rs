//! Large allocations in transparent huge pages.
//!
//! A password is checked with argon2 (src/service/login.rs), which
//! fills 19 MiB of fresh memory. In a process per mail, every 4 KiB page
//! of it is a page fault on first touch, and the memory is touched twice
//! (zeroed, then filled): about 10,000 faults, two-fifths of a password
//! mail's CPU, in the kernel. Linux backs memory in 2 MiB pages when asked
//! (`madvise(MADV_HUGEPAGE)`; distributions default to asking), which
//! makes those faults a dozen. So every allocation of at least
//! [`HUGE_FROM`] bytes is advised so before it is first touched; all
//! allocation itself stays the system allocator's. A password mail's CPU:
//! 38 ms with the advice, 56 ms without (5,250 page faults instead of
//! 1,160; 40 mails of each binary alternated, 2026-11-29).
//!
//! It is every process's allocator, glibc's: mimalloc for `remind` (chosen
//! from argv before `main`) was measured again and made a `remind` over
//! 300,000 games slower, not faster (2.9-3.2 s against glibc's 2.3-2.8,
//! runs alternated), so it went.

use std::alloc::{GlobalAlloc, Layout, System};

/// Allocations from this size on are advised to use huge pages.
const HUGE_FROM: usize = 4 << 20;

/// The size of a huge page (x86-64, arm64 with 4 KiB base pages).
const HUGE_PAGE: usize = 2 << 20;

/// The system allocator, advising large blocks to use huge pages.
pub struct HugePages;

#[global_allocator]
static ALLOCATOR: HugePages = HugePages;

/// Advises the whole huge pages inside `[ptr, ptr + size)`.
fn advise(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() || size < HUGE_FROM {
        return ptr;
    }
    let start = (ptr as usize).next_multiple_of(HUGE_PAGE);
    let end = (ptr as usize + size) / HUGE_PAGE * HUGE_PAGE;
    if end > start {
        // SAFETY: the range lies inside the block just allocated; the
        // advice changes how it is backed, never its contents. Failing
        // (a kernel without THP) leaves it as it was.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
    ptr
}

// SAFETY: every call is passed on to `System` with the same layout; the
// only addition is advice on memory the block owns.
unsafe impl GlobalAlloc for HugePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `GlobalAlloc::alloc`, passed on.
        advise(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() < HUGE_FROM {
            // SAFETY: as `GlobalAlloc::alloc_zeroed`, passed on.
            return unsafe { System.alloc_zeroed(layout) };
        }
        // Advised before it is zeroed, so that zeroing faults huge pages.
        // SAFETY: as `GlobalAlloc::alloc`; the block is `layout.size()`
        // bytes long when not null.
        unsafe {
            let ptr = self.alloc(layout);
            if !ptr.is_null() {
                std::ptr::write_bytes(ptr, 0, layout.size());
            }
            ptr
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `GlobalAlloc::realloc`, passed on.
        advise(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_blocks_are_usable_and_zeroed() {
        let layout = Layout::from_size_align(HUGE_FROM * 2 + 12_345, 64).unwrap();
        unsafe {
            let ptr = HugePages.alloc_zeroed(layout);
            assert!(!ptr.is_null());
            let block = std::slice::from_raw_parts_mut(ptr, layout.size());
            assert!(block.iter().all(|&b| b == 0));
            block.fill(7);
            let ptr = HugePages.realloc(ptr, layout, layout.size() * 2);
            assert_eq!(*ptr.add(layout.size() - 1), 7);
            HugePages.dealloc(ptr, Layout::from_size_align(layout.size() * 2, 64).unwrap());
        }
        let small = vec![0u8; 1000];
        assert_eq!(small.len(), 1000);
    }
}
