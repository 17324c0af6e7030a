#!/bin/sh
# Every output of every shipped workload, for comparing two builds byte for byte (a refactor or a
# speed change must not change one byte: docs/development.md). For each workload that runs, on 1 CU
# and on 3 (Morton order, per-wave release, the greedy policy), it writes the report, the JSON,
# the CSV row, the binary trace with issue records, its Perfetto export, the text trace and the
# --functional output; and each kernel's `gcnsim asm` listing, and `config --dump`. Paths are relative to the repository, so
# two checkouts compare equal (the OpenCL kernels must be compiled in both: make opencl). Usage:
#   sh tests/tools/snapshot.sh GCNSIM DIR      then   diff -r DIR-before DIR-after   (or cmp file by file)
set -u
gcnsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2" || exit 1
out=$(cd "$2" && pwd)
# Paths relative to the repository root, so that two checkouts give the same bytes.
cd "$(dirname "$0")/../.." || exit 1
"$gcnsim" config --dump > "$out/config.ini" 2>&1
configs="1cu
3cu --set gpu.compute_units=3 --set dispatch.order=morton --set dispatch.release=wave --set sched.policy=greedy"
n=0
for ini in workloads/*.ini workloads/tutorial/*.ini workloads/opencl/*.ini workloads/hip/*.ini workloads/memory/*.ini \
           workloads/bench/*.ini; do
  [ -f "$ini" ] || continue
  grep -q 'e2e: expect-exit' "$ini" && continue
  name=$(echo "${ini#workloads/}" | tr / _)
  echo "$configs" | while read -r tag cfg; do
    o="$out/$name.$tag"
    # shellcheck disable=SC2086
    "$gcnsim" run "$ini" $cfg --json "$o.json" --csv "$o.csv" --trace "$o.gcnt" --trace-issues > "$o.report" 2> "$o.err"
    echo "exit $?" >> "$o.err"
    "$gcnsim" trace export --perfetto "$o.gcnt" "$o.perfetto.json" 2>> "$o.err"
    # shellcheck disable=SC2086
    "$gcnsim" run "$ini" $cfg --trace-text="$o.text" > /dev/null 2>> "$o.err"
    # shellcheck disable=SC2086
    "$gcnsim" run "$ini" $cfg --functional > "$o.functional" 2>> "$o.err"
  done
  n=$((n + 1))
done
for s in workloads/*.s workloads/tutorial/*.s workloads/opencl/*.s workloads/hip/*.s workloads/memory/*.s; do
  [ -f "$s" ] || continue
  "$gcnsim" asm "$s" > "$out/$(echo "${s#workloads/}" | tr / _).asm" 2>&1
done
echo "snapshot: $n workloads, $(ls "$out" | wc -l) files in $out"
