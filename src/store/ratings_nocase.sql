-- Looking a player's rating up by userid in any case (`userid = ? COLLATE
-- NOCASE`, src/store/ratings.rs) cannot use the primary key, whose
-- collation is binary: every game-over and reminder letter scanned the
-- whole `ratings` table, twice per player (issue 25: 39% of `remind`'s
-- time over a million games, and growing with every rated player).
CREATE INDEX IF NOT EXISTS ratings_by_userid ON ratings (userid COLLATE NOCASE, variant);
