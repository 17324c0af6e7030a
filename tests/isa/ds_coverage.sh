#!/bin/sh
# DS and FLAT coverage against LLVM, the oracle: every opcode value of the DS and FLAT encodings
# is encoded with several operand-field variants (the decoder rejects a word whose unused fields
# are not zero, so each instruction decodes for one of them) and disassembled by llvm-mc for
# gfx803; each mnemonic LLVM prints must be in the instruction table (isa/isa.def) or refused
# with its reason in isa/asm/asm_refused.def. Run by `make table-check`.
# Usage: sh tests/isa/ds_coverage.sh   (prints "ds-coverage: N known to LLVM, ...")
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cc -E -P -x c -I isa - <<'CEOF' 2>/dev/null | tr ' ' '\n' | grep -E '^(ds|flat)_[a-z0-9_]+$' | sort -u > "$tmp/table"
#define ISA_OP(name, enc, unit, rate, flags, size, sig) name
#include "isa.def"
CEOF
sed -n 's/^ASM_REFUSED(\(\(ds\|flat\)_[a-z0-9_]*\),.*/\1/p' isa/asm/asm_refused.def | sort -u > "$tmp/refused"
if [ ! -s "$tmp/table" ]; then echo "ds-coverage: cannot read isa/isa.def" >&2; exit 1; fi

# Field layouts (GCN3 ISA manual, chapter 12), both 64-bit:
#   DS   word0 0xD8000000 | op[24:17] | gds[16] | offset1[15:8] | offset0[7:0]
#        word1 vdst[31:24] | data1[23:16] | data0[15:8] | addr[7:0]
#   FLAT word0 0xDC000000 | op[24:18] | slc[17] | glc[16]
#        word1 vdst[31:24] | data[15:8] | addr[7:0]
# Operand variants: (addr data0 data1 vdst) with the unused ones zero; offsets 0 and gds 0/1.
awk 'function le(w,   s, i) { s = ""; for (i = 0; i < 4; i++) { s = s sprintf(" 0x%02x", w % 256); w = int(w / 256) } return s }
     BEGIN {
       nv = split("1:2:3:4 1:2:0:4 1:0:0:4 0:0:0:0 1:2:0:0 1:2:3:0 0:0:0:4 1:2:4:6 1:0:0:0", v, " ")
       for (op = 0; op < 256; op++)
         for (g = 0; g < 2; g++)
           for (k = 1; k <= nv; k++) {
             split(v[k], f, ":")
             print "DS" le(3623878656 + op * 131072 + g * 65536) le(f[4] * 16777216 + f[3] * 65536 + f[2] * 256 + f[1])
           }
       nf = split("2:4:0 2:4:6 2:0:6 2:4:8", u, " ")
       for (op = 0; op < 128; op++)
         for (g = 0; g < 2; g++)
           for (k = 1; k <= nf; k++) {
             split(u[k], f, ":")
             print "FLAT" le(3690987520 + op * 262144 + g * 65536) le(f[3] * 16777216 + f[2] * 256 + f[1])
           }
     }' > "$tmp/samples"

: > "$tmp/llvm"
for fam in DS FLAT; do
  grep "^$fam " "$tmp/samples" | cut -d' ' -f2- > "$tmp/in"
  llvm-mc -arch=amdgcn -mcpu=gfx803 --disassemble < "$tmp/in" 2>/dev/null \
    | awk -v fam="$fam" '$1 ~ /^(ds|flat)_/ { print fam, $1 }' >> "$tmp/llvm"
done
sort -u "$tmp/llvm" -o "$tmp/llvm"
cut -d' ' -f2 "$tmp/llvm" | sort -u > "$tmp/names"
if [ "$(wc -l < "$tmp/names")" -lt 100 ]; then
  echo "ds-coverage: llvm-mc disassembled only $(wc -l < "$tmp/names") DS/FLAT mnemonics; is llvm-mc for gfx803 installed?" >&2
  exit 1
fi

missing=$(sort -u "$tmp/table" "$tmp/refused" | comm -23 "$tmp/names" -)
both=$(comm -12 "$tmp/table" "$tmp/refused")
unknown=$(comm -13 "$tmp/names" "$tmp/refused")
# Entries of another target (gfx9's d16 forms) are in its opcode table instead: isa/isa_opcodes_<t>.def.
sed -n 's/^ISA_OPCODE(\([a-z0-9_]*\),.*/\1/p' isa/isa_opcodes_gfx9*.def | sort -u > "$tmp/other"
extra=$(comm -13 "$tmp/names" "$tmp/table" | comm -23 - "$tmp/other")
status=0
for m in $missing; do
  echo "ds-coverage: llvm-mc knows $(grep " $m\$" "$tmp/llvm" | cut -d' ' -f1 | head -1) '$m' for gfx803; add it to isa/isa.def or refuse it in isa/asm/asm_refused.def" >&2
  status=1
done
for m in $both; do echo "ds-coverage: '$m' is both in the table and refused" >&2; status=1; done
for m in $unknown; do echo "ds-coverage: refused '$m' is not a gfx803 DS/FLAT instruction LLVM knows" >&2; status=1; done
for m in $extra; do echo "ds-coverage: table entry '$m' is not a gfx803 DS/FLAT instruction LLVM decodes" >&2; status=1; done
echo "ds-coverage: $(wc -l < "$tmp/names") DS/FLAT mnemonics known to LLVM for gfx803:" \
     "$(comm -12 "$tmp/names" "$tmp/table" | wc -l) in the table, $(wc -l < "$tmp/refused") refused," \
     "$(echo "$missing" | grep -c .) missing"
exit $status
