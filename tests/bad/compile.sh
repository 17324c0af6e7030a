# Workloads and kernel sources written to attack the compiler invocation (docs/kernels.md, "Trust
# model"), sourced by tests/bad/run.sh: uses its check(), $pass and $fail. gcnsim runs in a scratch
# directory C (its working directory, so that relative names and a shell's `touch MARK` land there);
# after every case no MARK file may exist and every other file in C must be byte-identical. Each
# attempt is refused with a message (exit 1) or, for an odd but harmless name, compiled as a file.
#   compile_cases GCNSIM DIR          DIR: an empty scratch directory
#   compile_limit_cases GCNSIM DIR    the compiler's time limit, and SIGTERM/SIGINT while compiling
compile_cases() {
  g=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
  C=$(cd "$2" && pwd)
  mkdir "$C/tmp" "$C/inc" "$C/sub"
  printf '__kernel void k(__global int *p)\n{\n    p[get_global_id(0)] = VAL;\n}\n' > "$C/k.cl"
  printf '#define VAL 1\n' > "$C/inc/val.h"
  printf '#include "val.h"\n__kernel void k(__global int *p)\n{\n    p[get_global_id(0)] = VAL;\n}\n' > "$C/kinc.cl"
  printf '#include <hip/hip_runtime.h>\n__global__ void k(int *p)\n{\n    p[threadIdx.x] = 1;\n}\n' > "$C/k.hip"
  cp "$C/k.hip" "$C/k\$(touch MARK).hip"
  sed 's/VAL/1/' "$C/k.cl" > "$C/-x.cl"
  # clang reads @X as the response file X: each @NAME source has a NAME beside it that must not be
  # read as options (a kernel: garbage options; a plugin option: code loaded).
  sed 's/VAL/1/' "$C/k.cl" > "$C/@resp.cl"
  cp "$C/@resp.cl" "$C/resp.cl"
  printf 'precious\n' > "$C/victim.txt"
  # A plugin that leaves the marker when anything loads it.
  printf '#include <fcntl.h>\n__attribute__((constructor)) static void mark(void) { creat("%s/MARK", 0644); }\n' "$C" > "$C/evil.c"
  cc -shared -fPIC -o "$C/evil.so" "$C/evil.c"
  printf -- '-fplugin=%s/evil.so\n' "$C" > "$C/plugin.rsp"
  sed 's/VAL/1/' "$C/k.cl" > "$C/plain.cl"
  printf -- '-fplugin=%s/evil.so %s/plain.cl\n' "$C" "$C" > "$C/plugin.cl"
  cp "$C/plugin.cl" "$C/plugin.hip"
  cp "$C/@resp.cl" "$C/@plugin.cl"
  cp "$C/k.hip" "$C/@plugin.hip"
  wl() { # NAME SOURCE CFLAGS: a workload in C
    { printf '[kernel]\nsource = %s\n' "$2"; [ -z "$3" ] || printf 'cflags = %s\n' "$3"
      printf 'grid = 64\nworkgroup = 64\n[buffer p]\ntype = i32\ncount = 64\n[args]\np = @p\n'; } > "$C/$1.ini"
  }
  snapshot() { (cd "$C" && find . -path ./tmp -prune -o -type f -exec md5sum {} + | sort); }
  attack() { # NAME WANT-EXIT WANT-TEXT GCNSIM-ARGS...: run in C, then nothing may have changed
    an=$1 aw=$2 at=$3
    shift 3
    before=$(snapshot)
    check "$an" "$aw" "$at" env -C "$C" TMPDIR="$C/tmp" "$g" "$@"
    if [ -n "$(find "$C" -name 'MARK*')" ]; then
      fail=$((fail + 1)); echo "bad-inputs: FAIL $an: it ran a command or loaded code (a MARK file appeared)" >&2
      find "$C" -name 'MARK*' -exec rm -f {} +
    elif [ "$(snapshot)" != "$before" ] || [ -n "$(ls -A "$C/tmp")" ]; then
      fail=$((fail + 1)); echo "bad-inputs: FAIL $an: it changed or left files in $C" >&2
    else
      pass=$((pass + 1))
    fi
  }

  # ---- shell syntax in cflags: hipcc ran its command through sh ----
  wl semicolon k.hip 'x;touch${IFS}MARK;.a'
  attack "cflags with ; (HIP)" 1 "semicolon.ini:3:10: error: cflags: 'x;touch\${IFS}MARK;.a' is not an option gcnsim passes to the compiler" \
    run semicolon.ini
  wl subst k.hip '-DX=$(touch${IFS}MARK).a'
  attack "cflags with \$(...) in a define (HIP)" 0 "" run subst.ini
  wl backtick k.hip '-DX=`touch${IFS}MARK`.a'
  attack "cflags with backticks in a define (HIP)" 0 "" run backtick.ini
  # ---- response files, plugins, dependency files ----
  wl at_hip k.hip '-O2 @plugin.rsp'
  attack "cflags @file (HIP)" 1 "at_hip.ini:3:14: error: cflags: '@plugin.rsp' is not an option gcnsim passes to the compiler" \
    run at_hip.ini
  wl at_cl k.cl '@plugin.rsp'
  attack "cflags @file (OpenCL)" 1 "at_cl.ini:3:10: error: cflags: '@plugin.rsp'" run at_cl.ini
  wl load k.cl "-DVAL=1 -Xclang -load -Xclang $C/evil.so"
  attack "cflags -Xclang -load" 1 "load.ini:3:18: error: cflags: '-Xclang' is not an option gcnsim passes to the compiler" \
    run load.ini
  wl fplugin k.cl "-fplugin=$C/evil.so"
  attack "cflags -fplugin=" 1 "fplugin.ini:3:10: error: cflags: '-fplugin=$C/evil.so' is not an option" run fplugin.ini
  wl depfile k.cl "-DVAL=1 -MD -MF $C/victim.txt"
  attack "cflags -MD -MF PATH" 1 "depfile.ini:3:18: error: cflags: '-MD' is not an option" run depfile.ini
  wl ok k.cl '-DVAL=2'
  attack "--set kernel.cflags=-fpass-plugin=" 1 "--set 'kernel.cflags=-fpass-plugin=$C/evil.so': error: cflags: '-fpass-plugin=$C/evil.so' is not an option" \
    run ok.ini --set "kernel.cflags=-fpass-plugin=$C/evil.so"
  attack "occupancy of a workload with -fplugin=" 1 "fplugin.ini:3:10: error: cflags: '-fplugin=" occupancy fplugin.ini
  printf "ok.ini --set 'kernel.cflags=-fplugin=%s/evil.so'\n" "$C" > "$C/list.txt"
  S=$(mktemp -d)
  attack "a sweep line with -fplugin=" 1 "list.txt:1: error: the run exited 1: --set 'kernel.cflags=-fplugin=$C/evil.so': error: cflags:" \
    sweep list.txt --csv "$S/out.csv"
  rm -rf "$S"
  wl mllvm k.cl "-DVAL=1 -mllvm -info-output-file=$C/victim.txt"
  attack "cflags -mllvm with an option not allowed" 1 "mllvm.ini:3:18: error: cflags: '-mllvm -info-output-file=$C/victim.txt' is not an option" \
    run mllvm.ini
  wl output k.cl "-DVAL=1 -o $C/victim.txt"
  attack "cflags -o" 1 "output.ini:3:18: error: cflags: '-o' is not an option" run output.ini
  wl config k.cl "--config $C/plugin.rsp"
  attack "cflags --config" 1 "config.ini:3:10: error: cflags: '--config' is not an option" run config.ini
  wl linker k.cl "-DVAL=1 -Wl,-o,$C/victim.txt"
  attack "cflags -Wl," 1 "linker.ini:3:18: error: cflags: '-Wl,-o,$C/victim.txt' is not an option" run linker.ini
  # ---- includes: inside the source's folder only ----
  wl inc_ok kinc.cl '-I inc'
  attack "cflags -I inside the source's folder" 0 "" run inc_ok.ini
  wl inc_up kinc.cl '-I..'
  attack "cflags -I outside the source's folder" 1 "inc_up.ini:3:10: error: cflags: '-I..': the include folder" run inc_up.ini
  wl inc_abs kinc.cl '-I /usr/include'
  attack "cflags -I with an absolute folder elsewhere" 1 "inc_abs.ini:3:10: error: cflags: '-I /usr/include': the include folder" run inc_abs.ini
  # ---- allowed options still compile ----
  wl allowed k.cl '-DVAL=3 -O3 -cl-std=CL2.0 -cl-fast-relaxed-math -ffp-contract=fast -Wno-unused -mcode-object-version=4 -mllvm -amdgpu-early-inline-all=true'
  attack "allowed OpenCL options" 0 "" run allowed.ini
  wl allowed_hip k.hip '-DVAL=3 -O3 -std=c++17 -ffast-math -fno-gpu-rdc -Wall'
  attack "allowed HIP options" 0 "" run allowed_hip.ini
  # ---- sources whose names look like options, response files or shell syntax ----
  wl dash -x.cl ''
  attack "a source named -x.cl" 0 "" run dash.ini
  wl at_src @resp.cl ''
  attack "a source named @resp.cl" 0 "" run at_src.ini
  wl at_plugin_cl @plugin.cl ''
  attack "a source named @plugin.cl beside a response file plugin.cl" 0 "" run at_plugin_cl.ini
  wl at_plugin_hip @plugin.hip ''
  attack "a source named @plugin.hip beside a response file plugin.hip" 0 "" run at_plugin_hip.ini
  attack "a source named k\$(touch MARK).hip" 0 "" asm 'k$(touch MARK).hip'
  wl subst_name 'k$(touch MARK).hip' ''
  attack "a workload naming k\$(touch MARK).hip" 0 "" run subst_name.ini
}

# The compiler runs under a time limit, and SIGTERM or SIGINT while it runs stops it: no compiler
# process left, no temporary directory left, exit status 128 + the signal.
compile_limit_cases() {
  g=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
  C=$(cd "$2" && pwd)
  mkdir "$C/tmp"
  mkfifo "$C/never.h"
  printf '#include "never.h"\n__kernel void k(__global int *p)\n{\n    p[0] = 1;\n}\n' > "$C/fifo.cl"
  printf '__kernel void k(__global int *p)\n{\n    p[0] = 1;\n}\n' > "$C/ok.cl"
  for k in fifo ok; do
    printf '[kernel]\nsource = %s.cl\ngrid = 64\nworkgroup = 64\n[buffer p]\ntype = i32\ncount = 64\n[args]\np = @p\n' $k > "$C/$k.ini"
  done
  left() { # what is left: compiler processes reading C, files in C/tmp
    ps -eo args= | grep -F "$C/" | grep -v grep | grep -F fifo.cl
    ls -A "$C/tmp"
  }
  start=$(date +%s)
  check "the compiler's time limit" 1 "fifo.cl: error: the compiler took more than 2 s (GCNSIM_COMPILE_TIMEOUT) and was stopped" \
    env TMPDIR="$C/tmp" GCNSIM_COMPILE_TIMEOUT=2 "$g" run "$C/fifo.ini"
  took=$(($(date +%s) - start))
  if [ "$took" -le 10 ] && [ -z "$(left)" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "bad-inputs: FAIL the time limit: took ${took}s, left: $(left)" >&2; fi
  check "a compiler time limit that is not a number" 1 "GCNSIM_COMPILE_TIMEOUT='2x': expected whole seconds" \
    env TMPDIR="$C/tmp" GCNSIM_COMPILE_TIMEOUT=2x "$g" run "$C/fifo.ini"
  check "a compiler memory limit that is not a number" 1 "GCNSIM_COMPILE_MEMORY='lots': expected MiB" \
    env TMPDIR="$C/tmp" GCNSIM_COMPILE_MEMORY=lots "$g" run "$C/fifo.ini"
  check "a compiler memory limit too small for it" 1 "ok.cl: error: the compiler clang-15 failed (it exited with status 127; see its messages above); its memory is limited to 16 MiB (GCNSIM_COMPILE_MEMORY)" \
    env TMPDIR="$C/tmp" GCNSIM_COMPILE_MEMORY=16 "$g" run "$C/ok.ini"
  for sig in TERM INT; do
    # A shell starts background jobs with SIGINT ignored; env gives it back its default action.
    env --default-signal=INT TMPDIR="$C/tmp" "$g" run "$C/fifo.ini" >/dev/null 2>"$C/stderr" &
    pid=$!
    n=0
    while [ -z "$(ps -eo args= | grep -F "$C/fifo.cl" | grep -v grep)" ] && [ $n -lt 300 ]; do
      sleep 0.1; n=$((n + 1))
    done
    kill -"$sig" "$pid"
    # It must end by itself within 10 s; if not, the test ends it and its compiler (by pid).
    n=0
    while [ $n -lt 100 ] && s=$(ps -o stat= -p "$pid") && [ "${s#Z}" = "$s" ]; do sleep 0.1; n=$((n + 1)); done
    if [ $n -ge 100 ]; then
      echo "bad-inputs: SIG$sig: gcnsim still running after 10 s" >> "$C/stderr"
      for p in $pid $(ps -eo pid=,args= | grep -F "$C/fifo.cl" | grep -v grep | awk '{ print $1 }'); do kill -9 "$p"; done
    fi
    wait "$pid"
    got=$?
    case $sig in TERM) want=143 ;; *) want=130 ;; esac
    if [ "$got" = "$want" ] && grep -qF "fifo.cl: error: $( [ $sig = TERM ] && echo 'terminated (SIGTERM)' || echo 'interrupted (SIGINT)') while compiling" "$C/stderr" &&
       [ -z "$(left)" ]; then pass=$((pass + 1)); else
      fail=$((fail + 1)); echo "bad-inputs: FAIL SIG$sig while compiling: exit $got (expected $want), left: $(left)" >&2
      sed 's/^/    /' "$C/stderr" | head -5 >&2
    fi
  done
}
