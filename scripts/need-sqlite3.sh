# Sourced by the benchmarks: installs the sqlite3 CLI if it is missing (it
# measures the floor, one durable commit per process).
if ! command -v sqlite3 >/dev/null; then
    echo "installing the sqlite3 CLI (the floor's measuring stick)" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3 >/dev/null
fi
