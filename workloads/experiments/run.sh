#!/bin/sh
# Run every experiment: workloads/experiments/NN_NAME.sh, in the order of NN (the experiment's
# number in docs/experiments.md); each writes OUTDIR/NN_NAME/NAME.{csv,png,md}.
#   run.sh GCNSIM OUTDIR --fast   the small versions, checking only the direction of each effect
#                                 (make test); exit 1 when any does not hold
#   run.sh GCNSIM OUTDIR          the full versions (make experiments): each writes OUTDIR/NAME.csv,
#                                 NAME.png (and any NAME_*.png pictures) and NAME.md; then
#                                 docs/experiments.md is assembled from docs/experiments.head.md and
#                                 the sections, and the pictures are copied to docs/img/experiments/
#   run.sh GCNSIM OUTDIR --fast NN... only the experiments numbered NN (validation/sensitivity.sh
#                                 runs only those whose conclusions it reads)
set -u
usage() { echo "usage: run.sh GCNSIM OUTDIR [--fast [NN...]]" >&2; exit 1; }
if [ $# -lt 2 ]; then usage; fi
gcnsim=$1 out=$2 fast=${3:-}
[ -z "$fast" ] || [ "$fast" = --fast ] || usage
shift 2; [ $# -eq 0 ] || shift
only=" $* "
for n in $only; do case $n in [0-9][0-9]) ;; *) usage ;; esac; done
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$out" || exit 1
pass=0; fail=0
for script in "$here"/[0-9][0-9]_*.sh; do
  name=$(basename "$script" .sh)
  [ "$only" = "  " ] || case $only in *" ${name%%_*} "*) ;; *) continue ;; esac
  if sh "$script" "$gcnsim" "$out/$name" $fast > "$out/$name.log" 2>&1; then
    pass=$((pass+1)); echo "experiments: ok $name"
  else
    fail=$((fail+1)); echo "experiments: FAIL $name"; sed 's/^/    /' "$out/$name.log" | tail -10
  fi
  rm -f "$out/$name.log"
done
if [ -z "$fast" ] && [ "$fail" -eq 0 ]; then
  mkdir -p "$root/docs/img/experiments"
  { cat "$root/docs/experiments.head.md"
    for script in "$here"/[0-9][0-9]_*.sh; do
      name=$(basename "$script" .sh)
      short=${name#*_}
      echo; cat "$out/$name/$short.md"
      cp "$out/$name/$short.png" "$out/$name/$short"_*.png "$root/docs/img/experiments/" 2>/dev/null ||
        cp "$out/$name/$short.png" "$root/docs/img/experiments/"
    done; } > "$root/docs/experiments.md"
  echo "experiments: docs/experiments.md and docs/img/experiments/ rewritten"
fi
echo "experiments: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
