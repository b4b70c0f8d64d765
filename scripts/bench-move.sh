#!/usr/bin/env bash
# Times one `boserv move` as a whole process (open, migrate check, load,
# play, one durable commit) against the floor of one durable commit: the
# sqlite3 CLI inserting one row into a WAL database with synchronous=FULL.
# Prints both medians and their ratio (the bar: at most 1.2x).
#
#   scripts/bench-move.sh [ROUNDS]     (default 40 moves; installs sqlite3 if missing)
#
# BOSERV_BENCH_BIN=PATH times that binary instead of building this tree's
# (an older build kept aside, for a before/after in one sitting).
# scripts/bench-move-cpu.py measures the CPU of the same moves: on a disk
# others share, wall time is mostly their syncs.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-40}

. scripts/need-sqlite3.sh
if [ -n "${BOSERV_BENCH_BIN:-}" ]; then
    bin=$BOSERV_BENCH_BIN
else
    cargo build --release --quiet
    bin="$(scripts/target-dir.sh)/release/boserv"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export BOSERV_DB=$work/bench.db BOSERV_NOW=2026-01-01T00:00:00Z

now_ns() { date +%s%N; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

"$bin" signup white secret >/dev/null
"$bin" signup black secret >/dev/null

# Knights out and back: four moves that never end the game by themselves;
# a fresh game every 4 moves keeps clear of threefold repetition.
turns=(Ng1-f3 Ng8-f6 Nf3-g1 Nf6-g8)
players=(white black white black)
: >"$work/move.ns"
i=0
while [ "$i" -lt "$rounds" ]; do
    k=$((i % 4))
    if [ "$k" -eq 0 ]; then
        game=$("$bin" challenge chess white black | tail -n 1)
    fi
    t0=$(now_ns)
    "$bin" --as "${players[$k]}" move "$game" "${turns[$k]}" >/dev/null
    t1=$(now_ns)
    echo $((t1 - t0)) >>"$work/move.ns"
    i=$((i + 1))
done

floor_db=$work/floor.db
sqlite3 "$floor_db" "PRAGMA journal_mode=WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);" >/dev/null
: >"$work/floor.ns"
for _ in $(seq "$rounds"); do
    t0=$(now_ns)
    sqlite3 "$floor_db" "PRAGMA synchronous=FULL; INSERT INTO t (v) VALUES ('e2-e4');"
    t1=$(now_ns)
    echo $((t1 - t0)) >>"$work/floor.ns"
done

move_ms=$(median <"$work/move.ns" | awk '{ printf "%.2f", $1 / 1e6 }')
floor_ms=$(median <"$work/floor.ns" | awk '{ printf "%.2f", $1 / 1e6 }')
ratio=$(awk -v m="$move_ms" -v f="$floor_ms" 'BEGIN { printf "%.2f", m / f }')
echo "boserv move (median of $rounds): ${move_ms} ms"
echo "sqlite3 durable insert (median of $rounds): ${floor_ms} ms"
echo "ratio: ${ratio}x (bar: <= 1.2x)"
