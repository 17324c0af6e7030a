#!/bin/sh
# The sweep group: shards and merge on this host (tests/e2e/shard.sh), hostile inputs and signals
# (tests/e2e/sweep_hostile.sh), Ctrl-C and --resume on a terminal (tests/e2e/sweep_pty.py), then a real Slurm
# (tests/e2e/slurm.sh), which is counted as skipped, visibly, when its daemons cannot start.
# usage: tests/e2e/sweep.sh GCNSIM
passed=0 skipped=0
sh tests/e2e/shard.sh "$1" || { echo "sweep: shard.sh FAILED"; exit 1; }
passed=$((passed + 1))
sh tests/e2e/sweep_hostile.sh "$1" || { echo "sweep: sweep_hostile.sh FAILED"; exit 1; }
passed=$((passed + 1))
python3 tests/e2e/sweep_pty.py "$1" || { echo "sweep: sweep_pty.py FAILED"; exit 1; }
passed=$((passed + 1))
sh tests/e2e/slurm.sh "$1"
case $? in
0) passed=$((passed + 1)) ;;
77) skipped=$((skipped + 1)) ;;
*) echo "sweep: slurm.sh FAILED"; exit 1 ;;
esac
echo "sweep: $passed passed, $skipped skipped"
