#!/bin/sh
# Check (and with --install, or when run as root, install) the Debian packages gcnsim needs.
# Usage: deps.sh [--install] PACKAGE...
#        deps.sh --check-split "DEMO PACKAGES" "TEST-ONLY PACKAGES" "DEMO STAMP COMMAND"
# The Makefile calls the first form with the build's packages (make, make demo) or with all of
# them (make test, make deps). The second form, `make deps-check`, checks the split itself: the
# build's list holds what building gcnsim and gcnviz needs and nothing that only the tests use,
# the two lists do not overlap, and the command `make demo` runs to check its packages (given by
# `make -n`) names exactly the build's list. It installs nothing.

# Packages only the tests use: none of them may be in the build's list.
TEST_ONLY="check llvm clang libclang-rt-14-dev xvfb xauth time gnuplot-nox lld clang-15 llvm-15 rocm-device-libs libamdhip64-dev python3 slurmctld slurmd slurm-client munge librocsparse0 librocprim-dev librocrand-dev"
# Packages the build cannot do without (sim/, isa/, viz/ and their libraries).
BUILD_NEEDS="build-essential pkg-config uthash-dev libinih-dev libelf-dev libmsgpack-dev libyaml-dev libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev"

in_list() { case " $2 " in *" $1 "*) return 0 ;; esac; return 1; }

if [ "$1" = "--check-split" ]; then
  demo=$2 testonly=$3 stampcmd=$4 bad=0
  for p in $TEST_ONLY; do
    in_list "$p" "$demo" && { echo "deps-check: '$p' is test-only but in the build's packages (DEMO_DEB_PACKAGES)" >&2; bad=1; }
    in_list "$p" "$testonly" || { echo "deps-check: '$p' is missing from the test packages (TEST_DEB_PACKAGES)" >&2; bad=1; }
  done
  for p in $BUILD_NEEDS; do
    in_list "$p" "$demo" || { echo "deps-check: the build needs '$p' but DEMO_DEB_PACKAGES lacks it" >&2; bad=1; }
  done
  for p in $demo; do
    in_list "$p" "$testonly" && { echo "deps-check: '$p' is in both lists" >&2; bad=1; }
  done
  # What `make demo` actually checks: the package words of its stamp's command line.
  got=$(printf '%s\n' "$stampcmd" | sed -n 's/.*tests\/tools\/deps\.sh //p' | tr ' ' '\n' | grep -v '^$' | sort | tr '\n' ' ')
  want=$(printf '%s\n' $demo | sort | tr '\n' ' ')
  [ "$got" = "$want" ] || { echo "deps-check: make demo checks '$got', expected the build's packages '$want'" >&2; bad=1; }
  [ "$bad" = 0 ] && echo "deps-check: the build needs $(echo $demo | wc -w) packages, the tests $(echo $testonly | wc -w) more"
  exit "$bad"
fi

install=0
if [ "$1" = "--install" ]; then install=1; shift; fi
missing=""
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
# A tool can also come from elsewhere (a non-Debian toolchain): a package whose tool or library is
# present counts as there for a user who cannot install it. The viewer's SDL2 packages are
# optional for such a user: `make` then builds gcnsim alone and says so (the Makefile's `viz`).
have_tool() {
  case $1 in
    build-essential) command -v cc >/dev/null 2>&1 ;;
    pkg-config) command -v pkg-config >/dev/null 2>&1 ;;
    uthash-dev) [ -f /usr/include/uthash.h ] ;;
    libinih-dev) pkg-config --exists inih 2>/dev/null ;;
    libelf-dev) pkg-config --exists libelf 2>/dev/null ;;
    libmsgpack-dev) pkg-config --exists msgpack 2>/dev/null ;;
    libyaml-dev) pkg-config --exists yaml-0.1 2>/dev/null ;;
    check) pkg-config --exists check 2>/dev/null ;;
    llvm) command -v llvm-mc >/dev/null 2>&1 ;;
    clang) command -v clang >/dev/null 2>&1 ;;
    clang-15) command -v clang-15 >/dev/null 2>&1 && command -v clang++-15 >/dev/null 2>&1 ;;
    llvm-15) command -v llvm-mc-15 >/dev/null 2>&1 ;;
    libamdhip64-dev) [ -f /usr/include/hip/hip_runtime.h ] ;;
    python3) command -v python3 >/dev/null 2>&1 ;;
    rocm-device-libs) [ -f /usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ockl.bc ] ;;
    librocprim-dev) [ -f /usr/include/rocprim/rocprim.hpp ] ;;
    librocrand-dev) [ -f /usr/include/rocrand/rocrand_kernel.h ] ;;
    libsdl2-*|fonts-dejavu-core|xvfb|xauth|time|gnuplot-nox|lld|libclang-rt-14-dev|slurm*|munge) true ;;
    *) false ;;
  esac
}
for p in "$@"; do have_pkg "$p" || missing="$missing $p"; done
if [ -n "$missing" ] && [ "$(id -u)" != "0" ]; then
  essential=""
  for p in $missing; do have_tool "$p" || essential="$essential $p"; done
  [ -z "$essential" ] && missing=""
fi
[ -z "$missing" ] && exit 0
line="apt-get install -y$missing"
if [ "$(id -u)" = "0" ]; then
  echo "deps: installing missing Debian packages:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq $missing >/dev/null || {
    echo "deps: '$line' failed" >&2; exit 1; }
  exit 0
fi
echo "deps: missing Debian packages:$missing" >&2
echo "deps: run as root:  $line" >&2
exit 1
