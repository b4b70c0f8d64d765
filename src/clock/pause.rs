//! Vacations and the allowance: when a player's clocks stand still.
//!
//! A player on vacation is neither reminded nor forfeited, but only for
//! [`ALLOWANCE_DAYS`] days of each calendar year (UTC). Vacation time past
//! the allowance runs the clocks as usual; a new year brings a fresh
//! allowance, even in the middle of a vacation. The allowance belongs to
//! the player, not to a game: it is spent from the day a vacation starts,
//! whatever games are waiting. [`Pauses`] turns a player's vacations into
//! the stretches of time during which their clocks really stand still.

use chrono::{DateTime, Datelike, TimeDelta, TimeZone, Utc};

/// Days of vacation a player may take in one calendar year.
pub const ALLOWANCE_DAYS: i64 = 30;

/// One vacation as the player declared it: from `vacation on` to
/// `vacation off`, or still going (`end` is `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    pub start: DateTime<Utc>,
    pub end: Option<DateTime<Utc>>,
}

/// The stretches during which a player's clocks stand still: their
/// vacations cut to the allowance, sorted, disjoint and not touching.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pauses {
    spans: Vec<(DateTime<Utc>, DateTime<Utc>)>,
}

/// The first instant of the calendar year after the one holding `at`.
fn next_new_year(at: DateTime<Utc>) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(at.year() + 1, 1, 1, 0, 0, 0)
        .single()
        .expect("1 January exists in UTC")
}

fn allowance() -> TimeDelta {
    TimeDelta::days(ALLOWANCE_DAYS)
}

impl Pauses {
    /// No vacations: the clocks always run.
    pub fn none() -> Self {
        Pauses::default()
    }

    /// The pauses a player's vacations give. A vacation still going is
    /// taken to last until `until`: pass `now` to count only what has
    /// happened, or a later instant to project (see [`Pauses::advance`]).
    pub fn new(vacations: &[Vacation], until: DateTime<Utc>) -> Self {
        let mut taken: Vec<(DateTime<Utc>, DateTime<Utc>)> = vacations
            .iter()
            .map(|v| (v.start, v.end.unwrap_or(until).min(until).max(v.start)))
            .filter(|(s, e)| s < e)
            .collect();
        taken.sort();
        // Overlapping declarations count once.
        let mut merged: Vec<(DateTime<Utc>, DateTime<Utc>)> = Vec::with_capacity(taken.len());
        for (s, e) in taken {
            match merged.last_mut() {
                Some(last) if s <= last.1 => last.1 = last.1.max(e),
                _ => merged.push((s, e)),
            }
        }
        let mut spans: Vec<(DateTime<Utc>, DateTime<Utc>)> = Vec::with_capacity(merged.len());
        let mut year = i32::MIN;
        let mut used = TimeDelta::zero();
        for (s, e) in merged {
            let mut cursor = s;
            while cursor < e {
                if cursor.year() != year {
                    year = cursor.year();
                    used = TimeDelta::zero();
                }
                let piece_end = e.min(next_new_year(cursor));
                let take = (piece_end - cursor).min(allowance() - used);
                if take > TimeDelta::zero() {
                    let end = cursor + take;
                    match spans.last_mut() {
                        Some(last) if last.1 == cursor => last.1 = end,
                        _ => spans.push((cursor, end)),
                    }
                    used += take;
                }
                cursor = piece_end;
            }
        }
        Pauses { spans }
    }

    /// True when the clocks never stop.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// How long the clocks stood still between `from` and `to`.
    pub fn paused_between(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> TimeDelta {
        self.spans
            .iter()
            .map(|&(s, e)| (e.min(to) - s.max(from)).max(TimeDelta::zero()))
            .sum()
    }

    /// Running (not paused) time between `from` and `to`; zero if `to` is
    /// not after `from`.
    pub fn running_between(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> TimeDelta {
        if to <= from {
            return TimeDelta::zero();
        }
        (to - from) - self.paused_between(from, to)
    }

    /// When the clocks stand still at `at`, the instant they run again.
    pub fn paused_until(&self, at: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.spans
            .iter()
            .find(|&&(s, e)| s <= at && at < e)
            .map(|&(_, e)| e)
    }

    /// The instant at which a clock started at `from` has run for
    /// `running`, skipping the pauses.
    pub fn advance(&self, from: DateTime<Utc>, running: TimeDelta) -> DateTime<Utc> {
        let mut at = from;
        let mut left = running;
        for &(s, e) in &self.spans {
            if e <= at {
                continue;
            }
            if s > at {
                let run = s - at;
                if run >= left {
                    break;
                }
                left -= run;
            }
            at = e;
        }
        at + left
    }

    /// How much of a year's allowance the pauses use.
    pub fn used_in_year(&self, year: i32) -> TimeDelta {
        let Some(start) = Utc.with_ymd_and_hms(year, 1, 1, 0, 0, 0).single() else {
            return TimeDelta::zero();
        };
        self.paused_between(start, next_new_year(start))
    }

    /// What is left of the allowance of the year holding `at`.
    pub fn allowance_left(&self, at: DateTime<Utc>) -> TimeDelta {
        allowance() - self.used_in_year(at.year())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn vac(start: &str, end: Option<&str>) -> Vacation {
        Vacation {
            start: t(start),
            end: end.map(t),
        }
    }

    fn days(d: i64) -> TimeDelta {
        TimeDelta::days(d)
    }

    #[test]
    fn no_vacation_no_pause() {
        let p = Pauses::new(&[], t("2026-06-01T00:00:00Z"));
        assert!(p.is_empty());
        assert_eq!(
            p.running_between(t("2026-01-01T00:00:00Z"), t("2026-01-08T00:00:00Z")),
            days(7)
        );
        assert_eq!(
            p.advance(t("2026-01-01T00:00:00Z"), days(21)),
            t("2026-01-22T00:00:00Z")
        );
    }

    #[test]
    fn a_short_vacation_is_a_whole_pause() {
        let p = Pauses::new(
            &[vac("2026-03-10T00:00:00Z", Some("2026-03-15T12:00:00Z"))],
            t("2026-06-01T00:00:00Z"),
        );
        assert_eq!(
            p.paused_between(t("2026-03-01T00:00:00Z"), t("2026-04-01T00:00:00Z")),
            TimeDelta::hours(132)
        );
        assert_eq!(p.used_in_year(2026), TimeDelta::hours(132));
        assert_eq!(
            p.allowance_left(t("2026-12-31T00:00:00Z")),
            days(30) - TimeDelta::hours(132)
        );
        assert_eq!(
            p.paused_until(t("2026-03-12T00:00:00Z")),
            Some(t("2026-03-15T12:00:00Z"))
        );
        assert_eq!(p.paused_until(t("2026-03-15T12:00:00Z")), None);
    }

    #[test]
    fn the_allowance_runs_out_mid_vacation() {
        let p = Pauses::new(
            &[vac("2026-05-01T00:00:00Z", Some("2026-07-01T00:00:00Z"))],
            t("2026-08-01T00:00:00Z"),
        );
        assert_eq!(p.used_in_year(2026), days(30));
        assert_eq!(
            p.paused_until(t("2026-05-20T00:00:00Z")),
            Some(t("2026-05-31T00:00:00Z"))
        );
        assert_eq!(p.paused_until(t("2026-06-10T00:00:00Z")), None);
        assert_eq!(
            p.allowance_left(t("2026-06-10T00:00:00Z")),
            TimeDelta::zero()
        );
    }

    #[test]
    fn allowance_is_shared_by_the_vacations_of_a_year() {
        let p = Pauses::new(
            &[
                vac("2026-02-01T00:00:00Z", Some("2026-02-21T00:00:00Z")),
                vac("2026-09-01T00:00:00Z", Some("2026-09-30T00:00:00Z")),
            ],
            t("2026-12-01T00:00:00Z"),
        );
        // 20 days in February, then only 10 of the 29 in September.
        assert_eq!(
            p.paused_between(t("2026-09-01T00:00:00Z"), t("2026-10-01T00:00:00Z")),
            days(10)
        );
        assert_eq!(p.used_in_year(2026), days(30));
    }

    #[test]
    fn a_new_year_brings_a_fresh_allowance_mid_vacation() {
        // 2026-12-01 to 2027-02-15: 30 days of December pause, the 31st
        // runs, then 30 days of January pause, then the clock runs.
        let p = Pauses::new(
            &[vac("2026-12-01T00:00:00Z", Some("2027-02-15T00:00:00Z"))],
            t("2027-03-01T00:00:00Z"),
        );
        assert_eq!(p.used_in_year(2026), days(30));
        assert_eq!(p.used_in_year(2027), days(30));
        assert_eq!(
            p.paused_until(t("2026-12-30T12:00:00Z")),
            Some(t("2026-12-31T00:00:00Z"))
        );
        assert_eq!(p.paused_until(t("2026-12-31T12:00:00Z")), None);
        assert_eq!(
            p.paused_until(t("2027-01-15T00:00:00Z")),
            Some(t("2027-01-31T00:00:00Z"))
        );
        assert_eq!(
            p.running_between(t("2026-12-01T00:00:00Z"), t("2027-02-15T00:00:00Z")),
            days(76 - 60)
        );
    }

    #[test]
    fn a_vacation_across_new_year_splits_between_the_years() {
        let p = Pauses::new(
            &[vac("2026-12-25T00:00:00Z", Some("2027-01-05T00:00:00Z"))],
            t("2027-03-01T00:00:00Z"),
        );
        assert_eq!(p.used_in_year(2026), days(7));
        assert_eq!(p.used_in_year(2027), days(4));
        // The two pieces touch at midnight: one pause.
        assert_eq!(
            p.paused_until(t("2026-12-26T00:00:00Z")),
            Some(t("2027-01-05T00:00:00Z"))
        );
    }

    #[test]
    fn a_vacation_still_going_lasts_until_the_given_instant() {
        let v = [vac("2026-04-01T00:00:00Z", None)];
        let now = Pauses::new(&v, t("2026-04-11T00:00:00Z"));
        assert_eq!(now.used_in_year(2026), days(10));
        assert_eq!(
            now.paused_until(t("2026-04-05T00:00:00Z")),
            Some(t("2026-04-11T00:00:00Z"))
        );
        let projected = Pauses::new(&v, t("2029-01-01T00:00:00Z"));
        assert_eq!(
            projected.paused_until(t("2026-04-05T00:00:00Z")),
            Some(t("2026-05-01T00:00:00Z"))
        );
    }

    #[test]
    fn overlapping_declarations_count_once() {
        let p = Pauses::new(
            &[
                vac("2026-03-01T00:00:00Z", Some("2026-03-10T00:00:00Z")),
                vac("2026-03-05T00:00:00Z", Some("2026-03-12T00:00:00Z")),
                vac("2026-03-06T00:00:00Z", Some("2026-03-07T00:00:00Z")),
            ],
            t("2026-06-01T00:00:00Z"),
        );
        assert_eq!(p.used_in_year(2026), days(11));
    }

    #[test]
    fn a_vacation_ended_before_it_started_is_nothing() {
        let p = Pauses::new(
            &[vac("2026-03-10T00:00:00Z", Some("2026-03-01T00:00:00Z"))],
            t("2026-06-01T00:00:00Z"),
        );
        assert!(p.is_empty());
    }

    #[test]
    fn advance_skips_pauses() {
        let p = Pauses::new(
            &[vac("2026-01-05T00:00:00Z", Some("2026-01-10T00:00:00Z"))],
            t("2026-06-01T00:00:00Z"),
        );
        let from = t("2026-01-01T00:00:00Z");
        // Before the pause: untouched.
        assert_eq!(p.advance(from, days(4)), t("2026-01-05T00:00:00Z"));
        // Across it: five days later.
        assert_eq!(p.advance(from, days(7)), t("2026-01-13T00:00:00Z"));
        // Starting inside it: runs from its end.
        assert_eq!(
            p.advance(t("2026-01-07T00:00:00Z"), days(1)),
            t("2026-01-11T00:00:00Z")
        );
        // Starting after it: untouched.
        assert_eq!(
            p.advance(t("2026-02-01T00:00:00Z"), days(1)),
            t("2026-02-02T00:00:00Z")
        );
        // advance and running_between agree.
        for d in 0..20 {
            let at = p.advance(from, days(d));
            assert_eq!(p.running_between(from, at), days(d));
        }
    }
}
