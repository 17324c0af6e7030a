#!/bin/sh
# The code object decoder against LLVM's disassembler (docs/kernels.md, "Code objects"): for the
# object llvm-mc makes of every shipped kernel and of the generated corpora (one sample of every
# table instruction and every source modifier the assembler takes, tests/gen/table_sample.c and its
# --mods; the VOP3 and literal forms, tests/gen/encode_check.c
# --corpus), each instruction of `gcnsim asm OBJECT` is, at the same byte offset, the text
# `llvm-objdump -d --mcpu=gfx803` prints for it (the kernel's target for a .amdgcn_target kernel:
# LLVM 15, 19 for gfx942), and gcnsim decodes every instruction llvm-objdump
# shows within its kernels (none skipped, none merged).
# Usage: sh tests/isa/objdump_check.sh GCNSIM TABLE_SAMPLE ENCODE_CHECK  (prints "objdump-check: N passed, N failed")
set -u
[ $# -eq 3 ] || { echo "usage: sh tests/isa/objdump_check.sh GCNSIM TABLE_SAMPLE ENCODE_CHECK" >&2; exit 1; }
gcnsim=$1; sample=$2; corpus=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
. tests/tools/kernel_target.sh
pick() { for t in "$@"; do command -v "$t" > /dev/null 2>&1 && { echo "$t"; return; }; done; }
mc=$(pick llvm-mc-15 llvm-mc)
objdump=$(pick llvm-objdump-15 llvm-objdump)
nm=$(pick llvm-nm-15 llvm-nm)
if [ -z "$mc" ] || [ -z "$objdump" ] || [ -z "$nm" ]; then echo "objdump-check: FAIL llvm-mc, llvm-objdump and llvm-nm are needed"; exit 1; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0

# The corpora as one default-ABI kernel each (a global symbol makes `entry` the kernel), without the
# lines llvm-mc refuses (encoding_check.sh reports those) and the families not yet encoded.
"$corpus" --unconnected > "$tmp/unconnected"
for gen in "$sample" "$sample --mods" "$corpus --corpus"; do
  n=$(basename "${gen%% *}"); case $gen in *--mods) n=${n}_mods ;; esac
  # shellcheck disable=SC2086
  { echo "  .globl entry"; $gen | awk -v list="$tmp/unconnected" 'BEGIN { while ((getline x < list) > 0) skip[x] = 1 } !(/^  / && skip[$1])'; } > "$tmp/$n.s"
  "$mc" -arch=amdgcn -mcpu=gfx803 "$tmp/$n.s" -o /dev/null 2> "$tmp/err"
  sed -n 's/^[^:]*\.s:\([0-9]*\):[0-9]*: error.*/\1/p' "$tmp/err" | sort -un > "$tmp/refused"
  awk -v list="$tmp/refused" 'BEGIN { while ((getline x < list) > 0) bad[x] = 1 } !bad[FNR]' "$tmp/$n.s" > "$tmp/gen_$n.s"
done

for s in "$tmp"/gen_*.s workloads/*.s workloads/*/*.s; do
  [ -f "$s" ] || continue
  name=${s#"$tmp/"}
  o="$tmp/obj.o"
  # A kernel for another target says so (.amdgcn_target, workloads/cdna): LLVM 15 (19 for gfx942)
  # makes and reads its object for that target.
  t=$(kernel_target "$s")
  cpu=gfx803 smc=$mc sod=$objdump
  if [ -n "$t" ] && [ "$t" != gfx803 ]; then
    v=$(target_llvm "$t")
    cpu=$t smc=llvm-mc-$v sod=llvm-objdump-$v
  fi
  if ! "$smc" -triple amdgcn-amd-amdhsa -mcpu=$cpu -filetype=obj --save-temp-labels "$s" -o "$o" 2> "$tmp/err"; then
    echo "objdump-check: FAIL $name: llvm-mc: $(head -1 "$tmp/err")"; fail=$((fail + 1)); continue
  fi
  if ! "$gcnsim" asm "$o" > "$tmp/ours.lst" 2> "$tmp/err"; then
    echo "objdump-check: FAIL $name: gcnsim asm: $(head -1 "$tmp/err")"; fail=$((fail + 1)); continue
  fi
  # LLVM's disassembly back to text, through our assembler: each kernel's instructions (by our
  # kernels' spans: the .p2align padding between them left out) and the labels llvm-objdump names.
  # An instruction with a relocation (llvm-objdump shows its literal unrelocated) is left out of both.
  "$nm" "$o" | awk '$2 ~ /^[TtNn]$/ || $2 == "t" { print $1, $3 }' > "$tmp/syms"
  "$objdump" -r "$o" | awk '/RELOCATION RECORDS FOR \[/ { text = ($0 ~ /\.text/) } text && /^[0-9a-f]+ / { print $1 }' > "$tmp/relocs"
  awk -v syms="$tmp/syms" -v relocs="$tmp/relocs" '
    function hex(h,   i, v) { v = 0; h = tolower(h); for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1; return v }
    BEGIN { while ((getline l < syms) > 0) { split(l, f, " "); at[f[2]] = hex(f[1]) }
            while ((getline l < relocs) > 0) rel[hex(l)] = 1 }
    /^kernel / { base = at[$2]; print "KERNEL", $2; next }
    /^[^ ].*:$/ { print "LABEL", $0; next }
    /^  [0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]  / {
      pc = base + hex($1); size = $2 + 0; skip = 0
      for (r = pc; r < pc + size; r++) if (r in rel) skip = 1
      $1 = ""; $2 = ""; sub(/^  /, ""); print (skip ? "RELOC" : "INST"), pc, size, $0 }' "$tmp/ours.lst" > "$tmp/ours"
  # The text llvm-objdump prints, at each offset our kernels hold.
  "$sod" -d --mcpu=$cpu "$o" | awk -v ours="$tmp/ours" '
    function hex(h,   i, v) { v = 0; h = tolower(h); for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1; return v }
    BEGIN { while ((getline l < ours) > 0) { n = split(l, f, " "); if (f[1] == "INST" || f[1] == "RELOC") { want[f[2]] = f[1] } } }
    /^[0-9a-f]+ <.*>:$/ { name = $2; gsub(/[<>:]/, "", name); lab[hex($1)] = lab[hex($1)] name ":\n"; next }
    /\/\/ [0-9A-F]+: / { split($0, p, "//"); t = p[1]; sub(/^[ \t]+/, "", t); sub(/[ \t]+$/, "", t)
      split(p[2], q, ":"); gsub(/ /, "", q[1]); off = hex(q[1])
      if (off in lab) { printf "%s", lab[off]; delete lab[off] }
      if (want[off] == "INST") print "  " t; else if (want[off] == "RELOC") print "  s_nop 0 ; relocated" }' > "$tmp/llvm.s"
  { grep '^KERNEL' "$tmp/ours" | sed 's/^KERNEL \(.*\)/  .globl \1/'; cat "$tmp/llvm.s"; } > "$tmp/llvm2.s"
  # Both listings: instruction and label lines only, without line numbers and relocated lines.
  # llvm-objdump prints some VOP3-encoded instructions without _e64 (v_nop, v_clrexcp): the
  # suffixes are left out; the encodings' sizes are checked by every following offset matching.
  norm() { sed -n -e 's/ *; line [0-9]*$//' -e 's/^\(  [0-9a-f]\{6\}  *[0-9]*  [a-z0-9_]*\)_e\(32\|64\)\b/\1/' -e '/^[^ ].*:$/p' -e '/^  [0-9a-f]\{6\}  /p' | grep -v ' s_nop 0$' ; }
  "$gcnsim" asm --target "$cpu" "$tmp/llvm2.s" > "$tmp/llvm.lst" 2> "$tmp/err" || { echo "objdump-check: FAIL $name: gcnsim cannot assemble llvm-objdump's text: $(head -1 "$tmp/err")"; fail=$((fail + 1)); continue; }
  norm < "$tmp/llvm.lst" | awk '{ if ($0 ~ /^  /) { $1 = ""; $2 = "" } print }' > "$tmp/a"
  norm < "$tmp/ours.lst" | awk '{ if ($0 ~ /^  /) { $1 = ""; $2 = "" } print }' > "$tmp/b"
  # The relocated instructions are compared as "s_nop 0" placeholders: drop them on our side too.
  grep -c '^RELOC' "$tmp/ours" > "$tmp/nrel" || :
  if [ "$(cat "$tmp/nrel")" -gt 0 ]; then
    awk -v ours="$tmp/ours" 'BEGIN { while ((getline l < ours) > 0) { n = split(l, f, " "); if (f[1] == "RELOC") { t = l; sub(/^RELOC [0-9]+ [0-9]+ /, "", t); r[t] = 1 } } }
      { x = $0; sub(/^ +/, "", x); if (!(x in r)) print }' "$tmp/b" > "$tmp/b2" && mv "$tmp/b2" "$tmp/b"
  fi
  if [ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"; then
    pass=$((pass + 1))
  else
    echo "objdump-check: FAIL $name: gcnsim's decoding differs from llvm-objdump's (< llvm-objdump, > gcnsim):"
    diff "$tmp/a" "$tmp/b" | head -6
    fail=$((fail + 1))
  fi
done
echo "objdump-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
