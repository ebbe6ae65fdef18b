/* test_native.c - compile-and-load of emitted C, and its cache (compiler/emit/native.c). */
#include "emit/native.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int main(void)
{
    char dir[] = "/tmp/pvc-native-test-XXXXXX";
    char err[512];
    int hit = -1;
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    pvc_native_opts o = {.cc = NULL, .cflags = NULL, .include_dir = "runtime/include", .cache_dir = dir};

    /* first load compiles */
    pvc_native *so = pvc_native_load(src_add, strlen(src_add), &o, &hit, err, sizeof err);
    check(so != NULL, "first load compiles");
    check(hit == 0, "first load is a cache miss");
    int (*add3)(int) = so ? (int (*)(int))pvc_native_sym(so, "add3") : NULL;
    check(add3 && add3(4) == 7, "loaded function runs");
    check(so && pvc_native_sym(so, "nosuch") == NULL, "absent symbol is NULL");
    pvc_native_close(so);

    /* second load of the same text hits, even with cc made unusable */
    pvc_native_opts bad = o;
    bad.cc = "/nonexistent/cc";
    so = pvc_native_load(src_add, strlen(src_add), &o, &hit, err, sizeof err);
    check(so && hit == 1, "second load is a cache hit");
    pvc_native_close(so);

    /* different flags are a different key: with a missing compiler that must fail cleanly */
    so = pvc_native_load(src_add, strlen(src_add), &bad, &hit, err, sizeof err);
    check(so == NULL && strstr(err, "/nonexistent/cc") != NULL, "missing compiler is an error");

    /* a compile error is reported, nothing is cached */
    static const char broken[] = "int f(void) { return ; \n";
    so = pvc_native_load(broken, strlen(broken), &o, &hit, err, sizeof err);
    check(so == NULL && strstr(err, "failed") != NULL, "compile error is an error");

    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("note: could not remove %s\n", dir);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
