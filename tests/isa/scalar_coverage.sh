#!/bin/sh
# Scalar coverage against LLVM, the oracle: every opcode value of each scalar encoding family
# (SOP1, SOP2, SOPC, SOPK, SOPP, SMEM) is encoded and disassembled by llvm-mc for gfx803; each
# mnemonic LLVM prints must be in the instruction table (isa/isa.def) or in the list of refused
# ones with their reasons (isa/asm/asm_refused.def), and every refused scalar mnemonic must be one
# LLVM knows for gfx803 or a gfx9 target. Run by `make table-check`.
# Usage: sh tests/isa/scalar_coverage.sh   (prints "scalar-coverage: N known to LLVM, ...")
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cc -E -P -x c -I isa - <<'CEOF' 2>/dev/null | tr ' ' '\n' | grep -E '^s_[a-z0-9_]+$' | sort -u > "$tmp/table"
#define ISA_OP(name, enc, unit, rate, flags, size, sig) name
#include "isa.def"
CEOF
# Only the scalar entries: the list also refuses vector instructions (buffer_store_lds_dword, ...).
sed -n 's/^ASM_REFUSED(\(s_[a-z0-9_]*\),.*/\1/p' isa/asm/asm_refused.def | sort -u > "$tmp/refused"
if [ ! -s "$tmp/table" ]; then echo "scalar-coverage: cannot read isa/isa.def" >&2; exit 1; fi

# One line of bytes per encoding, each followed by an s_nop word so that an instruction taking a
# literal eats the pad, not the next sample. Field layouts (GCN3 ISA manual, chapter 12):
#   SOP1 0xBE800000 | op[15:8]      (sdst s0, ssrc0 s2)        256 opcode values
#   SOP2 0x80000000 | op[29:23]     (s0 = s2 op s3)            0x00..0x5f (above: SOPK/SOP1/C/P)
#   SOPK 0xB0000000 | op[27:23]     (simm16 1)                 0x00..0x1c (above: SOP1/C/P)
#   SOPC 0xBF000000 | op[22:16]     (s2, s3)                   0x00..0x7f
#   SOPP 0xBF800000 | op[22:16]     (simm16 0)                 0x00..0x7f
#   SMEM 0xC0000000 | op[25:18], then the offset word; with imm = 0 and with imm = 1, offset 0x10
awk 'function le(w,   s, i) { s = ""; for (i = 0; i < 4; i++) { s = s sprintf(" 0x%02x", w % 256); w = int(w / 256) } return s }
     BEGIN {
       pad = le(3212836864)                     # 0xBF800000 s_nop 0
       for (op = 0; op < 256; op++) print "SOP1" le(3196059648 + op * 256 + 2) pad
       for (op = 0; op < 96; op++)  print "SOP2" le(2147483648 + op * 8388608 + 3 * 256 + 2) pad
       for (op = 0; op < 29; op++)  print "SOPK" le(2952790016 + op * 8388608 + 1) pad
       for (op = 0; op < 128; op++) print "SOPC" le(3204448256 + op * 65536 + 3 * 256 + 2) pad
       for (op = 0; op < 128; op++) print "SOPP" le(3212836864 + op * 65536) pad
       for (op = 0; op < 256; op++) {
         print "SMEM" le(3221225472 + op * 262144) le(0) pad
         print "SMEM" le(3221225472 + op * 262144 + 131072 + 2) le(16) pad
       }
     }' > "$tmp/samples"

# Disassemble each family's samples; keep the mnemonic of every instruction whose first word is
# in that family (pads and words a failed 64-bit decode left over are other families).
: > "$tmp/llvm"
for fam in SOP1 SOP2 SOPK SOPC SOPP SMEM; do
  grep "^$fam " "$tmp/samples" | cut -d' ' -f2- > "$tmp/in"
  llvm-mc -arch=amdgcn -mcpu=gfx803 --disassemble -show-encoding < "$tmp/in" 2>/dev/null \
    | awk -v fam="$fam" 'function hex(s,   v, i) { v = 0; s = tolower(s); sub(/^0x/, "", s)
                                        for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
                                        return v }
      /encoding:/ {
        e = $0; sub(/.*encoding: \[/, "", e); sub(/\].*/, "", e); n = split(e, b, ",")
        # The top byte and bits 23:16 of the first word decide the family.
        t = hex(b[4]); u = hex(b[3])
        f = ""
        if (t >= 192 && t <= 195) f = "SMEM"
        else if (t == 191) f = (u >= 128) ? "SOPP" : "SOPC"
        else if (t == 190 && u >= 128) f = "SOP1"
        else if (t >= 176 && t <= 191) f = "SOPK"
        else if (t >= 128 && t <= 191) f = "SOP2"
        if (f == fam) print fam, $1 }' >> "$tmp/llvm"
done
sort -u "$tmp/llvm" -o "$tmp/llvm"
cut -d' ' -f2 "$tmp/llvm" | sort -u > "$tmp/names"
if [ "$(wc -l < "$tmp/names")" -lt 100 ]; then
  echo "scalar-coverage: llvm-mc disassembled only $(wc -l < "$tmp/names") scalar mnemonics; is llvm-mc for gfx803 installed?" >&2
  exit 1
fi

missing=$(sort -u "$tmp/table" "$tmp/refused" | comm -23 "$tmp/names" -)
both=$(comm -12 "$tmp/table" "$tmp/refused")
unknown=$(comm -13 "$tmp/names" "$tmp/refused")
status=0
for m in $missing; do
  echo "scalar-coverage: llvm-mc knows $(grep " $m\$" "$tmp/llvm" | cut -d' ' -f1 | head -1) '$m' for gfx803; add it to isa/isa.def or refuse it in isa/asm/asm_refused.def" >&2
  status=1
done
for m in $both; do echo "scalar-coverage: '$m' is both in the table and refused" >&2; status=1; done
# A gfx9-only refusal (s_endpgm_ordered_ps_done) is in a gfx9 opcode table, which target_check.sh
# holds to what llvm-mc-15 knows for that target.
for m in $unknown; do
  grep -q "^ISA_OPCODE($m," isa/isa_opcodes_gfx900.def isa/isa_opcodes_gfx906.def && continue
  echo "scalar-coverage: refused '$m' is a scalar instruction LLVM knows for none of gfx803, gfx900, gfx906" >&2; status=1
done
echo "scalar-coverage: $(wc -l < "$tmp/names") scalar mnemonics known to LLVM for gfx803:" \
     "$(comm -12 "$tmp/names" "$tmp/table" | wc -l) in the table, $(wc -l < "$tmp/refused") refused," \
     "$(echo "$missing" | grep -c .) missing"
exit $status
