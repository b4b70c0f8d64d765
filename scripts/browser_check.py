#!/usr/bin/env python3
"""The HTML boards in Chromium, as players' clients show them (issue 44).

    browser_check.py OUT NAME=FILE ...

Each FILE (a board mail's HTML part, a game's page) is rendered by
headless Chromium, driven over its DevTools pipe (--remote-debugging-pipe,
no library needed), at 320 px and at 1000 px, light and in forced dark
mode (Emulation.setAutoDarkModeOverride: the repainting dark mode of
Chromium, which the Gmail and Outlook apps resemble), each with its
<style> and without it (a copy with the <style> removed, as clients that
drop it show it). Every render is saved as OUT/NAME-WIDTH-MODE[-nostyle].png
and checked:

- cells: the board's size is read from the page itself: its files and
  ranks are its column and row header cells, and a square (a cell with
  `data-square`) must lie where every file meets every rank (a board
  may have squares outside that grid: Big Outer Chess's four corners);
- width: at 320 px nothing is wider than the screen;
- squares: every board cell is square (within 1 px) and lines up with the
  file and rank labels (header cells);
- growth: at 1000 px with its style the board is at least 400 px wide;
- owners: in forced dark mode, the chips of one piece of each army are
  sampled (their mean colour) and every two armies' must differ in
  luminance by a contrast of at least MIN_CONTRAST;
- names: the accessibility tree has a caption for the board, header
  cells, and for every occupied square an image named
  `OWNER PIECE, SQUARE` with OWNER one of the game's armies;
- words: nothing in the page refers to the ASCII drawing (its key,
  `*X* Black`, `:X:`); a board mail says by when to move, a game page who
  must move by when (and, in dice games, both show the roll).

Prints a line per render, exits 1 if any check fails.
"""
import base64
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

MIN_CONTRAST = 1.8
WIDTHS = (320, 1000)


class Chromium:
    """Headless Chromium over --remote-debugging-pipe (fd 3 in, fd 4 out)."""

    def __init__(self):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        self.profile = tempfile.mkdtemp()

        def fds():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
             "--hide-scrollbars", "--no-first-run", "--disable-extensions",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}"],
            preexec_fn=fds, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        self.page("Page.enable")
        self.page("Accessibility.enable")

    def _read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium went away")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, session=None, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def page(self, method, **params):
        return self.send(method, self.session, **params)

    def wait(self, event):
        while True:
            for i, message in enumerate(self.events):
                if message.get("method") == event:
                    del self.events[: i + 1]
                    return
            self.events.append(self._read())

    def js(self, expression):
        result = self.page("Runtime.evaluate", expression=expression,
                           returnByValue=True)
        return result["result"].get("value")

    def load(self, url, width, dark):
        self.page("Emulation.setDeviceMetricsOverride", width=width,
                  height=800, deviceScaleFactor=1, mobile=False)
        self.page("Emulation.setAutoDarkModeOverride", enabled=dark)
        self.events.clear()
        self.page("Page.navigate", url=url)
        self.wait("Page.loadEventFired")
        height = self.js("document.documentElement.scrollHeight")
        self.page("Emulation.setDeviceMetricsOverride", width=width,
                  height=min(max(height, 100), 8000), deviceScaleFactor=1,
                  mobile=False)

    def screenshot(self):
        return base64.b64decode(self.page("Page.captureScreenshot",
                                          format="png")["data"])

    def close(self):
        try:
            self.send("Browser.close")
        except RuntimeError:
            pass
        self.process.wait(timeout=30)


def png_rows(data):
    """The (r, g, b) rows of an 8-bit, non-interlaced RGB(A) PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour in (2, 6), "PNG kind"
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[at]
        line = bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return rows, bpp


def luminance(rgb):
    def channel(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one, two):
    a, b = sorted((luminance(one), luminance(two)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def mean_colour(rows, bpp, box):
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    total, n = [0, 0, 0], 0
    for y in range(max(y0 + 1, 0), min(y1 - 1, len(rows))):
        line = rows[y]
        for x in range(max(x0 + 1, 0), min(x1 - 1, len(line) // bpp)):
            for k in range(3):
                total[k] += line[x * bpp + k]
            n += 1
    return tuple(v // max(n, 1) for v in total)


# What the page says of itself: its width, its board's cells and chips.
MEASURE = r"""(() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return [r.left, r.top, r.right, r.bottom]; };
  const board = document.querySelector('table.b');
  return {
    width: document.documentElement.scrollWidth,
    board: board ? board.getBoundingClientRect().width : 0,
    cells: [...document.querySelectorAll('td[data-square]')].map(
      td => [td.dataset.square, box(td), !!td.querySelector('[data-owner]')]),
    cols: [...document.querySelectorAll('table.b th')].map(box),
    files: [...document.querySelectorAll('table.b th[scope=col]')].map(
      th => [th.textContent.trim(), box(th)]),
    ranks: [...document.querySelectorAll('table.b th[scope=row]')].map(
      th => [th.textContent.trim(), box(th)]),
    text: document.body.innerText,
    chips: [...document.querySelectorAll('table.b [data-owner]')].map(
      c => [c.dataset.owner, box(c)]),
  };
})()"""

NAMED = re.compile(r"^(\S+) (.+), ([a-z]+[0-9]+)$")


def check_names(browser, facts):
    """Problems with the accessibility tree: caption, headers, names."""
    nodes = browser.page("Accessibility.getFullAXTree")["nodes"]
    names, roles, table_named = {}, set(), False
    for node in nodes:
        role = node.get("role", {}).get("value")
        name = node.get("name", {}).get("value", "")
        roles.add(role)
        if role == "table" and name:
            table_named = True
        if role in ("img", "image"):
            match = NAMED.match(name)
            if match:
                names[match.group(3)] = match.group(1)
    problems = []
    if not table_named:
        problems.append("the board has no caption")
    if not {"columnheader", "rowheader"} <= roles:
        problems.append("no header cells")
    occupied = {square for square, _, full in facts["cells"] if full}
    missing = sorted(occupied - set(names))
    if missing:
        problems.append(f"unnamed pieces on {', '.join(missing[:5])}")
    return problems, sorted(set(names.values()))


def board_size(facts):
    """(files, ranks, problems): the board's size as its header cells
    give it, and the file-rank crossings where no square lies."""
    files, ranks = {}, {}
    for name, box in facts["files"]:
        files.setdefault(name, (box[0] + box[2]) / 2)
    for name, box in facts["ranks"]:
        ranks.setdefault(name, (box[1] + box[3]) / 2)
    missing = []
    for file, x in files.items():
        for rank, y in ranks.items():
            if not any(l <= x <= r and t <= y <= b for _, (l, t, r, b), _ in facts["cells"]):
                missing.append(f"{file}{rank}")
    problems = []
    if not files or not ranks:
        problems.append("no file or rank labels")
    if missing:
        problems.append(f"no square at {', '.join(missing[:5])}")
    return len(files), len(ranks), problems


ASCII_KEY = ("*X* Black", ":X:", "X White")


def check_words(name, text):
    """Problems with what the page says (issue 44, items 4 and 6)."""
    problems = [f"refers to the ASCII drawing ({key!r})" for key in ASCII_KEY if key in text]
    if name.endswith("-mail") and "Move by " not in text and "move by " not in text:
        problems.append("no deadline")
    if name.endswith("-page") and " must move by " not in text:
        problems.append("no deadline")
    return problems


def check_squares(facts):
    problems = []
    lefts = sorted({round(c[0]) for c in facts["cols"]})
    tops = sorted({round(c[1]) for c in facts["cols"]})
    for square, (l, t, r, b), _ in facts["cells"]:
        if abs((r - l) - (b - t)) > 1.5:
            problems.append(f"{square} is {r - l:.0f}x{b - t:.0f}")
            break
        if not any(abs(l - x) <= 1 for x in lefts) or not any(abs(t - y) <= 1 for y in tops):
            problems.append(f"{square} is out of line with the labels")
            break
    return problems


def main():
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    pages = []
    for arg in sys.argv[2:]:
        name, path = arg.split("=", 1)
        pages.append((name, path))
    browser = Chromium()
    failures = 0
    try:
        for name, path in pages:
            path = os.path.abspath(path)
            html = open(path, encoding="utf-8").read()
            stripped = path[:-5] + ".nostyle.html"
            with open(stripped, "w", encoding="utf-8") as f:
                f.write(re.sub(r"<style>.*?</style>", "", html, flags=re.S))
            for styled, file in ((True, path), (False, stripped)):
                for width in WIDTHS:
                    for dark in (False, True):
                        browser.load("file://" + file, width, dark)
                        facts = browser.js(MEASURE)
                        shot = browser.screenshot()
                        label = f"{name}-{width}-{'dark' if dark else 'light'}{'' if styled else '-nostyle'}"
                        with open(os.path.join(out, label + ".png"), "wb") as f:
                            f.write(shot)
                        files, ranks, problems = board_size(facts)
                        if styled and width == 320 and not dark:
                            problems += check_words(name, facts["text"])
                        if width == 320 and facts["width"] > 320:
                            problems.append(f"{facts['width']} px wide")
                        problems += check_squares(facts)
                        if styled and width == 1000 and facts["board"] < 400:
                            problems.append(f"board only {facts['board']:.0f} px wide")
                        notes = []
                        if dark:
                            rows, bpp = png_rows(shot)
                            first = {}
                            for owner, box in facts["chips"]:
                                first.setdefault(owner, box)
                            colours = {o: mean_colour(rows, bpp, b) for o, b in first.items()}
                            owners = sorted(colours)
                            if len(owners) < 2:
                                problems.append("fewer than two armies' pieces found")
                            for i, a in enumerate(owners):
                                for b in owners[i + 1:]:
                                    c = contrast(colours[a], colours[b])
                                    notes.append(f"{a}/{b} {c:.1f}:1")
                                    if c < MIN_CONTRAST:
                                        problems.append(
                                            f"armies {a} and {b} at {c:.1f}:1 "
                                            f"({colours[a]} v {colours[b]})")
                        if styled and width == 320 and not dark:
                            named, armies = check_names(browser, facts)
                            problems += named
                            notes.append("named: " + "/".join(armies))
                        verdict = "ok" if not problems else "FAIL: " + "; ".join(problems)
                        print(f"{label:<40} {facts['width']:>5} px  board {facts['board']:>4.0f} px  "
                              f"{len(facts['cells']):>3} cells ({files}x{ranks})  {' '.join(notes)}  {verdict}")
                        failures += bool(problems)
    finally:
        browser.close()
    print(f"screenshots: {out}")
    if failures:
        print(f"browser-check: {failures} failed")
        return 1
    print("browser-check: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
