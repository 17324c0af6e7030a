#!/bin/sh
# Checks every shipped kernel with LLVM's own assembler, the oracle for our syntax:
#   workloads/*.s, workloads/*/*.s, validation/kernels/*.s (hand-written) and workloads/opencl/*.s, workloads/hip/*.s
#   (clang-15 and clang++-15 output, checked by llvm-mc-15, the matching LLVM).
# Files with .amdhsa directives need the HSA triple; the rest assemble as plain gfx803, except a file
# with a line "// llvm-check: targets T1 T2 ...": a kernel for the CDNA presets that names no
# .amdgcn_target (so that it runs on each of them) is checked for each target it lists, and its gfx9
# mnemonics are taken for the isa.def entries isa/isa_mnemonics.def maps them to.
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
# gfx9's spellings of isa.def entries ("MNEMONIC ENTRY"), for the files with a targets line.
sed -n 's/^ISA_MNEMONIC(ISA_TM_GFX9, *\([a-z0-9_]*\), *\([a-z0-9_]*\)).*/\1 \2/p' isa/isa_mnemonics.def > "$tmp/gfx9names"

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
  targets=$(sed -n 's|^//[[:space:]]*llvm-check:[[:space:]]*targets[[:space:]]*||p' "$f" | head -1)
  if [ -z "$targets" ]; then
    # shellcheck disable=SC2086
    if ! "$mc" $args "$f" -o /dev/null 2> "$tmp/err"; then
      why="llvm-mc rejects it: $(head -3 "$tmp/err" | tr '\n' ' ')"
    fi
  else
    for t in $targets; do
      case $t in gfx90[0-9a]) mc=llvm-mc-15 ;; gfx942) mc=llvm-mc-19 ;;
        *) why="$why its targets line names '$t' (gfx900 to gfx942 only)"; continue ;; esac
      if ! "$mc" -arch=amdgcn -mcpu="$t" "$f" -o /dev/null 2> "$tmp/err"; then
        why="$why llvm-mc -mcpu=$t rejects it: $(head -3 "$tmp/err" | tr '\n' ' ')"
      fi
    done
  fi
  # Mnemonics: the first word of each instruction line (not a label, directive or comment),
  # without an _e32/_e64/_sdwa/_dpp suffix; the metadata YAML is skipped.
  awk '/^[[:space:]]*\.amdgpu_metadata/ { skip = 1 } /^[[:space:]]*\.end_amdgpu_metadata/ { skip = 0; next }
       skip { next }
       { sub(/\/\/.*/, ""); sub(/;.*/, ""); if (match($0, /^[[:space:]]*[sdvfbt][a-z0-9_]*[[:space:]]*/) && $1 !~ /:$/) print $1 }' "$f" \
    | sed 's/_e32$//; s/_e64$//; s/_sdwa$//; s/_dpp$//' > "$tmp/used0"
  if [ -n "$targets" ]; then
    awk 'NR == FNR { e[$1] = $2; next } { print ($1 in e) ? e[$1] : $1 }' "$tmp/gfx9names" "$tmp/used0" | sort -u > "$tmp/used"
  else
    sort -u "$tmp/used0" > "$tmp/used"
  fi
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
