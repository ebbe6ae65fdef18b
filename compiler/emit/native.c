/* native.c - compile emitted C with $CC into a cached shared object and dlopen it.
 * See native.h for the contract. */
#include "emit/native.h"

#include <dlfcn.h>
#include <errno.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

struct pvc_native {
    void *handle;
    char path[4200];
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
 * Two FNV-1a streams with different offset bases give a 128-bit key. It names a cache file,
 * it is not a security boundary; a hit is still confirmed by comparing the stored C text. */
typedef struct { uint64_t a, b; } key128;

static void key_feed(key128 *k, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        k->a = (k->a ^ s[i]) * 0x100000001b3ULL;
        k->b = (k->b ^ s[i]) * 0x100000001b3ULL;
        k->b ^= k->b >> 29;
    }
    /* separator so ("ab","c") and ("a","bc") differ */
    k->a = (k->a ^ 0xff) * 0x100000001b3ULL;
    k->b = (k->b ^ 0xfe) * 0x100000001b3ULL;
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

/* The runtime headers are part of the key: a changed runtime ABI must not reuse old objects. */
static void key_feed_file(key128 *k, const char *dir, const char *name)
{
    char path[4200];
    size_t len = 0;
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", name);
    char *text = slurp(path, &len);
    key_feed(k, text ? text : "", text ? len : 0);
    free(text);
}

/* ---- cache directory ------------------------------------------------------------------- */
static int mkdir_p(const char *dir)
{
    char tmp[4096];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof tmp)
        return -1;
    memcpy(tmp, dir, n + 1);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

static void cache_dir_of(const pvc_native_opts *o, char *out, size_t outlen)
{
    const char *env;
    if (o && o->cache_dir)
        snprintf(out, outlen, "%s", o->cache_dir);
    else if ((env = getenv("PVC_CACHE_DIR")) && *env)
        snprintf(out, outlen, "%s", env);
    else if ((env = getenv("XDG_CACHE_HOME")) && *env)
        snprintf(out, outlen, "%s/pvc", env);
    else if ((env = getenv("HOME")) && *env)
        snprintf(out, outlen, "%s/.cache/pvc", env);
    else
        snprintf(out, outlen, "/tmp/pvc-cache");
}

static int write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t put = fwrite(data, 1, len, f);
    int bad = fclose(f) != 0 || put != len;
    return bad ? -1 : 0;
}

/* ---- running cc ------------------------------------------------------------------------ */
enum { MAX_ARGS = 128 };

/* Splits `s` on spaces into argv (writing into `store`); returns the new argc or -1. */
static int split_words(const char *s, char *store, size_t storelen, char **argv, int argc)
{
    if (!s)
        return argc;
    size_t n = strlen(s);
    if (n + 1 > storelen)
        return -1;
    memcpy(store, s, n + 1);
    for (char *tok = strtok(store, " \t"); tok; tok = strtok(NULL, " \t")) {
        if (argc >= MAX_ARGS - 16)
            return -1;
        argv[argc++] = tok;
    }
    return argc;
}

/* Flags of every kernel build. On x86-64 the object is built for the host's own ISA: a NORM
 * load + store moves 256 bytes twice, and with the x86-64 baseline's 16-byte SSE2 moves the
 * native copy kernel ran at about 1/3 of memcpy (BENCHMARKS.md), with -march=native at 0.6.
 * The object only ever runs where it was built, and host_isa() puts the host's vector
 * features into the cache key, so a cache shared between machines never hands one an object
 * it cannot run. -ffp-contract=off keeps any float expression unfused (bit-exact under every
 * cc: clang contracts by default). */
#if defined(__x86_64__)
#define PVC_NATIVE_ISA_FLAG "-march=native",
#else
#define PVC_NATIVE_ISA_FLAG
#endif
static const char *const fixed_flags[] = {"-std=c11", "-O2", "-fPIC", "-shared",
                                          "-ffp-contract=off", PVC_NATIVE_ISA_FLAG};

/* The vector features -march=native can use, as a string for the cache key. */
static const char *host_isa(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static char buf[160];
    __builtin_cpu_init();
    snprintf(buf, sizeof buf, "x86-64%s%s%s%s%s%s%s%s", __builtin_cpu_supports("sse4.2") ? " sse4.2" : "",
             __builtin_cpu_supports("avx") ? " avx" : "", __builtin_cpu_supports("avx2") ? " avx2" : "",
             __builtin_cpu_supports("fma") ? " fma" : "", __builtin_cpu_supports("bmi2") ? " bmi2" : "",
             __builtin_cpu_supports("avx512f") ? " avx512f" : "",
             __builtin_cpu_supports("avx512bw") ? " avx512bw" : "",
             __builtin_cpu_supports("avx512vl") ? " avx512vl" : "");
    return buf;
#else
    return "";
#endif
}

static int run_cc(const pvc_native_opts *o, const char *c_path, const char *so_path,
                  char *err, size_t errlen)
{
    char ccbuf[1024], flagbuf[2048], incflag[4200];
    char *argv[MAX_ARGS];
    const char *cc = (o && o->cc) ? o->cc : getenv("CC");
    if (!cc || !*cc)
        cc = "cc";
    int argc = split_words(cc, ccbuf, sizeof ccbuf, argv, 0);
    if (argc <= 0) {
        set_err(err, errlen, "bad compiler command '%s'", cc);
        return -1;
    }
    snprintf(incflag, sizeof incflag, "-I%s", (o && o->include_dir) ? o->include_dir : ".");
    for (size_t i = 0; i < sizeof fixed_flags / sizeof *fixed_flags; i++)
        argv[argc++] = (char *)fixed_flags[i];
    argv[argc++] = incflag;
    argc = split_words(o ? o->cflags : NULL, flagbuf, sizeof flagbuf, argv, argc);
    if (argc < 0) {
        set_err(err, errlen, "too many compiler flags");
        return -1;
    }
    argv[argc++] = "-o";
    argv[argc++] = (char *)so_path;
    argv[argc++] = (char *)c_path;
    argv[argc] = NULL;

    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
    if (rc != 0) {
        set_err(err, errlen, "cannot run C compiler '%s': %s", argv[0], strerror(rc));
        return -1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            set_err(err, errlen, "waitpid: %s", strerror(errno));
            return -1;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        set_err(err, errlen, "C compiler '%s' failed on %s", argv[0], c_path);
        return -1;
    }
    return 0;
}

/* ---- public ---------------------------------------------------------------------------- */
pvc_native *pvc_native_load(const char *c_src, size_t len, const pvc_native_opts *opts,
                            int *cache_hit, char *err, size_t errlen)
{
    char dir[4096], c_path[4200], so_path[4200], tmp_c[4300], tmp_so[4300];
    const char *cc = (opts && opts->cc) ? opts->cc : getenv("CC");
    key128 k = {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL};

    key_feed(&k, c_src, len);
    key_feed_str(&k, cc ? cc : "cc");
    key_feed_str(&k, opts ? opts->cflags : NULL);
    key_feed_file(&k, opts ? opts->include_dir : NULL, "pvc_rt.h");
    key_feed_file(&k, opts ? opts->include_dir : NULL, "pvc_rt_cast.h");
    key_feed_file(&k, opts ? opts->include_dir : NULL, "pvc_rt_inline.h");
    for (size_t i = 0; i < sizeof fixed_flags / sizeof *fixed_flags; i++)
        key_feed_str(&k, fixed_flags[i]);
    key_feed_str(&k, host_isa());

    cache_dir_of(opts, dir, sizeof dir);
    if (mkdir_p(dir) != 0) {
        set_err(err, errlen, "cannot create cache directory %s: %s", dir, strerror(errno));
        return NULL;
    }
    snprintf(c_path, sizeof c_path, "%s/%016llx%016llx.c", dir, (unsigned long long)k.a,
             (unsigned long long)k.b);
    snprintf(so_path, sizeof so_path, "%.*s.so", (int)(strlen(c_path) - 2), c_path);

    /* A hit needs the object and the identical C text beside it. */
    size_t old_len = 0;
    char *old = slurp(c_path, &old_len);
    int hit = old && old_len == len && memcmp(old, c_src, len) == 0 && access(so_path, R_OK) == 0;
    free(old);

    if (!hit) {
        /* Unique temporaries, then rename: concurrent runs never see half-written files. */
        snprintf(tmp_c, sizeof tmp_c, "%s.%ld.tmp.c", c_path, (long)getpid());
        snprintf(tmp_so, sizeof tmp_so, "%s.%ld.tmp.so", c_path, (long)getpid());
        if (write_file(tmp_c, c_src, len) != 0) {
            set_err(err, errlen, "cannot write %s: %s", tmp_c, strerror(errno));
            unlink(tmp_c);
            return NULL;
        }
        int rc = run_cc(opts, tmp_c, tmp_so, err, errlen);
        if (rc == 0 && (rename(tmp_so, so_path) != 0 || rename(tmp_c, c_path) != 0)) {
            set_err(err, errlen, "cannot store %s: %s", so_path, strerror(errno));
            rc = -1;
        }
        unlink(tmp_c);
        unlink(tmp_so);
        if (rc != 0)
            return NULL;
    }
    if (cache_hit)
        *cache_hit = hit;

    pvc_native *so = calloc(1, sizeof *so);
    if (!so) {
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(so->path, sizeof so->path, "%s", so_path);
    so->handle = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
    if (!so->handle) {
        set_err(err, errlen, "cannot load %s: %s", so_path, dlerror());
        free(so);
        return NULL;
    }
    return so;
}

void *pvc_native_sym(pvc_native *so, const char *name)
{
    return so ? dlsym(so->handle, name) : NULL;
}

const char *pvc_native_path(const pvc_native *so)
{
    return so ? so->path : NULL;
}

void pvc_native_close(pvc_native *so)
{
    if (!so)
        return;
    dlclose(so->handle);
    free(so);
}
