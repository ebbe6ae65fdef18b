/* run.h - `pvc run`: bind .npy files to a jit kernel's tensors, run it on a backend, compare.
 *
 *   pvc run FILE.py [--kernel NAME] [--backend sim|native]
 *           [--input P=FILE.npy]... [--output P=FILE.npy]... [--expect P=FILE.npy]...
 *           [--shape P=R,C]... [--scalar P=VALUE]... [--rtol R] [--atol A] [-v|--verbose]
 *           [--blocks N] [--threads T] [--timeout SECS]
 *           [--trace[=FILE]] [--stats] [--timeline FILE] [--max-ops N] [--strict-hazards]  (sim only)
 *
 * Exit status (docs/CLI.md): 0 every --expect matched, 1 diagnostics or a kernel
 * fault (printed as a located error at the DSL line), 2 usage error (bad option, unknown
 * kernel or parameter, unreadable or ill-typed .npy file or --scalar value), 3 an output differs from its
 * --expect, 4 internal error.
 */
#ifndef PVC_RUN_H
#define PVC_RUN_H

enum { PVC_EXIT_MISMATCH = 3 };

/* argv holds what follows `run` on the command line. Returns the exit status. The program
 * stays in the library's cache (lib/libpvc.h) until the caller calls pvc_cache_clear: a
 * process that runs many (tests/cases/pvc_cases.c) compiles each file once. */
int pvc_cmd_run(int argc, char **argv);

/* `pvc py [ARGS]` (py.c): replaces the process with Python running ARGS, pvc's package first
 * on the path. Returns only when it cannot (exit status 2, after a message). */
int pvc_cmd_py(int argc, char **argv);

#endif /* PVC_RUN_H */
