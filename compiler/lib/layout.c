/* layout.c - where a tensor argument's elements lie in the caller's memory (lib.h): its
 * element count, whether it is C-contiguous, the bytes it spans, whether two of its elements
 * are one memory location, whether two arguments share a byte. launch.c reads these to bind
 * arguments the way docs/SEMANTICS.md §6 ("Arguments of a launch") says: one contiguous copy
 * for arguments that are one view, a written argument refused when its elements overlap each
 * other or another copied argument's.
 *
 * Strides count stored elements, so two elements either are one location or share no byte;
 * sub-byte dtypes are always contiguous (launch.c refuses them otherwise).
 */
#include <stdlib.h>

#include "lib/lib.h"

static size_t stored_bytes(const pvc_arg *a)
{
    unsigned bits = pvc_dtype_table[a->dtype].bits;
    return bits < 8 ? 1 : bits / 8;
}

int64_t pvc_arg_elements(const pvc_arg *a)
{
    int64_t n = 1;
    for (int i = 0; i < a->rank; i++) {
        if (a->shape[i] < 0)
            return -1;
        if (a->shape[i] && n > (INT64_MAX / 8) / a->shape[i])
            return -1;
        n *= a->shape[i];
    }
    return n;
}

/* Strides all 0 mean C order unless the caller says they are real (PVC_ARG_STRIDES). */
static int64_t stride(const pvc_arg *a, int i)
{
    if (a->flags & PVC_ARG_STRIDES)
        return a->strides[i];
    for (int d = 0; d < a->rank; d++)
        if (a->strides[d])
            return a->strides[i];
    int64_t s = 1;
    for (int d = a->rank - 1; d > i; d--)
        s *= a->shape[d];
    return s;
}

int64_t pvc_arg_stride(const pvc_arg *a, int i) { return stride(a, i); }

int pvc_arg_contiguous(const pvc_arg *a)
{
    int64_t want = 1;
    for (int i = a->rank - 1; i >= 0; i--) {
        if (a->shape[i] != 1 && stride(a, i) != want)
            return 0;
        want *= a->shape[i];
    }
    return 1;
}

int pvc_arg_stride0_dim(const pvc_arg *a)
{
    for (int i = 0; i < a->rank; i++)
        if (a->shape[i] > 1 && stride(a, i) == 0)
            return i;
    return -1;
}

/* [lo, hi) host bytes that the elements of a touch; lo == hi when it has none. Offsets fit
 * int64: the caller's memory exists. */
static void span(const pvc_arg *a, uintptr_t *lo, uintptr_t *hi)
{
    int64_t first = 0, last = 0, n = pvc_arg_elements(a), esz = (int64_t)stored_bytes(a);
    *lo = *hi = (uintptr_t)a->data;
    if (n <= 0)
        return;
    if (pvc_dtype_table[a->dtype].bits < 8) { /* contiguous codes, two to a byte */
        *hi += (uintptr_t)((n + 1) / 2);
        return;
    }
    for (int i = 0; i < a->rank; i++) {
        int64_t reach = (a->shape[i] - 1) * stride(a, i);
        if (reach < 0)
            first += reach;
        else
            last += reach;
    }
    *lo = (uintptr_t)a->data + (uintptr_t)(first * esz);
    *hi = (uintptr_t)a->data + (uintptr_t)((last + 1) * esz);
}

static int cmp_addr(const void *x, const void *y)
{
    uintptr_t a = *(const uintptr_t *)x, b = *(const uintptr_t *)y;
    return (a > b) - (a < b);
}

/* The start addresses of a's elements, sorted; NULL when out of memory. */
static uintptr_t *sorted_starts(const pvc_arg *a, int64_t n)
{
    uintptr_t *out = malloc((size_t)(n > 0 ? n : 1) * sizeof *out);
    int64_t idx[PVC_ARG_MAX_RANK] = {0}, esz = (int64_t)stored_bytes(a);
    if (!out)
        return NULL;
    for (int64_t e = 0; e < n; e++) {
        int64_t off = 0;
        for (int i = 0; i < a->rank; i++)
            off += idx[i] * stride(a, i);
        out[e] = (uintptr_t)a->data + (uintptr_t)(off * esz);
        for (int i = a->rank - 1; i >= 0 && ++idx[i] == a->shape[i]; i--)
            idx[i] = 0;
    }
    qsort(out, (size_t)n, sizeof *out, cmp_addr);
    return out;
}

/* Sufficient for distinct elements: with the dims of extent > 1 in increasing |stride|, each
 * stride steps past every offset the smaller ones reach (then every index has its own offset). */
static int plainly_distinct(const pvc_arg *a)
{
    int64_t s[PVC_ARG_MAX_RANK], ext[PVC_ARG_MAX_RANK], reach = 0;
    int n = 0;
    for (int i = 0; i < a->rank; i++)
        if (a->shape[i] > 1) {
            int64_t v = stride(a, i) < 0 ? -stride(a, i) : stride(a, i);
            int k = n++;
            for (; k > 0 && s[k - 1] > v; k--)
                s[k] = s[k - 1], ext[k] = ext[k - 1];
            s[k] = v, ext[k] = a->shape[i];
        }
    for (int k = 0; k < n; k++) {
        if (s[k] <= reach)
            return 0;
        reach += (ext[k] - 1) * s[k];
    }
    return 1;
}

int pvc_arg_self_overlaps(const pvc_arg *a)
{
    int64_t n = pvc_arg_elements(a);
    if (n <= 1 || pvc_arg_contiguous(a) || plainly_distinct(a))
        return 0;
    uintptr_t *st = sorted_starts(a, n);
    if (!st)
        return -1;
    int dup = 0;
    for (int64_t e = 1; e < n && !dup; e++)
        dup = st[e] == st[e - 1];
    free(st);
    return dup;
}

int pvc_arg_same_view(const pvc_arg *a, const pvc_arg *b)
{
    if (a->data != b->data || stored_bytes(a) != stored_bytes(b) || a->rank != b->rank)
        return 0;
    for (int i = 0; i < a->rank; i++)
        if (a->shape[i] != b->shape[i] || (a->shape[i] != 1 && stride(a, i) != stride(b, i)))
            return 0;
    return 1;
}

/* One argument's bytes as sorted intervals [start, start + len): the whole span when it is
 * contiguous, else one per element. */
typedef struct {
    uintptr_t *starts, one;
    int64_t n;
    uintptr_t len;
} intervals;

static int intervals_of(const pvc_arg *a, intervals *v)
{
    uintptr_t lo, hi;
    span(a, &lo, &hi);
    if (pvc_arg_contiguous(a)) {
        *v = (intervals){&v->one, lo, 1, hi - lo};
        return 0;
    }
    v->n = pvc_arg_elements(a);
    v->len = stored_bytes(a);
    v->starts = sorted_starts(a, v->n);
    return v->starts ? 0 : -1;
}

int pvc_args_overlap(const pvc_arg *a, const pvc_arg *b)
{
    uintptr_t alo, ahi, blo, bhi;
    span(a, &alo, &ahi);
    span(b, &blo, &bhi);
    if (alo == ahi || blo == bhi || ahi <= blo || bhi <= alo)
        return 0;
    if (pvc_arg_contiguous(a) && pvc_arg_contiguous(b))
        return 1;
    intervals x = {0}, y = {0};
    int rc = -1;
    if (!intervals_of(a, &x) && !intervals_of(b, &y)) {
        rc = 0;
        for (int64_t i = 0, j = 0; i < x.n && j < y.n && !rc;) {
            uintptr_t xs = x.starts[i], ys = y.starts[j];
            rc = xs < ys + y.len && ys < xs + x.len;
            if (xs + x.len <= ys + y.len)
                i++;
            else
                j++;
        }
    }
    if (x.starts != &x.one)
        free(x.starts);
    if (y.starts != &y.one)
        free(y.starts);
    return rc;
}
