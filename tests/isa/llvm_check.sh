#!/bin/sh
# Checks every shipped kernel with LLVM's own assembler, the oracle for our syntax:
#   workloads/*.s, workloads/*/*.s, validation/kernels/*.s (hand-written) and workloads/opencl/*.s, workloads/hip/*.s
#   (clang-15 and clang++-15 output, checked by llvm-mc-15, the matching LLVM).
# Files with .amdhsa directives need the HSA triple; the rest assemble as plain gfx803.
# Each file must also use only mnemonics of our instruction table (isa/isa.def), and a compiled
# kernel must not call anything (an unresolved OpenCL built-in would be a `s_swappc_b64`). A kernel
# listed in tests/pending.txt may use mnemonics the table lacks (the instructions it waits for): they
# are listed as a note, and a note says when it needs none any more.
# Usage: sh tests/isa/llvm_check.sh   (from anywhere; prints "llvm-check: N passed, N failed")
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
. tests/tools/kernel_target.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every mnemonic of the table (ISA_OP(name, ...) lines, including those inside family macros,
# expanded here by listing the family instances the table spells out).
cc -E -P -x c -I isa - <<'CEOF' 2>/dev/null | tr ' ' '\n' | grep -E '^[a-z][a-z0-9_]+$' | sort -u > "$tmp/table"
#define ISA_OP(name, enc, unit, rate, flags, size, sig) name
#include "isa.def"
CEOF
if [ ! -s "$tmp/table" ]; then echo "llvm-check: cannot read isa/isa.def" >&2; exit 1; fi

pass=0; fail=0
for f in workloads/*.s workloads/*/*.s validation/kernels/*.s; do
  [ -f "$f" ] || continue
  why=""
  if grep -q '^[[:space:]]*\.amdhsa_kernel' "$f"; then
    args="-triple=amdgcn-amd-amdhsa -mcpu=gfx803"
  else
    args="-arch=amdgcn -mcpu=gfx803"
  fi
  # Compiled kernels (clang-15, clang++-15) are checked by the LLVM that made them; the rest by llvm-mc.
  mc=llvm-mc
  case $f in workloads/opencl/*|workloads/hip/*) mc=llvm-mc-15 ;; esac
  # A kernel for another target says so (.amdgcn_target, workloads/cdna): LLVM 15 (19 for gfx942).
  t=$(kernel_target "$f")
  if [ -n "$t" ] && [ "$t" != gfx803 ]; then
    args=$(echo "$args" | sed "s/gfx803/$t/"); mc=llvm-mc-$(target_llvm "$t")
  fi
  # shellcheck disable=SC2086
  if ! "$mc" $args "$f" -o /dev/null 2> "$tmp/err"; then
    why="llvm-mc rejects it: $(head -3 "$tmp/err" | tr '\n' ' ')"
  fi
  # Mnemonics: the first word of each instruction line (not a label, directive or comment),
  # without an _e32/_e64/_sdwa/_dpp suffix; the metadata YAML is skipped.
  awk '/^[[:space:]]*\.amdgpu_metadata/ { skip = 1 } /^[[:space:]]*\.end_amdgpu_metadata/ { skip = 0; next }
       skip { next }
       { sub(/\/\/.*/, ""); sub(/;.*/, ""); if (match($0, /^[[:space:]]*[sdvfbt][a-z0-9_]*[[:space:]]*/) && $1 !~ /:$/) print $1 }' "$f" \
    | sed 's/_e32$//; s/_e64$//; s/_sdwa$//; s/_dpp$//' | sort -u > "$tmp/used"
  missing=$(comm -23 "$tmp/used" "$tmp/table" | tr '\n' ' ')
  name=${f#workloads/}; name=${name%.s}
  if awk -v n="$name" '$1 == n { f = 1 } END { exit !f }' tests/pending.txt; then
    if [ -n "$missing" ]; then echo "llvm-check: note: $f is pending; not in isa/isa.def yet: $missing"
    else echo "llvm-check: note: $f is pending but uses only known mnemonics: try removing it from tests/pending.txt"; fi
    missing=""
  fi
  if [ -n "$missing" ]; then why="$why not in isa/isa.def: $missing"; fi
  if grep -q 's_swappc_b64\|s_setpc_b64' "$f"; then why="$why calls a function (an unresolved built-in?)"; fi
  if [ -z "$why" ]; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "llvm-check: FAIL $f:$why"
  fi
done
echo "llvm-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
