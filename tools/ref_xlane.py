#!/usr/bin/env python3
"""ref_xlane.py - reference cases for the cross-lane runtime ops (tests/unit/test_xlane_ops.c).

Implements the per-lane formulas of docs/SEMANTICS.md with numpy, independently of the C code:
reductions (§10.10), squeeze / unsqueeze (§10.9), gathers and scatter (§10.13) and histograms
(§10.15). Floating-point sums are computed in float64 and rounded to the element type with
numpy's casts (a sum of two binary32 / binary16 values is exact or correctly rounded that way);
NaN rules (§9.4) are written out: an add with a NaN operand returns the first NaN operand with
its quiet bit set, a NaN made from non-NaN operands is 0x7FFFFFFF (FP16 0x7FFF).

Output, one case per line, fields separated by single spaces, byte images in hex (byte 0 first):
  red OP DTYPE MASK SRC WANT                 OP in sum max min sumdb maxdb mindb pair
  sqz DTYPE MODE MASK SRC WANT SQZN           MODE 0 STORE_REG, 1 NO_STORE_REG (SQZN preset 4660)
  usqz DTYPE MASK WANT
  gat DTYPE ITYPE MASK IDX TILE WANT         tile of TILE_BYTES at the test's base address
  gdb MASK IDX TILE WANT                     DATA_BLOCK_LOAD
  gsel DTYPE SRC IDX WANT                    register gather (vselr)
  sct DTYPE ITYPE MASK SRC IDX TILE TILE_AFTER
  hist BIN TYPE MASK SRC DST_OLD WANT        BIN 0/1, TYPE 0 ACCUMULATE, 1 FREQUENCY
  end COUNT
Debian python3 + numpy only. Fixed seed.
"""
import sys

try:
    import numpy as np
except ImportError:
    print("error numpy is not installed for this python3")
    sys.exit(0)

RNG = np.random.default_rng(20261201)
TILE_BYTES = 4096
OUT = []

WIDTH = {"INT8": 1, "UINT8": 1, "INT16": 2, "UINT16": 2, "FP16": 2, "BF16": 2,
         "INT32": 4, "UINT32": 4, "FP32": 4, "INT64": 8, "UINT64": 8}
NPT = {"INT8": np.int8, "UINT8": np.uint8, "INT16": np.int16, "UINT16": np.uint16,
       "INT32": np.int32, "UINT32": np.uint32, "INT64": np.int64, "UINT64": np.uint64}
UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def hx(b):
    return bytes(b).hex()


def emit(*fields):
    OUT.append(" ".join(str(f) for f in fields))


# ---- masks ---------------------------------------------------------------------------------

def mask_bytes(bits):
    """256 booleans -> 32 bytes, bit j in byte j//8 at bit j%8 (LSB first)."""
    return np.packbits(np.asarray(bits, dtype=np.uint8), bitorder="little").tobytes()


def mask_bit(m, j):
    return (m[j >> 3] >> (j & 7)) & 1


def tested_mask(w, active):
    """Only the tested bit w*i of each active element set."""
    bits = np.zeros(256, dtype=np.uint8)
    for i, a in enumerate(active):
        bits[w * i] = 1 if a else 0
    return mask_bytes(bits)


def masks_for(w):
    n = 256 // w
    out = [bytes([0xFF] * 32), bytes(32)]
    out.append(tested_mask(w, RNG.random(n) < 0.5))
    out.append(bytes(RNG.integers(0, 256, 32, dtype=np.uint8)))     # non-tested bits random
    k = int(RNG.integers(1, n))
    out.append(tested_mask(w, [i < k for i in range(n)]))           # a VL-style prefix
    one = int(RNG.integers(0, n))
    out.append(tested_mask(w, [i == one for i in range(n)]))
    out.append(tested_mask(w, RNG.random(n) < 0.1))
    return out


def active(m, w, n, slot=None):
    s = w if slot is None else slot
    return [bool(mask_bit(m, s * i)) for i in range(n)]


# ---- element values ------------------------------------------------------------------------

F32_SPECIALS = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001,
                0x7F800001, 0x7FA12345, 0x00000001, 0x80000005, 0x007FFFFF, 0x7F7FFFFF,
                0xFF7FFFFF, 0x3F800000]
F16_SPECIALS = [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7C01, 0x7D55, 0x0001, 0x83FF,
                0x7BFF, 0xFBFF, 0x3C00]


def rand_float_bits(dt, n, special_rate):
    scale = 10.0 ** RNG.integers(-3, 4, n)
    v = RNG.standard_normal(n) * scale
    if dt == "FP32":
        b = v.astype(np.float32).view(np.uint32).copy()
        sp = F32_SPECIALS
    else:
        v = np.clip(v, -60000, 60000)
        b = v.astype(np.float16).view(np.uint16).copy()
        sp = F16_SPECIALS
    pick = RNG.random(n) < special_rate
    b[pick] = RNG.choice(np.array(sp, dtype=b.dtype), int(pick.sum()))
    return b


def rand_lanes(dt, n, special_rate=0.0):
    if dt in ("FP32", "FP16"):
        return rand_float_bits(dt, n, special_rate)
    w = WIDTH[dt]
    u = UINT[w]
    if w == 8:
        b = RNG.integers(0, 2**63, n, dtype=np.uint64) * np.uint64(2) + RNG.integers(0, 2, n, dtype=np.uint64)
    else:
        b = RNG.integers(0, 2 ** (8 * w), n, dtype=np.uint64).astype(u)
    if RNG.random() < 0.3:   # extremes
        ext = np.array([0, 1, 2 ** (8 * w) - 1, 2 ** (8 * w - 1), 2 ** (8 * w - 1) - 1], dtype=np.uint64).astype(u)
        pick = RNG.random(n) < 0.3
        b[pick] = RNG.choice(ext, int(pick.sum()))
    return b.astype(u)


def lanes_bytes(arr):
    b = np.asarray(arr).tobytes()
    return b + bytes(256 - len(b))


# ---- float arithmetic per the spec ----------------------------------------------------------

def f32_isnan(b):
    return (int(b) & 0x7FFFFFFF) > 0x7F800000


def f16_isnan(b):
    return (int(b) & 0x7FFF) > 0x7C00


def f32_val(b):
    return float(np.array([b], dtype=np.uint32).view(np.float32)[0])


def f32_bits_of(x):
    """float64 value -> binary32 bits, one RNE rounding by numpy (overflow -> inf)."""
    with np.errstate(all="ignore"):
        return int(np.array([x], dtype=np.float64).astype(np.float32).view(np.uint32)[0])


def add32(a, b):
    if f32_isnan(a):
        return int(a) | 0x00400000
    if f32_isnan(b):
        return int(b) | 0x00400000
    s = f32_val(a) + f32_val(b)        # exact in float64 or correctly rounded twice (53 >= 2*24+2)
    if s != s:
        return 0x7FFFFFFF
    if s == 0.0 and f32_val(a) == 0.0 and f32_val(b) == 0.0:
        # signed zeros: IEEE x + y of two zeros is -0 only when both are -0
        neg = (int(a) >> 31) & (int(b) >> 31)
        return 0x80000000 if neg else 0
    return f32_bits_of(s)


def f16_to_f32_bits(h):
    h = int(h)
    if f16_isnan(h):
        return ((h & 0x8000) << 16) | 0x7F800000 | ((h & 0x3FF) << 13)
    return int(np.array([h], dtype=np.uint16).view(np.float16).astype(np.float32).view(np.uint32)[0])


def f32_to_f16_bits(b):
    b = int(b)
    if f32_isnan(b):
        return ((b >> 16) & 0x8000) | 0x7C00 | ((b & 0x7FFFFF) >> 13)
    with np.errstate(all="ignore"):
        return int(np.array([b], dtype=np.uint32).view(np.float32).astype(np.float16).view(np.uint16)[0])


def tree(vals, add):
    x = list(vals)
    while len(x) > 1:
        x = [add(x[2 * k], x[2 * k + 1]) for k in range(len(x) // 2)]
    return x[0]


def sum_lanes(dt, lanes, act):
    """§10.10 SUM of one lane group; inactive = +0 / 0. Returns the element bits."""
    if dt == "FP32":
        return tree([int(v) if a else 0 for v, a in zip(lanes, act)], add32)
    if dt == "FP16":
        r = tree([f16_to_f32_bits(v) if a else 0 for v, a in zip(lanes, act)], add32)
        return f32_to_f16_bits(r)
    w = WIDTH[dt]
    return sum(int(v) for v, a in zip(lanes, act) if a) % (1 << (8 * w))


def float_value(dt, b):
    if dt == "FP32":
        return f32_val(b)
    return float(np.array([b], dtype=np.uint16).view(np.float16)[0])


def signed_value(dt, b):
    w = WIDTH[dt]
    b = int(b)
    if dt.startswith("INT") and b >= 1 << (8 * w - 1):
        return b - (1 << (8 * w))
    return b


def maxmin_lanes(dt, lanes, act, is_max):
    """§10.10 MAX/MIN of one group: (value bits, index)."""
    w = WIDTH[dt]
    isf = dt in ("FP32", "FP16")
    if isf:
        isnan = f32_isnan if dt == "FP32" else f16_isnan
        quiet = 0x00400000 if dt == "FP32" else 0x200
        for i, (v, a) in enumerate(zip(lanes, act)):
            if a and isnan(v):
                return int(v) | quiet, i
    idxs = [i for i, a in enumerate(act) if a]
    if not idxs:
        if isf:
            inf = 0x7F800000 if dt == "FP32" else 0x7C00
            sign = 1 << (8 * w - 1)
            return (sign | inf if is_max else inf), 0
        if dt.startswith("INT"):
            return ((1 << (8 * w - 1)) if is_max else (1 << (8 * w - 1)) - 1), 0
        return (0 if is_max else (1 << (8 * w)) - 1), 0

    def key(i):
        b = int(lanes[i])
        if isf:
            v = float_value(dt, b)
            neg_zero = v == 0.0 and (b >> (8 * w - 1)) & 1
            return (v, 0 if neg_zero else 1)
        return (signed_value(dt, b), 0)

    best = idxs[0]
    for i in idxs[1:]:
        if (key(i) > key(best)) if is_max else (key(i) < key(best)):
            best = i
    v = int(lanes[best])
    first = min(i for i in idxs if int(lanes[i]) == v)
    return v, first


def put_lane(buf, w, i, v):
    buf[w * i: w * i + w] = int(v).to_bytes(w, "little")


# ---- reductions ----------------------------------------------------------------------------

def gen_reductions():
    full_dts = ["FP32", "FP16", "INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64"]
    db_dts = ["FP32", "FP16", "INT16", "UINT16", "INT32", "UINT32"]
    for dt in full_dts:
        w = WIDTH[dt]
        n = 256 // w
        for m in masks_for(w):
            for rate in (0.0, 0.0, 0.05, 0.3):
                src = rand_lanes(dt, n, rate)
                act = active(m, w, n)
                srcb = lanes_bytes(src)
                # full SUM
                out = bytearray(256)
                if dt in ("INT16", "UINT16"):        # §12 T6: 32-bit sum in bytes 0..3
                    s = sum(signed_value(dt, v) for v, a in zip(src, act) if a) % (1 << 32)
                    put_lane(out, 4, 0, s)
                else:
                    put_lane(out, w, 0, sum_lanes(dt, src, act))
                emit("red", "sum", dt, hx(m), hx(srcb), hx(out))
                for op, is_max in (("max", True), ("min", False)):
                    v, i = maxmin_lanes(dt, src, act, is_max)
                    out = bytearray(256)
                    put_lane(out, w, 0, v)
                    put_lane(out, w, 1, i)
                    emit("red", op, dt, hx(m), hx(srcb), hx(out))
                if dt in db_dts:
                    e = 32 // w
                    for op in ("sumdb", "maxdb", "mindb"):
                        out = bytearray(256)
                        for k in range(8):
                            ls, la = src[e * k: e * k + e], act[e * k: e * k + e]
                            if op == "sumdb":
                                r = sum_lanes(dt, ls, la)
                            else:
                                r = maxmin_lanes(dt, ls, la, op == "maxdb")[0]
                            put_lane(out, w, k, r)
                        emit("red", op, dt, hx(m), hx(srcb), hx(out))
                if dt in ("FP32", "FP16"):
                    out = bytearray(256)
                    for i in range(n // 2):
                        a0 = int(src[2 * i]) if act[2 * i] else 0
                        a1 = int(src[2 * i + 1]) if act[2 * i + 1] else 0
                        if dt == "FP32":
                            r = add32(a0, a1)
                        else:
                            r = add16_exact(a0, a1)
                        put_lane(out, w, i, r)
                    emit("red", "pair", dt, hx(m), hx(srcb), hx(out))
    # sums that overflow, make NaN from inf - inf, or are all -0.0
    for dt, big, pinf, ninf, nz in (("FP32", 0x7F000000, 0x7F800000, 0xFF800000, 0x80000000),
                                    ("FP16", 0x7A00, 0x7C00, 0xFC00, 0x8000)):
        w = WIDTH[dt]
        n = 256 // w
        u = UINT[w]
        cases = [np.full(n, big, dtype=u), np.full(n, nz, dtype=u)]
        c = np.full(n, big, dtype=u)
        c[5], c[9] = pinf, ninf
        cases.append(c)
        c = np.zeros(n, dtype=u)
        c[0], c[1], c[2] = pinf, ninf, (0x7FA00001 if dt == "FP32" else 0x7D01)
        cases.append(c)
        for src in cases:
            for m in (bytes([0xFF] * 32), tested_mask(w, [i % 3 != 1 for i in range(n)])):
                act = active(m, w, n)
                out = bytearray(256)
                put_lane(out, w, 0, sum_lanes(dt, src, act))
                emit("red", "sum", dt, hx(m), hx(lanes_bytes(src)), hx(out))


def add16_exact(a, b):
    """FP16 a + b: exact in float64, one RNE rounding to binary16 (numpy's cast)."""
    if f16_isnan(a):
        return int(a) | 0x200
    if f16_isnan(b):
        return int(b) | 0x200
    va = float_value("FP16", a)
    vb = float_value("FP16", b)
    s = va + vb
    if s != s:
        return 0x7FFF
    if s == 0.0 and va == 0.0 and vb == 0.0:
        return 0x8000 if ((a >> 15) & (b >> 15)) else 0
    with np.errstate(all="ignore"):
        return int(np.array([s], dtype=np.float64).astype(np.float16).view(np.uint16)[0])


# ---- squeeze / unsqueeze -------------------------------------------------------------------

def gen_squeeze():
    for dt in ["INT8", "UINT8", "INT16", "UINT16", "FP16", "INT32", "UINT32", "FP32"]:
        w = WIDTH[dt]
        n = 256 // w
        for m in masks_for(w):
            src = RNG.integers(0, 256, 256, dtype=np.uint8).tobytes()
            act = active(m, w, n)
            packed = b"".join(src[w * i: w * i + w] for i in range(n) if act[i])
            want = packed + bytes(256 - len(packed))
            emit("sqz", dt, 0, hx(m), hx(src), hx(want), len(packed))
            emit("sqz", dt, 1, hx(m), hx(src), hx(want), 4660)
    for dt in ["INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32"]:
        w = WIDTH[dt]
        n = 256 // w
        for m in masks_for(w):
            act = active(m, w, n)
            out = bytearray(256)
            c = 0
            for i in range(n):
                put_lane(out, w, i, c % (1 << (8 * w)))
                c += act[i]
            emit("usqz", dt, hx(m), hx(out))


# ---- gathers and scatter -------------------------------------------------------------------

GATHER_FORMS = [("INT8", "UINT16"), ("UINT8", "UINT16"), ("INT16", "UINT16"), ("FP16", "UINT16"),
                ("BF16", "UINT16"), ("FP16", "UINT32"), ("INT16", "UINT32"), ("FP32", "UINT32"),
                ("INT32", "UINT32"), ("UINT32", "INT32"), ("INT64", "UINT32"), ("UINT64", "UINT64")]
SCATTER_FORMS = [("INT8", "UINT16"), ("UINT8", "UINT16"), ("INT16", "UINT16"), ("FP16", "UINT16"),
                 ("BF16", "UINT16"), ("INT32", "UINT32"), ("FP32", "UINT32"), ("UINT32", "INT32"),
                 ("INT64", "UINT16"), ("INT64", "UINT32"), ("UINT64", "UINT64")]


def shape(dt, it, scatter):
    """(lanes, element bytes read/written, index bytes, lane slot) of §10.13."""
    w, iw = WIDTH[dt], WIDTH[it]
    if w == 1:
        return 128, 1, 2, 2
    if w == 2 and iw == 2:
        return 128, 2, 2, 2
    if w == 2 and iw == 4:
        return 64, 2, 4, 4
    if w == 4:
        return 64, 4, 4, 4
    return 32, 8, iw, 8


def index_register(lanes, iw, limit, act, small=False):
    """Active lanes in [0, limit) (or a small range, forcing duplicates); the other index
    lanes, and every lane past `lanes`, hold arbitrary values the op must not read."""
    n = 256 // iw
    idx = RNG.integers(0, 2 ** (8 * iw), n, dtype=np.uint64)
    hi = min(limit, 8) if small else limit
    for i in range(lanes):
        if act[i]:
            idx[i] = int(RNG.integers(0, hi))
    return idx.astype(UINT[iw])


def gen_gathers():
    for dt, it in GATHER_FORMS:
        lanes, ew, iw, slot = shape(dt, it, False)
        for m in masks_for(slot)[:6]:
            act = active(m, 0, lanes, slot)
            idx = index_register(lanes, iw, TILE_BYTES // ew, act)
            tile = RNG.integers(0, 256, TILE_BYTES, dtype=np.uint8).tobytes()
            out = bytearray(256)
            for i in range(lanes):
                if act[i]:
                    o = ew * int(idx[i])
                    out[slot * i: slot * i + ew] = tile[o: o + ew]   # rest of the slot stays 0
            emit("gat", dt, it, hx(m), hx(idx.tobytes()), hx(tile), hx(out))
    # DATA_BLOCK_LOAD
    for case in range(12):
        tile = RNG.integers(0, 256, TILE_BYTES, dtype=np.uint8).tobytes()
        idx = RNG.integers(0, 2 ** 32, 64, dtype=np.uint64).astype(np.uint32)
        if case == 0:
            m = bytes([0xFF] * 32)
            idx[:8] = np.arange(8, dtype=np.uint32) << 5
        else:
            bits = (RNG.random(256) < (0.02 if case % 2 else 0.3)).astype(np.uint8)
            m = mask_bytes(bits)
            for k in range(8):
                if any(bits[32 * k: 32 * k + 32]):
                    idx[k] = 32 * int(RNG.integers(0, TILE_BYTES // 32))
        out = bytearray(256)
        for k in range(8):
            if any(mask_bit(m, j) for j in range(32 * k, 32 * k + 32)):
                o = int(idx[k])
                out[32 * k: 32 * k + 32] = tile[o: o + 32]
        emit("gdb", hx(m), hx(idx.tobytes()), hx(tile), hx(out))
    # register gather
    for dt in ["INT8", "UINT16", "FP16", "FP32", "INT32"]:
        w = WIDTH[dt]
        n = 256 // w
        for _ in range(4):
            src = RNG.integers(0, 256, 256, dtype=np.uint8).tobytes()
            idx = RNG.integers(0, 2 ** (8 * w), n, dtype=np.uint64).astype(UINT[w])
            out = bytearray(256)
            for i in range(n):
                k = int(idx[i]) % n
                out[w * i: w * i + w] = src[w * k: w * k + w]
            emit("gsel", dt, hx(src), hx(idx.tobytes()), hx(out))
    # scatter
    for dt, it in SCATTER_FORMS:
        lanes, ew, iw, slot = shape(dt, it, True)
        for k, m in enumerate(masks_for(slot)[:6]):
            act = active(m, 0, lanes, slot)
            idx = index_register(lanes, iw, TILE_BYTES // ew, act, small=(k == 0))
            src = RNG.integers(0, 256, 256, dtype=np.uint8).tobytes()
            tile = RNG.integers(0, 256, TILE_BYTES, dtype=np.uint8).tobytes()
            after = bytearray(tile)
            for i in range(lanes):          # in lane order: the highest active lane wins
                if act[i]:
                    o = ew * int(idx[i])
                    after[o: o + ew] = src[slot * i: slot * i + ew]
            emit("sct", dt, it, hx(m), hx(src), hx(idx.tobytes()), hx(tile), hx(after))


# ---- histograms ----------------------------------------------------------------------------

def gen_hist():
    for b in (0, 1):
        for t in (0, 1):
            for k, m in enumerate(masks_for(1)):
                if k % 2:
                    src = RNG.integers(0, 256, 256, dtype=np.uint8)
                else:
                    src = RNG.choice(np.array([0, 1, 127, 128, 129, 200, 255], dtype=np.uint8), 256)
                old = RNG.integers(0, 65536, 128, dtype=np.uint64).astype(np.uint16)
                if k == 0:
                    old[:] = 65500                  # wraps mod 2^16
                act = np.array(active(m, 1, 256), dtype=bool)
                vals = src[act].astype(np.int64)
                base = 128 * b
                new = old.astype(np.int64)
                for nb in range(128):
                    if t == 1:
                        new[nb] += int(np.sum(vals == base + nb))
                    else:
                        new[nb] += int(np.sum(vals <= base + nb))
                new = (new % 65536).astype(np.uint16)
                emit("hist", b, t, hx(m), hx(src.tobytes()), hx(old.tobytes()), hx(new.tobytes()))


def main():
    gen_reductions()
    gen_squeeze()
    gen_gathers()
    gen_hist()
    sys.stdout.write("\n".join(OUT) + "\n")
    print("end", len(OUT))


if __name__ == "__main__":
    main()
