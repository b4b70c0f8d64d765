-- Spectators and result notifications (issue 15: pbmserv's `subscribe`,
-- `unsubscribe` and `notify`).

-- A user who watches one board: `subscribe` (a spectator's copy of every
-- board mail) or `notify` (one mail when the game ends).
CREATE TABLE IF NOT EXISTS watchers (
    game   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    kind   TEXT NOT NULL CHECK (kind IN ('subscribe', 'notify')),
    since  TEXT NOT NULL,
    PRIMARY KEY (game, player, kind)
);
CREATE INDEX IF NOT EXISTS watchers_by_player ON watchers (player);

-- A user who watches every game of one type: `subscribe ... all` makes
-- them a spectator of each new board of that type; `notify` without
-- boards tells them the result of each game of that type.
CREATE TABLE IF NOT EXISTS standing_watchers (
    variant TEXT NOT NULL COLLATE NOCASE,
    player  INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    kind    TEXT NOT NULL CHECK (kind IN ('subscribe', 'notify')),
    since   TEXT NOT NULL,
    PRIMARY KEY (variant, player, kind)
);
