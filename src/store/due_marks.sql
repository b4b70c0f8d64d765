-- Version 28: every active game has a row in `due`, and the triggers that
-- mark a game for a change of its seats, its log, its reminder or a
-- seated player's vacation are one short UPDATE each (issue 25: every
-- process parses each trigger's text once, before its first statement,
-- and compiles it into each statement that fires it; the upserts that
-- looked the game up in `games` cost a move 0.15 M instructions more).
--
-- Exact by construction: a row exists for every active game and for no
-- other. `due_game_new` makes it when an active game is inserted,
-- `due_game_changed` makes it when a game becomes active and deletes it
-- when the game stops being active, a game's delete takes it along, and
-- nothing else deletes one: a game with nothing to wait for (nobody to
-- move, a challenge awaiting consent) keeps its row with `at` = 'never'
-- (src/store/due.rs; it was deleted), which sorts after every moment, so
-- `remind` never reads it as due. So an UPDATE of the game's row marks
-- exactly the active games, as the upserts that first asked `games`
-- whether the game was active did. Debug builds check the invariant
-- before each commit (`due::assert_settled`).
--
-- The active games a database kept without a row (nothing to wait for)
-- get one as never worked out (''): the next `remind` works them out.
INSERT OR IGNORE INTO due (game, at) SELECT id, '' FROM games WHERE status = 'active';

DROP TRIGGER IF EXISTS due_seat;
CREATE TRIGGER due_seat AFTER INSERT ON seats
BEGIN UPDATE due SET at = NULL WHERE game = NEW.game; END;
DROP TRIGGER IF EXISTS due_turn;
CREATE TRIGGER due_turn AFTER INSERT ON turns
BEGIN UPDATE due SET at = NULL WHERE game = NEW.game; END;
DROP TRIGGER IF EXISTS due_turn_changed;
CREATE TRIGGER due_turn_changed AFTER UPDATE ON turns
BEGIN UPDATE due SET at = NULL WHERE game = NEW.game; END;
DROP TRIGGER IF EXISTS due_reminder;
CREATE TRIGGER due_reminder AFTER INSERT ON reminders
BEGIN UPDATE due SET at = NULL WHERE game = NEW.game; END;
DROP TRIGGER IF EXISTS due_reminder_changed;
CREATE TRIGGER due_reminder_changed AFTER UPDATE ON reminders
BEGIN UPDATE due SET at = NULL WHERE game = NEW.game; END;
DROP TRIGGER IF EXISTS due_vacation;
CREATE TRIGGER due_vacation AFTER INSERT ON vacations
BEGIN UPDATE due SET at = NULL WHERE game IN (SELECT game FROM seats WHERE player = NEW.player); END;
DROP TRIGGER IF EXISTS due_vacation_changed;
CREATE TRIGGER due_vacation_changed AFTER UPDATE ON vacations
BEGIN
    UPDATE due SET at = NULL
        WHERE game IN (SELECT game FROM seats WHERE player IN (OLD.player, NEW.player));
END;
