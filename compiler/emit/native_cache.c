/* native_cache.c - where the native object cache lives and what of it is trusted
 * (native_cache.h): the per-user directory and its checks, the check of an object before it
 * is mapped, the per-entry build lock, the sweep of stale temporaries, and the host and
 * compiler identity that goes into the cache key. */
#define _GNU_SOURCE /* flock, realpath, fstatat */
#include "emit/native_cache.h"

#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h> /* without glibc's table (cpu_words) */
#endif

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    if (err && errlen) {
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ---- the directory ----------------------------------------------------------------------- */
/* mkdir -p with mode 0700 for every directory it creates (the XDG base directory rule). */
static int mkdir_p(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int bad = mkdir(path, 0700) != 0 && errno != EEXIST;
        *p = '/';
        if (bad)
            return -1;
    }
    return mkdir(path, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

/* Where the cache goes, before any check; -1 when the name is too long (never cut). */
static int choose_dir(const char *configured, char *out, size_t outlen, char *err, size_t errlen)
{
    const char *base, *tail = "", *from;
    char uidtail[32];
    if (configured)
        base = configured, from = "the configured cache directory";
    else if ((base = getenv("PVC_CACHE_DIR")) && *base)
        from = "$PVC_CACHE_DIR";
    else if ((base = getenv("XDG_CACHE_HOME")) && *base)
        tail = "/pvc", from = "$XDG_CACHE_HOME/pvc";
    else if ((base = getenv("HOME")) && *base)
        tail = "/.cache/pvc", from = "$HOME/.cache/pvc";
    else {
        snprintf(uidtail, sizeof uidtail, "/pvc-cache-%lu", (unsigned long)geteuid());
        base = "/tmp", tail = uidtail, from = "the cache directory";
    }
    size_t n = strlen(base) + strlen(tail);
    if (n == 0)
        return fail(err, errlen, "%s is empty", from);
    if (n > PVC_CACHE_DIR_MAX || n >= outlen)
        return fail(err, errlen, "%s is %zu bytes long, more than the %d pvc takes ('%.40s...')", from, n,
                    (int)PVC_CACHE_DIR_MAX, base);
    snprintf(out, outlen, "%s%s", base, tail);
    return 0;
}

int pvc_cache_dir(const char *configured, char *dir, size_t dirlen, char *err, size_t errlen)
{
    char want[PVC_CACHE_DIR_MAX + 1], canon[PATH_MAX];
    if (choose_dir(configured, want, sizeof want, err, errlen))
        return -1;
    struct stat st;
    if (stat(want, &st) != 0 && mkdir_p(want) != 0)
        return fail(err, errlen, "cannot create cache directory %s: %s", want, strerror(errno));
    if (!realpath(want, canon))
        return fail(err, errlen, "cache directory %s: %s", want, strerror(errno));
    if (strlen(canon) > PVC_CACHE_DIR_MAX || strlen(canon) >= dirlen)
        return fail(err, errlen, "cache directory %.40s... is %zu bytes long, more than the %d pvc takes",
                    canon, strlen(canon), (int)PVC_CACHE_DIR_MAX);
    if (pvc_cache_dir_safe(canon, err, errlen))
        return -1;
    snprintf(dir, dirlen, "%s", canon);
    return 0;
}

void pvc_cache_entry_init(pvc_cache_entry *e, const char *dir, const char *key)
{
    snprintf(e->key, sizeof e->key, "%s", key);
    snprintf(e->dir, sizeof e->dir, "%s", dir);
    snprintf(e->c, sizeof e->c, "%s/%s.c", dir, key);
    snprintf(e->so, sizeof e->so, "%s/%s.so", dir, key);
    snprintf(e->lock, sizeof e->lock, "%s/%s.lock", dir, key);
    snprintf(e->failed, sizeof e->failed, "%s/%s.failed.c", dir, key);
    snprintf(e->log, sizeof e->log, "%s/%s.so.log", dir, key);
}

/* Others may write to st (group or world), and nothing (the sticky bit) stops them from
 * renaming what they do not own. */
static int swappable(const struct stat *st)
{
    return (st->st_mode & (S_IWGRP | S_IWOTH)) && !(st->st_mode & S_ISVTX);
}

int pvc_cache_dir_safe(const char *dir, char *err, size_t errlen)
{
    struct stat st;
    uid_t me = geteuid();
    if (lstat(dir, &st) != 0)
        return fail(err, errlen, "cache directory %s: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return fail(err, errlen, "cache directory %s is not a directory", dir);
    if (st.st_uid != me)
        return fail(err, errlen, "cache directory %s is owned by uid %lu, not by this user (uid %lu): pvc "
                    "loads no object another user could have written; set PVC_CACHE_DIR to a directory of yours",
                    dir, (unsigned long)st.st_uid, (unsigned long)me);
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        return fail(err, errlen, "cache directory %s is writable by %s (mode %04o): pvc loads no object another "
                    "user could have written; chmod go-w it or set PVC_CACHE_DIR", dir,
                    st.st_mode & S_IWOTH ? "others" : "its group", (unsigned)(st.st_mode & 07777));
    char up[PATH_MAX];
    snprintf(up, sizeof up, "%s", dir);
    for (char *slash = strrchr(up, '/'); slash; slash = strrchr(up, '/')) {
        slash[slash == up] = '\0'; /* "/a/b" -> "/a" -> "/" */
        if (lstat(up, &st) != 0)
            return fail(err, errlen, "cache directory %s: %s: %s", dir, up, strerror(errno));
        if ((st.st_uid != 0 && st.st_uid != me) || swappable(&st))
            return fail(err, errlen, "cache directory %s is inside %s, which %s (mode %04o): another user could "
                        "put a directory of theirs in its place; set PVC_CACHE_DIR elsewhere", dir, up,
                        swappable(&st) ? "others can write to" : "another user owns",
                        (unsigned)(st.st_mode & 07777));
        if (!strcmp(up, "/"))
            break;
    }
    return 0;
}

/* ---- an object before it is mapped --------------------------------------------------------- */
#if UINTPTR_MAX > 0xffffffffu
typedef Elf64_Ehdr elf_ehdr;
typedef Elf64_Phdr elf_phdr;
#define PVC_ELFCLASS ELFCLASS64
#else
typedef Elf32_Ehdr elf_ehdr;
typedef Elf32_Phdr elf_phdr;
#define PVC_ELFCLASS ELFCLASS32
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define PVC_ELFDATA ELFDATA2MSB
#else
#define PVC_ELFDATA ELFDATA2LSB
#endif
#if defined(__x86_64__)
#define PVC_EM EM_X86_64
#elif defined(__aarch64__)
#define PVC_EM EM_AARCH64
#elif defined(__i386__)
#define PVC_EM EM_386
#else
#define PVC_EM 0 /* not checked */
#endif

/* [off, off + n) lies inside a file of `size` bytes (no overflow). */
static int inside(uint64_t off, uint64_t n, uint64_t size)
{
    return off <= size && n <= size - off;
}

static int read_at(int fd, void *buf, size_t n, uint64_t off)
{
    return pread(fd, buf, n, (off_t)off) == (ssize_t)n ? 0 : -1;
}

/* The ELF checks on an open file of `size` bytes. */
static int elf_whole(int fd, uint64_t size, char *why, size_t whylen)
{
    elf_ehdr h;
    if (size == 0)
        return fail(why, whylen, "it is empty");
    if (size < sizeof h || read_at(fd, &h, sizeof h, 0) || memcmp(h.e_ident, ELFMAG, SELFMAG))
        return fail(why, whylen, "it is not an ELF file (%llu bytes)", (unsigned long long)size);
    if (h.e_ident[EI_CLASS] != PVC_ELFCLASS || h.e_ident[EI_DATA] != PVC_ELFDATA ||
        (PVC_EM && h.e_machine != PVC_EM))
        return fail(why, whylen, "it is an ELF file for another machine");
    if (h.e_type != ET_DYN)
        return fail(why, whylen, "it is not a shared object (ELF type %u)", (unsigned)h.e_type);
    if (h.e_phentsize != sizeof(elf_phdr) || h.e_phnum == 0 ||
        !inside(h.e_phoff, (uint64_t)h.e_phnum * sizeof(elf_phdr), size))
        return fail(why, whylen, "its program headers are not inside its %llu bytes (truncated?)",
                    (unsigned long long)size);
    if (h.e_shoff && !inside(h.e_shoff, (uint64_t)(h.e_shnum ? h.e_shnum : 1) * h.e_shentsize, size))
        return fail(why, whylen, "its section headers are not inside its %llu bytes (truncated)",
                    (unsigned long long)size);
    elf_phdr p[16]; /* read 16 at a time: a cc object has about 10 */
    for (unsigned i = 0; i < h.e_phnum; i++) {
        unsigned at = i % 16, n = h.e_phnum - i < 16 ? h.e_phnum - i : 16;
        if (at == 0 && read_at(fd, p, n * sizeof *p, h.e_phoff + (uint64_t)i * sizeof *p))
            return fail(why, whylen, "cannot read its program headers");
        if (p[at].p_type == PT_LOAD && !inside(p[at].p_offset, p[at].p_filesz, size))
            return fail(why, whylen, "a loaded segment ends past its %llu bytes (truncated)",
                        (unsigned long long)size);
    }
    return 0;
}

int pvc_cache_object_ok(const char *path, char *why, size_t whylen)
{
    struct stat st;
    /* O_NOFOLLOW: a link is not an object we wrote; O_NONBLOCK: a FIFO does not block */
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return fail(why, whylen, "%s", errno == ELOOP ? "it is a symbolic link" : strerror(errno));
    int rc = 0;
    if (fstat(fd, &st) != 0)
        rc = fail(why, whylen, "%s", strerror(errno));
    else if (!S_ISREG(st.st_mode))
        rc = fail(why, whylen, "it is not a regular file");
    else if (st.st_uid != geteuid())
        rc = fail(why, whylen, "it is owned by uid %lu, not by this user", (unsigned long)st.st_uid);
    else if (st.st_mode & (S_IWGRP | S_IWOTH))
        rc = fail(why, whylen, "it is writable by others (mode %04o)", (unsigned)(st.st_mode & 07777));
    else
        rc = elf_whole(fd, (uint64_t)st.st_size, why, whylen);
    close(fd);
    return rc;
}

/* ---- the build lock --------------------------------------------------------------------------- */
/* flock(LOCK_EX) for at most PVC_CACHE_LOCK_WAIT seconds, polled (1 ms, then doubling up
 * to 20 ms): a build that hangs must not hang every later run of its kernel. */
static int lock_within(int fd, int wait)
{
    struct timespec t0, now, nap = {0, 1000000};
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0)
            return 0;
        if (errno != EWOULDBLOCK && errno != EINTR)
            return -1;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (!wait || now.tv_sec - t0.tv_sec >= PVC_CACHE_LOCK_WAIT)
            return -1;
        nanosleep(&nap, NULL);
        if (nap.tv_nsec < 20000000)
            nap.tv_nsec *= 2;
    }
}

int pvc_cache_lock(const char *path, int wait)
{
    for (int tries = 0; tries < 100; tries++) {
        struct stat held, now;
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0)
            return -1;
        if (lock_within(fd, wait) != 0) {
            close(fd);
            return -1;
        }
        /* the holder before us may have removed the file we locked: lock the one at path */
        if (fstat(fd, &held) == 0 && stat(path, &now) == 0 && held.st_dev == now.st_dev &&
            held.st_ino == now.st_ino)
            return fd;
        close(fd);
    }
    return -1;
}

void pvc_cache_unlock(int fd, const char *path)
{
    if (fd < 0)
        return;
    unlink(path);
    close(fd);
}

/* ---- stale temporaries ---------------------------------------------------------------------- */
enum { STALE_SECONDS = 3600 };

int pvc_cache_sweep(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int gone = 0;
    time_t old = time(NULL) - STALE_SECONDS;
    while (d && (e = readdir(d))) {
        struct stat st;
        if (!strstr(e->d_name, ".tmp.") || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISREG(st.st_mode) && st.st_uid == geteuid() && st.st_mtime < old &&
            unlinkat(dirfd(d), e->d_name, 0) == 0)
            gone++;
    }
    if (d)
        closedir(d);
    return gone;
}

/* ---- identity of the host and the compiler -------------------------------------------------- */
int pvc_cache_which(const char *cc, char *out, size_t outlen)
{
    char word[1024];
    cc += strspn(cc, " \t");
    size_t n = strcspn(cc, " \t");
    if (n == 0 || n >= sizeof word)
        return -1;
    snprintf(word, sizeof word, "%.*s", (int)n, cc);
    if (strchr(word, '/')) {
        snprintf(out, outlen, "%s", word);
        return access(word, X_OK) == 0 ? 0 : -1;
    }
    const char *p = getenv("PATH");
    for (p = p ? p : "/usr/bin:/bin"; *p;) {
        size_t len = strcspn(p, ":");
        snprintf(out, outlen, "%.*s/%s", (int)len, len ? p : ".", word);
        if (access(out, X_OK) == 0)
            return 0;
        p += len + (p[len] == ':');
    }
    return -1;
}

/* The CPU words -march=native reads, as hex (x86-64 with GCC or clang; else empty): the
 * cpuid leaves 1, 7 (subleaves 0 and 1), 0xd subleaf 1 and 0x80000001, and XCR0. EBX of
 * leaf 1 is left out: it holds the APIC id of whichever core ran the query. glibc has read
 * these leaves at startup (<sys/platform/x86.h>, glibc 2.33), which costs nothing here; each
 * cpuid instruction of our own costs about 15 us in a virtual machine (it traps), and a
 * query of five leaves was 3.6% of a warm run. Without glibc's table, cpuid it is. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#if defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#define PVC_GLIBC_CPUID 1
#endif
#endif
static const struct {
    unsigned leaf, sub;
    int glibc_index;
} cpu_leaves[] = {
#ifdef PVC_GLIBC_CPUID
    {1, 0, CPUID_INDEX_1}, {7, 0, CPUID_INDEX_7}, {7, 1, CPUID_INDEX_7_ECX_1}, {0xd, 1, CPUID_INDEX_D_ECX_1},
    {0x80000001, 0, CPUID_INDEX_80000001},
#else
    {1, 0, 0}, {7, 0, 0}, {7, 1, 0}, {0xd, 1, 0}, {0x80000001, 0, 0},
#endif
};

/* One leaf's four words (zero when the CPU lacks it). */
static void cpu_leaf(size_t i, unsigned w[4])
{
#ifdef PVC_GLIBC_CPUID
    const struct cpuid_feature *f = __x86_get_cpuid_feature_leaf((unsigned)cpu_leaves[i].glibc_index);
    for (int r = 0; r < 4; r++)
        w[r] = f ? f->cpuid_array[r] : 0;
#else
    if (!__get_cpuid_count(cpu_leaves[i].leaf, cpu_leaves[i].sub, &w[0], &w[1], &w[2], &w[3]))
        w[0] = w[1] = w[2] = w[3] = 0;
#endif
}
#endif

static void cpu_words(char *out, size_t outlen)
{
    out[0] = '\0';
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    size_t at = 0;
    unsigned w[4], ecx1 = 0;
    for (size_t i = 0; i < sizeof cpu_leaves / sizeof *cpu_leaves; i++) {
        cpu_leaf(i, w);
        if (cpu_leaves[i].leaf == 1)
            w[1] = 0, ecx1 = w[2];
        at += (size_t)snprintf(out + at, outlen - at, "%x.%x:%08x.%08x.%08x.%08x ", cpu_leaves[i].leaf,
                               cpu_leaves[i].sub, w[0], w[1], w[2], w[3]);
        if (at >= outlen)
            return;
    }
    unsigned lo = 0, hi = 0;
    if (ecx1 & (1u << 27)) /* OSXSAVE: xgetbv may be used */
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    snprintf(out + at, outlen - at, "xcr0:%08x%08x", hi, lo);
#endif
}

void pvc_cache_host_id(const char *cc, char *out, size_t outlen)
{
    char cpu[256], path[4200], canon[PATH_MAX];
    struct stat st;
    cpu_words(cpu, sizeof cpu);
    if (pvc_cache_which(cc, path, sizeof path) == 0 && realpath(path, canon) && stat(canon, &st) == 0)
        snprintf(out, outlen, "cpu %s; cc %s %lld bytes, mtime %lld", cpu, canon, (long long)st.st_size,
                 (long long)st.st_mtime);
    else
        snprintf(out, outlen, "cpu %s; cc not found", cpu);
}
