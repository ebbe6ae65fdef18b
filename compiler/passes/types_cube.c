/* types_cube.c - the types pass on the cube side (docs/SEMANTICS.md §17): the memory space and
 * default layout of a pl.TileType, the addresses of cube tiles, pl.load into Mat, pl.store
 * from Acc through the fixpipe, the pl.move paths between spaces, pl.insert, pl.matmul /
 * pl.matmul_acc and the cross-core flags. Each op gets the valid extents it reads as
 * attributes; the dispatch pass (dispatch_cube.c) builds its machine row.
 *
 * Where an op may run (§17.1): cube-space work (a load into Mat, a move out of Mat or Acc, a
 * matmul, a store from Acc) on the cube core, so inside a section_cube, or anywhere in a
 * kernel that has no section_vector; a pl.insert into Mat on a vector core, so inside a
 * section_vector. */
#include <string.h>

#include "passes/types.h"

static int mem_of(const pvc_value *v) { return v && v->type.kind == PVC_TY_TILE ? v->type.mem : PVC_MEM_VEC; }

static int is_cube_mem(int mem) { return mem != PVC_MEM_VEC && mem != PVC_MEM_GM; }

/* The space of target_memory= (pl.MemorySpace's values are PVC_MEMS's rows) and, when layout=
 * is absent, the layout a tile of that space has on the 950 (§17.3): NZ in L1, L0A and L0C,
 * ZN in L0B, row-major for 64-bit L1 tiles and the bias and scaling rows. A tile of one
 * column stays column-major (DN) whatever it says (trap C-T9, tile_layout_of). */
void ty_cube_tile_of(const pvc_op *op, pvc_type *ty)
{
    const pvc_value *m = pvc_op_arg(op, "target_memory"), *l = pvc_op_arg(op, "layout");
    if (m && m->kind == PVC_V_ENUM && m->ns == PVC_NS_MemorySpace && m->i >= 0 && m->i < PVC_MEM_COUNT)
        ty->mem = (int)m->i;
    if ((l && l->kind == PVC_V_ENUM) || ty->dims[1] == 1)
        return;
    int b64 = ty->dtype == PVC_DT_INT64 || ty->dtype == PVC_DT_UINT64;
    if (ty->mem == PVC_MEM_MAT && !b64)
        ty->layout = PVC_TL_NZ;
    else if (ty->mem == PVC_MEM_LEFT || ty->mem == PVC_MEM_ACC)
        ty->layout = PVC_TL_NZ;
    else if (ty->mem == PVC_MEM_RIGHT)
        ty->layout = PVC_TL_ZN;
}

/* 1 when op is a pl.TileType of the Scaling space (a shape that is not 2-D gets its own
 * message: a scale tile is a [1, N] row). */
int ty_cube_scaling_type(const pvc_op *op)
{
    const pvc_value *m = pvc_op_arg(op, "target_memory");
    return m && m->kind == PVC_V_ENUM && m->ns == PVC_NS_MemorySpace && m->i == PVC_MEM_SCALING;
}

/* pl.make_tile of a cube tile (§17.2): the address inside its space with the space's
 * alignment, a boxed shape a whole number of fractals (PTO's static asserts), the L0 layouts
 * the matmul reads. 0 after an error. */
int ty_cube_make_tile(typer *t, const pvc_op *op, const pvc_type *ty, int64_t addr)
{
    if (ty->mem == PVC_MEM_GM) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "a tile lies in an on-chip memory, not in DDR (§17.2)");
        return 0;
    }
    if (!is_cube_mem(ty->mem))
        return 1;
    const pvc_mem_info *s = &pvc_mem_table[ty->mem];
    pvc_span at = pvc_op_arg_loc(op, "addr");
    int64_t bytes = ty->dims[0] * ty->dims[1] * (int64_t)pvc_dtype_lane_bytes((pvc_dtype)ty->dtype);
    if (addr + bytes > (int64_t)s->bytes) {
        pvc_error_at(t->d, at, PVC_E_UB_RANGE, "a %lld-byte %s tile at 0x%llx leaves %s, %s of %u bytes (§17.2)",
                     (long long)bytes, s->pyname, (long long)addr, s->pyname, s->text, s->bytes);
        return 0;
    }
    if (s->align > 1 && addr % s->align) {
        pvc_error_at(t->d, at, PVC_E_MISALIGNED, "a %s tile's address must be a multiple of %u bytes, not 0x%llx "
                     "(§17.2)", s->pyname, s->align, (long long)addr);
        return 0;
    }
    pvc_tile tile = {.addr = 0, .dtype = (pvc_dtype)ty->dtype, .rows = (uint32_t)ty->dims[0],
                     .cols = (uint32_t)ty->dims[1], .mem = (pvc_mem)ty->mem, .layout = (pvc_tile_layout)ty->layout};
    pvc_tgeom g;
    pvc_tile_geom(&tile, &g);
    if (pvc_tile_layout_boxed(g.layout) && ty->dims[0] > 1 && (ty->dims[0] % g.ir || ty->dims[1] % g.ic)) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "a %s %s tile of %s is whole %ux%u fractals: [%lld, %lld] is not "
                     "(§17.3.2)", s->pyname, pvc_tile_layout_name(g.layout), dt_name(ty->dtype), g.ir, g.ic,
                     (long long)ty->dims[0], (long long)ty->dims[1]);
        return 0;
    }
    static const struct {
        int mem, layout;
    } want[] = {{PVC_MEM_LEFT, PVC_TL_NZ}, {PVC_MEM_RIGHT, PVC_TL_ZN}, {PVC_MEM_ACC, PVC_TL_NZ}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (want[i].mem == ty->mem && ty->layout != want[i].layout && ty->dims[1] > 1) {
            pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "a %s tile is %s on the 950, not %s (the matmul reads it so, "
                         "§17.3.3)", s->pyname, pvc_tile_layout_name(want[i].layout),
                         pvc_tile_layout_name(ty->layout));
            return 0;
        }
    return 1;
}

/* Where op runs: 0 (and an error) when its core cannot (the rule at the top). cube: the op
 * needs the cube core (else a vector core). */
static int on_core(typer *t, const pvc_op *op, int cube, const char *what)
{
    int ok = cube ? t->section == PVC_OP_PL_SECTION_CUBE || (!t->section && !(t->sections & PVC_SECTIONS_VECTOR))
                  : t->section == PVC_OP_PL_SECTION_VECTOR;
    if (!ok)
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "%s runs on the %s core: put it inside 'with pl.section_%s():' "
                     "(§17.1)", what, cube ? "cube" : "vector", cube ? "cube" : "vector");
    return ok;
}

static void valid_attrs(typer *t, pvc_op *op, const pvc_value *tile, const char *rows, const char *cols)
{
    pvc_op_add_attr(t->m, op, rows, ty_valid_dim(t, tile, 0, op->loc), op->loc);
    pvc_op_add_attr(t->m, op, cols, ty_valid_dim(t, tile, 1, op->loc), op->loc);
}

static int given(const pvc_op *op, const char *k)
{
    const pvc_value *v = pvc_op_arg(op, k);
    return v && v->kind != PVC_V_NONE;
}

static int enum_value(const pvc_op *op, const char *k, int ns, int dflt)
{
    const pvc_value *v = pvc_op_arg(op, k);
    return v && v->kind == PVC_V_ENUM && v->ns == ns ? (int)v->i : dflt;
}

enum { SCALE_NONE, SCALE_SCALAR, SCALE_TILE, SCALE_BAD };

/* A per-column scale tile (§17.6.1): an INT64 [1, N] Scaling tile of deq words, N a multiple of
 * 16 up to 512, with neither relu nor a phase. */
static int scale_tile_ok(typer *t, const pvc_op *op, const pvc_value *s)
{
    pvc_span at = pvc_op_arg_loc(op, "scale");
    int64_t rows = s->type.dims[0], n = s->type.dims[1];
    const char *bad = NULL;
    char why[160];
    if (s->type.mem != PVC_MEM_SCALING)
        snprintf(why, sizeof why, "a per-column scale tile must be in pl.MemorySpace.Scaling, not %s",
                 pvc_mem_name(s->type.mem)), bad = why;
    else if (s->type.dtype == PVC_DT_FP32)
        bad = "scale tile dtype FP32 is not supported: its elements are INT64 deq words (from the FP32 scales "
              "by torch_npu.npu_trans_quant_param)";
    else if (s->type.dtype != PVC_DT_INT64 && s->type.dtype != PVC_DT_UINT64)
        snprintf(why, sizeof why, "scale tile dtype must be INT64 (deq words), not %s", dt_name(s->type.dtype)),
            bad = why;
    else if (rows != 1)
        snprintf(why, sizeof why, "a scale tile has shape [1, N] (row == 1), not [%lld, %lld]", (long long)rows,
                 (long long)n), bad = why;
    else if (n % 16 || n > 512)
        snprintf(why, sizeof why, "the scale tile's N = %lld must be a multiple of 16, at most 512", (long long)n),
            bad = why;
    else if (given(op, "relu_pre_mode"))
        bad = "a per-column scale= cannot be used together with relu_pre_mode";
    else if (given(op, "phase"))
        bad = "a per-column scale= cannot be combined with phase";
    else if (op->code == PVC_OP_PL_MOVE && enum_value(op, "acc_to_vec_mode", PVC_NS_AccToVecMode, 0) >=
                                               PVC_ACC2VEC_DualModeSplitM)
        bad = "a per-column scale= only supports single-mode acc_to_vec_mode (SingleModeVec0, SingleModeVec1)";
    if (bad)
        pvc_error_at(t->d, at, PVC_E_CUBE_RULE, "%s (§17.6.1)", bad);
    return !bad;
}

/* The scale= of a fixpipe conversion (§17.6.3): a number, an FP32 or int run-time scalar (the
 * deq word's bits), or a Scaling tile of deq words; SCALE_BAD after an error. */
static int scale_kind(typer *t, const pvc_op *op)
{
    const pvc_value *s = pvc_op_arg(op, "scale");
    if (!s || s->kind == PVC_V_NONE)
        return SCALE_NONE;
    if (s->kind == PVC_V_INT || s->kind == PVC_V_FLOAT)
        return SCALE_SCALAR;
    if (s->type.kind == PVC_TY_INT || s->type.kind == PVC_TY_FLOAT) {
        /* a run-time scalar is the deq word's bits: an FP32 value, or INT32/INT64 holding them */
        int dt = s->type.dtype;
        if (dt < 0 || dt >= PVC_DT_COUNT || dt == PVC_DT_FP32 || dt == PVC_DT_INT32 || dt == PVC_DT_INT64)
            return SCALE_SCALAR;
        char low[16];
        size_t k = 0;
        const char *name = pvc_dtype_table[dt].name;
        for (const char *p = name + (strncmp(name, "DT_", 3) ? 0 : 3); *p && k + 1 < sizeof low; p++)
            low[k++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        low[k] = '\0';
        pvc_error_at(t->d, pvc_op_arg_loc(op, "scale"), PVC_E_CUBE_RULE, "%s: scale runtime scalar dtype %s is not "
                     "supported: pass an FP32 scalar (its IEEE-754 bits are the scale) or an INT32/INT64 scalar "
                     "holding the float32 bits (§17.6.3)", pvc_ops[op->code].name, low);
        return SCALE_BAD;
    }
    if (s->type.kind == PVC_TY_TILE)
        return scale_tile_ok(t, op, s) ? SCALE_TILE : SCALE_BAD;
    pvc_error_at(t->d, pvc_op_arg_loc(op, "scale"), PVC_E_CUBE_RULE, "%s: scale must be a float, a run-time "
                 "scalar or a Scaling tile, not a %s (§17.6)%s", pvc_ops[op->code].name,
                 pvc_type_kind_name(s->type.kind), s->type.kind == PVC_TY_TENSOR
                     ? "; a scale Tensor is not supported for per-channel quantization: move it into a Scaling tile"
                     : "");
    return SCALE_BAD;
}

/* The traps of a legal fixpipe conversion (§17.8): a scalar scale into FP32 is the device's
 * approximate QF322F32_PRE (C-T15); a run-time int scale into INT8 is taken as a deq word whose
 * bit 46 pypto_pro sets anyway, so an unsigned requantisation cannot be asked for (C-T16). */
static void conversion_traps(typer *t, const pvc_op *op, int acc, int out)
{
    const pvc_value *s = pvc_op_arg(op, "scale");
    int tile = s->kind == PVC_V_VAR && s->type.kind == PVC_TY_TILE;
    if (acc == PVC_DT_FP32 && out == PVC_DT_FP32 && !tile)
        pvc_warn_at(t->d, pvc_op_arg_loc(op, "scale"), "%s: scale= into FP32 runs the fixpipe's QF322F32_PRE, "
                    "which the device computes to about 1e-3 only; pvc multiplies in FP32 (§17.8 C-T15) [%s]",
                    pvc_ops[op->code].name, pvc_warn_code(PVC_W_CUBE_SCALE_F32));
    if (out == PVC_DT_INT8 && s->kind == PVC_V_VAR && s->type.kind == PVC_TY_INT)
        pvc_warn_at(t->d, pvc_op_arg_loc(op, "scale"), "%s: a run-time int scale= is the deq word's bits, and "
                    "pypto_pro sets its bit 46 for an INT8 output: the result is signed whatever the word says "
                    "(§17.8 C-T16) [%s]", pvc_ops[op->code].name, pvc_warn_code(PVC_W_CUBE_DEQ_SIGNED));
}

/* acc -> out through the fixpipe, with or without a scale (the PTO table, §17.6.3). A scale=
 * into BF16 or UINT8 is refused by pypto_pro's parser although PTO has those modes (§17.8
 * C-T15). */
static int conversion_ok(typer *t, const pvc_op *op, int acc, int out)
{
    int scaled = given(op, "scale");
    if (scaled && (out == PVC_DT_BF16 || out == PVC_DT_UINT8)) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, "scale"), PVC_E_LOWERING, "%s: pypto_pro's parser refuses scale= "
                     "with a %s output, although PTO has the conversion (§17.8 C-T15)", pvc_ops[op->code].name,
                     dt_name(out));
        return 0;
    }
    if (pvc_fix_legal((pvc_dtype)acc, (pvc_dtype)out, scaled)) {
        if (scaled)
            conversion_traps(t, op, acc, out);
        return 1;
    }
    if (!pvc_fix_legal((pvc_dtype)acc, (pvc_dtype)out, !scaled))
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "the fixpipe has no %s -> %s conversion (§17.6.3)",
                     dt_name(acc), dt_name(out));
    else
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "the fixpipe converts %s to %s only %s a scale= (§17.6.3)",
                     dt_name(acc), dt_name(out), scaled ? "without" : "with");
    return 0;
}

/* pl.load / pl.store with a cube tile (§17.4.1, §17.6); 0 when the tile is a Vec tile (the
 * vector path, types_tile.c). */
int ty_cube_gm(typer *t, pvc_op *op)
{
    int load = op->code == PVC_OP_PL_LOAD || op->code == PVC_OP_PL_LOAD_TILE;
    const pvc_value *tile = pvc_op_arg(op, "tile"), *tensor = pvc_op_arg(op, "tensor");
    static const char *const fix[] = {"relu_pre_mode", "scale", "atomic"};
    if (!is_cube_mem(mem_of(tile))) {
        for (int i = 0; !load && i < 2; i++) /* atomic= is MTE3's too (§6) */
            if (given(op, fix[i])) {
                pvc_error_at(t->d, pvc_op_arg_loc(op, fix[i]), PVC_E_NOT_SUPPORTED, "pl.store's %s= belongs to a "
                             "store from an Acc tile (the fixpipe, §17.6); this one stores a Vec tile", fix[i]);
                return 1;
            }
        return 0;
    }
    int want = load ? PVC_MEM_MAT : PVC_MEM_ACC;
    if (mem_of(tile) != want) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "%s %s a Vec or %s tile, not a %s one (§17.2.4)",
                     pvc_ops[op->code].name, load ? "fills" : "reads", pvc_mem_name(want), pvc_mem_name(mem_of(tile)));
        return 1;
    }
    if (!on_core(t, op, 1, pvc_ops[op->code].name) || !ty_expect(t, op, "tensor", PVC_TY_TENSOR))
        return 1;
    if (load && pvc_dtype_table[tile->type.dtype].bits != pvc_dtype_table[tensor->type.dtype].bits) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "pl.load copies %s elements into a %s tile: the dtypes' widths "
                     "differ", dt_name(tensor->type.dtype), dt_name(tile->type.dtype));
        return 1;
    }
    if (!load && (scale_kind(t, op) == SCALE_BAD || !conversion_ok(t, op, tile->type.dtype, tensor->type.dtype)))
        return 1;
    ty_gm_move(t, op);
    return 1;
}

/* The [row, col] offset of op (NULL when absent); 0 after an error. */
static int offset_of(typer *t, const pvc_op *op, const char *arg, pvc_value **off)
{
    const pvc_value *o = pvc_op_arg(op, arg);
    off[0] = off[1] = NULL;
    if (!o || o->kind == PVC_V_NONE)
        return 1;
    const pvc_op *def = def_of(t, o);
    if (!def || def->code != PVC_OP_LIST || def->noperands != 2 || !ty_int_valued(def->operands[0]) ||
        !ty_int_valued(def->operands[1])) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, arg), PVC_E_CUBE_RULE, "the %s of %s is [row, col], two ints", arg,
                     pvc_ops[op->code].name);
        return 0;
    }
    off[0] = def->operands[0], off[1] = def->operands[1];
    return 1;
}

static void offset_attrs(typer *t, pvc_op *op, pvc_value **off)
{
    pvc_op_add_attr(t->m, op, "off_row", off[0] ? off[0] : cint(t, 0, op->loc), op->loc);
    pvc_op_add_attr(t->m, op, "off_col", off[1] ? off[1] : cint(t, 0, op->loc), op->loc);
}

/* Mat -> Left / Right / Scaling (§17.4.2): a window of the source at offset [m, k], whole
 * fractals. */
static void move_window(typer *t, pvc_op *op, const pvc_value *d, const pvc_value *s)
{
    pvc_value *off[2];
    if (!offset_of(t, op, "offset", off))
        return;
    if (pvc_dtype_table[d->type.dtype].bits != pvc_dtype_table[s->type.dtype].bits) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "pl.move into %s copies one dtype: %s and %s differ",
                     pvc_mem_name(d->type.mem), dt_name(d->type.dtype), dt_name(s->type.dtype));
        return;
    }
    pvc_tile st = {.dtype = (pvc_dtype)s->type.dtype, .rows = (uint32_t)s->type.dims[0],
                   .cols = (uint32_t)s->type.dims[1], .mem = (pvc_mem)s->type.mem,
                   .layout = (pvc_tile_layout)s->type.layout};
    pvc_tgeom g;
    pvc_tile_geom(&st, &g);
    int64_t k[2];
    for (int i = 0; i < 2; i++) {
        if (!off[i] || !pvc_const_int(off[i], &k[i]))
            continue;
        uint32_t box = i ? g.ic : g.ir;
        if (k[i] < 0 || k[i] + d->type.dims[i] > s->type.dims[i] || k[i] % box) {
            pvc_error_at(t->d, pvc_op_arg_loc(op, "offset"), PVC_E_CUBE_RULE, "the %s offset %lld of pl.move must keep "
                         "the %lld %s of %s inside the source's %lld and be a multiple of its fractal's %u (the "
                         "device rounds it down, trap C-T6; §17.4.2)", i ? "column" : "row", (long long)k[i],
                         (long long)d->type.dims[i], i ? "columns" : "rows", pvc_mem_name(d->type.mem),
                         (long long)s->type.dims[i], box);
            return;
        }
    }
    if (!off[0] && (d->type.dims[0] > s->type.dims[0] || d->type.dims[1] > s->type.dims[1])) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "pl.move fills the whole %lldx%lld %s tile from the %lldx%lld Mat "
                     "tile: the source is too small (§17.4.2)", (long long)d->type.dims[0],
                     (long long)d->type.dims[1], pvc_mem_name(d->type.mem), (long long)s->type.dims[0],
                     (long long)s->type.dims[1]);
        return;
    }
    offset_attrs(t, op, off);
}

/* §17.8 C-T13: pypto_pro lowers a DualModeSplitM (N) move by first setting the Acc tile's valid
 * rows up to even (its valid columns up to a multiple of 32) in the tile's descriptor, so every
 * later op on the tile reads the rounded shape until a pl.set_validshape; the move itself
 * splits as §17.4.4 says. A constant shape that changes is warning W052. */
static void split_rounds_valid(typer *t, pvc_op *op, const pvc_value *acc)
{
    int mode = enum_value(op, "acc_to_vec_mode", PVC_NS_AccToVecMode, PVC_ACC2VEC_SingleModeVec0);
    if ((mode != PVC_ACC2VEC_DualModeSplitM && mode != PVC_ACC2VEC_DualModeSplitN) || acc->kind != PVC_V_VAR)
        return;
    int i = mode == PVC_ACC2VEC_DualModeSplitN;
    int64_t q = i ? 32 : 2, k;
    pvc_value *vals[2] = {ty_valid_dim(t, acc, 0, op->loc), ty_valid_dim(t, acc, 1, op->loc)};
    if (pvc_const_int(vals[i], &k)) {
        if (k % q == 0)
            return;
        pvc_warn_at(t->d, op->loc, "%s rounds the valid %s of '%s' from %lld up to %lld in the tile's descriptor: "
                    "later ops on '%s' read %lld (§17.8 C-T13) [%s]", i ? "DualModeSplitN" : "DualModeSplitM",
                    i ? "columns" : "rows", acc->name ? acc->name : "acc", (long long)k,
                    (long long)((k + q - 1) / q * q), acc->name ? acc->name : "acc",
                    (long long)((k + q - 1) / q * q), pvc_warn_code(PVC_W_CUBE_SPLIT_VALID));
        vals[i] = cint(t, (k + q - 1) / q * q, op->loc);
        vals[i]->type.kind = PVC_TY_INT;
    } else {
        pvc_value *up = ty_int_after(t, PVC_OP_PY_ADD, vals[i], cint(t, q - 1, op->loc), op->loc);
        up = ty_int_after(t, PVC_OP_PY_FLOORDIV, up, cint(t, q, op->loc), op->loc);
        vals[i] = ty_int_after(t, PVC_OP_PY_MUL, up, cint(t, q, op->loc), op->loc);
    }
    if (t->dyn_valid[acc->id])
        ty_set_valid_vars(t, acc, vals, op->loc);
    else
        t->valid[acc->id][0] = vals[0], t->valid[acc->id][1] = vals[1];
}

/* Acc -> Vec (§17.4.4): the valid result through the fixpipe into the vector cores' UB. */
static void move_to_vec(typer *t, pvc_op *op, const pvc_value *d, const pvc_value *s)
{
    if (given(op, "offset")) {
        pvc_error_at(t->d, pvc_op_arg_loc(op, "offset"), PVC_E_CUBE_RULE, "pl.move out of an Acc tile takes no offset");
        return;
    }
    if (scale_kind(t, op) == SCALE_BAD || !conversion_ok(t, op, s->type.dtype, d->type.dtype))
        return;
    valid_attrs(t, op, s, "valid_rows", "valid_cols");
    split_rounds_valid(t, op, s);
}

/* pl.move whose tiles are not both Vec (§17.2.4's paths); 0 for a Vec -> Vec move. */
int ty_cube_move(typer *t, pvc_op *op)
{
    const pvc_value *d = pvc_op_arg(op, "dst_tile"), *s = pvc_op_arg(op, "src_tile");
    int dm = mem_of(d), sm = mem_of(s);
    if (!is_cube_mem(dm) && !is_cube_mem(sm))
        return 0;
    if (!ty_expect(t, op, "dst_tile", PVC_TY_TILE) || !ty_expect(t, op, "src_tile", PVC_TY_TILE))
        return 1;
    if (sm == PVC_MEM_VEC && dm == PVC_MEM_MAT) { /* pypto_pro makes it an insert */
        ty_insert(t, op);
        return 1;
    }
    if (!ty_compact_ok(t, op, "dst_tile", 1))
        return 1;
    const pvc_cube_path *p = pvc_cube_path_find((pvc_mem)sm, (pvc_mem)dm);
    if (!p || strcmp(p->op, "pl.move") || sm == PVC_MEM_VEC) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "pl.move has no %s -> %s path: it moves Mat -> Left, Right, Bias, "
                     "Scaling, ScaleLeft, ScaleRight; Acc -> Vec; Vec -> Vec, Mat (§17.2.4%s)", pvc_mem_name(sm),
                     pvc_mem_name(dm), sm == PVC_MEM_ACC && dm == PVC_MEM_MAT ? "; PTO has Acc -> Mat, pypto_pro's "
                     "parser refuses it, §17.8 C-T12" : "");
        return 1;
    }
    if (!on_core(t, op, 1, "pl.move out of a cube tile"))
        return 1;
    if (sm != PVC_MEM_ACC)
        for (int i = 0; i < 3; i++) {
            static const char *const fix[] = {"acc_to_vec_mode", "relu_pre_mode", "scale"};
            if (given(op, fix[i])) {
                pvc_error_at(t->d, pvc_op_arg_loc(op, fix[i]), PVC_E_CUBE_RULE, "pl.move's %s belongs to a move out of "
                             "an Acc tile", fix[i]);
                return 1;
            }
        }
    if (dm == PVC_MEM_LEFT || dm == PVC_MEM_RIGHT || dm == PVC_MEM_SCALING || dm == PVC_MEM_SCALE_LEFT ||
        dm == PVC_MEM_SCALE_RIGHT)
        move_window(t, op, d, s);
    else if (dm == PVC_MEM_VEC)
        move_to_vec(t, op, d, s);
    else if (dm == PVC_MEM_BIAS) {
        int ok = (d->type.dtype == PVC_DT_FP32 && (s->type.dtype == PVC_DT_FP32 || s->type.dtype == PVC_DT_FP16 ||
                                                   s->type.dtype == PVC_DT_BF16)) ||
                 (d->type.dtype == PVC_DT_INT32 && s->type.dtype == PVC_DT_INT32);
        if (!ok || s->type.dims[0] != 1 || d->type.dims[1] > s->type.dims[1])
            pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "pl.move into Bias takes one row of FP32, FP16 or BF16 (into "
                         "FP32) or INT32 (into INT32), at least as wide (§17.4.3)");
    } else {
        pvc_error_at(t->d, op->loc, PVC_E_NOT_SUPPORTED, "pl.move Mat -> %s is not modelled yet (§17.2.4)",
                     pvc_mem_name(dm));
    }
    return 1;
}

/* compact=2 (RowPlusOne) moves a tile's bytes only in PTO's fractal-repacking copies: TMov and
 * TExtract into such a tile put NZ column blocks ceil16(valid rows) + 1 rows apart, TInsert out
 * of a ZN one reads its rows ceil16(valid cols) + 1 apart. TInsert out of an NZ or ND tile reads
 * the declared shape, as every other op does, and so does pvc (§17.3.3). 0 after the error. */
int ty_compact_ok(typer *t, pvc_op *op, const char *arg, int refused)
{
    const pvc_value *v = pvc_op_arg(op, arg);
    if (v->type.compact != 2 || !refused)
        return 1;
    pvc_error_at(t->d, pvc_op_arg_loc(op, arg), PVC_E_UNSUPPORTED, "%s %s a compact=2 (RowPlusOne) %s tile: PTO "
                 "then puts its %s, a layout pvc does not model yet (§17.3.3)", pvc_ops[op->code].name,
                 strcmp(arg, "src_tile") ? "into" : "out of", pvc_tile_layout_name(v->type.layout),
                 strcmp(arg, "src_tile") ? "column blocks ceil16(valid rows) + 1 rows apart"
                                         : "row blocks ceil16(valid cols) + 1 columns apart");
    return 0;
}

/* pl.insert(dst, src, [row, col]) and the pl.move pypto_pro makes one (§17.4.5): src's valid
 * shape at [row, col] of dst. Vec -> Mat on a vector core, Vec -> Vec anywhere. */
void ty_insert(typer *t, pvc_op *op)
{
    if (!ty_expect(t, op, "dst_tile", PVC_TY_TILE) || !ty_expect(t, op, "src_tile", PVC_TY_TILE))
        return;
    const pvc_value *d = pvc_op_arg(op, "dst_tile"), *s = pvc_op_arg(op, "src_tile");
    int dm = mem_of(d), sm = mem_of(s);
    if (sm != PVC_MEM_VEC || (dm != PVC_MEM_VEC && dm != PVC_MEM_MAT)) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "pl.insert puts a Vec tile into a Vec or Mat tile, not %s into %s "
                     "(§17.2.4)", pvc_mem_name(sm), pvc_mem_name(dm));
        return;
    }
    /* 4-bit tiles (FP4 MX operands) move by nibble, one dtype into Mat: the fractals as they
     * lie, as for every width (§17.5.5) */
    int nibbles = pvc_dtype_table[d->type.dtype].bits == 4 && d->type.dtype == s->type.dtype && dm == PVC_MEM_MAT;
    if (pvc_dtype_table[d->type.dtype].bits != pvc_dtype_table[s->type.dtype].bits ||
        (pvc_dtype_table[d->type.dtype].bits < 8 && !nibbles)) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "pl.insert copies one element width of 8 bits or more (4-bit "
                     "tiles: one dtype into a Mat tile), not %s into %s", dt_name(s->type.dtype), dt_name(d->type.dtype));
        return;
    }
    if (dm == PVC_MEM_MAT && !on_core(t, op, 0, "pl.insert into a Mat tile"))
        return;
    if (!ty_compact_ok(t, op, "src_tile", s->type.layout == PVC_TL_ZN))
        return;
    pvc_value *off[2];
    if (!offset_of(t, op, "offset", off))
        return;
    valid_attrs(t, op, s, "valid_rows", "valid_cols");
    offset_attrs(t, op, off);
    pvc_op_add_attr(t->m, op, "insert", cint(t, 1, op->loc), op->loc);
}

/* §17.8 C-T14: an ND -> NZ load writes a boxed tile's rows below its valid rows only (and the
 * zero columns up to the fractal edge), so the rhs rows from K up to the next multiple of C0
 * (32 bytes of the lhs dtype) may be stale; whether the device's mad reads them is open
 * (§17.9 #2), pvc multiplies k < K only. A constant K off that grid is warning W053. */
static void k_tail(typer *t, const pvc_op *op, const pvc_value *l, pvc_value *k)
{
    int64_t kk;
    int64_t c0 = 256 / (pvc_dtype_table[l->type.dtype].bits ? pvc_dtype_table[l->type.dtype].bits : 8);
    if (!pvc_const_int(k, &kk) || kk % c0 == 0)
        return;
    pvc_warn_at(t->d, op->loc, "%s: K = %lld (lhs's valid columns) is not a multiple of C0 = %lld: the device may "
                "multiply rhs rows %lld..%lld, which an ND -> NZ load leaves stale (a NaN or Inf there reaches dst); "
                "pvc multiplies k < K only (§17.8 C-T14) [%s]", pvc_ops[op->code].name, (long long)kk,
                (long long)c0, (long long)kk, (long long)((kk + c0 - 1) / c0 * c0 - 1),
                pvc_warn_code(PVC_W_CUBE_K_TAIL));
}

/* §17.8 C-T1: outside the sections of a mixed kernel one pl.get_block_idx() is two values, b on
 * the cube core and 2b + s on vector core s (pypto_pro picks the formula by the core each
 * program is compiled for, §17.1); inside a section the core is the section's. */
void ty_cube_block_idx(typer *t, const pvc_op *op)
{
    int mixed = PVC_SECTIONS_VECTOR | PVC_SECTIONS_CUBE;
    if (op->code != PVC_OP_PL_GET_BLOCK_IDX || t->section || (t->sections & mixed) != mixed)
        return;
    pvc_warn_at(t->d, op->loc, "pl.get_block_idx() outside the sections of a kernel with a section_cube and a "
                "section_vector: the cube core of block b reads b, its vector core s reads 2b + s (§17.8 C-T1) [%s]",
                pvc_warn_code(PVC_W_CUBE_BLOCK_IDX));
}

static int is_mx_fp8(int dt) { return dt == PVC_DT_FP8E4M3FN || dt == PVC_DT_FP8E5M2; }

static int is_mx_fp4(int dt) { return dt == PVC_DT_FP4E2M1 || dt == PVC_DT_FP4E1M2; }

/* pl.matmul_mx(dst, lhs, rhs, scale_a, scale_b) and pl.matmul_mx_acc(dst, acc, ...) (§17.5.5):
 * the spaces, an FP8 or an FP4 pair into FP32, E8M0 scales of [M, K/32] and [K/32, N], K a
 * multiple of 64 (pypto_pro's checks and PTO's static asserts). */
static void ty_matmul_mx(typer *t, pvc_op *op)
{
    int acc = op->code == PVC_OP_PL_MATMUL_MX_ACC;
    const char *name = pvc_ops[op->code].name;
    static const char *const args[] = {"dst_tile", "lhs_tile", "rhs_tile", "scale_a", "scale_b", "acc_tile"};
    static const int mems[] = {PVC_MEM_ACC, PVC_MEM_LEFT, PVC_MEM_RIGHT, PVC_MEM_SCALE_LEFT, PVC_MEM_SCALE_RIGHT,
                               PVC_MEM_ACC};
    const pvc_value *v[6];
    for (int i = 0; i < 5 + acc; i++)
        if (!ty_expect(t, op, args[i], PVC_TY_TILE))
            return;
    if (!on_core(t, op, 1, name))
        return;
    for (int i = 0; i < 5 + acc; i++) {
        v[i] = pvc_op_arg(op, args[i]);
        if (mem_of(v[i]) != mems[i]) {
            pvc_error_at(t->d, pvc_op_arg_loc(op, args[i]), PVC_E_CUBE_RULE, "%s: %s must be a tile in %s, not in %s "
                         "(§17.5.5)", name, args[i], pvc_mem_name(mems[i]), pvc_mem_name(mem_of(v[i])));
            return;
        }
    }
    const pvc_value *d = v[0], *l = v[1], *r = v[2], *sa = v[3], *sb = v[4];
    int lt = l->type.dtype, rt = r->type.dtype;
    if (!((is_mx_fp8(lt) && is_mx_fp8(rt)) || (is_mx_fp4(lt) && is_mx_fp4(rt))) || d->type.dtype != PVC_DT_FP32 ||
        (acc && v[5]->type.dtype != PVC_DT_FP32)) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "%s of %s x %s into %s does not compile: an FP8 pair (E4M3 / E5M2) "
                     "or an FP4 pair (E2M1 / E1M2) into FP32 (§17.5.5)", name, dt_name(lt), dt_name(rt),
                     dt_name(d->type.dtype));
        return;
    }
    if (sa->type.dtype != PVC_DT_FP8E8M0 || sb->type.dtype != PVC_DT_FP8E8M0) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "%s: the scales are FP8E8M0 tiles, not %s and %s (§17.5.5)", name,
                     dt_name(sa->type.dtype), dt_name(sb->type.dtype));
        return;
    }
    int64_t m = l->type.dims[0], k = l->type.dims[1], n = r->type.dims[1];
    const char *bad = NULL;
    char why[200];
    if (k % 64)
        snprintf(why, sizeof why, "K (lhs's %lld columns) must be a multiple of 64", (long long)k), bad = why;
    else if (r->type.dims[0] != k)
        snprintf(why, sizeof why, "lhs's K = %lld and rhs's %lld rows differ", (long long)k,
                 (long long)r->type.dims[0]), bad = why;
    else if (d->type.dims[0] != m || d->type.dims[1] != n)
        snprintf(why, sizeof why, "dst must be [lhs M, rhs N] = [%lld, %lld], not [%lld, %lld]", (long long)m,
                 (long long)n, (long long)d->type.dims[0], (long long)d->type.dims[1]), bad = why;
    else if (sa->type.dims[0] != m || sa->type.dims[1] != k / 32)
        snprintf(why, sizeof why, "scale_a must be [M, K/32] = [%lld, %lld], not [%lld, %lld]", (long long)m,
                 (long long)(k / 32), (long long)sa->type.dims[0], (long long)sa->type.dims[1]), bad = why;
    else if (sb->type.dims[0] != k / 32 || sb->type.dims[1] != n)
        snprintf(why, sizeof why, "scale_b must be [K/32, N] = [%lld, %lld], not [%lld, %lld]", (long long)(k / 32),
                 (long long)n, (long long)sb->type.dims[0], (long long)sb->type.dims[1]), bad = why;
    if (bad) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "%s: %s (§17.5.5)", name, bad);
        return;
    }
    if (acc && v[5] != d && v[5]->type.ub_addr != d->type.ub_addr)
        pvc_warn_at(t->d, op->loc, "pl.matmul_mx_acc adds to dst's old value; acc_tile only gives the type (§17.8 C-T2) [%s]",
                    pvc_warn_code(PVC_W_CUBE_MATMUL_ACC));
    pvc_op_add_attr(t->m, op, "m", ty_valid_dim(t, l, 0, op->loc), op->loc);
    pvc_value *kv = ty_valid_dim(t, l, 1, op->loc);
    pvc_op_add_attr(t->m, op, "k", kv, op->loc);
    pvc_op_add_attr(t->m, op, "n", ty_valid_dim(t, r, 1, op->loc), op->loc);
    k_tail(t, op, l, kv);
}

/* pl.matmul(dst, lhs, rhs[, bias]) and pl.matmul_acc(dst, acc, lhs, rhs) (§17.5); the MX forms
 * above. */
void ty_matmul(typer *t, pvc_op *op)
{
    if (op->code == PVC_OP_PL_MATMUL_MX || op->code == PVC_OP_PL_MATMUL_MX_ACC) {
        ty_matmul_mx(t, op);
        return;
    }
    int acc = op->code == PVC_OP_PL_MATMUL_ACC;
    const char *name = pvc_ops[op->code].name;
    if (!ty_expect(t, op, "dst_tile", PVC_TY_TILE) || !ty_expect(t, op, "lhs_tile", PVC_TY_TILE) ||
        !ty_expect(t, op, "rhs_tile", PVC_TY_TILE) || (acc && !ty_expect(t, op, "acc_tile", PVC_TY_TILE)) ||
        !on_core(t, op, 1, name))
        return;
    const pvc_value *d = pvc_op_arg(op, "dst_tile"), *l = pvc_op_arg(op, "lhs_tile"), *r = pvc_op_arg(op, "rhs_tile");
    const pvc_value *b = acc ? NULL : pvc_op_arg(op, "bias_tile");
    if (b && b->kind == PVC_V_NONE)
        b = NULL;
    if (mem_of(d) != PVC_MEM_ACC || mem_of(l) != PVC_MEM_LEFT || mem_of(r) != PVC_MEM_RIGHT ||
        (b && mem_of(b) != PVC_MEM_BIAS) || (acc && mem_of(pvc_op_arg(op, "acc_tile")) != PVC_MEM_ACC)) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "%s takes an Acc dst, a Left lhs and a Right rhs%s, not %s, %s, %s "
                     "(§17.5.1)", name, acc ? " (and an Acc acc)" : " (and a Bias bias)", pvc_mem_name(mem_of(d)),
                     pvc_mem_name(mem_of(l)), pvc_mem_name(mem_of(r)));
        return;
    }
    int want = (int)pvc_mad_acc_dtype((pvc_dtype)l->type.dtype, (pvc_dtype)r->type.dtype);
    if (want == PVC_DT_COUNT || d->type.dtype != want || (b && b->type.dtype != want)) {
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "%s of %s x %s into %s%s does not compile: INT8 x INT8 -> INT32; "
                     "FP16, BF16, FP32, FP8 and HF8 pairs -> FP32 (§17.5.2, trap C-T3)", name, dt_name(l->type.dtype),
                     dt_name(r->type.dtype), dt_name(d->type.dtype), b ? " with its bias" : "");
        return;
    }
    if (acc && pvc_op_arg(op, "acc_tile") != d && pvc_op_arg(op, "acc_tile")->type.ub_addr != d->type.ub_addr)
        pvc_warn_at(t->d, op->loc, "pl.matmul_acc adds to dst's old value; acc_tile only gives the type (§17.8 C-T2) [%s]",
                    pvc_warn_code(PVC_W_CUBE_MATMUL_ACC));
    pvc_op_add_attr(t->m, op, "m", ty_valid_dim(t, l, 0, op->loc), op->loc);
    pvc_value *kv = ty_valid_dim(t, l, 1, op->loc);
    pvc_op_add_attr(t->m, op, "k", kv, op->loc);
    pvc_op_add_attr(t->m, op, "n", ty_valid_dim(t, r, 1, op->loc), op->loc);
    k_tail(t, op, l, kv);
}

/* pl.system.set_cross_core / wait_cross_core (§17.7): an int event id below 16 (a constant
 * one checked here, a run-time one by the runtime). */
void ty_cross(typer *t, pvc_op *op)
{
    const pvc_value *e = pvc_op_arg(op, "event_id");
    int64_t id;
    if (!e || e->kind == PVC_V_NONE || !ty_int_valued(e)) {
        pvc_error_at(t->d, e ? pvc_op_arg_loc(op, "event_id") : op->loc, PVC_E_CUBE_RULE, "%s needs event_id=, an int",
                     pvc_ops[op->code].name);
        return;
    }
    if (pvc_const_int(e, &id) && (id < 0 || id >= 16))
        pvc_error_at(t->d, pvc_op_arg_loc(op, "event_id"), PVC_E_LITERAL, "event_id=%lld of %s is not in [0, 16) "
                     "(§17.7)", (long long)id, pvc_ops[op->code].name);
    if (!given(op, "pipe"))
        pvc_error_at(t->d, op->loc, PVC_E_CUBE_RULE, "%s needs pipe=, a pl.PipeType", pvc_ops[op->code].name);
}
