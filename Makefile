# pvc - build, test and set-up. `make help` lists the targets.
#
# Layout of the build (conventions every part of the tree relies on):
#   build/libpvcrt.a   runtime/src/*.c                      (runtime library, runtime/include/pvc_rt.h)
#   build/libpvc.a     compiler/*/*.c and compiler/*.c except compiler/main.c (one folder per
#                      stage: front ir passes emit sim run, and lib: the library API)
#   build/pvc          compiler/main.c + both libraries + grammar + -ltree-sitter -ljansson
#   build/libpvc.so    the same objects and the whole runtime as one shared library: the API of
#                      compiler/lib/libpvc.h, which the Python package (python/) loads; every
#                      object is built -fPIC for it
#   build/tests/test_X tests/unit/test_X.c, linked with everything above; each prints
#                      "N passed, M failed" last and exits non-zero on a failure
# SAN=1 builds the same tree under build/san with ASan+UBSan.
# BUILD=dir overrides the build directory (SAN=1 then defaults to dir/san inside `make test`).

CC      ?= cc
SAN     ?= 0
# The sanitizer build only has to find memory errors, and it is the largest build of `make
# test` on a fresh clone: the compiler's front end, passes and emitter compile at -O0, the
# runtime and the simulator (the loops the SAN suites spend their time in) at -O1 (ASan's
# advice for usable speed), the unit tests' own sources at -O0 (they only call the
# instrumented runtime; their buffers keep their redzones); debug information is line tables
# only (-g1: a report's stack still names file:line). The errors found are the same. The
# plain build compiles the tests at -O2, so its warnings still see them optimised.
ifeq ($(SAN),1)
BUILD   ?= build/san
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
OPT      = -O0 -g1
SIM_OPT  = -O1
RT_OPT   = -O1
UNIT_OPT = -O0
# The instrumentation's metadata is ~9 MB of data holding pointers, which a PIE relocates at
# every start: a third of the CPU time of each short `pvc` process the SAN suites run. The
# SAN tree's programs link as position-dependent executables (the objects stay -fPIC for
# libpvc.so).
EXE_LDFLAGS = -no-pie
else
BUILD   ?= build
SANFLAGS =
OPT      = -O2 -g
SIM_OPT  =
RT_OPT   = -O3
UNIT_OPT =
EXE_LDFLAGS =
endif

CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L
WARN     = -Wall -Wextra -Werror
CPPFLAGS = -Iruntime/include -Icompiler -I.
CFLAGS   = $(CSTD) $(WARN) $(OPT) $(SANFLAGS) -fPIC -pthread
LDLIBS   = -ltree-sitter -ljansson -lm -ldl -pthread

# libtcc (Debian libtcc-dev, a static library): on a cache miss the native backend compiles
# the kernel in process and runs it at once while cc builds the optimised object in the
# background (compiler/emit/native.h). Without it a miss waits for cc. Asked when a recipe
# expands it, not when make reads this file: on a fresh machine `make` installs libtcc-dev
# (deps) before its first compile, and that first build must already have it.
HAVE_LIBTCC = $(shell printf '\043include <libtcc.h>\n' | $(CC) -E - >/dev/null 2>&1 && echo 1)
LDLIBS  += $(if $(HAVE_LIBTCC),-ltcc)

RT_SRC   = $(wildcard runtime/src/*.c)
RT_OBJ   = $(RT_SRC:%.c=$(BUILD)/%.o)
# Runtime objects only: -O3 (the fixed-trip lane loops unrolled whole), libm without errno
# (sqrtf becomes one vector instruction) and no contraction of a*b + c (every clone of a hot op
# computes the same bits); BENCHMARKS.md (the op path) measures each. RT_LEVELS picks the
# clones of the hot ops (runtime/src/rt_internal.h RT_CLONES): 4 = AVX-512, AVX2 and baseline
# x86-64, chosen by the CPU at load time; 3 = AVX2 and baseline; 0 = baseline only (which
# also leaves out the FMA kernels, RT_HW_FMA).
RT_LEVELS ?= 4
RT_CFLAGS = $(RT_OPT) -fno-math-errno -ffp-contract=off -DPVC_RT_LEVELS=$(RT_LEVELS)
PVC_SRC  = $(filter-out compiler/main.c,$(wildcard compiler/*.c compiler/*/*.c))
PVC_OBJ  = $(PVC_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%) $(BUILD)/tests/test_fastpath_host

# ---------------------------------------------------------------------------------------
# Dependencies: Debian packages and commands (installed only when missing) and the grammar
# pinned by grammar/PIN (fetched by grammar/fetch.sh; grammar/README.md).
# ---------------------------------------------------------------------------------------
# Packages checked with dpkg -s. libopenblas0-pthread: torch and numpy's matmul through
# OpenBLAS instead of the reference BLAS (Debian's default libblas.so.3), which spent 42% of
# an attention test's time in the test's own CPU reference (torch.matmul, sgemm_).
DEB_PKGS = libtree-sitter-dev libjansson-dev clang libclang-rt-14-dev python3-numpy \
           ca-certificates libtcc-dev python3-torch python3-pytest python3-pytest-xdist \
           libopenblas0-pthread
# COMMAND:PACKAGE - the Debian package is installed only when COMMAND is not on PATH (npm
# often comes with NodeSource's nodejs, nvm or /usr/local instead of Debian's npm).
DEB_CMDS = npm:npm openssl:openssl python3:python3 gcc:gcc
# DEB_DEPS=0 skips deb-deps: for a host without dpkg/apt-get, once all the above is there.
DEB_DEPS ?= 1

include grammar/PIN
GRAMMAR_DIR = grammar/vendor/$(GRAMMAR_PACKAGE)-$(GRAMMAR_VERSION)
GRAMMAR_SRC = $(GRAMMAR_DIR)/src/parser.c $(GRAMMAR_DIR)/src/scanner.c
GRAMMAR_OBJ = $(BUILD)/grammar/parser.o $(BUILD)/grammar/scanner.o
# Third-party grammar code: its own flags, no -Werror (we do not own its warnings).
GRAMMAR_CFLAGS = -std=c11 $(OPT) -w $(SANFLAGS) -fPIC -I$(GRAMMAR_DIR)/src

.PHONY: FORCE all deps deb-deps docs grammar test-build fuzzers unit golden samples demo e2e sim robust ops py test test-full fresh fuzz fuzz-smoke fuzz-npy fuzz-sim fuzz-stream bench recipes clean help
all: $(BUILD)/pvc $(BUILD)/libpvcrt.a $(BUILD)/libpvc.so $(BUILD)/pvc-cases

deps: deb-deps grammar

# apt-get update runs once, and only when something is missing. Without dpkg/apt-get, or
# when not root, it says what to install and fails.
deb-deps:
ifeq ($(DEB_DEPS),0)
	@:
else
	@missing=""; \
	for c in $(DEB_CMDS); do \
	    command -v $${c%%:*} >/dev/null 2>&1 || missing="$$missing $${c#*:}"; \
	done; \
	if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then \
	    echo "make deps: no dpkg/apt-get on this host, so nothing can be installed here. Install:" >&2; \
	    echo "  the equivalents of the Debian packages $(DEB_PKGS)" >&2; \
	    echo "  the commands $(foreach c,$(DEB_CMDS),$(firstword $(subst :, ,$(c))))$${missing:+ (missing here:$$missing)}" >&2; \
	    echo "  then run make with DEB_DEPS=0; the build fetches the grammar $(GRAMMAR_PACKAGE)@$(GRAMMAR_VERSION) from the npm registry with npm pack (grammar/fetch.sh)" >&2; \
	    exit 1; \
	fi; \
	for p in $(DEB_PKGS); do \
	    dpkg -s $$p 2>/dev/null | grep -q '^Status: install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    if [ "$$(id -u)" != 0 ]; then echo "make deps: run as root to install:$$missing" >&2; exit 1; fi; \
	    echo "installing:$$missing"; \
	    apt-get -o DPkg::Lock::Timeout=600 update && \
	    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends $$missing; \
	fi
endif

# After deb-deps (it needs npm and openssl). fetch.sh returns at once when the grammar is
# in place; it fetches into a private directory and renames into grammar/vendor/ in one step,
# so concurrent builds never see a half-unpacked grammar.
grammar: deb-deps
	@sh grammar/fetch.sh

$(GRAMMAR_SRC): | grammar
	@test -f $@ || { echo "grammar/fetch.sh did not provide $@" >&2; exit 1; }

# ---------------------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------------------
# Objects depend on the command that built them: a build directory made with other flags
# (say before -fPIC) is rebuilt rather than linked into a broken libpvc.so.
FLAGS_STAMP = $(BUILD)/.flags
$(FLAGS_STAMP): FORCE
	@mkdir -p $(BUILD)
	@echo '$(CC) $(CPPFLAGS) $(CFLAGS) $(GRAMMAR_CFLAGS) $(RT_CFLAGS) $(SIM_OPT) $(EXE_LDFLAGS)' | cmp -s - $@ || \
	    echo '$(CC) $(CPPFLAGS) $(CFLAGS) $(GRAMMAR_CFLAGS) $(RT_CFLAGS) $(SIM_OPT) $(EXE_LDFLAGS)' > $@
FORCE:

# Every compile first makes sure the packages and the grammar are there (cheap when they are).
$(BUILD)/%.o: %.c $(FLAGS_STAMP) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/runtime/src/%.o: runtime/src/%.c $(FLAGS_STAMP) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(RT_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/compiler/sim/%.o: compiler/sim/%.c $(FLAGS_STAMP) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SIM_OPT) -MMD -MP -c $< -o $@

$(BUILD)/grammar/%.o: $(GRAMMAR_DIR)/src/%.c $(FLAGS_STAMP) | deps
	@mkdir -p $(dir $@)
	$(CC) $(GRAMMAR_CFLAGS) -c $< -o $@

$(BUILD)/libpvcrt.a: $(RT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/libpvc.a: $(PVC_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# -rdynamic + the WHOLE runtime archive: the kernels the native backend dlopens call the
# runtime through pvc's own symbols (compiler/emit/native.h), so every runtime function must be in
# pvc and exported, used by pvc itself or not.
$(BUILD)/pvc: $(BUILD)/compiler/main.o $(BUILD)/libpvc.a $(BUILD)/libpvcrt.a $(GRAMMAR_OBJ)
	$(CC) $(CFLAGS) $(EXE_LDFLAGS) -rdynamic $(BUILD)/compiler/main.o $(BUILD)/libpvc.a \
	    -Wl,--whole-archive $(BUILD)/libpvcrt.a -Wl,--no-whole-archive $(GRAMMAR_OBJ) $(LDLIBS) -o $@

# The library for other processes (python/pvc loads it with ctypes): everything pvc has, the
# whole runtime exported for the kernels the native backend loads (libpvc.h "Symbols").
# Debian's libtcc is a static archive built without -fPIC, which no shared object can hold:
# the library's native backend is built without it (a cache miss waits for cc).
SO_OBJ = $(filter-out $(BUILD)/compiler/emit/native_tcc.o,$(PVC_OBJ)) $(BUILD)/compiler/emit/native_notcc.o
$(BUILD)/compiler/emit/native_notcc.o: compiler/emit/native_tcc.c $(FLAGS_STAMP) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/libpvc.so: $(SO_OBJ) $(RT_OBJ) $(GRAMMAR_OBJ)
	$(CC) $(CFLAGS) -shared $(SO_OBJ) $(RT_OBJ) $(GRAMMAR_OBJ) $(filter-out -ltcc,$(LDLIBS)) -o $@

# `pvc py` puts this tree's python/ first on PYTHONPATH.
$(BUILD)/compiler/run/py.o: CPPFLAGS += -DPVC_PYTHON_DIR='"$(abspath python)"'

# parse.c checks at compile time that libtree-sitter loads the pinned grammar's ABI.
# (The fuzz build's parse.o gets the same two lines below.)
$(BUILD)/compiler/front/parse.o: grammar/PIN
$(BUILD)/compiler/front/parse.o: CPPFLAGS += -DPVC_GRAMMAR_ABI=$(GRAMMAR_ABI)

# The native backend compiles emitted C against this tree's pvc_rt.h wherever pvc runs from
# ($PVC_RUNTIME_INCLUDE overrides it at run time).
$(BUILD)/compiler/emit/backend_native.o: CPPFLAGS += -DPVC_RUNTIME_INCLUDE='"$(abspath runtime/include)"'
%/compiler/emit/native_tcc.o: CPPFLAGS += $(if $(HAVE_LIBTCC),-DPVC_HAVE_LIBTCC)
# What HAVE_LIBTCC said last, so that a tree built before libtcc-dev came is rebuilt with it.
TCC_STAMP = $(BUILD)/.libtcc
$(TCC_STAMP): FORCE | deps
	@mkdir -p $(BUILD)
	@echo 'libtcc: $(HAVE_LIBTCC)' | cmp -s - $@ || echo 'libtcc: $(HAVE_LIBTCC)' > $@
$(BUILD)/compiler/emit/native_tcc.o $(BUILD)/pvc: $(TCC_STAMP)

# The case runner (tests/cases/README.md): many kernel cases through every backend in one
# process. Linked as build/pvc is: the kernels it runs natively call the runtime through its
# symbols.
$(BUILD)/pvc-cases: $(BUILD)/tests/cases/pvc_cases.o $(BUILD)/libpvc.a $(BUILD)/libpvcrt.a $(GRAMMAR_OBJ)
	$(CC) $(CFLAGS) $(EXE_LDFLAGS) -rdynamic $< $(BUILD)/libpvc.a \
	    -Wl,--whole-archive $(BUILD)/libpvcrt.a -Wl,--no-whole-archive $(GRAMMAR_OBJ) $(LDLIBS) -o $@

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libpvc.a $(BUILD)/libpvcrt.a $(GRAMMAR_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(UNIT_OPT) $(EXE_LDFLAGS) $^ $(LDLIBS) -o $@

# test_fastpath again for the host's ISA, as the native backend builds kernels (-march=native):
# pvc_rt_fast.h picks its lane tests and roots by the ISA (AVX-512, SSE2, plain C), and the
# baseline build above only reaches the SSE2 ones.
$(BUILD)/tests/test_fastpath_host: tests/unit/test_fastpath.c $(BUILD)/libpvc.a $(BUILD)/libpvcrt.a $(GRAMMAR_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(UNIT_OPT) -march=native $(EXE_LDFLAGS) $^ $(LDLIBS) -o $@

# ---------------------------------------------------------------------------------------
# Tests. Each suite prints "N passed, M failed" last; `make test` sums them into one line.
# ---------------------------------------------------------------------------------------
# Everything the suites run: the programs of `all` and the unit binaries (make test builds it
# first in each tree, as one case).
test-build: all $(UNIT_BIN)

# Runs every unit binary; tests/run_unit.sh sums their closing lines.
unit: $(UNIT_BIN)
	sh tests/run_unit.sh $(UNIT_BIN)

# The [checked] recipes of docs/ARCHITECTURE.md (a vf op, a tile op, a memory space) applied to a copy of
# the tree, built and run there (tools/check_recipes.sh); a full build, so not in make test.
recipes: deps
	sh tools/check_recipes.sh

# IR dumps of every sample and diagnostics of tests/diag/*.py against their golden files.
# GOLDEN_MODE=pvc: only the checks that run pvc (make test's sanitizer pass; the documents and
# the include graph do not depend on the build).
GOLDEN_MODE ?=
golden: $(BUILD)/pvc
	sh tests/run_golden.sh $(BUILD)/pvc $(GOLDEN_MODE)

# One line per sample: `pvc check` and `pvc ir` on each.
samples: deps $(BUILD)/pvc
	@sh tests/run_samples.sh $(BUILD)/pvc

# Every case of samples/data/<sample>/<case>/ through the native backend, in one process
# (build/pvc-cases, tests/cases/README.md), one line each.
demo: deps $(BUILD)/pvc-cases
	@sh tests/run_demo.sh $(BUILD)/pvc-cases

# End to end: samples through native, emitted C under gcc and clang, cache, CLI exit codes,
# located kernel faults (tests/e2e/*.py).
e2e: $(BUILD)/pvc
	@sh tests/run_e2e.sh $(BUILD)/pvc

# The simulated backend end to end: every sample case and differential kernel in sim (no C
# compiler), its observing loop, cc's object and the libtcc build, in one process
# (build/pvc-cases); one kernel per fault and hazard kind, golden --trace/--stats
# (tests/run_sim.sh, tests/sim/).
sim: deps $(BUILD)/pvc $(BUILD)/pvc-cases
	@sh tests/run_sim.sh $(BUILD)/pvc $(BUILD)/pvc-cases

# The files and processes of pvc (docs/ARCHITECTURE.md §7): non-regular inputs refused, atomic writes, no
# sink that is a source, write errors on stdout/stderr, signals, no fixed tables
# (tests/run_robust.sh, tests/robust/).
robust: deps $(BUILD)/pvc
	@sh tests/run_robust.sh $(BUILD)/pvc

# Every vf op end to end: generated cases (tools/gen_op_tests.py) through the backends of
# OPS_BACKENDS in one process (build/pvc-cases) against numpy formulas of docs/SEMANTICS.md,
# hand-written diagnostics, op coverage (tests/run_ops.sh).
OPS_BACKENDS ?= sim,obs,tcc
ops: deps $(BUILD)/pvc $(BUILD)/pvc-cases
	@sh tests/run_ops.sh $(BUILD)/pvc-cases $(BUILD)/pvc $(BUILD) $(OPS_BACKENDS)

# pypto_pro test files unmodified through `pvc py`: tests/py/ (the library from Python, both
# backends), every sample's own test, run directly and under pytest (tests/run_py.sh).
PY_MODE ?=
py: deps $(BUILD)/pvc $(BUILD)/libpvc.so
	@sh tests/run_py.sh $(BUILD)/pvc $(PY_MODE)

FUZZ_BUILD ?= $(BUILD)/fuzz
# Line tables only (-gline-tables-only): a crash's stack still names file:line, and the
# whole-tree clang build of make test compiles faster. As in the SAN build, the compiler's
# front end, passes and emitter compile at -O0 and the simulator and the runtime at -O1:
# a fifth off the build, and the harnesses ran as many inputs per second as at -O1
# throughout; the simulator keeps one copy of its op functions (PVC_SIM_ONE_ISA,
# compiler/sim/interp.c).
FUZZ_CFLAGS = $(CSTD) $(WARN) -O0 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -DPVC_SIM_ONE_ISA
FUZZ_SRC    = $(PVC_SRC) $(RT_SRC)
FUZZ_OBJ    = $(FUZZ_SRC:%.c=$(FUZZ_BUILD)/%.o) $(FUZZ_BUILD)/grammar/parser.o $(FUZZ_BUILD)/grammar/scanner.o
FUZZ_SECS  ?= 25
FUZZ_NPY_SECS ?= 5
FUZZ_STREAM_SECS ?= 10

$(FUZZ_BUILD)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	clang $(CPPFLAGS) $(FUZZ_CFLAGS) -MMD -MP -c $< -o $@

$(FUZZ_BUILD)/compiler/sim/%.o $(FUZZ_BUILD)/runtime/src/%.o: FUZZ_CFLAGS += -O1

$(FUZZ_BUILD)/compiler/front/parse.o: grammar/PIN
$(FUZZ_BUILD)/compiler/front/parse.o: CPPFLAGS += -DPVC_GRAMMAR_ABI=$(GRAMMAR_ABI)

$(FUZZ_BUILD)/grammar/%.o: $(GRAMMAR_DIR)/src/%.c | deps
	@mkdir -p $(dir $@)
	clang -std=c11 -O1 -gline-tables-only -w -fsanitize=fuzzer-no-link,address,undefined -I$(GRAMMAR_DIR)/src -c $< -o $@

$(FUZZ_BUILD)/fuzz_frontend: tests/fuzz/fuzz_frontend.c $(FUZZ_OBJ)
	clang $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ $(LDLIBS) -o $@

$(FUZZ_BUILD)/fuzz_npy: tests/fuzz/fuzz_npy.c $(FUZZ_OBJ)
	clang $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ $(LDLIBS) -o $@

$(FUZZ_BUILD)/fuzz_sim: tests/fuzz/fuzz_sim.c $(FUZZ_OBJ)
	clang $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ $(LDLIBS) -o $@

$(FUZZ_BUILD)/fuzz_stream: tests/fuzz/fuzz_stream.c $(FUZZ_OBJ)
	clang $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ $(LDLIBS) -o $@

# Short fuzzing runs: the compiler and compile-then-simulate for FUZZ_SECS seconds each
# (default 25) from the samples and diagnostics corpus, the .npy reader for FUZZ_NPY_SECS
# (default 5) from the sample data, the streamed compile against the whole one on test files
# mutated in their line structure for FUZZ_STREAM_SECS (default 10).
FUZZERS = $(FUZZ_BUILD)/fuzz_frontend $(FUZZ_BUILD)/fuzz_npy $(FUZZ_BUILD)/fuzz_sim $(FUZZ_BUILD)/fuzz_stream
fuzzers: $(FUZZERS)
fuzz-smoke: $(FUZZERS)
	sh tests/fuzz/run_fuzz.sh $(FUZZ_BUILD)/fuzz_frontend $(FUZZ_SECS) $(FUZZ_BUILD)/fuzz_npy $(FUZZ_NPY_SECS) \
	    $(FUZZ_BUILD)/fuzz_sim $(FUZZ_SECS) $(FUZZ_BUILD)/fuzz_stream $(FUZZ_STREAM_SECS)

# Long fuzzing runs, each harness FUZZ_SECS (3600 by default here); crashes land in
# $(FUZZ_BUILD)/crashes. `make fuzz-npy`, `make fuzz-sim` and `make fuzz-stream` run only the
# .npy reader's, only compile-then-simulate's, only the stream's. PVC_FUZZ_SEEDS=DIR adds
# the .py files of DIR (say, a checkout's tests) to the seeds of the compiler's harnesses.
FUZZ_LONG = $(if $(filter command line,$(origin FUZZ_SECS)),$(FUZZ_SECS),3600)
fuzz: $(FUZZERS)
	sh tests/fuzz/run_fuzz.sh $(FUZZ_BUILD)/fuzz_frontend $(FUZZ_LONG) $(FUZZ_BUILD)/fuzz_npy $(FUZZ_LONG) \
	    $(FUZZ_BUILD)/fuzz_sim $(FUZZ_LONG) $(FUZZ_BUILD)/fuzz_stream $(FUZZ_LONG)

fuzz-stream: $(FUZZ_BUILD)/fuzz_stream
	sh tests/fuzz/run_fuzz.sh $(FUZZ_BUILD)/fuzz_stream $(FUZZ_LONG)

fuzz-npy: $(FUZZ_BUILD)/fuzz_npy
	sh tests/fuzz/run_fuzz.sh $(FUZZ_BUILD)/fuzz_npy $(FUZZ_LONG)

fuzz-sim: $(FUZZ_BUILD)/fuzz_sim
	sh tests/fuzz/run_fuzz.sh $(FUZZ_BUILD)/fuzz_sim $(FUZZ_LONG)

# Benchmarks (BENCHMARKS.md; not part of `make test`): the first native run vs a warm one,
# sim vs native and native vs memcpy on bench/kernels.py, `pvc compile` vs the bare parse
# (bench/ts_parse.c) and vs cc on its output, its peak memory per vector function; and the
# softmax / layernorm / rmsnorm samples at 4,096 rows, native vs numpy and sim vs native
# (tools/bench_ops.sh, in process through libpvc.so; its TSV becomes rows of the table,
# bench/ops.c). Linked like build/pvc (-rdynamic + the whole runtime) because it dlopens
# emitted kernels too.
BENCH_SRC = $(filter-out bench/ts_parse.c bench/hand_rows.c,$(wildcard bench/*.c))
BENCH_OBJ = $(BENCH_SRC:%.c=$(BUILD)/%.o)
BENCH_REPS ?= 7
BENCH_GEN = /usr/bin/python3 bench/gen_frontend.py

$(BUILD)/bench/pvc_bench: $(BENCH_OBJ) $(BUILD)/libpvc.a $(BUILD)/libpvcrt.a $(GRAMMAR_OBJ)
	$(CC) $(CFLAGS) -rdynamic $(BENCH_OBJ) $(BUILD)/libpvc.a \
	    -Wl,--whole-archive $(BUILD)/libpvcrt.a -Wl,--no-whole-archive $(GRAMMAR_OBJ) $(LDLIBS) -o $@

$(BUILD)/bench/ts_parse: $(BUILD)/bench/ts_parse.o $(GRAMMAR_OBJ)
	$(CC) $(CFLAGS) $^ -ltree-sitter -o $@

$(BUILD)/bench/frontend_%.py: bench/gen_frontend.py
	@mkdir -p $(dir $@)
	$(BENCH_GEN) $* > $@

$(BUILD)/bench/cc_floor_%.c: bench/gen_cc_floor.py
	@mkdir -p $(dir $@)
	/usr/bin/python3 bench/gen_cc_floor.py $* > $@

BENCH_OPS_ROWS ?= 512,4096

# The hand-written C the op rows compare pvc native with: built with the native backend's
# flags (-O2 -march=native -ffp-contract=off), its exp the runtime's (libpvcrt.a).
$(BUILD)/bench/hand_rows.so: bench/hand_rows.c $(BUILD)/libpvcrt.a
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -march=native -ffp-contract=off -fPIC -shared $(WARN) -Iruntime/include \
	    $< $(BUILD)/libpvcrt.a -lm -pthread -o $@

bench: $(BUILD)/bench/pvc_bench $(BUILD)/bench/ts_parse $(BUILD)/pvc $(BUILD)/libpvc.so \
       $(BUILD)/bench/frontend_1.py $(BUILD)/bench/frontend_1000.py $(BUILD)/bench/frontend_10000.py \
       $(BUILD)/bench/cc_floor_1000.c $(BUILD)/bench/hand_rows.so
	sh tools/bench_ops.sh $(BUILD) $(BENCH_REPS) $(BENCH_OPS_ROWS) --tsv $(BUILD)/bench/ops.tsv \
	    --hand $(BUILD)/bench/hand_rows.so
	$(BUILD)/bench/pvc_bench --pvc $(BUILD)/pvc --ts-parse $(BUILD)/bench/ts_parse \
	    --front 1000=$(BUILD)/bench/frontend_1000.py --front 10000=$(BUILD)/bench/frontend_10000.py \
	    --kernels bench/kernels.py --include $(abspath runtime/include) --work $(BUILD)/bench \
	    --sample samples/load_align_norm.py --sample-data samples/data/load_align_norm/default \
	    --ops $(BUILD)/bench/ops.tsv --cc-floor $(BUILD)/bench/cc_floor_1000.c --reps $(BENCH_REPS)

# The README's set-up in a clean clone of this tree's HEAD, and how fast its first native runs
# are against warm ones (tests/fresh_clone.sh; a full build, not part of `make test`).
fresh:
	sh tests/fresh_clone.sh .

# make test: every suite on the plain build, the ones that can find memory errors again under
# SAN=1 (in $(BUILD)/san), two jobs at a time (tests/run_suites.sh: one lane per core, each
# suite's output kept together, the count lines summed into the last line). Which suites the
# sanitizer pass runs, and why:
#   unit    the runtime's C on hand-made and bulk vectors: every op's lanes, faults, formats
#   sim     every sample case, differential kernel, fault and hazard kernel through the
#           simulator's two loops and both native builds: the runtime, the simulator, the
#           front end and the emitter on every test kernel, in process (pvc-cases)
#   robust  hostile inputs: FIFOs, huge and truncated files, 70 parameters, 260-character
#           names, deep indentation, the op budget, the cache's paths and objects
#   ops     the cases of every vf op on the simulator's two loops (OPS_BACKENDS=sim,obs):
#           the runtime and the simulator op by op; the native builds run the same runtime
#           functions, which the plain pass checks against the same files
#   golden  GOLDEN_MODE=pvc: every file's dumps and diagnostics, the streamed compile of
#           tests/stream/, usage and help - the front end's error paths; not its runs of pvc
#           against themselves nor its checks that do not depend on the build
# Not under SAN=1 in make test (each SAN=1 process pays ~0.2 s for the sanitizers' start and
# leak check): e2e (processes of cc and gcc on emitted C, the cache's behaviour: robust's
# cache.sh runs the cache code under SAN=1), py (the library under Python: test-full).
# Moved to make test-full: e2e, py, golden whole and ops on all backends under SAN=1; ops on
# cc's objects (OPS_BACKENDS=sim,obs,tcc,cc) in both trees. fuzz-smoke (its own clang build
# of the whole tree, then 65 s of fuzzing) runs in both.
# test-full runs every suite in both trees, ops on cc's objects too, and fuzz-smoke.
test: deps
	@sh tests/run_suites.sh "$(MAKE)" "$(BUILD)"

test-full: deps
	@sh tests/run_suites.sh "$(MAKE)" "$(BUILD)" full

# Regenerate the tables docs/ carries from ops.h: docs/IR.md's machine-op table is exactly
# `pvc help ops --markdown` between its markers (tests/run_golden.sh checks it).
docs: $(BUILD)/pvc
	$(BUILD)/pvc help ops --markdown > $(BUILD)/mops.md
	awk -v table="$(BUILD)/mops.md" '\
	    /^<!-- END: pvc help ops --markdown -->$$/ { while ((getline line < table) > 0) print line; skip = 0 } \
	    !skip { print } \
	    /^<!-- BEGIN: pvc help ops --markdown -->$$/ { skip = 1 }' docs/IR.md > $(BUILD)/IR.md.tmp
	mv $(BUILD)/IR.md.tmp docs/IR.md

clean:
	rm -rf build

help:
	@echo "make deps         install Debian packages and commands (when missing), fetch the grammar of grammar/PIN"
	@echo "make              build build/pvc, build/libpvc.so and build/libpvcrt.a"
	@echo "make demo         run every sample case natively against its expected output"
	@echo "make samples      pvc check + pvc ir on every sample, one line each"
	@echo "make e2e          end-to-end tests: native runs, emitted C, cache, CLI, faults"
	@echo "make sim          simulator: samples, sim = native, faults, hazards, golden trace/stats"
	@echo "make robust       files and processes: bad inputs, atomic writes, write errors, signals"
	@echo "make ops          every vf op in sim and native against numpy formulas (tests/ops/)"
	@echo "make py           pypto_pro tests on the CPU: tests/py and every sample through pvc py"
	@echo "make test         deps, build, every suite plain, the memory-error finders again under"
	@echo "                  ASan/UBSan: two lanes at once (tests/run_suites.sh)"
	@echo "make test-full    every suite under ASan/UBSan too, ops on cc's objects, fuzz-smoke"
	@echo "make fresh        make in a clean clone of HEAD, then its first native runs against warm ones"
	@echo "make docs         regenerate docs/IR.md's machine-op table from ops.h"
	@echo "make unit         runtime unit tests"
	@echo "make golden       IR dump and diagnostics golden tests"
	@echo "make bench        benchmarks: front end, native and simulated kernels, latency (BENCHMARKS.md)"
	@echo "make fuzz-smoke   compiler fuzzer (passes, dumps, C emitter) and compile-then-simulate $(FUZZ_SECS) s each,"
	@echo "                  .npy reader fuzzer $(FUZZ_NPY_SECS) s"
	@echo "make fuzz         the four fuzzers, long runs (FUZZ_SECS=3600 each)"
	@echo "make fuzz-npy     the .npy reader fuzzer, long run (FUZZ_SECS=3600)"
	@echo "make fuzz-sim     the compile-then-simulate fuzzer, long run (FUZZ_SECS=3600)"
	@echo "make fuzz-stream  the streamed vs the whole compile on mutated test files, long run"
	@echo "make clean        remove build/"
	@echo "variables: BUILD=dir (build directory), SAN=1 (ASan+UBSan build), CC=..."

-include $(RT_OBJ:.o=.d) $(PVC_OBJ:.o=.d) $(BENCH_OBJ:.o=.d) $(BUILD)/compiler/main.d $(FUZZ_OBJ:.o=.d) \
         $(BUILD)/tests/cases/pvc_cases.d
