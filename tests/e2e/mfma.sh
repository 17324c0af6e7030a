#!/bin/sh
# CDNA's matrix instructions end to end (docs/asm.md, "Matrix instructions"): workloads/cdna/
# mfma_small.ini (gfx90a) and mfma_small_gfx908.ini (gfx908) run one v_mfma_f32_4x4x1f32, timed and
# --functional, and d must be A x B + C per block as computed here from the initial buffers, by the
# lane layout of the 4x4 shape (sixteen blocks; AMD's matrix instruction calculator, docs/mfma.md):
# d[64r + l] = a[4 * floor(l / 4) + r] * b[l] + c[64r + l] (row r, column l mod 4 of block l / 4).
# The values are small integers: exact in f32, whatever the order of the sums.
# Usage: sh tests/e2e/mfma.sh GCNSIM   (prints "mfma: N passed, N failed")
set -u
if [ $# -ne 1 ]; then echo "usage: mfma.sh GCNSIM" >&2; exit 1; fi
gcnsim=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass+1)); echo "mfma: PASS $1"; }
ko() { fail=$((fail+1)); echo "mfma: FAIL $1: $2"; [ -s "$tmp/log" ] && head -6 "$tmp/log" | sed 's/^/    /'; }
floats() { od -An -v -tf4 "$1" | tr -s ' ' '\n' | sed '/^$/d'; }
for w in mfma_small:gfx90a mfma_small_gfx908:gfx908; do
  name=${w%%:*}; target=${w#*:}
  for mode in timed functional; do
    set -- --set gpu.target="$target"
    for buf in a b c; do set -- "$@" --dump-init "$buf=$tmp/$buf.bin"; done
    set -- "$@" --dump "d=$tmp/d.bin"
    [ "$mode" = functional ] && set -- "$@" --functional
    if ! "$gcnsim" run "$root/workloads/cdna/$name.ini" "$@" > "$tmp/log" 2>&1; then ko "$name $mode" "gcnsim failed"; continue; fi
    floats "$tmp/a.bin" > "$tmp/a.txt"; floats "$tmp/b.bin" > "$tmp/b.txt"
    floats "$tmp/c.bin" > "$tmp/c.txt"; floats "$tmp/d.bin" > "$tmp/d.txt"
    bad=$(awk 'FILENAME == ARGV[1] { a[FNR - 1] = $1; next } FILENAME == ARGV[2] { b[FNR - 1] = $1; next }
               FILENAME == ARGV[3] { c[FNR - 1] = $1; next }
               { k = FNR - 1; r = int(k / 64); l = k % 64; want = a[4 * int(l / 4) + r] * b[l] + c[k]
                 if ($1 != want) { n++; if (n == 1) printf "d[%d] = %s, want %s; ", k, $1, want } }
               END { print FNR == 256 ? n + 0 : "count " FNR }' "$tmp/a.txt" "$tmp/b.txt" "$tmp/c.txt" "$tmp/d.txt")
    if [ "$bad" = 0 ]; then ok "$name $mode ($target)"; else : > "$tmp/log"; ko "$name $mode ($target)" "$bad"; fi
  done
done
echo "mfma: $pass passed, $fail failed"
[ "$fail" = 0 ]
