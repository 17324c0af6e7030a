#!/bin/sh
# VALU syntax against llvm-mc, the oracle (run by `make table-check`): tests/gen/valu_syntax.c
# generates the spellings of every VALU instruction of the table (suffixes, source modifiers,
# clamp/omod, lane masks, constants, the SDWA and DPP forms); llvm-mc for gfx803 and our assembler
# must accept and refuse the same lines, and the SDWA/DPP lines both accept must print the same.
# Known, explained differences are listed in tests/isa/valu_syntax_known.txt.
# Usage: sh tests/isa/valu_syntax_check.sh BUILD/san/valu_syntax   (prints "valu-syntax: ...")
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" gen > "$tmp/corpus.s" || exit 1
llvm-mc -arch=amdgcn -mcpu=gfx803 "$tmp/corpus.s" > "$tmp/llvm.out" 2> "$tmp/llvm.err"
sed -n 's/^[^:]*:\([0-9][0-9]*\):[0-9][0-9]*: error.*/\1/p' "$tmp/llvm.err" | sort -un > "$tmp/bad"
"$bin" check "$tmp/corpus.s" > "$tmp/ours" || exit 1
known=$(dirname "$0")/valu_syntax_known.txt
awk -v known="$known" -v max="${VALU_SYNTAX_SHOW:-40}" -v corpus="$tmp/corpus.s" -v bad="$tmp/bad" -v llvm="$tmp/llvm.out" -v ours="$tmp/ours" '
  function norm(s) { gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
  BEGIN {
    while ((getline l < bad) > 0) refused[l + 0] = 1
    nk = 0
    while ((getline l < known) > 0) if (l !~ /^#/ && l != "") { split(l, kf, "\t"); kre[++nk] = kf[1] }
    excused = 0
    n = 0
    while ((getline l < llvm) > 0) { l = norm(l); if (l != "" && l !~ /^\./) printed[++n] = l }
    i = 0; j = 0; fail = 0; both = 0; compared = 0
    while ((getline l < ours) > 0) {
      i++
      if ((getline src < corpus) <= 0) break
      ok = substr(l, 1, 2) == "OK"
      lok = !(i in refused)
      if (lok) j++
      if (ok != lok) {
        for (k = 1; k <= nk; k++) if (src ~ kre[k]) break
        if (k <= nk) { excused++; continue }
        fail++
        if (fail <= max) printf "valu-syntax: line %d: %s: llvm-mc %s, gcnsim %s%s\n", i, src,
                               lok ? "accepts" : "refuses", ok ? "accepts" : "refuses",
                               ok ? "" : " (" substr(l, 5) ")"
        continue
      }
      if (ok) {
        both++
        if (src ~ /_sdwa|_dpp|_sel:|row_|quad_perm|wave_/) {
          compared++
          mine = norm(substr(l, 4))
          if (mine != printed[j]) {
            fail++
            if (fail <= max) printf "valu-syntax: line %d: %s: llvm-mc prints \"%s\", gcnsim \"%s\"\n", i, src, printed[j], mine
          }
        }
      }
    }
    printf "valu-syntax: %d lines, %d accepted by both (%d SDWA/DPP listings compared), %d known differences " \
           "(tests/isa/valu_syntax_known.txt), %d differences\n", i, both, compared, excused, fail
    exit fail ? 1 : 0
  }'
