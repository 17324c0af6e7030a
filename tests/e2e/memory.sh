#!/bin/sh
# The memory hierarchy end to end (docs/architecture.md, "The memory system"):
#  - the pointer-chase staircase (workloads/memory/latency_sweep.sh) from 4 KiB to 64 MiB: every
#    plateau within 2 % of the configured load-to-use latency (l1v; l1v + l2; l1v + l2 + dram),
#    with the default machine and with other sizes and latencies;
#  - the stream reaches at least 85 % of the DRAM peak on 64 CUs, never more than the peak, and a
#    single CU (bounded by its L1 MSHRs) reaches far less;
#  - the wide convolution on 16 CUs: a higher L2 hit rate under tiled dispatch than row-major;
#  - back-pressure: with 1 or 2 MSHRs per level the results are bit-identical, only later;
#  - the open-row model: a stream mostly finds its DRAM row open;
#  - address translation: the column walk's cycles with tlb.model = on, derived by hand.
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

# ---- address translation ------------------------------------------------------------------------
# workloads/memory/column_walk: 256 dependent loads down rows of 2 KiB (a new 4 KiB page every two
# loads), then one store to `out`. With tlb.model = on, each of the 128 pages' first load and the
# store (its own page) miss both TLBs: 129 walks, 128 L1 TLB hits. Each walk adds
# tlb.l2_latency + tlb.walk_latency to its access. The wave sees a load's data at its SIMD's next
# issue turn (every cu.simds = 4 cycles): with walks of 200 cycles (a multiple of 4) the run is
# exactly 129 x 200 = 25800 cycles longer. With the default 230 (130 + 100) each load waits 230
# but its iteration grows by 228 (the data come 2 cycles after an issue turn without the walk, on
# one with it), except the first (230: the wave's start is aligned differently), and the store adds
# 228: 230 + 127 x 228 + 228 = 29414. The results are the same: 512 x (0 + ... + 255) = 16711680.
cw() { # cw TAG [options]
  tag=$1; shift
  "$gcnsim" run workloads/memory/column_walk.ini --dump "out=$tmp/$tag.bin" --json "$tmp/$tag.json" "$@" \
    > /dev/null 2> "$tmp/err"
}
if cw off && cw on --set tlb.model=on && cw on200 --set tlb.model=on --set tlb.l2_latency=100 --set tlb.walk_latency=100
then
  c0=$(jnum "$tmp/off.json" cycles); c1=$(jnum "$tmp/on.json" cycles); c2=$(jnum "$tmp/on200.json" cycles)
  w=$(jnum "$tmp/on.json" walks); h=$(jnum "$tmp/on.json" l1_hits); w0=$(jnum "$tmp/off.json" walks)
  v=$(od -An -tu4 "$tmp/on.bin" | tr -d ' ')
  if [ $((c1 - c0)) -eq 29414 ] && [ $((c2 - c0)) -eq 25800 ] && [ "$w" -eq 129 ] && [ "$h" -eq 128 ] \
      && [ "$w0" -eq 0 ] && [ "$v" = 16711680 ] && cmp -s "$tmp/off.bin" "$tmp/on.bin"; then
    ok "address translation: the column walk takes 29414 (walks of 230) and 25800 (of 200) cycles more, 129 walks"
  else ko "address translation" "cycles $c0 off, $c1 on, $c2 with walks of 200; walks $w (off: $w0), L1 TLB hits $h; out $v"; fi
else
  ko "address translation" "gcnsim failed: $(head -3 "$tmp/err")"
fi

echo "memory: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
