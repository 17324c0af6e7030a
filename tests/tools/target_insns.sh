#!/bin/sh
# The instructions the shipped compiled kernels use, per target (docs/kernels.md, "Targets"): for
# gfx803 the .s files `make opencl` puts beside each .cl/.hip, for each gfx9 target those `make
# targets` compiles into DIR/TARGET/. Mnemonics as the compiler writes them, less the encoding
# suffixes _e32, _e64, _sdwa, _dpp; for each, the number of files that use it, "new" when no gfx803
# file does, and "gfx9 meaning" for a mnemonic gfx9 gives another instruction (v_add_u32 without a
# carry-out, the op_sel forms of v_mad_f16 ...: docs/isa.md). Then how many files use SDWA and DPP
# forms. What the gfx9 instruction set must cover for every shipped kernel to run.
# Usage: sh tests/tools/target_insns.sh DIR TARGET...   (from anywhere; make target-insns)
set -u
if [ $# -lt 2 ]; then echo "usage: target_insns.sh DIR TARGET..." >&2; exit 1; fi
dir=$1; shift
root=$(cd "$(dirname "$0")/../.." && pwd)
# One "mnemonic file" line per instruction an assembly file uses (instructions are the lines that
# start with a tab and a lower-case letter; directives start with '.', labels end with ':').
insns() {
  for f in "$@"; do
    [ -f "$f" ] || { echo "target_insns: $f is missing (make opencl targets)" >&2; exit 1; }
    sed -n 's/^\t\([a-z][a-z0-9_]*\).*/\1/p' "$f" | sed 's/_\(e32\|e64\|sdwa\|dpp\)$//' | sort -u | sed "s|\$| $f|"
  done
}
base=$(mktemp)
trap 'rm -f "$base"' EXIT
insns "$root"/workloads/opencl/*.s "$root"/workloads/hip/*.s | awk '{print $1}' | sort -u > "$base"
report() { # TARGET FILES...
  t=$1; shift
  insns "$@" | awk -v t="$t" -v nf=$# -v base="$base" '
    BEGIN { while ((getline m < base) > 0) old[m] = 1
            split("v_add_u32 v_sub_u32 v_subrev_u32 v_mad_f16 v_mad_u16 v_mad_i16 v_fma_f16 v_div_fixup_f16", c, " ")
            for (i in c) moved[c[i]] = 1 }
    { n[$1]++ }
    END {
      for (m in n) { k++; if (!(m in old)) new++ }
      printf "%s: %d instructions in %d files", t, k, nf
      if (t != "gfx803") printf ", %d not in any gfx803 file", new
      printf "\n"
      for (m in n)
        printf "  %-28s %3d%s\n", m, n[m], t == "gfx803" ? "" : !(m in old) ? "  new" : (m in moved) ? "  gfx9 meaning" : "" | "sort"
      close("sort")
    }'
}
forms() { # TARGET FILES...: the files with SDWA and DPP forms
  t=$1; shift
  printf '%s: SDWA in %d files, DPP in %d files\n' "$t" "$(grep -l '_sdwa ' "$@" | wc -l)" "$(grep -l '_dpp ' "$@" | wc -l)"
}
report gfx803 "$root"/workloads/opencl/*.s "$root"/workloads/hip/*.s
forms gfx803 "$root"/workloads/opencl/*.s "$root"/workloads/hip/*.s
for t in "$@"; do
  # shellcheck disable=SC2046
  report "$t" $(find "$dir/$t" -name '*.s' | sort)
  # shellcheck disable=SC2046
  forms "$t" $(find "$dir/$t" -name '*.s' | sort)
done
