/* pvc.h - one compilation unit and the pass pipeline (passes/pipeline.c): what every
 * driver of the compiler calls (main.c, lib/, emit/stream.c, the tests and the fuzzer).
 * The front end's own API (parsing, lowering in parts, deferred functions) is
 * front/front.h; the streamed `pvc compile` is emit/stream.h. */
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

/* ---- the parts a file is lowered in (pipeline.c cuts them, emit/stream.c too) ---- */
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

/* The lower pass of pvc_run_passes with parts of at least `part` bytes (0: the pass's own
 * size), for the tests: returns the errors reported; *in_parts says whether the parts'
 * lowering was kept (else the file was lowered whole). */
int pvc_lower_unit(pvc_unit *u, size_t part, int *in_parts);

#endif /* PVC_H */
