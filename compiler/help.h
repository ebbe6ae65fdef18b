/* help.h - `pvc help TOPIC`: the op, dist, pattern, dtype, cast and fault tables printed
 * from the same rows the checker, emitter and simulator read (ops.h, pvc_rt.h). */
#ifndef PVC_HELP_H
#define PVC_HELP_H

#include <stdio.h>

/* Prints TOPIC's table to out; -1 (nothing printed) when there is no such topic. */
int pvc_help_topic(const char *topic, FILE *out);

/* One line per topic ("  pvc help NAME   what it lists"), for `pvc --help`. */
void pvc_help_topic_list(FILE *out);

/* "ops, dists, ..." for a usage error. */
const char *pvc_help_topic_names(void);

#endif /* PVC_HELP_H */
