/* emit_c.c - checked IR -> one C11 translation unit (emit_c.h).
 *
 * Shape of the output, top to bottom:
 *   #include "pvc_rt.h"
 *   static const pvc_loc loc_L_C ...      one per op site that can fault, sorted by (L, C)
 *   prototypes and the pvc_kernels table
 *   static void vf_<name>__<k>(ctx, scalars...)   specialised vector functions
 *   void pvc_kernel_<name>(ctx, args, scalars)    jit kernels
 * Everything before the first function is plain C; from there on every statement is
 * preceded by `#line L "file.py"`, so cc, gdb and the sanitizers speak in DSL lines.
 *
 * Values: tiles, tile types/groups, lists and enum constants are compile-time (a tile
 * operand names a `static const pvc_tile tile_<i>` of its function, from its static type);
 * registers, masks and
 * unaligned registers are zero-initialised locals; ints are int64_t and floats double, their
 * arithmetic the runtime's pvc_py_* functions (Python semantics, pvc_rt.h); UB addresses and
 * cursors are int64_t like every int; a kernel's parameter i is args[i] (a tensor) or
 * scalars[i] (an int, bool or float, emit_c.h). Each machine op is one runtime call: the CALL
 * column of its ops.h row with the op's variables put in for the row's names (emit_machine).
 */
#include "emit/emit_c.h"
#include "emit/textbuf.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "pvc.h"

/* ---- dtypes as the runtime's enumerator names (enum members: pvc_enum_member_cname) ---- */
static const char *const c_dtypes[] = {
#define X(name, py, bits, kind) "PVC_DT_" #name,
    PVC_DTYPES(X)
#undef X
};


/* ---- emitter state ------------------------------------------------------------------- */
typedef struct {
    int line, col;
} site;

typedef struct {
    const pvc_module *m;
    const pvc_func *only;   /* NULL: every function; else this kernel and what it calls */
    unsigned char *keep;    /* per function of the module: it goes into the unit */
    const char *file_lit;   /* the .py name as a C string literal */
    textbuf *out;           /* function definitions: &defs */
    textbuf defs;
    site *sites;            /* loc_L_C constants used */
    int nsites, capsites;
    int failed;
    long nmachine;          /* machine ops emitted: the unit's size for PVC_EMIT_INLINE_BUDGET */
    /* per function */
    const pvc_func *f;
    textbuf *body;          /* the function's statements (&stmts), before its declarations */
    textbuf stmts;          /* reused function by function */
    unsigned char *reads, *writes;
    signed char *maskk;     /* per variable: pvc_mask_consts (a known create_mask(ALL)) */
    unsigned char *uni;     /* per variable: pvc_uniform_regs (four equal pieces) */
    unsigned char *only0;   /* per variable: pvc_lane0_regs (lane 0 alone observed) */
    int *mask_scratch;
    const pvc_type **tiles; /* the static tiles the body names: tile_<i> (put_tile) */
    int ntiles, captiles;
    int nloops, depth;
    int cur;                /* .py line the next physical line maps to; -1: unknown */
    int quiet;              /* a streamed compile's: a failure is not printed (the classic
                               compile that follows prints it) */
} emitter;

enum { VAR_READ = 1, VAR_WRITE = 2 };

static void fail_at(emitter *e, pvc_span at, const char *fmt, const char *arg)
{
    if (e->failed++ || e->quiet)
        return;
    fprintf(stderr, "%s:%d:%d: error: cannot emit C: ", e->m->file, at.line, at.col);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
}

/* "..." with C escapes; path bytes outside printable ASCII become octal escapes. */
static char *c_string(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(4 * n + 3), *p = out;
    if (!out)
        return NULL;
    *p++ = '"';
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            p += sprintf(p, "\\%c", c);
        else if (c < 0x20 || c >= 0x7f || c == '?') /* '?': no trigraphs */
            p += sprintf(p, "\\%03o", c);
        else
            *p++ = (char)c;
    }
    *p++ = '"';
    *p = '\0';
    return out;
}

/* Decimal text of i: the emitter writes hundreds of thousands of numbers on a large file,
 * and printf's machinery was a fifth of its time. */
static void put_dec(textbuf *o, int64_t i)
{
    char buf[24], *p = buf + sizeof buf;
    uint64_t u = i < 0 ? 0 - (uint64_t)i : (uint64_t)i;
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (i < 0)
        *--p = '-';
    tb_write(o, p, (size_t)(buf + sizeof buf - p));
}

static const char hex_digits[] = "0123456789abcdef";

/* Lower-case hexadecimal text of u, as %x writes it. */
static void put_hex(textbuf *o, uint64_t u)
{
    char buf[16], *p = buf + sizeof buf;
    do
        *--p = hex_digits[u & 15];
    while (u >>= 4);
    tb_write(o, p, (size_t)(buf + sizeof buf - p));
}

/* tmpl with every '@' replaced by the decimal k: a loop's names (lo_@, k_@) without
 * printf. */
static void put_with_k(textbuf *o, const char *tmpl, int64_t k)
{
    for (const char *at; (at = strchr(tmpl, '@')) != NULL; tmpl = at + 1) {
        tb_write(o, tmpl, (size_t)(at - tmpl));
        put_dec(o, k);
    }
    tb_puts(o, tmpl);
}

static int ident_byte(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* C spelling of the n bytes of a Python identifier at s: bytes outside [A-Za-z0-9_] become
 * _xHH. */
static void put_ident_n(textbuf *o, const char *s, size_t n)
{
    const char *end = s + n;
    while (s < end) {
        size_t k = 0;
        while (s + k < end && ident_byte((unsigned char)s[k]))
            k++;
        tb_write(o, s, k);
        s += k;
        if (s < end) {
            unsigned char c = (unsigned char)*s++;
            char x[4] = {'_', 'x', hex_digits[c >> 4], hex_digits[c & 15]};
            tb_write(o, x, 4);
        }
    }
}

static void put_ident(textbuf *o, const char *s)
{
    put_ident_n(o, s, strlen(s));
}

/* vf_<base>__<k> for a specialised vector function "<base>.<k>". */
static void put_vf_name(textbuf *o, const char *name)
{
    const char *dot = strrchr(name, '.');
    tb_puts(o, "vf_");
    if (!dot) {
        put_ident(o, name);
        return;
    }
    put_ident_n(o, name, (size_t)(dot - name));
    tb_puts(o, "__");
    put_ident(o, dot + 1);
}

static void put_var(textbuf *o, const pvc_value *v)
{
    if (v->name) {
        tb_puts(o, "v_");
        put_ident(o, v->name);
    } else
    {
        tb_puts(o, "t_");
        put_dec(o, v->id);
    }
}

/* C type of a run-time variable; NULL for compile-time values (tiles, enums, ...). */
static const char *ctype_of(const pvc_value *v)
{
    switch (v->type.kind) {
    case PVC_TY_REG: return "pvc_vreg";
    case PVC_TY_MASK: return "pvc_mreg";
    case PVC_TY_UREG_LOAD: return "pvc_ureg_ld";
    case PVC_TY_UREG_STORE: return "pvc_ureg_st";
    case PVC_TY_INT: return "int64_t";
    case PVC_TY_BOOL: return "int64_t";
    case PVC_TY_FLOAT: return "double";
    case PVC_TY_TENSOR: return "pvc_tensor *";
    case PVC_TY_TILE: return v->type.dyn ? "int64_t" : NULL; /* a run-time tile address */
    default: return NULL;
    }
}

static const char *zero_of(const char *ctype)
{
    if (!strcmp(ctype, "pvc_ureg_st"))
        return "{{0}, 0}";
    if (ctype[strlen(ctype) - 1] == '*') /* a tensor name bound to a parameter or a view */
        return "0";
    if (!strncmp(ctype, "pvc_", 4))
        return "{{0}}";
    return "0";
}

/* ---- values -------------------------------------------------------------------------- */
static void put_int(textbuf *o, int64_t i)
{
    if (i == INT64_MIN)
        tb_puts(o, "INT64_MIN");
    else if (i >= INT32_MIN && i <= INT32_MAX)
        put_dec(o, i);
    else
        tb_printf(o, "INT64_C(%" PRId64 ")", i);
}

static void use_var(emitter *e, const pvc_value *v, int how)
{
    if (v->kind == PVC_V_VAR && v->id >= 0 && v->id < e->f->nvars) {
        e->reads[v->id] |= (unsigned char)(how & VAR_READ);
        e->writes[v->id] |= (unsigned char)(how & VAR_WRITE);
    }
}

/* A scalar or register operand by value. */
static void put_value(emitter *e, const pvc_op *op, const pvc_value *v)
{
    textbuf *o = e->body;
    switch (v->kind) {
    case PVC_V_VAR:
        if (!ctype_of(v)) {
            char ty[128];
            pvc_type_str(&v->type, ty, sizeof ty);
            fail_at(e, op->loc, "operand of compile-time type %s used as a run-time value", ty);
        }
        use_var(e, v, VAR_READ);
        put_var(o, v);
        return;
    case PVC_V_INT:
    case PVC_V_BOOL: put_int(o, v->i); return;
    case PVC_V_FLOAT:
        if (v->f != v->f || v->f - v->f != 0)
            fail_at(e, op->loc, "%s float constant", v->f != v->f ? "NaN" : "infinite");
        tb_printf(o, "%a", v->f);
        return;
    default: fail_at(e, op->loc, "%s", "a constant of this kind is not a run-time value");
    }
}

/* The index of static tile t in the function's table, added on first use. */
static int tile_index(emitter *e, const pvc_type *t)
{
    for (int i = 0; i < e->ntiles; i++) {
        const pvc_type *u = e->tiles[i];
        if (u->ub_addr == t->ub_addr && u->dtype == t->dtype && u->dims[0] == t->dims[0] &&
            u->dims[1] == t->dims[1] && u->mem == t->mem && u->layout == t->layout && u->pad == t->pad)
            return i;
    }
    if (e->ntiles == e->captiles) {
        int cap = e->captiles ? 2 * e->captiles : 8;
        const pvc_type **n = realloc(e->tiles, (size_t)cap * sizeof *n);
        if (!n) {
            e->failed++;
            return 0;
        }
        e->tiles = n;
        e->captiles = cap;
    }
    e->tiles[e->ntiles] = t;
    return e->ntiles++;
}

static const char *const c_mems[] = {
#define X(name, pyname, text, ...) "PVC_MEM_" #name,
    PVC_MEMS(X)
#undef X
};
static const char *const c_layouts[] = {
#define X(name, pyname, bmaj, smaj, text) "PVC_TL_" #name,
    PVC_TILE_LAYOUTS(X)
#undef X
};
static const char *const c_pads[] = {
#define X(name, pyname, text) "PVC_PAD_" #name,
    PVC_TILE_PADS(X)
#undef X
};

/* ", <dtype>, <rows>u, <cols>u, <mem>, <layout>, <pad>" of a tile value's initializer. */
static void put_tile_rest(textbuf *o, const pvc_type *t)
{
    tb_puts(o, ", ");
    tb_puts(o, c_dtypes[t->dtype]);
    tb_puts(o, ", ");
    put_dec(o, t->dims[0]);
    tb_puts(o, "u, ");
    put_dec(o, t->dims[1]);
    tb_puts(o, "u, ");
    tb_puts(o, c_mems[t->mem >= 0 && t->mem < PVC_MEM_COUNT ? t->mem : 0]);
    tb_puts(o, ", ");
    tb_puts(o, c_layouts[t->layout >= 0 && t->layout < PVC_TL_COUNT ? t->layout : 0]);
    tb_puts(o, ", ");
    tb_puts(o, c_pads[t->pad >= 0 && t->pad < PVC_PAD_COUNT ? t->pad : 0]);
}

/* A tile operand: a static tile is `&tile_<i>`, one `static const pvc_tile` per function
 * (its geometry a constant the compiler folds, written once); a tile at a run-time address
 * (a rotated tile-group slot, §6) a compound literal over the variable holding it. */
static void put_tile(emitter *e, const pvc_op *op, const pvc_value *v)
{
    const pvc_type *t = &v->type;
    int dyn = t->kind == PVC_TY_TILE && t->dyn && v->kind == PVC_V_VAR;
    if (t->kind != PVC_TY_TILE || (t->ub_addr < 0 && !dyn) || t->dtype < 0 ||
        t->dtype >= PVC_DT_COUNT || t->dims[0] < 0 || t->dims[1] < 0) {
        fail_at(e, op->loc, "%s", "tile without a static address, dtype and shape");
        return;
    }
    if (!dyn) {
        tb_puts(e->body, "&tile_");
        put_dec(e->body, tile_index(e, t));
        return;
    }
    tb_puts(e->body, "&(pvc_tile){");
    use_var(e, v, VAR_READ);
    put_var(e->body, v);
    put_tile_rest(e->body, t);
    tb_puts(e->body, "}");
}

/* The function's static tiles (put_tile), at the start of its declarations. */
static void emit_tiles(emitter *e)
{
    for (int i = 0; i < e->ntiles; i++) {
        const pvc_type *t = e->tiles[i];
        tb_puts(e->body, "static const pvc_tile tile_");
        put_dec(e->body, i);
        tb_puts(e->body, " = {0x");
        put_hex(e->body, (uint64_t)t->ub_addr);
        tb_puts(e->body, "u");
        put_tile_rest(e->body, t);
        tb_puts(e->body, "}; ");
    }
}

static void put_attr(emitter *e, const pvc_op *op, const char *key)
{
    const pvc_attr *a = pvc_op_attr(op, key);
    const pvc_value *v = a ? a->val : NULL;
    if (!v) {
        fail_at(e, op->loc, "attribute '%s' missing", key);
        return;
    }
    if (v->kind == PVC_V_INT || v->kind == PVC_V_BOOL) {
        put_int(e->body, v->i);
        return;
    }
    if (v->kind == PVC_V_DTYPE && v->i >= 0 && v->i < PVC_DT_COUNT) {
        tb_puts(e->body, c_dtypes[v->i]);
        return;
    }
    const char *cname = v->kind == PVC_V_ENUM ? pvc_enum_member_cname(v->ns, v->i) : NULL;
    if (cname) {
        tb_puts(e->body, cname);
        return;
    }
    fail_at(e, op->loc, "attribute '%s' is not a known constant", key);
}

/* ---- statements ----------------------------------------------------------------------
 * Every statement is ONE physical C line, so it maps to exactly its op's .py line: a
 * `#line` directive goes before it unless the preprocessor's own count already gives that
 * line (consecutive statements of consecutive .py lines need none). A function's first
 * directive names the .py file; the later ones keep that name (C11 6.10.4), which keeps
 * the text short - the path can be long. */
static void line_begin(emitter *e, int line)
{
    if (line < 1)
        line = 1;
    if (e->cur != line) { /* the file only in a function's first directive: it stays */
        tb_puts(e->body, "#line ");
        put_dec(e->body, line);
        if (e->depth < 0) {
            tb_putc(e->body, ' ');
            tb_puts(e->body, e->file_lit);
        }
        tb_putc(e->body, '\n');
    }
    e->cur = line + 1;
    static const char spaces[] = "                                                                ";
    for (int n = 4 * (e->depth + 1); n > 0; n -= 64)
        tb_write(e->body, spaces, n < 64 ? (size_t)n : 64);
}

static void line_end(emitter *e)
{
    tb_putc(e->body, '\n');
}

/* prefix, then "L_C" of a loc_L_C name. */
static void put_loc(textbuf *o, const char *prefix, pvc_span at)
{
    tb_puts(o, prefix);
    put_dec(o, at.line);
    tb_putc(o, '_');
    put_dec(o, at.col);
}

/* Appends; emit_prologue sorts and drops repeats (a search here was O(sites^2)). */
static void add_site(emitter *e, pvc_span at)
{
    if (e->nsites == e->capsites) {
        int cap = e->capsites ? 2 * e->capsites : 32;
        site *s = realloc(e->sites, (size_t)cap * sizeof *s);
        if (!s) {
            e->failed++;
            return;
        }
        e->sites = s;
        e->capsites = cap;
    }
    e->sites[e->nsites++] = (site){at.line, at.col};
}

/* Starts the op's line; `ctx->at = &loc_L_C;` first when what follows can fault. */
static void begin_stmt(emitter *e, const pvc_op *op, int can_fault)
{
    line_begin(e, op->loc.line);
    if (can_fault) {
        add_site(e, op->loc);
        put_loc(e->body, "ctx->at = &loc_", op->loc);
        tb_puts(e->body, "; ");
    }
}

/* One name of a machine op's CALL column (ops.h): the C text of the op's operand, result or
 * attribute of that name. `deref` is set when the call writes `*name =` to a scalar result,
 * which is then the variable itself. Returns 0 when name is none of them (a function, ctx,
 * a constant). */
static int put_name(emitter *e, const pvc_op *op, const pvc_mop *m, const char *name, size_t len,
                    int deref)
{
    textbuf *o = e->body;
    for (int i = 0; i < m->nopnd; i++) {
        const pvc_opnd *d = &m->opnd[i];
        if (strlen(d->name) != len || memcmp(d->name, name, len))
            continue;
        const pvc_value *v = op->operands[i];
        switch (d->kind) {
        case PVC_OK_TILE: case PVC_OK_TILE_ND: put_tile(e, op, v); break;
        case PVC_OK_BITS:
            if (v->kind == PVC_V_INT) {
                tb_puts(o, "UINT64_C(0x");
                put_hex(o, (uint64_t)v->i);
                tb_putc(o, ')');
            } else {
                tb_puts(o, "(uint64_t)");
                put_value(e, op, v);
            }
            break;
        case PVC_OK_INT: case PVC_OK_NUM: case PVC_OK_ADDR: case PVC_OK_TENSOR:
            put_value(e, op, v);
            break;
        default: /* registers and in-place scalars go by address */
            if (v->kind != PVC_V_VAR || !ctype_of(v)) {
                fail_at(e, op->loc, "%s", "a register or in-place operand is not a variable");
                return 1;
            }
            use_var(e, v, d->kind == PVC_OK_VREG || d->kind == PVC_OK_MASK || d->kind == PVC_OK_PRED
                              ? VAR_READ : VAR_READ | VAR_WRITE);
            if ((d->kind == PVC_OK_MASK || d->kind == PVC_OK_PRED) && e->maskk[v->id] >= 0) {
                /* the bits it holds, as the constant the C compiler can test (maskconst.c) */
                tb_printf(o, "&pvc_mask_all[%d]", e->maskk[v->id]);
                break;
            }
            tb_putc(o, '&');
            put_var(o, v);
        }
        return 1;
    }
    for (int i = 0; i < m->nres; i++) {
        if (strlen(m->res[i].name) != len || memcmp(m->res[i].name, name, len))
            continue;
        const pvc_value *v = op->results[i];
        if (v->kind != PVC_V_VAR || !ctype_of(v)) {
            fail_at(e, op->loc, "%s", "a result is not a run-time variable");
            return 1;
        }
        use_var(e, v, VAR_WRITE);
        if (!deref)
            tb_putc(o, '&');
        put_var(o, v);
        return 1;
    }
    for (int i = 0; i < m->nattr; i++)
        if (m->attr[i].kind != PVC_AK_CHECK && strlen(m->attr[i].name) == len &&
            !memcmp(m->attr[i].name, name, len)) {
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)len, name);
            put_attr(e, op, key);
            return 1;
        }
    return 0;
}

static int ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Before a lane-wise op, what the IR knows of each register operand, once each: that lane 0
 * alone of it is observed (lanes.c: pvc_lane0_hint clears the rest, so not before an op that
 * can fault), else that it is uniform (uniform.c: pvc_uniform_hint). */
static void put_lane_hints(emitter *e, const pvc_op *op, const pvc_mop *m)
{
    for (int i = 0; i < m->nopnd; i++) {
        const pvc_value *v = op->operands[i];
        if (m->opnd[i].kind != PVC_OK_VREG || v->kind != PVC_V_VAR || v->id < 0 ||
            v->id >= e->f->nvars)
            continue;
        int lane0 = e->only0[v->id] && !(m->flags & PVC_MF_FAULT), seen = 0;
        if (!lane0 && !e->uni[v->id])
            continue;
        for (int j = 0; j < i; j++)
            seen |= op->operands[j] == v;
        if (seen)
            continue;
        tb_puts(e->body, lane0 ? "pvc_lane0_hint(&" : "pvc_uniform_hint(&");
        put_var(e->body, v);
        tb_puts(e->body, "); ");
    }
}

/* The row's CALL text with every operand, result and attribute name replaced (put_name),
 * and `at` by the address of the op's loc_L_C. */
static void emit_machine(emitter *e, const pvc_op *op)
{
    const pvc_mop *m = pvc_mop_of(op->code);
    if (op->noperands != m->nopnd || op->nresults != m->nres)
        PVC_BUG("machine op '%s' has %d operands and %d results, its row %d and %d",
                m->name, op->noperands, op->nresults, m->nopnd, m->nres);
    int takes_at = pvc_mop_takes_at(m);
    begin_stmt(e, op, (m->flags & PVC_MF_FAULT) && !takes_at);
    if (takes_at)
        add_site(e, op->loc);
    if (pvc_mop_settles_before(m))
        tb_puts(e->body, "pvc_ub_settle(ctx); ");
    if (m->flags & PVC_MF_LANEWISE)
        put_lane_hints(e, op, m);
    e->nmachine++;
    for (const char *t = m->call; *t && !e->failed;) {
        int deref = *t == '*' && ident_char(t[1]) && !(t > m->call && ident_char(t[-1]));
        const char *id = t + deref;
        if (!ident_char(*id) || (t > m->call && ident_char(t[-1]))) {
            size_t n = 1; /* up to the next identifier */
            while (t[n] && !(ident_char(t[n]) || t[n] == '*'))
                n++;
            tb_write(e->body, t, n);
            t += n;
            continue;
        }
        size_t len = 0;
        while (ident_char(id[len]))
            len++;
        if (len == 2 && !memcmp(id, "at", 2) && !deref)
            put_loc(e->body, "&loc_", op->loc);
        else if (!put_name(e, op, m, id, len, deref))
            tb_write(e->body, t, (size_t)(id - t) + len);
        t = id + len;
    }
    tb_puts(e->body, ";");
    line_end(e);
}

static void emit_block(emitter *e, const pvc_block *b);

/* x = a OP b: the call of the op's row of ops.h PVC_PY_OPS on int64_t or double, its `a` and
 * `b` replaced by the operands; an int operand of a float op goes through pvc_py_float, the
 * conversion the simulator uses. */
static void emit_arith(emitter *e, const pvc_op *op)
{
    const pvc_pyop *p = pvc_pyop_of(op->code);
    const pvc_value *r = op->nresults ? op->results[0] : NULL;
    if (!r || !ctype_of(r))
        return; /* tile arithmetic and the like: folded into static types */
    int is_float = r->type.kind == PVC_TY_FLOAT;
    const char *call = is_float ? p->on_float : p->on_int;
    if (!pvc_pyop_has(call)) {
        fail_at(e, op->loc, is_float ? "'%s' on a float" : "'%s' on an int", pvc_ops[op->code].name);
        return;
    }
    begin_stmt(e, op, strcmp(p->faults, "0") != 0);
    use_var(e, r, VAR_WRITE);
    put_var(e->body, r);
    tb_puts(e->body, " = ");
    for (const char *t = call; *t;) {
        size_t n = 0;
        while (ident_char(t[n]))
            n++;
        int k = n == 1 && (*t == 'a' || *t == 'b') ? *t - 'a' : -1;
        if (k >= 0 && k < op->noperands) {
            int widen = is_float && op->operands[k]->type.kind != PVC_TY_FLOAT;
            tb_puts(e->body, widen ? "pvc_py_float(" : "");
            put_value(e, op, op->operands[k]);
            tb_puts(e->body, widen ? ")" : "");
        } else
            tb_write(e->body, t, n ? n : 1);
        t += n ? n : 1;
    }
    tb_puts(e->body, ";");
    line_end(e);
}

/* Python's truth value of a scalar operand, as a C condition. */
static void put_truth(emitter *e, const pvc_op *op, const pvc_value *v)
{
    int is_float = v->kind == PVC_V_FLOAT || (v->kind == PVC_V_VAR && v->type.kind == PVC_TY_FLOAT);
    if (v->kind == PVC_V_NONE) {
        tb_puts(e->body, "0");
        return;
    }
    tb_puts(e->body, is_float ? "pvc_py_ftruth(" : "(");
    put_value(e, op, v);
    tb_puts(e->body, is_float ? ")" : " != 0)");
}

/* x = a CMP b (pvc_rt.h comparisons): ints, floats, or an int against a float exactly (the
 * int first, the comparison mirrored when it was on the right). */
static void emit_compare(emitter *e, const pvc_op *op)
{
    static const pvc_opcode codes[] = {PVC_OP_PY_EQ, PVC_OP_PY_NE, PVC_OP_PY_LT,
                                       PVC_OP_PY_LE, PVC_OP_PY_GT, PVC_OP_PY_GE};
    static const char *const names[] = {"PVC_PY_EQ", "PVC_PY_NE", "PVC_PY_LT",
                                        "PVC_PY_LE", "PVC_PY_GT", "PVC_PY_GE"};
    static const int mirror[] = {0, 1, 4, 5, 2, 3};
    const pvc_value *r = op->results[0], *a = op->operands[0], *b = op->operands[1];
    int k = 0;
    while (codes[k] != op->code)
        k++;
    int fa = a->type.kind == PVC_TY_FLOAT, fb = b->type.kind == PVC_TY_FLOAT;
    begin_stmt(e, op, 0);
    use_var(e, r, VAR_WRITE);
    put_var(e->body, r);
    tb_printf(e->body, " = %s(%s, ", fa && fb ? "pvc_py_fcmp" : fa || fb ? "pvc_py_ifcmp" : "pvc_py_icmp",
              names[fa && !fb ? mirror[k] : k]);
    put_value(e, op, fa && !fb ? b : a);
    tb_puts(e->body, ", ");
    put_value(e, op, fa && !fb ? a : b);
    tb_puts(e->body, ");");
    line_end(e);
}

/* x = not a / x = bool(a). */
static void emit_truth(emitter *e, const pvc_op *op)
{
    const pvc_value *r = op->results[0];
    begin_stmt(e, op, 0);
    use_var(e, r, VAR_WRITE);
    put_var(e->body, r);
    tb_puts(e->body, op->code == PVC_OP_PY_NOT ? " = !" : " = ");
    put_truth(e, op, op->operands[0]);
    tb_puts(e->body, ";");
    line_end(e);
}

static void emit_assign(emitter *e, const pvc_op *op)
{
    const pvc_value *r = op->nresults ? op->results[0] : NULL;
    if (!r || !ctype_of(r) || op->noperands != 1)
        return; /* compile-time value */
    begin_stmt(e, op, 0);
    use_var(e, r, VAR_WRITE);
    put_var(e->body, r);
    tb_puts(e->body, " = ");
    put_value(e, op, op->operands[0]);
    tb_puts(e->body, ";");
    line_end(e);
}

/* A structured body between an opening and a closing line, both at the owner's .py line
 * (so the loop's increment and test are attributed to the `for`). */
static void emit_nested(emitter *e, const pvc_op *op, const char *close)
{
    line_end(e);
    e->depth++;
    emit_block(e, op->body);
    e->depth--;
    line_begin(e, op->loc.line);
    tb_puts(e->body, close);
    line_end(e);
}

/* for v in range(lo, hi, st): the bounds are evaluated once and the loop variable is
 * rebound each iteration, so assignments to it in the body do not steer the loop. Every
 * iteration of every loop polls the launch's stop flag (pvc_rt.h pvc_poll). */
static void emit_range(emitter *e, const pvc_op *op)
{
    int k = e->nloops++;
    if (op->noperands != 3 || op->nresults != 1 || !op->body) {
        fail_at(e, op->loc, "%s", "pl.range without (start, stop, step) and a body");
        return;
    }
    begin_stmt(e, op, 1);
    put_with_k(e->body, "{ const int64_t lo_@ = ", k);
    put_value(e, op, op->operands[0]);
    put_with_k(e->body, ", hi_@ = ", k);
    put_value(e, op, op->operands[1]);
    put_with_k(e->body, ", st_@ = ", k);
    put_value(e, op, op->operands[2]);
    put_with_k(e->body, "; const uint64_t n_@ = pvc_py_range_len(ctx, lo_@, hi_@, st_@); ", k);
    put_with_k(e->body, "for (uint64_t k_@ = 0; k_@ < n_@; k_@++) { pvc_poll(ctx); ", k);
    use_var(e, op->results[0], VAR_WRITE);
    put_var(e->body, op->results[0]);
    put_with_k(e->body, " = pvc_py_range_at(lo_@, k_@, st_@);", k);
    emit_nested(e, op, "} }");
}

static void emit_block_at(emitter *e, const pvc_block *b, int line)
{
    e->depth++;
    emit_block(e, b);
    e->depth--;
    line_begin(e, line);
}

/* if (truth) { body } else { else block }: the else line only when it has ops. */
static void emit_if(emitter *e, const pvc_op *op)
{
    begin_stmt(e, op, 0);
    tb_puts(e->body, "if (");
    put_truth(e, op, op->operands[0]);
    tb_puts(e->body, ") {");
    line_end(e);
    emit_block_at(e, op->body, op->loc.line);
    if (op->orelse->nops) {
        tb_puts(e->body, "} else {");
        line_end(e);
        emit_block_at(e, op->orelse, op->loc.line);
    }
    tb_puts(e->body, "}");
    line_end(e);
}

/* for (;;) { cond block; if (!truth) break; body }: a continue re-runs the condition. */
static void emit_while(emitter *e, const pvc_op *op)
{
    begin_stmt(e, op, 0);
    tb_puts(e->body, "for (;;) { pvc_poll(ctx);");
    line_end(e);
    e->depth++;
    emit_block(e, op->cond);
    line_begin(e, op->loc.line);
    tb_puts(e->body, "if (!");
    put_truth(e, op, op->operands[0]);
    tb_puts(e->body, ") break;");
    line_end(e);
    e->depth--;
    emit_block_at(e, op->body, op->loc.line);
    tb_puts(e->body, "}");
    line_end(e);
}

/* pl.printf: the runtime formats and prints (pvc_rt.h pvc_printf). */
static void emit_printf(emitter *e, const pvc_op *op)
{
    const pvc_value *f = op->operands[0];
    char *lit = c_string(f->name);
    char kinds[16] = "";
    if (!lit) {
        e->failed++;
        return;
    }
    begin_stmt(e, op, 0);
    tb_printf(e->body, "pvc_printf(ctx, %s, %d, ", lit, op->noperands - 1);
    free(lit);
    if (op->noperands == 1)
        tb_puts(e->body, "NULL");
    else
        tb_puts(e->body, "(const pvc_scalar[]){");
    for (int i = 1; i < op->noperands && i < 16; i++) {
        int fl = op->operands[i]->type.kind == PVC_TY_FLOAT;
        kinds[i - 1] = fl ? 'f' : 'i';
        tb_printf(e->body, "%s{.%c = ", i > 1 ? ", " : "", fl ? 'f' : 'i');
        put_value(e, op, op->operands[i]);
        tb_puts(e->body, "}");
    }
    tb_printf(e->body, "%s, \"%s\");", op->noperands > 1 ? "}" : "", kinds);
    line_end(e);
}

static void emit_jump(emitter *e, const pvc_op *op)
{
    begin_stmt(e, op, 0);
    tb_puts(e->body, op->code == PVC_OP_BREAK ? "break;" : op->code == PVC_OP_CONTINUE ? "continue;" : "return;");
    line_end(e);
}

/* A jit kernel calls a specialised vector function with its run-time (scalar) arguments. */
static void emit_call(emitter *e, const pvc_op *op)
{
    const pvc_attr *a = pvc_op_attr(op, "callee");
    const pvc_func *callee = a && a->val->kind == PVC_V_FUNC ? pvc_func_find(e->m, a->val->name) : NULL;
    if (!callee || callee->nparams != op->noperands) {
        fail_at(e, op->loc, "%s", "call of an unknown or unspecialised vector function");
        return;
    }
    begin_stmt(e, op, 0);
    put_vf_name(e->body, callee->name);
    tb_puts(e->body, "(ctx");
    for (int i = 0; i < callee->nparams; i++)
        if (ctype_of(callee->params[i])) {
            tb_puts(e->body, ", ");
            put_value(e, op, op->operands[i]);
        }
    tb_puts(e->body, ");");
    line_end(e);
}

static void emit_op(emitter *e, const pvc_op *op)
{
    if (pvc_ops[op->code].flags & PVC_OPF_MACHINE) {
        emit_machine(e, op);
        return;
    }
    if (pvc_pyop_of(op->code)) {
        emit_arith(e, op);
        return;
    }
    switch (op->code) {
    case PVC_OP_ASSIGN: emit_assign(e, op); return;
    case PVC_OP_PY_EQ: case PVC_OP_PY_NE: case PVC_OP_PY_LT: case PVC_OP_PY_LE: case PVC_OP_PY_GT:
    case PVC_OP_PY_GE: emit_compare(e, op); return;
    case PVC_OP_PY_NOT: case PVC_OP_PY_BOOL: emit_truth(e, op); return;
    case PVC_OP_IF: emit_if(e, op); return;
    case PVC_OP_WHILE: emit_while(e, op); return;
    case PVC_OP_BREAK: case PVC_OP_CONTINUE: case PVC_OP_RETURN: emit_jump(e, op); return;
    case PVC_OP_PL_PRINTF: emit_printf(e, op); return;
    case PVC_OP_PL_RANGE: emit_range(e, op); return;
    case PVC_OP_CALL: emit_call(e, op); return;
    case PVC_OP_PL_SECTION_VECTOR: /* each core runs its projection of the body (§17.1) */
    case PVC_OP_PL_SECTION_CUBE:
        begin_stmt(e, op, 0);
        tb_puts(e->body, op->code == PVC_OP_PL_SECTION_CUBE ? "if (ctx->core == PVC_CORE_AIC) {"
                                                            : "if (ctx->core == PVC_CORE_AIV) {");
        emit_nested(e, op, "}");
        return;
    /* Compile-time descriptors (folded into static tile types); NOOP rows (pipe syncs, the
     * mask mode) below. */
    case PVC_OP_LIST:
    case PVC_OP_PL_TILE_TYPE:
    case PVC_OP_PL_MAKE_TILE_GROUP:
    case PVC_OP_PL_MAKE_TILE:
    case PVC_OP_TG_SLOT:
    case PVC_OP_TG_CURRENT:
    case PVC_OP_TG_NEXT:
    case PVC_OP_TG_PREVIOUS:
    case PVC_OP_PL_SET_VALIDSHAPE:
    case PVC_OP_TILE_SLICE:
        return;
    default:
        if (!(pvc_ops[op->code].flags & PVC_OPF_NOOP)) /* a no-op of the sequential model */
            fail_at(e, op->loc, "'%s' was not lowered to a machine op", pvc_ops[op->code].name);
    }
}

static void emit_block(emitter *e, const pvc_block *b)
{
    for (int i = 0; i < b->nops && !e->failed; i++)
        emit_op(e, b->ops[i]);
}

/* ---- functions ----------------------------------------------------------------------- */
static void put_signature(textbuf *o, const pvc_func *f)
{
    if (f->kind == PVC_FN_JIT) {
        tb_puts(o, "void pvc_kernel_");
        put_ident(o, f->name);
        tb_puts(o, "(pvc_ctx *ctx, pvc_tensor *args, const pvc_scalar *scalars)");
        return;
    }
    /* Each vector function stays a function of its own: a kernel calls its vector
     * functions once each, so cc would inline them all into one huge body, and its time
     * grows faster than the size of a function (BENCHMARKS.md); a call per invocation of
     * a vector function costs nothing beside its work. */
    tb_puts(o, "__attribute__((noinline)) static void ");
    put_vf_name(o, f->name);
    tb_puts(o, "(pvc_ctx *ctx");
    for (int i = 0; i < f->nparams; i++) {
        const char *ct = ctype_of(f->params[i]);
        if (ct) {
            tb_printf(o, ", %s ", ct);
            put_var(o, f->params[i]);
        }
    }
    tb_puts(o, ")");
}

static int is_param(const pvc_func *f, const pvc_value *v)
{
    for (int i = 0; i < f->nparams; i++)
        if (f->params[i] == v)
            return 1;
    return 0;
}

/* Kernel parameter i, bound by the ABI (emit_c.h): a tensor is &args[i], a scalar a local
 * initialised from scalars[i] (the body may reassign it, as Python may). */
static void emit_param(emitter *e, const pvc_value *p, int i)
{
    char letter = pvc_param_kind_letter(p->type.kind);
    if (letter == '?') {
        fail_at(e, p->loc, "kernel parameter '%s' is neither a tensor nor int/float/bool", p->name);
        return;
    }
    if (letter == 't') {
        tb_puts(e->body, "pvc_tensor *const ");
        put_var(e->body, p);
        tb_puts(e->body, " = &args[");
    } else {
        tb_puts(e->body, ctype_of(p));
        tb_putc(e->body, ' ');
        put_var(e->body, p);
        tb_puts(e->body, " = scalars[");
    }
    put_dec(e->body, i);
    tb_puts(e->body, letter == 't' ? "]; " : letter == 'f' ? "].f; " : "].i; ");
}

/* The kernel's parameters and the declarations of the variables the body used, all on one
 * line (the `def` line: one #line for all of them), then the body. */
static void emit_decls(emitter *e, const pvc_func *f)
{
    line_begin(e, f->loc.line);
    emit_tiles(e);
    for (int i = 0; i < f->nparams && f->kind == PVC_FN_JIT && !e->failed; i++)
        if (e->reads[f->params[i]->id] | e->writes[f->params[i]->id])
            emit_param(e, f->params[i], i);
    for (int id = 0; id < f->nvars; id++) {
        const pvc_value *v = f->vars[id];
        const char *ct = ctype_of(v);
        if (!ct || is_param(f, v) || !(e->reads[id] | e->writes[id]))
            continue;
        /* A register local on a cache line of its own: 32-byte alignment would split every
         * 64-byte store of a -march=native build across two lines (BENCHMARKS.md). */
        if (v->type.kind == PVC_TY_REG)
            tb_puts(e->body, "_Alignas(64) ");
        if (v->type.kind == PVC_TY_TENSOR && v->type.view) { /* its pvc_tensor, which gm.view fills (§6) */
            tb_printf(e->body, "pvc_tensor view_%d = {0}; pvc_tensor *", id);
            put_var(e->body, v);
            tb_printf(e->body, " = &view_%d; ", id);
            continue;
        }
        tb_puts(e->body, ct);
        tb_putc(e->body, ' ');
        put_var(e->body, v);
        tb_puts(e->body, " = ");
        tb_puts(e->body, zero_of(ct));
        tb_puts(e->body, "; ");
    }
    /* Written but never read (a loop variable the body ignores): say so to cc. */
    /* a vector function starts with AR = SQZN = 0, as the simulator's call does (§10.14) */
    tb_puts(e->body, f->kind == PVC_FN_JIT ? "(void)ctx; (void)args; (void)scalars;" : "pvc_spr_reset(ctx);");
    for (int id = 0; id < f->nvars; id++) /* and a VF's scalar parameter the body ignores */
        if (!e->reads[id] && ctype_of(f->vars[id]) &&
            (e->writes[id] || (f->kind == PVC_FN_VECTOR && is_param(f, f->vars[id])))) {
            tb_puts(e->body, " (void)");
            put_var(e->body, f->vars[id]);
            tb_puts(e->body, ";");
        }
    line_end(e);
}

static void emit_function(emitter *e, const pvc_func *f)
{
    e->f = f;
    e->nloops = 0;
    e->ntiles = 0;
    e->depth = 0;
    e->reads = calloc((size_t)f->nvars + 1, 1);
    e->writes = calloc((size_t)f->nvars + 1, 1);
    e->maskk = malloc((size_t)f->nvars + 1);
    e->mask_scratch = malloc(((size_t)f->nvars + 1) * sizeof *e->mask_scratch);
    e->uni = malloc((size_t)f->nvars + 1);
    e->only0 = malloc((size_t)f->nvars + 1);
    e->stmts.len = 0;
    e->body = &e->stmts;
    if (!e->reads || !e->writes || !e->maskk || !e->mask_scratch || !e->uni || !e->only0) {
        e->failed++;
        goto done;
    }
    pvc_mask_consts(f, e->maskk, e->mask_scratch);
    pvc_uniform_regs(f, e->maskk, e->uni);
    pvc_lane0_regs(f, e->only0);
    e->cur = -1;
    emit_block(e, &f->body);
    /* The header and declarations go straight to the output, the body after them. */
    e->body = e->out;
    e->cur = -1;
    tb_puts(e->out, "\n");
    e->depth = -1;
    line_begin(e, f->loc.line);
    put_signature(e->out, f);
    tb_puts(e->out, " {");
    line_end(e);
    e->depth = 0;
    emit_decls(e, f);
    tb_write(e->out, e->stmts.p, e->stmts.len);
    tb_puts(e->out, "}\n");
done:
    e->body = NULL;
    free(e->reads);
    free(e->writes);
    free(e->maskk);
    free(e->mask_scratch);
    free(e->uni);
    free(e->only0);
    e->reads = e->writes = e->uni = e->only0 = NULL;
    e->maskk = NULL;
    e->mask_scratch = NULL;
}

/* ---- the translation unit ------------------------------------------------------------ */
/* The callee names of every call in block b (and the bodies inside it), appended to names. */
static void collect_callees(const pvc_block *b, const char **names, int *n)
{
    for (int i = 0; i < b->nops; i++) {
        const pvc_op *op = b->ops[i];
        const pvc_attr *a = op->code == PVC_OP_CALL ? pvc_op_attr(op, "callee") : NULL;
        if (a && a->val && a->val->name)
            names[(*n)++] = a->val->name;
        pvc_block *blocks[3]; /* a body, an if's else, a while's condition */
        for (int k = 0, nb = pvc_op_blocks(op, blocks); k < nb; k++)
            collect_callees(blocks[k], names, n);
    }
}

static int count_ops(const pvc_block *b)
{
    int n = b->nops;
    for (int i = 0; i < b->nops; i++) {
        pvc_block *blocks[3];
        for (int k = 0, nb = pvc_op_blocks(b->ops[i], blocks); k < nb; k++)
            n += count_ops(blocks[k]);
    }
    return n;
}

/* Marks every vector function that a call in f's body names (found by name in the sorted
 * module); returns how many were newly marked. */
static int keep_callees(emitter *e, const pvc_func *f)
{
    int n = 0, added = 0;
    const char **names = malloc(((size_t)count_ops(&f->body) + 1) * sizeof *names);
    if (!names)
        return -1;
    collect_callees(&f->body, names, &n);
    for (int i = 0; i < e->m->nfuncs && n; i++) {
        const pvc_func *g = e->m->funcs[i];
        if (e->keep[i] || g->kind != PVC_FN_VECTOR)
            continue;
        for (int k = 0; k < n; k++)
            if (strcmp(names[k], g->name) == 0) {
                e->keep[i] = 1;
                added++;
                break;
            }
    }
    free(names);
    return added;
}

/* e->keep[i]: function i goes into the unit - all of them, or the one kernel and the vector
 * functions it reaches: a vector function may call another (docs/SEMANTICS.md §6), so the
 * callees are closed over until nothing new is added. */
static int choose_functions(emitter *e)
{
    const pvc_module *m = e->m;
    e->keep = calloc((size_t)m->nfuncs + 1, 1);
    if (!e->keep)
        return -1;
    if (!e->only) {
        memset(e->keep, 1, (size_t)m->nfuncs);
        return 0;
    }
    for (int i = 0; i < m->nfuncs; i++)
        e->keep[i] = m->funcs[i] == e->only;
    for (int added = 1; added > 0;) {
        added = 0;
        for (int i = 0; i < m->nfuncs; i++) {
            int a = e->keep[i] == 1 ? keep_callees(e, m->funcs[i]) : 0;
            if (a < 0)
                return -1;
            e->keep[i] = e->keep[i] ? 2 : 0; /* 2: its callees are marked */
            added += a;
        }
    }
    return 0;
}

static int site_cmp(const void *a, const void *b)
{
    const site *x = a, *y = b;
    return x->line != y->line ? (x->line > y->line) - (x->line < y->line)
                              : (x->col > y->col) - (x->col < y->col);
}

/* A unit of more machine ops than this leaves the inlining of the runtime's fast paths
 * (pvc_rt_inline.h, pvc_rt_fast.h) to the C compiler's own limits. Forced into each of the
 * 1,500 loads and stores of the 1,000-function benchmark file they took its cc time from
 * 5.2 to 12.6 s, and 200 copies of the rmsnorm sample's vector function from 3.9 to 14.3 s
 * (BENCHMARKS.md), where a kernel's hot loop is a few dozen ops. */
#define PVC_EMIT_INLINE_BUDGET 2000

static void emit_prologue(emitter *e, textbuf *o)
{
    tb_printf(o, "/* Generated by pvc %s from a pypto_pro file; the #line directives name it.\n"
              " * Every call below is one machine op of the checked IR (docs/IR.md). */\n"
              "#define PVC_NO_HOOKS 1 /* native code: the simulator's hooks are never set */\n",
              PVC_VERSION);
    if (e->nmachine > PVC_EMIT_INLINE_BUDGET) /* pvc_rt_inline.h PVC_INLINE */
        tb_printf(o, "#define PVC_INLINE_BY_CC 1 /* %ld machine ops: cc's own inlining limits */\n",
                  e->nmachine);
    tb_puts(o, "#include \"pvc_rt.h\"\n\n");
    if (e->nsites) /* sites is NULL for a file without faulting ops; qsort wants non-NULL */
        qsort(e->sites, (size_t)e->nsites, sizeof *e->sites, site_cmp);
    int uniq = 0;
    for (int i = 0; i < e->nsites; i++)
        if (!uniq || site_cmp(&e->sites[uniq - 1], &e->sites[i]) != 0)
            e->sites[uniq++] = e->sites[i];
    e->nsites = uniq;
    for (int i = 0; i < e->nsites; i++) { /* static const pvc_loc loc_L_C = {file, L, C}; */
        tb_puts(o, "static const pvc_loc ");
        put_loc(o, "loc_", (pvc_span){.line = e->sites[i].line, .col = e->sites[i].col});
        tb_puts(o, " = {");
        tb_puts(o, e->file_lit);
        tb_puts(o, ", ");
        put_dec(o, e->sites[i].line);
        tb_puts(o, ", ");
        put_dec(o, e->sites[i].col);
        tb_puts(o, "};\n");
    }
    tb_puts(o, "\n");
    for (int i = 0; i < e->m->nfuncs; i++)
        if (e->keep[i]) {
            put_signature(o, e->m->funcs[i]);
            tb_puts(o, ";\n");
        }
    tb_puts(o, "\nconst struct pvc_kernel_entry {\n"
               "    const char *name;\n"
               "    void (*fn)(pvc_ctx *ctx, pvc_tensor *args, const pvc_scalar *scalars);\n"
               "    int nparams;\n"
               "    const char *kinds; /* per parameter: t tensor, i int, b bool, f float */\n"
               "} " PVC_KERNEL_TABLE "[] = {\n");
    for (int i = 0; i < e->m->nfuncs; i++) {
        const pvc_func *f = e->m->funcs[i];
        if (f->kind != PVC_FN_JIT || !e->keep[i])
            continue;
        char *lit = c_string(f->name);
        tb_printf(o, "    {%s, pvc_kernel_", lit ? lit : "\"\"");
        put_ident(o, f->name);
        tb_printf(o, ", %d, \"", f->nparams);
        for (int p = 0; p < f->nparams; p++)
            tb_putc(o, pvc_param_kind_letter(f->params[p]->type.kind));
        tb_puts(o, "\"},\n");
        free(lit);
    }
    tb_puts(o, "    {NULL, NULL, 0, NULL},\n};\n");
}

int pvc_emit_c(const pvc_module *m, FILE *out)
{
    size_t len = 0;
    char *text = pvc_emit_c_string(m, &len);
    if (!text)
        return -1;
    int bad = fwrite(text, 1, len, out) != len;
    free(text);
    return bad ? -1 : 0;
}

char *pvc_emit_c_string(const pvc_module *m, size_t *len)
{
    return pvc_emit_c_kernel(m, NULL, NULL, len);
}

char *pvc_emit_c_kernel(const pvc_module *m, const pvc_func *kernel, const char *file, size_t *len)
{
    emitter e = {.m = m, .only = kernel};
    textbuf pro = {0};
    char *text = NULL;
    e.out = &e.defs;
    e.file_lit = c_string(file ? file : m->file ? m->file : "<input>");
    if (!e.file_lit || choose_functions(&e))
        goto oom;
    /* Vector functions first: the kernels call them. Param types come from each function. */
    for (int pass = 0; pass < 2 && !e.failed; pass++)
        for (int i = 0; i < m->nfuncs && !e.failed; i++)
            if ((m->funcs[i]->kind == PVC_FN_JIT) == pass && e.keep[i])
                emit_function(&e, m->funcs[i]);
    if (e.failed)
        goto done;
    /* The prologue goes before the definitions, in the definitions' own buffer: the text
     * exists once (a copy would double the emitter's share of a large compile's memory). */
    emit_prologue(&e, &pro);
    if (pro.oom || e.defs.oom || e.stmts.oom ||
        !(text = realloc(e.defs.p, pro.len + e.defs.len + 1)))
        goto oom;
    e.defs.p = NULL;
    memmove(text + pro.len, text, e.defs.len);
    memcpy(text, pro.p, pro.len);
    text[pro.len + e.defs.len] = '\0';
    *len = pro.len + e.defs.len;
    goto done;
oom:
    fprintf(stderr, "pvc: error: out of memory emitting C\n");
done:
    free(pro.p);
    free(e.defs.p);
    free(e.stmts.p);
    free(e.sites);
    free(e.tiles);
    free(e.keep);
    free((char *)e.file_lit);
    return text;
}

/* ---- a streamed compile's unit (emit/stream.c) ------------------------------------- */
/* The vector functions are emitted as they are made, each into a spill file (their IR is
 * freed right after); the unit is then the prologue, their text in the module's order read
 * back from the spill, and the kernels: the bytes pvc_emit_c writes for the same module. */
typedef struct {
    const pvc_func *f; /* the function that stays in the module for the one emitted */
    long at;           /* its text in the spill */
    size_t len;
} spilled;

struct pvc_emitter {
    emitter e;
    FILE *spill;
    spilled *done;
    int ndone, capdone;
};

pvc_emitter *pvc_emit_open(const pvc_module *m)
{
    pvc_emitter *E = calloc(1, sizeof *E);
    if (!E)
        return NULL;
    E->e.m = m;
    E->e.out = &E->e.defs;
    E->e.quiet = 1;
    E->e.file_lit = c_string(m->file ? m->file : "<input>");
    E->spill = tmpfile();
    if (!E->e.file_lit || !E->spill) {
        pvc_emit_close(E);
        return NULL;
    }
    return E;
}

int pvc_emit_spill(pvc_emitter *E, const pvc_func *f, const pvc_func *stays)
{
    emitter *e = &E->e;
    e->defs.len = 0;
    emit_function(e, f);
    if (e->failed || e->defs.oom || e->stmts.oom)
        return -1;
    if (E->ndone == E->capdone) {
        int cap = E->capdone ? 2 * E->capdone : 64;
        spilled *d = realloc(E->done, (size_t)cap * sizeof *d);
        if (!d)
            return -1;
        E->done = d, E->capdone = cap;
    }
    long at = ftell(E->spill);
    if (at < 0 || fwrite(e->defs.p, 1, e->defs.len, E->spill) != e->defs.len)
        return -1;
    E->done[E->ndone++] = (spilled){stays, at, e->defs.len};
    return 0;
}

static int spilled_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const spilled *)a)->f, y = (uintptr_t)((const spilled *)b)->f;
    return (x > y) - (x < y);
}

/* Copies the spilled text of f to out; -1 when f was not spilled or on a read error. */
static int copy_spilled(pvc_emitter *E, const pvc_func *f, FILE *out)
{
    spilled key = {.f = f};
    const spilled *s = bsearch(&key, E->done, (size_t)E->ndone, sizeof *E->done, spilled_cmp);
    char buf[8192];
    if (!s || fseek(E->spill, s->at, SEEK_SET))
        return -1;
    for (size_t left = s->len; left;) {
        size_t k = left < sizeof buf ? left : sizeof buf;
        if (fread(buf, 1, k, E->spill) != k || fwrite(buf, 1, k, out) != k)
            return -1;
        left -= k;
    }
    return 0;
}

int pvc_emit_finish(pvc_emitter *E, FILE *out)
{
    emitter *e = &E->e;
    const pvc_module *m = e->m;
    textbuf pro = {0};
    int rc = -1;
    e->defs.len = 0;
    if (choose_functions(e))
        return -1;
    for (int i = 0; i < m->nfuncs && !e->failed; i++)
        if (m->funcs[i]->kind == PVC_FN_JIT)
            emit_function(e, m->funcs[i]);
    if (e->failed || e->defs.oom || e->stmts.oom)
        goto done;
    emit_prologue(e, &pro);
    if (pro.oom || fflush(E->spill))
        goto done;
    rc = -2; /* from here on a failure is a write's */
    if (fwrite(pro.p, 1, pro.len, out) != pro.len)
        goto done;
    if (E->ndone)
        qsort(E->done, (size_t)E->ndone, sizeof *E->done, spilled_cmp);
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i]->kind == PVC_FN_VECTOR && copy_spilled(E, m->funcs[i], out))
            goto done;
    rc = fwrite(e->defs.p, 1, e->defs.len, out) == e->defs.len ? 0 : -1;
done:
    free(pro.p);
    return rc;
}

void pvc_emit_close(pvc_emitter *E)
{
    if (!E)
        return;
    if (E->spill)
        fclose(E->spill);
    free(E->done);
    free(E->e.defs.p);
    free(E->e.stmts.p);
    free(E->e.sites);
    free(E->e.tiles);
    free(E->e.keep);
    free((char *)E->e.file_lit);
    free(E);
}
