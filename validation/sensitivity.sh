#!/bin/sh
# validation/sensitivity.sh: how far the experiments' conclusions move across the plausible range
# of every assumed default (docs/validation.md, "Sensitivity of the assumed defaults").
# validation/sensitivity.tsv gives each assumed key's range; this script first checks that it has a
# row for every key docs/config.md marks assumed and for no other key, then runs the experiments'
# small versions (workloads/experiments/run.sh --fast) on the default machine and once per end of
# each range (a gcnsim wrapper adds --set KEY=VALUE to every run, before the experiment's own
# options, so that a key an experiment sets itself keeps the experiment's value), reads each
# conclusion's figure from the experiments' CSV files, and prints how much each figure moves
# (percent) and whether each conclusion still holds.
# Exit status: 0 done (a conclusion that does not hold is a finding, not a failure); 1 usage or
# sensitivity.tsv does not match the assumed keys; 2 a run failed.
# Usage: sh validation/sensitivity.sh GCNSIM [--markdown] [--jobs N]
set -u
usage() { echo "usage: sh validation/sensitivity.sh GCNSIM [--markdown] [--jobs N]" >&2; exit 1; }
root=$(cd "$(dirname "$0")/.." && pwd)
self=$root/validation/sensitivity.sh

# val CSV COLUMN [NAME=VALUE;...]: COLUMN of the first row whose named columns hold those values.
val() {
  awk -F, -v c="$2" -v conds="${3:-}" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; n = split(conds, w, ";"); next }
    { ok = 1
      for (j = 1; j <= n; j++) { split(w[j], kv, "="); if (!(kv[1] in col) || $(col[kv[1]]) != kv[2]) ok = 0 }
      if (ok && (c in col)) { print $(col[c]); exit } }' "$1" 2>/dev/null
}
# emit ID FIGURE HOLDS: "ID FIGURE 0|1", or "ID n/a 0" when a value is missing (the expressions
# are awk's).
emit() {
  awk "BEGIN { printf \"%s %.4f %d\\n\", \"$1\", $2, ($3) ? 1 : 0 }" 2>/dev/null || echo "$1 n/a 0"
}
# The conclusions of docs/experiments.md, one figure each, from the CSV files of run.sh --fast in
# DIR. Their descriptions are in describe() below, in the same order.
conclusions() {
  d=$1
  f=$d/01_vgpr_pressure/vgpr_pressure.csv
  emit vgpr "$(val "$f" cycles "vgprs=48") / $(val "$f" cycles "vgprs=32")" "$(val "$f" cycles "vgprs=32") < $(val "$f" cycles "vgprs=48")"
  f=$d/02_rampdown/rampdown.csv
  a=$(val "$f" cycles "case=one_wg"); b=$(val "$f" cycles "case=one_wave")
  emit release "$a / $b" "$b < $a"
  a=$(val "$f" cycles "case=previous_wg"); b=$(val "$f" cycles "case=none_wg")
  emit overlap "$a / $b" "$b < $a"
  f=$d/03_barrier_effects/barrier_effects.csv
  a=$(val "$f" cycles "groups_per_cu=1"); b=$(val "$f" cycles "groups_per_cu=2")
  emit barrier "$a / $b" "$b < $a"
  f=$d/04_latency_hiding/latency_hiding.csv
  a1=$(val "$f" cycles "kernel=ratio;valu_per_load=1;waves_per_simd=1")
  a4=$(val "$f" cycles "kernel=ratio;valu_per_load=1;waves_per_simd=4")
  a10=$(val "$f" cycles "kernel=ratio;valu_per_load=1;waves_per_simd=10")
  emit memory_bound "$a1 / $a10" "$a10 < $a4 && $a4 < $a1"
  h4=$(val "$f" cycles "kernel=ratio;valu_per_load=64;waves_per_simd=4")
  h10=$(val "$f" cycles "kernel=ratio;valu_per_load=64;waves_per_simd=10")
  emit alu_bound "$h10 / $h4" "$h10 > 0.85 * $h4"
  b4=$(val "$f" cycles "kernel=block;waves_per_simd=4"); b10=$(val "$f" cycles "kernel=block;waves_per_simd=10")
  emit thrash "$b10 / $b4" "$b10 > $b4"
  f=$d/05_l2_tiling/l2_tiling.csv
  a=$(val "$f" cycles "dram_bytes_per_cycle=32;order=row-major"); b=$(val "$f" cycles "dram_bytes_per_cycle=32;order=tiled")
  emit tiling_dram "$a / $b" "$b < $a"
  a=$(val "$f" cycles "dram_bytes_per_cycle=512;order=row-major"); b=$(val "$f" cycles "dram_bytes_per_cycle=512;order=tiled")
  emit tiling_l1 "$b / $a" "$b > 0.95 * $a && $b < 1.05 * $a"
  f=$d/06_coarsening/coarsening.csv
  a=$(val "$f" cycles "outputs_per_item=1"); b=$(val "$f" cycles "outputs_per_item=8")
  emit coarsening "$a / $b" "$b < $a"
  f=$d/07_scalar_loads/scalar_loads.csv
  a=$(val "$f" cycles "variant=vgpr"); b=$(val "$f" cycles "variant=sgpr")
  emit scalar "$a / $b" "$b < $a"
  f=$d/08_atomics/atomics.csv
  a=$(val "$f" cycles "variant=per_lane"); b=$(val "$f" cycles "variant=per_wave")
  emit atomics "$a / $b" "$b < $a"
  f=$d/09_lack_of_work/lack_of_work.csv
  emit launch "$(val "$f" measured_waves_per_simd "case=short waves;launch_cycles=1")" \
    "$(val "$f" launch_limited "case=short waves;launch_cycles=1") > $(val "$f" no_work "case=short waves;launch_cycles=1")"
  f=$d/10_lds_tiles/lds_tiles.csv
  a=$(val "$f" cycles "tile=8"); b=$(val "$f" cycles "tile=16"); c=$(val "$f" cycles "tile=32")
  emit lds_tiles "$c / $b" "$c > $b && $c > $a"
  f=$d/11_spill_to_fit/spill_to_fit.csv
  a=$(val "$f" cycles "build=natural;dram_latency=200"); b=$(val "$f" cycles "build=32;dram_latency=200")
  c=$(val "$f" cycles "build=natural;dram_latency=800"); e=$(val "$f" cycles "build=32;dram_latency=800")
  emit spill "$b / $a" "$b > $a && $e > $c"
}
# One line per conclusion: ID|experiment|what it says|its figure|when it holds.
describe() {
  cat <<'EOF'
vgpr|1|32 VGPRs run the solver faster than 48 (two groups per CU instead of one)|cycles at 48 VGPRs / at 32|above 1
release|2|releasing a finished wave's resources per wave ends the dispatch sooner|cycles per workgroup / per wave|above 1
overlap|2|without a dependency the second dispatch fills the first one's tail|cycles after = previous / after = none|above 1
barrier|3|a second resident group shortens the barrier-bound kernel|cycles one group / two|above 1
memory_bound|4|memory-bound kernel (1 VALU per load): more waves help|cycles at 1 wave per SIMD / at 10|10 waves faster than 4, 4 faster than 1
alu_bound|4|ALU-bound kernel (64 VALU per load): from 4 to 10 waves gains under 15 %|cycles at 10 waves / at 4|above 0.85
thrash|4|re-read blocks: 10 waves per SIMD slower than 4 (the L2 thrashes)|cycles at 10 waves / at 4|above 1
tiling_dram|5|bound by DRAM, tiled order (strips of 16) is faster than row-major|cycles row-major / tiled, quarter DRAM bandwidth|above 1
tiling_l1|5|with the default DRAM, tiling does not change the time (the L1 ports bound it)|cycles tiled / row-major|0.95 to 1.05
coarsening|6|coarsening (8 outputs per work-item) is faster than none|cycles 1 output / 8|above 1
scalar|7|wave-invariant data in SGPRs is faster than in VGPRs|cycles VGPR / SGPR variant|above 1
atomics|8|one atomic per wave is faster than one per lane|cycles per lane / per wave|above 1
launch|9|short waves: the launcher, not the resources, sets the occupancy|waves per SIMD, short waves at one launch a cycle|launch-limited slots exceed no-work slots
lds_tiles|10|32x32 LDS tiles are the slowest of the three|cycles 32x32 / 16x16|32x32 slower than 8x8 and 16x16
spill|11|spilling to fit a second group is slower than not spilling|cycles spilling / natural build, DRAM latency 200|above 1 at DRAM latency 200 and 800
EOF
}

# ---- one variant (run in parallel by the main part): --variant GCNSIM "DIR [KEY=VALUE...]"
if [ "${1:-}" = --variant ]; then
  gcnsim=$2; set -- $3
  dir=$1; shift
  mkdir -p "$dir" || exit 2
  setargs=""
  for s in "$@"; do setargs="$setargs --set $s"; done
  printf '#!/bin/sh\nif [ "$1" = run ] && [ $# -ge 2 ]; then w=$2; shift 2; exec "%s" run "$w"%s "$@"; fi\nexec "%s" "$@"\n' \
    "$gcnsim" "$setargs" "$gcnsim" > "$dir/gcnsim" && chmod +x "$dir/gcnsim" || exit 2
  # Only the experiments whose conclusions describe() lists (the others run on other machines).
  sh "$root/workloads/experiments/run.sh" "$dir/gcnsim" "$dir/exp" --fast \
    $(describe | cut -d'|' -f2 | sort -un | awk '{ printf "%02d ", $1 }') > "$dir/log" 2>&1
  conclusions "$dir/exp" > "$dir/figures"
  exit 0
fi

[ $# -ge 1 ] || usage
gcnsim=$1; shift
md=0; jobs=2
while [ $# -gt 0 ]; do
  case $1 in
    --markdown) md=1 ;;
    --jobs) [ $# -ge 2 ] || usage; jobs=$2; shift
            case $jobs in ''|*[!0-9]*|0) usage ;; esac ;;
    *) usage ;;
  esac
  shift
done
cd "$root" || exit 1
case $gcnsim in /*) ;; *) gcnsim=$root/$gcnsim ;; esac
[ -x "$gcnsim" ] || { echo "sensitivity: $gcnsim is not an executable" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
tsv=validation/sensitivity.tsv

# ---- the rows against the keys docs/config.md marks assumed
awk -F'|' '/^\| `[a-z_0-9]+\.[a-z_0-9]+` \|/ { k = $2; gsub(/[ `]/, "", k); s = $6; sub(/^ /, "", s)
  if (s ~ /^assumed/) print k }' docs/config.md | sort > "$tmp/assumed"
grep -v '^#' "$tsv" | grep -v '^[[:space:]]*$' > "$tmp/rows"
cut -f1 "$tmp/rows" | sort > "$tmp/listed"
bad=0
for k in $(comm -23 "$tmp/assumed" "$tmp/listed"); do
  echo "$tsv: error: $k is assumed (docs/config.md) but has no row: give its plausible range" >&2; bad=1
done
for k in $(comm -13 "$tmp/assumed" "$tmp/listed"); do
  echo "$tsv: error: $k has a row but is not assumed in docs/config.md (or not a key): remove the row" >&2; bad=1
done
[ -z "$(cut -f1 "$tmp/rows" | sort | uniq -d)" ] || { echo "$tsv: error: a key has two rows" >&2; bad=1; }
# The defaults, as config --dump prints them.
"$gcnsim" config --dump | awk '/^\[/ { s = substr($1, 2, length($1) - 2); next }
  /^[a-z_0-9]+ = / { print s "." $1 "\t" $3 }' > "$tmp/defaults" || exit 2
n=0
while IFS="$tab" read -r key low high why; do
  n=$((n + 1))
  [ -n "$why" ] || { echo "$tsv: error: $key: four tab-separated columns (key, low, high, why)" >&2; bad=1; continue; }
  for end in "$low" "$high"; do
    [ "$end" = - ] && continue
    for w in $end; do
      printf '%s\n' "$w" | grep -Eq '^([a-z_0-9]+\.[a-z_0-9]+=)?[A-Za-z0-9_.-]+$' ||
        { echo "$tsv: error: $key: '$w' is neither a value nor KEY=VALUE" >&2; bad=1; }
    done
  done
  if [ "$low" = - ] && [ "$high" != - ] || [ "$low" != - ] && [ "$high" = - ]; then
    echo "$tsv: error: $key: low and high are both '-' or neither" >&2; bad=1
  fi
done < "$tmp/rows"
[ "$bad" = 0 ] || exit 1

# ---- the variants: 0 the default machine, then each end of each range that is not the default
echo "$tmp/v0" > "$tmp/jobs"
: > "$tmp/variants"   # variant number, key, end (low|high), value shown
v=0
while IFS="$tab" read -r key low high why; do
  [ "$low" = - ] && continue
  def=$(awk -F'\t' -v k="$key" '$1 == k { print $2 }' "$tmp/defaults")
  for e in low high; do
    if [ $e = low ]; then end=$low; else end=$high; fi
    first=${end%% *}
    [ "$first" = "$def" ] && continue
    v=$((v + 1))
    sets="$key=$first"
    for w in $end; do [ "$w" = "$first" ] || sets="$sets $w"; done
    echo "$tmp/v$v $sets" >> "$tmp/jobs"
    printf '%s\t%s\t%s\t%s\n' "$v" "$key" "$e" "$first" >> "$tmp/variants"
  done
done < "$tmp/rows"
# xargs -P runs the variants in parallel; each writes DIR/figures.
tr '\n' '\0' < "$tmp/jobs" | xargs -0 -P "$jobs" -I{} sh "$self" --variant "$gcnsim" {}
broken=0
for d in $(cut -d' ' -f1 "$tmp/jobs"); do
  if [ ! -s "$d/figures" ] || grep -q ' n/a ' "$d/figures"; then
    echo "sensitivity: a run failed ($(sed -n "s|^$d ||p" "$tmp/jobs"); its figures: $(grep ' n/a ' "$d/figures" 2>/dev/null | cut -d' ' -f1 | tr '\n' ' '))" >&2
    tail -5 "$d/log" >&2; broken=1
  fi
done
[ "$broken" = 0 ] || exit 2

describe > "$tmp/desc"
# percent VALUE DEFAULT: the signed move in percent.
pct() { awk -v x="$1" -v d="$2" 'BEGIN { if (d == 0) { print "n/a"; exit }
  m = (x / d - 1) * 100; if (m > -0.05 && m < 0.05) m = 0; printf "%+.1f", m }'; }
# summary FIGURES: "largest move (conclusion)|conclusions that do not hold" for one variant's
# figures against the default machine's.
summary() {
  awk -v ref="$tmp/v0/figures" '
    BEGIN { while ((getline l < ref) > 0) { split(l, f, " "); d[f[1]] = f[2] } }
    { m = (d[$1] == 0) ? 0 : ($2 / d[$1] - 1) * 100; a = m < 0 ? -m : m
      if (!seen || a > best) { best = a; bm = m; bid = $1; seen = 1 }
      if ($3 == 0) br = br (br == "" ? "" : ", ") $1 }
    END { if (best < 0.05) printf "none|"; else printf "%+.1f %% (%s)|", bm, bid
          print (br == "" ? "—" : br) }' "$1"
}

if [ "$md" = 1 ]; then
  echo "The conclusions and their figures on the default machine (the experiments' \`--fast\` versions):"
  echo
  echo "| conclusion | experiment | what it says | figure | default | holds when | range over the sweeps | does not hold at |"
  echo "|---|---|---|---|---|---|---|---|"
  while IFS='|' read -r id exp what fig holds; do
    def=$(awk -v i="$id" '$1 == i { print $2 }' "$tmp/v0/figures")
    lo=$def hi=$def brk=""
    while IFS="$tab" read -r vn key e val; do
      x=$(awk -v i="$id" '$1 == i { print $2 }' "$tmp/v$vn/figures")
      lo=$(awk -v a="$lo" -v b="$x" 'BEGIN { print (b < a) ? b : a }')
      hi=$(awk -v a="$hi" -v b="$x" 'BEGIN { print (b > a) ? b : a }')
      if [ "$(awk -v i="$id" '$1 == i { print $3 }' "$tmp/v$vn/figures")" = 0 ]; then
        brk="$brk${brk:+, }\`$key\` = $val"
      fi
    done < "$tmp/variants"
    printf '| `%s` | %s | %s | %s | %.3f | %s | %.3f to %.3f (%s %% to %s %%) | %s |\n' "$id" "$exp" "$what" "$fig" "$def" "$holds" \
      "$lo" "$hi" "$(pct "$lo" "$def")" "$(pct "$hi" "$def")" "${brk:-—}"
  done < "$tmp/desc"
  echo
  echo "Each assumed key at the ends of its range (the largest move of any conclusion's figure, in"
  echo "percent of its default-machine value, and the conclusions that no longer hold):"
  echo
  echo "| key | default | low | largest move | does not hold | high | largest move | does not hold | why this range |"
  echo "|---|---|---|---|---|---|---|---|---|"
  while IFS="$tab" read -r key low high why; do
    def=$(awk -F'\t' -v k="$key" '$1 == k { print $2 }' "$tmp/defaults")
    why=$(printf '%s' "$why" | sed 's/\[\([A-Za-z0-9-]*\)\]/[\1](references.md#\L\1)/g')
    if [ "$low" = - ]; then
      printf '| `%s` | %s | — | | | — | | | %s |\n' "$key" "$def" "$why"; continue
    fi
    cells=""
    for e in low high; do
      vn=$(awk -F'\t' -v k="$key" -v e=$e '$2 == k && $3 == e { print $1 }' "$tmp/variants")
      if [ $e = low ]; then end=$low; else end=$high; fi
      if [ -z "$vn" ]; then cells="$cells | $end (the default) | | "; continue; fi
      s=$(summary "$tmp/v$vn/figures")
      cells="$cells | $end | ${s%%|*} | ${s#*|}"
    done
    printf '| `%s` | %s%s | %s |\n' "$key" "$def" "$cells" "$why"
  done < "$tmp/rows"
else
  printf '%-30s %-5s %-10s %-18s %s\n' key end value "largest move" "does not hold"
  while IFS="$tab" read -r vn key e val; do
    s=$(summary "$tmp/v$vn/figures")
    printf '%-30s %-5s %-10s %-18s %s\n' "$key" "$e" "$val" "${s%%|*}" "${s#*|}"
  done < "$tmp/variants"
fi
exit 0
