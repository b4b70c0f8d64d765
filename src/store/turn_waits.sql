-- What waits for a player's turn (issue 15): moves queued in advance,
-- a resignation sent out of turn, a move submitted for confirmation, and
-- signed-off accounts. The turn log's `auto` column (added before this
-- step runs, see migrate.rs) marks the turns the server played from a
-- queue, shown as `(Auto)`.

-- Turns a player queued while it was not their turn, played in `pos`
-- order as their turns come. `expect` is the `#N` guard: the move number
-- the turn was meant for.
CREATE TABLE IF NOT EXISTS queued_turns (
    game    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player  INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    pos     INTEGER NOT NULL,
    turn    TEXT NOT NULL,
    expect  INTEGER,
    comment TEXT,
    at      TEXT NOT NULL,
    PRIMARY KEY (game, player, pos)
);

-- A resignation sent while it was not the player's turn: it takes effect
-- when their turn comes (sending it again withdraws it).
CREATE TABLE IF NOT EXISTS pending_resignations (
    game   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    at     TEXT NOT NULL,
    PRIMARY KEY (game, player)
);

-- A move submitted for confirmation: played by `confirm` only while the
-- game is still at `ply` with `position` (the cached position text).
CREATE TABLE IF NOT EXISTS submissions (
    game     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player   INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    turn     TEXT NOT NULL,
    comment  TEXT,
    ply      INTEGER NOT NULL,
    position TEXT NOT NULL,
    at       TEXT NOT NULL,
    PRIMARY KEY (game, player)
);

-- Closed accounts. The player row stays (the userid stays taken, and the
-- history of their games readable); their addresses are gone.
CREATE TABLE IF NOT EXISTS signoffs (
    player INTEGER PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    at     TEXT NOT NULL
);
