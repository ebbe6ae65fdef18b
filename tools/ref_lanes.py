#!/usr/bin/python3
"""ref_lanes.py - reference vectors for the lane ops of runtime/include/pvc_rt_lanes.h.

Every expected value is computed here from the per-lane formulas of docs/SEMANTICS.md
(§10.7 bitwise and shifts, §10.8 select, §10.11 pack/unpack, §10.12 interleave, §10.14 move,
MASK SPR and mask_gen_with_reg_tensor, §10.15 arange) with numpy, independently of the C
runtime. tests/unit/test_lane_ops.c runs this script and compares byte for byte.

Output: one case per line, `OP key=value ...`:
  registers are 512 hex digits (byte 0 first), masks 64 hex digits (mask byte 0 = bits 0..7
  first, LSB-first inside a byte, as the register image of §1.2), "-" is a NULL mask,
  dtypes are pvc names (INT8, FP16, ...), integers are decimal.
  want= / want0= / want1= hold the expected result; fault=1 means the op must raise BAD_ARG
  and leave its destination unchanged.
The random seed is fixed. Needs Debian's python3 and python3-numpy.
"""
import sys

import numpy as np

RNG = np.random.default_rng(20240917)

# name: (lane bytes, kind) with kind S signed int, U unsigned int, F float, Q 8-bit float
DTYPES = {
    "INT8": (1, "S"), "UINT8": (1, "U"), "INT16": (2, "S"), "UINT16": (2, "U"),
    "INT32": (4, "S"), "UINT32": (4, "U"), "INT64": (8, "S"), "UINT64": (8, "U"),
    "FP16": (2, "F"), "BF16": (2, "F"), "FP32": (4, "F"),
    "FP8E4M3FN": (1, "Q"), "FP8E5M2": (1, "Q"), "FP8E8M0": (1, "Q"), "HF8": (1, "Q"),
}
UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
SINT = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}

BITWISE = [d for d in DTYPES]                       # §10.7: every 8..64-bit dtype
NOT_DT = ["INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64", "FP16", "FP32"]
INTS = ["INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64"]
SELECT_DT = ["INT8", "UINT8", "INT16", "UINT16", "FP16", "BF16", "INT32", "UINT32", "FP32"]

# Special bit patterns per float dtype (§9.4 edge cases); bitwise ops must move them as bits.
SPECIALS = {
    "FP16": [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE5A, 0x0001, 0x83FF, 0x7BFF],
    "BF16": [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x7F81, 0x0001, 0x807F, 0x7F7F],
    "FP32": [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001,
             0xFFC12345, 0x00000001, 0x807FFFFF, 0x7F7FFFFF],
}


def hexs(a):
    """Hex of a register / mask image: uint8 bytes as they are, wider lanes little-endian."""
    a = np.ascontiguousarray(a)
    return bytes(a.view(np.uint8)).hex()


def rand_reg(dt=None):
    """256 random bytes; float registers get special values in some lanes."""
    r = RNG.integers(0, 256, 256, dtype=np.uint8)
    if dt in SPECIALS:
        w = DTYPES[dt][0]
        lanes = r.view(UINT[w])
        for i in RNG.choice(256 // w, 12, replace=False):
            lanes[i] = RNG.choice(SPECIALS[dt])
    return r


def lanes(reg, w, signed=False):
    return reg.view(SINT[w] if signed else UINT[w])


def mask_bits(mbytes):
    return np.unpackbits(mbytes, bitorder="little")


def mask_bytes(bits):
    return np.packbits(np.asarray(bits, dtype=np.uint8), bitorder="little")


def make_masks(w):
    """(name, mask bytes or None) at granularity w: NULL, every bit, generator-style ALL /
    VL16 / update-mask tail / compare-like (tested bits only), random all bits, empty."""
    n = 256 // w

    def tested(active):
        bits = np.zeros(256, dtype=np.uint8)
        bits[0::w][:n] = active
        return mask_bytes(bits)

    out = [("null", None), ("ones", np.full(32, 0xFF, dtype=np.uint8)),
           ("all", tested(np.ones(n, dtype=np.uint8))),
           ("vl16", tested(np.arange(n) < 16)),
           ("tail", tested(np.arange(n) < int(RNG.integers(1, n)))),
           ("cmp", tested(RNG.integers(0, 2, n))),
           ("rand", RNG.integers(0, 256, 32, dtype=np.uint8)),
           ("none", np.zeros(32, dtype=np.uint8))]
    return out


def act(m, w):
    """act(i) = mask bit w*i (§9.1); NULL mask: all lanes."""
    n = 256 // w
    if m is None:
        return np.ones(n, dtype=bool)
    return mask_bits(m)[0::w][:n].astype(bool)


def mhex(m):
    return "-" if m is None else hexs(m)


def zeroing(res, m, w):
    """Register of lanes res (uint view of width w), zeroed where inactive (§9.2)."""
    out = np.where(act(m, w), res, 0).astype(UINT[w])
    return out.view(np.uint8)


def emit(op, **kv):
    print(op + "".join(" %s=%s" % (k, v) for k, v in kv.items()))


# ---------------------------------------------------------------------------------------
# §10.7 bitwise, registers and masks
# ---------------------------------------------------------------------------------------
def gen_bitwise():
    for dt in BITWISE:
        w = DTYPES[dt][0]
        for mname, m in make_masks(w):
            a, b = rand_reg(dt), rand_reg(dt)
            ua, ub = lanes(a, w), lanes(b, w)
            for op, res in (("and", ua & ub), ("or", ua | ub), ("xor", ua ^ ub)):
                emit(op, dt=dt, a=hexs(a), b=hexs(b), m=mhex(m), want=hexs(zeroing(res, m, w)))
            if dt in NOT_DT:
                emit("not", dt=dt, a=hexs(a), m=mhex(m), want=hexs(zeroing(~ua, m, w)))
    # mask forms: all 256 bits, zeroing outside the gate g (NULL = all ones)
    for _ in range(12):
        a, b = RNG.integers(0, 256, 32, dtype=np.uint8), RNG.integers(0, 256, 32, dtype=np.uint8)
        for gname, g in make_masks(int(RNG.choice([1, 2, 4]))):
            gb = np.ones(256, dtype=np.uint8) if g is None else mask_bits(g)
            ab, bb = mask_bits(a), mask_bits(b)
            emit("pand", a=hexs(a), b=hexs(b), g=mhex(g), want=hexs(mask_bytes(gb & ab & bb)))
            emit("por", a=hexs(a), b=hexs(b), g=mhex(g), want=hexs(mask_bytes(gb & (ab | bb))))
            emit("pxor", a=hexs(a), b=hexs(b), g=mhex(g), want=hexs(mask_bytes(gb & (ab ^ bb))))
            emit("pnot", a=hexs(a), g=mhex(g), want=hexs(mask_bytes(gb & (1 - ab))))


# ---------------------------------------------------------------------------------------
# §10.7 shifts. Per lane with Python ints: no numpy over-wide shift is ever evaluated.
#   shl: k < B ? (s << k) mod 2^B : 0;  shr unsigned: k < B ? s >> k : 0
#   shr signed: k < B ? s >> k : (s < 0 ? -1 : 0)   (Python >> on ints is arithmetic)
# ---------------------------------------------------------------------------------------
def shift_lane(s, k, bits, left, signed):
    if left:
        return (s << k) % (1 << bits) if k < bits else 0
    if k < bits:
        return s >> k
    return -1 if (signed and s < 0) else 0


def shift_reg(a, ks, dt, left, m):
    w, kind = DTYPES[dt]
    bits, signed = 8 * w, kind == "S"
    vals = lanes(a, w, signed)
    active = act(m, w)
    res = []
    for v, k, on in zip(vals, ks, active):
        # §10.7 [I]: a negative amount is undefined on the device; pvc shifts that lane by 0
        res.append(shift_lane(int(v), int(k) if k >= 0 else 0, bits, left, signed) % (1 << bits))
    return zeroing(np.array(res, dtype=UINT[w]), m, w)


def gen_shifts():
    for dt in INTS:
        w = DTYPES[dt][0]
        bits = 8 * w
        masks = make_masks(w)
        for left, op in ((True, "shl"), (False, "shr")):
            # scalar form: the amount arrives as INT16 raw bits
            for k in sorted({0, 1, bits // 2, bits - 1, bits, bits + 1, 100, 32767,
                             int(RNG.integers(0, bits))}):
                mname, m = masks[int(RNG.integers(0, len(masks)))]
                a = rand_reg(dt)
                emit(op, dt=dt, a=hexs(a), k=k, m=mhex(m),
                     want=hexs(shift_reg(a, [k] * (256 // w), dt, left, m)))
            for k in (-1, -bits, -32768):                   # negative: by 0 (§10.7 [I])
                mname, m = masks[int(RNG.integers(0, len(masks)))]
                a = rand_reg(dt)
                emit(op, dt=dt, a=hexs(a), k=k & 0xFFFF, m=mhex(m),
                     want=hexs(shift_reg(a, [0] * (256 // w), dt, left, m)))
            # register form: amounts = signed lanes of the data width (s32 for b32 data)
            for mname, m in masks:
                a = rand_reg(dt)
                n = 256 // w
                ks = RNG.integers(0, bits + 3, n)           # includes == B and > B
                ks[RNG.choice(n, 3, replace=False)] = RNG.integers(bits, 1 << (bits - 2), 3) \
                    if bits <= 32 else bits + 7
                if mname != "null":                         # negative amounts in inactive lanes
                    inact = np.flatnonzero(~act(m, w))
                    if len(inact):
                        ks[RNG.choice(inact, min(3, len(inact)), replace=False)] = -1
                kreg = np.array(ks, dtype=SINT[w]).view(np.uint8)
                emit(op + "v", dt=dt, a=hexs(a), k=hexs(kreg), m=mhex(m),
                     want=hexs(shift_reg(a, ks, dt, left, m)))
                actv = np.flatnonzero(act(m, w))
                if len(actv):                               # a negative amount in an active lane
                    ks2 = ks.copy()
                    ks2[RNG.choice(actv)] = -int(RNG.integers(1, 1 << (bits - 2))) if bits < 64 else -5
                    kreg = np.array(ks2, dtype=SINT[w]).view(np.uint8)
                    emit(op + "v", dt=dt, a=hexs(a), k=hexs(kreg), m=mhex(m),
                         want=hexs(shift_reg(a, ks2, dt, left, m)))


# ---------------------------------------------------------------------------------------
# §10.8 select, §10.14 move
# ---------------------------------------------------------------------------------------
def gen_select_move():
    for dt in SELECT_DT:
        w = DTYPES[dt][0]
        for mname, m in make_masks(w):
            t, f, old = rand_reg(dt), rand_reg(dt), rand_reg(dt)
            a = act(m, w)
            emit("select", dt=dt, t=hexs(t), f=hexs(f), m=mhex(m),
                 want=hexs(np.where(a, lanes(t, w), lanes(f, w)).astype(UINT[w]).view(np.uint8)))
            want = t if m is None else np.where(a, lanes(t, w), lanes(old, w)).astype(UINT[w]).view(np.uint8)
            emit("move", dt=dt, a=hexs(t), old=hexs(old), m=mhex(m), want=hexs(want))
    for _ in range(16):
        t, f, s = (RNG.integers(0, 256, 32, dtype=np.uint8) for _ in range(3))
        tb, fb, sb = mask_bits(t), mask_bits(f), mask_bits(s)
        emit("psel", t=hexs(t), f=hexs(f), m=hexs(s), want=hexs(mask_bytes(np.where(sb == 1, tb, fb))))
        emit("pmove", a=hexs(t), g=hexs(s), want=hexs(mask_bytes(sb & tb)))
        emit("pmove", a=hexs(t), g="-", want=hexs(t))


# ---------------------------------------------------------------------------------------
# §10.11 pack / unpack: numpy's integer astype truncates (pack) and sign/zero-extends by the
# source type (unpack).
# ---------------------------------------------------------------------------------------
PACK_PAIRS = [("UINT8", "INT16"), ("UINT8", "UINT16"), ("UINT16", "INT32"), ("UINT16", "UINT32"),
              ("UINT32", "INT64"), ("UINT32", "UINT64"), ("INT8", "INT16"), ("INT16", "INT32")]
UNPACK_PAIRS = [("INT16", "INT8"), ("UINT16", "UINT8"), ("INT32", "INT16"), ("UINT32", "UINT16"),
                ("INT64", "INT32"), ("UINT64", "UINT32"), ("INT16", "UINT8"), ("UINT64", "INT32")]


def gen_pack():
    for dd, sd in PACK_PAIRS:
        sw = DTYPES[sd][0]
        for _ in range(3):
            a = rand_reg(sd)
            src = lanes(a, sw, DTYPES[sd][1] == "S")
            low = src.astype(UINT[sw // 2])                 # low half, no saturation
            zero = np.zeros_like(low)
            for part, d in (("LOWER", np.concatenate([low, zero])), ("UPPER", np.concatenate([zero, low]))):
                emit("pack", dt=dd, st=sd, a=hexs(a), part=part, want=hexs(d.view(np.uint8)))
    for dd, sd in UNPACK_PAIRS:
        sw, dw = DTYPES[sd][0], DTYPES[dd][0]
        for _ in range(3):
            a = rand_reg(sd)
            src = lanes(a, sw, DTYPES[sd][1] == "S")
            n2 = 256 // dw
            for part, half in (("LOWER", src[:n2]), ("UPPER", src[n2:])):
                wide = half.astype(SINT[dw]).astype(UINT[dw])  # EXT by the source's signedness
                emit("unpack", dt=dd, st=sd, a=hexs(a), part=part, want=hexs(wide.view(np.uint8)))
    for _ in range(12):
        a = RNG.integers(0, 256, 32, dtype=np.uint8)
        ab = mask_bits(a)
        z = np.zeros(128, dtype=np.uint8)
        emit("ppack", a=hexs(a), part="LOWER", want=hexs(mask_bytes(np.concatenate([ab[0::2], z]))))
        emit("ppack", a=hexs(a), part="UPPER", want=hexs(mask_bytes(np.concatenate([z, ab[0::2]]))))
        for part, half in (("LOWER", ab[:128]), ("UPPER", ab[128:])):
            d = np.zeros(256, dtype=np.uint8)
            d[0::2] = half
            emit("punpack", a=hexs(a), part=part, want=hexs(mask_bytes(d)))


# ---------------------------------------------------------------------------------------
# §10.12 interleave / de_interleave. Interleave is derived as "zip a and b lane by lane,
# first N lanes -> d0, next N -> d1"; de_interleave as even / odd lanes of a ++ b.
# ---------------------------------------------------------------------------------------
def zip_unzip(a, b, n):
    """a, b: n lanes (or n groups of bits, one row each)."""
    z = np.stack([a, b], axis=1).reshape((2 * n,) + a.shape[1:])
    c = np.concatenate([a, b])
    return (z[:n], z[n:]), (c[0::2], c[1::2])


def gen_interleave():
    for dt in BITWISE:
        w = DTYPES[dt][0]
        for _ in range(2):
            a, b = rand_reg(dt), rand_reg(dt)
            (i0, i1), (d0, d1) = zip_unzip(lanes(a, w), lanes(b, w), 256 // w)
            emit("intlv", dt=dt, a=hexs(a), b=hexs(b), want0=hexs(i0), want1=hexs(i1))
            emit("dintlv", dt=dt, a=hexs(a), b=hexs(b), want0=hexs(d0), want1=hexs(d1))
    for g in (1, 2, 4):
        for _ in range(6):
            a, b = RNG.integers(0, 256, 32, dtype=np.uint8), RNG.integers(0, 256, 32, dtype=np.uint8)
            ga, gb = mask_bits(a).reshape(-1, g), mask_bits(b).reshape(-1, g)   # 256/g groups
            (i0, i1), (d0, d1) = zip_unzip(ga, gb, 256 // g)
            emit("pintlv", w=g, a=hexs(a), b=hexs(b), want0=hexs(mask_bytes(i0.reshape(-1))),
                 want1=hexs(mask_bytes(i1.reshape(-1))))
            emit("pdintlv", w=g, a=hexs(a), b=hexs(b), want0=hexs(mask_bytes(d0.reshape(-1))),
                 want1=hexs(mask_bytes(d1.reshape(-1))))


# ---------------------------------------------------------------------------------------
# §10.14 get_mask_spr, mask_gen_with_reg_tensor
# ---------------------------------------------------------------------------------------
def gen_spr_maskgen():
    for hi, lo in [(0, 0), ((1 << 64) - 1, (1 << 64) - 1), (0x8000000000000001, 0x0123456789ABCDEF)] + \
            [(int(RNG.integers(0, 1 << 63)) * 2 + 1, int(RNG.integers(0, 1 << 63)) * 2) for _ in range(5)]:
        b32 = np.repeat([(lo >> k) & 1 for k in range(64)], 4)
        v = (hi << 64) | lo
        b16 = np.repeat([(v >> k) & 1 for k in range(128)], 2)
        emit("maskspr", hi=hi, lo=lo, width="B32", want=hexs(mask_bytes(b32)))
        emit("maskspr", hi=hi, lo=lo, width="B16", want=hexs(mask_bytes(b16)))
    for dt in ("FP16", "BF16", "INT16", "UINT16", "FP32", "INT32", "UINT32"):
        w = DTYPES[dt][0]
        chunk, rep, top = (16, 2, 15) if w == 2 else (8, 4, 31)
        a = rand_reg(dt)
        for off in sorted({0, 1, top, int(RNG.integers(0, top + 1))}):
            c = mask_bits(a[chunk * off: chunk * (off + 1)])   # LSB-first bits of the chunk
            emit("maskgen", dt=dt, a=hexs(a), off=off, want=hexs(mask_bytes(np.repeat(c, rep))))
        for off in (-1, top + 1):
            emit("maskgen", dt=dt, a=hexs(a), off=off, fault=1)
    emit("maskgen", dt="INT8", a=hexs(rand_reg()), off=0, fault=1)
    emit("maskgen", dt="INT64", a=hexs(rand_reg()), off=0, fault=1)


# ---------------------------------------------------------------------------------------
# §10.15 arange. Integers: numpy unsigned wrap-around. FP16/FP32: float64 start + j, then
# numpy's own cast to the type (round to nearest even); NaN start: payload kept, quiet bit
# set (§9.4), written plainly.
# ---------------------------------------------------------------------------------------
def gen_arange():
    for dt in INTS:
        w = DTYPES[dt][0]
        n, bits = 256 // w, 8 * w
        starts = {0, 1, 63, (1 << bits) - 1, (1 << (bits - 1)) - 1, 1 << (bits - 1),
                  (1 << bits) - n // 2, int(RNG.integers(0, 1 << min(bits, 62)))}
        for s in sorted(starts):
            j = np.arange(n, dtype=np.uint64)
            inc = (np.uint64(s) + j).astype(UINT[w]) if w < 8 else np.uint64(s) + j
            if w < 8:
                dec = (np.uint64(s) + (np.uint64(n - 1) - j)).astype(UINT[w])
            else:  # b64 as emitted: lane 0 = start, lane i = start + 2^32 - i
                dec = np.array([(s + ((1 << 32) - i if i else 0)) % (1 << 64) for i in range(n)],
                               dtype=np.uint64)
            emit("arange", dt=dt, start=s, order="INCREASE", want=hexs(inc.view(np.uint8)))
            emit("arange", dt=dt, start=s, order="DECREASE", want=hexs(dec.view(np.uint8)))
    for dt, ft, ut, quiet, exp in (("FP16", np.float16, np.uint16, 0x0200, 0x7C00),
                                   ("FP32", np.float32, np.uint32, 0x00400000, 0x7F800000)):
        n = 256 // DTYPES[dt][0]
        starts = [0.0, -0.0, 1.5, -100.25, 0.1, 2040.0, 2047.0, 65500.0, -65504.0, 1e-7,
                  16777200.0, 3.0e38, -3.0e38, 1e-45, float("inf"), float("-inf"), 2.5e-6]
        with np.errstate(over="ignore"):
            codes = {int(np.array([s], dtype=ft).view(ut)[0]) for s in starts}
        codes |= {exp | 1, exp | quiet | 0x15, (exp | 0x3) | (0x8000 if dt == "FP16" else 0x80000000),
                  int(RNG.integers(0, 1 << (16 if dt == "FP16" else 32)))}
        for code in sorted(codes):
            sval = np.array([code], dtype=ut).view(ft)[0]
            for order in ("INCREASE", "DECREASE"):
                j = np.arange(n) if order == "INCREASE" else np.arange(n)[::-1]
                if (code & exp) == exp and (code & (quiet * 2 - 1)) != 0:
                    out = np.full(n, code | quiet, dtype=ut)             # NaN start
                else:
                    with np.errstate(over="ignore"):
                        out = (np.float64(sval) + j.astype(np.float64)).astype(ft).view(ut)
                emit("arange", dt=dt, start=code, order=order, want=hexs(out.view(np.uint8)))


def main():
    gen_bitwise()
    gen_shifts()
    gen_select_move()
    gen_pack()
    gen_interleave()
    gen_spr_maskgen()
    gen_arange()
    print("end")


if __name__ == "__main__":
    sys.exit(main())
