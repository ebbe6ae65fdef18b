/* diag.h - located diagnostics (chibicc-style error_at) and internal errors.
 *
 *   file:line:col: error: message [E004]
 *       x = foo + 1
 *           ^
 * Columns are 1-based bytes. Each kind of user error has a stable code (PVC_DIAGS).
 * Compiler bugs go through PVC_BUG, which prints "internal error at FILE:LINE" and
 * exits with PVC_EXIT_INTERNAL, so they never look like a user's mistake.
 */
#ifndef PVC_DIAG_H
#define PVC_DIAG_H

#include <stddef.h>
#include <stdio.h>

/* Exit codes (ARCHITECTURE.md §4). */
enum { PVC_EXIT_OK = 0, PVC_EXIT_DIAG = 1, PVC_EXIT_USAGE = 2, PVC_EXIT_INTERNAL = 4 };

/* X(ID, "code", "kind of error") - one row per kind; the code never changes meaning. */
#define PVC_DIAGS(X)                                                     \
    X(SYNTAX,      "E001", "Python syntax error")                        \
    X(UNSUPPORTED, "E002", "construct outside the DSL subset")           \
    X(UNKNOWN_NAME,"E003", "unknown vf./pl. name or enum member")        \
    X(UNDEFINED,   "E004", "undefined variable")                         \
    X(ARGCOUNT,    "E005", "wrong number of arguments")                  \
    X(KEYWORD,     "E006", "unknown or repeated keyword argument")       \
    X(RESULTS,     "E007", "assignment does not match the op's results") \
    X(ANNOTATION,  "E008", "unsupported parameter annotation")           \
    X(LITERAL,     "E009", "literal out of range")                       \
    X(FUNCTION,    "E010", "bad function definition or call")           \
    X(LIMIT,       "E011", "too many errors or too deep nesting")

typedef enum {
#define X(id, code, text) PVC_E_##id,
    PVC_DIAGS(X)
#undef X
    PVC_E_COUNT
} pvc_diag_kind;

/* A source position, 1-based line and byte column. */
typedef struct {
    int line, col;
} pvc_span;

/* One input file, whole in memory (NUL-terminated; may also contain NULs). */
typedef struct {
    const char *name;
    char *text;
    size_t len;
} pvc_source;

typedef struct {
    const pvc_source *src;
    FILE *out;       /* where messages go; NULL counts them silently (fuzzer) */
    int nerrors, nwarnings;
    int max_errors;  /* after this many, one E011 note and silence */
} pvc_diag;

/* Reads path into src; on failure returns -1 with errno set. */
int pvc_source_load(pvc_source *src, const char *path);
/* Wraps a caller's buffer (copied) as a source named name. */
int pvc_source_from_mem(pvc_source *src, const char *name, const char *data, size_t len);
void pvc_source_free(pvc_source *src);

void pvc_diag_init(pvc_diag *d, const pvc_source *src, FILE *out);
void pvc_error_at(pvc_diag *d, pvc_span at, pvc_diag_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void pvc_warn_at(pvc_diag *d, pvc_span at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

_Noreturn void pvc_internal_error(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define PVC_BUG(...) pvc_internal_error(__FILE__, __LINE__, __VA_ARGS__)

#endif /* PVC_DIAG_H */
