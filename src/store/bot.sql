-- The computer player (issue 31): the level it plays each of its games at,
-- from the challenge's `--opt level=1..5` (3 when not given). A game the
-- bot holds no seat in has no row. The bot's account is an ordinary
-- `players` row, made on first use (src/service/bot/account.rs).
CREATE TABLE IF NOT EXISTS bot_levels (
    game  INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 5)
);
