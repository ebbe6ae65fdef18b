#!/usr/bin/python3
"""Inputs and hand-derived expected outputs for the differential kernels of tests/run_sim.sh.

  diff_kernels.py inputs OUTDIR SEED P=DTYPE:R,C ... P=VALUE ...
      writes OUTDIR/in_P.npy for each tensor parameter: deterministic values from SEED,
      mixing ordinary numbers with the edge cases casts and compares care about (0, -0, inf,
      NaN, values beyond FP16/FP8/INT16 range; integers over their whole range); a scalar
      parameter P=VALUE (no ':'; pvc run --scalar P=VALUE) goes to OUTDIR/scalars.txt
  diff_kernels.py cases OUTDIR LIST
      one case directory of the case runner (tests/cases/README.md) per line of LIST
      (tests/sim/diff_kernels.txt: FILE KERNEL P=DTYPE:R,C ... P=VALUE ...): its kernel file,
      the inputs above (seeded by FILE and KERNEL, as `inputs` is by run_sim.sh), the scalars
      as --scalar flags in its args file, and for a kernel with a formula below its expected
      outputs and an `exact` file (the outputs must be the formula's bytes)
  diff_kernels.py check NAME INDIR OUTDIR
      for a kernel with a formula below: computes its outputs from INDIR/in_P.npy and the
      scalars (read as Python reads them) by the
      docs/SEMANTICS.md formulas restated here (not by running pvc), writes OUTDIR/expect_P.npy
      and compares them byte for byte with OUTDIR/sim_P.npy; exit 1 on a difference,
      2 when NAME has no formula
"""
import sys
import zlib

import numpy as np

NP_DTYPES = {
    "INT8": np.int8, "UINT8": np.uint8, "INT16": np.int16, "UINT16": np.uint16,
    "INT32": np.int32, "UINT32": np.uint32, "INT64": np.int64, "UINT64": np.uint64,
    "FP16": np.float16, "BF16": np.uint16, "FP32": np.float32,
    "FP8E4M3FN": np.uint8, "FP8E5M2": np.uint8, "FP8E8M0": np.uint8, "HF8": np.uint8,
}
FLOAT_EDGES = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e30, -1e30, 65520.0, -449.0, 2.5, -2.5,
               0.3333333, 1e-8]


def make_input(rng, dtype, shape):
    t = NP_DTYPES[dtype]
    n = int(np.prod(shape))
    if t in (np.float16, np.float32):
        v = rng.integers(-4000, 4000, n) / 16.0
        edges = rng.choice(n, size=min(n, len(FLOAT_EDGES)), replace=False)
        v[edges] = FLOAT_EDGES[:len(edges)]
        with np.errstate(over="ignore"):
            return v.astype(t).reshape(shape)
    info = np.iinfo(t)
    return rng.integers(info.min, info.max, n, dtype=t, endpoint=True).reshape(shape)


def py_scalar(text):
    """A --scalar VALUE as Python reads the literal of its type: True/False, int, float."""
    if text in ("True", "False"):
        return text == "True"
    try:
        return int(text)
    except ValueError:
        return float(text)


def cmd_inputs(outdir, seed, specs):
    rng = np.random.default_rng(zlib.crc32(seed.encode()))
    with open(outdir + "/scalars.txt", "w") as f:
        f.writelines(spec + "\n" for spec in specs if ":" not in spec)
    for spec in specs:
        if ":" not in spec:
            continue
        name, rest = spec.split("=", 1)
        dtype, shape = rest.split(":")
        np.save("%s/in_%s.npy" % (outdir, name), make_input(rng, dtype, tuple(int(d) for d in shape.split(","))))


# ---- expected outputs, one function per kernel: the formulas of the kernel's comment ----

def expect_diff_load_dists(ins):
    """docs/SEMANTICS.md §2.2, every generic dist at b16 (INT16 register, 128 lanes)."""
    a = ins["a"].reshape(-1)            # 256 INT16 = 512 UB bytes at address A = tile base
    ab = a.view(np.uint8)
    out = np.zeros((7, 128), np.int16)
    i = np.arange(128)
    out[0] = a[3]                       # BRC_B16: R.e2[i] = UB2[A]      (A = element 3)
    out[1] = a[16 + i // 2]             # US_B16:  R.e2[i] = UB2[A + 2*floor(i/2)]
    out[2] = a[2 * i]                   # DS_B16:  R.e2[i] = UB2[A + 4i]
    k = np.arange(64)
    out[3, 2 * k] = a[32 + k]           # UNPK_B16: R.e2[2k] = UB2[A + 2k], R.e2[2k+1] = 0
    out[4] = a[48 + i // 16]            # E2B_B16: R.e2[i] = UB2[A + 2*floor(i/16)]
    out[5] = a[64 + i % 16]             # BLK: R.b[j] = UB[A + j%32] -> element i%16
    row6 = np.zeros(256, np.uint8)      # UNPK4_B8 at byte 160: R.b[4k] = UB[A+k], k < 64
    row6[4 * k] = ab[160 + k]
    out[6] = row6.view(np.int16)
    return {"out": out}


def expect_diff_store_dists(ins):
    """docs/SEMANTICS.md §3.3, §3.4 from INT32 registers; out starts as its input."""
    a = ins["a"].reshape(-1).astype(np.int64)
    b = ins["b"].reshape(-1)
    ob = ins["out"].reshape(-1).view(np.uint8).copy()
    for i in range(32):                 # PK_B32, mask H = elements 0..31: UB2[A+2i] = low half
        ob[2 * i:2 * i + 2] = np.array([a[i] & 0xFFFF], "<u2").view(np.uint8)
    for i in range(64):                 # PK4_B32 at byte 256, ALL: UB1[A+i] = low byte
        ob[256 + i] = a[i] & 0xFF
    ob[384:388] = b[0:1].view(np.uint8)  # ONEPT_B32 at byte 384: UB4[A] = R.e4[0], mask ignored
    ai = ins["a"].reshape(-1)
    for i in range(64):                 # INTLV_B32 at byte 512: UB4[A+8i] = R0[i], UB4[A+8i+4] = R1[i]
        ob[512 + 8 * i:516 + 8 * i] = ai[i:i + 1].view(np.uint8)
        ob[516 + 8 * i:520 + 8 * i] = b[i:i + 1].view(np.uint8)
    return {"out": ob.view(np.int32).reshape(1, 256)}


def expect_diff_datablock(ins):
    """docs/SEMANTICS.md §2.4, §3.5: block k moves iff any of mask bits 32k..32k+31 is set."""
    ab = ins["a"].reshape(-1).view(np.uint8)
    ob = ins["out"].reshape(-1).view(np.uint8).copy()
    for k in range(5):                  # update_mask(40) at b32: bits 0..156 -> blocks 0..4
        ob[96 * k:96 * k + 32] = ab[64 * k:64 * k + 32]   # load bs=2, store bs=3
    for r in range(2):                  # post_update, bs=1, rs=1, update_mask(16): blocks 0..1
        for k in range(2):
            ob[800 + 32 * r + 32 * k:832 + 32 * r + 32 * k] = ab[32 * r + 32 * k:32 * r + 32 * k + 32]
    return {"out": ob.view(np.float32).reshape(1, 256)}


def expect_full_duplicate_pos(ins):
    """docs/SEMANTICS.md §5.7: lane 0 (LOWEST) or lane N-1 (HIGHEST) broadcast; §5.3 zeroing."""
    a = ins["a"].reshape(-1)
    out = np.zeros((4, 64), np.float32)
    out[0] = a[0]
    out[1] = a[63]
    out[2, :10] = a[0]                  # update_mask(10): lanes 0..9 active, the rest +0.0
    out[3, :10] = a[63]
    return {"out": out}


def expect_make_tile_addr(ins):
    """docs/SEMANTICS.md §6: make_tile at a byte address, syncs are no-ops; §5.3 abs clears the
    FP32 sign bit."""
    a = ins["a"].reshape(1, 64)
    return {"out_half": a[:, 32:64].copy(),   # the 1x32 tile at 0x180 = bytes 128.. of 0x100
            "out_abs": (a.view(np.uint32) & 0x7FFFFFFF).view(np.float32)}


def expect_valid_shape(ins):
    """docs/SEMANTICS.md §6 [I]: only the valid rows x cols move; the rest of GM keeps its bytes."""
    a = ins["a"]
    o1, o2, o3 = ins["out1"].copy(), ins["out2"].copy(), ins["out3"].copy()
    o1[0:3, 0:40] = a[0:3, 0:40]
    o2[1:3, 40:56] = a[2:4, 8:24]
    for i in range(2):
        o3[i, 0:8] = a[i, 0:8]
    return {"out1": o1, "out2": o2, "out3": o3, "out4": a.copy()}


def expect_tile_group_slots(ins):
    """docs/SEMANTICS.md §6: slot i at addrs + i*slot_bytes; next/previous rotate modulo depth."""
    a = ins["a"]
    return {"out": a[[2, 1, 0]].copy(), "copy": a[0:1].copy()}


def expect_tile_group_rotation(ins):
    """docs/SEMANTICS.md §6: next/previous rotate modulo the depth at run time; §5.2 lt."""
    a = ins["a"]
    prev = a[[3, 0, 1, 2]]              # iteration i reads the slot iteration i-1 loaded
    with np.errstate(invalid="ignore"):
        sign = np.where(prev < np.float32(0.0), np.float32(1.0), np.float32(0.0))
    return {"out": sign.astype(np.float32),
            "last": a[2:3].copy()}      # slot 0 after the loop was last written at i = 2


def expect_scalar_params(ins):
    """docs/SEMANTICS.md §5.2, §5.7: scalar parameters encoded at FP32 (nearest-even), §5.3 zeroing."""
    a = ins["a"].reshape(-1)
    out = np.zeros((4, 64), np.float32)
    with np.errstate(invalid="ignore"):
        out[0] = np.where(a >= np.float32(6.0), np.float32(2.5), np.float32(0.0))
    out[1] = np.float32(16777216.0)     # 16777217 = 2^24 + 1: a tie, even mantissa wins
    out[2] = np.float32(16777216.0)
    out[3] = np.float32(0.1)
    return {"out": out}


def expect_float_scalars(ins):
    """Python's float and mixed int/float + - * // % and unary minus (CPython is the spec:
    these are its own operators), each value rounded to FP32 by vf.full (§5.7)."""
    x, y, s, n = -7.5, 2.0, 1.25, -7
    w = 1.5 * 3 - 0.25
    values = [s * 2.0, x // y, x % y, x % -y, n // y, n % 2.5, x + n, n - x,
              0.0 % -y, -(s - s), x // 1e300, n * 0.1, x // -0.5, (n * 3) // 2 + 0.5,
              w - n % 3, -x % w]
    out = np.zeros((16, 64), np.float32)
    for i, v in enumerate(values):
        out[i] = np.float32(v)
    return {"out": out}


def expect_float_scale(ins):
    """The repro: 1.25 * 2.0 in Python, as FP32, in every lane."""
    return {"out": np.full((1, 64), np.float32(1.25 * 2.0), np.float32)}


def expect_nested_vf(ins):
    """Three nested vector functions: (a + 1) * 2 - 3 in FP32, each step rounded."""
    a = ins["a"].astype(np.float32)
    return {"out": ((a + np.float32(1)) * np.float32(2)) - np.float32(3)}


def expect_group_shared_mutex(ins):
    """Two slots, each with a list of mutex ids: a + 1 in FP32, row by row."""
    return {"out": ins["a"].astype(np.float32) + np.float32(1)}


def expect_kernel_scalars(ins):
    """Scalar kernel parameters (tests/e2e/kernel_scalars.py): pl.range(n_rows), offsets
    r0 + 2r, thr * 2.0 in Python floats encoded at FP32 nearest-even and compared with >=
    (§5.2, NaN is never >=), fill where true, +0.0 elsewhere (zeroing, §5.7); then the bool
    keep and the int n_rows - r0 as FP32 rows. Rows past 2 * n_rows + 2 keep their input."""
    a, out = ins["a"], ins["out"].copy()
    n, r0, keep = ins["n_rows"], ins["r0"], ins["keep"]
    thr = np.float32(ins["thr"] * 2.0)
    for r in range(n):
        for i in range(2):
            with np.errstate(invalid="ignore"):
                out[2 * r + i] = np.where(a[r0 + 2 * r + i] >= thr, np.float32(ins["fill"]), np.float32(0.0))
    out[2 * n] = np.float32(1.0 if keep else 0.0)
    out[2 * n + 1] = np.float32(n - r0)
    return {"out": out}


def expect_py_constants(ins):
    """tests/golden/py_constants.py: module constants fold (USE_ABS true, NREGS 2, SCALE =
    1/sqrt(64)); each row |a| (§5.3: the sign bit cleared) times FP32 0.125 (§10.2)."""
    a = np.abs(ins["a"].reshape(2, 64))
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        return {"out": (a * np.float32(0.125)).astype(np.float32)}


def lang_control_rows(mode, count, out):
    """The kernel of tests/golden/py_control.py run as Python runs it: a 64-lane tile t (UB
    starts zeroed) that fill() writes only on its active lanes (update_mask, §5.1; zeroing
    full, §5.7), stored to out[row - 1] after each fill; mode 3 returns before any store."""
    n = max(0, min(count, 64))                       # clamp(count, 0, 64)
    t = np.zeros(64, np.float32)
    row = 0
    while True:
        if row >= 4:
            break
        row += 1
        if row % 2 == 0 and not mode:
            continue
        v = 1.5 if mode == 1 else (row << 2 | 1) / 2
        if 0 < mode <= 2:
            v = v * 2.0
        elif mode == 3:
            return out
        else:
            v = -v
        k = max(n - row, 0) ^ 0
        active = min(k, 64)
        t[:active] = np.float32(v) if (k > 0 and v != 0.0) else np.float32(-1.0)
        out[row - 1] = t
    return out


def expect_py_control(ins):
    """tests/golden/py_control.py: if/elif/else, while/break/continue, return, and/or,
    chained comparisons, a if c else b, min/max, helper inlining, as Python computes them."""
    return {"out": lang_control_rows(ins["mode"], ins["count"], ins["out"].copy())}


def expect_py_tiles(ins):
    """tests/golden/py_tiles.py: for every tile t of two rows of x[1] (rank 3, rows from
    x.shape[1], the last tile partial), y[2t] = -x[1][2t] (neg flips the sign bit, §10.4),
    through either view (the same row 0); every other row of y keeps its bytes."""
    x, y = ins["x"], ins["y"].copy()
    rows = x.shape[1]
    for t in range((rows + 1) // 2):
        y[2 * t] = (x[1, 2 * t].view(np.uint32) ^ np.uint32(0x80000000)).view(np.float32)
    return {"y": y}


def expect_lang_scalars(ins):
    """tests/sim/lang_scalars.py: the same expressions evaluated by Python (CPython is the
    spec: exact int-float comparison, arithmetic >>, true division), each into one INT32 row
    by vf.full's conversion of an int (modulo 2^32, §9.6)."""
    a, b, x = ins["a"], ins["b"], ins["x"]
    big = 1 << 62
    vals = [a < x, a == x, b < a < x, (a << 3) & 0xFFFF, a >> 2, a & b, a | b, a ^ b, ~b, not b,
            bool(x), min(a, b) > 0, max(a, b, 7), (a > b) and (b > 0), a / 4 >= 1.5,
            (b if a else -b) if big + 1 > big * 1.0 else -99]
    wrap = [(int(v) + 2 ** 31) % 2 ** 32 - 2 ** 31 for v in vals]  # the C++ int -> INT32 (§9.6)
    return {"out": np.array([[v] * 64 for v in wrap], np.int32)}


def expect_py_tile_elems(ins):
    """tests/golden/py_tile_elems.py: per tile of two rows, row 0 of y = row 1 of x with its
    first element 2 * x[row 0][0] (pl.move extract, t[r, c], pl.move insert); row 1 = row 1
    of x; a last odd row keeps y's bytes; n = [rows, rows // 2, 0, ...]."""
    x, y = ins["x"], ins["y"].copy()
    rows = x.shape[0]
    for t in range(rows // 2):
        y[2 * t] = x[2 * t + 1]
        with np.errstate(invalid="ignore", over="ignore"):
            y[2 * t, 0] = np.float32(float(x[2 * t, 0]) * 2.0)
        y[2 * t + 1] = x[2 * t + 1]
    n = np.zeros((1, 8), np.int32)
    n[0, 0], n[0, 1] = rows, rows // 2
    return {"y": y, "n": n}


def expect_lang_group_index(ins):
    """tests/sim/lang_group_index.py: out[k] = x[k] + (k % 3 + 1), vf.adds in FP32 (§10.2)."""
    x = ins["x"]
    with np.errstate(invalid="ignore", over="ignore"):
        out = x + np.array([k % 3 + 1 for k in range(x.shape[0])], np.float32)[:, None]
    return {"out": out.astype(np.float32)}


def expect_lang_tile_elems(ins):
    """tests/sim/lang_tile_elems.py: element reads and writes as Python computes them on
    doubles, a float stored into INT32 by the C++ conversion of its float (NaN 0, out of int64
    range saturated, then the low 32 bits; §9.6), pl.move as numpy slicing."""
    x, b, h, r, c = ins["x"], ins["b"], ins["h"], ins["r"], ins["c"]

    def to_i32(f):
        f = np.float32(f)
        v = 0 if f != f else (2 ** 63 - 1 if f >= 2.0 ** 63 else -2 ** 63 if f <= -2.0 ** 63 else int(f))
        return (v + 2 ** 31) % 2 ** 32 - 2 ** 31

    tx = x.copy()
    ts = tx[1:3, 16:48].copy()
    with np.errstate(invalid="ignore", over="ignore"):
        ts[0, 0] = np.float32(float(tx[r, c]) * 0.5)
    ts[1, 31] = -7.0
    tx[2:4, 32:64] = ts
    e = np.zeros((1, 64), np.int32)
    e[0, :8] = b[0, :8].astype(np.int32)
    with np.errstate(invalid="ignore", over="ignore"):
        e[0, 8] = to_i32(float(h[0, 0]) * 4.0)
        e[0, 9] = to_i32(tx[3, 63])
        e[0, 10] = to_i32(float(tx[r, c]) - 0.75)
    return {"y": ts, "z": tx, "e": e}


def c_float_to_i32(f):
    """docs/SEMANTICS.md §9.6 float -> int: the float (binary32) truncated; NaN gives 0 and a value
    outside int64 saturates, then the int is taken modulo 2^32 (int -> narrower int)."""
    f = np.float32(f)
    v = 0 if f != f else (2 ** 63 - 1 if f >= 2.0 ** 63 else -2 ** 63 if f <= -2.0 ** 63 else int(f))
    return (v + 2 ** 31) % 2 ** 32 - 2 ** 31


def expect_lang_getval(ins):
    """tests/sim/lang_getval.py: pl.getval / pl.setval and GM subscripts (§6.1) as numpy
    indexing of the flattened arrays; a read is the element's value as a Python int or float,
    a write converts by §9.6 (float -> FP32/FP16 round to nearest even, via binary32 for FP16;
    float -> INT32 by c_float_to_i32; int -> UINT8 modulo 256; int -> FP16 nearest even)."""
    x, g, h, u, e, k = ins["x"], ins["g"], ins["h"].copy(), ins["u"].copy(), ins["e"].copy(), ins["k"]
    t = x.copy().reshape(-1)
    with np.errstate(invalid="ignore", over="ignore"):
        t[k] = np.float32(float(t[255 - k]) * 2.0)
        t[64] = np.float32(-7)
        t[3 * 64 + 63] = t[2 * 64 + 1]
        gf, hf = g.reshape(-1), h.reshape(-1)
        e[0] = int(g[1, 2, 7])
        e[1] = int(gf[k % 48])
        for i in range(4):
            e[2 + i] = c_float_to_i32(float(h[i % 2, k % 16]))
        e[6] = c_float_to_i32(float(hf[h.shape[0] * 16 - 1]))
        e[7] = c_float_to_i32(float(x[2, 5]))
        e[8] = int(g[0, 0, 0]) * 3 + 1
        e[9] = 1
        e[10] = h.shape[0]
        e[11] = int(u[7]) + int(u[6])
        e[12] = 2 * int(u[5])
        h[0, 0] = np.float16(np.float32(float(x.reshape(-1)[k]) + 0.5))
        h[0, 1] = np.float16(70000)
        h[1, 15] = np.float16(-3)
    u[0] = (-1) % 256
    u[1] = 300 % 256
    return {"y": t.reshape(4, 64), "e": e, "h": h, "u": u}


def expect_diff_fold(ins):
    """docs/SEMANTICS.md §1.5, §2.1: tile + k is +k elements, [row, col] is row*cols + col,
    post_update reads at the cursor then steps it by the offset (64 FP32 = 256 bytes)."""
    a = ins["a"]
    out = np.zeros((16, 64), np.float32)
    for i in range(4):
        out[2 * i] = out[2 * i + 1] = a[i]
        out[8 + i] = a[3 - i]
        out[12 + i] = a[i]
    return {"out": out}


def cmd_check(name, indir, outdir):
    fn = globals().get("expect_" + name)
    if fn is None:
        return 2
    import glob
    import os
    ins = {os.path.basename(p)[3:-4]: np.load(p) for p in glob.glob(indir + "/in_*.npy")}
    if os.path.exists(indir + "/scalars.txt"):
        with open(indir + "/scalars.txt") as f:
            ins.update((p, py_scalar(v)) for p, v in (line.strip().split("=", 1) for line in f))
    bad = 0
    for p, want in fn(ins).items():
        np.save("%s/expect_%s.npy" % (outdir, p), want)
        got = np.load("%s/sim_%s.npy" % (outdir, p))
        if got.dtype != want.dtype or got.shape != want.shape or got.tobytes() != want.tobytes():
            diff = np.flatnonzero(got.reshape(-1).view(np.uint8) != want.reshape(-1).view(np.uint8))
            print("%s: %s differs from the formula at bytes %s" % (name, p, diff[:8].tolist()))
            bad = 1
    return bad


def case_name(file, kernel, specs, taken):
    """FILE's base name, .KERNEL when named, -N for the Nth line of the same kernel."""
    import os
    name = os.path.basename(file)[:-3] + ("" if kernel == "-" else "." + kernel)
    n = taken.get(name, 0) + 1
    taken[name] = n
    return name if n == 1 else "%s-%d" % (name, n)


def cmd_cases(outdir, listfile):
    import os
    taken = {}
    with open(listfile) as f:
        lines = [line.split() for line in f if line.strip() and not line.startswith("#")]
    for file, kernel, *specs in lines:
        d = os.path.join(outdir, case_name(file, kernel, specs, taken))
        os.makedirs(d)
        with open(d + "/kernel", "w") as k:
            k.write(file + ("" if kernel == "-" else " " + kernel) + "\n")
        cmd_inputs(d, file + kernel, specs)
        scalars = [spec for spec in specs if ":" not in spec]
        with open(d + "/args", "w") as a:
            a.write(" ".join("--scalar " + spec for spec in scalars) + "\n")
        os.unlink(d + "/scalars.txt")
        fn = globals().get("expect_" + os.path.basename(file)[:-3])
        if fn is None:
            continue
        ins = {p: np.load("%s/in_%s.npy" % (d, p)) for p in
               (spec.split("=", 1)[0] for spec in specs if ":" in spec)}
        ins.update((p, py_scalar(v)) for p, v in (spec.split("=", 1) for spec in scalars))
        for p, want in fn(ins).items():
            np.save("%s/expect_%s.npy" % (d, p), want)
        open(d + "/exact", "w").close()
    return 0


def main(argv):
    if len(argv) == 3 and argv[0] == "cases":
        return cmd_cases(argv[1], argv[2])
    if len(argv) >= 3 and argv[0] == "inputs":
        cmd_inputs(argv[1], argv[2], argv[3:])
        return 0
    if len(argv) == 4 and argv[0] == "check":
        return cmd_check(*argv[1:])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
