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
    X(LIMIT,       "E011", "too many errors or too deep nesting")       \
    X(NOT_CONST,   "E012", "argument must be a compile-time constant")  \
    X(BAD_ENUM,    "E013", "enum member of the wrong kind")              \
    X(TYPE,        "E014", "argument of the wrong type")                 \
    X(STATIC_ADDR, "E015", "tile address or shape not a compile-time constant") \
    X(DIST,        "E016", "dist not legal for the register width")      \
    X(MISALIGNED,  "E017", "statically misaligned UB address")           \
    X(MASK_FORM,   "E018", "data form not allowed with a mask register") \
    X(MASK_GRAN,   "E019", "mask granularity wrong for the op")          \
    X(UNFLUSHED,   "E020", "store_unalign without a later store_unalign_post") \
    X(CAST,        "E021", "astype pair or mode not allowed by §5.4")     \
    X(UB_RANGE,    "E022", "tile outside the usable Unified Buffer")     \
    X(NOT_SUPPORTED, "E023", "form pvc does not support")

/* Warnings for the documented traps (docs/SEMANTICS.md decision 1): the call is accepted and
 * compiled as the device runs it, but does not do what it appears to say. The code is
 * printed at the end of the message, like an error's. */
#define PVC_WARNS(X)                                                              \
    X(MASK_OFFSET_DROPPED, "W001", "non-post offset on a mask store is dropped (§3.6)") \
    X(CMP_MASK_B16,   "W002", "store_unalign of a compare mask packs at 16 bits (§4.3)") \
    X(CAST_NOTE,      "W003", "astype accepted but runs differently (§5.4)")    \
    X(TILE_OVERLAP,   "W004", "tiles overlap in the Unified Buffer")          \
    X(US_DS_B16,      "W005", "generic US/DS/E2B resolves to another width (§2.2)") \
    X(MASK_B64,       "W006", "64-bit create_mask uses pset_b16 (§5.1, §8 #4)")  \
    X(FLUSH_NO_STRIDE, "W007", "2-argument store_unalign_post may hang (§4)")  \
    X(STU_NO_POST,    "W008", "store_unalign without post_update keeps the cursor (§4.2)") \
    X(VF_UNUSED,      "W009", "vector function never called, not compiled")

typedef enum {
#define X(id, code, text) PVC_W_##id,
    PVC_WARNS(X)
#undef X
    PVC_W_COUNT
} pvc_warn_kind;

static inline const char *pvc_warn_code(pvc_warn_kind k)
{
    static const char *const codes[] = {
#define X(id, code, text) code,
        PVC_WARNS(X)
#undef X
    };
    return (unsigned)k < PVC_W_COUNT ? codes[k] : "W???";
}

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
    unsigned long seen[64]; /* hashes of messages printed, to drop exact repeats */
    int nseen;
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
/* A located message without a code, severity "error" (counted) or "note": run-time faults
 * of a kernel (`pvc run`) and the second place that explains one. */
void pvc_report_at(pvc_diag *d, pvc_span at, const char *severity, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

_Noreturn void pvc_internal_error(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define PVC_BUG(...) pvc_internal_error(__FILE__, __LINE__, __VA_ARGS__)

#endif /* PVC_DIAG_H */
