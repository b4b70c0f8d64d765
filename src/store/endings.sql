-- Version 3: one wording per ending (issue 11). Earlier versions worded the
-- same ending several ways; the stored reason of finished games is brought
-- to the one wording the rules now give (src/rules/outcome.rs). Results
-- (`1-0`, `[1:0:0]`) are unchanged. Position texts need no rewrite: their
-- readers accept the old wordings.
UPDATE games SET reason = 'time forfeit'
    WHERE status = 'over' AND (reason = 'forfeit' OR reason LIKE '% forfeited; the other two are out');
UPDATE games SET reason = 'resignation'
    WHERE status = 'over' AND reason LIKE '% resigned; the other two are out';
UPDATE games SET reason = 'agreement'
    WHERE status = 'over' AND reason LIKE 'draw agreed%';
UPDATE games SET reason = 'dead position'
    WHERE status = 'over' AND reason IN ('insufficient material', 'bare kings');
