/* dispatch_mem.c - the dispatch pass (dispatch.c): vf.load_align / store_align (§2, §3), the
 * unaligned family (§4) and the unified vf.load / vf.store (§10.16) as machine ops. */
#include "passes/dispatch.h"

/* ---- loads (§2) ---- */
/* A mask load/store offset is a byte count or an AddrReg (§2.5, §3.6): a [row, col] list or
 * a register there has no meaning, and would otherwise be dropped. */
static int mask_offset_ok(dispatcher *x, const pvc_op *op, const pvc_value *off)
{
    if (!off || off->kind == PVC_V_NONE || is_int(off) || dx_is_areg(off))
        return 1;
    /* dx_store_align(tile, preg, src): a mask in src's place makes a mask store of it, and the
     * register lands in the offset's place (§3.6) */
    int swapped = op->code == PVC_OP_VF_STORE_ALIGN && off->type.kind == PVC_TY_REG;
    pvc_error_at(x->d, off->kind == PVC_V_VAR ? op->loc : off->loc, PVC_E_TYPE,
                 "the offset of a mask %s is a byte count (an int) or an AddrReg, not a %s (§2.5, §3.6)%s",
                 op->code == PVC_OP_VF_LOAD_ALIGN ? "load" : "store",
                 off->type.kind == PVC_TY_LIST ? "[row, col] list" : pvc_type_kind_name(off->type.kind),
                 swapped ? "; vf.store_align takes (tile, src, preg): are src and preg swapped?" : "");
    return 0;
}

static void load_to_mask(dispatcher *x, pvc_op *op, pvc_value *base, pvc_value *toff)
{
    if (is_datablock(op)) {
        pvc_error_at(x->d, op->loc, PVC_E_MASK_FORM,
                     "DATA_BLOCK_COPY cannot load into mask register '%s' (§2.4, §2.5)",
                     op->results[0]->name ? op->results[0]->name : "?");
        return;
    }
    int g = enum_arg(op, "dist", PVC_NS_LoadDist, PVC_LD_NORM);
    int md = g == PVC_LD_NORM ? PVC_MD_LD_NORM : g == PVC_LD_US ? PVC_MD_LD_US : g == PVC_LD_DS ? PVC_MD_LD_DS : -1;
    if (md < 0) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "dist"), PVC_E_DIST,
                     "dist %s is not legal for a mask destination (NORM, US or DS, §2.5)",
                     pvc_load_dist_table[g].name);
        return;
    }
    pvc_value *off = pvc_op_arg(op, "offset");
    dx_place p;
    if (!mask_offset_ok(x, op, off) ||
        !dx_place_of(x, op, base, toff, off, DX_OFF_BYTES, flag_arg(op, "post_update"), "§2.5", &p))
        return;
    pvc_op *ld = emit(x, p.cursor ? PVC_OP_M_LD_MASK_POST : PVC_OP_M_LD_MASK, op->loc, op->results[0]);
    dx_place_operands(x, ld, &p);
    attr(x, ld, "dist", cenum(x, PVC_NS_MaskDist, md, op->loc));
}

static void load_datablock(dispatcher *x, pvc_op *op, pvc_value *base, pvc_value *toff)
{
    pvc_value *mask = pvc_op_arg(op, "offset");
    if (kind_of(mask) != PVC_TY_MASK) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE,
                     "DATA_BLOCK_COPY load_align takes a mask register as its second argument (§2.4)");
        return;
    }
    int64_t bs = 1, rs = 0;
    pvc_const_int(pvc_op_arg(op, "block_stride"), &bs);
    pvc_const_int(pvc_op_arg(op, "repeat_stride"), &rs);
    if (lane(op->results[0]->type.dtype) == 8)
        pvc_error_at(x->d, op->loc, PVC_E_DIST, "DATA_BLOCK_COPY has no 64-bit form (§2.4)");
    dx_place p;
    if (!dx_place_of(x, op, base, toff, NULL, DX_OFF_BASE, flag_arg(op, "post_update"), "§2.4", &p))
        return;
    pvc_op *ld = emit(x, p.cursor ? PVC_OP_M_LD_BLK_POST : PVC_OP_M_LD_BLK, op->loc, op->results[0]);
    dx_place_operands(x, ld, &p);
    operand(x, ld, mask);
    attr(x, ld, "block_stride", cint(x, bs, op->loc));
    if (p.cursor)
        attr(x, ld, "repeat_stride", cint(x, rs, op->loc));
}

/* The two dist tables share one resolution rule: an explicit dist must match the element
 * width (w 0 = any), a generic one goes through the runtime's resolve table (§2.2, §3.1). */
typedef struct {
    const pvc_dist_info *table;
    int (*resolve)(int g, int dt);
    int none;             /* the resolver's "no legal form" */
    const char *section;  /* docs/SEMANTICS.md section for the messages */
} dist_family;

static int resolve_load(int g, int dt)
{
    return (int)pvc_load_dist_resolve((pvc_load_dist)g, (pvc_dtype)dt);
}

static int resolve_store(int g, int dt)
{
    return (int)pvc_store_dist_resolve((pvc_store_dist)g, (pvc_dtype)dt);
}

static const dist_family load_dists = {pvc_load_dist_table, resolve_load, PVC_LD_NONE, "§2.2"};
static const dist_family store_dists = {pvc_store_dist_table, resolve_store, PVC_ST_NONE, "§3.1"};

/* Explicit dist of family f for dist g on a register of dtype dt, or -1 after an error. */
static int explicit_dist(dispatcher *x, pvc_span at, const dist_family *f, int g, int dt)
{
    const pvc_dist_info *info = &f->table[g];
    if (info->kind == PVC_DIST_E) {
        /* a store's explicit NORM_B16 / INTLV_B32 is used as given on any register: its bytes
         * go out as lanes of that width (§3.1; the 8-bit gather of §10.13 is stored so) */
        if (info->w && info->w != lane(dt) && f != &store_dists) {
            pvc_error_at(x->d, at, PVC_E_DIST, "dist %s works on %d-bit elements, not on a %s "
                         "register (%s)", info->name, info->w * 8, pvc_dtype_pyname(dt), f->section);
            return -1;
        }
        return g;
    }
    int r = f->resolve(g, dt);
    if (r == f->none) {
        pvc_error_at(x->d, at, PVC_E_DIST, "dist %s has no form for a %s register (%s)",
                     info->name, pvc_dtype_pyname(dt), f->section);
        return -1;
    }
    return r;
}

/* Explicit load dist for dist g on a register of dtype dt, or -1 after an error (§2.2). */
static int load_dist(dispatcher *x, const pvc_op *op, int g, int dt)
{
    const pvc_dist_info *info = &pvc_load_dist_table[g];
    pvc_span at = pvc_op_arg_loc(op, "dist");
    if (lane(dt) == 8 && g != PVC_LD_NORM) {
        pvc_error_at(x->d, at, PVC_E_DIST, "dist %s on a %s register: 64-bit registers load only "
                     "with NORM (§2.2)", info->name, pvc_dtype_pyname(dt));
        return -1;
    }
    int r = explicit_dist(x, at, &load_dists, g, dt);
    if (r >= 0 && r != g && pvc_load_dist_table[r].w && pvc_load_dist_table[r].w != lane(dt))
        pvc_warn_at(x->d, at, "dist %s on a %s register resolves to %s, which works on %d-bit "
                    "elements (§2.2) [%s]", info->name, pvc_dtype_pyname(dt),
                    pvc_load_dist_table[r].name, pvc_load_dist_table[r].w * 8,
                    pvc_warn_code(PVC_W_US_DS_B16));
    return r;
}

void dx_load_align(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff;
    if (!dx_tile_of(x, op, "tile", &base, &toff))
        return;
    if (op->nresults == 1 && op->results[0]->type.kind == PVC_TY_MASK) {
        load_to_mask(x, op, base, toff);
        return;
    }
    if (is_datablock(op)) {
        load_datablock(x, op, base, toff);
        return;
    }
    int two = op->nresults == 2, dt = op->results[0]->type.dtype;
    int g = enum_arg(op, "dist", PVC_NS_LoadDist, two ? PVC_LD_DINTLV : PVC_LD_NORM);
    if (pvc_load_dist_table[g].nreg != (two ? 2 : 1)) {
        pvc_error_at(x->d, op->loc, PVC_E_RESULTS, "dist %s gives %d register%s; assign %s",
                     pvc_load_dist_table[g].name, pvc_load_dist_table[g].nreg,
                     pvc_load_dist_table[g].nreg == 2 ? "s" : "",
                     pvc_load_dist_table[g].nreg == 2 ? "two names (§2.3)" : "one name");
        return;
    }
    int dist = load_dist(x, op, g, dt);
    if (dist < 0)
        return;
    dx_place p;
    if (!dx_place_of(x, op, base, toff, pvc_op_arg(op, "offset"), DX_OFF_ELEMS, flag_arg(op, "post_update"),
                     "§2.1", &p))
        return;
    pvc_opcode code = p.cursor ? (two ? PVC_OP_M_LD_X2_POST : PVC_OP_M_LD_REG_POST)
                               : (two ? PVC_OP_M_LD_X2 : PVC_OP_M_LD_REG);
    pvc_op *ld = emit(x, code, op->loc, op->results[0]);
    dx_place_operands(x, ld, &p);
    if (two)
        pvc_op_add_result(x->m, ld, op->results[1]);
    attr(x, ld, "dist", cenum(x, PVC_NS_LoadDist, dist, op->loc));
}

/* ---- stores (§3) ---- */
static void store_mask(dispatcher *x, pvc_op *op, pvc_value *base, pvc_value *toff, pvc_value *src)
{
    if (is_datablock(op)) {
        pvc_error_at(x->d, op->loc, PVC_E_MASK_FORM, "DATA_BLOCK_COPY cannot store a mask register (§3.6)");
        return;
    }
    int g = enum_arg(op, "dist", PVC_NS_StoreDist, PVC_ST_NORM);
    int md = g == PVC_ST_NORM ? PVC_MD_ST_NORM : g == PVC_ST_PACK ? PVC_MD_ST_PACK : -1;
    if (md < 0) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "dist"), PVC_E_DIST,
                     "dist %s is not legal for a mask source (NORM or PACK, §3.6)",
                     pvc_store_dist_table[g].name);
        return;
    }
    pvc_value *off = pvc_op_arg(op, "preg"); /* mask form: the third positional is the offset */
    if (!off)
        off = pvc_op_arg(op, "offset");
    dx_place p;
    if (!mask_offset_ok(x, op, off) ||
        !dx_place_of(x, op, base, toff, off, DX_OFF_STEP, flag_arg(op, "post_update"), "§3.6", &p))
        return;
    if (p.dropped)
        pvc_warn_at(x->d, op->loc, "the offset of a mask store without post_update is dropped "
                    "by the lowering; the mask is stored at the tile base (§3.6); use "
                    "'tile + k' or post_update=True [%s]", pvc_warn_code(PVC_W_MASK_OFFSET_DROPPED));
    pvc_op *st = emit(x, p.cursor ? PVC_OP_M_ST_MASK_POST : PVC_OP_M_ST_MASK, op->loc, NULL);
    dx_place_operands(x, st, &p);
    operand(x, st, src);
    attr(x, st, "dist", cenum(x, PVC_NS_MaskDist, md, op->loc));
}

static void store_datablock(dispatcher *x, pvc_op *op, pvc_value *base, pvc_value *toff, pvc_value *src)
{
    pvc_value *mask = pvc_op_arg(op, "preg");
    if (kind_of(mask) != PVC_TY_MASK) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "DATA_BLOCK_COPY store_align needs a mask register");
        return;
    }
    /* 4th / 5th positionals are block_stride / repeat_stride here (§3.5). */
    pvc_value *bsv = op->noperands > 3 ? op->operands[3] : pvc_op_arg(op, "block_stride");
    pvc_value *rsv = pvc_op_arg(op, "repeat_stride");
    int64_t bs = 1, rs = 0;
    if ((bsv && !pvc_const_int(bsv, &bs)) || (rsv && !pvc_const_int(rsv, &rs))) {
        pvc_error_at(x->d, op->loc, PVC_E_NOT_CONST, "block_stride and repeat_stride must be integer constants");
        return;
    }
    dx_place p;
    if (!dx_place_of(x, op, base, toff, NULL, DX_OFF_BASE, flag_arg(op, "post_update"), "§3.5", &p))
        return;
    pvc_op *st = emit(x, p.cursor ? PVC_OP_M_ST_BLK_POST : PVC_OP_M_ST_BLK, op->loc, NULL);
    dx_place_operands(x, st, &p);
    operand(x, st, src);
    operand(x, st, mask);
    attr(x, st, "block_stride", cint(x, bs, op->loc));
    if (st->code == PVC_OP_M_ST_BLK_POST)
        attr(x, st, "repeat_stride", cint(x, rs, op->loc));
}

/* Explicit store dist for g on a source of dtype dt, or -1 after an error (§3.1). */
static int store_dist(dispatcher *x, const pvc_op *op, int g, int dt)
{
    return explicit_dist(x, pvc_op_arg_loc(op, "dist"), &store_dists, g, dt);
}

void dx_store_align(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *src = pvc_op_arg(op, "src");
    if (!dx_tile_of(x, op, "tile", &base, &toff))
        return;
    if (kind_of(src) == PVC_TY_MASK) {
        store_mask(x, op, base, toff, src);
        return;
    }
    if (kind_of(src) != PVC_TY_REG) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "vf.store_align stores a register or a mask register");
        return;
    }
    if (is_datablock(op)) {
        store_datablock(x, op, base, toff, src);
        return;
    }
    int g = enum_arg(op, "dist", PVC_NS_StoreDist, PVC_ST_NORM);
    int dist = store_dist(x, op, g, src->type.dtype);
    if (dist < 0)
        return;
    if (pvc_store_dist_table[dist].nreg == 2) {
        pvc_value *s1 = pvc_op_arg(op, "preg"); /* (tile, even, odd, mask): mask ignored (§3.4) */
        if (kind_of(s1) != PVC_TY_REG || s1->type.dtype != src->type.dtype) {
            pvc_error_at(x->d, op->loc, PVC_E_TYPE, "dist %s stores two registers of one dtype: "
                         "vf.store_align(tile, even, odd, mask, dist=...) (§3.4)",
                         pvc_store_dist_table[g].name);
            return;
        }
        pvc_value *a = dx_ub_addr(x, base, toff, NULL, op->loc);
        pvc_op *st = emit(x, PVC_OP_M_ST_X2, op->loc, NULL);
        operand(x, st, a);
        operand(x, st, src);
        operand(x, st, s1);
        attr(x, st, "dist", cenum(x, PVC_NS_HwStoreDist, dist, op->loc));
        return;
    }
    pvc_value *mask = pvc_op_arg(op, "preg"), *off = pvc_op_arg(op, "offset");
    if (kind_of(mask) != PVC_TY_MASK) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'preg' of vf.store_align must be a mask register");
        return;
    }
    dx_place p;
    if (!dx_place_of(x, op, base, toff, off, DX_OFF_ELEMS, flag_arg(op, "post_update"), "§3.2", &p))
        return;
    pvc_op *st = emit(x, p.cursor ? PVC_OP_M_ST_REG_POST : PVC_OP_M_ST_REG, op->loc, NULL);
    dx_place_operands(x, st, &p);
    operand(x, st, src);
    operand(x, st, mask);
    attr(x, st, "dist", cenum(x, PVC_NS_HwStoreDist, dist, op->loc));
}

/* ---- unaligned family (§4) ---- */
void dx_remember_ureg(dispatcher *x, pvc_value *u, pvc_value *cursor)
{
    for (int i = 0; i < x->nuregs; i++)
        if (x->uregs[i] == u) {
            x->ucur[i] = cursor;
            return;
        }
    if (x->nuregs == x->capuregs)
        PVC_BUG("more store uregs than the function's %d variables", x->capuregs);
    x->uregs[x->nuregs] = u;
    x->ucur[x->nuregs++] = cursor;
}

static void ustream_flags(dispatcher *x, const pvc_op *op, int has_stride);

void dx_load_unalign(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *u = pvc_op_arg(op, "ureg"), *stride = pvc_op_arg(op, "stride");
    if (!dx_tile_of(x, op, "tile", &base, &toff))
        return;
    if (kind_of(u) != PVC_TY_UREG_LOAD) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'ureg' of %s must come from vf.load_unalign_init()",
                     pvc_ops[op->code].name);
        return;
    }
    if (op->code == PVC_OP_VF_LOAD_UNALIGN_PRE) { /* the plain tile base, not the cursor (§4) */
        pvc_value *a = dx_ub_addr(x, base, toff, NULL, op->loc);
        pvc_op *p = emit(x, PVC_OP_M_LDU_PRE, op->loc, NULL);
        operand(x, p, u);
        operand(x, p, a);
        return;
    }
    pvc_op *ld;
    ustream_flags(x, op, stride != NULL);
    if (!stride) {
        pvc_value *a = dx_ub_addr(x, base, toff, NULL, op->loc);
        ld = emit(x, PVC_OP_M_LDU, op->loc, op->results[0]);
        operand(x, ld, u);
        operand(x, ld, a);
        return;
    }
    pvc_value *c = dx_cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    if (dx_is_areg(stride)) {
        ld = emit(x, PVC_OP_M_LDU_AREG, op->loc, op->results[0]);
        operand(x, ld, u);
        operand(x, ld, c);
        operand(x, ld, stride);
    } else if (is_int(stride)) { /* stride in register elements (§4) */
        pvc_value *step = dx_elem_bytes(x, stride, op->results[0]->type.dtype, op->loc);
        ld = emit(x, PVC_OP_M_LDU_POST, op->loc, op->results[0]);
        operand(x, ld, u);
        operand(x, ld, c);
        operand(x, ld, step);
    } else
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "stride of vf.load_unalign must be an int or an AddrReg");
}

static int stu_elem_bytes(int dt)
{
    return lane(dt) == 8 ? 4 : (int)lane(dt); /* INT64 goes through a 32-bit pointer (§8 #4) */
}

void dx_store_unalign(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *src = pvc_op_arg(op, "src"), *u = pvc_op_arg(op, "ureg");
    pvc_value *count = pvc_op_arg(op, "count");
    if (!dx_tile_of(x, op, "tile", &base, &toff))
        return;
    if (kind_of(u) != PVC_TY_UREG_STORE) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'ureg' of vf.store_unalign must come from vf.unalign_reg_for_store()");
        return;
    }
    pvc_value *c = dx_cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    pvc_op *st;
    if (kind_of(src) == PVC_TY_MASK) {
        /* The packing follows the mask's IR dtype (the lowering picks the pointer type from
         * it), not the tile's (§4.3, decision 1). */
        int gran = (int)lane(src->type.dtype);
        if (gran != 2 && gran != 4) {
            pvc_error_at(x->d, op->loc, PVC_E_TYPE, "a mask store_unalign packs at 16 or 32 bits, and "
                         "mask '%s' has dtype %s (§4.3)", src->name ? src->name : "?",
                         pvc_dtype_pyname(src->type.dtype));
            return;
        }
        if (base->type.dtype >= 0 && lane(base->type.dtype) != gran)
            pvc_warn_at(x->d, op->loc, "mask '%s' is %s, so it packs at %d bits (%d bytes), not at the "
                        "%d-bit granularity of the %s tile the docs describe (§4.3) [%s]",
                        src->name ? src->name : "?", pvc_dtype_pyname(src->type.dtype), gran * 8,
                        pvc_mask_stu_bytes((unsigned)gran), (int)lane(base->type.dtype) * 8,
                        pvc_dtype_pyname(base->type.dtype), pvc_warn_code(PVC_W_MASK_PACK_WIDTH));
        st = emit(x, PVC_OP_M_STU_MASK, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, src);
        operand(x, st, u);
        attr(x, st, "gran", cint(x, gran, op->loc));
    } else if (kind_of(src) != PVC_TY_REG) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "vf.store_unalign stores a register or a mask register");
        return;
    } else if (!count) { /* vstur: SQZN bytes at cursor + AR, then AR += SQZN (§4, §10.9) */
        st = emit(x, PVC_OP_M_STU_AR, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, src);
        operand(x, st, u);
    } else if (dx_is_areg(count)) {
        st = emit(x, PVC_OP_M_STU_AREG, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, count);
        operand(x, st, src);
        operand(x, st, u);
        attr(x, st, "elem_bytes", cint(x, stu_elem_bytes(src->type.dtype), op->loc));
    } else if (is_int(count)) {
        int post = flag_arg(op, "post_update");
        if (!post)
            pvc_warn_at(x->d, op->loc, "vf.store_unalign without post_update=True does not advance "
                        "the cursor, so store_unalign_post flushes at the old address (§4.2) [%s]",
                        pvc_warn_code(PVC_W_STU_NO_POST));
        st = emit(x, PVC_OP_M_STU, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, src);
        operand(x, st, u);
        operand(x, st, count);
        attr(x, st, "elem_bytes", cint(x, stu_elem_bytes(src->type.dtype), op->loc));
        attr(x, st, "post", cbool(x, post, op->loc));
    } else {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "count of vf.store_unalign must be an int or an AddrReg");
        return;
    }
    dx_remember_ureg(x, u, c);
}

void dx_store_unalign_post(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *u = pvc_op_arg(op, "ureg"), *stride = pvc_op_arg(op, "stride");
    if (!dx_tile_of(x, op, "tile", &base, &toff))
        return;
    if (kind_of(u) != PVC_TY_UREG_STORE) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "'ureg' of vf.store_unalign_post must come from vf.unalign_reg_for_store()");
        return;
    }
    pvc_value *c = dx_cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    pvc_value *cur = c, *step;
    int post = flag_arg(op, "post_update");
    if (!stride) { /* vstar: the parked bytes at floor32(cursor + AR) (§4) */
        pvc_warn_at(x->d, op->loc, "the 2-argument vf.store_unalign_post may hang the device (PP-D); "
                    "pass a stride, e.g. 0, and post_update=True [%s]", pvc_warn_code(PVC_W_FLUSH_NO_STRIDE));
        pvc_op *st = emit(x, PVC_OP_M_STU_FLUSH_AR, op->loc, NULL);
        operand(x, st, c);
        operand(x, st, u);
        dx_remember_ureg(x, u, c);
        return;
    } else if (dx_is_areg(stride)) { /* flush at cursor + areg, the cursor stays (§4.4 [I]) */
        cur = tmp_int(x, op->loc);
        pvc_op *a = emit(x, PVC_OP_PY_ADD, op->loc, cur);
        operand(x, a, c);
        operand(x, a, stride);
        step = cint(x, 0, op->loc);
        post = 0;
    } else if (is_int(stride)) { /* tile elements; every example passes 0 (§4) */
        step = dx_elem_bytes(x, stride, base->type.dtype, op->loc);
    } else {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "stride of vf.store_unalign_post must be an int or an AddrReg");
        return;
    }
    pvc_op *st = emit(x, PVC_OP_M_STU_FLUSH, op->loc, NULL);
    operand(x, st, cur);
    operand(x, st, u);
    operand(x, st, step);
    attr(x, st, "post", cbool(x, post, op->loc));
    dx_remember_ureg(x, u, c);
}

/* ---- unified vf.load / vf.store (§10.16) ---- */
/* T13: the keywords PP-BE never reads, warned where they would change something. */
static void ustream_flags(dispatcher *x, const pvc_op *op, int has_stride)
{
    const char *why = NULL;
    if (op->code == PVC_OP_VF_STORE && pvc_op_arg(op, "post_update") && !flag_arg(op, "post_update"))
        why = "post_update=False is not read: the cursor advances by count";
    else if (op->code != PVC_OP_VF_STORE && !has_stride && flag_arg(op, "post_update"))
        why = "post_update=True without a stride is not read: the cursor stays";
    else if (pvc_op_arg(op, "count") && op->code == PVC_OP_VF_LOAD)
        why = "count= is not read: 256 bytes are loaded";
    else if (pvc_op_arg(op, "repeat_stride"))
        why = "repeat_stride= is not read";
    if (why)
        pvc_warn_at(x->d, op->loc, "%s: %s (§10.16, §12 T13) [%s]", pvc_ops[op->code].name, why,
                    pvc_warn_code(PVC_W_USTREAM_FLAGS));
}

void dx_unified_load(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *stride = pvc_op_arg(op, "stride");
    if (!dx_tile_of(x, op, "src_ptr", &base, &toff))
        return;
    ustream_flags(x, op, stride != NULL);
    if (!stride) {
        pvc_value *a = dx_ub_addr(x, base, toff, NULL, op->loc); /* emitted before the load */
        operand(x, emit(x, PVC_OP_M_ULD, op->loc, op->results[0]), a);
        return;
    }
    if (!is_int(stride)) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "stride"), PVC_E_TYPE, "stride of vf.load must be an int "
                     "(elements of the tile dtype)");
        return;
    }
    pvc_value *c = dx_cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    pvc_op *ld = emit(x, PVC_OP_M_ULD_POST, op->loc, op->results[0]);
    operand(x, ld, c);
    operand(x, ld, stride);
    attr(x, ld, "dtype", cdtype(x, op->results[0]->type.dtype, op->loc));
}

void dx_unified_store(dispatcher *x, pvc_op *op)
{
    pvc_value *base, *toff, *src = pvc_op_arg(op, "src"), *count = pvc_op_arg(op, "count");
    if (!dx_tile_of(x, op, "dst_ptr", &base, &toff))
        return;
    if (kind_of(src) != PVC_TY_REG) {
        pvc_error_at(x->d, op->loc, PVC_E_TYPE, "vf.store stores a register");
        return;
    }
    if (count && !is_int(count)) {
        pvc_error_at(x->d, pvc_op_arg_loc(op, "count"), PVC_E_TYPE, "count of vf.store must be an int");
        return;
    }
    ustream_flags(x, op, 0);
    pvc_value *c = dx_cursor_of(x, base, toff, op->loc);
    if (!c)
        return;
    pvc_op *st = emit(x, PVC_OP_M_UST, op->loc, NULL);
    operand(x, st, c);
    operand(x, st, src);
    operand(x, st, count ? count : cint(x, PVC_VL / lane(src->type.dtype), op->loc)); /* default: 256/w */
    attr(x, st, "dtype", cdtype(x, src->type.dtype, op->loc));
}
