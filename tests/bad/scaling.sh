#!/bin/sh
# Loading time must grow linearly with the number of buffers and arguments: workloads with 1k, 10k
# and 100k buffers (one argument each, gen_buffers.sh) run with --functional on one workgroup that
# only ends, so the time is loading. A linear loader takes about 10x longer for 10x the buffers; a
# quadratic one 100x (it took over 5 minutes for 10k under ASan). The check is t(100k) < 40 t(10k):
# margin for a slow, shared machine, and still far below 100.
# The same for labels: `gcnsim asm` of kernels with 10k and 100k labels, each the target of a branch
# (the listing printed every branch's label by a scan of all labels: 100k took 23 s).
#   Usage: sh tests/bad/scaling.sh BUILD/gcnsim
set -u
gcnsim=$1
here=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
now() { date +%s%N; }
for n in 1000 10000 100000; do
  sh "$here/gen_buffers.sh" "$n" "$dir" || exit 1
  t0=$(now)
  "$gcnsim" run "$dir/b$n.ini" --functional >/dev/null 2>"$dir/err" || { echo "scaling: FAIL: $n buffers:"; cat "$dir/err"; exit 1; }
  t1=$(now)
  eval "t$n=\$(((t1 - t0) / 1000000))"
  rm -f "$dir/b$n.ini"
done
echo "scaling: loading 1k, 10k, 100k buffers: $t1000 ms, $t10000 ms, $t100000 ms"
if [ "$t100000" -ge $((40 * (t10000 > 0 ? t10000 : 1))) ]; then
  echo "scaling: FAIL: 10x the buffers took $((t100000 / (t10000 > 0 ? t10000 : 1)))x as long (linear: about 10x; at most 40x)"
  exit 1
fi
for n in 10000 100000; do
  awk -v n="$n" 'BEGIN { print " s_nop 0"; for (i = 0; i < n; i++) printf "L%d:\n s_branch L%d\n", i, (i * 7919) % n; print " s_endpgm" }' \
    > "$dir/l$n.s"
  t0=$(now)
  "$gcnsim" asm "$dir/l$n.s" >/dev/null 2>"$dir/err" || { echo "scaling: FAIL: $n labels:"; cat "$dir/err"; exit 1; }
  t1=$(now)
  eval "l$n=\$(((t1 - t0) / 1000000))"
done
echo "scaling: assembling and listing 10k, 100k labels: $l10000 ms, $l100000 ms"
if [ "$l100000" -ge $((40 * (l10000 > 0 ? l10000 : 1))) ]; then
  echo "scaling: FAIL: 10x the labels took $((l100000 / (l10000 > 0 ? l10000 : 1)))x as long (linear: about 10x; at most 40x)"
  exit 1
fi
