/* native.h - turn emitted C into a loaded shared object, with a cache.
 *
 * The native backend writes one C11 translation unit per kernel file; this module compiles it
 * with $CC into a shared object, keeps the object in a cache directory keyed by a hash of the C
 * text, the compiler and the flags, and loads it with dlopen. A second run with the same key
 * skips cc entirely.
 *
 * The shared object calls the runtime (pvc_rt.h) but does not link it: build/pvc is linked
 * with -rdynamic and the whole runtime archive, so the loader resolves those calls against the
 * running pvc. That keeps one copy of the runtime state and makes cache entries small.
 */
#ifndef PVC_NATIVE_H
#define PVC_NATIVE_H

#include <stddef.h>

typedef struct {
    const char *cc;          /* compiler command, may hold words ("ccache gcc"); NULL: $CC or "cc" */
    const char *cflags;      /* extra flags, space separated; NULL: none */
    const char *include_dir; /* directory holding pvc_rt.h */
    const char *cache_dir;   /* NULL: $PVC_CACHE_DIR, else $XDG_CACHE_HOME/pvc, else ~/.cache/pvc */
} pvc_native_opts;

typedef struct pvc_native pvc_native;

/* Compiles (or finds in the cache) and loads `c_src`. On failure returns NULL and writes a
 * one-line reason into err (the compiler's own messages go to stderr). *cache_hit (if not NULL)
 * is set to 1 when cc was skipped. */
pvc_native *pvc_native_load(const char *c_src, size_t len, const pvc_native_opts *opts,
                            int *cache_hit, char *err, size_t errlen);

/* Address of an exported symbol, NULL if absent. */
void *pvc_native_sym(pvc_native *so, const char *name);

/* Path of the cached shared object (valid until pvc_native_close). */
const char *pvc_native_path(const pvc_native *so);

void pvc_native_close(pvc_native *so);

#endif /* PVC_NATIVE_H */
