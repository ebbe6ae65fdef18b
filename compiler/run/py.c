/* py.c - `pvc py [ARGS]`: Python with pvc's package first on the path (run.h).
 *
 * Runs Debian's /usr/bin/python3 ($PVC_PYTHON overrides it) with ARGS, after putting this
 * tree's python/ (the pvc, pypto_pro, torch_npu and pypto packages) in front of PYTHONPATH and
 * naming the libpvc.so next to this pvc in PVC_LIB (unless PVC_LIB is set). So
 * `pvc py test_x.py` and `pvc py -m pytest -n auto` run pypto_pro tests on the CPU. The
 * process becomes Python: the exit status is Python's.
 *
 * A pvc built with ASan (SAN=1) loads libpvc.so built with ASan too, whose runtime must be
 * the first library of the process: the sanitizer runtimes this pvc runs with go into
 * LD_PRELOAD, and leak checking is off (Python itself never frees everything).
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir/diag.h"
#include "run/run.h"

#ifndef PVC_PYTHON_DIR
#define PVC_PYTHON_DIR "python"
#endif

static int fail(const char *fmt, const char *arg)
{
    fputs("pvc py: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return PVC_EXIT_USAGE;
}

/* PVC_LIB = the libpvc.so in this executable's directory. */
static int set_lib(void)
{
    char exe[PATH_MAX], lib[PATH_MAX + 16];
    const char *env = getenv("PVC_LIB");
    if (env && *env)
        return 0;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return fail("cannot find this pvc's directory (/proc/self/exe: %s); set PVC_LIB",
                    strerror(errno));
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    *slash = '\0';
    snprintf(lib, sizeof lib, "%s/libpvc.so", exe);
    if (access(lib, R_OK) != 0)
        return fail("%s is missing: build it with make", lib);
    return setenv("PVC_LIB", lib, 1) ? fail("%s", strerror(errno)) : 0;
}

static int set_path(void)
{
    const char *old = getenv("PYTHONPATH");
    size_t n = strlen(PVC_PYTHON_DIR) + (old ? strlen(old) : 0) + 2;
    char *path = malloc(n);
    if (!path)
        return fail("%s", "out of memory");
    snprintf(path, n, "%s%s%s", PVC_PYTHON_DIR, old && *old ? ":" : "", old && *old ? old : "");
    int rc = setenv("PYTHONPATH", path, 1);
    free(path);
    return rc ? fail("%s", strerror(errno)) : 0;
}

#if defined(__SANITIZE_ADDRESS__)
/* Appends the file that defines sym to buf (':'-separated). */
static void add_runtime_of(const char *sym, char *buf, size_t n)
{
    Dl_info info;
    void *p = dlsym(RTLD_DEFAULT, sym);
    if (p && dladdr(p, &info) && info.dli_fname && strstr(info.dli_fname, ".so")) {
        size_t used = strlen(buf);
        snprintf(buf + used, n - used, "%s%s", used ? ":" : "", info.dli_fname);
    }
}

static void preload_sanitizers(void)
{
    char buf[2 * PATH_MAX] = "";
    add_runtime_of("__asan_init", buf, sizeof buf);
    add_runtime_of("__ubsan_handle_add_overflow", buf, sizeof buf);
    if (buf[0])
        setenv("LD_PRELOAD", buf, 1);
    setenv("ASAN_OPTIONS", "detect_leaks=0", 0);
}
#else
static void preload_sanitizers(void) {}
#endif

int pvc_cmd_py(int argc, char **argv)
{
    const char *python = getenv("PVC_PYTHON");
    if (!python || !*python)
        python = "/usr/bin/python3";
    int rc = set_lib();
    if (rc || (rc = set_path()))
        return rc;
    preload_sanitizers();
    char **args = calloc((size_t)argc + 2, sizeof *args);
    if (!args)
        return fail("%s", "out of memory");
    args[0] = (char *)python;
    for (int i = 0; i < argc; i++)
        args[i + 1] = argv[i];
    execv(python, args);
    rc = fail("cannot run %s (make deps installs python3, python3-torch and python3-pytest)", python);
    free(args);
    return rc;
}
