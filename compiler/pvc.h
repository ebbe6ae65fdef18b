/* pvc.h - one compilation unit and the pass pipeline (pipeline.c). Used by main.c,
 * the tests and the fuzzer. */
#ifndef PVC_H
#define PVC_H

#include "ir/diag.h"
#include "ir/ir.h"
#include "front/front.h"

#define PVC_VERSION "0.1.0"

/* Everything one input file owns; pvc_unit_free releases all of it. */
typedef struct {
    pvc_source src;
    pvc_diag diag;
    pvc_cst cst;
    pvc_module *mod;
} pvc_unit;

/* Takes ownership of src (already loaded); diagnostics go to diag_out (NULL = count only). */
void pvc_unit_init(pvc_unit *u, pvc_source src, FILE *diag_out);
void pvc_unit_free(pvc_unit *u);

/* Called with the IR after the pass the user asked for. */
typedef void (*pvc_dump_hook)(const pvc_module *m, const char *pass, void *ctx);

/* Runs the passes in order, the verifier after each, stops after pass `stop_after`
 * (NULL: the last) or at the first pass that reports errors, and then calls dump (if
 * any, and only when there were no errors). Returns PVC_EXIT_OK or PVC_EXIT_DIAG. */
int pvc_run_passes(pvc_unit *u, const char *stop_after, pvc_dump_hook dump, void *ctx);

int pvc_pass_exists(const char *name);
/* "lower, resolve, ..." for help texts. */
const char *pvc_pass_list(void);

/* The lower pass proper (lower.c): the DSL functions of a parsed file as IR. */
pvc_module *pvc_lower(const pvc_cst *cst, pvc_diag *d);

/* The same, one part of the file at a time (pipeline.c lowers in parts so that one part's
 * tree is in memory at a time): begin, a part per tree of whole top-level statements in
 * order, end. *same says whether the result is pvc_lower's for the whole file when no
 * diagnostic came up; if not, or after any diagnostic, lower the file whole instead. */
typedef struct pvc_lowering pvc_lowering;
pvc_lowering *pvc_lower_begin(const char *name, pvc_diag *d);
void pvc_lower_part(pvc_lowering *L, const pvc_cst *cst);
pvc_module *pvc_lower_end(pvc_lowering *L, int *same);
/* The lower pass of pvc_run_passes with parts of at least `part` bytes (0: the pass's own
 * size), for the tests: returns the errors reported; *in_parts says whether the parts'
 * lowering was kept (else the file was lowered whole). */
int pvc_lower_unit(pvc_unit *u, size_t part, int *in_parts);

#endif /* PVC_H */
