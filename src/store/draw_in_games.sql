-- Version 26: a standing draw offer's moment and its reminder are two
-- columns of its game (`draw_made`, `draw_reminded`, added by the
-- migrator), where they had a table of their own with three `due`
-- triggers (draw_offers.sql, due.sql). Every command's process parses the
-- whole schema once before its first statement, and those four objects
-- cost a move 0.12 M of its 4.16 M instructions (issue 25). A change of an
-- offer is now an update of its game's row, which `due_game_changed` marks
-- as the offer's own triggers did, so the due index stays exact by
-- construction.
-- (The table is made first, empty, where it is missing: a step may run
-- again over a newer schema, see migrate.rs.)
CREATE TABLE IF NOT EXISTS draw_offers (game INTEGER PRIMARY KEY, made TEXT, reminded TEXT);
-- The copy moves no game's due moment (the trigger would set those of
-- the games copied to NULL, "changed, work it out"): they are kept.
CREATE TEMP TABLE due_kept AS
    SELECT game, at FROM due WHERE game IN (SELECT game FROM draw_offers);
UPDATE games SET
    draw_made = (SELECT made FROM draw_offers WHERE game = games.id),
    draw_reminded = (SELECT reminded FROM draw_offers WHERE game = games.id)
    WHERE id IN (SELECT game FROM draw_offers);
UPDATE due SET at = (SELECT at FROM due_kept WHERE due_kept.game = due.game)
    WHERE game IN (SELECT game FROM due_kept);
DROP TABLE due_kept;
DROP TRIGGER IF EXISTS due_draw_offer;
DROP TRIGGER IF EXISTS due_draw_offer_changed;
DROP TRIGGER IF EXISTS due_draw_offer_gone;
DROP TABLE IF EXISTS draw_offers;
