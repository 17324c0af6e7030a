#!/bin/sh
# `make install` installs what the lessons need: installs into a temporary DESTDIR and runs a lesson's
# experiment from the installed share folder with the installed binary (docs/teaching.md).
# Usage: sh tests/install_check.sh   (from anywhere; prints "install-check: ok")
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s -C "$root" install DESTDIR="$tmp" PREFIX=/usr > "$tmp/log" 2>&1 || { cat "$tmp/log" >&2; echo "install-check: make install failed" >&2; exit 1; }
share=$tmp/usr/share/gcnsim doc=$tmp/usr/share/doc/gcnsim
for f in "$tmp/usr/bin/gcnsim" "$share/workloads/experiments/01_vgpr_pressure.sh" "$share/workloads/experiments/lib.sh" \
         "$share/workloads/tutorial/first.ini" "$doc/teaching.md" "$doc/img/experiments/vgpr_pressure.png" "$doc/img/reduce.png"; do
  [ -e "$f" ] || { echo "install-check: make install did not install ${f#$tmp}" >&2; exit 1; }
done
# Lesson 3 as docs/teaching.md gives it, from the installed share folder.
if ! (cd "$share" && PATH="$tmp/usr/bin:$PATH" sh workloads/experiments/01_vgpr_pressure.sh gcnsim "$tmp/lesson3" --fast > "$tmp/out" 2>&1); then
  cat "$tmp/out" >&2; echo "install-check: lesson 3 does not run from the installed files" >&2; exit 1
fi
echo "install-check: ok (lesson 3 runs from $(echo "${share#$tmp}"))"
