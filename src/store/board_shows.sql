-- What each player sees of a board in their mail (issue 44): `board
-- list` (the piece list alone), `board picture` (the drawn boards alone);
-- no row: both, the default.
CREATE TABLE IF NOT EXISTS board_shows (
    player INTEGER PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    show   TEXT NOT NULL CHECK (show IN ('list', 'picture'))
);
