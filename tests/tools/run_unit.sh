#!/bin/sh
# Run every unit-test binary; print one summary line in the plain "N passed, N failed" form.
# A test's own output (the error messages the tests of error paths provoke on purpose) is shown
# only when it fails; a passing binary prints its Check summary line alone.
pass=0; fail=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "$@"; do
  if "$t" > "$log" 2>&1; then
    pass=$((pass+1))
    printf '%s: %s\n' "$(basename "$t")" "$(grep -E '^[0-9]+%: Checks' "$log" | tail -1)"
  else
    fail=$((fail+1)); cat "$log"; echo "FAILED: $t" >&2
  fi
done
echo "unit: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
