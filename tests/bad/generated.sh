# Hostile and careless inputs made at test time (binary bytes, special files, huge inputs, failing
# outputs), sourced by tests/bad/run.sh: uses its check(), $pass and $fail. Each case runs under
# run.sh's limits (time, memory). The property behind the output cases: gcnsim never removes,
# truncates or replaces a path it did not create, and a write that failed is exit 1 with a message.
#   hostile_cases GCNSIM DIR    DIR: an empty scratch directory
hostile_cases() {
  g=$1
  H=$2
  bad=$(cd "$here" && pwd)
  ok="$bad/ini/ok_baseline.ini"
  cp "$bad/ini/store.s" "$H/store.s"
  body='[kernel]\nsource = store.s\ngrid = 256\nworkgroup = 64\n[buffer out]\ntype = u32\ncount = 256\n[args]\nout = @out\nn = u32:256\n'

  # ---- bytes a text file must not have, and the byte-order mark it may start with ----
  printf '[kernel]\nsource = store.s\ngrid = 256\nworkgroup = 64\n[buffer out]\ntype = u32\ncount = 25\0006\n' > "$H/nul.ini"
  check "NUL in a workload value" 1 "$H/nul.ini:7:11: error: NUL byte in the workload file (a binary file?)" "$g" run "$H/nul.ini"
  printf '[cu]\nsimds = 4\0\0\n' > "$H/nul_config.ini"
  check "NUL in a configuration" 1 "$H/nul_config.ini:2:10: error: NUL byte in the configuration file (a binary file?); and 1 more" \
    "$g" config --dump --config "$H/nul_config.ini"
  printf ' s_nop 0\n s_end\000pgm\n' > "$H/nul.s"
  check "NUL in a kernel source" 1 "$H/nul.s:2:7: error: NUL byte in the kernel source" "$g" asm "$H/nul.s"
  printf '%s\0\n' "$ok" > "$H/nul_list.txt"
  check "NUL in a sweep list" 1 "$H/nul_list.txt:1:" "$g" sweep "$H/nul_list.txt" --csv "$H/never.csv"
  [ ! -e "$H/never.csv" ] || { fail=$((fail + 1)); echo "bad-inputs: FAIL a rejected sweep list created its CSV" >&2; }
  { printf '\357\273\277'; printf "$body"; } > "$H/bom.ini"
  check "byte-order mark before a workload" 0 "" "$g" run "$H/bom.ini"
  printf '\357\273\277[cu]\nsimds = 4\n' > "$H/bom_config.ini"
  check "byte-order mark before a configuration" 0 "" "$g" config --dump --config "$H/bom_config.ini"
  printf '\357\273\277 s_endpgm\n' > "$H/bom.s"
  check "byte-order mark before a kernel source" 0 "" "$g" asm "$H/bom.s"
  printf '[kernel]\n\357\273\277grid = 256\n' > "$H/bom_inside.ini"
  check "byte-order mark inside a workload" 1 "unknown key '\\xef\\xbb\\xbfgrid' in [kernel]; did you mean 'grid'?" "$g" run "$H/bom_inside.ini"

  # ---- special files where a regular file is expected ----
  mkfifo "$H/fifo"
  for spec in "$H:is a directory, not a" "$H/fifo:is not a regular file (a FIFO, device or socket)" \
              "/dev/zero:is not a regular file" "/dev/urandom:is not a regular file"; do
    path=${spec%%:*} why=${spec#*:}
    check "run on $path" 1 "$path: error: $why" "$g" run "$path"
    check "asm on $path" 1 "$path: error: $why" "$g" asm "$path"
    check "--config $path" 1 "$path: error: $why" "$g" config --dump --config "$path"
    check "sweep list $path" 1 "$path: error: $why" "$g" sweep "$path" --csv "$H/never.csv"
  done
  mkdir "$H/dir.ini"
  mkfifo "$H/fifo.s"
  check "occupancy of a directory" 1 "$H/dir.ini: error: is a directory, not a workload file" "$g" occupancy "$H/dir.ini"
  check "occupancy of a FIFO" 1 "$H/fifo.s: error: is not a regular file" "$g" occupancy "$H/fifo.s"
  printf '[kernel]\nsource = .\ngrid = 64\nworkgroup = 64\n' > "$H/source_dir.ini"
  check "source = a directory" 1 "$H/.: error: is a directory, not a kernel source" "$g" run "$H/source_dir.ini"

  # ---- inputs over their documented size limits: refused from the size, before reading ----
  truncate -s 16777217 "$H/big.ini"
  check "workload over 16 MiB" 1 "$H/big.ini: error: workload file is too large: 16777217 bytes (the limit is 16 MiB)" "$g" run "$H/big.ini"
  truncate -s 1048577 "$H/big_config.ini"
  check "configuration over 1 MiB" 1 "configuration file is too large: 1048577 bytes (the limit is 1 MiB)" "$g" config --dump --config "$H/big_config.ini"
  truncate -s 67108865 "$H/big.s"
  check "kernel source over 64 MiB" 1 "$H/big.s: error: kernel source is too large: 67108865 bytes (the limit is 64 MiB)" "$g" asm "$H/big.s"
  truncate -s 16777217 "$H/big_list.txt"
  check "sweep list over 16 MiB" 1 "sweep list is too large: 16777217 bytes (the limit is 16 MiB)" "$g" sweep "$H/big_list.txt" --csv "$H/never.csv"

  # ---- bounded messages: at most 20 errors a file, clipped echoes ----
  i=0
  while [ $i -lt 30 ]; do echo "junk line $i"; i=$((i + 1)); done > "$H/many.ini"
  check "30 bad workload lines" 1 "$H/many.ini: ... and 10 more errors" "$g" run "$H/many.ini"
  sed 's/^/ /' "$H/many.ini" > "$H/many.s"
  check "30 bad assembly lines" 1 "$H/many.s: ... and 10 more errors" "$g" asm "$H/many.s"
  { echo '[cu]'; i=0; while [ $i -lt 25 ]; do echo "nokey$i = 1"; i=$((i + 1)); done; } > "$H/many_config.ini"
  check "25 unknown configuration keys" 1 "$H/many_config.ini: ... and 5 more errors" "$g" config --dump --config "$H/many_config.ini"
  { printf ' s_mov_b32 s0, '; head -c 10000000 /dev/zero | tr '\0' 7; echo; } > "$H/digits.s"
  check "a 10-million-digit literal" 1 "is too large" "$g" asm "$H/digits.s"
  size=$(wc -c < "$out")
  if [ "$size" -gt 1000 ]; then
    fail=$((fail + 1))
    echo "bad-inputs: FAIL a 10-million-digit literal: $size bytes of messages (at most 1000)" >&2
  fi
  # Random bytes without NULs, the same every run: errors stop after 20, each echo is printable.
  LC_ALL=C awk 'BEGIN { x = 12345; for (i = 0; i < 200000; i++) { x = (x * 1103515245 + 12345) % 2147483648; c = int(x / 65536) % 255 + 1; printf "%c", c } }' \
    > "$H/noise.ini"
  check "200 KB of noise as a workload" 1 "$H/noise.ini: ... and" "$g" run "$H/noise.ini"
  if [ "$(grep -c ': error: ' "$out")" -gt 20 ] || [ "$(tr -d '\t\n' < "$out" | LC_ALL=C tr -cd '[:cntrl:]' | wc -c)" != 0 ]; then
    fail=$((fail + 1))
    echo "bad-inputs: FAIL noise: more than 20 errors, or a control byte echoed" >&2
  fi

  # ---- standard output that cannot be written ----
  check "report to a full disk" 1 "gcnsim: error: cannot write the standard output: No space left on device" \
    sh -c '"$1" run "$2" >/dev/full' sh "$g" "$ok" # a redirection: gcnsim never sees the path
  check "report to a closed standard output" 1 "gcnsim: error: cannot write the standard output: Bad file descriptor" \
    sh -c '"$1" run "$2" >&-' sh "$g" "$ok"
  check "config --dump to a full disk" 1 "cannot write the standard output" sh -c '"$1" config --dump >/dev/full' sh "$g"
  check "asm listing to a full disk" 1 "cannot write the standard output" sh -c '"$1" asm "$2" >/dev/full' sh "$g" "$H/bom.s"

  # ---- output files: what gcnsim did not create survives a failed write ----
  # A write fails on a regular file through the file-size limit (SIGXFSZ ignored: write returns EFBIG);
  # one block, so that the message still reaches the test's stderr file.
  # The old content (300 bytes) and the new row of --csv together pass the limit, as does the copy of
  # the 3000-byte CSV the sweep appends to (while its runs' own 814-byte CSVs fit).
  precious=$(printf 'precious %0300d' 0)
  for opt in --json --csv --trace-text= --dump=out=; do
    printf '%s\n' "$precious" > "$H/keep"
    case $opt in *=) arg="$opt$H/keep" ;; *) arg="$opt $H/keep" ;; esac
    # shellcheck disable=SC2086 # arg is two words for --json/--csv
    check "failed $opt keeps an existing file" 1 "$H/keep" sh -c 'trap "" XFSZ; ulimit -f 1; exec "$@" >/dev/null' sh "$g" run "$ok" $arg
    if [ "$(cat "$H/keep")" != "$precious" ] || [ -n "$(ls "$H" | grep 'keep\.tmp')" ]; then
      fail=$((fail + 1))
      echo "bad-inputs: FAIL $opt changed the existing file or left a temporary file: $(ls "$H" | grep keep | tr '\n' ' ')" >&2
    fi
  done
  # an existing CSV of the same columns (its header is the row's: a CSV of other columns is refused)
  { "$g" run "$ok" --csv - | head -n 1; printf 'old,row %02999d\n' 0; } > "$H/keep.csv"
  printf '%s\n' "$ok" > "$H/one.txt"
  cp "$H/keep.csv" "$H/keep.csv.orig"
  check "failed sweep CSV keeps its rows" 1 "cannot write '$H/keep.csv': File too large" \
    sh -c 'trap "" XFSZ; ulimit -f 4; exec "$@" >/dev/null' sh "$g" sweep "$H/one.txt" --csv "$H/keep.csv" --jobs 1
  cmp -s "$H/keep.csv" "$H/keep.csv.orig" || { fail=$((fail + 1)); echo "bad-inputs: FAIL the sweep CSV changed" >&2; }
  check "sweep appends to its CSV" 0 "" "$g" sweep "$H/one.txt" --csv "$H/keep.csv" --jobs 1
  head -n 2 "$H/keep.csv" | cmp -s - "$H/keep.csv.orig" && [ "$(wc -l < "$H/keep.csv")" = 3 ] ||
    { fail=$((fail + 1)); echo "bad-inputs: FAIL sweep did not keep the old rows and append one" >&2; }
  # Devices: as root, private nodes made here, so that a regression that replaces its output cannot
  # replace the machine's /dev/full or /dev/null (as outputs.sh does); a user cannot remove those.
  full=/dev/full null=/dev/null
  if [ "$(id -u)" = 0 ]; then
    full=$H/full null=$H/null
    mknod "$full" c 1 7 2>/dev/null && mknod "$null" c 1 3 2>/dev/null || full= null=
    [ -n "$full" ] || echo "bad-inputs: the device cases are skipped: cannot make a device node in $H" >&2
  fi
  if [ -n "$full" ]; then
    check "--json to a full device" 1 "gcnsim: error: cannot write '$full': No space left on device" "$g" run "$ok" --json "$full"
    check "--json to a null device" 0 "" "$g" run "$ok" --json "$null"
    [ -c "$full" ] && [ -c "$null" ] || { fail=$((fail + 1)); echo "bad-inputs: FAIL a device output is no longer a device" >&2; }
  fi
  # A FIFO is written in place: its reader gets the JSON, and it stays a FIFO.
  cat "$H/fifo" > "$H/from_fifo" &
  check "--json to a FIFO" 0 "" "$g" run "$ok" --json "$H/fifo"
  wait
  [ -p "$H/fifo" ] && grep -q schema_version "$H/from_fifo" ||
    { fail=$((fail + 1)); echo "bad-inputs: FAIL the FIFO was replaced or its reader got no JSON" >&2; }
  # A replaced file keeps its permissions; a symbolic link stays a link to the file it names.
  printf 'old\n' > "$H/mode.json"
  chmod 604 "$H/mode.json"
  ln -s mode.json "$H/link.json"
  check "--json over an existing file" 0 "" "$g" run "$ok" --json "$H/link.json"
  [ -L "$H/link.json" ] && [ "$(stat -c %a "$H/mode.json")" = 604 ] && grep -q schema_version "$H/mode.json" ||
    { fail=$((fail + 1)); echo "bad-inputs: FAIL the link, the mode or the content of a replaced file" >&2; }
  check "--json into a directory" 1 "gcnsim: error: cannot write '$H': is a directory" "$g" run "$ok" --json "$H"
}
