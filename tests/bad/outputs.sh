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
# closed read end. Run from the repository root: sh tests/bad/outputs.sh GCNSIM GCNVIZ
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

echo "outputs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
