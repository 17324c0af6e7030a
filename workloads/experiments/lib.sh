# lib.sh: shared by the experiment scripts (sourced, not run). Each experiment script:
#   NN_NAME.sh GCNSIM OUTDIR [--fast]        (NN: its number in docs/experiments.md)
# generates its kernel variants into OUTDIR, runs them, and writes OUTDIR/NAME.csv, OUTDIR/NAME.png
# (gnuplot) and OUTDIR/NAME.md (its section of docs/experiments.md). With --fast it runs a small
# version and checks only the direction of the effect (make test); the exit status says whether it
# held. docs/experiments.md describes them all.
set -u
exp_init() { # exp_init NAME "$@"
  EXP=$1; shift
  if [ $# -lt 2 ]; then echo "usage: $(basename "$0") GCNSIM OUTDIR [--fast]" >&2; exit 1; fi
  GCNSIM=$1 OUT=$2 FAST=0
  [ "${3:-}" = --fast ] && FAST=1
  mkdir -p "$OUT" || exit 1
  CSV="$OUT/$EXP.csv" PNG="$OUT/$EXP.png" MD="$OUT/$EXP.md"
  FAILS=0
}
# A number from a run's JSON: jnum FILE KEY (the first "KEY": value).
jnum() { sed -n "s/.*\"$2\": \([-0-9.e]*\).*/\1/p" "$1" | head -1; }
# Real arithmetic and comparisons through awk.
calc() { awk "BEGIN { printf \"%.6g\", $1 }"; }
check() { # check DESCRIPTION AWK-CONDITION: records whether the expected direction held
  if awk "BEGIN { exit !($2) }"; then echo "$EXP: ok: $1"; else echo "$EXP: FAIL: $1 ($2)"; FAILS=$((FAILS + 1)); fi
}
exp_done() { [ "$FAILS" -eq 0 ]; }
# Every generated kernel must assemble with LLVM's own assembler, like the shipped ones.
llvm_check() { # llvm_check FILE.s
  if llvm-mc -arch=amdgcn -mcpu=gfx803 "$1" -o /dev/null 2> "$OUT/llvm-mc.err"; then check "llvm-mc accepts $(basename "$1")" 1
  else check "llvm-mc accepts $(basename "$1"): $(head -1 "$OUT/llvm-mc.err")" 0; fi
}
# plot PNG TITLE XLABEL YLABEL DATA-CSV "clauses": one gnuplot chart; the clauses name the data as
# `file` (e.g. "file every ::1 using 1:8 with linespoints title 'cycles'").
plot() { # ... [EXTRA gnuplot commands]
  png=$1 title=$2 xl=$3 yl=$4 data=$5 series=$6 extra=${7:-}
  command -v gnuplot >/dev/null 2>&1 || { echo "$EXP: gnuplot is needed for the plots (make deps)" >&2; return 1; }
  gnuplot <<GP
set terminal png size 720,420 font ",10" noenhanced
set output "$png"
set datafile separator ","
set key top left
set grid
set title "$title"
set xlabel "$xl"
set ylabel "$yl"
file = "$data"
$extra
plot $series
GP
}
