#!/bin/sh
# Runs every command shown in the documentation, so the docs cannot rot.
# In README.md and docs/*.md, each line "$ COMMAND" inside a ```console block is run from the
# repository root with `gcnsim` on PATH (the binary given as $1), and `gcnviz` (the binary given as
# $2, when given). A block line "[exit N]" right
# after the command's output says the command is expected to exit with status N (default 0).
# `make test` itself is skipped (it is what is running this).
# Usage: docs_check.sh GCNSIM [GCNVIZ]
set -u
gcnsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
gcnviz=${2:+$(cd "$(dirname "$2")" && pwd)/$(basename "$2")}
root=$(cd "$(dirname "$0")/.." && pwd)
bindir=$(mktemp -d)
trap 'rm -rf "$bindir"' EXIT
ln -s "$gcnsim" "$bindir/gcnsim"
[ -n "$gcnviz" ] && ln -s "$gcnviz" "$bindir/gcnviz"
cmds="$bindir/commands"
# Extract "file<TAB>line<TAB>expected-exit<TAB>command" records.
for f in "$root"/README.md "$root"/docs/*.md; do
  [ -f "$f" ] || continue
  awk -v file="${f#$root/}" '
    /^```console/ { inblk = 1; next }
    /^```/ { if (inblk && pending != "") print file "\t" pline "\t0\t" pending; inblk = 0; pending = ""; next }
    inblk && /^\$ / {
      if (pending != "") print file "\t" pline "\t0\t" pending
      pending = substr($0, 3); pline = NR; next }
    inblk && /^\[exit [0-9]+\]$/ {
      if (pending != "") { code = $2; sub(/\]/, "", code); print file "\t" pline "\t" code "\t" pending; pending = "" }
      next }
  ' "$f"
done > "$cmds"
pass=0; fail=0
tab=$(printf '\t')
while IFS="$tab" read -r file line want cmd; do
  case "$cmd" in "make test"*) continue ;; esac
  out=$(cd "$root" && PATH="$bindir:$PATH" sh -c "$cmd" 2>&1 </dev/null)
  got=$?
  if [ "$got" = "$want" ]; then pass=$((pass+1)); else
    fail=$((fail+1))
    echo "docs-check: $file:$line: '$cmd' exited $got, expected $want" >&2
    echo "$out" | head -20 | sed 's/^/    /' >&2
  fi
done < "$cmds"
echo "docs-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
