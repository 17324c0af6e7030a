#!/bin/sh
# Real code on each target (issues 33 and 34; docs/kernels.md, "Targets"): every shipped OpenCL and HIP
# workload (workloads/opencl/*.ini, workloads/hip/*.ini) run on a machine of each gfx9 or CDNA target with
# its kernel compiled for that target, timed and then --functional, each run's buffers checked by
# refcheck against the workload's C reference (as tests/e2e/run.sh does for gfx803). A workload
# whose source is a .s runs the kernel `make targets` compiled from the .cl/.hip beside it into
# DIR/TARGET/ (--set kernel.source=...; its .amdgcn_target must name TARGET); one whose source is the .cl/.hip itself is compiled by
# gcnsim for the machine's target. Every run also sets kernel.target to the machine's target. Then
# saxpy.cl named as the source (compiled by gcnsim) must give the bytes of the precompiled kernel,
# and experiment 11 (the one that compiles OpenCL C) runs its small version with EXP_TARGET set to
# the target (gfx900 and gfx906: the experiment is about Vega). On a CDNA target the MFMA GEMM
# workloads that target has instructions for (workloads/cdna, the list below) run the same way.
# Nothing is skipped: a missing compiled kernel, a kernel gcnsim cannot assemble yet or a wrong
# result is a failure.
# Usage: sh tests/e2e/targets.sh GCNSIM REFCHECK DIR TARGET...   (prints "targets: N passed, N failed")
set -u
if [ $# -lt 4 ]; then echo "usage: targets.sh GCNSIM REFCHECK DIR TARGET..." >&2; exit 1; fi
abs() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd)" "$(basename "$1")"); }
gcnsim=$(abs "$1"); refcheck=$(abs "$2"); dir=$(cd "$3" && pwd) || exit 1
shift 3
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# gcnsim keeps the compiler's output after an assembler error (a kernel not simulated yet): here.
mkdir "$tmp/compile" && export TMPDIR="$tmp/compile"
pass=0; fail=0
ok() { pass=$((pass+1)); echo "targets: PASS $1"; }
ko() { fail=$((fail+1)); echo "targets: FAIL $1: $2"; [ -s "$tmp/log" ] && head -6 "$tmp/log" | sed 's/^/    /'; }

# The workloads of workloads/cdna each CDNA target runs (docs/kernels.md, "MFMA GEMM kernels"):
# the f16 GEMMs, rocPRIM's block reduction and radix sorts and rocRAND's Philox on all three,
# bf16_1k and f64 from gfx90a, fp8 on gfx942 only.
cdna_gemms() {
  case $1 in
    gfx908) echo "cdna/gemm_f16_32x32x8 cdna/gemm_f16_16x16x16 cdna/rocprim_block_sum cdna/rocprim_radix_sort cdna/rocprim_radix_sort_dups cdna/rocrand_philox" ;;
    gfx90a) echo "cdna/gemm_f16_32x32x8 cdna/gemm_f16_16x16x16 cdna/gemm_bf16_1k cdna/gemm_f64 cdna/rocprim_block_sum cdna/rocprim_radix_sort cdna/rocprim_radix_sort_dups cdna/rocrand_philox" ;;
    gfx942) echo "cdna/gemm_f16_32x32x8 cdna/gemm_f16_16x16x16 cdna/gemm_bf16_1k cdna/gemm_f64 cdna/gemm_fp8 cdna/rocprim_block_sum cdna/rocprim_radix_sort cdna/rocprim_radix_sort_dups cdna/rocrand_philox" ;;
  esac
}

for t in "$@"; do
  gemms=""
  for g in $(cdna_gemms "$t"); do gemms="$gemms workloads/$g.ini"; done
  for ini in workloads/opencl/*.ini workloads/hip/*.ini $gemms; do
    name=${ini#workloads/}; name=${name%.ini}
    d="$tmp/$t/$(echo "$name" | tr / _)"
    mkdir -p "$d"
    cp "$ini" "$d/workload.ini" # refcheck reads the arguments from it
    src=$(sed -n 's/^[[:space:]]*source[[:space:]]*=[[:space:]]*\([^[:space:]]*\).*/\1/p' "$ini" | head -1)
    set -- --set "gpu.target=$t" --set "kernel.target=$t"
    case $src in
      *.s)
        k="$dir/$t/$name.s"
        if [ ! -f "$k" ]; then : > "$tmp/log"; ko "$t $name" "no compiled kernel $k (make targets)"; continue; fi
        # Compiled for this target (a Makefile command that lost its -mcpu would give gfx803 code).
        if ! grep -q "^[[:space:]]*\.amdgcn_target \"amdgcn-amd-amdhsa--$t\"" "$k"; then
          grep -m1 amdgcn_target "$k" > "$tmp/log"; ko "$t $name" "$k is not compiled for $t"; continue
        fi
        set -- "$@" --set "kernel.source=$k"
        # The compiler keeps f32 denormals on gfx9 (the descriptor's mode 3): refcheck's fdiv then
        # expects them kept, not flushed.
        if grep -q "^[[:space:]]*\.amdhsa_float_denorm_mode_32 3" "$k"; then : > "$d/f32_denormals"; fi ;;
    esac
    for buf in $(sed -n 's/^[[:space:]]*\[buffer[[:space:]][[:space:]]*\([^]]*[^][:space:]]\)[[:space:]]*\].*/\1/p' "$ini"); do
      set -- "$@" --dump-init "$buf=$d/init_$buf.bin" --dump "$buf=$d/final_$buf.bin"
    done
    for mode in timed functional; do
      m=""; [ $mode = functional ] && m=--functional
      rm -f "$d"/*.bin
      # shellcheck disable=SC2086
      "$gcnsim" run "$ini" $m "$@" > "$tmp/log" 2>&1
      got=$?
      if [ "$got" != 0 ]; then ko "$t $name ($mode)" "gcnsim exited $got"; continue; fi
      if "$refcheck" "$name" "$d" > "$tmp/log" 2>&1; then ok "$t $name ($mode)"; else ko "$t $name ($mode)" "refcheck found differences"; fi
    done
  done
  # The source compiled by gcnsim for the machine's target gives what the precompiled kernel gives.
  d="$tmp/$t/saxpy_cl"
  mkdir -p "$d"
  if "$gcnsim" run workloads/opencl/saxpy.ini --set "gpu.target=$t" --set "kernel.source=$root/workloads/opencl/saxpy.cl" \
       --dump "y=$d/cl.bin" > "$tmp/log" 2>&1 &&
     "$gcnsim" run workloads/opencl/saxpy.ini --set "gpu.target=$t" --set "kernel.source=$dir/$t/opencl/saxpy.s" \
       --dump "y=$d/s.bin" > "$tmp/log" 2>&1 && cmp -s "$d/cl.bin" "$d/s.bin"; then
    ok "$t saxpy.cl compiled by gcnsim = the precompiled kernel"
  else
    ko "$t saxpy.cl compiled by gcnsim = the precompiled kernel" "a run failed or the outputs differ"
  fi
  # Experiment 11 compiles OpenCL C (spill_solver.cl): its small version on a machine of this target.
  # On gfx900, clang-15's 32-VGPR build is miscompiled: the loop's preheader reuses v26 (the zero
  # high half of v[25:26]) for an LDS address, and the epilogue still shifts v[25:26] as a 64-bit
  # index, so the first result store goes to an unmapped address. gcnsim must report that fault.
  case $t in gfx900|gfx906) ;; *) continue ;; esac
  if [ "$t" = gfx900 ]; then
    EXP_TARGET=$t sh workloads/experiments/11_spill_to_fit.sh "$gcnsim" "$tmp/$t/exp11" --fast > "$tmp/log" 2>&1
    if grep -q "fault: unmapped address: global_store_dwordx4" "$tmp/log"; then
      ok "$t experiment 11: clang-15's miscompiled 32-VGPR build faults at its first store"
    else
      ko "$t experiment 11: clang-15's miscompiled 32-VGPR build faults at its first store" "no such fault"
    fi
  elif EXP_TARGET=$t sh workloads/experiments/11_spill_to_fit.sh "$gcnsim" "$tmp/$t/exp11" --fast > "$tmp/log" 2>&1; then
    ok "$t experiment 11 (spill to fit, --fast)"
  else
    grep -v ': ok: ' "$tmp/log" > "$tmp/log2"; mv "$tmp/log2" "$tmp/log"
    ko "$t experiment 11 (spill to fit, --fast)" "the experiment failed"
  fi
done
# clang-19 writes code object v5 (docs/kernels.md, "gfx942: clang-19"): its code object of
# wg_builtins, which reads the workgroup sizes from the v5 implicit arguments, built for gfx906
# (where every instruction is simulated) and run from the ELF file, timed and functional.
for t in "$@"; do
  [ "$t" = gfx906 ] || continue
  d="$tmp/clang19_v5"
  mkdir -p "$d"
  name="wg_builtins from clang-19's code object v5 on gfx906"
  if ! clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx906 --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode \
       -O2 -c -x cl -Xclang -finclude-default-header -cl-kernel-arg-info -cl-std=CL2.0 -fno-crash-diagnostics \
       -o "$d/wg_builtins.o" -- workloads/opencl/wg_builtins.cl > "$tmp/log" 2>&1; then
    ko "$name" "clang-19 did not compile it"; continue
  fi
  if ! grep -q 'hidden_remainder_x' "$d/wg_builtins.o"; then : > "$tmp/log"; ko "$name" "no v5 implicit arguments in its metadata"; continue; fi
  sed -e '/^[[:space:]]*cflags[[:space:]]*=/d' -e "s|^[[:space:]]*source[[:space:]]*=.*|source = $d/wg_builtins.o|" \
    workloads/opencl/wg_builtins.ini > "$d/workload.ini"
  set --
  for buf in $(sed -n 's/^[[:space:]]*\[buffer[[:space:]][[:space:]]*\([^]]*[^][:space:]]\)[[:space:]]*\].*/\1/p' "$d/workload.ini"); do
    set -- "$@" --dump-init "$buf=$d/init_$buf.bin" --dump "$buf=$d/final_$buf.bin"
  done
  for m in "" --functional; do
    if "$gcnsim" run "$d/workload.ini" $m --set gpu.target=gfx906 "$@" > "$tmp/log" 2>&1 && "$refcheck" opencl/wg_builtins "$d" > "$tmp/log" 2>&1; then
      ok "$name${m:+ ($m)}"
    else
      ko "$name${m:+ ($m)}" "the run failed or refcheck found differences"
    fi
  done
done
echo "targets: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
