-- The definition a game defined as data started with (issue 46): its
-- variants.ini text, kept with the game so that an operator's later
-- edit of the file never changes a game being played. Games written in
-- Rust have no row.
CREATE TABLE IF NOT EXISTS game_definitions (
    game   INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    source TEXT NOT NULL
);
