-- boserv's database, version 1. Embedded in the binary (src/store/migrate.rs)
-- and applied to a fresh database; later versions add steps there, never
-- edits here. Times are RFC 3339 UTC text. The mail layer's tables, `outbox`
-- and `inbox`, are in the `-- mail` section at the end.

-- A signed-up user. Userids compare case-insensitively (`Alice` is `alice`).
CREATE TABLE players (
    id            INTEGER PRIMARY KEY,
    userid        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,          -- argon2 PHC string
    created       TEXT NOT NULL
);

-- Where a user's mail goes; a user may have several addresses.
CREATE TABLE player_emails (
    player INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    email  TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (player, email)
);

-- One game: its start (variant + options) and a cache of where it stands.
-- The truth is the turn log in `turns`; `position` is Position::encode of
-- the position after the whole log, rewritten with every turn.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    variant         TEXT NOT NULL,
    options         TEXT NOT NULL DEFAULT '[]',   -- JSON [[name, value|null], ...]
    status          TEXT NOT NULL DEFAULT 'active'
                    CHECK (status IN ('active', 'over', 'cancelled')),
    result          TEXT,                         -- `1-0`, `1/2-1/2`, `[1:0:0]`
    reason          TEXT,                         -- `checkmate`, `resignation`...
    position        TEXT NOT NULL,
    ply             INTEGER NOT NULL DEFAULT 0,   -- board turns played
    created         TEXT NOT NULL,
    updated         TEXT NOT NULL,
    draw_votes      TEXT,                         -- seats agreeing to a draw, `0,2`; NULL: no offer
    dice_commitment TEXT,                         -- SHA-256 of dice_seed (hex), dice games only
    dice_seed       TEXT,                         -- hex; revealed when the game ends
    nag_days        INTEGER NOT NULL DEFAULT 7,
    forfeit_days    INTEGER NOT NULL DEFAULT 21
);

-- Who plays which seat, in turn order (seat 0 = White).
CREATE TABLE seats (
    game   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat   INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (game, seat)
);
CREATE INDEX seats_by_player ON seats(player);

-- The turn log: board turns (`kind` = 'turn', `ply` = its move number) and
-- the events that end a game or a seat's part in it ('resign', 'forfeit',
-- 'draw'), in order. Replaying it rebuilds the game.
CREATE TABLE turns (
    game    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,                     -- 1, 2, ... over the whole log
    ply     INTEGER NOT NULL,                     -- board turns played after this entry
    kind    TEXT NOT NULL DEFAULT 'turn'
            CHECK (kind IN ('turn', 'resign', 'forfeit', 'draw')),
    seat    INTEGER,                              -- the seat that moved or resigned
    player  INTEGER REFERENCES players(id),
    text    TEXT NOT NULL,                        -- canonical notation, or the event
    roll    TEXT,                                 -- `1,3` in dice games
    comment TEXT,
    at      TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);

-- mail ----------------------------------------------------------------
-- The mail layer's tables. Times are RFC 3339 UTC text
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
                CHECK (status IN ('received', 'handled', 'refused', 'unreadable', 'ignored', 'duplicate')),
    reason      TEXT
);
-- A Message-ID is run once; later copies are kept as 'duplicate' rows.
CREATE UNIQUE INDEX IF NOT EXISTS inbox_message_id
    ON inbox (message_id) WHERE status <> 'duplicate';
