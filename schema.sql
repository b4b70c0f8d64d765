-- mail ----------------------------------------------------------------
-- Appended to the core schema. Times are RFC 3339 UTC text
-- (`2026-11-22T13:14:17Z`), which sorts in time order.

-- Every mail boserv sends is first a row here, written in the same
-- transaction as the change it reports; `boserv deliver` sends it.
CREATE TABLE IF NOT EXISTS outbox (
    id              INTEGER PRIMARY KEY,
    created_at      TEXT NOT NULL,
    game_id         INTEGER,                 -- the game the mail is about, if any
    recipients      TEXT NOT NULL,           -- JSON array of addresses
    subject         TEXT NOT NULL,
    body            TEXT NOT NULL,
    message_id      TEXT NOT NULL UNIQUE,    -- with <>; the idempotency key
    in_reply_to     TEXT,                    -- with <>
    "references"    TEXT,                    -- ids with <>, space-separated
    status          TEXT NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error      TEXT,
    sent_at         TEXT
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at);

-- Every mail received, kept whole, with what became of it.
CREATE TABLE IF NOT EXISTS inbox (
    id          INTEGER PRIMARY KEY,
    received_at TEXT NOT NULL,
    message_id  TEXT,                        -- without <>; NULL when absent
    sender      TEXT,
    subject     TEXT,
    raw         BLOB NOT NULL,
    status      TEXT NOT NULL
                CHECK (status IN ('handled', 'refused', 'unreadable', 'ignored', 'duplicate')),
    reason      TEXT
);
-- A Message-ID is run once; later copies are kept as 'duplicate' rows.
CREATE UNIQUE INDEX IF NOT EXISTS inbox_message_id
    ON inbox (message_id) WHERE status <> 'duplicate';
