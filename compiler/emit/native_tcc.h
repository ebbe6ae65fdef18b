/* native_tcc.h - libtcc as the native backend uses it on a cache miss (native.c): the
 * emitted C compiled in process, its runtime calls bound to the running pvc. Without
 * libtcc (built without PVC_HAVE_LIBTCC) every call says so and compiles nothing. */
#ifndef PVC_NATIVE_TCC_H
#define PVC_NATIVE_TCC_H

#include <stddef.h>

typedef struct pvc_tcc pvc_tcc;

/* 1 when this pvc was built with libtcc. */
int pvc_tcc_available(void);

/* Compiles c_src (len bytes) against the runtime headers of include_dir (and libtcc's
 * stand-in system headers in include_dir/tcc) into this process's memory. NULL and a
 * one-line reason in err on failure. */
pvc_tcc *pvc_tcc_compile(const char *c_src, size_t len, const char *include_dir, char *err,
                         size_t errlen);
/* Compiles c_src the same way into the shared object `out`, its runtime calls left for the
 * process that loads it to bind (libpvc.so's first-run compiler: `pvc tcc-object`, native.c).
 * 0, or -1 and a one-line reason in err. */
int pvc_tcc_compile_object(const char *c_src, size_t len, const char *include_dir, const char *out,
                           char *err, size_t errlen);
void *pvc_tcc_sym(pvc_tcc *t, const char *name);
void pvc_tcc_free(pvc_tcc *t);

#endif /* PVC_NATIVE_TCC_H */
