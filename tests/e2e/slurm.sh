#!/bin/sh
# A real single-node Slurm (Debian's slurmctld, slurmd, munge) on 127.0.0.1 with its own
# configuration, ports, munge socket and directories under a temporary directory, started as child
# processes and stopped by PID at the end. A sweep of 24 lines as an array job must merge into the
# bytes of the local `gcnsim sweep`; then the fault cases (a failing line, a task cancelled midway,
# a truncated part, the same part merged twice) are reported and --resume completes the sweep with
# the same bytes. Without root or the daemons: a visible SKIP (exit 77), never a silent pass.
# usage: tests/e2e/slurm.sh GCNSIM
set -u
G=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
skip() { echo "slurm: SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "not root (the Slurm and munge daemons need it)"
for d in slurmctld slurmd munged mungekey sbatch squeue scancel; do
    command -v $d >/dev/null 2>&1 || [ -x /usr/sbin/$d ] || skip "$d is not installed (make deps)"
done
PATH=$PATH:/usr/sbin
T=$(mktemp -d /tmp/gcnsim-slurm-XXXXXX)
chmod 755 "$T"
PIDS=
cleanup() {
    for p in $PIDS; do kill "$p" 2>/dev/null; done
    for p in $PIDS; do wait "$p" 2>/dev/null; done
    rm -rf "$T"
}
trap cleanup EXIT INT TERM
# What gcnsim printed (the expected error messages among it) is kept in $T/shown and printed only
# when a check fails, so a passing run's log holds no error lines.
fail() { echo "slurm: FAIL: $*"; [ -f "$T/shown" ] && cat "$T/shown"; for f in "$T"/log/*.log; do echo "--- $f"; tail -5 "$f"; done; exit 1; }
mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/log" "$T/run"
chmod 700 "$T/munge"
# Ports from the process id, away from the system's 6817/6818.
P=$((20000 + $$ % 20000))
mungekey -c -k "$T/munge/munge.key" >/dev/null 2>&1 || dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 600 "$T/munge/munge.key"
chown root "$T/munge/munge.key"
munged -F --key-file="$T/munge/munge.key" --socket="$T/munge/sock" --pid-file="$T/munge/pid" \
    --log-file="$T/log/munged.log" --seed-file="$T/munge/seed" -f >/dev/null 2>&1 &
PIDS="$PIDS $!"
NODE=$(slurmd -C | sed -n 's/^NodeName=[^ ]* //p' | head -1)
cat > "$T/slurm.conf" <<CONF
ClusterName=gcnsimtest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$P
SlurmdPort=$((P + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/sock
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/run/slurmctld.pid
SlurmdPidFile=$T/run/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
LaunchParameters=enable_nss_slurm
MinJobAge=2
NodeName=gcnsimnode NodeHostname=$(hostname) NodeAddr=127.0.0.1 $NODE State=UNKNOWN
PartitionName=test Nodes=gcnsimnode Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$T/slurm.conf"
sleep 1
slurmctld -D -f "$T/slurm.conf" >"$T/log/slurmctld.out" 2>&1 &
PIDS="$PIDS $!"
slurmd -D -f "$T/slurm.conf" -N gcnsimnode >"$T/log/slurmd.out" 2>&1 &
PIDS="$PIDS $!"
i=0
until sinfo -h -o %t 2>/dev/null | grep -q idle; do
    i=$((i + 1))
    [ $i -gt 60 ] && { tail -5 "$T"/log/*; skip "the Slurm daemons did not come up (see above)"; }
    sleep 0.5
done
echo "slurm: a single-node Slurm is up (ports $P, $((P + 1)))"

# The sweep: 24 small lines; line 9 runs a workload that does not exist yet (a failing line).
W=$T/work
mkdir -p "$W"
cp -r workloads "$W/" || fail "no workloads/ here (run from the top of the tree)"
cd "$W" || exit 1
{
    echo "# a sweep for the Slurm test"
    for s in 1 2 3 4 5 6 7 8 9 10; do echo "workloads/vector_add.ini --set cu.wave_slots=$s label=slots$s"; done
    for l in 50 100 200 400 800 1600; do echo "workloads/saxpy.ini --set dram.latency=$l"; done
    for g in 256 512 1024 2048; do echo "workloads/vector_add.ini --set kernel.grid=$g"; done
    echo "late.ini --set cu.wave_slots=3"
    for c in 1 2 4; do echo "workloads/saxpy.ini --set gpu.compute_units=$c"; done
} > list.txt
OUT=$W/out.csv
"$G" sweep list.txt --slurm --array-size 6 --csv "$OUT" --wait > submit1.txt 2> err1.txt
rc=$?
cat submit1.txt err1.txt >> "$T/shown"
[ $rc = 1 ] || fail "a sweep with a failing line exited $rc, not 1"
grep -q '^#SBATCH --array=1-6$' submit1.txt || fail "the script is not shown"
grep -q "list.txt:22: error: the run exited 1: late.ini" err1.txt || fail "the failing line is not named"
grep -q "shard 3 of 6 finished with failed runs; its log: .*out.csv.slurm/log/3.txt" err1.txt || fail "the failed shard's log is not named"
[ -e "$OUT" ] && fail "FILE was written though a run failed"
[ -x "$OUT.slurm/job.sh" ] || [ -f "$OUT.slurm/job.sh" ] || fail "the script is not kept next to the output"
# The fix, then --resume: only shard 3 goes again.
sed 's#^source *= *#source = workloads/#' workloads/vector_add.ini > late.ini
"$G" sweep list.txt --slurm --csv "$OUT" --resume --wait > submit2.txt 2>&1 || { cat submit2.txt; fail "--resume did not complete the sweep"; }
cat submit2.txt >> "$T/shown"
grep -q '^#SBATCH --array=3$' submit2.txt || fail "--resume did not resubmit shard 3 alone"
"$G" sweep list.txt --csv local.csv --jobs 2 >/dev/null || fail "the local sweep failed"
cmp "$OUT" local.csv || fail "the merged CSV differs from the local sweep's"
echo "slurm: ok: 24 lines as 6 array tasks merge into the local sweep's bytes; a failing line reported and resumed"

# A task cancelled midway: shard 1 of a LIST whose last line is slow (memory 300,000 cycles away,
# ticked every cycle) is cancelled once its four quick runs are in its part.
cp list.txt list2.txt
echo "workloads/vector_add.ini --tick-every-cycle --set dram.latency=300000 --set cu.wave_slots=1 label=slow" >> list2.txt
OUT2=$W/out2.csv
"$G" sweep list2.txt --slurm --array-size 6 --csv "$OUT2" --wait > submit3.txt 2> err3.txt &
WAITER=$!
i=0
until [ "$(grep -c '^# line' "$OUT2.slurm/part-1.csv" 2>/dev/null)" = 4 ]; do
    i=$((i + 1)); [ $i -gt 240 ] && fail "shard 1 did not reach its slow line"; sleep 0.25
done
JOB=$(sed -n 's/^sweep: submitted job \([0-9]*\); waiting.*/\1/p' submit3.txt)
[ -n "$JOB" ] || fail "no job id printed"
scancel "${JOB}_1"
wait $WAITER && fail "a sweep with a cancelled task exited 0"
cat err3.txt >> "$T/shown"
grep -q "shard 1 of 6 did not finish (its part is truncated after 4 of its 5 runs); its lines: 2 8 14 20 26; its log: .*out2.csv.slurm/log/1.txt: .*CANCELLED" err3.txt ||
    fail "the cancelled task is not reported with its lines and log"
[ -e "$OUT2" ] && fail "FILE was written though a task was cancelled"
"$G" sweep merge "$OUT2".slurm/part-*.csv --csv "$OUT2" > merge1.txt 2>&1 && fail "merge of a cancelled sweep succeeded"
cat merge1.txt >> "$T/shown"
grep -q "part-1.csv: error: truncated: shard 1 of 6 ends after 4 of its 5 runs" merge1.txt || fail "the cancelled shard is not named"
grep -q "CANCELLED" "$OUT2.slurm/log/1.txt" || fail "the cancelled task's log does not say so"
# A truncated part and the same part twice.
head -c 900 "$OUT2.slurm/part-4.csv" > p4.tmp && cp p4.tmp "$OUT2.slurm/part-4.csv"
"$G" sweep merge "$OUT2".slurm/part-2.csv "$OUT2".slurm/part-2.csv "$OUT2".slurm/part-4.csv --csv "$OUT2" > merge2.txt 2>&1 && fail "a bad merge succeeded"
cat merge2.txt >> "$T/shown"
grep -q "part-2.csv: error: shard 2 of 6 is given twice" merge2.txt || fail "the duplicate part is not named"
grep -q "part-4.csv: error: truncated: shard 4 of 6" merge2.txt || fail "the truncated part is not named"
[ -e "$OUT2" ] && fail "a failed merge wrote FILE"
"$G" sweep list2.txt --slurm --csv "$OUT2" --resume --wait > submit4.txt 2>&1 || { cat submit4.txt; fail "--resume did not complete the sweep"; }
grep '^#SBATCH --array' submit4.txt
grep -q '^#SBATCH --array=1,4$' submit4.txt || fail "--resume did not resubmit shards 1 and 4 alone"
grep -q "shard 1 of 6: 5 runs (4 kept from the part)" "$OUT2.slurm/log/1.txt" || fail "the resumed shard 1 ran its finished runs again"
"$G" sweep list2.txt --csv local2.csv --jobs 2 >/dev/null || fail "the local sweep failed"
cmp "$OUT2" local2.csv || fail "the resumed sweep's CSV differs from the local sweep's"
echo "slurm: ok: a task cancelled midway, a truncated part and a duplicate part reported; --resume gives the same bytes"

# Without --wait: the job id and the merge command, which gives the same bytes once the job ended.
"$G" sweep list.txt --slurm --array-size 2 --csv "$W/out3.csv" > submit5.txt 2>&1 || { cat submit5.txt; fail "submission failed"; }
JOB=$(sed -n 's/^sweep: submitted job \([0-9]*\)$/\1/p' submit5.txt)
[ -n "$JOB" ] || fail "no job id printed without --wait"
i=0
while [ -n "$(squeue -h -j "$JOB" 2>/dev/null)" ]; do i=$((i + 1)); [ $i -gt 240 ] && fail "the job did not end"; sleep 0.5; done
MERGE=$(sed -n 's/^  \(gcnsim sweep merge .*\)/\1/p' submit5.txt)
[ -n "$MERGE" ] || fail "no merge command printed"
PATH=$(dirname "$G"):$PATH sh -c "$MERGE" >/dev/null || fail "the printed merge command failed: $MERGE"
cmp "$W/out3.csv" local.csv || fail "the merged CSV differs from the local sweep's"
echo "slurm: ok: without --wait, the printed merge command gives the same bytes"
