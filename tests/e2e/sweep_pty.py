#!/usr/bin/env python3
"""Ctrl-C on `gcnsim sweep` on a pseudo-terminal (issue 31, item 5).

A sweep of three quick lines and two slow ones runs on a terminal: its progress line shows done/total,
the rate and the time left; Ctrl-C once the quick runs are done keeps their rows in the CSV, stops
the slow runs, removes the temporary directory and exits 130 with a message; `--resume` (without a
terminal: no progress line, nothing on standard error) then completes the CSV to the bytes of an
uninterrupted sweep. usage: python3 tests/e2e/sweep_pty.py GCNSIM (from the top of the tree)
"""
import os
import pty
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def fail(msg):
    print("sweep-pty: FAIL: " + msg)
    sys.exit(1)


def main():
    gcnsim = os.path.abspath(sys.argv[1])
    top = os.getcwd()
    tmp = tempfile.mkdtemp(prefix="gcnsim-pty-")
    try:
        run(gcnsim, top, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(gcnsim, top, tmp):
    lst = os.path.join(tmp, "list.txt")
    slow = "--tick-every-cycle --set dram.latency=400000 --set cu.wave_slots=1"
    with open(lst, "w") as f:
        for s in (2, 4, 8):
            f.write(f"{top}/workloads/saxpy.ini --set cu.wave_slots={s}\n")
        f.write(f"{top}/workloads/vector_add.ini {slow} label=slow1\n")
        f.write(f"{top}/workloads/vector_add.ini {slow} label=slow2\n")
    csv = os.path.join(tmp, "out.csv")
    tmpdir = os.path.join(tmp, "tmp")
    os.mkdir(tmpdir)
    env = dict(os.environ, TMPDIR=tmpdir)

    pid, fd = pty.fork()
    if pid == 0:  # the child: the session leader of the terminal, in its foreground group
        os.chdir(top)
        os.execve(gcnsim, [gcnsim, "sweep", lst, "--csv", csv, "--jobs", "2"], env)
    out = b""
    sent = False
    deadline = time.time() + 120
    while True:
        if time.time() > deadline:
            os.kill(pid, signal.SIGKILL)
            fail("the sweep did not end: " + out.decode(errors="replace"))
        if not sent and b"3/5 runs" in out:
            time.sleep(0.3)
            os.write(fd, b"\x03")  # Ctrl-C: the terminal sends SIGINT to its foreground group
            sent = True
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    text = out.decode(errors="replace")
    if not sent:
        fail("no progress line reached 3/5 runs: " + repr(text))
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 130:
        fail(f"exit status {status} after Ctrl-C, not 130: {text!r}")
    for want in ("sweep: 0/5 runs", "sweep: 3/5 runs, ", " left"):
        if want not in text:
            fail(f"the progress line lacks {want!r}: {text!r}")
    if "runs/s" not in text and "runs/min" not in text:
        fail("the progress line shows no rate: " + repr(text))
    if "gcnsim: sweep: interrupted (SIGINT): 3 of 5 runs done, 0 failed; 3 rows appended to" not in text:
        fail("no message after Ctrl-C: " + repr(text))
    with open(csv) as f:
        lines = f.read().splitlines()
    if len(lines) != 4 or not all(l.startswith(p) for l, p in zip(lines[1:], ("1,", "2,", "3,"))):
        fail("the finished rows are not kept: " + repr(lines))
    if os.listdir(tmpdir):
        fail("the temporary directory stays: " + repr(os.listdir(tmpdir)))

    # --resume runs the two slow lines only; without a terminal no progress line.
    r = subprocess.run([gcnsim, "sweep", lst, "--csv", csv, "--jobs", "2", "--resume"], cwd=top, env=env,
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0 or r.stderr:
        fail(f"--resume exited {r.returncode}, stderr {r.stderr!r}")
    if "sweep: 5 runs (3 already in " not in r.stdout:
        fail("--resume summary: " + r.stdout)
    whole = os.path.join(tmp, "whole.csv")
    r = subprocess.run([gcnsim, "sweep", lst, "--csv", whole, "--jobs", "2"], cwd=top, env=env,
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0 or r.stderr:
        fail(f"the uninterrupted sweep exited {r.returncode}, stderr {r.stderr!r}")
    with open(csv, "rb") as a, open(whole, "rb") as b:
        if a.read() != b.read():
            fail("the resumed CSV differs from the uninterrupted sweep's")
    print("sweep-pty: ok: Ctrl-C keeps the finished rows; --resume completes them to the uninterrupted bytes;"
          " progress on a terminal only")


main()
