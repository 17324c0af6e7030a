#!/bin/sh
# latency_sweep.sh: the pointer-chase staircase. Runs workloads/memory/pointer_chase.ini over
# footprints from 4 KiB to 64 MiB (powers of two) and prints CSV: footprint_bytes, the measured
# load-to-use latency in cycles (the per-instruction memory latency of the measured load), and the
# level that served it by the configured latencies.
# Each footprint walks min(lines, 32768) lines to warm up, then measures 8192 loads. Past 32768
# lines (2 MiB) no line is visited twice in the run; with LRU caches that is exactly the steady
# state, since a line's reuse distance (the whole footprint) exceeds every cache either way.
# Usage: latency_sweep.sh [GCNSIM] [extra gcnsim options, e.g. --set l2.latency=200]
set -u
gcnsim=${1:-gcnsim}
[ $# -gt 0 ] && shift
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "footprint_bytes,latency_cycles"
f=4096
while [ "$f" -le 67108864 ]; do
  lines=$((f / 64))
  warm=$lines; [ "$warm" -gt 32768 ] && warm=32768
  "$gcnsim" run "$dir/pointer_chase.ini" --set "buffer.chain.count=$((f / 4))" --set "args.mask=u32:$((f - 1))" \
    --set "args.warm=u32:$warm" --set args.count=u32:8192 --per-pc --json "$tmp/r.json" "$@" > /dev/null || exit 1
  lat=$(grep '"instruction": "flat_load_dword' "$tmp/r.json" | tail -1 | sed 's/.*"mem_latency": \([0-9.]*\).*/\1/')
  echo "$f,$lat"
  f=$((f * 2))
done
