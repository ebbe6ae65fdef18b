#!/usr/bin/python3
"""gen_op_tests.py - inputs and expected outputs of the per-op cases of tests/ops/ (`make ops`).

    /usr/bin/python3 tools/gen_op_tests.py --out DIR     write every case under DIR
    /usr/bin/python3 tools/gen_op_tests.py --list        case names, one a line

For every case this writes DIR/<case>/:
    kernel              "FILE KERNEL": the tests/ops file and its @pl.jit kernel
    in_<param>.npy      each input tensor
    expect_<param>.npy  each checked output
    args                extra `pvc run` flags, one line: --rtol 0 --atol 0, or --ulp 1 for the
                        approximate ops of docs/SEMANTICS.md §9.4, and --scalar P=V
    fault               (fault cases only) strings the located kernel-fault line must contain,
                        one a line: FILE:LINE:COL of the faulting call, then words of the fault
tests/run_ops.sh runs every case on each backend in one process (build/pvc-cases, tests/cases/README.md).

Expected values come from the per-lane formulas of docs/SEMANTICS.md, written in numpy in
tools/op_ref.py and below, never from pvc. The generation is deterministic: each case draws
from numpy's legacy RandomState (frozen streams, NEP 19) seeded by the case name, and the
.npy bytes are written by tools/gen_samples.py's writer. The cases are generated at test time
into the build directory (they are a few hundred KiB and change with this script), not committed.
"""
import os
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import op_ref as R                                  # noqa: E402
import case_dirs                                    # noqa: E402

EXACT = "--rtol 0 --atol 0"
ULP1 = "--ulp 1"
ROWS = 4                                            # registers per operand (rows of a tensor)


class Case:
    def __init__(self, name, file, kernel, inputs, expects, args=EXACT, fault=None):
        self.name, self.file, self.kernel = name, file, kernel
        self.inputs, self.expects, self.args, self.fault = inputs, expects, args, fault


CASES = []


def case(fn):
    """Register a generator: fn(rng) -> Case or list of Case."""
    CASES.append(fn)
    return fn


def loc_in(file, snippet):
    """FILE:LINE:COL of the first occurrence of snippet in a tests/ops file: where a located
    diagnostic for the call that starts there must point."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, file)) as f:
        for n, line in enumerate(f, 1):
            if snippet in line:
                return "%s:%d:%d: error: kernel fault" % (file, n, line.index(snippet) + 1)
    raise ValueError("%s not in %s" % (snippet, file))


def rng_for(name):
    return np.random.RandomState(zlib.crc32(name.encode()) & 0x7FFFFFFF)


SHORT = {"INT8": "i8", "UINT8": "u8", "INT16": "i16", "UINT16": "u16", "INT32": "i32",
         "UINT32": "u32", "INT64": "i64", "UINT64": "u64", "FP16": "f16", "BF16": "bf16",
         "FP32": "f32"}
ALL11 = list(SHORT)


# ---- operands -----------------------------------------------------------------------------------
def int_edges(dt):
    w = 8 * R.width(dt)
    if R.kind(dt) == "i":
        lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
        return [lo, lo + 1, -2, -1, 0, 1, 2, hi - 1, hi]
    hi = (1 << w) - 1
    return [0, 1, 2, hi >> 1, (hi >> 1) + 1, hi - 1, hi]


# Float edge values as bits (docs/SEMANTICS.md §9.4: signed zeros, infinities, NaNs with and without
# payload, quiet and signalling, of both signs, subnormals, the largest finite, 1.0)
FLOAT_EDGES = {
    "FP32": [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC12345,
             0x7F800001, 0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF,
             0x3F800000, 0xBF800000],
    "FP16": [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE5A, 0x7C01, 0x0001, 0x83FF,
             0x0400, 0x7BFF, 0xFBFF, 0x3C00, 0xBC00],
    "BF16": [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0xFFC5, 0x7F81, 0x0001, 0x807F,
             0x0080, 0x7F7F, 0xFF7F, 0x3F80, 0xBF80],
}


def random_ints(dt, rng, n):
    w = R.width(dt)
    raw = np.frombuffer(rng.bytes(n * w), dtype=R.UINT[w])
    return raw.view(R.store_type(dt)).copy()


def random_floats(dt, rng, n, spread=12):
    """Normal numbers with exponents within +-spread of 1.0 (so that sums and products keep
    their bits), random signs and mantissas."""
    f = R.FMT[dt]
    sign = rng.randint(0, 2, n).astype(np.uint64) << (f.w - 1)
    e = rng.randint(f.bias - spread, f.bias + spread + 1, n).astype(np.uint64) << f.m
    mant = np.frombuffer(rng.bytes(n * 8), np.uint64) & ((1 << f.m) - 1)
    return (sign | e | mant).astype(f.ut)


def random_lanes(dt, rng, n):
    if R.kind(dt) == "f":
        return random_floats(dt, rng, n)
    return random_ints(dt, rng, n)


def pair_operands(dt, rng, rows=ROWS):
    """a and b of rows x N lanes: every pair of edge values in the first lanes (a edge i with
    b edge j), random values after them; c random (the MERGING destination)."""
    n = rows * R.lanes(dt)
    if R.kind(dt) == "f":
        edges = np.array(FLOAT_EDGES[dt], dtype=R.FMT[dt].ut)
    else:
        edges = R.wrap(dt, int_edges(dt))
    k = len(edges)
    a = random_lanes(dt, rng, n)
    b = random_lanes(dt, rng, n)
    npairs = min(k * k, n // 2)
    a[:npairs] = np.repeat(edges, k)[:npairs]
    b[:npairs] = np.tile(edges, k)[:npairs]
    # a few lanes pair an edge value with a random one, in both orders
    for i in range(npairs, min(n, npairs + 2 * k)):
        (a if i % 2 else b)[i] = edges[i % k]
    c = random_lanes(dt, rng, n)
    return a.reshape(rows, -1), b.reshape(rows, -1), c.reshape(rows, -1)


def random_masks(rng, rows=ROWS, p=0.75):
    """rows x 32 mask bytes: row 0 all ones, the others random bits (P(1) = p)."""
    bits = rng.random_sample((rows, 256)) < p
    bits[0, :] = True
    return np.stack([R.pack_bits(b) for b in bits]).astype(np.uint8)


def per_row(fn, *arrays):
    return np.stack([fn(*[x[r] for x in arrays]) for r in range(arrays[0].shape[0])])


def lanes_active(dt, m_row):
    return R.act(R.mask_bits(m_row), R.width(dt))


def npy(dt, regs):
    return R.to_npy(dt, regs)


# ---- §10.1, §10.2: arithmetic (tests/ops/arith.py) -----------------------------------------------
def arith_case(dt):
    name = "arith_" + SHORT[dt]
    rng = rng_for(name)
    a, b, c = pair_operands(dt, rng)
    m = random_masks(rng)
    exp = {}
    for op in ("add", "sub", "max", "min"):
        exp[op] = per_row(lambda x, y, mr: R.zeroing(dt, R.binary(dt, op, x, y),
                                                     lanes_active(dt, mr)), a, b, m)
    for op in ("add", "max", "min"):
        exp[op + "_merge"] = per_row(lambda x, y, old, mr: R.merging(
            R.binary(dt, op, x, y), lanes_active(dt, mr), old), a, b, c, m)
    # §9.6: the integer literals 7, -(-3), 100, -100 converted to the element type
    for op, base, lit in (("adds", "add", 7), ("subs", "add", 3), ("maxs", "max", 100),
                          ("mins", "min", -100)):
        s = R.scalar_to(dt, lit, False)
        exp[op] = per_row(lambda x, mr: R.zeroing(dt, R.binary(dt, base, x, np.repeat(
            s, x.size)), lanes_active(dt, mr)), a, m)
    inputs = {"a": npy(dt, a), "b": npy(dt, b), "c": npy(dt, c), "m": m}
    return Case(name, "tests/ops/arith.py", name, inputs,
                {k: npy(dt, v) for k, v in exp.items()})


@case
def arith_cases():
    return [arith_case(dt) for dt in ALL11]


# ---- §10.1, §10.2: mul, muls, integer div (tests/ops/mul_div.py) ---------------------------------
def masked_rows(dt, fn, m, *arrays):
    """Zeroing result of fn over every row (fn takes the row's lanes)."""
    return per_row(lambda mr, *xs: R.zeroing(dt, fn(*xs), lanes_active(dt, mr)), m, *arrays)


@case
def mul_cases():
    out = []
    for dt in ["INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64", "FP16", "BF16", "FP32"]:
        name = "mul_" + SHORT[dt]
        rng = rng_for(name)
        a, b, _ = pair_operands(dt, rng)
        m = random_masks(rng)
        mul = masked_rows(dt, lambda x, y: R.binary(dt, "mul", x, y), m, a, b)
        out.append(Case(name, "tests/ops/mul_div.py", name, {"a": npy(dt, a), "b": npy(dt, b),
                                                             "m": m}, {"mul": npy(dt, mul)}))
    for dt in ["INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64", "FP16",
               "FP32"]:
        name = "muls_" + SHORT[dt]
        rng = rng_for(name)
        a, _, _ = pair_operands(dt, rng)
        m = random_masks(rng)
        s = R.scalar_to(dt, -3, False)                     # §9.6: int literal -> element type
        muls = masked_rows(dt, lambda x: R.binary(dt, "mul", x, np.repeat(s, x.size)), m, a)
        out.append(Case(name, "tests/ops/mul_div.py", name, {"a": npy(dt, a), "m": m},
                        {"muls": npy(dt, muls)}))
    return out


@case
def div_cases():
    out = []
    for dt in R.INTS:
        name = "div_" + SHORT[dt]
        rng = rng_for(name)
        a, b, _ = pair_operands(dt, rng)
        m = random_masks(rng)
        # a zero divisor only where the lane is masked off (§13 Q5: harmless there)
        w = R.width(dt)
        for r in range(ROWS):
            bits = R.mask_bits(m[r])
            for i in np.nonzero(b[r] == 0)[0]:
                bits[w * i] = False
            m[r] = R.pack_bits(bits)
        div = masked_rows(dt, lambda x, y: R.int_div(dt, x, y), m, a, b)
        out.append(Case(name, "tests/ops/mul_div.py", name, {"a": npy(dt, a), "b": npy(dt, b),
                                                             "m": m}, {"div": npy(dt, div)}))
    rng = rng_for("div_by_zero")
    a = rng.randint(-1000, 1000, (1, 64)).astype(np.int32)
    b = rng.randint(1, 50, (1, 64)).astype(np.int32)
    b[0, 37] = 0
    m = np.full((1, 32), 0xFF, np.uint8)
    f = "tests/ops/mul_div.py"
    out.append(Case("div_by_zero", f, "div_by_zero",
                    {"a": a, "b": b, "m": m}, {"out": np.zeros((1, 64), np.int32)},
                    fault=[loc_in(f, "vf.div(a, b, m), every)"),
                           "integer division by zero in lane 37"]))
    return out


# ---- §5.3, §10.4, §10.5, §10.7: unary ops (tests/ops/unary.py) -----------------------------------
TIES = [0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49, -0.51, 3.5, -7.5, 1e-3, -1e-3]


def unary_operand(dt, rng):
    a, _, _ = pair_operands(dt, rng)
    if R.kind(dt) == "f":
        flat = a.reshape(-1)
        ties = R.from_f64(dt, np.array(TIES))
        flat[200:200 + len(ties)] = ties                # halfway and near-halfway values
    return a


@case
def unary_cases():
    out = []
    for dt in ALL11:
        name = "unary_" + SHORT[dt]
        rng = rng_for(name)
        a = unary_operand(dt, rng)
        m = random_masks(rng)
        exp = {}
        if dt in ("INT8", "INT16", "INT32", "INT64", "FP16", "FP32"):
            exp["abs"] = masked_rows(dt, lambda x: R.abs_(dt, x), m, a)
            exp["neg"] = masked_rows(dt, lambda x: R.neg(dt, x), m, a)
        if dt in ("INT32", "FP16", "FP32"):
            exp["relu"] = masked_rows(dt, lambda x: R.relu(dt, x), m, a)
        if dt != "BF16":                                   # §10.7: not_ takes no BF16
            exp["not_"] = masked_rows(dt, lambda x: R.not_(dt, x), m, a)
        if R.kind(dt) == "f":
            for o, mode in (("trunc", "TRUNC"), ("rint", "RINT"), ("ceil", "CEIL"),
                            ("floor", "FLOOR"), ("toward0", "TRUNC")):
                exp[o] = masked_rows(dt, lambda x: R.truncate(dt, x, mode), m, a)
        out.append(Case(name, "tests/ops/unary.py", name, {"a": npy(dt, a), "m": m},
                        {k: npy(dt, v) for k, v in exp.items()}))
    return out


# ---- §10.7: bitwise ops and shifts (tests/ops/bitwise.py, tests/ops/shift_u32.py) ----------------
def shift_amounts(rng, n, bits):
    """Per-lane shift amounts 0 .. bits + 8, the borders 0, bits - 1, bits, bits + 1 first."""
    k = rng.randint(0, bits + 9, n).astype(np.int32)
    k[:4] = [0, bits - 1, bits, bits + 1]
    return k


def shift_case(name, file, dt, with_logic, lanes_dt=None, k=None):
    rng = rng_for(name)
    bits_dt = "UINT8" if R.kind(dt) == "b" else dt
    a, b, _ = pair_operands(bits_dt, rng)
    m = random_masks(rng)
    exp, inputs = {}, {"a": a, "m": m}
    if with_logic:
        inputs["b"] = b
        for op in ("and", "or", "xor"):
            exp[op + "_" if op != "xor" else op] = masked_rows(
                bits_dt, lambda x, y: R.logic(bits_dt, op, x, y), m, a, b)
    args = EXACT
    if k is not None and R.kind(dt) in "iu":
        n = a.shape[1]
        for tag, amount in (("3", 3), ("15", 15), ("33", 33), ("64", 64), ("k", k)):
            exp["shl" + tag] = masked_rows(dt, lambda x: R.shift(dt, x, [amount] * n, True), m, a)
            exp["shr" + tag] = masked_rows(dt, lambda x: R.shift(dt, x, [amount] * n, False),
                                           m, a)
        args += " --scalar k=%d" % k
    if lanes_dt:
        s = shift_amounts(rng, a.size, 8 * R.width(dt)).reshape(a.shape)
        inputs["s"] = s
        exp["shl"] = masked_rows(dt, lambda x, y: R.shift(dt, x, R.ints(y), True), m, a, s)
        exp["shr"] = masked_rows(dt, lambda x, y: R.shift(dt, x, R.ints(y), False), m, a, s)
    conv = {p: (v if p in ("m", "s") else npy(bits_dt, v)) for p, v in inputs.items()}
    return Case(name, file, name.split("~")[0], conv, {p: npy(bits_dt, v) for p, v in exp.items()},
                args)


@case
def bitwise_cases():
    out = []
    for dt in ALL11 + ["HF8", "FP8E4M3FN"]:
        name = "bitwise_" + SHORT.get(dt, {"HF8": "hf8", "FP8E4M3FN": "e4m3"}.get(dt))
        out.append(shift_case(name, "tests/ops/bitwise.py", dt, True,
                              "INT32" if dt == "INT32" else None, 5))
    # a run-time amount beyond the width: the same rule as the literals (§10.7)
    out.append(shift_case("bitwise_i16~k16", "tests/ops/bitwise.py", "INT16", True, None, 16))
    out.append(shift_case("bitwise_u64~k63", "tests/ops/bitwise.py", "UINT64", True, None, 63))
    out.append(shift_case("shift_lanes_u32_i32", "tests/ops/shift_u32.py", "UINT32", False,
                          "INT32"))
    return out


# ---- §10.3, §10.4, §10.6: composite and wide ops (tests/ops/compose.py) --------------------------
def accumulator(dt, rng, a, b):
    """c for the FMA ops: random, plus edge values (inf, -0, NaN) only in lanes where a and b
    are not NaN, so that the NaN propagation order between dst and the sources never matters
    (§9.4 names "argument order", and dst is not an argument of axpy / mul_add_dst)."""
    c = random_lanes(dt, rng, a.size).reshape(a.shape)
    if R.kind(dt) == "f":
        edges = np.array(FLOAT_EDGES[dt], R.FMT[dt].ut)
        flat, fa, fb = c.reshape(-1), a.reshape(-1), b.reshape(-1)
        ok = ~(R.isnan(dt, fa) | R.isnan(dt, fb))
        idx = np.nonzero(ok)[0]
        pick = idx[rng.randint(0, len(idx), 3 * len(edges))]
        flat[pick] = np.tile(edges, 3)
    return c


@case
def compose_cases():
    out = []
    for dt in ["INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64", "FP16", "BF16", "FP32"]:
        name = "compose_" + SHORT[dt]
        rng = rng_for(name)
        a, b, _ = pair_operands(dt, rng)
        c = accumulator(dt, rng, a, b)
        m = random_masks(rng)
        exp = {"mul_add_dst": masked_rows(dt, lambda x, y, z: R.fma(dt, x, y, z), m, a, b, c)}
        inputs = {"a": npy(dt, a), "b": npy(dt, b), "c": npy(dt, c), "m": m}
        if R.kind(dt) == "f":
            exp["mul_dst_add"] = masked_rows(dt, lambda x, y, z: R.fma(dt, z, x, y), m, a, b, c)
        if dt in ("FP16", "FP32", "INT64", "UINT64"):
            s = R.scalar_to(dt, -3, False)                # §9.6: the literal -3
            exp["axpy"] = masked_rows(dt, lambda x, z: R.fma(dt, np.repeat(s, x.size), x, z),
                                      m, a, c)
        if dt in ("FP16", "FP32", "INT64"):
            exp["abs_sub"] = masked_rows(dt, lambda x, y: R.abs_sub(dt, x, y), m, a, b)
        if dt in ("FP16", "FP32"):
            exp["prelu"] = masked_rows(dt, lambda x, y: R.prelu(dt, x, y), m, a, b)
            alpha = R.scalar_to(dt, R.literal_text_value(0.2), True)
            exp["leaky_relu"] = masked_rows(dt, lambda x: R.prelu(dt, x, np.repeat(alpha, x.size)),
                                            m, a)
        if dt in ("INT32", "UINT32"):
            cin = random_masks(rng, p=0.5)
            inputs["cin"] = cin
            lo, hi, sm, carry, df, borrow = [], [], [], [], [], []
            for r in range(ROWS):
                act = lanes_active(dt, m[r])
                ci = R.act(R.mask_bits(cin[r]), 4)
                l_, h_ = R.mull(dt, a[r], b[r])
                lo.append(R.zeroing(dt, l_, act))
                hi.append(R.zeroing(dt, h_, act))
                for res, flags, borrow_style in ((sm, carry, False), (df, borrow, True)):
                    d, fl = R.add_carry(dt, a[r], b[r], ci, borrow_style)
                    res.append(R.zeroing(dt, d, act))
                    bits = np.zeros(256, bool)            # only bit 4i, 0 when inactive
                    bits[0::4] = fl & act
                    flags.append(R.pack_bits(bits))
            exp.update(lo=np.stack(lo), hi=np.stack(hi), sum=np.stack(sm), diff=np.stack(df))
            exp["carry"], exp["borrow"] = np.stack(carry), np.stack(borrow)
        expects = {k: (v if k in ("carry", "borrow") else npy(dt, v)) for k, v in exp.items()}
        if dt == "FP32":
            for tag, lay in (("cast_even", 0), ("cast_odd", 1)):
                rows = []
                for r in range(ROWS):
                    act = lanes_active("FP32", m[r])
                    h = np.zeros(128, np.uint16)
                    for i in range(64):
                        if act[i]:
                            h[2 * i + lay] = R.muls_cast_lane(int(a[r][i]), 3.0)
                    rows.append(h)
                expects[tag] = npy("FP16", np.stack(rows))
        out.append(Case(name, "tests/ops/compose.py", name, inputs, expects))
    return out


# ---- §9.4: approximate ops, --ulp 1 (tests/ops/approx.py, tests/ops/sqrt_precise.py) -------------
APPROX_EDGES = [-104.0, -103.0, -88.0, -87.5, -20.0, -1.0, -0.5, 0.5, 1.0, 2.0, 10.0, 11.5, 88.5,
                89.0, 1e-30, 3e38, 0.999999, 1.000001]


def approx_domain(dt, rng, n):
    """Edge values of §9.4 (zeros, inf, NaN, subnormals) and of exp/ln (overflow and FTZ
    thresholds), then random lanes: both signs with small exponents, and positive ones over a
    wide range."""
    edges = np.concatenate([np.array(FLOAT_EDGES[dt], R.FMT[dt].ut),
                            R.from_f64(dt, np.array(APPROX_EDGES))])
    u = np.concatenate([random_floats(dt, rng, n // 2, spread=4),
                        random_floats(dt, rng, n - n // 2, spread=10) & (R.FMT[dt].mag)])
    u = u.astype(R.FMT[dt].ut)
    rng.shuffle(u)
    u[:len(edges)] = edges
    return u


@case
def approx_cases():
    out = []
    for dt in ("FP16", "FP32"):
        name = "approx_" + SHORT[dt]
        rng = rng_for(name)
        n = ROWS * R.lanes(dt)
        u = approx_domain(dt, rng, n).reshape(ROWS, -1)
        v = random_floats(dt, rng, n, spread=3).reshape(ROWS, -1)
        a, b, _ = pair_operands(dt, rng)
        m = random_masks(rng)
        exp = {}
        for op in ("sqrt", "exp", "ln", "log", "log2", "log10"):
            exp[op] = masked_rows(dt, lambda x: R.approx_unary(dt, op, x), m, u)
        exp["div"] = masked_rows(dt, lambda x, y: R.approx_div(dt, x, y), m, a, b)
        expects = {k: npy(dt, e) for k, e in exp.items()}
        if dt == "FP32":
            expects["exp_sub"] = npy("FP32", per_row(
                lambda x, y, mr: R.exp_sub("FP32", x, y, R.mask_bits(mr), 0), u, v, m))
        else:
            for tag, lay in (("exp_sub_even", 0), ("exp_sub_odd", 1)):
                expects[tag] = npy("FP32", per_row(
                    lambda x, y, mr: R.exp_sub("FP16", x, y, R.mask_bits(mr), lay), u, v, m))
        inputs = {"u": npy(dt, u), "v": npy(dt, v), "a": npy(dt, a), "b": npy(dt, b), "m": m}
        out.append(Case(name, "tests/ops/approx.py", name, inputs, expects, ULP1))
    # precision=True: exact square roots of [0, 2^126], 0 above (§10.4)
    rng = rng_for("sqrt_precise_f32")
    u = np.abs(random_floats("FP32", rng, 256, spread=60).astype(np.float64)).astype(np.uint32)
    u = random_floats("FP32", rng, 256, spread=60) & 0x7FFFFFFF
    u[:6] = [0, 0x3F800000, 0x7E800000, 0x7E800001, 0x7F7FFFFF, 0x00800000]   # 2^126 and next
    x = R.to_f64("FP32", u)
    m = random_masks(rng)
    want = np.where(x <= 2.0 ** 126, R.from_f64("FP32", np.sqrt(x)), 0).astype(np.uint32)
    want = want.reshape(ROWS, -1)
    u = u.reshape(ROWS, -1)
    exp = per_row(lambda w, mr: R.zeroing("FP32", w, lanes_active("FP32", mr)), want, m)
    out.append(Case("sqrt_precise_f32", "tests/ops/sqrt_precise.py", "sqrt_precise_f32",
                    {"a": npy("FP32", u), "m": m}, {"sqrt": npy("FP32", exp)}))
    return out


# ---- §5.2, §10.8: compares and select (tests/ops/compare.py) -------------------------------------
@case
def compare_cases():
    out = []
    for dt in ["INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "FP16", "BF16", "FP32"]:
        name = "compare_" + SHORT[dt]
        rng = rng_for(name)
        a, b, _ = pair_operands(dt, rng)
        m = random_masks(rng)
        zero = np.zeros(a.shape[1], a.dtype)             # §9.6: the literal 0 in dt
        exp = {}
        for op in R.CMP:
            exp[op] = per_row(lambda x, y, mr: R.mask_of_lanes(
                dt, lanes_active(dt, mr) & R.compare(dt, op, x, y)), a, b, m)
            exp[op + "s"] = per_row(lambda x, mr: R.mask_of_lanes(
                dt, lanes_active(dt, mr) & R.compare(dt, op, x, zero)), a, m)
        sel = per_row(lambda x, y, mr: np.where(lanes_active(dt, mr), x, y).astype(x.dtype),
                      a, b, m)
        sel_gt = per_row(lambda x, y, mr: np.where(lanes_active(dt, mr) & R.compare(
            dt, "gt", x, y), x, y).astype(x.dtype), a, b, m)
        expects = {k: v.astype(np.uint8) for k, v in exp.items()}
        expects.update(sel=npy(dt, sel), sel_gt=npy(dt, sel_gt))
        out.append(Case(name, "tests/ops/compare.py", name,
                        {"a": npy(dt, a), "b": npy(dt, b), "m": m}, expects))
    return out


# ---- §10.10: reductions (tests/ops/reduce.py, tests/ops/reduce_blocks.py) ------------------------
def reduce_inputs(dt, rng):
    """Four rows: 0 random under a full mask (a copy of its maximum planted later in the row, so
    the index must be the first); 1 negatives with +0 and -0 (floats) under a random mask; 2 NaN
    in a masked-off lane before two active ones (integers: MIN and MAX); 3 random, mask empty."""
    n = R.lanes(dt)
    w = R.width(dt)
    spread = 5 if dt == "FP16" else 12
    a = np.stack([random_floats(dt, rng, n, spread) if R.kind(dt) == "f" else
                  random_ints(dt, rng, n) for _ in range(ROWS)])
    bits = rng.random_sample((ROWS, 256)) < 0.6
    bits[0, :] = True
    bits[3, :] = False
    if R.kind(dt) == "f":
        f = R.FMT[dt]
        vals = R.to_f64(dt, a[0])
        a[0][n - 3] = a[0][int(np.argmax(vals))]
        a[1] = a[1] | f.sign
        a[1][[2, 5, 9]] = [0, f.sign, 0]
        a[2][[3, 10, 40 % n]] = [f.gen_nan, 0xFFC1 if w == 2 else 0xFFC12345, 0x7E55 if w == 2
                                 else 0x7F812345]
        bits[2, w * 3] = False
        bits[2, w * 10] = bits[2, w * (40 % n)] = True
    else:
        ext = R.wrap(dt, int_edges(dt)[:1] + int_edges(dt)[-1:])
        a[2][[5, 6]] = ext
        a[0][n - 3] = max(R.ints(a[0])) if R.kind(dt) == "i" else a[0].max()
    m = np.stack([R.pack_bits(b) for b in bits]).astype(np.uint8)
    return a, m


@case
def reduce_cases():
    out = []
    for dt in ["INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64", "FP16", "FP32"]:
        for file, name in (("reduce.py", "reduce_"), ("reduce_blocks.py", "blocks_")):
            if name == "blocks_" and dt in ("INT64", "UINT64"):
                continue
            name += SHORT[dt]
            rng = rng_for("reduce_" + SHORT[dt])             # the same inputs for both files
            a, m = reduce_inputs(dt, rng)
            act = [lanes_active(dt, m[r]) for r in range(ROWS)]
            exp = {}
            if name.startswith("reduce_"):
                exp["sum"] = np.stack([R.reduce_sum(dt, a[r], act[r]) for r in range(ROWS)])
                exp["max"] = np.stack([R.reduce_extreme(dt, a[r], act[r], True)
                                       for r in range(ROWS)])
                exp["min"] = np.stack([R.reduce_extreme(dt, a[r], act[r], False)
                                       for r in range(ROWS)])
                if R.kind(dt) == "f":
                    exp["pair"] = np.stack([R.pair_reduce_sum(dt, a[r], act[r])
                                            for r in range(ROWS)])
                if dt == "FP32":                          # the tree order must be visible
                    seq = np.float32(0)
                    for v in R.to_f64(dt, a[0]).astype(np.float32):
                        seq = np.float32(seq + v)
                    assert np.float32(seq).view(np.uint32) != exp["sum"][0][0], "tree = running sum"
            else:
                ops = ("max", "min") if dt in ("INT16", "UINT16") else ("sum", "max", "min")
                for op in ops:
                    exp[op + "_db"] = np.stack([R.reduce_blocks(dt, a[r], act[r], op)
                                                for r in range(ROWS)])
            out.append(Case(name, "tests/ops/" + file, name, {"a": npy(dt, a), "m": m},
                            {k: npy(dt, v) for k, v in exp.items()}))
    return out


# ---- §10.9, §10.12, §10.14: squeeze, (de)interleave, move (tests/ops/permute.py) -----------------
@case
def permute_cases():
    out = []
    for dt in ["INT8", "UINT8", "INT16", "UINT16", "FP16", "BF16", "INT32", "UINT32", "FP32"]:
        name = "permute_" + SHORT[dt]
        rng = rng_for(name)
        a, b, c = pair_operands(dt, rng)
        m = random_masks(rng)
        exp = {"ilv0": [], "ilv1": [], "dilv0": [], "dilv1": [], "copy": [], "merge": [],
               "sqz": [], "sqz_default": []}
        for r in range(ROWS):
            act = lanes_active(dt, m[r])
            i0, i1 = R.interleave(a[r], b[r])
            d0, d1 = R.de_interleave(a[r], b[r])
            for k, v in (("ilv0", i0), ("ilv1", i1), ("dilv0", d0), ("dilv1", d1),
                         ("copy", a[r]), ("merge", R.merging(a[r], act, c[r])),
                         ("sqz", R.squeeze(a[r], act)), ("sqz_default", R.squeeze(a[r], act))):
                exp[k].append(v)
        if dt == "BF16":                                  # §10.9: squeeze takes no BF16
            del exp["sqz"], exp["sqz_default"]
        out.append(Case(name, "tests/ops/permute.py", name,
                        {"a": npy(dt, a), "b": npy(dt, b), "c": npy(dt, c), "m": m},
                        {k: npy(dt, np.stack(v)) for k, v in exp.items()}))
    return out


# ---- §10.9, §10.11: pack, unpack, bit_cast, unsqueeze (tests/ops/permute_types.py) ---------------
PACKS = [("INT16", "UINT8"), ("UINT16", "UINT8"), ("INT32", "UINT16"), ("UINT32", "UINT16"),
         ("INT64", "UINT32"), ("UINT64", "UINT32")]
UNPACKS = [("INT8", "INT16"), ("UINT8", "UINT16"), ("INT16", "INT32"), ("UINT16", "UINT32"),
           ("INT32", "INT64"), ("UINT32", "UINT64")]


@case
def permute_type_cases():
    out = []
    file = "tests/ops/permute_types.py"
    for kind_, table, fn in (("pack_", PACKS, R.pack), ("unpack_", UNPACKS, R.unpack)):
        for src, dst in table:
            name = kind_ + SHORT[src]
            rng = rng_for(name)
            a = np.stack([random_ints(src, rng, R.lanes(src)) for _ in range(2)])
            lo = np.stack([fn(dst, a[r], False) for r in range(2)])
            hi = np.stack([fn(dst, a[r], True) for r in range(2)])
            out.append(Case(name, file, name, {"a": a}, {"lo": lo, "hi": hi}))
    rng = rng_for("bit_cast_f32")
    a = pair_operands("FP32", rng, rows=2)[0]
    raw = a.astype(np.uint32)
    out.append(Case("bit_cast_f32", file, "bit_cast_f32", {"a": npy("FP32", a)},
                    {"as_i32": raw.view(np.int32), "as_u8": raw.view(np.uint8),
                     "as_f16": raw.view(np.float16)}))
    rng = rng_for("unsqueeze_dtypes")
    m = random_masks(rng, rows=2, p=0.9)
    exp = {}
    for dt in ("INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32"):
        exp[SHORT[dt]] = np.stack([R.unsqueeze(dt, lanes_active(dt, m[r])) for r in range(2)])
    out.append(Case("unsqueeze_dtypes", file, "unsqueeze_dtypes", {"m": m}, exp))
    return out


# ---- §10.13: gathers and scatter (tests/ops/gather.py) ------------------------------------------
def gather_inputs(name, dt):
    rng = rng_for(name)
    w = R.width(dt)
    src = random_lanes(dt, rng, 2048 // w)
    bits = rng.random_sample(256) < 0.7
    bits[64:96] = False                                  # DataBlock 2 fully off, 5 by one bit
    bits[160:192] = False
    bits[171] = True
    return rng, w, src, bits, R.pack_bits(bits)[None, :]


def gather_case(dt):
    name = "gather_" + SHORT[dt]
    rng, w, src, bits, m = gather_inputs(name, dt)
    S, N = 2048 // w, 256 // w
    itype, ni = (np.uint16, 128) if w <= 2 else (np.uint32, 64)
    idx = rng.randint(0, S, ni).astype(itype)
    bidx = (rng.randint(0, 2048 // 32, 64) * 32).astype(np.uint32)
    inputs = {"src": npy(dt, src[None, :]), "idx": idx[None, :], "bidx": bidx[None, :], "m": m}
    exp = {}
    # NORM gather (the first 32 u32 indices for 64-bit data)
    g = np.zeros(N, src.dtype)
    if w == 1:                                           # bytes zero-extended into 16-bit lanes
        gb16 = np.zeros(128, np.uint16)
        for i in range(128):
            if bits[2 * i]:
                gb16[i] = src.view(np.uint8)[idx[i]]
        g = gb16.view(src.dtype)
    else:
        for i in range(N):
            if bits[w * i]:
                g[i] = src[idx[i]]
    exp["g"] = g
    gb = np.zeros(256, np.uint8)
    for k in range(8):
        if bits[32 * k:32 * k + 32].any():
            gb[32 * k:32 * k + 32] = src.view(np.uint8)[bidx[k]:bidx[k] + 32]
    exp["gb"] = gb.view(src.dtype)
    if w <= 4:
        reg = random_lanes(dt, rng, N)
        ridx = np.frombuffer(rng.bytes(256), R.UINT[w]).copy()     # any value: taken mod N
        inputs.update(reg=npy(dt, reg[None, :]), ridx=ridx[None, :])
        exp["gr"] = reg[ridx.astype(np.int64) % N]
    if w == 2:                                           # u32 indices: even lanes, m[4i]
        bcidx = rng.randint(0, S, 64).astype(np.uint32)
        inputs["bcidx"] = bcidx[None, :]
        gbc = np.zeros(N, src.dtype)
        for i in range(64):
            if bits[4 * i]:
                gbc[2 * i] = src[bcidx[i]]
        exp["gbc"] = gbc
    return Case(name, "tests/ops/gather.py", name, inputs,
                {k: npy(dt, v[None, :]) for k, v in exp.items()})


def scatter_case(dt):
    name = "scatter_" + SHORT[dt]
    rng, w, scat, bits, m = gather_inputs(name, dt)
    S, N = 2048 // w, 256 // w
    itype, nl = (np.uint16, 128) if w <= 2 else (np.uint32, 64)
    ssrc = random_lanes(dt, rng, N)
    sidx = rng.randint(0, S, nl).astype(itype)
    sidx[5] = sidx[9] = sidx[40]                         # duplicates: the highest active lane wins
    bits[[10 * max(w, 2), 40 * max(w, 2)]] = True
    m = R.pack_bits(bits)[None, :]
    after = scat.copy()
    for i in range(nl):
        if bits[max(w, 2) * i]:
            if w == 1:                                   # the even bytes, 16-bit lanes
                after.view(np.uint8)[sidx[i]] = ssrc.view(np.uint8)[2 * i]
            else:
                after[sidx[i]] = ssrc[i]
    return Case(name, "tests/ops/gather.py", name,
                {"scat": npy(dt, scat[None, :]), "ssrc": npy(dt, ssrc[None, :]),
                 "sidx": sidx[None, :], "m": m}, {"scat": npy(dt, after[None, :])})


@case
def gather_cases():
    dts = ["INT8", "UINT8", "INT16", "UINT16", "FP16", "BF16", "INT32", "UINT32", "FP32", "INT64",
           "UINT64"]
    return [gather_case(dt) for dt in dts] + [scatter_case(dt) for dt in dts
                                              if R.width(dt) <= 4]


# ---- §5.1, §10.7-§10.14: masks (tests/ops/masks.py, mask_spr.py, mask_gen.py) --------------------
PATTERNS = ["ALL", "VL1", "VL2", "VL3", "VL4", "VL8", "VL16", "VL32", "VL64", "VL128", "M3", "M4",
            "H", "Q", "ALLF"]
# update_mask granularity by dtype (§5.1): plt_b8 only for INT8/UINT8; 8-bit floats and 64-bit
# dtypes use plt_b32
UPDATE_GRAN = [("INT8", 1), ("UINT8", 1), ("FP16", 2), ("FP32", 4), ("INT64", 4), ("HF8", 4)]


def images(bit_rows):
    return np.stack([R.pack_bits(b) for b in bit_rows]).astype(np.uint8)


def random_bits(rng, p=0.5):
    return rng.random_sample(256) < p


@case
def mask_cases():
    out = []
    f = "tests/ops/masks.py"
    # create_mask: b8, b16, b32; INT64 through pset_b16; no dtype= is the PP-API default DT_FP32
    exp = {}
    for tag, gran in (("b8", 1), ("b16", 2), ("b32", 4), ("b64", 2), ("default", 4)):
        exp[tag] = images([R.generated_mask(gran, R.pattern_elements(p, 256 // gran))
                           for p in PATTERNS])
    out.append(Case("mask_patterns", f, "mask_patterns", {}, exp))
    # update_mask: the count through uint32 (T24), the first min(count, N) elements
    for n in (5, 100, 0, -1, 300, (1 << 32) + 3):
        rows = [R.generated_mask(g, range(min(n % (1 << 32), 256 // g))) for _, g in UPDATE_GRAN]
        out.append(Case("mask_update~%d" % n if n >= 0 else "mask_update~neg%d" % -n, f,
                        "mask_update", {}, {"upd": images(rows),
                                            "lit": images([R.generated_mask(4, range(10))])},
                        EXACT + " --scalar n=%d" % n))
    rng = rng_for("mask_logic_ops")
    a, b, g = random_bits(rng), random_bits(rng), random_bits(rng, 0.7)
    exp = {"and_": g & a & b, "or_": g & (a | b), "xor": g & (a ^ b), "not_": g & ~a,
           "sel": np.where(g, a, b), "mov": a, "movg": g & a}
    out.append(Case("mask_logic_ops", f, "mask_logic_ops",
                    {"ma": images([a]), "mb": images([b]), "g": images([g])},
                    {k: images([v]) for k, v in exp.items()}))
    rng = rng_for("mask_permute_ops")
    a, b = random_bits(rng), random_bits(rng)
    z = np.zeros(128, bool)
    exp = {"pack": [np.concatenate([a[0::2], z]), np.concatenate([z, a[0::2]])],
           "unpack": [R.spread(a[:128], 2) & np.tile([True, False], 128),
                      R.spread(a[128:], 2) & np.tile([True, False], 128)],
           "ilv": R.mask_groups_interleave(a, b, 1, False),   # the masks are UINT8: b8 groups
           "ilv16": R.mask_groups_interleave(a, b, 2, False),
           "ilv32": R.mask_groups_interleave(a, b, 4, False),
           "dilv": R.mask_groups_interleave(a, b, 1, True),
           "dilv32": R.mask_groups_interleave(a, b, 4, True)}
    out.append(Case("mask_permute_ops", f, "mask_permute_ops",
                    {"ma": images([a]), "mb": images([b])},
                    {k: images(list(v)) for k, v in exp.items()}))
    # mask_gen_with_reg_tensor: offset 0 here; chunks 7 / 15 (b16) and 1 / 31 (b32) in mask_gen.py
    rng = rng_for("mask_gen")
    h = np.frombuffer(rng.bytes(256), np.uint16).copy()
    w = np.frombuffer(rng.bytes(256), np.int32).copy()
    hb, wb = np.unpackbits(h.view(np.uint8), bitorder="little"), \
        np.unpackbits(w.view(np.uint8), bitorder="little")
    chunk16 = lambda k: R.spread(hb[128 * k:128 * k + 128], 2)
    chunk32 = lambda k: R.spread(wb[64 * k:64 * k + 64], 4)
    hin, win = h.view(np.float16)[None, :], w[None, :]
    out.append(Case("mask_gen_ops", f, "mask_gen_ops", {"h": hin, "w": win},
                    {"gen16": images([chunk16(0)]), "gen32": images([chunk32(0)])}))
    out.append(Case("mask_gen_offsets", "tests/ops/mask_gen.py", "mask_gen_offsets",
                    {"h": hin, "w": win}, {"gen16": images([chunk16(7), chunk16(15)]),
                                           "gen32": images([chunk32(1), chunk32(31)])}))
    # MASK SPR: all ones at kernel start [I]; set by pl.set_vec_mask from scalars or literals
    rng = rng_for("mask_spr")
    a = random_floats("FP32", rng, 64)[None, :]
    for name, hi, lo, args in (("mask_spr_initial", -1, -1, EXACT),
                               ("mask_spr_set", 0x0123456789ABCDEF, -0x5555555555555556,
                                EXACT + " --scalar hi=%d --scalar lo=%d"),
                               ("mask_spr_doc", 0, 0xFFFFFFFF, EXACT),
                               ("mask_spr_reset", -1, -1, EXACT)):  # reset_mask: all ones again
        hu, lu = hi % (1 << 64), lo % (1 << 64)
        lo_bits = np.array([(lu >> k) & 1 for k in range(64)], bool)
        both = np.array([((lu | (hu << 64)) >> k) & 1 for k in range(128)], bool)
        spr = [R.spread(lo_bits, 4), R.spread(both, 2), R.spread(lo_bits, 4)]
        absd = R.zeroing("FP32", R.abs_("FP32", a[0]), lo_bits)[None, :]
        if "%d" in args:
            args = args % (hi, lo)
        out.append(Case(name, "tests/ops/mask_spr.py", name, {"a": npy("FP32", a)},
                        {"spr": images(spr), "abs": npy("FP32", absd)}, args))
    return out


# ---- §10.15: arange, histograms (tests/ops/index.py, tests/ops/histograms.py) --------------------
@case
def index_cases():
    out = []
    for dt in ["INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64", "FP16",
               "FP32"]:
        # 2040 + i leaves FP16's exact integers at 2048; 16777200 + i leaves FP32's at 2^24
        for start in (100, -3, 2040, 16777200):
            name = "arange_%s~%s" % (SHORT[dt], start if start >= 0 else "neg%d" % -start)
            exp = {"inc": R.arange(dt, start, False), "dec": R.arange(dt, start, True),
                   "lit": R.arange(dt, -5, False)}
            out.append(Case(name, "tests/ops/index.py", "arange_" + SHORT[dt], {},
                            {k: npy(dt, v[None, :]) for k, v in exp.items()},
                            EXACT + " --scalar start=%d" % start))
    rng = rng_for("histograms_u8")
    src = rng.randint(0, 256, 256).astype(np.uint8)
    src[:8] = [0, 127, 128, 255, 0, 0, 200, 127]
    c = rng.randint(0, 1 << 16, 128).astype(np.uint16)
    c[:3] = [0xFFFF, 0xFFFE, 0xFFF0]                     # counts wrap at 2^16
    bits = rng.random_sample(256) < 0.8
    act = bits                                           # b8: the tested bit is m[i]
    m = R.pack_bits(bits)[None, :]
    exp = {"f0": R.histograms(src, act, c, 0, False), "f1": R.histograms(src, act, c, 128, False),
           "a0": R.histograms(src, act, c, 0, True), "a1": R.histograms(src, act, c, 128, True)}
    exp["dflt"] = exp["a0"]
    out.append(Case("histograms_u8", "tests/ops/histograms.py", "histograms_u8",
                    {"src": src[None, :], "c": c[None, :], "m": m},
                    {k: v[None, :] for k, v in exp.items()}))
    return out


# ---- §1.4, §4, §5.6, §10.16: unaligned streams, AddrRegs, mem_bar, vf.load / vf.store ------------
def byte_view(x):
    return x.view(np.uint8).reshape(-1)


@case
def unaligned_cases():
    out = []
    for dt in ("INT8", "INT16", "FP32", "INT64"):
        w = R.width(dt)
        n = 256 // w
        stu = 4 if w == 8 else w                 # an INT64 store_unalign count is in 32-bit units
        rng = rng_for("unalign_" + SHORT[dt])
        src = random_lanes(dt, rng, 4 * n)[None, :]
        uout = random_lanes(dt, rng, 4 * n)[None, :]
        part = random_lanes(dt, rng, n)[None, :]
        sb, ub, pb = byte_view(src), byte_view(uout.copy()), byte_view(part.copy())
        a = 12 * w                               # load_unalign: two registers from byte a
        r1, r2 = sb[a:a + 256], sb[a + 256:a + 512]
        k = n * stu                              # bytes each store_unalign of n elements writes
        ub[a:a + k] = r1[:k]
        ub[a + k:a + 2 * k] = r2[:k]
        p0 = 3 * w
        pb[p0:p0 + 10 * stu] = r1[:10 * stu]
        pb[p0 + 10 * stu:p0 + 17 * stu] = r2[:7 * stu]
        out.append(Case("unalign_" + SHORT[dt], "tests/ops/unified.py", "unalign_" + SHORT[dt],
                        {"src": npy(dt, src), "uout": npy(dt, uout), "part": npy(dt, part)},
                        {"uout": npy(dt, ub.view(src.dtype)[None, :]),
                         "part": npy(dt, pb.view(src.dtype)[None, :])}))
        # vf.load / vf.store: counts and strides in elements of the dtype (§10.16)
        name = "unified_" + SHORT[dt]
        rng = rng_for(name)
        src = random_lanes(dt, rng, 4 * n)
        dst = random_lanes(dt, rng, 2 * n)
        seq = random_lanes(dt, rng, 2 * n)
        d2, q2 = dst.copy(), seq.copy()
        d2[5:15] = src[3:13]
        q2[:n], q2[n:] = src[1:1 + n], src[17:17 + n]
        out.append(Case(name, "tests/ops/unified_ls.py", name,
                        {"src": npy(dt, src[None, :]), "dst": npy(dt, dst[None, :]),
                         "seq": npy(dt, seq[None, :])},
                        {"dst": npy(dt, d2[None, :]), "seq": npy(dt, q2[None, :])}))
    rng = rng_for("addr_reg_f32")
    src = random_floats("FP32", rng, 6 * 64).reshape(6, 64)
    dst = np.zeros_like(src)
    for i in range(2):
        for j in range(3):
            dst[i + 2 * j] = src[3 * i + j]       # strides bind to the loops (§1.4)
    out.append(Case("addr_reg_f32", "tests/ops/unified.py", "addr_reg_f32",
                    {"src": npy("FP32", src)}, {"dst": npy("FP32", dst)}))
    rng = rng_for("mem_bar_i32")
    x = random_ints("INT32", rng, 64)
    y = R.wrap("INT32", [(v + 1) * 2 for v in R.ints(x)])[None, :]
    out.append(Case("mem_bar_i32", "tests/ops/unified.py", "mem_bar_i32", {"src": x[None, :]},
                    {"tmp": y, "dst": y}))
    return out


# ---- §4, §10.9, §10.14: squeeze + count-less store_unalign through AR (spr_ar.py, squeeze_stream.p
@case
def stream_cases():
    out = []
    for dt in ("INT8", "INT16", "FP32"):
        n = R.lanes(dt)
        rng = rng_for("compact_" + SHORT[dt])
        a = np.stack([random_lanes(dt, rng, n) for _ in range(ROWS)])
        m = random_masks(rng, p=0.4)
        dest = random_lanes(dt, rng, 4 * n)[None, :]
        packed = np.concatenate([a[r][lanes_active(dt, m[r])] for r in range(ROWS)])
        after = dest.copy()
        after[0, :packed.size] = packed
        total = packed.size * R.width(dt)                 # AR after the four stores, in bytes
        for name, file, extra in (("compact_", "tests/ops/spr_ar.py", True),
                                  ("squeeze_stream_", "tests/ops/squeeze_stream.py", False)):
            exp = {"out": npy(dt, after)}
            if extra:
                exp["count"] = np.full((1, 64), total, np.int32)
            out.append(Case(name + SHORT[dt], file, name + SHORT[dt],
                            {"a": npy(dt, a), "m": m, "out": npy(dt, dest)}, exp))
    return out


# ---- §9.6, §5.7: scalar operands and vf.full (tests/ops/scalars.py) ------------------------------
def lit(dt, x):
    """A Python literal as the device sees it (§9.6): floats through their "%f" text to binary32,
    then C++'s conversion (RNE to half/bfloat16, truncation to integers); ints converted."""
    if isinstance(x, float):
        return R.scalar_to(dt, R.literal_text_value(x), True)
    return R.scalar_to(dt, x, False)


def run_scalar(dt, x):
    """A kernel scalar keeps its value and converts like the literal's binary32 would (§9.6)."""
    return R.scalar_to(dt, x, isinstance(x, float))


@case
def scalar_cases():
    out = []
    for dt in ["INT8", "UINT8", "INT16", "INT32", "UINT32", "FP16", "BF16", "FP32"]:
        for x, k in ((-2.75, 300), (0.0078125, -5), (0.1, 70000)):
            name = "scalars_%s~%d" % (SHORT[dt], len(out) % 3)
            rng = rng_for(name)
            a, _, c = pair_operands(dt, rng)
            if R.kind(dt) == "i":
                a[0, 60:62] = [-3, -2]                   # x = -2.75 truncates to -2, not -3
            m = random_masks(rng)
            n = a.shape[1]
            rep = lambda v: np.repeat(v, n)
            op = lambda base, s_: masked_rows(dt, lambda y: R.binary(dt, base, y, rep(s_)), m, a)
            ge = lambda s_: per_row(lambda y, mr: R.mask_of_lanes(
                dt, lanes_active(dt, mr) & R.compare(dt, "ge", y, rep(s_))), a, m).astype(np.uint8)
            exp = {"adds_lit": op("add", lit(dt, 0.0078125)), "adds_tiny": op("add", lit(dt, 1e-7)),
                   "adds_frac": op("add", lit(dt, 2.75)), "maxs_x": op("max", run_scalar(dt, x)),
                   "mins_k": op("min", run_scalar(dt, k))}
            if dt != "BF16":
                exp["muls_lit"] = op("mul", lit(dt, 0.0078125))
            full = lambda v: np.tile(rep(v), (ROWS, 1))
            masked = lambda v, old: per_row(lambda mr, o: np.where(lanes_active(dt, mr), rep(v), o)
                                            .astype(a.dtype), m, old)
            zeros = np.zeros_like(a)
            exp.update(full_lit=full(lit(dt, 2.75)), full_masked=masked(lit(dt, -7), zeros),
                       full_merge=masked(lit(dt, 0.0078125), c),
                       full_from_x=masked(run_scalar(dt, x), zeros),
                       full_from_k=full(run_scalar(dt, k)))
            exp["full_low"] = per_row(lambda y, mr: R.zeroing(dt, np.repeat(y[:1], n),
                                                              lanes_active(dt, mr)), a, m)
            exp["full_high"] = per_row(lambda y, mr: R.zeroing(dt, np.repeat(y[-1:], n),
                                                               lanes_active(dt, mr)), a, m)
            exp["full_high_merge"] = per_row(lambda y, o, mr: R.merging(
                np.repeat(y[-1:], n), lanes_active(dt, mr), o), a, c, m)
            expects = {key: npy(dt, v) for key, v in exp.items()}
            expects["ge_lit"] = ge(lit(dt, 0.0078125))
            expects["ge_x"] = ge(run_scalar(dt, x))
            inputs = {"a": npy(dt, a), "c": npy(dt, c), "m": m}
            if R.kind(dt) == "u" and x < 0:
                # a negative float converted to an unsigned type is undefined in C++ (§9.6):
                # these outputs are bound but not checked
                for key in ("maxs_x", "full_from_x", "ge_x"):
                    inputs[key] = np.zeros_like(expects.pop(key))
            out.append(Case(name, "tests/ops/scalars.py", "scalars_" + SHORT[dt], inputs, expects,
                            EXACT + " --scalar x=%r --scalar k=%d" % (x, k)))
    return out


# ---- §5.4: astype (tests/ops/astype.py) ----------------------------------------------------------
# output: (dst dtype, layout, round mode, saturate) - the same table as tests/ops/astype.py
CASTS = {
    "FP32": {"f16": ("FP16", 0, "RINT", 0), "f16_one": ("FP16", 1, "RINT", 0),
             "f16_round": ("FP16", 0, "ROUND", 0), "f16_odd": ("FP16", 0, "ODD", 0),
             "f16_trunc": ("FP16", 0, "TRUNC", 0), "f16_sat": ("FP16", 0, "RINT", 1),
             "bf16": ("BF16", 0, "RINT", 0), "bf16_one_round": ("BF16", 1, "ROUND", 0),
             "i32": ("INT32", 0, "RINT", 0), "i32_trunc": ("INT32", 0, "TRUNC", 0),
             "i32_floor": ("INT32", 0, "FLOOR", 0), "i32_ceil": ("INT32", 0, "CEIL", 0),
             "i32_round": ("INT32", 0, "ROUND", 0), "i32_sat": ("INT32", 0, "TRUNC", 1),
             "i16": ("INT16", 0, "TRUNC", 0), "i16_one_sat": ("INT16", 1, "RINT", 1)},
    "FP16": {"f32": ("FP32", 0, "RINT", 0), "f32_one": ("FP32", 1, "RINT", 0),
             "i8": ("INT8", 0, "RINT", 0), "i8_one_floor_sat": ("INT8", 1, "FLOOR", 1),
             "i32": ("INT32", 0, "TRUNC", 0), "bf16": ("BF16", 0, "RINT", 0)},
    "BF16": {"f32": ("FP32", 0, "RINT", 0), "f32_one": ("FP32", 1, "RINT", 0),
             "i32": ("INT32", 0, "TRUNC", 0)},
    "INT32": {"f32": ("FP32", 0, "RINT", 0), "f32_trunc": ("FP32", 0, "TRUNC", 0),
              "i16": ("INT16", 0, "RINT", 0), "i16_one_sat": ("INT16", 1, "RINT", 1),
              "u8": ("UINT8", 0, "RINT", 0), "i64": ("INT64", 0, "RINT", 0)},
    "INT16": {"f32": ("FP32", 0, "RINT", 0), "f32_one": ("FP32", 1, "RINT", 0),
              "i32": ("INT32", 0, "RINT", 0), "u32": ("UINT32", 0, "RINT", 0),
              "f16": ("FP16", 0, "RINT", 0), "u8": ("UINT8", 0, "RINT", 0),
              "u8_one_sat": ("UINT8", 1, "RINT", 1)},
    "UINT8": {"u16": ("UINT16", 0, "RINT", 0), "u16_one": ("UINT16", 1, "RINT", 0),
              "u32": ("UINT32", 0, "RINT", 0), "u32_one": ("UINT32", 1, "RINT", 0)},
    "INT8": {"i16": ("INT16", 0, "RINT", 0), "f16_one": ("FP16", 1, "RINT", 0),
             "i32": ("INT32", 0, "RINT", 0), "i32_one": ("INT32", 1, "RINT", 0)},
    "FP8E4M3FN": {"f32": ("FP32", 0, "RINT", 0), "f32_one": ("FP32", 1, "RINT", 0),
                  "f32_two": ("FP32", 2, "RINT", 0), "f32_three": ("FP32", 3, "RINT", 0)},
}
CAST_EDGES = {   # values at the targets' rounding, overflow and saturation borders
    "FP32": [65504.0, 65519.99, 65520.0, -70000.0, 1e-5, 6e-8, 2.9e-8, 1 + 2.0 ** -11,
             1 + 3 * 2.0 ** -11, 2.5, -2.5, 0.5, -0.5, 3.5, 3e9, -3e9, 2.0 ** 31, 40000.5,
             -40000.0, 32767.5, -32768.5, 1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8, -1.7],
    "FP16": [300.5, -129.5, 127.5, -128.5, 2.5, -2.5, 0.5, 65504.0, -0.4, 1e-7, 1 + 2.0 ** -8,
             1 + 3 * 2.0 ** -8, 5e4],
    "BF16": [2.5, -2.5, 3e9, -3e9, 1e-40, 0.5],
}


def cast_source(dt, rng):
    n = ROWS * R.lanes(dt)
    if dt == "FP8E4M3FN":
        codes = np.array([c for c in range(256) if c != 0xFF], np.uint8)   # -NaN: see §5.4
        return np.concatenate([codes, rng.choice(codes, n - codes.size)]).reshape(ROWS, -1)
    if R.kind(dt) == "f":
        a = random_floats(dt, rng, n, spread=8)
        edges = np.concatenate([np.array(FLOAT_EDGES[dt], R.FMT[dt].ut),
                                R.from_f64(dt, np.array(CAST_EDGES[dt]))])
        a[:edges.size] = edges
        a[edges.size:2 * edges.size] = edges ^ R.FMT[dt].sign
    else:
        a = random_ints(dt, rng, n)
        e = R.wrap(dt, int_edges(dt) + [16777217, -16777217, 70000, 300, -300, 255, 256])
        a[:e.size] = e
    return a.reshape(ROWS, -1)


@case
def astype_cases():
    out = []
    for src, outs in CASTS.items():
        short = SHORT.get(src, "e4m3")
        name = "astype_" + short
        rng = rng_for(name)
        a = cast_source(src, rng)
        m = random_masks(rng)
        exp = {}
        for key, (dst, lay, mode, sat) in outs.items():
            exp[key] = npy(dst, np.stack([R.astype(src, dst, a[r], R.mask_bits(m[r]), lay, mode,
                                                   bool(sat)) for r in range(ROWS)]))
        ain = a if src == "FP8E4M3FN" else npy(src, a)
        out.append(Case(name, "tests/ops/astype.py", name, {"a": ain, "m": m}, exp))
    return out


# ---- kernel faults (tests/ops/faults.py) ---------------------------------------------------------
@case
def fault_cases():
    f = "tests/ops/faults.py"
    a = np.arange(64, dtype=np.int32)[None, :]
    s = np.ones((1, 64), np.int32)
    s[0, 9] = -1                                          # §10.7 [I]: k < 0 shifts by 0
    src = np.arange(64, dtype=np.float32)[None, :]
    idx = np.arange(64, dtype=np.uint32)[None, :]
    past = idx.copy()
    past[0, 5] = 65                                       # past the source tile, inside the UB
    idx[0, 5] = 65536                                     # byte 4*65536 = 256 KiB: outside the UB
    # §10.13 [I]: only the UB bounds an index; lane 5 of `past` reads UB4[0x104], the idx tile's
    # element 1 (the value 1 as bits), since src_t is at 0x0 and idx_t at 0x100
    ub = np.concatenate([src[0].view(np.uint32), past[0]])
    gathered = {"out": ub[past[0]].view(np.float32)[None, :]}
    bidx = np.zeros((1, 64), np.uint32)
    bidx[0, :8] = [0, 32, 64, 96, 128, 160, 192, 16]      # block 7 at byte 16
    outf = {"out": np.zeros((1, 64), np.float32)}
    return [
        Case("negative_shift", f, "negative_shift", {"a": a, "s": s},
             {"out": np.where(s >= 0, a << np.maximum(s, 0), a).astype(np.int32)}),
        Case("gather_past_tile", f, "gather_out_of_tile", {"src": src, "idx": past}, gathered),
        Case("gather_out_of_ub", f, "gather_out_of_tile", {"src": src, "idx": idx}, outf,
             fault=[loc_in(f, "vf.gather(src_tile, idx, every)"), "gather"]),
        Case("gather_block_unaligned", f, "gather_block_unaligned", {"src": src, "idx": bidx},
             outf, fault=[loc_in(f, "vf.gather(src_tile, idx, every, data_copy_mode"),
                          "not a multiple of 32"]),
    ]


# ---- writing ------------------------------------------------------------------------------------
def all_cases():
    out = []
    for gen in CASES:
        got = gen()
        out.extend(got if isinstance(got, list) else [got])
    names = [c.name for c in out]
    assert len(names) == len(set(names)), "duplicate case names"
    return out


def write_case(top, out, c):
    case_dirs.write_case(top, c, "%s %s" % (c.file, c.kernel))


if __name__ == "__main__":
    sys.exit(case_dirs.main("gen_op_tests", __doc__, all_cases, write_case))
