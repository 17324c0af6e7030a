#!/bin/sh
# gcnviz end to end, headless: a trace of every shipped workload (but those in tests/pending.txt; with issue records, and one
# without) renders to a PNG of the requested size, with a selected range and a zoomed view; the
# window path opens, draws and quits under Xvfb when xvfb-run is installed (else it says so).
# Run from the repository root: sh tests/viz/run.sh GCNSIM GCNVIZ
set -u
gcnsim=$1
gcnviz=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "viz: FAIL $*" >&2; }
# The PNG's width and height from its IHDR chunk (bytes 16-23, big-endian).
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'; }
export SDL_VIDEODRIVER=dummy
for ini in workloads/*.ini workloads/opencl/*.ini; do
  n=${ini#workloads/}
  awk -v n="${n%.ini}" '$1 == n { f = 1 } END { exit !f }' tests/pending.txt && continue
  name=$(echo "${ini#workloads/}" | tr / _)
  name=${name%.ini}
  if ! "$gcnsim" run "$ini" --trace "$tmp/$name.gcnt" --trace-issues >/dev/null 2>"$tmp/err"; then
    bad "$ini: gcnsim run failed: $(head -3 "$tmp/err")"; continue
  fi
  if "$gcnviz" "$tmp/$name.gcnt" --png "$tmp/$name.png" --size 800x500 --select 100:2000 >/dev/null 2>"$tmp/err" &&
     [ "$(png_size "$tmp/$name.png")" = 800x500 ] && [ ! -s "$tmp/err" ]; then ok
  else bad "$ini: no 800x500 picture: $(head -3 "$tmp/err")"; fi
done
# hazards: the tutorial kernel without its s_waitcnt vmcnt(0) has two hazard findings per wave; its
# picture has their marks (and the legend entry), so it differs from the same run without the checker.
sed '/^ *s_waitcnt vmcnt(0)$/d' workloads/tutorial/first.s > "$tmp/nowait.s"
sed 's|^source = first.s|source = nowait.s|' workloads/tutorial/first.ini > "$tmp/nowait.ini"
# (One trace path for both: the title shows it.)
"$gcnsim" run "$tmp/nowait.ini" --trace "$tmp/hz.gcnt" --trace-issues >/dev/null 2>&1 &&
"$gcnviz" "$tmp/hz.gcnt" --png "$tmp/hz.png" >/dev/null 2>&1
rc1=$?
"$gcnsim" run "$tmp/nowait.ini" --trace "$tmp/hz.gcnt" --trace-issues --hazards=off >/dev/null 2>&1 &&
"$gcnviz" "$tmp/hz.gcnt" --png "$tmp/nohz.png" >/dev/null 2>&1
rc2=$?
if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && ! cmp -s "$tmp/hz.png" "$tmp/nohz.png"; then ok
else bad "a trace with hazard records: no picture, or no marks"; fi
# Without issue records, zoomed, the default size.
"$gcnsim" run workloads/reduce.ini --trace "$tmp/plain.gcnt" >/dev/null
if "$gcnviz" "$tmp/plain.gcnt" --png "$tmp/plain.png" --range 2000:2600 >"$tmp/out" 2>&1 &&
   [ "$(png_size "$tmp/plain.png")" = 1600x900 ] && grep -q "wrote the timeline picture $tmp/plain.png (1600x900)" "$tmp/out"; then ok
else bad "reduce without issue records: $(head -3 "$tmp/out")"; fi
# --frames prints the load time and frame rate.
if "$gcnviz" "$tmp/plain.gcnt" --png "$tmp/plain.png" --frames 3 2>&1 >/dev/null | grep -q "3 frames in"; then ok
else bad "--frames did not report the frame rate"; fi
# A missing font: a warning, and the picture all the same.
if "$gcnviz" "$tmp/plain.gcnt" --png "$tmp/nofont.png" --font "$tmp/none.ttf" --size 640x400 2>"$tmp/err" >/dev/null &&
   grep -q "gcnviz: warning: cannot open the font '$tmp/none.ttf'" "$tmp/err" && [ "$(png_size "$tmp/nofont.png")" = 640x400 ]; then ok
else bad "missing font: $(head -3 "$tmp/err")"; fi
# Memory tracks (--trace-mem) on 1, 8 and 64 CUs: each view at 1280x800 and 1920x1080 in both palettes,
# and the tracks summed over the whole run equal the run's report: DRAM bytes, L2 bytes, L1 and L2
# hits and lookups (hits + merges + misses, the hit rate's denominator), address-unit stalls.
jcache() { sed -n "s/.*\"$2\": {[^}]*\"hits\": \([0-9]*\), \"merges\": \([0-9]*\), \"misses\": \([0-9]*\).*/\1 \2 \3/p" "$1"; }
for n in 1 8 64; do
  if ! "$gcnsim" run workloads/matmul_tiled.ini --set gpu.compute_units=$n --trace "$tmp/m$n.gcnt" --trace-issues --trace-mem \
       --json "$tmp/m$n.json" >/dev/null 2>"$tmp/err"; then bad "memory trace on $n CUs: $(head -3 "$tmp/err")"; continue; fi
  for size in 1280x800 1920x1080; do
    for view in detail overview; do
      for pal in default cb; do
        if "$gcnviz" "$tmp/m$n.gcnt" --png "$tmp/m.png" --size $size --view $view --palette $pal >/dev/null 2>"$tmp/err" &&
           [ "$(png_size "$tmp/m.png")" = $size ] && [ ! -s "$tmp/err" ]; then ok
        else bad "$n CUs, $view, $size, $pal: $(head -3 "$tmp/err")"; fi
      done
    done
  done
  "$gcnviz" "$tmp/m$n.gcnt" --stats > "$tmp/m$n.stats" 2>"$tmp/err" || bad "--stats on $n CUs: $(head -3 "$tmp/err")"
  dram=$(sed -n 's/.*"dram": {.*"bytes": \([0-9]*\),.*/\1/p' "$tmp/m$n.json")
  l2b=$(sed -n 's/.*"l2": {.*"bytes": \([0-9]*\)}.*/\1/p' "$tmp/m$n.json")
  stall=$(sed -n 's/.*"address_unit_stall_cycles": \([0-9]*\),.*/\1/p' "$tmp/m$n.json")
  l1=$(jcache "$tmp/m$n.json" l1v) l2=$(jcache "$tmp/m$n.json" l2)
  for want in "dram bytes $dram" "l2 bytes $l2b" "l1 hits $(echo $l1 | awk '{ print $1 " of " $1 + $2 + $3 }') lookups" \
              "l2 hits $(echo $l2 | awk '{ print $1 " of " $1 + $2 + $3 }') lookups" "address-unit stall cycles $stall"; do
    if grep -qx "$want" "$tmp/m$n.stats"; then ok
    else bad "$n CUs: the tracks do not agree with the report: want '$want', got: $(tr '\n' ';' < "$tmp/m$n.stats")"; fi
  done
done
# The instruction timing pane: over the whole run its table (--pcs) equals the report's per-PC
# figures (--per-pc JSON: executions, avg_cycles, latency_hiding.by_pc's waited and hidden) for
# shipped kernels, on 1 CU and on several, one workload of two kernels (pcs_check.awk); and its
# picture at both sizes.
for spec in reduce:1 saxpy:4 matmul_tiled:2 pipeline:2; do
  w=${spec%:*} n=${spec#*:}
  if "$gcnsim" run workloads/$w.ini --set gpu.compute_units=$n --trace "$tmp/p$w.gcnt" --trace-issues --per-pc \
       --json "$tmp/p$w.json" >/dev/null 2>"$tmp/err" && "$gcnviz" "$tmp/p$w.gcnt" --pcs > "$tmp/p$w.pcs" 2>>"$tmp/err" &&
     awk -f tests/viz/pcs_check.awk "$tmp/p$w.json" "$tmp/p$w.pcs" > "$tmp/diff" 2>&1; then ok
  else bad "$w on $n CUs: the pane does not agree with --per-pc: $(head -3 "$tmp/diff" "$tmp/err" | tr '\n' ';')"; fi
done
for size in 1280x800 1920x1080; do
  if "$gcnviz" "$tmp/preduce.gcnt" --png "$tmp/pane.png" --size $size --pane --inst 0x40 --select 2500:3500 >/dev/null 2>"$tmp/err" &&
     [ "$(png_size "$tmp/pane.png")" = $size ] && [ ! -s "$tmp/err" ]; then ok
  else bad "the pane at $size: $(head -3 "$tmp/err")"; fi
done
# The window: opens on an X display, draws frames, quits. Leak detection is off for this one run:
# SDL loads the X11 libraries with dlopen and unloads them at exit, so their one-time allocations
# show as leaks of an unknown module; the same drawing code is leak-checked by every PNG run above.
if command -v xvfb-run >/dev/null 2>&1; then
  if SDL_VIDEODRIVER=x11 ASAN_OPTIONS=detect_leaks=0 timeout 60 xvfb-run -a -s "-screen 0 1280x800x24" "$gcnviz" "$tmp/plain.gcnt" --frames 5 2>"$tmp/err" &&
     grep -q "5 frames in .* in the window" "$tmp/err"; then ok
  else bad "window under Xvfb: $(head -3 "$tmp/err")"; fi
else
  echo "viz: xvfb-run not installed: the window test is skipped (apt-get install xvfb)"
fi
# No display at all (no DISPLAY, WAYLAND_DISPLAY or SDL_VIDEODRIVER: an ssh session, a container):
# the window path says at once to use --png (SDL's own probing could wait forever), and the
# options that need no window still work.
if env -u SDL_VIDEODRIVER -u DISPLAY -u WAYLAND_DISPLAY timeout 20 "$gcnviz" "$tmp/plain.gcnt" >/dev/null 2>"$tmp/err"; then
  bad "no display: the window path succeeded"
elif [ $? = 1 ] && grep -q "^gcnviz: error: no display to open a window on .*--png OUT.png" "$tmp/err"; then ok
else bad "no display: exit status or message: $(head -3 "$tmp/err")"; fi
if env -u SDL_VIDEODRIVER -u DISPLAY -u WAYLAND_DISPLAY timeout 20 "$gcnviz" "$tmp/plain.gcnt" --stats >/dev/null 2>"$tmp/err"; then ok
else bad "no display: --stats failed: $(head -3 "$tmp/err")"; fi
echo "viz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
