#!/usr/bin/env python3
"""Runs one process per job, N at a time, as an MTA's delivery agent does.

    launch.py N CMD [ARG...] < JOBS

Each line of JOBS is one job. When an ARG contains `{}`, the line replaces
it there (`launch.py 4 sqlite3 db "INSERT ... {}"`); otherwise the line
names a file fed to the command's standard input (`launch.py 4 boserv mail`,
as Postfix's pipe(8) runs a command per message, without a shell). An
empty line is a barrier: the jobs after it start once all before it have
ended (a game's next move waits for its last). One launcher runs a whole
phase: starting Python once per round of jobs cost more than the jobs.

Both phases of scripts/bench-mail.sh go through this same launcher, so the
floor and boserv pay the same cost per process started; `xargs -I` could
not feed a file to standard input without a `sh -c` per job, which cost a
tenth of the machine on its own. Prints the jobs whose command failed
(`LINE EXIT`), then one line `cpu SECONDS` (user + system time of all the
commands run, from getrusage).
"""
import queue
import resource
import subprocess
import sys
import threading


def main():
    workers = int(sys.argv[1])
    command = sys.argv[2:]
    rounds = [[]]
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line:
            rounds[-1].append(line)
        elif rounds[-1]:
            rounds.append([])
    substitute = any("{}" in arg for arg in command)
    failed = []

    def work(jobs):
        while True:
            try:
                job = jobs.get_nowait()
            except queue.Empty:
                return
            quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
            if substitute:
                done = subprocess.run([a.replace("{}", job) for a in command], **quiet)
            else:
                with open(job, "rb") as message:
                    done = subprocess.run(command, stdin=message, **quiet)
            if done.returncode != 0:
                failed.append(f"{job} {done.returncode}")

    for jobs_of_round in rounds:
        jobs = queue.Queue()
        for job in jobs_of_round:
            jobs.put(job)
        threads = [threading.Thread(target=work, args=(jobs,)) for _ in range(workers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    for line in failed:
        print(line)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"cpu {used.ru_utime + used.ru_stime:.3f}")


if __name__ == "__main__":
    main()
