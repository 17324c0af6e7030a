/* test_kcompile: the allowlist of a workload's compiler options (kcompile_flags_parse): what passes
 * and how it is passed on, what is refused and where, -I folders kept inside the source's folder;
 * the compiler's argument vector for each target (kcompile_command). */
#define _XOPEN_SOURCE 700 /* mkdtemp, realpath */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "load/kcompile.h"
#include "unit.h"

/* The arguments flags become, joined by spaces; "" when refused. */
static const char *parse(const char *flags, const char *src, char *buf, size_t len)
{
    kcompile_flags_t f;
    char msg[1024];
    size_t at;
    buf[0] = '\0';
    if (!kcompile_flags_parse(flags, src, &f, msg, sizeof msg, &at))
        return buf;
    for (int i = 0; i < f.argc; i++)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? " " : "", f.argv[i]);
    kcompile_flags_free(&f);
    return buf;
}

static void refused(const char *flags, const char *src, size_t want_at, const char *want_msg)
{
    char buf[2048], msg[1024];
    size_t at;
    ck_assert_msg(!kcompile_flags_check(flags, src, msg, sizeof msg, &at), "'%s' was allowed", flags);
    ck_assert_str_eq(parse(flags, src, buf, sizeof buf), "");
    ck_assert_uint_eq(at, want_at);
    ck_assert_msg(strstr(msg, want_msg), "'%s': message '%s' lacks '%s'", flags, msg, want_msg);
}

START_TEST(allowed_options_pass_unchanged)
{
    char buf[2048];
    ck_assert_str_eq(parse("-cl-std=CL2.0 -mcode-object-version=5", "k.cl", buf, sizeof buf),
                     "-cl-std=CL2.0 -mcode-object-version=5");
    ck_assert_str_eq(parse("  -O3\t-ffast-math -ffp-contract=fast -Wno-unused -Werror=format -w", "k.cl", buf, sizeof buf),
                     "-O3 -ffast-math -ffp-contract=fast -Wno-unused -Werror=format -w");
    ck_assert_str_eq(parse("-D N=4 -DX -U Y -DV=$(a;b)", "k.cl", buf, sizeof buf), "-DN=4 -DX -UY -DV=$(a;b)");
    ck_assert_str_eq(parse("-mllvm -amdgpu-early-inline-all -mllvm -unroll-threshold=300", "k.hip", buf, sizeof buf),
                     "-mllvm -amdgpu-early-inline-all -mllvm -unroll-threshold=300");
    ck_assert_str_eq(parse("-std=c++17 --gpu-max-threads-per-block=256 -fdenormal-fp-math=ieee,preserve-sign", "k.hip",
                           buf, sizeof buf), "-std=c++17 --gpu-max-threads-per-block=256 -fdenormal-fp-math=ieee,preserve-sign");
    ck_assert_str_eq(parse("-cl-ext=-all,+cl_khr_fp16", "k.cl", buf, sizeof buf), "-cl-ext=-all,+cl_khr_fp16");
    ck_assert_str_eq(parse(NULL, "k.cl", buf, sizeof buf), "");
    char msg[64];
    size_t at;
    ck_assert(kcompile_flags_check(NULL, "k.cl", msg, sizeof msg, &at));
}
END_TEST

START_TEST(last_o_level_says_o0)
{
    kcompile_flags_t f;
    char msg[1024];
    size_t at;
    ck_assert(kcompile_flags_parse("-O3 -O0", "k.hip", &f, msg, sizeof msg, &at));
    ck_assert(f.o0);
    kcompile_flags_free(&f);
    ck_assert(kcompile_flags_parse("-O0 -O2", "k.hip", &f, msg, sizeof msg, &at));
    ck_assert(!f.o0);
    kcompile_flags_free(&f);
}
END_TEST

START_TEST(dangerous_options_refused_where_they_are)
{
    const char *how = "is not an option gcnsim passes to the compiler (the allowed ones: docs/kernels.md";
    refused("-O2 -Xclang -load -Xclang x.so", "k.cl", 4, "cflags: '-Xclang' is not an option gcnsim passes");
    refused("-fplugin=x.so", "k.cl", 0, how);
    refused("-fpass-plugin=x.so", "k.hip", 0, how);
    refused("-DA -MD -MF /etc/passwd", "k.cl", 4, "cflags: '-MD'");
    refused("-o /tmp/x", "k.cl", 0, "cflags: '-o'");
    refused("-O2 @resp", "k.cl", 4, "cflags: '@resp'");
    refused("--config x.cfg", "k.cl", 0, "cflags: '--config'");
    refused("-B /tmp", "k.cl", 0, "cflags: '-B'");
    refused("-Xlinker -o", "k.cl", 0, "cflags: '-Xlinker'");
    refused("-Wl,-o,x", "k.cl", 0, "cflags: '-Wl,-o,x'");
    refused("-Wp,-MD,x", "k.cl", 0, "cflags: '-Wp,-MD,x'");
    refused("-save-temps", "k.cl", 0, how);
    refused("-mcpu=gfx900", "k.cl", 0, how);
    refused("x;touch${IFS}M;.a", "k.hip", 0, "cflags: 'x;touch${IFS}M;.a' is not an option");
    refused("-mllvm -info-output-file=/tmp/x", "k.cl", 0, "cflags: '-mllvm -info-output-file=/tmp/x' is not an option");
    refused("-mllvm -unroll-threshold=abc", "k.cl", 0, "cflags: '-mllvm -unroll-threshold=abc'");
    refused("-mllvm -amdgpu-early-inline-all=maybe", "k.cl", 0, "is not an option");
    refused("-O2 -mllvm", "k.cl", 4, "cflags: '-mllvm' is not an option");
}
END_TEST

START_TEST(values_and_languages_checked)
{
    refused("-ffp-contract=sometimes", "k.cl", 0, "cflags: '-ffp-contract=sometimes': 'sometimes' is not a value gcnsim passes for -ffp-contract");
    refused("-mcode-object-version=6", "k.cl", 0, "'6' is not a value");
    refused("--gpu-max-threads-per-block=2048", "k.hip", 0, "'2048' is not a value");
    refused("-cl-ext=+a;b", "k.cl", 0, "is not a value");
    refused("-std=c++17", "k.cl", 0, "cflags: '-std=c++17' is an option for HIP sources, and this one is OpenCL C");
    refused("-cl-std=CL2.0", "k.hip", 0, "cflags: '-cl-std=CL2.0' is an option for OpenCL C sources, and this one is HIP");
    refused("-D 1X", "k.cl", 0, "cflags: '-D 1X': '1X' is not a macro name");
    refused("-UX=1", "k.cl", 0, "'X=1' is not a macro name");
    refused("-DA -D", "k.cl", 4, "cflags: '-D' needs a macro name after it");
    refused("-DA=\x1b[2J", "k.cl", 0, "cflags: an option has the control byte \\x1b");
}
END_TEST

START_TEST(include_folders_stay_inside_the_source_folder)
{
    char tmpl[] = "/tmp/test_kcompile-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(tmpl));
    char *root = realpath(tmpl, NULL);
    char src[600], sub[600], want[2048], buf[2048], flags[700];
    snprintf(src, sizeof src, "%s/k.cl", root);
    snprintf(sub, sizeof sub, "%s/inc", root);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    snprintf(want, sizeof want, "-I%s -I%s", sub, root);
    ck_assert_str_eq(parse("-I inc -I.", src, buf, sizeof buf), want); /* made absolute */
    snprintf(flags, sizeof flags, "-I%s", sub);
    snprintf(want, sizeof want, "-I%s", sub);
    ck_assert_str_eq(parse(flags, src, buf, sizeof buf), want);
    refused("-I..", src, 0, "cflags: '-I..': the include folder '/tmp' is outside the source's folder");
    refused("-DA -I /usr/include", src, 4, "cflags: '-I /usr/include': the include folder '/usr/include' is outside");
    refused("-I inc/../..", src, 0, "is outside the source's folder");
    refused("-I missing", src, 0, "cflags: '-I missing': the include folder");
    snprintf(sub, sizeof sub, "%s/up", root);
    ck_assert_int_eq(symlink("/usr/include", sub), 0); /* a link out of the folder is outside too */
    refused("-I up", src, 0, "is outside the source's folder");
    unlink(sub);
    snprintf(sub, sizeof sub, "%s/inc", root);
    rmdir(sub);
    rmdir(root);
    free(root);
}
END_TEST

/* kcompile_command's vector joined by spaces, for a source k.X with options `flags`. */
static const char *command(kcompile_lang_t lang, isa_target_t t, const char *flags, char *buf, size_t len)
{
    kcompile_flags_t f;
    char msg[1024];
    size_t at;
    const char *src = lang == KCOMPILE_HIP ? "k.hip" : "k.cl";
    ck_assert(kcompile_flags_parse(flags, src, &f, msg, sizeof msg, &at));
    kcompile_cmd_t cmd;
    ck_assert(kcompile_command(lang, t, &f, "/libs", "/tmp/d/k.s", src, &cmd));
    buf[0] = '\0';
    for (int i = 0; i < cmd.argc; i++)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", i ? " " : "", cmd.argv[i]);
    ck_assert_ptr_null(cmd.argv[cmd.argc]);
    kcompile_command_free(&cmd);
    kcompile_flags_free(&f);
    return buf;
}

/* The documented commands (docs/kernels.md; the Makefile's CLANG_GFX803 and HIP_GFX803), written out
 * here rather than built from the code's table: only the processor differs between targets. */
#define CL_HEAD "clang-15 -target amdgcn-amd-amdhsa -mcpu="
#define CL_TAIL " --rocm-device-lib-path=/libs -O2 -S -x cl -Xclang -finclude-default-header -cl-kernel-arg-info " \
                "-fno-crash-diagnostics"
#define HIP_HEAD "clang++-15 -std=c++11 --hip-version=5.2.21153 --rocm-path=/usr --offload-arch="
#define HIP_INLINE " -mllvm -amdgpu-early-inline-all=true -mllvm -amdgpu-function-calls=false"
#define HIP_TAIL " --hip-device-lib-path=/libs --cuda-device-only -S -O2 -fno-crash-diagnostics"

START_TEST(command_per_target)
{
    char buf[4096];
    ck_assert_str_eq(command(KCOMPILE_OPENCL, ISA_TARGET_GFX803, NULL, buf, sizeof buf),
                     CL_HEAD "gfx803" CL_TAIL " -o /tmp/d/k.s -- k.cl");
    ck_assert_str_eq(command(KCOMPILE_OPENCL, ISA_TARGET_GFX900, "-DN=4", buf, sizeof buf),
                     CL_HEAD "gfx900" CL_TAIL " -DN=4 -o /tmp/d/k.s -- k.cl");
    ck_assert_str_eq(command(KCOMPILE_OPENCL, ISA_TARGET_GFX906, "-cl-std=CL2.0", buf, sizeof buf),
                     CL_HEAD "gfx906" CL_TAIL " -cl-std=CL2.0 -o /tmp/d/k.s -- k.cl");
    ck_assert_str_eq(command(KCOMPILE_HIP, ISA_TARGET_GFX803, NULL, buf, sizeof buf),
                     HIP_HEAD "gfx803" HIP_INLINE HIP_TAIL " -x hip -o /tmp/d/k.s -- k.hip");
    ck_assert_str_eq(command(KCOMPILE_HIP, ISA_TARGET_GFX900, "-std=c++17", buf, sizeof buf),
                     HIP_HEAD "gfx900" HIP_INLINE HIP_TAIL " -std=c++17 -x hip -o /tmp/d/k.s -- k.hip");
    /* -O0: hipcc's inlining options left out, the target kept */
    ck_assert_str_eq(command(KCOMPILE_HIP, ISA_TARGET_GFX906, "-O0", buf, sizeof buf),
                     HIP_HEAD "gfx906" HIP_TAIL " -O0 -x hip -o /tmp/d/k.s -- k.hip");
}
END_TEST

/* CDNA (issue 34): clang-15 for gfx908 and gfx90a, clang-19 for gfx942 (which clang-15 does not
 * know), every other argument as for the older targets. */
START_TEST(command_per_cdna_target)
{
    char buf[4096];
    ck_assert_str_eq(command(KCOMPILE_OPENCL, ISA_TARGET_GFX908, NULL, buf, sizeof buf),
                     CL_HEAD "gfx908" CL_TAIL " -o /tmp/d/k.s -- k.cl");
    ck_assert_str_eq(command(KCOMPILE_OPENCL, ISA_TARGET_GFX90A, "-DN=4", buf, sizeof buf),
                     CL_HEAD "gfx90a" CL_TAIL " -DN=4 -o /tmp/d/k.s -- k.cl");
    ck_assert_str_eq(command(KCOMPILE_OPENCL, ISA_TARGET_GFX942, "-cl-std=CL2.0", buf, sizeof buf),
                     "clang-19 -target amdgcn-amd-amdhsa -mcpu=gfx942" CL_TAIL " -cl-std=CL2.0 -o /tmp/d/k.s -- k.cl");
    ck_assert_str_eq(command(KCOMPILE_HIP, ISA_TARGET_GFX908, NULL, buf, sizeof buf),
                     HIP_HEAD "gfx908" HIP_INLINE HIP_TAIL " -x hip -o /tmp/d/k.s -- k.hip");
    ck_assert_str_eq(command(KCOMPILE_HIP, ISA_TARGET_GFX90A, "-DTILES_M=4", buf, sizeof buf),
                     HIP_HEAD "gfx90a" HIP_INLINE HIP_TAIL " -DTILES_M=4 -x hip -o /tmp/d/k.s -- k.hip");
    ck_assert_str_eq(command(KCOMPILE_HIP, ISA_TARGET_GFX942, NULL, buf, sizeof buf),
                     "clang++-19 -std=c++11 --hip-version=5.2.21153 --rocm-path=/usr --offload-arch=gfx942" HIP_INLINE
                     HIP_TAIL " -x hip -o /tmp/d/k.s -- k.hip");
    ck_assert_str_eq(command(KCOMPILE_HIP, ISA_TARGET_GFX942, "-O0", buf, sizeof buf),
                     "clang++-19 -std=c++11 --hip-version=5.2.21153 --rocm-path=/usr --offload-arch=gfx942" HIP_TAIL
                     " -O0 -x hip -o /tmp/d/k.s -- k.hip");
}
END_TEST

/* The compiler per language and target, and the ISA version library: each target's own, gfx940's
 * standing in for gfx942's (which ROCm 5.2's device libraries lack). */
START_TEST(compiler_and_isa_library_per_target)
{
    static const struct {
        isa_target_t t;
        const char *cl, *hip, *lib;
        bool own;
    } want[] = {
        { ISA_TARGET_GFX803, "clang-15", "clang++-15", "oclc_isa_version_803.bc", true },
        { ISA_TARGET_GFX900, "clang-15", "clang++-15", "oclc_isa_version_900.bc", true },
        { ISA_TARGET_GFX906, "clang-15", "clang++-15", "oclc_isa_version_906.bc", true },
        { ISA_TARGET_GFX908, "clang-15", "clang++-15", "oclc_isa_version_908.bc", true },
        { ISA_TARGET_GFX90A, "clang-15", "clang++-15", "oclc_isa_version_90a.bc", true },
        { ISA_TARGET_GFX942, "clang-19", "clang++-19", "oclc_isa_version_940.bc", false },
    };
    ck_assert_int_eq(sizeof want / sizeof want[0], ISA_NUM_TARGETS);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char lib[64];
        ck_assert_str_eq(kcompile_compiler(KCOMPILE_OPENCL, want[i].t), want[i].cl);
        ck_assert_str_eq(kcompile_compiler(KCOMPILE_HIP, want[i].t), want[i].hip);
        ck_assert(kcompile_isa_library(want[i].t, lib, sizeof lib) == want[i].own);
        ck_assert_str_eq(lib, want[i].lib);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("kcompile");
    TCase *tc = tcase_create("flags");
    tcase_add_test(tc, allowed_options_pass_unchanged);
    tcase_add_test(tc, last_o_level_says_o0);
    tcase_add_test(tc, dangerous_options_refused_where_they_are);
    tcase_add_test(tc, values_and_languages_checked);
    tcase_add_test(tc, include_folders_stay_inside_the_source_folder);
    tcase_add_test(tc, command_per_target);
    tcase_add_test(tc, command_per_cdna_target);
    tcase_add_test(tc, compiler_and_isa_library_per_target);
    suite_add_tcase(s, tc);
    return s;
}

UNIT_MAIN(suite)
