/* test_native.c - loading emitted C, its cache and how a miss is built (compiler/emit/native.c):
 * cc into the cache, libtcc in process, libtcc now with cc in the background, and the
 * fallbacks when cc is missing; -v's lines name the key and the choice. */
#include "emit/native.h"
#include "emit/native_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int passed, failed;

static void check(int ok, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL: %s\n", what);
    }
}

static const char src_add[] = "int add3(int x) { return x + 3; }\n";
static const char src_mul[] = "int mul5(int x) { return x * 5; }\n";
static const char src_sub[] = "int sub7(int x) { return x - 7; }\n";

/* Waits up to 60 s for the background build to leave path; 1 when it did. */
static int wait_for(const char *path)
{
    for (int i = 0; i < 1200; i++) {
        if (access(path, R_OK) == 0)
            return 1;
        nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
    return 0;
}

/* Loads src with o, captures -v, and calls fn(4) by name; the result or -1. */
static int call(const char *src, pvc_native_opts o, const char *fn, int *hit, int *tcc, char *said,
                size_t saidlen, char *err)
{
    char *buf = NULL;
    size_t len = 0;
    o.verbose = open_memstream(&buf, &len);
    pvc_native *so = pvc_native_load(src, strlen(src), &o, hit, err, 512);
    fclose(o.verbose);
    snprintf(said, saidlen, "%s", buf ? buf : "");
    free(buf);
    int (*f)(int) = so ? (int (*)(int))pvc_native_sym(so, fn) : NULL;
    int r = f ? f(4) : -1;
    *tcc = pvc_native_is_tcc(so);
    pvc_native_close(so);
    return r;
}

/* Copies the first n bytes of from to to (n < 0: all of it), mode 0644. */
static int copy_prefix(const char *from, const char *to, long n)
{
    size_t len = 0;
    FILE *f = fopen(from, "rb");
    static char buf[1 << 20];
    if (!f)
        return -1;
    len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    if (n >= 0 && (size_t)n < len)
        len = (size_t)n;
    FILE *g = fopen(to, "wb");
    if (!g)
        return -1;
    fwrite(buf, 1, len, g);
    fclose(g);
    return chmod(to, 0644);
}

/* native_cache.c on its own: the object checks, the lock, the sweep, the directory rules. */
static void cache_files(const char *dir)
{
    char so[4200], bad[4200], why[512], lock[4200], err[512];
    pvc_native_opts o = {.include_dir = "runtime/include", .cache_dir = dir, .mode = PVC_BUILD_CC};
    int hit;
    pvc_native *n = pvc_native_load(src_add, strlen(src_add), &o, &hit, err, sizeof err);
    snprintf(so, sizeof so, "%s", n ? pvc_native_path(n) : "");
    pvc_native_close(n);
    check(pvc_cache_object_ok(so, why, sizeof why) == 0, "cc's object passes the checks");
    snprintf(bad, sizeof bad, "%s/copy.so", dir);
    struct stat st;
    stat(so, &st);
    for (long cut = 0; cut < (long)st.st_size; cut += 997) { /* every truncation is caught */
        copy_prefix(so, bad, cut);
        if (pvc_cache_object_ok(bad, why, sizeof why) == 0) {
            printf("a copy cut at %ld of %ld bytes passed\n", cut, (long)st.st_size);
            check(0, "a truncated object fails the checks");
            break;
        }
    }
    copy_prefix(so, bad, -1);
    check(pvc_cache_object_ok(bad, why, sizeof why) == 0, "a whole copy passes");
    chmod(bad, 0664);
    check(pvc_cache_object_ok(bad, why, sizeof why) != 0 && strstr(why, "writable by others"),
          "a group-writable object fails");

    /* a held lock is refused at once to a second taker (another open file description) */
    snprintf(lock, sizeof lock, "%s/k.lock", dir);
    int fd = pvc_cache_lock(lock, 0);
    check(fd >= 0, "a free lock is taken");
    check(pvc_cache_lock(lock, 0) < 0, "a held lock is refused without waiting");
    pvc_cache_unlock(fd, lock);
    check(access(lock, F_OK) != 0, "unlock removes the lock file");
    fd = pvc_cache_lock(lock, 0);
    check(fd >= 0, "then it is free again");
    pvc_cache_unlock(fd, lock);

    /* the sweep: only this user's *.tmp.* files older than an hour */
    char old[4200], young[4200], other[4200];
    snprintf(old, sizeof old, "%s/a.1.tmp.c", dir);
    snprintf(young, sizeof young, "%s/b.2.tmp.c", dir);
    snprintf(other, sizeof other, "%s/c.failed.c", dir);
    copy_prefix(so, old, 10), copy_prefix(so, young, 10), copy_prefix(so, other, 10);
    struct timespec two_hours_ago[2] = {{time(NULL) - 7200, 0}, {time(NULL) - 7200, 0}};
    utimensat(AT_FDCWD, old, two_hours_ago, 0);
    utimensat(AT_FDCWD, other, two_hours_ago, 0);
    check(pvc_cache_sweep(dir) == 1 && access(old, F_OK) != 0 && access(young, F_OK) == 0 &&
              access(other, F_OK) == 0, "the sweep removes an old temporary only");

    /* the directory: too long, or writable by others, is refused */
    char longdir[PVC_CACHE_DIR_MAX + 64], got[PVC_CACHE_DIR_MAX + 1];
    memset(longdir, 'a', sizeof longdir - 1);
    longdir[0] = '/', longdir[sizeof longdir - 1] = '\0';
    check(pvc_cache_dir(longdir, got, sizeof got, err, sizeof err) != 0 && strstr(err, "more than the 4000"),
          "a cache directory over 4000 bytes is refused");
    check(pvc_cache_dir("/tmp", got, sizeof got, err, sizeof err) != 0 && strstr(err, "cache directory /tmp is"),
          "/tmp itself is refused");
    check(pvc_cache_dir(dir, got, sizeof got, err, sizeof err) == 0, "a mkdtemp directory is accepted");
}

int main(void)
{
    char dir[] = "/tmp/pvc-native-test-XXXXXX";
    char err[512], said[4096], path[4200];
    int hit = -1, tcc = -1;
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    pvc_native_opts o = {.include_dir = "runtime/include", .cache_dir = dir, .mode = PVC_BUILD_CC};

    /* cc: the first load compiles into the cache and says so */
    check(call(src_add, o, "add3", &hit, &tcc, said, sizeof said, err) == 7, "cc build runs");
    check(hit == 0 && !tcc, "first load is a cache miss built by cc");
    check(strstr(said, "cache key ") && strstr(said, "cache miss: compiled "), "-v names the key and cc");
    pvc_native *so = pvc_native_load(src_add, strlen(src_add), &o, &hit, err, sizeof err);
    check(so && pvc_native_sym(so, "nosuch") == NULL, "absent symbol is NULL");
    pvc_native_close(so);

    /* the second load of the same text hits, even with cc made unusable */
    pvc_native_opts bad = o;
    bad.cc = "/nonexistent/cc";
    check(call(src_add, o, "add3", &hit, &tcc, said, sizeof said, err) == 7 && hit == 1, "second load is a cache hit");
    check(strstr(said, "cache hit ") != NULL, "-v says cache hit");

    /* a different compiler is a different key: a missing one, with cc demanded, fails */
    so = pvc_native_load(src_add, strlen(src_add), &bad, &hit, err, sizeof err);
    check(so == NULL && strstr(err, "/nonexistent/cc") != NULL, "missing compiler is an error");

    /* a compile error is reported, nothing is cached */
    static const char broken[] = "int f(void) { return ; \n";
    so = pvc_native_load(broken, strlen(broken), &o, &hit, err, sizeof err);
    check(so == NULL && strstr(err, "failed") != NULL, "compile error is an error");

    if (pvc_native_have_tcc()) {
        /* libtcc alone: runs, caches nothing */
        pvc_native_opts t = o;
        t.mode = PVC_BUILD_TCC;
        check(call(src_mul, t, "mul5", &hit, &tcc, said, sizeof said, err) == 20 && tcc, "tcc build runs");
        check(strstr(said, "libtcc") && strstr(said, "nothing cached"), "-v says libtcc, nothing cached");
        check(call(src_mul, t, "mul5", &hit, &tcc, said, sizeof said, err) == 20 && hit == 0, "tcc caches nothing");
        check(pvc_native_load(broken, strlen(broken), &t, &hit, err, sizeof err) == NULL &&
                  strstr(err, "libtcc") != NULL, "tcc compile error is an error");

        /* auto: libtcc now, cc's object in the background, then a hit */
        t.mode = PVC_BUILD_AUTO;
        check(call(src_sub, t, "sub7", &hit, &tcc, said, sizeof said, err) == -3 && tcc, "auto runs the tcc build");
        check(strstr(said, "in the background") != NULL, "-v says cc builds in the background");
        const char *bg = strstr(said, "builds ");
        snprintf(path, sizeof path, "%.*s", bg ? (int)strcspn(bg + 7, " \n") : 0, bg ? bg + 7 : "");
        check(bg && wait_for(path), "the background build lands in the cache");
        char lock[4300]; /* KEY.lock beside KEY.so, removed when the build ends */
        snprintf(lock, sizeof lock, "%.*s.lock", (int)strlen(path) - 3, path);
        for (int i = 0; i < 100 && access(lock, F_OK) == 0; i++)
            nanosleep(&(struct timespec){0, 50000000}, NULL);
        check(call(src_sub, t, "sub7", &hit, &tcc, said, sizeof said, err) == -3 && hit == 1 && !tcc,
              "after it, auto loads cc's object");

        /* auto without a C compiler: the tcc build, nothing cached, and -v says why */
        t.cc = "/nonexistent/cc";
        check(call(src_mul, t, "mul5", &hit, &tcc, said, sizeof said, err) == 20 && tcc,
              "no cc: the tcc build runs");
        check(strstr(said, "no C compiler") != NULL, "-v says there is no C compiler");
    } else {
        /* without libtcc, auto is cc now */
        pvc_native_opts t = o;
        t.mode = PVC_BUILD_AUTO;
        check(call(src_mul, t, "mul5", &hit, &tcc, said, sizeof said, err) == 20 && !tcc, "no libtcc: cc now");
        check(strstr(said, "without libtcc") != NULL, "-v says there is no libtcc");
    }

    cache_files(dir);

    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("note: could not remove %s\n", dir);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
