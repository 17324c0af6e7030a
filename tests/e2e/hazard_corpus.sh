#!/bin/sh
# The hazard checker's false-positive corpus: `gcnsim check` on every shipped workload (hand-written,
# OpenCL compiled by clang, memory, bench, tutorial) and on every workload file found under the
# extra directories given (the experiments' generated kernels) must find nothing. Compiler output is
# correct code, so any finding there is a bug in the checker. Workloads that expect a fault
# ("e2e: expect-exit") or are pending (tests/pending.txt) are skipped; a generated workload that
# cannot run alone (its experiment passes --set options) is counted, not failed: only findings fail.
# Usage: sh tests/e2e/hazard_corpus.sh GCNSIM [DIR...]
set -u
gcnsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "$root/workloads" "$@" -name '*.ini' -type f 2>/dev/null | LC_ALL=C sort > "$tmp/list"
pass=0 fail=0 alone=0
while IFS= read -r ini; do
  grep -q 'e2e: expect-exit' "$ini" && continue
  case $ini in "$root"/workloads/*)
    name=${ini#$root/workloads/}
    awk -v n="${name%.ini}" '$1 == n { f = 1 } END { exit !f }' "$root/tests/pending.txt" && continue ;;
  esac
  if "$gcnsim" check "$ini" > "$tmp/out" 2>&1; then
    pass=$((pass + 1))
  elif ! grep -q 'with hazards$' "$tmp/out" && [ "${ini#$root/workloads/}" = "$ini" ]; then
    alone=$((alone + 1))
  else
    fail=$((fail + 1))
    echo "hazard-corpus: FAIL $ini"
    sed 's/^/    /' "$tmp/out" | head -8
  fi
done < "$tmp/list"
echo "hazard-corpus: $pass workloads without hazards, $fail with ($alone generated ones need their experiment's options)"
[ "$fail" -eq 0 ]
