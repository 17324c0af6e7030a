#!/bin/sh
# The hazard checker's false-positive corpus: `gcnsim check` on every shipped workload (hand-written,
# OpenCL compiled by clang, memory, bench, tutorial) and on every workload file found under the
# extra directories given (the experiments' generated kernels) must find nothing. Compiler output is
# correct code, so any finding there is a bug in the checker. Workloads that expect a fault
# ("e2e: expect-exit") or are pending (tests/pending.txt) are skipped; a generated workload that
# cannot run alone (its experiment passes --set options) is counted, not failed: only findings fail.
# Then the gfx9 cases of tests/e2e/hazard9, each with the finding it must have or none (below).
# Usage: sh tests/e2e/hazard_corpus.sh GCNSIM [DIR...]
set -u
gcnsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$root/tests/tools/kernel_target.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "$root/workloads" "$@" -name '*.ini' -type f 2>/dev/null | LC_ALL=C sort > "$tmp/list"
pass=0 fail=0 alone=0
while IFS= read -r ini; do
  grep -q 'e2e: expect-exit' "$ini" && continue
  case $ini in "$root"/workloads/*)
    name=${ini#$root/workloads/}
    awk -v n="${name%.ini}" '$1 == n { f = 1 } END { exit !f }' "$root/tests/pending.txt" && continue ;;
  esac
  # CDNA's workloads run on their target (kernel.target), or on gfx942, which has every one's MFMA
  set --
  case $ini in "$root"/workloads/cdna/*)
    t=$(kernel_target "$ini")
    set -- --set "gpu.target=${t:-gfx942}" ;;
  esac
  if "$gcnsim" check "$ini" "$@" > "$tmp/out" 2>&1; then
    pass=$((pass + 1))
  elif ! grep -q 'with hazards$' "$tmp/out" && [ "${ini#$root/workloads/}" = "$ini" ]; then
    alone=$((alone + 1))
  else
    fail=$((fail + 1))
    echo "hazard-corpus: FAIL $ini"
    sed 's/^/    /' "$tmp/out" | head -8
  fi
done < "$tmp/list"
echo "hazard-corpus: $pass workloads without hazards, $fail with ($alone generated ones need their experiment's options)"

# The gfx9 cases (tests/e2e/hazard9): each names its target and the finding `gcnsim check` must list
# ("expect KIND": a diagnostic tagged [KIND]) or that it must list none ("expect none"). They need the
# assembler to take gfx900 text (.amdgcn_target): until it does, a note says so and they are left out.
printf '.amdgcn_target "amdgcn-amd-amdhsa--gfx900"\nk:\n  v_add_f32_sdwa v1, s2, v3 src0_sel:WORD_1\n  s_endpgm\n' > "$tmp/probe.s"
if ! "$gcnsim" asm "$tmp/probe.s" > /dev/null 2>&1; then
  echo "hazard-corpus: note: the assembler does not take gfx900 text yet (.amdgcn_target, the target branch): the gfx9 cases are left out"
else
  n9=0
  for ini in "$root"/tests/e2e/hazard9/*.ini; do
    target=$(sed -n 's/.*hazard-corpus: target \([a-z0-9]*\),.*/\1/p' "$ini")
    expect=$(sed -n 's/.*hazard-corpus: target [a-z0-9]*, expect \([a-z0-9_]*\).*/\1/p' "$ini")
    "$gcnsim" check "$ini" --set "gpu.target=$target" > "$tmp/out" 2>&1
    st=$?
    n9=$((n9 + 1))
    if [ "$expect" = none ]; then
      [ "$st" -eq 0 ] && continue
    elif [ "$st" -eq 2 ] && grep -q "\[$expect\]\$" "$tmp/out" && ! grep -v "\[$expect\]\$" "$tmp/out" | grep -q '\]$'; then
      continue
    fi
    fail=$((fail + 1))
    echo "hazard-corpus: FAIL $ini: $target, expected ${expect}, exit $st"
    sed 's/^/    /' "$tmp/out" | head -8
  done
  echo "hazard-corpus: $n9 gfx9 cases (findings expected and not)"
fi
[ "$fail" -eq 0 ]
