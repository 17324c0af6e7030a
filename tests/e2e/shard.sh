#!/bin/sh
# Shards and merge without Slurm: a LIST split 1, 3 and 5 ways merges into the bytes of the
# single-host sweep; a failing line is recorded in its part and reported by the merge; a part of
# another LIST, a duplicate, a missing and a truncated shard are named and nothing is written;
# --resume keeps a part's finished runs and completes it to the same bytes.
# usage: tests/e2e/shard.sh GCNSIM
set -u
G=$1
T=$(mktemp -d /tmp/gcnsim-shard-XXXXXX)
trap 'rm -rf "$T"' EXIT
fail() { echo "shard: FAIL: $*"; exit 1; }
{
    for s in 2 4 6 8 10; do echo "workloads/vector_add.ini --set cu.wave_slots=$s"; done
    echo "workloads/saxpy.ini --set dram.latency=100 label=fast"
    echo "workloads/saxpy.ini --set mem.model=ideal --set mem.latency=100"
    echo "$T/late.ini"
} > "$T/list.txt"
"$G" sweep "$T/list.txt" --csv "$T/local.csv" --jobs 2 >/dev/null 2>"$T/err" && fail "a missing workload did not fail"
grep -q "list.txt:8: error: the run exited 1" "$T/err" || fail "the failing line is not reported"
for n in 1 3 5; do
    rm -f "$T"/p*.csv
    i=1
    while [ $i -le $n ]; do "$G" sweep "$T/list.txt" --shard $i/$n --csv "$T/p$i.csv" --jobs 2 >/dev/null 2>&1; i=$((i + 1)); done
    "$G" sweep merge "$T"/p*.csv --csv "$T/m$n.csv" >/dev/null 2>"$T/err" && fail "merge with a failed run exited 0"
    grep -q "list.txt:8: error: the run exited 1" "$T/err" || fail "merge does not report the failed line"
    cmp "$T/m$n.csv" "$T/local.csv" || fail "$n shards do not merge into the single-host sweep's bytes"
done
# The rows name their run: label, the --set columns (the union, empty where not set), mem_latency.
head -1 "$T/local.csv" | grep -q '^label,workload,cu.wave_slots,dram.latency,mem.model,mem.latency,kernel,' || fail "header: $(head -1 "$T/local.csv")"
grep -q '^fast,workloads/saxpy.ini,,100,,,saxpy,.*,hierarchy,350,512,' "$T/local.csv" || fail "the labelled row"
grep -q '^7,workloads/saxpy.ini,,,ideal,100,saxpy,.*,ideal,100,512,' "$T/local.csv" || fail "the ideal row"
# Problems are named; nothing is written.
echo "workloads/saxpy.ini" > "$T/other.txt"
"$G" sweep "$T/other.txt" --shard 1/5 --csv "$T/other.csv" >/dev/null 2>&1
"$G" sweep merge "$T/p1.csv" "$T/p1.csv" "$T/other.csv" "$T/p3.csv" --csv "$T/bad.csv" >/dev/null 2>"$T/err" && fail "a bad merge exited 0"
grep -q "p1.csv: error: shard 1 of 5 is given twice" "$T/err" || fail "duplicate not named"
grep -q "other.csv: error: a part of another LIST" "$T/err" || fail "another LIST not named"
grep -q "error: shard 2 of 5 of .*list.txt is missing" "$T/err" || fail "missing shard not named"
[ -e "$T/bad.csv" ] && fail "a refused merge wrote its output"
# Truncated: cut shard 3 in its second row; --resume keeps its first run and reruns the rest.
head -c $(( $(head -4 "$T/p3.csv" | wc -c) + 40 )) "$T/p3.csv" > "$T/cut" && cp "$T/cut" "$T/p3.csv"
"$G" sweep merge "$T"/p*.csv --csv "$T/bad.csv" >/dev/null 2>"$T/err" && fail "a truncated part merged"
grep -q "p3.csv: error: truncated: shard 3 of 5 ends after 1 of its 2 runs" "$T/err" || fail "truncation not named: $(cat "$T/err")"
# The failed line's cause fixed; --resume reruns only what is missing or failed.
sed 's#^source *= *#source = '"$PWD"'/workloads/#' workloads/vector_add.ini > "$T/late.ini"
"$G" sweep "$T/list.txt" --shard 3/5 --csv "$T/p3.csv" --resume | grep -q "2 runs (1 kept from the part), 0 failed" || fail "resume of shard 3"
"$G" sweep "$T/list.txt" --shard 3/5 --csv "$T/p3.csv" --resume | grep -q "2 runs (2 kept from the part), 0 failed" || fail "resume of a complete part"
"$G" sweep "$T/other.txt" --shard 3/5 --csv "$T/p3.csv" --resume >/dev/null 2>&1 && fail "resume of another LIST's part"
"$G" sweep "$T/list.txt" --shard 3/5 --csv "$T/list.txt" >/dev/null 2>&1 && fail "a part over a file gcnsim did not write"
"$G" sweep "$T/list.txt" --csv "$T/local2.csv" --jobs 2 >/dev/null || fail "local sweep"
"$G" sweep merge "$T/p5.csv" "$T/p4.csv" "$T/p3.csv" "$T/p2.csv" "$T/p1.csv" --csv "$T/m.csv" >/dev/null 2>"$T/err"

cmp "$T/m.csv" "$T/local2.csv" || fail "the resumed parts do not merge into the single-host bytes"
echo "shard: ok: 1, 3 and 5 shards merge into the single-host bytes; problems named; --resume completes a part"
