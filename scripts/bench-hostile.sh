#!/usr/bin/env bash
# The worst shapes of a stranger's mail (issue 48): for each, the CPU time
# and peak memory of one `boserv mail` process (release build) at 10 KB,
# 100 KB and the default size limit (256 KB, less 1 KB of headroom).
#
#   scripts/bench-hostile.sh [SIZE...]          (sizes in bytes)
#   SHAPES=subject-sql-word,html-open-divs scripts/bench-hostile.sh
#   BENCH_PROFILE=debug scripts/bench-hostile.sh   (the debug build instead)
#
# Prints a Markdown table (docs/notes/hostile.md holds the last one). The
# bound: 1 s of CPU and 64 MB per mail. The binary is the one cargo
# builds (found through cargo's own report, so CARGO_TARGET_DIR is
# honoured). The shapes are in scripts/bench_hostile.py.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "bench-hostile.sh needs python3" >&2; exit 2; }
profile=--release
[ "${BENCH_PROFILE:-release}" = debug ] && profile=
bin=$(cargo build $profile --bin boserv --message-format=json 2>/dev/null |
    python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "boserv":
        print(m["executable"])
')
[ -x "$bin" ] || { echo "no boserv binary from cargo build $profile" >&2; exit 1; }
unset BOSERV_NOW EXTENSION BOSERV_DB
exec python3 scripts/bench_hostile.py "$bin" "$@"
