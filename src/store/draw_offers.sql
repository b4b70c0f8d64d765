-- When a game's standing draw offer was made, and when the reminder to
-- those who must answer it went out (issue 23: `remind` reminds them once).
-- A new offer replaces the row; the row of an offer that lapsed is only
-- read while an offer stands, and a new offer replaces it first.
CREATE TABLE IF NOT EXISTS draw_offers (
    game     INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    made     TEXT NOT NULL,
    reminded TEXT
);
