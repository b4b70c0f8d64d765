#!/usr/bin/env bash
# The torture run behind README's "Nothing lost, nothing doubled" figures.
#
# Runs the crash harness of tests/mail_crash.rs large, in release mode:
# ROUNDS rounds of up to 8 games at once, each round a move mail (with the
# password, or a reply to the board mail, spooled when another `boserv
# mail` is at work), a `multiple` letter or a shell move per game plus now
# and then a signup mail without a Message-ID, all started together, 60%
# of them killed with SIGKILL at a random moment of their life; every
# killed or refused (75) mail handed over again until it exits 0, every
# shell move that did not take run again, some finished mails delivered a
# second time, the spool taken in (`boserv spool`, killed too); then
# `deliver` runs, two at once, killed at random, and a last one. Then it
# checks: each command applied exactly once, every made move has its mails
# and no mail exists for an unmade move, every game replays to its cached
# position, PRAGMA integrity_check ok, no inbox row unfinished, each outbox
# row one whole file. A second run does the same with a 10 ms busy
# timeout, so that processes also give up on the lock (exit 75) and are
# retried. Last, as root, the same on a 3 MB tmpfs filled to
# the last byte (skipped with a message otherwise).
#
#   scripts/torture.sh [ROUNDS] [SEED]      (default 100 rounds, a random seed)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-100}
seed=${2:-$(date +%s%N)}

run() {
    cargo test --release --quiet --test integration "$1" -- --nocapture --test-threads=1 2>&1 |
        grep -E '^(seed|full disk|skipped)|panicked|problems|FAILED' || true
}

echo "== $rounds rounds, seed $seed"
BOSERV_TORTURE=$rounds BOSERV_TORTURE_SEED=$seed run mail_crash::killed_at_random
echo "== $rounds rounds, seed $((seed + 1)), a 10 ms busy timeout (busy database: exit 75, retried)"
BOSERV_TORTURE=$rounds BOSERV_TORTURE_SEED=$((seed + 1)) BOSERV_TORTURE_BUSY_MS=10 \
    run mail_crash::killed_at_random

if [ "$(id -u)" -ne 0 ]; then
    echo "== full disk: skipped (needs root to mount a small tmpfs)"
    exit 0
fi
disk=$(mktemp -d)
trap 'umount "$disk" 2>/dev/null; rmdir "$disk"' EXIT
mount -t tmpfs -o size=3m tmpfs "$disk"
echo "== full disk on a 3 MB tmpfs"
BOSERV_FULL_DISK_DIR=$disk run mail_crash::a_full_disk
