#!/bin/sh
# Mutation testing of the mail intake, the masking, the quoting and the
# consent service (issue 49, docs/notes/mutants.md): the configuration
# whose figures are in that note.
#
#   scripts/mutants.sh [SHARD]      # all mutants of the files, or a
#                                   # round-robin shard of them: 0/3
#   scripts/mutants.sh survivors    # only the last run's survivors again
#
# Needs cargo-mutants (`cargo install cargo-mutants`; 27.1.0 measured).
# Each mutant is built and tested in this checkout (`--in-place`, so the
# incremental build stays warm; the tree must be committed, and
# cargo-mutants puts every file back), one at a time, under `nice`,
# with the `mutants` profile of Cargo.toml. Two stages per area:
#
#   1. every mutant against the library's unit tests of its area;
#   2. the mutants stage 1 missed (or timed out), again against those
#      and the integration tests of the area.
#
# A mutant is caught when either stage catches it. Output: the target
# directory's `mutants-runs/AREA-lib` and `AREA-all` (cargo-mutants'
# mutants.out: caught.txt, missed.txt, timeout.txt, unviable.txt), and a
# summary line per area; `survivors` writes `AREA-again-lib` and
# `AREA-again-all`. Too long for CI: about 15 s a mutant in stage 1 and
# a minute in stage 2 on two shared cores.
set -eu
cd "$(dirname "$0")/.."

what="${1:-0/1}"
out="$(scripts/target-dir.sh)/mutants-runs"
mkdir -p "$out"
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "mutants.sh: commit first (mutants are written into this tree)" >&2
    exit 1
fi

mutants() {
    # cargo-mutants exits non-zero when a mutant is missed: that is a
    # finding, not a failure of the run.
    nice -n 5 cargo mutants --in-place --profile mutants --baseline skip \
        --build-timeout 600 --no-shuffle "$@" || true
}

# The names in the files $@ (cargo-mutants' lists) as one --re pattern.
pattern() {
    python3 -c 'import re, sys
names = [l.rstrip("\n") for f in sys.argv[1:] for l in open(f) if l.strip()]
print("|".join("^" + re.escape(n) + "$" for n in names))' "$@"
}

# The final outcome of each mutant of run $1 (stage 2 over stage 1).
summary() {
    python3 - "$out" "$1" <<'PY'
import json, sys, pathlib
out, run = pathlib.Path(sys.argv[1]), sys.argv[2]
def outcomes(stage):
    f = out / f"{run}-{stage}" / "mutants.out" / "outcomes.json"
    if not f.exists():
        return {}
    return {o["scenario"]["Mutant"]["name"]: o["summary"]
            for o in json.load(open(f))["outcomes"] if o["scenario"] != "Baseline"}
lib, full = outcomes("lib"), outcomes("all")
final = {m: full.get(m, s) for m, s in lib.items()}
counts = {}
for s in final.values():
    counts[s] = counts.get(s, 0) + 1
print(f"{run}: {len(final)} mutants: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
for m, s in sorted(final.items()):
    if s in ("MissedMutant", "Timeout"):
        print(f"  {s}: {m}")
PY
}

# area NAME "FILES" "LIB FILTERS" "INTEGRATION FILTERS"
area() {
    name=$1 files=$2 lib=$3 integration=$4
    set --
    for f in $files; do set -- "$@" --file "$f"; done
    run=$name
    if [ "$what" = survivors ]; then
        # What the last full run left: stage 2's missed and timed out, or
        # stage 1's when stage 2 had nothing to do.
        last="$out/$name-all/mutants.out"
        [ -d "$last" ] || last="$out/$name-lib/mutants.out"
        cat "$last/missed.txt" "$last/timeout.txt" >"$out/$name-left"
        run=$name-again
        if [ ! -s "$out/$name-left" ]; then
            echo "$name: no survivors"
            return
        fi
        set -- "$@" --re "$(pattern "$out/$name-left")"
    else
        set -- "$@" --shard "$what" --sharding round-robin
    fi
    # shellcheck disable=SC2086 # the filters are words
    mutants "$@" --timeout 60 -o "$out/$run-lib" -C --lib -- -- $lib
    stage1="$out/$run-lib/mutants.out"
    rm -rf "$out/$run-all"
    if [ -s "$stage1/missed.txt" ] || [ -s "$stage1/timeout.txt" ]; then
        set --
        for f in $files; do set -- "$@" --file "$f"; done
        # shellcheck disable=SC2086
        mutants "$@" --timeout 300 \
            --re "$(pattern "$stage1/missed.txt" "$stage1/timeout.txt")" \
            -o "$out/$run-all" \
            -C --lib -C --test=integration -- -- $lib $integration
    fi
    summary "$run"
    # proptest keeps the seeds that failed under a mutant: not ours to keep.
    for f in tests/*.regressions; do
        [ -e "$f" ] && ! git ls-files --error-unmatch "$f" >/dev/null 2>&1 && rm -f "$f"
    done
    git diff --quiet || { echo "mutants.sh: the tree was left changed" >&2; exit 1; }
}

area mail "src/mail/inbound.rs src/mail/mask.rs src/mail/body.rs" \
    "mail::" \
    "mail_intake:: mail_mask_exact:: mail_mask_property:: mail_refusals:: mail_single:: mail_html:: replies:: reply_threads::"
area consent "src/service/community/consent/mod.rs src/service/community/consent/settings.rs" \
    "service::community" \
    "consent::"
