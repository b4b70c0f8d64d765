-- Version 16: playing many games at once (issue 30); the time control
-- column games.clock is added by src/store/migrate.rs (COLUMNS).
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

