#!/bin/sh
# The glossary of docs/report.md against what gcnsim prints (docs/report.md, "Glossary"): every name
# in its report, JSON and CSV columns appears in the outputs of a run, every CSV column is in it,
# and every line of the text report starts with a report name of it.
# Usage: sh tests/docs/glossary_check.sh GCNSIM   (prints "glossary: N names checked")
set -u
gcnsim=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The glossary table: "column<TAB>name" for every backquoted name of columns 2 (report), 3 (JSON), 4 (CSV).
awk '/^## Glossary/ { g = 1; next } g && /^## / { g = 0 } g && /^\| / && !/^\| thing/ && !/^\|---/ {
       n = split($0, c, "|")
       for (k = 3; k <= 5 && k <= n; k++) {
         s = c[k]
         while (match(s, /`[^`]+`/)) { print (k - 2) "\t" substr(s, RSTART + 1, RLENGTH - 2); s = substr(s, RSTART + RLENGTH) }
       }
     }' docs/report.md > "$tmp/names"
[ -s "$tmp/names" ] || { echo "glossary: no glossary table in docs/report.md" >&2; exit 1; }
# Outputs: a run with LDS and the per-instruction table, and one that uses scratch (buffer bytes).
for w in workloads/reduce.ini workloads/opencl/spill.ini; do
  b=$(basename "$w" .ini)
  "$gcnsim" run "$w" --per-pc --json "$tmp/$b.json" --csv "$tmp/$b.csv" > "$tmp/$b.txt" || exit 1
done
cat "$tmp"/*.txt > "$tmp/report"; cat "$tmp"/*.json > "$tmp/json"; head -1 "$tmp/reduce.csv" | tr ',' '\n' > "$tmp/columns"
fail=0
tab=$(printf '\t')
while IFS="$tab" read -r col name; do
  case $col in
    1) grep -qF -- "$name" "$tmp/report" || { echo "glossary: report name '$name' appears in no report line" >&2; fail=$((fail + 1)); } ;;
    2) leaf=${name##*.}
       grep -qF -- "\"$leaf\":" "$tmp/json" || { echo "glossary: JSON key '$name' is not in the JSON" >&2; fail=$((fail + 1)); } ;;
    3) grep -qxF -- "$name" "$tmp/columns" || { echo "glossary: CSV column '$name' is not in the CSV header" >&2; fail=$((fail + 1)); } ;;
  esac
done < "$tmp/names"
# Reverse: every CSV column and every report line is named.
awk -F'\t' '$1 == 3 { print $2 }' "$tmp/names" | sort -u > "$tmp/gcsv"
for c in $(sort -u "$tmp/columns" | comm -23 - "$tmp/gcsv"); do
  echo "glossary: CSV column '$c' is not in the glossary of docs/report.md" >&2; fail=$((fail + 1))
done
awk -F'\t' '$1 == 1 { print $2 }' "$tmp/names" > "$tmp/glabels"
grep -v '^[[:space:]]' "$tmp/report" | while read -r line; do
  if ! awk -v l="$line" '{ if (index(l, $0 " ") == 1 || l == $0) found = 1 } END { exit !found }' "$tmp/glabels"; then
    echo "glossary: the report line '$(echo "$line" | cut -c1-60)' starts with no name of the glossary" >&2
    echo x
  fi
done > "$tmp/unnamed"
fail=$((fail + $(wc -l < "$tmp/unnamed")))
echo "glossary: $(wc -l < "$tmp/names") names checked, $fail problems"
[ "$fail" -eq 0 ]
