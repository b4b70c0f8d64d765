//! A player's time zone: the IANA name they chose (`timezone
//! Europe/Berlin`), UTC until they choose.
//!
//! Every date a player is shown is written in their zone with the zone
//! named (`Wed 4 Mar 2026 13:00 CET`), so nobody converts a deadline in
//! their head; pages and spectators' mails, read by anyone, stay in UTC.
//! The zone database is chrono-tz's (the IANA tz database, summer time
//! included). The digest's hour is the player's local hour: [`Zone::moment`]
//! turns a local day and hour into the instant it first comes, on the days
//! the clocks change too.

use chrono::{DateTime, LocalResult, NaiveDate, NaiveTime, TimeDelta, TimeZone, Utc};
use chrono_tz::Tz;

/// A player's time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zone(Tz);

/// A zone name that is not in the tz database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0}: no such time zone; write its IANA name, as Europe/Berlin, America/New_York \
     or UTC"
)]
pub struct UnknownZone(pub String);

impl Default for Zone {
    fn default() -> Self {
        Zone::UTC
    }
}

impl Zone {
    pub const UTC: Zone = Zone(Tz::UTC);

    /// Reads an IANA name, in any case (`europe/berlin`); `UTC`, `GMT` and
    /// `Z` are UTC.
    pub fn parse(name: &str) -> Result<Zone, UnknownZone> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("z") {
            return Ok(Zone::UTC);
        }
        if let Ok(tz) = name.parse::<Tz>() {
            return Ok(Zone(tz));
        }
        chrono_tz::TZ_VARIANTS
            .iter()
            .find(|tz| tz.name().eq_ignore_ascii_case(name))
            .map(|&tz| Zone(tz))
            .ok_or_else(|| UnknownZone(name.chars().take(64).collect()))
    }

    /// The zone as stored (`None`: UTC, the default); a stored name the
    /// database no longer knows reads as UTC rather than failing a mail.
    pub fn stored(name: Option<&str>) -> Zone {
        name.and_then(|n| Zone::parse(n).ok()).unwrap_or_default()
    }

    /// The IANA name: `Europe/Berlin`, `UTC`.
    pub fn name(&self) -> &'static str {
        self.0.name()
    }

    pub fn is_utc(&self) -> bool {
        *self == Zone::UTC
    }

    /// The tz database's zone (for a letter, which carries it to the
    /// rendering of its reader's copy).
    pub fn tz(&self) -> Tz {
        self.0
    }

    /// The zone of a tz database entry.
    pub fn of(tz: Tz) -> Zone {
        Zone(tz)
    }

    /// `Wed 4 Mar 2026 13:00 CET`: the instant `at` on the zone's clocks,
    /// with the zone's abbreviation at that instant (`CEST` in summer).
    pub fn readable(&self, at: DateTime<Utc>) -> String {
        at.with_timezone(&self.0)
            .format("%a %-d %b %Y %H:%M %Z")
            .to_string()
    }

    /// `2026-03-04 13:00 CET`: [`Zone::readable`] for a table's column.
    pub fn compact(&self, at: DateTime<Utc>) -> String {
        at.with_timezone(&self.0)
            .format("%Y-%m-%d %H:%M %Z")
            .to_string()
    }

    /// `Wed 4 Mar 2026`: the day of `at` in the zone.
    pub fn day_name(&self, at: DateTime<Utc>) -> String {
        at.with_timezone(&self.0).format("%a %-d %b %Y").to_string()
    }

    /// The calendar day of `at` in the zone.
    pub fn date(&self, at: DateTime<Utc>) -> NaiveDate {
        at.with_timezone(&self.0).date_naive()
    }

    /// The first instant at which the zone's clocks read `hour`:00 or
    /// later on `day`: the hour itself, or when summer time skips it, the
    /// instant the clocks jump past it; when autumn repeats it, its first
    /// coming.
    pub fn moment(&self, day: NaiveDate, hour: u8) -> DateTime<Utc> {
        let start = day.and_time(NaiveTime::from_hms_opt(u32::from(hour.min(23)), 0, 0).unwrap());
        let mut local = start;
        // A gap in the clocks is at most a few hours; step through it.
        for _ in 0..(24 * 4) {
            match self.0.from_local_datetime(&local) {
                LocalResult::Single(t) => return t.with_timezone(&Utc),
                LocalResult::Ambiguous(first, _) => return first.with_timezone(&Utc),
                LocalResult::None => local += TimeDelta::minutes(15),
            }
        }
        Utc.from_utc_datetime(&start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn a_date_is_written_in_the_zone_with_its_name() {
        let berlin = Zone::parse("Europe/Berlin").unwrap();
        assert_eq!(
            berlin.readable(at("2026-03-04T12:00:00Z")),
            "Wed 4 Mar 2026 13:00 CET"
        );
        assert_eq!(
            berlin.readable(at("2026-07-01T12:00:00Z")),
            "Wed 1 Jul 2026 14:00 CEST"
        );
        assert_eq!(
            Zone::UTC.readable(at("2026-03-04T12:00:00Z")),
            "Wed 4 Mar 2026 12:00 UTC"
        );
    }

    #[test]
    fn names_are_read_in_any_case_and_unknown_ones_refused() {
        assert_eq!(
            Zone::parse("europe/BERLIN").unwrap().name(),
            "Europe/Berlin"
        );
        assert!(Zone::parse("utc").unwrap().is_utc());
        let e = Zone::parse("Mars/Olympus").unwrap_err().to_string();
        assert!(e.starts_with("Mars/Olympus: no such time zone"), "{e}");
        assert_eq!(Zone::stored(Some("Mars/Olympus")), Zone::UTC);
        assert_eq!(Zone::stored(None), Zone::UTC);
    }

    #[test]
    fn the_hour_comes_once_on_the_days_the_clocks_change() {
        let berlin = Zone::parse("Europe/Berlin").unwrap();
        let day = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        // 29 Mar 2026: 02:00 CET does not exist; the clocks read 03:00
        // CEST at 01:00 UTC.
        assert_eq!(
            berlin.moment(day("2026-03-29"), 2),
            at("2026-03-29T01:00:00Z")
        );
        assert_eq!(
            berlin.moment(day("2026-03-29"), 7),
            at("2026-03-29T05:00:00Z")
        );
        // 25 Oct 2026: 02:00 comes twice; the first is 00:00 UTC.
        assert_eq!(
            berlin.moment(day("2026-10-25"), 2),
            at("2026-10-25T00:00:00Z")
        );
        assert_eq!(
            berlin.moment(day("2026-10-25"), 7),
            at("2026-10-25T06:00:00Z")
        );
        let york = Zone::parse("America/New_York").unwrap();
        assert_eq!(
            york.moment(day("2026-03-04"), 7),
            at("2026-03-04T12:00:00Z")
        );
    }

    proptest! {
        /// The local time printed is the UTC instant: read back in its
        /// zone, the text names the same minute.
        #[test]
        fn the_printed_local_time_is_the_instant(
            secs in 1_700_000_000i64..1_900_000_000,
            which in 0usize..chrono_tz::TZ_VARIANTS.len(),
        ) {
            let tz = chrono_tz::TZ_VARIANTS[which];
            let zone = Zone(tz);
            let instant = DateTime::from_timestamp(secs - secs % 60, 0).unwrap();
            let text = zone.readable(instant);
            let (clock, abbreviation) = text.rsplit_once(' ').unwrap();
            let local = chrono::NaiveDateTime::parse_from_str(clock, "%a %-d %b %Y %H:%M").unwrap();
            // Read back as a local time of the zone, the text is the
            // instant (one of two when autumn repeats the hour).
            let back: Vec<DateTime<Utc>> = match tz.from_local_datetime(&local) {
                LocalResult::Single(t) => vec![t.with_timezone(&Utc)],
                LocalResult::Ambiguous(a, b) => vec![a.with_timezone(&Utc), b.with_timezone(&Utc)],
                LocalResult::None => Vec::new(),
            };
            prop_assert!(back.contains(&instant), "{} read back as {:?}", text, back);
            prop_assert_eq!(
                abbreviation.to_string(),
                instant.with_timezone(&tz).format("%Z").to_string()
            );
        }
    }
}
