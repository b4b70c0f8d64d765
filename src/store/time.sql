-- Turn clocks (version step added by the reminders work): vacations and the
-- reminders already sent. Times are RFC 3339 UTC text.

-- A player's vacation: from `vacation on` to `vacation off` (`ended` NULL
-- while it lasts). Their clocks stand still during it, for at most 30 days
-- of each calendar year (src/clock/pause.rs).
CREATE TABLE vacations (
    id      INTEGER PRIMARY KEY,
    player  INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    started TEXT NOT NULL,
    ended   TEXT
);
CREATE INDEX vacations_by_player ON vacations(player, started);
CREATE UNIQUE INDEX vacations_one_open ON vacations(player) WHERE ended IS NULL;

-- The last reminder sent to the player to move in a game, so that however
-- often `boserv remind` runs, each reminder goes once. `since_seq` is the
-- log entry that started the clock (0: the start of the game); a reminder
-- row for an older entry is stale and counts as none.
CREATE TABLE reminders (
    game      INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    since_seq INTEGER NOT NULL,
    period    INTEGER NOT NULL,   -- 1: the reminder at the nag time, 2: at twice it...
    sent      TEXT NOT NULL
);
