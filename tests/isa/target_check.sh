#!/bin/sh
# One gfx9 target's machine code against LLVM, the oracle (run by `make table-check` for gfx900,
# gfx906, gfx908, gfx90a and gfx942; gfx803 has tests/isa/encoding_check.sh and the coverage scripts).
# The oracle is LLVM 15 (llvm-mc-15, llvm-objdump-15), and LLVM 19 for gfx942, which LLVM 15 lacks:
#  1. isa/isa_opcodes_TARGET.def is exactly what llvm-mc-15 -mcpu=TARGET knows
#     (tests/isa/opcode_enum.sh --mcpu=TARGET);
#  2. the table samples for the target (every instruction that exists on it, under its mnemonics:
#     table_sample --target) assemble with llvm-mc-15, and `gcnsim asm --target T --encoding` gives
#     llvm-mc-15's bytes instruction by instruction (a branch's fixup bytes `A` excepted);
#  3. round trips: gcnsim's bytes, put in an object and disassembled by llvm-objdump-15 --mcpu,
#     print gcnsim's listing; llvm-mc's bytes decode to it too (encode_check --decode); our bytes
#     decode back to the assembler's instructions (encode_check --roundtrip); the printed form of
#     each sample re-assembles to it (table_sample --check);
#  4. the missing list: the mnemonics llvm-mc knows for the target in the compute families that
#     are neither gcnsim instructions on it nor refused with a reason (isa/asm/asm_refused.def).
#     It must be empty on every target: every name on it is printed and fails the check.
# Usage: sh tests/isa/target_check.sh TARGET GCNSIM TABLE_SAMPLE ENCODE_CHECK
#        (prints "target-check TARGET: N passed, N failed")
set -u
[ $# -eq 4 ] || { echo "usage: sh tests/isa/target_check.sh TARGET GCNSIM TABLE_SAMPLE ENCODE_CHECK" >&2; exit 1; }
target=$1; gcnsim=$2; sample=$3; tool=$4
# The oracle: LLVM 15 for the targets it knows, LLVM 19 for gfx942 (the first LLVM with it).
case $target in
  gfx900|gfx906|gfx908|gfx90a) v=15 ;;
  gfx942) v=19 ;;
  *) echo "target-check: TARGET is gfx900, gfx906, gfx908, gfx90a or gfx942" >&2; exit 1 ;;
esac
mc=llvm-mc-$v; objdump=llvm-objdump-$v
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "target-check $target: $*" >&2; }

# 1. The opcode table is LLVM's, line for line.
sed -n 's/^ISA_OPCODE(\([a-z0-9_]*\), *\([A-Z0-9]*\), *0x\([0-9a-f]*\)).*/\2 0x\3 \1/p' "isa/isa_opcodes_$target.def" |
  sort -u > "$tmp/def"
sh tests/isa/opcode_enum.sh --mcpu="$target" > "$tmp/enum" || exit 1
if cmp -s "$tmp/def" "$tmp/enum"; then ok; else
  ko "isa/isa_opcodes_$target.def differs from what $mc knows (< table, > $mc):"
  diff "$tmp/def" "$tmp/enum" | grep '^[<>]' | head -20 >&2
fi

# 2. The samples, byte for byte.
"$sample" --target "$target" > "$tmp/samples.s"
n=$(grep -c '^  ' "$tmp/samples.s")
bytes() { sed -n 's/.*; encoding: \[\(.*\)\].*/\1/p'; }
if ! "$mc" -arch=amdgcn -mcpu="$target" -show-encoding "$tmp/samples.s" > "$tmp/llvm.txt" 2> "$tmp/llvm.err"; then
  ko "$mc refuses table samples:"; grep -A1 error "$tmp/llvm.err" | head -10 >&2
elif ! "$gcnsim" asm --target "$target" --encoding "$tmp/samples.s" > "$tmp/ours.txt" 2> "$tmp/ours.err"; then
  ko "gcnsim asm --encoding fails on the samples:"; head -5 "$tmp/ours.err" >&2
else
  bytes < "$tmp/llvm.txt" > "$tmp/llvm.bytes"
  bytes < "$tmp/ours.txt" > "$tmp/ours.bytes"
  paste -d'|' "$tmp/llvm.bytes" "$tmp/ours.bytes" | awk -F'|' '
    { n = split($1, a, ","); m = split($2, b, ","); same = n == m
      for (i = 1; same && i <= n; i++) if (a[i] != "A" && a[i] != b[i]) same = 0
      if (!same) print NR }' > "$tmp/diff"
  if [ "$(wc -l < "$tmp/llvm.bytes")" -ne "$n" ] || [ "$(wc -l < "$tmp/ours.bytes")" -ne "$n" ]; then
    ko "$n samples: $mc encodes $(wc -l < "$tmp/llvm.bytes"), gcnsim $(wc -l < "$tmp/ours.bytes")"
  elif [ -s "$tmp/diff" ]; then
    ko "$(wc -l < "$tmp/diff") of $n samples encode differently:"
    for i in $(head -10 "$tmp/diff"); do
      echo "  $mc: $(grep 'encoding:' "$tmp/llvm.txt" | sed -n "${i}p" | sed 's/^[[:space:]]*//')" >&2
      echo "  gcnsim:     $(grep 'encoding:' "$tmp/ours.txt" | sed -n "${i}p" | sed 's/^[[:space:]]*//')" >&2
    done
  else
    ok
  fi

  # 3. Round trips. The listing text of each instruction, branches named by the word TARGET and
  # aliases (ISA_OPCODE_ALIAS) under the name their opcode decodes to.
  # (s_call_b64, gfx9: its label after the SGPR pair; valu9)
  branches='s/^\(s_branch\|s_cbranch_[a-z0-9_]*\) .*/\1 TARGET/; s/^\(s_call_b64 [^,]*,\) .*/\1 TARGET/'
  def="isa/isa_opcodes_$target.def"
  sed -n 's/^ISA_OPCODE(\([a-z0-9_]*\), *\([A-Z0-9]*\), *\(0x[0-9a-f]*\)).*/\2 \3 \1/p' "$def" > "$tmp/canon"
  sed -n 's/^ISA_OPCODE_ALIAS(\([a-z0-9_]*\), *\([A-Z0-9]*\), *\(0x[0-9a-f]*\)).*/\1 \2 \3/p' "$def" |
    awk 'NR == FNR { c[$1 " " $2] = $3; next } ($2 " " $3) in c { printf "s/^%s\\b/%s/\n", $1, c[$2 " " $3] }' \
      "$tmp/canon" - > "$tmp/aliases.sed"
  listing() { sed -n 's/^\t\(.*[^ ]\) *; encoding: .*/\1/p' | sed "$branches" | sed -f "$tmp/aliases.sed"; }
  listing < "$tmp/ours.txt" > "$tmp/ours.list"
  # gcnsim's bytes in an object, disassembled by $objdump; its text, assembled again by
  # gcnsim, must list the same instructions (LLVM 15 prints some operands otherwise than the
  # llvm-mc 14 syntax gcnsim prints: `2.0` for a literal, no _e32 on v_readfirstlane_b32).
  { echo "entry:"; bytes < "$tmp/ours.txt" | sed 's/^/  .byte /'; } > "$tmp/bytes.s"
  if "$mc" -triple=amdgcn-amd-amdhsa -mcpu="$target" -filetype=obj "$tmp/bytes.s" -o "$tmp/bytes.o" 2> "$tmp/mc.err" &&
     "$objdump" -d --mcpu="$target" "$tmp/bytes.o" > "$tmp/objdump.txt" 2> "$tmp/od.err"; then
    { echo "entry:"; awk '/\/\/ [0-9A-F]+: / { split($0, p, "//"); t = p[1]; sub(/^[ \t]+/, "", t); sub(/[ \t]+$/, "", t)
        print "  " t }' "$tmp/objdump.txt"; } > "$tmp/objdump.s"
    if "$gcnsim" asm --target "$target" --encoding "$tmp/objdump.s" > "$tmp/objdump.enc" 2> "$tmp/od2.err"; then
      listing < "$tmp/objdump.enc" > "$tmp/objdump.list"
      if cmp -s "$tmp/objdump.list" "$tmp/ours.list"; then ok; else
        ko "$objdump reads gcnsim's bytes as other instructions (< $objdump, > gcnsim):"
        diff "$tmp/objdump.list" "$tmp/ours.list" | grep '^[<>]' | head -10 >&2
      fi
    else
      ko "gcnsim cannot assemble $objdump's text: $(head -1 "$tmp/od2.err")"
    fi
  else
    ko "cannot disassemble gcnsim's bytes: $(head -1 "$tmp/mc.err" "$tmp/od.err" 2> /dev/null)"
  fi
  "$tool" --decode --target "$target" < "$tmp/llvm.txt" | sed "$branches" | sed -f "$tmp/aliases.sed" > "$tmp/dec.list"
  if cmp -s "$tmp/dec.list" "$tmp/ours.list"; then ok; else
    ko "$mc's bytes decode to another listing (< decoded, > assembled):"
    diff "$tmp/dec.list" "$tmp/ours.list" | grep '^[<>]' | head -10 >&2
  fi
  if "$tool" --roundtrip "$tmp/samples.s" --target "$target" > "$tmp/rt.out" 2>&1; then ok; else
    ko "the decode round trip fails:"; grep -v ' passed, ' "$tmp/rt.out" | head -10 >&2
  fi
  if "$sample" --target "$target" --check > "$tmp/check.out" 2>&1; then ok; else
    ko "table_sample --check:"; head -10 "$tmp/check.out" >&2
  fi
fi

# 4. What LLVM knows for the target that gcnsim has not got (nor refuses).
"$sample" --target "$target" --names | sort -u > "$tmp/ours.names"
sed -n 's/^ASM_REFUSED(\([a-z0-9_]*\),.*/\1/p' isa/asm/asm_refused.def | sort -u > "$tmp/refused"
cut -d' ' -f3 "$tmp/enum" | sort -u > "$tmp/llvm.names"
sort -u "$tmp/ours.names" "$tmp/refused" | comm -23 "$tmp/llvm.names" - > "$tmp/missing"
nmissing=$(grep -c . "$tmp/missing")
echo "target-check $target: $(wc -l < "$tmp/llvm.names") mnemonics known to $mc: $(comm -12 "$tmp/llvm.names" "$tmp/ours.names" | wc -l)" \
     "in gcnsim, $(comm -12 "$tmp/llvm.names" "$tmp/refused" | wc -l) refused, $nmissing missing"
if [ "$nmissing" -gt 0 ]; then
  echo "target-check $target: missing (family and opcode as $mc decodes them):"
  awk 'NR == FNR { m[$1] = 1; next } ($3 in m) && !seen[$3]++ { printf "  %s %s %s\n", $1, $2, $3 }' \
    "$tmp/missing" "$tmp/enum"
  fail=$((fail + 1))
fi
echo "target-check $target: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
