/* test_native.c - loading emitted C, its cache and how a miss is built (compiler/emit/native.c):
 * cc into the cache, libtcc in process, libtcc now with cc in the background, and the
 * fallbacks when cc is missing; -v's lines name the key and the choice. */
#include "emit/native.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
        char lock[4300];
        snprintf(lock, sizeof lock, "%s.lock", path);
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

    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("note: could not remove %s\n", dir);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
