/* native.h - turn emitted C into loaded code, with a cache of optimised objects.
 *
 * The native backend writes one C11 translation unit per kernel; this module finds its
 * object in a cache directory, keyed by a hash of the C text, the compiler command, program
 * and flags, the runtime headers and the host's CPU feature words, checks it (the directory
 * and the object are this user's alone, the object is a whole ELF file: native_cache.h)
 * and loads it with dlopen, then checks the key it defines; an entry that fails a check is
 * built again. On a miss
 * (the default, PVC_BUILD_AUTO) it compiles the C in process with libtcc, which takes a
 * few milliseconds, and runs that; when the code is closed (the kernel has run), a
 * detached process is forked that, once this process has exited (or after 250 ms), builds
 * the optimised object with `$CC -O2` at the lowest priority into the cache, so the next
 * run loads it; with no libtcc (or with PVC_CFLAGS,
 * flags only cc understands) a miss waits for cc, and with no cc a miss runs the libtcc
 * build and caches nothing. Both compile the same C against the same runtime, so they
 * compute the same bytes (tests/run_e2e.sh compares them on every sample).
 *
 * The code calls the runtime (pvc_rt.h) but does not link it: build/pvc is linked with
 * -rdynamic and the whole runtime archive, so the loader (or, for libtcc, dlsym on the
 * running program) resolves those calls against the running pvc. That keeps one copy of
 * the runtime state and makes cache entries small.
 */
#ifndef PVC_NATIVE_H
#define PVC_NATIVE_H

#include <stddef.h>
#include <stdio.h>

/* How a cache miss is built. DEFAULT reads $PVC_NATIVE_BUILD (auto, cc or tcc), else AUTO. */
typedef enum {
    PVC_BUILD_DEFAULT,
    PVC_BUILD_AUTO, /* libtcc now; $CC -O2 into the cache in the background */
    PVC_BUILD_CC,   /* $CC -O2 now, into the cache (the first run waits for it) */
    PVC_BUILD_TCC,  /* libtcc every time: the cache is neither read nor written (to compare
                       the libtcc build with cc's object) */
} pvc_build_mode;

typedef struct {
    const char *cc;          /* compiler command, may hold words ("ccache gcc"); NULL: $CC or "cc" */
    const char *cflags;      /* extra flags, space separated; NULL: none (set: a miss uses cc) */
    const char *include_dir; /* directory holding pvc_rt.h (and tcc/, libtcc's stddef.h) */
    const char *cache_dir;   /* NULL: $PVC_CACHE_DIR, else $XDG_CACHE_HOME/pvc, else ~/.cache/pvc,
                                else /tmp/pvc-cache-UID (pvc_cache_dir) */
    pvc_build_mode mode;
    FILE *verbose;           /* NULL: quiet; else lines saying the key, the choice, fallbacks */
} pvc_native_opts;

typedef struct pvc_native pvc_native;

/* Finds (or builds) and loads `c_src`. On failure returns NULL and writes a one-line reason
 * into err (the compiler's own messages go to stderr): a cache directory refused (too long,
 * not the user's, writable by others), a sanitizer in cflags this process lacks, a failed
 * build (with the kept C and the command that reproduces it). *cache_hit (if not NULL) is
 * set to 1 when the optimised object came from the cache. */
pvc_native *pvc_native_load(const char *c_src, size_t len, const pvc_native_opts *opts,
                            int *cache_hit, char *err, size_t errlen);

/* Address of an exported symbol, NULL if absent. */
void *pvc_native_sym(pvc_native *so, const char *name);

/* Path of the cached object (valid until pvc_native_close); for a libtcc build, the path
 * the background build writes. */
const char *pvc_native_path(const pvc_native *so);

/* 1 when the code was compiled in process by libtcc (not an optimised object). */
int pvc_native_is_tcc(const pvc_native *so);

/* 1 when this pvc was built with libtcc. */
int pvc_native_have_tcc(void);

/* Unloads the code; after a libtcc build, starts the background build of the object. */
void pvc_native_close(pvc_native *so);

#endif /* PVC_NATIVE_H */
