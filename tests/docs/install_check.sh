#!/bin/sh
# `make install` installs what the docs and the lessons need: installs into a temporary DESTDIR and
# checks the programs, their man pages (every command's options, the version), the machine files the
# help names, that every relative link of the installed docs reaches an installed file, and runs a
# lesson's experiment from the installed share folder with the installed binary (docs/teaching.md).
# Usage: sh tests/docs/install_check.sh   (from anywhere; prints "install-check: ok")
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s -C "$root" install DESTDIR="$tmp" PREFIX=/usr > "$tmp/log" 2>&1 || { cat "$tmp/log" >&2; echo "install-check: make install failed" >&2; exit 1; }
share=$tmp/usr/share/gcnsim doc=$tmp/usr/share/doc/gcnsim man=$tmp/usr/share/man/man1
for f in "$tmp/usr/bin/gcnsim" "$share/workloads/experiments/01_vgpr_pressure.sh" "$share/workloads/experiments/lib.sh" \
         "$share/workloads/tutorial/first.ini" "$share/sim/configs/fiji.ini" "$share/sim/configs/fiji-64.ini" \
         "$doc/README.md" "$doc/docs/teaching.md" "$doc/docs/img/experiments/vgpr_pressure.png" "$doc/docs/img/reduce.png" \
         "$man/gcnsim.1"; do
  [ -e "$f" ] || { echo "install-check: make install did not install ${f#$tmp}" >&2; exit 1; }
done
# The man pages: made from the installed programs' help, so each names every option of every
# command's --help and the version.
version=$("$tmp/usr/bin/gcnsim" --version | awk '{ print $2; exit }')
check_man() { # PAGE HELP-TEXT-FILE
  grep -q "$version" "$1" || { echo "install-check: ${1#$tmp} does not give the version $version" >&2; exit 1; }
  for o in $(grep -o -- '--[a-z][a-z0-9-]*' "$2" | sort -u); do
    grep -q -- "$(printf '%s' "$o" | sed 's/-/\\\\-/g')" "$1" || grep -q -- "$o" "$1" ||
      { echo "install-check: ${1#$tmp} does not name $o" >&2; exit 1; }
  done
}
for c in run check asm config occupancy sweep trace; do "$tmp/usr/bin/gcnsim" $c --help; done > "$tmp/help.gcnsim"
check_man "$man/gcnsim.1" "$tmp/help.gcnsim"
if [ -x "$tmp/usr/bin/gcnviz" ]; then
  [ -e "$man/gcnviz.1" ] || { echo "install-check: make install did not install /usr/share/man/man1/gcnviz.1" >&2; exit 1; }
  "$tmp/usr/bin/gcnviz" --help > "$tmp/help.gcnviz"
  check_man "$man/gcnviz.1" "$tmp/help.gcnviz"
fi
# Every relative link of the installed Markdown to a file (a target with a '/' or a '.') reaches an
# installed file (anchors are not checked).
broken=$(cd "$doc" && find . -name '*.md' | sort | while read -r md; do
  dir=$(dirname "$md")
  grep -o '](\([^)]*\))' "$md" | sed 's/^](//; s/)$//; s/#.*//; s/ .*//' | while read -r target; do
    case $target in ''|http://*|https://*|mailto:*) continue ;; */*|*.*) ;; *) continue ;; esac
    [ -e "$dir/$target" ] || echo "${md#./} -> $target"
  done
done)
[ -z "$broken" ] || { echo "install-check: links of the installed docs that lead nowhere:" >&2; echo "$broken" | sed 's/^/    /' >&2; exit 1; }
# The machine files work as the help and docs/config.md give them, from the installed share folder.
(cd "$share" && "$tmp/usr/bin/gcnsim" config --dump --config sim/configs/fiji-64.ini | grep -qx 'compute_units = 64') ||
  { echo "install-check: 'gcnsim config --dump --config sim/configs/fiji-64.ini' fails in ${share#$tmp}" >&2; exit 1; }
# The machine presets are compiled in: they work from a directory with no sim/configs, and each
# preset's file is installed beside fiji.ini.
(cd "$tmp" && "$tmp/usr/bin/gcnsim" config --dump --machine vega10 | grep -qx 'target = gfx900') ||
  { echo "install-check: 'gcnsim config --dump --machine vega10' fails away from the source tree" >&2; exit 1; }
for p in polaris vega10 vega20; do
  [ -e "$share/sim/configs/$p.ini" ] || { echo "install-check: make install did not install sim/configs/$p.ini" >&2; exit 1; }
done
# Lesson 3 as docs/teaching.md gives it, from the installed share folder.
if ! (cd "$share" && PATH="$tmp/usr/bin:$PATH" sh workloads/experiments/01_vgpr_pressure.sh gcnsim "$tmp/lesson3" --fast > "$tmp/out" 2>&1); then
  cat "$tmp/out" >&2; echo "install-check: lesson 3 does not run from the installed files" >&2; exit 1
fi
echo "install-check: ok (lesson 3 runs from $(echo "${share#$tmp}"); man pages, machine files and doc links checked)"
