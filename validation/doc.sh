#!/bin/sh
# validation/doc.sh: print docs/validation.md: validation/page.md with its @TABLE@ line replaced by
# the table of validation/run.sh --markdown (every row). Usage: sh validation/doc.sh GCNSIM
set -u
[ $# -eq 1 ] || { echo "usage: sh validation/doc.sh GCNSIM" >&2; exit 1; }
dir=$(cd "$(dirname "$0")" && pwd)
# A row outside its band still belongs in the page (it says FAIL); a run that failed does not.
table=$(sh "$dir/run.sh" "$1" --markdown)
[ $? -ne 2 ] || { echo "validation/doc.sh: a validation run failed" >&2; exit 1; }
while IFS= read -r line; do
  if [ "$line" = "@TABLE@" ]; then printf '%s\n' "$table"; else printf '%s\n' "$line"; fi
done < "$dir/page.md"
