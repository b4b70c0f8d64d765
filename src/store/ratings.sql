-- Version 16: Glicko-2 ratings, one pool per game type (issue 26).
--
-- `games.rated` (added before this step runs, src/store/migrate.rs):
-- 1 for a rated game, 0 for one challenged `--unrated`; every game older
-- than this step is rated.
--
-- `ratings` holds each player's current rating in a pool (the game type's
-- name); a player without a row has 1500 / 350 / 0.06. `last_period` is
-- when the player's last rated game of the type ended (RFC 3339 UTC): the
-- rating deviation grows from then on, one step a rating period without
-- a game (src/service/ratings.rs).
CREATE TABLE IF NOT EXISTS ratings (
    userid      TEXT NOT NULL,
    variant     TEXT NOT NULL,
    rating      REAL NOT NULL,
    rd          REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    last_period TEXT,
    PRIMARY KEY (userid, variant)
);

-- What each rated game did to each of its players' ratings, in the order
-- the games ended (`seq`): the game-over mail shows it, and a rebuild
-- replays the games in this order (games of the same second included).
-- `before_*` is the rating as the game found it, its deviation already
-- grown by the player's inactivity.
CREATE TABLE IF NOT EXISTS rating_changes (
    seq               INTEGER PRIMARY KEY AUTOINCREMENT,
    game              INTEGER NOT NULL REFERENCES games(id),
    variant           TEXT NOT NULL,
    userid            TEXT NOT NULL,
    before_rating     REAL NOT NULL,
    before_rd         REAL NOT NULL,
    before_volatility REAL NOT NULL,
    rating            REAL NOT NULL,
    rd                REAL NOT NULL,
    volatility        REAL NOT NULL,
    at                TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_changes_by_game ON rating_changes(game);
