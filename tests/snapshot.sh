#!/bin/sh
# Every output of every shipped workload, for comparing two builds byte for byte (a refactor or a
# speed change must not change one byte: docs/development.md). For each workload that runs, on 1 CU
# and on 3 (Morton order, per-wave release, the greedy policy), it writes the report, the JSON,
# the CSV row, the binary trace with issue records, its Perfetto export and the text trace; and
# each kernel's `gcnsim asm` listing, and `config --dump`. Usage:
#   sh tests/snapshot.sh GCNSIM DIR      then   diff -r DIR-before DIR-after   (or cmp file by file)
set -u
gcnsim=$1
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out" || exit 1
"$gcnsim" config --dump > "$out/config.ini" 2>&1
configs="1cu
3cu --set gpu.compute_units=3 --set dispatch.order=morton --set dispatch.release=wave --set sched.policy=greedy"
n=0
for ini in "$root"/workloads/*.ini "$root"/workloads/tutorial/*.ini "$root"/workloads/opencl/*.ini \
           "$root"/workloads/memory/*.ini "$root"/workloads/bench/*.ini; do
  [ -f "$ini" ] || continue
  grep -q 'e2e: expect-exit' "$ini" && continue
  name=$(echo "${ini#$root/workloads/}" | tr / _)
  echo "$configs" | while read -r tag cfg; do
    o="$out/$name.$tag"
    # shellcheck disable=SC2086
    "$gcnsim" run "$ini" $cfg --json "$o.json" --csv "$o.csv" --trace "$o.gcnt" --trace-issues > "$o.report" 2> "$o.err"
    echo "exit $?" >> "$o.err"
    "$gcnsim" trace export --perfetto "$o.gcnt" "$o.perfetto.json" 2>> "$o.err"
    # shellcheck disable=SC2086
    "$gcnsim" run "$ini" $cfg --trace-text="$o.text" > /dev/null 2>> "$o.err"
  done
  n=$((n + 1))
done
for s in "$root"/workloads/*.s "$root"/workloads/tutorial/*.s "$root"/workloads/opencl/*.s "$root"/workloads/memory/*.s; do
  [ -f "$s" ] || continue
  "$gcnsim" asm "$s" > "$out/$(echo "${s#$root/workloads/}" | tr / _).asm" 2>&1
done
echo "snapshot: $n workloads, $(ls "$out" | wc -l) files in $out"
