# Bad code objects, made at run time from the object llvm-mc makes of workloads/matmul_tiled.s
# (a kernel descriptor, metadata, one kernel) by changing a few bytes. check()'s variables (name,
# want, text) are its own: these use co_ names: each must give its located
# message (docs/errors.md, "Code objects") and exit 1, from `gcnsim asm` and from a workload's
# `source =`. Sourced by tests/bad/run.sh, which defines check(); codeobj_cases GCNSIM DIR.
codeobj_pick() { for t in "$@"; do command -v "$t" > /dev/null 2>&1 && { echo "$t"; return; }; done; }

# co_patch FILE OFFSET BYTE...: overwrite bytes (decimal values) in place.
co_patch() {
  f=$1; off=$2; shift 2
  # shellcheck disable=SC2059
  printf "$(printf '\\%03o' "$@")" | dd of="$f" bs=1 seek="$off" conv=notrunc 2>/dev/null
}

codeobj_cases() {
  g=$1; d=$2
  mc=$(codeobj_pick llvm-mc-15 llvm-mc)
  readelf=$(codeobj_pick llvm-readelf-15 llvm-readelf)
  objcopy=$(codeobj_pick llvm-objcopy-15 llvm-objcopy)
  lld=$(codeobj_pick ld.lld-15 ld.lld)
  if [ -z "$mc" ] || [ -z "$readelf" ] || [ -z "$objcopy" ] || [ -z "$lld" ]; then
    fail=$((fail + 1)); echo "bad-inputs: FAIL code objects: llvm-mc, llvm-readelf, llvm-objcopy, ld.lld needed" >&2
    return
  fi
  ok="$d/ok.o"
  "$mc" -triple amdgcn-amd-amdhsa -mcpu=gfx803 -filetype=obj workloads/matmul_tiled.s -o "$ok"
  # A section's file offset: the first 6-digit field of its `readelf -S -W` line.
  sec() { "$readelf" -S -W "$1" | awk -v n="$2" '$2 == n || $3 == n { for (i = 1; i <= NF; i++) if (length($i) == 6 && $i ~ /^[0-9a-f]+$/) { print $i; exit } }' | head -1; }
  hex() { printf '%d' "0x$1"; }
  co_text=$(hex "$(sec "$ok" .text)"); rodata=$(hex "$(sec "$ok" .rodata)"); note=$(hex "$(sec "$ok" .note)")
  symtab=$(hex "$(sec "$ok" .symtab)")
  symidx() { "$readelf" -s -W "$1" | awk -v n="$2" '$8 == n { sub(":", "", $1); print $1; exit }'; }
  ksym=$((symtab + 24 * $(symidx "$ok" matmul_tiled)))
  kdsym=$((symtab + 24 * $(symidx "$ok" matmul_tiled.kd)))
  cp "$ok" "$d/t.o"; co() { cp "$ok" "$d/$1.o"; }

  check "codeobj ok" 0 "" "$g" asm "$ok"
  head -c 40 "$ok" > "$d/short.o"
  check "codeobj short header" 1 "short.o: error: ELF header: truncated (40 bytes" "$g" asm "$d/short.o"
  head -c "$((symtab + 8))" "$ok" > "$d/cut.o"
  check "codeobj truncated" 1 "cut.o: error: ELF header: the section header table (offset 0x" "$g" asm "$d/cut.o"
  co class; co_patch "$d/class.o" 4 1
  check "codeobj 32-bit" 1 "class.o: error: ELF header: not a 64-bit little-endian ELF file" "$g" asm "$d/class.o"
  co machine; co_patch "$d/machine.o" 18 62 0
  check "codeobj machine" 1 "machine.o: error: ELF header: machine 62 is not AMDGPU (224)" "$g" asm "$d/machine.o"
  co osabi; co_patch "$d/osabi.o" 7 0
  check "codeobj OS/ABI" 1 "osabi.o: error: ELF header: OS/ABI 0 is not AMDGPU_HSA (64)" "$g" asm "$d/osabi.o"
  co abi9; co_patch "$d/abi9.o" 8 9
  check "codeobj ABI version" 1 "abi9.o: error: ELF header: ABI version 9 is not one of code object v2, v3, v4, v5" "$g" asm "$d/abi9.o"
  co gfx1030; co_patch "$d/gfx1030.o" 48 54
  check "codeobj gfx1030" 1 "gfx1030.o: error: ELF header: e_flags 0x36 is for gfx1030 (EF_AMDGPU_MACH 0x36); gcnsim simulates gfx803 (0x2a), gfx900 (0x2c), gfx906 (0x2f), gfx908 (0x30), gfx90a (0x3f) and gfx942 (0x4c)" "$g" asm "$d/gfx1030.o"
  # EF_AMDGPU_MACH 0x2c: the same code read as gfx900's (its instructions exist there too).
  co gfx900; co_patch "$d/gfx900.o" 48 44
  check "codeobj gfx900" 0 "" "$g" asm "$d/gfx900.o"
  "$objcopy" --remove-section=.note "$ok" "$d/nonote.o"
  check "codeobj no note" 1 "nonote.o: error: no NT_AMDGPU_METADATA note" "$g" asm "$d/nonote.o"
  co notesize; co_patch "$d/notesize.o" $((note + 4)) 0 0 1 0
  check "codeobj note size" 1 "notesize.o: error: section .note, offset 0x0: note of 7 + 65536 bytes runs past the section's end" "$g" asm "$d/notesize.o"
  co msgpack; co_patch "$d/msgpack.o" $((note + 20)) 193
  check "codeobj msgpack" 1 "msgpack.o: error: section .note, offset 0x0: NT_AMDGPU_METADATA note: the MessagePack data is truncated or malformed" "$g" asm "$d/msgpack.o"
  co outside; co_patch "$d/outside.o" $((ksym + 8)) 0 0 1 0
  check "codeobj symbol outside .text" 1 "outside.o: error: symbol 'matmul_tiled': offset 0x10000" "$g" asm "$d/outside.o"
  co kdsize; co_patch "$d/kdsize.o" $((kdsym + 16)) 32
  check "codeobj descriptor size" 1 "kdsize.o: error: symbol 'matmul_tiled.kd': a kernel descriptor is 64 bytes" "$g" asm "$d/kdsize.o"
  co usersgpr; co_patch "$d/usersgpr.o" $((rodata + 52)) 2
  check "codeobj USER_SGPR_COUNT" 1 "usersgpr.o: error: kernel descriptor 'matmul_tiled.kd' (section .rodata, offset 0x0): compute_pgm_rsrc2.USER_SGPR_COUNT is 1" "$g" asm "$d/usersgpr.o"
  co wave32; co_patch "$d/wave32.o" $((rodata + 57)) 4
  check "codeobj wave32" 1 "wave32.o: error: kernel descriptor 'matmul_tiled.kd' (section .rodata, offset 0x0): kernel_code_properties.ENABLE_WAVEFRONT_SIZE32" "$g" asm "$d/wave32.o"
  co rsrc3; co_patch "$d/rsrc3.o" $((rodata + 44)) 1
  check "codeobj compute_pgm_rsrc3" 1 "rsrc3.o: error: kernel descriptor 'matmul_tiled.kd' (section .rodata, offset 0x0): compute_pgm_rsrc3 is 0x1; it must be 0 on gfx803" "$g" asm "$d/rsrc3.o"
  co reserved; co_patch "$d/reserved.o" $((rodata + 30)) 1
  check "codeobj reserved" 1 "reserved.o: error: kernel descriptor 'matmul_tiled.kd' (section .rodata, offset 0x0): reserved bytes" "$g" asm "$d/reserved.o"
  co vgprs; co_patch "$d/vgprs.o" $((rodata + 48)) 0
  check "codeobj VGPR granules" 1 "vgprs.o: error: kernel descriptor 'matmul_tiled.kd': compute_pgm_rsrc1 grants 4 VGPRs but the kernel uses 22" "$g" asm "$d/vgprs.o"
  co badinst; co_patch "$d/badinst.o" "$co_text" 255 255 255 255
  check "codeobj bad instruction" 1 "badinst.o: error: section .text, kernel 'matmul_tiled' (at 0x0): byte offset 0x" "$g" asm "$d/badinst.o"
  # A linked object whose descriptor's entry offset is wrong.
  "$lld" -shared "$ok" -o "$d/linked.hsaco"
  check "codeobj linked ok" 0 "" "$g" asm "$d/linked.hsaco"
  kd=$(hex "$(sec "$d/linked.hsaco" .rodata)")
  co_patch "$d/linked.hsaco" $((kd + 16)) 4
  check "codeobj entry offset" 1 "linked.hsaco: error: kernel descriptor 'matmul_tiled.kd': kernel_code_entry_byte_offset" "$g" asm "$d/linked.hsaco"
  # A relocation against a symbol the object does not define.
  printf '.globl k\n.p2align 8\n.type k,@function\nk:\n  s_getpc_b64 s[4:5]\n  s_add_u32 s4, s4, table@rel32@lo+4\n  s_addc_u32 s5, s5, table@rel32@hi+12\n  s_endpgm\n' > "$d/undef.s"
  "$mc" -triple amdgcn-amd-amdhsa -mcpu=gfx803 -filetype=obj "$d/undef.s" -o "$d/undef.o"
  check "codeobj undefined symbol" 1 "undef.o: error: kernel 'k', relocation at +0x8: undefined symbol 'table'" "$g" asm "$d/undef.o"
  # A descriptor whose entry offset has no relocation: its plain value (0) does not lead to the code.
  co norel; co_patch "$d/norel.o" "$(hex "$(sec "$ok" .rela.rodata)")" 48
  check "codeobj entry without relocation" 1 "norel.o: error: kernel descriptor 'matmul_tiled.kd': kernel_code_entry_byte_offset 0 (no relocation) does not lead to 'matmul_tiled'" "$g" asm "$d/norel.o"
  # A .bss whose size is near 2^64: the layout's sums would wrap.
  printf '.globl k\n.p2align 8\n.type k,@function\nk:\n  s_endpgm\n.bss\n.globl buf\nbuf:\n.zero 16\n' > "$d/bss.s"
  "$mc" -triple amdgcn-amd-amdhsa -mcpu=gfx803 -filetype=obj "$d/bss.s" -o "$d/bss.o"
  shoff=$("$readelf" -h "$d/bss.o" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
  bssidx=$("$readelf" -S -W "$d/bss.o" | sed -n 's/.*\[ *\([0-9]*\)\] \.bss .*/\1/p')
  co_patch "$d/bss.o" $((shoff + 64 * bssidx + 32)) 0 255 255 255 255 255 255 255
  check "codeobj .bss size wraps" 1 "bss.o: error: section .bss: 18446744073709551360 bytes; the program image holds at most 2147483647" "$g" asm "$d/bss.o"
  # An argument whose offset is near 2^32: offset + size would wrap past the kernarg segment's end.
  sed 's/^\( *\.offset: *\)24$/\14294967292/' workloads/matmul_tiled.s > "$d/kwrap.s"
  "$mc" -triple amdgcn-amd-amdhsa -mcpu=gfx803 -filetype=obj "$d/kwrap.s" -o "$d/kwrap.o"
  check "codeobj kernarg offset wraps" 1 "kwrap.o: error: section .note, offset 0x0: NT_AMDGPU_METADATA note: amdhsa.kernels[0].args[3] ('dim'): '.offset' 4294967292 + '.size' 4 ends past the '.kernarg_segment_size' (28 bytes)" "$g" asm "$d/kwrap.o"
  codeobj_v2_cases "$g" "$d"
  # The same messages through a workload's source = (the object under the .s name it names).
  cp workloads/matmul_tiled.ini "$d/"
  cp "$d/machine.o" "$d/matmul_tiled.s"
  check "codeobj as source" 1 "matmul_tiled.s: error: ELF header: machine 62 is not AMDGPU (224)" "$g" run "$d/matmul_tiled.ini"
  cp "$d/usersgpr.o" "$d/matmul_tiled.s"
  check "codeobj as source (descriptor)" 1 "compute_pgm_rsrc2.USER_SGPR_COUNT is 1" "$g" run "$d/matmul_tiled.ini"
  # The machine runs one target: a gfx900 object on the default (gfx803) machine, and the gfx803
  # text (its .amdgcn_target) on a gfx900 one, are refused before anything runs.
  cp "$d/gfx900.o" "$d/matmul_tiled.s"
  check "gfx900 code on a gfx803 machine" 1 "matmul_tiled.ini:3: error: kernel 'matmul_tiled' is gfx900 code; the machine runs gfx803 (gpu.target): build the kernel for gfx803, or run it on a gfx900 machine (--set gpu.target=gfx900)" "$g" run "$d/matmul_tiled.ini"
  check "gfx803 code on a gfx900 machine" 1 "matmul_tiled.ini:3: error: kernel 'matmul_tiled' is gfx803 code; the machine runs gfx900 (gpu.target)" "$g" run workloads/matmul_tiled.ini --set gpu.target=gfx900
}

# Code object v2: llvm-mc's object of tests/bad/codeobj_v2.s (clang's v2 output for
# workloads/opencl/vector_add.cl: the 256-byte amd_kernel_code_t at the start of .text, then the
# code; the .note section's AMD notes: code object version, ISA version, ISA name, YAML metadata)
# with a few bytes changed. Uses codeobj_cases' helpers (co_patch, sec, hex, symidx).
codeobj_v2_cases() {
  g=$1; d=$2
  v2="$d/v2ok.o"
  "$mc" -triple amdgcn-amd-amdhsa -mcpu=gfx803 -filetype=obj --amdhsa-code-object-version=2 tests/bad/codeobj_v2.s -o "$v2"
  check "codeobj v2 ok" 0 "" "$g" asm "$v2"
  t2=$(hex "$(sec "$v2" .text)"); n2=$(hex "$(sec "$v2" .note)"); s2=$(hex "$(sec "$v2" .symtab)")
  ks2=$((s2 + 24 * $(symidx "$v2" vector_add)))
  # at FILE TEXT: the file offset of TEXT's first occurrence
  at() { grep -obUa -- "$2" "$1" | head -1 | cut -d: -f1; }
  hdr="amd_kernel_code_t 'vector_add' (section .text, offset 0x0)"
  v2co() { f2="$d/$1.o"; cp "$v2" "$f2"; shift; co_patch "$f2" "$@"; }
  v2co v2outside $((ks2 + 9)) 16
  check "codeobj v2 header outside .text" 1 "v2outside.o: error: symbol 'vector_add': a code object v2 kernel is a symbol in code that holds its 256-byte amd_kernel_code_t and its code" "$g" asm "$d/v2outside.o"
  v2co v2version "$t2" 2
  check "codeobj v2 header version" 1 "v2version.o: error: $hdr: amd_kernel_code_version_major is 2" "$g" asm "$d/v2version.o"
  v2co v2machine $((t2 + 10)) 9
  check "codeobj v2 header machine" 1 "v2machine.o: error: $hdr: amd_machine_version is 9.0.3; gcnsim simulates gfx803" "$g" asm "$d/v2machine.o"
  v2co v2entry $((t2 + 16)) 128 0
  check "codeobj v2 entry offset" 1 "v2entry.o: error: amd_kernel_code_t 'vector_add' (section .text, offset 0x0): kernel_code_entry_byte_offset 128 does not lead into its code" "$g" asm "$d/v2entry.o"
  v2co v2usersgpr $((t2 + 52)) 2
  check "codeobj v2 USER_SGPR_COUNT" 1 "v2usersgpr.o: error: $hdr: compute_pgm_rsrc2.USER_SGPR_COUNT is 1" "$g" asm "$d/v2usersgpr.o"
  v2co v2ptr64 $((t2 + 58)) 2
  check "codeobj v2 is_ptr64" 1 "v2ptr64.o: error: $hdr: code_properties 0x2000b: is_ptr64 is clear" "$g" asm "$d/v2ptr64.o"
  v2co v2vgprs $((t2 + 86)) 200
  check "codeobj v2 VGPR count" 1 "v2vgprs.o: error: $hdr: workitem_vgpr_count is 200 but compute_pgm_rsrc1 grants 8 VGPRs" "$g" asm "$d/v2vgprs.o"
  v2co v2wave $((t2 + 103)) 5
  check "codeobj v2 wavefront size" 1 "v2wave.o: error: $hdr: wavefront_size is 2^5; gfx803 waves are 64 (2^6) wide" "$g" asm "$d/v2wave.o"
  v2co v2directives $((t2 + 200)) 1
  check "codeobj v2 control directives" 1 "v2directives.o: error: $hdr: control_directives (bytes 128..255) are not zero" "$g" asm "$d/v2directives.o"
  v2co v2note $((n2 + 16)) 3
  check "codeobj v2 version note" 1 "v2note.o: error: section .note, offset 0x0: NT_AMD_HSA_CODE_OBJECT_VERSION is 3.1, not 2.x" "$g" asm "$d/v2note.o"
  v2co v2isa $((n2 + 44)) 9
  check "codeobj v2 ISA note" 1 "v2isa.o: error: section .note, offset 0x18: NT_AMD_HSA_ISA_VERSION is 9.0.3; gcnsim simulates gfx803" "$g" asm "$d/v2isa.o"
  v2co v2isaname $(($(at "$v2" amdgcn-amd-amdhsa--gfx803) + 24)) 57
  check "codeobj v2 ISA name" 1 "v2isaname.o: error: section .note, offset 0x44: NT_AMD_HSA_ISA_NAME is 'amdgcn-amd-amdhsa--gfx809'; gcnsim simulates amdgcn-amd-amdhsa--gfx803" "$g" asm "$d/v2isaname.o"
  v2co v2yaml "$(at "$v2" Kernels:)" 91
  check "codeobj v2 malformed YAML" 1 "v2yaml.o: error: section .note, offset 0x70: NT_AMD_HSA_METADATA note: YAML line 4, column 3: could not find expected ':'" "$g" asm "$d/v2yaml.o"
  v2co v2nokernel $(($(at "$v2" "Name:            vector_add") + 17)) 120
  check "codeobj v2 YAML kernel missing" 1 "v2nokernel.o: error: NT_AMD_HSA_METADATA note: metadata for kernel 'xector_add', which is not in this code object" "$g" asm "$d/v2nokernel.o"
  v2co v2kind "$(at "$v2" "ValueKind:       GlobalBuffer")" 87
  check "codeobj v2 YAML no ValueKind" 1 "v2kind.o: error: section .note, offset 0x70: NT_AMD_HSA_METADATA note: YAML line 9: Kernels[0].Args[0] has no 'ValueKind'" "$g" asm "$d/v2kind.o"
  v2co v2sgprs $(($(at "$v2" "NumSGPRs:        11") + 17)) 50
  check "codeobj v2 YAML NumSGPRs" 1 "v2sgprs.o: error: $hdr: the metadata's CodeProps.NumSGPRs is 21 but the header says 11" "$g" asm "$d/v2sgprs.o"
  # An older compiler's v2 object may leave e_flags 0: the ISA notes then name the target.
  v2co v2flags0 48 0
  check "codeobj v2 e_flags 0" 0 "" "$g" asm "$d/v2flags0.o"
  cp "$d/v2flags0.o" "$d/v2notarget.o"; co_patch "$d/v2notarget.o" $((n2 + 32)) 99; co_patch "$d/v2notarget.o" $((n2 + 76)) 99
  check "codeobj v2 no target" 1 "v2notarget.o: error: ELF header: e_flags 0 and no NT_AMD_HSA_ISA_VERSION or NT_AMD_HSA_ISA_NAME note" "$g" asm "$d/v2notarget.o"
  # ROCm 1.x/2.x objects: the ISA name with an environment (amdgizcl), the kernel's symbol local.
  for env in amdgizcl opencl; do
    sed -e "s/amdgcn-amd-amdhsa--gfx803/amdgcn-amd-amdhsa-$env-gfx803/" -e '/^[[:space:]]*\.globl[[:space:]]/d' tests/bad/codeobj_v2.s > "$d/v2$env.s"
    "$mc" -triple "amdgcn-amd-amdhsa-$env" -mcpu=gfx803 -filetype=obj --amdhsa-code-object-version=2 "$d/v2$env.s" -o "$d/v2$env.o"
    check "codeobj v2 $env, local kernel symbol" 0 "" "$g" asm "$d/v2$env.o"
  done
  "$objcopy" --remove-section=.note "$v2" "$d/v2nonote.o"
  check "codeobj v2 no note" 1 "v2nonote.o: error: no NT_AMD_HSA_METADATA note" "$g" asm "$d/v2nonote.o"
}
