/* native_cc.h - the C compiler as the native cache runs it (native.c): one build now, which
 * the caller waits for, or one in the background once this process has exited. Both write
 * temporaries and rename them into place, so a reader never sees half an entry; a failed
 * build keeps its C as KEY.failed.c and says how to run the compiler again on it. */
#ifndef PVC_NATIVE_CC_H
#define PVC_NATIVE_CC_H

#include <stddef.h>

#include "emit/native.h"
#include "emit/native_cache.h"

/* The compiler command of o: o->cc, else $CC, else "cc" (it may hold words: "ccache gcc"). */
const char *pvc_cc_command(const pvc_native_opts *o);

/* The flags of every kernel build, in order (they are part of the cache key). */
extern const char *const pvc_cc_fixed_flags[];
extern const size_t pvc_cc_nfixed;

/* A C flags string asks for a sanitizer whose runtime must be in the process before it
 * starts (address, thread, memory, hwaddress) and this process has none: -1 and why in err
 * (the object could only fail to load, or abort pvc). */
int pvc_cc_check_sanitizers(const char *cflags, char *err, size_t errlen);

/* $CC -O2 on e->text into e->so (and e->text into e->c) now. -1 and the reason in err:
 * the compiler could not run, failed (its C kept as e->failed, the command to reproduce in
 * err) or produced no usable object. */
int pvc_cc_build(const pvc_native_opts *o, const pvc_cache_entry *e, char *err, size_t errlen);

/* Starts the build of e in a detached process that waits for this one to exit (or 250 ms)
 * and holds lock_fd (the entry's lock, taken by the caller and closed here) until it ends.
 * host_stays (a library's host): spawned rather than forked, and it waits 250 ms. */
void pvc_cc_build_in_background(const pvc_native_opts *o, const pvc_cache_entry *e, int lock_fd, int host_stays);

/* libpvc.so cannot hold Debian's libtcc (a static archive built without -fPIC), but the pvc
 * executable beside it can: its `pvc tcc-object` compiles emitted C into a shared object in
 * milliseconds, the first-run compiler of a process without libtcc. Its path into out: 0,
 * or -1 when there is no such pvc beside this code. */
int pvc_tcc_helper(char *out, size_t outlen);
/* e->text built by that pvc into tmp_so, which the caller loads and removes: 0, or -1 and
 * the reason in err (the cache directory's filesystem named when it is the reason). */
int pvc_tcc_helper_build(const char *helper, const pvc_cache_entry *e, const char *include_dir,
                         const char *tmp_so, char *err, size_t errlen);

/* Reaps the background builds that have ended (a host that stays keeps no zombies). */
void pvc_cc_reap(void);

#endif /* PVC_NATIVE_CC_H */
