-- Version 16: playing many games at once (issue 30).
--
-- Conditional moves: each row is one step of a player's tree of lines in
-- a game: "if the opponent plays `reply` (leading to `after_reply`, a
-- position encoding), play `move`". Rows whose `parent` is NULL answer the
-- opponent's next turn (`reply_ply`); a row's children answer the turn
-- after its move. Only the player who queued them ever reads them.
CREATE TABLE IF NOT EXISTS conditional_moves (
    id          INTEGER PRIMARY KEY,
    game        INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player      INTEGER NOT NULL REFERENCES players(id),
    parent      INTEGER REFERENCES conditional_moves(id) ON DELETE CASCADE,
    reply_ply   INTEGER NOT NULL,
    reply       TEXT NOT NULL,
    after_reply TEXT NOT NULL,
    move        TEXT NOT NULL,
    at          TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS conditional_moves_by_game ON conditional_moves (game, player);
CREATE INDEX IF NOT EXISTS conditional_moves_by_parent ON conditional_moves (parent);

-- The daily digest: a player who asked for one gets, at `hour` UTC, one
-- mail about their games instead of a mail per move (see
-- src/service/digest.rs). `digest_sent` holds the day (YYYY-MM-DD) each
-- digest went out, committed with its outbox row: a day is sent once.
CREATE TABLE IF NOT EXISTS digests (
    player INTEGER PRIMARY KEY REFERENCES players(id),
    hour   INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    since  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS digest_sent (
    player INTEGER NOT NULL REFERENCES players(id),
    day    TEXT NOT NULL,
    at     TEXT NOT NULL,
    PRIMARY KEY (player, day)
);
