//! When each time rule acts: the one computation of a game's due moments.
//!
//! Every date a player reads (board mails, reminders, `show`, `games`) and
//! every action `remind` takes comes from [`Due::of`], so the date printed
//! is the moment `remind` acts, whatever the rules in play: the reminder
//! period (nag), the forfeit time, the thinking-time limit (`totaltime`),
//! vacation pauses, and the reminder to whoever must answer a draw offer.
//!
//! Moments are rounded up to the whole minute, as dates are printed to the
//! minute: the printed minute is the exact moment (a player gains at most
//! a minute). [`Due::next`] is the earliest moment anything is due, the
//! value to store per game so `remind` can find the games due at a glance.

use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use super::{Limits, Pauses};

/// The thinking-time limit (`totaltime`) as it stands for the player to
/// move: they had used `used` of `limit` when their current turn began at
/// `since`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    pub limit: TimeDelta,
    pub used: TimeDelta,
    pub since: DateTime<Utc>,
}

/// A standing draw offer, as far as time goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// When it was made.
    pub made: DateTime<Utc>,
    /// True once the reminder to those who must answer it went out.
    pub reminded: bool,
}

/// A game's clock as `remind` reads it: the running clock of the player to
/// move and what else limits them.
#[derive(Clone, Copy, Debug)]
pub struct Clock<'a> {
    pub limits: Limits,
    /// When the clock of the player to move started (their turn began).
    pub started: DateTime<Utc>,
    /// The last reminder sent for this clock (0: none).
    pub period_sent: u32,
    /// When the clocks of the player to move stand still (vacations),
    /// projected past today.
    pub pauses: &'a Pauses,
    pub thinking: Option<Thinking>,
    /// The bank of a correspondence time control ([`super::Control`]),
    /// read like the thinking time: `limit` the bank when the turn began
    /// (after the player's completed turns), `used` what this turn had
    /// used of it by `since`. With a bank there is no per-move forfeit.
    pub bank: Option<Thinking>,
    pub offer: Option<Offer>,
}

/// Which limit the deadline is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The forfeit time since the turn began.
    Forfeit,
    /// The game's thinking time (`totaltime`), used up.
    ThinkingTime,
    /// The bank of the game's time control (`clock`), empty.
    Bank,
}

/// The reminder number of the warning before a deadline that no
/// reminder announces (a bank, a thinking-time limit, a forfeit sooner
/// than the first reminder): above any reminder period, so that once it
/// is sent no reminder of the same clock follows.
pub const WARNING: u32 = 1_000_000;

/// How long before such a deadline the warning goes out, where the turn
/// began earlier than that (a turn that began closer to it was told its
/// time in the board mail that began it).
pub const WARNING_AHEAD: TimeDelta = TimeDelta::hours(24);

/// What `remind` does at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The deadline has come: the player to move is out of time.
    TimeUp(Limit),
    /// Reminder number `period` of this clock goes to the player to move.
    Remind { period: u32 },
    /// The reminder to those who must answer the draw offer goes out.
    RemindVoters,
}

/// The moments at which a game's time rules act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    /// When the player to move is out of time if they do not move.
    pub deadline: DateTime<Utc>,
    /// Which limit that is (the thinking time when both fall together).
    pub limit: Limit,
    /// When the thinking time of the player to move runs out, in a game
    /// with a thinking-time limit (a move after it comes too late).
    pub out_of_thinking: Option<DateTime<Utc>>,
    /// When the bank of the player to move is empty, in a game with a
    /// time control (a move after it comes too late).
    pub out_of_bank: Option<DateTime<Utc>>,
    /// The next reminder of the player to move, if one falls before the
    /// deadline.
    pub reminder: Option<DateTime<Utc>>,
    /// The reminder about a standing draw offer, if one is still to go out
    /// before the deadline.
    pub voters: Option<DateTime<Utc>>,
    /// The warning ([`WARNING`]) before a deadline no reminder announces.
    pub warning: Option<DateTime<Utc>>,
}

/// Rounds up to the whole minute (a whole minute stays as it is).
pub fn to_the_minute(at: DateTime<Utc>) -> DateTime<Utc> {
    let down = at
        .duration_trunc(TimeDelta::minutes(1))
        .expect("a minute divides any instant");
    if down == at {
        at
    } else {
        down + TimeDelta::minutes(1)
    }
}

impl Due {
    /// The due moments of `clock`. Nothing here depends on when it is
    /// asked: only on the clock, so printing and acting agree.
    pub fn of(clock: &Clock<'_>) -> Due {
        let forfeit = to_the_minute(clock.pauses.advance(clock.started, clock.limits.forfeit()));
        let run_out = |t: Thinking| {
            let left = (t.limit - t.used).max(TimeDelta::zero());
            to_the_minute(clock.pauses.advance(t.since, left))
        };
        let thinking = clock.thinking.map(run_out);
        let bank = clock.bank.map(run_out);
        // A bank replaces the per-move forfeit; the thinking time (if
        // any) still counts, whichever comes first.
        let (deadline, limit) = match (bank, thinking) {
            (Some(b), Some(t)) if t <= b => (t, Limit::ThinkingTime),
            (Some(b), _) => (b, Limit::Bank),
            (None, Some(out)) if out <= forfeit => (out, Limit::ThinkingTime),
            _ => (forfeit, Limit::Forfeit),
        };
        let next_period = clock.period_sent + 1;
        let reminder = (next_period <= clock.limits.last_nag_period())
            .then(|| {
                let running = clock.limits.nag() * i32::try_from(next_period).unwrap_or(i32::MAX);
                to_the_minute(clock.pauses.advance(clock.started, running))
            })
            .filter(|&at| at < deadline);
        let voters = clock
            .offer
            .filter(|o| !o.reminded)
            .map(|o| to_the_minute(o.made + clock.limits.nag()))
            .filter(|&at| at < deadline);
        // A bank or a thinking time runs out between reminders; a forfeit
        // is announced by the reminders before it, unless none comes.
        let unannounced = match limit {
            Limit::Bank | Limit::ThinkingTime => clock.period_sent < WARNING,
            Limit::Forfeit => clock.period_sent == 0 && reminder.is_none(),
        };
        let warning = unannounced
            .then(|| deadline - WARNING_AHEAD)
            .filter(|&at| at > clock.started);
        Due {
            deadline,
            limit,
            out_of_thinking: thinking,
            out_of_bank: bank,
            reminder,
            voters,
            warning,
        }
    }

    /// The earliest moment anything is due.
    pub fn next(&self) -> DateTime<Utc> {
        [
            Some(self.deadline),
            self.reminder,
            self.voters,
            self.warning,
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(self.deadline)
    }

    /// What is due at `now`, the most pressing first: the deadline goes
    /// before any reminder, the voters' reminder before the mover's.
    pub fn action_at(&self, clock: &Clock<'_>, now: DateTime<Utc>) -> Option<Action> {
        if now >= self.deadline {
            return Some(Action::TimeUp(self.limit));
        }
        if self.voters.is_some_and(|at| now >= at) {
            return Some(Action::RemindVoters);
        }
        // The warning says the deadline: no reminder goes with it.
        if self.warning.is_some_and(|at| now >= at) {
            return Some(Action::Remind { period: WARNING });
        }
        if self.reminder.is_some_and(|at| now >= at) {
            // A run that skipped periods sends the latest one only.
            let waited = clock.pauses.running_between(clock.started, now);
            let period = u32::try_from(waited.num_seconds() / clock.limits.nag().num_seconds())
                .unwrap_or(u32::MAX)
                .clamp(clock.period_sent + 1, clock.limits.last_nag_period());
            return Some(Action::Remind { period });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Vacation;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn days(d: i64) -> TimeDelta {
        TimeDelta::days(d)
    }

    fn clock<'a>(pauses: &'a Pauses, started: &str) -> Clock<'a> {
        Clock {
            limits: Limits::default(),
            started: t(started),
            period_sent: 0,
            pauses,
            thinking: None,
            bank: None,
            offer: None,
        }
    }

    #[test]
    fn moments_round_up_to_the_minute() {
        assert_eq!(
            to_the_minute(t("2026-01-01T10:00:00Z")),
            t("2026-01-01T10:00:00Z")
        );
        assert_eq!(
            to_the_minute(t("2026-01-01T10:00:01Z")),
            t("2026-01-01T10:01:00Z")
        );
        assert_eq!(
            to_the_minute(t("2026-01-01T23:59:59Z")),
            t("2026-01-02T00:00:00Z")
        );
    }

    #[test]
    fn default_limits_remind_at_7_and_14_and_forfeit_at_21_days() {
        let none = Pauses::none();
        let mut c = clock(&none, "2026-03-01T09:30:20Z");
        let due = Due::of(&c);
        assert_eq!(due.deadline, t("2026-03-22T09:31:00Z"));
        assert_eq!(due.limit, Limit::Forfeit);
        assert_eq!(due.reminder, Some(t("2026-03-08T09:31:00Z")));
        assert_eq!(due.next(), t("2026-03-08T09:31:00Z"));
        let before = t("2026-03-08T09:30:59Z");
        assert_eq!(due.action_at(&c, before), None);
        assert_eq!(
            due.action_at(&c, t("2026-03-08T09:31:00Z")),
            Some(Action::Remind { period: 1 })
        );
        // A run on day 15 that missed the first reminder sends the second.
        assert_eq!(
            due.action_at(&c, t("2026-03-16T00:00:00Z")),
            Some(Action::Remind { period: 2 })
        );
        c.period_sent = 2;
        let due = Due::of(&c);
        assert_eq!(due.reminder, None);
        assert_eq!(due.next(), due.deadline);
        assert_eq!(
            due.action_at(&c, due.deadline),
            Some(Action::TimeUp(Limit::Forfeit))
        );
        assert_eq!(
            due.action_at(&c, due.deadline - TimeDelta::seconds(1)),
            None
        );
    }

    /// Issue 23: with `totaltime=10` the mail printed the 21-day forfeit
    /// date, nine days after `remind` forfeited on thinking time.
    #[test]
    fn the_thinking_time_can_come_first() {
        let none = Pauses::none();
        let mut c = clock(&none, "2026-03-01T00:00:00Z");
        c.thinking = Some(Thinking {
            limit: days(10),
            used: TimeDelta::hours(12),
            since: t("2026-03-01T00:00:00Z"),
        });
        let due = Due::of(&c);
        assert_eq!(due.limit, Limit::ThinkingTime);
        assert_eq!(due.deadline, t("2026-03-10T12:00:00Z"));
        assert_eq!(due.reminder, Some(t("2026-03-08T00:00:00Z")));
        c.period_sent = 1;
        assert_eq!(Due::of(&c).reminder, None, "day 14 is past the deadline");
        // Thinking time used up before the turn began: due at once.
        c.thinking = Some(Thinking {
            limit: days(10),
            used: days(11),
            since: t("2026-03-01T00:00:00Z"),
        });
        assert_eq!(Due::of(&c).deadline, t("2026-03-01T00:00:00Z"));
    }

    #[test]
    fn a_bank_is_the_deadline_and_replaces_the_forfeit() {
        let away = Pauses::new(
            &[Vacation {
                start: t("2026-03-10T00:00:00Z"),
                end: Some(t("2026-03-15T00:00:00Z")),
            }],
            t("2029-01-01T00:00:00Z"),
        );
        let mut c = clock(&away, "2026-03-01T00:00:00Z");
        // 50 days in the bank, 2 used of it before this entry: 48 to run,
        // 5 of them paused by the vacation: past the 21-day forfeit.
        c.bank = Some(Thinking {
            limit: days(50),
            used: days(2),
            since: t("2026-03-01T00:00:00Z"),
        });
        let due = Due::of(&c);
        assert_eq!(due.limit, Limit::Bank);
        assert_eq!(due.deadline, t("2026-04-23T00:00:00Z"));
        assert_eq!(due.out_of_bank, Some(due.deadline));
        assert_eq!(due.reminder, Some(t("2026-03-08T00:00:00Z")));
        assert_eq!(
            due.action_at(&c, due.deadline),
            Some(Action::TimeUp(Limit::Bank))
        );
        // An empty bank is due at once.
        c.bank = Some(Thinking {
            limit: days(1),
            used: days(2),
            since: t("2026-03-01T00:00:00Z"),
        });
        assert_eq!(Due::of(&c).deadline, t("2026-03-01T00:00:00Z"));
    }

    #[test]
    fn a_vacation_moves_every_moment() {
        let away = Pauses::new(
            &[Vacation {
                start: t("2026-03-03T00:00:00Z"),
                end: Some(t("2026-03-13T00:00:00Z")),
            }],
            t("2029-01-01T00:00:00Z"),
        );
        let mut c = clock(&away, "2026-03-01T00:00:00Z");
        c.thinking = Some(Thinking {
            limit: days(30),
            used: days(12),
            since: t("2026-03-01T00:00:00Z"),
        });
        let due = Due::of(&c);
        assert_eq!(due.reminder, Some(t("2026-03-18T00:00:00Z")));
        // 18 days of thinking left, 10 of them paused: day 28.
        assert_eq!(due.deadline, t("2026-03-29T00:00:00Z"));
        assert_eq!(due.limit, Limit::ThinkingTime);
    }

    #[test]
    fn the_voters_are_reminded_once_a_reminder_time_after_the_offer() {
        let none = Pauses::none();
        let mut c = clock(&none, "2026-03-01T00:00:00Z");
        c.offer = Some(Offer {
            made: t("2026-03-02T08:00:00Z"),
            reminded: false,
        });
        let due = Due::of(&c);
        assert_eq!(due.voters, Some(t("2026-03-09T08:00:00Z")));
        assert_eq!(due.next(), t("2026-03-08T00:00:00Z"));
        assert_eq!(
            due.action_at(&c, t("2026-03-09T08:00:00Z")),
            Some(Action::RemindVoters)
        );
        c.offer = Some(Offer {
            made: t("2026-03-02T08:00:00Z"),
            reminded: true,
        });
        assert_eq!(Due::of(&c).voters, None);
        // An offer made too late to be reminded before the deadline.
        c.offer = Some(Offer {
            made: t("2026-03-20T00:00:00Z"),
            reminded: false,
        });
        assert_eq!(Due::of(&c).voters, None);
    }

    fn vac(start: &str, end: Option<&str>) -> Vacation {
        Vacation {
            start: t(start),
            end: end.map(t),
        }
    }

    /// The deadline of a clock started at `started` with default limits,
    /// for a player with `vacations` (projected as `remind` does).
    fn deadline(started: &str, vacations: &[Vacation]) -> DateTime<Utc> {
        let pauses = Pauses::new(vacations, t("2030-01-01T00:00:00Z"));
        Due::of(&clock(&pauses, started)).deadline
    }

    #[test]
    fn a_vacation_still_going_stops_the_clock_for_the_allowance() {
        // 5 days waited, then 30 days paused, 16 to go.
        assert_eq!(
            deadline("2026-03-01T09:30:00Z", &[vac("2026-03-06T09:30:00Z", None)]),
            t("2026-04-21T09:30:00Z")
        );
    }

    #[test]
    fn a_vacation_begun_before_the_clock_started_pauses_what_is_left_of_it() {
        // 20 of its 30 days were spent before this turn's clock.
        assert_eq!(
            deadline("2026-03-01T00:00:00Z", &[vac("2026-02-09T00:00:00Z", None)]),
            t("2026-04-01T00:00:00Z")
        );
    }

    #[test]
    fn allowance_spent_earlier_in_the_year_does_not_stop_the_clock() {
        let v = [
            vac("2026-01-05T00:00:00Z", Some("2026-02-10T00:00:00Z")),
            vac("2026-03-03T00:00:00Z", None),
        ];
        assert_eq!(
            deadline("2026-03-01T00:00:00Z", &v),
            t("2026-03-22T00:00:00Z")
        );
    }

    #[test]
    fn a_vacation_across_new_year_pauses_with_both_allowances() {
        // 19 days run to 20 Dec; 15 days of 2026 allowance are left, of
        // which the 12 to the new year are spent; 2027's fresh 30 days
        // then pause the clock to 31 Jan; 2 more days run to the deadline.
        let v = [
            vac("2026-06-01T00:00:00Z", Some("2026-06-16T00:00:00Z")),
            vac("2026-12-20T00:00:00Z", None),
        ];
        assert_eq!(
            deadline("2026-12-01T00:00:00Z", &v),
            t("2027-02-02T00:00:00Z")
        );
    }
}
