/* front.h - the front end (front/): parse.c parses a whole Python file with tree-sitter,
 * reports syntax errors and finds the DSL functions (@pl.vector_function, @pl.jit);
 * lower.c turns them into IR (pvc.h pvc_lower). Nodes are matched by symbol and children
 * read by field id, both resolved once per parse from the names of grammar/nodes.h. */
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
