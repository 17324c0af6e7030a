#!/bin/sh
# Check (and with --install, or when run as root, install) the Debian packages gcnsim needs.
# Usage: deps.sh [--install] PACKAGE...
install=0
if [ "$1" = "--install" ]; then install=1; shift; fi
missing=""
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in "$@"; do have_pkg "$p" || missing="$missing $p"; done
# Tools can also come from elsewhere (a non-Debian toolchain): accept them when present. The
# viewer's SDL2 packages are optional for a user who cannot install them: `make` then builds
# gcnsim alone and says so (the Makefile's `viz` target); as root everything missing is installed.
if [ -n "$missing" ] && [ "$(id -u)" != "0" ] && command -v pkg-config >/dev/null 2>&1 &&
   pkg-config --exists check inih 2>/dev/null && [ -f /usr/include/uthash.h ] &&
   command -v llvm-mc >/dev/null 2>&1 && command -v clang >/dev/null 2>&1 && command -v cc >/dev/null 2>&1 &&
   command -v clang-15 >/dev/null 2>&1 && command -v llvm-mc-15 >/dev/null 2>&1 && command -v clang++-15 >/dev/null 2>&1 &&
   [ -f /usr/include/hip/hip_runtime.h ] && [ -f /usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ockl.bc ]; then
  missing=""
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
