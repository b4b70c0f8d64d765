-- Version 4: a declined game's ending is typed (issue 11). A game that a
-- player declined (resigned before their own first turn) is cancelled; its
-- reason was the free text `USERID declined to play` and is now the
-- ending's key `declined:SEAT` (src/rules/outcome.rs), which the service
-- words with the game's seat names. A player holding two seats of the game
-- is taken at the first. Userids compare without case, as everywhere. A
-- reason that names no player of the game stays.
UPDATE games SET reason = coalesce('declined:' || (
        SELECT min(s.seat) FROM seats s JOIN players p ON p.id = s.player
        WHERE s.game = games.id AND games.reason = (p.userid || ' declined to play') COLLATE NOCASE
    ), reason)
    WHERE status = 'cancelled';
