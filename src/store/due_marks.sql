-- Version 28: every game has a row in `due`, and the triggers that mark a
-- game are one short UPDATE of that row each (issue 25: every process
-- parses each trigger's text once, before its first statement, and
-- compiles it into each statement that fires it; the upserts that looked
-- the game up in `games` cost a move 0.2 M instructions more).
--
-- Exact by construction: `due_game_new` makes a game's row with the game
-- (a plain INSERT: the foreign key leaves no row of a game that is not
-- there), nothing but the game's delete takes it away, and a game
-- `remind` has nothing to wait for (over, cancelled, nobody to move, a
-- challenge awaiting consent) keeps it with `at` = 'never'
-- (src/store/due.rs; it was deleted), which sorts after every moment,
-- so no run reads it as due. So each change marks its game's row (NULL),
-- and the command works it out before it commits, as before. A vacation
-- marks only its player's active games, as it did: over games' moments
-- stay 'never' whatever vacations do. Debug builds check before each
-- commit that every game has its row (`due::assert_settled`).
--
-- The rows a database lacks are made here: an active game's as never
-- worked out (''; the next `remind` works it out), another's as 'never'.
INSERT OR IGNORE INTO due (game, at)
    SELECT id, CASE status WHEN 'active' THEN '' ELSE 'never' END FROM games;

DROP TRIGGER IF EXISTS due_game_new;
CREATE TRIGGER due_game_new AFTER INSERT ON games
BEGIN INSERT INTO due (game) VALUES (NEW.id); END;
DROP TRIGGER IF EXISTS due_game_changed;
CREATE TRIGGER due_game_changed AFTER UPDATE ON games
BEGIN UPDATE due SET at = NULL WHERE game = NEW.id; END;
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
BEGIN
    UPDATE due SET at = NULL WHERE game IN (SELECT s.game FROM seats s JOIN games g ON g.id = s.game
        WHERE s.player = NEW.player AND g.status = 'active');
END;
DROP TRIGGER IF EXISTS due_vacation_changed;
CREATE TRIGGER due_vacation_changed AFTER UPDATE ON vacations
BEGIN
    UPDATE due SET at = NULL WHERE game IN (SELECT s.game FROM seats s JOIN games g ON g.id = s.game
        WHERE s.player IN (OLD.player, NEW.player) AND g.status = 'active');
END;
