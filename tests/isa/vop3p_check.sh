#!/bin/sh
# gfx9's VOP3P family against LLVM, the oracle (run by `make table-check`):
#  1. the VOP3P lines of isa/isa_opcodes_gfx900.def and isa_opcodes_gfx906.def are exactly what
#     llvm-mc-15 disassembles in that family (0xD38xxxxx, every opcode 0..127) for each target, and
#     every name is a VOP3P line of isa.def;
#  2. a corpus of every VOP3P instruction of each target with every op_sel x op_sel_hi combination,
#     neg_lo/neg_hi (or neg/abs on the mix instructions), clamp, SGPR, special-register and
#     inline-constant sources: `gcnsim asm --encoding` prints the text and bytes llvm-mc-15
#     -show-encoding prints, line for line;
#  3. lines llvm-mc refuses (literals, two SGPRs, -v1 on a packed source, neg_lo on a mix source,
#     an output modifier, modifiers out of order, 64-bit sources) are refused by gcnsim too.
# Usage: sh tests/isa/vop3p_check.sh GCNSIM   (prints "vop3p-check: N passed, N failed")
set -u
[ $# -eq 1 ] || { echo "usage: sh tests/isa/vop3p_check.sh GCNSIM" >&2; exit 1; }
gcnsim=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "vop3p-check: $*" >&2; fail=$((fail + 1)); }

# name opcode sources on900 on906 kinds, from the targets' opcode tables and isa.def's signatures
for cpu in gfx900 gfx906; do
  sed -n 's/^ISA_OPCODE(\([a-z0-9_]*\), *VOP3P, *0x0\([0-9a-f][0-9a-f]\)).*/\1 \2/p' isa/isa_opcodes_$cpu.def \
    > "$tmp/table_$cpu"
done
cat "$tmp/table_gfx900" "$tmp/table_gfx906" | sort -u > "$tmp/list"
while read -r name code; do
  sig=$(sed -n "s/^ISA_OP($name, *VOP3P,.*\"\\(.*\\)\")\$/\\1/p" isa/isa.def)
  [ -n "$sig" ] || { bad "$name is a VOP3P line of an opcode table but not of isa/isa.def"; continue; }
  set -- $sig
  shift
  on900=0; on906=0
  grep -q "^$name " "$tmp/table_gfx900" && on900=1
  grep -q "^$name " "$tmp/table_gfx906" && on906=1
  echo "$name $code $# $on900 $on906 $(echo "$*" | tr -d ' ')"
done < "$tmp/list" > "$tmp/ops"
[ "$(wc -l < "$tmp/ops")" -ge 32 ] || bad "the opcode tables list $(wc -l < "$tmp/ops") VOP3P instructions, expected 32"

for cpu in gfx900 gfx906; do
  col=4; [ "$cpu" = gfx906 ] && col=5
  # 1. The opcode list: LLVM's, for this target. Two-source words need src2 = 0, three-source ones
  # any; both are tried for every opcode.
  : > "$tmp/words"
  op=0
  while [ $op -lt 128 ]; do
    b=$(printf '0x%02x' $((op | 0x80)))
    echo "0x00,0x40,$b,0xd3,0x01,0x05,0x0e,0x1c" >> "$tmp/words"
    echo "0x00,0x40,$b,0xd3,0x01,0x05,0x02,0x18" >> "$tmp/words"
    op=$((op + 1))
  done
  llvm-mc-15 -arch=amdgcn -mcpu=$cpu -disassemble -show-encoding "$tmp/words" 2>/dev/null |
    sed -n 's/^[[:space:]]*\(v_[a-z0-9_]*\) .*encoding: \[0x00,0x[0-9a-f]*,0x\([0-9a-f]*\),0xd3,.*/\2 \1/p' |
    awk 'function hex(s,   v, i) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
         { printf "%s %02x\n", $2, hex($1) - 128 }' | sort -u > "$tmp/llvm_ops"
  awk -v c=$col '$c == 1 { print $1, $2 }' "$tmp/ops" | sort -u > "$tmp/our_ops"
  if [ "$(wc -l < "$tmp/llvm_ops")" -lt 19 ]; then
    bad "llvm-mc-15 disassembled only $(wc -l < "$tmp/llvm_ops") VOP3P opcodes for $cpu; is llvm-15 installed?"
  elif cmp -s "$tmp/llvm_ops" "$tmp/our_ops"; then
    ok
  else
    bad "isa/isa_opcodes_$cpu.def's VOP3P lines differ from llvm-mc-15 (< ours, > llvm-mc):"
    diff "$tmp/our_ops" "$tmp/llvm_ops" | grep '^[<>]' >&2
  fi

  # 2. The corpus.
  awk -v c=$col '$c == 1 { print $1, $3, $6 }' "$tmp/ops" | awk '
    function and2(a, b,   r, i) { r = 0; for (i = 0; i < 3; i++) if (int(a / 2^i) % 2 && int(b / 2^i) % 2) r += 2^i; return r }
    function arr(bits, n,   s, i) { s = "["; for (i = 0; i < n; i++) s = s (i ? "," : "") int(bits / 2^i) % 2; return s "]" }
    {
      name = $1; n = $2; kinds = $3; mix = name ~ /_mix/
      srcs[0] = "v1"; srcs[1] = "v2"; srcs[2] = "v3"
      for (os = 0; os < 2^n; os++)
        for (oh = 0; oh < 2^n; oh++) {
          k = os * 2^n + oh
          line = "  " name " v" (k % 7) ", "
          for (i = 0; i < n; i++) {
            s = srcs[i]
            if (mix) { m = (k + i) % 4; s = (m == 1 ? "-" s : m == 2 ? "|" s "|" : m == 3 ? "-|" s "|" : s) }
            line = line (i ? ", " : "") s
          }
          line = line " op_sel:" arr(os, n) " op_sel_hi:" arr(oh, n)
          # neg_lo/neg_hi: llvm-mc-15 encodes them on a 16-bit integer source (j) only for src0 and
          # prints what it parsed, so those bits are left out here (test_vop3p checks the rule)
          nm = 0; for (i = 0; i < n; i++) if (i == 0 || substr(kinds, i + 1, 1) != "j") nm += 2^i
          if (!mix) line = line " neg_lo:" arr(and2((k * 5) % 2^n, nm), n) " neg_hi:" arr(and2((k * 3 + 1) % 2^n, nm), n)
          if (k % 3 == 0) line = line " clamp"
          print line
        }
      # defaults, and each kind of source in each place
      print "  " name " v255, v255, v254" (n == 3 ? ", v253" : "")
      split("s101 vcc_lo vcc_hi m0 exec_lo exec_hi flat_scratch_lo -16 64 0 -1 0.5 -4.0 0.15915494 1.0 src_scc src_vccz src_execz", c, " ")
      for (j = 1; j <= 18; j++)
        for (p = 0; p < n; p++) {
          if (c[j] ~ /\./ && substr(kinds, p + 1, 1) == "j")
            continue # a float on a 16-bit integer source is a literal: refused (3. below)
          line = "  " name " v9"
          for (i = 0; i < n; i++) line = line ", " (i == p ? c[j] : "v" (10 + i))
          print line
        }
      print "  " name " v0, s3, s3" (n == 3 ? ", s3" : "")
    }' > "$tmp/corpus.s"
  { echo ".amdgcn_target \"amdgcn-amd-amdhsa--$cpu\""; echo "entry:"; cat "$tmp/corpus.s"; } > "$tmp/c_$cpu.s"
  llvm-mc-15 -arch=amdgcn -mcpu=$cpu -show-encoding "$tmp/corpus.s" > "$tmp/llvm.txt" 2> "$tmp/llvm.err"
  if [ -s "$tmp/llvm.err" ]; then
    bad "llvm-mc-15 refuses lines of the $cpu corpus (a generator bug):"
    head -6 "$tmp/llvm.err" >&2
  fi
  grep 'encoding:' "$tmp/llvm.txt" | sed 's/^[[:space:]]*//' > "$tmp/llvm.lines"
  if "$gcnsim" asm "$tmp/c_$cpu.s" --encoding > "$tmp/ours.txt" 2> "$tmp/ours.err"; then
    grep 'encoding:' "$tmp/ours.txt" | sed 's/^[[:space:]]*//' > "$tmp/ours.lines"
    n=$(wc -l < "$tmp/llvm.lines")
    if [ "$n" -gt 1000 ] && cmp -s "$tmp/llvm.lines" "$tmp/ours.lines"; then
      ok
    else
      bad "$cpu corpus: gcnsim asm --encoding differs from llvm-mc-15 ($n lines; < gcnsim, > llvm-mc):"
      diff "$tmp/ours.lines" "$tmp/llvm.lines" | grep '^[<>]' | head -10 >&2
    fi
  else
    bad "$cpu corpus: gcnsim asm refuses it:"
    head -5 "$tmp/ours.err" >&2
  fi
done

# 3. What llvm-mc refuses, gcnsim refuses: each line alone.
cat > "$tmp/refused.s" <<'EOF'
v_pk_add_u16 v0, 0x3c00, v2
v_pk_add_f16 v0, 0x4100, v2
v_pk_add_u16 v0, 1.0, v2
v_pk_add_f16 v0, s1, s2
v_pk_fma_f16 v0, v1, s2, s3
v_pk_add_f16 v0, -v1, v2
v_pk_add_f16 v0, |v1|, v2
v_pk_max_i16 v0, s[2:3], v1
v_pk_add_f16 v0, v1, v2 mul:2
v_pk_add_f16 v0, v1, v2 clamp op_sel:[1,0]
v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,0] op_sel:[1,0]
v_pk_add_f16 v0, v1, v2 op_sel:[2,0]
v_pk_add_f16 v0, v1, v2 glc
v_pk_add_f16 s0, v1, v2
v_fma_mix_f32 v0, v1, v2, v3 neg_lo:[1,0,0]
v_fma_mix_f32 v0, v1, v2, v3 mul:2
v_fma_mix_f32 v0, v1, v2, 0x3f800001
v_dot2_f32_f16 v0, v1, v2, 0.1
v_dot4_i32_i8 v0, v[1:2], v2, v3
v_add_f32 v0, v1, v2 op_sel:[1,0]
EOF
i=0
while IFS= read -r line; do
  i=$((i + 1))
  printf '.amdgcn_target "amdgcn-amd-amdhsa--gfx906"\nentry:\n  %s\n' "$line" > "$tmp/r.s"
  if llvm-mc-15 -arch=amdgcn -mcpu=gfx906 "$tmp/r.s" -o /dev/null 2>/dev/null; then
    bad "refused line $i is accepted by llvm-mc-15 (fix the list): $line"
  elif "$gcnsim" asm "$tmp/r.s" > /dev/null 2>&1; then
    bad "gcnsim accepts what llvm-mc-15 refuses: $line"
  else
    ok
  fi
done < "$tmp/refused.s"

echo "vop3p-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
