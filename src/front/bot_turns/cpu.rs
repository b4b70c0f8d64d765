//! The CPU time the computer player's thinking costs, for the hourly
//! budget (`bot-cpu-per-hour`): the thinking thread's own user and system
//! time, read from `/proc/thread-self/stat` (a thread's, because `serve`
//! thinks on a thread beside the one taking mail in). Where that file does
//! not exist the wall time stands in for it, which can only overcount.

use std::time::{Duration, Instant};

/// Clock ticks a second of `/proc`'s times (USER_HZ, fixed at 100 by
/// Linux's ABI whatever the kernel's own tick).
const TICKS_PER_SECOND: f64 = 100.0;

/// The calling thread's CPU time so far, if the system tells it.
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces:
    // the fields after it are counted from its closing one.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after
    // the name.
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_secs_f64(ticks as f64 / TICKS_PER_SECOND))
}

/// Measures the CPU one stretch of thinking takes.
pub struct Meter {
    cpu: Option<Duration>,
    wall: Instant,
}

impl Meter {
    pub fn start() -> Meter {
        Meter {
            cpu: thread_cpu(),
            wall: Instant::now(),
        }
    }

    /// Seconds of CPU since [`Meter::start`] (of the wall clock where the
    /// system does not tell the thread's CPU).
    pub fn seconds(&self) -> f64 {
        match (self.cpu, thread_cpu()) {
            (Some(before), Some(after)) => after.saturating_sub(before).as_secs_f64(),
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_is_counted_and_waiting_is_not() {
        let meter = Meter::start();
        std::thread::sleep(Duration::from_millis(50));
        let slept = meter.seconds();
        let mut x = 0u64;
        let spin = Instant::now();
        while spin.elapsed() < Duration::from_millis(300) {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
        }
        let spun = meter.seconds() - slept;
        assert!(slept < 0.04, "sleeping cost {slept} s of CPU");
        // Spinning 0.3 s of wall time on a shared machine gets some CPU.
        assert!(spun > 0.0, "spinning cost no CPU ({x})");
    }
}
