"""op_ref.py - the per-lane formulas of docs/SEMANTICS.md §9-§10 in numpy (tools/gen_op_tests.py).

Everything here is written from the spec text, never from pvc's output or its runtime sources.
Registers are numpy arrays of one row of lanes; float registers are held as their unsigned BITS
(uint16 for FP16/BF16, uint32 for FP32) so that NaN payloads and signed zeros survive, integer
registers as their numpy integer type. Masks are the 256 mask bits of one register (§1.2), read
at the tested bit m[w*i] of each lane (§9.1).

Rounding: FP32 and FP16 results of +, -, *, /, sqrt are computed in float64 and rounded once by
numpy's casts (for these two formats float64 holds every exact sum and product, or double rounding
through float64 is innocuous: 53 >= 2p + 2); FMA and anything else that needs an exact value go
through fractions.Fraction and round_frac(). BF16 is computed in FP32 and rounded to BF16 (§9.4).
"""
import math
from fractions import Fraction

import numpy as np

np.seterr(all="ignore")

# ---- dtypes ---------------------------------------------------------------------------------
# name: (numpy storage dtype, kind) with kind 'i' signed, 'u' unsigned, 'f' float (bits stored)
DT = {
    "INT8": (np.int8, "i"), "UINT8": (np.uint8, "u"), "INT16": (np.int16, "i"),
    "UINT16": (np.uint16, "u"), "INT32": (np.int32, "i"), "UINT32": (np.uint32, "u"),
    "INT64": (np.int64, "i"), "UINT64": (np.uint64, "u"),
    "FP16": (np.uint16, "f"), "BF16": (np.uint16, "f"), "FP32": (np.uint32, "f"),
    # 8-bit float codes: data only (§1.1); bitwise ops, moves and casts see their bits
    "HF8": (np.uint8, "b"), "FP8E4M3FN": (np.uint8, "b"), "FP8E5M2": (np.uint8, "b"),
    "FP8E8M0": (np.uint8, "b"),
}
INTS = ["INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64"]
FLOATS = ["FP16", "BF16", "FP32"]
UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
SINT = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}
# the .npy dtype pvc reads for a tensor of the dtype (BF16 as uint16 bits; docs/CLI.md "pvc run")
NPY = {"FP16": np.float16, "BF16": np.uint16, "FP32": np.float32}


def width(dt):
    return np.dtype(DT[dt][0]).itemsize


def lanes(dt):
    return 256 // width(dt)


def kind(dt):
    return DT[dt][1]


def store_type(dt):
    return DT[dt][0]


def to_npy(dt, arr):
    """Register values (bits for floats) -> the array pvc reads/writes for a tensor of dt."""
    if dt in NPY:
        return np.asarray(arr).astype(UINT[width(dt)]).view(NPY[dt])
    return np.asarray(arr).astype(store_type(dt))


def from_npy(dt, arr):
    if dt in NPY:
        return np.asarray(arr).view(UINT[width(dt)])
    return np.asarray(arr)


# ---- float formats (§9.4) ---------------------------------------------------------------------
class Fmt:
    def __init__(self, e, m):
        self.e, self.m = e, m
        self.w = 1 + e + m
        self.bias = (1 << (e - 1)) - 1
        self.sign = 1 << (self.w - 1)
        self.expmask = ((1 << e) - 1) << m
        self.mag = self.sign - 1
        self.quiet = 1 << (m - 1)
        self.gen_nan = self.sign - 1                      # 0x7FFFFFFF / 0x7FFF (§9.4)
        self.inf = self.expmask
        self.ut = UINT[self.w // 8]


FMT = {"FP32": Fmt(8, 23), "FP16": Fmt(5, 10), "BF16": Fmt(8, 7)}


def isnan(dt, v):
    f = FMT[dt]
    return (v.astype(np.uint64) & f.mag) > f.expmask


def isinf(dt, v):
    f = FMT[dt]
    return (v.astype(np.uint64) & f.mag) == f.expmask


def is_subnormal(dt, v):
    f = FMT[dt]
    v = v.astype(np.uint64)
    return ((v & f.expmask) == 0) & ((v & f.mag) != 0)


def signbit(dt, v):
    return (v.astype(np.uint64) & FMT[dt].sign) != 0


def flush(dt, v):
    """DAZ/FTZ of the approximate ops (§9.4): a subnormal becomes the zero of its sign."""
    f = FMT[dt]
    return np.where(is_subnormal(dt, v), v & f.sign, v).astype(f.ut)


def to_f64(dt, v):
    """Exact float64 value of each lane (bits in)."""
    v = np.asarray(v)
    if dt == "FP32":
        return v.astype(np.uint32).view(np.float32).astype(np.float64)
    if dt == "FP16":
        return v.astype(np.uint16).view(np.float16).astype(np.float64)
    return (v.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def f32_bits_to_bf16(u):
    """FP32 bits -> BF16 bits, nearest even on the 16 dropped bits (NaN lanes: caller)."""
    u = np.asarray(u).astype(np.uint64)
    keep, low = u >> 16, u & 0xFFFF
    up = (low > 0x8000) | ((low == 0x8000) & ((keep & 1) == 1))
    return ((keep + up) & 0xFFFF).astype(np.uint16)


def from_f64(dt, x):
    """float64 -> bits of dt, one RNE (FP32/FP16: numpy's direct casts). BF16: through FP32,
    which is what §9.4 prescribes for every BF16 op."""
    x = np.asarray(x, dtype=np.float64)
    if dt == "FP32":
        return x.astype(np.float32).view(np.uint32)
    if dt == "FP16":
        return x.astype(np.float16).view(np.uint16)
    return f32_bits_to_bf16(x.astype(np.float32).view(np.uint32))


def round_frac(dt, q, ties_away=False):
    """An exact rational -> bits of dt, nearest (ties to even, or away from zero), overflow to
    inf, subnormals kept (the IEEE definition). q == 0 gives +0: callers decide the sign."""
    f = FMT[dt]
    neg = q < 0
    a = -q if neg else q
    s = f.sign if neg else 0
    if a == 0:
        return s
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    emin = 1 - f.bias
    e = max(e, emin)
    n = a / Fraction(2) ** (e - f.m)               # significand scaled to an integer grid
    fl = n.numerator // n.denominator
    rem = n - fl
    half = Fraction(1, 2)
    if rem > half or (rem == half and (ties_away or fl & 1)):
        fl += 1
    if fl == 1 << (f.m + 1):
        fl >>= 1
        e += 1
    if e > f.bias:
        return s | f.inf
    if fl < (1 << f.m):                             # subnormal (exponent field 0)
        return s | fl
    return s | ((e + f.bias) << f.m) | (fl - (1 << f.m))


def nan_fix(dt, r, ops):
    """§9.4: a result lane that is NaN gets the first NaN operand (argument order) with its
    quiet bit set; a NaN made from non-NaN operands is the generated NaN 0x7FFFFFFF / 0x7FFF."""
    f = FMT[dt]
    r = np.asarray(r).astype(f.ut)
    out = np.where(isnan(dt, r), f.gen_nan, r)
    for op in reversed(ops):
        op = np.asarray(op).astype(f.ut)
        out = np.where(isnan(dt, op), op | f.quiet, out)
    return out.astype(f.ut)


# ---- masks (§1.2, §9.1) -------------------------------------------------------------------------
def mask_bits(mbytes):
    """32 mask bytes -> the 256 bits m[0..255], LSB-first (§1.2)."""
    return np.unpackbits(np.asarray(mbytes, np.uint8), bitorder="little").astype(bool)


def act(m, w):
    """Tested bit m[w*i] of every lane of width w (§9.1)."""
    return m[0::w]


def pack_bits(m):
    return np.packbits(np.asarray(m, np.uint8), bitorder="little")


def zeroing(dt, r, a):
    """§9.2 ZEROING: masked-off lanes are all-zero bits."""
    return np.where(a, r, np.zeros_like(r)).astype(r.dtype)


def merging(r, a, old):
    return np.where(a, r, old).astype(r.dtype)


# ---- integer helpers (§9.5) -----------------------------------------------------------------
def wrap(dt, x):
    """Python ints (object array or list) -> dt, modulo 2^(8w)."""
    w = width(dt)
    vals = list(x) if isinstance(x, list) else ints(x)
    u = np.array([int(v) % (1 << (8 * w)) for v in vals], dtype=np.uint64)
    return u.astype(UINT[w]).view(store_type(dt))


def ints(x):
    """Lanes as Python ints (exact for 64-bit lanes too)."""
    return [int(v) for v in np.asarray(x).ravel().tolist()]


# ---- arithmetic (§10.1, §10.2) --------------------------------------------------------------
def f_binary(dt, op, a, b):
    """FP32/FP16: op in float64, one rounding; BF16: FP32 op then RNE to BF16 (§9.4). The NaN
    rule of §9.4 is applied afterwards."""
    x, y = to_f64(dt, a), to_f64(dt, b)
    if dt == "BF16":
        x32, y32 = x.astype(np.float32), y.astype(np.float32)
        r = op(x32.astype(np.float64), y32.astype(np.float64)).astype(np.float32)
        r = f32_bits_to_bf16(r.view(np.uint32))
    else:
        r = from_f64(dt, op(x, y))
    return nan_fix(dt, r, [a, b])


def f_maxmin(dt, a, b, is_max):
    """max/min: NaN if either is NaN (the first NaN, quieted, §9.4); max(-0,+0) = +0,
    min(-0,+0) = -0 in both operand orders (§10.1)."""
    x, y = to_f64(dt, a), to_f64(dt, b)
    f = FMT[dt]
    pick_a = (x > y) if is_max else (x < y)
    both_zero = (x == 0) & (y == 0)
    r = np.where(pick_a, a, b).astype(f.ut)
    zero = np.where(signbit(dt, a) & signbit(dt, b), f.sign, 0) if is_max else \
        np.where(signbit(dt, a) | signbit(dt, b), f.sign, 0)
    r = np.where(both_zero, zero, r).astype(f.ut)
    return nan_fix(dt, r, [a, b])


def i_binary(dt, op, a, b):
    return wrap(dt, [op(x, y) for x, y in zip(ints(a), ints(b))])


def binary(dt, name, a, b):
    """add sub mul max min on registers of dt (§10.1); integers wrap (§9.5)."""
    if kind(dt) == "f":
        if name == "add":
            return f_binary(dt, np.add, a, b)
        if name == "sub":
            return f_binary(dt, np.subtract, a, b)
        if name == "mul":
            return f_binary(dt, np.multiply, a, b)
        return f_maxmin(dt, a, b, name == "max")
    op = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y,
          "max": max, "min": min}[name]
    return i_binary(dt, op, a, b)


def int_div(dt, a, b):
    """Integer quotient truncated toward zero; MIN / -1 wraps to MIN (§10.1 (d), Q5)."""
    out = []
    for x, y in zip(ints(a), ints(b)):
        q = abs(x) // abs(y) if y else 0
        out.append(q if (x >= 0) == (y >= 0) else -q)
    return wrap(dt, out)


# ---- scalars (§9.6) -----------------------------------------------------------------------------
def literal_text_value(x):
    """A float literal reaches the device as the binary32 nearest to its "%f" text (§9.6)."""
    return float(np.float32(float("%f" % x)))


def scalar_to(dt, x, is_float):
    """The C++ implicit conversion of a scalar to the element type (§9.6): float -> half RNE,
    float -> int truncation (toward zero), int -> narrower int modulo, int -> float RNE.
    Returns the element bits (floats) or value (ints) as a 1-element array of dt's storage."""
    if kind(dt) == "f":
        v = np.array([float(x)], np.float64)
        return from_f64(dt, v)
    n = int(math.trunc(x)) if is_float else int(x)
    return wrap(dt, [n])


# ---- unary (§5.3, §10.4, §10.5, §10.7) -----------------------------------------------------------
def abs_(dt, a):
    """Floats: the sign bit cleared (NaN payload kept); integers wrap: abs(MIN) = MIN (§5.3)."""
    if kind(dt) == "f":
        return (a & FMT[dt].mag).astype(a.dtype)
    return wrap(dt, [abs(x) for x in ints(a)])


def neg(dt, a):
    """Floats: the sign bit flipped, NaN payload kept; integers (-a) mod 2^(8w) (§10.4)."""
    if kind(dt) == "f":
        return (a ^ FMT[dt].sign).astype(a.dtype)
    return wrap(dt, [-x for x in ints(a)])


def relu(dt, a):
    """x > 0 ? x : +0, a NaN kept as it is (§5.3)."""
    if kind(dt) == "f":
        keep = (to_f64(dt, a) > 0) | isnan(dt, a)
        return np.where(keep, a, 0).astype(a.dtype)
    return np.where(a > 0, a, 0).astype(a.dtype)


def not_(dt, a):
    return (~a.view(UINT[width(dt)])).view(a.dtype)


ROUNDERS = {"TRUNC": np.trunc, "RINT": np.rint, "CEIL": np.ceil, "FLOOR": np.floor}


def truncate(dt, a, mode):
    """roundToIntegral in the same float type (§10.5): exact, inf and NaN unchanged, a zero
    result keeps the input's sign (numpy's trunc/rint/ceil/floor follow IEEE here)."""
    x = to_f64(dt, a)
    r = from_f64(dt, ROUNDERS[mode](x))
    return np.where(isnan(dt, a) | isinf(dt, a), a, r).astype(a.dtype)


# ---- bitwise and shifts (§10.7) -----------------------------------------------------------------
def logic(dt, op, a, b):
    u = UINT[width(dt)]
    x, y = a.view(u), b.view(u)
    r = {"and": x & y, "or": x | y, "xor": x ^ y}[op]
    return r.astype(u).view(a.dtype)


def shift(dt, a, ks, left):
    """k < 8w: s << k (mod 2^(8w)) / s >> k, logical for unsigned and arithmetic for signed
    types; k >= 8w: 0, or -1 for a negative signed value shifted right (§10.7)."""
    bits = 8 * width(dt)
    out = []
    for s, k in zip(ints(a), list(ks)):
        if k >= bits:
            out.append(-1 if (not left and s < 0) else 0)
        else:
            out.append(s << k if left else s >> k)       # Python >> is arithmetic on ints
    return wrap(dt, out)


# ---- composite ops (§10.3, §10.4, §10.6) ---------------------------------------------------------
def fma_lane(dt, x, y, z):
    """IEEE fused multiply-add of three lanes' bits, one rounding (RNE) to dt: a NaN operand
    propagates (the first in x, y, z order, quieted), inf * 0 and inf - inf give the generated
    NaN, an exact zero is -0 only when x*y and z are both negative zeros (§9.4, §10.6)."""
    f = FMT[dt]
    ops = [np.array([v], f.ut) for v in (x, y, z)]
    for v in ops:
        if isnan(dt, v)[0]:
            return int(v[0]) | f.quiet
    xv, yv, zv = (float(to_f64(dt, v)[0]) for v in ops)
    psign = (xv < 0 or (xv == 0 and signbit(dt, ops[0])[0])) != \
        (yv < 0 or (yv == 0 and signbit(dt, ops[1])[0]))
    if (math.isinf(xv) and yv == 0) or (math.isinf(yv) and xv == 0):
        return f.gen_nan
    if math.isinf(xv) or math.isinf(yv):
        if math.isinf(zv) and (zv < 0) != psign:
            return f.gen_nan
        return (f.sign if psign else 0) | f.inf
    if math.isinf(zv):
        return int(z)
    q = Fraction(xv) * Fraction(yv) + Fraction(zv)
    if q == 0:
        zneg = bool(signbit(dt, ops[2])[0])
        both_neg = (xv * yv == 0 and psign and zneg)
        return f.sign if both_neg else 0
    return round_frac(dt, q)


def fma(dt, x, y, z):
    """Lane-wise FMA(x, y, z); integers (x*y + z) mod 2^(8w) (§9.5)."""
    if kind(dt) == "f":
        return np.array([fma_lane(dt, a, b, c) for a, b, c in
                         zip(x.tolist(), y.tolist(), z.tolist())], FMT[dt].ut)
    return wrap(dt, [a * b + c for a, b, c in zip(ints(x), ints(y), ints(z))])


def abs_sub(dt, a, b):
    """abs(sub(a, b)) in two steps, the difference rounded first (§10.6)."""
    return abs_(dt, binary(dt, "sub", a, b))


def prelu(dt, s, k):
    """signbit(s) ? RNE(s * k) : s (§10.4): -0 is multiplied, a positive NaN passes."""
    prod = binary(dt, "mul", s, k)
    return np.where(signbit(dt, s), prod, s).astype(s.dtype)


def mull(dt, a, b):
    """lo, hi words of the 64-bit product, signed or unsigned by the dtype (§10.3)."""
    lo, hi = [], []
    for x, y in zip(ints(a), ints(b)):
        p = (x * y) % (1 << 64)
        lo.append(p & 0xFFFFFFFF)
        hi.append(p >> 32)
    return wrap(dt, lo), wrap(dt, hi)


def add_carry(dt, a, b, cin_bits, borrow):
    """addc: s = ua + ub + cin; subc: s = ua + ~ub + bin (carry-style, 1 = no borrow, T15);
    d = s mod 2^32, flag = s >> 32 (§10.3). cin_bits: the tested carry-in bit of each lane."""
    d, flag = [], []
    for x, y, c in zip(ints(a), ints(b), list(cin_bits)):
        ux, uy = x % (1 << 32), y % (1 << 32)
        s = ux + ((~uy) & 0xFFFFFFFF if borrow else uy) + int(c)
        d.append(s & 0xFFFFFFFF)
        flag.append(s >> 32)
    return wrap(dt, d), np.array(flag, bool)


def f32_nan_to_f16(u):
    """A NaN into FP16 (§5.4): quiet, the sign and the leading payload bits kept."""
    return ((u >> 16) & 0x8000) | 0x7E00 | ((u >> 13) & 0x3FF)


def muls_cast_lane(u32_bits, x):
    """RNE_f32(s * x), then FP16 with ties away from zero (CAST_ROUND), overflow to inf (§10.6)."""
    p = binary("FP32", "mul", np.array([u32_bits], np.uint32), from_f64("FP32", [x]))[0]
    if isnan("FP32", np.array([p]))[0]:
        return f32_nan_to_f16(int(p))
    v = float(to_f64("FP32", np.array([p]))[0])
    if math.isinf(v):
        return 0xFC00 if v < 0 else 0x7C00
    if v == 0:
        return 0x8000 if int(p) >> 31 else 0
    return round_frac("FP16", Fraction(v), ties_away=True)


# ---- approximate ops (§9.4, §10.1, §10.4, §10.6) -------------------------------------------------
# pvc's reading of "1 ulp, no denormals": subnormal inputs are zero (DAZ), the result is the
# correctly rounded one, a subnormal result flushes to the zero of its sign (FTZ). Checked with
# `pvc run --ulp 1`, so float64 libm accuracy is plenty.
APPROX = {"sqrt": np.sqrt, "exp": np.exp, "ln": np.log, "log": np.log}
# log2 / log10 multiply by these float literals (§10.4), converted to the element type (§9.6)
LOG_CONST = {"log2": 1.4426950408889634, "log10": 0.4342944819032518}


def approx_unary(dt, name, a):
    if name in LOG_CONST:
        ln = approx_unary(dt, "ln", a)
        c = from_f64(dt, np.full(a.shape, np.float32(LOG_CONST[name]), np.float64))
        return binary(dt, "mul", ln, c)
    r = flush(dt, from_f64(dt, APPROX[name](to_f64(dt, flush(dt, a)))))
    return nan_fix(dt, r, [a])


def approx_div(dt, a, b):
    r = flush(dt, from_f64(dt, to_f64(dt, flush(dt, a)) / to_f64(dt, flush(dt, b))))
    return nan_fix(dt, r, [a, b])


def f16_to_f32_bits(h):
    """FP16 -> FP32 exactly (NaN lanes quieted with their payload, §5.4)."""
    h = np.asarray(h).astype(np.uint16)
    r = h.view(np.float16).astype(np.float32).view(np.uint32)
    nan = isnan("FP16", h)
    payload = ((h.astype(np.uint32) & 0x8000) << 16) | 0x7FC00000 | \
        ((h.astype(np.uint32) & 0x3FF) << 13)
    return np.where(nan, payload, r).astype(np.uint32)


def exp_sub(src_dt, s, mx, m_bits, layout):
    """exp(RNE_f32(s - mx)) into FP32 lanes (§10.6). FP32 sources: lane i, tested bit m[4i];
    FP16 sources: lane j = 2i + layout widened to FP32, tested bit m[2j]."""
    if src_dt == "FP32":
        x, y, act_ = s, mx, m_bits[0::4]
    else:
        j = 2 * np.arange(64) + layout
        x, y, act_ = f16_to_f32_bits(s[j]), f16_to_f32_bits(mx[j]), m_bits[2 * j]
    d = binary("FP32", "sub", x, y)
    return zeroing("FP32", approx_unary("FP32", "exp", d), act_)


# ---- compares and select (§5.2, §10.8) -----------------------------------------------------------
CMP = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "gt": np.greater, "le": np.less_equal,
       "ge": np.greater_equal}


def compare(dt, op, a, b):
    """a OP b per lane: IEEE for floats (NaN: false, ne: true; +0 == -0), values for ints."""
    if kind(dt) == "f":
        return CMP[op](to_f64(dt, a), to_f64(dt, b))
    return np.array([CMP[op](x, y) for x, y in zip(ints(a), ints(b))], bool)


def mask_of_lanes(dt, lane_bits):
    """A mask with only the tested bit m[w*i] of each lane set (§1.2), as 32 bytes."""
    bits = np.zeros(256, bool)
    bits[0::width(dt)] = lane_bits
    return pack_bits(bits)


# ---- reductions (§10.10) -------------------------------------------------------------------------
def f32_to_f16_bits(u):
    """FP32 bits -> FP16, RNE, overflow to inf, a NaN quiet with its sign and leading payload."""
    u = np.asarray(u).astype(np.uint32)
    r = from_f64("FP16", to_f64("FP32", u))
    return np.where(isnan("FP32", u), f32_nan_to_f16(u), r).astype(np.uint16)


def tree_sum_f32(x):
    """Adjacent pairs, level by level, every add binary32 RNE with the §9.4 NaN rules."""
    x = np.asarray(x, np.uint32)
    while x.size > 1:
        x = binary("FP32", "add", x[0::2], x[1::2])
    return int(x[0])


def sum_group(dt, a, act_):
    """One reduce_sum result over lanes a (masked-off lanes +0): FP32 bits, FP16 bits, or a
    Python int (integers, not yet wrapped)."""
    if kind(dt) == "f":
        x = a if dt == "FP32" else f16_to_f32_bits(a)
        root = tree_sum_f32(np.where(act_, x, 0))
        return root if dt == "FP32" else int(f32_to_f16_bits([root])[0])
    return sum(v for v, on in zip(ints(a), act_) if on)


def extreme_group(dt, a, act_, is_max):
    """reduce_max / reduce_min over lanes a: (value bits or int, index) (§10.10)."""
    idx = [i for i in range(len(a)) if act_[i]]
    if kind(dt) == "f":
        f = FMT[dt]
        nan = [i for i in idx if isnan(dt, a[i:i + 1])[0]]
        if nan:
            return int(a[nan[0]]) | f.quiet, nan[0]
        if not idx:
            return (f.sign | f.inf) if is_max else f.inf, 0
        vals = to_f64(dt, a)
        best = max(vals[i] for i in idx) if is_max else min(vals[i] for i in idx)
        cand = [i for i in idx if vals[i] == best]
        if best == 0:                                    # +0 > -0 for max, -0 < +0 for min
            want_neg = not is_max
            pref = [i for i in cand if bool(signbit(dt, a[i:i + 1])[0]) == want_neg]
            cand = pref or cand
        return int(a[cand[0]]), cand[0]
    v = ints(a)
    if not idx:
        w = 8 * width(dt)
        lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if kind(dt) == "i" else (0, (1 << w) - 1)
        return (lo if is_max else hi), 0
    best = max(v[i] for i in idx) if is_max else min(v[i] for i in idx)
    return best, next(i for i in idx if v[i] == best)


def lanes_of(dt, values):
    """A register of dt from Python values (ints, or float bits), the rest 0."""
    out = np.zeros(lanes(dt), store_type(dt))
    out[:len(values)] = wrap(dt, values) if kind(dt) in "iu" else \
        np.array(values, dtype=np.uint64).astype(store_type(dt))
    return out


def reduce_sum(dt, a, act_):
    total = sum_group(dt, a, act_)
    if dt in ("INT16", "UINT16"):                        # T6: a 32-bit sum in bytes 0..3
        t = total % (1 << 32)
        return lanes_of(dt, [t & 0xFFFF, t >> 16])
    return lanes_of(dt, [total])


def reduce_extreme(dt, a, act_, is_max):
    v, i = extreme_group(dt, a, act_, is_max)
    return lanes_of(dt, [v, i])


def reduce_blocks(dt, a, act_, op):
    e = 32 // width(dt)
    res = []
    for k in range(8):
        sl = slice(k * e, k * e + e)
        if op == "sum":
            res.append(sum_group(dt, a[sl], act_[sl]))
        else:
            res.append(extreme_group(dt, a[sl], act_[sl], op == "max")[0])
    return lanes_of(dt, res)


def pair_reduce_sum(dt, a, act_):
    x = np.where(act_, a, 0).astype(a.dtype)
    out = np.zeros_like(a)
    out[:a.size // 2] = binary(dt, "add", x[0::2], x[1::2])
    return out


# ---- permutations (§10.9, §10.11, §10.12) --------------------------------------------------------
def squeeze(a, act_):
    out = np.zeros_like(a)
    kept = a[np.asarray(act_, bool)]
    out[:kept.size] = kept
    return out


def interleave(a, b):
    h = a.size // 2
    d0, d1 = np.empty_like(a), np.empty_like(a)
    d0[0::2], d0[1::2] = a[:h], b[:h]
    d1[0::2], d1[1::2] = a[h:], b[h:]
    return d0, d1


def de_interleave(a, b):
    c = np.concatenate([a, b])
    return c[0::2].copy(), c[1::2].copy()


def unsqueeze(dt, act_):
    """Exclusive prefix count of the tested bits, mod 2^(8w); the last lane's bit is unused."""
    counts = np.concatenate([[0], np.cumsum(np.asarray(act_, np.int64))[:-1]])
    return wrap(dt, [int(c) for c in counts])


def pack(dt_to, a, upper):
    """Low halves of the lanes into the lower or upper half of dst, the other half 0."""
    n = a.size
    u = UINT[width(dt_to)]
    lows = a.view(UINT[a.itemsize]).astype(u)
    out = np.zeros(2 * n, u)
    if upper:
        out[n:] = lows
    else:
        out[:n] = lows
    return out.view(store_type(dt_to))


def unpack(dt_to, a, upper):
    """One half of the lanes widened: sign extension for signed sources, zero for unsigned."""
    h = a.size // 2
    part = a[h:] if upper else a[:h]
    return wrap(dt_to, ints(part))


# ---- masks (§1.2, §5.1, §10.7-§10.14) ------------------------------------------------------------
def pattern_elements(pattern, n):
    """Active element indices of a MaskPattern over n elements (§5.1); VLk is clipped to n."""
    if pattern == "ALL":
        return range(n)
    if pattern == "ALLF":
        return range(0)
    if pattern.startswith("VL"):
        return range(min(int(pattern[2:]), n))
    if pattern in ("M3", "M4"):
        return range(0, n, int(pattern[1]))
    return range(n // 2 if pattern == "H" else n // 4)       # H, Q


def generated_mask(gran, elements):
    """A generator's mask: only the tested bit m[gran*i] of each active element (§1.2)."""
    bits = np.zeros(256, bool)
    for i in elements:
        bits[gran * i] = True
    return bits


def spread(bits_k, per):
    """Each bit k copied into `per` consecutive mask bits (get_mask_spr, mask_gen, T19)."""
    return np.repeat(np.asarray(bits_k, bool), per)


def mask_groups_interleave(a, b, g, de):
    """Register (de_)interleave over groups of g mask bits (§10.12)."""
    ga, gb = a.reshape(-1, g), b.reshape(-1, g)
    if de:
        c = np.concatenate([ga, gb])
        return c[0::2].reshape(-1), c[1::2].reshape(-1)
    h = ga.shape[0] // 2
    d0, d1 = np.empty_like(ga), np.empty_like(ga)
    d0[0::2], d0[1::2] = ga[:h], gb[:h]
    d1[0::2], d1[1::2] = ga[h:], gb[h:]
    return d0.reshape(-1), d1.reshape(-1)


# ---- index ops (§10.15) --------------------------------------------------------------------------
def arange(dt, start, decrease):
    """INCREASE: start_T + i; DECREASE: start_T + N-1-i (T11); 64-bit DECREASE: start, then
    start + 2^32 - i (T12); floats RNE_T(start_T + i) with start_T the C++ conversion (§9.6)."""
    n = lanes(dt)
    if kind(dt) == "f":
        s = float(to_f64(dt, scalar_to(dt, start, False))[0])
        offs = [n - 1 - i for i in range(n)] if decrease else list(range(n))
        return from_f64(dt, np.array([s + k for k in offs]))
    st = int(ints(scalar_to(dt, start, False))[0])
    if width(dt) == 8 and decrease:
        return wrap(dt, [st] + [st + (1 << 32) - i for i in range(1, n)])
    offs = [n - 1 - i for i in range(n)] if decrease else list(range(n))
    return wrap(dt, [st + k for k in offs])


def histograms(src, act_, old, base, accumulate):
    """bin n += #{active i: src[i] == base + n} (FREQUENCY) or src[i] <= base + n
    (ACCUMULATE: BIN1 continues BIN0's count); every bin updated, mod 2^16 (§10.15)."""
    vals = [int(v) for v, on in zip(src.tolist(), act_) if on]
    out = []
    for n in range(128):
        if accumulate:
            c = sum(1 for v in vals if v <= base + n)
        else:
            c = sum(1 for v in vals if v == base + n)
        out.append((int(old[n]) + c) % (1 << 16))
    return np.array(out, np.uint16)


# ---- casts (§5.4, §5.5) --------------------------------------------------------------------------
def round_int(q, mode):
    """An exact rational rounded to an integer by a VFRoundMode."""
    fl = q.numerator // q.denominator
    rem = q - fl
    half = Fraction(1, 2)
    if mode == "FLOOR" or rem == 0:
        return fl
    if mode == "CEIL":
        return fl + 1
    if mode == "TRUNC":
        return fl if q >= 0 else fl + 1
    if mode == "ROUND":                                  # ties away from zero
        return fl + 1 if rem > half or (rem == half and q > 0) else fl
    return fl + 1 if rem > half or (rem == half and fl & 1) else fl     # RINT


def round_float(dt, q, mode, sat):
    """A nonzero rational to float bits of dt by mode (ODD: truncate, then set the last bit when
    anything was dropped). Overflow: RINT/ROUND -> inf, FLOOR/CEIL -> inf on their side and the
    largest finite on the other, TRUNC/ODD -> the largest finite (§5.4 [I]); saturate ON: the
    largest finite always."""
    f = FMT[dt]
    neg = q < 0
    a = -q if neg else q
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, 1 - f.bias)
    n = a / Fraction(2) ** (e - f.m)
    fl = n.numerator // n.denominator
    rem = n - fl
    if mode == "ODD":
        fl |= 1 if rem else 0
    elif rem:
        half = Fraction(1, 2)
        fl += {"RINT": rem > half or (rem == half and fl & 1 == 1), "ROUND": rem >= half,
               "TRUNC": False, "FLOOR": neg, "CEIL": not neg}[mode]
    if fl == 1 << (f.m + 1):
        fl >>= 1
        e += 1
    s = f.sign if neg else 0
    maxf = s | (f.inf - 1)
    if e > f.bias:
        up = mode in ("RINT", "ROUND") or (mode == "FLOOR" and neg) or (mode == "CEIL" and not neg)
        return maxf if (sat or not up) else s | f.inf
    if fl < (1 << f.m):
        return s | fl
    return s | ((e + f.bias) << f.m) | (fl - (1 << f.m))


def float_nan_to(src_dt, dst_dt, bits):
    """A NaN into another float format, saturate OFF: quiet, its sign, the leading payload bits."""
    fs, fd = FMT[src_dt], FMT[dst_dt]
    sign = fd.sign if bits & fs.sign else 0
    payload = bits & ((1 << fs.m) - 1)
    shift = fs.m - fd.m
    payload = payload >> shift if shift >= 0 else payload << -shift
    return sign | fd.inf | fd.quiet | (payload & ((1 << fd.m) - 1))


def int_range(dt):
    w = 8 * width(dt)
    return (-(1 << (w - 1)), (1 << (w - 1)) - 1) if kind(dt) == "i" else (0, (1 << w) - 1)


def convert(src_dt, dst_dt, v, mode, sat):
    """One element: v is float bits, an int, or ("E4M3", value). Returns dst bits or int."""
    if isinstance(v, tuple):                          # an FP8 code decoded to its value
        value = v[1]
        if math.isnan(value):
            return FMT[dst_dt].inf | FMT[dst_dt].quiet   # the canonical NaN (§5.4)
        return round_float(dst_dt, Fraction(value), mode, sat) if value else \
            (FMT[dst_dt].sign if math.copysign(1, value) < 0 else 0)
    if kind(src_dt) == "f":
        x = float(to_f64(src_dt, np.array([v]))[0])
        if kind(dst_dt) == "f":
            fd = FMT[dst_dt]
            if math.isnan(x):
                return 0 if sat else float_nan_to(src_dt, dst_dt, int(v))
            if math.isinf(x):
                s = fd.sign if x < 0 else 0
                return s | (fd.inf - 1 if sat else fd.inf)
            if x == 0:
                return fd.sign if math.copysign(1, x) < 0 else 0
            return round_float(dst_dt, Fraction(x), mode, sat)
        lo, hi = int_range(dst_dt)
        if math.isnan(x):
            return 0
        if math.isinf(x):
            return hi if x > 0 else lo
        q = round_int(Fraction(x), mode)
        return min(max(q, lo), hi) if sat else q
    if kind(dst_dt) == "f":
        return round_float(dst_dt, Fraction(int(v)), mode, True) if v else 0
    lo, hi = int_range(dst_dt)
    if kind(src_dt) == "i" and kind(dst_dt) == "u" and width(dst_dt) > width(src_dt):
        return max(int(v), 0)                        # narrow signed -> wider unsigned saturates
    return min(max(int(v), lo), hi) if sat else int(v)


def e4m3fn_value(code):
    """FP8E4M3FN (§5.5): s eeee mmm, bias 7; e = 0: (m/8) 2^-6, else (1 + m/8) 2^(e-7); s1111111
    is NaN."""
    sign = -1.0 if code & 0x80 else 1.0
    e, m = (code >> 3) & 0xF, code & 7
    if e == 15 and m == 7:
        return math.nan
    return sign * ((m / 8) * 2.0 ** -6 if e == 0 else (1 + m / 8) * 2.0 ** (e - 7))


def astype(src_dt, dst_dt, a, m_bits, layout=0, mode="RINT", sat=False):
    """Lane placement of §5.4: same width lane i; narrowing by r: dst[r*i + L] from src[i] under
    m[ws*i]; widening by r: dst[i] from src[r*i + L] under m[ws*(r*i + L)]; the rest 0."""
    ws, wd = width(src_dt), width(dst_dt)
    nd = lanes(dst_dt)
    vals = [("E4M3", e4m3fn_value(int(v))) for v in a] if src_dt == "FP8E4M3FN" else \
        (a.tolist() if kind(src_dt) == "f" else ints(a))
    out = [0] * nd
    if ws >= wd:
        r = ws // wd
        for i in range(256 // ws):
            if m_bits[ws * i]:
                out[r * i + layout] = convert(src_dt, dst_dt, vals[i], mode, sat)
    else:
        r = wd // ws
        for i in range(nd):
            j = r * i + layout
            if m_bits[ws * j]:
                out[i] = convert(src_dt, dst_dt, vals[j], mode, sat)
    if kind(dst_dt) == "f":
        return np.array(out, dtype=np.uint64).astype(FMT[dst_dt].ut)
    return wrap(dst_dt, out)
