#!/bin/sh
# The memory hierarchy end to end (docs/architecture.md, "The memory system"):
#  - the pointer-chase staircase (workloads/memory/latency_sweep.sh) from 4 KiB to 64 MiB: every
#    plateau within 2 % of the configured load-to-use latency (l1v; l1v + l2; l1v + l2 + dram),
#    with the default machine and with other sizes and latencies;
#  - the stream reaches at least 85 % of the DRAM peak on 64 CUs, never more than the peak, and a
#    single CU (bounded by its L1 MSHRs) reaches far less;
#  - the wide convolution on 16 CUs: a higher L2 hit rate under tiled dispatch than row-major;
#  - back-pressure: with 1 or 2 MSHRs per level the results are bit-identical, only later;
#  - the open-row model: a stream mostly finds its DRAM row open.
# Usage: sh tests/e2e/memory.sh GCNSIM   (prints "memory: N passed, N failed")
set -u
if [ $# -ne 1 ]; then echo "usage: memory.sh GCNSIM" >&2; exit 1; fi
gcnsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass+1)); echo "memory: PASS $1"; }
ko() { fail=$((fail+1)); echo "memory: FAIL $1: $2"; }

# A number from a run's JSON: jnum FILE KEY (the first "KEY": value in the file).
jnum() { sed -n "s/.*\"$2\": \([-0-9.e]*\).*/\1/p" "$1" | head -1; }
# awk comparisons of reals.
within() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= b * p / 100) }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }

# ---- the staircase ------------------------------------------------------------------------------
# staircase NAME L1_BYTES L2_BYTES L1_LAT L2_LAT DRAM_LAT [gcnsim options]
staircase() {
  name=$1 l1=$2 l2=$3 a=$4 b=$5 c=$6
  shift 6
  if ! sh workloads/memory/latency_sweep.sh "$gcnsim" "$@" > "$tmp/sweep.csv" 2> "$tmp/err"; then
    ko "staircase $name" "the sweep failed: $(head -3 "$tmp/err")"; return
  fi
  bad=""
  n=0
  while IFS=, read -r f lat; do
    [ "$f" = footprint_bytes ] && continue
    n=$((n+1))
    if [ "$f" -le "$l1" ]; then want=$a; elif [ "$f" -le "$l2" ]; then want=$((a + b)); else want=$((a + b + c)); fi
    within "$lat" "$want" 2 || bad="$bad $f:$lat(want $want)"
  done < "$tmp/sweep.csv"
  if [ "$n" -ne 15 ]; then ko "staircase $name" "$n footprints measured, expected 15"
  elif [ -n "$bad" ]; then ko "staircase $name" "off by more than 2 %:$bad"
  else ok "staircase $name (15 footprints, 4 KiB to 64 MiB, within 2 %)"; fi
}
staircase "default (145 / 250 / 450)" 16384 2097152 145 105 200
staircase "8 KiB L1, 1 MiB L2, 80 / 380 / 880" 8192 1048576 80 300 500 \
  --set l1v.size=8192 --set l1v.latency=80 --set l2.size=1048576 --set l2.latency=300 --set dram.latency=500

# ---- stream bandwidth ---------------------------------------------------------------------------
stream() { # stream JSON [options]: the stream reading 20 MiB
  out=$1; shift
  "$gcnsim" run workloads/memory/stream.ini --set args.iters=u32:8 --set buffer.a.count=5242880 \
    --json "$out" "$@" > /dev/null 2> "$tmp/err"
}
if stream "$tmp/s64.json" --set gpu.compute_units=64 && stream "$tmp/s1.json"; then
  bw=$(jnum "$tmp/s64.json" bytes_per_cycle); peak=$(jnum "$tmp/s64.json" peak_bytes_per_cycle)
  bw1=$(jnum "$tmp/s1.json" bytes_per_cycle)
  if ge "$bw" "$(awk -v p="$peak" 'BEGIN { print 0.85 * p }')" && ge "$peak" "$bw"; then
    ok "stream on 64 CUs: $bw bytes/cycle of the $peak peak (at least 85 %, at most 100 %)"
  else ko "stream on 64 CUs" "$bw bytes/cycle of $peak"; fi
  if ge "$(awk -v p="$peak" 'BEGIN { print 0.25 * p }')" "$bw1"; then
    ok "stream on 1 CU: $bw1 bytes/cycle (its L1 MSHRs bound it far below the peak)"
  else ko "stream on 1 CU" "$bw1 bytes/cycle"; fi
else
  ko "stream" "gcnsim failed: $(head -3 "$tmp/err")"
fi

# ---- L2 locality: tiled against row-major -------------------------------------------------------
conv() { # conv ORDER JSON
  "$gcnsim" run workloads/memory/conv_wide.ini --set gpu.compute_units=16 --set l2.size=262144 \
    --set dispatch.order="$1" --json "$2" > /dev/null 2> "$tmp/err"
}
if conv row-major "$tmp/rm.json" && conv tiled "$tmp/ti.json"; then
  # The L2's hit_rate is the third one in the file (l1v, scalar, l2).
  hr=$(sed -n 's/.*"hit_rate": \([0-9.]*\).*/\1/p' "$tmp/rm.json" | sed -n 3p)
  ht=$(sed -n 's/.*"hit_rate": \([0-9.]*\).*/\1/p' "$tmp/ti.json" | sed -n 3p)
  dr=$(sed -n 's/.*"dram": {"line_reads": \([0-9]*\).*/\1/p' "$tmp/rm.json")
  dt=$(sed -n 's/.*"dram": {"line_reads": \([0-9]*\).*/\1/p' "$tmp/ti.json")
  if ge "$ht" "$(awk -v h="$hr" 'BEGIN { print h + 0.05 }')" && [ "$dt" -lt "$dr" ]; then
    ok "wide convolution on 16 CUs: L2 hit rate tiled $ht > row-major $hr; DRAM reads $dt < $dr"
  else ko "wide convolution" "L2 hit rate tiled $ht, row-major $hr; DRAM reads $dt, $dr"; fi
else
  ko "wide convolution" "gcnsim failed: $(head -3 "$tmp/err")"
fi

# ---- back-pressure ------------------------------------------------------------------------------
# More misses outstanding than MSHRs: the same results, bit for bit, and later.
bp() { # bp WORKLOAD TAG [options]
  wl=$1 tag=$2; shift 2
  "$gcnsim" run "$wl" --dump "out=$tmp/$tag.bin" --json "$tmp/$tag.json" "$@" > /dev/null 2> "$tmp/err"
}
for w in stream conv_wide; do
  if bp "workloads/memory/$w.ini" "$w-base" && bp "workloads/memory/$w.ini" "$w-bp" --set l1v.mshrs=1 --set l2.mshrs=2 \
      --set scalar.mshrs=1; then
    c0=$(jnum "$tmp/$w-base.json" cycles); c1=$(jnum "$tmp/$w-bp.json" cycles)
    st=$(jnum "$tmp/$w-bp.json" address_unit_stall_cycles)
    if cmp -s "$tmp/$w-base.bin" "$tmp/$w-bp.bin" && [ "$c1" -gt "$c0" ] && [ "$st" -gt 0 ]; then
      ok "back-pressure ($w, 1 L1 MSHR): same output, $c1 cycles > $c0, $st address-unit stall cycles"
    else ko "back-pressure ($w)" "outputs equal: $(cmp -s "$tmp/$w-base.bin" "$tmp/$w-bp.bin" && echo yes || echo no), cycles $c1 vs $c0, stalls $st"; fi
  else ko "back-pressure ($w)" "gcnsim failed: $(head -3 "$tmp/err")"; fi
done

# ---- the open-row model -------------------------------------------------------------------------
# A stream walks each DRAM row line by line: nearly every access finds its row open (the exact
# latencies of hits and misses are unit-tested in test_memsys).
if stream "$tmp/row.json" --set gpu.compute_units=4 --set dram.row_model=on; then
  rh=$(jnum "$tmp/row.json" row_hits); rmiss=$(jnum "$tmp/row.json" row_misses)
  if [ "$rh" -gt $((4 * rmiss)) ] && [ "$rmiss" -gt 0 ]; then
    ok "open-row model: the stream finds its row open ($rh row hits, $rmiss row misses)"
  else ko "open-row model" "$rh row hits, $rmiss row misses"; fi
else
  ko "open-row model" "gcnsim failed: $(head -3 "$tmp/err")"
fi

echo "memory: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
