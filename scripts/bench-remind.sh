#!/usr/bin/env bash
# `boserv remind` over GAMES active games (default 1,000,000), as cron runs
# it: whole release processes, wall time. Generates the database once
# (examples/remind_db.rs: chess games two moves in, about 1 in 200 past its
# forfeit time and 1 in 170 owed a reminder, every game's due moment worked
# out by the server's code), then ROUNDS times (default 3) on a fresh copy:
# a first run (the reminders and forfeits due) and a rerun at the same
# moment (nothing due). Prints each run's summary and, last, the medians:
#
#   remind: GAMES games, first run S s, nothing due S s
#
#   scripts/bench-remind.sh [GAMES] [ROUNDS]   (1,000,000 games: about 1 GB
#                                               of disk and a few minutes)
#
# BENCH_REMIND_DB=DIR keeps the generated database in DIR (DIR/GAMES.db and
# its moment DIR/GAMES.now) and reuses it on later runs, so before/after
# comparisons skip the generation. BENCH_REMIND_BIN=PATH times that boserv
# binary instead of this checkout's release build (e.g. a copy of main's).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000000}
rounds=${2:-3}

cargo build --release --quiet --bin boserv --example remind_db
target="$(scripts/target-dir.sh)"
bin=${BENCH_REMIND_BIN:-$target/release/boserv}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-remind.XXXXXX")
trap 'rm -rf "$work"' EXIT

keep=${BENCH_REMIND_DB:-}
if [ -n "$keep" ] && [ -f "$keep/$games.db" ] && [ -f "$keep/$games.now" ]; then
    master=$keep/$games.db
    now=$(cat "$keep/$games.now")
    echo "reusing $master" >&2
else
    if [ -n "$keep" ]; then
        mkdir -p "$keep"
        master=$keep/$games.db
        rm -f "$master" "$keep/$games.now"
    else
        master=$work/master.db
    fi
    t0=$(date +%s%N)
    now=$("$target"/release/examples/remind_db "$master" "$games" | tail -n 1)
    t1=$(date +%s%N)
    [ -n "$keep" ] && echo "$now" >"$keep/$games.now"
    echo "generated $games games in $(awk -v d=$((t1 - t0)) 'BEGIN { printf "%.1f", d / 1e9 }') s" >&2
fi

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# One `boserv remind` at the bench's moment; prints its wall time in ns.
timed() {
    local s e
    s=$(date +%s%N)
    "$bin" --db "$1" --now "$now" remind >"$work/out"
    e=$(date +%s%N)
    echo "  $(cat "$work/out")" >&2
    echo $((e - s))
}

: >"$work/first.ns"
: >"$work/again.ns"
for _ in $(seq "$rounds"); do
    cp "$master" "$work/run.db"
    sync
    timed "$work/run.db" >>"$work/first.ns"
    timed "$work/run.db" >>"$work/again.ns"
    rm -f "$work/run.db" "$work/run.db-wal" "$work/run.db-shm"
done
first=$(median <"$work/first.ns" | awk '{ printf "%.3f", $1 / 1e9 }')
again=$(median <"$work/again.ns" | awk '{ printf "%.3f", $1 / 1e9 }')
echo "remind: $games games, first run $first s, nothing due $again s"
