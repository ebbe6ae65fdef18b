/* native_tcc.c - the emitted C compiled in process by libtcc (native_tcc.h).
 *
 * tcc links nothing by itself here (-nostdlib: no libtcc1.a, no libc.so to find): every
 * function the code can call is named in its text or in the runtime headers it includes,
 * so each identifier there that the running pvc exports (the runtime's pvc_* functions and
 * tables, linked -rdynamic) or that tcc calls for block moves (memcpy, memmove, memset,
 * memcmp) is handed to tcc with its address before relocation. Its system headers are
 * glibc's, plus the compiler-provided ones tcc would bring from its own package
 * (stddef.h), which include_dir/tcc supplies. tcc has no __builtin_assume_aligned and no
 * __builtin_expect; pvc_rt_inline.h falls back without them under __TINYC__. */
#define _GNU_SOURCE /* memmem */
#include "emit/native_tcc.h"

#ifdef PVC_HAVE_LIBTCC
#include <dirent.h>
#include <dlfcn.h>
#include <libtcc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pvc_tcc {
    TCCState *s;
};

int pvc_tcc_available(void)
{
    return 1;
}

/* ---- identifiers the code may call ------------------------------------------------------ */
typedef struct {
    char **names;
    size_t n, cap; /* open addressing, cap a power of two */
} name_set;

static int ident_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static uint32_t hash_name(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static int set_add(name_set *set, const char *s, size_t n)
{
    if (2 * (set->n + 1) > set->cap) {
        name_set bigger = {NULL, 0, set->cap ? 2 * set->cap : 256};
        if (!(bigger.names = calloc(bigger.cap, sizeof *bigger.names)))
            return -1;
        for (size_t i = 0; i < set->cap; i++)
            if (set->names[i])
                set_add(&bigger, set->names[i], strlen(set->names[i]));
        for (size_t i = 0; i < set->cap; i++)
            free(set->names[i]);
        free(set->names);
        *set = bigger;
    }
    size_t i = hash_name(s, n) & (set->cap - 1);
    for (; set->names[i]; i = (i + 1) & (set->cap - 1))
        if (strlen(set->names[i]) == n && !memcmp(set->names[i], s, n))
            return 0;
    if (!(set->names[i] = malloc(n + 1)))
        return -1;
    memcpy(set->names[i], s, n);
    set->names[i][n] = '\0';
    set->n++;
    return 0;
}

static void set_free(name_set *set)
{
    for (size_t i = 0; i < set->cap; i++)
        free(set->names[i]);
    free(set->names);
}

/* The runtime names (pvc_*) in text, which the running program may provide: from one
 * "pvc_" to the next (memmem skips the rest of the text fast). */
static int scan(name_set *set, const char *text, size_t len)
{
    for (const char *p = text, *end = text + len; (p = memmem(p, (size_t)(end - p), "pvc_", 4));) {
        size_t n = 4;
        while (p + n < end && ident_char((unsigned char)p[n]))
            n++;
        if ((p == text || !ident_char((unsigned char)p[-1])) && n > 4 && set_add(set, p, n))
            return -1;
        p += n;
    }
    return 0;
}

/* The names of the runtime headers (pvc_rt*.h of include_dir). */
static int scan_headers(name_set *set, const char *include_dir)
{
    DIR *d = opendir(include_dir);
    struct dirent *e;
    int bad = !d;
    while (!bad && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strncmp(e->d_name, "pvc_rt", 6) || strcmp(e->d_name + n - 2, ".h"))
            continue;
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", include_dir, e->d_name);
        FILE *f = fopen(path, "rb");
        char *buf = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&buf, &len);
        char chunk[65536];
        size_t got;
        while (f && m && (got = fread(chunk, 1, sizeof chunk, f)) > 0)
            fwrite(chunk, 1, got, m);
        if (m)
            fclose(m);
        if (f)
            fclose(f);
        bad = !f || !m || !buf || scan(set, buf, len);
        free(buf);
    }
    if (d)
        closedir(d);
    return bad ? -1 : 0;
}

/* Hands tcc the address of every name of set the running program exports, and of the
 * block moves tcc itself calls (struct copies and zeroing). */
static void bind_names(TCCState *s, const name_set *set)
{
    static const char *const libc[] = {"memcpy", "memmove", "memset", "memcmp"};
    void *self = dlopen(NULL, RTLD_NOW);
    for (size_t i = 0; self && i < sizeof libc / sizeof *libc; i++) {
        void *addr = dlsym(self, libc[i]);
        if (addr)
            tcc_add_symbol(s, libc[i], addr);
    }
    for (size_t i = 0; self && i < set->cap; i++) {
        void *addr = set->names[i] ? dlsym(self, set->names[i]) : NULL;
        if (addr)
            tcc_add_symbol(s, set->names[i], addr);
    }
    if (self)
        dlclose(self);
}

/* ---- compiling ---------------------------------------------------------------------------- */
typedef struct {
    char *err;
    size_t errlen;
    int got;
} tcc_errors;

static void on_error(void *opaque, const char *msg)
{
    tcc_errors *e = opaque;
    if (!e->got++) /* the first one says the most */
        snprintf(e->err, e->errlen, "libtcc: %s", msg);
}

pvc_tcc *pvc_tcc_compile(const char *c_src, size_t len, const char *include_dir, char *err,
                         size_t errlen)
{
    char shims[4200];
    tcc_errors errs = {err, errlen, 0};
    name_set names = {0};
    pvc_tcc *t = calloc(1, sizeof *t);
    char *text = malloc(len + 1);
    if (err && errlen)
        err[0] = '\0';
    if (!t || !text || !(t->s = tcc_new())) {
        snprintf(err, errlen, "libtcc: out of memory");
        goto fail;
    }
    memcpy(text, c_src, len);
    text[len] = '\0';
    tcc_set_error_func(t->s, &errs, on_error);
    tcc_set_options(t->s, "-nostdlib");
    snprintf(shims, sizeof shims, "%s/tcc", include_dir);
    tcc_add_sysinclude_path(t->s, shims);
    tcc_add_include_path(t->s, include_dir);
    tcc_set_output_type(t->s, TCC_OUTPUT_MEMORY);
    if (tcc_compile_string(t->s, text) < 0)
        goto fail;
    if (scan(&names, text, len) || scan_headers(&names, include_dir)) {
        snprintf(err, errlen, "libtcc: cannot read the runtime headers in %s", include_dir);
        goto fail;
    }
    bind_names(t->s, &names);
    if (tcc_relocate(t->s, TCC_RELOCATE_AUTO) < 0)
        goto fail;
    set_free(&names);
    free(text);
    return t;
fail:
    if (!errs.got && !err[0])
        snprintf(err, errlen, "libtcc failed");
    set_free(&names);
    free(text);
    pvc_tcc_free(t);
    return NULL;
}

int pvc_tcc_compile_object(const char *c_src, size_t len, const char *include_dir, const char *out,
                           char *err, size_t errlen)
{
    char shims[4200];
    tcc_errors errs = {err, errlen, 0};
    TCCState *s = tcc_new();
    char *text = malloc(len + 1);
    int rc = -1;
    if (err && errlen)
        err[0] = '\0';
    if (!s || !text) {
        snprintf(err, errlen, "libtcc: out of memory");
    } else {
        memcpy(text, c_src, len);
        text[len] = '\0';
        tcc_set_error_func(s, &errs, on_error);
        tcc_set_options(s, "-nostdlib"); /* the runtime and libc: the loading process's */
        snprintf(shims, sizeof shims, "%s/tcc", include_dir);
        tcc_add_sysinclude_path(s, shims);
        tcc_add_include_path(s, include_dir);
        tcc_set_output_type(s, TCC_OUTPUT_DLL);
        rc = tcc_compile_string(s, text) < 0 || tcc_output_file(s, out) < 0 ? -1 : 0;
        if (rc && !errs.got && !err[0])
            snprintf(err, errlen, "libtcc failed");
    }
    free(text);
    if (s)
        tcc_delete(s);
    return rc;
}

void *pvc_tcc_sym(pvc_tcc *t, const char *name)
{
    return t ? tcc_get_symbol(t->s, name) : NULL;
}

void pvc_tcc_free(pvc_tcc *t)
{
    if (!t)
        return;
    if (t->s)
        tcc_delete(t->s);
    free(t);
}

#else /* no libtcc: a miss waits for cc (or, in libpvc.so, a pvc beside it that has libtcc) */
#include <stdio.h>

int pvc_tcc_available(void)
{
    return 0;
}

pvc_tcc *pvc_tcc_compile(const char *c_src, size_t len, const char *include_dir, char *err,
                         size_t errlen)
{
    (void)c_src, (void)len, (void)include_dir;
    if (err && errlen)
        err[0] = '\0';
    return NULL;
}

int pvc_tcc_compile_object(const char *c_src, size_t len, const char *include_dir, const char *out,
                           char *err, size_t errlen)
{
    (void)c_src, (void)len, (void)include_dir, (void)out;
    snprintf(err, errlen, "this pvc was built without libtcc");
    return -1;
}

void *pvc_tcc_sym(pvc_tcc *t, const char *name)
{
    (void)t, (void)name;
    return NULL;
}

void pvc_tcc_free(pvc_tcc *t)
{
    (void)t;
}
#endif
