/* ir.c - arena, IR construction and the value/type printers shared by both dumps. */
#include "ir/ir.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Under ASan, what pvc_arena_release gives back is poisoned until allocated again: a
 * pointer kept past its release is then a use-after-poison ASan reports. */
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define ARENA_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define ARENA_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define ARENA_POISON(p, n) ((void)(p), (void)(n))
#define ARENA_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* ---- arena: a list of chunks, freed at once with the module ---- */
typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    _Alignas(16) unsigned char data[];
} chunk;

struct pvc_arena {
    chunk *head;
};

pvc_arena *pvc_arena_new(void)
{
    pvc_arena *a = calloc(1, sizeof *a);
    if (!a)
        pvc_out_of_memory();
    return a;
}

void *pvc_arena_alloc(pvc_arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    chunk *c = a->head;
    if (!c || c->cap - c->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        c = malloc(sizeof *c + cap);
        if (!c)
            pvc_out_of_memory();
        c->next = a->head;
        c->used = 0;
        c->cap = cap;
        a->head = c;
    }
    void *p = c->data + c->used;
    c->used += n;
    ARENA_UNPOISON(p, n);
    memset(p, 0, n);
    return p;
}

pvc_arena_mark pvc_arena_mark_now(const pvc_arena *a)
{
    return (pvc_arena_mark){a->head, a->head ? a->head->used : 0};
}

void pvc_arena_release(pvc_arena *a, pvc_arena_mark mark)
{
    while (a->head && a->head != mark.chunk) {
        chunk *next = a->head->next;
        free(a->head);
        a->head = next;
    }
    if (a->head) {
        ARENA_POISON(a->head->data + mark.used, a->head->used - mark.used);
        a->head->used = mark.used;
    }
}

char *pvc_arena_strndup(pvc_arena *a, const char *s, size_t n)
{
    char *p = pvc_arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

/* Under ASan every chunk goes: a pointer kept past a reset (the lowering's scratch arena
 * holds child arrays and Python values per function) is then a use-after-free it reports,
 * not a read of whatever the next round wrote there. */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_KEEP_CHUNK 0
#else
#define ARENA_KEEP_CHUNK 1
#endif

void pvc_arena_reset(pvc_arena *a)
{
    chunk *c = a->head;
    while (c && (c->next || !ARENA_KEEP_CHUNK)) { /* the oldest stays, for the next round */
        chunk *next = c->next;
        free(c);
        c = next;
    }
    if (c)
        c->used = 0;
    a->head = c;
}

size_t pvc_arena_size(const pvc_arena *a)
{
    size_t n = 0;
    for (const chunk *c = a ? a->head : NULL; c; c = c->next)
        n += c->cap;
    return n;
}

void pvc_arena_free(pvc_arena *a)
{
    if (!a)
        return;
    for (chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(a);
}

char *pvc_arena_printf(pvc_arena *a, const char *fmt, ...)
{
    va_list ap, cp;
    va_start(ap, fmt);
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    if (n < 0)
        PVC_BUG("bad format '%s'", fmt);
    char *p = pvc_arena_alloc(a, (size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

char *pvc_arena_dotted(pvc_arena *a, const char *x, const char *y, size_t ny)
{
    size_t nx = strlen(x);
    char *p = pvc_arena_alloc(a, nx + ny + 2);
    memcpy(p, x, nx);
    p[nx] = '.';
    memcpy(p + nx + 1, y, ny);
    p[nx + 1 + ny] = '\0';
    return p;
}

/* Grows an arena array of elem-size items to hold at least need (old memory stays in
 * the arena until the module is freed; arrays here are small). */
static void *grow(pvc_arena *a, void *old, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return old;
    int ncap = *cap ? *cap * 2 : 4;
    while (ncap < need)
        ncap *= 2;
    void *p = pvc_arena_alloc(a, (size_t)ncap * elem);
    if (old)
        memcpy(p, old, (size_t)*cap * elem);
    *cap = ncap;
    return p;
}

/* ---- string map: open addressing, FNV-1a, grown at half load ---- */
/* FNV-1a, then a finalizer: a product only carries low bits upwards, so FNV's low bits
 * (the slot, masked) barely depend on the high bits of the bytes, and names that differ in
 * a digit ("vf_123.1", "vf_124.1") piled into long probe runs. */
static uint32_t hash_str(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    return h;
}

void *pvc_strmap_get(const pvc_strmap *m, const char *key)
{
    if (!m->cap)
        return NULL;
    for (uint32_t i = hash_str(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (!m->keys[i])
            return NULL;
        if (strcmp(m->keys[i], key) == 0)
            return m->vals[i];
    }
}

void pvc_strmap_put(pvc_arena *a, pvc_strmap *m, const char *key, void *val)
{
    if (2 * (m->n + 1) > m->cap) {
        pvc_strmap old = *m;
        m->cap = old.cap ? 2 * old.cap : 4; /* most maps are a function's few names */
        m->n = 0;
        m->keys = pvc_arena_alloc(a, m->cap * sizeof *m->keys);
        m->vals = pvc_arena_alloc(a, m->cap * sizeof *m->vals);
        for (uint32_t i = 0; i < old.cap; i++)
            if (old.keys[i])
                pvc_strmap_put(a, m, old.keys[i], old.vals[i]);
    }
    uint32_t i = hash_str(key) & (m->cap - 1);
    while (m->keys[i] && strcmp(m->keys[i], key) != 0)
        i = (i + 1) & (m->cap - 1);
    if (!m->keys[i])
        m->n++;
    m->keys[i] = key;
    m->vals[i] = val;
}

/* ---- building ---- */
/* The module itself lives outside its arena, so compaction (compact.c) can swap arenas
 * under it. */
pvc_module *pvc_module_new(const char *file)
{
    pvc_module *m = calloc(1, sizeof *m);
    if (!m)
        pvc_out_of_memory();
    m->arena = pvc_arena_new();
    m->file = pvc_arena_strndup(m->arena, file, strlen(file));
    return m;
}

void pvc_module_free(pvc_module *m)
{
    if (m)
        pvc_arena_free(m->arena);
    free(m);
}

pvc_func *pvc_func_detached(pvc_module *m, const char *name, pvc_func_kind kind, pvc_span loc)
{
    pvc_func *f = pvc_arena_alloc(m->arena, sizeof *f);
    f->name = name;
    f->kind = kind;
    f->loc = loc;
    return f;
}

void pvc_module_add(pvc_module *m, pvc_func *f)
{
    m->funcs = grow(m->arena, m->funcs, &m->cap, m->nfuncs + 1, sizeof *m->funcs);
    m->funcs[m->nfuncs++] = f;
    if (!pvc_strmap_get(&m->names, f->name))
        pvc_strmap_put(m->arena, &m->names, f->name, f);
}

pvc_func *pvc_func_new(pvc_module *m, const char *name, pvc_func_kind kind, pvc_span loc)
{
    pvc_func *f = pvc_func_detached(m, name, kind, loc);
    pvc_module_add(m, f);
    return f;
}

pvc_func *pvc_func_find(const pvc_module *m, const char *name)
{
    return pvc_strmap_get(&m->names, name);
}

void pvc_module_drop(pvc_module *m, const pvc_span *ranges, int n)
{
    int kept = 0;
    m->names = (pvc_strmap){0}; /* open addressing: rebuilt, not deleted from */
    for (int i = 0; i < m->nfuncs; i++) {
        pvc_func *f = m->funcs[i];
        int drop = 0;
        for (int k = 0; k < n && !drop; k++)
            drop = ranges[2 * k].line == f->loc.line && ranges[2 * k].col == f->loc.col;
        if (drop)
            continue;
        m->funcs[kept++] = f;
        if (!pvc_strmap_get(&m->names, f->name))
            pvc_strmap_put(m->arena, &m->names, f->name, f);
    }
    m->nfuncs = kept;
}

static pvc_value *new_var(pvc_module *m, pvc_func *f, const char *name, pvc_span loc)
{
    pvc_value *v = pvc_arena_alloc(m->arena, sizeof *v);
    v->kind = PVC_V_VAR;
    v->type.kind = PVC_TY_ANY;
    v->type.dtype = PVC_UNKNOWN;
    v->type.ub_addr = PVC_UNKNOWN;
    v->name = name;
    v->loc = loc;
    v->id = f->nvars;
    f->vars = grow(m->arena, f->vars, &f->cap, f->nvars + 1, sizeof *f->vars);
    f->vars[f->nvars++] = v;
    if (name)
        pvc_strmap_put(m->arena, &f->names, name, v);
    return v;
}

pvc_value *pvc_var_find(const pvc_func *f, const char *name)
{
    return pvc_strmap_get(&f->names, name);
}

pvc_value *pvc_var_named(pvc_module *m, pvc_func *f, const char *name, pvc_span loc)
{
    pvc_value *v = pvc_var_find(f, name);
    return v ? v : new_var(m, f, name, loc);
}

pvc_value *pvc_var_temp(pvc_module *m, pvc_func *f, pvc_span loc)
{
    pvc_value *v = new_var(m, f, NULL, loc);
    v->i = f->ntemps++; /* printed as %<i> */
    return v;
}

pvc_value *pvc_const(pvc_module *m, pvc_value_kind kind, pvc_span loc)
{
    static const pvc_type_kind type_of[] = {
        [PVC_V_INT] = PVC_TY_INT,     [PVC_V_FLOAT] = PVC_TY_FLOAT, [PVC_V_BOOL] = PVC_TY_BOOL,
        [PVC_V_NONE] = PVC_TY_NONE,   [PVC_V_ENUM] = PVC_TY_ENUM,   [PVC_V_DTYPE] = PVC_TY_DTYPE,
        [PVC_V_DIM] = PVC_TY_DIM,     [PVC_V_FUNC] = PVC_TY_FUNC,   [PVC_V_STR] = PVC_TY_STR,
    };
    if (kind == PVC_V_VAR)
        PVC_BUG("pvc_const called for a variable");
    pvc_value *v = pvc_arena_alloc(m->arena, sizeof *v);
    v->kind = kind;
    v->type.kind = type_of[kind];
    v->type.dtype = PVC_UNKNOWN;
    v->type.ub_addr = PVC_UNKNOWN;
    v->loc = loc;
    return v;
}

pvc_op *pvc_op_new(pvc_module *m, pvc_opcode code, pvc_span loc)
{
    pvc_op *op = pvc_arena_alloc(m->arena, sizeof *op);
    op->code = code;
    op->loc = loc;
    if (pvc_ops[code].flags & PVC_OPF_BLOCK)
        op->body = pvc_arena_alloc(m->arena, sizeof *op->body);
    if (code == PVC_OP_IF)
        op->orelse = pvc_arena_alloc(m->arena, sizeof *op->orelse);
    if (code == PVC_OP_WHILE)
        op->cond = pvc_arena_alloc(m->arena, sizeof *op->cond);
    return op;
}

int pvc_op_blocks(const pvc_op *op, pvc_block **out)
{
    int n = 0;
    if (op->cond)
        out[n++] = op->cond;
    if (op->body)
        out[n++] = op->body;
    if (op->orelse)
        out[n++] = op->orelse;
    return n;
}

int pvc_block_sections(const pvc_block *b)
{
    int bits = 0;
    for (int i = 0; i < b->nops; i++) {
        pvc_block *blocks[3];
        bits |= b->ops[i]->code == PVC_OP_PL_SECTION_VECTOR ? PVC_SECTIONS_VECTOR
              : b->ops[i]->code == PVC_OP_PL_SECTION_CUBE   ? PVC_SECTIONS_CUBE
                                                            : 0;
        for (int k = 0, n = pvc_op_blocks(b->ops[i], blocks); k < n; k++)
            bits |= pvc_block_sections(blocks[k]);
    }
    return bits;
}

int pvc_func_sections(const pvc_func *f) { return pvc_block_sections(&f->body); }

/* Operand/result/attr arrays are exact-size copies: ops are built once, rarely grown. */
static void *append(pvc_arena *a, void *arr, int n, size_t elem, const void *item)
{
    unsigned char *p = pvc_arena_alloc(a, (size_t)(n + 1) * elem);
    if (n)
        memcpy(p, arr, (size_t)n * elem);
    memcpy(p + (size_t)n * elem, item, elem);
    return p;
}

void pvc_op_add_operand(pvc_module *m, pvc_op *op, pvc_value *v)
{
    op->operands = append(m->arena, op->operands, op->noperands++, sizeof v, &v);
}

void pvc_op_add_result(pvc_module *m, pvc_op *op, pvc_value *v)
{
    op->results = append(m->arena, op->results, op->nresults++, sizeof v, &v);
}

void pvc_op_add_attr(pvc_module *m, pvc_op *op, const char *key, pvc_value *v, pvc_span loc)
{
    pvc_attr a = {key, v, loc};
    op->attrs = append(m->arena, op->attrs, op->nattrs++, sizeof a, &a);
}

const pvc_attr *pvc_op_attr(const pvc_op *op, const char *key)
{
    for (int i = 0; i < op->nattrs; i++)
        if (strcmp(op->attrs[i].key, key) == 0)
            return &op->attrs[i];
    return NULL;
}

void pvc_block_append(pvc_module *m, pvc_block *b, pvc_op *op)
{
    b->ops = grow(m->arena, b->ops, &b->cap, b->nops + 1, sizeof *b->ops);
    b->ops[b->nops++] = op;
}

pvc_value *pvc_op_arg(const pvc_op *op, const char *name)
{
    const pvc_opinfo *info = &pvc_ops[op->code];
    int idx = pvc_param_index(info->pos, name, strlen(name));
    if (idx >= 0) {
        idx += (info->flags & PVC_OPF_METHOD) ? 1 : 0;
        if (idx < op->noperands)
            return op->operands[idx];
    }
    const pvc_attr *a = pvc_op_attr(op, name);
    return a ? a->val : NULL;
}

pvc_span pvc_op_arg_loc(const pvc_op *op, const char *name)
{
    const pvc_attr *a = pvc_op_attr(op, name);
    if (a && (a->loc.line > 0))
        return a->loc;
    const pvc_value *v = pvc_op_arg(op, name);
    return v && v->kind != PVC_V_VAR && v->loc.line > 0 ? v->loc : op->loc;
}

/* ---- cloning (specialisation of vector functions) ---- */
static pvc_value *clone_value(pvc_value *v, pvc_value **map)
{
    return v && v->kind == PVC_V_VAR ? map[v->id] : v;
}

static void clone_block(pvc_module *m, pvc_block *dst, const pvc_block *src, pvc_value **map)
{
    for (int i = 0; i < src->nops; i++) {
        const pvc_op *o = src->ops[i];
        pvc_op *c = pvc_op_new(m, o->code, o->loc);
        for (int k = 0; k < o->nresults; k++)
            pvc_op_add_result(m, c, clone_value(o->results[k], map));
        for (int k = 0; k < o->noperands; k++)
            pvc_op_add_operand(m, c, clone_value(o->operands[k], map));
        for (int k = 0; k < o->nattrs; k++)
            pvc_op_add_attr(m, c, o->attrs[k].key, clone_value(o->attrs[k].val, map), o->attrs[k].loc);
        if (o->body)
            clone_block(m, c->body, o->body, map);
        if (o->orelse)
            clone_block(m, c->orelse, o->orelse, map);
        if (o->cond)
            clone_block(m, c->cond, o->cond, map);
        pvc_block_append(m, dst, c);
    }
}

pvc_func *pvc_func_clone_detached(pvc_module *m, const pvc_func *f, const char *name)
{
    pvc_func *c = pvc_func_detached(m, name, f->kind, f->loc);
    c->end = f->end;
    pvc_value **map = pvc_arena_alloc(m->arena, ((size_t)f->nvars + 1) * sizeof *map);
    for (int i = 0; i < f->nvars; i++) {
        const pvc_value *v = f->vars[i];
        pvc_value *n = v->name ? new_var(m, c, v->name, v->loc) : pvc_var_temp(m, c, v->loc);
        pvc_value keep = *n;
        *n = *v;
        n->id = keep.id;
        n->i = keep.i;
        map[i] = n;
    }
    c->ntemps = f->ntemps;
    c->params = pvc_arena_alloc(m->arena, ((size_t)f->nparams + 1) * sizeof *c->params);
    for (int i = 0; i < f->nparams; i++)
        c->params[i] = map[f->params[i]->id];
    c->nparams = f->nparams;
    clone_block(m, &c->body, &f->body, map);
    return c;
}

pvc_func *pvc_func_clone(pvc_module *m, const pvc_func *f, const char *name)
{
    pvc_func *c = pvc_func_clone_detached(m, f, name);
    pvc_module_add(m, c);
    return c;
}

void pvc_func_remove(pvc_module *m, pvc_func *f)
{
    int j = 0;
    for (int i = 0; i < m->nfuncs; i++)
        if (m->funcs[i] != f)
            m->funcs[j++] = m->funcs[i];
    m->nfuncs = j;
    if (pvc_strmap_get(&m->names, f->name) == f)
        pvc_strmap_put(m->arena, &m->names, f->name, NULL);
}

/* ---- machine-op rows ---- */
static int ident_byte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int pvc_mop_takes_at(const pvc_mop *m)
{
    for (const char *t = m->call; (t = strstr(t, "at")) != NULL; t += 2)
        if ((t == m->call || !ident_byte(t[-1])) && !ident_byte(t[2]))
            return 1;
    return 0;
}

int pvc_mop_settles_before(const pvc_mop *m)
{
    if (m->flags & (PVC_MF_NO_MEM | PVC_MF_SETTLES))
        return 0;
    if (m->level == PVC_LV_TILE || m->level == PVC_LV_CUBE)
        return 1;
    for (int i = 0; i < m->nopnd; i++)
        switch (m->opnd[i].kind) {
        case PVC_OK_ADDR: case PVC_OK_CURSOR: case PVC_OK_ULD: case PVC_OK_UST: case PVC_OK_TILE:
        case PVC_OK_TILE_ND: case PVC_OK_TENSOR:
            return 1;
        default:
            break;
        }
    return 0;
}

/* ---- printing ---- */
const char *pvc_type_kind_name(pvc_type_kind k)
{
    static const char *const names[] = {
#define X(id, name, text) name,
        PVC_TYPES(X)
#undef X
    };
    return (unsigned)k < PVC_TY_COUNT ? names[k] : "<bad type>";
}

static const char *dtype_name(int dt)
{
    return dt >= 0 && dt < PVC_DT_COUNT ? pvc_dtype_pyname(dt) + 3 : "?"; /* skip "DT_" */
}

void pvc_type_str(const pvc_type *t, char *buf, size_t n)
{
    const char *k = pvc_type_kind_name(t->kind);
    switch (t->kind) {
    case PVC_TY_TENSOR: {
        int len = snprintf(buf, n, "tensor<%s, [", dtype_name(t->dtype));
        for (int i = 0; i < t->rank && i < PVC_MAX_RANK && len >= 0 && (size_t)len < n; i++) {
            int64_t d = t->dims[i];
            const char *sep = i ? ", " : "";
            if (d == PVC_DIM_DYNAMIC)
                len += snprintf(buf + len, n - (size_t)len, "%sDYNAMIC", sep);
            else if (d == PVC_DIM_STATIC)
                len += snprintf(buf + len, n - (size_t)len, "%sSTATIC", sep);
            else
                len += snprintf(buf + len, n - (size_t)len, "%s%" PRId64, sep, d);
        }
        if (len >= 0 && (size_t)len < n)
            snprintf(buf + len, n - (size_t)len, "]>");
        break;
    }
    case PVC_TY_TILE: {
        if (t->dtype < 0) {
            snprintf(buf, n, "tile<?>");
            break;
        }
        /* what is not the default (a Vec, ND tile without pad; [N, 1] is DN), then ub */
        char more[96] = "";
        int dflt = t->dims[1] == 1 ? PVC_TL_DN : PVC_TL_ND;
        size_t k = 0;
        if (t->mem)
            k += (size_t)snprintf(more + k, sizeof more - k, ", %s", pvc_mem_name(t->mem));
        if (t->layout != dflt && k < sizeof more)
            k += (size_t)snprintf(more + k, sizeof more - k, ", %s", pvc_tile_layout_name(t->layout));
        if (t->pad && k < sizeof more)
            k += (size_t)snprintf(more + k, sizeof more - k, ", pad=%s", pvc_tile_pad_name(t->pad));
        if (k < sizeof more && t->ub_addr >= 0)
            snprintf(more + k, sizeof more - k, ", ub=0x%" PRIx64, (uint64_t)t->ub_addr);
        else if (k < sizeof more && t->dyn)
            snprintf(more + k, sizeof more - k, ", ub=run-time");
        snprintf(buf, n, "tile<%s, [%" PRId64 ", %" PRId64 "]%s>", dtype_name(t->dtype), t->dims[0],
                 t->dims[1], more);
        break;
    }
    case PVC_TY_REG:
        snprintf(buf, n, "reg_tensor<%s>", dtype_name(t->dtype));
        break;
    case PVC_TY_MASK:
        if (t->gran && t->dtype >= 0)
            snprintf(buf, n, "mask_reg<%s, b%d>", dtype_name(t->dtype), t->gran);
        else if (t->gran)
            snprintf(buf, n, "mask_reg<b%d>", t->gran);
        else
            snprintf(buf, n, "mask_reg<?>");
        break;
    case PVC_TY_ENUM:
        snprintf(buf, n, "enum<%s>", pvc_enum_ns_name(t->ns));
        break;
    default:
        snprintf(buf, n, "%s", k);
    }
}

void pvc_float_str(double f, char *buf, size_t n)
{
    if (f != f) {
        snprintf(buf, n, "nan");
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, f);
        if (strtod(buf, NULL) == f)
            break;
    }
    if (!strpbrk(buf, ".eEin")) /* keep it a float literal: 0 -> 0.0 */
        strncat(buf, ".0", n - strlen(buf) - 1);
}

void pvc_value_str(const pvc_value *v, char *buf, size_t n)
{
    switch (v->kind) {
    case PVC_V_VAR:
        if (v->name)
            snprintf(buf, n, "%%%s", v->name);
        else
            snprintf(buf, n, "%%%" PRId64, v->i);
        break;
    case PVC_V_INT:
        snprintf(buf, n, "%" PRId64, v->i);
        break;
    case PVC_V_FLOAT:
        pvc_float_str(v->f, buf, n);
        break;
    case PVC_V_BOOL:
        snprintf(buf, n, "%s", v->i ? "True" : "False");
        break;
    case PVC_V_NONE:
        snprintf(buf, n, "None");
        break;
    case PVC_V_ENUM:
        snprintf(buf, n, "%s%s.%s", pvc_enum_ns_is_pl(v->ns) ? "pl." : "", pvc_enum_ns_name(v->ns),
                 v->name);
        break;
    case PVC_V_DTYPE:
        snprintf(buf, n, "pl.%s", pvc_dtype_pyname((int)v->i));
        break;
    case PVC_V_DIM:
        snprintf(buf, n, "pl.%s", v->i == PVC_DIM_DYNAMIC ? "DYNAMIC" : "STATIC");
        break;
    case PVC_V_FUNC:
        snprintf(buf, n, "@%s", v->name);
        break;
    case PVC_V_STR:
        pvc_str_repr(v->name, (size_t)v->i, buf, n);
        break;
    }
}

/* A Python string literal that reads back as s: '...' with \\, \', \n, \t, \r and \xHH for
 * every other byte outside printable ASCII; cut short (with ...) when buf is too small. */
void pvc_str_repr(const char *s, size_t len, char *buf, size_t n)
{
    size_t k = 0;
    if (n < 8) {
        if (n)
            buf[0] = '\0';
        return;
    }
    buf[k++] = '\'';
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[5];
        if (c == '\\' || c == '\'')
            snprintf(esc, sizeof esc, "\\%c", c);
        else if (c == '\n' || c == '\t' || c == '\r')
            snprintf(esc, sizeof esc, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
        else if (c < 0x20 || c >= 0x7f)
            snprintf(esc, sizeof esc, "\\x%02x", c);
        else
            snprintf(esc, sizeof esc, "%c", c);
        size_t el = strlen(esc);
        if (k + el + 5 > n) {
            memcpy(buf + k, "...", 3);
            k += 3;
            break;
        }
        memcpy(buf + k, esc, el);
        k += el;
    }
    buf[k++] = '\'';
    buf[k] = '\0';
}

char pvc_param_kind_letter(pvc_type_kind kind)
{
    switch (kind) {
    case PVC_TY_TENSOR: return 't';
    case PVC_TY_INT: return 'i';
    case PVC_TY_BOOL: return 'b';
    case PVC_TY_FLOAT: return 'f';
    default: return '?';
    }
}
