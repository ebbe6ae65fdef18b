/* native.c - find emitted C's optimised object in the cache, or build it: in process with
 * libtcc while $CC -O2 fills the cache in the background, or with $CC now (native.h). */
#include "emit/native.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "emit/native_tcc.h"

extern char **environ;

struct pvc_native {
    void *handle;  /* dlopen'd optimised object, or */
    pvc_tcc *tcc;  /* the libtcc build of a miss */
    char path[4200];
    /* the background build of a libtcc miss, started by pvc_native_close: after the kernel
     * ran, so the build does not compete with it */
    pvc_native_opts bg_opts; /* its strings point at the copies below */
    char *bg_src;
    size_t bg_len;
    char bg_c_path[4200], bg_cc[1024], bg_cflags[2048], bg_inc[4200], bg_dir[4200];
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

static const char *cc_command(const pvc_native_opts *o)
{
    const char *cc = (o && o->cc) ? o->cc : getenv("CC");
    return cc && *cc ? cc : "cc";
}

/* 1 when the compiler command's first word names a program we can run (on PATH unless it
 * has a slash), so a miss knows before forking whether an optimised object can follow. */
static int cc_found(const pvc_native_opts *o)
{
    char word[1024], path[4200];
    const char *cc = cc_command(o);
    size_t n = strcspn(cc + strspn(cc, " \t"), " \t");
    snprintf(word, sizeof word, "%.*s", (int)n, cc + strspn(cc, " \t"));
    if (strchr(word, '/'))
        return access(word, X_OK) == 0;
    const char *p = getenv("PATH");
    for (p = p ? p : "/usr/bin:/bin"; *p;) {
        size_t len = strcspn(p, ":");
        snprintf(path, sizeof path, "%.*s/%s", (int)len, len ? p : ".", word);
        if (access(path, X_OK) == 0)
            return 1;
        p += len + (p[len] == ':');
    }
    return 0;
}

/* The compiler command of one build: cc's words, the fixed flags, -I, the extra flags,
 * -o so_path c_path. */
typedef struct {
    char ccbuf[1024], flagbuf[2048], incflag[4200];
    char *argv[MAX_ARGS];
    int argc;
} cc_cmd;

static int cc_cmd_build(cc_cmd *c, const pvc_native_opts *o, const char *c_path, const char *so_path,
                        char *err, size_t errlen)
{
    const char *cc = cc_command(o);
    c->argc = split_words(cc, c->ccbuf, sizeof c->ccbuf, c->argv, 0);
    if (c->argc <= 0) {
        set_err(err, errlen, "bad compiler command '%s'", cc);
        return -1;
    }
    snprintf(c->incflag, sizeof c->incflag, "-I%s", (o && o->include_dir) ? o->include_dir : ".");
    for (size_t i = 0; i < sizeof fixed_flags / sizeof *fixed_flags; i++)
        c->argv[c->argc++] = (char *)fixed_flags[i];
    c->argv[c->argc++] = c->incflag;
    c->argc = split_words(o ? o->cflags : NULL, c->flagbuf, sizeof c->flagbuf, c->argv, c->argc);
    if (c->argc < 0) {
        set_err(err, errlen, "too many compiler flags");
        return -1;
    }
    c->argv[c->argc++] = "-o";
    c->argv[c->argc++] = (char *)so_path;
    c->argv[c->argc++] = (char *)c_path;
    c->argv[c->argc] = NULL;
    return 0;
}

static int run_cc(const pvc_native_opts *o, const char *c_path, const char *so_path,
                  char *err, size_t errlen)
{
    cc_cmd c;
    if (cc_cmd_build(&c, o, c_path, so_path, err, errlen))
        return -1;
    pid_t pid;
    int rc = posix_spawnp(&pid, c.argv[0], NULL, NULL, c.argv, environ);
    if (rc != 0) {
        set_err(err, errlen, "cannot run C compiler '%s': %s", c.argv[0], strerror(rc));
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
        set_err(err, errlen, "C compiler '%s' failed on %s", c.argv[0], c_path);
        return -1;
    }
    return 0;
}

/* ---- building into the cache ------------------------------------------------------------- */
/* cc on the C text into so_path, with c_path beside it: unique temporaries, then renames,
 * so concurrent runs never see half-written files; the object first, so a reader that
 * finds the C text finds the object too. */
static int build_entry(const pvc_native_opts *o, const char *c_path, const char *so_path,
                       const char *c_src, size_t len, char *err, size_t errlen)
{
    char tmp_c[4300], tmp_so[4300];
    snprintf(tmp_c, sizeof tmp_c, "%s.%ld.tmp.c", c_path, (long)getpid());
    snprintf(tmp_so, sizeof tmp_so, "%s.%ld.tmp.so", c_path, (long)getpid());
    if (write_file(tmp_c, c_src, len) != 0) {
        set_err(err, errlen, "cannot write %s: %s", tmp_c, strerror(errno));
        unlink(tmp_c);
        return -1;
    }
    int rc = run_cc(o, tmp_c, tmp_so, err, errlen);
    if (rc == 0 && (rename(tmp_so, so_path) != 0 || rename(tmp_c, c_path) != 0)) {
        set_err(err, errlen, "cannot store %s: %s", so_path, strerror(errno));
        rc = -1;
    }
    unlink(tmp_c);
    unlink(tmp_so);
    return rc;
}

/* A build of this entry is under way (its lock is younger than ten minutes) or was just
 * claimed by us (returns 0 and creates the lock). */
static int claim(const char *lock)
{
    int fd = open(lock, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
        struct stat st;
        if (errno != EEXIST || stat(lock, &st) != 0 || time(NULL) - st.st_mtime < 600)
            return -1;
        unlink(lock); /* left by a build that died */
        if ((fd = open(lock, O_WRONLY | O_CREAT | O_EXCL, 0644)) < 0)
            return -1;
    }
    close(fd);
    return 0;
}

/* The background build, run by sh: cc at the lowest priority on the temporary C text, its
 * output in the log; on success the object and then the C text take their final names (as
 * build_entry) and the log goes; the temporaries and the lock go either way.
 * $1 object, $2 C text, $3 $4 their temporaries, $5 log, $6 lock; then the cc command. */
static const char bg_script[] =
    "so=$1 c=$2 tso=$3 tc=$4 log=$5 lock=$6; shift 6; "
    "if command -v nice >/dev/null 2>&1; then set -- nice -n 19 \"$@\"; fi; "
    "if \"$@\" >\"$log\" 2>&1 && mv -f \"$tso\" \"$so\" && mv -f \"$tc\" \"$c\"; then rm -f \"$log\"; fi; "
    "rm -f \"$tso\" \"$tc\" \"$lock\"";

/* How long a background build waits for the run that started it to end (below). */
enum { BG_DELAY_MS = 250 };

/* Background builds this process started, reaped when they are done (a long-lived host
 * that loads kernels keeps no zombies; pvc itself exits first and leaves them to init),
 * each with the write end of its gate (below), closed once the build has started. */
static struct {
    pid_t pid;
    int gate;
    struct timespec at;
} bg[16];

static void reap_background(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    for (size_t i = 0; i < sizeof bg / sizeof *bg; i++) {
        if (bg[i].gate >= 0 && bg[i].pid > 0 &&
            (now.tv_sec - bg[i].at.tv_sec) * 1000 + (now.tv_nsec - bg[i].at.tv_nsec) / 1000000 > BG_DELAY_MS)
            close(bg[i].gate), bg[i].gate = -1; /* its wait is over */
        if (bg[i].pid > 0 && waitpid(bg[i].pid, NULL, WNOHANG) != 0) {
            if (bg[i].gate >= 0)
                close(bg[i].gate);
            bg[i].pid = 0, bg[i].gate = -1;
        }
    }
}

/* The optimised object, built by sh at the lowest priority in a process group of its own
 * (Ctrl-C on the terminal does not reach the build), with no descriptor of ours but
 * /dev/null, so a pipe reading pvc's output closes when pvc exits. It starts once this
 * process has exited (or after BG_DELAY_MS, for a host that stays): started at once, as
 * posix_spawn did, sh and cc took a CPU from the end of the first run on a loaded 2-core
 * machine, whose wall time then exceeded its CPU time by 2-6 ms, more than its own work
 * (BENCHMARKS.md). So it is forked, not spawned (posix_spawn returns only once the child
 * has exec'd); the child blocks at once on a pipe whose write end only this process holds,
 * and execs sh when that closes. Between fork and exec it calls only async-signal-safe
 * functions, its argv built before the fork. */
static void build_in_background(const pvc_native_opts *o, const char *c_path, const char *so_path,
                                const char *c_src, size_t len)
{
    char lock[4300], log[4300], tmp_c[4300], tmp_so[4300], err[512];
    cc_cmd cc;
    char *argv[MAX_ARGS + 16];
    int gate[2];
    snprintf(lock, sizeof lock, "%s.lock", so_path);
    snprintf(log, sizeof log, "%s.log", so_path);
    snprintf(tmp_c, sizeof tmp_c, "%s.%ld.bg.c", c_path, (long)getpid());
    snprintf(tmp_so, sizeof tmp_so, "%s.%ld.bg.so", c_path, (long)getpid());
    reap_background();
    if (claim(lock) != 0)
        return;
    if (write_file(tmp_c, c_src, len) != 0 || cc_cmd_build(&cc, o, tmp_c, tmp_so, err, sizeof err) ||
        pipe(gate) != 0) {
        unlink(tmp_c);
        unlink(lock);
        return;
    }
    if (gate[0] < 3) { /* stdin was closed: keep the gate clear of the child's 0, 1, 2 */
        int high = fcntl(gate[0], F_DUPFD, 3);
        close(gate[0]);
        gate[0] = high;
    }
    fcntl(gate[1], F_SETFD, FD_CLOEXEC); /* no other child of ours holds the gate open */
    int n = 0;
    const char *head[] = {"sh", "-c", bg_script, "pvc-build", so_path, c_path, tmp_so, tmp_c, log, lock};
    for (size_t i = 0; i < sizeof head / sizeof *head; i++)
        argv[n++] = (char *)head[i];
    for (int i = 0; i < cc.argc; i++)
        argv[n++] = cc.argv[i];
    argv[n] = NULL;
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        setpriority(PRIO_PROCESS, 0, 19);
        /* first let go of everything of ours (a pipe reading our output, other builds' gates) */
        int fd = open("/dev/null", O_RDWR);
        if (fd >= 0)
            dup2(fd, 0), dup2(fd, 1), dup2(fd, 2);
        for (int i = 3; i < 256; i++)
            if (i != gate[0])
                close(i);
        struct pollfd p = {gate[0], POLLIN, 0};
        poll(&p, 1, BG_DELAY_MS); /* returns when this process has gone (EOF) */
        close(gate[0]);
        execve("/bin/sh", argv, environ);
        _exit(127);
    }
    close(gate[0]);
    if (pid < 0) {
        close(gate[1]);
        unlink(tmp_c);
        unlink(lock);
        return;
    }
    /* gate[1] stays open until this process exits (that is the signal), or until a later
     * reap finds the wait over; without a free slot it goes now and the build starts. */
    size_t i = 0;
    while (i < sizeof bg / sizeof *bg && bg[i].pid > 0)
        i++;
    if (i == sizeof bg / sizeof *bg) {
        close(gate[1]);
        return;
    }
    bg[i].pid = pid, bg[i].gate = gate[1];
    clock_gettime(CLOCK_MONOTONIC, &bg[i].at);
}

/* Keeps what build_in_background needs until pvc_native_close (the caller's strings may
 * be gone by then: they are copied). Without memory for the copy there is no build. */
static void defer_background(pvc_native *so, const pvc_native_opts *o, const char *c_path,
                             const char *c_src, size_t len)
{
    if (!(so->bg_src = malloc(len ? len : 1)))
        return;
    memcpy(so->bg_src, c_src, len);
    so->bg_len = len;
    snprintf(so->bg_c_path, sizeof so->bg_c_path, "%s", c_path);
    so->bg_opts = o ? *o : (pvc_native_opts){0};
    snprintf(so->bg_cc, sizeof so->bg_cc, "%s", cc_command(o));
    so->bg_opts.cc = so->bg_cc;
    snprintf(so->bg_cflags, sizeof so->bg_cflags, "%s", o && o->cflags ? o->cflags : "");
    so->bg_opts.cflags = o && o->cflags ? so->bg_cflags : NULL;
    snprintf(so->bg_inc, sizeof so->bg_inc, "%s", o && o->include_dir ? o->include_dir : ".");
    so->bg_opts.include_dir = so->bg_inc;
    snprintf(so->bg_dir, sizeof so->bg_dir, "%s", o && o->cache_dir ? o->cache_dir : "");
    so->bg_opts.cache_dir = o && o->cache_dir ? so->bg_dir : NULL;
    so->bg_opts.verbose = NULL;
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

static pvc_native *load_object(pvc_native *so, const char *so_path, char *err, size_t errlen)
{
    snprintf(so->path, sizeof so->path, "%s", so_path);
    so->handle = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
    if (!so->handle) {
        set_err(err, errlen, "cannot load %s: %s", so_path, dlerror());
        free(so);
        return NULL;
    }
    return so;
}

/* A miss: libtcc now (with cc into the cache in the background, or alone), or cc now. */
static pvc_native *build_miss(pvc_native *so, const char *c_src, size_t len, const pvc_native_opts *o,
                              const char *c_path, const char *so_path, char *err, size_t errlen)
{
    pvc_build_mode mode = mode_of(o);
    int flags = o && o->cflags && o->cflags[strspn(o->cflags, " \t")];
    int have_cc = cc_found(o);
    const char *cc = cc_command(o), *why = NULL;
    if (mode != PVC_BUILD_CC && flags)
        mode = PVC_BUILD_CC, why = "PVC_CFLAGS is set and only cc takes flags";
    else if (mode == PVC_BUILD_AUTO && !pvc_tcc_available())
        mode = PVC_BUILD_CC, why = "this pvc was built without libtcc";
    else if (mode == PVC_BUILD_CC)
        why = "PVC_NATIVE_BUILD=cc";
    if (mode != PVC_BUILD_CC) {
        struct timespec t0;
        char terr[512];
        clock_gettime(CLOCK_MONOTONIC, &t0);
        snprintf(so->path, sizeof so->path, "%s", so_path);
        so->tcc = pvc_tcc_compile(c_src, len, o && o->include_dir ? o->include_dir : ".", terr, sizeof terr);
        if (so->tcc && mode == PVC_BUILD_TCC) {
            say(o, "cache miss: compiled in process by libtcc (%.1f ms); nothing cached (PVC_NATIVE_BUILD=tcc)",
                ms_since(&t0));
            return so;
        }
        if (so->tcc && !have_cc) {
            say(o, "cache miss: compiled in process by libtcc (%.1f ms); nothing cached: no C compiler '%s'",
                ms_since(&t0), cc);
            return so;
        }
        if (so->tcc) {
            say(o, "cache miss: compiled in process by libtcc (%.1f ms); '%s -O2' builds %s in the background",
                ms_since(&t0), cc, so_path);
            defer_background(so, o, c_path, c_src, len);
            return so;
        }
        if (mode == PVC_BUILD_TCC || !have_cc) {
            set_err(err, errlen, "%s%s", pvc_tcc_available() ? terr : "this pvc was built without libtcc",
                    mode == PVC_BUILD_TCC ? "" : " (and no C compiler to fall back on)");
            free(so);
            return NULL;
        }
        why = pvc_tcc_available() ? terr : "no libtcc";
    }
    if (build_entry(o, c_path, so_path, c_src, len, err, errlen) != 0) {
        free(so);
        return NULL;
    }
    say(o, "cache miss: compiled %s with '%s' (%s)", so_path, cc, why);
    return load_object(so, so_path, err, errlen);
}

pvc_native *pvc_native_load(const char *c_src, size_t len, const pvc_native_opts *opts,
                            int *cache_hit, char *err, size_t errlen)
{
    char dir[4096], c_path[4200], so_path[4200];
    key128 k = {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL};

    key_feed(&k, c_src, len);
    key_feed_str(&k, cc_command(opts));
    key_feed_str(&k, opts ? opts->cflags : NULL);
    key_feed_headers(&k, opts ? opts->include_dir : NULL);
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
    say(opts, "cache key %016llx%016llx: the C text (%zu bytes), '%s', its flags '%s', the runtime "
        "headers of %s, the host's vector features (%s)", (unsigned long long)k.a,
        (unsigned long long)k.b, len, cc_command(opts), opts && opts->cflags ? opts->cflags : "",
        opts && opts->include_dir ? opts->include_dir : ".", host_isa());

    /* A hit needs the object and the identical C text beside it; PVC_BUILD_TCC never looks. */
    size_t old_len = 0;
    char *old = mode_of(opts) == PVC_BUILD_TCC ? NULL : slurp(c_path, &old_len);
    int hit = old && old_len == len && memcmp(old, c_src, len) == 0 && access(so_path, R_OK) == 0;
    free(old);
    if (cache_hit)
        *cache_hit = hit;

    pvc_native *so = calloc(1, sizeof *so);
    if (!so) {
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    if (!hit)
        return build_miss(so, c_src, len, opts, c_path, so_path, err, errlen);
    say(opts, "cache hit %s", so_path);
    return load_object(so, so_path, err, errlen);
}

void *pvc_native_sym(pvc_native *so, const char *name)
{
    if (!so)
        return NULL;
    return so->tcc ? pvc_tcc_sym(so->tcc, name) : dlsym(so->handle, name);
}

const char *pvc_native_path(const pvc_native *so)
{
    return so ? so->path : NULL;
}

int pvc_native_is_tcc(const pvc_native *so)
{
    return so && so->tcc;
}

void pvc_native_close(pvc_native *so)
{
    reap_background();
    if (!so)
        return;
    if (so->bg_src) {
        build_in_background(&so->bg_opts, so->bg_c_path, so->path, so->bg_src, so->bg_len);
        free(so->bg_src);
    }
    if (so->handle)
        dlclose(so->handle);
    pvc_tcc_free(so->tcc);
    free(so);
}
