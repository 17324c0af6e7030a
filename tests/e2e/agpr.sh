#!/bin/sh
# CDNA's AGPRs end to end (docs/asm.md, "AGPRs"): tests/e2e/agpr/roundtrip.s moves every work-item's
# value through AGPRs on a gfx90a machine (global and LDS loads into AGPRs, stores from them, the
# v_accvgpr_* moves) and must give out[i] = in[i] + 8, timed and --functional; a run with the
# kernel's accum_offset below its VGPRs is refused by the assembler; without its s_waitcnt the
# hazard checker finds the early read of the loaded AGPR; clang's code objects with AGPRs are read
# with LLVM's counts.
# Usage: sh tests/e2e/agpr.sh GCNSIM   (prints "agpr: N passed, N failed")
set -u
if [ $# -ne 1 ]; then echo "usage: agpr.sh GCNSIM" >&2; exit 1; fi
gcnsim=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass+1)); echo "agpr: PASS $1"; }
ko() { fail=$((fail+1)); echo "agpr: FAIL $1: $2"; [ -s "$tmp/log" ] && head -6 "$tmp/log" | sed 's/^/    /'; }
ini=$root/tests/e2e/agpr/roundtrip.ini
for mode in timed functional; do
  set -- --set gpu.target=gfx90a --dump-init "in=$tmp/in.bin" --dump "out=$tmp/out.bin"
  [ "$mode" = functional ] && set -- "$@" --functional
  if ! "$gcnsim" run "$ini" "$@" > "$tmp/log" 2>&1; then ko "roundtrip $mode" "gcnsim failed"; continue; fi
  # out[i] = in[i] + 8 for every one of the 64 work-items
  bad=$(od -An -v -tu4 "$tmp/in.bin" | tr -s ' ' '\n' | sed '/^$/d' > "$tmp/in.txt";
        od -An -v -tu4 "$tmp/out.bin" | tr -s ' ' '\n' | sed '/^$/d' > "$tmp/out.txt";
        paste "$tmp/in.txt" "$tmp/out.txt" | awk '$2 != $1 + 8 { n++ } END { print NR == 64 ? n + 0 : "count " NR }')
  if [ "$bad" = 0 ]; then ok "roundtrip $mode"; else : > "$tmp/log"; ko "roundtrip $mode" "out[i] != in[i] + 8 ($bad)"; fi
done
# accum_offset 4 with v5 in use: the VGPRs would overlap the AGPRs
sed 's/\.amdhsa_accum_offset 4/.amdhsa_accum_offset 4\n/; s/v_lshlrev_b32 v1, 2, v0/v_lshlrev_b32 v5, 2, v0/' \
  "$root/tests/e2e/agpr/roundtrip.s" > "$tmp/low.s"
if "$gcnsim" asm "$tmp/low.s" > "$tmp/log" 2>&1; then ko "accum_offset below the VGPRs" "assembled";
elif grep -q "v5 is at or beyond .amdhsa_accum_offset 4 of kernel 'roundtrip'" "$tmp/log"; then ok "accum_offset below the VGPRs";
else ko "accum_offset below the VGPRs" "another message"; fi
# Without its s_waitcnt vmcnt(0) the kernel reads a3 before the load into it completes: the load
# writes its AGPR at completion (the write-back) and the hazard checker names the AGPR.
mkdir -p "$tmp/hz"
sed '/s_waitcnt vmcnt(0)/d' "$root/tests/e2e/agpr/roundtrip.s" > "$tmp/hz/roundtrip.s"
cp "$ini" "$tmp/hz/roundtrip.ini"
"$gcnsim" check "$tmp/hz/roundtrip.ini" --set gpu.target=gfx90a > "$tmp/log" 2>&1
if grep -q "roundtrip.s:15:3: error: reads a3 before the global_load_dword at line 14 has written it" "$tmp/log"; then
  ok "load into an AGPR read too early"; else ko "load into an AGPR read too early" "no hazard on a3"; fi
# A code object from clang-15 with AGPRs: the counts gcnsim reads (descriptor, metadata) are LLVM's
# own (its assembly comments: NumAgprs, TotalNumVgprs; .amdhsa_accum_offset on gfx90a).
cc=$(command -v clang-15 || command -v clang)
for t in gfx908 gfx90a; do
  name="code object $t"
  if ! "$cc" -target amdgcn-amd-amdhsa -mcpu=$t -nogpulib -O2 -S "$root/tests/e2e/agpr/inline.cl" -o "$tmp/$t.s" > "$tmp/log" 2>&1 ||
     ! "$cc" -target amdgcn-amd-amdhsa -mcpu=$t -nogpulib -O2 "$root/tests/e2e/agpr/inline.cl" -o "$tmp/$t.co" > "$tmp/log" 2>&1; then
    ko "$name" "clang failed"; continue
  fi
  agprs=$(sed -n 's/^; NumAgprs: //p' "$tmp/$t.s"); total=$(sed -n 's/^; TotalNumVgprs: //p' "$tmp/$t.s")
  accum=$(sed -n 's/^[[:space:]]*\.amdhsa_accum_offset //p' "$tmp/$t.s")
  if [ $t = gfx90a ]; then want="AGPRs $agprs (accum_offset $accum; $total registers in all)"; else want="AGPRs $agprs,"; fi
  if ! "$gcnsim" asm "$tmp/$t.co" > "$tmp/log" 2>&1; then ko "$name" "gcnsim asm failed";
  elif grep -qF "$want" "$tmp/log"; then ok "$name ($want)"; else ko "$name" "no '$want' in the listing"; fi
done
echo "agpr: $pass passed, $fail failed"
[ "$fail" = 0 ]
