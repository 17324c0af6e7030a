#!/bin/sh
# validation/doc.sh: print docs/validation.md: validation/page.md with its @TABLE@ line replaced by
# the table of validation/run.sh --markdown (every row) and its @SENSITIVITY@ line by
# validation/sensitivity.sh --markdown. Usage: sh validation/doc.sh GCNSIM [GCNSIM-FOR-SENSITIVITY]
# (the sensitivity sweep runs the experiments 40-odd times: docs-check gives it the optimised
# build while the rows run under the sanitizers; both print the same figures).
set -u
[ $# -eq 1 ] || [ $# -eq 2 ] || { echo "usage: sh validation/doc.sh GCNSIM [GCNSIM-FOR-SENSITIVITY]" >&2; exit 1; }
dir=$(cd "$(dirname "$0")" && pwd)
# A row outside its band still belongs in the page (it says FAIL); a run that failed does not.
table=$(sh "$dir/run.sh" "$1" --markdown)
[ $? -ne 2 ] || { echo "validation/doc.sh: a validation run failed" >&2; exit 1; }
sens=$(sh "$dir/sensitivity.sh" "${2:-$1}" --markdown) || { echo "validation/doc.sh: the sensitivity sweep failed" >&2; exit 1; }
while IFS= read -r line; do
  case $line in
    @TABLE@) printf '%s\n' "$table" ;;
    @SENSITIVITY@) printf '%s\n' "$sens" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$dir/page.md"
