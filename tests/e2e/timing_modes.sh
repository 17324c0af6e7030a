#!/bin/sh
# Determinism and the tick-every-cycle debug mode, on every shipped workload: for each machine
# configuration below, two event-driven runs and one --tick-every-cycle run must write
# byte-identical JSON statistics, and the two event-driven runs byte-identical traces (with issue
# records). Workloads in tests/pending.txt (not runnable yet) are skipped. Usage: timing_modes.sh GCNSIM
set -u
gcnsim=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
# The default machine, and one that exercises several CUs, Morton order, per-wave release and the
# greedy policy at once.
configs="default
--set gpu.compute_units=3 --set dispatch.order=morton --set dispatch.release=wave --set sched.policy=greedy"
for ini in "$root"/workloads/*.ini "$root"/workloads/opencl/*.ini "$root"/workloads/hip/*.ini "$root"/workloads/memory/*.ini "$root"/workloads/bench/*.ini; do
  grep -q 'e2e: expect-exit' "$ini" && continue
  name=${ini#$root/workloads/}
  awk -v n="${name%.ini}" '$1 == n { f = 1 } END { exit !f }' "$root/tests/pending.txt" && continue
  echo "$configs" | while IFS= read -r cfg; do
    [ "$cfg" = default ] && cfg=""
    # shellcheck disable=SC2086
    "$gcnsim" run "$ini" $cfg --json "$tmp/a.json" --trace "$tmp/a.trc" --trace-issues >/dev/null 2>"$tmp/err" &&
    "$gcnsim" run "$ini" $cfg --json "$tmp/b.json" --trace "$tmp/b.trc" --trace-issues >/dev/null 2>>"$tmp/err" &&
    "$gcnsim" run "$ini" $cfg --tick-every-cycle --json "$tmp/c.json" >/dev/null 2>>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ]; then echo "timing-modes: FAIL $name [$cfg]: exit $rc"; sed 's/^/    /' "$tmp/err" | head -5
    elif ! cmp -s "$tmp/a.json" "$tmp/b.json"; then echo "timing-modes: FAIL $name [$cfg]: two runs differ"
    elif ! cmp -s "$tmp/a.trc" "$tmp/b.trc"; then echo "timing-modes: FAIL $name [$cfg]: two runs' traces differ"
    elif ! cmp -s "$tmp/a.json" "$tmp/c.json"; then echo "timing-modes: FAIL $name [$cfg]: --tick-every-cycle differs"
    else echo "timing-modes: ok $name [$cfg]"; fi
  done
done > "$tmp/log"
# gcnsim sweep: the same CSV bytes with one process and with three, and the same rows as the runs
# made one by one with --csv (each with the sweep's label, its line number, and its --set columns,
# the union of the list's keys).
printf '%s\n' "workloads/vector_add.ini" "workloads/reduce.ini --set cu.wave_slots=4" \
  "workloads/saxpy.ini --set gpu.compute_units=2 --set dispatch.order=morton" "workloads/stencil3x3.ini" > "$tmp/list"
"$gcnsim" sweep "$tmp/list" --csv "$tmp/s1.csv" --jobs 1 >/dev/null 2>"$tmp/err" &&
"$gcnsim" sweep "$tmp/list" --csv "$tmp/s3.csv" --jobs 3 >/dev/null 2>>"$tmp/err"
rc=$?
n=0
while read -r line; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  "$gcnsim" run $line --label $n --csv-keys cu.wave_slots,gpu.compute_units,dispatch.order --csv "$tmp/one.csv" >/dev/null 2>>"$tmp/err" || rc=1
done < "$tmp/list"
if [ $rc -ne 0 ]; then echo "timing-modes: FAIL sweep: exit $rc"; sed 's/^/    /' "$tmp/err" | head -5
elif ! cmp -s "$tmp/s1.csv" "$tmp/s3.csv"; then echo "timing-modes: FAIL sweep: --jobs 1 and --jobs 3 differ"
elif ! cmp -s "$tmp/s1.csv" "$tmp/one.csv"; then echo "timing-modes: FAIL sweep: rows differ from single runs"
elif [ "$(wc -l < "$tmp/s1.csv")" -ne 5 ]; then echo "timing-modes: FAIL sweep: expected a header and 4 rows"
else echo "timing-modes: ok sweep (4 runs, --jobs 1 and 3, and one by one: the same CSV)"; fi >> "$tmp/log"
pass=$(grep -c ': ok ' "$tmp/log"); fail=$(grep -c ': FAIL ' "$tmp/log")
grep -v ': ok ' "$tmp/log"
echo "timing-modes: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
