/* stream.h - `pvc compile` a vector function at a time (stream.c): the passes of
 * pipeline.c run per function, each emitted and freed in turn. */
#ifndef PVC_STREAM_H
#define PVC_STREAM_H

#include <stdio.h>

#include "pvc.h"

/* `pvc compile` streamed (emit/stream.c): the C of u's file written to out while each
 * vector function is lowered, specialised, emitted and freed in turn, so that memory
 * holds one vector function's IR at a time. 0: written; -1: not streamed, nothing
 * written, u as it was (a diagnostic came up, or the file has a form the stream does not
 * take: compile it with pvc_run_passes, which reports everything); -2: a write failed. With
 * verbose, one line there says which (and why not). */
int pvc_compile_streamed(pvc_unit *u, FILE *out, FILE *verbose);


#endif /* PVC_STREAM_H */
