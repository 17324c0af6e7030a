#!/bin/sh
# Vector coverage against LLVM, the oracle: the counterpart of tests/isa/scalar_coverage.sh for the
# vector families. Every opcode of VOP1, VOP2, VOPC, VOP3, DS, FLAT, MUBUF and MTBUF is encoded in
# several operand-field variants and disassembled by llvm-mc for gfx803 (tests/isa/opcode_enum.sh); each
# mnemonic LLVM prints (without _e32/_e64) must be in the instruction table (isa/isa.def) or refused
# with its reason in isa/asm/asm_refused.def. Run by `make table-check`.
# A missing mnemonic, or one both in the table and refused, fails it. (GCNSIM_COVERAGE_STRICT=0 only
# reports them, for work in progress on a branch.)
# Usage: sh tests/isa/vector_coverage.sh   (prints "vector-coverage: N known to LLVM, ...")
set -u
strict=${GCNSIM_COVERAGE_STRICT:-1}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cc -E -P -x c -I isa - <<'CEOF' 2>/dev/null | tr ' ' '\n' | grep -E '^[a-z][a-z0-9_]+$' | sort -u > "$tmp/table"
#define ISA_OP(name, enc, unit, rate, flags, size, sig) name
#include "isa.def"
CEOF
sed -n 's/^ASM_REFUSED(\([a-z0-9_]*\),.*/\1/p' isa/asm/asm_refused.def | sort -u > "$tmp/refused"
if [ ! -s "$tmp/table" ]; then echo "vector-coverage: cannot read isa/isa.def" >&2; exit 1; fi

sh tests/isa/opcode_enum.sh > "$tmp/enum" || exit 1
grep -E '^(VOP1|VOP2|VOPC|VOP3|DS|FLAT|MUBUF|MTBUF) ' "$tmp/enum" > "$tmp/llvm"
cut -d' ' -f3 "$tmp/llvm" | sort -u > "$tmp/names"
if [ "$(wc -l < "$tmp/names")" -lt 400 ]; then
  echo "vector-coverage: llvm-mc disassembled only $(wc -l < "$tmp/names") vector mnemonics; is llvm-mc for gfx803 installed?" >&2
  exit 1
fi

missing=$(sort -u "$tmp/table" "$tmp/refused" | comm -23 "$tmp/names" -)
both=$(comm -12 "$tmp/table" "$tmp/refused" | comm -12 - "$tmp/names")
status=0
nmissing=$(echo "$missing" | grep -c .)
if [ "$nmissing" -gt 0 ]; then
  echo "vector-coverage: llvm-mc knows these gfx803 vector mnemonics that are neither in isa/isa.def nor refused" \
       "in isa/asm/asm_refused.def (family and opcode as llvm-mc decodes them):"
  for m in $missing; do
    echo "  $(awk -v m="$m" '$3 == m { print $1, $2; exit }' "$tmp/llvm") $m"
  done
  [ "$strict" = 1 ] && status=1
fi
for m in $both; do
  echo "vector-coverage: '$m' is both in the table and refused" >&2
  [ "$strict" = 1 ] && status=1
done
echo "vector-coverage: $(wc -l < "$tmp/names") vector mnemonics known to LLVM for gfx803:" \
     "$(comm -12 "$tmp/names" "$tmp/table" | wc -l) in the table," \
     "$(comm -12 "$tmp/names" "$tmp/refused" | wc -l) refused, $nmissing missing" \
     "$([ "$strict" = 1 ] || echo "(GCNSIM_COVERAGE_STRICT=0: reported only)")"
exit $status
