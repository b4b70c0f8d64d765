-- A board mail's HTML part kept as the data that draws it (issue 25):
-- `outbox.html_board` (added by the migrator) holds, for a pending mail,
-- the board (variant, encoded position, reader's side) and where the ASCII
-- board stands in `body`, as JSON (src/letters/html/later.rs); `deliver`
-- draws the HTML part from it when it sends the mail, then clears it as it
-- clears `html`. A few hundred bytes where the part was 9 KB.
SELECT 1;
