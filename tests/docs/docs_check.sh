#!/bin/sh
# Runs every command shown in the documentation, so the docs cannot rot.
# In README.md and docs/*.md, each line "$ COMMAND" inside a ```console block is run from the
# repository root with `gcnsim` on PATH (the binary given as $1), and `gcnviz` (the binary given as
# $2, when given). A block line "[exit N]" right
# after the command's output says the command is expected to exit with status N (default 0).
# The lines a block shows after a command are its expected output (standard output and error),
# compared by tests/docs/docs_match.awk: "..." elides lines, a line ending in "..." matches by prefix.
# A command shown without output is only run. `make` commands are skipped (the docs check is one
# of them, and the others build or run what the tests check anyway).
# Usage: docs_check.sh GCNSIM [GCNVIZ]
set -u
gcnsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
gcnviz=${2:+$(cd "$(dirname "$2")" && pwd)/$(basename "$2")}
root=$(cd "$(dirname "$0")/../.." && pwd)
bindir=$(mktemp -d)
trap 'rm -rf "$bindir"' EXIT
mkdir "$bindir/tmp"
ln -s "$gcnsim" "$bindir/gcnsim"
[ -n "$gcnviz" ] && ln -s "$gcnviz" "$bindir/gcnviz"
cmds="$bindir/commands"
# Extract "file<TAB>line<TAB>expected-exit<TAB>shown-output-file<TAB>command" records; each
# command's shown output (the block's lines after it, up to the next command, its "[exit N]" or the
# end of the block) goes to a file of its own.
for f in "$root"/README.md "$root"/docs/*.md; do
  [ -f "$f" ] || continue
  awk -v file="${f#$root/}" -v dir="$bindir" -v base="$(basename "$f" .md)" '
    function flush(code) {
      if (pending != "") { close(out); print file "\t" pline "\t" code "\t" out "\t" pending }
      pending = ""
    }
    /^```console/ { inblk = 1; next }
    /^```/ { if (inblk) flush(0); inblk = 0; next }
    inblk && /^\$ / {
      flush(0)
      pending = substr($0, 3); pline = NR; out = dir "/shown." base "." NR; printf "" > out; next }
    inblk && /^\[exit [0-9]+\]$/ { code = $2; sub(/\]/, "", code); flush(code); next }
    inblk && pending != "" { print > out }
  ' "$f"
done > "$cmds"
pass=0; fail=0
tab=$(printf '\t')
while IFS="$tab" read -r file line want shown cmd; do
  case "$cmd" in "make "*) continue ;; esac
  # The pages' /tmp/... paths go to a private directory (and back in the output), so that two
  # checks running at once do not share files, and nothing is left in /tmp.
  run=$(printf '%s' "$cmd" | sed "s#/tmp/#$bindir/tmp/#g")
  out=$(cd "$root" && PATH="$bindir:$PATH" sh -c "$run" 2>&1 </dev/null)
  got=$?
  out=$(printf '%s\n' "$out" | sed "s#$bindir/tmp/#/tmp/#g")
  if [ "$got" != "$want" ]; then
    fail=$((fail+1))
    echo "docs-check: $file:$line: '$cmd' exited $got, expected $want" >&2
    echo "$out" | head -20 | sed 's/^/    /' >&2
  elif [ -s "$shown" ] && ! printf '%s\n' "$out" > "$bindir/actual" || \
       { [ -s "$shown" ] && ! why=$(awk -f "$root/tests/docs/docs_match.awk" "$shown" "$bindir/actual"); }; then
    fail=$((fail+1))
    echo "docs-check: $file:$line: '$cmd' prints something else than the page shows" >&2
    echo "$why" >&2
  else
    pass=$((pass+1))
  fi
done < "$cmds"
# docs/kernels.md's "Runs?" column against tests/pending.txt, the list the tests skip: a kernel the
# page marks "pending: INSTRUCTION" is listed there, and every kernel listed there is marked so.
awk -F'|' '/^\| `[A-Za-z0-9_]+\.ini` \|/ { n = $2; gsub(/[ `]/, "", n); sub(/\.ini$/, "", n)
    r = $(NF - 1); sub(/^ +/, "", r); if (r ~ /^pending/) print n }' "$root/docs/kernels.md" | sort > "$bindir/pending.doc"
awk '!/^#/ && NF { n = $1; sub(/.*\//, "", n); print n }' "$root/tests/pending.txt" | sort > "$bindir/pending.list"
if ! cmp -s "$bindir/pending.doc" "$bindir/pending.list"; then
  fail=$((fail+1))
  echo "docs-check: docs/kernels.md marks as pending: $(tr '\n' ' ' < "$bindir/pending.doc")but tests/pending.txt lists: $(tr '\n' ' ' < "$bindir/pending.list")" >&2
else
  pass=$((pass+1))
fi
echo "docs-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
