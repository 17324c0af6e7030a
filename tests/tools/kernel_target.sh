# The target a kernel or workload file names, and the LLVM that knows that target: sourced by the
# tests that hand shipped kernels to LLVM or run them (tests/isa/llvm_check.sh,
# tests/isa/objdump_check.sh, tests/e2e/codeobj.sh, tests/e2e/hazard_corpus.sh), so each reads the
# names the same way.

# kernel_target FILE: the processor FILE names, "gfx90a" — a kernel source's .amdgcn_target
# ("amdgcn-amd-amdhsa--gfx90a[:features]"), a workload file's target key (kernel.target); nothing
# when it names none (gfx803's kernels).
kernel_target() {
  case $1 in
    *.ini) sed -n 's/^[[:space:]]*target[[:space:]]*=[[:space:]]*\(gfx[0-9a-f]*\).*/\1/p' "$1" | head -1 ;;
    *) sed -n 's/^[[:space:]]*\.amdgcn_target[[:space:]]*"amdgcn-amd-amdhsa--\(gfx[0-9a-f]*\).*/\1/p' "$1" | head -1 ;;
  esac
}

# target_llvm TARGET: the version of Debian's LLVM whose tools (llvm-mc-N, llvm-objdump-N) know
# TARGET other than gfx803: 19 for gfx942, which LLVM 15 does not know, else 15.
target_llvm() {
  if [ "$1" = gfx942 ]; then echo 19; else echo 15; fi
}
