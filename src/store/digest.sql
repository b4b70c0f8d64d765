-- The daily digest (issue 30): a player who asked for one (`digest on
-- HOUR`) gets one mail a day at HOUR (UTC) listing their games instead of
-- a board mail per move. `digests_sent` holds one row per player and UTC
-- day a digest was queued, inserted in the transaction of the digest's
-- outbox row, so `remind` run every minute, or killed, never sends a day's
-- digest twice nor loses it.
CREATE TABLE IF NOT EXISTS digests (
    player INTEGER PRIMARY KEY REFERENCES players(id),
    hour   INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23)
);
CREATE TABLE IF NOT EXISTS digests_sent (
    player INTEGER NOT NULL REFERENCES players(id),
    day    TEXT NOT NULL,                         -- YYYY-MM-DD, UTC
    at     TEXT NOT NULL,                         -- when, RFC 3339
    PRIMARY KEY (player, day)
);
-- The chats of a game whose players include one who takes the digest,
-- for the digest's "chats of the day"; `remind` drops them after a day.
CREATE TABLE IF NOT EXISTS digest_chats (
    id    INTEGER PRIMARY KEY,
    game  INTEGER NOT NULL REFERENCES games(id),
    by    TEXT NOT NULL,
    text  TEXT NOT NULL,
    at    TEXT NOT NULL                          -- RFC 3339, UTC
);
CREATE INDEX IF NOT EXISTS digest_chats_at ON digest_chats (at);
