#!/usr/bin/env python3
"""CPU time of one `boserv move` process against one durable sqlite3 commit.

    scripts/bench-move-cpu.py [ROUNDS] [BIN]
        (default 40 moves; BIN: target/release/boserv, built by the caller)

`scripts/bench-move.sh` measures wall time, which on a shared disk is
mostly other people's fsyncs: a move syncs twice, the floor (the sqlite3
CLI) five times, and either may wait behind someone else's writes. This
measures what the process itself costs: user + system CPU of each whole
process (os.wait4's rusage), a move and a floor insert alternated so that
both see the same machine, and prints the medians, their ratio, the wall
medians of the same runs, and the median page faults of each process
(ru_minflt: a fault is about a microsecond of kernel time here). The
rusage split of CPU into user and system is not printed: Linux splits a
process's time by timer ticks, and a 3 ms process is mostly given none. The moves are bench-move.sh's: knights out
and back, a fresh game every 4 moves.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def timed(argv, env):
    """Runs argv to its end: (cpu ms, wall ms, exit code, page faults),
    stdout dropped."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter_ns()
    pid = os.posix_spawn(
        argv[0], argv, env, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)]
    )
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter_ns() - start) / 1e6
    os.close(devnull)
    cpu = (usage.ru_utime + usage.ru_stime) * 1000
    return cpu, wall, os.waitstatus_to_exitcode(status), usage.ru_minflt


def target_dir(root):
    """cargo's target directory (CARGO_TARGET_DIR honoured), as scripts/target-dir.sh prints it."""
    return subprocess.run([os.path.join(root, "scripts/target-dir.sh")], capture_output=True,
                          text=True, check=True).stdout.strip()


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = sys.argv[2] if len(sys.argv) > 2 else os.path.join(target_dir(root), "release/boserv")
    sqlite3 = subprocess.run(
        ["sh", "-c", "command -v sqlite3"], capture_output=True, text=True
    ).stdout.strip()
    if not sqlite3:
        sys.exit("bench-move-cpu.py needs the sqlite3 CLI (scripts/need-sqlite3.sh)")
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ)
        env.update(BOSERV_DB=os.path.join(work, "bench.db"), BOSERV_NOW="2026-01-01T00:00:00Z")
        for name in ("white", "black"):
            subprocess.run([binary, "signup", name, "secret"], env=env, check=True,
                           stdout=subprocess.DEVNULL)
        floor_db = os.path.join(work, "floor.db")
        subprocess.run([sqlite3, floor_db, "PRAGMA journal_mode=WAL; "
                        "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);"],
                       check=True, stdout=subprocess.DEVNULL)
        turns = ["Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8"]
        players = ["white", "black", "white", "black"]
        move_cpu, move_wall, floor_cpu, floor_wall = [], [], [], []
        move_faults, floor_faults = [], []
        game = None
        for i in range(rounds):
            k = i % 4
            if k == 0:
                out = subprocess.run([binary, "challenge", "chess", "white", "black"],
                                     env=env, check=True, capture_output=True, text=True)
                game = out.stdout.strip().splitlines()[-1]
            cpu, wall, code, faults = timed(
                [binary, "--as", players[k], "move", game, turns[k]], env)
            if code != 0:
                sys.exit(f"move {i} exited {code}")
            move_cpu.append(cpu)
            move_faults.append(faults)
            move_wall.append(wall)
            cpu, wall, code, faults = timed([sqlite3, floor_db, "PRAGMA synchronous=FULL; "
                                             "INSERT INTO t (v) VALUES ('e2-e4');"], env)
            if code != 0:
                sys.exit(f"floor {i} exited {code}")
            floor_cpu.append(cpu)
            floor_faults.append(faults)
            floor_wall.append(wall)
    m, f = statistics.median(move_cpu), statistics.median(floor_cpu)
    mw, fw = statistics.median(move_wall), statistics.median(floor_wall)
    mf, ff = statistics.median(move_faults), statistics.median(floor_faults)
    print(f"boserv move CPU (median of {rounds}): {m:.2f} ms (wall {mw:.2f}, "
          f"{mf:.0f} page faults)")
    print(f"sqlite3 durable insert CPU (median of {rounds}): {f:.2f} ms (wall {fw:.2f}, "
          f"{ff:.0f} page faults)")
    print(f"CPU ratio: {m / f:.2f}x (bar: <= 1.3x), wall ratio: {mw / fw:.2f}x (bar: <= 1.1x)")


if __name__ == "__main__":
    main()
