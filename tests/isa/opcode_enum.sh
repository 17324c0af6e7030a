#!/bin/sh
# Every opcode LLVM knows for a target (gfx803 unless --mcpu=gfx900 / --mcpu=gfx906), by encoding
# family, from llvm-mc itself (the oracle; llvm-mc for gfx803 as the table was first made with,
# llvm-mc-15 for the gfx9 targets, which the issue names as their oracle): each
# opcode value of each non-graphics family is encoded in a few operand-field variants (LLVM
# rejects a word whose unused operand fields are not zero, and which fields are unused depends on
# the instruction) and disassembled; every word that decodes gives one line "FAMILY 0xOP mnemonic"
# (the mnemonic without _e32/_e64), sorted and unique on stdout.
# Used by tests/isa/vector_coverage.sh (the mnemonics), tests/isa/encoding_check.sh (isa/isa_opcodes.def
# must equal this list exactly, so the opcode table cannot drift from LLVM) and to write the
# first version of isa/isa_opcodes.def (tests/isa/opcode_enum.sh --def), and the gfx9 tables
# isa/isa_opcodes_gfx900.def and isa/isa_opcodes_gfx906.def (--def --mcpu=gfx900 ...).
# On gfx9 two more families are sampled and named: VOP3P (0xD3800000 | op[22:16], a part of the
# VOP3 opcode space on gfx8) and FLAT's segments GLOBAL and SCRATCH (seg[15:14] = 2 and 1, saddr
# off); their OP field is FLAT's.
# Field layouts: GCN3 ISA manual, chapter 12 ("Microcode Formats"), Vega ISA manual, chapter 12;
# docs/development.md.
# CDNA (gfx908, gfx90a with llvm-mc-15; gfx942 with llvm-mc-19, the first LLVM that knows it):
# gfx90a and later decode no odd-aligned VGPR tuple, so every family is also sampled with even
# registers, and the matrix instructions (VOP3P opcodes 0x40 and up) with all-v0 sources and the
# accumulator bits (acc_cd [15], acc [60:59]) clear or set.
# Usage: sh tests/isa/opcode_enum.sh [--def] [--mcpu=gfx803|gfx900|gfx906|gfx908|gfx90a|gfx942]
set -u
def=0; mcpu=gfx803
usage="usage: sh tests/isa/opcode_enum.sh [--def] [--mcpu=gfx803|gfx900|gfx906|gfx908|gfx90a|gfx942]"
for a in "$@"; do
  case $a in
    --def) def=1 ;;
    --mcpu=gfx803|--mcpu=gfx900|--mcpu=gfx906|--mcpu=gfx908|--mcpu=gfx90a|--mcpu=gfx942) mcpu=${a#--mcpu=} ;;
    *) echo "$usage" >&2; exit 1 ;;
  esac
done
gfx9=0; cdna=0; mc=llvm-mc
case $mcpu in gfx9*) gfx9=1; mc=llvm-mc-15 ;; esac
case $mcpu in gfx908|gfx90a) cdna=1 ;; gfx942) cdna=1; mc=llvm-mc-19 ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One line of bytes per sample, each followed by an s_nop word so that an instruction taking a
# literal eats the pad, not the next sample.
awk -v gfx9=$gfx9 -v cdna=$cdna 'function le(w,   s, i) { s = ""; for (i = 0; i < 4; i++) { s = s sprintf(" 0x%02x", w % 256); w = int(w / 256) } return s }
     BEGIN {
       pad = le(3212836864)                     # 0xBF800000 s_nop 0
       # Scalar families (as tests/isa/scalar_coverage.sh)
       for (op = 0; op < 256; op++) print le(3196059648 + op * 256 + 2) pad              # SOP1 0xBE800000
       for (op = 0; op < 96; op++)  print le(2147483648 + op * 8388608 + 3 * 256 + 2) pad # SOP2 0x80000000
       for (op = 0; op < 29; op++)  print le(2952790016 + op * 8388608 + 1) pad          # SOPK 0xB0000000
       for (op = 0; op < 128; op++) print le(3204448256 + op * 65536 + 3 * 256 + 2) pad  # SOPC 0xBF000000
       for (op = 0; op < 128; op++) print le(3212836864 + op * 65536) pad                # SOPP 0xBF800000
       for (op = 0; op < 256; op++) {                                                     # SMEM 0xC0000000
         print le(3221225472 + op * 262144) le(0) pad
         print le(3221225472 + op * 262144 + 131072 + 2) le(16) pad
       }
       # VOP1 0x7E000000 | vdst[24:17] | op[16:9] | src0[8:0]: v1 = v2, and all zero (v_nop)
       for (op = 0; op < 256; op++) {
         print le(2113929216 + 1 * 131072 + op * 512 + 258) pad
         print le(2113929216 + op * 512) pad
       }
       # VOP2 op[30:25] vdst[24:17] vsrc1[16:9] src0[8:0]: v1 = v2 op v3
       for (op = 0; op < 64; op++) print le(op * 33554432 + 1 * 131072 + 3 * 512 + 258) pad
       # VOPC 0x7C000000 | op[24:17] | vsrc1[16:9] | src0[8:0]: v2 cmp v3
       for (op = 0; op < 256; op++) print le(2080374784 + op * 131072 + 3 * 512 + 258) pad
       # VOP3 0xD0000000 | op[25:16] | vdst[7:0]; src0[8:0] src1[17:9] src2[26:18] (v2, v3, v4 or 0),
       # and all zero (v_nop_e64)
       for (op = 0; op < 1024; op++) {
         w0 = le(3489660928 + op * 65536 + 1)
         print w0 le(258 + 259 * 512 + 260 * 262144) pad
         print w0 le(258 + 259 * 512) pad
         print w0 le(258) pad
         print w0 le(0) pad
         print le(3489660928 + op * 65536) le(0) pad
       }
       # DS 0xD8000000 | op[24:17] | gds[16]; addr[7:0] data0[15:8] data1[23:16] vdst[31:24]:
       # every combination of the four fields zero or not
       for (op = 0; op < 256; op++)
         for (gds = 0; gds < 2; gds++)
           for (v = 0; v < 16; v++)
             print le(3623878656 + op * 131072 + gds * 65536) le((v % 2) * 1 + (int(v / 2) % 2) * 2 * 256 + (int(v / 4) % 2) * 3 * 65536 + int(v / 8) * 4 * 16777216) pad
       # FLAT 0xDC000000 | op[24:18]; addr[7:0] data[15:8] vdst[31:24]
       for (op = 0; op < 128; op++)
         for (v = 0; v < 4; v++)
           print le(3690987520 + op * 262144) le(2 + (v % 2) * 4 * 256 + int(v / 2) * 1 * 16777216) pad
       # MUBUF 0xE0000000 | op[24:18] | lds[16] | offen[12]; vaddr[7:0] vdata[15:8] srsrc[20:16] soffset[31:24]
       for (op = 0; op < 128; op++)
         for (lds = 0; lds < 2; lds++)
           for (v = 0; v < 8; v++)
             print le(3758096384 + op * 262144 + lds * 65536 + (v % 2) * 4096) le((v % 2) * 2 + (int(v / 2) % 2) * 1 * 256 + (v < 4) * (1 * 65536 + 1 * 16777216)) pad
       # MTBUF 0xE8000000 | dfmt[22:19] = 4 (32) | nfmt[25:23] = 7 (float) | op[18:15] | offen[12]
       for (op = 0; op < 16; op++)
         for (v = 0; v < 2; v++)
           print le(3892314112 + 7 * 8388608 + 4 * 524288 + op * 32768 + v * 4096) le(v * 2 + 1 * 256 + 1 * 65536 + 1 * 16777216) pad
       # gfx9: FLAT seg[15:14] = 2 (global) and 1 (scratch), saddr[22:16] = 0x7f (off)
       if (gfx9)
         for (seg = 1; seg <= 2; seg++)
           for (op = 0; op < 128; op++)
             for (v = 0; v < 4; v++)
               print le(3690987520 + op * 262144 + seg * 16384) le(2 + (v % 2) * 4 * 256 + 127 * 65536 + int(v / 2) * 1 * 16777216) pad
       # CDNA: the same families with even registers only (v2, v4, v6, v8), and the matrix ops
       if (cdna) {
         for (op = 0; op < 256; op++) print le(2113929216 + 2 * 131072 + op * 512 + 260) pad       # VOP1
         for (op = 0; op < 64; op++) print le(op * 33554432 + 2 * 131072 + 6 * 512 + 260) pad     # VOP2
         for (op = 0; op < 256; op++) print le(2080374784 + op * 131072 + 6 * 512 + 260) pad      # VOPC
         for (op = 0; op < 1024; op++) {                                                        # VOP3
           w0 = le(3489660928 + op * 65536 + 2)
           print w0 le(260 + 262 * 512 + 264 * 262144) pad
           print w0 le(260 + 262 * 512) pad
           print w0 le(260) pad
         }
         for (op = 0; op < 128; op++)                                                           # MAI
           for (acc = 0; acc < 8; acc++)
             print le(3548381184 + op * 65536 + (acc % 2) * 32768) le(256 + 256 * 512 + 256 * 262144 + int(acc / 2) * 134217728) pad
         for (op = 0; op < 256; op++)                                                           # DS
           for (gds = 0; gds < 2; gds++)
             for (v = 0; v < 16; v++)
               print le(3623878656 + op * 131072 + gds * 65536) le((v % 2) * 2 + (int(v / 2) % 2) * 4 * 256 + (int(v / 4) % 2) * 6 * 65536 + int(v / 8) * 8 * 16777216) pad
         for (seg = 0; seg <= 2; seg++)                                                         # FLAT
           for (op = 0; op < 128; op++)
             for (v = 0; v < 4; v++)
               print le(3690987520 + op * 262144 + seg * 16384) le(2 + (v % 2) * 4 * 256 + (seg ? 127 : 0) * 65536 + int(v / 2) * 6 * 16777216) pad
         for (op = 0; op < 128; op++)                                                           # MUBUF
           for (lds = 0; lds < 2; lds++)
             for (v = 0; v < 8; v++)
               print le(3758096384 + op * 262144 + lds * 65536 + (v % 2) * 4096) le((v % 2) * 2 + (int(v / 2) % 2) * 4 * 256 + (v < 4) * (1 * 65536 + 1 * 16777216)) pad
         for (op = 0; op < 16; op++)                                                            # MTBUF
           for (v = 0; v < 2; v++)
             print le(3892314112 + 7 * 8388608 + 4 * 524288 + op * 32768 + v * 4096) le(v * 2 + 4 * 256 + 1 * 65536 + 1 * 16777216) pad
       }
     }' > "$tmp/samples"

"$mc" -arch=amdgcn -mcpu="$mcpu" --disassemble -show-encoding < "$tmp/samples" 2>/dev/null | awk -v gfx9=$gfx9 '
  function hex(s,   v, i) { v = 0; s = tolower(s); sub(/^0x/, "", s)
    for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
    return v }
  /encoding:/ {
    e = $0; sub(/.*encoding: \[/, "", e); sub(/\].*/, "", e); n = split(e, b, ",")
    w = hex(b[1]) + hex(b[2]) * 256 + hex(b[3]) * 65536 + hex(b[4]) * 16777216
    t = int(w / 16777216)
    # The family from the top bits of the first word (GCN3 ISA manual, chapter 12).
    f = ""; op = -1
    if (t >= 192 && t <= 195) { f = "SMEM"; op = int(w / 262144) % 256 }
    else if (t == 191 && int(w / 65536) % 256 >= 128) { f = "SOPP"; op = int(w / 65536) % 128 }
    else if (t == 191) { f = "SOPC"; op = int(w / 65536) % 128 }
    else if (t == 190 && int(w / 65536) % 256 >= 128) { f = "SOP1"; op = int(w / 256) % 256 }
    else if (t >= 176 && t <= 191) { f = "SOPK"; op = int(w / 8388608) % 32 }
    else if (t >= 128 && t <= 191) { f = "SOP2"; op = int(w / 8388608) % 128 }
    else if (t == 126 || t == 127) { f = "VOP1"; op = int(w / 512) % 256 }
    else if (t == 124 || t == 125) { f = "VOPC"; op = int(w / 131072) % 256 }
    else if (t < 124) { f = "VOP2"; op = int(w / 33554432) % 64 }
    else if (gfx9 && t == 211 && int(w / 8388608) % 2 == 1) { f = "VOP3P"; op = int(w / 65536) % 128 }
    else if (int(t / 4) == 52) { f = "VOP3"; op = int(w / 65536) % 1024 }
    else if (int(t / 4) == 54) { f = "DS"; op = int(w / 131072) % 256 }
    else if (int(t / 4) == 55) { f = "FLAT"; op = int(w / 262144) % 128
      if (gfx9 && int(w / 16384) % 4 == 2) f = "GLOBAL"; else if (gfx9 && int(w / 16384) % 4 == 1) f = "SCRATCH" }
    else if (int(t / 4) == 56) { f = "MUBUF"; op = int(w / 262144) % 128 }
    else if (int(t / 4) == 58) { f = "MTBUF"; op = int(w / 32768) % 16 }
    if (f == "") next
    m = $1; sub(/_e(32|64)$/, "", m)
    printf "%s 0x%03x %s\n", f, op, m
  }' | sort -u > "$tmp/list"

if [ "$(wc -l < "$tmp/list")" -lt 1000 ]; then
  echo "opcode_enum: $mc disassembled only $(wc -l < "$tmp/list") opcodes; is $mc for $mcpu installed?" >&2
  exit 1
fi
if [ $def = 1 ]; then
  awk '{ printf "ISA_OPCODE(%-28s %-5s 0x%s)\n", $3 ",", $1 ",", substr($2, 3) }' "$tmp/list"
else
  cat "$tmp/list"
fi
