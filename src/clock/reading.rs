//! Reading a turn clock: how long the player to move has waited, which
//! reminder is due, and whether they have run out of time.

use chrono::{DateTime, TimeDelta, Utc};

use super::{Limits, Pauses, Vacation};

/// How far a projection of the forfeit date may look ahead: the longest
/// limit plus every allowance it could cross, with room to spare.
const PROJECTION_YEARS: i64 = 3;

/// One reading of the clock of the player to move, at `now`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Time the clock has run since it started (vacation pauses left out).
    pub waited: TimeDelta,
    /// The reminder due: 0 before the first, `n` once the clock has run
    /// `n` nag periods (never past the last reminder before the forfeit).
    pub nag_period: u32,
    /// The forfeit time has been reached.
    pub forfeit_due: bool,
    /// When the player forfeits (or forfeited) if they do not move: the
    /// clock keeps running from `now`, or, while they are on vacation,
    /// stands still until the vacation allowance runs out.
    pub forfeit_at: DateTime<Utc>,
    /// While the clock stands still at `now` (vacation): when it runs again
    /// if the vacation goes on.
    pub paused_until: Option<DateTime<Utc>>,
}

impl Reading {
    /// Reads the clock started at `started` for a game with `limits`, for a
    /// player with `vacations`.
    pub fn take(
        limits: &Limits,
        started: DateTime<Utc>,
        vacations: &[Vacation],
        now: DateTime<Utc>,
    ) -> Self {
        if vacations.is_empty() {
            return Reading::with_pauses(limits, started, &Pauses::none(), now);
        }
        let horizon = now.max(started) + TimeDelta::days(366 * PROJECTION_YEARS);
        Reading::with_pauses(limits, started, &Pauses::new(vacations, horizon), now)
    }

    /// As [`Reading::take`], with the player's pauses already worked out
    /// (`remind` computes them once per player, not once per game). For a
    /// projected forfeit date, the pauses must have been built with a
    /// horizon beyond `now`.
    pub fn with_pauses(
        limits: &Limits,
        started: DateTime<Utc>,
        pauses: &Pauses,
        now: DateTime<Utc>,
    ) -> Self {
        let waited = pauses.running_between(started, now);
        let forfeit_due = waited >= limits.forfeit();
        let nag_period = u32::try_from(waited.num_seconds() / limits.nag().num_seconds())
            .unwrap_or(u32::MAX)
            .min(limits.last_nag_period());
        let forfeit_at = if forfeit_due {
            pauses.advance(started, limits.forfeit())
        } else {
            pauses.advance(now.max(started), limits.forfeit() - waited)
        };
        Reading {
            waited,
            nag_period,
            forfeit_due,
            forfeit_at,
            paused_until: pauses.paused_until(now),
        }
    }

    /// Whole days waited, as the reminder mail says them.
    pub fn days_waited(&self) -> i64 {
        self.waited.num_days()
    }

    /// True when the clock stands still now.
    pub fn is_paused(&self) -> bool {
        self.paused_until.is_some()
    }

    /// The reminder to send, given the last one sent for this turn
    /// (0: none yet). However often it is asked, a period is reminded once;
    /// a period skipped (no run while it lasted) is not made up.
    pub fn reminder_due(&self, last_sent: u32) -> Option<u32> {
        (!self.forfeit_due && self.nag_period > last_sent).then_some(self.nag_period)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn start() -> DateTime<Utc> {
        t("2026-03-01T09:30:00Z")
    }

    fn after(d: i64, h: i64) -> DateTime<Utc> {
        start() + TimeDelta::days(d) + TimeDelta::hours(h)
    }

    fn vac(s: DateTime<Utc>, e: Option<DateTime<Utc>>) -> Vacation {
        Vacation { start: s, end: e }
    }

    fn read(limits: Limits, vacations: &[Vacation], now: DateTime<Utc>) -> Reading {
        Reading::take(&limits, start(), vacations, now)
    }

    #[test]
    fn a_games_life_with_default_limits() {
        let l = Limits::default();
        let fresh = read(l, &[], after(6, 23));
        assert_eq!(
            (fresh.nag_period, fresh.forfeit_due, fresh.days_waited()),
            (0, false, 6)
        );
        assert_eq!(fresh.reminder_due(0), None);
        assert_eq!(fresh.forfeit_at, after(21, 0));

        let week = read(l, &[], after(7, 0));
        assert_eq!(
            (week.nag_period, week.forfeit_due, week.days_waited()),
            (1, false, 7)
        );
        assert_eq!(week.reminder_due(0), Some(1));
        assert_eq!(week.reminder_due(1), None, "never twice for one period");
        assert_eq!(week.forfeit_at, after(21, 0));

        let late = read(l, &[], after(13, 23));
        assert_eq!(late.reminder_due(1), None);

        let two = read(l, &[], after(14, 0));
        assert_eq!(two.reminder_due(1), Some(2));

        let last = read(l, &[], after(20, 23));
        assert_eq!((last.nag_period, last.forfeit_due), (2, false));
        assert_eq!(last.reminder_due(2), None);

        let gone = read(l, &[], after(21, 0));
        assert!(gone.forfeit_due);
        assert_eq!(
            gone.reminder_due(2),
            None,
            "a forfeit is not also a reminder"
        );
        assert_eq!(gone.forfeit_at, after(21, 0));
        let long_gone = read(l, &[], after(400, 0));
        assert!(long_gone.forfeit_due);
        assert_eq!(
            long_gone.forfeit_at,
            after(21, 0),
            "the date it fell, not today"
        );
    }

    #[test]
    fn a_skipped_period_is_not_made_up() {
        // cron did not run between day 7 and day 15: one reminder, for period 2.
        let r = read(Limits::default(), &[], after(15, 0));
        assert_eq!(r.reminder_due(0), Some(2));
        assert_eq!(r.reminder_due(2), None);
    }

    #[test]
    fn a_clock_not_yet_started_has_waited_nothing() {
        let r = read(Limits::default(), &[], after(-2, 0));
        assert_eq!(
            (r.waited, r.nag_period, r.forfeit_due),
            (TimeDelta::zero(), 0, false)
        );
        assert_eq!(r.forfeit_at, after(21, 0));
    }

    #[test]
    fn per_game_limits() {
        let l = Limits {
            nag_days: 2,
            forfeit_days: 5,
        };
        assert_eq!(read(l, &[], after(1, 23)).nag_period, 0);
        assert_eq!(read(l, &[], after(2, 0)).reminder_due(0), Some(1));
        assert_eq!(read(l, &[], after(4, 0)).reminder_due(1), Some(2));
        assert_eq!(read(l, &[], after(4, 23)).reminder_due(2), None);
        assert!(!read(l, &[], after(4, 23)).forfeit_due);
        assert!(read(l, &[], after(5, 0)).forfeit_due);
        assert_eq!(read(l, &[], after(0, 0)).forfeit_at, after(5, 0));
    }

    #[test]
    fn nag_at_or_beyond_forfeit_only_forfeits() {
        for nag_days in [10, 11, 40] {
            let l = Limits {
                nag_days,
                forfeit_days: 10,
            };
            let before = read(l, &[], after(9, 23));
            assert_eq!(
                (before.nag_period, before.forfeit_due),
                (0, false),
                "nag {nag_days}"
            );
            let at = read(l, &[], after(10, 0));
            assert!(at.forfeit_due);
            assert_eq!(at.reminder_due(0), None);
        }
        // Forfeit one day after the only reminder.
        let l = Limits {
            nag_days: 9,
            forfeit_days: 10,
        };
        assert_eq!(read(l, &[], after(9, 0)).reminder_due(0), Some(1));
        assert_eq!(read(l, &[], after(9, 23)).reminder_due(1), None);
    }

    #[test]
    fn a_vacation_stops_the_clock() {
        let l = Limits::default();
        let v = [vac(after(3, 0), Some(after(13, 0)))];
        // Ten days of vacation: the first reminder moves from day 7 to 17.
        assert_eq!(read(l, &v, after(16, 23)).nag_period, 0);
        assert_eq!(read(l, &v, after(17, 0)).reminder_due(0), Some(1));
        assert_eq!(read(l, &v, after(17, 0)).days_waited(), 7);
        assert!(!read(l, &v, after(30, 23)).forfeit_due);
        assert!(read(l, &v, after(31, 0)).forfeit_due);
        assert_eq!(read(l, &v, after(0, 0)).forfeit_at, after(31, 0));
        assert_eq!(read(l, &v, after(31, 0)).forfeit_at, after(31, 0));
    }

    #[test]
    fn while_on_vacation_the_clock_stands_and_says_until_when() {
        let l = Limits::default();
        let v = [vac(after(5, 0), None)];
        let r = read(l, &v, after(12, 0));
        assert!(r.is_paused());
        assert_eq!(r.days_waited(), 5);
        assert_eq!(r.reminder_due(0), None);
        // The allowance lasts 30 days from the start of the vacation.
        assert_eq!(r.paused_until, Some(after(35, 0)));
        // If the vacation goes on: 5 days waited, 30 paused, 16 to go.
        assert_eq!(r.forfeit_at, after(51, 0));
    }

    #[test]
    fn the_allowance_runs_out_and_the_clock_runs_again() {
        let l = Limits::default();
        let v = [vac(after(1, 0), None)];
        // Vacation from day 1; the allowance ends on day 31, then the clock runs.
        let r = read(l, &v, after(31, 0));
        assert!(!r.is_paused());
        assert_eq!(r.days_waited(), 1);
        assert_eq!(read(l, &v, after(37, 0)).reminder_due(0), Some(1));
        assert!(!read(l, &v, after(50, 23)).forfeit_due);
        assert!(read(l, &v, after(51, 0)).forfeit_due);
        assert_eq!(read(l, &v, after(51, 0)).forfeit_at, after(51, 0));
    }

    #[test]
    fn a_vacation_begun_before_the_clock_started() {
        let l = Limits::default();
        // Vacation from 20 days before this turn's clock; 10 days of allowance left.
        let v = [vac(after(-20, 0), None)];
        let r = read(l, &v, after(5, 0));
        assert!(r.is_paused());
        assert_eq!(r.waited, TimeDelta::zero());
        assert_eq!(r.paused_until, Some(after(10, 0)));
        assert_eq!(read(l, &v, after(17, 0)).reminder_due(0), Some(1));
        assert!(read(l, &v, after(31, 0)).forfeit_due);
    }

    #[test]
    fn vacation_before_the_clock_started_costs_nothing_but_allowance() {
        let l = Limits::default();
        let v = [vac(after(-25, 0), Some(after(-20, 0)))];
        assert_eq!(read(l, &v, after(7, 0)).reminder_due(0), Some(1));
        assert_eq!(read(l, &v, after(0, 0)).forfeit_at, after(21, 0));
    }

    #[test]
    fn allowance_spent_earlier_in_the_year_does_not_stop_the_clock() {
        let l = Limits::default();
        let v = [
            vac(t("2026-01-05T00:00:00Z"), Some(t("2026-02-10T00:00:00Z"))),
            vac(after(2, 0), None),
        ];
        let r = read(l, &v, after(10, 0));
        assert!(!r.is_paused());
        assert_eq!(r.days_waited(), 10);
        assert_eq!(r.reminder_due(0), Some(1));
    }

    #[test]
    fn a_vacation_across_new_year_pauses_with_both_allowances() {
        let l = Limits::default();
        let started = t("2026-12-01T00:00:00Z");
        // The December allowance is already half spent.
        let v = [
            vac(t("2026-06-01T00:00:00Z"), Some(t("2026-06-16T00:00:00Z"))),
            vac(t("2026-12-20T00:00:00Z"), None),
        ];
        let at = |s: &str| Reading::take(&l, started, &v, t(s));
        // 19 days run to 20 Dec; 15 days of 2026 allowance are left, of
        // which the 12 to the new year are spent; 2027's fresh 30 days
        // then pause the clock to 31 Jan; 2 more days run to the forfeit.
        let dec = at("2026-12-25T00:00:00Z");
        assert!(dec.is_paused());
        assert_eq!(dec.days_waited(), 19);
        assert_eq!(dec.paused_until, Some(t("2027-01-31T00:00:00Z")));
        let feb = at("2027-02-02T00:00:00Z");
        assert!(!feb.is_paused());
        assert_eq!(feb.days_waited(), 21);
        assert!(feb.forfeit_due);
        assert_eq!(feb.forfeit_at, t("2027-02-02T00:00:00Z"));
    }

    #[test]
    fn a_vacation_across_new_year_when_the_allowance_ran_out_in_december() {
        let l = Limits::default();
        let started = t("2026-12-01T00:00:00Z");
        let v = [
            vac(t("2026-06-01T00:00:00Z"), Some(t("2026-06-28T00:00:00Z"))),
            vac(t("2026-12-20T00:00:00Z"), Some(t("2027-01-10T00:00:00Z"))),
        ];
        let at = |s: &str| Reading::take(&l, started, &v, t(s));
        // 3 days of 2026 allowance (20 to 23 Dec), then the clock runs to
        // the new year, then stands until the vacation ends on 10 Jan.
        assert_eq!(at("2026-12-23T00:00:00Z").days_waited(), 19);
        assert_eq!(at("2026-12-31T00:00:00Z").days_waited(), 30 - 3);
        assert!(at("2026-12-31T00:00:00Z").forfeit_due);
        assert_eq!(
            at("2026-12-31T00:00:00Z").forfeit_at,
            t("2026-12-25T00:00:00Z")
        );
    }

    #[test]
    fn readings_agree_with_the_forfeit_date() {
        // Wherever the clock is read, the projected forfeit date is when
        // the forfeit becomes due (no vacation taken after the reading).
        let l = Limits {
            nag_days: 3,
            forfeit_days: 8,
        };
        let v = [vac(after(2, 0), Some(after(6, 12)))];
        for h in (0..24 * 14).step_by(5) {
            let now = after(0, h);
            let r = read(l, &v, now);
            if !r.forfeit_due {
                assert!(r.forfeit_at > now);
                assert!(read(l, &v, r.forfeit_at).forfeit_due);
                assert!(!read(l, &v, r.forfeit_at - TimeDelta::seconds(1)).forfeit_due);
            }
        }
    }
}
