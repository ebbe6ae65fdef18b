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
