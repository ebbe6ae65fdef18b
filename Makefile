# pvc - build, test and set-up. `make help` lists the targets.
#
# Layout of the build (conventions every part of the tree relies on):
#   build/libpvcrt.a   runtime/src/*.c                      (runtime library, runtime/include/pvc_rt.h)
#   build/libpvc.a     compiler/*.c except compiler/main.c  (front end, IR, passes, backends)
#   build/pvc          compiler/main.c + both libraries + grammar + -ltree-sitter -ljansson
#   build/tests/test_X tests/unit/test_X.c, linked with everything above; each prints
#                      "N passed, M failed" last and exits non-zero on a failure
# SAN=1 builds the same tree under build/san with ASan+UBSan.

CC      ?= cc
SAN     ?= 0
ifeq ($(SAN),1)
BUILD   ?= build/san
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
else
BUILD   ?= build
SANFLAGS =
endif

CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L
WARN     = -Wall -Wextra -Werror
OPT      = -O2 -g
CPPFLAGS = -Iruntime/include -Icompiler
CFLAGS   = $(CSTD) $(WARN) $(OPT) $(SANFLAGS)
LDLIBS   = -ltree-sitter -ljansson -lm -ldl

RT_SRC   = $(wildcard runtime/src/*.c)
RT_OBJ   = $(RT_SRC:%.c=$(BUILD)/%.o)
PVC_SRC  = $(filter-out compiler/main.c,$(wildcard compiler/*.c))
PVC_OBJ  = $(PVC_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all unit clean help
all: $(BUILD)/libpvcrt.a

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/libpvcrt.a: $(RT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libpvcrt.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $< $(BUILD)/libpvcrt.a -lm -o $@

# Runs every unit binary; tests/run_unit.sh sums their closing lines.
unit: $(UNIT_BIN)
	sh tests/run_unit.sh $(UNIT_BIN)

clean:
	rm -rf build

help:
	@echo "make            build build/pvc"
	@echo "make unit       runtime unit tests"

-include $(RT_OBJ:.o=.d) $(PVC_OBJ:.o=.d)
