/* dtype.c - the dtype table (§1.1), generated from PVC_DTYPES in pvc_rt.h. */
#include "pvc_rt.h"

const pvc_dtype_info pvc_dtype_table[PVC_DT_COUNT] = {
#define X(name, pyname, bits, kind) {#name, pyname, bits, PVC_KIND_##kind},
    PVC_DTYPES(X)
#undef X
};
