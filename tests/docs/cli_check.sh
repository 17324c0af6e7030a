#!/bin/sh
# The synopses of docs/cli.md against the programs' own help (run by `make docs-check`): every
# option a command's --help names in its usage or option list appears in that command's line of the synopsis at the top of
# docs/cli.md, and every option a synopsis line of docs/cli.md names (the top one and those of the
# sections) appears in that command's --help. -h, --help and --version are every command's and
# are left out. gcnsim's and gcnviz's --version must print the same version. (The synopsis's gcnsim
# lines themselves are the command table's: docs/gen/cli_doc.c, `make docs-check`.)
# Usage: sh tests/docs/cli_check.sh GCNSIM GCNVIZ   (prints "cli-check: N commands, M options checked")
set -u
gcnsim=$1 gcnviz=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A help text's options: those of its usage lines and of its option list (lines starting with '-').
opts() {
  awk '/^usage:/ { u = 1; print; next } u && /^ / { print; next } { u = 0 } /^ +-/' |
    grep -o -- '--[a-z][a-z0-9-]*' | grep -v -x -e --help -e --version | sort -u
}
# "block<TAB>command<TAB>option" for every synopsis line of docs/cli.md: the lines of its plain ```
# blocks that start with "gcnsim COMMAND" or "gcnviz", and the indented lines that continue them.
awk '
  /^```/ { if (inblk) inblk = 0; else if ($0 == "```") { inblk = 1; blk++ } ; next }
  !inblk { next }
  /^gcnsim [a-z]/ { cmd = $2 } /^gcnviz/ { cmd = "gcnviz" }
  /^[^ ]/ && !/^gcnsim [a-z]/ && !/^gcnviz/ { cmd = "" }
  cmd != "" { s = $0; while (match(s, /--[a-z][a-z0-9-]*/)) { print blk "\t" cmd "\t" substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) } }
' "$root/docs/cli.md" | awk -F'\t' '$3 != "--help" && $3 != "--version"' | sort -u > "$tmp/synopsis"
fail=0 n=0 m=0
# The commands: those of the command table (sim/cli/commands.def), as `gcnsim --help` lists them.
commands=$(sh "$root/docs/gen/commands.sh" "$gcnsim")
[ -n "$commands" ] || { echo "cli-check: 'gcnsim --help' lists no commands" >&2; exit 1; }
for c in $commands gcnviz; do
  n=$((n+1))
  if [ "$c" = gcnviz ]; then "$gcnviz" --help > "$tmp/help" 2>&1; else "$gcnsim" "$c" --help > "$tmp/help" 2>&1; fi ||
    { echo "cli-check: '$c --help' failed" >&2; fail=1; continue; }
  opts < "$tmp/help" > "$tmp/help.opts"
  awk -F'\t' -v c="$c" '$1 == 1 && $2 == c { print $3 }' "$tmp/synopsis" | sort -u > "$tmp/top.opts"
  awk -F'\t' -v c="$c" '$2 == c { print $3 }' "$tmp/synopsis" | sort -u > "$tmp/all.opts"
  for o in $(comm -23 "$tmp/help.opts" "$tmp/top.opts"); do
    echo "cli-check: '$c --help' names $o, the synopsis at the top of docs/cli.md does not" >&2; fail=1
  done
  for o in $(comm -13 "$tmp/help.opts" "$tmp/all.opts"); do
    echo "cli-check: docs/cli.md's synopsis of '$c' names $o, '$c --help' does not" >&2; fail=1
  done
  m=$((m + $(wc -l < "$tmp/help.opts")))
done
v1=$("$gcnsim" --version | awk '{ print $2; exit }')
v2=$("$gcnviz" --version | awk '{ print $2; exit }')
[ -n "$v1" ] && [ "$v1" = "$v2" ] || { echo "cli-check: gcnsim --version says '$v1', gcnviz --version '$v2'" >&2; fail=1; }
[ "$fail" = 0 ] && echo "cli-check: $n commands, $m options checked, version $v1"
exit "$fail"
