/* front.h - the front end (front/): parse.c parses a whole Python file with tree-sitter,
 * reports syntax errors and finds the DSL functions (@pl.vector_function, @pl.jit);
 * lower.c turns them into IR (pvc_lower below, whole or in parts; defer.c reads a vector
 * function from its text and lowers it when a kernel calls it). Nodes are matched by symbol
 * and children read by field id, both resolved once per parse from grammar/nodes.h. */
#ifndef PVC_PARSE_H
#define PVC_PARSE_H

#include <tree_sitter/api.h>

#include "grammar/nodes.h"
#include "ir/diag.h"
#include "ir/ir.h"

typedef struct pvc_names pvc_names;

typedef struct {
    TSParser *parser;
    TSTree *tree;
    const pvc_source *src;
    TSSymbol sym[PVC_N_COUNT];     /* the grammar's symbol of each node row of nodes.h */
    TSFieldId field[PVC_F_COUNT];  /* and the id of each field row */
    pvc_names *names;              /* the NFKC forms of its non-ASCII names (parse.c) */
} pvc_cst;

/* Parses src; every ERROR/MISSING node becomes an E001 error. Returns the error count
 * (the tree is kept either way; free it with pvc_cst_free). First resolves every name of
 * grammar/nodes.h; a name the grammar lacks is an internal error (PVC_BUG) naming it. */
int pvc_parse(pvc_cst *cst, const pvc_source *src, pvc_diag *d);
/* Parses bytes [start, end) of src alone, starting at line `row` (0-based) and ending at
 * line end_row: whole top-level statements (pipeline.c cuts them). Reports nothing;
 * returns 1 if the part has a syntax error (the caller then parses the file whole). */
int pvc_parse_part(pvc_cst *cst, const pvc_source *src, uint32_t start, uint32_t end, uint32_t row,
                   uint32_t end_row);
void pvc_cst_free(pvc_cst *cst);
/* Only the names' forms (a caller that frees the tree and the parser itself). */
void pvc_cst_free_names(pvc_cst *cst);

/* Values a caller binds over what the file binds (front/bind.c, libpvc.h
 * pvc_program_load_bound): `name = value` lines of Python text. `globals` replace module
 * names; `locals` are seen first by the jit kernel named `kernel` (its enclosing function's
 * values, a tiling key's fields). Either may be NULL or empty. */
typedef struct {
    const char *kernel, *globals, *locals;
} pvc_bindings;

/* The lower pass proper (lower.c): the DSL functions of a parsed file as IR, with values
 * bound over the file's own when b is not NULL. */
pvc_module *pvc_lower(const pvc_cst *cst, pvc_diag *d);
pvc_module *pvc_lower_bound(const pvc_cst *cst, pvc_diag *d, const pvc_bindings *b);

/* The same, one part of the file at a time (pipeline.c lowers in parts so that one part's
 * tree is in memory at a time): begin, a part per tree of whole top-level statements in
 * order, end. *same says whether the result is pvc_lower's for the whole file when no
 * diagnostic came up; if not, or after any diagnostic, lower the file whole instead. */
typedef struct pvc_lowering pvc_lowering;
pvc_lowering *pvc_lower_begin(const char *name, pvc_diag *d);
void pvc_lower_part(pvc_lowering *L, const pvc_cst *cst);
pvc_module *pvc_lower_end(pvc_lowering *L, int *same);
/* pvc_lower_end in two steps, for a streamed compile that lowers deferred functions after
 * the parts: the module (the lowering keeps a pointer to it), then the lowering. */
pvc_module *pvc_lower_finish(pvc_lowering *L, int *same);
void pvc_lower_free(pvc_lowering *L);
/* Streamed compiles (front/defer.c): if the line at byte `start` (line `row`, 0-based)
 * opens a top-level vector function of the plain form (@pl.vector_function, a def line
 * of plain parameters, an indented body), 1 and its end (the next line with a statement in
 * column 0) in *end, *end_row; with commit, its name is also bound and its parameters made,
 * its body left for pvc_lower_deferred (pvc_func.deferred). Else 0. */
int pvc_lower_defer(pvc_lowering *L, const pvc_source *src, size_t start, uint32_t row, int commit,
                    size_t *end, uint32_t *end_row);
/* The body of a deferred function, parsed and lowered now, into a new function (not in the
 * module's list) in the module's arena; NULL when its text does not give the function
 * pvc_lower_defer read (the file is then compiled the classic way). */
pvc_func *pvc_lower_deferred(pvc_lowering *L, const pvc_func *stub);
/* 1 once the parts can no longer give the whole file's IR: a name bound again after a
 * function read it, or a helper called whose part's tree is gone (scope.c). */
int pvc_lower_stale(const pvc_lowering *L);

/* If node (a top-level decorated_definition) is a DSL function, stores its kind and
 * returns 1. Other decorators leave the function to Python. */
int pvc_dsl_function(const pvc_cst *cst, TSNode node, pvc_func_kind *kind);


pvc_span pvc_node_span(TSNode n);
/* The source text of a node; *len gets its length. An identifier's is its NFKC form, the
 * name Python binds (names.c), which may be a copy the cst holds. */
const char *pvc_node_text(const pvc_cst *cst, TSNode n, size_t *len);

/* The checks of the text before it is parsed, each one located error, 1 after it: the
 * characters Python refuses (chars.c), then what the grammar's scanner accepts silently
 * about indentation (indent.c: a line indented more than it tracks, 255 columns, E011; a
 * dedent to no open block's width, E001). */
int pvc_check_indent(const pvc_source *src, pvc_diag *d);
int pvc_check_chars(const pvc_source *src, pvc_diag *d);

/* names.c: Python's rules for names (docs/SEMANTICS.md §6, "Names"). */
int pvc_name_is_keyword(const char *s, size_t n);  /* a hard keyword: never a name */
/* The NFKC form of name s[0..n): 0 when it is its own (every ASCII name); 1 with the form
 * in a malloc'ed NUL-terminated *out of *outlen bytes; -1 when a character, *composing,
 * would compose with the one before it (pvc does not compose); -2 out of memory. */
int pvc_name_nfkc(const char *s, size_t n, char **out, size_t *outlen, uint32_t *composing);
/* The code point of the UTF-8 sequence at s and its length in *len; -1 when s starts none. */
int32_t pvc_utf8_decode(const unsigned char *s, const unsigned char *end, int *len);

/* 1 if n is not null and of node type `type` (a row of grammar/nodes.h). */
static inline int pvc_node_is(const pvc_cst *cst, TSNode n, pvc_node_id type)
{
    return !ts_node_is_null(n) && ts_node_symbol(n) == cst->sym[type];
}

/* n's child in field f (a row of grammar/nodes.h), or a null node. */
static inline TSNode pvc_field(const pvc_cst *cst, TSNode n, pvc_field_id f)
{
    return ts_node_child_by_field_id(n, cst->field[f]);
}

#endif /* PVC_PARSE_H */
