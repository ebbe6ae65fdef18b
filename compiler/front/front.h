/* front.h - the front end (front/): parse.c parses a whole Python file with tree-sitter,
 * lower.c turns its DSL functions into IR (pvc.h pvc_lower). The tree-sitter front end: parse a whole Python file, report syntax errors,
 * and find the DSL functions (@pl.vector_function, @pl.jit). */
#ifndef PVC_PARSE_H
#define PVC_PARSE_H

#include <tree_sitter/api.h>

#include "ir/diag.h"
#include "ir/ir.h"

typedef struct {
    TSParser *parser;
    TSTree *tree;
    const pvc_source *src;
} pvc_cst;

/* Parses src; every ERROR/MISSING node becomes an E001 error. Returns the error count
 * (the tree is kept either way; free it with pvc_cst_free). */
int pvc_parse(pvc_cst *cst, const pvc_source *src, pvc_diag *d);
void pvc_cst_free(pvc_cst *cst);

/* If node (a top-level decorated_definition) is a DSL function, stores its kind and
 * returns 1. Other decorators leave the function to Python. */
int pvc_dsl_function(const pvc_cst *cst, TSNode node, pvc_func_kind *kind);

pvc_span pvc_node_span(TSNode n);
/* The source text of a node; *len gets its length. */
const char *pvc_node_text(const pvc_cst *cst, TSNode n, size_t *len);
int pvc_node_is(TSNode n, const char *type);

#endif /* PVC_PARSE_H */
