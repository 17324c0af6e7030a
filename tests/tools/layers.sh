#!/bin/sh
# The rooms and their order (docs/development.md, "Rooms"): every quoted #include of the sources
# must point to the same room or to a room below, and the include graph of modules must have no
# cycle. A module is a header with its .c files: the .c file of the same stem in the same room
# (timing_cu.c is the module machine/timing_cu.h), else the one whose first include it is. So
# files that call each other in a circle are caught when each has its own header, and a .c file
# without one (launch_fault.c: load/launch.h) joins its first include's module. viz/ has layers of
# its own inside its room (vrank). Prints each violation and "layers: N passed, N failed".
# Usage: sh tests/tools/layers.sh (from anywhere).
set -u
cd "$(dirname "$0")/../.." || exit 1
# Room rank: a file may include its own room and any room of a lower rank.
rank() {
  case $1 in
    common) echo -1 ;;
    isa|sim/base) echo 0 ;;
    isa/exec|isa/asm) echo 1 ;;
    sim/config) echo 2 ;;
    sim/mem) echo 3 ;;
    sim/load) echo 4 ;;
    sim/machine) echo 5 ;;
    sim/observe) echo 6 ;;
    sim/report) echo 7 ;;
    sim/cli|viz) echo 8 ;;
    *) echo "" ;;
  esac
}
# Inside viz/, the viewer's layers (viz/README.md): text; the model (built once from the trace);
# the view and its layout; drawing; input and main. A viz file may include viz headers of its own
# layer or a lower one; the module graph below keeps each layer free of cycles.
vrank() {
  case $(basename "$1" | sed 's/\.[ch]$//') in
    viz_text) echo 0 ;;
    viz_model|viz_mem|viz_pcs|viz_range|viz_load) echo 1 ;;
    viz_palette|viz_view|viz_legend|viz_layout) echo 2 ;;
    viz_canvas|viz_panels|viz_pane|viz_hover|viz_draw|viz_png) echo 3 ;;
    viz_input|viz_main) echo 4 ;;
    *) echo "" ;;
  esac
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(ls common/*.[ch] isa/*.[ch] isa/*.def isa/*/*.[ch] sim/*/*.[ch] sim/*/*.def viz/*.[ch] 2>/dev/null)
fail=0
checked=0
: > "$tmp/edges"
for f in $files; do
  room=$(dirname "$f")
  r=$(rank "$room")
  if [ -z "$r" ]; then
    echo "layers: FAIL $f: $room is not a room of tests/tools/layers.sh (add it, with its rank, and to docs/development.md)"
    fail=$((fail + 1))
    continue
  fi
  own=""
  first=1
  for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
    # Resolved as the compiler does: the including file's folder, then -Iisa, -Isim and -I.
    t=""
    for cand in "$room/$inc" "isa/$inc" "sim/$inc" "$inc"; do
      [ -f "$cand" ] && { t=$cand; break; }
    done
    if [ -z "$t" ]; then
      echo "layers: FAIL $f: #include \"$inc\" names no file of isa/, sim/ or common/"
      fail=$((fail + 1))
      continue
    fi
    troom=$(dirname "$t")
    tr=$(rank "$troom")
    checked=$((checked + 1))
    if [ "$troom" != "$room" ] && { [ -z "$tr" ] || [ "$tr" -ge "$r" ]; }; then
      echo "layers: FAIL $f includes $t: $room may include only its own room and rooms below it"
      fail=$((fail + 1))
    fi
    if [ "$room" = viz ] && [ "$troom" = viz ]; then
      vf=$(vrank "$f") vt=$(vrank "$t")
      if [ -z "$vf" ] || [ -z "$vt" ]; then
        echo "layers: FAIL $f includes $t: give each viz file its layer in tests/tools/layers.sh (vrank) and viz/README.md"
        fail=$((fail + 1))
      elif [ "$vt" -gt "$vf" ]; then
        echo "layers: FAIL $f includes $t: a viz layer may include only its own layer and those below it"
        fail=$((fail + 1))
      fi
    fi
    case $f in *.c) [ $first = 1 ] && [ "$troom" = "$room" ] && own=$t ;; esac
    first=0
    echo "$f $t" >> "$tmp/edges"
  done
  case $f in *.c) [ -f "${f%.c}.h" ] && own=${f%.c}.h; echo "$f ${own:-$f}" >> "$tmp/modules" ;; esac
done
# Module graph: each .c file stands for its module (its own header); an edge per include.
awk 'NR == FNR { mod[$1] = $2; next } { a = ($1 in mod) ? mod[$1] : $1; b = ($2 in mod) ? mod[$2] : $2;
     if (a != b) print a, b }' "$tmp/modules" "$tmp/edges" | sort -u > "$tmp/graph"
if ! tsort "$tmp/graph" > /dev/null 2> "$tmp/loop"; then
  echo "layers: FAIL the module include graph has a cycle:"
  sed 's/^/    /' "$tmp/loop"
  fail=$((fail + 1))
fi
echo "layers: $checked passed, $fail failed"
[ "$fail" -eq 0 ]
