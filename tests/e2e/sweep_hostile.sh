#!/bin/sh
# Hostile inputs to gcnsim sweep (issue 28): injection into the Slurm script through the working
# directory, the --csv path, --partition and --time (each attempt must leave no marker file, the
# generated script run by sh included); a large LIST read in linear memory; --set keys too long for
# an argument; part files whose counts the file cannot hold; SIGTERM stopping every run and removing
# the temporary directory; CSV fields with commas, quotes and a line break read back by the merge.
# A fake sbatch on PATH records its arguments: no Slurm is needed.
# usage: tests/e2e/sweep_hostile.sh GCNSIM (from the top of the tree)
set -u
G=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TOP=$PWD
T=$(mktemp -d /tmp/gcnsim-hostile-XXXXXX)
trap 'rm -rf "$T"' EXIT
fail() { echo "sweep-hostile: FAIL: $*"; exit 1; }
NL='
'
M=$T/marker
mkdir -p "$T/bin" "$T/tmp"
cat > "$T/bin/sbatch" <<EOF
#!/bin/sh
for a in "\$@"; do printf '%s\n' "\$a"; done > "$T/sbatch-args"
echo 4242
EOF
chmod +x "$T/bin/sbatch"
PATH=$T/bin:$PATH
export PATH
printf '%s\n' "$TOP/workloads/vector_add.ini --set cu.wave_slots=4" "$TOP/workloads/saxpy.ini" > "$T/list.txt"

# ---- 1. the Slurm script: every injection refused with its message, no marker, no script ----------
# inject DESCRIPTION EXPECTED-TEXT DIR ARGS...: run the sweep in DIR; then, if a script was written,
# run it as a task would (sh, SLURM_ARRAY_TASK_ID=1): the marker must not appear either way.
inject() {
    what=$1 text=$2 dir=$3
    shift 3
    rm -f "$M"
    (cd "$dir" && "$G" sweep "$T/list.txt" --slurm "$@") >"$T/out" 2>"$T/err"
    rc=$?
    for s in "$dir"/*.slurm/job.sh "$T"/*.slurm/job.sh; do
        [ -f "$s" ] && (cd "$dir" && SLURM_ARRAY_TASK_ID=1 timeout 60 sh "$s" >/dev/null 2>&1)
    done
    [ -e "$M" ] && fail "$what: the injected command ran"
    [ $rc = 1 ] || fail "$what: exit $rc, not 1: $(cat "$T/err")"
    grep -qF -- "$text" "$T/err" || fail "$what: no message '$text': $(cat "$T/err")"
    rm -rf "$dir"/*.slurm "$T"/*.slurm
}
inject "a space in --partition" "gcnsim: --partition expects a partition name or a comma-separated list" "$T" \
    --csv "$T/a.csv" --partition "debug --wrap=touch${NL}touch $M"
inject "a newline in --partition" "--partition expects" "$T" --csv "$T/a.csv" --partition "debug${NL}touch $M"
inject "a newline in --time" "gcnsim: --time expects a Slurm time limit" "$T" --csv "$T/a.csv" --time "10${NL}touch $M"
inject "a word in --time" "--time expects" "$T" --csv "$T/a.csv" --time "10 --wrap=x"
mkdir -p "$T/c${NL}touch $M${NL}#"
inject "a newline in the --csv path" "gcnsim: error: the --csv path '" "$T" --csv "$T/c${NL}touch $M${NL}#/out.csv"
inject "a newline in the working directory" "gcnsim: error: the working directory '" "$T/c${NL}touch $M${NL}#" \
    --csv "$T/b.csv"
grep -qF 'holds a control character (byte 0x0a)' "$T/err" || fail "the control character is not named: $(cat "$T/err")"
# Valid values pass, and paths with blanks and quotes reach sbatch as arguments and sh quoted.
D="$T/it's a \"dir\" \$(touch $M)"
mkdir -p "$D"
rm -f "$M"
(cd "$D" && "$G" sweep "$T/list.txt" --slurm --csv "$D/out.csv" --partition debug,gpu-1 --time 1-02:30:00) \
    >"$T/out" 2>"$T/err" || fail "a sweep from a folder with blanks and quotes: $(cat "$T/err")"
grep -qx -- "--chdir=$D" "$T/sbatch-args" || fail "sbatch did not get --chdir as an argument: $(cat "$T/sbatch-args")"
grep -qx -- "--output=$D/out.csv.slurm/log/%a.txt" "$T/sbatch-args" || fail "sbatch did not get --output as an argument"
grep -q '^#SBATCH --partition=debug,gpu-1$' "$D/out.csv.slurm/job.sh" || fail "--partition not in the script"
grep -q '^#SBATCH --time=1-02:30:00$' "$D/out.csv.slurm/job.sh" || fail "--time not in the script"
(cd "$D" && SLURM_ARRAY_TASK_ID=1 sh "$D/out.csv.slurm/job.sh" >/dev/null 2>&1) || fail "the script does not run"
[ -e "$M" ] && fail "a path's \$(...) ran in the script"
grep -q '^# end$' "$D/out.csv.slurm/part-1.csv" || fail "the script's task did not complete its part"
for t in 30 30:00 2:00:00 1-0 1-2:3 1-2:3:4 INFINITE; do
    rm -rf "$T"/*.slurm
    "$G" sweep "$T/list.txt" --slurm --csv "$T/t.csv" --time "$t" >/dev/null 2>"$T/err" || fail "--time $t refused: $(cat "$T/err")"
done
echo "sweep-hostile: ok: the Slurm script refuses injection through the folder, --csv, --partition and --time"

# ---- 2. bounds from the input's size -------------------------------------------------------------
# An 850 KB LIST of long lines of short words and thousands of --set keys, read whole in small
# memory (the old reader kept each word in the room of the rest of its line, and a copy of every
# key per line); its CSV cannot be written, so that nothing runs.
awk 'BEGIN {
    w = ""; for (i = 0; i < 2000; i++) w = w " a";
    for (l = 0; l < 80; l++) print "x.ini" w;
    for (k = 0; k < 6000; k++) printf "x.ini --set k%05d=1\n", k;
    for (l = 0; l < 20000; l++) printf "x.ini --set k%05d=2\n", l % 6000;
}' > "$T/big.txt"
[ "$(wc -c < "$T/big.txt")" -gt 800000 ] || fail "the big LIST is too small"
/usr/bin/time -f '%M' -o "$T/rss" "$G" sweep "$T/big.txt" --csv "$T/no/big.csv" >/dev/null 2>"$T/err"
grep -q "cannot write '$T/no/big.csv'" "$T/err" || fail "the big LIST: $(head -3 "$T/err")"
rss=$(tail -1 "$T/rss")
[ "$rss" -lt 300000 ] || fail "an 850 KB LIST took $rss KB to read"
echo "sweep-hostile: ok: an 850 KB LIST read in $rss KB"
# --set keys that add up to more than an argument may hold (the old sweep started every run to see
# it fail with "Argument list too long"): refused at the line that passes the limit.
awk 'BEGIN { x = "x"; while (length(x) < 8000) x = x x; x = substr(x, 1, 8000);
             for (k = 0; k < 20; k++) printf "workloads/saxpy.ini --set k%02d%s=1\n", k, x }' > "$T/keys.txt"
"$G" sweep "$T/keys.txt" --csv "$T/keys.csv" >/dev/null 2>"$T/err" && fail "160 KB of --set keys accepted"
grep -q "keys.txt:9: error: the --set keys of the sweep add up to more than 65536 characters with this line's 'k08xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\.\.\.'" "$T/err" ||
    fail "too many keys: $(head -3 "$T/err" | cut -c1-300)"
[ -e "$T/keys.csv" ] && fail "a refused sweep wrote its CSV"
# A part that claims 20 M shards: refused by merge; --resume on Slurm submits no 20M-task array.
printf '# gcnsim sweep part 1: list 0123456789abcdef, shard 1 of 20000000, 0 runs of 0: x.txt\n# end\n' > "$T/huge.part"
timeout 20 "$G" sweep merge "$T/huge.part" --csv "$T/m.csv" >/dev/null 2>"$T/err" && fail "a 20M-shard part merged"
grep -q "huge.part:1: error: a damaged first line" "$T/err" || fail "the 20M-shard part: $(head -3 "$T/err")"
rm -rf "$T"/*.slurm
mkdir -p "$T/r.csv.slurm"
cp "$T/huge.part" "$T/r.csv.slurm/part-1.csv"
timeout 60 "$G" sweep "$T/list.txt" --slurm --resume --csv "$T/r.csv" >"$T/out" 2>"$T/err" || fail "--resume over a crafted part: $(cat "$T/err")"
grep -q '^#SBATCH --array=1-2$' "$T/r.csv.slurm/job.sh" || fail "--resume over a crafted part: $(grep array "$T/r.csv.slurm/job.sh")"
# 999 shards missing: the first few named, then their count.
printf '# gcnsim sweep part 1: list 0123456789abcdef, shard 1 of 1000, 0 runs of 0: x.txt\n# end\n' > "$T/few.part"
"$G" sweep merge "$T/few.part" --csv "$T/m.csv" >/dev/null 2>"$T/err" && fail "a merge with 999 missing shards exited 0"
[ "$(grep -c 'is missing' "$T/err")" -le 5 ] || fail "every missing shard printed: $(wc -l < "$T/err") lines"
grep -q "error: ... 999 shards of 1000 of x.txt are missing in all" "$T/err" || fail "no count of missing shards: $(tail -2 "$T/err")"
echo "sweep-hostile: ok: key sizes checked, part counts bounded, missing shards summarised"

# ---- 3. SIGTERM: every run stopped, the temporary directory removed, exit 143 ---------------------
for i in 1 2 3 4; do echo "$TOP/workloads/vector_add.ini --tick-every-cycle --set dram.latency=1000000 --set cu.wave_slots=1"; done > "$T/slow.txt"
TMPDIR=$T/tmp "$G" sweep "$T/slow.txt" --csv "$T/slow.csv" --jobs 2 >/dev/null 2>"$T/err" &
S=$!
i=0
until [ "$(ls "$T/tmp"/gcnsim-sweep-*/ 2>/dev/null | grep -c err)" = 2 ]; do
    i=$((i + 1)); [ $i -gt 200 ] && fail "the sweep's runs did not start"; sleep 0.1
done
sleep 0.5
KIDS=$(pgrep -P $S)
[ -n "$KIDS" ] || fail "no runs to stop"
kill -TERM $S
i=0
while kill -0 $S 2>/dev/null; do i=$((i + 1)); [ $i -gt 100 ] && { kill -KILL $S; fail "the sweep did not stop within 10 s of SIGTERM"; }; sleep 0.1; done
wait $S
rc=$?
[ $rc = 143 ] || fail "exit $rc after SIGTERM, not 143"
for k in $KIDS; do kill -0 "$k" 2>/dev/null && fail "run $k still runs after the sweep stopped"; done
[ -z "$(ls "$T/tmp")" ] || fail "the temporary directory stays: $(ls "$T/tmp")"
grep -q "gcnsim: sweep: terminated (SIGTERM): 0 of 4 runs done" "$T/err" || fail "no message: $(cat "$T/err")"
# A shard stopped by SIGTERM keeps its finished runs in its part (no end line); --resume completes it.
{
    for w in 2 4; do echo "$TOP/workloads/saxpy.ini --set cu.wave_slots=$w"; done
    head -1 "$T/slow.txt"
    echo "$TOP/workloads/saxpy.ini --set cu.wave_slots=8"
} > "$T/sl.txt"
"$G" sweep "$T/sl.txt" --shard 1/1 --csv "$T/sl.part" --jobs 1 >/dev/null 2>"$T/err" &
S=$!
i=0
until [ "$(grep -c '^# line' "$T/sl.part" 2>/dev/null)" = 2 ]; do
    i=$((i + 1)); [ $i -gt 300 ] && fail "the shard did not reach its slow line"; sleep 0.1
done
kill -TERM $S
wait $S
rc=$?
[ $rc = 143 ] || fail "a shard exited $rc after SIGTERM, not 143"
grep -q "terminated (SIGTERM): shard 1 of 1: 2 of its 4 runs done, 0 failed; the part .*sl.part is truncated" "$T/err" ||
    fail "the stopped shard's message: $(cat "$T/err")"
grep -q '^# end' "$T/sl.part" && fail "a stopped shard's part has its end line"
"$G" sweep "$T/sl.txt" --shard 1/1 --csv "$T/sl.part" --jobs 2 --resume | grep -q "4 runs (2 kept from the part), 0 failed" ||
    fail "--resume of the stopped shard"
"$G" sweep merge "$T/sl.part" --csv "$T/sl.csv" >/dev/null || fail "merge of the resumed shard"
"$G" sweep "$T/sl.txt" --csv "$T/sl-whole.csv" --jobs 2 >/dev/null || fail "the whole sweep"
cmp "$T/sl.csv" "$T/sl-whole.csv" || fail "the resumed shard does not merge into the whole sweep's bytes"
echo "sweep-hostile: ok: SIGTERM stops every run, removes the temporary directory and exits 143; a stopped shard resumes"

# ---- 4. CSV fields: a kernel name with a line break, labels with commas and quotes ---------------
mc=$(command -v llvm-mc-15 || command -v llvm-mc)
[ -n "$mc" ] || fail "llvm-mc is needed"
"$mc" -triple amdgcn-amd-amdhsa -mcpu=gfx803 -filetype=obj workloads/matmul_tiled.s -o "$T/k.o" || fail "llvm-mc"
# The kernel's name (in the symbol table and the metadata) made "matmul" NEWLINE "tiled", same length.
perl -0pi -e 's/matmul_tiled/matmul\ntiled/g' "$T/k.o"
sed "s#^source *=.*#source = $T/k.o#" workloads/matmul_tiled.ini > "$T/nl.ini"
{
    echo "$T/nl.ini label='a,\"b'"
    echo "$TOP/workloads/saxpy.ini --set cu.wave_slots=4 label=plain"
    echo "$T/nl.ini --set cu.wave_slots=2"
} > "$T/fields.txt"
"$G" sweep "$T/fields.txt" --csv "$T/fields.csv" --jobs 2 >/dev/null 2>"$T/err" || fail "a sweep of odd names: $(cat "$T/err")"
python3 - "$T/fields.csv" <<'EOF' || fail "the sweep's CSV is not read back as 3 rows"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert len(rows) == 4, rows
assert all(len(r) == len(rows[0]) for r in rows), [len(r) for r in rows]
assert rows[1][0] == 'a,"b' and rows[1][3] == "matmul\ntiled", rows[1][:4]
assert rows[2][0] == "plain" and rows[3][3] == "matmul\ntiled", rows[3][:4]
EOF
grep -q '^plain,' "$T/fields.csv" || fail "an ordinary row is quoted"
for i in 1 2; do "$G" sweep "$T/fields.txt" --shard $i/2 --csv "$T/f$i.part" >/dev/null 2>&1 || fail "shard $i of odd names"; done
"$G" sweep merge "$T/f1.part" "$T/f2.part" --csv "$T/fm.csv" >/dev/null 2>"$T/err" || fail "merge of odd names: $(cat "$T/err")"
cmp "$T/fm.csv" "$T/fields.csv" || fail "the merged odd names differ from the single-host sweep"
echo "sweep-hostile: ok: commas, quotes and a line break in fields are quoted, merged and read back"
