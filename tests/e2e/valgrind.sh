#!/bin/sh
# The end-to-end suite under valgrind (memcheck, full leak check, every leak kind an error): every
# shipped workload (but those in tests/pending.txt) in timing mode (--json, --per-pc, --trace with issue records) and in functional
# mode, `gcnsim asm` on every kernel, `gcnsim occupancy` on a workload, `gcnsim trace export`,
# `gcnsim config --dump`, and the tutorial's deliberately faulting workload (exit 2). Each command
# must exit with its expected status and valgrind must report nothing. With GCNVIZ, the viewer too:
# pictures of a trace with and without issue records, and a bad trace.
# Usage: sh tests/e2e/valgrind.sh GCNSIM [GCNVIZ]   (prints "valgrind: N passed, N failed"; slow: not in make test)
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "usage: valgrind.sh GCNSIM [GCNVIZ]" >&2; exit 1; fi
gcnsim=$1
gcnviz=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
command -v valgrind >/dev/null 2>&1 || { echo "valgrind: not installed (apt-get install valgrind)" >&2; exit 1; }
tmp=$(mktemp -d /tmp/gcnsim-valgrind-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
VG_ERR=99 # valgrind's exit status when it found an error or a leak

LEAK_KINDS=all
vg() { # NAME WANT-EXIT gcnsim-ARGS...
  name=$1 want=$2
  shift 2
  valgrind -q --error-exitcode=$VG_ERR --leak-check=full --show-leak-kinds=$LEAK_KINDS --errors-for-leak-kinds=$LEAK_KINDS \
    ${prog:-$gcnsim} "$@" >"$tmp/out" 2>"$tmp/err"
  got=$?
  if [ "$got" = "$want" ] && ! grep -q '^==[0-9]*==' "$tmp/err"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "valgrind: FAIL $name: exit $got (expected $want; $VG_ERR: valgrind found errors or leaks)"
    sed 's/^/    /' "$tmp/err" | head -30
  fi
}

pending() { awk -v n="$1" '$1 == n { f = 1 } END { exit !f }' tests/pending.txt; }
for ini in workloads/*.ini workloads/opencl/*.ini workloads/hip/*.ini workloads/tutorial/*.ini workloads/memory/*.ini workloads/bench/*.ini; do
  [ -f "$ini" ] || continue
  n=${ini#workloads/}; pending "${n%.ini}" && continue
  want=$(sed -n 's/^[;#][[:space:]]*e2e:[[:space:]]*expect-exit[[:space:]]*\([0-9][0-9]*\).*/\1/p' "$ini" | head -1)
  want=${want:-0}
  vg "run $ini" "$want" run "$ini" --json "$tmp/run.json" --per-pc --trace "$tmp/run.trc" --trace-issues
  vg "run $ini --functional" "$want" run "$ini" --functional
done
for s in workloads/*.s workloads/opencl/*.s workloads/hip/*.s workloads/tutorial/*.s workloads/memory/*.s workloads/bench/*.s; do
  [ -f "$s" ] || continue
  n=${s#workloads/}; pending "${n%.s}" && continue
  vg "asm $s" 0 asm "$s"
done
vg "occupancy workloads/reduce.ini" 0 occupancy workloads/reduce.ini
vg "occupancy workloads/reduce.ini --json" 0 occupancy workloads/reduce.ini --json
vg "run workloads/reduce.ini --trace" 0 run workloads/reduce.ini --trace "$tmp/reduce.trc" --trace-issues
vg "trace export" 0 trace export --perfetto "$tmp/reduce.trc" "$tmp/reduce.json"
vg "config --dump" 0 config --dump
vg "config --dump --config sim/configs/fiji.ini" 0 config --dump --config sim/configs/fiji.ini
# The faults and limits end the run early: their clean-up paths too.
vg "run --max-cycles (fault)" 2 run tests/bad/ini/fault_limit.ini --max-instructions 1000000000 --max-cycles 3000 --trace "$tmp/l.trc"
vg "run --trace-limit (warning)" 0 run workloads/reduce.ini --trace "$tmp/cut.trc" --trace-issues --trace-limit 4K
vg "run a bad workload (exit 1)" 1 run tests/bad/ini/buffer_key.ini

if [ -n "$gcnviz" ]; then
  # The viewer: still-reachable blocks are not errors here, as glib (loaded with SDL2_ttf's
  # harfbuzz) allocates tables in its library constructors that live until exit.
  prog=$gcnviz LEAK_KINDS=definite,indirect,possible
  vg "gcnviz --png" 0 "$tmp/reduce.trc" --png "$tmp/reduce.png" --select 100:5000 --frames 2
  vg "gcnviz --png (no issue records)" 0 "$tmp/l.trc" --png "$tmp/l.png" --range 100: --size 800x500
  vg "gcnviz a bad trace (exit 1)" 1 tests/bad/ini/buffer_key.ini --png "$tmp/x.png"
  prog=
fi

echo "valgrind: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
