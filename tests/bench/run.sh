#!/bin/sh
# The speed benchmarks (make bench; docs/performance.md). Runs every benchmark of SUITE (default
# tests/bench/suite.txt) in three modes — timing, functional, timing with a binary trace of states
# and issues — one run at a time, and prints a table: simulated cycles, wave-instructions, host
# seconds (wall clock), simulated cycles per second, wave-instructions per second, peak memory
# (maximum resident set, from GNU time). The same rows go to CSV (default build/bench.csv).
# Nothing is asserted: performance targets are read off the table, never tested.
# Usage: run.sh GCNSIM [CSV [SUITE]]
set -u
if [ $# -lt 1 ]; then echo "usage: run.sh GCNSIM [CSV [SUITE]]" >&2; exit 1; fi
gcnsim=$1
csv=${2:-build/bench.csv}
suite=${3:-$(dirname "$0")/suite.txt}
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time (Debian package 'time') is needed for peak memory" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "benchmark,mode,cycles,wave_instructions,host_seconds,cycles_per_second,wave_instructions_per_second,peak_rss_kib" > "$csv"
printf '%-9s %-11s %12s %12s %8s %12s %12s %8s\n' benchmark mode cycles wave-instr host-s cycles/s instr/s peak-MiB
status=0
grep -v '^[[:space:]]*\(#\|$\)' "$suite" | while read -r name workload opts; do
  for mode in timing functional trace; do
    case $mode in
      timing) extra="" ;;
      functional) extra="--functional" ;;
      trace) extra="--trace $tmp/t.gcnt --trace-issues" ;;
    esac
    start=$(date +%s%N)
    # shellcheck disable=SC2086
    /usr/bin/time -f '%M' -o "$tmp/rss" "$gcnsim" run "$workload" $opts $extra > "$tmp/out" 2> "$tmp/err"
    rc=$?
    end=$(date +%s%N)
    if [ $rc -ne 0 ]; then
      echo "bench: $name ($mode) failed with exit $rc:" >&2; head -5 "$tmp/err" >&2; status=1; continue
    fi
    if [ $mode = functional ]; then
      cycles=0
      insts=$(sed -n 's/^wave-instructions \([0-9]*\):.*/\1/p' "$tmp/out")
    else
      cycles=$(sed -n 's/^cycles  *\([0-9]*\) .*/\1/p' "$tmp/out")
      insts=$(sed -n 's/^instructions  *\([0-9]*\) .*/\1/p' "$tmp/out")
    fi
    rss=$(tail -1 "$tmp/rss")
    awk -v n="$name" -v m="$mode" -v c="$cycles" -v i="$insts" -v ns=$((end - start)) -v r="$rss" -v csv="$csv" 'BEGIN {
      s = ns / 1e9; cps = (m == "functional") ? 0 : c / s; ips = i / s
      printf "%-9s %-11s %12s %12d %8.3f %12s %12.0f %8.1f\n", n, m, (m == "functional") ? "-" : c, i, s,
             (m == "functional") ? "-" : sprintf("%.0f", cps), ips, r / 1024
      printf "%s,%s,%d,%d,%.6f,%.0f,%.0f,%d\n", n, m, c, i, s, cps, ips, r >> csv }'
  done
done
echo "bench: CSV written to $csv"
exit $status
