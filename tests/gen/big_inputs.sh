#!/bin/sh
# Large assembly inputs for the linear-time loading tests (tests/e2e/codeobj.sh, "Large inputs";
# docs/performance.md, "Loading large kernels"): prints on stdout a source that gcnsim's assembler
# and llvm-mc both accept, sized by N.
#   kernels N   N kernels of gcnsim's default ABI (global symbols in code, one s_endpgm each)
#   kd N        N kernels with a .amdhsa_kernel descriptor each and one metadata entry each
#   branches N  one kernel with N forward branches, each to its own label
#   got N       one kernel with N GOT loads (sym@gotpcrel32@lo/hi), N/2 distinct data symbols
# Usage: sh tests/gen/big_inputs.sh KIND N
set -u
if [ $# -ne 2 ]; then echo "usage: big_inputs.sh kernels|kd|branches|got N" >&2; exit 1; fi
awk -v kind="$1" -v n="$2" 'BEGIN {
  print "    .amdgcn_target \"amdgcn-amd-amdhsa--gfx803\""
  print "    .text"
  if (kind == "kernels" || kind == "kd") {
    for (i = 0; i < n; i++) {
      printf "    .globl k%d\n    .p2align 8\n    .type k%d,@function\nk%d:\n    s_endpgm\n", i, i, i
    }
    if (kind == "kd") {
      print "    .rodata"
      for (i = 0; i < n; i++) {
        printf "    .p2align 6\n    .amdhsa_kernel k%d\n        .amdhsa_next_free_vgpr 1\n", i
        printf "        .amdhsa_next_free_sgpr 1\n    .end_amdhsa_kernel\n"
      }
      rest = "    .group_segment_fixed_size: 0\n    .private_segment_fixed_size: 0\n    .wavefront_size: 64\n" \
             "    .sgpr_count: 7\n    .vgpr_count: 1\n    .max_flat_workgroup_size: 256\n"
      print "    .amdgpu_metadata\n---\namdhsa.kernels:"
      for (i = 0; i < n; i++)
        printf "  - .name: k%d\n    .symbol: k%d.kd\n    .kernarg_segment_size: 0\n    .kernarg_segment_align: 4\n%s", i, i, rest
      print "amdhsa.target: amdgcn-amd-amdhsa--gfx803\namdhsa.version:\n  - 1\n  - 1\n...\n    .end_amdgpu_metadata"
    }
  } else if (kind == "branches") {
    print "    .globl k\n    .p2align 8\n    .type k,@function\nk:"
    for (i = 0; i < n; i++)
      printf "    s_cbranch_scc0 .L%d\n.L%d:\n", i, i
    print "    s_endpgm"
  } else if (kind == "got") {
    print "    .globl k\n    .p2align 8\n    .type k,@function\nk:"
    for (i = 0; i < n; i++) {
      printf "    s_getpc_b64 s[0:1]\n    s_add_u32 s0, s0, d%d@gotpcrel32@lo+4\n", i % (n / 2 + 1)
      printf "    s_addc_u32 s1, s1, d%d@gotpcrel32@hi+4\n", i % (n / 2 + 1)
    }
    print "    s_endpgm\n    .data"
    for (i = 0; i < n / 2 + 1; i++)
      printf "    .globl d%d\nd%d:\n    .long %d\n", i, i, i
  } else {
    print "big_inputs.sh: unknown kind " kind > "/dev/stderr"
    exit 1
  }
}'
