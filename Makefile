# gcnsim — the only build entry point. See README.md and docs/.
#
#   make            build build/gcnsim and build/gcnviz (installs the missing Debian packages the
#                   build needs first, see `make deps`)
#   make test       sanitizer (ASan+UBSan) build, unit tests, end-to-end tests, llvm-mc checks
#                   (installs the test-only packages too: the GPU compilers, Check, Xvfb, Slurm, ...)
#   make demo       build and run the shipped default workload
#   make install    PREFIX=/usr/local DESTDIR=
#   make deps       install every Debian package the project needs (as root), else print the line
#   make viz        build build/gcnviz, the SDL2 timeline viewer (part of `make`, when SDL2 is there)
#   make bench      the speed benchmarks: a table and build/bench.csv (docs/performance.md)
#   make experiments  every experiment in full, rewriting docs/experiments.md and its plots
#   make sensitivity  the experiments' conclusions at both ends of each assumed default's range

PREFIX ?= /usr/local
DESTDIR ?=
CC ?= cc
BUILD := build

# Two lists: what building gcnsim and gcnviz and running the demo need (`make`, `make demo`), and
# what only the tests add (`make test`); `make deps` installs both. tests/tools/deps.sh --check-split
# (part of `make test`) keeps test-only packages out of the first list.
# The viewer's packages: a plain `make` by a non-root user without them builds gcnsim alone and says so.
VIZ_DEB_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev fonts-dejavu-core
# code objects as input (isa/asm/codeobj*.c): libelf, msgpack-c (v3+ metadata), libyaml (v2 metadata)
DEMO_DEB_PACKAGES := build-essential pkg-config uthash-dev libinih-dev libelf-dev libmsgpack-dev libyaml-dev $(VIZ_DEB_PACKAGES)
# Test-only: Check (unit tests), llvm-mc and clang (the llvm-mc checks, the fuzz targets), xvfb and
# xauth (the viewer's window test runs on a virtual X display), time (make bench), gnuplot (the
# experiments' plots), lld (links .hsaco in the code-object tests).
TEST_DEB_PACKAGES := check llvm clang libclang-rt-14-dev xvfb xauth time gnuplot-nox lld python3
# ---- issue 15 (device libraries, HIP): the GPU toolchain the shipped OpenCL and HIP kernels are
# compiled with (docs/kernels.md, "Compiling kernels"); llvm-15 gives the matching llvm-mc-15. The
# shipped compiled kernels are built by the tests; a user's .cl or .hip workload needs them too.
GPU_DEB_PACKAGES := clang-15 llvm-15 rocm-device-libs libamdhip64-dev
# issue 34 (CDNA): LLVM 19 is the first Debian LLVM that knows gfx942 (MI300): llvm-mc-19 is its
# oracle, clang-19 its compiler, lld-19 its linker.
GPU_DEB_PACKAGES += clang-19 llvm-19 lld-19
# rocPRIM's headers, for workloads/cdna/rocprim_block_sum.hip (issue 34, cdnatool).
GPU_DEB_PACKAGES += librocprim-dev
# rocRAND's device headers, for workloads/cdna/rocrand_philox.hip (issue 34, rocrand).
GPU_DEB_PACKAGES += librocrand-dev
TEST_DEB_PACKAGES += $(GPU_DEB_PACKAGES)
# sweeps on Slurm (tests/e2e/slurm.sh starts its own single-node Slurm)
# real vendor code objects: rocSPARSE's gfx803 kernels inside its host library (tests/e2e/rocsparse.sh)
TEST_DEB_PACKAGES += slurmctld slurmd slurm-client munge librocsparse0
DEB_PACKAGES := $(DEMO_DEB_PACKAGES) $(TEST_DEB_PACKAGES)
PKGS := inih libelf msgpack yaml-0.1
# ---- end code objects
WARN := -Wall -Wextra -Wpedantic -Werror
# -MMD -MP: every compile writes NAME.d beside its output listing the headers it read (the .def
# tables too), included at the end of this file, so that a header edit rebuilds only what includes it.
# -I.: the rooms below both isa/ and sim/ (common/), included by their path ("common/le.h").
BASE_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -Iisa -Isim -I. -g -MMD -MP
OPT_CFLAGS := $(BASE_CFLAGS) -O2
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_CFLAGS := $(BASE_CFLAGS) -O1 $(SAN_FLAGS)

PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null)

# The compile flags are a prerequisite of every object through this file, rewritten only when they
# change: an object built under other flags (or before its .d file existed) is rebuilt, not reused.
FLAGS_STAMP := $(BUILD)/cflags.txt
FLAGS_NOW := $(CC) $(OPT_CFLAGS) | $(SAN_CFLAGS)
$(shell mkdir -p $(BUILD) && { echo '$(FLAGS_NOW)' | cmp -s - $(FLAGS_STAMP) || echo '$(FLAGS_NOW)' > $(FLAGS_STAMP); })

# Rooms (docs/development.md): common/, isa/ and isa/*/, sim/*/; includes name the room ("mem/cache.h").
LIB_SRC := $(sort $(wildcard isa/*.c isa/*/*.c) $(filter-out sim/cli/main.c,$(wildcard sim/*/*.c)))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))

OPT_OBJ := $(LIB_SRC:%.c=$(BUILD)/opt/%.o)
SAN_OBJ := $(LIB_SRC:%.c=$(BUILD)/san/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/san/%)

DEPS_STAMP := $(BUILD)/.deps-ok
TEST_DEPS_STAMP := $(BUILD)/.test-deps-ok

.PHONY: all deps deps-check man test unit e2e llvm-check demo install clean docs-check opencl table-check docs bad timing-modes memory fuzz viz viz-test viewer-screenshots codeobj
all: $(BUILD)/gcnsim viz man

# ---- dependencies ---------------------------------------------------------------------------
# The stamps are remade when the Makefile (and so the package lists) changes. The build needs only
# DEMO_DEB_PACKAGES; everything a test builds or runs needs the test stamp, made after the build's
# (never two apt-get at once under -j).
$(DEPS_STAMP): Makefile
	@sh tests/tools/deps.sh $(DEMO_DEB_PACKAGES)
	@mkdir -p $(BUILD) && touch $@

$(TEST_DEPS_STAMP): Makefile $(DEPS_STAMP)
	@sh tests/tools/deps.sh $(DEB_PACKAGES)
	@mkdir -p $(BUILD) && touch $@

deps:
	@sh tests/tools/deps.sh --install $(DEB_PACKAGES)
	@mkdir -p $(BUILD) && touch $(DEPS_STAMP) $(TEST_DEPS_STAMP)

# The split itself: no test-only package in the build's list, every package in one of the two.
.PHONY: deps-check
deps-check:
	@sh tests/tools/deps.sh --check-split "$(DEMO_DEB_PACKAGES)" "$(TEST_DEB_PACKAGES)" "$$($(MAKE) -s -n -W Makefile $(DEPS_STAMP) | grep 'tests/tools/deps.sh')"

# ---- optimised build -------------------------------------------------------------------------
$(BUILD)/opt/%.o: %.c $(FLAGS_STAMP) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(OPT_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(BUILD)/gcnsim: $(OPT_OBJ) $(BUILD)/opt/sim/cli/main.o
	$(CC) $(OPT_CFLAGS) -o $@ $^ $(PKG_LIBS) -lm

# ---- sanitizer build and tests ---------------------------------------------------------------
$(BUILD)/san/%.o: %.c $(FLAGS_STAMP) | $(TEST_DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(BUILD)/san/gcnsim: $(SAN_OBJ) $(BUILD)/san/sim/cli/main.o
	$(CC) $(SAN_CFLAGS) -o $@ $^ $(PKG_LIBS) -lm

# A test may count calls between modules with the linker's --wrap (WRAP_<test name>).
WRAP_result_once := $(foreach f,occ_dispatch_kernel occ_analyse occ_llvm occ_fit_more occ_compute,-Wl,--wrap=$(f))
$(BUILD)/san/test_%: tests/unit/test_%.c $(SAN_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) $(PKG_CFLAGS) $(CHECK_CFLAGS) -Itests/unit -o $@ $< $(SAN_OBJ) $(PKG_LIBS) $(CHECK_LIBS) -lm $(WRAP_$*)

unit: $(UNIT_BIN)
	@sh tests/tools/run_unit.sh $(UNIT_BIN)

# ---- issue 15: OpenCL C and HIP kernels compiled for gfx803 with the ROCm device libraries
# (docs/kernels.md), run unchanged by the end-to-end tests. These are the commands gcnsim itself
# runs for a workload whose source is a .cl or .hip file (sim/load/kcompile.c).
ROCM_DEVICE_LIBS := /usr/lib/x86_64-linux-gnu/amdgcn/bitcode
OPENCL_SRC := $(sort $(wildcard workloads/opencl/*.cl))
OPENCL_ASM := $(OPENCL_SRC:%.cl=%.s)
CLANG_GFX803 := clang-15 -target amdgcn-amd-amdhsa -mcpu=gfx803 --rocm-device-lib-path=$(ROCM_DEVICE_LIBS) -O2 -S -x cl -Xclang -finclude-default-header -cl-kernel-arg-info -fno-crash-diagnostics
# A kernel that needs its own clang options names them in CLFLAGS_<kernel>.
CLFLAGS_div_fmod := -cl-fp32-correctly-rounded-divide-sqrt
CLFLAGS_fdiv := -cl-fp32-correctly-rounded-divide-sqrt
CLFLAGS_wg_builtins := -cl-std=CL2.0 -mcode-object-version=5
# The kernels are remade when a compiler command above changes (the stamp holds the commands).
KERNEL_CC_STAMP := $(BUILD)/.kernel-cc
$(KERNEL_CC_STAMP): FORCE
	@mkdir -p $(BUILD) && printf '%s\n' '$(CLANG_GFX803)' '$(HIP_GFX803)' > $@.new && \
	  if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi
.PHONY: FORCE
workloads/opencl/%.s: workloads/opencl/%.cl $(KERNEL_CC_STAMP) | $(TEST_DEPS_STAMP)
	$(CLANG_GFX803) $(CLFLAGS_$*) -o $@ -- $<

HIP_SRC := $(sort $(wildcard workloads/hip/*.hip))
HIP_ASM := $(HIP_SRC:%.hip=%.s)
# HIP in clang++-15 directly, with the options Debian's hipcc passes for `hipcc --offload-arch=gfx803
# --cuda-device-only -S -O2` (hipcc is a Perl script that runs its command through sh): the same assembly.
HIP_GFX803 := clang++-15 -std=c++11 --hip-version=5.2.21153 --rocm-path=/usr --offload-arch=gfx803 -mllvm -amdgpu-early-inline-all=true -mllvm -amdgpu-function-calls=false --hip-device-lib-path=$(ROCM_DEVICE_LIBS) --cuda-device-only -S -O2 -fno-crash-diagnostics -x hip
workloads/hip/%.s: workloads/hip/%.hip $(KERNEL_CC_STAMP) | $(TEST_DEPS_STAMP)
	$(HIP_GFX803) -o $@ -- $<

# Every compiled kernel (OpenCL and HIP): what the tests that run shipped workloads depend on.
OPENCL_ASM += $(HIP_ASM)
opencl: $(OPENCL_ASM)
# ---- end of issue 15 block

# ---- issue 33 (toolchain per target): every shipped OpenCL and HIP kernel (and the experiments'
# spill_solver.cl) compiled for gfx900 and gfx906 by the same commands with another processor
# (docs/kernels.md, "Targets"), into build/targets/TARGET/ (never committed; the gfx803 .s beside
# each source stay as they are). `make targets` runs every OpenCL and HIP workload on a machine of
# each target, timed and functional, against its C reference, and experiment 11 (tests/e2e/targets.sh);
# `make target-insns` lists the instructions the compiled code uses per target.
GFX9_TARGETS := gfx900 gfx906
TARGET_SRC := $(OPENCL_SRC) $(HIP_SRC) workloads/experiments/spill_solver.cl
target_asm = $(patsubst workloads/%,$(BUILD)/targets/$(1)/%,$(addsuffix .s,$(basename $(TARGET_SRC))))
TARGET_ASM := $(foreach t,$(GFX9_TARGETS),$(call target_asm,$(t)))
# The commands per target (cl_for, hip_for) and the CDNA targets are issue 34's (below).
define TARGET_RULES
$(BUILD)/targets/$(1)/opencl/%.s: workloads/opencl/%.cl $(KERNEL_CC_STAMP) | $(TEST_DEPS_STAMP) $(DEVLIBS_DEP_$(1))
	@mkdir -p $$(dir $$@)
	$(call cl_for,$(1)) $$(CLFLAGS_$$*) -o $$@ -- $$<
$(BUILD)/targets/$(1)/experiments/%.s: workloads/experiments/%.cl $(KERNEL_CC_STAMP) | $(TEST_DEPS_STAMP) $(DEVLIBS_DEP_$(1))
	@mkdir -p $$(dir $$@)
	$(call cl_for,$(1)) -o $$@ -- $$<
$(BUILD)/targets/$(1)/hip/%.s: workloads/hip/%.hip $(KERNEL_CC_STAMP) | $(TEST_DEPS_STAMP) $(DEVLIBS_DEP_$(1))
	@mkdir -p $$(dir $$@)
	$(call hip_for,$(1)) -o $$@ -- $$<
endef
# ---- end of issue 33 block (toolchain per target)

# ---- issue 34 (cdnatool): the CDNA targets in `make targets` and `make target-insns`, and the MFMA
# GEMM workloads (workloads/cdna) compiled for each. gfx908 and gfx90a compile with clang-15;
# gfx942 with clang-19 (clang-15 does not know it), whose device libraries folder is
# build/targets/devlibs-gfx942: links to Debian's, with gfx940's oclc_isa_version standing in for
# gfx942's, which ROCm 5.2 lacks (docs/kernels.md, "Targets"; sim/load/kcompile.c does the same).
# `make targets TARGETS="gfx900 gfx906"` runs a subset.
CDNA_TARGETS := gfx908 gfx90a gfx942
TARGETS ?= $(GFX9_TARGETS) $(CDNA_TARGETS)
LLVM_VERSION_gfx942 := 19
DEVLIBS_gfx942 := $(BUILD)/targets/devlibs-gfx942
DEVLIBS_DEP_gfx942 := $(DEVLIBS_gfx942)/oclc_isa_version_942.bc
$(DEVLIBS_gfx942)/oclc_isa_version_942.bc: | $(TEST_DEPS_STAMP)
	@mkdir -p $(@D) && for f in $(ROCM_DEVICE_LIBS)/*.bc; do ln -sf "$$f" $(@D)/; done && \
	  ln -sf $(ROCM_DEVICE_LIBS)/oclc_isa_version_940.bc $@
llvm_for = $(or $(LLVM_VERSION_$(1)),15)
devlibs_for = $(or $(DEVLIBS_$(1)),$(ROCM_DEVICE_LIBS))
cl_for = $(subst clang-15 ,clang-$(call llvm_for,$(1)) ,$(subst -lib-path=$(ROCM_DEVICE_LIBS),-lib-path=$(call devlibs_for,$(1)),$(subst -mcpu=gfx803,-mcpu=$(1),$(CLANG_GFX803))))
hip_for = $(subst clang++-15 ,clang++-$(call llvm_for,$(1)) ,$(subst -lib-path=$(ROCM_DEVICE_LIBS),-lib-path=$(call devlibs_for,$(1)),$(subst --offload-arch=gfx803,--offload-arch=$(1),$(HIP_GFX803))))
$(foreach t,$(GFX9_TARGETS) $(CDNA_TARGETS),$(eval $(call TARGET_RULES,$(t))))
TARGET_ASM := $(foreach t,$(TARGETS),$(call target_asm,$(t)))
.PHONY: targets target-insns
# The compiled kernels are made before the script runs, but a kernel that does not compile for a
# target must not hide the others: -k, and targets.sh reports each missing one as a failure.
targets: $(BUILD)/san/gcnsim $(BUILD)/san/refcheck
	@$(MAKE) -k --no-print-directory $(TARGET_ASM) || true
	@sh tests/e2e/targets.sh $(BUILD)/san/gcnsim $(BUILD)/san/refcheck $(BUILD)/targets $(TARGETS)
target-insns: $(OPENCL_ASM)
	@$(MAKE) -k --no-print-directory $(TARGET_ASM) || true
	@sh tests/tools/target_insns.sh $(BUILD)/targets $(TARGETS)
# ---- end of issue 34 block (cdnatool)

# The end-to-end reference checker: C reference implementations of every shipped workload.
REFCHECK_SRC := tests/e2e/refcheck.c tests/e2e/refcheck_kernels.c tests/e2e/refcheck_corpus.c tests/e2e/refcheck_hip.c \
  tests/e2e/refcheck_cdna.c tests/e2e/refcheck_rocm.c
$(BUILD)/san/refcheck: $(REFCHECK_SRC) tests/e2e/refcheck.h tests/e2e/philox_ref.h | $(TEST_DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -o $@ $(REFCHECK_SRC) -lm

e2e: $(BUILD)/san/gcnsim $(BUILD)/san/refcheck $(OPENCL_ASM)
	@sh tests/e2e/run.sh $(BUILD)/san/gcnsim $(BUILD)/san/refcheck
	@sh tests/e2e/agpr.sh $(BUILD)/san/gcnsim
	@sh tests/e2e/mfma.sh $(BUILD)/san/gcnsim

# Determinism and --tick-every-cycle: byte-identical JSON on every shipped workload.
timing-modes: $(BUILD)/san/gcnsim $(OPENCL_ASM)
	@sh tests/e2e/timing_modes.sh $(BUILD)/san/gcnsim

# ---- hazards: the checker's false-positive corpus (docs/architecture.md, data hazards) ----
# `gcnsim check` finds nothing in any shipped workload (hand-written and compiled) nor in the
# experiments' generated kernels (build/experiments-fast, made by experiments-fast first); its MAI
# rows ask for the wait states llc-15/llc-19's hazard recognizer inserts (hazard_llc.sh).
.PHONY: hazard-corpus
hazard-corpus: $(BUILD)/san/gcnsim $(OPENCL_ASM) experiments-fast | $(TEST_DEPS_STAMP)
	@sh tests/e2e/hazard_corpus.sh $(BUILD)/san/gcnsim $(BUILD)/experiments-fast
	@sh tests/e2e/hazard_llc.sh $(BUILD)/san/gcnsim
# ---- end of hazards ----

# The end-to-end suite under valgrind (optimised build): no errors, no leaks. Slow; not in `make test`.
.PHONY: valgrind
valgrind: $(BUILD)/gcnsim $(BUILD)/gcnviz $(OPENCL_ASM)
	@sh tests/e2e/valgrind.sh $(BUILD)/gcnsim $(BUILD)/gcnviz

# The memory hierarchy end to end: latency staircase, stream bandwidth, L2 locality under tiling,
# back-pressure, the open-row model (tests/e2e/memory.sh).
memory: $(BUILD)/san/gcnsim
	@sh tests/e2e/memory.sh $(BUILD)/san/gcnsim

# ---- validation against published hardware measurements (docs/validation.md, validation/) ----
# Every row of validation/rows.tsv re-run in gcnsim against its hardware figure and band; the rows
# marked fast also run in `make test`.
.PHONY: validate validate-fast sensitivity
validate: $(BUILD)/gcnsim
	@sh validation/run.sh $(BUILD)/gcnsim
validate-fast: $(BUILD)/san/gcnsim
	@sh validation/run.sh $(BUILD)/san/gcnsim --fast
# How far the experiments' conclusions move across each assumed default's plausible range
# (validation/sensitivity.tsv; docs/validation.md's sensitivity section is its --markdown output).
sensitivity: $(BUILD)/gcnsim
	@sh validation/sensitivity.sh $(BUILD)/gcnsim
# ---- end of validation

# Sweeps beyond one host: shards and merge, then a real single-node Slurm (skipped, visibly, without root).
.PHONY: sweep
sweep: $(BUILD)/san/gcnsim
	@sh tests/e2e/sweep.sh $(BUILD)/san/gcnsim

# The bad-input catalogue: each case's expected message and exit status (tests/bad/), gcnviz's too.
bad: $(BUILD)/san/gcnsim $(BUILD)/san/gcnviz $(BUILD)/gcnsim
	@sh tests/bad/run.sh $(BUILD)/san/gcnsim $(BUILD)/san/gcnviz $(BUILD)/gcnsim

llvm-check: $(OPENCL_ASM) | $(TEST_DEPS_STAMP)
	@sh tests/isa/llvm_check.sh

# ---- code objects as input (docs/kernels.md, "Code objects") -------------------------------------
# The decoder against llvm-objdump on every shipped kernel's object and the generated corpora, then
# every shipped workload run from its llvm-mc object (and linked .hsaco) against the run from its text,
# then every gfx803 object of librocsparse0 loaded and decoded (the optimised build: 1.3 GB of them).
codeobj: $(BUILD)/san/gcnsim $(BUILD)/gcnsim $(BUILD)/san/table_sample $(BUILD)/san/encode_check $(OPENCL_ASM) | $(TEST_DEPS_STAMP)
	@sh tests/isa/objdump_check.sh $(BUILD)/san/gcnsim $(BUILD)/san/table_sample $(BUILD)/san/encode_check
	@sh tests/e2e/codeobj.sh $(BUILD)/san/gcnsim
	@sh tests/e2e/rocsparse.sh $(BUILD)/gcnsim
# ---- end code objects

# The instruction table against llvm-mc and against our own assembler (tests/gen/table_sample.c).
$(BUILD)/san/table_sample: tests/gen/table_sample.c $(SAN_OBJ)
	$(CC) $(SAN_CFLAGS) -o $@ $< $(SAN_OBJ) $(PKG_LIBS) -lm

$(BUILD)/san/valu_syntax: tests/gen/valu_syntax.c $(SAN_OBJ)
	$(CC) $(SAN_CFLAGS) -o $@ $< $(SAN_OBJ) $(PKG_LIBS) -lm

# The machine code against llvm-mc's (tests/isa/encoding_check.sh, tests/gen/encode_check.c).
$(BUILD)/san/encode_check: tests/gen/encode_check.c $(SAN_OBJ)
	$(CC) $(SAN_CFLAGS) -o $@ $< $(SAN_OBJ) $(PKG_LIBS) -lm

table-check: $(BUILD)/san/table_sample $(BUILD)/san/valu_syntax $(BUILD)/san/encode_check $(BUILD)/san/gcnsim $(OPENCL_ASM)
	@$(BUILD)/san/table_sample > $(BUILD)/table_sample.s
	@llvm-mc -arch=amdgcn -mcpu=gfx803 $(BUILD)/table_sample.s -o /dev/null
	@echo "table-check: llvm-mc accepts all $$(grep -c '^  ' $(BUILD)/table_sample.s) table samples"
	@$(BUILD)/san/table_sample --check
	@sh tests/isa/scalar_coverage.sh
	@sh tests/isa/ds_coverage.sh
	@sh tests/isa/valu_syntax_check.sh $(BUILD)/san/valu_syntax
	@sh tests/isa/sdwa_dpp_coverage.sh $(BUILD)/san/valu_syntax
	@sh tests/isa/sdwa9_check.sh $(BUILD)/san/valu_syntax
	@sh tests/isa/encoding_check.sh $(BUILD)/san/gcnsim $(BUILD)/san/encode_check $(BUILD)/table_sample.s
	@sh tests/isa/vector_coverage.sh
	@sh tests/isa/vop3p_check.sh $(BUILD)/san/gcnsim $(BUILD)/san/encode_check
	@sh tests/isa/target_check.sh gfx900 $(BUILD)/san/gcnsim $(BUILD)/san/table_sample $(BUILD)/san/encode_check
	@sh tests/isa/target_check.sh gfx906 $(BUILD)/san/gcnsim $(BUILD)/san/table_sample $(BUILD)/san/encode_check
	@sh tests/isa/target_check.sh gfx908 $(BUILD)/san/gcnsim $(BUILD)/san/table_sample $(BUILD)/san/encode_check
	@sh tests/isa/target_check.sh gfx90a $(BUILD)/san/gcnsim $(BUILD)/san/table_sample $(BUILD)/san/encode_check
	@sh tests/isa/target_check.sh gfx942 $(BUILD)/san/gcnsim $(BUILD)/san/table_sample $(BUILD)/san/encode_check

# docs/isa.md is generated from the table; `make docs` refreshes it, `make test` checks it is current.
# The generators link objects (one source per compile, so that each has its .d file).
ISA_DOC_SRC := docs/gen/isa_doc.c isa/isa_table.c isa/isa_forms.c isa/isa_targets.c
$(BUILD)/isa_doc: $(ISA_DOC_SRC:%.c=$(BUILD)/opt/%.o)
	$(CC) $(OPT_CFLAGS) -o $@ $^

# docs/config.md likewise, from the configuration key table (sim/config/config.def).
CONFIG_DOC_SRC := docs/gen/config_doc.c sim/config/config.c sim/config/preset.c sim/base/fileio.c sim/base/ini_read.c sim/base/text.c isa/asm/asm_diag.c
$(BUILD)/config_doc: $(CONFIG_DOC_SRC:%.c=$(BUILD)/opt/%.o)
	$(CC) $(OPT_CFLAGS) -o $@ $^ $(PKG_LIBS) -lm

# docs/cli.md's synopsis likewise, from the command table (sim/cli/commands.def).
$(BUILD)/cli_doc: $(BUILD)/opt/docs/gen/cli_doc.o
	$(CC) $(OPT_CFLAGS) -o $@ $^

# sim/configs/fiji.ini: its own header (up to the first blank line), then `config --dump` without its header.
# The other presets' files are config_doc's (fiji-64.ini, one key, is written by hand); a unit test
# checks every sim/configs file against its preset (tests/unit/test_config.c).
GENERATED_PRESETS := polaris vega10 vega20 mi100 mi210 mi250x-gcd mi300x
FIJI_BODY = sed '1,/^$$/d'
docs: $(BUILD)/isa_doc $(BUILD)/config_doc $(BUILD)/cli_doc $(BUILD)/gcnsim
	$(BUILD)/isa_doc > docs/isa.md
	$(BUILD)/config_doc > docs/config.md
	$(BUILD)/cli_doc docs/cli.md > $(BUILD)/cli.md && mv $(BUILD)/cli.md docs/cli.md
	sh validation/doc.sh $(BUILD)/gcnsim > $(BUILD)/validation.md && mv $(BUILD)/validation.md docs/validation.md
	{ sed '/^$$/q' sim/configs/fiji.ini; $(BUILD)/gcnsim config --dump | $(FIJI_BODY); } > $(BUILD)/fiji.ini && mv $(BUILD)/fiji.ini sim/configs/fiji.ini
	for p in $(GENERATED_PRESETS); do $(BUILD)/config_doc --ini $$p > $(BUILD)/$$p.ini && mv $(BUILD)/$$p.ini sim/configs/$$p.ini || exit 1; done

docs-check: $(BUILD)/san/gcnsim $(BUILD)/gcnsim $(BUILD)/san/gcnviz $(BUILD)/isa_doc $(BUILD)/config_doc $(BUILD)/cli_doc $(OPENCL_ASM)
	@$(BUILD)/isa_doc | cmp -s - docs/isa.md || { echo "docs/isa.md is out of date: run 'make docs'"; exit 1; }
	@$(BUILD)/config_doc | cmp -s - docs/config.md || { echo "docs/config.md is out of date: run 'make docs'"; exit 1; }
	@$(BUILD)/cli_doc docs/cli.md | cmp -s - docs/cli.md || \
	  { echo "docs/cli.md's synopsis is not sim/cli/commands.def's: run 'make docs'"; exit 1; }
	@sh validation/doc.sh $(BUILD)/san/gcnsim $(BUILD)/gcnsim > $(BUILD)/validation.md && cmp -s $(BUILD)/validation.md docs/validation.md || \
	  { echo "docs/validation.md is out of date: run 'make docs'"; exit 1; }
	@$(FIJI_BODY) sim/configs/fiji.ini > $(BUILD)/fiji.body && $(BUILD)/san/gcnsim config --dump | $(FIJI_BODY) | cmp -s - $(BUILD)/fiji.body || \
	  { echo "sim/configs/fiji.ini is out of date (its comments and values must be config --dump's): run 'make docs'"; exit 1; }
	@for p in $(GENERATED_PRESETS); do $(BUILD)/config_doc --ini $$p | cmp -s - sim/configs/$$p.ini || \
	  { echo "sim/configs/$$p.ini is out of date (sim/config/presets.def): run 'make docs'"; exit 1; }; done
	@sh tests/docs/docs_check.sh $(BUILD)/san/gcnsim $(BUILD)/san/gcnviz
	@sh tests/docs/cli_check.sh $(BUILD)/san/gcnsim $(BUILD)/san/gcnviz
	@sh tests/docs/glossary_check.sh $(BUILD)/san/gcnsim
	@sh tests/docs/install_check.sh

# The rooms: includes run only downwards and modules form no cycle (docs/development.md).
.PHONY: layers
layers:
	@sh tests/tools/layers.sh

test: deps-check layers unit table-check e2e targets codeobj timing-modes memory sweep experiments-fast hazard-corpus bad viz-test llvm-check docs-check validate-fast
	@echo "make test: all test groups passed"

# ---- fuzzing (docs/fuzzing.md) ---------------------------------------------------------------
# One libFuzzer target per input format, built by clang with ASan+UBSan; `make fuzz` runs each for
# FUZZ_SECONDS on its seed corpus. Not part of `make test`; the crash replays (test_fuzz_regressions) are.
FUZZ_SECONDS ?= 60
FUZZ_CC := clang
FUZZ_CFLAGS := $(BASE_CFLAGS) -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_OBJ := $(LIB_SRC:%.c=$(BUILD)/fuzz/%.o)
FUZZ_BIN := $(addprefix $(BUILD)/fuzz/fuzz_,asm workload config trace codeobj)

$(BUILD)/fuzz/%.o: %.c $(FLAGS_STAMP) | $(TEST_DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

$(FUZZ_BIN): $(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(PKG_CFLAGS) -o $@ $< $(FUZZ_OBJ) $(PKG_LIBS) -lm

fuzz: $(FUZZ_BIN)
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_BIN)

# ---- experiments (docs/experiments.md): the full runs rewrite that page; make test runs the small
# versions and checks the direction of each effect.
.PHONY: experiments experiments-fast
experiments: $(BUILD)/gcnsim $(BUILD)/gcnviz | $(TEST_DEPS_STAMP)
	@sh workloads/experiments/run.sh $(BUILD)/gcnsim out/experiments

experiments-fast: $(BUILD)/san/gcnsim
	@rm -rf $(BUILD)/experiments-fast && sh workloads/experiments/run.sh $(BUILD)/san/gcnsim $(BUILD)/experiments-fast --fast

# ---- speed benchmarks (docs/performance.md): a table and build/bench.csv; nothing is asserted ------
.PHONY: bench
bench: $(BUILD)/gcnsim $(OPENCL_ASM)
	@sh tests/bench/run.sh $(BUILD)/gcnsim $(BUILD)/bench.csv

# ---- gcnviz, the timeline viewer (docs/viewer.md) ----------------------------------------------
# It links the trace reader (sim/observe/trace_read.c) and the file checks (sim/base/fileio.c), nothing else of the simulator.
VIZ_PKGS := sdl2 SDL2_ttf SDL2_image
VIZ_CFLAGS = $(shell pkg-config --cflags $(VIZ_PKGS) 2>/dev/null)
VIZ_LIBS = $(shell pkg-config --libs $(VIZ_PKGS) 2>/dev/null)
VIZ_SRC := $(sort $(wildcard viz/*.c))
VIZ_LIB_SRC := $(filter-out viz/viz_main.c,$(VIZ_SRC)) sim/observe/trace_read.c sim/base/fileio.c
VIZ_TEST_SRC := $(sort $(wildcard tests/viz/test_*.c))
VIZ_TEST_BIN := $(VIZ_TEST_SRC:tests/viz/%.c=$(BUILD)/san/viz_%)

$(BUILD)/opt/viz/%.o: viz/%.c $(FLAGS_STAMP) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(OPT_CFLAGS) $(VIZ_CFLAGS) -c $< -o $@

$(BUILD)/san/viz/%.o: viz/%.c $(FLAGS_STAMP) | $(TEST_DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) $(VIZ_CFLAGS) -c $< -o $@

$(BUILD)/gcnviz: $(VIZ_LIB_SRC:%.c=$(BUILD)/opt/%.o) $(BUILD)/opt/viz/viz_main.o
	$(CC) $(OPT_CFLAGS) -o $@ $^ $(VIZ_LIBS) -lm

$(BUILD)/san/gcnviz: $(VIZ_LIB_SRC:%.c=$(BUILD)/san/%.o) $(BUILD)/san/viz/viz_main.o
	$(CC) $(SAN_CFLAGS) -o $@ $^ $(VIZ_LIBS) -lm

# Unit tests of the viewer: tests/viz/test_NAME.c, linked with the viewer and the trace reader.
$(BUILD)/san/viz_test_%: tests/viz/test_%.c $(VIZ_LIB_SRC:%.c=$(BUILD)/san/%.o)
	$(CC) $(SAN_CFLAGS) $(VIZ_CFLAGS) $(CHECK_CFLAGS) -Iviz -Itests/viz -o $@ $< $(VIZ_LIB_SRC:%.c=$(BUILD)/san/%.o) $(VIZ_LIBS) $(CHECK_LIBS) -lm

# `make` builds the viewer when SDL2 is installed and says so when it is not.
viz: | $(DEPS_STAMP)
	@if pkg-config --exists $(VIZ_PKGS) 2>/dev/null; then $(MAKE) --no-print-directory $(BUILD)/gcnviz; \
	else echo "make: gcnviz not built: the SDL2 development packages are missing (as root: make deps)"; fi

# The viewer's tests: unit tests, headless PNGs of a crafted trace and of shipped workloads.
viz-test: $(VIZ_TEST_BIN) $(BUILD)/san/gcnviz $(BUILD)/san/gcnsim $(BUILD)/gcnsim $(OPENCL_ASM)
	@sh tests/tools/run_unit.sh $(VIZ_TEST_BIN)
	@sh tests/viz/run.sh $(BUILD)/san/gcnsim $(BUILD)/san/gcnviz
	@# issue 20: the pictures of docs/viewer.md (5 with the instruction pane), drawn headless into a temporary directory
	@d=$$(mktemp -d) && sh tests/viz/screenshots.sh $(BUILD)/gcnsim $(BUILD)/san/gcnviz $$d && ls $$d/*.png | wc -l | \
	  grep -qx 5 && rm -rf $$d && echo "viz: the docs/viewer.md pictures draw"

# issue 20: redraw the pictures of docs/viewer.md (docs/img/viewer-*.png)
viewer-screenshots: $(BUILD)/gcnsim $(BUILD)/gcnviz
	@sh tests/viz/screenshots.sh $(BUILD)/gcnsim $(BUILD)/gcnviz docs/img

# ---- man pages: gcnsim.1 (with every command's help) and gcnviz.1, made by docs/gen/man.sh from the
# programs' own --help and --version, so they say what the programs say. The commands with a
# section each: those `gcnsim --help` lists (sim/cli/commands.def), but help.
GCNSIM_COMMANDS = $$(sh docs/gen/commands.sh $(BUILD)/gcnsim | grep -v -x help)
$(BUILD)/man/gcnsim.1: $(BUILD)/gcnsim docs/gen/man.sh
	@mkdir -p $(dir $@)
	sh docs/gen/man.sh $(BUILD)/gcnsim 'simulate AMD GCN3 (gfx803) compute units' '.BR gcnviz (1)' $(GCNSIM_COMMANDS) > $@.tmp && mv $@.tmp $@

$(BUILD)/man/gcnviz.1: $(BUILD)/gcnviz docs/gen/man.sh
	@mkdir -p $(dir $@)
	sh docs/gen/man.sh $(BUILD)/gcnviz 'timeline viewer of gcnsim traces' '.BR gcnsim (1)' > $@.tmp && mv $@.tmp $@

.PHONY: man
man: $(BUILD)/man/gcnsim.1 viz
	@if [ -x $(BUILD)/gcnviz ]; then $(MAKE) --no-print-directory $(BUILD)/man/gcnviz.1; fi

# ---- demo and install ------------------------------------------------------------------------
demo: $(BUILD)/gcnsim $(BUILD)/gcnviz
	$(BUILD)/gcnsim run workloads/saxpy.ini --trace $(BUILD)/demo.gcnt --trace-issues
	@$(BUILD)/gcnviz $(BUILD)/demo.gcnt --png $(BUILD)/demo.png
	@echo "demo: the timeline picture of this run is $(BUILD)/demo.png (open the trace with: $(BUILD)/gcnviz $(BUILD)/demo.gcnt)"

# The share folder mirrors the repository (workloads/, sim/configs/), so the docs' commands run
# from it; the doc folder too (README.md, docs/, and the machine files docs/config.md links to).
install: $(BUILD)/gcnsim viz man
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/doc/gcnsim/docs $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD)/gcnsim $(DESTDIR)$(PREFIX)/bin/gcnsim
	install -m 644 $(BUILD)/man/gcnsim.1 $(DESTDIR)$(PREFIX)/share/man/man1/gcnsim.1
	if [ -x $(BUILD)/gcnviz ]; then install -m 755 $(BUILD)/gcnviz $(DESTDIR)$(PREFIX)/bin/gcnviz && \
	  install -m 644 $(BUILD)/man/gcnviz.1 $(DESTDIR)$(PREFIX)/share/man/man1/gcnviz.1; fi
	for d in share/gcnsim/sim/configs share/doc/gcnsim/sim/configs; do \
	  install -d $(DESTDIR)$(PREFIX)/$$d && install -m 644 sim/configs/*.ini $(DESTDIR)$(PREFIX)/$$d/ || exit 1; \
	done
	for d in workloads workloads/tutorial workloads/opencl workloads/hip workloads/memory workloads/bench workloads/experiments workloads/cdna; do \
	  install -d $(DESTDIR)$(PREFIX)/share/gcnsim/$$d && \
	  install -m 644 $$(ls $$d/*.s $$d/*.ini $$d/*.cl $$d/*.hip $$d/*.h $$d/*.sh 2>/dev/null) $(DESTDIR)$(PREFIX)/share/gcnsim/$$d/ || exit 1; \
	done
	install -d $(DESTDIR)$(PREFIX)/share/doc/gcnsim/docs/img/experiments
	install -m 644 README.md LICENSE $(DESTDIR)$(PREFIX)/share/doc/gcnsim/
	install -m 644 docs/*.md $(DESTDIR)$(PREFIX)/share/doc/gcnsim/docs/
	install -m 644 docs/img/*.png $(DESTDIR)$(PREFIX)/share/doc/gcnsim/docs/img/
	install -m 644 docs/img/experiments/*.png $(DESTDIR)$(PREFIX)/share/doc/gcnsim/docs/img/experiments/

clean:
	rm -rf $(BUILD)

# The headers each object, test and tool was built from (-MMD -MP above); none before the first build.
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
