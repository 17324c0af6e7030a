#!/bin/sh
# Real vendor code objects (docs/kernels.md, "Code objects"): Debian's librocsparse0 ships
# rocSPARSE's GPU kernels inside its host library, in the .hip_fatbin section: a run of
# clang-offload-bundler bundles (each starts with the magic __CLANG_OFFLOAD_BUNDLE__ and holds one
# code object per target). This test tooling finds the bundles, unbundles each one's gfx803 object
# with clang-offload-bundler-15, and checks that gcnsim loads and decodes every one (`gcnsim asm`)
# and lists one kernel by its plain name with --kernel. Not part of gcnsim.
# Usage: sh tests/e2e/rocsparse.sh GCNSIM [MAX]   (MAX: at most that many bundles; prints
# "rocsparse: N passed, N failed")
set -u
if [ $# -lt 1 ]; then echo "usage: rocsparse.sh GCNSIM [MAX]" >&2; exit 1; fi
gcnsim=$1; max=${2:-100000}
lib=$(dpkg -L librocsparse0 2>/dev/null | grep '/librocsparse\.so\.[0-9.]*$' | sort | tail -1)
bundler=$(command -v clang-offload-bundler-15)
readelf=$(command -v llvm-readelf-15)
if [ -z "$lib" ] || [ -z "$bundler" ] || [ -z "$readelf" ]; then
  echo "rocsparse: FAIL librocsparse0, clang-offload-bundler-15 and llvm-readelf-15 are needed (make deps)"; exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass+1)); }
ko() { fail=$((fail+1)); echo "rocsparse: FAIL $1"; }
# The section's file offset and size (hexadecimal fields of `readelf -S -W`).
set -- $("$readelf" -S -W "$lib" | awk '$2 == ".hip_fatbin" { print $5, $6 } $3 == ".hip_fatbin" { print $6, $7 }')
off=$(printf '%d' "0x$1"); size=$(printf '%d' "0x$2")
# The bundles' offsets in the section (each is aligned; the magic starts it).
dd if="$lib" bs=1M iflag=skip_bytes,count_bytes skip="$off" count="$size" 2>/dev/null |
  LC_ALL=C grep -obUa __CLANG_OFFLOAD_BUNDLE__ | cut -d: -f1 > "$tmp/starts"
echo "$size" >> "$tmp/starts"
n=0; kernels=0
prev=
while read -r at; do
  if [ -n "$prev" ] && [ "$n" -lt "$max" ]; then
    n=$((n + 1))
    dd if="$lib" of="$tmp/b" iflag=skip_bytes,count_bytes skip=$((off + prev)) count=$((at - prev)) 2>/dev/null
    if ! "$bundler" --unbundle --type=o --targets=hipv4-amdgcn-amd-amdhsa--gfx803 --input="$tmp/b" \
         --output="$tmp/o" 2> "$tmp/err"; then
      ko "bundle $n (offset $prev): clang-offload-bundler: $(head -1 "$tmp/err")"
    elif [ ! -s "$tmp/o" ]; then
      : # a bundle without a gfx803 object
    elif "$gcnsim" asm "$tmp/o" > "$tmp/lst" 2> "$tmp/err"; then
      ok
      kernels=$((kernels + $(grep -c '^kernel ' "$tmp/lst")))
    else
      ko "bundle $n (offset $prev, $(wc -c < "$tmp/o") bytes): $(head -2 "$tmp/err" | tr '\n' ' ')"
    fi
  fi
  prev=$at
done < "$tmp/starts"
echo "rocsparse: $pass passed, $fail failed ($n bundles, $kernels kernels listed)"
[ "$fail" -eq 0 ]
