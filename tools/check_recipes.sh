#!/bin/sh
# check_recipes.sh [SCRATCH]: `make recipes` - the recipes of docs/ARCHITECTURE.md section 5
# that are marked [checked], applied to a copy of the tree as a developer would apply them, and
# what they add run in the copy. If a recipe misses a file, the copy does not build, or the
# thing it adds is not there or computes something else.
#   a vf op        vf.recipe_twice (dst = src + src on the active INT32 lanes, 0 elsewhere):
#                  one runtime function and its declaration, one PVC_OPS row, one PVC_MOPS row;
#                  it must appear in `pvc help ops` and compute 2x (wrapping at 32 bits, from
#                  numpy) in the simulator and natively
#   a tile op      pl.recipe_twice (out = src + src over out's valid shape, INT32 tiles): the
#                  runtime loop in tile_ew.c and its declaration, one PVC_TILE_MOPS row, one
#                  PVC_TILE_DSL_OPS row, one recipe of passes/tileop.c; it must appear in
#                  `pvc help ops`, compute 2x (from numpy) in the simulator and natively, and
#                  an FP32 tile must be refused by the checker (its dtype set)
#   a memory space pl.MemorySpace.RecipeSpace: one PVC_MEMS row and PVC_CUBE_BYTES (the
#                  pl.MemorySpace member comes from the row); it must
#                  appear in `pvc help enums` and the cube's unit test (whose spaces must add
#                  up) must pass
# The copy is SCRATCH (default: a temporary directory, removed after). Ends with
# "N passed, M failed".
set -u
root=$(pwd)
scratch=${1:-}
if [ -z "$scratch" ]; then scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT; fi
pass=0; fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
# insert FILE ANCHOR TEXT: TEXT as lines after the line containing ANCHOR (exactly one)
insert() {
    /usr/bin/python3 - "$@" <<'EOF' || exit 1
import sys
path, anchor, text = sys.argv[1:4]
s = open(path).read().split("\n")
hits = [i for i, l in enumerate(s) if anchor in l]
if len(hits) != 1:
    sys.exit(f"check_recipes.sh: '{anchor}' is in {path} {len(hits)} times, not once")
s[hits[0] + 1:hits[0] + 1] = text.split("\n")
open(path, "w").write("\n".join(s))
EOF
}

# ---- the copy: the tracked files and the fetched grammar ----
git ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$scratch") || exit 1
cp -r grammar/vendor "$scratch/grammar/" || exit 1
cd "$scratch" || exit 1

# ---- a vf op (docs/ARCHITECTURE.md "A vf op", steps 1-3) ----
cat >>runtime/src/vunary.c <<'EOF'

/* vf.recipe_twice (tools/check_recipes.sh): src + src on the active INT32 lanes, 0 elsewhere. */
void pvc_recipe_twice(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask)
{
    (void)ctx;
    (void)t;
    for (unsigned i = 0; i < PVC_VL / 4; i++) {
        uint32_t v;
        memcpy(&v, src->b + 4 * i, 4);
        v = pvc_mreg_bit(mask, 4 * i) ? v + v : 0;
        memcpy(dst->b + 4 * i, &v, 4);
    }
}
EOF
insert runtime/include/pvc_rt_arith.h 'void pvc_neg(pvc_ctx *ctx' \
'void pvc_recipe_twice(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src, const pvc_mreg *mask);'
insert compiler/ir/ops.h 'X(VF_NEG, "vf.neg"' \
'    X(VF_RECIPE_TWICE, "vf.recipe_twice", "src mask", "mode", 2, 2, 1, REG, VF | PVC_OPF_GENERIC, REGISTER, "src + src on active lanes (tools/check_recipes.sh)") \'
insert compiler/ir/ops.h 'PVC_TRAP(PVC_DT1(INT64), B64_ARITH), PVC_MF_SAME, REGISTER, V, 1, 0, pvc_neg(ctx' \
'    M(M_RECIPE_TWICE, "recipe_twice", VF_RECIPE_TWICE, (O(VREG, src) O(PRED, mask)), (AD(dtype) AZ(mode)), (R(VREG, dst)), \
      PVC_DT1(INT32), PVC_NO_TRAP, PVC_MF_SAME, REGISTER, V, 1, 0, pvc_recipe_twice(ctx, dst, dtype, src, mask), \
      "dst = src + src (tools/check_recipes.sh)") \'

# ---- a tile op (docs/ARCHITECTURE.md "A tile op", steps 1-3) ----
cat >>runtime/src/tile_ew.c <<'EOF2'

/* pl.recipe_twice (tools/check_recipes.sh): out = src + src, one vadd per chunk. */
static void u_recipe_twice(pvc_ctx *ctx, pvc_vreg *d, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *m)
{
    pvc_add(ctx, d, t, a, a, m, PVC_MERGE_ZEROING);
}

int64_t pvc_tile_recipe_twice(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                              const pvc_tile *a, int64_t a_vr, int64_t a_vc)
{
    rt_tv d, va;
    if (!rt_tv_make(ctx, "pl.recipe_twice", &d, dst, dst_vr, dst_vc) ||
        !rt_tv_make(ctx, "pl.recipe_twice", &va, a, a_vr, a_vc) ||
        !rt_tv_same_dtype(ctx, "pl.recipe_twice", &d, &va) ||
        !rt_tv_covers(ctx, "pl.recipe_twice", &va, d.lines, d.len))
        return 0;
    ew_op o = {.kind = 2, .un = u_recipe_twice};
    return rt_tile_done(ctx, ew_loop(ctx, &o, &d, &va, NULL));
}
EOF2
insert runtime/include/pvc_rt_tile.h 'int64_t pvc_tile_expands(pvc_ctx *ctx' \
'int64_t pvc_tile_recipe_twice(pvc_ctx *ctx, const pvc_tile *dst, int64_t dst_vr, int64_t dst_vc,
                              const pvc_tile *a, int64_t a_vr, int64_t a_vc);'
insert compiler/ir/ops_tile.h 'PVC_TILE_U(M, M_TILE_NEG, "tile.neg"' \
'    M(M_TILE_RECIPE_TWICE, "tile.recipe_twice", PL_RECIPE_TWICE, (OTN(out) OTN(src)), (), (), PVC_DT1(INT32), \
      PVC_NO_TRAP, PVC_TILE_FLAGS | PVC_MF_SAME, TILE, V, 16, 256,                                      \
      (void)pvc_tile_recipe_twice(ctx, out, out_vr, out_vc, src, src_vr, src_vc), "out = src + src (tools/check_recipes.sh)") \'
insert compiler/ir/ops_tile.h 'PVC_TILE_DSL(X, PL_NEG, "pl.neg"' \
'    PVC_TILE_DSL(X, PL_RECIPE_TWICE, "pl.recipe_twice", "out src", "", 2, 2, "out = src + src (tools/check_recipes.sh)") \'
insert compiler/passes/tileop.c 'UN(PL_ABS, M_TILE_ABS), UN(PL_NEG, M_TILE_NEG)' \
'    UN(PL_RECIPE_TWICE, M_TILE_RECIPE_TWICE),'

# ---- a memory space (docs/ARCHITECTURE.md "A memory space", step 1; step 2 is the table) ----
insert runtime/include/pvc_rt.h 'X(SCALE_RIGHT, "ScaleRight"' \
'    X(RECIPE, "RecipeSpace", "a space of tools/check_recipes.sh", 4096, 32, 933888, AIC) \'
sed -i 's/^#define PVC_CUBE_BYTES 933888u$/#define PVC_CUBE_BYTES 937984u/' runtime/include/pvc_rt_cube.h

# ---- build the copy ----
if nice make -j2 DEB_DEPS=0 build/pvc build/tests/test_cube >build.log 2>&1; then ok "the copy builds"
else bad "the copy does not build:"; tail -20 build.log; echo "$pass passed, $fail failed"; exit 1; fi

# ---- what the recipes added ----
build/pvc help ops | grep -q 'vf.recipe_twice' && ok "pvc help ops lists vf.recipe_twice" || bad "vf.recipe_twice not in pvc help ops"
build/pvc help enums | grep -q 'RecipeSpace' && ok "pvc help enums lists MemorySpace.RecipeSpace" || bad "RecipeSpace not in pvc help enums"
build/tests/test_cube >cube.log 2>&1 && ok "test_cube with the new space" || { bad "test_cube"; tail -5 cube.log; }
cat >twice.py <<'EOF'
import pypto_pro.language as pl

@pl.vector_function
def twice_vf(src_tile, dst_tile):
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_INT32)
    r = vf.load_align(src_tile, 0)
    d = vf.recipe_twice(r, m)
    vf.store_align(dst_tile, d, m)

@pl.jit()
def twice(a: pl.Tensor[[1, 64], pl.DT_INT32], out: pl.Tensor[[1, 64], pl.DT_INT32]):
    t = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(t, addr=0x0)
    dst = pl.make_tile(t, addr=0x100)
    with pl.section_vector():
        pl.load(src, a, [0, 0])
        twice_vf(src, dst)
        pl.store(out, dst, [0, 0])
EOF
/usr/bin/python3 - <<'EOF' || exit 1
import numpy as np
a = np.arange(-32, 32, dtype=np.int32).reshape(1, 64) * 1000003
a[0, 0], a[0, 1] = np.iinfo(np.int32).max, np.iinfo(np.int32).min
np.save("in_a.npy", a)
np.save("expect_out.npy", (a.astype(np.int64) * 2).astype(np.int32))  # wraps at 32 bits
EOF
for b in sim native; do
    if build/pvc run twice.py --kernel twice --backend $b --input a=in_a.npy --expect out=expect_out.npy \
        >run.log 2>&1; then ok "vf.recipe_twice computes 2x ($b)"; else bad "vf.recipe_twice ($b):"; cat run.log; fi
done

build/pvc help ops | grep -q 'pl.recipe_twice' && ok "pvc help ops lists pl.recipe_twice" || bad "pl.recipe_twice not in pvc help ops"
build/pvc help ops | grep -q 'tile.recipe_twice' && ok "pvc help ops lists tile.recipe_twice" || bad "tile.recipe_twice not in pvc help ops"
# [2, 80] INT32: a full chunk of 64 lanes and a partial one per row; the valid shape [2, 77]
# ends inside the second chunk, so out's last 3 columns keep what was loaded into them
tile_kernel() { # DTYPE
    cat <<EOF2
import pypto_pro.language as pl


@pl.jit
def tw(a: pl.Tensor[[2, 80], pl.DT_$1], o: pl.Tensor[[2, 80], pl.DT_$1]):
    tt = pl.TileType(shape=[2, 80], dtype=pl.DT_$1, target_memory=pl.MemorySpace.Vec)
    ta = pl.make_tile(tt, addr=0x0)
    to = pl.make_tile(tt, addr=0x400)
    with pl.section_vector():
        pl.load(ta, a, [0, 0])
        pl.load(to, o, [0, 0])
        pl.set_validshape(ta, [2, 77])
        pl.set_validshape(to, [2, 77])
        pl.recipe_twice(to, ta)
        pl.store(o, to, [0, 0])
EOF2
}
tile_kernel INT32 >tile_twice.py
/usr/bin/python3 - <<'EOF2' || exit 1
import numpy as np
a = (np.arange(160, dtype=np.int64).reshape(2, 80) * 27644437 - 2**31).astype(np.int32)
a[0, 0], a[1, 1] = np.iinfo(np.int32).max, np.iinfo(np.int32).min
o = np.full((2, 80), -7, dtype=np.int32)
np.save("tile_a.npy", a)
np.save("tile_o.npy", o)
want = o.copy()
want[:, :77] = (a[:, :77].astype(np.int64) * 2).astype(np.int32)  # wraps at 32 bits
np.save("tile_want.npy", want)
EOF2
for b in sim native; do
    if build/pvc run tile_twice.py --kernel tw --backend $b --input a=tile_a.npy --input o=tile_o.npy \
        --expect o=tile_want.npy >run.log 2>&1; then ok "pl.recipe_twice computes 2x ($b)"
    else bad "pl.recipe_twice ($b):"; cat run.log; fi
done
tile_kernel FP32 >tile_twice_f32.py
if build/pvc check tile_twice_f32.py >check.log 2>&1; then bad "pl.recipe_twice on FP32 tiles compiled"
elif grep -q 'tile_twice_f32.py:[0-9]*:[0-9]*: error: pl.recipe_twice does not take .*FP32 tiles' check.log; then ok "pl.recipe_twice refuses FP32 tiles (located)"
else bad "pl.recipe_twice on FP32:"; cat check.log; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
