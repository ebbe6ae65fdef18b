/* ioutil.c - reading regular files, atomic sinks, file identity, standard streams
 * (ioutil.h). */
#define _GNU_SOURCE /* fopencookie: a sink's stream remembers why its first write failed */
#include "base/ioutil.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int pvc_io_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* What a path that is not a regular file is, for "not a regular file (a FIFO)". */
static const char *kind_of(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISSOCK(m) ? "a socket" : "not a file";
}

static int not_regular(const struct stat *st, char *err, size_t errlen)
{
    if (S_ISDIR(st->st_mode))
        return pvc_io_fail(err, errlen, "%s", strerror(EISDIR));
    return pvc_io_fail(err, errlen, "not a regular file (%s)", kind_of(st->st_mode));
}

/* ---- reading ------------------------------------------------------------------------- */
int pvc_io_open_regular(const char *path, int *fd, uint64_t *size, char *err, size_t errlen)
{
    struct stat st;
    *fd = -1;
    /* Looked at before it is opened: opening a device can have effects, a FIFO blocks. */
    if (stat(path, &st) != 0)
        return pvc_io_fail(err, errlen, "%s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return not_regular(&st, err, errlen);
    /* O_NONBLOCK: should it have become a FIFO since, open must not wait for a writer. */
    int f = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (f < 0)
        return pvc_io_fail(err, errlen, "%s", strerror(errno));
    if (fstat(f, &st) != 0 || !S_ISREG(st.st_mode)) {
        int rc = S_ISREG(st.st_mode) ? pvc_io_fail(err, errlen, "%s", strerror(errno)) : not_regular(&st, err, errlen);
        close(f);
        return rc;
    }
    int flags = fcntl(f, F_GETFL);
    if (flags >= 0)
        fcntl(f, F_SETFL, flags & ~O_NONBLOCK);
    *fd = f;
    *size = (uint64_t)st.st_size;
    return 0;
}

int pvc_io_read_exact(int fd, void *buf, size_t n, char *err, size_t errlen)
{
    char *p = buf;
    while (n > 0) {
        ssize_t got = read(fd, p, n > (size_t)SSIZE_MAX ? (size_t)SSIZE_MAX : n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return pvc_io_fail(err, errlen, "%s", strerror(errno));
        if (got == 0)
            return pvc_io_fail(err, errlen, "the file ended early (it changed while pvc read it)");
        p += got;
        n -= (size_t)got;
    }
    return 0;
}

int pvc_io_read_file(const char *path, size_t limit, const char *limit_text, char **buf,
                     size_t *len, char *err, size_t errlen)
{
    int fd;
    uint64_t size;
    *buf = NULL;
    *len = 0;
    if (pvc_io_open_regular(path, &fd, &size, err, errlen))
        return -1;
    if (size > limit) {
        close(fd);
        return pvc_io_fail(err, errlen, "the file has %llu bytes, more than the %s pvc reads",
                    (unsigned long long)size, limit_text);
    }
    char *b = malloc((size_t)size + 1);
    if (!b) {
        close(fd);
        return pvc_io_fail(err, errlen, "%s", strerror(ENOMEM));
    }
    if (pvc_io_read_exact(fd, b, (size_t)size, err, errlen)) {
        free(b);
        close(fd);
        return -1;
    }
    close(fd);
    b[size] = '\0';
    *buf = b;
    *len = (size_t)size;
    return 0;
}

/* ---- temporaries a signal removes ------------------------------------------------------ */
/* A list that only grows (entries are marked dead, not unlinked), so the signal handler can
 * walk it at any moment without a lock. Used only once pvc_io_cleanup_on_signals was called:
 * the command line writes a handful of files per run. */
typedef struct tmp_slot {
    struct tmp_slot *next;
    atomic_int live;
    char path[];
} tmp_slot;

static _Atomic(tmp_slot *) tmp_slots;
static atomic_int cleanup_on;

static tmp_slot *slot_add(const char *path)
{
    if (!atomic_load(&cleanup_on))
        return NULL;
    size_t n = strlen(path) + 1;
    tmp_slot *s = malloc(sizeof *s + n);
    if (!s)
        return NULL; /* the file is written all the same; a signal would leave it */
    memcpy(s->path, path, n);
    atomic_init(&s->live, 1);
    s->next = atomic_load(&tmp_slots);
    while (!atomic_compare_exchange_weak(&tmp_slots, &s->next, s))
        ;
    return s;
}

static void slot_drop(void *slot)
{
    if (slot)
        atomic_store(&((tmp_slot *)slot)->live, 0);
}

void pvc_io_remove_temporaries(void)
{
    int saved = errno;
    for (tmp_slot *s = atomic_load(&tmp_slots); s; s = s->next)
        if (atomic_load(&s->live))
            unlink(s->path); /* async-signal-safe */
    errno = saved;
}

static void remove_temporaries(int sig)
{
    pvc_io_remove_temporaries();
    raise(sig); /* SA_RESETHAND made it the default action again: die of it */
}

void pvc_io_cleanup_on_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
    atomic_store(&cleanup_on, 1);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction old, sa = {.sa_handler = remove_temporaries, .sa_flags = SA_RESETHAND};
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
    signal(SIGXFSZ, SIG_IGN); /* a file-size limit: EFBIG from write, reported */
}

/* ---- destinations ---------------------------------------------------------------------- */
/* The directory part of path ("." for a bare name) and where the last component starts. */
static char *dir_of(const char *path, const char **name)
{
    const char *slash = strrchr(path, '/');
    *name = slash ? slash + 1 : path;
    if (!slash)
        return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = '\0';
    }
    return d;
}

/* path with its symlinks followed as far as they lead: a dangling link leads to the name
 * it holds, which is then created. NULL and err on a loop or an unreadable link. */
static char *follow_links(const char *path, char *err, size_t errlen)
{
    char *cur = strdup(path);
    for (int hops = 0; cur && hops < 40; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur; /* the end, existing or not: open or create reports the rest */
        char target[PATH_MAX];
        ssize_t n = readlink(cur, target, sizeof target - 1);
        if (n < 0) {
            pvc_io_fail(err, errlen, "%s", strerror(errno));
            free(cur);
            return NULL;
        }
        target[n] = '\0';
        const char *name;
        char *dir = target[0] == '/' ? NULL : dir_of(cur, &name);
        size_t len = (dir ? strlen(dir) + 1 : 0) + (size_t)n + 1;
        char *next = malloc(len);
        if (next)
            snprintf(next, len, "%s%s%s", dir ? dir : "", dir ? "/" : "", target);
        free(dir);
        free(cur);
        cur = next;
    }
    if (cur) {
        free(cur);
        pvc_io_fail(err, errlen, "%s", strerror(ELOOP));
    } else
        pvc_io_fail(err, errlen, "%s", strerror(ENOMEM));
    return NULL;
}

/* A fresh name beside path: "<path>.tmp.<pid>.<n>", or "<dir>/pvc.tmp.<pid>.<n>" when the
 * name would pass NAME_MAX. */
static char *temp_name(const char *path)
{
    static atomic_uint counter;
    unsigned n = atomic_fetch_add(&counter, 1);
    const char *name;
    char *dir = dir_of(path, &name);
    if (!dir)
        return NULL;
    char suffix[48];
    snprintf(suffix, sizeof suffix, ".tmp.%ld.%u", (long)getpid(), n);
    int own = strlen(name) + strlen(suffix) <= NAME_MAX;
    size_t len = strlen(dir) + strlen(name) + strlen(suffix) + 8;
    char *t = malloc(len);
    if (t && own)
        snprintf(t, len, "%s%s", path, suffix);
    else if (t)
        snprintf(t, len, "%s/pvc%s", dir, suffix);
    free(dir);
    return t;
}

/* A sink's stream writes through these so that the reason of the first failed write is
 * kept: stdio forgets it once a later flush has nothing left to write. */
typedef struct {
    int fd;
    int err;            /* errno of the first failed write, 0 none */
} sink_io;

static ssize_t sink_write(void *cookie, const char *buf, size_t n)
{
    sink_io *io = cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(io->fd, buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (!io->err)
                io->err = w < 0 ? errno : EIO;
            return done ? (ssize_t)done : -1;
        }
        done += (size_t)w;
    }
    return (ssize_t)done;
}

static int sink_close(void *cookie)
{
    sink_io *io = cookie;
    int rc = close(io->fd);
    if (rc != 0 && !io->err)
        io->err = errno;
    return rc;
}

/* The stream of fd; the sink owns both (fclose closes fd, sink_free frees io). */
static FILE *sink_stream(pvc_sink *s, int fd)
{
    sink_io *io = malloc(sizeof *io);
    FILE *f = io ? fopencookie(io, "w", (cookie_io_functions_t){.write = sink_write, .close = sink_close}) : NULL;
    if (!f) {
        free(io);
        return NULL;
    }
    *io = (sink_io){fd, 0};
    s->io = io;
    return f;
}

static int sink_errno(const pvc_sink *s)
{
    return s->io ? ((const sink_io *)s->io)->err : 0;
}

static void sink_free(pvc_sink *s)
{
    slot_drop(s->slot);
    free(s->path);
    free(s->tmp);
    free(s->io);
    *s = (pvc_sink){0};
}

/* The temporary: created beside the destination (never over anything), with the
 * destination's owner and permission bits when it exists, else 0666 less the umask as a new
 * file. */
static int open_temp(pvc_sink *s, const struct stat *dest, char *err, size_t errlen)
{
    int fd = -1, e = EEXIST;
    for (int tries = 0; fd < 0 && e == EEXIST && tries < 100; tries++) {
        free(s->tmp);
        if (!(s->tmp = temp_name(s->path))) {
            e = ENOMEM;
            break;
        }
        fd = open(s->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        e = fd < 0 ? errno : 0;
    }
    if (fd < 0) { /* s->tmp is not ours (EEXIST) or not there: forget it */
        const char *name;
        char *dir = dir_of(s->path, &name);
        pvc_io_fail(err, errlen, "cannot create a file in '%s': %s", dir ? dir : ".", strerror(e));
        free(dir);
        free(s->tmp);
        s->tmp = NULL;
        return -1;
    }
    s->slot = slot_add(s->tmp);
    if (dest) { /* what it replaces keeps its owner (where we may give it) and its mode */
        int chowned = fchown(fd, dest->st_uid, dest->st_gid) == 0;
        fchmod(fd, dest->st_mode & (chowned ? 07777 : 00777)); /* set-id bits only with the owner */
    }
    if (!(s->f = sink_stream(s, fd))) {
        pvc_io_fail(err, errlen, "%s", strerror(ENOMEM));
        close(fd);
        return -1; /* the caller's abort removes the temporary */
    }
    return 0;
}

/* Where and how to write path: in place (an existing file that is not regular), or a
 * temporary for the symlink-free destination. *dest is its stat when it exists. */
static int sink_target(pvc_sink *s, const char *path, struct stat *dest, int *exists, int *in_place,
                       char *err, size_t errlen)
{
    struct stat st;
    *exists = *in_place = 0;
    if (!*path)
        return pvc_io_fail(err, errlen, "%s", strerror(ENOENT));
    int found = stat(path, &st) == 0;
    if (found && S_ISDIR(st.st_mode))
        return pvc_io_fail(err, errlen, "%s", strerror(EISDIR));
    if (found && !S_ISREG(st.st_mode)) {
        *in_place = 1; /* /dev/null, a terminal, a FIFO, /proc/self/fd/N of a pipe */
        s->path = strdup(path);
        return s->path ? 0 : pvc_io_fail(err, errlen, "%s", strerror(ENOMEM));
    }
    if (!(s->path = follow_links(path, err, errlen)))
        return -1;
    const char *name;
    free(dir_of(s->path, &name));
    if (!*name) /* "dir/": a directory's name, to be created as a file */
        return pvc_io_fail(err, errlen, "%s", strerror(EISDIR));
    *exists = stat(s->path, dest) == 0;
    return 0;
}

int pvc_sink_open(pvc_sink *s, const char *path, char *err, size_t errlen)
{
    struct stat dest;
    int exists, in_place;
    *s = (pvc_sink){0};
    if (sink_target(s, path, &dest, &exists, &in_place, err, errlen)) {
        sink_free(s);
        return -1;
    }
    if (in_place) {
        int fd = open(s->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0 || !(s->f = sink_stream(s, fd))) {
            pvc_io_fail(err, errlen, "%s", strerror(fd < 0 ? errno : ENOMEM));
            if (fd >= 0)
                close(fd);
            sink_free(s);
            return -1;
        }
        return 0;
    }
    if (open_temp(s, exists ? &dest : NULL, err, errlen)) {
        pvc_sink_abort(s);
        return -1;
    }
    return 0;
}

/* The rename is durable once the directory is synced; a file system that cannot sync a
 * directory has nothing more to offer, so failures here are not the write's. */
static void sync_dir(const char *path)
{
    const char *name;
    char *dir = dir_of(path, &name);
    int fd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

int pvc_sink_commit(pvc_sink *s, char *err, size_t errlen)
{
    int e = 0, fd = ((sink_io *)s->io)->fd;
    if (fflush(s->f) != 0 || ferror(s->f))
        e = sink_errno(s) ? sink_errno(s) : EIO;
    if (!e && s->tmp && fsync(fd) != 0)
        e = errno;
    if (fclose(s->f) != 0 && !e)
        e = sink_errno(s) ? sink_errno(s) : EIO;
    s->f = NULL;
    if (!e && s->tmp && rename(s->tmp, s->path) != 0)
        e = errno;
    if (e) {
        if (s->tmp)
            unlink(s->tmp); /* pvc's own temporary; the destination is untouched */
        pvc_io_fail(err, errlen, "%s", strerror(e));
    } else if (s->tmp)
        sync_dir(s->path);
    sink_free(s);
    return e ? -1 : 0;
}

void pvc_sink_abort(pvc_sink *s)
{
    if (s->f)
        fclose(s->f);
    if (s->tmp)
        unlink(s->tmp);
    sink_free(s);
}

int pvc_sink_check(const char *path, char *err, size_t errlen)
{
    pvc_sink s = {0};
    struct stat dest;
    int exists, in_place, rc = sink_target(&s, path, &dest, &exists, &in_place, err, errlen);
    if (!rc && in_place && access(s.path, W_OK) != 0)
        rc = pvc_io_fail(err, errlen, "%s", strerror(errno));
    else if (!rc && !in_place)
        rc = open_temp(&s, NULL, err, errlen);
    pvc_sink_abort(&s); /* closes and removes the temporary, if one was made */
    return rc;
}

int pvc_io_write_file(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    pvc_sink s;
    if (pvc_sink_open(&s, path, err, errlen))
        return -1;
    if (len)
        fwrite(data, 1, len, s.f); /* a failure stays in the stream; commit reports it */
    return pvc_sink_commit(&s, err, errlen);
}

/* ---- identity -------------------------------------------------------------------------- */
int pvc_io_file_id(const char *path, pvc_file_id *id)
{
    struct stat st;
    *id = (pvc_file_id){0};
    if (stat(path, &st) == 0) {
        *id = (pvc_file_id){.exists = 1, .regular = S_ISREG(st.st_mode), .dev = (uint64_t)st.st_dev,
                            .ino = (uint64_t)st.st_ino};
        return 0;
    }
    char *end = follow_links(path, NULL, 0);
    const char *name;
    char *dir = end ? dir_of(end, &name) : NULL;
    int rc = -1;
    if (dir && stat(dir, &st) == 0 && strlen(name) < sizeof id->name) {
        id->dev = (uint64_t)st.st_dev;
        id->ino = (uint64_t)st.st_ino;
        memcpy(id->name, name, strlen(name) + 1);
        rc = 0;
    }
    free(dir);
    free(end);
    return rc;
}

int pvc_io_same_file(const pvc_file_id *a, const pvc_file_id *b)
{
    if (a->exists != b->exists || a->dev != b->dev || a->ino != b->ino)
        return 0;
    return a->exists || strcmp(a->name, b->name) == 0;
}

/* ---- standard streams ------------------------------------------------------------------ */
static int stdout_errno; /* why an earlier flush of stdout failed */

void pvc_io_flush_stdout(void)
{
    errno = 0;
    if (fflush(stdout) != 0 && !stdout_errno)
        stdout_errno = errno;
}

int pvc_io_finish(int status)
{
    errno = 0;
    int out_bad = fflush(stdout) != 0, e = out_bad ? errno : 0;
    out_bad |= ferror(stdout) != 0;
    e = e ? e : stdout_errno;
    if (out_bad)
        fprintf(stderr, "pvc: error: cannot write standard output%s%s\n", e ? ": " : "",
                e ? strerror(e) : "");
    int err_bad = fflush(stderr) != 0 || ferror(stderr);
    return (out_bad || err_bad) && status == 0 ? 1 : status;
}
