#!/usr/bin/python3
"""ref_arith.py - reference vectors for the arithmetic vf ops (tests/unit/test_arith_ops.c).

Each op's per-lane formula is written here from docs/SEMANTICS.md §9.4-§9.6 and §10.1-§10.6,
independently of runtime/src: integers with numpy wrap-around or Python ints, floats with numpy
float64 / float32 arithmetic followed by numpy's own casts, and where numpy cannot express a
rule (exact FMA, BF16 rounding, ties-away rounding) with exact rationals (fractions.Fraction)
rounded by the plain definition in round_frac().

Output, one register op per line, space-separated key=value fields:
    op=NAME dt=DTYPE [sdt=DTYPE] [mode=Z|M] [rm=RINT|CEIL|FLOOR|TRUNC] [layout=0|1] [prec=0|1]
    tol=0|1 [x=HEX64] mask=HEX(32 B) a=HEX(256 B) [b=...] [c=...] [cin=HEX(32 B)]
    out=HEX(256 B) [out2=HEX(256 B)] [mout=HEX(32 B)]
Registers are the 256 little-endian bytes in order (bytes.hex()); c is the destination's old
value (merging, axpy, mul_add_dst, mul_dst_add); out2 is mull's hi; mout the carry mask.
tol=1 marks the approximate ops (§9.4: 1 ulp, specials exact).

Usage: ref_arith.py [seed]   (deterministic; the default seed is fixed)
"""
import sys
import warnings
from fractions import Fraction

import numpy as np

warnings.simplefilter('ignore', RuntimeWarning)   # NaN casts and inf arithmetic are intended
np.seterr(all='ignore')

SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 20240601
rng = np.random.default_rng(SEED)

# ------------------------------------------------------------------------------------------
# Dtypes
# ------------------------------------------------------------------------------------------
INTS = {
    'INT8': np.int8, 'UINT8': np.uint8, 'INT16': np.int16, 'UINT16': np.uint16,
    'INT32': np.int32, 'UINT32': np.uint32, 'INT64': np.int64, 'UINT64': np.uint64,
}
# float formats: (exponent bits, mantissa bits)
FMT = {'FP32': (8, 23), 'FP16': (5, 10), 'BF16': (8, 7)}
UINT_OF_WIDTH = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def width(dt):
    if dt in INTS:
        return np.dtype(INTS[dt]).itemsize
    return 4 if dt == 'FP32' else 2


def nlanes(dt):
    return 256 // width(dt)


def utype(dt):
    return UINT_OF_WIDTH[width(dt)]


def bits_of(dt):
    return 8 * width(dt)


def fparams(dt):
    e, m = FMT[dt]
    w = 1 + e + m
    return dict(e=e, m=m, w=w, bias=(1 << (e - 1)) - 1, sign=1 << (w - 1),
                expmask=((1 << e) - 1) << m, mag=(1 << (w - 1)) - 1, quiet=1 << (m - 1),
                gen_nan=(1 << (w - 1)) - 1)


# ------------------------------------------------------------------------------------------
# Float bit helpers (arrays of unsigned bits)
# ------------------------------------------------------------------------------------------
def isnan_b(dt, v):
    p = fparams(dt)
    return (v & p['mag']) > p['expmask']


def is_sub_b(dt, v):
    """Subnormal (nonzero with a zero exponent field)."""
    p = fparams(dt)
    return ((v & p['expmask']) == 0) & ((v & p['mag']) != 0)


def flush_b(dt, v):
    """DAZ / FTZ (§9.4): a subnormal becomes the zero of its sign."""
    p = fparams(dt)
    return np.where(is_sub_b(dt, v), v & p['sign'], v).astype(v.dtype)


def nan_fix(dt, r, ops):
    """§9.4 [I]: lanes where an operand is NaN get the first NaN operand (argument order)
    with its quiet bit set; lanes whose result is NaN otherwise get the generated NaN."""
    p = fparams(dt)
    out = np.where(isnan_b(dt, r), p['gen_nan'], r)
    for op in reversed(ops):
        out = np.where(isnan_b(dt, op), op | p['quiet'], out)
    return out.astype(r.dtype)


def to_f64(dt, v):
    """Exact float64 values of the bit array v (NaNs become NaN)."""
    if dt == 'FP32':
        return v.astype(np.uint32).view(np.float32).astype(np.float64)
    if dt == 'FP16':
        return v.astype(np.uint16).view(np.float16).astype(np.float64)
    return (v.astype(np.uint32) << 16).view(np.float32).astype(np.float64)  # BF16


def f32_to_bf16_rne(u32):
    """FP32 bits -> BF16 bits, round to nearest even, written from the definition (numpy
    has no bfloat16). NaN lanes are left to the caller."""
    out = np.empty(u32.shape, np.uint16)
    for i, u in enumerate(u32.tolist()):
        keep, low = u >> 16, u & 0xFFFF
        if low > 0x8000 or (low == 0x8000 and keep & 1):
            keep += 1
        out[i] = keep & 0xFFFF
    return out


def from_f64(dt, x):
    """float64 array -> bits of dt with ONE round-to-nearest-even (numpy's casts: float64 ->
    float32 and float64 -> float16 round the double directly). BF16 is built by round_frac."""
    with np.errstate(all='ignore'):
        if dt == 'FP32':
            return x.astype(np.float32).view(np.uint32)
        if dt == 'FP16':
            return x.astype(np.float16).view(np.uint16)
    return np.array([round_double('BF16', v) for v in x.tolist()], np.uint16)


def round_frac(dt, x, neg, mode='rne'):
    """Bits of the finite rational |x| (x >= 0) with sign neg, rounded to dt: 'rne' nearest
    even, 'away' nearest with ties away from zero. Overflow -> inf. By the definition: the
    quantum is 2^q with q = max(floor(log2 x), emin) - m."""
    p = fparams(dt)
    s = p['sign'] if neg else 0
    if x == 0:
        return s
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2) ** e > x:
        e -= 1
    emin = 1 - p['bias']
    q = max(e, emin) - p['m']
    scaled = x / Fraction(2) ** q
    n = scaled.numerator // scaled.denominator
    rem = scaled - n
    if mode == 'rne':
        if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n & 1):
            n += 1
    else:
        if rem >= Fraction(1, 2):
            n += 1
    if n < (1 << p['m']):          # subnormal (or zero after rounding)
        return s | n
    if n == (1 << (p['m'] + 1)):   # the rounding carried into the next binade
        n >>= 1
        q += 1
    biased = q + p['m'] + p['bias']
    if biased >= (1 << p['e']) - 1:
        return s | p['expmask']
    return s | (biased << p['m']) | (n - (1 << p['m']))


def round_double(dt, v, mode='rne'):
    """One float64 value -> bits of dt (NaN -> generated NaN, inf kept)."""
    p = fparams(dt)
    if v != v:
        return p['gen_nan']
    if v in (float('inf'), float('-inf')):
        return (p['sign'] if v < 0 else 0) | p['expmask']
    neg = v < 0 or (v == 0 and str(v).startswith('-'))
    return round_frac(dt, abs(Fraction(v)), neg, mode)


def frac_of(dt, b):
    """Exact value of one finite element as a Fraction."""
    return Fraction(float(to_f64(dt, np.array([b]))[0]))


# ------------------------------------------------------------------------------------------
# Lane generators
# ------------------------------------------------------------------------------------------
SPECIAL = {
    'FP32': [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001,
             0x7F800001, 0x7FBFFFFF, 0x00000001, 0x807FFFFF, 0x00800000, 0x80800000,
             0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000, 0xBF800000],
    'FP16': [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7C01, 0x7DFF, 0x0001, 0x83FF,
             0x0400, 0x8400, 0x7BFF, 0xFBFF, 0x3C00, 0xBC00],
    'BF16': [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1, 0x7F81, 0x7FBF, 0x0001, 0x807F,
             0x0080, 0x8080, 0x7F7F, 0xFF7F, 0x3F80, 0xBF80],
}


def rand_float_bits(dt, n, lo=-30.0, hi=30.0, special=0.15, raw=0.15, signed=True):
    """n lanes: specials, raw random bit patterns, and values sign * 2^U(lo, hi) * U(1,2)."""
    ut = utype(dt)
    mag = np.exp2(rng.uniform(lo, hi, n)) * rng.uniform(1.0, 2.0, n)
    if signed:
        mag *= rng.choice([-1.0, 1.0], n)
    v = from_f64(dt, mag).astype(ut)
    kind = rng.uniform(0, 1, n)
    sp = np.array(SPECIAL[dt], dtype=ut)[rng.integers(0, len(SPECIAL[dt]), n)]
    rw = rng.integers(0, 1 << bits_of(dt), n, dtype=np.uint64).astype(ut)
    v = np.where(kind < special, sp, np.where(kind < special + raw, rw, v))
    return v.astype(ut)


def rand_int(dt, n):
    t = INTS[dt]
    info = np.iinfo(t)
    ut = utype(dt)
    v = rng.integers(0, 1 << bits_of(dt), n, dtype=np.uint64).astype(ut)
    small = rng.integers(-300, 300, n).astype(np.int64).astype(t).view(ut)
    edge = np.array([info.min, info.max, 0, 1, info.max - 1, info.min + 1] +
                    ([-1, -2] if info.min < 0 else [2, 3]), dtype=t).view(ut)
    e = edge[rng.integers(0, len(edge), n)]
    k = rng.uniform(0, 1, n)
    return np.where(k < 0.2, e, np.where(k < 0.6, small, v)).astype(ut)


def rand_lanes(dt, n, **kw):
    return rand_int(dt, n) if dt in INTS else rand_float_bits(dt, n, **kw)


# ------------------------------------------------------------------------------------------
# Masks (32 bytes, bit j = byte j>>3 bit j&7; element i of width w tested at bit w*i)
# ------------------------------------------------------------------------------------------
def mask_from_active(act, w):
    m = np.zeros(256, np.uint8)
    m[np.arange(len(act)) * w] = act.astype(np.uint8)
    return np.packbits(m, bitorder='little')


def active_of(mask, w):
    bits = np.unpackbits(mask, bitorder='little')
    return bits[np.arange(256 // w) * w].astype(bool)


def masks_for(w, a_bits=None):
    """The mask kinds every op is run with: all, VL16, an update_mask tail, a compare-like
    mask (tested bits only), random bytes (untested bits set too), none."""
    n = 256 // w
    out = [mask_from_active(np.ones(n, bool), w),
           mask_from_active(np.arange(n) < 16, w),
           mask_from_active(np.arange(n) < int(rng.integers(1, n)), w)]
    if a_bits is not None:
        out.append(mask_from_active((a_bits & 1).astype(bool), w))
    out.append(rng.integers(0, 256, 32).astype(np.uint8))
    out.append(np.zeros(32, np.uint8))
    return out


def blend(r, act, old=None):
    """Zeroing (old None) or merging."""
    return np.where(act, r, 0 if old is None else old).astype(r.dtype)


def hexr(v):
    return np.ascontiguousarray(v).tobytes().hex()


def emit(**f):
    order = ['op', 'dt', 'sdt', 'mode', 'rm', 'layout', 'prec', 'tol', 'x', 'mask', 'a', 'b',
             'c', 'cin', 'out', 'out2', 'mout']
    parts = []
    for k in order:
        if k in f and f[k] is not None:
            v = f[k]
            if isinstance(v, np.ndarray):
                v = hexr(v)
            parts.append('%s=%s' % (k, v))
    print(' '.join(parts))


# ------------------------------------------------------------------------------------------
# Per-lane formulas
# ------------------------------------------------------------------------------------------
def int_binary(op, dt, a, b):
    t = INTS[dt]
    x, y = a.view(t), b.view(t)
    with np.errstate(all='ignore'):
        if op == 'add':
            r = x + y
        elif op == 'sub':
            r = x - y
        elif op == 'mul':
            r = x * y
        elif op == 'max':
            r = np.maximum(x, y)
        elif op == 'min':
            r = np.minimum(x, y)
        else:  # div: truncation toward zero, MIN / -1 wraps to MIN, /0 -> 0 (masked lanes)
            bits = bits_of(dt)
            out = []
            for p, q in zip(x.tolist(), y.tolist()):
                if q == 0:
                    out.append(0)
                    continue
                v = abs(p) // abs(q)
                if (p < 0) != (q < 0):
                    v = -v
                out.append(v % (1 << bits))
            return np.array(out, dtype=np.uint64).astype(utype(dt))
    return r.astype(t).view(utype(dt))


def float_binary(op, dt, a, b):
    """§10.1 (d) / §9.4 for FP32, FP16, BF16 (a, b: bit arrays)."""
    p = fparams(dt)
    ops = [a, b]
    if op == 'sub':               # sub = add(a, neg b): a NaN b propagates sign-flipped [I]
        ops = [a, (b ^ p['sign']).astype(b.dtype)]
    if op == 'div':               # approximate: DAZ inputs
        a, b = flush_b(dt, a), flush_b(dt, b)
    x, y = to_f64(dt, a), to_f64(dt, b)
    with np.errstate(all='ignore'):
        if op in ('max', 'min'):
            ab, bb = a, b
            if op == 'max':
                r = np.where(x > y, ab, np.where(x < y, bb, ab & bb))
            else:
                r = np.where(x < y, ab, np.where(x > y, bb, ab | bb))
            r = r.astype(a.dtype)
        elif dt == 'FP32':
            x32, y32 = x.astype(np.float32), y.astype(np.float32)
            r = {'add': x32 + y32, 'sub': x32 - y32, 'mul': x32 * y32, 'div': x32 / y32}[op]
            r = r.view(np.uint32)
        elif dt == 'FP16':
            # exact in float64 (add, sub, mul of two FP16; the quotient is rounded to 53 bits,
            # innocuous before rounding to 11), then one cast
            r = {'add': x + y, 'sub': x - y, 'mul': x * y, 'div': x / y}[op]
            r = from_f64('FP16', r)
        else:  # BF16: RNE to FP32 first, then RNE to BF16 (§9.4)
            x32, y32 = x.astype(np.float32), y.astype(np.float32)
            r32 = {'add': x32 + y32, 'sub': x32 - y32, 'mul': x32 * y32}[op].view(np.uint32)
            r = f32_to_bf16_rne(r32)
            r = np.where(isnan_b('FP32', r32), 0x7FFF, r).astype(np.uint16)
    if op == 'div':
        r = flush_b(dt, r)
    return nan_fix(dt, r.astype(a.dtype), ops)


def binary(op, dt, a, b):
    return int_binary(op, dt, a, b) if dt in INTS else float_binary(op, dt, a, b)


def negate_scalar(dt, x):
    if dt in INTS:
        return (-x) % (1 << bits_of(dt))
    return x ^ fparams(dt)['sign']


def approx(dt, fn, a):
    """§9.4 approximate op: DAZ, float64 function, one cast to dt, FTZ, NaN rules."""
    x = to_f64(dt, flush_b(dt, a))
    with np.errstate(all='ignore'):
        y = fn(x)
    r = flush_b(dt, from_f64(dt, y))
    return nan_fix(dt, r, [a])


def fma_ref(dt, a, b, c):
    """a*b + c exactly, one rounding (floats); §9.4 NaN rules in the order a, b, c."""
    if dt in INTS:
        bits = bits_of(dt)
        out = [(int(x) * int(y) + int(z)) % (1 << bits) for x, y, z in
               zip(a.tolist(), b.tolist(), c.tolist())]
        return np.array(out, dtype=np.uint64).astype(utype(dt))
    p = fparams(dt)
    xa, ya, za = to_f64(dt, a), to_f64(dt, b), to_f64(dt, c)
    out = []
    for i in range(len(a)):
        x, y, z = float(xa[i]), float(ya[i]), float(za[i])
        fin = all(abs(v) < float('inf') for v in (x, y, z))
        if not fin:                    # inf / NaN category from IEEE double arithmetic
            out.append(round_double(dt, x * y + z))
            continue
        prod = Fraction(x) * Fraction(y)
        s = prod + Fraction(z)
        if s == 0:
            psign = (int(a[i]) ^ int(b[i])) & p['sign']
            neg = prod == 0 and z == 0 and psign and (int(c[i]) & p['sign'])
            out.append(p['sign'] if neg else 0)
        else:
            out.append(round_frac(dt, abs(s), s < 0))
    r = np.array(out, dtype=np.uint64).astype(utype(dt))
    return nan_fix(dt, r, [a, b, c])


# ------------------------------------------------------------------------------------------
# Case generators
# ------------------------------------------------------------------------------------------
BIN_DTYPES = {
    'add': list(INTS) + ['FP16', 'BF16', 'FP32'],
    'sub': list(INTS) + ['FP16', 'BF16', 'FP32'],
    'mul': ['INT16', 'UINT16', 'INT32', 'UINT32', 'INT64', 'UINT64', 'FP16', 'BF16', 'FP32'],
    'div': list(INTS) + ['FP16', 'FP32'],
    'max': list(INTS) + ['FP16', 'BF16', 'FP32'],
    'min': list(INTS) + ['FP16', 'BF16', 'FP32'],
}
SCALAR_OPS = {'adds': 'add', 'subs': 'add', 'muls': 'mul', 'maxs': 'max', 'mins': 'min'}
SCALAR_DTYPES = {
    'adds': BIN_DTYPES['add'], 'subs': BIN_DTYPES['add'], 'maxs': BIN_DTYPES['max'],
    'mins': BIN_DTYPES['min'],
    'muls': list(INTS) + ['FP16', 'FP32'],
}


def second_operand(op, dt, a):
    """b lanes: random, with some lanes equal to a / -a / near a (cancellation, ties)."""
    n = len(a)
    b = rand_lanes(dt, n)
    if dt not in INTS:
        p = fparams(dt)
        k = rng.uniform(0, 1, n)
        b = np.where(k < 0.1, a, np.where(k < 0.2, a ^ p['sign'], b))
        b = np.where((k >= 0.2) & (k < 0.3), (a + 1) & p['mag'] | (a & p['sign']), b)
    return b.astype(a.dtype)


def gen_binary():
    for op, dts in BIN_DTYPES.items():
        for dt in dts:
            w = width(dt)
            n = nlanes(dt)
            for rep in range(2):
                a = rand_lanes(dt, n)
                b = second_operand(op, dt, a)
                for mask in masks_for(w, a):
                    act = active_of(mask, w)
                    bb = b.copy()
                    if op == 'div' and dt in INTS:   # zero divisors only in masked-off lanes
                        bb = np.where(act & (bb == 0), 1, bb).astype(b.dtype)
                        bb = np.where(~act & (rng.uniform(0, 1, n) < 0.3), 0, bb).astype(b.dtype)
                    r = binary(op, dt, a, bb)
                    emit(op=op, dt=dt, mode='Z', tol=0, mask=mask, a=a, b=bb, out=blend(r, act))
                    if op in ('add', 'max', 'min'):
                        old = rand_lanes(dt, n)
                        emit(op=op, dt=dt, mode='M', tol=0, mask=mask, a=a, b=bb, c=old,
                             out=blend(r, act, old))


def gen_scalar():
    for op, base in SCALAR_OPS.items():
        for dt in SCALAR_DTYPES[op]:
            w, n = width(dt), nlanes(dt)
            ut = utype(dt)
            for rep in range(4):
                a = rand_lanes(dt, n)
                x = int(rand_lanes(dt, 1)[0])
                xs = negate_scalar(dt, x) if op == 'subs' else x
                r = binary(base, dt, a, np.full(n, xs, dtype=ut))
                for mask in masks_for(w, a)[::2]:
                    act = active_of(mask, w)
                    emit(op=op, dt=dt, tol=0, x='%x' % x, mask=mask, a=a, out=blend(r, act))


def gen_carry():
    for dt in ('INT32', 'UINT32'):
        for rep in range(3):
            a = rand_int(dt, 64)
            b = rand_int(dt, 64)
            for mask in masks_for(4, a):
                act = active_of(mask, 4)
                # mull: the product in the dtype's signedness
                sa = a.view(INTS[dt]).astype(object)
                sb = b.view(INTS[dt]).astype(object)
                prod = [int(x) * int(y) for x, y in zip(sa, sb)]
                lo = np.array([p_ & 0xFFFFFFFF for p_ in prod], np.uint32)
                hi = np.array([(p_ >> 32) & 0xFFFFFFFF for p_ in prod], np.uint32)
                emit(op='mull', dt=dt, tol=0, mask=mask, a=a, b=b, out=blend(lo, act),
                     out2=blend(hi, act))
                cin = rng.integers(0, 256, 32).astype(np.uint8)   # untested bits too
                ci = active_of(cin, 4)
                for op in ('addc', 'subc'):
                    d = np.zeros(64, np.uint32)
                    co = np.zeros(64, bool)
                    for i in range(64):
                        y = int(b[i]) if op == 'addc' else (~int(b[i])) & 0xFFFFFFFF
                        s = int(a[i]) + y + int(ci[i])
                        d[i] = s & 0xFFFFFFFF
                        co[i] = bool(s >> 32) and act[i]
                    emit(op=op, dt=dt, tol=0, mask=mask, a=a, b=b, cin=cin,
                         out=blend(d, act), mout=mask_from_active(co, 4))


def gen_neg():
    for dt in ('INT8', 'INT16', 'INT32', 'INT64', 'FP16', 'FP32'):
        w, n = width(dt), nlanes(dt)
        for rep in range(2):
            a = rand_lanes(dt, n)
            if dt in INTS:
                r = ((-a.view(INTS[dt]).astype(object)) % (1 << bits_of(dt)))
                r = np.array(r.tolist(), dtype=np.uint64).astype(utype(dt))
            else:
                r = (a ^ fparams(dt)['sign']).astype(a.dtype)
            for mask in masks_for(w, a):
                emit(op='neg', dt=dt, tol=0, mask=mask, a=a, out=blend(r, active_of(mask, w)))


LOG_C = {'log2': 0x3FB8AA3B, 'log10': 0x3EDE5BD9}


def unary_ref(op, dt, a, prec=0):
    if op == 'sqrt' and prec:
        x = to_f64(dt, a)
        with np.errstate(all='ignore'):
            r = from_f64(dt, np.sqrt(x))
        r = np.where((x > 2.0 ** 126) & ~isnan_b(dt, a), 0, r).astype(a.dtype)
        return nan_fix(dt, r, [a])
    if op == 'sqrt':
        return approx(dt, np.sqrt, a)
    if op == 'exp':
        return approx(dt, np.exp, a)
    if op == 'ln':
        return approx(dt, np.log, a)
    # log2 / log10: ln rounded to dt, then an exact-op multiply by C_T (two roundings)
    ln = approx(dt, np.log, a)
    c32 = np.array([LOG_C[op]], np.uint32).view(np.float32)
    if dt == 'FP32':
        cb = np.full(len(a), LOG_C[op], np.uint32)
        with np.errstate(all='ignore'):
            r = (ln.view(np.float32) * c32[0]).view(np.uint32)
    else:
        c16 = c32.astype(np.float16).view(np.uint16)[0]      # float literal -> half, RNE
        cb = np.full(len(a), c16, np.uint16)
        with np.errstate(all='ignore'):
            r = from_f64('FP16', to_f64('FP16', ln) * to_f64('FP16', cb))
    return nan_fix(dt, r.astype(a.dtype), [ln, cb])


def gen_unary():
    ranges = {'sqrt': (-130, 128), 'exp': (-8, 7.5), 'ln': (-130, 128), 'log2': (-130, 128),
              'log10': (-130, 128)}
    for op in ('sqrt', 'exp', 'ln', 'log2', 'log10'):
        tol = 0 if op == 'sqrt' else 1
        for dt in ('FP32', 'FP16'):
            w, n = width(dt), nlanes(dt)
            lo, hi = ranges[op]
            if dt == 'FP16':
                lo, hi = max(lo, -25), min(hi, 16)
                if op == 'exp':
                    hi = 4
            for rep in range(6):
                a = rand_float_bits(dt, n, lo, hi, signed=(op == 'exp' or rep % 3 == 2))
                r = unary_ref(op, dt, a)
                for mask in masks_for(w, a)[::2]:
                    emit(op=op, dt=dt, prec=0, tol=tol, mask=mask, a=a,
                         out=blend(r, active_of(mask, w)))
            if dt == 'FP16':    # every FP16 code
                codes = np.arange(65536, dtype=np.uint32).astype(np.uint16)
                full = mask_from_active(np.ones(128, bool), 2)
                r = unary_ref(op, dt, codes)
                for k in range(512):
                    sl = slice(128 * k, 128 * k + 128)
                    emit(op=op, dt=dt, prec=0, tol=tol, mask=full, a=codes[sl], out=r[sl])
    for rep in range(6):    # sqrt precision=True (FP32)
        a = rand_float_bits('FP32', 64, -150, 128, signed=(rep % 2 == 1))
        r = unary_ref('sqrt', 'FP32', a, prec=1)
        for mask in masks_for(4, a)[::2]:
            emit(op='sqrt', dt='FP32', prec=1, tol=0, mask=mask, a=a,
                 out=blend(r, active_of(mask, 4)))


def prelu_ref(dt, s, k):
    prod = float_binary('mul', dt, s, k)
    return np.where(s & fparams(dt)['sign'], prod, s).astype(s.dtype)


def gen_prelu():
    for dt in ('FP16', 'FP32'):
        w, n = width(dt), nlanes(dt)
        for rep in range(3):
            s = rand_float_bits(dt, n)
            k = rand_float_bits(dt, n, -4, 4)
            x = int(rand_float_bits(dt, 1, -4, 4, special=0.3)[0])
            rp = prelu_ref(dt, s, k)
            rl = prelu_ref(dt, s, np.full(n, x, s.dtype))
            for mask in masks_for(w, s)[::2]:
                act = active_of(mask, w)
                emit(op='prelu', dt=dt, tol=0, mask=mask, a=s, b=k, out=blend(rp, act))
                emit(op='leaky_relu', dt=dt, tol=0, x='%x' % x, mask=mask, a=s,
                     out=blend(rl, act))


TRUNC_FN = {'RINT': np.rint, 'CEIL': np.ceil, 'FLOOR': np.floor, 'TRUNC': np.trunc}


def trunc_ref(dt, rm, a):
    fn = TRUNC_FN[rm]
    if dt == 'FP32':
        r = fn(a.view(np.float32)).view(np.uint32)
    elif dt == 'FP16':
        r = fn(a.view(np.float16)).view(np.uint16)
    else:
        r = (fn((a.astype(np.uint32) << 16).view(np.float32)).view(np.uint32) >> 16)
        r = r.astype(np.uint16)     # exact: integral values of BF16 are BF16
    return np.where(isnan_b(dt, a), a, r).astype(a.dtype)


def gen_truncate():
    for dt in ('FP32', 'FP16', 'BF16'):
        w, n = width(dt), nlanes(dt)
        for rm in TRUNC_FN:
            for rep in range(3):
                a = rand_float_bits(dt, n, -3, 26 if dt == 'FP32' else 12)
                r = trunc_ref(dt, rm, a)
                for mask in masks_for(w, a)[::2]:
                    emit(op='truncate', dt=dt, rm=rm, tol=0, mask=mask, a=a,
                         out=blend(r, active_of(mask, w)))
            if dt != 'FP32':    # every code
                codes = np.arange(65536, dtype=np.uint32).astype(np.uint16)
                r = trunc_ref(dt, rm, codes)
                full = mask_from_active(np.ones(128, bool), 2)
                for k in range(512):
                    sl = slice(128 * k, 128 * k + 128)
                    emit(op='truncate', dt=dt, rm=rm, tol=0, mask=full, a=codes[sl], out=r[sl])


def gen_fma():
    cases = [('axpy', ['FP16', 'FP32', 'INT64', 'UINT64']),
             ('mul_add_dst', ['INT16', 'UINT16', 'INT32', 'UINT32', 'INT64', 'UINT64',
                              'FP16', 'BF16', 'FP32']),
             ('mul_dst_add', ['FP16', 'BF16', 'FP32'])]
    for op, dts in cases:
        for dt in dts:
            w, n = width(dt), nlanes(dt)
            for rep in range(3):
                a = rand_lanes(dt, n)
                b = rand_lanes(dt, n)
                c = rand_lanes(dt, n)
                if dt not in INTS and rep == 1:
                    # products that nearly cancel the addend: the single rounding matters
                    p = fparams(dt)
                    pr = fma_ref(dt, a, b, np.zeros(n, a.dtype))
                    k = rng.uniform(0, 1, n) < 0.5
                    c = np.where(k, pr ^ p['sign'], c).astype(a.dtype)
                    c = np.where(k & (rng.uniform(0, 1, n) < 0.5),
                                 ((c & p['mag']) + 1) & p['mag'] | (c & p['sign']), c).astype(a.dtype)
                if op == 'axpy':
                    x = int(rand_lanes(dt, 1)[0])
                    r = fma_ref(dt, np.full(n, x, a.dtype), a, c)
                elif op == 'mul_add_dst':
                    r = fma_ref(dt, a, b, c)
                else:
                    r = fma_ref(dt, c, a, b)
                for mask in masks_for(w, a)[::2]:
                    act = active_of(mask, w)
                    emit(op=op, dt=dt, tol=0, x=('%x' % x) if op == 'axpy' else None,
                         mask=mask, a=a, b=None if op == 'axpy' else b, c=c, out=blend(r, act))


def gen_abs_sub():
    for dt in ('FP16', 'FP32', 'INT64'):
        w, n = width(dt), nlanes(dt)
        for rep in range(3):
            a = rand_lanes(dt, n)
            b = second_operand('sub', dt, a)
            d = binary('sub', dt, a, b)
            if dt == 'INT64':
                r = np.array([(-v) % (1 << 64) if v >> 63 else v for v in d.tolist()],
                             dtype=np.uint64)
            else:
                r = (d & fparams(dt)['mag']).astype(d.dtype)
            for mask in masks_for(w, a)[::2]:
                emit(op='abs_sub', dt=dt, tol=0, mask=mask, a=a, b=b,
                     out=blend(r, active_of(mask, w)))


def h2f_bits(h):
    """FP16 bits -> FP32 bits exactly; a NaN keeps its payload (shifted) and is quieted."""
    out = to_f64('FP16', h).astype(np.float32).view(np.uint32)
    nanb = ((h.astype(np.uint32) & 0x8000) << 16) | 0x7FC00000 | ((h.astype(np.uint32) & 0x3FF) << 13)
    return np.where(isnan_b('FP16', h), nanb, out).astype(np.uint32)


def gen_exp_sub():
    for sdt in ('FP32', 'FP16'):
        for layout in ((0,) if sdt == 'FP32' else (0, 1)):
            for rep in range(4):
                n = nlanes(sdt)
                lo, hi = (-8, 7) if sdt == 'FP32' else (-6, 4)
                s = rand_float_bits(sdt, n, lo, hi)
                mx = rand_float_bits(sdt, n, lo, hi)
                if sdt == 'FP32':
                    s32, m32 = s, mx
                else:
                    s32, m32 = h2f_bits(s[layout::2]), h2f_bits(mx[layout::2])
                d = float_binary('sub', 'FP32', s32, m32)
                r = approx('FP32', np.exp, d)
                ws = width(sdt)
                for mask in masks_for(ws, s)[::2]:
                    if sdt == 'FP32':
                        act = active_of(mask, 4)
                    else:
                        act = active_of(mask, 2)[layout::2]   # m[2j], j = 2i + L
                    emit(op='exp_sub', dt='FP32', sdt=sdt, layout=layout, tol=1, mask=mask,
                         a=s, b=mx, out=blend(r, act))


def f32_to_f16_away(p):
    out = []
    for u in p.tolist():
        s = (u >> 31) << 15
        if (u & 0x7FFFFFFF) > 0x7F800000:
            out.append(s | 0x7E00 | ((u & 0x7FFFFF) >> 13))
        elif (u & 0x7FFFFFFF) == 0x7F800000:
            out.append(s | 0x7C00)
        else:
            v = Fraction(float(np.array([u], np.uint32).view(np.float32)[0]))
            out.append(round_frac('FP16', abs(v), bool(u >> 31), 'away'))
    return np.array(out, np.uint16)


def gen_muls_cast():
    for layout in (0, 1):
        for rep in range(4):
            s = rand_float_bits('FP32', 64, -20, 20)
            x = int(rand_float_bits('FP32', 1, -4, 4, special=0.3)[0])
            if rep == 0:
                # exact FP16 ties: s * x lands halfway between two FP16 values
                x = 0x3F800000
                base = rng.integers(0x0400, 0x7BFF, 64)
                tie = [(float(np.array([b], np.uint16).view(np.float16)[0]) +
                        float(np.array([b + 1], np.uint16).view(np.float16)[0])) / 2 for b in base]
                s = np.where(rng.uniform(0, 1, 64) < 0.7,
                             np.array(tie, np.float64).astype(np.float32).view(np.uint32), s)
                s = s.astype(np.uint32)
            p = float_binary('mul', 'FP32', s, np.full(64, x, np.uint32))
            h = f32_to_f16_away(p)
            for mask in masks_for(4, s)[::2]:
                act = active_of(mask, 4)
                out = np.zeros(128, np.uint16)
                out[layout::2] = np.where(act, h, 0)
                emit(op='muls_cast', dt='FP16', sdt='FP32', layout=layout, tol=0, x='%x' % x,
                     mask=mask, a=s, out=out)


def main():
    gen_binary()
    gen_scalar()
    gen_carry()
    gen_neg()
    gen_unary()
    gen_prelu()
    gen_truncate()
    gen_fma()
    gen_abs_sub()
    gen_exp_sub()
    gen_muls_cast()
    print('end')


if __name__ == '__main__':
    main()
