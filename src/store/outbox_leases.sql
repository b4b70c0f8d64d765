-- Who is sending an outbox row (issue 45): `outbox.leased_by` (added by
-- the migrator) names the run that leased it, by the lock file it holds
-- beside the database (src/mail/outbox/holder.rs). A row whose holder is
-- dead is taken back at once; NULL: not leased, or leased by time alone.
SELECT 1;
