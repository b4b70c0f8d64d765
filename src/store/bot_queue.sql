-- Version 35 (issue 47): the computer player's turns wait in a queue, so
-- that its thinking never holds the mail that handed it the turn.
--
-- A row is a game against the computer player that changed since the bot
-- last looked at it: its turn may be waiting there. The triggers below
-- write the row in the transaction of the change (as the outbox's rows
-- are written in the transaction of what they report), so no command can
-- hand the bot a turn without queueing it, and a process killed after
-- its commit loses nothing. The worker (src/service/bot/queue.rs) claims
-- the oldest row in a write transaction, drops it when the bot is not to
-- move, and otherwise thinks with no transaction open and plays its turn
-- as its own `move GAME TURN#N`.
--
-- `claimed_by` is the process id of the worker thinking about the game;
-- `not_before` (RFC 3339 UTC, the wall clock, not the game's) is when its
-- claim lapses, or when a game where the bot could not move (`problem`)
-- is tried again. A claim also lapses as soon as its process is gone, so
-- a killed worker holds nothing. A change to the game re-arms the row
-- (`queued`, the problem cleared) without taking a live claim away.
CREATE TABLE IF NOT EXISTS bot_queue (
    game       INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    queued     TEXT NOT NULL,
    claimed_by INTEGER,
    not_before TEXT,
    problem    TEXT
);
CREATE INDEX IF NOT EXISTS bot_queue_by_age ON bot_queue (queued);
INSERT OR IGNORE INTO bot_queue (game, queued)
    SELECT id, updated FROM games WHERE bot_level IS NOT NULL AND status = 'active';

CREATE TRIGGER IF NOT EXISTS bot_queue_changed AFTER UPDATE ON games
    WHEN NEW.bot_level IS NOT NULL AND NEW.status = 'active'
BEGIN
    INSERT INTO bot_queue (game, queued) VALUES (NEW.id, NEW.updated)
        ON CONFLICT (game) DO UPDATE SET queued = NEW.updated, problem = NULL,
            not_before = CASE WHEN claimed_by IS NULL THEN NULL ELSE not_before END;
END;
CREATE TRIGGER IF NOT EXISTS bot_queue_over AFTER UPDATE ON games
    WHEN NEW.status <> 'active'
BEGIN
    DELETE FROM bot_queue WHERE game = NEW.id;
END;

-- The CPU the computer player spent thinking, per hour of the server's
-- clock (`2026-11-28T23`): past the `bot-cpu-per-hour` setting its turns
-- wait for the next hour. Rows older than a day are dropped as new ones
-- come.
CREATE TABLE IF NOT EXISTS bot_cpu (
    hour    TEXT PRIMARY KEY,
    seconds REAL NOT NULL DEFAULT 0
);
