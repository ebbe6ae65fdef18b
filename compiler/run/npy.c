/* npy.c - read and write NumPy .npy files (format: numpy.lib.format, NEP 1).
 *
 *   "\x93NUMPY" major minor  header_len  header                           data
 *   6 bytes     1     1      2 (v1.0) or 4 (v2.0/3.0), little-endian    C-order elements
 *
 * The header is a Python dict literal, e.g.
 *   {'descr': '<f4', 'fortran_order': False, 'shape': (2, 64), }
 * padded with spaces and ended by '\n'. We parse exactly that grammar (any key order, either
 * quote, optional trailing commas) rather than evaluating Python. A file is read in that
 * order, prefix, header, data, and the data only once the shape says how many bytes it has
 * and the file's size agrees, so a hostile header cannot make us allocate or read past the
 * file, and a file too long for its shape is refused before its data is read.
 */
#include "run/npy.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/ioutil.h"
#include "lib/libpvc.h"

static const char npy_magic[6] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};


/* ---- dtypes -------------------------------------------------------------------------- */

static const struct {
    const char *descr, *name;
    size_t size;
    int dtype;
} descrs[] = {
#define X(d, size, kind, name, dtype) {d, name, size, dtype},
    PVC_NPY_DESCRS(X)
#undef X
};
enum { NDESCRS = sizeof descrs / sizeof *descrs };

static int descr_index(const char *descr)
{
    for (int i = 0; i < NDESCRS; i++)
        if (strcmp(descr, descrs[i].descr) == 0)
            return i;
    return -1;
}

size_t pvc_npy_descr_size(const char *descr)
{
    int i = descr_index(descr);
    return i < 0 ? 0 : descrs[i].size;
}

const char *pvc_npy_descr_name(const char *descr)
{
    int i = descr_index(descr);
    return i < 0 ? descr : descrs[i].name;
}

/* How each kernel dtype is stored (docs/CLI.md "pvc run"). One row per pvc_dtype. */
static const char *const descr_of_dtype[PVC_DT_COUNT] = {
    [PVC_DT_INT4] = "|u1",      /* two signed nibbles per byte, low nibble first */
    [PVC_DT_INT8] = "|i1",
    [PVC_DT_UINT8] = "|u1",
    [PVC_DT_INT16] = "<i2",
    [PVC_DT_UINT16] = "<u2",
    [PVC_DT_INT32] = "<i4",
    [PVC_DT_UINT32] = "<u4",
    [PVC_DT_INT64] = "<i8",
    [PVC_DT_UINT64] = "<u8",
    [PVC_DT_FP16] = "<f2",
    [PVC_DT_BF16] = "<u2",      /* raw bfloat16 bits: numpy has no bfloat16 */
    [PVC_DT_FP32] = "<f4",
    [PVC_DT_FP8E4M3FN] = "|u1", /* raw codes (docs/SEMANTICS.md §5.5) */
    [PVC_DT_FP8E5M2] = "|u1",
    [PVC_DT_FP8E8M0] = "|u1",
    [PVC_DT_HF8] = "|u1",
    [PVC_DT_FP4E2M1] = "|u1",   /* two codes per byte, low nibble = lower index (§5.5) */
    [PVC_DT_FP4E1M2] = "|u1",
    [PVC_DT_BOOL] = "|b1",
};

const char *pvc_npy_descr_of(pvc_dtype t)
{
    return (unsigned)t < PVC_DT_COUNT ? descr_of_dtype[t] : NULL;
}

int pvc_npy_packs_nibbles(pvc_dtype t)
{
    return (unsigned)t < PVC_DT_COUNT && pvc_dtype_table[t].bits == 4;
}

/* 1 when data of descr d may be bound to a t tensor: t's own descr, or the descr of one of
 * t's stand-ins (the library's rule); *why as pvc_dtype_stands_in says. */
static int descr_accepted(int d, pvc_dtype t, const char **why)
{
    *why = NULL;
    if (strcmp(descrs[d].descr, descr_of_dtype[t]) == 0)
        return 1;
    return descrs[d].dtype >= 0 && pvc_dtype_stands_in(descrs[d].dtype, (int)t, why);
}

int pvc_npy_check_dtype(const pvc_npy *a, pvc_dtype t, const char **standin, char *err,
                        size_t errlen)
{
    const char *why = NULL;
    if ((unsigned)t >= PVC_DT_COUNT)
        return pvc_io_fail(err, errlen, "unknown kernel dtype %d", (int)t);
    int d = descr_index(a->descr);
    if (d >= 0 && descr_accepted(d, t, &why)) {
        if (standin)
            *standin = why;
        return 0;
    }
    /* "the file holds int64 ('<i8'), and UINT32 tensors are uint32 ('<u4') or int32 ('<i4')" */
    char accepts[200];
    int n = snprintf(accepts, sizeof accepts, "%s ('%s')", pvc_npy_descr_name(descr_of_dtype[t]),
                     descr_of_dtype[t]);
    for (int i = 0; i < NDESCRS && n > 0 && (size_t)n < sizeof accepts; i++)
        if (strcmp(descrs[i].descr, descr_of_dtype[t]) != 0 && descr_accepted(i, t, &why))
            n += snprintf(accepts + n, sizeof accepts - (size_t)n, " or %s ('%s')", descrs[i].name,
                          descrs[i].descr);
    return pvc_io_fail(err, errlen, "the file holds %s ('%s'), and %s tensors are %s",
                pvc_npy_descr_name(a->descr), a->descr, pvc_dtype_table[t].name, accepts);
}

/* Normalise a descr read from a file to the spelling of PVC_NPY_DESCRS: one-byte types may
 * carry '<' or '|'. Big-endian and native order are refused by name. */
static int descr_accept(const char *d, char out[8], char *err, size_t errlen)
{
    size_t n = strlen(d);
    if (n == 0 || n > 6)
        return pvc_io_fail(err, errlen, "unsupported dtype '%s'", d);
    if (d[0] == '>')
        return pvc_io_fail(err, errlen, "big-endian dtype '%s' is not supported (save little-endian)", d);
    if (d[0] == '=' || (d[0] != '<' && d[0] != '|'))
        return pvc_io_fail(err, errlen, "dtype '%s' has no explicit little-endian byte order", d);
    memcpy(out, d, n + 1); /* n <= 6, checked above */
    if (pvc_npy_descr_size(out) == 0) {
        out[0] = out[0] == '<' ? '|' : '<'; /* "<u1" -> "|u1" */
        if (pvc_npy_descr_size(out) != 1)
            return pvc_io_fail(err, errlen, "unsupported dtype '%s'", d);
    }
    return 0;
}

/* ---- header dict --------------------------------------------------------------------- */

typedef struct {
    const char *p, *end;
} cursor;

static void skip_space(cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
        c->p++;
}

static int eat(cursor *c, char ch)
{
    skip_space(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return 1;
    }
    return 0;
}

/* A quoted string without escapes, as numpy writes descr and keys. */
static int parse_string(cursor *c, char *buf, size_t cap, char *err, size_t errlen)
{
    skip_space(c);
    if (c->p >= c->end || (*c->p != '\'' && *c->p != '"'))
        return pvc_io_fail(err, errlen, "header: expected a quoted string");
    char q = *c->p++;
    size_t n = 0;
    while (c->p < c->end && *c->p != q) {
        if (*c->p == '\\' || (unsigned char)*c->p < 0x20)
            return pvc_io_fail(err, errlen, "header: unsupported character in string");
        if (n + 1 >= cap)
            return pvc_io_fail(err, errlen, "header: string too long");
        buf[n++] = *c->p++;
    }
    if (c->p >= c->end)
        return pvc_io_fail(err, errlen, "header: unterminated string");
    c->p++;
    buf[n] = 0;
    return 0;
}

static int parse_word(cursor *c, const char *w)
{
    size_t n = strlen(w);
    skip_space(c);
    if ((size_t)(c->end - c->p) >= n && memcmp(c->p, w, n) == 0) {
        c->p += n;
        return 1;
    }
    return 0;
}

static int parse_bool(cursor *c, int *v, char *err, size_t errlen)
{
    if (parse_word(c, "True"))
        *v = 1;
    else if (parse_word(c, "False"))
        *v = 0;
    else
        return pvc_io_fail(err, errlen, "header: fortran_order must be True or False");
    return 0;
}

static int parse_dim(cursor *c, int64_t *dim, char *err, size_t errlen)
{
    skip_space(c);
    if (c->p < c->end && *c->p == '-')
        return pvc_io_fail(err, errlen, "header: negative dimension in shape");
    if (c->p >= c->end || *c->p < '0' || *c->p > '9')
        return pvc_io_fail(err, errlen, "header: expected an integer in shape");
    int64_t v = 0;
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        int d = *c->p++ - '0';
        if (v > (INT64_MAX - d) / 10)
            return pvc_io_fail(err, errlen, "header: dimension too large");
        v = v * 10 + d;
    }
    *dim = v;
    return 0;
}

/* (), (n,), (n, m), (n, m,) ... Python needs the comma for a 1-tuple. */
static int parse_shape(cursor *c, int *rank, int64_t *shape, char *err, size_t errlen)
{
    if (!eat(c, '('))
        return pvc_io_fail(err, errlen, "header: shape must be a tuple");
    int n = 0, commas = 0;
    while (!eat(c, ')')) {
        if (n == PVC_NPY_MAX_RANK)
            return pvc_io_fail(err, errlen, "header: rank above %d", PVC_NPY_MAX_RANK);
        if (parse_dim(c, &shape[n++], err, errlen))
            return -1;
        if (eat(c, ','))
            commas++;
        else if (!eat(c, ')'))
            return pvc_io_fail(err, errlen, "header: expected ',' or ')' in shape");
        else
            break;
    }
    if (n == 1 && commas == 0)
        return pvc_io_fail(err, errlen, "header: shape (n) is not a tuple, write (n,)");
    *rank = n;
    return 0;
}

enum { KEY_DESCR = 1, KEY_FORTRAN = 2, KEY_SHAPE = 4 };

static int parse_entry(cursor *c, int *seen, char descr[16], int *fortran, int *rank,
                       int64_t *shape, char *err, size_t errlen)
{
    char key[32];
    if (parse_string(c, key, sizeof key, err, errlen))
        return -1;
    if (!eat(c, ':'))
        return pvc_io_fail(err, errlen, "header: expected ':' after '%s'", key);
    int bit = strcmp(key, "descr") == 0           ? KEY_DESCR
              : strcmp(key, "fortran_order") == 0 ? KEY_FORTRAN
              : strcmp(key, "shape") == 0         ? KEY_SHAPE
                                                  : 0;
    if (!bit)
        return pvc_io_fail(err, errlen, "header: unknown key '%s'", key);
    if (*seen & bit)
        return pvc_io_fail(err, errlen, "header: key '%s' given twice", key);
    *seen |= bit;
    if (bit == KEY_DESCR) {
        skip_space(c);
        if (c->p < c->end && *c->p == '[')
            return pvc_io_fail(err, errlen, "structured dtypes are not supported");
        return parse_string(c, descr, 16, err, errlen);
    }
    if (bit == KEY_FORTRAN)
        return parse_bool(c, fortran, err, errlen);
    return parse_shape(c, rank, shape, err, errlen);
}

static int parse_header(const char *h, size_t len, pvc_npy *out, char *err, size_t errlen)
{
    cursor c = {h, h + len};
    char descr[16] = "";
    int seen = 0, fortran = 0;
    if (!eat(&c, '{'))
        return pvc_io_fail(err, errlen, "header: not a dict (expected '{')");
    while (!eat(&c, '}')) {
        if (parse_entry(&c, &seen, descr, &fortran, &out->rank, out->shape, err, errlen))
            return -1;
        if (!eat(&c, ',') && !(skip_space(&c), c.p < c.end && *c.p == '}'))
            return pvc_io_fail(err, errlen, "header: expected ',' or '}'");
    }
    skip_space(&c);
    if (c.p != c.end)
        return pvc_io_fail(err, errlen, "header: unexpected text after the dict");
    if (seen != (KEY_DESCR | KEY_FORTRAN | KEY_SHAPE))
        return pvc_io_fail(err, errlen, "header: missing key '%s'",
                    !(seen & KEY_DESCR)     ? "descr"
                    : !(seen & KEY_FORTRAN) ? "fortran_order"
                                            : "shape");
    if (fortran)
        return pvc_io_fail(err, errlen, "fortran_order True is not supported (save C-order arrays)");
    if (descr_accept(descr, out->descr, err, errlen))
        return -1;
    out->elem_size = pvc_npy_descr_size(out->descr);
    return 0;
}

/* count = product of shape, checked against overflow of count * elem_size. */
static int shape_count(const pvc_npy *a, size_t *count, char *err, size_t errlen)
{
    size_t n = 1;
    for (int i = 0; i < a->rank; i++)
        if (a->shape[i] == 0)
            n = 0;
    for (int i = 0; i < a->rank && n; i++) {
        uint64_t d = (uint64_t)a->shape[i];
        if (d > SIZE_MAX / a->elem_size / n)
            return pvc_io_fail(err, errlen, "shape too large: size overflows");
        n *= (size_t)d;
    }
    *count = n;
    return 0;
}

/* ---- reading ------------------------------------------------------------------------- */
/* Where the bytes come from: an open regular file or a file image in memory. size is the
 * whole file's, known before anything is read (fstat), so every length in the header is
 * checked against it before it is believed. */
typedef struct {
    int fd;                    /* -1: mem */
    const unsigned char *mem;
    size_t size, pos;
} source;

static int take(source *in, void *buf, size_t n, char *err, size_t errlen)
{
    if (n > in->size - in->pos) /* callers check first; a file that shrank lands here */
        return pvc_io_fail(err, errlen, "the file ended early");
    if (in->fd < 0)
        memcpy(buf, in->mem + in->pos, n);
    else if (pvc_io_read_exact(in->fd, buf, n, err, errlen))
        return -1;
    in->pos += n;
    return 0;
}

static uint32_t get_le(const unsigned char *p, int n)
{
    uint32_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* Magic, version and header length: *hlen, and the header's offset in *start. */
static int read_prefix(source *in, size_t *start, size_t *hlen, char *err, size_t errlen)
{
    unsigned char b[12];
    if (in->size < 8 || take(in, b, 8, err, errlen) || memcmp(b, npy_magic, sizeof npy_magic) != 0)
        return pvc_io_fail(err, errlen, "not a .npy file (bad magic)");
    int major = b[6], minor = b[7];
    if ((major != 1 && major != 2 && major != 3) || minor != 0)
        return pvc_io_fail(err, errlen, "unsupported .npy format version %d.%d", major, minor);
    size_t lenbytes = major == 1 ? 2 : 4;
    *start = 8 + lenbytes;
    if (in->size < *start || take(in, b + 8, lenbytes, err, errlen))
        return pvc_io_fail(err, errlen, "truncated .npy file (no header length)");
    *hlen = get_le(b + 8, (int)lenbytes);
    if (*hlen > in->size - *start)
        return pvc_io_fail(err, errlen, "truncated .npy file (header says %zu bytes, file has %zu)", *hlen,
                    in->size - *start);
    if (*hlen > PVC_NPY_HEADER_MAX)
        return pvc_io_fail(err, errlen, "a header of %zu bytes, longer than the %zu pvc reads", *hlen,
                    PVC_NPY_HEADER_MAX);
    return 0;
}

static int read_npy(source *in, pvc_npy *out, char *err, size_t errlen)
{
    size_t start = 0, hlen = 0;
    memset(out, 0, sizeof *out);
    if (read_prefix(in, &start, &hlen, err, errlen))
        return -1;
    char *h = malloc(hlen ? hlen : 1);
    if (!h)
        return pvc_io_fail(err, errlen, "out of memory (%zu bytes)", hlen);
    pvc_npy a = {0};
    int rc = take(in, h, hlen, err, errlen) || parse_header(h, hlen, &a, err, errlen) ||
             shape_count(&a, &a.count, err, errlen);
    free(h);
    if (rc)
        return -1;
    size_t have = in->size - start - hlen, need = a.count * a.elem_size;
    if (have != need)
        return pvc_io_fail(err, errlen, "data size mismatch: the shape needs %zu bytes, the file holds %zu",
                    need, have);
    if (!(a.data = malloc(need ? need : 1)))
        return pvc_io_fail(err, errlen, "out of memory (%zu bytes)", need);
    if (take(in, a.data, need, err, errlen)) {
        free(a.data);
        return -1;
    }
    *out = a;
    return 0;
}

int pvc_npy_parse(const void *bytes, size_t len, pvc_npy *out, char *err, size_t errlen)
{
    source in = {-1, bytes, len, 0};
    return read_npy(&in, out, err, errlen);
}

int pvc_npy_read(const char *path, pvc_npy *out, char *err, size_t errlen)
{
    int fd;
    uint64_t size;
    memset(out, 0, sizeof *out);
    if (pvc_io_open_regular(path, &fd, &size, err, errlen))
        return -1;
    if ((uint64_t)(size_t)size != size) { /* a 32-bit host */
        close(fd);
        return pvc_io_fail(err, errlen, "the file has %llu bytes, more than memory can hold",
                    (unsigned long long)size);
    }
    source in = {fd, NULL, (size_t)size, 0};
    int rc = read_npy(&in, out, err, errlen);
    close(fd);
    return rc;
}

void pvc_npy_free(pvc_npy *a)
{
    free(a->data);
    a->data = NULL;
    a->count = 0;
}

/* ---- writing ------------------------------------------------------------------------- */

static int check_array(const pvc_npy *a, char *err, size_t errlen)
{
    if (pvc_npy_descr_size(a->descr) == 0)
        return pvc_io_fail(err, errlen, "cannot write dtype '%s'", a->descr);
    if (a->elem_size != pvc_npy_descr_size(a->descr))
        return pvc_io_fail(err, errlen, "element size %zu does not match '%s'", a->elem_size, a->descr);
    if (a->rank < 0 || a->rank > PVC_NPY_MAX_RANK)
        return pvc_io_fail(err, errlen, "rank %d outside 0..%d", a->rank, PVC_NPY_MAX_RANK);
    for (int i = 0; i < a->rank; i++)
        if (a->shape[i] < 0)
            return pvc_io_fail(err, errlen, "negative dimension %lld", (long long)a->shape[i]);
    size_t count = 0;
    if (shape_count(a, &count, err, errlen))
        return -1;
    if (count != a->count)
        return pvc_io_fail(err, errlen, "count %zu does not match the shape (%zu)", a->count, count);
    if (count && !a->data)
        return pvc_io_fail(err, errlen, "no data");
    return 0;
}

/* The dict numpy writes, padded with spaces and '\n' so the data starts 64-byte aligned. */
static size_t build_header(const pvc_npy *a, char *h, size_t cap, int *major)
{
    int n = snprintf(h, cap, "{'descr': '%s', 'fortran_order': False, 'shape': (", a->descr);
    for (int i = 0; i < a->rank; i++)
        n += snprintf(h + n, cap - n, "%s%lld", i ? ", " : "", (long long)a->shape[i]);
    n += snprintf(h + n, cap - n, "%s), }", a->rank == 1 ? "," : "");
    *major = n + 1 + 10 > 65535 ? 2 : 1;
    size_t prefix = *major == 1 ? 10 : 12, total = prefix + (size_t)n + 1;
    size_t padded = (total + 63) / 64 * 64;
    memset(h + n, ' ', padded - total);
    h[padded - prefix - 1] = '\n';
    return padded - prefix;
}

size_t pvc_npy_encode_prefix(const pvc_npy *a, unsigned char *buf, char *err, size_t errlen)
{
    if (check_array(a, err, errlen))
        return 0;
    char h[PVC_NPY_PREFIX_MAX];
    int major;
    size_t hlen = build_header(a, h, sizeof h - 12, &major), npre = major == 1 ? 10 : 12;
    memcpy(buf, npy_magic, 6);
    buf[6] = (unsigned char)major;
    buf[7] = 0;
    for (size_t i = 0; i < npre - 8; i++)
        buf[8 + i] = (unsigned char)(hlen >> (8 * i));
    memcpy(buf + npre, h, hlen);
    return npre + hlen;
}

/* Written through a sink (base/ioutil.h): the file is replaced whole or left as it was. */
int pvc_npy_write(const char *path, const pvc_npy *a, char *err, size_t errlen)
{
    unsigned char pre[PVC_NPY_PREFIX_MAX];
    size_t npre = pvc_npy_encode_prefix(a, pre, err, errlen), nbytes = a->count * a->elem_size;
    pvc_sink s;
    if (!npre || pvc_sink_open(&s, path, err, errlen))
        return -1;
    fwrite(pre, 1, npre, s.f); /* a failed write stays in the stream: commit reports it */
    if (nbytes)
        fwrite(a->data, 1, nbytes, s.f);
    return pvc_sink_commit(&s, err, errlen);
}

int pvc_npy_alloc(pvc_npy *out, const char *descr, int rank, const int64_t *shape, char *err,
                  size_t errlen)
{
    pvc_npy a = {0};
    memset(out, 0, sizeof *out);
    if (snprintf(a.descr, sizeof a.descr, "%s", descr) >= (int)sizeof a.descr ||
        (a.elem_size = pvc_npy_descr_size(a.descr)) == 0)
        return pvc_io_fail(err, errlen, "unsupported dtype '%s'", descr);
    if (rank < 0 || rank > PVC_NPY_MAX_RANK)
        return pvc_io_fail(err, errlen, "rank %d outside 0..%d", rank, PVC_NPY_MAX_RANK);
    a.rank = rank;
    for (int i = 0; i < rank; i++) {
        if (shape[i] < 0)
            return pvc_io_fail(err, errlen, "negative dimension %lld", (long long)shape[i]);
        a.shape[i] = shape[i];
    }
    if (shape_count(&a, &a.count, err, errlen))
        return -1;
    a.data = calloc(a.count ? a.count : 1, a.elem_size);
    if (!a.data)
        return pvc_io_fail(err, errlen, "out of memory");
    *out = a;
    return 0;
}

int pvc_npy_alloc_for(pvc_npy *out, pvc_dtype t, int rank, const int64_t *shape, char *err,
                      size_t errlen)
{
    memset(out, 0, sizeof *out);
    const char *descr = pvc_npy_descr_of(t);
    if (!descr)
        return pvc_io_fail(err, errlen, "unknown kernel dtype %d", (int)t);
    if (rank < 0 || rank > PVC_NPY_MAX_RANK)
        return pvc_io_fail(err, errlen, "rank %d outside 0..%d", rank, PVC_NPY_MAX_RANK);
    int64_t stored[PVC_NPY_MAX_RANK];
    for (int i = 0; i < rank; i++)
        stored[i] = shape[i];
    if (pvc_npy_packs_nibbles(t)) {
        /* two codes per byte (docs/SEMANTICS.md §5.5) */
        if (rank == 0 || stored[rank - 1] % 2)
            return pvc_io_fail(err, errlen, "%s tensors need an even last dimension (two per byte)",
                        pvc_dtype_table[t].pyname);
        stored[rank - 1] /= 2;
    }
    return pvc_npy_alloc(out, descr, rank, stored, err, errlen);
}
