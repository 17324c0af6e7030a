#!/bin/sh
# Write a workload with N buffers and N kernel arguments, one per buffer, to DIR/bN.ini, and its
# kernel (only s_endpgm, no metadata: it takes any arguments) to DIR/end.s. For the loading-time
# scaling check in scaling.sh.   Usage: sh tests/bad/gen_buffers.sh N DIR
set -eu
n=$1 dir=$2
printf '\t.text\n\t.globl k\n\t.p2align 8\n\t.type k,@function\nk:\n\ts_endpgm\n' > "$dir/end.s"
awk -v n="$n" 'BEGIN {
  print "[kernel]\nsource = end.s\ngrid = 64\nworkgroup = 64\n[args]"
  for (i = 0; i < n; i++) printf "a%d = @b%d\n", i, i
  for (i = 0; i < n; i++) printf "[buffer b%d]\ntype = u8\ncount = 1\n", i
}' > "$dir/b$n.ini"
