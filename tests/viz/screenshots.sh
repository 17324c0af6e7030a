#!/bin/sh
# The pictures of docs/viewer.md, headless: experiment 5's box filter (docs/experiments.md, L2
# tiling) on its 64-CU machine, tiled in strips of 16 workgroups, with a quarter of the DRAM
# bandwidth so that DRAM bounds it, traced with issue and memory records; each view drawn into
# OUTDIR. Run from the repository root: sh tests/viz/screenshots.sh GCNSIM GCNVIZ OUTDIR
# (make viewer-screenshots writes docs/img/; make viz-test draws them into a temporary directory).
set -eu
gcnsim=$1 gcnviz=$2 out=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
out=$(cd "$out" && pwd)
# The experiment writes its kernel (its fast variant runs a small image); the 64-CU image's workload
# is the experiment's, 15360 x 64 (W + 2 columns and 16 more rows of input, as it sizes them).
sh workloads/experiments/05_l2_tiling.sh "$gcnsim" "$tmp" --fast >/dev/null
W=15360 H=64
{ sed -n '1,/^workgroup = /p' "$tmp/tiling.ini" | sed "s/^grid = .*/grid = $W,$H/"
  printf '\n[buffer in]\ntype = f32\ncount = %s\ninit = random(5, 0.0, 1.0)\n\n[buffer out]\ntype = f32\ncount = %s\n' \
    $(((W + 2) * (H + 16))) $((W * H))
  printf '\n[args]\nin = @in\nout = @out\nW = u32:%s\npitch = u32:%s\n' $W $(((W + 2) * 4)); } > "$tmp/tiling64.ini"
"$gcnsim" run "$tmp/tiling64.ini" --set gpu.compute_units=64 --set dram.bytes_per_cycle=8 --set dispatch.order=tiled \
  --set dispatch.tile_direction=x --set dispatch.tile_width=16 --trace "$tmp/tiling64.gcnt" --trace-issues --trace-mem >/dev/null
case $gcnviz in /*) ;; *) gcnviz=$(pwd)/$gcnviz ;; esac
# From the trace's directory, so that the title names the trace and not the temporary directory.
v() { name=$1; shift; (cd "$tmp" && "$gcnviz" tiling64.gcnt --png "$out/$name.png" --size 1280x800 "$@" >/dev/null); }
v viewer-overview --view overview
v viewer-occupancy --view overview --strip occupancy
v viewer-detail --view detail --cu 20
v viewer-zoom --view detail --cu 20 --range 30000:34000 --select 31000:32000 --palette cb
v viewer-pane --view detail --cu 20 --range 30000:34000 --select 31000:33000 --pane --inst 0xc4
