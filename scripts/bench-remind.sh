#!/usr/bin/env bash
# `boserv remind` over 100,000 active games (benches/remind.rs): generates
# the database once with direct SQL, then times a first run (about 600
# reminders and 500 forfeits due), a rerun with nothing due, and the release
# binary as a whole process on a fresh copy.
#
#   scripts/bench-remind.sh        (a release build; a few minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo bench --bench remind
