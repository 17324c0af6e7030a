#!/bin/sh
# Machine code against LLVM, the oracle (run by `make table-check`):
#  1. isa/isa_opcodes.def lists exactly the opcodes llvm-mc knows for gfx803 (tests/isa/opcode_enum.sh);
#  2. on a corpus — the table samples (tests/gen/table_sample.c), the VOP3 forms of every VOP1/VOP2/
#     VOPC instruction with modifiers, SGPR and constant sources and literals (encode_check
#     --corpus), and every shipped kernel (workloads/*.s, workloads/*/*.s, workloads/opencl/*.s) —
#     `gcnsim asm --encoding` gives the bytes of `llvm-mc -show-encoding`, instruction by
#     instruction (a branch's offset bytes, which llvm-mc leaves as fixups `A`, excepted: the
#     round trip below checks where our branches go);
#  3. decoding our bytes gives back the assembler's instructions (encode_check --roundtrip), and
#     decoding llvm-mc's bytes gives our listing of the file (branch targets aside).
# Usage: sh tests/isa/encoding_check.sh GCNSIM ENCODE_CHECK TABLE_SAMPLE.s
#        (prints "encoding-check: N passed, N failed")
set -u
[ $# -eq 3 ] || { echo "usage: sh tests/isa/encoding_check.sh GCNSIM ENCODE_CHECK TABLE_SAMPLE.s" >&2; exit 1; }
gcnsim=$1; tool=$2; samples=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0

# 1. The opcode table is LLVM's, line for line.
sed -n 's/^ISA_OPCODE(\([a-z0-9_]*\), *\([A-Z0-9]*\), *0x\([0-9a-f]*\)).*/\2 0x\3 \1/p' isa/isa_opcodes.def | sort -u > "$tmp/def"
if ! sh tests/isa/opcode_enum.sh > "$tmp/enum"; then
  exit 1
fi
if cmp -s "$tmp/def" "$tmp/enum"; then
  pass=$((pass + 1))
else
  echo "encoding-check: isa/isa_opcodes.def differs from what llvm-mc knows for gfx803 (< table, > llvm-mc):" >&2
  diff "$tmp/def" "$tmp/enum" | grep '^[<>]' | head -20 >&2
  fail=$((fail + 1))
fi

# 2. The corpus. The generated VOP3 corpus keeps only the lines llvm-mc accepts; the ones it refuses
# are listed (gcnsim accepting them is a laxness of our assembler to fix, not an encoding matter).
"$tool" --corpus > "$tmp/corpus.s"
llvm-mc -arch=amdgcn -mcpu=gfx803 "$tmp/corpus.s" -o /dev/null 2> "$tmp/corpus.err"
sed -n 's/^[^:]*corpus\.s:\([0-9]*\):[0-9]*: error.*/\1/p' "$tmp/corpus.err" | sort -un > "$tmp/refused"
if [ -s "$tmp/refused" ]; then
  echo "encoding-check: note: llvm-mc refuses $(wc -l < "$tmp/refused") corpus lines that are left out:"
  awk 'NR == FNR { bad[$1] = 1; next } bad[FNR] { print "  " $0 }' "$tmp/refused" "$tmp/corpus.s"
  awk 'NR == FNR { bad[$1] = 1; next } !bad[FNR]' "$tmp/refused" "$tmp/corpus.s" > "$tmp/corpus2.s"
  mv "$tmp/corpus2.s" "$tmp/corpus.s"
fi
# Table instructions whose encoding family is not connected to the encoder yet (a family merged
# before its fields are: MUBUF, MTBUF, ...) are left out of the samples, and named.
"$tool" --unconnected > "$tmp/unconnected"
if [ -s "$tmp/unconnected" ]; then
  echo "encoding-check: note: $(wc -l < "$tmp/unconnected") table instructions are not connected to the encoder yet" \
       "and are left out: $(tr '\n' ' ' < "$tmp/unconnected" | cut -c1-300)"
fi
awk -v list="$tmp/unconnected" 'BEGIN { while ((getline n < list) > 0) skip[n] = 1 } !(/^  / && skip[$1])' \
  "$samples" > "$tmp/table_sample.s"

# The bytes of each "; encoding: [...]" line, one instruction a line.
bytes() { sed -n 's/.*; encoding: \[\(.*\)\].*/\1/p'; }
# The listing text of gcnsim asm --encoding, with branch targets replaced (llvm-mc's are
# unresolved) and aliases under the name their opcode decodes to.
branches='s/^\(s_branch\|s_cbranch_[a-z0-9_]*\) .*/\1 TARGET/'
sed -n 's/^ISA_OPCODE\(_ALIAS\)*(\([a-z0-9_]*\), *\([A-Z0-9]*\), *\(0x[0-9a-f]*\)).*/\3 \4 \1 \2/p' isa/isa_opcodes.def |
  awk '$3 == "_ALIAS" { print $4, $1, $2 }' > "$tmp/aliases.raw"
sed -n 's/^ISA_OPCODE(\([a-z0-9_]*\), *\([A-Z0-9]*\), *\(0x[0-9a-f]*\)).*/\2 \3 \1/p' isa/isa_opcodes.def > "$tmp/canon"
awk 'NR == FNR { c[$1 " " $2] = $3; next } ($2 " " $3) in c { printf "s/^%s\\b/%s/\n", $1, c[$2 " " $3] }' \
  "$tmp/canon" "$tmp/aliases.raw" > "$tmp/aliases.sed"
listing() {
  sed -n 's/^\t\(.*[^ ]\) *; encoding: .*/\1/p' | sed "$branches" | sed -f "$tmp/aliases.sed"
}

for f in "$tmp/table_sample.s" "$tmp/corpus.s" workloads/*.s workloads/*/*.s; do
  [ -f "$f" ] || continue
  name=${f#"$tmp/"}
  if grep -q '^[[:space:]]*\.amdhsa_kernel' "$f"; then
    args="-triple=amdgcn-amd-amdhsa -mcpu=gfx803"
  else
    args="-arch=amdgcn -mcpu=gfx803"
  fi
  ok=1
  # Compiled kernels (clang-15, clang++-15) are checked by the LLVM that made them; the rest by llvm-mc.
  mc=llvm-mc
  case $f in workloads/opencl/*|workloads/hip/*) mc=llvm-mc-15 ;; esac
  # A kernel for another target says so (.amdgcn_target, workloads/cdna): that target's llvm-mc
  # (15; 19 for gfx942) checks it.
  t=$(sed -n 's/^[[:space:]]*\.amdgcn_target[[:space:]]*"amdgcn-amd-amdhsa--\(gfx[0-9a-f]*\).*/\1/p' "$f" | head -1)
  dtarget=gfx803
  if [ -n "$t" ] && [ "$t" != gfx803 ]; then
    args=$(echo "$args" | sed "s/gfx803/$t/"); mc=llvm-mc-15; dtarget=$t
    [ "$t" = gfx942 ] && mc=llvm-mc-19
  fi
  # shellcheck disable=SC2086
  if ! "$mc" $args -show-encoding "$f" > "$tmp/llvm.txt" 2> "$tmp/llvm.err"; then
    echo "encoding-check: $name: llvm-mc refuses it:" >&2; head -5 "$tmp/llvm.err" >&2
    fail=$((fail + 1)); continue
  fi
  if ! "$gcnsim" asm "$f" --encoding > "$tmp/ours.txt" 2> "$tmp/ours.err"; then
    echo "encoding-check: $name: gcnsim asm --encoding fails:" >&2; head -5 "$tmp/ours.err" >&2
    fail=$((fail + 1)); continue
  fi
  bytes < "$tmp/llvm.txt" > "$tmp/llvm.bytes"
  bytes < "$tmp/ours.txt" > "$tmp/ours.bytes"
  grep 'encoding:' "$tmp/ours.txt" > "$tmp/ours.lines"
  grep 'encoding:' "$tmp/llvm.txt" > "$tmp/llvm.lines"
  if [ "$(wc -l < "$tmp/llvm.bytes")" -ne "$(wc -l < "$tmp/ours.bytes")" ]; then
    echo "encoding-check: $name: llvm-mc encodes $(wc -l < "$tmp/llvm.bytes") instructions, gcnsim $(wc -l < "$tmp/ours.bytes")" >&2
    ok=0
  else
    # Byte for byte; an `A` (a fixup byte of llvm-mc) matches anything.
    paste -d'|' "$tmp/llvm.bytes" "$tmp/ours.bytes" | awk -F'|' '
      { n = split($1, a, ","); m = split($2, b, ","); same = n == m
        for (i = 1; same && i <= n; i++) if (a[i] != "A" && a[i] != b[i]) same = 0
        if (!same) print NR }' > "$tmp/diff"
    if [ -s "$tmp/diff" ]; then
      ok=0
      for n in $(head -10 "$tmp/diff"); do
        echo "encoding-check: $name: instruction $n differs:" >&2
        echo "  llvm-mc: $(sed -n "${n}p" "$tmp/llvm.lines" | sed 's/^[[:space:]]*//')" >&2
        echo "  gcnsim:  $(sed -n "${n}p" "$tmp/ours.lines" | sed 's/^[[:space:]]*//')" >&2
      done
      [ "$(wc -l < "$tmp/diff")" -gt 10 ] && echo "  ... $(($(wc -l < "$tmp/diff") - 10)) more" >&2
    fi
  fi
  # 3. Decoding: ours back to the same instructions; llvm-mc's to the same listing.
  if ! "$tool" --roundtrip "$f" > "$tmp/rt.out" 2>&1; then
    echo "encoding-check: $name: the decode round trip fails:" >&2; grep -v ' passed, ' "$tmp/rt.out" | head -10 >&2
    ok=0
  fi
  # A literal llvm-mc leaves as a fixup (`A` bytes: a relocation such as sym@rel32@lo) decodes as 0
  # from its bytes, where ours holds the linked value: those instructions are compared by bytes only.
  awk '{ if (index($0, "A")) print NR }' "$tmp/llvm.bytes" > "$tmp/fixups"
  "$tool" --decode --target "$dtarget" < "$tmp/llvm.txt" | sed "$branches" |
    awk -v list="$tmp/fixups" 'BEGIN { while ((getline n < list) > 0) fx[n] = 1 } { print (NR in fx) ? "FIXUP" : $0 }' \
    > "$tmp/dec.list"
  listing < "$tmp/ours.txt" |
    awk -v list="$tmp/fixups" 'BEGIN { while ((getline n < list) > 0) fx[n] = 1 } { print (NR in fx) ? "FIXUP" : $0 }' \
    > "$tmp/ours.list"
  if ! cmp -s "$tmp/dec.list" "$tmp/ours.list"; then
    echo "encoding-check: $name: llvm-mc's bytes decode to a different listing (< decoded, > assembled):" >&2
    diff "$tmp/dec.list" "$tmp/ours.list" | grep '^[<>]' | head -10 >&2
    ok=0
  fi
  if [ $ok -eq 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "encoding-check: $pass passed, $fail failed"
[ $fail -eq 0 ]
