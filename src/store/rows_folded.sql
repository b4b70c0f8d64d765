-- Version 27: three tables whose rows each belonged to one row of another
-- are columns of that row (added by the migrator): a game's bot level
-- (`games.bot_level`, was `bot_levels`), when a player signed off
-- (`players.signed_off`, was `signoffs`) and how many users a player's
-- words mailed on their last day of words (`players.words_day`,
-- `players.words_mails`, was `words_sent`). Every command's process parses
-- the whole schema once before its first statement, about 15 K
-- instructions a table, and a move asks whether its players signed off
-- (issue 25).
-- (The tables are made first, empty, where they are missing: a step may
-- run again over a newer schema, see migrate.rs.)
CREATE TABLE IF NOT EXISTS bot_levels (game INTEGER PRIMARY KEY, level INTEGER);
CREATE TABLE IF NOT EXISTS signoffs (player INTEGER PRIMARY KEY, at TEXT);
CREATE TABLE IF NOT EXISTS words_sent (player INTEGER PRIMARY KEY, day TEXT, mails INTEGER);
-- The copy into games moves no game's due moment (`due_game_changed`
-- would set those of the games copied to NULL, "changed, work it out"):
-- they are kept.
CREATE TEMP TABLE due_kept AS
    SELECT game, at FROM due WHERE game IN (SELECT game FROM bot_levels);
UPDATE games SET bot_level = (SELECT level FROM bot_levels WHERE game = games.id)
    WHERE id IN (SELECT game FROM bot_levels);
UPDATE due SET at = (SELECT at FROM due_kept WHERE due_kept.game = due.game)
    WHERE game IN (SELECT game FROM due_kept);
DROP TABLE due_kept;
UPDATE players SET signed_off = (SELECT at FROM signoffs WHERE player = players.id)
    WHERE id IN (SELECT player FROM signoffs);
UPDATE players SET
    words_day = (SELECT day FROM words_sent WHERE player = players.id),
    words_mails = (SELECT mails FROM words_sent WHERE player = players.id)
    WHERE id IN (SELECT player FROM words_sent);
DROP TABLE bot_levels;
DROP TABLE signoffs;
DROP TABLE words_sent;
