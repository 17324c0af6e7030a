#!/bin/sh
# The hazard checker's MAI rows against LLVM's own hazard recognizer (docs/architecture.md, data
# hazards). Each case is two or three machine instructions written as MIR; llc pads them with the
# s_nops its GCNHazardRecognizer wants (llc -start-before=post-RA-hazard-rec). Then `gcnsim check`
# must find nothing in llc's padded code, and in the same code without the s_nops it must ask for
# exactly the wait states llc inserted (the largest need - have among its findings; none when llc
# inserted none). gfx908 and gfx90a with llc-15, gfx942 with llc-19, and gfx90a with llc-19 for the
# row LLVM 16 added (valu_dgemm_mem, which llc-15 does not pad). The cases hold no s_nop of their own
# (every s_nop in llc's output is counted as its).
# Usage: sh tests/e2e/hazard_llc.sh GCNSIM
set -u
gcnsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# $vgprA_vgprA+1_... (N registers; agpr with R=agpr)
vt() { awk -v a="$1" -v n="$2" -v r="${3:-vgpr}" 'BEGIN { s = "$" r a; for (i = 1; i < n; i++) s = s "_" r (a + i); print s }'; }
# an MFMA with D and srcC in VGPRs (gfx90a, gfx942): OP A B D C
mfma() { echo "$4 = $1_vgprcd_e64 $2, $3, $5, 0, 0, 0, implicit \$mode, implicit \$exec"; }
# gfx908: D and srcC in AGPRs
mfma908() { echo "$4 = $1_e64 $2, $3, $5, 0, 0, 0, implicit \$mode, implicit \$exec"; }

# One case: LLC CPU NAME MIR-LINE...
case_() {
  llc=$1 cpu=$2 name=$3
  shift 3
  { printf -- '---\nname: k\ntracksRegLiveness: false\nmachineFunctionInfo:\n  isEntryFunction: true\nbody: |\n  bb.0:\n'
    for l in "$@"; do printf '    %s\n' "$l"; done
    printf '    S_ENDPGM 0\n...\n'; } > "$tmp/c.mir"
  if ! "$llc" -march=amdgcn -mcpu="$cpu" -start-before=post-RA-hazard-rec "$tmp/c.mir" -o "$tmp/c.s" 2> "$tmp/llc.err"; then
    fail=$((fail + 1))
    echo "hazard-llc: FAIL $cpu $name: $llc refused the case: $(head -1 "$tmp/llc.err")"
    return
  fi
  # the instructions llc printed, and the wait states of its s_nops
  sed -n '/^; %bb.0:/,/s_endpgm/p' "$tmp/c.s" | sed '1d;$d;s/^[[:space:]]*//;s/[[:space:]]*;.*//' > "$tmp/body"
  want=$(awk '$1 == "s_nop" { n += $2 + 1 } END { print n + 0 }' "$tmp/body")
  for v in padded bare; do
    { printf '.amdgcn_target "amdgcn-amd-amdhsa--%s"\nk:\n' "$cpu"
      # out's address in s[4:5] and v50 = 0 for the stores, far enough back for every row
      printf '  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  v_mov_b32 v50, 0\n  s_nop 7\n'
      if [ $v = padded ]; then sed 's/^/  /' "$tmp/body"; else grep -v '^s_nop' "$tmp/body" | sed 's/^/  /'; fi
      printf '  s_endpgm\n'; } > "$tmp/$v.s"
    printf '[kernel]\nsource = %s.s\ngrid = 64\nworkgroup = 64\nlds = 256\n[buffer out]\ntype = u32\ncount = 64\n[args]\nout = @out\n' \
      $v > "$tmp/$v.ini"
    "$gcnsim" check "$tmp/$v.ini" --set "gpu.target=$cpu" > "$tmp/$v.out" 2>&1
    echo $? > "$tmp/$v.rc"
  done
  got=$(sed -n 's/.* \([0-9]*\) wait states\{0,1\} of the \([0-9]*\) [a-z0-9]* needs.*/\1 \2/p' "$tmp/bare.out" |
        awk '{ if ($2 - $1 > m) m = $2 - $1 } END { print m + 0 }')
  bare_rc=$(cat "$tmp/bare.rc")
  if [ "$(cat "$tmp/padded.rc")" -ne 0 ]; then
    fail=$((fail + 1))
    echo "hazard-llc: FAIL $cpu $name: a finding in llc's padded code"
    sed 's/^/    /' "$tmp/padded.out" | head -4
  elif [ "$got" -ne "$want" ] || { [ "$want" -eq 0 ] && [ "$bare_rc" -ne 0 ]; } || { [ "$want" -gt 0 ] && [ "$bare_rc" -ne 2 ]; }; then
    fail=$((fail + 1))
    echo "hazard-llc: FAIL $cpu $name: $llc inserts $want wait states, gcnsim check asks for $got"
    sed 's/^/    /' "$tmp/bare.out" | head -4
  else
    pass=$((pass + 1))
  fi
}

ADD='$vgpr30 = V_ADD_U32_e32 $vgpr1, $vgpr31, implicit $exec'
MOV='$vgpr1 = V_MOV_B32_e32 0, implicit $exec'
STORE='GLOBAL_STORE_DWORD_SADDR $vgpr50, $vgpr1, $sgpr4_sgpr5, 0, 0, implicit $exec'
FMA64='$vgpr30_vgpr31 = V_FMA_F64_e64 0, $vgpr32_vgpr33, 0, $vgpr32_vgpr33, 0, $vgpr32_vgpr33, 0, 0, implicit $mode, implicit $exec'
DOT1='$vgpr1 = V_DOT4_I32_I8 0, $vgpr8, 0, $vgpr9, 0, $vgpr10, 0, 0, 0, 0, 0, implicit $exec'

# gfx90a and gfx942: each producer MFMA (name, opcode, srcA/srcB registers, D registers) before its
# readers and writers
mfma_cases() {
  llc=$1 cpu=$2
  while read -r name op na nd; do
    [ -n "$name" ] || continue
    P=$(mfma "$op" "$(vt 40 "$na")" "$(vt 44 "$na")" "$(vt 0 "$nd")" "$(vt 0 "$nd")")
    case_ "$llc" "$cpu" "$name, MFMA srcA" "$P" "$(mfma V_MFMA_F32_4X4X4F16 "$(vt 0 2)" "$(vt 46 2)" "$(vt 20 4)" "$(vt 20 4)")"
    case_ "$llc" "$cpu" "$name, f64 MFMA srcA" "$P" "$(mfma V_MFMA_F64_4X4X4F64 "$(vt 0 2)" "$(vt 46 2)" "$(vt 20 2)" "$(vt 20 2)")"
    case_ "$llc" "$cpu" "$name, itself (srcC the same)" "$P" "$P"
    if [ "$nd" -gt 4 ]; then c=$(vt 0 4); else c=$(vt 2 4); fi
    case_ "$llc" "$cpu" "$name, 4x4 srcC overlapping" "$P" "$(mfma V_MFMA_F32_4X4X4F16 "$(vt 46 2)" "$(vt 46 2)" "$(vt 20 4)" "$c")"
    [ "$nd" -gt 2 ] && case_ "$llc" "$cpu" "$name, f64 4x4 srcC overlapping" "$P" \
      "$(mfma V_MFMA_F64_4X4X4F64 "$(vt 46 2)" "$(vt 46 2)" "$(vt 20 2)" "$(vt 0 2)")"
    [ "$nd" -ne 8 ] && case_ "$llc" "$cpu" "$name, f64 16x16 srcC overlapping" "$P" \
      "$(mfma V_MFMA_F64_16X16X4F64 "$(vt 46 2)" "$(vt 46 2)" "$(vt 100 8)" "$(vt 0 8)")"
    case_ "$llc" "$cpu" "$name, VALU read" "$P" "$ADD"
    case_ "$llc" "$cpu" "$name, VALU write" "$P" "$MOV"
    case_ "$llc" "$cpu" "$name, store" "$P" "$STORE"
    case_ "$llc" "$cpu" "$name, VALU write of srcC" "$(mfma "$op" "$(vt 40 "$na")" "$(vt 44 "$na")" "$(vt 0 "$nd")" "$(vt 60 "$nd")")" \
      '$vgpr61 = V_MOV_B32_e32 0, implicit $exec'
    case_ "$llc" "$cpu" "$name, v_fma_f64" "$P" "$FMA64"
  done
}
# the rows that start at a VALU write (DOT, VALU/DGEMM/memory, v_smfmac's accumulator)
valu_cases() {
  llc=$1 cpu=$2
  DG=$(mfma V_MFMA_F64_4X4X4F64 "$(vt 40 2)" "$(vt 44 2)" "$(vt 10 2)" "$(vt 10 2)")
  M4=$(mfma V_MFMA_F32_4X4X1F32 '$vgpr1' '$vgpr41' "$(vt 20 4)" "$(vt 20 4)")
  case_ "$llc" "$cpu" "VALU write, f64 MFMA, store" "$MOV" "$DG" "$STORE"
  case_ "$llc" "$cpu" "VALU write, f64 MFMA, ds_read" "$MOV" "$DG" '$vgpr5 = DS_READ_B32 $vgpr1, 0, 0, implicit $m0, implicit $exec'
  case_ "$llc" "$cpu" "VALU write, f64 MFMA, another, store" "$MOV" "$DG" '$vgpr60 = V_MOV_B32_e32 0, implicit $exec' "$STORE"
  case_ "$llc" "$cpu" "f64 MFMA, VALU write, store" "$DG" "$MOV" "$STORE"
  case_ "$llc" "$cpu" "v_dot4, VALU read" "$DOT1" "$ADD"
  case_ "$llc" "$cpu" "v_dot4, VALU write" "$DOT1" "$MOV"
  case_ "$llc" "$cpu" "v_dot4, store" "$DOT1" "$STORE"
  case_ "$llc" "$cpu" "v_dot4, v_dot4 srcA" "$DOT1" '$vgpr3 = V_DOT4_I32_I8 0, $vgpr1, 0, $vgpr9, 0, $vgpr10, 0, 0, 0, 0, 0, implicit $exec'
  case_ "$llc" "$cpu" "v_dot4, v_dot4 srcC" "$DOT1" '$vgpr3 = V_DOT4_I32_I8 0, $vgpr8, 0, $vgpr9, 0, $vgpr1, 0, 0, 0, 0, 0, implicit $exec'
  case_ "$llc" "$cpu" "v_dot4, v_dot4_u32 srcC" "$DOT1" '$vgpr3 = V_DOT4_U32_U8 0, $vgpr8, 0, $vgpr9, 0, $vgpr1, 0, 0, 0, 0, 0, implicit $exec'
  case_ "$llc" "$cpu" "v_dot4, v_dot4 again" "$DOT1" "$DOT1"
  case_ "$llc" "$cpu" "v_dot2c, v_dot2c" '$vgpr1 = V_DOT2C_F32_F16_e32 $vgpr8, $vgpr9, $vgpr1, implicit $mode, implicit $exec' \
    '$vgpr1 = V_DOT2C_F32_F16_e32 $vgpr8, $vgpr10, $vgpr1, implicit $mode, implicit $exec'
  case_ "$llc" "$cpu" "v_dot2c, v_dot4c" '$vgpr1 = V_DOT2C_F32_F16_e32 $vgpr8, $vgpr9, $vgpr1, implicit $mode, implicit $exec' \
    '$vgpr1 = V_DOT4C_I32_I8_e32 $vgpr8, $vgpr10, $vgpr1, implicit $exec'
  case_ "$llc" "$cpu" "v_dot4, v_accvgpr_write" "$DOT1" '$agpr0 = V_ACCVGPR_WRITE_B32_e64 $vgpr1, implicit $exec'
  case_ "$llc" "$cpu" "v_dot4, MFMA srcA" "$DOT1" "$M4"
  case_ "$llc" "$cpu" "VALU write, v_dot4, MFMA srcA" "$MOV" \
    '$vgpr1 = V_DOT4_I32_I8 0, $vgpr8, 0, $vgpr9, 0, $vgpr1, 0, 0, 0, 0, 0, implicit $exec' "$M4"
  case_ "$llc" "$cpu" "VALU write, MFMA srcA" "$MOV" "$M4"
  case_ "$llc" "$cpu" "v_dot4, f64 MFMA, store" "$DOT1" "$DG" "$STORE"
}

mfma_cases llc-15 gfx90a <<'EOF'
4x4x4f16 V_MFMA_F32_4X4X4F16 2 4
16x16x16f16 V_MFMA_F32_16X16X16F16 2 4
32x32x8f16 V_MFMA_F32_32X32X8F16 2 16
16x16x1f32 V_MFMA_F32_16X16X1F32 1 16
f64_4x4x4 V_MFMA_F64_4X4X4F64 2 2
f64_16x16x4 V_MFMA_F64_16X16X4F64 2 8
EOF
mfma_cases llc-19 gfx942 <<'EOF'
4x4x4f16 V_MFMA_F32_4X4X4F16 2 4
16x16x16f16 V_MFMA_F32_16X16X16F16 2 4
32x32x8f16 V_MFMA_F32_32X32X8F16 2 16
4x4x1f32 V_MFMA_F32_4X4X1F32 1 4
16x16x1f32 V_MFMA_F32_16X16X1F32 1 16
16x16x8xf32 V_MFMA_F32_16X16X8XF32 2 4
32x32x16fp8 V_MFMA_F32_32X32X16_FP8_FP8 2 16
f64_4x4x4 V_MFMA_F64_4X4X4F64 2 2
f64_16x16x4 V_MFMA_F64_16X16X4F64 2 8
EOF
valu_cases llc-19 gfx90a
valu_cases llc-19 gfx942
# llc-15's gfx90a rows but the VALU/DGEMM/memory one
DG=$(mfma V_MFMA_F64_4X4X4F64 "$(vt 40 2)" "$(vt 44 2)" "$(vt 10 2)" "$(vt 10 2)")
case_ llc-15 gfx90a "v_dot4, VALU read" "$DOT1" "$ADD"
case_ llc-15 gfx90a "v_dot4, MFMA srcA" "$DOT1" "$(mfma V_MFMA_F32_4X4X1F32 '$vgpr1' '$vgpr41' "$(vt 20 4)" "$(vt 20 4)")"

# v_smfmac (gfx942): its accumulator is its D; src2 its index
SM='$vgpr0_vgpr1_vgpr2_vgpr3 = V_SMFMAC_F32_16X16X32_F16_e64 $vgpr8_vgpr9, $vgpr20_vgpr21_vgpr22_vgpr23, $vgpr10, 0, 0, $vgpr0_vgpr1_vgpr2_vgpr3, implicit $mode, implicit $exec'
case_ llc-19 gfx942 "MFMA, v_smfmac accumulator" "$(mfma V_MFMA_F32_16X16X16F16 "$(vt 40 2)" "$(vt 44 2)" "$(vt 0 4)" "$(vt 0 4)")" "$SM"
case_ llc-19 gfx942 "4x4 MFMA, v_smfmac accumulator" "$(mfma V_MFMA_F32_4X4X4F16 "$(vt 40 2)" "$(vt 44 2)" "$(vt 0 4)" "$(vt 0 4)")" "$SM"
case_ llc-19 gfx942 "MFMA, v_smfmac index" "$(mfma V_MFMA_F32_16X16X16F16 "$(vt 40 2)" "$(vt 44 2)" "$(vt 10 4)" "$(vt 10 4)")" "$SM"
case_ llc-19 gfx942 "VALU write, v_smfmac accumulator" "$MOV" "$SM"
case_ llc-19 gfx942 "VALU write, v_smfmac index" '$vgpr10 = V_MOV_B32_e32 0, implicit $exec' "$SM"
case_ llc-19 gfx942 "v_smfmac, VALU read" "$SM" "$ADD"
case_ llc-19 gfx942 "v_smfmac, itself" "$SM" "$SM"
case_ llc-19 gfx942 "v_smfmac, MFMA srcC overlapping" "$SM" "$(mfma V_MFMA_F32_16X16X16F16 "$(vt 40 2)" "$(vt 44 2)" "$(vt 2 4)" "$(vt 2 4)")"

# gfx908: D and srcC in AGPRs, v_accvgpr_read/write
AW='$agpr1 = V_ACCVGPR_WRITE_B32_e64 $vgpr3, implicit $exec'
AR='$vgpr5 = V_ACCVGPR_READ_B32_e64 $agpr1, implicit $exec'
while read -r name op na nd; do
  P=$(mfma908 "$op" "$(vt 40 "$na")" "$(vt 44 "$na")" "$(vt 0 "$nd" agpr)" "$(vt 0 "$nd" agpr)")
  case_ llc-15 gfx908 "$name, v_accvgpr_read" "$P" "$AR"
  case_ llc-15 gfx908 "$name, v_accvgpr_write" "$P" "$AW"
  case_ llc-15 gfx908 "$name, itself" "$P" "$P"
  case_ llc-15 gfx908 "$name, 4x4 srcC overlapping" "$P" "$(mfma908 V_MFMA_F32_4X4X4F16 "$(vt 46 2)" "$(vt 46 2)" "$(vt 20 4 agpr)" "$(vt 1 4 agpr)")"
  case_ llc-15 gfx908 "$name, v_accvgpr_write of srcC" \
    "$(mfma908 "$op" "$(vt 40 "$na")" "$(vt 44 "$na")" "$(vt 32 "$nd" agpr)" "$(vt 0 "$nd" agpr)")" "$AW"
done <<'EOF'
4x4x4f16 V_MFMA_F32_4X4X4F16 2 4
16x16x16f16 V_MFMA_F32_16X16X16F16 2 4
32x32x8f16 V_MFMA_F32_32X32X8F16 2 16
EOF
M908=$(mfma908 V_MFMA_F32_4X4X4F16 "$(vt 40 2)" "$(vt 44 2)" "$(vt 0 4 agpr)" "$(vt 0 4 agpr)")
case_ llc-15 gfx908 "v_accvgpr_write, MFMA srcC" "$AW" "$M908"
case_ llc-15 gfx908 "v_accvgpr_write, v_accvgpr_read" "$AW" "$AR"
case_ llc-15 gfx908 "v_accvgpr_write twice" "$AW" '$agpr1 = V_ACCVGPR_WRITE_B32_e64 $vgpr4, implicit $exec'
case_ llc-15 gfx908 "v_accvgpr_read, store" '$vgpr1 = V_ACCVGPR_READ_B32_e64 $agpr1, implicit $exec' "$STORE"
case_ llc-15 gfx908 "VALU write, v_accvgpr_write, store" "$MOV" "$AW" "$STORE"
case_ llc-15 gfx908 "VALU write, v_accvgpr_read, ds_read" "$MOV" "$AR" '$vgpr6 = DS_READ_B32 $vgpr1, 0, 0, implicit $m0, implicit $exec'
case_ llc-15 gfx908 "v_dot4, v_accvgpr_write, store" "$DOT1" "$AW" "$STORE"
case_ llc-15 gfx908 "VALU write, another, v_accvgpr_write, store" "$MOV" '$vgpr60 = V_MOV_B32_e32 0, implicit $exec' "$AW" "$STORE"
case_ llc-15 gfx908 "v_dot4, MFMA srcA" '$vgpr40 = V_DOT4_I32_I8 0, $vgpr8, 0, $vgpr9, 0, $vgpr10, 0, 0, 0, 0, 0, implicit $exec' "$M908"
case_ llc-15 gfx908 "VALU write, v_accvgpr_write (its source)" '$vgpr3 = V_MOV_B32_e32 0, implicit $exec' "$AW"

echo "hazard-llc: $pass cases as llc pads them, $fail not"
[ "$fail" -eq 0 ]
