/* npy.h - NumPy .npy tensor files (docs/CLI.md "pvc run").
 *
 * Reads format 1.0, 2.0 and 3.0 (3.0 only differs by a UTF-8 header, which we treat as ASCII),
 * writes 1.0 (2.0 only if the header would not fit 1.0's 16-bit length). Little-endian, C order,
 * the fixed dtype set of PVC_NPY_DESCRS below, rank 0..PVC_NPY_MAX_RANK. Every malformed file gives
 * an error text naming the problem (not the path: the caller names the file); nothing here
 * aborts. A file is read only when it is a regular file, header first: the data is read only
 * when the file's size is exactly what the header's shape needs (base/ioutil.h), so a hostile
 * or mistaken file costs no more than its header. Files are written whole or not at all.
 *
 * pvc kernels declare pvc_dtypes; on disk each maps to one descr (pvc_npy_descr_of):
 * FP8/HF8 are |u1 raw codes, FP4/INT4 are |u1 bytes holding two codes each (lower index in the
 * low nibble, docs/SEMANTICS.md §5.5), BF16 is <u2 bits, the rest are themselves.
 */
#ifndef PVC_NPY_H
#define PVC_NPY_H

#include <stddef.h>
#include <stdint.h>

#include "pvc_rt.h"

#define PVC_NPY_MAX_RANK 8

/* Accepted on-disk dtypes. X(descr, element bytes, kind, numpy's name, the pvc dtype whose
 * elements these are or -1): kind f float, i signed, u unsigned, b bool. */
#define PVC_NPY_DESCRS(X)                                                          \
    X("<f2", 2, 'f', "float16", PVC_DT_FP16)   /* IEEE binary16            */    \
    X("<f4", 4, 'f', "float32", PVC_DT_FP32)   /* IEEE binary32            */    \
    X("<f8", 8, 'f', "float64", -1)            /* IEEE binary64            */    \
    X("|i1", 1, 'i', "int8", PVC_DT_INT8)      /* int8                     */    \
    X("|u1", 1, 'u', "uint8", PVC_DT_UINT8)    /* uint8, raw 8/4-bit codes */    \
    X("|b1", 1, 'b', "bool", PVC_DT_BOOL)      /* bool, one byte 0 / 1     */    \
    X("<i2", 2, 'i', "int16", PVC_DT_INT16)    /* int16                    */    \
    X("<u2", 2, 'u', "uint16", PVC_DT_UINT16)  /* uint16, BF16 bits        */    \
    X("<i4", 4, 'i', "int32", PVC_DT_INT32)    /* int32                    */    \
    X("<u4", 4, 'u', "uint32", PVC_DT_UINT32)  /* uint32                   */    \
    X("<i8", 8, 'i', "int64", PVC_DT_INT64)    /* int64                    */    \
    X("<u8", 8, 'u', "uint64", PVC_DT_UINT64)  /* uint64                   */    \
    X("|b1", 1, 'b', "bool", -1)               /* bool, one byte 0/1       */

/* The longest header pvc reads. numpy writes under 200 bytes for the ranks pvc reads and
 * refuses headers above 10000 bytes by default itself; this leaves room for padding. */
#define PVC_NPY_HEADER_MAX ((size_t)1 << 20)

typedef struct {
    char descr[8];                     /* one of PVC_NPY_DESCRS, e.g. "<f4" */
    int rank;                          /* 0..PVC_NPY_MAX_RANK */
    int64_t shape[PVC_NPY_MAX_RANK];   /* dims, C order */
    size_t elem_size;                  /* bytes per element */
    size_t count;                      /* product of shape (1 for rank 0) */
    void *data;                        /* count * elem_size bytes, owned; non-NULL on success */
} pvc_npy;

/* Each returns 0 on success, -1 on error with a message in err (may be NULL). On error *out is
 * left empty (data NULL), so pvc_npy_free is always safe. */
int pvc_npy_read(const char *path, pvc_npy *out, char *err, size_t errlen);
/* The same rules over a file image in memory (the unit tests and the fuzzer). */
int pvc_npy_parse(const void *bytes, size_t len, pvc_npy *out, char *err, size_t errlen);
int pvc_npy_write(const char *path, const pvc_npy *a, char *err, size_t errlen);
/* The bytes pvc_npy_write puts before a's data (magic, version, length, padded header) into
 * buf (PVC_NPY_PREFIX_MAX bytes); returns their number, 0 (and err) for an invalid array. */
#define PVC_NPY_PREFIX_MAX 512
size_t pvc_npy_encode_prefix(const pvc_npy *a, unsigned char *buf, char *err, size_t errlen);
/* A zero-filled array of the given descr and shape. */
int pvc_npy_alloc(pvc_npy *out, const char *descr, int rank, const int64_t *shape,
                  char *err, size_t errlen);
/* A zero-filled tensor of kernel dtype t with the given logical shape (`--shape P=R,C`):
 * for FP4/INT4 the stored last dimension is half the logical one, which must be even. */
int pvc_npy_alloc_for(pvc_npy *out, pvc_dtype t, int rank, const int64_t *shape,
                      char *err, size_t errlen);
void pvc_npy_free(pvc_npy *a);

/* Bytes per element of descr, 0 if descr is not in PVC_NPY_DESCRS. */
size_t pvc_npy_descr_size(const char *descr);
/* numpy's name of descr ("int32"), descr itself when it is not in PVC_NPY_DESCRS. */
const char *pvc_npy_descr_name(const char *descr);

/* The descr a tensor of kernel dtype t is stored as. */
const char *pvc_npy_descr_of(pvc_dtype t);
/* 1 for FP4/INT4 (two codes per stored byte), else 0. */
int pvc_npy_packs_nibbles(pvc_dtype t);
/* 0 if a's descr is the one t is stored as, or the descr of a stand-in of t by the library's
 * rule (libpvc.h pvc_dtype_stands_in: int32 data for a UINT32 tensor); then *standin (may be
 * NULL) says how a stand-in's elements are read, NULL for t's own descr. Else -1 with a
 * message naming what the file holds and what t accepts. */
int pvc_npy_check_dtype(const pvc_npy *a, pvc_dtype t, const char **standin, char *err,
                        size_t errlen);

#endif /* PVC_NPY_H */
