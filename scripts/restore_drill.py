#!/usr/bin/env python3
"""The restore drill behind scripts/restore-drill.sh.

Plays chess and Orwell games through the real `boserv` binary while
Litestream replicates the database to a file replica, kills the primary
(boserv mid-command and Litestream) at a random moment, throws the primary's
files away as a lost disk would, restores the replica with `litestream
restore`, and checks the restored database:

- PRAGMA integrity_check is ok;
- every command acknowledged (exit 0) more than one replication interval
  (Litestream's monitor interval plus its sync interval) before the kill
  is there;
- every mail acknowledged to the MTA (exit 0) that long before the kill is
  in the restored database's inbox once `boserv spool` has run on the
  restored copy, as README's restore says (mails arrive while the drill
  holds the drain lock, so boserv spools them, and the spool is
  replicated beside the database: the two replicas are copied at
  different moments, and a mail the spool let go of in a batch the
  restored database lacks is taken in again);
- every Orwell game, ended on the restored copy, passes `boserv audit`
  (`rolls: ok`): the seed and every stored roll came through together.

Last line: `restore-drill: ok rpo_s=N restore_s=N`.
"""

import fcntl
import json
import os
import shutil
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

MONITOR_S = 0.5
SYNC_S = 0.5
INTERVAL_S = MONITOR_S + SYNC_S
PLAYERS = ["alice", "bob", "carol"]


SEED = None


def fail(why):
    print(f"restore-drill: FAILED (seed {SEED}): {why}", file=sys.stderr)
    sys.exit(1)


class Primary:
    """The server's side: boserv commands on the primary database."""

    def __init__(self, binary, db):
        self.binary = binary
        self.db = db
        self.child = None
        self.killed = False
        self.lock = threading.Lock()

    def run(self, *args, user=None, db=None, stdin=None):
        env = dict(os.environ, BOSERV_DB=db or self.db, BOSERV_CONFIG="")
        env.setdefault("BOSERV_FROM", "Chess Server <chess@example.net>")
        env.pop("BOSERV_NOW", None)
        argv = [self.binary] + (["--as", user] if user else []) + list(args)
        with self.lock:
            if self.killed and db is None:
                return None
            self.child = subprocess.Popen(
                argv,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        out, err = self.child.communicate(stdin)
        code = self.child.returncode
        with self.lock:
            self.child = None
        return code, out, err

    def kill(self):
        with self.lock:
            self.killed = True
            if self.child is not None:
                self.child.send_signal(signal.SIGKILL)


def show(primary, game, db=None):
    result = primary.run("show", game, "--format", "json", db=db)
    if result is None or result[0] != 0:
        return None
    return json.loads(result[1])


def main():
    binary = os.path.abspath(sys.argv[1])
    global SEED
    seed = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] else random.randrange(1 << 30)
    SEED = seed
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="restore-drill-")
    db = os.path.join(work, "primary", "boserv.db")
    os.makedirs(os.path.dirname(db))
    replica = os.path.join(work, "replica")
    primary = Primary(binary, db)

    for who in PLAYERS:
        if primary.run("signup", who, "secret", f"{who}@example.org")[0] != 0:
            fail("signup")
    spool = db + ".spool"
    drain_lock = open(db + ".drain", "a")

    def spooled_mail(n):
        """A mail taken in while another boserv mail holds the drain lock:
        boserv writes it to the spool and acknowledges it (exit 0)."""
        message_id = f"<drill-{n}@example.org>"
        raw = (
            f"From: alice@example.org\r\nTo: chess@example.net\r\nSubject: help\r\n"
            f"Message-ID: {message_id}\r\n\r\n"
        )
        fcntl.flock(drain_lock, fcntl.LOCK_EX)
        try:
            result = primary.run("mail", stdin=raw)
        finally:
            fcntl.flock(drain_lock, fcntl.LOCK_UN)
        return message_id if result is not None and result[0] == 0 else None

    if spooled_mail(0) is None or not os.path.exists(spool):
        fail("a mail taken in while the drain lock was held made no spool")
    games = []
    for variant, seats in [("chess", 2), ("chess", 2), ("chess", 2), ("orwell", 3), ("orwell", 3)]:
        code, out, err = primary.run("challenge", variant, *PLAYERS[:seats])
        if code != 0:
            fail(f"challenge {variant}: {err}")
        games.append(out.strip().splitlines()[-1])

    config = os.path.join(work, "litestream.yml")
    with open(config, "w") as f:
        f.write(
            f"""dbs:
  - path: {db}
    monitor-interval: {int(MONITOR_S * 1000)}ms
    replica:
      type: file
      path: {replica}
      sync-interval: {int(SYNC_S * 1000)}ms
  - path: {spool}
    monitor-interval: {int(MONITOR_S * 1000)}ms
    replica:
      type: file
      path: {replica}-spool
      sync-interval: {int(SYNC_S * 1000)}ms
"""
        )
    log = open(os.path.join(work, "litestream.log"), "w")
    streamer = subprocess.Popen(
        ["litestream", "replicate", "-config", config], stdout=log, stderr=log
    )
    time.sleep(2)  # the first snapshot

    # Play until the primary dies, at a random moment.
    acked = []  # (when, game, ply it reached at least)
    mails = []  # (when, Message-ID)
    started = time.time()
    kill_at = started + rng.uniform(6, 12)

    def kill():
        primary.kill()
        streamer.send_signal(signal.SIGKILL)

    timer = threading.Timer(kill_at - time.time(), kill)
    timer.start()
    while not primary.killed:
        if rng.random() < 0.1:
            message_id = spooled_mail(len(mails) + 1)
            if message_id is not None:
                mails.append((time.time(), message_id))
            if rng.random() < 0.3:
                primary.run("spool")  # takes the spool in
            continue
        game = rng.choice(games)
        view = show(primary, game)
        if view is None:
            continue
        if view["status"] != "active":
            result = primary.run("challenge", "chess", "alice", "bob")
            if result and result[0] == 0:
                new = result[1].strip().splitlines()[-1]
                games[games.index(game)] = new
                acked.append((time.time(), new, 0))
            continue
        moves = primary.run("moves", game)
        if moves is None or moves[0] != 0 or not moves[1].split("\n")[0]:
            continue
        turn = rng.choice([m for m in moves[1].splitlines() if m.strip()])
        result = primary.run("move", game, turn, user=view["to_move"])
        if result is not None and result[0] == 0:
            acked.append((time.time(), game, view["ply"] + 1))
    timer.join()
    streamer.wait()
    if len(acked) < 20:
        fail(f"only {len(acked)} commands were acknowledged before the kill")

    # The disk is lost: nothing of the primary is used again.
    os.rename(os.path.dirname(db), os.path.join(work, "lost"))

    restored = os.path.join(work, "restored", "boserv.db")
    os.makedirs(os.path.dirname(restored))
    t0 = time.time()
    for original, copy in [(db, restored), (spool, restored + ".spool")]:
        done = subprocess.run(
            ["litestream", "restore", "-config", config, "-o", copy, original],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            fail(f"litestream restore {original}: {done.stderr.strip()}")
    restore_s = time.time() - t0

    for path in [restored, restored + ".spool"]:
        conn = sqlite3.connect(path)
        ok = conn.execute("PRAGMA integrity_check").fetchone()[0]
        conn.close()
        if ok != "ok":
            fail(f"integrity_check of {path}: {ok}")

    # The restore's last step (README): what waited in the spool is
    # taken in. Then every mail acknowledged to the MTA is in the inbox.
    code, out, err = primary.run("spool", db=restored)
    if code != 0:
        fail(f"boserv spool on the restored copy: {out.strip()} {err.strip()}")
    taken_back = err.count("taken in again")
    conn = sqlite3.connect(restored)
    taken = {row[0] for row in conn.execute("SELECT message_id FROM inbox")}
    conn.close()
    last_mail = started
    for when, message_id in mails:
        bare = message_id.strip("<>")
        if bare in taken or message_id in taken:
            last_mail = max(last_mail, when)
        elif when < kill_at - INTERVAL_S:
            fail(f"mail {message_id}, acknowledged {kill_at - when:.2f} s before the kill, is lost")

    # Which acknowledged commands came through.
    reached = {}
    last_present = started
    for when, game, ply in acked:
        if game not in reached:
            view = show(primary, game, db=restored)
            reached[game] = -1 if view is None else view["ply"]
        present = reached[game] >= ply
        if present:
            last_present = max(last_present, when)
        elif when < kill_at - INTERVAL_S:
            fail(
                f"{game} ply {ply}, acknowledged {kill_at - when:.2f} s before the kill, "
                f"is not in the replica (it has ply {reached[game]})"
            )
    rpo_s = max(0.0, kill_at - max(last_present, last_mail))

    # The dice came through with their seeds: end each Orwell game on the
    # restored copy and audit it.
    for game in games:
        view = show(primary, game, db=restored)
        if view is None or view["variant"] != "orwell":
            continue
        for _ in range(3):
            view = show(primary, game, db=restored)
            if view["status"] != "active":
                break
            primary.run("resign", game, user=view["to_move"], db=restored)
        code, out, err = primary.run("audit", game, db=restored)
        if code != 0 or out.strip().splitlines()[-1] != "rolls: ok":
            fail(f"audit {game}: {out.strip()} {err.strip()}")

    print(
        f"restore-drill: seed {seed}, {len(acked)} commands acknowledged, "
        f"{len(mails)} mails spooled ({taken_back} taken in again after the restore), "
        f"{len(reached)} games checked",
        file=sys.stderr,
    )
    shutil.rmtree(work)
    print(f"restore-drill: ok rpo_s={rpo_s:.2f} restore_s={restore_s:.2f}")


if __name__ == "__main__":
    main()
