/* native.c - find emitted C's optimised object in the cache, or build it: in process with
 * libtcc while $CC -O2 fills the cache in the background, or with $CC now (native.h).
 *
 * An object is loaded only once it is known to be what its name says: the cache directory
 * and the object are this user's alone and the object is a whole ELF file (native_cache.c,
 * checked before it is mapped), its C text beside it is the text being run, and, once
 * loaded, it defines pvc_object_key as the key it is filed under (cc compiles the emitted C
 * with one line defining it). An entry that fails any of this is removed and built again
 * (-v says why): a truncated, empty or foreign object is never run. */
#include "emit/native.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "emit/native_cache.h"
#include "emit/native_cc.h"
#include "emit/native_tcc.h"

struct pvc_native {
    void *handle;       /* dlopen'd optimised object, or */
    pvc_tcc *tcc;       /* the libtcc build of a miss */
    int hit;            /* the object came from the cache as it was */
    int cached;         /* e names a cache entry (a cache directory was found) */
    pvc_cache_entry e;  /* its files; e.text is `text` */
    char *text;         /* what cc compiles: the emitted C and the key line */
    /* the background build of a libtcc miss, started by pvc_native_close: after the kernel
     * ran, so the build does not compete with it */
    int bg;
    pvc_native_opts bg_opts; /* its strings point at the copies below */
    char bg_cc[1024], bg_cflags[2048], bg_inc[4200];
};

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    if (!err || !errlen)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* ---- cache key -------------------------------------------------------------------------
 * Two multiply-xorshift streams over 8-byte words (FNV-1a's constants, a word at a time:
 * the key covers ~100 KB of runtime headers on every run) give a 128-bit key. It names a
 * cache file, it is not a security boundary; a hit is still confirmed by comparing the
 * stored C text. */
typedef struct { uint64_t a, b; } key128;

static void key_word(key128 *k, uint64_t w)
{
    k->a = (k->a ^ w) * 0x100000001b3ULL;
    k->a ^= k->a >> 32;
    k->b = (k->b ^ w) * 0x9E3779B97F4A7C15ULL;
    k->b ^= k->b >> 29;
}

static void key_feed(key128 *k, const void *p, size_t n)
{
    const unsigned char *s = p;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        key_word(k, w);
    }
    uint64_t tail = 0;
    memcpy(&tail, s + i, n - i);
    key_word(k, tail);
    key_word(k, (uint64_t)n ^ 0xff00000000000000ULL); /* the length: ("ab","c") != ("a","bc") */
}

static void key_feed_str(key128 *k, const char *s)
{
    key_feed(k, s ? s : "", s ? strlen(s) : 0);
}

/* Reads a whole file; NULL if it cannot. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (buf)
        *len = n;
    return buf;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every runtime header (pvc_rt*.h of dir, by name) is part of the key: a changed runtime
 * ABI or inline fast path must not reuse old objects. */
static void key_feed_headers(key128 *k, const char *dir)
{
    char *names[64];
    int n = 0;
    DIR *d = opendir(dir ? dir : ".");
    struct dirent *e;
    while (d && (e = readdir(d)) && n < 64) {
        size_t len = strlen(e->d_name);
        if (len > 2 && !strncmp(e->d_name, "pvc_rt", 6) && !strcmp(e->d_name + len - 2, ".h"))
            names[n++] = strdup(e->d_name);
    }
    if (d)
        closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    for (int i = 0; i < n; i++) {
        char path[4200];
        size_t len = 0;
        snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", names[i] ? names[i] : "");
        char *text = names[i] ? slurp(path, &len) : NULL;
        key_feed_str(k, names[i]);
        key_feed(k, text ? text : "", text ? len : 0);
        free(text);
        free(names[i]);
    }
}


/* The line cc compiles after the emitted C: the key, which a loaded object must define. */
static const char key_line[] = "\n/* the cache key, checked once the object is loaded (native.c) */\n"
                               "extern const char pvc_object_key[];\nconst char pvc_object_key[] = \"%s\";\n";

/* ---- the entry ---------------------------------------------------------------------------- */
/* 1: the entry holds this text and an object that passes the checks; 0: it holds no such
 * text, or no object; -1: it holds the text and an object that fails them (why says how). */
static int entry_found(const pvc_cache_entry *e, char *why, size_t whylen)
{
    size_t old_len = 0;
    char *old = slurp(e->c, &old_len);
    int same = old && old_len == e->len && memcmp(old, e->text, e->len) == 0;
    free(old);
    if (!same || (access(e->so, F_OK) != 0 && errno == ENOENT))
        return 0;
    return pvc_cache_object_ok(e->so, why, whylen) == 0 ? 1 : -1;
}

/* dlopen's the object at path and checks that it defines the entry's key. */
static int open_path_verified(pvc_native *so, const char *path, char *why, size_t whylen)
{
    so->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!so->handle) {
        set_err(why, whylen, "%s", dlerror());
        return -1;
    }
    const char *key = dlsym(so->handle, "pvc_object_key");
    if (key && !strncmp(key, so->e.key, sizeof so->e.key))
        return 0;
    set_err(why, whylen, "it does not define the key it is filed under");
    dlclose(so->handle);
    so->handle = NULL;
    return -1;
}

/* The entry's object, loaded and checked. */
static int open_verified(pvc_native *so, char *why, size_t whylen)
{
    return open_path_verified(so, so->e.so, why, whylen);
}

static void discard(const pvc_cache_entry *e)
{
    unlink(e->so);
    unlink(e->c);
}

/* ---- public ---------------------------------------------------------------------------- */
int pvc_native_have_tcc(void)
{
    return pvc_tcc_available();
}

static pvc_build_mode mode_of(const pvc_native_opts *o)
{
    const char *env = getenv("PVC_NATIVE_BUILD");
    if (o && o->mode != PVC_BUILD_DEFAULT)
        return o->mode;
    if (env && !strcmp(env, "cc"))
        return PVC_BUILD_CC;
    if (env && !strcmp(env, "tcc"))
        return PVC_BUILD_TCC;
    return PVC_BUILD_AUTO;
}

static void say(const pvc_native_opts *o, const char *fmt, ...)
{
    va_list ap;
    if (!o || !o->verbose)
        return;
    va_start(ap, fmt);
    fputs("pvc: native: ", o->verbose);
    vfprintf(o->verbose, fmt, ap);
    fputc('\n', o->verbose);
    va_end(ap);
}

static double ms_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) * 1e3 + (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

/* Keeps what the background build needs until pvc_native_close (the caller's strings may
 * be gone by then: they are copied). */
static void defer_background(pvc_native *so, const pvc_native_opts *o)
{
    so->bg = 1;
    so->bg_opts = o ? *o : (pvc_native_opts){0};
    snprintf(so->bg_cc, sizeof so->bg_cc, "%s", pvc_cc_command(o));
    so->bg_opts.cc = so->bg_cc;
    snprintf(so->bg_cflags, sizeof so->bg_cflags, "%s", o && o->cflags ? o->cflags : "");
    so->bg_opts.cflags = o && o->cflags ? so->bg_cflags : NULL;
    snprintf(so->bg_inc, sizeof so->bg_inc, "%s", o && o->include_dir ? o->include_dir : ".");
    so->bg_opts.include_dir = so->bg_inc;
    so->bg_opts.cache_dir = NULL;
    so->bg_opts.verbose = NULL;
}

/* cc now, under the entry's lock: a run that waited for another's build of the same entry
 * loads that one (so parallel cold runs compile once). */
static int build_now(pvc_native *so, const pvc_native_opts *o, const char *why_cc, char *err, size_t errlen)
{
    char why[512];
    int lock = pvc_cache_lock(so->e.lock, 1);
    if (lock < 0)
        say(o, "cannot take %s (%s): building without it", so->e.lock,
            errno == EWOULDBLOCK ? "another build holds it too long" : strerror(errno));
    int found = lock >= 0 ? entry_found(&so->e, why, sizeof why) : 0;
    if (found == 1 && open_verified(so, why, sizeof why) == 0) {
        pvc_cache_unlock(lock, so->e.lock);
        say(o, "cache hit %s (built by another run while this one waited)", so->e.so);
        so->hit = 1;
        return 0;
    }
    if (found)
        discard(&so->e);
    int rc = pvc_cc_build(o, &so->e, err, errlen);
    pvc_cache_unlock(lock, so->e.lock);
    if (rc)
        return -1;
    say(o, "cache miss: compiled %s with '%s' (%s)", so->e.so, pvc_cc_command(o), why_cc);
    if (open_verified(so, why, sizeof why) != 0)
        return set_err(err, errlen, "cannot load %s: %s", so->e.so, why), -1;
    return 0;
}

/* The background build of a libtcc miss, unless another run builds the entry (its lock is
 * held) or has built it. */
static void start_background(pvc_native *so, int host_stays)
{
    char why[512];
    int lock = pvc_cache_lock(so->e.lock, 0);
    if (lock < 0)
        return;
    if (entry_found(&so->e, why, sizeof why) == 1)
        pvc_cache_unlock(lock, so->e.lock);
    else
        pvc_cc_build_in_background(&so->bg_opts, &so->e, lock, host_stays);
}

/* The first-run build of a miss, unoptimised and fast: libtcc in process, or, in a process
 * without it (libpvc.so), the pvc beside it (helper non-NULL) into a temporary object that is
 * loaded and removed at once. 0 with how it was built in how; -1 and why in err. */
static int first_run_build(pvc_native *so, const pvc_native_opts *o, const char *c_src, size_t len,
                           const char *helper, char *how, size_t howlen, char *err, size_t errlen)
{
    const char *inc = o && o->include_dir ? o->include_dir : ".";
    if (!helper) {
        snprintf(how, howlen, "in process by libtcc");
        so->tcc = pvc_tcc_compile(c_src, len, inc, err, errlen);
        return so->tcc ? 0 : -1;
    }
    char tmp_so[PVC_CACHE_DIR_MAX + 80], why[512];
    snprintf(tmp_so, sizeof tmp_so, "%s/%s.%ld.tcc.so", so->e.dir, so->e.key, (long)getpid());
    snprintf(how, howlen, "by '%s tcc-object'", helper);
    int rc = pvc_tcc_helper_build(helper, &so->e, inc, tmp_so, err, errlen);
    if (!rc && (rc = open_path_verified(so, tmp_so, why, sizeof why)) != 0)
        set_err(err, errlen, "cannot load %s: %s", tmp_so, why);
    unlink(tmp_so); /* mapped, or of no use */
    return rc;
}

/* A miss: a first-run build now (with cc into the cache in the background, or alone), or cc
 * now. */
static int build_miss(pvc_native *so, const pvc_native_opts *o, const char *c_src, size_t len, char *err,
                      size_t errlen)
{
    pvc_build_mode mode = mode_of(o);
    int flags = o && o->cflags && o->cflags[strspn(o->cflags, " \t")];
    char ccpath[4200], helper[4200], how[4300], terr[512];
    int have_cc = pvc_cache_which(pvc_cc_command(o), ccpath, sizeof ccpath) == 0;
    int in_process = pvc_tcc_available();
    int by_helper = !in_process && so->cached && pvc_tcc_helper(helper, sizeof helper) == 0;
    const char *cc = pvc_cc_command(o), *why = NULL;
    if (so->cached) {
        int swept = pvc_cache_sweep(so->e.dir);
        if (swept)
            say(o, "removed %d temporaries older than an hour from %s", swept, so->e.dir);
    }
    if (mode != PVC_BUILD_CC && flags)
        mode = PVC_BUILD_CC, why = "PVC_CFLAGS is set and only cc takes flags";
    else if (mode == PVC_BUILD_AUTO && !in_process && !by_helper)
        mode = PVC_BUILD_CC, why = "this pvc was built without libtcc, and no pvc beside it has it";
    else if (mode == PVC_BUILD_CC)
        why = "PVC_NATIVE_BUILD=cc";
    if (mode != PVC_BUILD_CC) {
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int fast = (in_process || by_helper) &&
                   first_run_build(so, o, c_src, len, in_process ? NULL : helper, how, sizeof how, terr,
                                   sizeof terr) == 0;
        if (fast && mode == PVC_BUILD_TCC) {
            say(o, "cache miss: compiled %s (%.1f ms); nothing cached (PVC_NATIVE_BUILD=tcc)", how, ms_since(&t0));
            return 0;
        }
        if (fast && !have_cc) {
            say(o, "cache miss: compiled %s (%.1f ms); nothing cached: no C compiler '%s'", how, ms_since(&t0), cc);
            return 0;
        }
        if (fast) {
            say(o, "cache miss: compiled %s (%.1f ms); '%s -O2' builds %s in the background", how, ms_since(&t0), cc,
                so->e.so);
            defer_background(so, o);
            if (by_helper) /* a library's kernels may never be closed: start it now (it waits
                              for this process, or 250 ms, native_cc.h) */
                start_background(so, 1), so->bg = 0;
            return 0;
        }
        if (!in_process && !by_helper)
            snprintf(terr, sizeof terr, "this pvc was built without libtcc");
        if (mode == PVC_BUILD_TCC || !have_cc)
            return set_err(err, errlen, "%s%s", terr, mode == PVC_BUILD_TCC ? "" : " (and no C compiler to fall back on)"),
                   -1;
        why = terr;
    }
    return build_now(so, o, why, err, errlen);
}

/* The key of the C text: the text, the compiler command and its flags, the runtime headers,
 * the fixed flags, the host's CPU and the compiler program (pvc_cache_host_id). */
static void key_of(const char *c_src, size_t len, const pvc_native_opts *opts, const char *host, char *out,
                   size_t outlen)
{
    key128 k = {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL};
    key_feed(&k, c_src, len);
    key_feed_str(&k, pvc_cc_command(opts));
    key_feed_str(&k, opts ? opts->cflags : NULL);
    key_feed_headers(&k, opts ? opts->include_dir : NULL);
    for (size_t i = 0; i < pvc_cc_nfixed; i++)
        key_feed_str(&k, pvc_cc_fixed_flags[i]);
    key_feed_str(&k, host);
    snprintf(out, outlen, "%016llx%016llx", (unsigned long long)k.a, (unsigned long long)k.b);
}

/* Finds the entry's object and loads it, or builds the code; 0, or -1 and err. */
static int find_or_build(pvc_native *so, const char *c_src, size_t len, const pvc_native_opts *opts, char *err,
                         size_t errlen)
{
    char dir[PVC_CACHE_DIR_MAX + 1], host[1024], key[33], why[512];
    pvc_cache_host_id(pvc_cc_command(opts), host, sizeof host);
    key_of(c_src, len, opts, host, key, sizeof key);
    /* PVC_BUILD_TCC never touches the cache, so needs no directory */
    if (pvc_cache_dir(opts ? opts->cache_dir : NULL, dir, sizeof dir, err, errlen) != 0) {
        if (mode_of(opts) != PVC_BUILD_TCC)
            return -1;
        snprintf(dir, sizeof dir, "(no cache directory)");
    } else {
        so->cached = 1;
    }
    pvc_cache_entry_init(&so->e, dir, key);
    size_t cap = len + sizeof key_line + sizeof key;
    if (!(so->text = malloc(cap)))
        return set_err(err, errlen, "out of memory"), -1;
    memcpy(so->text, c_src, len);
    so->e.len = len + (size_t)snprintf(so->text + len, cap - len, key_line, key);
    so->e.text = so->text;
    say(opts, "cache key %s: the C text (%zu bytes), '%s', its flags '%s', the runtime headers of %s, the host "
        "(%s)", key, len, pvc_cc_command(opts), opts && opts->cflags ? opts->cflags : "",
        opts && opts->include_dir ? opts->include_dir : ".", host);
    if (mode_of(opts) == PVC_BUILD_TCC)
        return build_miss(so, opts, c_src, len, err, errlen);
    int found = entry_found(&so->e, why, sizeof why);
    if (found == 1 && open_verified(so, why, sizeof why) == 0) {
        say(opts, "cache hit %s", so->e.so);
        so->hit = 1;
        return 0;
    }
    if (found) {
        say(opts, "cached object %s is not used (%s): it is removed and built again", so->e.so, why);
        discard(&so->e);
    }
    return build_miss(so, opts, c_src, len, err, errlen);
}

pvc_native *pvc_native_load(const char *c_src, size_t len, const pvc_native_opts *opts,
                            int *cache_hit, char *err, size_t errlen)
{
    if (cache_hit)
        *cache_hit = 0;
    if (pvc_cc_check_sanitizers(opts ? opts->cflags : NULL, err, errlen))
        return NULL;
    pvc_native *so = calloc(1, sizeof *so);
    if (!so) {
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    if (find_or_build(so, c_src, len, opts, err, errlen) != 0) {
        free(so->text);
        free(so);
        return NULL;
    }
    if (cache_hit)
        *cache_hit = so->hit;
    return so;
}

void *pvc_native_sym(pvc_native *so, const char *name)
{
    if (!so)
        return NULL;
    return so->tcc ? pvc_tcc_sym(so->tcc, name) : dlsym(so->handle, name);
}

const char *pvc_native_path(const pvc_native *so)
{
    return so ? so->e.so : NULL;
}

int pvc_native_is_tcc(const pvc_native *so)
{
    return so && so->tcc;
}

void pvc_native_close(pvc_native *so)
{
    pvc_cc_reap();
    if (!so)
        return;
    if (so->bg)
        start_background(so, 0);
    if (so->handle)
        dlclose(so->handle);
    pvc_tcc_free(so->tcc);
    free(so->text);
    free(so);
}
