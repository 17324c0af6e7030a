#!/bin/sh
# SDWA/DPP coverage against LLVM, the oracle (run by `make table-check`): every VOP1, VOP2 and VOPC
# opcode is encoded in its SDWA form (src0 field 0xF9, all selectors DWORD) and its DPP form (0xFA,
# row_shl:1) and disassembled by llvm-mc for gfx803. Each form LLVM decodes whose instruction is in
# our table must be a form gcnsim has (isa_op_has_form) and must assemble back to the same text;
# each form gcnsim has must be one LLVM decodes. Forms of instructions not in the table are counted
# (other families). Usage: sh tests/isa/sdwa_dpp_coverage.sh BUILD/san/valu_syntax
set -u
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -E -P -x c -I isa - <<'CEOF' 2>/dev/null | tr ' ' '\n' | grep -E '^v_[a-z0-9_]+$' | sort -u > "$tmp/table"
#define ISA_OP(name, enc, unit, rate, flags, size, sig) name
#include "isa.def"
CEOF
# Encodings (GCN3 ISA manual, Microcode Formats): VOP1 0x7E000000 | vdst[24:17] | op[16:9] | src0,
# VOP2 op[30:25] | vdst | vsrc1[16:9] | src0, VOPC 0x7C000000 | op[24:17] | vsrc1 | src0; then the
# SDWA dword (src0 v2, DWORD selectors, UNUSED_PRESERVE; VOP1 without src1_sel, VOPC without the
# dst fields) or the DPP dword (src0 v2, row_shl:1, row_mask and bank_mask 0xf).
awk 'function le(w,   s, i) { s = ""; for (i = 0; i < 4; i++) { s = s sprintf(" 0x%02x", w % 256); w = int(w / 256) } return s }
     BEGIN {
       for (op = 0; op < 256; op++) {
         w = 2113929216 + 1 * 131072 + op * 512
         print le(w + 249) le(398850); print le(w + 250) le(4278255874)
         w = 2080374784 + op * 131072 + 3 * 512
         print le(w + 249) le(101056514); print le(w + 250) le(4278255874)
       }
       for (op = 0; op < 64; op++) {
         w = op * 33554432 + 1 * 131072 + 3 * 512
         print le(w + 249) le(101062146); print le(w + 250) le(4278255874)
       }
     }' > "$tmp/bytes"
llvm-mc -arch=amdgcn -mcpu=gfx803 --disassemble "$tmp/bytes" 2>/dev/null |
  sed 's/^[[:space:]]*//' | grep -E '_sdwa |_dpp |src0_sel:|row_mask:' > "$tmp/llvm"
"$bin" check "$tmp/llvm" > "$tmp/ours"
"$bin" forms | sort -u > "$tmp/ourforms"
awk -v table="$tmp/table" -v ours="$tmp/ours" -v forms="$tmp/ourforms" '
  BEGIN {
    while ((getline l < table) > 0) known[l] = 1
    while ((getline l < forms) > 0) have[l] = 1
  }
  {
    name = $1; form = ($0 ~ /row_mask:/) ? "dpp" : "sdwa"
    sub(/_sdwa$|_dpp$/, "", name)
    getline res < ours
    seen[name " " form] = 1; n++
    if (!(name in known)) { other++; next }
    if (!((name " " form) in have)) { printf "sdwa-dpp-coverage: FAIL %s: LLVM decodes it, gcnsim has no %s form\n", $0, form; fail++; next }
    line = $0; gsub(/[ \t]+/, " ", line)
    if (res != "OK\t" line) { printf "sdwa-dpp-coverage: FAIL %s: gcnsim gives \"%s\"\n", line, res; fail++; next }
    ok++
  }
  END {
    for (f in have) if (!(f in seen)) { printf "sdwa-dpp-coverage: FAIL %s: gcnsim has the form, LLVM decodes none\n", f; fail++ }
    printf "sdwa-dpp-coverage: %d SDWA/DPP forms decoded by LLVM for gfx803: %d in gcnsim, %d of instructions not in the table, %d failed\n",
           n, ok, other, fail
    exit fail ? 1 : 0
  }' "$tmp/llvm"
