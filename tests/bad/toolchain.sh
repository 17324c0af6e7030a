# The GPU toolchain absent or broken (docs/errors.md, "Compiling kernels"), sourced by
# tests/bad/run.sh: uses its check(). A PATH without the compilers stands for a machine without the
# packages; GCNSIM_ROCM_DEVICE_LIBS pointing nowhere for one without rocm-device-libs.
ROCM_LIBS=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
toolchain_cases() {
  g=$1
  i="$here/ini"
  check "missing clang-15" 1 "compile_error.cl: error: compiling OpenCL C needs clang-15, which is not installed (Debian package clang-15" \
    env PATH=/nonexistent "$g" run "$i/compile_error.ini"
  check "missing clang++-15" 1 "overloads.hip: error: compiling HIP needs clang++-15, which is not installed (Debian package clang-15" \
    env PATH=/nonexistent "$g" run "$i/plain_name_ambiguous.ini"
  check "missing device libraries" 1 "compiling OpenCL C needs the ROCm device libraries, not found in /nonexistent (Debian package rocm-device-libs" \
    env GCNSIM_ROCM_DEVICE_LIBS=/nonexistent "$g" asm "$i/compile_error.cl"
  # Device libraries without one target's isa_version bitcode (gfx906's): refused for that target
  # before the compiler runs, and the same folder still compiles for another.
  L=$(mktemp -d)
  for b in "$ROCM_LIBS"/*.bc; do [ "${b##*/}" = oclc_isa_version_906.bc ] || ln -s "$b" "$L/${b##*/}"; done
  check "device libraries without the target's" 1 "compile_error.cl: error: compiling for gfx906 needs the device library $L/oclc_isa_version_906.bc, which is not there" \
    env GCNSIM_ROCM_DEVICE_LIBS="$L" "$g" run "$i/compile_error.ini" --set gpu.target=gfx906
  check "device libraries with the target's" 1 "use of undeclared identifier" \
    env GCNSIM_ROCM_DEVICE_LIBS="$L" "$g" run "$i/compile_error.ini"
  rm -rf "$L"
  # gfx942 compiles with clang-19, and with gfx940's isa_version bitcode standing in for gfx942's.
  check "missing clang-19" 1 "compile_error.cl: error: compiling OpenCL C for gfx942 needs clang-19, which is not installed (Debian package clang-19" \
    env PATH=/nonexistent "$g" run "$i/compile_error.ini" --set gpu.target=gfx942
  L=$(mktemp -d)
  for b in "$ROCM_LIBS"/*.bc; do [ "${b##*/}" = oclc_isa_version_940.bc ] || ln -s "$b" "$L/${b##*/}"; done
  check "device libraries without gfx940's, for gfx942" 1 "compile_error.cl: error: compiling for gfx942 needs the device library $L/oclc_isa_version_940.bc, which is not there" \
    env GCNSIM_ROCM_DEVICE_LIBS="$L" "$g" run "$i/compile_error.ini" --set gpu.target=gfx942
  check "gfx942 through the stand-in library" 1 "use of undeclared identifier" \
    "$g" run "$i/compile_error.ini" --set gpu.target=gfx942
  rm -rf "$L"
  check "a kernel source given to run" 1 "is a kernel source; run takes a workload file that names it (source = compile_error.cl)" \
    "$g" run "$i/compile_error.cl"
}

# The compiler's output goes to a directory of gcnsim's own under $TMPDIR, removed afterwards, after a
# compile error as after a successful run; nothing is written beside the source.
toolchain_temp_cases() {
  g=$1
  T=$(mktemp -d)
  before=$(ls "$here/ini" | wc -l)
  check "compile error under a private TMPDIR" 1 "use of undeclared identifier" env TMPDIR="$T" "$g" run "$here/ini/compile_error.ini"
  check "HIP source compiled under a private TMPDIR" 1 "is ambiguous" env TMPDIR="$T" "$g" run "$here/ini/plain_name_ambiguous.ini"
  if [ -z "$(ls -A "$T")" ] && [ "$(ls "$here/ini" | wc -l)" = "$before" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "bad-inputs: FAIL compiling left files behind: $(ls -A "$T" | tr '\n' ' ')" >&2; fi
  # Assembler errors in the compiler's output: that output is kept, and its path printed.
  check "compiled code the assembler refuses" 1 "compiled_gfx9.cl: note: the assembly above is the compiler's output for this source, kept as $T/gcnsim-" \
    env TMPDIR="$T" "$g" run "$here/compiled_gfx9.ini"
  if ls "$T"/gcnsim-*/compiled_gfx9.s >/dev/null 2>&1; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "bad-inputs: FAIL the refused compiler output was not kept in $T" >&2; fi
  rm -rf "$T"
}
