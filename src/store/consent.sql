-- Version 16 (issue 26): consent to a game, and open challenges.
--
-- `challenge_settings`: what a player does with a challenge to a game
-- type (`variant`, or `all` for every type without its own row):
-- `answer` accept (the game starts at once), ask (an invitation; the
-- default when no row says otherwise) or reject (refused at once); and
-- `max_games`, the most games of the type the player is in at once
-- (NULL: no limit). Either column NULL: not set at this level.
CREATE TABLE IF NOT EXISTS challenge_settings (
    player    INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    variant   TEXT NOT NULL COLLATE NOCASE,
    answer    TEXT CHECK (answer IN ('accept', 'ask', 'reject')),
    max_games INTEGER CHECK (max_games >= 0),
    PRIMARY KEY (player, variant)
);

-- A game that waits for its players' consent: its row in `games` is
-- active, but nobody may move, no clock runs and no dice are drawn until
-- every row of `invitees` is gone (each accepted). `expires`: when
-- `remind` cancels it (the `due` index carries that moment).
CREATE TABLE IF NOT EXISTS invitations (
    game       INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    challenger TEXT,                      -- userid; NULL: the operator's shell
    comment    TEXT,                      -- the challenger's words
    created    TEXT NOT NULL,
    expires    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS invitations_by_expiry ON invitations (expires);
-- The players of an invitation who have still to accept it.
CREATE TABLE IF NOT EXISTS invitees (
    game   INTEGER NOT NULL REFERENCES invitations(game) ON DELETE CASCADE,
    player INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (game, player)
);

-- Open challenges (`seek`): `seek1`, ... Options as in `games.options`,
-- the server's (nag, forfeit, totaltime) included. `seat`: the seeker's
-- seat, NULL for random. `game`: the game an accept made of it.
CREATE TABLE IF NOT EXISTS seeks (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    variant    TEXT NOT NULL,
    player     INTEGER NOT NULL REFERENCES players(id),
    options    TEXT NOT NULL DEFAULT '[]',
    seat       INTEGER,
    rating_min INTEGER,
    rating_max INTEGER,
    created    TEXT NOT NULL,
    expires    TEXT NOT NULL,
    status     TEXT NOT NULL DEFAULT 'open'
               CHECK (status IN ('open', 'taken', 'expired')),
    game       INTEGER REFERENCES games(id)
);
CREATE INDEX IF NOT EXISTS seeks_open ON seeks (status, expires);
