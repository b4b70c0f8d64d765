#!/bin/sh
# Prints cargo's target directory for this checkout: `target/` beside
# Cargo.toml, or wherever CARGO_TARGET_DIR (or a cargo config) puts it.
# The scripts find the binaries they build through it, never through
# `./target` by name, so they run from any checkout.
#
#   bin="$(scripts/target-dir.sh)/release/boserv"
set -eu
cd "$(dirname "$0")/.."
cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])'
