/* watchdog.h - `pvc run --timeout SECS` (docs/ARCHITECTURE.md §7, B6): a run that is still going after
 * SECS seconds of wall time stops, in either backend, with one located error and exit 1.
 *
 * Neither backend polls a clock: native kernels are the user's loops compiled, and the
 * simulator's fast loop checks nothing per op. So SIGALRM ends the process from its
 * handler, which only reads memory and calls async-signal-safe functions: it writes
 * "FILE:LINE:COL: error: ..." naming the op the running block last reached (ctx->at, which
 * every op that can fault sets: a loop, a call, a checked access), removes the temporaries
 * of open sinks (ioutil.c) and _exits 1. Outputs are written only after a run, so none is
 * torn. For the command line only: a library does not own its host's signals. */
#ifndef PVC_WATCHDOG_H
#define PVC_WATCHDOG_H

#include "pvc_rt.h"

/* Arms SIGALRM for secs seconds (0: does nothing); file names the run when no op is known. */
void pvc_watchdog_arm(unsigned secs, const char *file);
void pvc_watchdog_disarm(void);
/* The context a block runs on now (backend/blocks.c); the handler reads its ctx->at. */
void pvc_watchdog_watch(const pvc_ctx *ctx);
/* ctx is going: the handler no longer reads it (unless another context replaced it). */
void pvc_watchdog_unwatch(const pvc_ctx *ctx);

#endif /* PVC_WATCHDOG_H */
