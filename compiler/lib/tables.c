/* tables.c - pvc's dtype and enum tables for library callers (libpvc.h "dtypes", "enums"):
 * the Python package builds pl.DT_* and pl.<Namespace> from these, so its names are the
 * compiler's own rows (pvc_rt.h PVC_DTYPES, ops.h PVC_ENUM_NS). */
#include <string.h>

#include "lib/lib.h"

int pvc_dtype_count(void) { return PVC_DT_COUNT; }

const char *pvc_dtype_name(int dtype)
{
    return dtype >= 0 && dtype < PVC_DT_COUNT ? pvc_dtype_table[dtype].name : NULL;
}

int pvc_dtype_by_name(const char *name)
{
    if (!name)
        return -1;
    for (int t = 0; t < PVC_DT_COUNT; t++)
        if (!strcmp(name, pvc_dtype_table[t].name) || !strcmp(name, pvc_dtype_table[t].pyname))
            return t;
    return -1;
}

int pvc_dtype_bits(int dtype)
{
    return dtype >= 0 && dtype < PVC_DT_COUNT ? (int)pvc_dtype_table[dtype].bits : 0;
}

/* Stored dtypes accepted for a parameter of another dtype: X(PARAM, STORED, how it is read).
 * The one rule for every caller: launches (launch.c) and `pvc run`'s .npy files (run/npy.c). */
#define STANDINS(X)                                                               \
    X(FP8E4M3FN, UINT8, "raw codes")                                              \
    X(FP8E5M2, UINT8, "raw codes")                                                \
    X(FP8E8M0, UINT8, "raw codes")                                                \
    X(HF8, UINT8, "raw codes")                                                    \
    X(FP4E2M1, UINT8, "bytes of two codes, low nibble first")                     \
    X(FP4E1M2, UINT8, "bytes of two codes, low nibble first")                     \
    X(INT4, UINT8, "bytes of two codes, low nibble first")                        \
    X(INT4, INT8, "bytes of two codes, low nibble first")                         \
    X(BF16, UINT16, "bits")                                                       \
    X(BF16, INT16, "bits")                                                        \
    X(UINT16, INT16, "the same bits (torch has no uint16 before 2.3)")            \
    X(UINT32, INT32, "the same bits (torch has no uint32 before 2.3)")            \
    X(UINT64, INT64, "the same bits (torch has no uint64 before 2.3)")

static const struct {
    pvc_dtype param, stored;
    const char *why;
} standins[] = {
#define X(p, s, why) {PVC_DT_##p, PVC_DT_##s, why},
    STANDINS(X)
#undef X
};

int pvc_dtype_stands_in(int stored, int param, const char **why)
{
    if (why)
        *why = NULL;
    if (stored == param)
        return stored >= 0 && stored < PVC_DT_COUNT;
    for (size_t i = 0; i < sizeof standins / sizeof *standins; i++)
        if ((int)standins[i].param == param && (int)standins[i].stored == stored) {
            if (why)
                *why = standins[i].why;
            return 1;
        }
    return 0;
}

int pvc_enum_count(void) { return PVC_NS_COUNT; }

const char *pvc_enum_name(int ns)
{
    return ns >= 0 && ns < PVC_NS_COUNT ? pvc_enum_ns_name(ns) : NULL;
}

int pvc_enum_is_pl(int ns) { return pvc_enum_ns_is_pl(ns); }

const char *pvc_enum_member(int ns, int k, int64_t *value)
{
    int64_t v = 0;
    const char *name = ns >= 0 && ns < PVC_NS_COUNT && k >= 0 ? pvc_enum_member_at(ns, k, &v) : NULL;
    if (name && value)
        *value = v;
    return name;
}
