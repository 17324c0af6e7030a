#!/bin/sh
# Run each fuzz target for SECONDS on its seeds (the files tests/fuzz/seeds.txt lists for it) and
# report what it found. Usage: run.sh SECONDS build/fuzz/fuzz_NAME...   (make fuzz [FUZZ_SECONDS=N])
# New corpus entries and crash artifacts go under /tmp/gcnsim-fuzz/ (the committed corpus is left
# alone: copy a useful new input into it by hand). Exit 1 when any target found a crash, a leak, a
# hang or a sanitizer report. The trace target also fails on any single allocation of 64 MiB or more
# (-malloc_limit_mb; its own, tighter bound derived from the input's size is in fuzz_trace.c).
secs=$1; shift
work=${GCNSIM_FUZZ_DIR:-/tmp/gcnsim-fuzz}
mkdir -p "$work" || exit 1
failed=0
for bin in "$@"; do
  name=${bin##*/fuzz_}
  mkdir -p "$work/$name/corpus" "$work/$name/artifacts"
  # The seeds, gathered from the repository (names keep their path, so none collide).
  rm -rf "$work/$name/seeds" && mkdir -p "$work/$name/seeds"
  grep -v '^#' tests/fuzz/seeds.txt | while read -r target outcome pattern; do
    [ "$target" = "$name" ] || continue
    for f in $pattern; do [ -f "$f" ] && cp "$f" "$work/$name/seeds/$(echo "$f" | tr / _)"; done
  done
  log="$work/$name/log"
  limit=
  [ "$name" = trace ] && limit=-malloc_limit_mb=64
  echo "fuzz: $name for ${secs}s (log: $log)"
  "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 $limit -print_final_stats=1 \
    -artifact_prefix="$work/$name/artifacts/" "$work/$name/corpus" "$work/$name/seeds" >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  secs_run=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  found=$(ls "$work/$name/artifacts" 2>/dev/null | wc -l)
  if [ "$rc" -eq 0 ]; then
    echo "fuzz: $name: ${runs:-?} executions (${secs_run:-?}/s), nothing found"
  else
    failed=1
    echo "fuzz: $name: FOUND a problem (exit $rc, $found artifact(s) in $work/$name/artifacts):"
    grep -m3 -E '^==[0-9]+==ERROR|runtime error|ALARM|out-of-memory|deadly signal' "$log" | sed 's/^/  /'
    echo "  replay: $bin $work/$name/artifacts/<file>; add it under tests/fuzz/regressions/$name/"
  fi
done
[ "$failed" -eq 0 ] && echo "fuzz: all targets ran clean"
exit "$failed"
