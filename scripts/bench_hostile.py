#!/usr/bin/env python3
"""The worst shapes of a stranger's mail, each at several sizes, each fed
to one `boserv mail` process: its CPU time and peak memory (issue 48).

    scripts/bench_hostile.py BOSERV_BINARY [SIZE...]   (sizes in bytes;
        default 10 KB, 100 KB and the default size limit, 256 KB)
    scripts/bench_hostile.py BOSERV_BINARY --shape NAME SIZE   (one mail,
        printed to stdout, for a profiler)

Each run gets a fresh copy of one database (alice and bob, one game of
chess between them, so `show` draws a board). CPU is the child's user +
system time and memory its peak resident set (getrusage), the mean of
two runs for the time and the larger for memory. Prints a Markdown
table. A mail must stay under 1 s of CPU and 64 MB (issue 48): the
script fails (exit 1) when one does not.
"""

import os
import resource
import shutil
import subprocess
import sys
import tempfile

HEAD = "From: stranger@example.org\r\nTo: chess@example.net\r\nMessage-ID: <{n}@example.org>\r\n"
LIMIT = 256 * 1024


def mail(subject, body="", headers="", n=0):
    return (
        HEAD.format(n=n)
        + headers
        + f"Subject: {subject}\r\n\r\n{body}"
    ).encode()


def fill(prefix, size, unit="x", suffix=""):
    """`prefix` + `unit` repeated to about `size` bytes of mail."""
    room = max(0, size - len(prefix) - len(suffix) - 160)
    return prefix + unit * (room // len(unit)) + suffix


def folded(text):
    """A long Subject as a mail program folds it: lines of 76 or less."""
    out, line = [], ""
    for word in text.split(" "):
        if line and len(line) + len(word) > 70:
            out.append(line)
            line = ""
        line = f"{line} {word}" if line else word
    out.append(line)
    return "\r\n ".join(out)


def b64_lines(data):
    import base64

    raw = base64.b64encode(data).decode()
    return "\r\n".join(raw[i : i + 76] for i in range(0, len(raw), 76))


SHAPES = {
    # The shapes: one long word after a number.
    "subject-sql-word": lambda s: mail(fill("1; DELETE FROM turns ", s)),
    "subject-numbers-word": lambda s: mail(fill("1 2 3 ", s)),
    "multiple-numbers-word": lambda s: mail("multiple", fill("1 2 3 ", s) + "\r\n"),
    # A short and a long suspect over a long run of the same letter: a
    # leftmost-longest search's worst case.
    "overlapping-suspects": lambda s: mail(
        fill("1 2 xxxx ", s // 4, suffix="y"), "x" * (s // 2)
    ),
    # Many words: every one a suspect password.
    "subject-many-words": lambda s: mail(folded(fill("chess move 1 ", s, "pw12345 "))),
    "subject-many-numbers": lambda s: mail(folded(fill("chess show ", s, "1 "))),
    "subject-many-userids": lambda s: mail(folded(fill("chess show ", s, "alice bob "))),
    "multiple-many-lines": lambda s: mail(
        "multiple", fill("", s, "move 1 zed Pw9xQ e2-e4\r\n")
    ),
    "multiple-show-lines": lambda s: mail(
        "multiple", fill("", s, "chess show 1 2 3 4 5 6 7 8 9 10\r\n")
    ),
    "multiple-userid-lines": lambda s: mail(
        "multiple", fill("", s, "chess show alice bob alice bob alice bob\r\n")
    ),
    # A comment: long lines, many attribution-like lines, blank runs.
    "comment-long-line": lambda s: mail("help", fill("", s, "word ")),
    "comment-attributions": lambda s: mail(
        "help", fill("", s, "On Mon a@b.c wrote:\r\n\r\n\r\n")
    ),
    "comment-blank-lines": lambda s: mail("help", fill("a@b.c:\r\n", s, "\r\n")),
    # HTML: unclosed tags, nested quotes.
    "html-open-divs": lambda s: mail(
        "help",
        fill("<html><body>", s, "<div"),
        "Content-Type: text/html\r\n",
    ),
    "html-unclosed-quotes": lambda s: mail(
        "help",
        fill("<html><body>", s, "<div class=gmail_quote></div"),
        "Content-Type: text/html\r\n",
    ),
    "html-nested-quotes": lambda s: mail(
        "help",
        fill("<html><body>", s, "<blockquote><div class=gmail_quote>"),
        "Content-Type: text/html\r\n",
    ),
    # Encodings and MIME.
    "subject-encoded-words": lambda s: mail(
        folded(fill("chess move 1 ", s, "=?utf-8?B?cHcxMjM0NQ==?= "))
    ),
    "base64-multiple": lambda s: mail(
        "multiple",
        b64_lines(fill("", s * 3 // 4, "move 1 zed Pw9xQ e2-e4\n").encode()) + "\r\n",
        "Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n",
    ),
    "mime-deep": lambda s: mime_deep(s),
    "many-headers": lambda s: mail(
        "help", "hi\r\n", fill("", s, "X-Junk: 1 2 3 pw12345 alice\r\n")
    ),
    # A reply to a board mail: its first line, an unparsed turn.
    "reply-long-line": lambda s: mail(
        "Re: Chess Board 1 alice", fill("1 2 3 ", s) + "\r\n"
    ),
}


def mime_deep(size):
    parts, depth = [], 0
    head = "Content-Type: multipart/mixed; boundary=b0\r\n"
    body = ""
    while len(body) < size - 400:
        depth += 1
        body += f"--b{depth - 1}\r\nContent-Type: multipart/mixed; boundary=b{depth}\r\n\r\n"
    body += f"--b{depth}\r\nContent-Type: text/plain\r\n\r\nchess show 1\r\n"
    return mail("help", body, head)


def sized(name, size):
    """The mail of shape `name`, at most `size` bytes and near it."""
    want = size
    for _ in range(8):
        raw = SHAPES[name](size)
        if len(raw) <= want:
            return raw
        size = size * want // len(raw) - 16
    raise AssertionError((name, want, len(raw)))


def setup(binary, db):
    env = dict(os.environ, BOSERV_DB=db)
    lines = "signup alice secret1 alice@example.org\nsignup bob secret2 bob@example.org\nchess challenge alice bob\n"
    subprocess.run([binary, "run"], input=lines.encode(), env=env, check=True, capture_output=True)


def run_one(binary, template, raw):
    """Runs one mail in a grandchild so getrusage sees it alone."""
    work = tempfile.mkdtemp()
    try:
        db = os.path.join(work, "boserv.db")
        shutil.copy(template, db)
        if os.path.exists(template + "-wal"):
            shutil.copy(template + "-wal", db + "-wal")
        env = dict(os.environ, BOSERV_DB=db)
        env.pop("EXTENSION", None)
        code = (
            "import os,resource,subprocess,sys\n"
            "raw=sys.stdin.buffer.read()\n"
            "p=subprocess.run(sys.argv[1:],input=raw,capture_output=True)\n"
            "u=resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(u.ru_utime+u.ru_stime,u.ru_maxrss,p.returncode)\n"
        )
        out = subprocess.run(
            [sys.executable, "-c", code, binary, "mail"],
            input=raw,
            env=env,
            capture_output=True,
            check=True,
        ).stdout.split()
        return float(out[0]), int(out[1]) / 1024, int(out[2])
    finally:
        shutil.rmtree(work)


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    binary = os.path.abspath(args[0])
    if len(args) == 4 and args[1] == "--shape":
        sys.stdout.buffer.write(sized(args[2], int(args[3])))
        return
    sizes = [int(a) for a in args[1:]] or [10 * 1024, 100 * 1024, LIMIT - 1024]
    only = os.environ.get("SHAPES")
    shapes = [s for s in SHAPES if not only or s in only.split(",")]
    work = tempfile.mkdtemp()
    try:
        template = os.path.join(work, "template.db")
        setup(binary, template)
        header = "| shape | " + " | ".join(f"{size // 1024} KB: CPU s, peak MB" for size in sizes) + " |"
        print(header)
        print("|---|" + "---|" * len(sizes))
        worst_cpu, worst_mem = 0.0, 0.0
        for name in shapes:
            cells = []
            for size in sizes:
                raw = sized(name, size)
                runs = [run_one(binary, template, raw) for _ in range(2)]
                cpu = sum(r[0] for r in runs) / len(runs)
                mem = max(r[1] for r in runs)
                codes = {r[2] for r in runs}
                worst_cpu, worst_mem = max(worst_cpu, cpu), max(worst_mem, mem)
                flag = "" if codes == {0} else f" (exit {','.join(map(str, codes))})"
                cells.append(f"{cpu:.3f} s, {mem:.1f} MB{flag}")
            print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
        print(f"\nworst: {worst_cpu:.3f} s CPU, {worst_mem:.1f} MB peak (bound: 1 s, 64 MB)")
        if worst_cpu >= 1.0 or worst_mem >= 64.0:
            print("over the bound", file=sys.stderr)
            sys.exit(1)
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
