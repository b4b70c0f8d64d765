-- Tournaments (issue 27): round robins, knockouts and ladders run by the
-- server. A tournament is open (taking entrants), running (its games
-- created), done (a winner named) or cancelled by its organiser.
-- `options`: the game options every game of it gets, as challenge reads
-- them (JSON as in `games.options`). `players`: the entrants wanted
-- (`--players=N`, the tournament starts when that many have joined);
-- NULL: the organiser starts it. `reach` and `max_games` are the ladder's.
-- Times are RFC 3339, UTC.
CREATE TABLE IF NOT EXISTS tournaments (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    variant   TEXT NOT NULL,
    format    TEXT NOT NULL
              CHECK (format IN ('round-robin', 'double-round-robin', 'knockout', 'ladder')),
    organiser TEXT NOT NULL,
    state     TEXT NOT NULL DEFAULT 'open'
              CHECK (state IN ('open', 'running', 'done', 'cancelled')),
    players   INTEGER,
    rated     INTEGER NOT NULL DEFAULT 1,
    options   TEXT NOT NULL DEFAULT '[]',
    reach     INTEGER NOT NULL DEFAULT 3,
    max_games INTEGER NOT NULL DEFAULT 2,
    created   TEXT NOT NULL,
    started   TEXT,
    ended     TEXT,
    winner    TEXT
);
CREATE INDEX IF NOT EXISTS tournaments_by_state ON tournaments (state);

-- Who plays in a tournament. `seed`: the entry order while it is open,
-- renumbered by rating at the start (1 the strongest); `rank`: a ladder's
-- place (1 the top), NULL in other formats; `left_at`: when the entrant
-- left or signed off (their remaining games were forfeited).
CREATE TABLE IF NOT EXISTS tournament_entrants (
    tournament INTEGER NOT NULL REFERENCES tournaments(id),
    userid     TEXT NOT NULL COLLATE NOCASE,
    seed       INTEGER NOT NULL,
    rank       INTEGER,
    left_at    TEXT,
    PRIMARY KEY (tournament, userid)
);
CREATE INDEX IF NOT EXISTS tournament_entrants_by_user ON tournament_entrants (userid);

-- The games of a tournament: its round (1-based; 0 in a ladder) and kind
-- (`pairing`: a round robin's game or one of a knockout match's two;
-- `decider`: the third game of a level knockout match; `ladder`).
CREATE TABLE IF NOT EXISTS tournament_games (
    game       INTEGER PRIMARY KEY REFERENCES games(id),
    tournament INTEGER NOT NULL REFERENCES tournaments(id),
    round      INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('pairing', 'decider', 'ladder'))
);
CREATE INDEX IF NOT EXISTS tournament_games_by_tournament ON tournament_games (tournament, round);
