/* test_passes.c - the middle of the compiler: op/enum tables, resolve, types
 * (specialisation), dispatch (machine ops and their operands) and check, on small programs
 * held in memory. Expected values are derived from docs/SEMANTICS.md by hand (comments). */
#include <string.h>

#include "passes/passes.h"
#include "pvc.h"
#include "sim/cost.h"
#include "unit.h"

static const char *jit_two_calls =
    "import pypto_pro.language as pl\n"
    "@pl.vector_function\n"
    "def vf(src_tile, dst_tile, n):\n"
    "    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n"
    "    k = 2 * 16 + 32\n"
    "    for i in pl.range(0, n, 1):\n"
    "        a = vf.create_addr_reg(k, dtype=pl.DT_FP32)\n"
    "        r = vf.load_align(src_tile, a)\n"
    "        vf.store_align(dst_tile + 1 * 64, r, preg, 64, post_update=True)\n"
    "@pl.jit()\n"
    "def kern(x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], rows: int):\n"
    "    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)\n"
    "    g = pl.make_tile_group(type=tf, addrs=0x400, mutex_ids=[0, 1])\n"
    "    t0 = g.current()\n"
    "    t1 = g.next()\n"
    "    with pl.section_vector():\n"
    "        pl.load(t0, x, [1, 0])\n"
    "        vf(t0, t1, rows)\n"
    "        vf(t1, t0, 2)\n"
    "        vf(t0, t1, 3)\n";

static int compile(pvc_unit *u, const char *text, const char *stop)
{
    pvc_source src;
    if (pvc_source_from_mem(&src, "t.py", text, strlen(text)))
        return -1;
    pvc_unit_init(u, src, NULL);
    return pvc_run_passes(u, stop, NULL, NULL);
}

static const pvc_op *find_op(const pvc_block *b, pvc_opcode code)
{
    for (int i = 0; i < b->nops; i++) {
        if (b->ops[i]->code == code)
            return b->ops[i];
        if (b->ops[i]->body) {
            const pvc_op *o = find_op(b->ops[i]->body, code);
            if (o)
                return o;
        }
    }
    return NULL;
}

static int64_t attr_i(const pvc_op *op, const char *k)
{
    const pvc_attr *a = pvc_op_attr(op, k);
    return a ? a->val->i : -999;
}

static void test_tables(void)
{
    int64_t v;
    /* enum members are the runtime's values, one list each (ops.c) */
    UNIT_CHECK(!pvc_enum_member_lookup(PVC_NS_LoadDist, "US_B16", 6, &v) && v == PVC_LD_US_B16, "LoadDist.US_B16");
    UNIT_CHECK(!pvc_enum_member_lookup(PVC_NS_LoadDist, "DINTLV", 6, &v) && v == PVC_LD_DINTLV, "LoadDist.DINTLV");
    UNIT_CHECK(!pvc_enum_member_lookup(PVC_NS_MaskPattern, "ALLF", 4, &v) && v == PVC_PAT_ALLF, "ALLF");
    UNIT_CHECK(!pvc_enum_member_lookup(PVC_NS_MemBarMode, "SV_ALL", 6, &v) && v == PVC_MEMBAR_SV_ALL, "SV_ALL");
    UNIT_CHECK(!pvc_enum_member_lookup(PVC_NS_StoreDist, "PACK4", 5, &v) && v == PVC_ST_PACK4, "PACK4");
    UNIT_CHECK(pvc_enum_member_lookup(PVC_NS_StoreDist, "NORM_B32", 8, &v) != 0, "NORM_B32 is not a pypto StoreDist");
    UNIT_CHECK(pvc_enum_ns_lookup("HwStoreDist", 11) < 0, "machine namespaces are not pl.<NS>");
    UNIT_CHECK(pvc_op_lookup("ld.reg", 6) < 0, "machine ops are not DSL names");
    /* Machine rows (ops.h PVC_MOPS): each calls the runtime, names every operand, result
     * and attribute in its call, and lowers only GENERIC DSL ops; every GENERIC op has a row. */
    for (int code = PVC_OP_MFIRST; code < PVC_OP_COUNT; code++) {
        const pvc_mop *m = pvc_mop_of(code);
        UNIT_CHECK(pvc_ops[code].flags & PVC_OPF_MACHINE, "%s is flagged MACHINE", m->name);
        UNIT_CHECK(strstr(m->call, "pvc_") != NULL, "%s calls the runtime: %s", m->name, m->call);
        for (int i = 0; i < m->nopnd; i++)
            UNIT_CHECK(strstr(m->call, m->opnd[i].name) != NULL, "%s's call uses operand %s", m->name, m->opnd[i].name);
        for (int i = 0; i < m->nres; i++)
            UNIT_CHECK(strstr(m->call, m->res[i].name) != NULL, "%s's call uses result %s", m->name, m->res[i].name);
        UNIT_CHECK(m->from == PVC_OP_NONE || (pvc_ops[m->from].flags & (PVC_OPF_GENERIC | PVC_OPF_TILE)),
                   "%s lowers a GENERIC or a tile op", m->name);
        /* the level column (ops.h PVC_LEVELS): a GENERIC row works at its DSL op's level */
        UNIT_CHECK(m->level < PVC_LV_COUNT && m->level == pvc_ops[code].level, "%s: one level in both rows", m->name);
        UNIT_CHECK(m->from == PVC_OP_NONE || m->level == pvc_ops[m->from].level, "%s: the level of %s", m->name,
                   pvc_ops[m->from].name);
    }
    for (int code = 0; code < PVC_OP_MFIRST; code++) {
        unsigned f = pvc_ops[code].flags;
        pvc_level lv = pvc_ops[code].level;
        UNIT_CHECK(!(f & (PVC_OPF_CORE | PVC_OPF_CTRL)) || lv == PVC_LV_SCALAR, "%s: Python syntax is scalar",
                   pvc_ops[code].name);
        UNIT_CHECK(!(f & PVC_OPF_VF) || lv == PVC_LV_REGISTER, "%s: a vf op works on registers", pvc_ops[code].name);
        UNIT_CHECK(lv < PVC_LV_COUNT, "%s has a level", pvc_ops[code].name);
        /* every note of the parameter lists names a kind (ops.h `name:KIND`) */
        for (int k = 0; k < 2; k++) {
            size_t len, nlen;
            const char *list = k ? pvc_ops[code].kw : pvc_ops[code].pos, *note;
            for (const char *p = list; (p = pvc_param_next(p, &len)); p += len)
                UNIT_CHECK(!(note = pvc_param_note(p, len, &nlen)) || pvc_param_want(note, nlen) != WANT_NONE,
                           "%s: the note of '%.*s' names a kind", pvc_ops[code].name, (int)len, p);
        }
    }
    UNIT_CHECK(pvc_param_index(pvc_ops[PVC_OP_VF_LOAD_ALIGN].kw, "post_update", 11) == 2 &&
               pvc_param_count(pvc_ops[PVC_OP_VF_LOAD_ALIGN].kw) == 6, "notes are not names");
    for (int code = 0; code < PVC_OP_MFIRST; code++) {
        int rows = 0;
        for (int k = PVC_OP_MFIRST; k < PVC_OP_COUNT; k++)
            rows += pvc_mop_of(k)->from == code;
        UNIT_CHECK(!(pvc_ops[code].flags & PVC_OPF_GENERIC) == !rows || (pvc_ops[code].flags & PVC_OPF_TILE),
                   "%s: GENERIC iff it has rows (%d)", pvc_ops[code].name, rows);
        /* every DSL op that can reach the simulator has a cost (sim/cost.h) */
        UNIT_CHECK((pvc_ops[code].flags & (PVC_OPF_VF | PVC_OPF_GENERIC | PVC_OPF_NOOP | PVC_OPF_REFUSED | PVC_OPF_TILE)) ||
                   pvc_core_cost_table[code].has,
                   "%s has a cost row (GENERIC ops: their machine rows)",
                   pvc_ops[code].name);
    }
    /* pl.DuplicatePos is the runtime's PVC_POSITIONS; pl.PipeType the seven pipes (§5.7, §6) */
    int ns = pvc_enum_ns_lookup("DuplicatePos", 12);
    UNIT_CHECK(ns == PVC_NS_DuplicatePos && pvc_enum_member_lookup(ns, "HIGHEST", 7, &v) == 0 &&
               v == PVC_POS_HIGHEST, "pl.DuplicatePos.HIGHEST = PVC_POS_HIGHEST");
    ns = pvc_enum_ns_lookup("PipeType", 8);
    UNIT_CHECK(ns == PVC_NS_PipeType && pvc_enum_member_lookup(ns, "MTE3", 4, &v) == 0 &&
               pvc_enum_member_lookup(ns, "ALL", 3, &v) != 0, "pl.PipeType.MTE3, no ALL");
    UNIT_CHECK(pvc_mop_of(PVC_OP_M_ST_REG_POST)->nopnd == 4, "st.reg.post takes 4 operands");
    /* PP-BE granularities (§5.1) */
    UNIT_CHECK(pvc_create_mask_gran(PVC_DT_INT64) == 2, "create_mask INT64 -> b16");
    UNIT_CHECK(pvc_create_mask_gran(PVC_DT_HF8) == 1, "create_mask HF8 -> b8");
    UNIT_CHECK(pvc_update_mask_gran(PVC_DT_HF8) == 4, "update_mask HF8 -> b32");
    UNIT_CHECK(pvc_update_mask_gran(PVC_DT_UINT8) == 1, "update_mask UINT8 -> b8");
}

static void test_specialise(void)
{
    pvc_unit u;
    int rc = compile(&u, jit_two_calls, NULL);
    UNIT_CHECK(rc == PVC_EXIT_OK && u.diag.nerrors == 0, "two-call program compiles (rc %d)", rc);
    if (rc) {
        pvc_unit_free(&u);
        return;
    }
    /* t0 at 0x400, t1 at 0x400 + 2*64*4 = 0x600. Calls (t0,t1,int) twice, (t1,t0,int) once:
     * two clones, the third call shares the first. */
    pvc_func *c1 = pvc_func_find(u.mod, "vf.1"), *c2 = pvc_func_find(u.mod, "vf.2");
    UNIT_CHECK(c1 && c2 && !pvc_func_find(u.mod, "vf.3") && !pvc_func_find(u.mod, "vf"), "clones vf.1 and vf.2 only");
    UNIT_CHECK(u.mod->nfuncs == 3, "kern + 2 clones, got %d", u.mod->nfuncs);
    if (c1 && c2) {
        UNIT_CHECK(c1->params[0]->type.ub_addr == 0x400 && c1->params[1]->type.ub_addr == 0x600, "vf.1 tiles");
        UNIT_CHECK(c2->params[0]->type.ub_addr == 0x600 && c2->params[1]->type.ub_addr == 0x400, "vf.2 tiles");
        /* k = 2*16+32 = 64 folded; AddrReg: areg(64, .., i, .., FP32, n=1) */
        const pvc_op *a = find_op(&c1->body, PVC_OP_M_AREG);
        int64_t s0;
        UNIT_CHECK(a && pvc_const_int(a->operands[0], &s0) && s0 == 64 && attr_i(a, "n") == 1, "areg stride 64");
        UNIT_CHECK(a && a->operands[4]->kind == PVC_V_VAR && !strcmp(a->operands[4]->name, "i"), "iter = i (start 0, step 1)");
        /* post store on dst_tile + 64: cursor at the top, = ub.addr(dst_tile, 64), step 64*4 */
        const pvc_op *first = c1->body.ops[0];
        UNIT_CHECK(first->code == PVC_OP_M_UB_ADDR && first->results[0]->name &&
                   !strcmp(first->results[0]->name, "dst_tile+64.cursor"), "cursor hoisted");
        const pvc_op *st = find_op(&c1->body, PVC_OP_M_ST_REG_POST);
        int64_t step;
        UNIT_CHECK(st && pvc_const_int(st->operands[1], &step) && step == 256, "post step 256 bytes");
        UNIT_CHECK(st && attr_i(st, "dist") == PVC_ST_NORM_B32, "NORM -> NORM_B32 for FP32 (§3.1)");
        const pvc_op *ld = find_op(&c1->body, PVC_OP_M_LD_REG);
        UNIT_CHECK(ld && attr_i(ld, "dist") == PVC_LD_NORM, "load NORM");
    }
    const pvc_op *gl = find_op(&pvc_func_find(u.mod, "kern")->body, PVC_OP_M_GM_LOAD);
    int64_t r0, c0;
    UNIT_CHECK(gl && pvc_const_int(gl->operands[2], &r0) && r0 == 1 && pvc_const_int(gl->operands[3], &c0) && c0 == 0,
               "gm.load at [1, 0]");
    pvc_unit_free(&u);
}

/* One VF body inside the standard kernel; returns the number of errors. */
static int errors_of(const char *body, int *warnings)
{
    char text[4096];
    snprintf(text, sizeof text,
             "import pypto_pro.language as pl\n"
             "@pl.vector_function\n"
             "def vf(src_tile, dst_tile):\n%s\n"
             "@pl.jit()\n"
             "def kern(x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):\n"
             "    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)\n"
             "    g = pl.make_tile_group(type=tf, addrs=0, mutex_ids=[0, 1])\n"
             "    t0 = g.current()\n"
             "    t1 = g.next()\n"
             "    with pl.section_vector():\n"
             "        vf(t0, t1)\n",
             body);
    pvc_unit u;
    compile(&u, text, NULL);
    int n = u.diag.nerrors;
    if (warnings)
        *warnings = u.diag.nwarnings;
    pvc_unit_free(&u);
    return n;
}

static void test_checks(void)
{
    int w;
    const char *p = "    p = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)\n";
    char b[1024];
    snprintf(b, sizeof b, "%s    r = vf.load_align(src_tile, 0)\n    vf.store_align(dst_tile, r, p)", p);
    UNIT_CHECK(errors_of(b, &w) == 0 && w == 0, "clean copy");
    snprintf(b, sizeof b, "%s    r = vf.load_align(src_tile, 8)", p); /* 32 bytes: aligned */
    UNIT_CHECK(errors_of(b, NULL) == 0, "offset 8 FP32 = 32 B aligned");
    snprintf(b, sizeof b, "%s    r = vf.load_align(src_tile, 4)", p); /* 16 bytes */
    UNIT_CHECK(errors_of(b, NULL) == 1, "offset 4 FP32 = 16 B misaligned");
    snprintf(b, sizeof b, "%s    r = vf.load_align(src_tile, 1, dist=pl.LoadDist.BRC)", p); /* BRC_B32 align 4 */
    UNIT_CHECK(errors_of(b, NULL) == 0, "BRC_B32 at +4 B");
    snprintf(b, sizeof b, "%s    lo, hi = vf.load_align(src_tile, 0, dist=pl.LoadDist.DINTLV_B16)", p);
    UNIT_CHECK(errors_of(b, NULL) == 1, "DINTLV_B16 on FP32");
    snprintf(b, sizeof b, "%s    r = vf.load_align(src_tile, 0)\n    s = vf.unalign_reg_for_store()\n"
             "    vf.store_unalign(dst_tile, r, s, 64, post_update=True)", p);
    UNIT_CHECK(errors_of(b, NULL) == 1, "unflushed store_unalign");
    snprintf(b, sizeof b, "%s    r = vf.load_align(src_tile, 0)\n    h = vf.astype(r, p, dtype=pl.DT_HF8)", p);
    UNIT_CHECK(errors_of(b, &w) == 0 && w == 1, "RINT to HF8: accepted with a warning");
    snprintf(b, sizeof b, "%s    r = vf.load_align(src_tile, 0)\n    h = vf.astype(r, p, dtype=pl.DT_INT8)", p);
    UNIT_CHECK(errors_of(b, NULL) == 1, "FP32 -> INT8 is not a §5.4 pair");
}

/* The one constant evaluator (ir/pyfold.c over ops.h PVC_PY_OPS): Python's int results where
 * they fit in int64 (values by hand from Python's definitions: floor division and a modulo
 * with the divisor's sign), OVERFLOW with the device's wrapped value where they do not, FAULT
 * where the run would fault, NONE for a form the op lacks. */
static void test_fold(void)
{
    static const struct {
        int code;
        int64_t a, b;
        pvc_fold_status st;
        int64_t r;
    } cases[] = {
        {PVC_OP_PY_ADD, INT64_MAX, 1, PVC_FOLD_OVERFLOW, INT64_MIN},
        {PVC_OP_PY_SUB, INT64_MIN, 1, PVC_FOLD_OVERFLOW, INT64_MAX},
        {PVC_OP_PY_MUL, (int64_t)1 << 62, 4, PVC_FOLD_OVERFLOW, 0},
        {PVC_OP_PY_MUL, -3, 7, PVC_FOLD_OK, -21},
        {PVC_OP_PY_NEG, INT64_MIN, 0, PVC_FOLD_OVERFLOW, INT64_MIN},
        {PVC_OP_PY_FLOORDIV, -7, 2, PVC_FOLD_OK, -4},
        {PVC_OP_PY_FLOORDIV, INT64_MIN, -1, PVC_FOLD_OVERFLOW, INT64_MIN},
        {PVC_OP_PY_FLOORDIV, 1, 0, PVC_FOLD_FAULT, 0},
        {PVC_OP_PY_MOD, -7, 2, PVC_FOLD_OK, 1},
        {PVC_OP_PY_MOD, 7, -2, PVC_FOLD_OK, -1},
        {PVC_OP_PY_MOD, INT64_MIN, -1, PVC_FOLD_OK, 0},
        {PVC_OP_PY_LSHIFT, 1, 62, PVC_FOLD_OK, (int64_t)1 << 62},
        {PVC_OP_PY_LSHIFT, 1, 63, PVC_FOLD_OVERFLOW, INT64_MIN},
        {PVC_OP_PY_LSHIFT, -1, 63, PVC_FOLD_OK, INT64_MIN},
        {PVC_OP_PY_LSHIFT, 0, 1000, PVC_FOLD_OK, 0},
        {PVC_OP_PY_LSHIFT, 3, 64, PVC_FOLD_OVERFLOW, 0},
        {PVC_OP_PY_LSHIFT, 1, -1, PVC_FOLD_FAULT, 0},
        {PVC_OP_PY_RSHIFT, -8, 100, PVC_FOLD_OK, -1},
        {PVC_OP_PY_RSHIFT, -7, 1, PVC_FOLD_OK, -4},
        {PVC_OP_PY_INVERT, 5, 0, PVC_FOLD_OK, -6},
        {PVC_OP_PY_MIN, 3, -2, PVC_FOLD_OK, -2},
        {PVC_OP_PY_TRUEDIV, 1, 2, PVC_FOLD_NONE, 0},
        {PVC_OP_PY_EQ, 1, 1, PVC_FOLD_NONE, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t r = 0;
        pvc_fold_status st = pvc_fold_int(cases[i].code, cases[i].a, cases[i].b, &r);
        UNIT_CHECK(st == cases[i].st && (st == PVC_FOLD_FAULT || st == PVC_FOLD_NONE || r == cases[i].r),
                   "%s(%lld, %lld): status %d value %lld, expected %d %lld", pvc_ops[cases[i].code].name,
                   (long long)cases[i].a, (long long)cases[i].b, st, (long long)r, cases[i].st,
                   (long long)cases[i].r);
    }
    double f = 0;
    UNIT_CHECK(pvc_fold_float(PVC_OP_PY_FLOORDIV, -7.5, 2, &f) == PVC_FOLD_OK && f == -4, "-7.5 // 2 = -4.0");
    UNIT_CHECK(pvc_fold_float(PVC_OP_PY_MOD, 7.5, -2, &f) == PVC_FOLD_OK && f == -0.5, "7.5 %% -2 = -0.5");
    UNIT_CHECK(pvc_fold_float(PVC_OP_PY_TRUEDIV, 1, 0, &f) == PVC_FOLD_FAULT, "1.0 / 0 faults");
    UNIT_CHECK(pvc_fold_float(PVC_OP_PY_BITAND, 1, 1, &f) == PVC_FOLD_NONE, "no & on floats");
    /* every py.* op with a runtime call has a row, and only those */
    for (int code = 0; code < PVC_OP_MFIRST; code++) {
        const pvc_pyop *p = pvc_pyop_of(code);
        UNIT_CHECK(!p || (pvc_ops[code].flags & PVC_OPF_CORE), "%s: a py op", pvc_ops[code].name);
        UNIT_CHECK(!p || pvc_pyop_has(p->on_int) || pvc_pyop_has(p->on_float), "%s has a call", pvc_ops[code].name);
    }
}

int main(void)
{
    test_tables();
    test_fold();
    test_specialise();
    test_checks();
    return UNIT_DONE();
}
