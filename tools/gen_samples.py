#!/usr/bin/python3
"""gen_samples.py - input and expected tensors for the seed samples.

    /usr/bin/python3 tools/gen_samples.py           (re)write samples/data/
    /usr/bin/python3 tools/gen_samples.py --check   regenerate into a temp dir, compare bytes
                                                    with samples/data/, exit 1 on a difference

For every sample (samples/<sample>.py, one @pl.jit kernel) and case this writes

    samples/data/<sample>/<case>/in_<param>.npy      each input tensor
    samples/data/<sample>/<case>/expect_<param>.npy  each checked output
    samples/data/<sample>/<case>/args                extra `pvc run` arguments, one line
    samples/data/<sample>/kernel                     "samples/<sample>.py": the cases are the
                                                     case runner's (tests/cases/README.md)

Expected values come from the seed's own assertion applied to the inputs, computed here in
numpy and never by pvc. Where the seed checks less than docs/SEMANTICS.md pins down, the exact value
follows docs/SEMANTICS.md (section cited) and the seed's own assertion is asserted on it as well.
The real kernels (softmax, layernorm, rmsnorm, silu, gelu, relu6, int8 quantisation, argmax, a
tail loop) are computed op by op with the formulas of tools/op_ref.py: every FP32 op rounded as
§9.4 says, reductions in the tree order of §10.10, the 1-ulp ops (div, exp, sqrt) correctly
rounded with DAZ/FTZ and checked with `--ulp 1`; each is also compared with the plain float64
formula (a loose sanity bound, never the expected value).

Determinism: inputs come from numpy's legacy RandomState (its streams are frozen by NEP 19) and
the .npy bytes are written by this script (format 1.0, header padded to 64 bytes as numpy does),
so the files do not depend on the numpy version.
"""
import argparse
import math
import os
import shutil
import struct
import sys
import tempfile
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import op_ref as R  # noqa: E402  (the per-lane formulas of docs/SEMANTICS.md §9-§10, in numpy)
from lang_cases import LANG_SAMPLES  # noqa: E402
from debug_cases import DEBUG_SAMPLES  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "samples", "data")

EXACT = "--rtol 0 --atol 0"


# ---- low-precision formats (docs/SEMANTICS.md §5.5), written from the table, not from pvc --------

def e4m3fn_decode(code):
    """FP8E4M3FN: s eeee mmm, bias 7; e=0: (m/8)*2^-6, else (1+m/8)*2^(e-7); s1111111 = NaN."""
    sign = -1.0 if code & 0x80 else 1.0
    e, m = (code >> 3) & 0xF, code & 7
    if e == 15 and m == 7:
        return math.nan
    if e == 0:
        return sign * (m / 8) * 2.0 ** -6
    return sign * (1 + m / 8) * 2.0 ** (e - 7)


# HiFloat8 classes by |E|: (prefix bits above the exponent field, exponent-field width, the
# field's offset t = |E| - base, mantissa bits). docs/SEMANTICS.md §5.5 table.
#   D0 0001 mmm | D1 001 s mmm | D2 01 s t mmm | D3 10 s tt mm | D4 11 s ttt m
HF8_CLASSES = [  # (lowest |E|, highest |E|, prefix value, prefix width, t bits, mantissa bits)
    (0, 0, 0b0001, 4, 0, 3),
    (1, 1, 0b001, 3, 0, 3),
    (2, 3, 0b01, 2, 1, 3),
    (4, 7, 0b10, 2, 2, 2),
    (8, 15, 0b11, 2, 3, 1),
]


def hf8_decode(code):
    """HiFloat8 byte -> value. 0x00 = 0, 0x80 = NaN, 0x6F/0xEF = +/-inf (docs/SEMANTICS.md §5.5)."""
    if code == 0x00:
        return 0.0
    if code == 0x80:
        return math.nan
    sign = -1.0 if code & 0x80 else 1.0
    x = code & 0x7F
    if x == 0x6F:
        return sign * math.inf
    for lo, _hi, prefix, pw, tbits, mbits in HF8_CLASSES:
        if x >> (7 - pw) != prefix:
            continue
        m = x & ((1 << mbits) - 1)
        t = (x >> mbits) & ((1 << tbits) - 1)
        # D0 has no exponent sign bit; every other class has it just below the prefix.
        neg = (x >> (6 - pw)) & 1 if lo > 0 else 0
        e = lo + t
        return sign * (1 + m / (1 << mbits)) * 2.0 ** (-e if neg else e)
    return sign * 2.0 ** ((x & 7) - 23)  # denormal 0000 mmm, m = 1..7


def hf8_encode_round_sat(v):
    """FP32 -> HiFloat8 with CAST_ROUND (ties away from zero) and saturate ON (docs/SEMANTICS.md §5.4,
    §5.5): keep 3/3/3/2/1 mantissa bits for |E| in 0/1/2-3/4-7/8-15, add 1 at the first dropped
    bit, a carry bumps E, overflow saturates to +/-32768 (0x6E/0xEE). Only the normal range is
    modelled: inputs are chosen so that 2^-15 <= |v| < 2^16 or v == 0."""
    if v == 0:
        return 0x00
    sign = 0x80 if v < 0 else 0
    a = abs(v)
    e = math.frexp(a)[1] - 1  # a = f * 2^e', f in [0.5, 1) -> a / 2^e in [1, 2)
    if not -15 <= e <= 15:
        raise ValueError("HF8 encoder: %r is outside the modelled normal range" % v)
    mbits = next(c[5] for c in HF8_CLASSES if c[0] <= abs(e) <= c[1])
    m = math.floor((a / 2.0 ** e - 1) * (1 << mbits) + 0.5)  # ties away: magnitude rounds up
    if m == 1 << mbits:
        e, m = e + 1, 0
    if e > 15 or (e == 15 and m >= 1):  # 1.25 * 2^15 and up is inf; saturate ON -> max finite
        return sign | 0x6E
    if e < -15:
        raise ValueError("HF8 encoder: %r underflows the modelled range" % v)
    lo, _hi, prefix, pw, tbits, mbits = next(c for c in HF8_CLASSES if c[0] <= abs(e) <= c[1])
    x = prefix << (7 - pw)
    if lo > 0:
        x |= (1 if e < 0 else 0) << (6 - pw)
    x |= (abs(e) - lo) << mbits | m
    return sign | x


def self_check_formats():
    """Spot values from the §5.5 text, and encode(decode(c)) == c over the normal HF8 codes."""
    assert e4m3fn_decode(0x7E) == 448.0 and e4m3fn_decode(0xFE) == -448.0
    assert e4m3fn_decode(0x38) == 1.0 and e4m3fn_decode(0x01) == 2.0 ** -9
    assert math.isnan(e4m3fn_decode(0x7F)) and math.isnan(e4m3fn_decode(0xFF))
    assert hf8_decode(0x6E) == 32768.0 and hf8_decode(0xEE) == -32768.0
    assert hf8_decode(0x6F) == math.inf and hf8_decode(0xEF) == -math.inf
    assert hf8_decode(0x08) == 1.0 and hf8_decode(0x01) == 2.0 ** -22
    assert hf8_decode(0x07) == 2.0 ** -16
    normal = 0
    for c in range(256):
        v = hf8_decode(c)
        if math.isfinite(v) and 2.0 ** -15 <= abs(v) <= 2.0 ** 15:
            assert hf8_encode_round_sat(v) == c, "HF8 round trip of 0x%02x" % c
            normal += 1
    assert normal == 2 * (8 + 16 + 2 * 16 + 4 * 8 + 8 * 4 - 1), normal  # 0x6F is inf, not normal
    # Ties go away from zero: 1 + 1/16 lies halfway between 1.0 (0x08) and 1.125 (0x09).
    assert hf8_encode_round_sat(1.0625) == 0x09 and hf8_encode_round_sat(-1.0625) == 0x89
    assert hf8_encode_round_sat(1.0624999) == 0x08
    assert hf8_encode_round_sat(60000.0) == 0x6E  # saturate ON


# ---- the seed assertions ---------------------------------------------------------------------

def assert_close(actual, expected, rtol, atol):
    """torch.testing.assert_close on numpy arrays: |a - e| <= atol + rtol * |e|, NaN == NaN."""
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    a, e = actual.astype(np.float64), expected.astype(np.float64)
    ok = (a == e) | (np.isnan(a) & np.isnan(e))
    with np.errstate(invalid="ignore"):
        d = np.abs(a - e)
        ok |= np.isfinite(d) & (d <= atol + rtol * np.abs(e))
    assert ok.all(), "seed assertion fails on %d elements" % (~ok).sum()


class Case:
    def __init__(self, name, inputs, expects, args):
        self.name, self.inputs, self.expects, self.args = name, inputs, expects, args


def rng_for(sample):
    return np.random.RandomState(zlib.crc32(sample.encode()) & 0x7FFFFFFF)


def randn(rng, shape):
    return rng.standard_normal(shape).astype(np.float32)


def copy_case(sample, shape):
    """out == a (the seed asserts a copy; a copy is exact)."""
    a = randn(rng_for(sample), shape)
    return [Case("default", {"a": a}, {"out": a.copy()}, EXACT)]


def load_align_dintlv(sample):
    a = randn(rng_for(sample), (1, 128))
    out = a[:, ::2].copy()  # seed: expected = a[:, ::2]; out is [1, 64]
    return [Case("default", {"a": a}, {"out": out}, EXACT)]


def load_align_row_col_offset(sample):
    a = randn(rng_for(sample), (2, 64))
    return [Case("default", {"a": a}, {"out": a[1:2, :].copy()}, EXACT)]  # seed: out == a[1:2, :]


def load_align_mask_reg(sample):
    a = randn(rng_for(sample), (1, 64))
    out = np.where(a >= 0, np.abs(a), np.float32(0)).astype(np.float32)  # seed's expected
    return [Case("default", {"a": a}, {"out": out}, EXACT)]


def load_align_fp8_to_fp32(sample):
    # 256 FP8E4M3FN codes, NaN codes 0x7F/0xFF excluded; the kernel converts lanes 4i (b32 mask,
    # layout ZERO, docs/SEMANTICS.md §5.4), the seed checks out == fp32(a)[:, ::4].
    codes = np.array([c for c in range(256) if c not in (0x7F, 0xFF)], dtype=np.uint8)
    a = rng_for(sample).choice(codes, size=(1, 256)).astype(np.uint8)
    decoded = np.array([[e4m3fn_decode(int(c)) for c in a[0]]], dtype=np.float32)
    out = decoded[:, ::4].copy()
    assert_close(out, decoded[:, ::4], 1e-2, 1e-2)
    return [Case("default", {"a": a}, {"out": out}, EXACT)]


def load_align_hf8_copy(sample):
    a = rng_for(sample).randint(0, 256, size=(1, 256)).astype(np.uint8)
    # HF8 tensors compare raw codes exactly by default: no extra arguments needed.
    return [Case("default", {"a": a}, {"out": a.copy()}, "")]


def astype_hf8_layouts(sample):
    # docs/SEMANTICS.md §5.4/§5.5: FP32 -> HF8 (layout ZERO, CAST_ROUND, saturate ON) puts code i in
    # byte 4i; HF8 -> FP32 with ZERO reads it back exactly, ONE/TWO/THREE read the zero bytes.
    a = randn(rng_for(sample), (1, 64))
    a = np.where(np.abs(a) < 2.0 ** -14, np.float32(0.5), a).astype(np.float32)  # normal range
    round_trip = [hf8_decode(hf8_encode_round_sat(float(v))) for v in a[0]]
    out = np.zeros((1, 256), dtype=np.float32)
    out[0, 0:64] = np.array(round_trip, dtype=np.float32)
    assert_close(out[:, 0:64], a, 1e-1, 1e-1)  # the seed's own checks
    assert_close(out[:, 64:256], np.zeros((1, 192), np.float32), 0, 0)
    return [Case("default", {"a": a}, {"out": out}, EXACT)]


def int64_copy(sample):
    a = rng_for(sample).randint(-100, 100, size=(1, 32)).astype(np.int64)  # as the seed draws it
    return [Case("default", {"a": a}, {"out": a.copy()}, EXACT)]


def store_unalign_addr_reg(sample):
    # The seed asserts only out.shape == [1, 64]. docs/SEMANTICS.md §4.4 working model: address =
    # cursor + areg bytes with areg = 0 at i = 0, count = VL / sizeof(FP32) = 64 -> out == a.
    a = randn(rng_for(sample), (1, 64))
    out = a.copy()
    assert out.shape == (1, 64)
    return [Case("default", {"a": a}, {"out": out}, EXACT)]


def packed_compare_mask(a):
    """docs/SEMANTICS.md §5.2/§4.3: vf.ge(a, 0.0) on FP32 sets bit 4i = a_i >= 0 (only the tested bit,
    decision 5); the compare's mask has the compared register's dtype, FP32, so pstu packs at
    32-bit granularity: packed bit k = m[4k], k < 64, 8 bytes LSB-first, at tile bytes 0..7."""
    m = np.zeros(256, dtype=np.uint8)
    m[0::4] = (a[0] >= 0).astype(np.uint8)
    packed_bits = m[0::4]
    return np.packbits(packed_bits, bitorder="little")


def store_unalign_mask(sample):
    cases = []
    for name, a in (("positive", np.ones((1, 64), np.float32)),
                    ("negative", -np.ones((1, 64), np.float32))):
        zeros = np.zeros((1, 64), dtype=np.uint32)  # `out` is read into the tile first
        tile = bytearray(zeros.tobytes())
        tile[0:8] = packed_compare_mask(a).tobytes()
        out = np.frombuffer(bytes(tile), dtype="<u4").reshape(1, 64).copy()
        if name == "positive":
            assert (out != 0).any()  # the seed's assertion
            assert (out[0, 0:2] == 0xFFFFFFFF).all() and (out[0, 2:] == 0).all()
        else:
            assert (out == 0).all()  # the seed's assertion
        cases.append(Case(name, {"a": a, "out": zeros}, {"out": out}, EXACT))
    return cases


# ---- the real kernels (docs/SEMANTICS.md §9-§10 through tools/op_ref.py) ---------------------

ULP1 = "--ulp 1"
ALL64 = np.ones(64, bool)


def bits32(x):
    return np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)


def floats32(b):
    return np.asarray(b, dtype=np.uint32).view(np.float32)


def lane0(b):
    """A register whose lane 0 is b (the rest 0), as FP32 bits: what a reduction leaves."""
    r = np.zeros(64, np.uint32)
    r[0] = b
    return r


def bcast(b):
    return np.full(64, b, np.uint32)


def f32_add(x, y):
    return int(R.binary("FP32", "add", np.array([x], np.uint32), np.array([y], np.uint32))[0])


def f32_op(name, a, b):
    """An exact FP32 op (§9.4) on bit arrays, b broadcast when it is one value."""
    b = np.broadcast_to(np.asarray(b, np.uint32), np.shape(a)).copy()
    return R.binary("FP32", name, np.asarray(a, np.uint32), b)


def row_regs(row_bits):
    return [row_bits[64 * r:64 * r + 64] for r in range(row_bits.size // 64)]


def sum_regs(regs):
    """vf.full(0.0) then vf.add(acc, reduce_sum(reg)) per register: lane-0 partial sums added in
    register order, each reduce_sum a tree (§10.10), each add binary32 RNE."""
    acc = 0
    for reg in regs:
        acc = f32_add(acc, R.sum_group("FP32", reg, ALL64))
    return acc


def softmax_ref(x):
    out = []
    for row in bits32(x):
        regs = row_regs(row)
        mx = R.extreme_group("FP32", regs[0], ALL64, True)[0]
        for reg in regs[1:]:
            part = R.extreme_group("FP32", reg, ALL64, True)[0]
            mx = int(f32_op("max", [mx], part)[0])
        exps = [R.exp_sub("FP32", reg, bcast(mx), np.ones(256, bool), 0) for reg in regs]
        total = sum_regs(exps)
        out.append(np.concatenate([R.approx_div("FP32", e, bcast(total)) for e in exps]))
    return floats32(np.stack(out))


def softmax_rows(sample):
    rng = rng_for(sample)
    cases = []
    x = (rng.standard_normal((16, 256)) * 3.0).astype(np.float32)
    wide = rng.uniform(-80.0, 80.0, (8, 256)).astype(np.float32)      # exp_sub keeps it finite
    ties = np.repeat(rng.standard_normal((8, 4)).astype(np.float32), 64, axis=1)
    ties[:, 5] = ties[:, 200] = 30.0                                   # two equal maxima
    for name, data, tiles in (("default", x, 2), ("wide", wide, 1), ("ties", ties, 1)):
        want = softmax_ref(data)
        e = np.exp(data.astype(np.float64) - data.max(axis=1, keepdims=True))
        assert_close(want, e / e.sum(axis=1, keepdims=True), 1e-5, 1e-7)
        cases.append(Case(name, {"x": data}, {"y": want}, "%s --scalar n_tiles=%d" % (ULP1, tiles)))
    return cases


def scalar32(x):
    """A float kernel scalar as an FP32 operand (§9.6: run-time scalars keep their value)."""
    return int(R.scalar_to("FP32", x, True)[0])


def layernorm_ref(x, gamma, beta, inv_n, eps):
    g, b = row_regs(bits32(gamma)[0]), row_regs(bits32(beta)[0])
    out = []
    for row in bits32(x):
        regs = row_regs(row)
        mean = int(f32_op("mul", [sum_regs(regs)], scalar32(inv_n))[0])
        xc = [f32_op("sub", reg, mean) for reg in regs]
        var = int(f32_op("mul", [sum_regs([f32_op("mul", c, c) for c in xc])], scalar32(inv_n))[0])
        std = R.approx_unary("FP32", "sqrt", f32_op("add", [var], scalar32(eps)))
        y = [f32_op("add", f32_op("mul", R.approx_div("FP32", c, bcast(std[0])), gr), br)
             for c, gr, br in zip(xc, g, b)]
        out.append(np.concatenate(y))
    return floats32(np.stack(out))


def rmsnorm_ref(x, gamma, inv_n, eps):
    g = row_regs(bits32(gamma)[0])
    out = []
    for row in bits32(x):
        regs = row_regs(row)
        acc = np.zeros(64, np.uint32)
        for reg in regs:                                 # vf.mul_add_dst: FMA, one rounding
            acc = R.fma("FP32", reg, reg, acc)
        ms = f32_op("mul", [R.sum_group("FP32", acc, ALL64)], scalar32(inv_n))
        std = R.approx_unary("FP32", "sqrt", f32_op("add", ms, scalar32(eps)))
        rstd = R.approx_div("FP32", bits32([1.0]), std)[0]
        out.append(np.concatenate([f32_op("mul", f32_op("mul", reg, rstd), gr)
                                   for reg, gr in zip(regs, g)]))
    return floats32(np.stack(out))


def norm_inputs(rng, scale, rows=8):
    x = (rng.standard_normal((rows, 256)) * scale + rng.standard_normal((rows, 1)) * scale).astype(
        np.float32)
    gamma = (rng.random_sample((1, 256)) + 0.5).astype(np.float32)
    beta = rng.standard_normal((1, 256)).astype(np.float32)
    return x, gamma, beta


def layernorm_rows(sample):
    rng = rng_for(sample)
    cases = []
    for name, scale, eps, tiles in (("default", 1.0, 1e-5, 2), ("large", 300.0, 1e-6, 1),
                                    ("tiny", 1e-3, 1e-5, 1)):
        x, gamma, beta = norm_inputs(rng, scale, 8 * tiles)
        want = layernorm_ref(x, gamma, beta, 1.0 / 256, eps)
        xd = x.astype(np.float64)
        mu, var = xd.mean(axis=1, keepdims=True), xd.var(axis=1, keepdims=True)
        assert_close(want, (xd - mu) / np.sqrt(var + eps) * gamma + beta, 1e-4, 1e-4)
        cases.append(Case(name, {"x": x, "gamma": gamma, "beta": beta}, {"y": want},
                          "%s --scalar inv_n=0.00390625 --scalar eps=%r --scalar n_tiles=%d"
                          % (ULP1, eps, tiles)))
    return cases


def rmsnorm_rows(sample):
    rng = rng_for(sample)
    cases = []
    for name, scale, eps, tiles in (("default", 1.0, 1e-6, 2), ("large", 1e4, 1e-6, 1),
                                    ("tiny", 1e-4, 1e-6, 1)):
        x, gamma, _ = norm_inputs(rng, scale, 8 * tiles)
        want = rmsnorm_ref(x, gamma, 1.0 / 256, eps)
        xd = x.astype(np.float64)
        assert_close(want, xd / np.sqrt((xd * xd).mean(axis=1, keepdims=True) + eps) * gamma,
                     1e-4, 1e-4)
        cases.append(Case(name, {"x": x, "gamma": gamma}, {"y": want},
                          "%s --scalar inv_n=0.00390625 --scalar eps=%r --scalar n_tiles=%d"
                          % (ULP1, eps, tiles)))
    return cases


def lit32(x):
    """A float literal as the device sees it: the binary32 of its "%f" text (§9.6)."""
    return int(R.scalar_to("FP32", R.literal_text_value(x), True)[0])


def silu_ref(x):
    b = bits32(x).reshape(-1)
    e = R.approx_unary("FP32", "exp", R.neg("FP32", b))
    y = R.approx_div("FP32", b, f32_op("add", e, lit32(1.0)))
    return floats32(y).reshape(x.shape)


def gelu_tanh_ref(x):
    b = bits32(x).reshape(-1)
    cube = f32_op("mul", f32_op("mul", b, b), b)
    inner = f32_op("add", b, f32_op("mul", cube, lit32(0.044715)))
    u2 = f32_op("mul", f32_op("mul", inner, lit32(0.797885)), lit32(2.0))
    den = f32_op("add", R.approx_unary("FP32", "exp", u2), lit32(1.0))
    tanh = f32_op("sub", bcast(lit32(1.0))[:1].repeat(b.size), R.approx_div(
        "FP32", np.full(b.size, lit32(2.0), np.uint32), den))
    y = f32_op("mul", f32_op("mul", b, lit32(0.5)), f32_op("add", tanh, lit32(1.0)))
    return floats32(y).reshape(x.shape)


def silu(sample):
    rng = rng_for(sample)
    x = (rng.standard_normal((4, 256)) * 4.0).astype(np.float32)
    x[0, :8] = [0.0, -0.0, 100.0, -100.0, 88.0, -88.0, 1e-30, -1e-30]   # exp overflow, FTZ
    want = silu_ref(x)
    xd = x.astype(np.float64)
    assert_close(want, xd / (1.0 + np.exp(-xd)), 1e-5, 1e-30)
    return [Case("default", {"x": x}, {"y": want}, ULP1)]


def gelu_tanh(sample):
    rng = rng_for(sample)
    x = (rng.standard_normal((4, 256)) * 3.0).astype(np.float32)
    x[0, :6] = [0.0, -0.0, 12.0, -12.0, 40.0, -40.0]                    # exp(2u) overflows / 0
    want = gelu_tanh_ref(x)
    xd = x.astype(np.float64)
    approx = 0.5 * xd * (1 + np.tanh(0.797885 * (xd + 0.044715 * xd ** 3)))
    assert_close(want, approx, 1e-5, 1e-6)
    return [Case("default", {"x": x}, {"y": want}, ULP1)]


def relu6_f16(sample):
    rng = rng_for(sample)
    x = (rng.standard_normal((4, 512)) * 5.0).astype(np.float16)
    x[0, :8] = [0.0, -0.0, 6.0, 6.0009765625, np.inf, -np.inf, np.nan, -1e-7]
    xb = x.view(np.uint16).reshape(-1)
    zero, six = R.scalar_to("FP16", 0.0, True), R.scalar_to("FP16", 6.0, True)
    y = R.binary("FP16", "min", R.binary("FP16", "max", xb, np.repeat(zero, xb.size)),
                 np.repeat(six, xb.size))
    want = y.view(np.float16).reshape(x.shape)
    assert_close(want, np.clip(x.astype(np.float64), 0, 6), 0, 0)
    return [Case("default", {"x": x}, {"y": want}, EXACT)]


def quant_int8_ref(x):
    q_rows, scales = [], np.zeros((x.shape[0], 8), np.float32)
    for m, row in enumerate(bits32(x)):
        regs = row_regs(row)
        amax = 0
        for reg in regs:
            part = R.extreme_group("FP32", R.abs_("FP32", reg), ALL64, True)[0]
            amax = int(f32_op("max", [amax], part)[0])
        q127 = bits32([127.0])
        scales[m, 0] = floats32(R.approx_div("FP32", np.array([amax], np.uint32), q127))[0]
        inv = R.approx_div("FP32", q127, np.array([amax], np.uint32))[0]
        q = f32_op("mul", row, inv)
        h = [R.convert("FP32", "FP16", int(v), "RINT", False) for v in q]
        q_rows.append([R.convert("FP16", "INT8", v, "ROUND", True) for v in h])
    return np.array(q_rows, np.int8), scales


def quant_int8(sample):
    rng = rng_for(sample)
    x = rng.standard_normal((4, 256)).astype(np.float32)
    x[1] *= 1000.0
    x[2] = 0.0                                              # amax 0: 0 * inf = NaN -> 0
    x[3, :4] = [2.0, -2.0, 1.0, 1.0 / 127]                  # amax 2: 127 / 2 = 63.5 exactly
    x[3, 4:8] = [0.5, -0.5, 0.0236220472, 1.5 / 63.5]      # halfway values round away
    q, scales = quant_int8_ref(x)
    amax = np.abs(x.astype(np.float64)).max(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        plain = np.nan_to_num(np.round(x * (127.0 / amax)))
    assert np.abs(q.astype(np.int64) - plain).max() <= 1
    return [Case("default", {"x": x, "scale": np.zeros((4, 8), np.float32)},
                 {"q": q, "scale": scales}, ULP1)]


def argmax_ref(x):
    idx, top = np.zeros((x.shape[0], 8), np.int32), np.zeros((x.shape[0], 8), np.float32)
    for m, row in enumerate(bits32(x)):
        regs = row_regs(row)
        best, best_idx = regs[0].copy(), np.arange(64)
        for r, reg in enumerate(regs[1:], 1):
            gt = R.compare("FP32", "gt", reg, best)
            best = np.where(gt, reg, best).astype(np.uint32)
            best_idx = np.where(gt, np.arange(64) + 64 * r, best_idx)
        t = R.extreme_group("FP32", best, ALL64, True)[0]
        hit = R.compare("FP32", "eq", best, bcast(t))
        idx[m, 0] = min(np.where(hit, best_idx, 1000000))
        top[m, 0] = floats32([t])[0]
    return idx, top


def argmax_rows(sample):
    rng = rng_for(sample)
    x = rng.standard_normal((8, 256)).astype(np.float32)
    x[1, [70, 7, 200]] = 9.0                                # ties: the first column wins
    x[2] = -np.abs(x[2])
    x[2, [100, 30]] = [0.0, -0.0]                           # the maximum is a zero
    x[3] = 1.5                                              # all equal: column 0
    x[4, 255] = 50.0                                        # the last column
    idx, top = argmax_ref(x)
    assert (idx[:, 0] == x.argmax(axis=1)).all() and (top[:, 0] == x.max(axis=1)).all()
    return [Case("default", {"x": x, "idx": np.zeros((8, 8), np.int32),
                             "top": np.zeros((8, 8), np.float32)},
                 {"idx": idx, "top": top}, EXACT)]


def axpy_tail(sample):
    rng = rng_for(sample)
    cases = []
    for n, alpha in ((200, 0.5), (64, -1.25), (1, 3.0), (512, 0.1), (0, 2.0)):
        x = rng.standard_normal((1, 512)).astype(np.float32)
        y = rng.standard_normal((1, 512)).astype(np.float32)
        want = y.copy()
        a = np.full(n, scalar32(alpha), np.uint32)
        want[0, :n] = floats32(R.fma("FP32", a, bits32(x[0, :n]), bits32(y[0, :n])))
        assert_close(want, np.where(np.arange(512) < n, alpha * x + y, y), 1e-6, 1e-6)
        cases.append(Case("n%d" % n, {"x": x, "y": y}, {"y": want},
                          "%s --scalar n=%d --scalar alpha=%r" % (EXACT, n, alpha)))
    return cases


def small_f16(rng, shape, scale):
    """FP16 integers in [-4, 4] times scale (a power of two): every product and every sum of a
    matmul below is exact in FP32, so the expected result does not depend on the MAC order
    (docs/SEMANTICS.md §17.5 leaves it open)."""
    return (rng.randint(-4, 5, shape) * scale).astype(np.float16)


def exact_matmul(a, b):
    want = a.astype(np.float64) @ b.astype(np.float64)
    assert np.all(np.abs(want) < 2.0 ** 24)
    return want.astype(np.float32)


def cube_matmul_tiled(sample):
    rng = rng_for(sample)
    cases = []
    for name, scale in (("ints", 1.0), ("eighths", 0.125)):
        a, b = small_f16(rng, (128, 512), scale), small_f16(rng, (512, 128), scale)
        c = np.zeros((128, 128), np.float32)
        cases.append(Case(name, {"a": a, "b": b, "c": c}, {"c": exact_matmul(a, b)}, "--blocks 4 " + EXACT))
    return cases


def cube_vector_add(sample):
    rng = rng_for(sample)
    cases = []
    for name, scale in (("ints", 1.0), ("quarters", 0.25)):
        a, b = small_f16(rng, (64, 32), scale), small_f16(rng, (32, 64), scale)
        x = (rng.randint(-64, 65, (64, 64)) * scale).astype(np.float32)
        zero = np.zeros((64, 64), np.float32)
        mm = exact_matmul(a, b)
        cases.append(Case(name, {"a": a, "b": b, "x": x, "mm": zero, "out": zero}, {"mm": mm, "out": mm + x}, EXACT))
    return cases


def cube_softmax(sample):
    """s = q @ kt exactly (small FP16 integers), out = softmax(0.125 s) by rows in float64,
    rounded once: pvc's exp is within 1 ulp and its row sum adds in its own order (§15.7), so
    the case allows a relative 2e-6 (a few FP32 ulps) on out; s must be exact."""
    rng = rng_for(sample)
    cases = []
    for name, scale in (("ints", 1.0), ("halves", 0.5)):
        q, kt = small_f16(rng, (64, 32), scale), small_f16(rng, (32, 64), scale)
        s = exact_matmul(q, kt)
        x = s.astype(np.float64) * 0.125
        e = np.exp(x - x.max(axis=1, keepdims=True))
        want = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
        zero = np.zeros((64, 64), np.float32)
        cases.append(Case(name, {"q": q, "kt": kt, "s": zero, "out": zero}, {"s": s, "out": want},
                          "--rtol 2e-6 --atol 1e-12"))
    return cases


def flash_attention(sample):
    """out = softmax(0.125 q kt) v by rows, in float64 (the reference model of attention, not of
    pvc's arithmetic): the kernel sends p to the cube as FP16, so the case allows the relative
    2^-11 of that rounding (rtol 4e-3 with room for the sums); s_ws holds q kt, exact for small
    FP16 integers."""
    rng = rng_for(sample)
    cases = []
    for name, scale in (("ints", 0.5), ("quarters", 0.25)):
        q, kt = small_f16(rng, (64, 32), scale), small_f16(rng, (32, 128), scale)
        v = small_f16(rng, (128, 32), 0.25)
        s = exact_matmul(q, kt)
        x = s.astype(np.float64) * 0.125
        e = np.exp(x - x.max(axis=1, keepdims=True))
        want = ((e / e.sum(axis=1, keepdims=True)) @ v.astype(np.float64)).astype(np.float32)
        ins = {"q": q, "kt": kt, "v": v, "s_ws": np.zeros((64, 128), np.float32),
               "p_ws": np.zeros((64, 128), np.float16), "o_ws": np.zeros((128, 32), np.float32),
               "out": np.zeros((64, 32), np.float32)}
        cases.append(Case(name, ins, {"s_ws": s, "out": want}, "--rtol 4e-3 --atol 2e-3"))
    return cases


# FP4 magnitudes by the low three bits of a code, bit 3 the sign (docs/SEMANTICS.md §5.5 table)
FP4_MAGNITUDES = {
    "e2m1": [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0],
    "e1m2": [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75],
}


def fp4_decode(codes, fmt):
    mag = np.array(FP4_MAGNITUDES[fmt], np.float64)[codes & 7]
    return np.where(codes & 8, -mag, mag)


def fp4_pack(codes):
    """Two codes a byte along the last axis, the lower index in the low nibble (§5.5)."""
    return (codes[..., 0::2] | (codes[..., 1::2] << 4)).astype(np.uint8)


def mx_scale_storage(e8m0):
    """[rows, G] E8M0 codes -> the physical [rows, G/2, 2] storage (group 2q + h at [q, h])."""
    rows, g = e8m0.shape
    return np.ascontiguousarray(e8m0.reshape(rows, g // 2, 2))


def cube_matmul_mx(sample):
    """out = sum_k a(i, k) 2^(sa(i, k/32) - 127) * b(j, k) 2^(sb(j, k/32) - 127) (§17.5.5), b given
    as [N, K]. Scale codes within 126..128 keep every term a multiple of 2^-5 below 2^6 and the
    sums below 2^13: exact in FP32, whatever the order. An E8M0 code 0xFF is NaN: the "nan" case
    sets one group of a's row 3 to it, so that row of out is NaN."""
    rng = rng_for(sample)
    m = n = 64
    k = 128
    cases = []
    for name in ("random", "nan"):
        a_codes = rng.randint(0, 16, (m, k)).astype(np.uint8)
        b_codes = rng.randint(0, 16, (n, k)).astype(np.uint8)
        sa = rng.randint(126, 129, (m, k // 32)).astype(np.uint8)
        sb = rng.randint(126, 129, (n, k // 32)).astype(np.uint8)
        if name == "nan":
            sa[3, 1] = 0xFF
        av = fp4_decode(a_codes, "e2m1") * np.exp2(np.repeat(sa.astype(np.float64), 32, axis=1) - 127)
        bv = fp4_decode(b_codes, "e1m2") * np.exp2(np.repeat(sb.astype(np.float64), 32, axis=1) - 127)
        want = av @ bv.T
        if name == "nan":
            assert np.all(np.isfinite(want))
            want[3, :] = np.nan
        finite = want[np.isfinite(want)]
        assert np.all(np.abs(finite) < 2.0 ** 13) and np.all(finite * 32 == np.round(finite * 32))
        ins = {"a": fp4_pack(a_codes), "b": fp4_pack(b_codes), "sa": mx_scale_storage(sa),
               "sb": mx_scale_storage(sb), "out": np.zeros((m, n), np.float32)}
        cases.append(Case(name, ins, {"out": want.astype(np.float32)}, EXACT))
    return cases


def e5m2_decode(code):
    """FP8E5M2: s eeeee mm, bias 15, IEEE-like (docs/SEMANTICS.md §5.5); e = 31 is inf / NaN."""
    sign = -1.0 if code & 0x80 else 1.0
    e, m = (code >> 2) & 31, code & 3
    if e == 31:
        return sign * math.inf if m == 0 else math.nan
    if e == 0:
        return sign * (m / 4) * 2.0 ** -14
    return sign * (1 + m / 4) * 2.0 ** (e - 15)


def cube_matmul_mx_fp8(sample):
    """As cube_matmul_mx with FP8 E4M3 x E5M2 codes of magnitude 0.5 to 2 and scale codes 127,
    128: every term a multiple of 2^-7, sums below 2^13: exact in FP32."""
    rng = rng_for(sample)
    m = n = 64
    k = 128
    d4 = np.array([e4m3fn_decode(c) for c in range(256)])
    d5 = np.array([e5m2_decode(c) for c in range(256)])
    pool4 = np.array([c for c in range(256) if 0.5 <= abs(d4[c]) <= 2], np.uint8)
    pool5 = np.array([c for c in range(256) if 0.5 <= abs(d5[c]) <= 2], np.uint8)
    a = rng.choice(pool4, (m, k)).astype(np.uint8)
    b = rng.choice(pool5, (n, k)).astype(np.uint8)
    sa = rng.randint(127, 129, (m, k // 32)).astype(np.uint8)
    sb = rng.randint(127, 129, (n, k // 32)).astype(np.uint8)
    av = d4[a] * np.exp2(np.repeat(sa.astype(np.float64), 32, axis=1) - 127)
    bv = d5[b] * np.exp2(np.repeat(sb.astype(np.float64), 32, axis=1) - 127)
    want = av @ bv.T
    assert np.all(np.abs(want) < 2.0 ** 13) and np.all(want * 128 == np.round(want * 128))
    ins = {"a": a, "b": b, "sa": mx_scale_storage(sa), "sb": mx_scale_storage(sb),
           "out": np.zeros((m, n), np.float32)}
    return [Case("random", ins, {"out": want.astype(np.float32)}, EXACT)]


SAMPLES = [  # (sample, generator)
    ("load_align_norm", lambda s: copy_case(s, (1, 64))),
    ("load_align_dintlv", load_align_dintlv),
    ("load_align_row_col_offset", load_align_row_col_offset),
    ("load_align_loop_rows", lambda s: copy_case(s, (2, 64))),
    ("load_align_addr_reg", lambda s: copy_case(s, (1, 128))),
    ("load_align_mask_reg", load_align_mask_reg),
    ("load_align_fp8_to_fp32", load_align_fp8_to_fp32),
    ("load_align_hf8_copy", load_align_hf8_copy),
    ("astype_hf8_layouts", astype_hf8_layouts),
    ("load_align_int64", int64_copy),
    ("store_unalign_basic", lambda s: copy_case(s, (1, 64))),
    ("store_unalign_addr_reg", store_unalign_addr_reg),
    ("store_unalign_mask", store_unalign_mask),
    ("store_unalign_int64", int64_copy),
    ("softmax_rows", softmax_rows),
    ("layernorm_rows", layernorm_rows),
    ("rmsnorm_rows", rmsnorm_rows),
    ("silu", silu),
    ("gelu_tanh", gelu_tanh),
    ("relu6_f16", relu6_f16),
    ("quant_int8", quant_int8),
    ("argmax_rows", argmax_rows),
    ("axpy_tail", axpy_tail),
    ("cube_matmul_tiled", cube_matmul_tiled),
    ("cube_vector_add", cube_vector_add),
    ("cube_softmax", cube_softmax),
    ("flash_attention", flash_attention),
    ("cube_matmul_mx", cube_matmul_mx),
    ("cube_matmul_mx_fp8", cube_matmul_mx_fp8),
]
SAMPLES += LANG_SAMPLES  # the language samples (tools/lang_cases.py)
SAMPLES += DEBUG_SAMPLES  # pl.dump_data (tools/debug_cases.py)


# ---- writing -----------------------------------------------------------------------------------

def npy_bytes(arr):
    """.npy format 1.0: magic, version, header length, dict padded with spaces to a 64-byte
    boundary and ended by '\\n', then little-endian C-order data."""
    arr = np.ascontiguousarray(arr)
    descr = arr.dtype.str
    assert descr[0] in "<|", descr
    dims = ", ".join(str(d) for d in arr.shape) + ("," if arr.ndim == 1 else "")
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    header += " " * ((-(10 + len(header) + 1)) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("ascii") + \
        arr.tobytes()


def write_file(path, data, shown, quiet):
    with open(path, "wb") as f:
        f.write(data)
    if not quiet:
        print("wrote %s" % shown)


def write_tree(dest, quiet):
    """Every sample's cases under dest; each .npy is read back with numpy's own loader."""
    for sample, make in SAMPLES:
        for case in make(sample):
            if not os.path.exists(os.path.join(dest, sample)):
                os.makedirs(os.path.join(dest, sample))
                write_file(os.path.join(dest, sample, "kernel"),
                           ("samples/%s.py\n" % sample).encode(), "samples/data/%s/kernel" % sample, quiet)
            d = os.path.join(dest, sample, case.name)
            os.makedirs(d)
            shown = os.path.join("samples", "data", sample, case.name)
            files = [("in_" + p, a) for p, a in case.inputs.items()] + \
                    [("expect_" + p, a) for p, a in case.expects.items()]
            for stem, arr in files:
                path = os.path.join(d, stem + ".npy")
                write_file(path, npy_bytes(arr), "%s/%s.npy  %s %s" % (
                    shown, stem, arr.dtype.str, list(arr.shape)), quiet)
                back = np.load(path)
                same = np.array_equal(back, arr, equal_nan=arr.dtype.kind == "f")
                assert back.dtype == arr.dtype and same, path
            write_file(os.path.join(d, "args"), (case.args + "\n").encode(),
                       "%s/args  '%s'" % (shown, case.args), quiet)
            if getattr(case, "kernel", None):  # a case of another kernel of the sample's file
                write_file(os.path.join(d, "kernel"), (case.kernel + "\n").encode(), "%s/kernel" % shown, quiet)
            if getattr(case, "fault", None):  # the case must fault: where, and the fault's words
                write_file(os.path.join(d, "fault"), ("\n".join(case.fault) + "\n").encode(), "%s/fault" % shown, quiet)
            if getattr(case, "stdout", None) is not None:  # what every backend must print
                write_file(os.path.join(d, "stdout"), case.stdout.encode(), "%s/stdout" % shown, quiet)


def tree_files(top):
    out = set()
    for d, _dirs, files in os.walk(top):
        for f in files:
            out.add(os.path.relpath(os.path.join(d, f), top))
    return out


def check(dest):
    """Regenerate into a temp dir and compare with dest byte for byte."""
    with tempfile.TemporaryDirectory(prefix="pvc_samples_") as tmp:
        fresh = os.path.join(tmp, "data")
        write_tree(fresh, quiet=True)
        want, have = tree_files(fresh), tree_files(dest) if os.path.isdir(dest) else set()
        bad = ["missing: " + f for f in sorted(want - have)]
        bad += ["not generated: " + f for f in sorted(have - want)]
        for f in sorted(want & have):
            with open(os.path.join(fresh, f), "rb") as x, open(os.path.join(dest, f), "rb") as y:
                if x.read() != y.read():
                    bad.append("differs: " + f)
    for line in bad:
        print("gen_samples --check: %s" % line)
    print("gen_samples --check: %d files, %d differences" % (len(want), len(bad)))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare samples/data with a fresh run")
    ap.add_argument("--out", default=DATA, help="output directory (default samples/data)")
    args = ap.parse_args()
    self_check_formats()
    if args.check:
        return check(args.out)
    tmp = args.out.rstrip("/") + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    write_tree(tmp, quiet=False)
    shutil.rmtree(args.out, ignore_errors=True)
    os.rename(tmp, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
