#!/bin/sh
# The bad-input catalogue: every case must fail with its documented message and exit status.
#   ini/*.ini    workload files run as `gcnsim run FILE [ARGS]`; each starts with comment lines
#                  ; expect-exit: N          the exit status (0, 1 bad input, 2 fault)
#                  ; expect-stderr: TEXT     text that stderr must contain (empty: anything)
#                  ; args: ARGS              extra command-line arguments (optional)
#   cli.cases    command lines: EXIT|STDERR-TEXT|ARGS (ARGS after `gcnsim`, shell-quoted)
#   asm/X.s      assembly files run as `gcnsim asm X.s` from tests/bad/asm: exit 1, and stderr must
#                begin with exactly the lines of asm/X.expected
#   scaling.sh   loading time linear in the number of buffers (1k, 10k, 100k; gen_buffers.sh) and
#                assembling and listing time linear in the number of labels (10k, 100k)
#   viz.cases    gcnviz command lines, as cli.cases (ARGS after `gcnviz`); $T names a directory of
#                traces made here: ok.gcnt and its truncated, corrupted and newer-version copies,
#                headers whose counts the file cannot hold, a directory and a FIFO named *.gcnt
#   outputs.sh   the outputs of trace export, run --trace and gcnviz --png survive a failed write;
#                no output replaces an input; no setuid bit kept; Ctrl-C and SIGTERM on a terminal
#   toolchain.sh the kernel compilers or device libraries missing, a kernel source given to run
#   compile.sh   workloads and sources that try to run a command, load code or write a file through
#                the compiler (cflags, source names), the compiler's time limit, signals while compiling
#   generated.sh hostile inputs made at run time (NUL bytes, special files, huge files, outputs that
#                cannot be written)
#   codeobj.sh   bad code objects made at run time from a good one (truncated, wrong machine, ABI
#                version or target, no metadata note, bad notes, symbols and descriptor fields, ...)
# Every command runs with a time limit and a memory limit: the sanitizer build under ASan's own
# limits (ASan reserves terabytes of address space, so `ulimit -v` cannot apply to it), the optimised
# build, when given, again over the generated cases under `ulimit -v`.
# Run from the repository root: sh tests/bad/run.sh BUILD/gcnsim [BUILD/gcnviz [BUILD/gcnsim-optimised]]
set -u
gcnsim=$1
gcnviz=${2:-}
gcnsim_opt=${3:-}
here=$(dirname "$0")
CASE_SECONDS=60
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=1536:max_allocation_size_mb=1024"
VLIMIT_KB=""
pass=0
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

check() { # NAME WANT-EXIT WANT-TEXT COMMAND...
  name=$1 want=$2 text=$3
  shift 3
  if [ -n "$VLIMIT_KB" ]; then
    (ulimit -v "$VLIMIT_KB" && exec timeout -k 10 "$CASE_SECONDS" "$@") >/dev/null 2>"$out"
  else
    timeout -k 10 "$CASE_SECONDS" "$@" >/dev/null 2>"$out"
  fi
  got=$?
  if [ "$got" = "$want" ] && { [ -z "$text" ] || grep -qF -- "$text" "$out"; }; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "bad-inputs: FAIL $name: exit $got (expected $want), wanted stderr to contain: $text" >&2
    sed 's/^/    /' "$out" | head -10 >&2
  fi
}

for f in "$here"/ini/*.ini; do
  want=$(sed -n 's/^; expect-exit: *//p' "$f")
  text=$(sed -n 's/^; expect-stderr: *//p' "$f")
  args=$(sed -n 's/^; args: *//p' "$f")
  eval "set -- $args"
  check "$f" "$want" "$text" "$gcnsim" run "$f" "$@"
done

while IFS='|' read -r want text args; do
  case "$want" in ''|'#'*) continue ;; esac
  eval "set -- $args"
  check "gcnsim $args" "$want" "$text" "$gcnsim" "$@"
done < "$here/cli.cases"

if [ -n "$gcnviz" ]; then
  T=$(mktemp -d)
  trap 'rm -f "$out"; rm -rf "$T"' EXIT
  "$gcnsim" run "$here/ini/ok_baseline.ini" --trace "$T/ok.gcnt" --trace-issues >/dev/null
  "$gcnsim" run "$here/ini/ok_baseline.ini" --trace "$T/plain.gcnt" >/dev/null   # no issue records: the pane refuses it
  size=$(wc -c < "$T/ok.gcnt")
  head -c $((size - 7)) "$T/ok.gcnt" > "$T/truncated.gcnt"
  # The checksum's last byte changed; the version field (bytes 8-9) set to 3.
  head -c $((size - 1)) "$T/ok.gcnt" > "$T/corrupted.gcnt"
  tail -c 1 "$T/ok.gcnt" | od -An -tu1 | awk '{ printf "%c", ($1 + 1) % 256 }' >> "$T/corrupted.gcnt"
  { head -c 8 "$T/ok.gcnt"; printf '\007'; tail -c +10 "$T/ok.gcnt"; } > "$T/newer.gcnt"
  # Lying headers (docs/trace-format.md, "Validation"): a version-3 header up to the instruction
  # count; 2^24 instructions in 54 bytes, then no instructions and 64 dispatches in 137 bytes.
  head='GCNTRACE\003\000\000\000\001\004\012\050\350\007\001k\001s\100\001\001\100\001\001\001\001\004\020\000\001\000'
  { printf "$head"'\200\200\200\010'; head -c 15 /dev/zero; } > "$T/lying-insts.gcnt"
  { printf "$head"'\000\100'; head -c 100 /dev/zero; } > "$T/lying-dispatches.gcnt"
  # 2^63 workgroups in the header and a first workgroup id of 2^62 (gcnviz once indexed workgroups
  # by id: a heap overflow); it must end as any cut trace does.
  printf 'GCNTRACE\003\000\000\000\001\004\012\050\350\007\001k\001s\100\001\001\100\001\001\200\200\200\200\200\200\200\200\200\001\001\004\020\000\001\000\000\001\001k\000\100\001\001\100\001\001\200\200\200\200\200\200\200\200\200\001\000\030\000\000\200\200\200\200\200\200\200\200\200\001\001\000\000\000\000\000\000\000' > "$T/huge-wg-id.gcnt"
  mkdir "$T/dir.gcnt"
  mkfifo "$T/fifo.gcnt"
  # No display: the window case must fail with its message, never wait for input.
  export SDL_VIDEODRIVER=x11
  unset DISPLAY WAYLAND_DISPLAY
  while IFS='|' read -r want text args; do
    case "$want" in ''|'#'*) continue ;; esac
    eval "set -- $args"
    check "gcnviz $args" "$want" "$(eval "echo \"$text\"")" "$gcnviz" "$@"
  done < "$here/viz.cases"
  if sh "$here/outputs.sh" "$gcnsim" "$gcnviz"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
  fi
fi

gcnsim_abs=$(cd "$(dirname "$gcnsim")" && pwd)/$(basename "$gcnsim")
for f in "$here"/asm/*.s; do
  [ -f "$f" ] || continue
  exp=${f%.s}.expected
  name=$(basename "$f")
  (cd "$here/asm" && "$gcnsim_abs" asm "$name") >/dev/null 2>"$out"
  got=$?
  if [ "$got" = 1 ] && [ -f "$exp" ] && head -n "$(wc -l < "$exp")" "$out" | cmp -s - "$exp"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "bad-inputs: FAIL $f: exit $got (expected 1), stderr does not begin with $exp:" >&2
    sed 's/^/    /' "$out" | head -10 >&2
  fi
done

. "$here/toolchain.sh"
toolchain_cases "$gcnsim"
toolchain_temp_cases "$gcnsim"
# ---- compiling: injection attempts, the compiler's limits and signals (tests/bad/compile.sh)
. "$here/compile.sh"
G=$(mktemp -d)
compile_cases "$gcnsim" "$G"
rm -rf "$G"
G=$(mktemp -d)
compile_limit_cases "$gcnsim" "$G"
rm -rf "$G"
# ---- end compiling
. "$here/generated.sh"
G=$(mktemp -d)
hostile_cases "$gcnsim" "$G"
rm -rf "$G"
if [ -n "$gcnsim_opt" ]; then
  VLIMIT_KB=1048576 # 1 GiB: no input may make gcnsim allocate before it checks a size
  G=$(mktemp -d)
  hostile_cases "$gcnsim_opt" "$G"
  rm -rf "$G"
  VLIMIT_KB=""
fi
# ---- code objects (tests/bad/codeobj.sh): bad ELF files made from a good one at run time
. "$here/codeobj.sh"
G=$(mktemp -d)
codeobj_cases "$gcnsim" "$G"
rm -rf "$G"
# ---- end code objects
if sh "$here/scaling.sh" "$gcnsim"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
fi

echo "bad-inputs: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
