/* ir.h - the typed IR of pvc (documented in docs/IR.md).
 *
 * A module holds the DSL functions of one file. A function has parameters, a table of
 * variables and a body: a block of ops. An op has an opcode (ops.h), results (variables),
 * operands and attributes (values), a source span, and - for pl.range, pl.section_vector,
 * if and while - nested blocks (structured control flow, no CFG).
 *
 * Values are variables or constants. A Python name is ONE variable per function however
 * often it is assigned (so `m = vf.create_mask(...)` then `m = vf.load_align(...)` writes
 * the same mask_reg, as the types pass needs, docs/SEMANTICS.md §2.5); temporaries are
 * unnamed variables. Every variable carries one type; `any` until a pass knows better.
 *
 * All memory of a module lives in its arena and is released by pvc_module_free;
 * pvc_module_compact moves what is still reachable into a fresh arena between passes.
 */
#ifndef PVC_IR_H
#define PVC_IR_H

#include <stddef.h>
#include <stdint.h>

#include "ir/diag.h"
#include "ir/ops.h"
#include "pvc_rt.h"

/* ---- arena ---- */
typedef struct pvc_arena pvc_arena;
pvc_arena *pvc_arena_new(void);
void *pvc_arena_alloc(pvc_arena *a, size_t n); /* zeroed; never NULL (PVC_BUG on OOM) */
/* printf into the arena, as long as the text is: generated names hold whole user names. */
char *pvc_arena_printf(pvc_arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *pvc_arena_strndup(pvc_arena *a, const char *s, size_t n);
/* "x.y" with the first ny bytes of y: the dotted names the front end builds per attribute,
 * without printf's cost (it was 3% of `pvc compile`). */
char *pvc_arena_dotted(pvc_arena *a, const char *x, const char *y, size_t ny);
void pvc_arena_free(pvc_arena *a);
size_t pvc_arena_size(const pvc_arena *a); /* bytes of its chunks */
void pvc_arena_reset(pvc_arena *a); /* drop everything allocated, keep one chunk for reuse */
/* A point in an arena's allocations, and the release of everything allocated after it:
 * for scratch arenas used as a stack (the lowering's child arrays, per statement). */
typedef struct {
    void *chunk;
    size_t used;
} pvc_arena_mark;
pvc_arena_mark pvc_arena_mark_now(const pvc_arena *a);
void pvc_arena_release(pvc_arena *a, pvc_arena_mark mark);

/* ---- string -> pointer map (names of variables and functions), arena-backed ---- */
typedef struct {
    const char **keys;
    void **vals;
    uint32_t cap, n;
} pvc_strmap;
void *pvc_strmap_get(const pvc_strmap *m, const char *key);
void pvc_strmap_put(pvc_arena *a, pvc_strmap *m, const char *key, void *val);

/* ---- types ---- */
#define PVC_TYPES(X)                                                   \
    X(ANY,        "?",           "not known yet")                      \
    X(NONE,       "none",        "no value (None, or an op without result)") \
    X(INT,        "int",         "scalar integer (int64 at compile time)") \
    X(FLOAT,      "float",       "scalar float (double)")              \
    X(BOOL,       "bool",        "scalar bool")                        \
    X(LIST,       "list",        "list of values ([row, col], shapes, ids)") \
    X(TENSOR,     "tensor",      "GM tensor (dtype, rank, dims)")      \
    X(TILE,       "tile",        "UB tile view (dtype, shape, UB byte address)") \
    X(TILE_TYPE,  "tile_type",   "pl.TileType descriptor")             \
    X(TILE_GROUP, "tile_group",  "pl.make_tile_group result")          \
    X(REG,        "reg_tensor",  "256-byte vector register (dtype)")   \
    X(MASK,       "mask_reg",    "256-bit mask register (granularity)") \
    X(UREG_LOAD,  "ureg_load",   "unaligned-load register (§1.3)")     \
    X(UREG_STORE, "ureg_store",  "unaligned-store register (§1.3)")    \
    X(ADDR_REG,   "addr_reg",    "address register (§1.4)")            \
    X(ENUM,       "enum",        "enum constant (namespace)")          \
    X(DTYPE,      "dtype",       "pl.DT_* constant")                   \
    X(DIM,        "dim",         "pl.DYNAMIC / pl.STATIC")             \
    X(FUNC,       "func",        "a DSL function (call target)")       \
    X(STR,        "str",         "a string constant (pl.printf's format)")

typedef enum {
#define X(id, name, text) PVC_TY_##id,
    PVC_TYPES(X)
#undef X
    PVC_TY_COUNT
} pvc_type_kind;

#define PVC_MAX_RANK 8
#define PVC_DIM_DYNAMIC (-1) /* pl.DYNAMIC in a tensor annotation */
#define PVC_DIM_STATIC (-2)  /* pl.STATIC */
#define PVC_UNKNOWN (-1)

typedef struct {
    pvc_type_kind kind;
    int dtype;                   /* pvc_dtype or PVC_UNKNOWN: tensor, tile, reg_tensor; mask_reg:
                                    its IR dtype (docs/SEMANTICS.md §4.3, §9.3), which sets
                                    its store_unalign packing and the width mask ops work at */
    int rank;                    /* tensor, tile (2) */
    int64_t dims[PVC_MAX_RANK];  /* tensor: PVC_DIM_* or size; tile: shape; else unused */
    int64_t ub_addr;             /* tile: UB byte address or PVC_UNKNOWN */
    int gran;                    /* mask_reg: granularity in bits (8..64) or 0 unknown: every
                                    gran-th bit is the one its generator set (§1.2) */
    int depth;                   /* tile_group: slots */
    int64_t stride;              /* tile_group: bytes from one slot to the next (the slot size,
                                    or the spacing of an address list) */
    int ns;                      /* enum: pvc_enum_ns */
    int dyn;                     /* tile: its UB address is a run-time value the variable holds;
                                    tile_group: rotated inside pl.range, slot kept at run time */
    int view;                    /* tensor: a view pl.make_tensor / pl.addptr / pl.make_ptr made, whose
                                    pvc_tensor the kernel holds (docs/SEMANTICS.md §6) */
    int ptr;                     /* tensor: a pl.Ptr parameter or a pointer pl.addptr / pl.make_ptr made */
    int mem, layout, pad;        /* tile, tile_type: pvc_mem, pvc_tile_layout (DN for every
                                    [N, 1] tile), pvc_tile_pad (pvc_rt.h); 0 = Vec, ND, null */
    int compact;                 /* tile, tile_type: compact= of its TileType, 0 (Null),
                                    1 (Normal), 2 (RowPlusOne) (docs/SEMANTICS.md §17.3.3) */
} pvc_type;

/* ---- values ---- */
typedef enum {
    PVC_V_VAR,   /* a variable: param, Python name or temporary */
    PVC_V_INT,   /* constant; i */
    PVC_V_FLOAT, /* f */
    PVC_V_BOOL,  /* i = 0/1 */
    PVC_V_NONE,
    PVC_V_ENUM,  /* ns, i = member value, name = member */
    PVC_V_DTYPE, /* i = pvc_dtype */
    PVC_V_DIM,   /* i = PVC_DIM_DYNAMIC / PVC_DIM_STATIC */
    PVC_V_FUNC,  /* name = DSL function */
    PVC_V_STR,   /* name = the bytes (no NUL among them), i = their count */
} pvc_value_kind;

typedef struct pvc_value {
    pvc_value_kind kind;
    pvc_type type;
    const char *name; /* var: Python name (NULL for a temporary); enum member; func name */
    int id;           /* var: index in its function's var table */
    int is_param;
    int64_t i;
    double f;
    int ns;
    pvc_span loc;     /* first definition (var) or appearance (constant) */
} pvc_value;

/* ---- ops ---- */
typedef struct {
    const char *key; /* keyword argument name, or an attribute the lowering adds ("callee") */
    pvc_value *val;
    pvc_span loc;
} pvc_attr;

typedef struct pvc_block pvc_block;

typedef struct pvc_op {
    pvc_opcode code;
    pvc_span loc;
    pvc_value **results;
    int nresults;
    pvc_value **operands; /* positional arguments, in order (method: receiver first) */
    int noperands;
    pvc_attr *attrs;      /* keyword arguments, in source order */
    int nattrs;
    pvc_block *body;      /* PVC_OPF_BLOCK ops only */
    pvc_block *orelse;    /* if: the else block (empty when there is none) */
    pvc_block *cond;      /* while: run before every iteration; computes the operand */
} pvc_op;

/* The blocks of op in execution order (while: cond, body; if: body, else; else body), into
 * out[3]; returns their count (0 for an op without blocks). */
int pvc_op_blocks(const pvc_op *op, pvc_block **out);
/* Which sections a function's body holds, at any depth: a kernel with a section_cube runs a
 * cube core per block, with a section_vector too a mixed block (docs/SEMANTICS.md §17.1). */
enum { PVC_SECTIONS_VECTOR = 1, PVC_SECTIONS_CUBE = 2 };
int pvc_block_sections(const pvc_block *b);
struct pvc_func;
int pvc_func_sections(const struct pvc_func *f);

struct pvc_block {
    pvc_op **ops;
    int nops, cap;
};

typedef enum { PVC_FN_VECTOR, PVC_FN_JIT } pvc_func_kind;

/* ---- structs (docs/SEMANTICS.md §16.8) ----
 * The C layout of a pl.struct or a tiling class: its fields in declaration order, each an
 * INT64, FP32 or BOOL scalar (count 0) or an array of count of them. */
typedef struct {
    const char *name;
    int dtype;                  /* PVC_DT_INT64, PVC_DT_FP32 or PVC_DT_BOOL */
    int count;                  /* 0: a scalar; else the array's elements */
    int64_t offset;             /* bytes from the struct's start */
} pvc_struct_field;

typedef struct {
    const char *name;           /* the C++ type name (pl.struct's first argument, the class) */
    pvc_struct_field *fields;
    int nfields;
    int64_t size, align;        /* sizeof and alignof of the C struct */
} pvc_struct_layout;

/* Sets each field's offset and the struct's size and align as a C compiler lays out the
 * struct of these members with natural alignment (ctypes' rule, which pypto_pro's host
 * packing uses): each field at the next multiple of its element's size, the size rounded up
 * to the largest of them. The one layout rule: the compiler reads fields where the host
 * (python/pypto_pro/runtime/_tiling.py through libpvc) writes them. */
void pvc_struct_layout_compute(pvc_struct_layout *L);
/* The field called name, or NULL. */
const pvc_struct_field *pvc_struct_field_named(const pvc_struct_layout *L, const char *name);

typedef struct pvc_func {
    const char *name;
    pvc_func_kind kind;
    pvc_span loc;
    pvc_span end;     /* where the def ends (a clone: its original's) */
    pvc_value **params;
    int nparams;
    pvc_value **vars; /* every variable, vars[v->id] == v */
    int nvars, cap;
    int ntemps;
    pvc_strmap names; /* Python name -> its variable */
    pvc_block body;
    pvc_span called_at; /* a vector function's clone <name>.<k>: the call it was made for
                           (types.c), named by a note after an error inside it; else 0:0 */
    int deferred;       /* a streamed compile's vector function whose body is lowered when a
                           kernel calls it (front/defer.c): 1 + its index there; else 0 */
    const pvc_struct_layout *tiling; /* a kernel's tiling class, the type of its last parameter
                           (a uint8 tensor of tiling->size bytes), or NULL (§16.8) */
} pvc_func;

typedef struct pvc_module {
    pvc_arena *arena;
    const char *file;
    pvc_func **funcs;
    int nfuncs, cap;
    pvc_strmap names; /* function name -> function */
} pvc_module;

/* ---- op table access (ops.h) ---- */
typedef struct {
    const char *name;
    const char *pos;     /* space-separated positional names */
    const char *kw;      /* space-separated keyword-only names */
    int min_pos, max_pos, nres;
    pvc_type_kind result;
    unsigned flags;
    pvc_level level;     /* what one call works on (ops.h PVC_LEVELS) */
    const char *doc;     /* one line of meaning (`pvc help ops`) */
} pvc_opinfo;
/* Machine ops have a row here for their name, flags and doc; pvc_mop_of(code) describes
 * them (ops.h PVC_MOPS). */

extern const pvc_opinfo pvc_ops[PVC_OP_COUNT];
int pvc_op_lookup(const char *name, size_t len);            /* -> opcode or -1 */
int pvc_param_index(const char *list, const char *name, size_t len); /* -> index or -1 */
int pvc_param_count(const char *list);
/* How many names of a positional list stand before its "/": those are positional-only. */
int pvc_param_posonly(const char *list);
const char *pvc_param_next(const char *p, size_t *len);     /* next name of a list, or NULL */
/* The note after a name pvc_param_next returned ("LoadDist" of "dist:LoadDist"), or NULL. */
const char *pvc_param_note(const char *name, size_t len, size_t *note_len);
const char *pvc_enum_ns_name(int ns);
int pvc_enum_ns_lookup(const char *name, size_t len);       /* pl.<NS> only -> pvc_enum_ns or -1 */
int pvc_enum_ns_is_pl(int ns);                              /* 0: a machine-attribute namespace */
int pvc_enum_member_lookup(int ns, const char *name, size_t len, int64_t *value); /* -> 0 ok */
const char *pvc_enum_member_name(int ns, int64_t value);
const char *pvc_enum_member_cname(int ns, int64_t value);    /* as the emitted C spells it */
const char *pvc_enum_ns_text(int ns);                       /* one line of meaning */
const char *pvc_enum_member_at(int ns, int k, int64_t *value); /* k-th member or NULL */
int pvc_dtype_lookup(const char *pyname, size_t len);       /* "DT_FP32" -> pvc_dtype or -1 */
const char *pvc_dtype_pyname(int dtype);
/* pypto names of a tile's memory space, layout and pad value (pvc_rt.h tables). */
const char *pvc_mem_name(int mem);
const char *pvc_tile_layout_name(int layout);
const char *pvc_tile_pad_name(int pad);

/* Index of the operand called `name` in machine row m, or -1. */
int pvc_mop_operand(const pvc_mop *m, const char *name);
/* For a legacy name of PVC_LEGACY_OPS, the call to write instead; else NULL. */
const char *pvc_legacy_op_hint(const char *name);
/* Index of the attribute named name in row m, or -1. */
int pvc_mop_attr(const pvc_mop *m, const char *name);
/* 1 when row m's CALL takes `at`, the op's position (ops.h): the call sets ctx->at itself,
 * on its out-of-line path only, so the emitted C and the simulator's fast loop do not. */
int pvc_mop_takes_at(const pvc_mop *m);
/* 1 when the C before machine op m's call must settle the deferred pl.loads
 * (docs/ARCHITECTURE.md §6.6 "Deferred loads"): the call may touch UB or GM (an ADDR, CURSOR, ULD,
 * UST, TILE or TENSOR operand, or the TILE or CUBE level), is not NO_MEM and does not settle
 * what it touches itself (SETTLES; ops.h "FLAGS"). */
int pvc_mop_settles_before(const pvc_mop *m);
/* The element width (bytes) at which machine op `op` tests its PRED operand, 0 when it has
 * none or ignores it: the op's dtype, except stores (the dist's width, §3.3) and casts (the
 * wider side, §5.4). */
int pvc_mop_pred_width(const pvc_op *op);
/* The other mask widths, all in maskw.c with it: the granularity in bytes of the mask
 * vf.create_mask / vf.update_mask make for dtype t (§5.1), and in bits of a GENERIC op's
 * mask result in machine row m at dtype dt (its first mask operand's, else dt's; halved,
 * doubled or every bit by the row's PVC_MF_MASK_* flags). */
unsigned pvc_create_mask_gran(pvc_dtype t);
unsigned pvc_update_mask_gran(pvc_dtype t);
int pvc_mask_result_gran(const pvc_op *op, const pvc_mop *m, int dt);

/* The mask variables of f that hold vf.create_mask(ALL)'s register wherever they are read
 * (maskconst.c has the rule): k[v] = log2 of its granularity in bytes, else -1; k and
 * scratch hold f->nvars entries. */
void pvc_mask_consts(const pvc_func *f, signed char *k, int *scratch);

/* The register variables of f whose four 64-byte pieces are equal wherever the function is
 * (uniform.c has the rule): uni[v] = 1, else 0; maskk is pvc_mask_consts' answer for f, and
 * both hold f->nvars entries. */
void pvc_uniform_regs(const pvc_func *f, const signed char *maskk, unsigned char *uni);

/* The register variables of f of which no op observes a lane but lane 0 (its first four
 * bytes; lanes.c has the rule): only0[v] = 1, else 0; f->nvars entries. */
void pvc_lane0_regs(const pvc_func *f, unsigned char *only0);

/* ---- building ---- */
pvc_module *pvc_module_new(const char *file);
void pvc_module_free(pvc_module *m);
/* Copies the live IR (every function of m->funcs and what it reaches) into a new arena and
 * frees the old one with what the passes left behind (compact.c); no pointer into the old
 * arena may be held elsewhere. */
void pvc_module_compact(pvc_module *m);
pvc_func *pvc_func_new(pvc_module *m, const char *name, pvc_func_kind kind, pvc_span loc);
/* The same two steps apart: a function in m's arena that no list holds yet, and the adding
 * of f to m's list and name map. A streamed compile (emit/stream.c) builds a vector
 * function in an arena of its own and adds only what outlives it. */
pvc_func *pvc_func_detached(pvc_module *m, const char *name, pvc_func_kind kind, pvc_span loc);
void pvc_module_add(pvc_module *m, pvc_func *f);
pvc_func *pvc_func_find(const pvc_module *m, const char *name);
/* Removes the functions whose def starts where one of the n ranges ranges[2k, 2k+1] does. */
void pvc_module_drop(pvc_module *m, const pvc_span *ranges, int n);
pvc_value *pvc_var_named(pvc_module *m, pvc_func *f, const char *name, pvc_span loc); /* get or create */
pvc_value *pvc_var_find(const pvc_func *f, const char *name);
pvc_value *pvc_var_temp(pvc_module *m, pvc_func *f, pvc_span loc);
pvc_value *pvc_const(pvc_module *m, pvc_value_kind kind, pvc_span loc);
pvc_op *pvc_op_new(pvc_module *m, pvc_opcode code, pvc_span loc);
void pvc_op_add_operand(pvc_module *m, pvc_op *op, pvc_value *v);
void pvc_op_add_result(pvc_module *m, pvc_op *op, pvc_value *v);
void pvc_op_add_attr(pvc_module *m, pvc_op *op, const char *key, pvc_value *v, pvc_span loc);
const pvc_attr *pvc_op_attr(const pvc_op *op, const char *key);
void pvc_block_append(pvc_module *m, pvc_block *b, pvc_op *op);
/* The argument named `name` of a DSL op: its positional operand (after a method's receiver)
 * if given by position, else its keyword attribute; NULL when absent. */
pvc_value *pvc_op_arg(const pvc_op *op, const char *name);
pvc_span pvc_op_arg_loc(const pvc_op *op, const char *name); /* op->loc when positional */
/* A copy of f named `name` (variables, ops and bodies copied; constants shared), appended
 * to the module. */
pvc_func *pvc_func_clone(pvc_module *m, const pvc_func *f, const char *name);
pvc_func *pvc_func_clone_detached(pvc_module *m, const pvc_func *f, const char *name); /* not added */
/* Drops f from the module's function list and name map. */
void pvc_func_remove(pvc_module *m, pvc_func *f);

/* The kernel ABI letter of a jit parameter's type (emit/emit_c.h, backend/backend.h): 't' tensor,
 * 'i' int, 'b' bool, 'f' float; '?' for a type no kernel parameter may have. */
char pvc_param_kind_letter(pvc_type_kind kind);

/* ---- printing helpers shared by the dumps ---- */
const char *pvc_type_kind_name(pvc_type_kind k);
void pvc_type_str(const pvc_type *t, char *buf, size_t n);  /* "tile<FP32, [1, 64], ub=0x100>" */
void pvc_value_str(const pvc_value *v, char *buf, size_t n); /* "%x", "%3", "64", "pl.LoadDist.US" */
void pvc_float_str(double f, char *buf, size_t n);           /* shortest text that reads back */
void pvc_str_repr(const char *s, size_t len, char *buf, size_t n); /* 'a\n' (Python literal) */

/* ---- verifier (verify.c): structural invariants every pass must keep ---- */
/* Returns the number of problems, each printed to err with the pass name. */
int pvc_verify(const pvc_module *m, const char *after_pass, FILE *err);
/* One function, which need not be in m's list (a streamed compile's clone, emit/stream.c). */
int pvc_verify_func(const pvc_module *m, const pvc_func *f, const char *after_pass, FILE *err);

/* ---- dumps ---- */
void pvc_dump_text(const pvc_module *m, FILE *out);
int pvc_dump_json(const pvc_module *m, FILE *out); /* 0 ok */

#endif /* PVC_IR_H */
