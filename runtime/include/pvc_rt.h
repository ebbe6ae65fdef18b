/* pvc_rt.h - the pvc runtime: a bit-exact host model of the Ascend 950 (dav-3510)
 * vector-function register semantics. The one public header of runtime/.
 *
 * Every rule here implements docs/SEMANTICS.md (cited as §n). Both backends call
 * these functions: the C that `pvc compile` emits, and the in-process simulator.
 *
 * Naming follows tree-sitter: pvc_<object>_<verb>, types pvc_<object>.
 *
 * Sections: dtypes; registers (vreg, mreg, unaligned regs); UB context and faults;
 * tiles/cursors/AddrReg; load_align dists; store_align dists; mask loads/stores; the
 * unaligned family; mask generators; compares; masked register ops; casts.
 * Every op takes the pvc_ctx first and addresses UB by byte address, an int64_t computed
 * exactly (saturating, never wrapping): an access outside [0, PVC_UB_BYTES) faults UB_BOUNDS
 * whatever the address, however far out.
 * Implementation: runtime/src/<concern>.c; runtime/README.md maps each [I] rule to its home.
 */
#ifndef PVC_RT_H
#define PVC_RT_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------
 * Data types (§1.1). One row each: X(NAME, pypto name, bits, kind).
 * bits is the storage width of one element; FP4/INT4 are 4 (two per byte).
 * kind: S signed int, U unsigned int, F IEEE-like float, Q 8/4-bit storage-only float.
 * ------------------------------------------------------------------------------------- */
#define PVC_DTYPES(X)                        \
    X(INT4,      "DT_INT4",      4,  S)      \
    X(INT8,      "DT_INT8",      8,  S)      \
    X(UINT8,     "DT_UINT8",     8,  U)      \
    X(INT16,     "DT_INT16",     16, S)      \
    X(UINT16,    "DT_UINT16",    16, U)      \
    X(INT32,     "DT_INT32",     32, S)      \
    X(UINT32,    "DT_UINT32",    32, U)      \
    X(INT64,     "DT_INT64",     64, S)      \
    X(UINT64,    "DT_UINT64",    64, U)      \
    X(FP16,      "DT_FP16",      16, F)      \
    X(BF16,      "DT_BF16",      16, F)      \
    X(FP32,      "DT_FP32",      32, F)      \
    X(FP8E4M3FN, "DT_FP8E4M3FN", 8,  Q)      \
    X(FP8E5M2,   "DT_FP8E5M2",   8,  Q)      \
    X(FP8E8M0,   "DT_FP8E8M0",   8,  Q)      \
    X(HF8,       "DT_HF8",       8,  Q)      \
    X(FP4E2M1,   "DT_FP4E2M1",   4,  Q)      \
    X(FP4E1M2,   "DT_FP4E1M2",   4,  Q)      \
    X(BOOL,      "DT_BOOL",      8,  U)      /* one byte, 0 or 1 (torch.bool) */

typedef enum {
#define X(name, pyname, bits, kind) PVC_DT_##name,
    PVC_DTYPES(X)
#undef X
    PVC_DT_COUNT
} pvc_dtype;

typedef enum { PVC_KIND_S, PVC_KIND_U, PVC_KIND_F, PVC_KIND_Q } pvc_dtype_kind;

typedef struct {
    const char *name;    /* "FP32" */
    const char *pyname;  /* "DT_FP32" as written after pl. */
    unsigned bits;       /* 4, 8, 16, 32, 64 */
    pvc_dtype_kind kind;
} pvc_dtype_info;

extern const pvc_dtype_info pvc_dtype_table[PVC_DT_COUNT];

/* Bytes one element occupies in a register lane; FP4/INT4 lanes are bytes (§1.1). A switch
 * over the table's rows rather than a read of pvc_dtype_table, so that a constant dtype (a
 * tile's, in emitted C) folds to a constant. */
static inline unsigned pvc_dtype_lane_bytes(pvc_dtype t)
{
    switch (t) {
#define X(name, pyname, bits, kind) case PVC_DT_##name: return (bits) < 8 ? 1u : (bits) / 8u;
    PVC_DTYPES(X)
#undef X
    default: return 1u;
    }
}

/* ---------------------------------------------------------------------------------------
 * Registers (§1.1 - §1.4, Appendix B).
 *
 *   pvc_vreg: 256 bytes, little-endian elements; element i of width w at b[w*i .. w*i+w-1]
 *
 *     byte  0   1   2   3   4   5   6   7  ...  252 253 254 255
 *     b8   e0  e1  e2  e3  e4  e5  e6  e7  ...  e252 ...      e255
 *     b16  |--e0--| |--e1--| |--e2--| ...          |--e127--|
 *     b32  |------e0------| |------e1------| ...   |---e63---|
 *
 *   pvc_mreg: 256 bits, one per register byte; bit j = (bits[j>>3] >> (j&7)) & 1.
 *   Element i of width w owns bits w*i .. w*i+w-1 and only bit w*i is tested (§1.2):
 *
 *     bit   0 1 2 3 4 5 6 7 8 ...
 *     b8    T T T T T T T T T      (every bit tested)
 *     b16   T . T . T . T . T      (even bits)
 *     b32   T . . . T . . . T      (bit 4i)
 *     b64   T . . . . . . . T      (bit 8i)
 * ------------------------------------------------------------------------------------- */
#define PVC_VL 256

/* 16-byte aligned: registers are locals of code that cc builds (the emitter asks for 64,
 * a cache line) or that libtcc builds on a cache miss (its stack frames align to 16), and
 * the simulator's frame (64); the runtime must not demand more than the least of them. */
typedef struct { _Alignas(16) uint8_t b[PVC_VL]; } pvc_vreg;
typedef struct { uint8_t bits[PVC_VL / 8]; } pvc_mreg;

/* Sizes the checker (compiler/passes/check.c) and the runtime both use, written once:
 * DATA_BLOCK_COPY moves PVC_VL / PVC_BLOCK_BYTES blocks, each at a 32-byte aligned address
 * (§2.4, §3.5); a mask that store_unalign packs takes 16 bytes at b16 granularity, 8 at b32
 * (§4.3), which is also the alignment of its address. */
#define PVC_BLOCK_BYTES 32
static inline unsigned pvc_mask_stu_bytes(unsigned gran) { return gran == 2 ? 16 : 8; }

/* The two 32-byte buffers of the unaligned family (§1.3, §4). ld caches the 32-B block
 * that holds the next load address; st parks the tail of a store stream that has not yet
 * reached a 32-B boundary. st.valid bit k = st.buf[k] holds a parked byte (§4.2 [I]).
 *
 *   pvc_ureg_st, parked bytes belong to block floor32(cursor):
 *     buf   [ 0 .. 31 ]          <- UB[floor32(P) + k] once flushed
 *     valid  bit k set <=> buf[k] waits to be written
 */
typedef struct { uint8_t buf[32]; } pvc_ureg_ld;
typedef struct { uint8_t buf[32]; uint32_t valid; } pvc_ureg_st;

/* Mask bit j, LSB-first memory image (§1.2): bit j lives in bits[j/8] at bit j%8. */
static inline int pvc_mreg_bit(const pvc_mreg *m, unsigned j)
{
    return (m->bits[(j >> 3) & 31] >> (j & 7)) & 1;
}
static inline void pvc_mreg_set_bit(pvc_mreg *m, unsigned j, int v)
{
    uint8_t b = (uint8_t)(1u << (j & 7));
    m->bits[(j >> 3) & 31] = (uint8_t)(v ? (m->bits[(j >> 3) & 31] | b) : (m->bits[(j >> 3) & 31] & ~b));
}

/* ---------------------------------------------------------------------------------------
 * Unified Buffer and faults (decisions 3 and 4). A kernel runs against one pvc_ctx.
 * Faults never abort and never touch memory outside ctx->ub: the faulting op records a
 * pvc_fault and longjmps to the innermost pvc_ctx_pcall (Lua-style protected call).
 * Outside any pcall the fault is only recorded and the op returns having done nothing
 * (destination registers unchanged, no UB byte written).
 * ------------------------------------------------------------------------------------- */
#define PVC_UB_BYTES  (256u * 1024u)
/* Most pl.load windows a context keeps deferred at once (pvc_ctx.defer); one more settles
 * the oldest. A window is whole pages of PVC_DEFER_PAGE bytes: the UB's 64 pages are the
 * bits of pvc_ctx.dpages. */
#define PVC_DEFER_MAX 4
#define PVC_DEFER_PAGE 4096u
#define PVC_UB_USABLE (248u * 1024u) /* top 8 KiB: register-spill reserve (§6) */
/* Bytes of a kernel's struct memory (pvc_ctx.smem): pvc's bound on the pl.struct,
 * pl.struct_array and tiling-class bytes of one kernel (a tiling class of int[2048] is 16 KiB);
 * a kernel that needs more is a compile-time error at the struct that passes it. */
#define PVC_SMEM_BYTES (64u * 1024u)
#define PVC_SSBUF_BYTES 256u /* "usually 256 bytes" (pypto_pro's struct.md); pvc's choice [I] */

/* A DSL source position; the caller sets ctx->at before each op so a fault names it. */
typedef struct {
    const char *file;
    int line, col;
} pvc_loc;

#define PVC_FAULTS(X)                                                   \
    X(NONE,       "no fault")                                           \
    X(UB_BOUNDS,  "access outside the Unified Buffer")                  \
    X(MISALIGNED, "misaligned UB address")                              \
    X(UNFLUSHED,  "store_unalign state not flushed by store_unalign_post") \
    X(BAD_ARG,    "invalid operand for this op")                        \
    X(UB_RESERVED, "tile outside the usable 248 KiB of the Unified Buffer") \
    X(HAZARD,     "UB bytes read after a vector store with no covering vf.mem_bar") \
    X(UNDEF_REG,  "register read before it was written")                \
    X(GM_RACE,    "GM bytes shared by two cores with no order between them") \
    X(OP_BUDGET,  "op budget exhausted")                                \
    X(SPACE_BOUNDS, "tile outside its cube memory space")               \
    X(DEADLOCK,   "every core of a block waits for a cross-core flag no core will set") \
    X(STOPPED,    "the launch was stopped")

typedef enum {
#define X(name, text) PVC_FAULT_##name,
    PVC_FAULTS(X)
#undef X
    PVC_FAULT_COUNT
} pvc_fault_kind;

extern const char *const pvc_fault_text[PVC_FAULT_COUNT];

typedef struct {
    pvc_fault_kind kind;
    const char *op;     /* runtime op name, e.g. "load_align" */
    int64_t addr;       /* first offending UB byte address (negative, or past the UB: as computed) */
    uint32_t len;       /* bytes of the access */
    pvc_loc loc;        /* copy of *ctx->at when the fault happened */
    pvc_loc related;    /* a second place, when one explains the fault (a hazard's store) */
    char detail[160];   /* human-readable specifics */
    char op_name[32];   /* pvc_fault_raise's copy of op: a kernel object's inline function names
                           its op with a literal of the object, which may be unloaded before the
                           fault is printed */
} pvc_fault;

/* *dst = *src, with op still naming the op when it points at src's own copy. */
static inline void pvc_fault_copy(pvc_fault *dst, const pvc_fault *src)
{
    *dst = *src;
    if (src->op == src->op_name)
        dst->op = dst->op_name;
}

/* vf.mem_bar modes (§5.6): each orders the first class of accesses before the second
 * (V vector, LD/ST scalar). X(NAME, pypto name). */
#define PVC_MEMBARS(X)                                  \
    X(VST_VLD, "VST_VLD") /* vector store -> vector load (default) */ \
    X(VLD_VST, "VLD_VST") /* vector load  -> vector store */ \
    X(VST_VST, "VST_VST") /* vector store -> vector store */ \
    X(VST_LD,  "VST_LD")  /* vector store -> scalar load */ \
    X(VST_ST,  "VST_ST")  /* vector store -> scalar store */ \
    X(VLD_ST,  "VLD_ST")  /* vector load  -> scalar store */ \
    X(ST_VLD,  "ST_VLD")  /* scalar store -> vector load */ \
    X(ST_VST,  "ST_VST")  /* scalar store -> vector store */ \
    X(LD_VST,  "LD_VST")  /* scalar load  -> vector store */ \
    X(VV_ALL,  "VV_ALL")  /* all vector   -> all vector */ \
    X(VS_ALL,  "VS_ALL")  /* all vector   -> all scalar */ \
    X(SV_ALL,  "SV_ALL")  /* all scalar   -> all vector */

typedef enum {
#define X(name, pyname) PVC_MEMBAR_##name,
    PVC_MEMBARS(X)
#undef X
    PVC_MEMBAR_COUNT
} pvc_membar;

struct pvc_ctx;
typedef void (*pvc_mem_bar_fn)(struct pvc_ctx *ctx, pvc_membar mode);

/* What an op does with a span of UB bytes, as reported to the touch hook. A vector store
 * reports the whole span its dist covers, masked-off elements included (the device orders
 * by address range, decision 8); a stream store reports the bytes it writes; pl.load writes
 * the tile rows it fills and pl.store reads them (the MTE2 / MTE3 pipes). */
typedef enum {
    PVC_TOUCH_VLOAD,  /* vector load: vf.load_align, load_unalign, mask loads, gathers */
    PVC_TOUCH_VSTORE, /* vector store: vf.store_align, store_unalign, mask stores, scatter */
    PVC_TOUCH_GM_IN,  /* pl.load writes the tile (GM -> UB) */
    PVC_TOUCH_GM_OUT, /* pl.store reads the tile (UB -> GM) */
} pvc_touch_kind;
typedef void (*pvc_touch_fn)(struct pvc_ctx *ctx, uint32_t addr, uint32_t len, pvc_touch_kind kind);

/* What pl.load (reads) and pl.store (writes) do with GM, the caller's tensor memory, as
 * reported to the gm_touch hook: the host address and length of each contiguous span. The
 * simulator's check of cores that share GM bytes reads them (compiler/sim/race.c). An
 * atomic write (the fixpipe's atomic add) is a read-modify-write the device serialises. */
typedef enum { PVC_GM_READ, PVC_GM_WRITE, PVC_GM_ATOMIC } pvc_gm_access;
/* data: for a plain write, the len bytes about to be written (two cores that store the same
 * bytes are not a race); else NULL. */
typedef void (*pvc_gm_touch_fn)(struct pvc_ctx *ctx, const void *gm, uint64_t len, pvc_gm_access kind,
                                const void *data);

typedef struct pvc_ctx {
    _Alignas(64) uint8_t ub[PVC_UB_BYTES];
    /* The kernel's structs (docs/SEMANTICS.md §16.8): the scalar unit's own memory, one per
     * core, holding every pl.struct / pl.struct_array and the core's copy of the tiling
     * argument at the byte offsets the compiler laid out (pvc_smem_*). Zero at entry. */
    _Alignas(8) uint8_t smem[PVC_SMEM_BYTES];
    /* The block's shared scalar buffer (SSBUF, docs/SEMANTICS.md §16.8): pl.ssbuf_store /
     * ssbuf_load copy a struct's words to and from it. A block has one, its cube core's (a
     * vector core reaches it through aic); a vector-only block's core uses its own. */
    _Alignas(8) uint8_t ssbuf[PVC_SSBUF_BYTES];
    const pvc_loc *at;      /* source position of the op being executed (may be NULL) */
    pvc_fault fault;        /* the last fault */
    jmp_buf *unwind;        /* innermost protected call, NULL outside one */
    pvc_mem_bar_fn mem_bar; /* decision 8 hook; NULL = no-op (native, in-order) */
    pvc_touch_fn touch;     /* every UB span an op reads or writes; NULL = off (native) */
    pvc_gm_touch_fn gm_touch; /* every GM span pl.load reads / pl.store writes; NULL = off */
    void *user;             /* free for the hooks' owner (the simulator) */
    /* Special registers of one block (docs/SEMANTICS.md §10.9, §10.14): AR is the offset
     * of the count-less store_unalign, SQZN the byte count the last squeeze(STORE_REG)
     * left for it; both are 0 at the start of every vector-function call. MASK0/MASK1 are
     * set by pl.set_vec_mask and read by vf.get_mask_spr; all ones when a kernel starts. */
    uint32_t spr_ar, spr_sqzn;
    uint64_t spr_mask[2];   /* [0] MASK0 (mask bits 0..63), [1] MASK1 (64..127) */
    int spr_mask_count;     /* the MASK register in counter mode (pl.set_mask_count); 0 at start */
    /* The launch `kernel[None, N]` (docs/SEMANTICS.md §6): N blocks, each with its own
     * context, sharing GM. pl.get_block_idx() reads block_idx in [0, block_num) and
     * pl.get_block_num() block_num = N; a context outside a launch is block 0 of 1. */
    int64_t block_idx, block_num;
    /* The core this context is (docs/SEMANTICS.md §17.1): a vector core (core 0, the only
     * kind of a vector-only launch) or the cube core of a mixed block. subblock_idx /
     * subblock_num are what pl.get_subblock_idx / _num read (0 / 1 outside a mixed block).
     * A cube core owns cube (PVC_CUBE_BYTES of L1, L0A, L0B, L0C, ...) and reaches its
     * block's vector cores' UBs through aiv (the fixpipe); a vector core of a mixed block
     * reaches its cube core's L1 through aic (pl.insert). xsync: the block's cross-core flags.
     * mad_rule: the float accumulation rule of matmul (pvc_mad_rule). All set by the block
     * runner after pvc_ctx_init. */
    int core;
    int64_t subblock_idx, subblock_num;
    uint8_t *cube;
    struct pvc_ctx *aiv[2], *aic;
    struct pvc_xsync *xsync;
    int mad_rule;
    /* Nonzero once the launch is to stop (libpvc's stop flag or timeout): every loop
     * iteration reads it (pvc_poll). Points at a zero outside a launch that can stop. */
    const volatile int *stop;
    /* Deferred pl.loads (docs/ARCHITECTURE.md §6.6 "Deferred loads"): on a native vector-only core
     * (defer_ok, set by the native backend only) a pl.load of whole UB pages from contiguous
     * GM inside the tensor records where its bytes are instead of copying them. defer[0 ..
     * ndefer) are those windows, disjoint UB spans [lo, hi) whose bytes are GM's at gm; bit p
     * of dpages is set when UB page p (PVC_DEFER_PAGE bytes) lies in one, whose bytes start
     * at dbase[p]. A NORM vf.load_align reads a deferred page there; every other access to
     * the UB, and every GM write that overlaps gm, first settles the window (copies it into
     * the UB), so every op sees the bytes the copy would have left. */
    int defer_ok;
    uint32_t ndefer;
    struct pvc_ub_window {
        uint32_t lo, hi;
        const uint8_t *gm;
    } defer[PVC_DEFER_MAX];
    uint64_t dpages;
    const uint8_t *dbase[PVC_UB_BYTES / PVC_DEFER_PAGE];
    /* Bit p: UB page p is still the zero a lazy reset left (pvc_ctx_reset_lazy). Such a page
     * is also in dpages, its bytes pvc_ub_zero_page; settling it zeroes it in the UB. */
    uint64_t zpages;
    /* Struct memory from this byte up is zero: every struct access raises it past its bytes
     * (smem.c), so pvc_ctx_reset zeroes only the bytes below it. */
    uint32_t smem_hi;
} pvc_ctx;

/* Heap context with a zero-filled UB; NULL on allocation failure. */
pvc_ctx *pvc_ctx_new(void);
void pvc_ctx_free(pvc_ctx *ctx);
/* Zero the UB and clear fault/at/unwind/hook; block 0 of 1 (for a context the caller placed
 * itself). */
void pvc_ctx_init(pvc_ctx *ctx);
/* pvc_ctx_init for a context of pvc_ctx_new or pvc_ctx_init that may have run blocks since:
 * the same fresh core, struct memory zeroed only below smem_hi. */
void pvc_ctx_reset(pvc_ctx *ctx);
/* pvc_ctx_reset, the UB zeroed lazily: every page reads as zero (pvc_ctx.zpages) and is
 * zeroed in the UB when it is settled, so a block that touches a few pages does not zero
 * 256 KiB. For a context whose UB only its own emitted C touches (a native vector-only
 * core, docs/ARCHITECTURE.md §6.6). */
void pvc_ctx_reset_lazy(pvc_ctx *ctx);
/* PVC_DEFER_PAGE zero bytes: what a lazily zeroed page reads as. */
extern const uint8_t pvc_ub_zero_page[PVC_DEFER_PAGE];

/* Runs fn(ctx, arg) protected: returns PVC_FAULT_NONE (0) or the kind of the fault that
 * unwound it (details in ctx->fault). Nests; ctx->fault.kind is reset on entry. */
typedef void (*pvc_pcall_fn)(pvc_ctx *ctx, void *arg);
int pvc_ctx_pcall(pvc_ctx *ctx, pvc_pcall_fn fn, void *arg);

/* Records a fault (loc copied from *ctx->at) and unwinds to the innermost pcall; returns
 * (having only recorded it) when no pcall is active. printf-style detail. */
void pvc_fault_raise(pvc_ctx *ctx, pvc_fault_kind kind, const char *op, int64_t addr,
                     uint32_t len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Unwinds to the innermost pcall with ctx->fault as the caller filled it (the simulator's
 * own checks, which add a related location); returns when no pcall is active. */
void pvc_fault_unwind(pvc_ctx *ctx);

/* Checks that [addr, addr+len) lies inside the UB and addr % align == 0 (align 0/1 = none);
 * raises UB_BOUNDS / MISALIGNED otherwise. Returns 1 when the access may go ahead. */
int pvc_ub_check(pvc_ctx *ctx, const char *op, int64_t addr, uint64_t len, uint32_t align);
/* Settles every deferred window (pvc_ctx.defer) that overlaps UB bytes [lo, hi): copies its
 * GM bytes into the UB and drops it. The inline tests of pvc_rt_inline.h call it. */
void pvc_ub_settle_span(pvc_ctx *ctx, int64_t lo, int64_t hi);
/* A UB address as messages show it: 0x40000, -0x40000000 (signed, never wrapped); buf of at
 * least 24 bytes. */
const char *pvc_addr_text(char *buf, size_t n, int64_t addr);

/* Raises STOPPED at ctx->at (the op the block last reached). */
void pvc_stopped(pvc_ctx *ctx);

/* Every loop iteration of a kernel or vector function, both backends: a launch stops within
 * one iteration of its stop flag being set (a loop is the only way a kernel runs long: calls
 * cannot recurse). One load and a branch never taken. */
static inline void pvc_poll(pvc_ctx *ctx)
{
    if (__builtin_expect(*ctx->stop != 0, 0))
        pvc_stopped(ctx);
}

/* vf.mem_bar (§5.6, decision 8): calls the hook if one is set, else costs nothing. */
static inline void pvc_mem_bar(pvc_ctx *ctx, pvc_membar mode)
{
#ifdef PVC_NO_HOOKS
    (void)ctx, (void)mode;
#else
    if (ctx->mem_bar)
        ctx->mem_bar(ctx, mode);
#endif
}

/* PVC_NO_HOOKS (the C the native backend emits defines it): the touch and mem_bar hooks are
 * the simulator's (compiler/sim/interp.c sets them) and never set on a native run, so the
 * inline paths leave them out - a call the C compiler cannot see into would otherwise make
 * it keep every register whose address a cold path takes in memory. The runtime's own
 * out-of-line functions still test ctx->touch. */

/* Reports [addr, addr+len) to the touch hook: once per contiguous span, after the span
 * passed its bounds check and before any byte moves, so a checker that unwinds leaves the
 * UB as it was. Costs one predictable branch when no hook is set. */
#ifdef PVC_TOUCH_DIRECT
/* A file that owns the hook defines PVC_TOUCH_DIRECT to it before including this header
 * (the simulator, compiler/sim/interp.c): its inline fast paths then call the hook
 * directly, where the compiler inlines it; out-of-line ops still go through ctx->touch. */
static inline void PVC_TOUCH_DIRECT(struct pvc_ctx *ctx, uint32_t addr, uint32_t len, pvc_touch_kind kind);
#endif
static inline void pvc_ub_touch(pvc_ctx *ctx, uint32_t addr, uint32_t len, pvc_touch_kind kind)
{
#ifdef PVC_TOUCH_DIRECT
    PVC_TOUCH_DIRECT(ctx, addr, len, kind);
#elif defined(PVC_NO_HOOKS)
    (void)ctx, (void)addr, (void)len, (void)kind;
#else
    if (ctx->touch)
        ctx->touch(ctx, addr, len, kind);
#endif
}

/* Reports a GM span to the gm_touch hook, before any byte moves (data: what a plain write
 * will store there, or NULL); one predictable branch when no hook is set. */
static inline void pvc_gm_touch(pvc_ctx *ctx, const void *gm, uint64_t len, pvc_gm_access kind, const void *data)
{
    if (ctx->gm_touch)
        ctx->gm_touch(ctx, gm, len, kind, data);
}

/* The special registers a vector-function call starts from: AR = SQZN = 0. */
static inline void pvc_spr_reset(pvc_ctx *ctx)
{
    ctx->spr_ar = 0;
    ctx->spr_sqzn = 0;
}

/* ---------------------------------------------------------------------------------------
 * Python scalar arithmetic: the one implementation the emitted C, the simulator and the
 * compiler's constant folding all call. A kernel's ints are int64 and its floats double.
 *
 *   ints    + - * and unary - wrap modulo 2^64 (C's signed overflow is undefined; Python's
 *           ints never overflow, the kernel's 64-bit scalars do);
 *           a // b floors, a % b takes b's sign, so a == (a // b) * b + a % b;
 *           INT64_MIN // -1 wraps to INT64_MIN (and INT64_MIN % -1 is 0)
 *   floats  CPython's float rules: + - * are IEEE double; a % b is fmod(a, b) moved into
 *           b's sign, a zero remainder is a zero with b's sign; a // b is (a - a % b) / b
 *           snapped to the nearest integer, a zero quotient has the sign of a / b
 *   mixed   the int is converted first, by pvc_py_float (C's int64 -> double conversion,
 *           round to nearest even, the same as Python's float(int))
 * Division or modulo by zero and range() with a zero step raise BAD_ARG where Python raises.
 * ctx is only read to raise: a caller that has ruled out a zero divisor may pass NULL.
 * ------------------------------------------------------------------------------------- */
static inline int64_t pvc_py_wrap(uint64_t u)
{
    int64_t r;
    memcpy(&r, &u, sizeof r); /* two's complement reinterpretation, no overflow */
    return r;
}
static inline int64_t pvc_py_add(int64_t a, int64_t b) { return pvc_py_wrap((uint64_t)a + (uint64_t)b); }
static inline int64_t pvc_py_sub(int64_t a, int64_t b) { return pvc_py_wrap((uint64_t)a - (uint64_t)b); }
static inline int64_t pvc_py_mul(int64_t a, int64_t b) { return pvc_py_wrap((uint64_t)a * (uint64_t)b); }
static inline int64_t pvc_py_neg(int64_t a) { return pvc_py_wrap(0u - (uint64_t)a); }

static inline int64_t pvc_py_floordiv(pvc_ctx *ctx, int64_t a, int64_t b)
{
    if (b == 0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "floordiv", 0, 0, "integer division by zero");
        return 0;
    }
    if (b == -1) /* C's INT64_MIN / -1 traps; Python's -a, wrapped */
        return pvc_py_neg(a);
    int64_t q = a / b; /* truncates toward zero: one less when a remainder has the other sign */
    return a % b != 0 && (a < 0) != (b < 0) ? q - 1 : q;
}

static inline int64_t pvc_py_mod(pvc_ctx *ctx, int64_t a, int64_t b)
{
    if (b == 0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "mod", 0, 0, "integer modulo by zero");
        return 0;
    }
    if (b == -1)
        return 0;
    int64_t r = a % b; /* has a's sign in C: move it into b's */
    return r != 0 && (r < 0) != (b < 0) ? r + b : r;
}

/* Iterations of Python's range(lo, hi, st), exact over the whole int64 range. */
static inline uint64_t pvc_py_range_len(pvc_ctx *ctx, int64_t lo, int64_t hi, int64_t st)
{
    if (st == 0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "range", 0, 0, "range() step is zero");
        return 0;
    }
    if (st > 0)
        return lo < hi ? ((uint64_t)hi - (uint64_t)lo - 1) / (uint64_t)st + 1 : 0;
    return lo > hi ? ((uint64_t)lo - (uint64_t)hi - 1) / (0 - (uint64_t)st) + 1 : 0;
}

/* The k-th value of range(lo, _, st): lo + k*st, wrapped (it never leaves [lo, hi) anyway). */
static inline int64_t pvc_py_range_at(int64_t lo, uint64_t k, int64_t st)
{
    return pvc_py_wrap((uint64_t)lo + k * (uint64_t)st);
}

static inline double pvc_py_float(int64_t i) { return (double)i; }
static inline double pvc_py_fadd(double a, double b) { return a + b; }
static inline double pvc_py_fsub(double a, double b) { return a - b; }
static inline double pvc_py_fmul(double a, double b) { return a * b; }
static inline double pvc_py_fneg(double a) { return -a; }
/* a // b and a % b on floats (runtime/src/pyscalar.c); BAD_ARG when b is zero. */
double pvc_py_ffloordiv(pvc_ctx *ctx, double a, double b);
double pvc_py_fmod(pvc_ctx *ctx, double a, double b);

/* a / b: always a float; ints convert first (pvc_py_float: exact below 2^53, where Python's
 * int / int is correctly rounded too). BAD_ARG when b is zero. */
static inline double pvc_py_ftruediv(pvc_ctx *ctx, double a, double b)
{
    if (b == 0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "truediv", 0, 0, "float division by zero");
        return 0;
    }
    return a / b;
}

/* Bitwise ops on ints are two's complement, as Python's on infinite-width ints restricted
 * to int64. a << b wraps at 64 bits (0 from b = 64 on); a >> b is arithmetic (-1 or 0 from
 * b = 64 on); a negative count raises BAD_ARG (Python's ValueError). */
static inline int64_t pvc_py_lshift(pvc_ctx *ctx, int64_t a, int64_t b)
{
    if (b < 0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "lshift", 0, 0, "negative shift count");
        return 0;
    }
    return b >= 64 ? 0 : pvc_py_wrap((uint64_t)a << b);
}
static inline int64_t pvc_py_rshift(pvc_ctx *ctx, int64_t a, int64_t b)
{
    if (b < 0) {
        pvc_fault_raise(ctx, PVC_FAULT_BAD_ARG, "rshift", 0, 0, "negative shift count");
        return 0;
    }
    if (b >= 64)
        return a < 0 ? -1 : 0;
    return a < 0 ? ~(int64_t)(~(uint64_t)a >> b) : (int64_t)((uint64_t)a >> b);
}
static inline int64_t pvc_py_bitand(int64_t a, int64_t b) { return a & b; }
static inline int64_t pvc_py_bitor(int64_t a, int64_t b) { return a | b; }
static inline int64_t pvc_py_bitxor(int64_t a, int64_t b) { return a ^ b; }
static inline int64_t pvc_py_invert(int64_t a) { return ~a; }

/* Comparisons give 1 or 0. Ints compare as C ints, floats as IEEE doubles (NaN is unordered:
 * only != holds), an int against a float exactly, as Python does (2**53 + 1 > 2.0**53). */
typedef enum { PVC_PY_EQ, PVC_PY_NE, PVC_PY_LT, PVC_PY_LE, PVC_PY_GT, PVC_PY_GE } pvc_py_cmpop;
/* c < 0, == 0, > 0, or 2 for unordered -> the comparison's result. */
static inline int64_t pvc_py_cmp_result(int op, int c)
{
    switch (op) {
    case PVC_PY_EQ: return c == 0;
    case PVC_PY_NE: return c != 0;
    case PVC_PY_LT: return c == -1;
    case PVC_PY_LE: return c == -1 || c == 0;
    case PVC_PY_GT: return c == 1;
    default: return c == 1 || c == 0;
    }
}
static inline int64_t pvc_py_icmp(int op, int64_t a, int64_t b)
{
    return pvc_py_cmp_result(op, a < b ? -1 : a > b);
}
static inline int64_t pvc_py_fcmp(int op, double a, double b)
{
    return pvc_py_cmp_result(op, a < b ? -1 : a > b ? 1 : a == b ? 0 : 2);
}
/* int a against float b, exactly (runtime/src/pyscalar.c). */
int64_t pvc_py_ifcmp(int op, int64_t a, double b);

/* min(a, b) is b if b < a else a, max(a, b) b if b > a else a: the first of equal (or
 * unordered, NaN) operands wins, as in Python. */
static inline int64_t pvc_py_imin(int64_t a, int64_t b) { return b < a ? b : a; }
static inline int64_t pvc_py_imax(int64_t a, int64_t b) { return b > a ? b : a; }
static inline double pvc_py_fmin(double a, double b) { return b < a ? b : a; }
static inline double pvc_py_fmax(double a, double b) { return b > a ? b : a; }

/* Python's truth value of a float: not zero (NaN is true). */
static inline int64_t pvc_py_ftruth(double a) { return a != 0; }

/* ---------------------------------------------------------------------------------------
 * Tiles, offsets, cursors, AddrReg (§1.4, §1.5, §2.1).
 *
 * A tile is a typed view of UB bytes: element (r, c) is at addr + (r*cols + c)*lane_bytes.
 * Offsets inside a VF are in TILE elements whatever the register dtype (§2.1):
 *     A = tile.addr + off * lane_bytes(tile.dtype),  [row, col] -> off = row*cols + col
 * (FP4 tiles move bytes: offset k = k bytes, §8 #14.)
 * A post-update cursor is a kernel scalar (int64_t) holding a UB byte address, one per tile
 * expression per VF invocation, initialised to tile.addr (decision 7); post ops access
 * *cursor first, then add the step in bytes.
 * An AddrReg value is a byte offset (decision 6): A = base + areg.
 * Addresses, offsets, steps and AddrRegs are int64_t, and the arithmetic that makes them
 * (pvc_addr_add/sub/mul, the functions below) saturates at the ends of int64 instead of
 * wrapping: an offset of 2^30 FP32 elements is 2^32 bytes past the tile, not the tile again,
 * and one of 2^62 elements is past int64 and stays there. Any such address lies outside the
 * UB, so the access faults UB_BOUNDS naming it (docs/ARCHITECTURE.md §7, B11).
 * ------------------------------------------------------------------------------------- */
/* What a pl.TileType says besides dtype and shape (docs/SEMANTICS.md §15.1), one table each.
 * Memory spaces, X(NAME, pypto name, what, bytes, align, base, core) (docs/SEMANTICS.md
 * §17.2): the space's size; the byte alignment a tile address must have (0: none checked);
 * its offset inside a cube core's memories ctx->cube (Vec: inside ctx->ub); the core that
 * owns its bytes (AIV the vector cores, AIC the cube core). GM is the row of tensors. The
 * rows are in the order of pl.MemorySpace's values. */
#define PVC_MEMS(X)                                                                     \
    X(VEC, "Vec", "the Unified Buffer", 262144, 32, 0, AIV)                               \
    X(ACC, "Acc", "L0C, the matmul's accumulator", 262144, 64, 655360, AIC)               \
    X(MAT, "Mat", "L1", 524288, 32, 0, AIC)                                               \
    X(LEFT, "Left", "L0A, the matmul's left operand", 65536, 512, 524288, AIC)            \
    X(RIGHT, "Right", "L0B, the matmul's right operand", 65536, 512, 589824, AIC)         \
    X(BIAS, "Bias", "the bias table", 4096, 0, 917504, AIC)                               \
    X(SCALING, "Scaling", "the fixpipe buffer (quantisation scales)", 4096, 0, 921600, AIC) \
    X(SCALE_LEFT, "ScaleLeft", "L0A's MX scales", 4096, 32, 925696, AIC)                  \
    X(SCALE_RIGHT, "ScaleRight", "L0B's MX scales", 4096, 32, 929792, AIC)                \
    X(GM, "DDR", "global memory (tensors, no tiles)", 0, 0, 0, AIV)
typedef enum {
#define X(name, pyname, text, ...) PVC_MEM_##name,
    PVC_MEMS(X)
#undef X
    PVC_MEM_COUNT
} pvc_mem;

/* Tile layouts (pl.TensorLayout), X(NAME, pypto name, block major, fractal major, what).
 * pypto's code generator turns each into PTO's BLayout / SLayout pair; a tile whose shape
 * has one column is column-major whatever its layout says. Vec tiles are ND or DN; the
 * fractal rows are named here for the cube's memory spaces, which give them addresses. */
#define PVC_TILE_LAYOUTS(X)                                                            \
    X(ND, "ND", ROW, NONE, "row-major: element (r, c) at r*cols + c")                  \
    X(DN, "DN", COL, NONE, "column-major: element (r, c) at c*rows + r; every [N, 1] tile") \
    X(NZ, "NZ", COL, ROW, "column-major blocks of row-major fractals")                \
    X(ZN, "ZN", ROW, COL, "row-major blocks of column-major fractals")                \
    X(NN, "NN", COL, COL, "column-major blocks of column-major fractals")             \
    X(ZZ, "ZZ", ROW, ROW, "row-major blocks of row-major fractals")
typedef enum {
#define X(name, pyname, bmaj, smaj, text) PVC_TL_##name,
    PVC_TILE_LAYOUTS(X)
#undef X
    PVC_TL_COUNT
} pvc_tile_layout;

/* pl.TilePad, X(NAME, pypto name, what): what pl.fillpad writes outside the valid shape. */
#define PVC_TILE_PADS(X)                                                        \
    X(NONE, "null", "no pad value (pl.fillpad refuses the tile)")               \
    X(ZERO, "zero", "0")                                                         \
    X(MAX, "max", "+inf for floats, the largest value for integers")             \
    X(MIN, "min", "-inf for floats, the smallest value for integers (0 unsigned)")
typedef enum {
#define X(name, pyname, text) PVC_PAD_##name,
    PVC_TILE_PADS(X)
#undef X
    PVC_PAD_COUNT
} pvc_tile_pad;

/* A tile's static description. The valid shape is not here: it changes along the program
 * (pl.set_validshape), so an op that reads it takes it beside the tile, as two int64 values
 * valid rows and valid cols of that use (docs/SEMANTICS.md §15.1). Zero-initialised fields
 * mean a Vec, ND tile without pad value. */
typedef struct {
    uint32_t addr;      /* UB byte address of element (0, 0) */
    pvc_dtype dtype;
    uint32_t rows, cols; /* static TileType.shape */
    pvc_mem mem;
    pvc_tile_layout layout;
    pvc_tile_pad pad;
} pvc_tile;

static inline uint32_t pvc_tile_bytes(const pvc_tile *t)
{
    return t->rows * t->cols * pvc_dtype_lane_bytes(t->dtype);
}
/* a + b, a - b, a * b on int64, saturating at INT64_MIN / INT64_MAX (C11, no builtins: the
 * header is compiled by every C compiler the native backend may use). */
static inline int64_t pvc_addr_add(int64_t a, int64_t b)
{
    if (b > 0 && a > INT64_MAX - b)
        return INT64_MAX;
    if (b < 0 && a < INT64_MIN - b)
        return INT64_MIN;
    return a + b;
}
static inline int64_t pvc_addr_sub(int64_t a, int64_t b)
{
    if (b < 0 && a > INT64_MAX + b)
        return INT64_MAX;
    if (b > 0 && a < INT64_MIN + b)
        return INT64_MIN;
    return a - b;
}
static inline int64_t pvc_addr_mul(int64_t a, int64_t b)
{
    if (a == 0 || b == 0)
        return 0;
    int neg = (a < 0) != (b < 0);
    if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a)
              : (b > 0 ? a < INT64_MIN / b : b < INT64_MAX / a))
        return neg ? INT64_MIN : INT64_MAX;
    return a * b;
}
/* Byte address of `tile + off` (off in tile elements, may be negative). */
static inline int64_t pvc_tile_off_addr(const pvc_tile *t, int64_t off)
{
    return pvc_addr_add((int64_t)t->addr, pvc_addr_mul(off, (int64_t)pvc_dtype_lane_bytes(t->dtype)));
}
/* Byte address of the [row, col] offset form: off = row * shape[1] + col (§1.5). */
static inline int64_t pvc_tile_rc_addr(const pvc_tile *t, int64_t row, int64_t col)
{
    return pvc_tile_off_addr(t, pvc_addr_add(pvc_addr_mul(row, (int64_t)t->cols), col));
}
/* A tile group rotated inside a loop keeps its slot at run time (§6): .next() steps by
 * delta = 1, .previous() by depth - 1, modulo depth; slot s lives at base + s * slot_bytes. */
static inline void pvc_tile_group_step(int64_t *slot, int64_t delta, int64_t depth)
{
    *slot = depth > 0 ? (*slot + delta) % depth : 0;
}
static inline int64_t pvc_tile_group_addr(int64_t base, int64_t slot, int64_t slot_bytes)
{
    return pvc_addr_add(base, pvc_addr_mul(slot, slot_bytes));
}
/* grp[i] with a run-time i (§6): the slot's address, base + i * slot_bytes; an i outside
 * [0, depth) raises BAD_ARG (pypto_pro takes in-bounds subscripts only). */
uint32_t pvc_tile_group_index(pvc_ctx *ctx, uint32_t base, int64_t i, int64_t depth, uint32_t slot_bytes);
/* The address of a view t[r0:r1, c0:c1] of a tile whose address is a run-time value: off is
 * (r0 * cols + c0) element bytes, a constant (§6). */
static inline int64_t pvc_tile_view_addr(int64_t base, int64_t off)
{
    return pvc_addr_add(base, off);
}
/* The address of a view t[r0:, c0:] whose start is a run-time value (§6): base + (r0 * cols +
 * c0) * lane bytes; a start outside the tile's [rows, cols] is a BAD_ARG fault (then base). */
uint32_t pvc_tile_view_at(pvc_ctx *ctx, uint32_t base, int64_t r, int64_t c, int64_t rows, int64_t cols,
                          int64_t lane);
/* Raises UB_RESERVED unless the whole tile lies in [0, PVC_UB_USABLE) (decision 3). */
int pvc_tile_check(pvc_ctx *ctx, const pvc_tile *t);

/* AddrReg byte offset (decision 6): sizeof(dtype) * sum_k strides[k] * iters[k], k < n
 * (n <= 4, outermost loop first; strides in elements of dtype; iters = 0-based iteration
 * counts of the innermost n enclosing loops). FP4 counts as 1 byte. Saturating, as every
 * address (a stride of 2^30 FP32 elements is 2^32 bytes). */
int64_t pvc_areg_bytes(pvc_dtype t, unsigned n, const int64_t *strides, const int64_t *iters);
/* The same over four stride/iteration pairs passed as values (the areg machine op). */
static inline int64_t pvc_areg4(pvc_dtype t, int64_t n, int64_t s0, int64_t s1, int64_t s2,
                                 int64_t s3, int64_t i0, int64_t i1, int64_t i2, int64_t i3)
{
    const int64_t s[4] = {s0, s1, s2, s3}, i[4] = {i0, i1, i2, i3};
    return pvc_areg_bytes(t, n < 0 ? 0 : n > 4 ? 4 : (unsigned)n, s, i);
}

/* ---------------------------------------------------------------------------------------
 * vf.load_align dists (§2.2, §2.3). ONE table read by the checker, emitter, simulator and
 * --help. X(NAME, kind, w, bytes, align, ndst, formula)
 *   kind  E explicit (hardware mode, used as is) / G generic (resolve by register width)
 *   w     element width in bytes the mode works at (0: any width)
 *   bytes UB bytes read, align: required UB alignment of A (and of post steps / AddrRegs)
 *   ndst  destination registers
 * Generic rows carry bytes/align 0: resolve them first (pvc_load_dist_resolve).
 * ------------------------------------------------------------------------------------- */
#define PVC_LOAD_DISTS(X) \
    X(NORM,      E, 0, 256, 32, 1, "R.b[j] = UB[A+j], j<256") \
    X(BRC_B8,    E, 1,   1,  1, 1, "R.e1[i] = UB1[A] for all i") \
    X(BRC_B16,   E, 2,   2,  2, 1, "R.e2[i] = UB2[A] for all i") \
    X(BRC_B32,   E, 4,   4,  4, 1, "R.e4[i] = UB4[A] for all i") \
    X(US_B8,     E, 1, 128, 32, 1, "R.e1[i] = UB1[A + floor(i/2)]  (each element twice)") \
    X(US_B16,    E, 2, 128, 32, 1, "R.e2[i] = UB2[A + 2*floor(i/2)]") \
    X(DS_B8,     E, 1, 512, 32, 1, "R.e1[i] = UB1[A + 2i]  (keep even elements)") \
    X(DS_B16,    E, 2, 512, 32, 1, "R.e2[i] = UB2[A + 4i]") \
    X(UNPK_B8,   E, 1, 128, 32, 1, "R.e1[2k] = UB1[A+k], R.e1[2k+1] = 0  (u8 -> u16)") \
    X(UNPK_B16,  E, 2, 128, 32, 1, "R.e2[2k] = UB2[A+2k], R.e2[2k+1] = 0  (u16 -> u32)") \
    X(UNPK_B32,  E, 4, 128, 32, 1, "R.e4[2k] = UB4[A+4k], R.e4[2k+1] = 0  (u32 -> u64)") \
    X(UNPK4_B8,  E, 1,  64, 32, 1, "R.b[4k] = UB[A+k], R.b[4k+1..4k+3] = 0, k<64") \
    X(BLK,       E, 0,  32, 32, 1, "R.b[j] = UB[A + j%32]  (one block 8 times)") \
    X(E2B_B16,   E, 2,  16, 16, 1, "R.e2[i] = UB2[A + 2*floor(i/16)]  (8 values, one per block)") \
    X(E2B_B32,   E, 4,  32, 32, 1, "R.e4[i] = UB4[A + 4*floor(i/8)]") \
    X(DINTLV_B8, E, 1, 512, 32, 2, "R0.e1[i] = UB1[A+2i], R1.e1[i] = UB1[A+2i+1]") \
    X(DINTLV_B16,E, 2, 512, 32, 2, "R0.e2[i] = UB2[A+4i], R1.e2[i] = UB2[A+4i+2]") \
    X(DINTLV_B32,E, 4, 512, 32, 2, "R0.e4[i] = UB4[A+8i], R1.e4[i] = UB4[A+8i+4]") \
    X(BRC,       G, 0,   0,  0, 1, "-> BRC_B8/B16/B32 (b64 -> B32)") \
    X(US,        G, 0,   0,  0, 1, "-> US_B8 for 8-bit, US_B16 otherwise (b32 too!)") \
    X(DS,        G, 0,   0,  0, 1, "-> DS_B8 for 8-bit, DS_B16 otherwise (b32 too!)") \
    X(UNPK,      G, 0,   0,  0, 1, "-> UNPK_B8/B16/B32") \
    X(UNPK4,     G, 0,   0,  0, 1, "-> UNPK4_B8") \
    X(E2B,       G, 0,   0,  0, 1, "-> E2B_B16 for 16-bit, E2B_B32 otherwise (8-bit too)") \
    X(DINTLV,    G, 0,   0,  0, 2, "-> DINTLV_B8/B16/B32")

typedef enum {
#define X(name, kind, w, bytes, align, ndst, formula) PVC_LD_##name,
    PVC_LOAD_DISTS(X)
#undef X
    PVC_LD_COUNT,
    PVC_LD_NONE = PVC_LD_COUNT /* "no legal resolution" */
} pvc_load_dist;

/* Generic -> explicit by register element width (§2.2, PP-BE). X(GENERIC, b8, b16, b32, b64);
 * NONE = illegal at that width. Explicit dists resolve to themselves. */
#define PVC_LOAD_RESOLVE(X) \
    X(NORM,   NORM,      NORM,       NORM,       NORM)      \
    X(BRC,    BRC_B8,    BRC_B16,    BRC_B32,    BRC_B32)   \
    X(US,     US_B8,     US_B16,     US_B16,     US_B16)    \
    X(DS,     DS_B8,     DS_B16,     DS_B16,     DS_B16)    \
    X(UNPK,   UNPK_B8,   UNPK_B16,   UNPK_B32,   NONE)      \
    X(UNPK4,  UNPK4_B8,  UNPK4_B8,   UNPK4_B8,   UNPK4_B8)  \
    X(E2B,    E2B_B32,   E2B_B16,    E2B_B32,    E2B_B32)   \
    X(DINTLV, DINTLV_B8, DINTLV_B16, DINTLV_B32, NONE)

typedef enum { PVC_DIST_E, PVC_DIST_G } pvc_dist_kind;

typedef struct {
    const char *name;    /* "US_B16" */
    pvc_dist_kind kind;  /* explicit or generic */
    uint8_t w, nreg;     /* element width (0 any); registers read/written */
    uint16_t bytes, align;
    const char *formula;
} pvc_dist_info;

extern const pvc_dist_info pvc_load_dist_table[PVC_LD_COUNT];
/* Explicit dist for a generic/explicit dist on a register of dtype reg; PVC_LD_NONE if illegal. */
pvc_load_dist pvc_load_dist_resolve(pvc_load_dist generic, pvc_dtype reg);

/* Register destination, any explicit single-destination dist, at byte address A. */
void pvc_load_align(pvc_ctx *ctx, pvc_vreg *dst, int64_t addr, pvc_load_dist dist);
/* Post-update form: A = *cursor, then *cursor += step (bytes; must keep the dist alignment). */
void pvc_load_align_post(pvc_ctx *ctx, pvc_vreg *dst, int64_t *cursor, int64_t step,
                         pvc_load_dist dist);
/* Two destinations (DINTLV_B8/B16/B32, §2.3). */
void pvc_load_align_x2(pvc_ctx *ctx, pvc_vreg *d0, pvc_vreg *d1, int64_t addr, pvc_load_dist dist);
void pvc_load_align_x2_post(pvc_ctx *ctx, pvc_vreg *d0, pvc_vreg *d1, int64_t *cursor,
                            int64_t step, pvc_load_dist dist);

/* DATA_BLOCK_COPY (§2.4): block k (32 B) of dst = UB[A + 32*k*bs ..+32) if any of mask bits
 * 32k..32k+31 is set, else zeros (no read, no fault). A must be 32-aligned.
 *
 *   dst  | blk0 | blk1 | blk2 | ... | blk7 |        mask bits 32k..32k+31 enable blk k
 *   UB     A      A+32bs A+64bs       A+224bs
 *
 * pypto non-post: A = tile base. pypto post: A = *cursor, then *cursor += rs*32. */
void pvc_load_align_datablock(pvc_ctx *ctx, pvc_vreg *dst, int64_t addr, uint16_t block_stride,
                              const pvc_mreg *mask);
void pvc_load_align_datablock_post(pvc_ctx *ctx, pvc_vreg *dst, int64_t *cursor,
                                   uint16_t block_stride, uint16_t repeat_stride,
                                   const pvc_mreg *mask);
/* Seed 003's C API (decision 10): start = src + repeat_stride*32, block k at
 * start + k*block_stride*32. */
void pvc_asc_loadalign_datablock_strided(pvc_ctx *ctx, pvc_vreg *dst, int64_t src,
                                         uint16_t block_stride, uint16_t repeat_stride,
                                         const pvc_mreg *mask);

/* ---------------------------------------------------------------------------------------
 * vf.store_align dists (§3.1, §3.3, §3.4). X(NAME, kind, w, bytes, align, nsrc, formula):
 * w = source element width in bytes; bytes = most UB bytes written.
 * ------------------------------------------------------------------------------------- */
#define PVC_STORE_DISTS(X) \
    X(NORM_B8,    E, 1, 256, 32, 1, "if m[i]:  UB1[A+i]  = R.e1[i]") \
    X(NORM_B16,   E, 2, 256, 32, 1, "if m[2i]: UB2[A+2i] = R.e2[i]") \
    X(NORM_B32,   E, 4, 256, 32, 1, "if m[4i]: UB4[A+4i] = R.e4[i]  (b64 sources too, per 32-bit half)") \
    X(ONEPT_B8,   E, 1,   1,  1, 1, "UB1[A] = R.e1[0], mask ignored") \
    X(ONEPT_B16,  E, 2,   2,  2, 1, "UB2[A] = R.e2[0], mask ignored") \
    X(ONEPT_B32,  E, 4,   4,  4, 1, "UB4[A] = R.e4[0], mask ignored") \
    X(PK_B16,     E, 2, 128, 32, 1, "if m[2i]: UB1[A+i]  = low byte of R.e2[i]") \
    X(PK_B32,     E, 4, 128, 32, 1, "if m[4i]: UB2[A+2i] = low half of R.e4[i]") \
    X(PK_B64,     E, 8, 128, 32, 1, "if m[8i]: UB4[A+4i] = low half of R.e8[i]") \
    X(PK4_B32,    E, 4,  64, 32, 1, "if m[4i]: UB1[A+i]  = low byte of R.e4[i]") \
    X(INTLV_B8,   E, 1, 512, 32, 2, "UB1[A+2i] = R0.e1[i], UB1[A+2i+1] = R1.e1[i]; mask ignored") \
    X(INTLV_B16,  E, 2, 512, 32, 2, "UB2[A+4i] = R0.e2[i], UB2[A+4i+2] = R1.e2[i]; mask ignored") \
    X(INTLV_B32,  E, 4, 512, 32, 2, "UB4[A+8i] = R0.e4[i], UB4[A+8i+4] = R1.e4[i]; mask ignored") \
    X(NORM,       G, 0,   0,  0, 1, "-> NORM_B8/B16/B32 (b64 -> NORM_B32)") \
    X(FIRST_ELEMENT, G, 0, 0, 0, 1, "-> ONEPT_B8/B16/B32") \
    X(PACK,       G, 0,   0,  0, 1, "-> PK_B16 for 8- and 16-bit, PK_B32, PK_B64") \
    X(PACK4,      G, 0,   0,  0, 1, "-> PK4_B32") \
    X(INTLV,      G, 0,   0,  0, 2, "-> INTLV_B8/B16/B32")

typedef enum {
#define X(name, kind, w, bytes, align, nsrc, formula) PVC_ST_##name,
    PVC_STORE_DISTS(X)
#undef X
    PVC_ST_COUNT,
    PVC_ST_NONE = PVC_ST_COUNT
} pvc_store_dist;

/* Generic -> explicit by SOURCE register width (§3.1, PP-BE). X(GENERIC, b8, b16, b32, b64). */
#define PVC_STORE_RESOLVE(X) \
    X(NORM,          NORM_B8,  NORM_B16,  NORM_B32,  NORM_B32) \
    X(FIRST_ELEMENT, ONEPT_B8, ONEPT_B16, ONEPT_B32, NONE)     \
    X(PACK,          PK_B16,   PK_B16,    PK_B32,    PK_B64)   \
    X(PACK4,         PK4_B32,  PK4_B32,   PK4_B32,   PK4_B32)  \
    X(INTLV,         INTLV_B8, INTLV_B16, INTLV_B32, NONE)

extern const pvc_dist_info pvc_store_dist_table[PVC_ST_COUNT];
pvc_store_dist pvc_store_dist_resolve(pvc_store_dist generic, pvc_dtype src);

/* Single-source store (NORM_Bw / ONEPT_Bw / PK_Bx / PK4_B32). Elements whose tested mask bit
 * is 0 are not written (old memory stays). The whole span of the dist (256/128/64 bytes) must
 * lie in the UB even where masked off [I]. */
void pvc_store_align(pvc_ctx *ctx, int64_t addr, const pvc_vreg *src, const pvc_mreg *mask,
                     pvc_store_dist dist);
void pvc_store_align_post(pvc_ctx *ctx, int64_t *cursor, int64_t step, const pvc_vreg *src,
                          const pvc_mreg *mask, pvc_store_dist dist);
/* Two sources, INTLV_B8/B16/B32 (§3.4): mask ignored, 512 bytes. */
void pvc_store_align_x2(pvc_ctx *ctx, int64_t addr, const pvc_vreg *s0, const pvc_vreg *s1,
                        pvc_store_dist dist);
/* DATA_BLOCK_COPY store (§3.5): block k written to A + 32*k*bs iff any of m[32k..32k+31]. */
void pvc_store_align_datablock(pvc_ctx *ctx, int64_t addr, const pvc_vreg *src,
                               const pvc_mreg *mask, uint16_t block_stride);
void pvc_store_align_datablock_post(pvc_ctx *ctx, int64_t *cursor, const pvc_vreg *src,
                                    const pvc_mreg *mask, uint16_t block_stride,
                                    uint16_t repeat_stride);

/* ---------------------------------------------------------------------------------------
 * Mask register load/store (§2.5, §3.6). X(NAME, bytes, align, formula), membit(p) =
 * bit p%8 of UB[A + p/8]. Offsets for masks are in BYTES (§8 #2).
 *
 *   UB byte   A+0          A+1           ...  A+31
 *   bits      m[7]..m[0]   m[15]..m[8]   ...  m[255]..m[248]     (LSB-first, §1.2)
 *   PACK:     A+0 = m[14] m[12] .. m[2] m[0],  A+1 = m[30] .. m[16], ...  (16 bytes)
 * ------------------------------------------------------------------------------------- */
#define PVC_MASK_DISTS(X) \
    X(LD_NORM, 32, 32, "m[j] = membit(j), j<256") \
    X(LD_US,   16, 16, "m[j] = membit(floor(j/2))  (each stored bit twice)") \
    X(LD_DS,   64, 32, "m[j] = membit(2j)  (keep even stored bits)") \
    X(ST_NORM, 32, 32, "membit(j) = m[j], j<256") \
    X(ST_PACK, 16, 16, "membit(k) = m[2k], k<128  (drop odd bits)")

typedef enum {
#define X(name, bytes, align, formula) PVC_MD_##name,
    PVC_MASK_DISTS(X)
#undef X
    PVC_MD_COUNT
} pvc_mask_dist;

extern const pvc_dist_info pvc_mask_dist_table[PVC_MD_COUNT];

void pvc_mask_load(pvc_ctx *ctx, pvc_mreg *dst, int64_t addr, pvc_mask_dist dist);
void pvc_mask_load_post(pvc_ctx *ctx, pvc_mreg *dst, int64_t *cursor, int64_t step,
                        pvc_mask_dist dist);
void pvc_mask_store(pvc_ctx *ctx, int64_t addr, const pvc_mreg *src, pvc_mask_dist dist);
void pvc_mask_store_post(pvc_ctx *ctx, int64_t *cursor, int64_t step, const pvc_mreg *src,
                         pvc_mask_dist dist);

/* ---------------------------------------------------------------------------------------
 * Unaligned family (§4). Addresses are byte addresses; no alignment is required.
 *
 *   load stream (§4.1), off = A%32, B = A-off:
 *     R = u.buf[off..32) ++ UB[B+32 .. A+256);  u.buf = UB[B+256 .. B+288)
 *   store stream (§4.2), P = *cursor, n = count * elem_bytes, E = P+n:
 *     UB[floor32(P) .. floor32(E)) <- parked bytes (below P) ++ source bytes;
 *     source bytes in [floor32(E), E) are parked in s.
 * ------------------------------------------------------------------------------------- */
void pvc_load_unalign_init(pvc_ureg_ld *u);                               /* zeroed */
void pvc_load_unalign_pre(pvc_ctx *ctx, pvc_ureg_ld *u, int64_t addr);   /* vldas */
void pvc_load_unalign(pvc_ctx *ctx, pvc_vreg *dst, pvc_ureg_ld *u, int64_t addr); /* vldus */
/* Stride form: reads at *cursor, then *cursor += step (bytes = stride * register elem bytes). */
void pvc_load_unalign_post(pvc_ctx *ctx, pvc_vreg *dst, pvc_ureg_ld *u, int64_t *cursor,
                           int64_t step);

void pvc_unalign_reg_for_store(pvc_ureg_st *s);                           /* empty state */
/* vstus: commits count elements of elem_bytes each (the POINTER element width: an INT64
 * source goes through a 32-bit pointer in PP-BE, so pass elem_bytes 4 and count in 32-bit
 * units, §8 #4). count*elem_bytes must be <= 256. post: *cursor += count*elem_bytes. */
void pvc_store_unalign(pvc_ctx *ctx, int64_t *cursor, const pvc_vreg *src, pvc_ureg_st *s,
                       uint32_t count, unsigned elem_bytes, int post);
/* pstu (§4.3): packs the mask at granularity gran (2: keep m[2k], 16 B; 4: keep m[4k], 8 B),
 * streams those bytes like pvc_store_unalign and always advances *cursor by 16 / 8.
 * The cursor must be 16- / 8-aligned. */
void pvc_mask_store_unalign(pvc_ctx *ctx, int64_t *cursor, const pvc_mreg *src, pvc_ureg_st *s,
                            unsigned gran);
/* vstas: writes the parked bytes at floor32(*cursor) + k, empties s; post: *cursor += step. */
void pvc_store_unalign_post(pvc_ctx *ctx, int64_t *cursor, pvc_ureg_st *s, int64_t step, int post);
/* 1 when s still holds parked bytes (a VF returning then has lost them). */
static inline int pvc_ureg_st_pending(const pvc_ureg_st *s) { return s->valid != 0; }
/* Raises UNFLUSHED (addr = floor32(cursor), len = parked bytes) if s still holds bytes. */
void pvc_ureg_st_check(pvc_ctx *ctx, const pvc_ureg_st *s, int64_t cursor);

/* AddrReg forms (§4.4 [I]): A = cursor + areg; loads: as pvc_load_unalign; stores: count =
 * VL/elem_bytes (256 bytes); the cursor never advances. */
void pvc_load_unalign_areg(pvc_ctx *ctx, pvc_vreg *dst, pvc_ureg_ld *u, int64_t cursor,
                           int64_t areg);
void pvc_store_unalign_areg(pvc_ctx *ctx, int64_t cursor, int64_t areg, const pvc_vreg *src,
                            pvc_ureg_st *s, unsigned elem_bytes);

/* ---------------------------------------------------------------------------------------
 * Masks (§5.1). w below is the mask granularity in bytes (1, 2, 4, 8): element i is tested
 * at bit w*i, n = 256/w elements. Generators set ONLY the tested bit of each active element.
 * X(NAME, hw value, active(i, n) expression, meaning)
 * ------------------------------------------------------------------------------------- */
#define PVC_MASK_PATTERNS(X) \
    X(ALL,   0,  1,            "all n elements") \
    X(VL1,   1,  (i) < 1,      "lowest 1") \
    X(VL2,   2,  (i) < 2,      "lowest 2") \
    X(VL3,   3,  (i) < 3,      "lowest 3") \
    X(VL4,   4,  (i) < 4,      "lowest 4") \
    X(VL8,   5,  (i) < 8,      "lowest 8") \
    X(VL16,  6,  (i) < 16,     "lowest 16") \
    X(VL32,  7,  (i) < 32,     "lowest 32") \
    X(VL64,  8,  (i) < 64,     "lowest 64 (clipped to n)") \
    X(VL128, 9,  (i) < 128,    "lowest 128 (clipped to n)") \
    X(M3,    10, (i) % 3 == 0, "indices = 0 mod 3") \
    X(M4,    11, (i) % 4 == 0, "indices = 0 mod 4") \
    X(H,     12, (i) < (n) / 2, "lowest n/2") \
    X(Q,     13, (i) < (n) / 4, "lowest n/4") \
    X(ALLF,  15, 0,            "none")

typedef enum {
#define X(name, hw, active, text) PVC_PAT_##name,
    PVC_MASK_PATTERNS(X)
#undef X
    PVC_PAT_COUNT
} pvc_mask_pattern;

typedef struct {
    const char *name;
    unsigned hw;
    const char *text;
} pvc_pattern_info;

extern const pvc_pattern_info pvc_mask_pattern_table[PVC_PAT_COUNT];

/* Mask granularity of a dtype: its lane bytes (FP4/INT4: 1). The compiler may pick another
 * (PP-BE uses b16 for 64-bit create_mask, b32 for non-int 8-bit update_mask, §5.1). */
static inline unsigned pvc_mask_gran(pvc_dtype t) { return pvc_dtype_lane_bytes(t); }

void pvc_mask_create(pvc_ctx *ctx, pvc_mreg *dst, pvc_mask_pattern pat, unsigned w);
/* plt: first min(n, 256/w) elements active; returns n - 256/w saturated at 0 (the caller's
 * own scalar is not modified, §5.1). */
uint32_t pvc_mask_update(pvc_ctx *ctx, pvc_mreg *dst, uint32_t n, unsigned w);

/* ---------------------------------------------------------------------------------------
 * Scalars. Scalar operands (vf.full value, compare scalar) are passed as the RAW BITS of
 * one element of the op's dtype in the low bits of a uint64_t: the caller converts the
 * Python literal to the element type first (ints: two's complement truncation; FP32:
 * pvc_bits_f32; FP16/BF16: the encoders of pvc_rt_cast.h). This keeps the element
 * conversion (rounding!) in one place, the cast library.
 * ------------------------------------------------------------------------------------- */
static inline uint64_t pvc_bits_f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Compares (§5.2). X(NAME, pypto name, C operator) */
#define PVC_COMPARES(X) \
    X(EQ, "eq", ==) /* a == b; NaN -> false, +0 == -0 */ \
    X(NE, "ne", !=) /* a != b; NaN -> true */ \
    X(LT, "lt", <)  /* a <  b; NaN -> false */ \
    X(GT, "gt", >)  /* a >  b; NaN -> false */ \
    X(LE, "le", <=) /* a <= b; NaN -> false */ \
    X(GE, "ge", >=) /* a >= b; NaN -> false */

typedef enum {
#define X(name, pyname, op) PVC_CMP_##name,
    PVC_COMPARES(X)
#undef X
    PVC_CMP_COUNT
} pvc_cmp;

extern const char *const pvc_cmp_names[PVC_CMP_COUNT];

/* dst bit w*i = preg bit w*i && (a_i OP b_i), every other bit 0; t in INT8/16/32,
 * UINT8/16/32, FP16, BF16, FP32 (else BAD_ARG). w = lane bytes of t (cmp_dtype = pass t). */
void pvc_compare(pvc_ctx *ctx, pvc_mreg *dst, pvc_cmp op, pvc_dtype t, const pvc_vreg *a,
                 const pvc_vreg *b, const pvc_mreg *preg);
void pvc_compare_scalar(pvc_ctx *ctx, pvc_mreg *dst, pvc_cmp op, pvc_dtype t, const pvc_vreg *a,
                        uint64_t b_bits, const pvc_mreg *preg);

/* ---------------------------------------------------------------------------------------
 * Masked register ops (§5.3, §5.7). Inactive lanes (tested bit 0): ZEROING -> all bits 0,
 * MERGING -> dst keeps its old value.
 * ------------------------------------------------------------------------------------- */
typedef enum { PVC_MERGE_ZEROING, PVC_MERGE_MERGING } pvc_merge;
/* pl.DuplicatePos: the lane vf.full's register form broadcasts (§5.7). One list: the
 * compiler's DuplicatePos members and the emitter's names come from it. */
#define PVC_POSITIONS(X)            \
    X(LOWEST,  "element 0")         \
    X(HIGHEST, "element N-1")
typedef enum {
#define X(name, text) PVC_POS_##name,
    PVC_POSITIONS(X)
#undef X
} pvc_pos;

/* |a|: floats clear the sign bit (NaN stays NaN), ints wrap (abs(INT_MIN) = INT_MIN).
 * t in INT8/16/32/64, FP16, FP32 (else BAD_ARG). Zeroing. */
void pvc_abs(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *preg);
/* relu: x > 0 ? x : +0; NaN stays NaN [I]. t in INT32, FP16, FP32 (else BAD_ARG). Zeroing. */
void pvc_relu(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *a, const pvc_mreg *preg);
/* vf.full scalar: every lane = bits (preg NULL: all lanes, vbr), else masked by mode (vdup). */
void pvc_full(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, uint64_t bits, const pvc_mreg *preg,
              pvc_merge mode);
/* vf.full register form: every lane = src lane 0 (LOWEST) or lane N-1 (HIGHEST), masked. */
void pvc_full_reg(pvc_ctx *ctx, pvc_vreg *dst, pvc_dtype t, const pvc_vreg *src,
                  const pvc_mreg *preg, pvc_pos pos, pvc_merge mode);

/* Blend helper shared by the masked ops: for each element i of width w, dst lane i = res
 * lane i if m[w*i] else (mode == MERGING ? old dst lane : 0). Branch-free. */
void pvc_vreg_blend(pvc_vreg *dst, const pvc_vreg *res, const pvc_mreg *m, unsigned w,
                    pvc_merge mode);

/* ---------------------------------------------------------------------------------------
 * Casts (§5.4, §5.5).
 * ------------------------------------------------------------------------------------- */
typedef enum { PVC_LAYOUT_ZERO, PVC_LAYOUT_ONE, PVC_LAYOUT_TWO, PVC_LAYOUT_THREE } pvc_layout;

/* pl.VFRoundMode -> hw round mode (§5.4). */
#define PVC_ROUNDS(X)                                       \
    X(RINT,   "CAST_RINT",   "nearest, ties to even")       \
    X(ROUND,  "CAST_ROUND",  "nearest, ties away from zero") \
    X(FLOOR,  "CAST_FLOOR",  "toward -inf")                 \
    X(CEIL,   "CAST_CEIL",   "toward +inf")                 \
    X(TRUNC,  "CAST_TRUNC",  "toward zero")                 \
    X(ODD,    "CAST_ODD",    "round to odd")                \
    X(HYBRID, "CAST_HYBRID", "HiFloat8 hybrid rounding")

typedef enum {
#define X(name, pyname, text) PVC_ROUND_##name,
    PVC_ROUNDS(X)
#undef X
    PVC_ROUND_COUNT
} pvc_round;

typedef enum { PVC_SAT_OFF, PVC_SAT_ON } pvc_sat;

/* ---------------------------------------------------------------------------------------
 * GM tensors and the jit surface (§6): pl.load / pl.store between a host tensor and a tile.
 *
 *   tensor (GM, row-major)              tile (UB, row pitch = static shape[1])
 *   +---------------------+             +-----------+
 *   |      r0,c0 +-----+  |   pl.load   |  rows x   |   tile[i][j] = tensor[r0+i][c0+j]
 *   |            |     |  |  -------->  |  cols     |   for the part inside the tensor;
 *   |            +-----+  |  <--------  |           |   the clipped rest is not copied
 *   +---------------------+   pl.store  +-----------+   (UB / GM keep their bytes)
 *
 * Only the tile's valid rows x cols move (valid_rows x valid_cols, run-time values: 0 moves
 * nothing, PVC_GM_WHOLE means the tile's shape, §6 [I]); the row pitch stays the static
 * cols, and the rest of the tile's UB bytes are left alone.
 * A rank-1 tensor is one row. A tensor of rank 3 to 8 is addressed by one offset per axis:
 * the tile's rows and columns run along two of its axes (by default the last two), every
 * other axis stays at its offset (pl.load's `order`, §6). Shapes count elements; FP4/INT4
 * data is packed two per byte (low nibble first), so their column offsets and widths must be
 * even.
 * ------------------------------------------------------------------------------------- */
#define PVC_TENSOR_MAX_RANK 8 /* pypto_pro's own bound (its runtime's exception dump records 8 dims) */
#define PVC_GM_WHOLE INT64_MIN /* a valid_rows / valid_cols meaning the tile's whole shape */
typedef struct {
    void *data;          /* host memory, row-major: shape[0] * ... * shape[rank-1] elements */
    pvc_dtype dtype;
    int rank;            /* 1 to PVC_TENSOR_MAX_RANK */
    int64_t shape[PVC_TENSOR_MAX_RANK];
    /* A view pl.make_tensor / pl.addptr made (pvc_gm_view): stride[k] elements per step of axis
     * k when it was given strides other than the row-major ones (the last one 1), all 0 for
     * row-major; [lo, hi) the bytes of the kernel argument it lies in, which every access is
     * checked against (NULL: the tensor is that argument itself). */
    int64_t stride[PVC_TENSOR_MAX_RANK];
    const uint8_t *lo, *hi;
    /* PVC_TL_ND, or PVC_TL_NZ for a pl.Tensor[[R, C], dtype, pl.NZ] parameter (docs/SEMANTICS.md
     * §17.4.6): its GM holds FRACTAL_NZ, logical (r, c) at element pvc_tl_off(NZ, R, C, 16, C0,
     * r, c), C0 = 32 bytes of elements; the launch lays it out and back (pvc_tensor_nz_c0). */
    int layout;
} pvc_tensor;

/* t.shape[axis] (a negative axis counts from the end, as in Python); 0 for an axis the
 * tensor does not have (the compiler checks the axis against the declared rank). */
static inline int64_t pvc_tensor_dim(const pvc_tensor *t, int64_t axis)
{
    if (axis < 0)
        axis += t->rank;
    return axis >= 0 && axis < t->rank ? t->shape[axis] : 0;
}

/* The GM address of a tensor or pointer, what pl.printf's %p prints (§6): pvc's GM is host
 * memory, so the address of its first byte there (a zero-sized tensor's placeholder included). */
static inline int64_t pvc_tensor_addr(const pvc_tensor *t) { return (int64_t)(uintptr_t)t->data; }

/* pl.get_block_idx() / pl.get_block_num() of the block ctx runs (§6). */
static inline int64_t pvc_block_idx(const pvc_ctx *ctx) { return ctx->block_idx; }
static inline int64_t pvc_block_num(const pvc_ctx *ctx) { return ctx->block_num; }
/* pl.get_subblock_idx / _num in a kernel with a section_cube: the core's place in its block
 * (docs/SEMANTICS.md §17.1). */
static inline int64_t pvc_subblock_idx(const pvc_ctx *ctx) { return ctx->subblock_idx; }
static inline int64_t pvc_subblock_num(const pvc_ctx *ctx) { return ctx->subblock_num; }

/* A scalar argument of a jit kernel: parameter i of `pvc_kernel_<name>(ctx, args, scalars)`
 * is args[i] when it is a tensor and scalars[i] when it is a scalar; int and bool (0/1)
 * parameters read .i, float parameters .f (Python's int and float: int64 and double). */
typedef union {
    int64_t i;
    double f;
} pvc_scalar;

/* Both return the number of valid tile elements left out because the window crosses the
 * tensor edge (0: the whole valid region was copied); the simulator turns a non-zero count into a note.
 * Faults: UB_BOUNDS if the tile leaves the UB, BAD_ARG for a bad tensor, a valid shape
 * larger than the tile or an odd FP4 window. */
int64_t pvc_gm_load(pvc_ctx *ctx, const pvc_tile *tile, const pvc_tensor *src, int64_t r0, int64_t c0,
                    int64_t valid_rows, int64_t valid_cols);
int64_t pvc_gm_store(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *tile, int64_t r0, int64_t c0,
                     int64_t valid_rows, int64_t valid_cols);
/* One element of a UB tile from scalar code (t[r, c] in a kernel, docs/SEMANTICS.md §6): r, c
 * inside the tile's shape (else BAD_ARG), the element inside the UB (else UB_BOUNDS); 4-bit
 * tiles have no element access (BAD_ARG). get_i: an integer element sign- or zero-extended;
 * get_f: a float (or 8-bit float code) element decoded, stored as a double at out (memcpy, so
 * the simulator may pass its scalar slot). set_i / set_f: the element's bits as the C++
 * conversion of the int / the float makes them (pvc_scalar_bits, §9.6). */
int64_t pvc_tile_get_i(pvc_ctx *ctx, const pvc_tile *t, int64_t r, int64_t c);
void pvc_tile_get_f(pvc_ctx *ctx, const pvc_tile *t, int64_t r, int64_t c, void *out);
void pvc_tile_set_i(pvc_ctx *ctx, const pvc_tile *t, int64_t r, int64_t c, int64_t v);
void pvc_tile_set_f(pvc_ctx *ctx, const pvc_tile *t, int64_t r, int64_t c, double v);
/* pl.getval(t, off) / pl.setval(t, off, v) (docs/SEMANTICS.md §6.1): the element at linear
 * offset off = r * cols + c of a tile's static shape, or of a GM tensor's row-major elements;
 * off outside [0, elements) faults BAD_ARG before any byte is touched, as does a 4-bit dtype.
 * The value rule is t[r, c]'s (above); a GM element is reported to the gm_touch hook. */
int64_t pvc_tile_getval_i(pvc_ctx *ctx, const pvc_tile *t, int64_t off);
void pvc_tile_getval_f(pvc_ctx *ctx, const pvc_tile *t, int64_t off, void *out);
void pvc_tile_setval_i(pvc_ctx *ctx, const pvc_tile *t, int64_t off, int64_t v);
void pvc_tile_setval_f(pvc_ctx *ctx, const pvc_tile *t, int64_t off, double v);
/* pl.dump_data (docs/SEMANTICS.md §6.2): the text pypto_pro's device prints, on stdout after
 * "[block N] " in one write. A tensor: the window off[k] .. off[k] + len[k] of each axis k
 * (len PVC_GM_WHOLE: the whole axis) as pypto's five-axis view, its leading axes of 1 (dn:
 * the layout named DN, a rank-2 tensor whose last dim is the constant 1); a window outside
 * the tensor faults BAD_ARG before a byte is read. A Vec tile: every element of its shape, the
 * valid shape vr x vc marked; a window: the requested rows x cols clipped to the valid shape
 * from r0, c0. An Acc tile: the whole tile copied to the workspace tensor (its dtype, at least
 * rows * cols elements, row-major with the tile's cols as pitch, no conversion), then the
 * window read back from it, clipped to the tile. */
#define PVC_DUMP_AXES 5
void pvc_gm_dump(pvc_ctx *ctx, const pvc_tensor *t, const int64_t *off, const int64_t *len, int64_t dn);
void pvc_tile_dump(pvc_ctx *ctx, const pvc_tile *t, int64_t vr, int64_t vc);
void pvc_tile_dump_window(pvc_ctx *ctx, const pvc_tile *t, int64_t vr, int64_t vc, int64_t r0, int64_t c0,
                          int64_t rows, int64_t cols);
void pvc_acc_dump(pvc_ctx *ctx, const pvc_tile *acc, const pvc_tensor *ws, int64_t r0, int64_t c0, int64_t rows,
                  int64_t cols);
int64_t pvc_gm_getval_i(pvc_ctx *ctx, const pvc_tensor *t, int64_t off);
void pvc_gm_getval_f(pvc_ctx *ctx, const pvc_tensor *t, int64_t off, void *out);
void pvc_gm_setval_i(pvc_ctx *ctx, const pvc_tensor *t, int64_t off, int64_t v);
void pvc_gm_setval_f(pvc_ctx *ctx, const pvc_tensor *t, int64_t off, double v);
/* Struct fields (docs/SEMANTICS.md §16.8): element idx of the field of dtype t (INT64, FP32 or
 * BOOL) at byte offset addr of ctx->smem, an array of n elements (n = 0: a scalar field, idx
 * must be 0). An idx outside [0, n) faults BAD_ARG before any byte is touched. A read gives
 * an int64 (a bool field 0 or 1) or a double (FP32); a write converts as C++ assigns to the
 * member: an int or a float into INT64 (truncated), into FP32 (rounded to nearest), into BOOL
 * (nonzero is 1). */
int64_t pvc_smem_get_i(pvc_ctx *ctx, int64_t addr, int64_t idx, int64_t n, int t);
void pvc_smem_get_f(pvc_ctx *ctx, int64_t addr, int64_t idx, int64_t n, int t, void *out);
void pvc_smem_set_i(pvc_ctx *ctx, int64_t addr, int64_t idx, int64_t n, int t, int64_t v);
void pvc_smem_set_f(pvc_ctx *ctx, int64_t addr, int64_t idx, int64_t n, int t, double v);
/* Slot idx of a pl.struct_array of n structs of `stride` bytes at base: base + idx * stride;
 * idx outside [0, n) faults BAD_ARG. */
int64_t pvc_smem_slot(pvc_ctx *ctx, int64_t base, int64_t idx, int64_t n, int64_t stride);
/* A kernel's entry copy of its tiling argument: the `bytes` bytes of the GM tensor t (a uint8
 * tensor of exactly that many elements, else BAD_ARG) into ctx->smem at addr, reported to the
 * gm_touch hook as a read. */
void pvc_smem_load(pvc_ctx *ctx, const pvc_tensor *t, int64_t addr, int64_t bytes);
/* pl.ssbuf_store(s, off) / pl.ssbuf_load(s, off): the bytes / 4 whole 32-bit words of the
 * struct at struct byte addr to / from SSBUF byte off (pypto_pro's lowering copies
 * sizeof(struct) / 4 words). off must be a multiple of 4 (MISALIGNED) and the words inside
 * the SSBUF (BAD_ARG), checked before any byte moves. */
void pvc_ssbuf_store(pvc_ctx *ctx, int64_t addr, int64_t off, int64_t bytes);
void pvc_ssbuf_load(pvc_ctx *ctx, int64_t addr, int64_t off, int64_t bytes);
/* pl.move between two UB tiles of one element width (§6): rows x cols elements, each row a
 * memmove at the tiles' own pitches. insert 0 (extract): dst[i][j] = src[r0+i][c0+j];
 * insert 1: dst[r0+i][c0+j] = src[i][j]. A window outside either tile's shape is BAD_ARG. */
void pvc_tile_move(pvc_ctx *ctx, const pvc_tile *dst, const pvc_tile *src, int64_t r0, int64_t c0,
                   int64_t rows, int64_t cols, int64_t insert);
/* The same for a tensor of any rank: o0..o7 are the offsets of its axes (those past its rank
 * unused); the tile's rows run along row_axis and its columns along col_axis, which must be
 * the last axis (its elements are contiguous) with row_axis before it. An offset of another
 * axis outside the tensor clips the whole window. */
/* pl.store(..., atomic=pl.AtomicType.AtomicAdd) of a Vec tile: as pvc_gm_store, but each
 * element is added into GM in the tensor's dtype (floats rounded once, integers wrapping),
 * under the atomic-write lock (pvc_rt_cube.h); tile and tensor have one dtype. */
int64_t pvc_gm_store_add(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *tile, int64_t r0, int64_t c0,
                         int64_t valid_rows, int64_t valid_cols);
/* pl.load / pl.store of a rank-2 tensor after pl.set_stride(t, [rs, cs]) (docs/SEMANTICS.md
 * §6): tile element (i, j) of the valid shape moves from / to GM element r0*shape[1] + c0 +
 * i*rs + j*cs (rs or cs PVC_STRIDE_DEFAULT: shape[1] or 1; both: pvc_gm_load / pvc_gm_store,
 * which clip at the edge). Every element must lie in the tensor, or the move faults BAD_ARG
 * before a byte moves. add: the store's atomic add (pvc_gm_store_add). */
#define PVC_STRIDE_DEFAULT INT64_MIN
int64_t pvc_gm_load_strided(pvc_ctx *ctx, const pvc_tile *tile, const pvc_tensor *src, int64_t r0, int64_t c0,
                            int64_t valid_rows, int64_t valid_cols, int64_t rs, int64_t cs);
int64_t pvc_gm_store_strided(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *tile, int64_t r0, int64_t c0,
                             int64_t valid_rows, int64_t valid_cols, int64_t rs, int64_t cs, int64_t add);
/* pl.make_tensor(base, [d0..], [s0..], dtype=) and pl.addptr(base, off) (docs/SEMANTICS.md §6):
 * *view becomes a rank-`rank` (1 to 4) tensor of dtype `dtype` whose data starts off elements
 * (of base's dtype) into base; a dim of -1 is the rest of base's bytes (pl.addptr's rank-1
 * view), a stride of PVC_STRIDE_DEFAULT the row-major one. Faults BAD_ARG when the start
 * leaves base or a dim or stride is negative, too large, or the last stride is not 1. The view
 * may reach past base: its loads and stores fault where they would leave it. */
void pvc_gm_view(pvc_ctx *ctx, pvc_tensor *view, const pvc_tensor *base, int64_t off, int64_t dtype, int64_t rank,
                 int64_t d0, int64_t d1, int64_t d2, int64_t d3, int64_t s0, int64_t s1, int64_t s2, int64_t s3);
int64_t pvc_gm_load_nd(pvc_ctx *ctx, const pvc_tile *tile, const pvc_tensor *src, int64_t o0,
                       int64_t o1, int64_t o2, int64_t o3, int64_t o4, int64_t o5, int64_t o6, int64_t o7, int64_t row_axis, int64_t col_axis,
                       int64_t valid_rows, int64_t valid_cols);
int64_t pvc_gm_store_nd(pvc_ctx *ctx, const pvc_tensor *dst, const pvc_tile *tile, int64_t o0,
                        int64_t o1, int64_t o2, int64_t o3, int64_t o4, int64_t o5, int64_t o6, int64_t o7, int64_t row_axis, int64_t col_axis,
                        int64_t valid_rows, int64_t valid_cols);

/* pl.printf (§6): prints "[block N] " and the format with its conversions (%d %i %u %x %f,
 * flags, width, precision; %% a percent sign) taking args in order (kinds[k] 'i' an int64 in
 * .i, 'f' a double in .f) to stdout in one write. The compiler checks the format. */
void pvc_printf(pvc_ctx *ctx, const char *format, int nargs, const pvc_scalar *args, const char *kinds);

#include "pvc_rt_cast.h" /* cast and format entry points */
#include "pvc_rt_arith.h" /* arithmetic, unary and composite vf ops */
#include "pvc_rt_lanes.h" /* bitwise, select, reductions, permutes, gathers, SPRs */
#include "pvc_rt_xlane.h" /* reductions, squeeze, gathers and scatter, histograms, unified load/store */
#include "pvc_rt_tile.h" /* the tile level: whole-tile ops over the register ops */
#include "pvc_rt_inline.h" /* inline fast paths of the hottest ops */
#include "pvc_rt_fast.h" /* the FP32 common case of the hot register ops, inline */
#include "pvc_rt_cube.h" /* cube side: spaces, layouts, matmul, fixpipe */

#endif /* PVC_RT_H */
