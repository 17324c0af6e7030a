#!/bin/sh
# The speed benchmarks (make bench; docs/performance.md). Runs every benchmark of SUITE (default
# tests/bench/suite.txt) in three modes — timing, functional, timing with a binary trace of states
# and issues — one run at a time, and prints a table: simulated cycles, wave-instructions, host
# seconds (wall clock), simulated cycles per second, wave-instructions per second, peak memory
# (maximum resident set, from GNU time), and the ratio of wave-instructions per second to the
# first benchmark's (alu) in the same mode of the same run. The same rows go to CSV (default
# build/bench.csv).
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
echo "benchmark,mode,cycles,wave_instructions,host_seconds,cycles_per_second,wave_instructions_per_second,peak_rss_kib,ratio_to_alu" > "$csv"
printf '%-10s %-11s %12s %12s %8s %12s %12s %8s %6s\n' benchmark mode cycles wave-instr host-s cycles/s instr/s peak-MiB x-alu
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
    # The first benchmark of the suite is the reference of the x-alu column (its own rows: 1.00).
    [ -f "$tmp/ref.$mode" ] || echo "$insts $((end - start))" > "$tmp/ref.$mode"
    read -r ref_i ref_ns < "$tmp/ref.$mode"
    awk -v n="$name" -v m="$mode" -v c="$cycles" -v i="$insts" -v ns=$((end - start)) -v r="$rss" -v csv="$csv" \
        -v ri="$ref_i" -v rns="$ref_ns" 'BEGIN {
      s = ns / 1e9; cps = (m == "functional") ? 0 : c / s; ips = i / s; ratio = ips / (ri / (rns / 1e9))
      printf "%-10s %-11s %12s %12d %8.3f %12s %12.0f %8.1f %6.2f\n", n, m, (m == "functional") ? "-" : c, i, s,
             (m == "functional") ? "-" : sprintf("%.0f", cps), ips, r / 1024, ratio
      printf "%s,%s,%d,%d,%.6f,%.0f,%.0f,%d,%.4f\n", n, m, c, i, s, cps, ips, r, ratio >> csv }'
  done
done
echo "bench: CSV written to $csv"
exit $status
