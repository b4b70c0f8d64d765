"""The MTA's local delivery for scripts/imap-e2e.sh, and nothing more.

Dovecot's submission service relays every mail to an SMTP server. This is
that server, on 127.0.0.1 only: it hands each mail to Dovecot's delivery
agent (dovecot-lda) for each recipient at imap.test, with the plus part
of the address kept as the original recipient (Delivered-To), as Postfix
delivering to Dovecot does. Any other recipient is refused.

    python3 imap_e2e_relay.py PORT DOVECOT_CONF
"""

import socketserver
import subprocess
import sys

DOMAIN = "imap.test"
PORT = int(sys.argv[1])
CONF = sys.argv[2]


def deliver(sender, rcpt, data):
    local = rcpt.split("@", 1)[0]
    user = local.split("+", 1)[0]
    run = subprocess.run(
        ["/usr/lib/dovecot/dovecot-lda", "-c", CONF, "-d", user, "-f", sender, "-a", rcpt],
        input=data,
        capture_output=True,
    )
    if run.returncode != 0:
        print(f"relay: dovecot-lda {rcpt}: {run.stderr.decode(errors='replace')}", file=sys.stderr)
    return run.returncode == 0


class Session(socketserver.StreamRequestHandler):
    def reply(self, line):
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self):
        self.reply(f"220 {DOMAIN} relay")
        sender, rcpts = "", []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            verb = line.decode(errors="replace").strip()
            upper = verb.upper()
            if upper.startswith(("EHLO", "HELO")):
                self.reply(f"250-{DOMAIN}\r\n250-8BITMIME\r\n250 SMTPUTF8")
            elif upper.startswith("MAIL FROM:"):
                sender = verb[10:].strip().split()[0].strip("<>")
                rcpts = []
                self.reply("250 ok")
            elif upper.startswith("RCPT TO:"):
                rcpt = verb[8:].strip().split()[0].strip("<>")
                if rcpt.lower().endswith("@" + DOMAIN):
                    rcpts.append(rcpt)
                    self.reply("250 ok")
                else:
                    self.reply("550 no such domain here")
            elif upper == "DATA":
                self.reply("354 go on")
                lines = []
                while True:
                    raw = self.rfile.readline()
                    if raw in (b".\r\n", b".\n", b""):
                        break
                    lines.append(raw[1:] if raw.startswith(b"..") else raw)
                data = b"".join(lines)
                ok = all([deliver(sender, rcpt, data) for rcpt in rcpts])
                self.reply("250 delivered" if ok else "451 try again")
            elif upper in ("RSET", "NOOP"):
                self.reply("250 ok")
            elif upper == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("502 not here")


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


with Server(("127.0.0.1", PORT), Session) as server:
    server.serve_forever()
