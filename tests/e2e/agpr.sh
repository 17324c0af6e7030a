#!/bin/sh
# CDNA's AGPRs end to end (docs/asm.md, "AGPRs"): tests/e2e/agpr/roundtrip.s moves every work-item's
# value through AGPRs on a gfx90a machine (global and LDS loads into AGPRs, stores from them, the
# v_accvgpr_* moves) and must give out[i] = in[i] + 8, timed and --functional; a run with the
# kernel's accum_offset below its VGPRs is refused by the assembler.
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
echo "agpr: $pass passed, $fail failed"
[ "$fail" = 0 ]
