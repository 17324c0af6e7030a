#!/bin/sh
# Instruction counts of the benchmark kernels at their shipped (small) sizes, under valgrind's
# callgrind: repeatable on a loaded host, where wall-clock time is not (docs/performance.md).
# The sizes keep each run a few seconds under valgrind with the simulation, not the loading, dominant.
# Prints one line per kernel and mode: NAME MODE INSTRUCTIONS. With OUTDIR, keeps each profile
# there (callgrind.out.NAME.MODE) for callgrind_annotate.
# Usage: callgrind.sh GCNSIM [OUTDIR]
set -u
if [ $# -lt 1 ]; then echo "usage: callgrind.sh GCNSIM [OUTDIR]" >&2; exit 1; fi
gcnsim=$1
command -v valgrind > /dev/null || { echo "callgrind.sh: valgrind is needed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
keep=${2:-$tmp}
mkdir -p "$keep" || exit 1
status=0
while read -r name workload opts; do
  for mode in timing functional; do
    extra=""
    [ $mode = functional ] && extra="--functional"
    out="$keep/callgrind.out.$name.$mode"
    # shellcheck disable=SC2086
    if ! valgrind --tool=callgrind --callgrind-out-file="$out" "$gcnsim" run "$workload" $opts $extra \
         > /dev/null 2> "$tmp/err"; then
      echo "callgrind.sh: $name ($mode) failed:" >&2; tail -5 "$tmp/err" >&2; status=1; continue
    fi
    printf '%-10s %-11s %12s\n' "$name" "$mode" "$(sed -n 's/^==[0-9]*== Collected : //p' "$tmp/err")"
  done
done <<'LIST'
alu        workloads/bench/alu.ini --set kernel.grid=32768 --set buffer.out.count=32768
alu-64cu   workloads/bench/alu.ini --set kernel.grid=32768 --set buffer.out.count=32768 --set gpu.compute_units=64
bscholes   workloads/opencl/blackscholes.ini --set kernel.grid=32768 --set buffer.S.count=32768 --set buffer.K.count=32768 --set buffer.T.count=32768 --set buffer.call.count=32768 --set buffer.put.count=32768 --set args.n=u32:32768
matmul-cl  workloads/opencl/matmul_tiled.ini
nbody      workloads/opencl/nbody.ini
stencil    workloads/opencl/stencil3x3.ini --set kernel.grid=256,128 --set buffer.in.count=32768 --set buffer.out.count=32768 --set args.w=u32:256 --set args.h=u32:128
reduce-cl  workloads/opencl/reduce.ini
f64        workloads/opencl/horner_f64.ini --set kernel.grid=65536 --set buffer.x.count=65536 --set buffer.y.count=65536 --set args.n=u32:65536
spill      workloads/opencl/spill.ini
LIST
exit $status
