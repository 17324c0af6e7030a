#!/bin/sh
# Outputs survive a failed write: `gcnsim trace export --perfetto T OUT`, `gcnsim run --trace OUT` and
# `gcnviz T --png OUT` each given, as OUT, an existing regular file that cannot grow (a file size
# limit, SIGXFSZ ignored), a FIFO whose reader goes away (SIGPIPE ignored) and a full device. Each
# must exit 1 with "cannot write ... 'OUT': REASON", and leave OUT as it was: the regular file with
# its exact old content (no temporary file beside it), the FIFO a FIFO, the device a device.
# The device: as root, a private copy of /dev/full made here (a regression that removes its output
# must not remove the machine's /dev/full: the old export did); otherwise /dev/full itself, which a
# user cannot remove. As root on a filesystem without devices, that case is skipped, and said.
# Every output is larger than a pipe's buffer (64 KiB), so the FIFO's writer always meets the
# closed read end.
# Then: no output replaces an input of its run, nor two outputs one file; a setuid file rewritten
# loses the bit; Ctrl-C and SIGTERM on a pseudo-terminal stop a run cleanly (each part says more).
# Run from the repository root: sh tests/bad/outputs.sh GCNSIM GCNVIZ
set -u
gcnsim=$1
gcnviz=$2
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
pass=0
fail=0
wl=workloads/reduce.ini

if ! "$gcnsim" run "$wl" --trace "$D/in.gcnt" --trace-issues >/dev/null; then
  echo "outputs: FAIL: cannot make the input trace" >&2
  exit 1
fi

full=/dev/full
if [ "$(id -u)" = 0 ]; then
  full=$D/full
  mknod "$full" c 1 7 2>/dev/null
  if ! dd if=/dev/zero of="$full" bs=1 count=1 2>&1 | grep -q "No space left"; then
    echo "outputs: the full-device cases are skipped: cannot make a device node in $D" >&2
    rm -f "$full"
    full=
  fi
fi

write() { # KIND OUT: one of the three writers, OUT as its output
  case $1 in
    export) "$gcnsim" trace export --perfetto "$D/in.gcnt" "$2" ;;
    run) "$gcnsim" run "$wl" --trace "$2" --trace-issues ;;
    png) "$gcnviz" "$D/in.gcnt" --png "$2" --size 4000x3000 ;;
  esac
}

verdict() { # NAME GOT-EXIT OUT REASON STILL-OK
  if [ "$2" = 1 ] && grep -q "cannot write.*'$3': $4" "$D/err" && [ "$5" = yes ] &&
     [ -z "$(ls "$D" | grep -F .tmp)" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "outputs: FAIL $1: exit $2 (expected 1), wanted \"cannot write ... '$3': $4\", output kept: $5" >&2
    sed 's/^/    /' "$D/err" | head -5 >&2
    ls "$D" | sed 's/^/    left: /' >&2
  fi
}

for kind in export run png; do
  # A regular file: 32 KiB at most may be written (ulimit -f counts 512-byte blocks in dash, 1 KiB in
  # bash; either way less than any of the outputs).
  printf 'the old content of the output\n' > "$D/old"
  cp "$D/old" "$D/old.want"
  (trap '' XFSZ; ulimit -f 64; write "$kind" "$D/old") >/dev/null 2>"$D/err"
  got=$?
  kept=no
  cmp -s "$D/old" "$D/old.want" && kept=yes
  verdict "$kind to a regular file" "$got" "$D/old" "File too large" "$kept"

  # A FIFO whose reader takes one byte and leaves.
  mkfifo "$D/fifo"
  (trap '' PIPE; write "$kind" "$D/fifo") >/dev/null 2>"$D/err" &
  writer=$!
  timeout 120 head -c 1 "$D/fifo" >/dev/null
  wait "$writer"
  got=$?
  kept=no
  [ -p "$D/fifo" ] && kept=yes
  verdict "$kind to a FIFO" "$got" "$D/fifo" "Broken pipe" "$kept"
  rm -f "$D/fifo"

  # A full device.
  [ -n "$full" ] || continue
  write "$kind" "$full" >/dev/null 2>"$D/err"
  got=$?
  kept=no
  [ -c "$full" ] && kept=yes
  verdict "$kind to a full device" "$got" "$full" "No space left on device" "$kept"
done

# ---- Outputs never replace an input (docs/errors.md, "Input and output files") ----
# Each output option given, as its file, an input of the same run: directly, through a symbolic
# link, as another spelling of the path, also on a run that then faults. Each must exit 1 with
# "refusing to overwrite an input" before anything runs, and leave every input byte-identical.
W=$D/w
mkdir "$W"
cp workloads/saxpy.s "$W/saxpy.s"
cp sim/configs/fiji.ini "$W/machine.ini"
cp workloads/opencl/crc32.cl "$W/crc32.cl"
"$gcnsim" run workloads/saxpy.ini --dump-init x=$W/x.bin >/dev/null
sed 's/^init = random(7, -1.0, 1.0)$/init = file(x.bin)/' workloads/saxpy.ini > "$W/saxpy.ini"
grep -q 'file(x.bin)' "$W/saxpy.ini" || echo "outputs: FAIL: saxpy.ini has changed: no buffer from a file" >&2
sed 's/^source = crc32.s$/source = crc32.cl/' workloads/opencl/crc32.ini > "$W/crc32.ini"
cp "$D/in.gcnt" "$W/in.gcnt"
ln -s saxpy.s "$W/link.s"
ln -s in.gcnt "$W/link.gcnt"
mkdir "$D/keep"
cp "$W"/* "$D/keep/"
untouched() { # every input as it was, and no temporary file beside them
  for f in "$D/keep"/*; do cmp -s "$f" "$W/${f##*/}" || return 1; done
  [ -z "$(ls "$W" | grep -F .tmp)" ]
}
refused() { # NAME WANT-TEXT COMMAND...: exit 1 with WANT-TEXT, the inputs untouched
  name=$1 want=$2
  shift 2
  "$@" >/dev/null 2>"$D/err"
  got=$?
  if [ "$got" = 1 ] && grep -qF -- "$want" "$D/err" && untouched; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "outputs: FAIL $name: exit $got (expected 1), wanted \"$want\", inputs untouched: $(untouched && echo yes || echo no)" >&2
    sed 's/^/    /' "$D/err" | head -5 >&2
    cp "$D/keep"/* "$W/"
  fi
}
input() { echo "is the $1 '$2': refusing to overwrite an input"; }
run() { "$gcnsim" run "$W/saxpy.ini" "$@"; }
refused "--json over the workload" "--json '$W/saxpy.ini' $(input "workload file" "$W/saxpy.ini")" run --json "$W/saxpy.ini"
refused "--csv over the workload" "--csv '$W/saxpy.ini' $(input "workload file" "$W/saxpy.ini")" run --csv "$W/saxpy.ini"
refused "--trace over the kernel source" "--trace '$W/saxpy.s' $(input "kernel source" "$W/saxpy.s")" run --trace "$W/saxpy.s"
refused "--dump over the kernel source, through a link" "--dump '$W/link.s' $(input "kernel source" "$W/saxpy.s")" \
  run --dump y="$W/link.s"
refused "--dump-init over the configuration" "--dump-init '$W/machine.ini' $(input "configuration file" "$W/machine.ini")" \
  run --config "$W/machine.ini" --dump-init y="$W/machine.ini"
refused "--trace-text over a buffer's init file, another spelling" "--trace-text '$W/../w/x.bin' is buffer x's init file" \
  run --trace-text="$W/../w/x.bin"
refused "--json over a kernel source in OpenCL C" "--json '$W/crc32.cl' $(input "kernel source" "$W/crc32.cl")" \
  "$gcnsim" run "$W/crc32.ini" --json "$W/crc32.cl"
# A run that faults (its instruction limit) still writes its trace and its --dump-init: refused all the same.
refused "--trace over the workload of a faulting run" "--trace '$W/saxpy.ini' $(input "workload file" "$W/saxpy.ini")" \
  run --max-instructions 100 --trace "$W/saxpy.ini"
refused "--dump-init over the workload of a faulting run" "--dump-init '$W/saxpy.ini'" \
  run --max-instructions 100 --dump-init x="$W/saxpy.ini"
refused "trace export over its trace" "gcnsim: error: the output '$W/in.gcnt' $(input trace "$W/in.gcnt")" \
  "$gcnsim" trace export --perfetto "$W/in.gcnt" "$W/in.gcnt"
refused "trace export over its trace, through a link" "the output '$W/link.gcnt' $(input trace "$W/in.gcnt")" \
  "$gcnsim" trace export --perfetto "$W/in.gcnt" "$W/link.gcnt"
refused "gcnviz --png over its trace" "gcnviz: error: --png '$W/link.gcnt' $(input trace "$W/in.gcnt")" \
  "$gcnviz" "$W/in.gcnt" --png "$W/link.gcnt"
# A sweep's CSV is never its LIST nor a file a line names, also through a link; merge's never a part.
printf '%s\n' "$W/saxpy.ini" "$W/saxpy.ini --set kernel.grid=512" > "$W/list.txt"
cp "$W/list.txt" "$D/keep/"
ln -s list.txt "$W/link.txt"
refused "sweep --csv over its list" "--csv '$W/list.txt' $(input "sweep list" "$W/list.txt")" \
  "$gcnsim" sweep "$W/list.txt" --csv "$W/list.txt"
refused "sweep --csv over its list, through a link" "--csv '$W/link.txt' $(input "sweep list" "$W/list.txt")" \
  "$gcnsim" sweep "$W/list.txt" --csv "$W/link.txt"
refused "sweep --csv over a workload the list names" "--csv '$W/saxpy.ini' $(input "a file named by the sweep list" "$W/saxpy.ini" | sed 's/the a /a /')" \
  "$gcnsim" sweep "$W/list.txt" --csv "$W/saxpy.ini"
# Two outputs, one file (new or existing): refused before either is written.
refused "--json and --trace, one new file" "--json '$W/new.out' and --trace '$W/./new.out' name the same file" \
  run --json "$W/new.out" --trace "$W/./new.out"
[ -e "$W/new.out" ] && { fail=$((fail + 1)); echo "outputs: FAIL two outputs, one file: the file was written" >&2; rm -f "$W/new.out"; }
refused "--dump twice into one file" "--dump '$W/o.bin' and --dump '$W/o.bin' name the same file" \
  run --dump x="$W/o.bin" --dump y="$W/o.bin"
# ... where a device stays shareable.
if run --json /dev/null --trace /dev/null --dump y=/dev/null >/dev/null 2>"$D/err"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "outputs: FAIL several outputs to /dev/null were refused:" >&2; sed 's/^/    /' "$D/err" >&2; fi

# A replaced file keeps its permission bits but never a setuid or setgid bit (as root, a setuid
# root file rewritten by --dump would run the new content with root's rights).
printf 'old\n' > "$D/suid"
chmod 6755 "$D/suid"
if run --dump y="$D/suid" >/dev/null 2>"$D/err" && [ ! -u "$D/suid" ] && [ ! -g "$D/suid" ] && [ -x "$D/suid" ] &&
   [ "$(wc -c < "$D/suid")" = 262144 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "outputs: FAIL --dump over a setuid file: $(ls -l "$D/suid")" >&2; sed 's/^/    /' "$D/err" >&2; fi

# ---- Interruptions on a terminal (docs/cli.md, "Interruptions") ----
# A long run on a pseudo-terminal, interrupted once its progress line shows: a Ctrl-C typed (the
# terminal sends SIGINT) or a SIGTERM. It must stop at once with "gcnsim: interrupted (SIGINT) at
# cycle N ...", the progress line erased, exit 128 + the signal, no temporary file left, no report,
# JSON or dump written, and a trace that gcnviz and trace export open.
if command -v python3 >/dev/null 2>&1; then
  cat > "$D/onpty.py" <<'PY'
import os, pty, select, signal, sys, time
# onpty.py OUT SIG ARGV...: ARGV on a pseudo-terminal; once its progress line shows, SIG (INT: a ^C
# typed on the terminal); everything it printed to OUT; prints "STATUS PROGRESS-SEEN ERASED".
out_path, sig, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
pid, fd = pty.fork()
if pid == 0:
    os.execv(argv[0], argv)
out, sent, t0 = b'', False, time.time()
while True:
    if not sent and b'\r\x1b[Kgcnsim: ' in out:
        if sig == 'INT':
            os.write(fd, b'\x03')
        else:
            os.kill(pid, getattr(signal, 'SIG' + sig))
        sent = True
    if time.time() - t0 > 120:
        os.kill(pid, signal.SIGKILL)
    if select.select([fd], [], [], 0.1)[0]:
        try:
            d = os.read(fd, 65536)
        except OSError:
            d = b''
        if not d:
            break
        out += d
status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
open(out_path, 'wb').write(out)
# Erased: the progress line was erased (CR, ESC [ K) just before the message, and not drawn again.
m = max(out.rfind(b'gcnsim: interrupted'), out.rfind(b'gcnsim: terminated'))
erased = m > 0 and out[:m].endswith(b'\r\x1b[K') and b'\x1b[K' not in out[m:]
print(status, 'yes' if sent else 'no', 'yes' if erased else 'no')
PY
  N=16777216
  big="--set kernel.grid=$N --set buffer.x.count=$N --set buffer.y.count=$N"
  mkdir "$D/i"
  interrupted() { # NAME SIG STATUS WANT-TEXT COMMAND...
    name=$1 sig=$2 status=$3 want=$4
    shift 4
    got=$(python3 "$D/onpty.py" "$D/tty" "$sig" "$@")
    why=
    [ "$got" = "$status yes yes" ] || why="status, progress line seen, erased: $got (expected $status yes yes)"
    grep -qF -- "$want" "$D/tty" || why="$why; no \"$want\""
    [ -z "$(ls "$D/i" | grep -F .tmp)" ] || why="$why; left: $(ls "$D/i" | grep -F .tmp)"
    if [ -z "$why" ]; then pass=$((pass + 1)); return 0; fi
    fail=$((fail + 1))
    echo "outputs: FAIL $name: $why" >&2
    { tr '\r' '\n' < "$D/tty"; echo; } | grep . | tail -3 | sed 's/^/    /' >&2
    return 1
  }
  if interrupted "Ctrl-C on a traced run" INT 130 "gcnsim: interrupted (SIGINT) at cycle " \
       "$gcnsim" run workloads/saxpy.ini $big --trace "$D/i/t.gcnt" --json "$D/i/r.json" --dump y="$D/i/y.bin"; then
    if [ -e "$D/i/r.json" ] || [ -e "$D/i/y.bin" ]; then
      fail=$((fail + 1)); echo "outputs: FAIL Ctrl-C on a traced run: the JSON or the dump was written" >&2
    elif grep -qF "the trace holds the run up to there (marked as stopped)" "$D/tty" &&
         "$gcnviz" "$D/i/t.gcnt" --stats >/dev/null 2>"$D/err" &&
         "$gcnsim" trace export --perfetto "$D/i/t.gcnt" "$D/i/t.json" >/dev/null 2>>"$D/err"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "outputs: FAIL Ctrl-C on a traced run: the trace is not kept, or not valid" >&2
      sed 's/^/    /' "$D/err" >&2; fi
  fi
  rm -f "$D/i"/*
  interrupted "SIGTERM on gcnsim check" TERM 143 "gcnsim: terminated (SIGTERM) at cycle " \
    "$gcnsim" check workloads/saxpy.ini $big
  interrupted "Ctrl-C on a run with a text trace" INT 130 "the text trace holds the run up to there" \
    "$gcnsim" run workloads/saxpy.ini $big --trace-text="$D/i/t.txt" --csv "$D/i/r.csv"
  [ -e "$D/i/r.csv" ] && { fail=$((fail + 1)); echo "outputs: FAIL Ctrl-C: the CSV row was written" >&2; }
else
  echo "outputs: python3 not installed: the interruption tests are skipped (apt-get install python3)" >&2
fi

echo "outputs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
