/* ops.c - the op, enum and dtype tables of ops.h / pvc_rt.h, and their lookups. */
#include "ir/ir.h"

#include <string.h>

/* DSL rows, then one row per machine op (its description is pvc_mops[]). */
const pvc_opinfo pvc_ops[PVC_OP_COUNT] = {
#define X(id, name, pos, kw, minp, maxp, nres, res, flags, level, doc) \
    {name, pos, kw, minp, maxp, nres, PVC_TY_##res, PVC_OPF_##flags, PVC_LV_##level, doc},
    PVC_OPS(X)
#undef X
#define M(id, name, from, opnds, attrs, res, dts, trap, fl, level, pipe, base, bpc, call, doc) \
    {name, "", "", -1, -1, -1, PVC_TY_NONE, PVC_OPF_MACHINE, PVC_LV_##level, doc},
    PVC_MOPS(M)
#undef M
};

/* ---- machine ops: each row's operand, attribute and result lists, then the table ---- */
#define LIST(...) __VA_ARGS__
#define O(kind, name) {PVC_OK_##kind, #name},
#define R(kind, name) {PVC_OK_##kind, #name},
#define AD(name) {PVC_AK_DTYPE, #name, 0, 0, 0},
#define AE(name, ns, dflt, legal) {PVC_AK_ENUM, #name, PVC_NS_##ns, dflt, legal},
#define AC(name, ns, dflt, legal) {PVC_AK_CHECK, #name, PVC_NS_##ns, dflt, legal},
#define AI(name, dflt) {PVC_AK_INT, #name, 0, dflt, 0},
#define M(id, name, from, opnds, attrs, res, dts, trap, fl, level, pipe, base, bpc, call, doc)  \
    static const pvc_opnd opnd_##id[] = {LIST opnds{PVC_OK_END, NULL}};           \
    static const pvc_attrdesc attr_##id[] = {LIST attrs{PVC_AK_END, NULL, 0, 0, 0}}; \
    static const pvc_opnd res_##id[] = {LIST res{PVC_OK_END, NULL}};
PVC_MOPS(M)
#undef M
#undef O
#undef R
#undef AD
#undef AE
#undef AC
#undef AI

#define LEN(a) ((int)(sizeof a / sizeof a[0]) - 1)
const pvc_mop pvc_mops[PVC_MOP_COUNT] = {
#define M(id, name, from, opnds, attrs, res, dts, trap, fl, level, pipe, base, bpc, call, doc)        \
    {name, PVC_OP_##from, opnd_##id, attr_##id, res_##id, LEN(opnd_##id), LEN(attr_##id),     \
     LEN(res_##id), dts, trap, fl, PVC_LV_##level, PVC_PIPE_##pipe, base, bpc, #call, doc},
    PVC_MOPS(M)
#undef M
};
#undef LEN
#undef LIST

static int name_eq(const char *table_name, const char *s, size_t len)
{
    return strlen(table_name) == len && memcmp(table_name, s, len) == 0;
}

/* DSL names only: machine ops are never written by the user. */
int pvc_op_lookup(const char *name, size_t len)
{
    for (int i = 0; i < PVC_OP_COUNT; i++)
        if (!(pvc_ops[i].flags & PVC_OPF_MACHINE) && name_eq(pvc_ops[i].name, name, len))
            return i;
    return -1;
}

/* The first name of a space-separated list at or after p (*len = its length), or NULL. */
/* A name of a parameter list, its note (":LoadDist") skipped: the next call starts at the
 * note of the name before and steps over it. */
const char *pvc_param_next(const char *p, size_t *len)
{
    while (*p == ' ' || *p == ':' || *p == '/')
        p += *p == ':' ? strcspn(p, " ") : 1;
    *len = strcspn(p, " :");
    return *len ? p : NULL;
}

const char *pvc_param_note(const char *name, size_t len, size_t *note_len)
{
    if (name[len] != ':')
        return NULL;
    *note_len = strcspn(name + len + 1, " ");
    return name + len + 1;
}

/* Index of name in a space-separated list, or -1. */
int pvc_param_index(const char *list, const char *name, size_t len)
{
    int idx = 0;
    size_t n;
    for (const char *p = list; (p = pvc_param_next(p, &n)); p += n, idx++)
        if (n == len && memcmp(p, name, len) == 0)
            return idx;
    return -1;
}

int pvc_param_posonly(const char *list)
{
    const char *slash = strchr(list, '/');
    int n = 0;
    size_t len;
    for (const char *p = list; slash && (p = pvc_param_next(p, &len)) && p < slash; p += len)
        n++;
    return n;
}

int pvc_param_count(const char *list)
{
    int n = 0;
    size_t len;
    for (const char *p = list; (p = pvc_param_next(p, &len)); p += len)
        n++;
    return n;
}

/* ---- enums ---- */
static const char *const ns_names[PVC_NS_COUNT] = {
#define X(ns, text, vis) #ns,
    PVC_ENUM_NS(X)
#undef X
};

static const char *const ns_texts[PVC_NS_COUNT] = {
#define X(ns, text, vis) text,
    PVC_ENUM_NS(X)
#undef X
};

enum { PL, HW };
static const unsigned char ns_vis[PVC_NS_COUNT] = {
#define X(ns, text, vis) vis,
    PVC_ENUM_NS(X)
#undef X
};

/* Every member of every namespace: its name, its value, and how the emitted C spells it. */
typedef struct {
    int ns;
    const char *name;
    int64_t value;
    const char *cname;
} member;

static const member members[] = {
#define X(ns, name, value, text) {PVC_NS_##ns, #name, value, #value},
    PVC_ENUM_MEMBERS(X)
#undef X
#define X(name, pyname, text) {PVC_NS_VFRoundMode, pyname, PVC_ROUND_##name, "PVC_ROUND_" #name},
    PVC_ROUNDS(X)
#undef X
#define X(name, kind, w, bytes, align, ndst, formula) {PVC_NS_LoadDist, #name, PVC_LD_##name, "PVC_LD_" #name},
    PVC_LOAD_DISTS(X)
#undef X
#define X(name, hw, active, text) {PVC_NS_MaskPattern, #name, PVC_PAT_##name, "PVC_PAT_" #name},
    PVC_MASK_PATTERNS(X)
#undef X
#define X(name, pyname) {PVC_NS_MemBarMode, pyname, PVC_MEMBAR_##name, "PVC_MEMBAR_" #name},
    PVC_MEMBARS(X)
#undef X
#define X(name, kind, w, bytes, align, nsrc, formula) {PVC_NS_HwStoreDist, #name, PVC_ST_##name, "PVC_ST_" #name},
    PVC_STORE_DISTS(X)
#undef X
#define X(name, bytes, align, formula) {PVC_NS_MaskDist, #name, PVC_MD_##name, "PVC_MD_" #name},
    PVC_MASK_DISTS(X)
#undef X
#define X(name, text) {PVC_NS_DuplicatePos, #name, PVC_POS_##name, "PVC_POS_" #name},
    PVC_POSITIONS(X)
#undef X
#define X(name, pyname, text) {PVC_NS_PackPart, pyname, PVC_PART_##name, "PVC_PART_" #name},
    PVC_PARTS(X)
#undef X
#define X(name, pyname, text) {PVC_NS_MaskWidth, pyname, PVC_MASK_WIDTH_##name, "PVC_MASK_WIDTH_" #name},
    PVC_MASK_WIDTHS(X)
#undef X
#define X(name, pyname, text) {PVC_NS_IndexOrder, pyname, PVC_ORDER_##name, "PVC_ORDER_" #name},
    PVC_INDEX_ORDERS(X)
#undef X
#define X(name, pyname, text) {PVC_NS_SqueezeMode, pyname, PVC_SQZ_##name, "PVC_SQZ_" #name},
    PVC_SQUEEZE_MODES(X)
#undef X
#define X(name, pyname, text) {PVC_NS_BinType, pyname, PVC_HIST_##name, "PVC_HIST_" #name},
    PVC_HIST_BINS(X)
#undef X
#define X(name, pyname, text) {PVC_NS_HistType, pyname, PVC_HIST_##name, "PVC_HIST_" #name},
    PVC_HIST_TYPES(X)
#undef X
#define X(name, pyname, bmaj, smaj, text) {PVC_NS_TensorLayout, pyname, PVC_TL_##name, "PVC_TL_" #name},
    PVC_TILE_LAYOUTS(X)
#undef X
#define X(name, pyname, text) {PVC_NS_TilePad, pyname, PVC_PAD_##name, "PVC_PAD_" #name},
    PVC_TILE_PADS(X)
#undef X
#define X(name, pyname, text) {PVC_NS_RoundMode, pyname, PVC_TR_##name, "PVC_TR_" #name},
    PVC_TILE_ROUNDS(X)
#undef X
#define X(name, pyname, text) {PVC_NS_FillPadMode, pyname, PVC_FILLPAD_##name, "PVC_FILLPAD_" #name},
    PVC_FILLPAD_MODES(X)
#undef X
#define X(name, pyname, text) {PVC_NS_QuantMode, pyname, PVC_QUANT_##name, "PVC_QUANT_" #name},
    PVC_QUANT_MODES(X)
#undef X
#define X(name, pyname, text, ...) {PVC_NS_MemorySpace, pyname, PVC_MEM_##name, "PVC_MEM_" #name},
    PVC_MEMS(X)
#undef X
#define X(name, v, text) {PVC_NS_AccToVecMode, #name, PVC_ACC2VEC_##name, "PVC_ACC2VEC_" #name},
    PVC_ACC_TO_VEC_MODES(X)
#undef X
};

static const char *const mem_names[PVC_MEM_COUNT] = {
#define X(name, pyname, text, ...) pyname,
    PVC_MEMS(X)
#undef X
};
static const char *const layout_names[PVC_TL_COUNT] = {
#define X(name, pyname, bmaj, smaj, text) pyname,
    PVC_TILE_LAYOUTS(X)
#undef X
};
static const char *const pad_names[PVC_PAD_COUNT] = {
#define X(name, pyname, text, ...) pyname,
    PVC_TILE_PADS(X)
#undef X
};

const char *pvc_mem_name(int mem) { return mem >= 0 && mem < PVC_MEM_COUNT ? mem_names[mem] : "?"; }
const char *pvc_tile_layout_name(int l) { return l >= 0 && l < PVC_TL_COUNT ? layout_names[l] : "?"; }
const char *pvc_tile_pad_name(int pad) { return pad >= 0 && pad < PVC_PAD_COUNT ? pad_names[pad] : "?"; }

const char *pvc_enum_member_cname(int ns, int64_t value)
{
    for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
        if (members[i].ns == ns && members[i].value == value)
            return members[i].cname;
    return NULL;
}

const char *pvc_enum_ns_name(int ns)
{
    return ns >= 0 && ns < PVC_NS_COUNT ? ns_names[ns] : "?";
}

int pvc_enum_ns_is_pl(int ns)
{
    return ns >= 0 && ns < PVC_NS_COUNT && ns_vis[ns] == PL;
}

/* pl.<NS> namespaces only (HW namespaces are not reachable from Python). */
int pvc_enum_ns_lookup(const char *name, size_t len)
{
    for (int i = 0; i < PVC_NS_COUNT; i++)
        if (ns_vis[i] == PL && name_eq(ns_names[i], name, len))
            return i;
    return -1;
}

int pvc_enum_member_lookup(int ns, const char *name, size_t len, int64_t *value)
{
    for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
        if (members[i].ns == ns && name_eq(members[i].name, name, len)) {
            *value = members[i].value;
            return 0;
        }
    return -1;
}

const char *pvc_enum_ns_text(int ns)
{
    return ns >= 0 && ns < PVC_NS_COUNT ? ns_texts[ns] : "?";
}

/* The k-th member of ns in table order (its value in *value), or NULL past the last. */
const char *pvc_enum_member_at(int ns, int k, int64_t *value)
{
    for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
        if (members[i].ns == ns && k-- == 0) {
            *value = members[i].value;
            return members[i].name;
        }
    return NULL;
}

const char *pvc_enum_member_name(int ns, int64_t value)
{
    for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
        if (members[i].ns == ns && members[i].value == value)
            return members[i].name;
    return NULL;
}

/* ---- dtypes: the runtime's PVC_DTYPES is the one table ---- */
static const char *const dtype_pynames[PVC_DT_COUNT] = {
#define X(name, pyname, bits, kind) pyname,
    PVC_DTYPES(X)
#undef X
};

int pvc_dtype_lookup(const char *pyname, size_t len)
{
    for (int i = 0; i < PVC_DT_COUNT; i++)
        if (name_eq(dtype_pynames[i], pyname, len))
            return i;
    return -1;
}

const char *pvc_dtype_pyname(int dtype)
{
    return dtype >= 0 && dtype < PVC_DT_COUNT ? dtype_pynames[dtype] : "DT_?";
}

/* ---- machine ops ---- */
int pvc_mop_operand(const pvc_mop *m, const char *name)
{
    for (int i = 0; i < m->nopnd; i++)
        if (!strcmp(m->opnd[i].name, name))
            return i;
    return -1;
}

const char *pvc_legacy_op_hint(const char *name)
{
#define X(legacy, instead) if (!strcmp(name, legacy)) return instead;
    PVC_LEGACY_OPS(X)
#undef X
    return NULL;
}

int pvc_mop_attr(const pvc_mop *m, const char *name)
{
    for (int i = 0; i < m->nattr; i++)
        if (!strcmp(m->attr[i].name, name))
            return i;
    return -1;
}

