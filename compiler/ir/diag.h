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

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>

/* Exit codes (docs/CLI.md). */
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
    X(MASK_GRAN,   "E019", "retired: a coarser mask is warning W033")    \
    X(UNFLUSHED,   "E020", "store_unalign without a later store_unalign_post") \
    X(CAST,        "E021", "astype pair or mode not allowed by §5.4")     \
    X(UB_RANGE,    "E022", "tile outside the usable Unified Buffer")     \
    X(NOT_SUPPORTED, "E023", "form pvc does not support")                \
    X(LOWERING,    "E024", "a call the lowering rejects though the docs offer it (§12 T1, T3, T16; §17.8 C-T15)") \
    X(NO_KERNEL,   "E025", "no @pl.jit kernel and no @pl.vector_function in the file") \
    X(ASSERT,      "E027", "assert that is false at compile time") \
    X(CUBE_RULE,   "E028", "cube op whose operands break a rule of the cube side (§17)") \
    X(STRUCT,      "E029", "pl.struct, pl.struct_array, pl.make_tuple or a tiling class used as pypto_pro refuses (§16.8)")

/* Warnings for the documented traps (docs/SEMANTICS.md decision 1): the call is accepted and
 * compiled as the device runs it, but does not do what it appears to say. The code is
 * printed at the end of the message, like an error's. X(ID, "code", "trap", "meaning"): the
 * trap is its id in docs/SEMANTICS.md §12 (Tn) or §17.8 (C-Tn), "" for the traps of §1-§8,
 * named by section. */
#define PVC_WARNS(X)                                                                          \
    X(MASK_OFFSET_DROPPED, "W001", "", "non-post offset on a mask store is dropped (§3.6)")   \
    X(MASK_PACK_WIDTH, "W002", "", "mask store_unalign packs at the mask's width, not the tile's (§4.3)") \
    X(CAST_NOTE,      "W003", "", "astype accepted but runs differently (§5.4)")             \
    X(TILE_OVERLAP,   "W004", "", "tiles overlap in the Unified Buffer")                    \
    X(US_DS_B16,      "W005", "", "generic US/DS/E2B resolves to another width (§2.2)")     \
    X(MASK_B64,       "W006", "", "64-bit create_mask uses pset_b16 (§5.1, §8 #4)")          \
    X(FLUSH_NO_STRIDE, "W007", "", "2-argument store_unalign_post may hang (§4)")           \
    X(STU_NO_POST,    "W008", "", "store_unalign without post_update keeps the cursor (§4.2)") \
    X(VF_UNUSED,      "W009", "", "vector function never called, not compiled")            \
    X(B64_ARITH,      "W010", "T2", "64-bit (or 8-bit div) integer arithmetic: one vector instruction the sources do not document; pvc wraps") \
    X(SHIFT_REG_WIDTH, "W011", "T4", "a shift register of 8, 16 or 64 bits: the lowering reads it as 32-bit lanes") \
    X(UNSQUEEZE,      "W012", "T5", "unsqueeze is an exclusive prefix count of mask bits, not 0/1 per lane") \
    X(SUM_B16,        "W013", "T6", "reduce_sum of 16-bit integers writes a 32-bit sum into lanes 0-1") \
    X(DATABLOCK_REDUCE, "W014", "T7", "datablock reduction packs the 8 block results into lanes 0..7") \
    X(INTLV_B64,      "W015", "T8", "interleave/de_interleave of 64-bit registers is unverified") \
    X(INDEX_B64,      "W016", "T9", "64-bit gather/scatter: the index register is read as u32/u16 lanes") \
    X(MASK_GEN_CHUNK, "W017", "T10", "mask_gen_with_reg_tensor's offset picks a chunk of the register, not a bit") \
    X(ARANGE_DEC,     "W018", "T11", "arange DECREASE_ORDER counts down to start: lane i = start + N-1-i") \
    X(ARANGE_DEC_B64, "W019", "T12", "64-bit arange DECREASE_ORDER gives start + 2^32 - i") \
    X(USTREAM_FLAGS,  "W020", "T13", "post_update / count / repeat_stride are not read: loads move the cursor only with a stride, vf.store always advances") \
    X(SQUEEZE_MODE,   "W021", "T14", "squeeze without gather_mode runs STORE_REG, not NO_STORE_REG") \
    X(SUBC_POLARITY,  "W022", "T15", "subc's borrow output is carry-style: 1 = no borrow") \
    X(UNDEF_DST,      "W023", "T17", "the op reads a destination register no op wrote before") \
    X(MULS_B8,        "W024", "T18", "muls on 8-bit integers is a native vmuls, not vdup + vmul") \
    X(FULL_MASK_BITS, "W025", "T19", "a mask with all bits of each element set is used at another width") \
    X(FLOAT_LITERAL,  "W026", "T20", "a float literal reaches the device as its six-decimal text") \
    X(MASK_NO_DTYPE,  "W027", "T21", "a mask made without dtype= is UINT16: interleave/unsqueeze run at b16") \
    X(GATHER_B8_B16,  "W028", "T22", "an 8-bit tile gathered into a 16-bit register is a 16-bit gather") \
    X(REASSIGN,       "W029", "T23", "a re-assigned register keeps its first dtype and kind") \
    X(UPDATE_MASK_N,  "W030", "T24", "update_mask's count is taken as uint32: negative means all lanes") \
    X(SQZN_ORDER,     "W031", "", "squeeze(STORE_REG) and the count-less store_unalign must alternate (§10.9)") \
    X(TILE_SIZE,      "W032", "", "pl.make_tile size= smaller than the tile: only size bytes are reserved") \
    X(MASK_COARSE,    "W033", "", "a mask coarser than the op's elements leaves the lanes between its bits off (§1.2)") \
    X(HAZARD_TOLERATED, "W034", "", "a vector load after a store through the same tile with no VST_VLD barrier, which the tile's address register orders on the device (§5.6)") \
    X(TILE_VALID,     "W040", "", "a tile op reads its sources at the destination's valid shape, not their own (§15.2)") \
    X(TILE_FUSED,     "W041", "", "a fused tile op overwrites its first source with the intermediate result (§15.11)") \
    X(TILE_DIM,       "W042", "", "dim= other than 0 reduces or broadcasts columns, not the last axis (§15.7)") \
    X(TILE_MASK_PITCH, "W043", "", "pl.select reads the mask rows at a pitch of cols bytes: a mask tile wider than 8 bits breaks rows >= 1 (§15.9)") \
    X(TILE_CAST_ODD,  "W044", "", "pl.RoundMode.CAST_ODD rounds to odd only FP32 -> FP16; here it runs as CAST_NONE (§15.6)") \
    X(TILE_SORT32,    "W045", "", "pl.sort32 sorts whole blocks of 32 and writes 32 records per block, whatever the valid shape and dst's size (§15.24)") \
    X(TILE_MRGSORT2,  "W046", "", "pl.mrgsort2's arguments reach TMRGSORT in call order, read as (dst, src0, tmp, src1, ...) (§15.25)") \
    X(CUBE_MATMUL_ACC, "W050", "C-T2", "pl.matmul_acc adds into dst's old value: acc_tile only gives the type (§17.5.3)") \
    X(CUBE_BLOCK_IDX, "W051", "C-T1", "pl.get_block_idx() outside the sections of a mixed kernel is b on the cube core but 2b + subblock on a vector core (§17.1)") \
    X(CUBE_SPLIT_VALID, "W052", "C-T13", "a DualModeSplit move rounds the Acc tile's valid shape up, and later ops on the tile read the rounded shape (§17.4.4)") \
    X(CUBE_K_TAIL,    "W053", "C-T14", "a matmul whose K is not a multiple of C0: the device may multiply rhs rows from K to the fractal edge, which an ND -> NZ load leaves stale (§17.4.1)") \
    X(CUBE_SCALE_F32, "W054", "C-T15", "a scalar scale= into FP32 (QF322F32_PRE) is only about 1e-3 accurate on the device; pvc multiplies in FP32 (§17.6.3)") \
    X(CUBE_DEQ_SIGNED, "W055", "C-T16", "an INT8 output from a run-time integer deq word: bit 46 (signed) is set whatever the word says (§17.6.3)") \
    X(VEC_SUBBLOCK,   "W056", "C-T17", "a vector-only kernel runs one vector core per block: pl.get_subblock_idx() is 0 (§6)")

typedef enum {
    PVC_W_NONE = -1,
#define X(id, code, trap, text) PVC_W_##id,
    PVC_WARNS(X)
#undef X
    PVC_W_COUNT
} pvc_warn_kind;

/* A row of PVC_WARNS: its code ("W010"), trap id ("T2"; "" for a divergence of §1-§8) and
 * text; an out-of-range kind gets the "W???" row. */
typedef struct {
    const char *code, *trap, *text;
} pvc_warn_row;

static inline const pvc_warn_row *pvc_warn_row_of(pvc_warn_kind k)
{
    static const pvc_warn_row rows[] = {
#define X(id, code, trap, text) {code, trap, text},
        PVC_WARNS(X)
#undef X
        {"W???", "", ""},
    };
    return &rows[(unsigned)k < PVC_W_COUNT ? k : PVC_W_COUNT];
}

static inline const char *pvc_warn_code(pvc_warn_kind k) { return pvc_warn_row_of(k)->code; }
static inline const char *pvc_warn_text(pvc_warn_kind k) { return pvc_warn_row_of(k)->text; }
static inline const char *pvc_warn_trap(pvc_warn_kind k) { return pvc_warn_row_of(k)->trap; }

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

/* A diagnostic as data, for a caller that collects them instead of reading text (the
 * library, compiler/lib/libpvc.h). The strings live only during the sink's call. */
typedef struct {
    const char *severity;  /* "error", "warning" or "note" */
    const char *file;
    int line, col;         /* 1-based; 0 when the message has no place in the file */
    const char *code;      /* "E004", "W005", or "" */
    const char *message;   /* the text after "severity: ", without the " [code]" */
    const char *rendered;  /* exactly what pvc prints: the located line, source line, caret */
} pvc_diag_record;
typedef void (*pvc_diag_sink)(void *arg, const pvc_diag_record *r);

typedef struct {
    const pvc_source *src;
    FILE *out;       /* where messages go; NULL counts them silently (fuzzer) */
    pvc_diag_sink sink; /* also hands every message to sink(sink_arg, ...); NULL: off */
    void *sink_arg;
    int nerrors, nwarnings;
    int max_errors;  /* after this many, one E011 note and silence */
    unsigned long seen[64]; /* hashes of messages printed, to drop exact repeats */
    int nseen;
    /* Muted ranges, pairs [from, to) of positions: what is reported inside one is dropped,
     * not counted, and so are the notes after a dropped error (libpvc's per-kernel load
     * compiles a file again without the functions that had errors, lib/program.c). */
    const pvc_span *mute;
    int nmute;
    int muted;      /* the last error was dropped */
} pvc_diag;

/* The largest source file pvc reads. Kernel files are kilobytes (the largest real pypto_pro
 * test file is under 200 KB); a file of many megabytes is a data file or a mistake, and the
 * syntax tree and IR of a file cost a multiple of its size. */
#define PVC_SOURCE_MAX ((size_t)64 << 20)
#define PVC_SOURCE_MAX_TEXT "64 MiB"

/* Reads path into src: a regular file (not a FIFO, a device or a directory) of at most
 * PVC_SOURCE_MAX bytes (base/ioutil.h). -1 with the reason in err on failure. */
int pvc_source_read(pvc_source *src, const char *path, char *err, size_t errlen);
/* The same without the reason (tests, benchmarks). */
int pvc_source_load(pvc_source *src, const char *path);
/* Wraps a caller's buffer (copied) as a source named name. */
int pvc_source_from_mem(pvc_source *src, const char *name, const char *data, size_t len);
void pvc_source_free(pvc_source *src);

void pvc_diag_init(pvc_diag *d, const pvc_source *src, FILE *out);

/* diag_echo.c. Prints line `line` of src and a caret under byte column `col`: control bytes
 * and invalid UTF-8 escaped as \xHH, a line wider than 160 columns cut to 160 around the
 * caret ("..." at a cut end), the caret aligned with what was printed. */
void pvc_diag_echo_line(FILE *out, const pvc_source *src, int line, int col);
/* A message made fit for a terminal: escaped as the echo is (newlines kept), and longer than
 * 2048 bytes, its head and tail around "..."; malloc'd, NULL when out of memory. */
char *pvc_diag_clean(const char *msg);
void pvc_error_at(pvc_diag *d, pvc_span at, pvc_diag_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void pvc_warn_at(pvc_diag *d, pvc_span at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A located message without a code, severity "error" (counted) or "note": run-time faults
 * of a kernel (`pvc run`) and the second place that explains one. */
void pvc_report_at(pvc_diag *d, pvc_span at, const char *severity, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Internal errors exit, unless the calling thread set a trap: while pvc_bug_trap points at
 * a jmp_buf, PVC_BUG writes its message into pvc_bug_text and longjmps there (the library
 * returns it as a diagnostic; what the failed call allocated is leaked, it was a bug). */
extern _Thread_local jmp_buf *pvc_bug_trap;
extern _Thread_local char pvc_bug_text[512];

_Noreturn void pvc_internal_error(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define PVC_BUG(...) pvc_internal_error(__FILE__, __LINE__, __VA_ARGS__)

/* Memory ran out (docs/ARCHITECTURE.md §7, B23): not a bug, one error wherever it happens (the parser's
 * arena, the IR, the simulator). Without a trap: "pvc: error: out of memory" on stderr and
 * exit 1. With one: pvc_bug_text is "out of memory", pvc_bug_oom is set, and it longjmps
 * there as PVC_BUG does (the library reports an error, not an internal one). */
extern _Thread_local int pvc_bug_oom;
_Noreturn void pvc_out_of_memory(void);

#endif /* PVC_DIAG_H */
