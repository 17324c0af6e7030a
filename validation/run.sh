#!/bin/sh
# validation/run.sh: gcnsim against published hardware measurements (docs/validation.md).
# Runs every row of validation/rows.tsv (with --fast only the rows marked fast), prints the table
# and exits 1 when a row marked ok is outside its band, or a row marked gap is inside it (then the
# mark is stale: remove it); exits 2 when a run itself failed (gcnsim's exit status, a bad row).
# --markdown prints the table as docs/validation.md's section instead.
# Usage: sh validation/run.sh GCNSIM [--fast] [--markdown]
set -u
usage() { echo "usage: sh validation/run.sh GCNSIM [--fast] [--markdown]" >&2; exit 1; }
[ $# -ge 1 ] || usage
gcnsim=$1; shift
fast=0; md=0
for a in "$@"; do
  case $a in
    --fast) fast=1 ;;
    --markdown) md=1 ;;
    *) usage ;;
  esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
case $gcnsim in /*) ;; *) gcnsim=$root/$gcnsim ;; esac
[ -x "$gcnsim" ] || { echo "validation: $gcnsim is not an executable" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
# "#@ sets" lines give overrides for every row (the model options the rows are calibrated under).
common=$(sed -n 's/^#@ sets[[:space:]]*//p' validation/rows.tsv)
if [ "$md" = 1 ]; then
  echo "| row | chip | source | hardware | gcnsim | error | band | result |"
  echo "|---|---|---|---|---|---|---|---|"
else
  printf '%-18s %-16s %10s %10s %8s %9s  %s\n' row chip hardware gcnsim error band result
fi
bad=0; broken=0
grep -v '^#' validation/rows.tsv | grep -v '^[[:space:]]*$' > "$tmp/rows"
while IFS="$tab" read -r id speed status chip source hw band measure workload sets; do
  [ "$fast" = 1 ] && [ "$speed" != fast ] && continue
  set --
  for s in $common; do set -- "$@" --set "$s"; done
  if [ "$sets" != "-" ]; then
    for s in $sets; do
      case $s in
        machine=*) set -- "$@" --machine "${s#machine=}" ;;
        *) set -- "$@" --set "$s" ;;
      esac
    done
  fi
  kind=${measure%% *}; arg=${measure#* }
  # "p50 dump BUF": the run writes buffer BUF (u32 samples) for the median below.
  rm -f "$tmp/dump.bin"
  case $measure in "p50 dump "*) set -- "$@" --dump "${measure#p50 dump }=$tmp/dump.bin" ;; esac
  if ! "$gcnsim" run "$workload" "$@" > "$tmp/out" 2>&1; then
    echo "validation: $id: gcnsim run $workload failed:" >&2; head -5 "$tmp/out" >&2
    broken=1; continue
  fi
  cycles=$(awk '$1 == "cycles" { print $2; exit }' "$tmp/out")
  echo "$cycles" > "$tmp/cycles_$id"
  case $kind in
    per) got=$(awk -v c="$cycles" -v n="$arg" 'BEGIN { printf "%.3f", c / n }') ;;
    ratio)
      if [ ! -f "$tmp/cycles_$arg" ]; then echo "validation: $id: row $arg must come first" >&2; broken=1; continue; fi
      got=$(awk -v b="$(cat "$tmp/cycles_$arg")" -v c="$cycles" 'BEGIN { printf "%.3f", b / c }') ;;
    p50)
      case $arg in
        "dump "*)
          # The median of the dumped buffer's u32 values (the lower one of an even count), as
          # mt4g reports its samples.
          got=$(od -An -tu4 -v "$tmp/dump.bin" | tr -s ' ' '\n' | grep -v '^$' | sort -n |
                awk '{ v[NR] = $1 } END { if (NR > 0) printf "%.3f", v[int((NR + 1) / 2)] }')
          [ -n "$got" ] || { echo "validation: $id: the dumped buffer is empty" >&2; broken=1; continue; }
          ;;
        *)
          # The report's "load latency" line: the median issue-to-data latency of the vector loads.
          got=$(awk '$1 == "load" && $2 == "latency" { for (i = 3; i < NF; i++) if ($i == "p50") { v = $(i + 1); sub(/,$/, "", v); print v; exit } }' "$tmp/out")
          [ -n "$got" ] || { echo "validation: $id: no vector load latency in the report" >&2; broken=1; continue; } ;;
      esac ;;
    *) echo "validation: $id: unknown measure '$measure'" >&2; broken=1; continue ;;
  esac
  err=$(awk -v g="$got" -v h="$hw" 'BEGIN { printf "%+.1f", (g / h - 1) * 100 }')
  # The band: N (within +-N %) or LO..HI (the error in [LO, HI] %: -100..0 is "at most the figure").
  case $band in
    *..*) lo=${band%%..*}; hi=${band#*..}; shown="$lo..$hi" ;;
    *) lo=-$band; hi=$band; shown="±$band" ;;
  esac
  inside=$(awk -v e="$err" -v l="$lo" -v h="$hi" 'BEGIN { print (e <= h + 0 && e >= l + 0) ? 1 : 0 }')
  case $status.$inside in
    ok.1) result=pass ;;
    ok.0) result=FAIL; bad=1 ;;
    gap.0) result="known gap" ;;
    gap.1) result="FAIL (a known gap now inside its band: remove the mark)"; bad=1 ;;
    *) echo "validation: $id: status must be ok or gap, not '$status'" >&2; broken=1; continue ;;
  esac
  if [ "$md" = 1 ]; then
    # Markdown would take Buffer<R32f> for a tag.
    src=$(printf '%s' "$source" | sed 's/</\&lt;/g; s/>/\&gt;/g')
    echo "| \`$id\` | $chip | $src | $hw | $got | $err % | $shown % | $result |"
  else
    printf '%-18s %-16s %10s %10s %7s%% %8s%%  %s\n' "$id" "$chip" "$hw" "$got" "$err" "$shown" "$result"
  fi
done < "$tmp/rows"
[ "$broken" = 0 ] || exit 2
exit $bad
