/* emit_c.h - the C emitter (`pvc compile`, the native backend) and the ABI of what it emits.
 *
 * One C11 translation unit per input file. It includes only "pvc_rt.h" and defines:
 *
 *   static void vf_<name>__<n>(pvc_ctx *ctx, ...);      one per specialised vector function
 *   void pvc_kernel_<name>(pvc_ctx *ctx, pvc_tensor *args, const pvc_scalar *scalars);
 *                                       one per @pl.jit kernel; parameter i is args[i] (a
 *                                       tensor) or scalars[i] (int/bool .i, float .f)
 *   const pvc_kernel_entry pvc_kernels[];               every kernel, in source order,
 *                                                       closed by a {NULL, NULL, 0, NULL} row
 *
 * (pvc_kernel_entry is spelled out in the emitted file with the layout below, since the file
 * includes nothing of the compiler.) Every machine op is one runtime call; `ctx->at` names
 * the op's DSL position before each call that can fault, and `#line` directives map the C
 * back to the .py file. The text is a pure function of the module: no pointers, no time.
 */
#ifndef PVC_EMIT_C_H
#define PVC_EMIT_C_H

#include <stddef.h>
#include <stdio.h>

#include "ir/ir.h"
#include "pvc_rt.h"

typedef void (*pvc_kernel_fn)(pvc_ctx *ctx, pvc_tensor *args, const pvc_scalar *scalars);

/* Layout of one row of the emitted `pvc_kernels` table. */
typedef struct {
    const char *name;   /* the Python name of the kernel */
    pvc_kernel_fn fn;
    int nparams;
    const char *kinds;  /* one letter per parameter: pvc_param_kind_letter */
} pvc_kernel_entry;

/* The letter a kernel parameter of type kind has in pvc_kernel_entry.kinds: 't' tensor
 * (args[i]), 'i' int, 'b' bool (scalars[i].i), 'f' float (scalars[i].f); '?' any other
 * type, which no kernel can be called with. */

#define PVC_KERNEL_TABLE "pvc_kernels"

/* Writes the translation unit for checked module m. Returns 0, or -1 after printing one
 * line saying what the emitter cannot express (an op that is not a machine op). */
int pvc_emit_c(const pvc_module *m, FILE *out);

/* The same text in a malloc'd NUL-terminated buffer (*len bytes); NULL on failure. */
char *pvc_emit_c_string(const pvc_module *m, size_t *len);

/* The unit of one jit kernel: only `kernel` (its row alone in pvc_kernels) and the vector
 * functions it calls, with `file` (NULL: the module's) as the .py name in #line and the
 * fault locations. The native backend compiles one such unit per kernel it runs (`pvc
 * compile` keeps every kernel). */
char *pvc_emit_c_kernel(const pvc_module *m, const pvc_func *kernel, const char *file, size_t *len);

/* A streamed compile's unit (emit/stream.c): the same bytes as pvc_emit_c, built while
 * the module is: open; spill each vector function (typed, dispatched, checked) as it is
 * made, with `stays`, the function that takes its place in the module (its signature);
 * finish, once the module holds the kernels and those, writes the unit to out; close. -1
 * on failure (nothing is printed: the caller compiles the classic way). */
typedef struct pvc_emitter pvc_emitter;
pvc_emitter *pvc_emit_open(const pvc_module *m);
int pvc_emit_spill(pvc_emitter *E, const pvc_func *f, const pvc_func *stays);
int pvc_emit_finish(pvc_emitter *E, FILE *out);
void pvc_emit_close(pvc_emitter *E);

#endif /* PVC_EMIT_C_H */
