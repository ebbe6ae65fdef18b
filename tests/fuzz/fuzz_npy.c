/* fuzz_npy.c - libFuzzer harness over the .npy reader (run/npy.c): any bytes as a .npy file,
 * read twice, from memory (pvc_npy_parse) and as a file (pvc_npy_read on a memfd, the path
 * `pvc run --input` takes: open, the regular-file check, header first, then the data). Both
 * must agree, on the array or on the error text. An accepted array must be consistent
 * (count = product of the shape, data present) and must survive a write and a read back
 * unchanged (pvc_npy_encode_prefix is what pvc_npy_write puts before the data); its dtype is
 * checked against every kernel dtype, which builds the refusal messages. A crash, a
 * sanitizer report, a leak or a disagreement (abort) is a bug. Seeds: the .npy files of
 * samples/data/ and tests/fuzz/corpus_npy/. */
#define _GNU_SOURCE /* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "run/npy.h"

static void require(int cond, const char *what)
{
    if (!cond) {
        fprintf(stderr, "fuzz_npy: %s\n", what);
        abort();
    }
}

static int same_array(const pvc_npy *a, const pvc_npy *b)
{
    return strcmp(a->descr, b->descr) == 0 && a->rank == b->rank && a->count == b->count &&
           a->elem_size == b->elem_size &&
           memcmp(a->shape, b->shape, (size_t)a->rank * sizeof *a->shape) == 0 &&
           memcmp(a->data, b->data, a->count * a->elem_size) == 0;
}

/* The same bytes as a file: a memfd is a regular file, named by /proc/self/fd/N. */
static int read_as_file(const uint8_t *data, size_t size, pvc_npy *out, char *err, size_t errlen)
{
    int fd = memfd_create("fuzz.npy", MFD_CLOEXEC);
    require(fd >= 0, "memfd_create failed");
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(fd, data + done, size - done);
        require(w > 0, "write to the memfd failed");
        done += (size_t)w;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    int rc = pvc_npy_read(path, out, err, errlen);
    close(fd);
    return rc;
}

static void check_accepted(const pvc_npy *a)
{
    size_t count = 1;
    for (int i = 0; i < a->rank; i++)
        count *= (size_t)a->shape[i];
    require(a->rank >= 0 && a->rank <= PVC_NPY_MAX_RANK && count == a->count && a->data != NULL &&
                a->elem_size == pvc_npy_descr_size(a->descr),
            "an accepted array is inconsistent");
    /* written and read back: the same array */
    unsigned char pre[PVC_NPY_PREFIX_MAX];
    char err[256];
    size_t npre = pvc_npy_encode_prefix(a, pre, err, sizeof err), nbytes = a->count * a->elem_size;
    require(npre > 0, "an accepted array cannot be encoded");
    unsigned char *image = malloc(npre + nbytes);
    require(image != NULL, "out of memory");
    memcpy(image, pre, npre);
    memcpy(image + npre, a->data, nbytes);
    pvc_npy b;
    require(pvc_npy_parse(image, npre + nbytes, &b, err, sizeof err) == 0 && same_array(a, &b),
            "the written array does not read back the same");
    pvc_npy_free(&b);
    free(image);
    for (int t = 0; t < PVC_DT_COUNT; t++) {
        const char *why = NULL;
        err[0] = '\0';
        int rc = pvc_npy_check_dtype(a, (pvc_dtype)t, &why, err, sizeof err);
        require(rc == 0 || (rc == -1 && err[0]), "a refused dtype without a message");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pvc_npy m, f;
    char em[256] = "", ef[256] = "";
    int rm = pvc_npy_parse(data, size, &m, em, sizeof em);
    int rf = read_as_file(data, size, &f, ef, sizeof ef);
    require(rm == rf, "memory and file readers disagree on accepting");
    if (rm == 0) {
        require(same_array(&m, &f), "memory and file readers read different arrays");
        check_accepted(&m);
    } else {
        require(m.data == NULL && f.data == NULL && em[0] != '\0', "a refusal left data or no message");
        require(strcmp(em, ef) == 0, "memory and file readers give different reasons");
    }
    pvc_npy_free(&m);
    pvc_npy_free(&f);
    return 0;
}
