/* trace.c - `pvc run --trace`: one JSON object per executed op, one per line, keys sorted,
 * fields that do not apply left out. Printed with printf (the values are integers and
 * fixed names), so the output is deterministic and costs no allocation.
 *
 *   {"addr":256,"bytes":256,"col":5,"dtype":"FP32","line":10,"mask":64,"op":"st.reg"}
 *
 * addr/bytes: first UB byte and UB bytes the op touches; mask: active elements at the
 * op's granularity; cursor: the post-update cursor after the op; value: the scalar an op
 * produced (loop index, address, arithmetic); block: the block running the op, in a launch
 * of several blocks only.
 */
#include <inttypes.h>

#include "sim/sim.h"

static void field_int(FILE *out, const char *key, int64_t v, int *first)
{
    fprintf(out, "%s\"%s\":%" PRId64, *first ? "" : ",", key, v);
    *first = 0;
}

void pvc_trace_event(FILE *out, const pvc_sim_event *e)
{
    int first = 1;
    fputc('{', out);
    if (e->addr >= 0)
        field_int(out, "addr", e->addr, &first);
    if (e->block >= 0)
        field_int(out, "block", e->block, &first);
    if (e->bytes >= 0)
        field_int(out, "bytes", e->bytes, &first);
    field_int(out, "col", e->loc ? e->loc->col : 0, &first);
    if (e->cursor >= 0)
        field_int(out, "cursor", e->cursor, &first);
    if (e->dtype >= 0 && e->dtype < PVC_DT_COUNT)
        fprintf(out, ",\"dtype\":\"%s\"", pvc_dtype_table[e->dtype].name);
    field_int(out, "line", e->loc ? e->loc->line : 0, &first);
    if (e->mask >= 0)
        field_int(out, "mask", e->mask, &first);
    fprintf(out, ",\"op\":\"%s\"", e->name);
    if (e->has_value)
        field_int(out, "value", e->value, &first);
    fputs("}\n", out);
}
