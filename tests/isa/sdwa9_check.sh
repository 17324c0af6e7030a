#!/bin/sh
# gfx9's SDWA against LLVM, the oracle (run by `make table-check`; llvm-mc-15 -mcpu=gfx900):
#  1. The rules (isa_op_has_form_on, isa_op_sdwa_omod). For each instruction with an SDWA form on
#     gfx803 whose 32-bit form llvm-mc-15 takes on gfx900 under the same name and operands,
#     llvm-mc accepts `NAME_sdwa ... src0_sel:WORD_1` exactly when gcnsim gives gfx900 its SDWA form,
#     and `NAME_sdwa ... mul:2 src0_sel:WORD_1` exactly when gcnsim lets it take an output modifier
#     (`valu_syntax forms9`, which spells each as gfx900 does: v_add_co_u32 for isa.def's v_add_u32).
#     An instruction llvm-mc-15 does not know by that name and operands is counted, not compared.
#  2. The corpus (`valu_syntax gen9`: scalar and constant sources, the constant bus, literals, a
#     compare's SGPR pair, clamp and omod; the DPP controls, which gfx9 keeps): llvm-mc-15 and gcnsim's assembler for gfx900 accept and
#     refuse the same lines and print the same text;
#  3. and encode the lines both accept to the same bytes (`gcnsim asm --encoding`).
# Parts 2 and 3 need the assembler to take gfx900 text (`.amdgcn_target`): until it does, a note
# says so and they are left out. GCNSIM: the gcnsim binary (default: next to valu_syntax).
# Usage: sh tests/isa/sdwa9_check.sh BUILD/san/valu_syntax   (prints "sdwa9-check: ...")
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mc="llvm-mc-15 -arch=amdgcn -mcpu=gfx900"
"$bin" forms9 > "$tmp/forms" || exit 1
# three lines per instruction: its e32 form, its SDWA form, its SDWA form with mul:2
awk -F'|' '{ print $2; print $3; print $4 }' "$tmp/forms" > "$tmp/ask.s"
$mc "$tmp/ask.s" > /dev/null 2> "$tmp/ask.err"
sed -n 's/^[^:]*:\([0-9][0-9]*\):[0-9][0-9]*: error.*/\1/p' "$tmp/ask.err" | sort -un > "$tmp/ask.bad"
awk -v bad="$tmp/ask.bad" -v otherfile="$tmp/other" '
  BEGIN { while ((getline l < bad) > 0) refused[l + 0] = 1 }
  {
    split($0, f, "|"); split(f[1], w, " ")
    base = 3 * (NR - 1)
    if (refused[base + 1]) { other++; print w[1] > otherfile; next }
    llvm_sdwa = !refused[base + 2]; llvm_omod = !refused[base + 3]
    if (llvm_sdwa != w[2]) { printf "sdwa9-check: FAIL %s: llvm-mc-15 %s its SDWA form on gfx900, gcnsim %s\n", w[1], llvm_sdwa ? "takes" : "refuses", w[2] ? "has it" : "has none"; fail++ }
    else if (llvm_omod != w[3]) { printf "sdwa9-check: FAIL %s: llvm-mc-15 %s mul:2 in its SDWA form on gfx900, gcnsim %s\n", w[1], llvm_omod ? "takes" : "refuses", w[3] ? "allows it" : "does not"; fail++ }
    else ok++
  }
  END {
    printf "sdwa9-check: %d instructions: the SDWA form and its output modifier as llvm-mc-15 has them on gfx900 for %d, %d spelled otherwise there, %d failed\n", NR, ok, other, fail
    exit fail ? 1 : 0
  }' "$tmp/forms" || exit 1

printf 'v_add_f32_sdwa v1, s2, v3 src0_sel:WORD_1\n' > "$tmp/probe.s"
if ! "$bin" check9 "$tmp/probe.s" | grep -q '^OK'; then
  echo "sdwa9-check: note: the assembler does not take gfx900 text yet (.amdgcn_target, the target branch): the gfx900 corpus is left out"
  exit 0
fi
# the instructions gfx900 spells otherwise (part 1) are left out: their gfx900 names are the target tables'
touch "$tmp/other"
"$bin" gen9 | awk -v other="$tmp/other" 'BEGIN { while ((getline l < other) > 0) { skip[l "_sdwa"] = 1; skip[l "_dpp"] = 1 } }
                 !($1 in skip)' \
  > "$tmp/corpus.s" || exit 1
$mc "$tmp/corpus.s" > "$tmp/llvm.out" 2> "$tmp/llvm.err"
sed -n 's/^[^:]*:\([0-9][0-9]*\):[0-9][0-9]*: error.*/\1/p' "$tmp/llvm.err" | sort -un > "$tmp/bad"
"$bin" check9 "$tmp/corpus.s" > "$tmp/ours" || exit 1
awk -v corpus="$tmp/corpus.s" -v bad="$tmp/bad" -v llvm="$tmp/llvm.out" -v max="${VALU_SYNTAX_SHOW:-40}" '
  function norm(s) { gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
  BEGIN {
    while ((getline l < bad) > 0) refused[l + 0] = 1
    n = 0
    while ((getline l < llvm) > 0) { l = norm(l); if (l != "" && l !~ /^\./) printed[++n] = l }
  }
  {
    i++; getline src < corpus
    ok = substr($0, 1, 2) == "OK"
    if (!refused[i]) j++
    if (ok != !refused[i]) {
      fail++
      if (fail <= max) printf "sdwa9-check: FAIL line %d: %s: llvm-mc-15 %s, gcnsim %s\n", i, src, refused[i] ? "refuses" : "accepts", ok ? "accepts" : ("refuses: " substr($0, 5))
      next
    }
    if (ok) {
      both++
      ours = norm(substr($0, 4))
      if (ours != printed[j]) { fail++; if (fail <= max) printf "sdwa9-check: FAIL line %d: %s: llvm-mc-15 prints \"%s\", gcnsim \"%s\"\n", i, src, printed[j], ours }
    }
  }
  END {
    printf "sdwa9-check: %d gfx900 SDWA and DPP lines, %d accepted by both and printed alike, %d differences\n", i, both - 0, fail
    exit fail ? 1 : 0
  }' "$tmp/ours" || exit 1
# 3. The bytes of the lines both accept: gcnsim asm --encoding against llvm-mc-15 -show-encoding.
gcnsim=${GCNSIM:-$(dirname "$bin")/gcnsim}
{ echo '.amdgcn_target "amdgcn-amd-amdhsa--gfx900"'; echo 'k:'
  awk -v ours="$tmp/ours" '{ getline o < ours } substr(o, 1, 2) == "OK"' "$tmp/corpus.s"; echo 's_endpgm'; } > "$tmp/both.s"
"$gcnsim" asm "$tmp/both.s" --encoding 2>&1 | sed -n 's/.*; encoding: //p' > "$tmp/enc.ours"
sed 1d "$tmp/both.s" | $mc -show-encoding 2>&1 | sed -n 's/.*; encoding: //p' > "$tmp/enc.llvm"
n=$(wc -l < "$tmp/enc.llvm")
if ! cmp -s "$tmp/enc.ours" "$tmp/enc.llvm"; then
  echo "sdwa9-check: FAIL the encodings differ from llvm-mc-15's:"
  diff "$tmp/enc.llvm" "$tmp/enc.ours" | head -10
  exit 1
fi
echo "sdwa9-check: $n encodings as llvm-mc-15 -mcpu=gfx900 writes them"
