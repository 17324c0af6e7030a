#!/bin/sh
# End-to-end tests: every shipped workload runs under gcnsim and matches its C reference.
# For each workloads/*.ini, workloads/opencl/*.ini, workloads/hip/*.ini and workloads/tutorial/*.ini: run gcnsim with
# --dump-init and --dump of every buffer into a temporary directory, then `refcheck NAME DIR`
# (tests/e2e/refcheck.c) compares the final buffers with a C computation from the initial ones.
# A workload file containing the line "; e2e: expect-exit N" must instead make gcnsim exit with
# status N (the tutorial's deliberate fault); one containing "; e2e: also-functional" is checked
# after a --functional run too. Workloads listed in tests/pending.txt (instructions not simulated
# yet) are reported as pending, not run. Finally, refcheck must reject a corrupted output.
# Usage: sh tests/e2e/run.sh GCNSIM REFCHECK   (prints "e2e: N passed, N failed")
set -u
if [ $# -ne 2 ]; then echo "usage: run.sh GCNSIM REFCHECK" >&2; exit 1; fi
abs() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd)" "$(basename "$1")"); }
gcnsim=$(abs "$1"); refcheck=$(abs "$2")
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0; pending=0
ok() { pass=$((pass+1)); echo "e2e: PASS $1"; }
ko() { fail=$((fail+1)); echo "e2e: FAIL $1: $2"; [ -s "$tmp/log" ] && head -15 "$tmp/log" | sed 's/^/    /'; }

for ini in workloads/*.ini workloads/opencl/*.ini workloads/hip/*.ini workloads/tutorial/*.ini workloads/memory/*.ini workloads/bench/*.ini; do
  [ -f "$ini" ] || continue
  name=${ini#workloads/}; name=${name%.ini}
  why=$(awk -v n="$name" '$1 == n { $1 = ""; sub(/^ +/, ""); print; exit }' tests/pending.txt)
  if [ -n "$why" ]; then pending=$((pending+1)); echo "e2e: PENDING $name: needs $why"; continue; fi
  dir="$tmp/$(echo "$name" | tr / _)"
  mkdir -p "$dir"
  cp "$ini" "$dir/workload.ini"
  want=$(sed -n 's/^[;#][[:space:]]*e2e:[[:space:]]*expect-exit[[:space:]]*\([0-9][0-9]*\).*/\1/p' "$ini" | head -1)
  want=${want:-0}
  # One --dump-init and one --dump per [buffer NAME] section.
  set --
  for buf in $(sed -n 's/^[[:space:]]*\[buffer[[:space:]][[:space:]]*\([^]]*[^][:space:]]\)[[:space:]]*\].*/\1/p' "$ini"); do
    set -- "$@" --dump-init "$buf=$dir/init_$buf.bin" --dump "$buf=$dir/final_$buf.bin"
  done
  "$gcnsim" run "$ini" "$@" > "$tmp/log" 2>&1
  got=$?
  if [ "$got" != "$want" ]; then ko "$name" "gcnsim exited $got, expected $want"; continue; fi
  if [ "$want" != 0 ]; then ok "$name (exit $want as expected)"; continue; fi
  if "$refcheck" "$name" "$dir" > "$tmp/log" 2>&1; then ok "$name"; else ko "$name" "refcheck found differences"; fi
  # "; e2e: also-functional": the same check on a --functional run (no timing model).
  if grep -q '^[;#][[:space:]]*e2e:[[:space:]]*also-functional' "$ini"; then
    if "$gcnsim" run "$ini" --functional "$@" > "$tmp/log" 2>&1 && "$refcheck" "$name" "$dir" > "$tmp/log" 2>&1; then
      ok "$name (functional)"; else ko "$name (functional)" "functional run failed or refcheck found differences"; fi
  fi
done

# The gfx803 machine presets (docs/config.md, "Machine presets"): whole chips of other sizes, caches
# and DRAM, the same results. (The gfx9 presets run gfx9 code: tests of the targets.)
for machine in fiji-64 polaris; do
  for name in vector_add reduce histogram matmul_tiled opencl/vector_add; do
    ini=workloads/$name.ini
    dir="$tmp/$machine.$(echo "$name" | tr / _)"
    mkdir -p "$dir"
    cp "$ini" "$dir/workload.ini"
    set --
    for buf in $(sed -n 's/^[[:space:]]*\[buffer[[:space:]][[:space:]]*\([^]]*[^][:space:]]\)[[:space:]]*\].*/\1/p' "$ini"); do
      set -- "$@" --dump-init "$buf=$dir/init_$buf.bin" --dump "$buf=$dir/final_$buf.bin"
    done
    if ! "$gcnsim" run "$ini" --machine "$machine" "$@" > "$tmp/log" 2>&1; then ko "$name --machine $machine" "gcnsim failed"
    elif "$refcheck" "$name" "$dir" > "$tmp/log" 2>&1; then ok "$name --machine $machine"
    else ko "$name --machine $machine" "refcheck found differences"; fi
  done
done

# The checker must be able to fail: corrupt c[0] of vector_add's output (a NaN) and expect exit 1.
dir="$tmp/vector_add"
if [ -f "$dir/final_c.bin" ]; then
  printf '\377\377\377\177' | dd of="$dir/final_c.bin" bs=1 seek=0 conv=notrunc 2>/dev/null
  "$refcheck" vector_add "$dir" > "$tmp/log" 2>&1
  got=$?
  if [ "$got" = 1 ] && grep -q 'c\[0\]' "$tmp/log"; then ok "refcheck rejects a corrupted output"
  else ko "refcheck rejects a corrupted output" "refcheck exited $got on a corrupted buffer"; fi
else
  : > "$tmp/log"; ko "refcheck rejects a corrupted output" "no vector_add output to corrupt"
fi

echo "e2e: $pass passed, $fail failed, $pending pending (tests/pending.txt)"
[ "$fail" -eq 0 ]
