#!/bin/sh
# Code objects as input (docs/kernels.md, "Code objects"): every shipped kernel assembled by llvm-mc
# into a relocatable code object (what `clang -c` gives) runs from the ELF with byte-identical
# outputs to the run from its text: report, --json, --csv, binary trace with issue records, text
# trace and every buffer, on the default machine and on 3 CUs. The ELF is put where the text was,
# under the same name, in a copy of the workload's folder (gcnsim tells them apart by the ELF
# magic), so that every path in the outputs is the same too. llvm-mc runs with --save-temp-labels
# (the .L names of the source stay in the symbol table; without them gcnsim names branch targets
# .Lpc_0xN, which would change the listing and trace text only). Then `gcnsim asm` of each object
# lists what it lists for the text (line numbers aside), and so does the shared object ld.lld links
# from it (.hsaco; for a kernel with data, all but its image's size and the lines ending in a literal); a linked kernel without data runs byte-identically too, one with data computes
# the same buffers (its data lie at the linker's addresses).
# Usage: sh tests/e2e/codeobj.sh GCNSIM   (prints "codeobj: N passed, N failed")
set -u
if [ $# -ne 1 ]; then echo "usage: codeobj.sh GCNSIM" >&2; exit 1; fi
gcnsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
. tests/tools/kernel_target.sh
pick() { for t in "$@"; do command -v "$t" > /dev/null 2>&1 && { echo "$t"; return; }; done; }
mc=$(pick llvm-mc-15 llvm-mc)
lld=$(pick ld.lld-15 ld.lld)
if [ -z "$mc" ] || [ -z "$lld" ]; then echo "codeobj: FAIL llvm-mc and ld.lld are needed (make deps)"; exit 1; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass+1)); }
ko() { fail=$((fail+1)); echo "codeobj: FAIL $1"; }
# A kernel for another target says so (.amdgcn_target, workloads/cdna): LLVM 15 (19 for gfx942) for it.
obj() {
  o_t=$(kernel_target "$1")
  o_mc=$mc; o_cpu=gfx803
  if [ -n "$o_t" ] && [ "$o_t" != gfx803 ]; then
    o_cpu=$o_t o_mc=llvm-mc-$(target_llvm "$o_t")
  fi
  "$o_mc" -triple amdgcn-amd-amdhsa -mcpu=$o_cpu -filetype=obj --save-temp-labels "$1" -o "$2" 2> "$tmp/mc.err"
}
# Whether a kernel source has data or relocations (its linked object's addresses differ from gcnsim's layout).
has_data() { grep -q '@rel32\|@gotpcrel\|@abs32\|^[[:space:]]*\.\(byte\|short\|long\|quad\|zero\|ascii\|asciz\|space\|[248]byte\)[[:space:]]' "$1" 2>/dev/null; }
# The listing of a text without its line numbers, as a code object's listing shows it.
listing() { "$gcnsim" asm "$1" 2>&1 | sed -e 's/ (line [0-9]*)/ (code object)/' -e 's/ *; line [0-9]*$//'; }

# ---- the listing of every kernel: text, relocatable object, linked shared object -----------------
for s in workloads/*.s workloads/*/*.s; do
  [ -f "$s" ] || continue
  n=$(echo "$s" | tr / _)
  if ! obj "$s" "$tmp/$n.o"; then ko "$s: llvm-mc: $(head -1 "$tmp/mc.err")"; continue; fi
  listing "$s" > "$tmp/text.lst"
  "$gcnsim" asm "$tmp/$n.o" > "$tmp/obj.lst" 2>&1
  if cmp -s "$tmp/text.lst" "$tmp/obj.lst"; then ok; else ko "$s: gcnsim asm of its object differs:"; diff "$tmp/text.lst" "$tmp/obj.lst" | head -6; fi
  if ! "$lld" -shared "$tmp/$n.o" -o "$tmp/$n.hsaco" 2> "$tmp/lld.err"; then ko "$s: ld.lld: $(head -1 "$tmp/lld.err")"; continue; fi
  "$gcnsim" asm "$tmp/$n.hsaco" > "$tmp/so.lst" 2>&1
  # A literal that reaches data holds the linker's pc-relative offset: those lines differ.
  if has_data "$s"; then grep -v '0x[0-9a-f]*$\|^program image: ' "$tmp/text.lst" > "$tmp/t2"; grep -v '0x[0-9a-f]*$\|^program image: ' "$tmp/so.lst" > "$tmp/s2"
    mv "$tmp/t2" "$tmp/text.lst"; mv "$tmp/s2" "$tmp/so.lst"; fi
  if cmp -s "$tmp/text.lst" "$tmp/so.lst"; then ok; else ko "$s: gcnsim asm of its .hsaco differs:"; diff "$tmp/text.lst" "$tmp/so.lst" | head -6; fi
done

# ---- every workload, from text and from the object put in its place ------------------------------
configs="1cu
3cu --set gpu.compute_units=3 --set dispatch.order=morton --set dispatch.release=wave --set sched.policy=greedy"
# run TREE INI OUT CONFIG...: every output of one run into OUT.*
# (POSIX sh has no local variables: run's own are r_*, so that the caller's tree and ini stay.)
run() {
  r_tree=$1; r_ini=$2; r_out=$3; shift 3
  set -- "$@" --json "$r_out.json" --csv "$r_out.csv" --trace "$r_out.gcnt" --trace-issues
  for r_buf in $(sed -n 's/^[[:space:]]*\[buffer[[:space:]][[:space:]]*\([^]]*[^][:space:]]\)[[:space:]]*\].*/\1/p' "$r_ini"); do
    set -- "$@" --dump "$r_buf=$r_out.buf_$r_buf"
  done
  (cd "$r_tree" && "$gcnsim" run "$r_ini" "$@" > "$r_out.report" 2> "$r_out.err"; echo "exit $?" >> "$r_out.err"
   "$gcnsim" run "$r_ini" --trace-text="$r_out.text" > /dev/null 2>> "$r_out.err")
}
same() { # same A B: every output file of A equals B's
  for f in "$1".*; do
    g=$2${f#"$1"}
    cmp -s "$f" "$g" || { echo "    ${f##*/} differs"; return 1; }
  done
}
for ini in workloads/*.ini workloads/tutorial/*.ini workloads/opencl/*.ini workloads/hip/*.ini workloads/memory/*.ini workloads/bench/*.ini; do
  [ -f "$ini" ] || continue
  grep -q 'e2e: expect-exit' "$ini" && continue
  name=${ini#workloads/}; name=${name%.ini}
  grep -q "^$name " tests/pending.txt 2>/dev/null && continue
  src=$(sed -n 's/^[[:space:]]*source[[:space:]]*=[[:space:]]*\([^[:space:];]*\).*/\1/p' "$ini" | head -1)
  dir=$(dirname "$ini")
  tree="$tmp/tree"
  rm -rf "$tree"; mkdir -p "$tree/$dir"
  cp "$dir"/*.ini "$tree/$dir/"
  # A source gcnsim compiles (.cl, .hip): its object is made from the assembly `make opencl` compiled,
  # and the tree's workload names the object instead (cflags belong to the compiler, so they go).
  compiled=
  case $src in
    *.cl|*.hip|*.cpp|*.cc|*.cu)
      compiled=yes
      sed -e "s|^\([[:space:]]*source[[:space:]]*=[[:space:]]*\)$src|\1${src%.*}.co|" -e '/^[[:space:]]*cflags[[:space:]]*=/d' \
        "$ini" > "$tree/$ini"
      src=${src%.*}.co
      if ! obj "$dir/${src%.co}.s" "$tree/$dir/$src"; then ko "$ini: llvm-mc: $(head -1 "$tmp/mc.err")"; continue; fi ;;
    *)
      if ! obj "$dir/$src" "$tree/$dir/$src"; then ko "$ini: llvm-mc: $(head -1 "$tmp/mc.err")"; continue; fi ;;
  esac
  echo "$configs" | while read -r tag cfg; do
    # shellcheck disable=SC2086
    run "$root" "$ini" "$tmp/a.$tag" $cfg
    # shellcheck disable=SC2086
    run "$tree" "$ini" "$tmp/b.$tag" $cfg
    # The binary trace names the kernel's source file (the .cl/.hip against the object); its events
    # are compared through the text trace, which does not.
    [ -n "$compiled" ] && rm -f "$tmp/a.$tag.gcnt" "$tmp/b.$tag.gcnt"
    if same "$tmp/a.$tag" "$tmp/b.$tag"; then echo ok; else echo "ko $tag"; fi
  done > "$tmp/verdict"
  if grep -q '^ko' "$tmp/verdict"; then ko "$ini from its code object: $(grep '^ko' "$tmp/verdict" | tr '\n' ' ')"; else ok; fi
  # The linked .hsaco: identical when the kernel has no data, the same buffers when it has.
  "$lld" -shared "$tree/$dir/$src" -o "$tmp/linked" 2> /dev/null && cp "$tmp/linked" "$tree/$dir/$src"
  run "$tree" "$ini" "$tmp/c" && run "$root" "$ini" "$tmp/d"
  if has_data "$dir/${src%.co}.s" || has_data "$dir/$src"; then
    rm -f "$tmp"/[cd].json "$tmp"/[cd].csv "$tmp"/[cd].gcnt "$tmp"/[cd].report "$tmp"/[cd].text
  fi
  [ -n "$compiled" ] && rm -f "$tmp/c.gcnt" "$tmp/d.gcnt"
  if same "$tmp/d" "$tmp/c"; then ok; else ko "$ini from its linked .hsaco"; fi
  rm -f "$tmp"/[abcd].*
done
# ---- code object v2 (amd_kernel_code_t, YAML metadata) ------------------------------------------
# A handful of OpenCL kernels compiled with -mcode-object-version=2: clang's object (clang -c) and
# llvm-mc's object of clang's v2 assembly (-S; with --save-temp-labels, so that labels keep their
# names) hold the same code; that code is the shipped v4 kernel's (gcnsim asm lists the v2 object
# exactly as the v4 text: instructions, registers, descriptor, arguments), and the workload run from
# either v2 object (and from llvm-mc's, linked by ld.lld: these kernels have no data) gives
# byte-identical outputs to the run from the text (clang's object: all but the
# traces, which name its branch targets .Lpc_0xN). (The code of the v2 and v4 compilations is the
# same for every shipped OpenCL kernel: the header and metadata are what differ.)
cl=$(pick clang-15)
objcopy=$(pick llvm-objcopy-15 llvm-objcopy)
cc="$(sed -n 1p build/.kernel-cc 2>/dev/null)"
if [ -z "$cl" ] || [ -z "$objcopy" ] || [ -z "$cc" ]; then ko "v2: clang-15, llvm-objcopy and build/.kernel-cc (make opencl) are needed"; else
for k in matmul_naive histogram horner_f64 spill; do
  ini=workloads/opencl/$k.ini; tree="$tmp/tree"; rm -rf "$tree"; mkdir -p "$tree/workloads/opencl"
  cp workloads/opencl/*.ini "$tree/workloads/opencl/"
  # shellcheck disable=SC2086
  ${cc%% -S *} -mcode-object-version=2 -S ${cc#* -S } "workloads/opencl/$k.cl" -o "$tmp/$k.v2.s" 2> "$tmp/cc.err" &&
  # shellcheck disable=SC2086
  ${cc%% -S *} -mcode-object-version=2 -c ${cc#* -S } "workloads/opencl/$k.cl" -o "$tmp/$k.cc.o" 2>> "$tmp/cc.err" &&
  "$mc" -triple amdgcn-amd-amdhsa -mcpu=gfx803 -filetype=obj --amdhsa-code-object-version=2 --save-temp-labels \
    "$tmp/$k.v2.s" -o "$tmp/$k.v2.o" 2>> "$tmp/cc.err" || { ko "v2 $k: compiling: $(head -1 "$tmp/cc.err")"; continue; }
  "$objcopy" -O binary -j .text "$tmp/$k.cc.o" "$tmp/cc.bin"; "$objcopy" -O binary -j .text "$tmp/$k.v2.o" "$tmp/mc.bin"
  if cmp -s "$tmp/cc.bin" "$tmp/mc.bin"; then ok; else ko "v2 $k: clang -c and llvm-mc of clang -S give different code"; fi
  listing "workloads/opencl/$k.s" > "$tmp/text.lst"
  "$gcnsim" asm "$tmp/$k.v2.o" > "$tmp/obj.lst" 2>&1
  if cmp -s "$tmp/text.lst" "$tmp/obj.lst"; then ok; else ko "v2 $k: gcnsim asm of the v2 object differs from the v4 text:"; diff "$tmp/text.lst" "$tmp/obj.lst" | head -6; fi
  run "$root" "$ini" "$tmp/a"
  cp "$tmp/$k.v2.o" "$tree/workloads/opencl/$k.s"; run "$tree" "$ini" "$tmp/b"
  if same "$tmp/a" "$tmp/b"; then ok; else ko "v2 $k: the run from the v2 object differs"; fi
  "$lld" -shared "$tmp/$k.v2.o" -o "$tree/workloads/opencl/$k.s" && run "$tree" "$ini" "$tmp/d"
  if same "$tmp/a" "$tmp/d"; then ok; else ko "v2 $k: the run from the v2 object linked by ld.lld differs"; fi
  cp "$tmp/$k.cc.o" "$tree/workloads/opencl/$k.s"; run "$tree" "$ini" "$tmp/c"; rm -f "$tmp"/[ac].text "$tmp"/[ac].gcnt
  if same "$tmp/a" "$tmp/c"; then ok; else ko "v2 $k: the run from clang's v2 object differs"; fi
  rm -f "$tmp"/[abcd].*
done
fi
# ---- large inputs: loading is linear (docs/performance.md, "Loading large kernels") ----------------
# 100,000 kernels, 20,000 kernels with descriptors and metadata, 200,000 branches, 40,000 GOT
# relocations (tests/gen/big_inputs.sh): the text and llvm-mc's object of it each list within a CPU
# limit (ulimit -t) that the quadratic lookups of before exceeded many times over, and the two
# listings agree (line numbers aside).
for case in "kernels 100000" "kd 20000" "branches 200000" "got 40000"; do
  # shellcheck disable=SC2086
  set -- $case
  sh tests/gen/big_inputs.sh "$1" "$2" > "$tmp/big.s"
  if ! obj "$tmp/big.s" "$tmp/big.o"; then ko "large $case: llvm-mc: $(head -1 "$tmp/mc.err")"; continue; fi
  for f in big.s big.o; do
    (ulimit -t 60; "$gcnsim" asm "$tmp/$f" > "$tmp/$f.lst" 2> "$tmp/$f.err")
    rc=$?
    if [ $rc -eq 0 ]; then ok; else ko "large $case: gcnsim asm $f: exit $rc (over 60 s of CPU?) $(head -1 "$tmp/$f.err")"; fi
  done
  sed -e 's/ (line [0-9]*)/ (code object)/' -e 's/ *; line [0-9]*$//' "$tmp/big.s.lst" > "$tmp/big.text"
  if cmp -s "$tmp/big.text" "$tmp/big.o.lst"; then ok; else ko "large $case: the object's listing differs from the text's"; diff "$tmp/big.text" "$tmp/big.o.lst" | head -4; fi
  if [ "$1" = kd ]; then # one kernel of thousands: gcnsim asm --kernel NAME lists it alone
    awk '/^kernel k777 /{on=1; print; next} /^kernel /{on=0} on' "$tmp/big.text" > "$tmp/big.one"
    (ulimit -t 60; "$gcnsim" asm "$tmp/big.o" --kernel k777 > "$tmp/big.k777" 2>&1)
    if [ -s "$tmp/big.one" ] && cmp -s "$tmp/big.one" "$tmp/big.k777"; then ok; else ko "large $case: asm --kernel k777 does not list that kernel alone"; head -3 "$tmp/big.k777"; fi
  fi
  rm -f "$tmp"/big.*
done
# ---- inputs refused before: relocations against a section symbol, names of any length ----------
# llvm-mc resolves a reference to a .L label of another section as that section's symbol plus an
# offset: the object lists as its text does (the literals resolved to the same image). A kernel
# named with 300 characters (rocPRIM's templated kernels have 114 and more), with its descriptor,
# metadata, labels and a 200-character label, lists the same from text and from its object.
printf '.globl k\n.p2align 8\n.type k,@function\nk:\n  s_getpc_b64 s[4:5]\n  s_add_u32 s4, s4, .Ltab@rel32@lo+4\n  s_addc_u32 s5, s5, .Ltab@rel32@hi+12\n  s_load_dword s6, s[4:5], 0x0\n  s_endpgm\n.section .rodata\n.p2align 4\n.long 7\n.Ltab:\n.long 42\n.data\n.quad .Ltab\n' > "$tmp/secsym.s"
long=$(printf 'matmul_tiled_%0300d' 0 | cut -c1-300)
label=$(printf '.Lk_%0200d' 0 | cut -c1-200)
sed -e "s/matmul_tiled/$long/g" -e "s/\.Ltile/$label/g" workloads/matmul_tiled.s > "$tmp/long.s"
for s in secsym long; do
  if ! obj "$tmp/$s.s" "$tmp/$s.o"; then ko "$s: llvm-mc: $(head -1 "$tmp/mc.err")"; continue; fi
  listing "$tmp/$s.s" > "$tmp/$s.text"
  "$gcnsim" asm "$tmp/$s.o" > "$tmp/$s.lst" 2>&1
  if grep -q error "$tmp/$s.text" || ! cmp -s "$tmp/$s.text" "$tmp/$s.lst"; then ko "$s: the object's listing differs from the text's:"; diff "$tmp/$s.text" "$tmp/$s.lst" | head -6; else ok; fi
done
# llvm-mc 15's LDS DMA syntax (no vdata: `buffer_load_dword off, s[8:11], s3 lds`): assembled to
# llvm-mc's bytes, and its object lists as the text does.
printf '.globl k\n.p2align 8\n.type k,@function\nk:\n  s_mov_b32 m0, 0\n  buffer_load_dword off, s[8:11], s3 offset:4 lds\n  buffer_load_ubyte v2, s[8:11], s3 idxen lds\n  s_endpgm\n' > "$tmp/ldsdma.s"
"$mc" -triple amdgcn-amd-amdhsa -mcpu=gfx803 -show-encoding "$tmp/ldsdma.s" 2>&1 | sed -n 's/.*; encoding: //p' > "$tmp/ldsdma.mc"
"$gcnsim" asm "$tmp/ldsdma.s" --encoding 2>&1 | sed -n 's/.*; encoding: //p' > "$tmp/ldsdma.gcn"
if [ -s "$tmp/ldsdma.mc" ] && cmp -s "$tmp/ldsdma.mc" "$tmp/ldsdma.gcn" && obj "$tmp/ldsdma.s" "$tmp/ldsdma.o" &&
   listing "$tmp/ldsdma.s" > "$tmp/ldsdma.text" && "$gcnsim" asm "$tmp/ldsdma.o" > "$tmp/ldsdma.lst" 2>&1 &&
   cmp -s "$tmp/ldsdma.text" "$tmp/ldsdma.lst"; then ok
else ko "llvm-mc's LDS DMA syntax:"; diff "$tmp/ldsdma.mc" "$tmp/ldsdma.gcn" | head -4; fi
# A static C++ kernel (internal linkage: _ZL) of a code object listed by its plain name with --kernel.
printf '.globl _ZL5scalePf\n.p2align 8\n.type _ZL5scalePf,@function\n_ZL5scalePf:\n  s_endpgm\n.globl k2\n.p2align 8\n.type k2,@function\nk2:\n  s_endpgm\n' > "$tmp/plain.s"
if obj "$tmp/plain.s" "$tmp/plain.o" && "$gcnsim" asm "$tmp/plain.o" --kernel scale > "$tmp/plain.lst" 2>&1 &&
   [ "$(grep -c '^kernel ' "$tmp/plain.lst")" = 1 ] && grep -q '^kernel _ZL5scalePf (code object)' "$tmp/plain.lst"; then ok
else ko "asm --kernel scale does not list _ZL5scalePf alone:"; head -3 "$tmp/plain.lst"; fi
# A kernel and a label whose names hold a terminal escape (ESC [ 3 1 m) and a newline, patched into
# the object's string table: the listing shows them as \xNN and holds no control byte but newlines.
printf '.globl kAAAAA\n.p2align 8\n.type kAAAAA,@function\nkAAAAA:\n  s_cbranch_scc0 LBBBBB\nLBBBBB:\n  s_endpgm\n' > "$tmp/esc.s"
if obj "$tmp/esc.s" "$tmp/esc.o"; then
  for name in AAAAA BBBBB; do
    for at in $(grep -obUa "$name" "$tmp/esc.o" | cut -d: -f1); do
      printf '\033[31\n' | dd of="$tmp/esc.o" bs=1 seek="$at" conv=notrunc 2>/dev/null
    done
  done
  "$gcnsim" asm "$tmp/esc.o" > "$tmp/esc.lst" 2>&1
  if grep -qF 'kernel k\x1b[31\x0a (code object)' "$tmp/esc.lst" && grep -qF 'L\x1b[31\x0a:' "$tmp/esc.lst" &&
     grep -qF 's_cbranch_scc0 L\x1b[31\x0a' "$tmp/esc.lst" && ! LC_ALL=C grep -q "$(printf '\033')" "$tmp/esc.lst"; then ok
  else ko "a name with control bytes is not escaped in the listing:"; head -8 "$tmp/esc.lst" | od -c | head -8; fi
else ko "esc: llvm-mc: $(head -1 "$tmp/mc.err")"; fi

# ---- gfx900 (EF_AMDGPU_MACH 0x2c) -----------------------------------------------------------------
# matmul_tiled in gfx9's spelling (its .amdgcn_target and the _co_ carry adds): llvm-mc-15's gfx900
# object lists what the text lists, and both run on a gfx900 machine with the gfx803 run's report
# and buffer (the same instructions).
sed -e 's/amdhsa--gfx803/amdhsa--gfx900/' -e 's/\bv_\(add\|sub\|subrev\)_u32\b/v_\1_co_u32/g' \
    -e 's/\bv_\(addc\|subb\|subbrev\)_u32\b/v_\1_co_u32/g' workloads/matmul_tiled.s > "$tmp/mt900.s"
mkdir -p "$tmp/g9" && cp workloads/matmul_tiled.ini "$tmp/g9/"
if "$mc" -triple amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj --save-temp-labels "$tmp/mt900.s" -o "$tmp/g9/matmul_tiled.s" 2> "$tmp/mc.err"; then
  listing "$tmp/mt900.s" > "$tmp/g9text.lst"
  "$gcnsim" asm "$tmp/g9/matmul_tiled.s" > "$tmp/g9obj.lst" 2>&1
  if cmp -s "$tmp/g9text.lst" "$tmp/g9obj.lst" && grep -q 'v_add_co_u32' "$tmp/g9obj.lst"; then ok
  else ko "gfx900: gcnsim asm of the object differs from the text's:"; diff "$tmp/g9text.lst" "$tmp/g9obj.lst" | head -6; fi
  "$gcnsim" run workloads/matmul_tiled.ini --dump "C=$tmp/c803.bin" > "$tmp/r803.txt" 2>&1
  if "$gcnsim" run "$tmp/g9/matmul_tiled.ini" --set gpu.target=gfx900 --dump "C=$tmp/c900.bin" > "$tmp/r900.txt" 2>&1 &&
     cmp -s "$tmp/c803.bin" "$tmp/c900.bin" && cmp -s "$tmp/r803.txt" "$tmp/r900.txt"; then ok
  else ko "gfx900: the object's run on a gfx900 machine differs from gfx803's:"; diff "$tmp/r803.txt" "$tmp/r900.txt" | head -6; fi
else ko "gfx900: llvm-mc-15: $(head -1 "$tmp/mc.err")"; fi
echo "codeobj: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
