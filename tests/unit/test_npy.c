/* test_npy.c - the .npy reader and writer (compiler/run/npy.c).
 *
 * The byte images below are written by hand from the format description (numpy.lib.format):
 * 6-byte magic, major, minor, little-endian header length (2 bytes in 1.0, 4 in 2.0), an ASCII
 * Python dict, then the C-order little-endian data. Nothing here is copied from program output.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/npy.h"
#include "unit.h"

/* ---- hand-made images ---------------------------------------------------------------- */

/* v1.0, int16 [2, 3] = [[1, -2, 3], [256, -32768, 32767]]; header 60 bytes (0x3C). */
static const unsigned char v1_i2[] =
    "\x93NUMPY" "\x01\x00" "\x3C\x00"
    "{'descr': '<i2', 'fortran_order': False, 'shape': (2, 3), }\n"
    "\x01\x00" "\xFE\xFF" "\x03\x00" "\x00\x01" "\x00\x80" "\xFF\x7F";

/* v2.0, float32 [3] = [1.0, -2.5, 0.15625]; header 62 bytes (0x3E), 4-byte length field.
 * 1.0 = 0x3F800000, -2.5 = 0xC0200000, 0.15625 = 1.25 * 2^-3 = 0x3E200000. */
static const unsigned char v2_f4[] =
    "\x93NUMPY" "\x02\x00" "\x3E\x00\x00\x00"
    "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }    \n"
    "\x00\x00\x80\x3F" "\x00\x00\x20\xC0" "\x00\x00\x20\x3E";

/* v1.0, rank 0 uint8 scalar 0xAB; header 56 bytes (0x38). */
static const unsigned char v1_scalar[] =
    "\x93NUMPY" "\x01\x00" "\x38\x00"
    "{'descr': '|u1', 'fortran_order': False, 'shape': (), }\n"
    "\xAB";

/* v1.0, other key order, double quotes, no trailing comma, '<u1' spelling; 56 bytes (0x38). */
static const unsigned char v1_reordered[] =
    "\x93NUMPY" "\x01\x00" "\x38\x00"
    "{\"shape\": (2,), \"descr\": \"<u1\", \"fortran_order\": False}\n"
    "\x07\xF0";

#define IMAGE(a) (a), (sizeof(a) - 1) /* drop the string literal's NUL */

static void test_v1_image(void)
{
    pvc_npy a;
    char err[256] = "";
    int rc = pvc_npy_parse(IMAGE(v1_i2), &a, err, sizeof err);
    UNIT_CHECK(rc == 0, "v1 image: %s", err);
    if (rc)
        return;
    UNIT_CHECK(strcmp(a.descr, "<i2") == 0 && a.elem_size == 2, "descr %s", a.descr);
    UNIT_CHECK(a.rank == 2 && a.shape[0] == 2 && a.shape[1] == 3 && a.count == 6, "shape");
    int16_t want[6] = {1, -2, 3, 256, -32768, 32767}, got[6];
    memcpy(got, a.data, sizeof got);
    UNIT_CHECK(memcmp(got, want, sizeof want) == 0, "v1 data %d %d %d %d %d %d", got[0], got[1],
               got[2], got[3], got[4], got[5]);
    pvc_npy_free(&a);
}

static void test_v2_image(void)
{
    pvc_npy a;
    char err[256] = "";
    int rc = pvc_npy_parse(IMAGE(v2_f4), &a, err, sizeof err);
    UNIT_CHECK(rc == 0, "v2 image: %s", err);
    if (rc)
        return;
    UNIT_CHECK(strcmp(a.descr, "<f4") == 0 && a.rank == 1 && a.shape[0] == 3 && a.count == 3,
               "v2 header");
    float got[3];
    memcpy(got, a.data, sizeof got);
    UNIT_CHECK(got[0] == 1.0f && got[1] == -2.5f && got[2] == 0.15625f, "v2 data %g %g %g",
               got[0], got[1], got[2]);
    pvc_npy_free(&a);
}

static void test_scalar_and_reordered(void)
{
    pvc_npy a;
    char err[256] = "";
    int rc = pvc_npy_parse(IMAGE(v1_scalar), &a, err, sizeof err);
    UNIT_CHECK(rc == 0 && a.rank == 0 && a.count == 1 && ((unsigned char *)a.data)[0] == 0xAB,
               "rank-0 image: %s", err);
    pvc_npy_free(&a);
    rc = pvc_npy_parse(IMAGE(v1_reordered), &a, err, sizeof err);
    UNIT_CHECK(rc == 0, "reordered image: %s", err);
    if (rc == 0) {
        const unsigned char *d = a.data;
        UNIT_CHECK(strcmp(a.descr, "|u1") == 0 && a.rank == 1 && a.shape[0] == 2 && d[0] == 7 &&
                       d[1] == 0xF0,
                   "reordered: descr %s", a.descr);
    }
    pvc_npy_free(&a);
}

/* ---- malformed input: every case fails with a message naming the problem -------------- */

/* A v1.0 image of `header` + `ndata` bytes of data, the length field computed. */
static size_t build_image(unsigned char *buf, size_t cap, const char *header, size_t ndata)
{
    size_t h = strlen(header);
    if (10 + h + ndata > cap)
        return 0;
    memcpy(buf, "\x93NUMPY\x01\x00", 8);
    buf[8] = (unsigned char)(h & 0xFF);
    buf[9] = (unsigned char)(h >> 8);
    memcpy(buf + 10, header, h);
    memset(buf + 10 + h, 0x5A, ndata);
    return 10 + h + ndata;
}

static void expect_error(const void *bytes, size_t len, const char *needle, const char *what)
{
    pvc_npy a;
    char err[256] = "";
    int rc = pvc_npy_parse(bytes, len, &a, err, sizeof err);
    UNIT_CHECK(rc == -1 && a.data == NULL, "%s: accepted", what);
    UNIT_CHECK(strstr(err, needle) != NULL, "%s: error '%s' lacks '%s'", what, err, needle);
    if (rc == 0)
        pvc_npy_free(&a);
}

static void expect_header_error(const char *header, size_t ndata, const char *needle)
{
    unsigned char buf[1024];
    size_t n = build_image(buf, sizeof buf, header, ndata);
    expect_error(buf, n, needle, header);
}

static void test_truncated(void)
{
    /* Every proper prefix of a valid file is an error (and must not crash). */
    size_t n = sizeof v1_i2 - 1, rejected = 0;
    for (size_t len = 0; len < n; len++) {
        pvc_npy a;
        char err[256];
        if (pvc_npy_parse(v1_i2, len, &a, err, sizeof err) == -1 && a.data == NULL)
            rejected++;
        else
            pvc_npy_free(&a);
    }
    UNIT_CHECK(rejected == n, "%zu of %zu prefixes rejected", rejected, n);
    expect_error(v1_i2, 9, "truncated", "no header length");
    expect_error(v1_i2, 40, "truncated", "cut header");
    expect_error(v1_i2, n - 1, "data size mismatch", "cut data");
    expect_error(v2_f4, 11, "truncated", "cut v2 length");
}

static void test_bad_magic_and_version(void)
{
    unsigned char buf[sizeof v1_i2];
    memcpy(buf, v1_i2, sizeof buf);
    buf[1] = 'n';
    expect_error(buf, sizeof buf - 1, "bad magic", "magic");
    expect_error("PK\x03\x04", 4, "bad magic", "zip file");
    memcpy(buf, v1_i2, sizeof buf);
    buf[6] = 4;
    expect_error(buf, sizeof buf - 1, "version 4.0", "version 4");
    buf[6] = 1;
    buf[7] = 1;
    expect_error(buf, sizeof buf - 1, "version 1.1", "minor 1");
    memcpy(buf, v1_i2, sizeof buf);
    buf[8] = 0xFF; /* header length 0x00FF beyond the file */
    expect_error(buf, sizeof buf - 1, "truncated", "header length");
}

static void test_bad_dict(void)
{
    expect_header_error("'descr': '<f4', 'fortran_order': False, 'shape': (1,)}", 4, "not a dict");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), ", 4, "expected");
    expect_header_error("{descr: '<f4', 'fortran_order': False, 'shape': (1,)}", 4, "quoted");
    expect_header_error("{'descr' '<f4', 'fortran_order': False, 'shape': (1,)}", 4, "':'");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", 4,
                        "unknown key 'x'");
    expect_header_error("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1,)}", 4,
                        "given twice");
    expect_header_error("{'descr': '<f4', 'shape': (1,)}", 4, "missing key 'fortran_order'");
    expect_header_error("{'descr': '<f4', 'fortran_order': False}", 4, "missing key 'shape'");
    expect_header_error("{'fortran_order': False, 'shape': (1,)}", 4, "missing key 'descr'");
    expect_header_error("{'descr': '<f4', 'fortran_order': 0, 'shape': (1,)}", 4, "True or False");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': [1]}", 4, "tuple");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': (1)}", 4, "(n,)");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': (2 2)}", 16, "','");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': (x,)}", 4, "integer");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}", 4, "negative");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': (1,)} junk", 4,
                        "after the dict");
    expect_header_error("{'descr': '<f4, 'fortran_order': False, 'shape': (1,)}", 4, "expected ','");
    expect_header_error("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,)}", 4,
                        "structured");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, "
                        "'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1)}",
                        4, "rank above 8");
    expect_header_error("", 0, "not a dict");
}

static void test_bad_dtype_and_order(void)
{
    expect_header_error("{'descr': '>f4', 'fortran_order': False, 'shape': (1,)}", 4, "big-endian");
    expect_header_error("{'descr': '>i8', 'fortran_order': False, 'shape': (1,)}", 8, "big-endian");
    expect_header_error("{'descr': '=f4', 'fortran_order': False, 'shape': (1,)}", 4, "byte order");
    expect_header_error("{'descr': '<c8', 'fortran_order': False, 'shape': (1,)}", 8, "unsupported");
    expect_header_error("{'descr': '|O', 'fortran_order': False, 'shape': (1,)}", 8, "unsupported");
    expect_header_error("{'descr': '<U3', 'fortran_order': False, 'shape': (1,)}", 12, "unsupported");
    expect_header_error("{'descr': '|f4', 'fortran_order': False, 'shape': (1,)}", 4, "unsupported");
    expect_header_error("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2)}", 16,
                        "fortran_order");
}

static void test_size_mismatch_and_overflow(void)
{
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}", 23,
                        "the shape needs 24 bytes, the file holds 23");
    expect_header_error("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}", 25,
                        "the shape needs 24 bytes, the file holds 25");
    expect_header_error("{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904,)}",
                        8, "overflow");
    expect_header_error("{'descr': '|u1', 'fortran_order': False, "
                        "'shape': (4294967296, 4294967296, 16)}",
                        8, "overflow");
    expect_header_error("{'descr': '|u1', 'fortran_order': False, "
                        "'shape': (99999999999999999999,)}",
                        8, "too large");
    /* A zero dimension makes the array empty whatever the others are. */
    unsigned char buf[256];
    size_t n = build_image(buf, sizeof buf,
                           "{'descr': '<f8', 'fortran_order': False, "
                           "'shape': (0, 9223372036854775807)}",
                           0);
    pvc_npy a;
    char err[256] = "";
    UNIT_CHECK(pvc_npy_parse(buf, n, &a, err, sizeof err) == 0 && a.count == 0, "empty: %s", err);
    pvc_npy_free(&a);
}

/* ---- files ------------------------------------------------------------------------------ */

static char tmpdir[64];

static void tmp_path(char *buf, size_t cap, const char *name)
{
    snprintf(buf, cap, "%s/%s", tmpdir, name);
}

/* The writer's exact bytes for int16 [2, 3]: the dict numpy writes, spaces up to a 64-byte
 * boundary of magic+length+header (10 + 118 = 128), '\n' last, then the data. */
static void test_write_layout(void)
{
    pvc_npy a;
    char err[256] = "", path[128];
    int64_t shape[2] = {2, 3};
    UNIT_CHECK(pvc_npy_alloc(&a, "<i2", 2, shape, err, sizeof err) == 0, "alloc: %s", err);
    memcpy(a.data, v1_i2 + 70, 12);
    tmp_path(path, sizeof path, "layout.npy");
    UNIT_CHECK(pvc_npy_write(path, &a, err, sizeof err) == 0, "write: %s", err);
    pvc_npy_free(&a);

    unsigned char file[256];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(file, 1, sizeof file, f) : 0;
    if (f)
        fclose(f);
    const char *dict = "{'descr': '<i2', 'fortran_order': False, 'shape': (2, 3), }";
    UNIT_CHECK(n == 128 + 12, "file size %zu", n);
    if (n != 128 + 12)
        return;
    UNIT_CHECK_BYTES(file, "\x93NUMPY\x01\x00\x76\x00", 10, "prefix");
    UNIT_CHECK(memcmp(file + 10, dict, strlen(dict)) == 0, "dict text");
    size_t spaces = 0;
    for (size_t i = 10 + strlen(dict); i < 127; i++)
        spaces += file[i] == ' ';
    UNIT_CHECK(spaces == 127 - 10 - strlen(dict) && file[127] == '\n', "padding");
    UNIT_CHECK_BYTES(file + 128, v1_i2 + 70, 12, "data");
    remove(path);
}

/* Every dtype at ranks 0..8 survives write + read unchanged. */
static void test_round_trip(void)
{
    static const char *descrs[] = {
#define X(d, size, kind, name, dtype) d,
        PVC_NPY_DESCRS(X)
#undef X
    };
    unsigned seed = 12345;
    int ok = 0, total = 0;
    for (size_t k = 0; k < sizeof descrs / sizeof *descrs; k++) {
        for (int rank = 0; rank <= PVC_NPY_MAX_RANK; rank++) {
            int64_t shape[PVC_NPY_MAX_RANK];
            for (int d = 0; d < rank; d++)
                shape[d] = 1 + (d + (int)k) % 3;
            pvc_npy a, b;
            char err[256] = "", path[128];
            tmp_path(path, sizeof path, "rt.npy");
            total++;
            if (pvc_npy_alloc(&a, descrs[k], rank, shape, err, sizeof err)) {
                UNIT_CHECK(0, "alloc %s rank %d: %s", descrs[k], rank, err);
                continue;
            }
            unsigned char *p = a.data;
            for (size_t i = 0; i < a.count * a.elem_size; i++)
                p[i] = (unsigned char)((seed = seed * 1103515245u + 12345u) >> 16);
            int rc = pvc_npy_write(path, &a, err, sizeof err);
            rc = rc ? rc : pvc_npy_read(path, &b, err, sizeof err);
            if (rc == 0) {
                int same = strcmp(a.descr, b.descr) == 0 && a.rank == b.rank &&
                           a.count == b.count &&
                           memcmp(a.shape, b.shape, sizeof(int64_t) * (size_t)rank) == 0 &&
                           memcmp(a.data, b.data, a.count * a.elem_size) == 0;
                ok += same;
                if (!same)
                    printf("round trip %s rank %d differs\n", descrs[k], rank);
                pvc_npy_free(&b);
            } else {
                printf("round trip %s rank %d: %s\n", descrs[k], rank, err);
            }
            pvc_npy_free(&a);
        }
    }
    UNIT_CHECK(ok == total, "%d of %d round trips exact", ok, total);
}

static void test_file_errors(void)
{
    pvc_npy a;
    char err[256] = "", path[128];
    /* The reasons name no path: the caller names the file (and the option) once. */
    tmp_path(path, sizeof path, "missing.npy");
    UNIT_CHECK(pvc_npy_read(path, &a, err, sizeof err) == -1 &&
                   strcmp(err, "No such file or directory") == 0,
               "missing file: %s", err);
    UNIT_CHECK(pvc_npy_read(tmpdir, &a, err, sizeof err) == -1 && a.data == NULL &&
                   strcmp(err, "Is a directory") == 0,
               "directory: %s", err);
    /* Not regular files: refused before a byte is read (a FIFO would block, /dev/zero never
     * ends). */
    tmp_path(path, sizeof path, "fifo.npy");
    if (mkfifo(path, 0600) == 0) {
        UNIT_CHECK(pvc_npy_read(path, &a, err, sizeof err) == -1 &&
                       strcmp(err, "not a regular file (a FIFO)") == 0,
                   "fifo: %s", err);
        remove(path);
    }
    UNIT_CHECK(pvc_npy_read("/dev/zero", &a, err, sizeof err) == -1 &&
                   strcmp(err, "not a regular file (a character device)") == 0,
               "/dev/zero: %s", err);

    /* A truncated file on disk. */
    tmp_path(path, sizeof path, "cut.npy");
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(v1_i2, 1, sizeof v1_i2 - 3, f);
        fclose(f);
    }
    UNIT_CHECK(pvc_npy_read(path, &a, err, sizeof err) == -1 &&
                   strcmp(err, "data size mismatch: the shape needs 12 bytes, the file holds 10") == 0,
               "cut file: %s", err);
    /* A file whose header claims more than the file holds: refused from its size. */
    f = fopen(path, "wb");
    if (f) {
        fwrite(v1_i2, 1, 9, f);
        fclose(f);
    }
    UNIT_CHECK(pvc_npy_read(path, &a, err, sizeof err) == -1 && strstr(err, "no header length"),
               "cut length: %s", err);
    remove(path);

    int64_t shape[1] = {4};
    UNIT_CHECK(pvc_npy_alloc(&a, "<f4", 1, shape, err, sizeof err) == 0, "alloc");
    tmp_path(path, sizeof path, "no/such/dir.npy");
    UNIT_CHECK(pvc_npy_write(path, &a, err, sizeof err) == -1 && strstr(err, "cannot create"),
               "write to missing dir: %s", err);
    a.count = 5; /* inconsistent with the shape */
    tmp_path(path, sizeof path, "bad.npy");
    UNIT_CHECK(pvc_npy_write(path, &a, err, sizeof err) == -1 && strstr(err, "count"),
               "inconsistent array: %s", err);
    UNIT_CHECK(access(path, F_OK) != 0, "an invalid array creates no file");
    a.count = 4;
    pvc_npy_free(&a);
    UNIT_CHECK(pvc_npy_alloc(&a, ">f4", 1, shape, err, sizeof err) == -1, "alloc big-endian");
    UNIT_CHECK(pvc_npy_alloc(&a, "<f4", 9, shape, err, sizeof err) == -1, "alloc rank 9");
}

/* pvc_npy_encode_prefix gives exactly the bytes before the data of a written file. */
static void test_encode_prefix(void)
{
    pvc_npy a;
    char err[256] = "", path[128];
    int64_t shape[2] = {2, 3};
    unsigned char pre[PVC_NPY_PREFIX_MAX], file[256];
    UNIT_CHECK(pvc_npy_alloc(&a, "<i2", 2, shape, err, sizeof err) == 0, "alloc: %s", err);
    size_t n = pvc_npy_encode_prefix(&a, pre, err, sizeof err);
    tmp_path(path, sizeof path, "prefix.npy");
    UNIT_CHECK(n == 128 && pvc_npy_write(path, &a, err, sizeof err) == 0, "prefix %zu: %s", n, err);
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(file, 1, sizeof file, f) : 0;
    if (f)
        fclose(f);
    UNIT_CHECK(got == 128 + 12 && n == 128, "file of %zu bytes", got);
    if (got == 128 + 12 && n == 128)
        UNIT_CHECK_BYTES(file, pre, 128, "prefix = the file's first bytes");
    a.rank = 9;
    UNIT_CHECK(pvc_npy_encode_prefix(&a, pre, err, sizeof err) == 0 && strstr(err, "rank 9"),
               "invalid array: %s", err);
    a.rank = 2;
    pvc_npy_free(&a);
    remove(path);
}

/* ---- kernel dtypes ------------------------------------------------------------------- */

static void test_dtype_mapping(void)
{
    static const struct {
        pvc_dtype t;
        const char *descr;
        int nibbles;
    } rows[] = {
        /* docs/CLI.md "pvc run": FP8/HF8/FP4 are uint8 codes, BF16 is uint16 bits. */
        {PVC_DT_FP32, "<f4", 0},      {PVC_DT_FP16, "<f2", 0},      {PVC_DT_BF16, "<u2", 0},
        {PVC_DT_FP8E4M3FN, "|u1", 0}, {PVC_DT_FP8E5M2, "|u1", 0},   {PVC_DT_FP8E8M0, "|u1", 0},
        {PVC_DT_HF8, "|u1", 0},       {PVC_DT_FP4E2M1, "|u1", 1},   {PVC_DT_FP4E1M2, "|u1", 1},
        {PVC_DT_INT4, "|u1", 1},      {PVC_DT_INT8, "|i1", 0},      {PVC_DT_UINT8, "|u1", 0},
        {PVC_DT_INT16, "<i2", 0},     {PVC_DT_UINT16, "<u2", 0},    {PVC_DT_INT32, "<i4", 0},
        {PVC_DT_UINT32, "<u4", 0},    {PVC_DT_INT64, "<i8", 0},     {PVC_DT_UINT64, "<u8", 0},
        {PVC_DT_BOOL, "|b1", 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const char *d = pvc_npy_descr_of(rows[i].t);
        UNIT_CHECK(d && strcmp(d, rows[i].descr) == 0, "%s -> %s", pvc_dtype_table[rows[i].t].name,
                   d ? d : "(null)");
        UNIT_CHECK(pvc_npy_packs_nibbles(rows[i].t) == rows[i].nibbles, "%s nibbles",
                   pvc_dtype_table[rows[i].t].name);
    }
    UNIT_CHECK(sizeof rows / sizeof *rows == PVC_DT_COUNT, "every dtype listed");
    UNIT_CHECK(pvc_npy_descr_of(PVC_DT_COUNT) == NULL, "out of range");

    pvc_npy a;
    char err[256] = "";
    const char *why = "unset";
    int64_t shape[1] = {2};
    pvc_npy_alloc(&a, "<f8", 1, shape, err, sizeof err);
    UNIT_CHECK(pvc_npy_check_dtype(&a, PVC_DT_FP32, &why, err, sizeof err) == -1 &&
                   strcmp(err, "the file holds float64 ('<f8'), and FP32 tensors are float32 "
                               "('<f4')") == 0,
               "check_dtype: %s", err);
    pvc_npy_free(&a);
    pvc_npy_alloc(&a, "<u2", 1, shape, err, sizeof err);
    UNIT_CHECK(pvc_npy_check_dtype(&a, PVC_DT_BF16, &why, err, sizeof err) == 0 && why == NULL,
               "u2 holds BF16, as its own storage");
    pvc_npy_free(&a);

    /* Stand-ins, the library's rule (libpvc.h): the signed type of an unsigned dtype's width
     * (torch has no uint32), int16 bits for BF16, int8 bytes for INT4; each with how it is
     * read. Not the other way round, and not another width. */
    static const struct {
        const char *descr;
        pvc_dtype t;
        int ok;
    } standin[] = {
        {"<i4", PVC_DT_UINT32, 1}, {"<i2", PVC_DT_UINT16, 1}, {"<i8", PVC_DT_UINT64, 1},
        {"<i2", PVC_DT_BF16, 1},   {"|i1", PVC_DT_INT4, 1},   {"<u4", PVC_DT_INT32, 0},
        {"<i2", PVC_DT_UINT32, 0}, {"|i1", PVC_DT_UINT8, 0},  {"<i4", PVC_DT_FP32, 0},
    };
    for (size_t i = 0; i < sizeof standin / sizeof *standin; i++) {
        pvc_npy_alloc(&a, standin[i].descr, 1, shape, err, sizeof err);
        why = NULL;
        int rc = pvc_npy_check_dtype(&a, standin[i].t, &why, err, sizeof err);
        UNIT_CHECK(standin[i].ok ? rc == 0 && why != NULL : rc == -1, "%s for %s: rc %d",
                   standin[i].descr, pvc_dtype_table[standin[i].t].name, rc);
        pvc_npy_free(&a);
    }
    pvc_npy_alloc(&a, "<i4", 1, shape, err, sizeof err);
    pvc_npy_check_dtype(&a, PVC_DT_UINT32, &why, err, sizeof err);
    UNIT_CHECK(why && strcmp(why, "the same bits (torch has no uint32 before 2.3)") == 0,
               "int32 for UINT32 reads as '%s'", why ? why : "(null)");
    pvc_npy_free(&a);
    pvc_npy_alloc(&a, "<i2", 1, shape, err, sizeof err);
    UNIT_CHECK(pvc_npy_check_dtype(&a, PVC_DT_UINT32, NULL, err, sizeof err) == -1 &&
                   strcmp(err, "the file holds int16 ('<i2'), and UINT32 tensors are uint32 "
                               "('<u4') or int32 ('<i4')") == 0,
               "int16 for UINT32: %s", err);
    pvc_npy_free(&a);
    UNIT_CHECK(strcmp(pvc_npy_descr_name("|u1"), "uint8") == 0 &&
                   strcmp(pvc_npy_descr_name("<c8"), "<c8") == 0,
               "descr names");

    /* Logical shapes: an FP4 [2, 6] tensor is a [2, 3] byte array; odd widths do not pack. */
    int64_t logical[2] = {2, 6};
    UNIT_CHECK(pvc_npy_alloc_for(&a, PVC_DT_FP4E2M1, 2, logical, err, sizeof err) == 0 &&
                   strcmp(a.descr, "|u1") == 0 && a.shape[0] == 2 && a.shape[1] == 3 &&
                   a.count == 6,
               "fp4 alloc: %s", err);
    pvc_npy_free(&a);
    UNIT_CHECK(pvc_npy_alloc_for(&a, PVC_DT_BF16, 2, logical, err, sizeof err) == 0 &&
                   strcmp(a.descr, "<u2") == 0 && a.shape[1] == 6 && a.count == 12 &&
                   ((uint16_t *)a.data)[11] == 0,
               "bf16 alloc: %s", err);
    pvc_npy_free(&a);
    logical[1] = 5;
    UNIT_CHECK(pvc_npy_alloc_for(&a, PVC_DT_FP4E1M2, 2, logical, err, sizeof err) == -1 &&
                   strstr(err, "even last dimension") && a.data == NULL,
               "odd fp4: %s", err);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/pvc_test_npy_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_v1_image();
    test_v2_image();
    test_scalar_and_reordered();
    test_truncated();
    test_bad_magic_and_version();
    test_bad_dict();
    test_bad_dtype_and_order();
    test_size_mismatch_and_overflow();
    test_write_layout();
    test_round_trip();
    test_file_errors();
    test_encode_prefix();
    test_dtype_mapping();
    rmdir(tmpdir);
    return UNIT_DONE();
}
