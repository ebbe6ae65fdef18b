/* native_cc.c - running the C compiler for the native cache (native_cc.h): now, or in the
 * background after this process has exited. */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include "emit/native_cc.h"
#include "emit/native_cache.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;


/* 0, or -1 with errno the first failure's. */
static int write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t put = fwrite(data, 1, len, f);
    int first = put != len ? errno : 0;
    if (fclose(f) != 0 && !first)
        first = errno;
    errno = first;
    return first ? -1 : 0;
}

/* ---- the cache directory's filesystem ------------------------------------------------------ */
/* Free bytes below which a failed build is blamed on the disk: an object and cc's own
 * temporaries take a few hundred KiB. */
enum { DISK_SLACK = 1 << 20 };

/* 1, with err saying so, when the cache directory's filesystem is why a build failed: full
 * or over quota (err_no ENOSPC / EDQUOT, or under DISK_SLACK bytes free) or read-only (EROFS,
 * or mounted so); the way out is another directory or no cache at all. 0 otherwise. */
static int disk_failure(const pvc_cache_entry *e, int err_no, char *err, size_t errlen)
{
    struct statvfs v;
    int have = statvfs(e->dir, &v) == 0;
    int ro = err_no == EROFS || (have && (v.f_flag & ST_RDONLY));
    int full = err_no == ENOSPC;
#ifdef EDQUOT
    full |= err_no == EDQUOT;
#endif
    unsigned long long avail = have ? (unsigned long long)v.f_bavail * v.f_frsize : 0;
    full |= have && avail < DISK_SLACK;
    if (!ro && !full)
        return 0;
    if (ro)
        pvc_native_fail(err, errlen, "the cache directory %s is on a read-only filesystem: set PVC_CACHE_DIR to "
                        "a writable directory, or PVC_NATIVE_BUILD=tcc to build in memory and cache nothing",
                        e->dir);
    else
        pvc_native_fail(err, errlen, "the cache directory %s is full (%llu KiB free on its filesystem): free "
                        "space, set PVC_CACHE_DIR to another directory, or PVC_NATIVE_BUILD=tcc to build in "
                        "memory and cache nothing", e->dir, avail / 1024);
    return 1;
}

/* ---- the command ------------------------------------------------------------------------- */
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
 * The object only ever runs where it was built: pvc_cache_host_id puts the CPU feature words
 * -march=native expands from into the cache key, so a cache shared between machines never
 * hands one an object it cannot run. -ffp-contract=off keeps any float expression unfused
 * (bit-exact under every cc: clang contracts by default). */
const char *const pvc_cc_fixed_flags[] = {"-std=c11", "-O2", "-fPIC", "-shared", "-ffp-contract=off",
#if defined(__x86_64__)
                                          "-march=native",
#endif
};
const size_t pvc_cc_nfixed = sizeof pvc_cc_fixed_flags / sizeof *pvc_cc_fixed_flags;

const char *pvc_cc_command(const pvc_native_opts *o)
{
    const char *cc = (o && o->cc) ? o->cc : getenv("CC");
    return cc && *cc ? cc : "cc";
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
    const char *cc = pvc_cc_command(o);
    c->argc = split_words(cc, c->ccbuf, sizeof c->ccbuf, c->argv, 0);
    if (c->argc <= 0)
        return pvc_native_fail(err, errlen, "bad compiler command '%s'", cc);
    snprintf(c->incflag, sizeof c->incflag, "-I%s", (o && o->include_dir) ? o->include_dir : ".");
    for (size_t i = 0; i < pvc_cc_nfixed; i++)
        c->argv[c->argc++] = (char *)pvc_cc_fixed_flags[i];
    c->argv[c->argc++] = c->incflag;
    c->argc = split_words(o ? o->cflags : NULL, c->flagbuf, sizeof c->flagbuf, c->argv, c->argc);
    if (c->argc < 0)
        return pvc_native_fail(err, errlen, "too many compiler flags");
    c->argv[c->argc++] = "-o";
    c->argv[c->argc++] = (char *)so_path;
    c->argv[c->argc++] = (char *)c_path;
    c->argv[c->argc] = NULL;
    return 0;
}

/* The command as a shell reads it: words with anything but [-+=/.,:_@A-Za-z0-9] quoted. */
static void cc_cmd_text(const cc_cmd *c, char *out, size_t outlen)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < c->argc && at < outlen; i++) {
        const char *w = c->argv[i];
        int plain = *w && strspn(w, "-+=/.,:_@abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") ==
                              strlen(w);
        at += (size_t)snprintf(out + at, outlen - at, "%s%s%s%s", i ? " " : "", plain ? "" : "'", w, plain ? "" : "'");
    }
}

/* ---- sanitizers --------------------------------------------------------------------------- */
/* The sanitizers whose runtime must be loaded before the program starts, by the name
 * -fsanitize= takes and a symbol of their runtime. */
static const struct {
    const char *name, *runtime;
} early_sanitizers[] = {
    {"address", "__asan_init"}, {"thread", "__tsan_init"}, {"memory", "__msan_init"}, {"hwaddress", "__hwasan_init"},
};

int pvc_cc_check_sanitizers(const char *cflags, char *err, size_t errlen)
{
    for (const char *p = cflags; p && (p = strstr(p, "-fsanitize="));) {
        p += strlen("-fsanitize=");
        size_t n = strcspn(p, " \t");
        for (size_t i = 0; i < sizeof early_sanitizers / sizeof *early_sanitizers; i++) {
            const char *name = early_sanitizers[i].name;
            size_t len = strlen(name);
            for (const char *q = p; q < p + n; q += strcspn(q, ",") + (q[strcspn(q, ",")] == ',')) {
                if (strncmp(q, name, len) || (q[len] != ',' && q[len] != ' ' && q[len] != '\t' && q[len]))
                    continue;
                if (!dlsym(RTLD_DEFAULT, early_sanitizers[i].runtime))
                    return pvc_native_fail(err, errlen, "the C flags ask for -fsanitize=%s, whose runtime must be loaded before "
                                "the program starts, and this pvc was built without it: a kernel object built so cannot "
                                "be loaded (a pvc built with it, as by 'make SAN=1' for address, can)", name);
            }
        }
        p += n;
    }
    return 0;
}

/* ---- a build now --------------------------------------------------------------------------- */
/* Runs the command; 0, or -1 with err saying how it went wrong. */
static int run_cc(const cc_cmd *c, char *err, size_t errlen)
{
    pid_t pid;
    int rc = posix_spawnp(&pid, c->argv[0], NULL, NULL, c->argv, environ);
    if (rc != 0)
        return pvc_native_fail(err, errlen, "cannot run C compiler '%s': %s", c->argv[0], strerror(rc));
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return pvc_native_fail(err, errlen, "waitpid: %s", strerror(errno));
    if (WIFSIGNALED(status))
        return pvc_native_fail(err, errlen, "killed by signal %d", WTERMSIG(status));
    if (WEXITSTATUS(status) != 0)
        return pvc_native_fail(err, errlen, "exit status %d", WEXITSTATUS(status));
    return 0;
}

/* A failed build: its C kept as e->failed, and err says what failed and how to run the
 * compiler on that file again (writing beside it, as KEY.failed.so). */
static int failed_build(const pvc_native_opts *o, const pvc_cache_entry *e, const char *tmp_c, const char *what,
                        const char *why, char *err, size_t errlen)
{
    char so[PVC_CACHE_DIR_MAX + 80], text[3072];
    cc_cmd c;
    snprintf(so, sizeof so, "%.*sso", (int)(strlen(e->failed) - 1), e->failed);
    if (disk_failure(e, 0, err, errlen)) /* the C is not the problem: not kept */
        return -1;
    int kept = rename(tmp_c, e->failed) == 0;
    if (!kept || cc_cmd_build(&c, o, e->failed, so, NULL, 0))
        return pvc_native_fail(err, errlen, "the C compiler '%s' %s (%s)", pvc_cc_command(o), what, why);
    cc_cmd_text(&c, text, sizeof text);
    return pvc_native_fail(err, errlen, "the C compiler '%s' %s (%s) on the C kept as %s; to reproduce: %s", pvc_cc_command(o),
                what, why, e->failed, text);
}

int pvc_cc_build(const pvc_native_opts *o, const pvc_cache_entry *e, char *err, size_t errlen)
{
    char tmp_c[PVC_CACHE_DIR_MAX + 80], tmp_so[PVC_CACHE_DIR_MAX + 80], why[256];
    cc_cmd c;
    snprintf(tmp_c, sizeof tmp_c, "%s/%s.%ld.tmp.c", e->dir, e->key, (long)getpid());
    snprintf(tmp_so, sizeof tmp_so, "%s/%s.%ld.tmp.so", e->dir, e->key, (long)getpid());
    if (cc_cmd_build(&c, o, tmp_c, tmp_so, err, errlen))
        return -1;
    if (write_file(tmp_c, e->text, e->len) != 0) {
        int why_not = errno;
        if (!disk_failure(e, why_not, err, errlen))
            pvc_native_fail(err, errlen, "cannot write %s: %s", tmp_c, strerror(why_not));
        unlink(tmp_c);
        return -1;
    }
    int rc = 0;
    if (run_cc(&c, why, sizeof why) != 0) {
        rc = !strncmp(why, "cannot run", 10) ? pvc_native_fail(err, errlen, "%s", why)
                                            : failed_build(o, e, tmp_c, "failed", why, err, errlen);
    } else if (access(tmp_so, F_OK) != 0) {
        rc = failed_build(o, e, tmp_c, "produced no object", "exit status 0", err, errlen);
    } else if (pvc_cache_object_ok(tmp_so, why, sizeof why) != 0) {
        rc = failed_build(o, e, tmp_c, "produced no usable object", why, err, errlen);
    } else if (rename(tmp_so, e->so) != 0 || rename(tmp_c, e->c) != 0) {
        int why_not = errno;
        if (!disk_failure(e, why_not, err, errlen))
            rc = pvc_native_fail(err, errlen, "cannot store %s: %s", e->so, strerror(why_not));
        rc = -1;
    }
    unlink(tmp_c);
    unlink(tmp_so);
    return rc;
}

/* ---- the first-run compiler of a process without libtcc ------------------------------------------ */
int pvc_tcc_helper(char *out, size_t outlen)
{
    Dl_info info;
    if (!dladdr((void *)pvc_tcc_helper, &info) || !info.dli_fname)
        return -1;
    const char *slash = strrchr(info.dli_fname, '/');
    int dir = slash ? (int)(slash - info.dli_fname) : 1;
    if ((size_t)snprintf(out, outlen, "%.*s/pvc", dir, slash ? info.dli_fname : ".") >= outlen)
        return -1;
    return access(out, X_OK) == 0 ? 0 : -1;
}

int pvc_tcc_helper_build(const char *helper, const pvc_cache_entry *e, const char *include_dir,
                         const char *tmp_so, char *err, size_t errlen)
{
    char tmp_c[PVC_CACHE_DIR_MAX + 80];
    snprintf(tmp_c, sizeof tmp_c, "%s/%s.%ld.tcc.c", e->dir, e->key, (long)getpid());
    if (write_file(tmp_c, e->text, e->len) != 0) {
        int why_not = errno;
        if (!disk_failure(e, why_not, err, errlen))
            pvc_native_fail(err, errlen, "cannot write %s: %s", tmp_c, strerror(why_not));
        unlink(tmp_c);
        return -1;
    }
    char *argv[] = {(char *)helper, "tcc-object", (char *)include_dir, tmp_c, (char *)tmp_so, NULL};
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int status = 0, rc = posix_spawn_file_actions_init(&fa);
    if (!rc) /* its libtcc messages: cc, which runs next when it fails, says what matters */
        rc = posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    if (!rc)
        rc = posix_spawn(&pid, helper, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    while (!rc && waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            rc = errno;
    unlink(tmp_c);
    if (rc)
        return pvc_native_fail(err, errlen, "cannot run '%s tcc-object': %s", helper, strerror(rc));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return pvc_native_fail(err, errlen, "'%s tcc-object' failed", helper);
    return 0;
}

/* ---- a build in the background ---------------------------------------------------------------- */
/* The background build, run by sh: cc at the lowest priority on the temporary C text, its
 * output in the log; on success (an object that is not empty) the object and then the C
 * text take their final names (as pvc_cc_build) and the log goes, on failure the C stays as
 * KEY.failed.c beside the log, unless the disk failed (under 1 MiB free, as disk_failure
 * judges, or cc's messages in the C locale say so: then neither stays); the temporaries go
 * either way, and the lock file, which sh
 * holds as descriptor 9 (the compiler does not get it), goes while it is still held.
 * $1 object, $2 C text, $3 $4 their temporaries, $5 log, $6 lock, $7 failed C; then the
 * cc command. */
#define BG_SCRIPT \
    "so=$1 c=$2 tso=$3 tc=$4 log=$5 lock=$6 failed=$7; shift 7; " \
    "if command -v nice >/dev/null 2>&1; then set -- nice -n 19 \"$@\"; fi; " \
    "if LC_ALL=C \"$@\" >\"$log\" 2>&1 9>&- && [ -s \"$tso\" ] && mv -f \"$tso\" \"$so\" && mv -f \"$tc\" \"$c\"; " \
    "then rm -f \"$log\"; " \
    "elif [ \"$(df -Pk \"${so%/*}\" 2>/dev/null | awk 'NR == 2 { print $4 }')\" -lt 1024 ] 2>/dev/null || " \
    "grep -q -e 'No space left on device' -e 'Disk quota exceeded' -e 'Read-only file system' \"$log\" 2>/dev/null; " \
    "then rm -f \"$log\"; else mv -f \"$tc\" \"$failed\"; fi; " \
    "rm -f \"$tso\" \"$tc\" \"$lock\""
static const char bg_script[] = BG_SCRIPT;
/* The same when spawned from a host that stays (below): it waits BG_DELAY_MS itself. */
static const char bg_script_delayed[] = "sleep 0.25 2>/dev/null || sleep 1; " BG_SCRIPT;

/* How long a background build waits for the run that started it to end (below). */
enum { BG_DELAY_MS = 250, BG_LOCK_FD = 9 };

/* Background builds this process started, reaped when they are done (a long-lived host
 * that loads kernels keeps no zombies; pvc itself exits first and leaves them to init),
 * each with the write end of its gate (below), closed once the build has started. */
static struct {
    pid_t pid;
    int gate;
    struct timespec at;
} bg[16];

void pvc_cc_reap(void)
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

/* The child, between fork and exec (async-signal-safe calls only): its own process group
 * (Ctrl-C on the terminal does not reach the build), the lowest priority, nothing of ours
 * but the lock (as BG_LOCK_FD) and /dev/null; then the wait for the parent to exit. */
static void bg_child(int gate, int lock_fd, char **argv)
{
    setpgid(0, 0);
    setpriority(PRIO_PROCESS, 0, 19);
    int fd = open("/dev/null", O_RDWR);
    if (fd >= 0)
        dup2(fd, 0), dup2(fd, 1), dup2(fd, 2);
    for (int i = 3; i < 256; i++)
        if (i != gate && i != lock_fd)
            close(i);
    struct pollfd p = {gate, POLLIN, 0};
    poll(&p, 1, BG_DELAY_MS); /* returns when the parent has gone (EOF) */
    close(gate);
    if (lock_fd != BG_LOCK_FD) {
        if (dup2(lock_fd, BG_LOCK_FD) < 0)
            _exit(127);
        close(lock_fd);
    } else {
        fcntl(lock_fd, F_SETFD, 0); /* kept across exec */
    }
    execve("/bin/sh", argv, environ);
    _exit(127);
}

/* The optimised object, built by sh at the lowest priority in a process group of its own
 * with no descriptor of ours but /dev/null and the lock, so a pipe reading pvc's output
 * closes when pvc exits. It starts once this process has exited (or after BG_DELAY_MS, for a
 * host that stays): started at once, as posix_spawn did, sh and cc took a CPU from the end
 * of the first run on a loaded 2-core machine, whose wall time then exceeded its CPU time by
 * 2-6 ms, more than its own work (BENCHMARKS.md). So it is forked, not spawned (posix_spawn
 * returns only once the child has exec'd); the child blocks at once on a pipe whose write
 * end only this process holds, and execs sh when that closes. Its argv is built before the
 * fork. */
/* The spawned form, for a host that stays (a library: the Python process of a test run):
 * fork would copy its page tables (130 ms for a Python holding torch on a loaded 2-core
 * machine, more than the first run's own work), posix_spawn does not; the script sleeps
 * BG_DELAY_MS instead of waiting on a gate. 0, or -1 when it could not start. */
static int spawn_background(char **argv, int lock_fd)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    pid_t pid;
    int rc = posix_spawn_file_actions_init(&fa);
    if (rc)
        return -1;
    if (posix_spawnattr_init(&at)) {
        posix_spawn_file_actions_destroy(&fa);
        return -1;
    }
    for (int fd = 0; fd < 3 && !rc; fd++)
        rc = posix_spawn_file_actions_addopen(&fa, fd, "/dev/null", O_RDWR, 0);
    if (!rc)
        rc = posix_spawn_file_actions_adddup2(&fa, lock_fd, BG_LOCK_FD); /* kept across exec */
    if (!rc)
        rc = posix_spawn_file_actions_addclosefrom_np(&fa, BG_LOCK_FD + 1);
    if (!rc)
        rc = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP) || posix_spawnattr_setpgroup(&at, 0);
    if (!rc)
        rc = posix_spawn(&pid, "/bin/sh", &fa, &at, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    if (rc)
        return -1;
    size_t i = 0; /* reaped later when there is a slot, else left to init when the host exits */
    while (i < sizeof bg / sizeof *bg && bg[i].pid > 0)
        i++;
    if (i < sizeof bg / sizeof *bg)
        bg[i].pid = pid, bg[i].gate = -1, clock_gettime(CLOCK_MONOTONIC, &bg[i].at);
    return 0;
}

void pvc_cc_build_in_background(const pvc_native_opts *o, const pvc_cache_entry *e, int lock_fd, int host_stays)
{
    char tmp_c[PVC_CACHE_DIR_MAX + 80], tmp_so[PVC_CACHE_DIR_MAX + 80];
    cc_cmd cc;
    char *argv[MAX_ARGS + 16];
    int gate[2];
    snprintf(tmp_c, sizeof tmp_c, "%s/%s.%ld.bg.tmp.c", e->dir, e->key, (long)getpid());
    snprintf(tmp_so, sizeof tmp_so, "%s/%s.%ld.bg.tmp.so", e->dir, e->key, (long)getpid());
    pvc_cc_reap();
    if (write_file(tmp_c, e->text, e->len) != 0 || cc_cmd_build(&cc, o, tmp_c, tmp_so, NULL, 0) ||
        (!host_stays && pipe(gate) != 0)) {
        unlink(tmp_c);
        pvc_cache_unlock(lock_fd, e->lock);
        return;
    }
    int n = 0;
    const char *head[] = {"sh", "-c", host_stays ? bg_script_delayed : bg_script, "pvc-build", e->so, e->c, tmp_so,
                          tmp_c, e->log, e->lock, e->failed};
    for (size_t i = 0; i < sizeof head / sizeof *head; i++)
        argv[n++] = (char *)head[i];
    for (int i = 0; i < cc.argc; i++)
        argv[n++] = cc.argv[i];
    argv[n] = NULL;
    if (host_stays) {
        if (spawn_background(argv, lock_fd) != 0) {
            unlink(tmp_c);
            pvc_cache_unlock(lock_fd, e->lock);
            return;
        }
        close(lock_fd); /* the child holds the lock now */
        return;
    }
    if (gate[0] < 3) { /* stdin was closed: keep the gate clear of the child's 0, 1, 2 */
        int high = fcntl(gate[0], F_DUPFD, 3);
        close(gate[0]);
        gate[0] = high;
    }
    fcntl(gate[1], F_SETFD, FD_CLOEXEC); /* no other child of ours holds the gate open */
    pid_t pid = fork();
    if (pid == 0)
        bg_child(gate[0], lock_fd, argv);
    close(gate[0]);
    if (pid < 0) {
        close(gate[1]);
        unlink(tmp_c);
        pvc_cache_unlock(lock_fd, e->lock);
        return;
    }
    close(lock_fd); /* the child holds the lock now */
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
