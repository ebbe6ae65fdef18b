/* lower.h - what the files of the `lower` pass share (front/ only; pvc.h has the entry point).
 *
 *   cst.c        small helpers over the tree-sitter CST: children, text, dotted names,
 *                literals (ints, floats, strings read as Python reads them)
 *   pyval.c      Python values known at compile time and the constant evaluator: module
 *                constants, arithmetic over them, tuples, dtypes and enum aliases, builtins
 *                (min, max, len, int, ...), math.*, and calls of helper functions whose
 *                arguments are all constants, all with Python's semantics
 *   scope.c      what a file binds: imports (any alias of pypto_pro.language and its Vf),
 *                module-level names, helper functions, the DSL functions at any depth
 *                (nested in test functions too) and the scopes they see
 *   lower_expr.c expressions and calls of a DSL function -> IR
 *   lower_stmt.c statements: assignments, if/elif/else, while, for, with, return, assert,
 *                break/continue, and the inlining of helper functions
 *   lower.c      signatures (parameters and their annotations) and the pass driver
 *
 * Names resolve as Python resolves them: a variable of the function (or of the helper being
 * inlined), else the scopes the function was defined in, innermost first, else Python's
 * builtins. A name whose value pvc cannot know at compile time (a parameter of an enclosing
 * test function, a call of torch) is an error only where a DSL function uses it.
 */
#ifndef PVC_FRONT_LOWER_H
#define PVC_FRONT_LOWER_H

#include <string.h>

#include "front/front.h"

#define MAX_DEPTH 64   /* nesting of expressions/statements; deeper input is an E011 error */
#define MAX_INLINE 16  /* nesting of inlined helper calls */
#define MAX_LOOPS 64   /* nesting of loops in one function */

/* ---- Python values known at compile time (pyval.c) ---- */
typedef enum {
    PV_NONE, PV_BOOL, PV_INT, PV_FLOAT, PV_STR, /* i, f, s/len */
    PV_TUPLE, PV_LIST,                          /* items/n */
    PV_DTYPE, PV_ENUM, PV_DIM,                  /* i (ns for an enum) */
    PV_NS,                                      /* an enum namespace, pl.MaskPattern: ns */
    PV_MODULE,                                  /* s = canonical prefix: "pl", "vf", "pl.system",
                                                   "math", or the import path of another module */
    PV_BUILTIN,                                 /* i = pv_builtin */
    PV_HELPER,                                  /* a plain def: node, scope */
    PV_DSL,                                     /* a @pl.jit / @pl.vector_function: func */
    PV_OPAQUE,                                  /* bound to something pvc cannot evaluate:
                                                   s = why, i = pvc_diag_kind to report */
} pv_kind;

/* Builtins and library functions the evaluator knows. X(ID, "dotted name") */
#define PV_BUILTINS(X)                                                                       \
    X(MIN, "min") X(MAX, "max") X(ABS, "abs") X(INT, "int") X(FLOAT, "float") X(BOOL, "bool") \
    X(LEN, "len") X(ROUND, "round") X(RANGE, "range") X(LIST, "list") X(TUPLE, "tuple")       \
    X(PL_MIN, "pl.min") X(PL_MAX, "pl.max")                                                  \
    X(JIT, "pl.jit") X(VECTOR_FUNCTION, "pl.vector_function") X(SQRT, "math.sqrt")            \
    X(CEIL, "math.ceil") X(FLOOR, "math.floor") X(LOG, "math.log") X(LOG2, "math.log2")       \
    X(LOG10, "math.log10") X(EXP, "math.exp") X(POW, "math.pow") X(FABS, "math.fabs")         \
    X(GCD, "math.gcd") X(ISQRT, "math.isqrt")

typedef enum {
#define X(id, name) PVB_##id,
    PV_BUILTINS(X)
#undef X
    PVB_COUNT
} pv_builtin;

struct pvc_scope;

typedef struct pvc_pyval {
    pv_kind kind;
    int64_t i;
    double f;
    const char *s;              /* str (UTF-8 bytes), module prefix, opaque reason */
    size_t len;                 /* str: bytes */
    struct pvc_pyval **items;   /* tuple, list */
    int n;
    int ns;                     /* enum, namespace */
    TSNode node;                /* helper: its function_definition */
    struct pvc_scope *scope;    /* helper: where it was defined (its globals) */
    pvc_func *func;             /* dsl */
    pvc_span loc;               /* where it was bound or written */
} pvc_pyval;

/* ---- scopes (scope.c) ---- */
typedef struct pvc_scope {
    struct pvc_scope *up;       /* enclosing scope, NULL for the module */
    const char *qual;           /* prefix of the names of DSL functions defined here:
                                   "" for the module, "test_x." inside def test_x() */
    pvc_strmap names;           /* name -> pvc_pyval* (the last binding wins) */
} pvc_scope;

/* ---- the lowering context, shared by every front-end file ---- */
typedef struct inline_frame {
    struct inline_frame *up;
    const char *name;           /* the helper */
    const char *prefix;         /* "<helper>.<k>." in front of its local names */
    pvc_strmap params;          /* parameter -> the caller's value */
    pvc_scope *scope;           /* the helper's globals */
    TSNode def;
    pvc_value **rets;           /* variables the return values go to (early returns) */
    int nrets;
    pvc_value *returned;        /* bool: a return inside a loop of the helper was taken */
} inline_frame;

typedef enum { LOOP_RANGE, LOOP_WHILE } loop_kind;

/* What a lowering in parts must know to tell whether it equals the whole file's
 * (lower.c pvc_lower_part, scope.c bind). */
typedef struct {
    int stale;                  /* a later part rebound a name an earlier one may have read,
                                   or a helper of an earlier part (its tree gone) was called */
    int lowered;                /* functions lowered by the parts before this one */
} lower_parts;

/* The DSL functions scope.c found, in source order, and the scope each was defined in
 * (malloc'ed arrays, freed by lower.c). */
typedef struct {
    TSNode *defs;
    pvc_scope **home;
    int n, cap;
} scope_found;

/* The thread of the SIMT launch being lowered (lower_simt.c): its index variables and the
 * launch's thread shape. */
typedef struct lw_simt {
    pvc_value *tid[3];
    int64_t dim[3];
} lw_simt;

typedef struct {
    const pvc_cst *cst;
    pvc_diag *d;
    pvc_module *m;
    pvc_scope *module;          /* the file's scope */
    pvc_func *f;                /* the function being lowered; NULL while reading scopes */
    pvc_scope *scope;           /* the scope f was defined in */
    inline_frame *frame;        /* innermost helper being inlined, NULL in f's own body */
    int ninlined;               /* helper expansions so far (name prefixes) */
    int depth;
    loop_kind loops[MAX_LOOPS]; /* enclosing loops of the current function or helper */
    int nloops;
    int allow_str;              /* a string is a value here (pl.printf's format) */
    const lw_simt *simt;        /* inside pl.simt.launch's threads, else NULL */
    /* Names whose assignment failed: later uses stay silent instead of repeating the
     * first error as "undefined variable" (chibicc-style error recovery). */
    pvc_strmap poisoned;        /* per function */
    /* The function's names bound once (count of binding statements, lower_body), and those of
     * them bound to a compile-time constant: a kernel-local constant, which the evaluator
     * reads as pypto_pro's parser folds it (`switch = True`, `ids = [2, 3]`). */
    pvc_strmap binds, consts;
    lower_parts *parts;         /* lowering in parts, else NULL */
    pvc_arena *scratch;         /* Python values of the function being lowered: reset after
                                   each function, not in the module */
    pvc_arena *kids;            /* lw_kids arrays: reset with scratch, and released after each
                                   statement of a block (a kernel of 10,000 calls held 4 MB) */
    /* Structs and tuples of the function being lowered (lower_struct.c, §16.8), reset per
     * function: which variables refer to a struct, the make_tuple names, the struct memory
     * laid out so far, the pl.struct type names seen. */
    struct lw_sbind *sbinds;
    int nsbinds, capsbinds;
    pvc_strmap tuples;          /* local name -> lw_tuple * */
    pvc_strmap struct_types;    /* pl.struct type name -> pvc_struct_layout * */
    int64_t smem;               /* bytes of struct memory used */
    pvc_strmap bad_tiling;      /* "function\nparameter" of tiling parameters refused: their
                                   uses stay silent (one mistake, one error) */
} lower_ctx;

/* A lowering of a file in parts (lower.c, pipeline.c), and for a streamed compile the
 * vector functions whose bodies wait to be lowered when a kernel calls them (defer.c). */
typedef struct {
    uint32_t start, end, row, end_row; /* the function's text: bytes [start, end), lines */
} lower_deferred;

struct pvc_lowering {
    lower_ctx c;
    scope_found fd;
    lower_parts parts;
    const pvc_source *src;      /* the file, for the deferred functions */
    lower_deferred *defer;      /* malloc'ed: pvc_func.deferred - 1 indexes it */
    int ndefer, capdefer;
};

/* ---- lower.c ---- */
/* The first use of a cube name in n, in source order (a null node when there is none). */

/* ---- cst.c ---- */
static inline int is(const lower_ctx *c, TSNode n, pvc_node_id type)
{
    return pvc_node_is(c->cst, n, type);
}
static inline TSNode field(const lower_ctx *c, TSNode n, pvc_field_id f)
{
    return pvc_field(c->cst, n, f);
}
/* A node's text (an identifier's NFKC form, front.h); an identifier spelled as a keyword,
 * which the grammar's error recovery lets through (`def k(class: int)`), is reported where
 * it is read (cst.c lw_keyword_name). */
void lw_keyword_name(const lower_ctx *c, TSNode n);
static inline const char *text(const lower_ctx *c, TSNode n, size_t *len)
{
    const char *t = pvc_node_text(c->cst, n, len);
    if (*len >= 2 && *len <= 8 && pvc_name_is_keyword(t, *len) && pvc_node_is(c->cst, n, PVC_N_IDENTIFIER))
        lw_keyword_name(c, n);
    return t;
}
static inline pvc_span at(TSNode n)
{
    return pvc_node_span(n);
}
static inline TSNode lw_null(void)
{
    TSNode n;
    memset(&n, 0, sizeof n);
    return n;
}
/* The named children of n that are not comments, in order (arena; one cursor walk). */
TSNode *lw_kids(lower_ctx *c, TSNode n, uint32_t *count);
uint32_t lw_count(lower_ctx *c, TSNode n);
TSNode lw_kid(lower_ctx *c, TSNode n, uint32_t idx); /* null node past the end */
const char *lw_dup(lower_ctx *c, TSNode n);           /* the node's text, NUL-terminated */
int lw_text_is(const lower_ctx *c, TSNode n, const char *s);
/* "if_statement" -> "if statement", for messages. */
const char *lw_construct(TSNode n, char *buf, size_t size);
void lw_unsupported(lower_ctx *c, TSNode n);
/* The parts of an attribute chain rooted at an identifier, root first (at most 16); 0 if
 * the chain holds anything else. */
int lw_chain(const lower_ctx *c, TSNode n, TSNode *parts, int max);
/* Literals as Python reads them: 0, 1 when out of range (ints must fit int64), 2 when
 * malformed. Nothing is reported. */
int lw_int_literal(lower_ctx *c, TSNode n, int64_t *out);
int lw_float_literal(lower_ctx *c, TSNode n, double *out);
/* A string or implicitly concatenated strings -> UTF-8 bytes (arena); 0 when it is an
 * f-string or bytes literal (*why says which), or after an error. */
int lw_string_literal(lower_ctx *c, TSNode n, const char **s, size_t *len, const char **why);
void lw_poison(lower_ctx *c, const char *name);
int lw_poisoned(const lower_ctx *c, const char *name);

/* ---- pyval.c ---- */
pvc_pyval *pv_new(lower_ctx *c, pv_kind kind, pvc_span loc);
pvc_pyval *pv_int(lower_ctx *c, int64_t i, pvc_span loc);
pvc_pyval *pv_opaque(lower_ctx *c, pvc_span loc, pvc_diag_kind code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *pv_kind_name(const pvc_pyval *v); /* "int", "tuple", "module", ... */
/* The value of the attribute `name` of a module / namespace value (pl.DT_FP32, pl.system,
 * pl.MaskPattern.ALL, math.pi); NULL when it has none pvc knows. */
pvc_pyval *pv_attr(lower_ctx *c, const pvc_pyval *obj, const char *name, pvc_span loc);
/* The compile-time value of expression n in the scope chain `sc` (and, inside a function,
 * for no name the function or helper binds): a constant, an opaque value that says why it
 * cannot be evaluated (an error for the caller to report), or NULL when n reads a run-time
 * value or holds a construct the evaluator does not take. */
pvc_pyval *pv_eval(lower_ctx *c, TSNode n, pvc_scope *sc);
/* Python's truth value of a constant: 1, 0, or -1 when it has none here. */
int pv_truth(const pvc_pyval *v);
/* a OP b for the operator token OP ("+", "//", "<<", ...); NULL for another token. */
pvc_pyval *pv_binary_tok(lower_ctx *c, const char *tok, size_t len, const pvc_pyval *a,
                         const pvc_pyval *b, pvc_span loc);

/* ---- scope.c ---- */
/* 1 if helper h can be read: its definition is in the tree being lowered. Lowered in parts,
 * a helper of an earlier part is not (that tree is gone): 0, and the lowering in parts is
 * marked stale (the file is then lowered whole). Called before h->node is read. */
int scope_helper_here(lower_ctx *c, const pvc_pyval *h);
/* A new, empty module scope. */
pvc_scope *scope_module(lower_ctx *c);
/* Reads the bindings of root's statements (a file, or a part of one) into module scope sc
 * and appends every DSL function found to fd (pvc_func_new, in source order, signatures
 * not yet lowered): its function_definition node and the scope it was defined in. */
void scope_build(lower_ctx *c, pvc_scope *sc, TSNode root, scope_found *fd);
/* Binds `base` in sc to a new DSL function of that kind defined at def_at (name at
 * name_at) and appends it to fd with its node `def` (a null node for a deferred one);
 * NULL after reporting a second definition. */
pvc_func *scope_add_dsl(lower_ctx *c, pvc_scope *sc, const char *base, pvc_span name_at, pvc_span def_at,
                        pvc_func_kind kind, TSNode def, scope_found *fd);
/* 1 if the decorated_definition s carries @pl.jit or @pl.vector_function as sc reads them,
 * its kind in *kind. */
int scope_dsl_kind(lower_ctx *c, pvc_scope *sc, TSNode s, pvc_func_kind *kind);
/* The binding of name in sc or its enclosing scopes, NULL when none binds it. */
pvc_pyval *scope_lookup(const pvc_scope *sc, const char *name);
/* Python's builtins (min, max, len, ...) and the default namespaces pl and vf. */
pvc_pyval *scope_builtin(lower_ctx *c, const char *name, pvc_span loc);
/* The function a call of identifier id names (a DSL function may be called vf). */
pvc_pyval *scope_callee(lower_ctx *c, TSNode id, pvc_scope *sc);
/* The value of identifier or attribute chain n in sc, where no variable of the current
 * function is involved: scope_lookup of the root, then its attributes. NULL if not bound. */
pvc_pyval *scope_resolve(lower_ctx *c, TSNode n, pvc_scope *sc);
/* The canonical dotted name of a call target or attribute chain whose root is a module or
 * namespace ("pl.load", "vf.add", "pl.system.sync_src", "pl.LoadDist.US"), whole however
 * long, in the module's arena; NULL if its root is not one (a variable, a helper, ...). */
const char *scope_canon(lower_ctx *c, TSNode n, pvc_scope *sc);

/* ---- bind.c ---- */
/* Binds b's values over what scope_build read (module names; a scope of its own for the
 * kernel b names, in fd->home). */
void bind_apply(lower_ctx *c, scope_found *fd, const pvc_bindings *b);

/* ---- lower_expr.c ---- */
/* Lowers expression n into out; the op producing the value writes the variable named by
 * *dest when dest is given (else a temporary). NULL after an error. */
pvc_value *lower_expr(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest);
/* A call: appends its op(s) with results bound to the ntargets targets (targets NULL: that
 * many temporaries); *value (when value is not NULL) gets the first result. A statement
 * passes value NULL and no targets: a value op then keeps a temporary (`grp.next()` still
 * rotates). A helper's return values are assigned to the targets. 0 after an error. */
int lower_call(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *targets, int ntargets,
               pvc_value **value);
/* a OP b on lowered values for the operator token optok (also `x += y`). */
pvc_value *lower_binop(lower_ctx *c, TSNode n, TSNode optok, pvc_value *l, pvc_value *r,
                       pvc_block *out, const TSNode *dest);
/* The IR value of a compile-time constant (tuples become `list` ops in out); NULL after
 * reporting why it cannot be one. */
pvc_value *lower_pyval(lower_ctx *c, const pvc_pyval *v, TSNode at_node, pvc_block *out,
                       const TSNode *dest);
/* A target name: a new or existing variable (of the helper being inlined, if any). */
pvc_value *lower_tile_elem(lower_ctx *c, TSNode n, pvc_value *t, TSNode r, TSNode col, pvc_value *value,
                           pvc_block *out, const TSNode *dest);
pvc_value *target_var(lower_ctx *c, TSNode n);

/* vals[idx] for a run-time idx (a tuple's elements, of one type): idx checked against nv
 * (BAD_ARG outside), then an if-chain of assigns into the result. */
pvc_value *lower_pick(lower_ctx *c, TSNode n, pvc_value *const *vals, int nv, pvc_value *idx, pvc_block *out,
                      const TSNode *dest);

/* ---- lower_elem.c ---- */
/* The GM tensor identifier n names in a kernel, else NULL (nothing reported). */
pvc_value *lower_tensor_named(lower_ctx *c, TSNode n);
/* t[idx...] (value NULL) or t[idx...] = value on GM tensor t, n the subscript: pl.getval /
 * pl.setval at the row-major linear offset of the nidx indices, one per axis (§6.1). */
pvc_value *lower_tensor_elem(lower_ctx *c, TSNode n, pvc_value *t, const TSNode *idx, int nidx, pvc_value *value,
                             pvc_block *out, const TSNode *dest);
/* The variable named name of the current function or helper frame, or NULL. */
pvc_value *lower_find_var(const lower_ctx *c, const char *name);
/* dest = v as an `assign` op (nothing when dest is NULL): returns what dest now holds. */
pvc_value *assign_leaf(lower_ctx *c, TSNode n, pvc_block *out, pvc_value *v, const TSNode *dest);
/* An element access op `code` over args: a read (value NULL) gives its fresh result, a
 * write takes value as its last operand and gives it back (t[r, c], pl.getval/setval). */
pvc_value *lower_elem_op(lower_ctx *c, TSNode n, pvc_opcode code, pvc_value *const *args, int nargs,
                         pvc_value *value, pvc_block *out, const TSNode *dest);
/* A value op with a fresh result of kind `kind`, appended to out. */
pvc_value *append_with_result(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest,
                              pvc_op *op, pvc_type_kind kind);

/* ---- lower_stmt.c ---- */
void lower_block(lower_ctx *c, TSNode block, pvc_block *out);
/* The body of a DSL function (its last statement may be a bare return). */
void lower_body(lower_ctx *c, TSNode block, pvc_block *out);
/* Inlines helper h called at `call` with the caller's argument values; its return values
 * into vals (at most nvals; *nret gets their count). 0 after an error. */
int lower_inline(lower_ctx *c, const pvc_pyval *h, TSNode call, pvc_value **args, int nargs,
                 pvc_block *out, pvc_value **vals, int nvals, int *nret);

/* ---- lower_struct.c: pl.struct, pl.struct_array, pl.make_tuple, tiling classes (§16.8) ---- */
/* A variable that refers to a struct: the layout, the struct_array's count (0: one struct),
 * and the variable holding the struct's address in struct memory (the key itself, or for a
 * tiling parameter the hidden copy's address). */
typedef struct lw_sbind {
    const pvc_value *key;
    const pvc_struct_layout *L;
    int count;
    pvc_value *addr;
} lw_sbind;

/* Forgets the structs and tuples of the previous function. */
void lower_struct_begin(lower_ctx *c);
/* A parameter annotated with a tiling class (a dataclass of int, float, bool and T[N]
 * fields): 1 and its type (a uint8 tensor of the struct's bytes), the layout in c->f; 0 when
 * ann is not a class; -1 after an error. */
int lower_tiling_param(lower_ctx *c, TSNode ann, pvc_value *param, int last);
/* The entry copy of a kernel's tiling argument into its struct memory. */
void lower_tiling_entry(lower_ctx *c, pvc_block *out);
/* pl.struct / pl.struct_array / pl.make_tuple (canon) called at n: 1 handled (*value its
 * value, NULL after an error), 0 another name. */
int lower_struct_call(lower_ctx *c, TSNode n, const char *canon, pvc_block *out, const TSNode *targets,
                      int ntargets, pvc_value **value);
/* One value n a helper returns, when it is a struct or tuple: made for (pl.struct,
 * pl.make_tuple, a tuple literal) or copied into (a name of one) the slot variable `slot`
 * and its slots slot.<field>; merge when the helper has several returns meeting there. 1
 * handled (*value the slot, NULL after an error), 0 when n is a plain value. */
int lower_struct_return(lower_ctx *c, TSNode n, const char *slot, int merge, pvc_block *out, pvc_value **value);
/* An attribute or subscript expression that reads a struct field or a tuple element: 1
 * handled (*value NULL after an error), 0 when n is none of them. */
int lower_struct_read(lower_ctx *c, TSNode n, pvc_block *out, const TSNode *dest, pvc_value **value);
/* target = right when either side is a struct or a tuple (alias, field write): 1 handled,
 * 0 when neither is. */
int lower_struct_assign(lower_ctx *c, TSNode left, TSNode right, pvc_block *out);
/* s.f += v, s.arr[i] -= v: the field read, the operator, the field written; 0 when the
 * target is no struct field. */
int lower_struct_augmented(lower_ctx *c, TSNode n, pvc_block *out);
/* A helper parameter var bound to the caller's value v: var refers to v's struct too. */
void lower_struct_alias(lower_ctx *c, const pvc_value *var, const pvc_value *v);
const lw_sbind *lower_sbind(const lower_ctx *c, const pvc_value *v);
/* var becomes the compile-time tuple of the n values named names (var.name reads one). */
pvc_value *lower_tuple_of(lower_ctx *c, pvc_span loc, pvc_value *var, int n, const char *const *names,
                          pvc_value *const *vals, pvc_block *out);

/* pl.set_stride(tensor, [rs, cs]) (lower_elem.c, §6): the tensor's stride variables. */
int lower_set_stride(lower_ctx *c, TSNode n, pvc_block *out);
/* pl.make_tensor / pl.addptr / pl.make_ptr (lower_elem.c, §6): 1 lowered, -1 after an error, 0
 * not one of them. */
int lower_ptr_call(lower_ctx *c, TSNode n, const char *name, pvc_block *out, const TSNode *targets, int ntargets,
                   pvc_value **value);

/* ---- SIMT (lower_simt.c, §16.9) ---- */
/* pl.simt.launch and the thread-context calls: 1 lowered, -1 after an error, 0 not a SIMT
 * name. */
int lower_simt_call(lower_ctx *c, TSNode n, const char *canon, pvc_block *out, const TSNode *targets,
                    int ntargets, pvc_value **value);
/* pl.simt.thread_idx().x and the like: 1 when n is one (its value in *value, NULL after an
 * error), else 0. */
int lower_simt_attribute(lower_ctx *c, TSNode n, pvc_block *out, pvc_value **value);

#endif /* PVC_FRONT_LOWER_H */
