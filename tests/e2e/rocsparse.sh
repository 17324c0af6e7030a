#!/bin/sh
# Real vendor code objects (docs/kernels.md, "Code objects"): Debian's librocsparse0 ships
# rocSPARSE's GPU kernels inside its host library, in the .hip_fatbin section: a run of
# clang-offload-bundler bundles (each starts with the magic __CLANG_OFFLOAD_BUNDLE__ and holds one
# code object per target). This test tooling finds the bundles, unbundles each one's gfx803 object
# with clang-offload-bundler-15, and checks that gcnsim loads and decodes every one (`gcnsim asm`)
# and runs three of its kernels by their full names against references computed here: axpyi, doti
# (its two dispatches) and the general csrmv kernel. Not part of gcnsim.
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
# A workload's [buffer NAME] section: buffer NAME TYPE COUNT INIT.
buffer() { printf '[buffer %s]\ntype = %s\ncount = %s\ninit = %s\n' "$1" "$2" "$3" "$4"; }
n=0; kernels=0
# rocsparse_saxpyi's kernel (float, device pointer mode): y[x_ind[i] - base] += alpha[0] * x_val[i].
axpyi=_ZL12axpyi_kernelILj256EifPKfEvT0_T2_PKT1_PKS2_PS4_21rocsparse_index_base_
# rocsparse_sdoti's two kernels (float): part 1 sums y[x_ind[i] - base] * x_val[i] per workgroup
# into a workspace of 256, part 2 adds the workspace into the result.
doti1=_ZL17doti_kernel_part1ILj256EifEvT0_PKT1_PKS0_S3_PS1_21rocsparse_index_base_
doti2=_ZL17doti_kernel_part2ILj256EfEvPT0_S1_
# rocsparse_scsrmv's general kernel (512-thread workgroups, 4 lanes a row, device pointer mode):
# y[r] = alpha * sum(val[j] * x[col_ind[j] - base]) + beta * y[r] over row r's entries.
csrmv=_ZL21csrmvn_general_kernelILj512ELj4EiifPKfEvbT2_T4_PKT1_PKS2_PKT3_SB_S3_PS9_21rocsparse_index_base_
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
      grep -q "^kernel $axpyi " "$tmp/lst" && [ ! -f "$tmp/axpyi.co" ] && cp "$tmp/o" "$tmp/axpyi.co"
      grep -q "^kernel $doti1 " "$tmp/lst" && [ ! -f "$tmp/doti.co" ] && cp "$tmp/o" "$tmp/doti.co"
      grep -q "^kernel $csrmv " "$tmp/lst" && [ ! -f "$tmp/csrmv.co" ] && cp "$tmp/o" "$tmp/csrmv.co"
    else
      ko "bundle $n (offset $prev, $(wc -c < "$tmp/o") bytes): $(head -2 "$tmp/err" | tr '\n' ' ')"
    fi
  fi
  prev=$at
done < "$tmp/starts"
# Run it by its full name, arguments in its metadata's order (nnz, alpha, x_val, x_ind, y,
# idx_base): 1000 entries x_val[i] = i + 1 at x_ind[i] = 3i, alpha 2, y[j] = j; every value exact.
if [ -f "$tmp/axpyi.co" ]; then
  cat > "$tmp/axpyi.ini" <<EOF
[kernel]
source = axpyi.co
name = $axpyi
grid = 1024
workgroup = 256
$(buffer alpha f32 1 'value(2.0)')
$(buffer x_val f32 1000 'iota(1.0, 1.0)')
$(buffer x_ind i32 1000 'iota(0, 3)')
$(buffer y f32 3000 'iota(0.0, 1.0)')
[args]
nnz = i32:1000
alpha = @alpha
x_val = @x_val
x_ind = @x_ind
y = @y
idx_base = i32:0
EOF
  if "$gcnsim" run "$tmp/axpyi.ini" --dump "y=$tmp/y.bin" > /dev/null 2> "$tmp/err" &&
     [ "$(od -A n -t f4 -v "$tmp/y.bin" | tr -s ' ' '\n' | sed '/^$/d' |
          awk '{ j = NR - 1; want = (j % 3 == 0 && j / 3 < 1000) ? j + 2 * (j / 3 + 1) : j; if ($1 + 0 != want) bad++ }
               END { print NR "/" bad + 0 }')" = "3000/0" ]; then ok
  else ko "axpyi from librocsparse0: a failed run or a wrong y: $(head -2 "$tmp/err" | tr '\n' ' ')"; fi
  # Its 74-character name in a trace, read back (the reader took 63 before).
  if "$gcnsim" run "$tmp/axpyi.ini" --trace "$tmp/t.gcnt" > /dev/null 2>&1 &&
     "$gcnsim" trace export --perfetto "$tmp/t.gcnt" "$tmp/t.json" 2> "$tmp/err" && grep -q "$axpyi" "$tmp/t.json"; then ok
  else ko "axpyi's trace: $(head -1 "$tmp/err")"; fi
else ko "no object holds $axpyi"; fi
# doti, the two dispatches rocsparse_sdoti makes (256 workgroups of 256, then one), arguments in
# their metadata's order: nnz 1000, x_val[i] = i + 1 at x_ind[i] = 3i, y[j] = j mod 7; the exact sum
# (small integers: every partial sum is exact in f32, whatever the order) computed here.
if [ -f "$tmp/doti.co" ]; then
  python3 -c 'import struct,sys; open(sys.argv[1],"wb").write(struct.pack("<3000f",*[j % 7 for j in range(3000)]))' "$tmp/ydoti.bin"
  cat > "$tmp/doti.ini" <<EOF
[kernel]
source = doti.co
name = $doti1
grid = 65536
workgroup = 256
$(buffer x_val f32 1000 'iota(1.0, 1.0)')
$(buffer x_ind i32 1000 'iota(0, 3)')
$(buffer y f32 3000 'file(ydoti.bin)')
$(buffer workspace f32 256 'value(0.0)')
$(buffer result f32 1 'value(0.0)')
[args]
nnz = i32:1000
x_val = @x_val
x_ind = @x_ind
y = @y
workspace = @workspace
idx_base = i32:0
[kernel part2]
name = $doti2
grid = 256
workgroup = 256
[args part2]
workspace = @workspace
result = @result
EOF
  want=$(python3 -c 'print(sum((i + 1) * (3 * i % 7) for i in range(1000)))')
  if "$gcnsim" run "$tmp/doti.ini" --dump "result=$tmp/r.bin" > /dev/null 2> "$tmp/err" &&
     [ "$(od -A n -t f4 "$tmp/r.bin" | awk -v want="$want" '{ print ($1 + 0 == want + 0) ? "exact" : $1 }')" = exact ]; then ok
  else ko "doti from librocsparse0 (want $want): a failed run or a wrong result: $(od -A n -t f4 "$tmp/r.bin" 2>/dev/null) $(head -2 "$tmp/err" | tr '\n' ' ')"; fi
else ko "no object holds $doti1"; fi
# csrmv on a 1000 x 1000 CSR matrix: row r holds r mod 5 + 1 entries, at columns (7r + t) mod 1000
# with values t + 1; x[c] = c mod 11, y[r] = r, alpha 2, beta 0.5; the reference computed here, exact
# (small integers and halves).
if [ -f "$tmp/csrmv.co" ]; then
  python3 - "$tmp" <<'PY'
import struct, sys
d = sys.argv[1]; m = 1000
rows = [[((7 * r + t) % m, t + 1.0) for t in range(r % 5 + 1)] for r in range(m)]
ptr = [0]
for e in rows: ptr.append(ptr[-1] + len(e))
col = [c for e in rows for c, _ in e]; val = [v for e in rows for _, v in e]
x = [c % 11 for c in range(m)]
open(d + "/ptr.bin", "wb").write(struct.pack("<%di" % len(ptr), *ptr))
open(d + "/col.bin", "wb").write(struct.pack("<%di" % len(col), *col))
open(d + "/val.bin", "wb").write(struct.pack("<%df" % len(val), *val))
open(d + "/x.bin", "wb").write(struct.pack("<%df" % m, *x))
want = [2.0 * sum(v * x[c] for c, v in rows[r]) + 0.5 * r for r in range(m)]
open(d + "/want.bin", "wb").write(struct.pack("<%df" % m, *want))
open(d + "/nnz", "w").write(str(len(col)))
PY
  nnz=$(cat "$tmp/nnz")
  cat > "$tmp/csrmv.ini" <<EOF
[kernel]
source = csrmv.co
name = $csrmv
grid = 4096
workgroup = 512
$(buffer alpha f32 1 'value(2.0)')
$(buffer row_ptr i32 1001 'file(ptr.bin)')
$(buffer col_ind i32 $nnz 'file(col.bin)')
$(buffer val f32 $nnz 'file(val.bin)')
$(buffer x f32 1000 'file(x.bin)')
$(buffer beta f32 1 'value(0.5)')
$(buffer y f32 1000 'iota(0.0, 1.0)')
[args]
conj = u8:0
m = i32:1000
alpha = @alpha
row_ptr = @row_ptr
col_ind = @col_ind
val = @val
x = @x
beta = @beta
y = @y
idx_base = i32:0
EOF
  if "$gcnsim" run "$tmp/csrmv.ini" --dump "y=$tmp/ycsr.bin" > /dev/null 2> "$tmp/err" && cmp -s "$tmp/ycsr.bin" "$tmp/want.bin"; then ok
  else ko "csrmv from librocsparse0: a failed run or a wrong y: $(head -2 "$tmp/err" | tr '\n' ' ')"; fi
else ko "no object holds $csrmv"; fi
echo "rocsparse: $pass passed, $fail failed ($n bundles, $kernels kernels listed)"
[ "$fail" -eq 0 ]
