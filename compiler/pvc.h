/* pvc.h - one compilation unit and the pass pipeline (pipeline.c). Used by main.c,
 * the tests and the fuzzer. */
#ifndef PVC_H
#define PVC_H

#include "ir/diag.h"
#include "ir/ir.h"
#include "front/front.h"

#define PVC_VERSION "0.1.0"

/* Values a caller binds over what the file binds (front/bind.c, libpvc.h
 * pvc_program_load_bound): `name = value` lines of Python text. `globals` replace module
 * names; `locals` are seen first by the jit kernel named `kernel` (its enclosing function's
 * values, a tiling key's fields). Either may be NULL or empty. */
typedef struct {
    const char *kernel, *globals, *locals;
} pvc_bindings;

/* Everything one input file owns; pvc_unit_free releases all of it. */
typedef struct {
    pvc_source src;
    pvc_diag diag;
    pvc_cst cst;
    pvc_module *mod;
    const pvc_bindings *bind;    /* NULL: the file alone (the caller owns it) */
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
/* Bytes of source per part, at least: a tree of 32 KB of source is about 1.5 MB, which
 * stays in the caches and is paged in once (the whole file's tree, about 60 bytes per byte
 * of source, was the peak of a compile's memory). */
#define PVC_LOWER_PART (32 * 1024)
/* 1 if the line at byte p (a line start) opens a top-level definition: '@' or "def " in
 * column 0. Parts are cut only before such a line (one after a decorator excepted). */
int pvc_opens_definition(const pvc_source *s, size_t p);
/* Parses bytes [start, end) of u's file (lines row to end_row) and lowers them as the next
 * part of L, the tree freed after; 0 when the part has a syntax error. */
int pvc_lower_segment(pvc_unit *u, pvc_lowering *L, size_t start, size_t end, uint32_t row, uint32_t end_row);

/* `pvc compile` streamed (passes/stream.c): the C of u's file written to out while each
 * vector function is lowered, specialised, emitted and freed in turn, so that memory
 * holds one vector function's IR at a time. 0: written; -1: not streamed, nothing
 * written, u as it was (a diagnostic came up, or the file has a form the stream does not
 * take: compile it with pvc_run_passes, which reports everything); -2: a write failed. With
 * verbose, one line there says which (and why not). */
int pvc_compile_streamed(pvc_unit *u, FILE *out, FILE *verbose);

/* The lower pass of pvc_run_passes with parts of at least `part` bytes (0: the pass's own
 * size), for the tests: returns the errors reported; *in_parts says whether the parts'
 * lowering was kept (else the file was lowered whole). */
int pvc_lower_unit(pvc_unit *u, size_t part, int *in_parts);

#endif /* PVC_H */
