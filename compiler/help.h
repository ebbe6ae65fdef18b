/* help.h - `pvc help TOPIC`: the op, dist, pattern, dtype, cast and fault tables printed
 * from the same rows the checker, emitter and simulator read (ops.h, pvc_rt.h). */
#ifndef PVC_HELP_H
#define PVC_HELP_H

#include <stdio.h>

/* Prints TOPIC's table to out (as a Markdown table when markdown is set: `pvc help ops
 * --markdown` writes the machine-op table of docs/IR.md). -1 (nothing printed) when there is
 * no such topic, -2 when it has no Markdown form. */
int pvc_help_topic(const char *topic, int markdown, FILE *out);

/* One line per topic ("  pvc help NAME   what it lists"), for `pvc --help`. */
void pvc_help_topic_list(FILE *out);

/* "ops, dists, ..." for a usage error. */
const char *pvc_help_topic_names(void);

#endif /* PVC_HELP_H */
