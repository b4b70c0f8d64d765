"""The players of scripts/imap-e2e.sh, and the trouble around them.

alice, bob and carol mail the server's mailbox through Dovecot's
submission port (STARTTLS, login) and read what comes back in their own
maildirs. They sign up and confirm by replying to the confirmation mail,
play a chess game to mate (alice by Subject with her password, bob by
replying to his board mails, the move alone) and chat in it by Reply. Every
reply is made as a mail program makes it: to the mail's Reply-To, Subject
"Re: ...", In-Reply-To and References, its text quoted below.

Meanwhile `boserv serve` is killed (SIGKILL) at random moments (outside
its SMTP deliveries, see chaos()) and started again, and Dovecot is
restarted while serve waits in IDLE.
"""

import argparse
import email
import email.policy
import json
import os
import random
import re
import signal
import smtplib
import ssl
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import make_msgid

p = argparse.ArgumentParser()
p.add_argument("--work", required=True)
p.add_argument("--bin", required=True)
p.add_argument("--submission", type=int, required=True)
p.add_argument("--ca", required=True)
args = p.parse_args()

SERVER = "chess@imap.test"
WAIT = 60.0
random.seed(os.environ.get("IMAP_E2E_SEED", str(time.time())))
tls = ssl.create_default_context(cafile=args.ca)
lock = threading.Lock()


def log(line):
    print(line, flush=True)


# --- boserv serve, and the chaos -------------------------------------------

serve = None


def start_serve():
    global serve
    env = dict(os.environ, BOSERV_IDLE_SECONDS="20")
    out = open(os.path.join(args.work, "serve.log"), "a")
    serve = subprocess.Popen([args.bin, "serve"], env=env, stdout=out, stderr=out)
    with open(os.path.join(args.work, "serve.pid"), "w") as f:
        f.write(str(serve.pid))


def kill_serve():
    serve.send_signal(signal.SIGKILL)
    serve.wait()


kills = 0
stop_chaos = threading.Event()


def delivering():
    """True while serve sends the outbox: it has logged a message taken
    in and not yet the "sent ..." line that ends the delivery after it."""
    try:
        with open(os.path.join(args.work, "serve.log")) as f:
            lines = [line for line in f.read().splitlines() if line.strip()]
    except FileNotFoundError:
        return False
    return bool(lines) and lines[-1].startswith("boserv serve: message")


def chaos():
    """Kills serve at random moments and starts it again: while it waits
    in IDLE, connects, reads or takes a message in, but not while it hands
    answers to the SMTP server (a kill there leaves the answer leased in
    the outbox until the restarted serve takes it back, or sends it twice
    when the SMTP server had accepted it: the outbox's promise, README
    "Delivery", not the mailbox's)."""
    global kills
    while not stop_chaos.wait(random.uniform(2.0, 8.0)):
        with lock:
            restart_serve(random.uniform(0.0, 0.5))
            kills += 1


def stop_serve():
    """Kills serve when it is not handing answers to the SMTP server (or
    after 5 s)."""
    for _ in range(100):
        if not delivering():
            break
        time.sleep(0.05)
    kill_serve()


def restart_serve(pause):
    """stop_serve(), and serve started again after PAUSE seconds."""
    stop_serve()
    time.sleep(pause)
    start_serve()


def restart_dovecot():
    conf = os.path.join(args.work, "dovecot.conf")
    subprocess.run(["doveadm", "-c", conf, "stop"], check=True)
    for _ in range(50):
        if not os.path.exists(os.path.join(args.work, "run", "master.pid")):
            break
        time.sleep(0.1)
    time.sleep(0.5)
    subprocess.run(["dovecot", "-c", conf], check=True)


def run_boserv(*words, now=None):
    env = dict(os.environ)
    if now:
        env["BOSERV_NOW"] = now
    return subprocess.run([args.bin, *words], env=env, capture_output=True, text=True)


# --- the players --------------------------------------------------------------


def inbox(user):
    """The user's messages, oldest first."""
    found = []
    root = os.path.join(args.work, "mail", user, "Maildir")
    for sub in ("new", "cur"):
        d = os.path.join(root, sub)
        if not os.path.isdir(d):
            continue
        for name in os.listdir(d):
            path = os.path.join(d, name)
            try:
                with open(path, "rb") as f:
                    found.append((os.stat(path).st_mtime, name, f.read()))
            except FileNotFoundError:
                pass  # moved from new/ to cur/ meanwhile
    found.sort()
    return [email.message_from_bytes(raw, policy=email.policy.default) for _, _, raw in found]


def text_of(msg):
    part = msg.get_body(preferencelist=("plain",))
    return part.get_content() if part else ""


def newest(user, pattern):
    hits = [m for m in inbox(user) if pattern in str(m["Subject"])]
    if not hits:
        raise SystemExit(f"imap-e2e: FAILED: {user} has no mail '{pattern}'")
    return hits[-1]


def submit(user, msg):
    with smtplib.SMTP("127.0.0.1", args.submission, timeout=30) as s:
        s.starttls(context=tls)
        s.login(user, f"pw-{user}")
        s.send_message(msg)


def mail(user, subject, body=""):
    msg = EmailMessage()
    msg["From"] = f"{user}@imap.test"
    msg["To"] = SERVER
    msg["Subject"] = subject
    msg["Message-ID"] = make_msgid(domain="imap.test")
    msg.set_content(body + "\n")
    submit(user, msg)


def reply(user, original, body):
    """A reply as a mail program makes it."""
    msg = EmailMessage()
    msg["From"] = f"{user}@imap.test"
    msg["To"] = str(original["Reply-To"] or original["From"])
    subject = str(original["Subject"])
    msg["Subject"] = subject if subject.lower().startswith("re:") else "Re: " + subject
    msg["Message-ID"] = make_msgid(domain="imap.test")
    msg["In-Reply-To"] = str(original["Message-ID"])
    refs = str(original["References"] or "")
    msg["References"] = (refs + " " + str(original["Message-ID"])).strip()
    quoted = "\n".join("> " + line for line in text_of(original).splitlines())
    msg.set_content(f"{body}\n\nOn {original['Date']}, {original['From']} wrote:\n{quoted}\n")
    submit(user, msg)


sent = 0
waiting = []  # (waiter, pattern, count before, sent at, what)
latencies = []


def count(user, pattern):
    return sum(1 for m in inbox(user) if pattern in str(m["Subject"]))


def timed(waiter, pattern, action, *what):
    """One player mail; waits for its answer in WAITER's inbox."""
    global sent
    before = count(waiter, pattern)
    t0 = time.time()
    action(*what)
    sent += 1
    deadline = t0 + WAIT
    while time.time() < deadline:
        if count(waiter, pattern) > before:
            latencies.append(time.time() - t0)
            return True
        time.sleep(0.05)
    log(f"imap-e2e: no answer '{pattern}' reached {waiter} within {WAIT:.0f}s")
    waiting.append((waiter, pattern, before, t0))
    return False


def idle_then_restart_dovecot():
    """Dovecot restarted while serve waits in IDLE (nothing in flight)."""
    with lock:
        time.sleep(1.0)
        restart_dovecot()
        log("== dovecot restarted while serve waited in IDLE")


start_serve()
chaos_thread = threading.Thread(target=chaos, daemon=True)
chaos_thread.start()

log("== sign up, and confirm by replying to the confirmation mail")
for u in ("alice", "bob", "carol"):
    timed(u, f"confirm {u}", mail, u, f"signup {u} pw-{u} {u}@imap.test")
idle_then_restart_dovecot()
for u in ("alice", "bob", "carol"):
    confirmation = newest(u, f"confirm {u}")
    timed(u, f"Welcome, {u}", reply, u, confirmation, "")

log("== chess: alice by Subject and password, bob by Reply; a chat by Reply")
# bob takes chess challenges at once (the operator's shell, for him): a
# challenge is otherwise an invitation he must accept first.
run_boserv("--as", "bob", "challenges", "chess", "accept")
timed("bob", "Board", mail, "alice", "chess challenge alice bob --login=alice:pw-alice", "Fancy a quick one?")
board = newest("bob", "Board")
m = re.search(r"Board (\d+)", str(board["Subject"]))
if not m:
    raise SystemExit(f"imap-e2e: FAILED: no game in {board['Subject']}")
n = m.group(1)
timed("bob", f"Board {n} bob", mail, "alice", f"chess move {n} alice pw-alice f2-f3#1")
timed("alice", f"Board {n} alice", reply, "bob", newest("bob", f"Board {n} bob"), "e7-e5")
timed("alice", f"chat {n} bob", reply, "bob", newest("bob", f"Board {n} bob"), "chat Careful now.")
idle_then_restart_dovecot()
timed("bob", f"Board {n} bob", mail, "alice", f"chess move {n} alice pw-alice g2-g4#3")
timed("alice", f"Board {n}", reply, "bob", newest("bob", f"Board {n} bob"), "Qd8-h4")

log("== reply tokens in the thread (reply-tokens thread): carol plays by Reply to the plain address")
# For a provider that drops plus addresses: the token rides in the board
# mail's Message-ID, the reply names it in In-Reply-To. serve reads its
# settings when it starts.
run_boserv("config", "set", "reply-tokens", "thread")
with lock:
    restart_serve(0.0)
run_boserv("--as", "carol", "challenges", "chess", "accept")
timed("carol", "Board", mail, "alice", "chess challenge alice carol --login=alice:pw-alice")
board = newest("carol", "Board")
k = re.search(r"Board (\d+)", str(board["Subject"])).group(1)
timed("carol", f"Board {k} carol", mail, "alice", f"chess move {k} alice pw-alice e2-e4#1")
board = newest("carol", f"Board {k} carol")
if "+" in str(board["Reply-To"]) or not re.match(r"<[0-9a-f]{32}\.", str(board["Message-ID"])):
    raise SystemExit(
        f"imap-e2e: FAILED: no thread token: Reply-To {board['Reply-To']}, Message-ID {board['Message-ID']}")
timed("alice", f"Board {k} alice", reply, "carol", board, "e7-e5")
timed("carol", f"Board {k} carol", mail, "alice", f"chess move {k} alice pw-alice d2-d4#3")
timed("alice", f"Board {k} alice", reply, "carol", newest("carol", f"Board {k} carol"), "d7-d5")
thread_ply = json.loads(run_boserv("show", f"game{k}", "--format", "json").stdout)["ply"]

stop_chaos.set()
chaos_thread.join()

log("== serve stopped; boserv fetch --deliver, as cron runs it")
# The last answer reached its waiter; its copies to the others may still
# be on their way out.
time.sleep(1.0)
stop_serve()


def mail_then_fetch(user, subject):
    before = len(inbox("chess"))
    mail(user, subject)
    for _ in range(200):
        if len(inbox("chess")) > before:
            break
        time.sleep(0.05)
    fetched = run_boserv("fetch", "--deliver")
    if fetched.returncode != 0:
        log(f"imap-e2e: boserv fetch exited {fetched.returncode}: {fetched.stderr}")


timed("carol", "help", mail_then_fetch, "carol", "help")

# Answers a kill left leased in the outbox (a delivery cut short) leave
# when their lease ends: a deliver with the clock past it sends them now.
late = 0
if waiting:
    later = (datetime.now(timezone.utc) + timedelta(minutes=11)).strftime("%Y-%m-%dT%H:%M:%SZ")
    log(run_boserv("outbox").stdout)
    run_boserv("deliver", now=later)
    time.sleep(3)
lost = 0
for waiter, pattern, before, t0 in waiting:
    if count(waiter, pattern) > before:
        late += 1
    else:
        lost += 1

if thread_ply != 4:
    log(f"imap-e2e: game{k} (thread tokens) is at ply {thread_ply}, not 4")
    lost += 1
show = run_boserv("show", f"game{n}").stdout
if "checkmate" not in show.lower():
    log(f"imap-e2e: game{n} is not over by mate:\n{show}")
    lost += 1

# Doubled: one answer made twice (two outbox rows for one player mail:
# the intake took a message in twice), seen as the same Subject and text
# under two Message-IDs. Resent: one outbox row delivered twice (the same
# Message-ID), the outbox's at-least-once when a kill falls between the
# SMTP server's acceptance and the row marked sent (README, Delivery).
received = len(latencies) + late
doubled = 0
resent = 0
for u in ("alice", "bob", "carol"):
    ids = set()
    texts = {}
    for msg in inbox(u):
        if "chess@imap.test" not in str(msg["From"]):
            continue
        mid = str(msg["Message-ID"])
        if mid in ids:
            resent += 1
            log(f"imap-e2e: resent to {u} (one outbox row twice): {msg['Subject']}")
            continue
        ids.add(mid)
        key = (str(msg["Subject"]), re.sub(r"[0-9a-f]{32}", "", text_of(msg)))
        if key in texts:
            doubled += 1
            log(f"imap-e2e: doubled in {u}'s inbox: {msg['Subject']}")
        texts[key] = mid

outbox = run_boserv("outbox").stdout.strip()
if outbox:
    log(f"mail left in the outbox:\n{outbox}")
latencies.sort()
p50 = latencies[(len(latencies) - 1) // 2] if latencies else 0
p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else 0
log(
    f"imap-e2e: serve killed {kills} times; dovecot restarted twice; answers late "
    f"(leased by a killed delivery, sent after the lease): {late}; resent: {resent}"
)
print(
    f"imap-e2e: sent {sent} received {received} lost {lost} doubled {doubled} "
    f"p50 {p50:.2f} p99 {p99:.2f}"
)
sys.exit(0 if lost == 0 and doubled == 0 else 1)
