#!/usr/bin/python3
"""gen_tile_tests.py - the cases of the tile-level ops (docs/SEMANTICS.md §15), for `make ops`.

    /usr/bin/python3 tools/gen_tile_tests.py --out DIR     write every case under DIR
    /usr/bin/python3 tools/gen_tile_tests.py --list        case names, one a line

Every case is a directory (tests/cases/README.md): its kernel (k.py, written here from a
template: one @pl.jit kernel that loads its tiles, runs the op over a valid shape, stores),
the inputs, the expected outputs and the run flags. The expected values come from the spec:
the per-element formulas of docs/SEMANTICS.md §9-§10 in tools/op_ref.py, and the tile loop of
§15 written out here (the destination's valid shape drives the op, nothing else of it is
written; the reduction orders of §15.7; the compare's bit layout of §15.9), never from pvc.
Deterministic: every case draws from numpy's legacy RandomState seeded by its name.
"""
import os
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import op_ref as R                                  # noqa: E402
import case_dirs                                    # noqa: E402

EXACT = "--rtol 0 --atol 0"


def ulp(n):
    return "--ulp %d" % n


SHORT = {"INT8": "i8", "UINT8": "u8", "INT16": "i16", "UINT16": "u16", "INT32": "i32",
         "UINT32": "u32", "INT64": "i64", "UINT64": "u64", "FP16": "f16", "BF16": "bf16",
         "FP32": "f32"}


def rng_for(name):
    return np.random.RandomState(zlib.crc32(name.encode()) & 0x7FFFFFFF)


def shape_for(dt, rows=3):
    """rows x (a chunk and a half and 3) elements: a full chunk, a partial one, and a valid
    shape of [rows - 1, cols - 3] that ends inside the second chunk."""
    e = R.lanes(dt)
    return rows, e + e // 2 + 3


# ---- values ----------------------------------------------------------------------------------
FLOAT_EDGES = {
    "FP32": [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC12345,
             0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0x3F800000, 0xBF800000],
    "FP16": [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE5A, 0x0001, 0x83FF, 0x0400,
             0x7BFF, 0x3C00, 0xBC00],
    "BF16": [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0xFFC5, 0x0001, 0x807F, 0x0080,
             0x7F7F, 0x3F80, 0xBF80],
}


def int_edges(dt):
    lo, hi = R.int_range(dt)
    return [lo, lo + 1, -2, -1, 0, 1, 2, hi - 1, hi] if lo < 0 else [0, 1, 2, hi >> 1, hi - 1, hi]


def randoms(dt, rng, shape, spread=10):
    n = int(np.prod(shape))
    if R.kind(dt) == "f":
        f = R.FMT[dt]
        sign = rng.randint(0, 2, n).astype(np.uint64) << (f.w - 1)
        e = rng.randint(f.bias - spread, f.bias + spread + 1, n).astype(np.uint64) << f.m
        mant = np.frombuffer(rng.bytes(n * 8), np.uint64) & ((1 << f.m) - 1)
        return (sign | e | mant).astype(f.ut).reshape(shape)
    w = R.width(dt)
    return np.frombuffer(rng.bytes(n * w), R.UINT[w]).view(R.store_type(dt)).copy().reshape(shape)


def with_edges(dt, rng, shape, other=False):
    """Random values with the edge values in the first elements (paired with the other
    operand's edges when other is set: b gets every edge against every edge of a)."""
    a = randoms(dt, rng, shape)
    edges = FLOAT_EDGES[dt] if R.kind(dt) == "f" else int_edges(dt)
    edges = np.array(edges, dtype=np.uint64).astype(R.FMT[dt].ut) if R.kind(dt) == "f" \
        else R.wrap(dt, edges)
    k = len(edges)
    flat = a.reshape(-1)
    n = min(k * k, flat.size // 2)
    flat[:n] = (np.tile(edges, k) if other else np.repeat(edges, k))[:n]
    return a


def small_ints(dt, rng, shape, lo=-40, hi=40):
    lo = max(lo, R.int_range(dt)[0])
    return R.wrap(dt, list(rng.randint(lo, hi, int(np.prod(shape))))).reshape(shape)


# ---- kernels ----------------------------------------------------------------------------------
class Tile:
    def __init__(self, name, shape, dt, layout=None, pad=None):
        self.name, self.shape, self.dt, self.layout, self.pad = name, shape, dt, layout, pad


def kernel_src(tensors, tiles, body, scalars=()):
    """A @pl.jit kernel k(tensors..., scalars...) whose tiles lie one after the other in the UB,
    each at a 256-byte boundary; body is the section's lines."""
    params = ["%s: pl.Tensor[[%d, %d], pl.DT_%s]" % (n, s[0], s[1], dt) for n, s, dt in tensors]
    params += ["%s: %s" % (n, t) for n, t in scalars]
    out = ["import pypto_pro.language as pl", "", "", "@pl.jit", "def k(%s):" % ", ".join(params)]
    addr = 0
    for t in tiles:
        extra = "".join([", layout=pl.%s" % t.layout if t.layout else "",
                         ", pad=pl.TilePad.%s" % t.pad if t.pad else ""])
        out.append("    tt_%s = pl.TileType(shape=[%d, %d], dtype=pl.DT_%s, target_memory=pl.MemorySpace.Vec%s)"
                   % (t.name, t.shape[0], t.shape[1], t.dt, extra))
        out.append("    %s = pl.make_tile(tt_%s, addr=0x%x)" % (t.name, t.name, addr))
        nbytes = t.shape[0] * t.shape[1] // 2 if t.dt.startswith("FP4") else t.shape[0] * t.shape[1] * R.width(t.dt)
        addr += (nbytes + 255) // 256 * 256
    out.append("    with pl.section_vector():")
    out += ["        " + line for line in body]
    return "\n".join(out) + "\n"


class Case:
    def __init__(self, name, src, inputs, expects, args=EXACT, fault=None):
        self.name, self.src, self.inputs, self.expects = name, src, inputs, expects
        self.args, self.fault = args, fault


CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def npy(dt, a):
    return R.to_npy(dt, a)


def windowed(dt, old, new, vr, vc):
    """old with its [0:vr, 0:vc] window replaced by new's: what a tile op leaves in dst."""
    out = old.copy()
    out[:vr, :vc] = new[:vr, :vc]
    return out


def elementwise_case(name, dt, call, n_src, formula, args=EXACT, srcs=None, scalars=(), sargs=None):
    """out = formula(sources) over the valid window [rows-1, cols-3] of a [rows, cols] out tile
    prefilled with random values: the same tiles, the op run with every tile's valid shape set
    to the window, the out tile's reset to the whole before the store."""
    rng = rng_for(name)
    shape = shape_for(dt)
    vr, vc = shape[0] - 1, shape[1] - 3
    names = ["a", "b", "c"][:n_src]
    if srcs is None:
        srcs = [with_edges(dt, rng, shape, other=i == 1) for i in range(n_src)]
    old = randoms(dt, rng, shape)
    tensors = [(n, shape, dt) for n in names] + [("o", shape, dt)]
    tiles = [Tile("t" + n, shape, dt) for n in names] + [Tile("to", shape, dt)]
    body = ["pl.load(t%s, %s, [0, 0])" % (n, n) for n in names + ["o"]]
    body += ["pl.set_validshape(t%s, [%d, %d])" % (n, vr, vc) for n in names + ["o"]]
    body += [call, "pl.set_validshape(to, [%d, %d])" % shape, "pl.store(o, to, [0, 0])"]
    new = formula(*[s.reshape(-1) for s in srcs]).reshape(shape)
    exp = windowed(dt, old, new, vr, vc)
    inputs = {n: npy(dt, s) for n, s in zip(names, srcs)}
    inputs["o"] = npy(dt, old)
    return Case(name, kernel_src(tensors, tiles, body, scalars), inputs, {"o": npy(dt, exp)},
                args + ("" if not sargs else " " + sargs))


# ---- §15.4 tile x tile --------------------------------------------------------------------------
BIN_DTYPES = {
    "add": ["FP32", "FP16", "BF16", "INT32", "INT16", "INT8", "UINT8", "UINT32", "INT64"],
    "sub": ["FP32", "FP16", "BF16", "INT32", "INT16", "UINT8"],
    "mul": ["FP32", "FP16", "BF16", "INT32", "INT16", "UINT32", "INT64"],
    "max": ["FP32", "FP16", "BF16", "INT32", "INT8", "UINT16"],
    "min": ["FP32", "FP16", "BF16", "INT32", "INT8", "UINT16"],
}
PL_NAME = {"add": "add", "sub": "sub", "mul": "mul", "max": "maximum", "min": "minimum"}


@case
def binary_cases():
    out = []
    for op, dts in BIN_DTYPES.items():
        for dt in dts:
            out.append(elementwise_case("tile_%s_%s" % (op, SHORT[dt]), dt, "pl.%s(to, ta, tb)" % PL_NAME[op],
                                        2, lambda a, b, op=op, dt=dt: R.binary(dt, op, a, b)))
    for dt in ["FP32", "FP16"]:
        out.append(elementwise_case("tile_div_" + SHORT[dt], dt, "pl.div(to, ta, tb)", 2,
                                    lambda a, b, dt=dt: R.approx_div(dt, a, b), ulp(1)))
    for dt in ["INT32", "INT16"]:
        rng = rng_for("tile_div_" + SHORT[dt])
        shape = shape_for(dt)
        a = small_ints(dt, rng, shape, -3000, 3000)
        b = small_ints(dt, rng, shape, 1, 60) * np.where(rng.randint(0, 2, shape), 1, -1).astype(R.store_type(dt))
        out.append(elementwise_case("tile_div_" + SHORT[dt], dt, "pl.div(to, ta, tb)", 2,
                                    lambda x, y, dt=dt: R.int_div(dt, x, y), srcs=[a, b]))
    for dt in ["INT32", "UINT8"]:
        out.append(elementwise_case("tile_and_" + SHORT[dt], dt, "pl.and_(to, ta, tb)", 2,
                                    lambda x, y, dt=dt: R.wrap(dt, [p & q for p, q in zip(R.ints(x), R.ints(y))])))
        out.append(elementwise_case("tile_xor_" + SHORT[dt], dt, "pl.xor(to, ta, tb, ta)", 2,
                                    lambda x, y, dt=dt: R.wrap(dt, [p ^ q for p, q in zip(R.ints(x), R.ints(y))])))
    return out


# ---- §15.4 tile x scalar: literals reach the device as C++ converts them (§9.6, %f text) ---------
def scalar_bits(dt, x):
    """The element a scalar literal becomes (§9.6): a float literal through its "%f" text."""
    if isinstance(x, float):
        x = R.literal_text_value(x)
    return R.scalar_to(dt, x, isinstance(x, float))


@case
def scalar_cases():
    out = []
    lits = {"FP32": 0.3, "FP16": 1.5, "BF16": -2.25, "INT32": 7, "INT16": -3, "INT8": 100, "UINT8": 200}
    for op, base in (("add", "add"), ("sub", "sub"), ("mul", "mul"), ("maximum", "max"), ("minimum", "min")):
        for dt, lit in lits.items():
            if op == "mul" and dt in ("INT8", "UINT8"):
                continue
            s = scalar_bits(dt, lit)
            if base == "sub":   # TSUBS = vadds(x, -s): the negated element (§15.4)
                f = (lambda a, dt=dt, s=s: R.binary(dt, "add", a, np.repeat(R.neg(dt, s), a.size))) \
                    if R.kind(dt) == "f" else \
                    (lambda a, dt=dt, s=s: R.binary(dt, "sub", a, np.repeat(s, a.size)))
            else:
                f = lambda a, dt=dt, s=s, base=base: R.binary(dt, base, a, np.repeat(s, a.size))
            out.append(elementwise_case("tile_%ss_%s" % (base, SHORT[dt]), dt,
                                        "pl.%s(to, ta, %r)" % (op, lit), 1, f))
    # 1 / sqrt(128) as a module-level float: the six-decimal text 0.088388 (trap T20)
    dt = "FP32"
    s = scalar_bits(dt, 1.0 / 128 ** 0.5)
    out.append(elementwise_case("tile_muls_text_f32", dt, "pl.mul(to, ta, 0.08838834764831845)", 1,
                                lambda a: R.binary(dt, "mul", a, np.repeat(s, a.size))))
    # a run-time scalar: the kernel's float parameter, converted to the element type at run time
    for dt in ["FP32", "FP16"]:
        s = R.scalar_to(dt, 0.75, True)
        out.append(elementwise_case("tile_adds_param_" + SHORT[dt], dt, "pl.add(to, ta, x)", 1,
                                    lambda a, dt=dt, s=s: R.binary(dt, "add", a, np.repeat(s, a.size)),
                                    scalars=[("x", "float")], sargs="--scalar x=0.75"))
    out.append(elementwise_case("tile_divs_f32", "FP32", "pl.div(to, ta, 3.0)", 1,
                                lambda a: R.approx_div("FP32", a, np.repeat(scalar_bits("FP32", 3.0), a.size)),
                                ulp(1)))
    return out


# ---- §15.5 unary ----------------------------------------------------------------------------------
def rsqrt_ref(dt, a):
    return R.approx_div(dt, np.repeat(R.scalar_to(dt, 1, False), a.size), R.approx_unary(dt, "sqrt", a))


@case
def unary_cases():
    out = []
    for dt in ["FP32", "FP16"]:
        for op, name in (("exp", "exp"), ("log", "ln"), ("sqrt", "sqrt")):
            out.append(elementwise_case("tile_%s_%s" % (op, SHORT[dt]), dt, "pl.%s(to, ta)" % op, 1,
                                        lambda a, dt=dt, name=name: R.approx_unary(dt, name, a), ulp(1)))
        out.append(elementwise_case("tile_recip_" + SHORT[dt], dt, "pl.recip(to, ta)", 1,
                                    lambda a, dt=dt: R.approx_div(dt, np.repeat(R.scalar_to(dt, 1, False), a.size), a),
                                    ulp(1)))
        out.append(elementwise_case("tile_rsqrt_" + SHORT[dt], dt, "pl.rsqrt(to, ta)", 1,
                                    lambda a, dt=dt: rsqrt_ref(dt, a), ulp(3)))
    for dt in ["FP32", "FP16", "INT32"]:
        out.append(elementwise_case("tile_relu_" + SHORT[dt], dt, "pl.relu(to, ta)", 1,
                                    lambda a, dt=dt: R.relu(dt, a)))
        out.append(elementwise_case("tile_abs_" + SHORT[dt], dt, "pl.abs(to, ta)", 1,
                                    lambda a, dt=dt: R.abs_(dt, a)))
    for dt in ["FP32", "FP16", "BF16", "INT32", "INT16"]:
        # TNEG = TMULS(x, -1): a product, so a NaN is quieted (§15.5), integers wrap
        out.append(elementwise_case("tile_neg_" + SHORT[dt], dt, "pl.neg(to, ta)", 1,
                                    lambda a, dt=dt: R.binary(dt, "mul", a, np.repeat(R.scalar_to(dt, -1, False), a.size))))
    return out


@case
def expands_cases():
    out = []
    for dt, lit in (("FP32", 2.5), ("FP16", 3), ("INT16", -5), ("BF16", 0.1)):
        s = scalar_bits(dt, float(lit) if dt in ("FP16", "BF16") and isinstance(lit, int) else lit)
        out.append(elementwise_case("tile_expands_" + SHORT[dt], dt, "pl.expands(to, %r)" % lit, 0,
                                    lambda dt=dt, s=s: np.repeat(s, shape_for(dt)[0] * shape_for(dt)[1]),
                                    srcs=[]))
    return out


@case
def fused_cases():
    """add_relu: lhs = lhs + rhs, then out = relu(lhs) (§15.11); the overwritten lhs is checked
    too (the store of ta into a)."""
    out = []
    dt = "FP32"
    for op, fn in (("add_relu", lambda a, b, o: (R.binary(dt, "add", a, b), None)),
                   ("mul_add_dst", lambda a, b, o: (R.binary(dt, "mul", a, b), "add")),
                   ("fused_mul_add", lambda a, b, o: (R.binary(dt, "mul", a, o), "add2"))):
        name = "tile_" + op
        rng = rng_for(name)
        shape = (2, 64)
        a, b, o = (randoms(dt, rng, shape) for _ in range(3))
        a1, kind = fn(a.reshape(-1), b.reshape(-1), o.reshape(-1))
        if kind is None:
            res = R.relu(dt, a1)
        elif kind == "add":
            res = R.binary(dt, "add", a1, o.reshape(-1))
        else:
            res = R.binary(dt, "add", a1, b.reshape(-1))
        tensors = [("a", shape, dt), ("b", shape, dt), ("o", shape, dt)]
        tiles = [Tile("ta", shape, dt), Tile("tb", shape, dt), Tile("to", shape, dt)]
        body = ["pl.load(ta, a, [0, 0])", "pl.load(tb, b, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.%s(to, ta, tb)" % op, "pl.store(o, to, [0, 0])", "pl.store(a, ta, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body), {"a": a, "b": b, "o": o},
                        {"o": res.reshape(shape), "a": a1.reshape(shape)}))
        out[-1].inputs = {k: npy(dt, v) for k, v in out[-1].inputs.items()}
        out[-1].expects = {k: npy(dt, v) for k, v in out[-1].expects.items()}
    return out


# ---- §15.7 reductions --------------------------------------------------------------------------------
def row_reduce_ref(dt, op, row):
    """One row: the chunk reductions (vcadd / vcmax / vcmin) added / maxed in order from INIT."""
    e = R.lanes(dt)
    if op == "sum":
        acc = 0
        for k in range(0, row.size, e):
            chunk = np.zeros(e, row.dtype)          # a register: lanes past the row inactive
            chunk[:min(e, row.size - k)] = row[k:k + e]
            p = R.sum_group(dt, chunk, np.arange(e) < row.size - k)
            if R.kind(dt) == "f":
                acc = int(R.binary(dt, "add", np.array([acc], R.FMT[dt].ut), np.array([p], R.FMT[dt].ut))[0])
            else:
                acc = acc + p
        return acc
    is_max = op == "max"
    f = R.FMT.get(dt)
    acc = ((f.sign | f.inf) if is_max else f.inf) if R.kind(dt) == "f" else \
        (R.int_range(dt)[0] if is_max else R.int_range(dt)[1])
    for k in range(0, row.size, e):
        chunk = row[k:k + e]
        p = R.extreme_group(dt, chunk, np.ones(chunk.size, bool), is_max)[0]
        if R.kind(dt) == "f":
            acc = int(R.binary(dt, op, np.array([acc], f.ut), np.array([p], f.ut))[0])
        else:
            acc = max(acc, p) if is_max else min(acc, p)
    return acc


def col_reduce_ref(dt, op, x):
    """Columns: row 0, then (row 1 + row 2), (row 3 + row 4), ..., then the last row when the
    rows after row 0 are odd in number (§15.7), each step the element-wise op."""
    op = {"sum": "add"}.get(op, op)
    acc = x[0]
    rows = x.shape[0]
    for k in range((rows - 1) // 2):
        acc = R.binary(dt, op, acc, R.binary(dt, op, x[1 + 2 * k], x[2 + 2 * k]))
    if (rows - 1) % 2:
        acc = R.binary(dt, op, acc, x[rows - 1])
    return acc


def reduce_src(dt, rng, shape):
    if R.kind(dt) == "f":
        return randoms(dt, rng, shape, spread=4)
    return small_ints(dt, rng, shape, -100, 100) if R.width(dt) > 1 else randoms(dt, rng, shape)


@case
def reduce_cases():
    out = []
    for op, dts in (("sum", ["FP32", "FP16", "INT32", "INT16"]), ("max", ["FP32", "FP16", "INT8", "INT32"]),
                    ("min", ["FP32", "FP16", "INT8", "UINT8"])):
        call = {"sum": "pl.sum(td, ts, ts, dim=%d)", "max": "pl.maximum(td, ts, ts, dim=%d)",
                "min": "pl.minimum(td, ts, ts, dim=%d)"}[op]
        for dt in dts:
            for dim in (0, 1):
                if dim == 1 and dt in ("INT32", "UINT8"):
                    continue
                name = "tile_%s_%s_%s" % ("row" if dim == 0 else "col", op, SHORT[dt])
                rng = rng_for(name)
                rows, cols = (4, R.lanes(dt) * 2 + 5) if dim == 0 else (6, R.lanes(dt) + 7)
                vr, vc = rows - 1, cols - 2
                x = reduce_src(dt, rng, (rows, cols))
                dshape = (rows, 1) if dim == 0 else (1, cols)
                old = randoms(dt, rng, dshape)
                exp = old.copy()
                if dim == 0:
                    for r in range(vr):
                        v = row_reduce_ref(dt, op, x[r, :vc])
                        exp[r, 0] = R.wrap(dt, [v])[0] if R.kind(dt) != "f" else v
                else:
                    exp[0, :vc] = col_reduce_ref(dt, op, x[:vr, :vc])
                tensors = [("s", (rows, cols), dt), ("d", dshape, dt)]
                tiles = [Tile("ts", (rows, cols), dt),
                         Tile("td", dshape, dt, layout="DN" if dim == 0 else None)]
                body = ["pl.load(ts, s, [0, 0])", "pl.load(td, d, [0, 0])",
                        "pl.set_validshape(ts, [%d, %d])" % (vr, vc), call % dim, "pl.store(d, td, [0, 0])"]
                out.append(Case(name, kernel_src(tensors, tiles, body), {"s": npy(dt, x), "d": npy(dt, old)},
                                {"d": npy(dt, exp)}))
                if dt == "FP32":    # the IR op name (pl.row_sum, pl.col_max, ...) is the same op
                    ir = [b.replace(call % dim, "pl.%s_%s(td, ts, ts)" % ("row" if dim == 0 else "col", op))
                          for b in body]
                    out.append(Case(name + "_irname", kernel_src(tensors, tiles, ir), out[-1].inputs,
                                    out[-1].expects))
    return out


# ---- §15.8 broadcasts -------------------------------------------------------------------------------
@case
def expand_cases():
    out = []
    ops = {"sub": ("sub", EXACT), "mul": ("mul", EXACT), "div": (None, ulp(1)), "max": ("max", EXACT),
           "min": ("min", EXACT)}
    for op, (base, args) in ops.items():
        for dt in ["FP32", "FP16"]:
            for dim in (0, 1):
                if dim == 1 and op in ("max", "min"):
                    continue
                name = "tile_expand_%s_%s_%d" % (op, SHORT[dt], dim)
                rng = rng_for(name)
                rows, cols = 3, R.lanes(dt) + 9
                x = randoms(dt, rng, (rows, cols), spread=4)
                vshape = (rows, 1) if dim == 0 else (1, cols)
                v = randoms(dt, rng, vshape, spread=4)
                old = randoms(dt, rng, (rows, cols))
                bc = np.repeat(v, cols, axis=1) if dim == 0 else np.repeat(v, rows, axis=0)
                fl = (lambda p, q: R.approx_div(dt, p, q)) if base is None else \
                    (lambda p, q: R.binary(dt, base, p, q))
                new = fl(x.reshape(-1), bc.reshape(-1)).reshape(rows, cols)
                exp = windowed(dt, old, new, rows, cols - 4)
                tensors = [("x", (rows, cols), dt), ("v", vshape, dt), ("o", (rows, cols), dt)]
                tiles = [Tile("tx", (rows, cols), dt), Tile("tv", vshape, dt, layout="DN" if dim == 0 else None),
                         Tile("to", (rows, cols), dt)]
                body = ["pl.load(tx, x, [0, 0])", "pl.load(tv, v, [0, 0])", "pl.load(to, o, [0, 0])",
                        "pl.set_validshape(tx, [%d, %d])" % (rows, cols - 4),
                        "pl.set_validshape(to, [%d, %d])" % (rows, cols - 4),
                        "pl.expand_%s(to, tx, tv, dim=%d)" % (op, dim),
                        "pl.set_validshape(to, [%d, %d])" % (rows, cols), "pl.store(o, to, [0, 0])"]
                out.append(Case(name, kernel_src(tensors, tiles, body),
                                {"x": npy(dt, x), "v": npy(dt, v), "o": npy(dt, old)}, {"o": npy(dt, exp)}, args))
                if dt == "FP32":    # the IR op name (pl.row_expand_sub, ...) is the same op
                    ir = [b.replace("pl.expand_%s(to, tx, tv, dim=%d)" % (op, dim), "pl.%s_expand_%s(to, tx, tv)"
                                    % ("row" if dim == 0 else "col", op)) for b in body]
                    out.append(Case(name + "_irname", kernel_src(tensors, tiles, ir), out[-1].inputs,
                                    out[-1].expects, args))
    return out


# ---- §15.6 pl.cast -------------------------------------------------------------------------------------
TILE_ROUND = {"CAST_NONE": None, "CAST_RINT": "RINT", "CAST_ROUND": "ROUND", "CAST_FLOOR": "FLOOR",
              "CAST_CEIL": "CEIL", "CAST_TRUNC": "TRUNC", "CAST_ODD": "ODD"}
SAT_OFF = {("FP16", "UINT8"), ("FP16", "INT8"), ("FP32", "INT16"), ("FP16", "INT16"), ("INT64", "INT32"),
           ("INT32", "INT16")}


def cast_round(mode, src, dst):
    r = TILE_ROUND[mode]
    if r == "ODD" and not (src == "FP32" and dst == "FP16"):
        r = None
    if r is None:
        r = "TRUNC" if R.kind(src) == "f" and R.kind(dst) != "f" else "RINT"
    return r


def cast_elem(src, dst, v, mode):
    """One element by TCVT (§15.6): the mode's rounding, the pair's saturation, and the two-step
    paths with saturation off (FP32/FP16 -> INT16 through INT32, FP16 -> INT8/UINT8 through
    INT16, keeping the low bits)."""
    r = cast_round(mode, src, dst)
    sat = (src, dst) not in SAT_OFF
    if not sat and dst == "INT16" and src in ("FP32", "FP16"):
        return R.wrap("INT16", [R.convert(src, "INT32", v, r, False) % (1 << 32)])[0]
    if not sat and dst in ("INT8", "UINT8") and src == "FP16":
        return R.wrap(dst, [R.convert(src, "INT16", v, r, False) % (1 << 16)])[0]
    x = R.convert(src, dst, v, r, sat)
    return R.wrap(dst, [x])[0] if R.kind(dst) != "f" else x


CAST_CASES = [("FP32", "FP16", "CAST_ROUND"), ("FP32", "FP16", "CAST_RINT"), ("FP32", "FP16", "CAST_TRUNC"),
              ("FP32", "FP16", "CAST_ODD"), ("FP16", "FP32", "CAST_ROUND"), ("FP32", "BF16", "CAST_ROUND"),
              ("BF16", "FP32", "CAST_ROUND"), ("FP32", "INT32", "CAST_NONE"), ("FP32", "INT32", "CAST_ROUND"),
              ("FP32", "INT32", "CAST_FLOOR"), ("FP32", "INT32", "CAST_CEIL"), ("FP32", "INT32", "CAST_RINT"),
              ("INT32", "FP32", "CAST_ROUND"), ("FP32", "INT16", "CAST_NONE"), ("FP16", "INT8", "CAST_ROUND"),
              ("INT32", "INT16", "CAST_NONE"), ("FP16", "INT32", "CAST_ROUND"), ("INT16", "FP16", "CAST_RINT")]


def cast_src(src, rng, shape):
    if R.kind(src) != "f":
        return randoms(src, rng, shape)
    a = with_edges(src, rng, shape)
    flat = a.reshape(-1)
    ties = np.array([0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 70000.5, 65519.0, 65520.0, 1e10, -3e9, 40000.0,
                     1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11])
    flat[200:200 + ties.size] = R.from_f64(src, ties)
    return a


@case
def cast_cases():
    out = []
    for src, dst, mode in CAST_CASES:
        name = "tile_cast_%s_%s_%s" % (SHORT[src], SHORT[dst], mode[5:].lower())
        rng = rng_for(name)
        shape = (3, 160)
        x = cast_src(src, rng, shape)
        old = randoms(dst, rng, shape)
        vr, vc = 3, 150
        new = np.array([cast_elem(src, dst, v, mode) for v in x.reshape(-1)], dtype=R.store_type(dst)
                       if R.kind(dst) != "f" else R.FMT[dst].ut).reshape(shape)
        exp = windowed(dst, old, new, vr, vc)
        tensors = [("x", shape, src), ("o", shape, dst)]
        tiles = [Tile("tx", shape, src), Tile("to", shape, dst)]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(to, o, [0, 0])", "pl.set_validshape(tx, [%d, %d])" % (vr, vc),
                "pl.set_validshape(to, [%d, %d])" % (vr, vc), "pl.cast(to, tx, mode=pl.RoundMode.%s)" % mode,
                "pl.set_validshape(to, [%d, %d])" % shape, "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body), {"x": npy(src, x), "o": npy(dst, old)},
                        {"o": npy(dst, exp)}))
    return out


# ---- §15.6 pl.cast between BF16 and the 4-bit floats -----------------------------------------------------
FP4_MAGS = {"FP4E2M1": [0, 0.5, 1, 1.5, 2, 3, 4, 6], "FP4E1M2": [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75]}


def bf16_value(bits):
    return float(np.array([int(bits) << 16], np.uint32).view(np.float32)[0])


def to_fp4(dt, x, mode):
    """The nibble of x: the nearest magnitude of the table by mode (ties to the even code for
    RINT, away from zero for ROUND), saturating at the largest; NaN 0; the sign kept (a negative
    that rounds to 0 is code 8)."""
    if x != x:
        return 0
    mags, sign, a = FP4_MAGS[dt], 8 if np.signbit(x) else 0, abs(x)
    if a >= mags[-1]:
        return sign | 7
    k = max(i for i, m in enumerate(mags) if m <= a)
    lo, hi = mags[k], mags[k + 1]
    if a == lo:
        return sign | k
    up = {"CAST_RINT": a - lo > hi - a or (a - lo == hi - a and k % 2 == 1),
          "CAST_ROUND": a - lo >= hi - a,
          "CAST_TRUNC": False,
          "CAST_FLOOR": sign != 0, "CAST_CEIL": sign == 0}[mode]
    return sign | (k + 1 if up else k)


def fp4_to_bf16(dt, code):
    v = FP4_MAGS[dt][code & 7] * (-1.0 if code & 8 else 1.0)
    return int(np.array([v], np.float32).view(np.uint32)[0]) >> 16


@case
def cast_fp4_cases():
    """BF16 -> FP4: dst's first valid-rows rows zeroed, then each row's complete bytes (elements
    2k, 2k+1 the low and high nibble of byte k; an odd valid width drops its last element);
    FP4 -> BF16: every element of dst's valid shape. Both exact against the value tables."""
    out = []
    pool = [0.0, -0.0, 0.25, 0.75, 1.25, 2.5, 5.0, 7.0, 100.0, -0.3, -2.5, 0.1, 1.1, -1.6, float("inf"),
            float("-inf"), float("nan"), 0.625, 1.875, 3.5]
    shape, vr, vc = (3, 64), 2, 51
    for dt in ("FP4E2M1", "FP4E1M2"):
        for mode in ("CAST_RINT", "CAST_ROUND", "CAST_TRUNC", "CAST_CEIL"):
            name = "tile_cast_bf16_%s_%s" % (dt[3:].lower(), mode[5:].lower())
            rng = rng_for(name)
            vals = [pool[rng.randint(0, len(pool))] * (1 if rng.randint(0, 4) else 0.5) for _ in range(shape[0] * shape[1])]
            x = (np.array(vals, np.float32).view(np.uint32) >> 16).astype(np.uint16).reshape(shape)
            old = rng.randint(0, 256, (shape[0], shape[1] // 2)).astype(np.uint8)
            exp = old.copy()
            exp[:vr] = 0
            for r in range(vr):
                for c in range(0, vc - 1, 2):
                    lo, hi = (to_fp4(dt, bf16_value(x[r, c + j]), mode) for j in (0, 1))
                    exp[r, c // 2] = lo | hi << 4
            tensors = [("x", shape, "BF16"), ("o", shape, dt)]
            tiles = [Tile("tx", shape, "BF16"), Tile("to", shape, dt)]
            body = ["pl.load(tx, x, [0, 0])", "pl.load(to, o, [0, 0])", "pl.set_validshape(to, [%d, %d])" % (vr, vc),
                    "pl.cast(to, tx, mode=pl.RoundMode.%s)" % mode, "pl.set_validshape(to, [%d, %d])" % shape,
                    "pl.store(o, to, [0, 0])"]
            out.append(Case(name, kernel_src(tensors, tiles, body), {"x": x, "o": old}, {"o": exp}))
        name = "tile_cast_%s_bf16" % dt[3:].lower()
        rng = rng_for(name)
        q = rng.randint(0, 256, (shape[0], shape[1] // 2)).astype(np.uint8)
        old = randoms("BF16", rng, shape)
        exp = old.copy()
        for r in range(vr):
            for c in range(vc):
                exp[r, c] = fp4_to_bf16(dt, (int(q[r, c // 2]) >> (4 * (c & 1))) & 0xF)
        tensors = [("x", shape, dt), ("o", shape, "BF16")]
        tiles = [Tile("tx", shape, dt), Tile("to", shape, "BF16")]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(to, o, [0, 0])", "pl.set_validshape(to, [%d, %d])" % (vr, vc),
                "pl.cast(to, tx)", "pl.set_validshape(to, [%d, %d])" % shape, "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body), {"x": q, "o": npy("BF16", old)},
                        {"o": npy("BF16", exp)}))
    return out


# ---- §15.9 compares and select ----------------------------------------------------------------------
def cmp_mask(dt, bits, vr, vc, old):
    """The mask tile a compare leaves: row r's groups of 128 (256 for 8-bit data) elements
    written whole, bit c of byte c / 8 LSB first, bits past vc 0; other bytes untouched."""
    g = 256 if R.width(dt) == 1 else 128
    out = old.copy()
    for r in range(vr):
        row = np.zeros(((vc + g - 1) // g) * g, bool)
        row[:vc] = bits[r, :vc]
        packed = R.pack_bits(row)
        out[r, :packed.size] = packed
    return out


@case
def cmp_cases():
    out = []
    for op, dt, scalar in (("gt", "FP32", None), ("eq", "FP32", None), ("ne", "FP32", None), ("lt", "FP16", None),
                           ("le", "INT32", None), ("ge", "INT8", None), ("gt", "FP16", 0.5), ("eq", "INT16", 3)):
        name = "tile_cmp_%s_%s%s" % (op, SHORT[dt], "_s" if scalar is not None else "")
        rng = rng_for(name)
        rows, cols = 2, 300 if R.width(dt) == 1 else 200
        a = with_edges(dt, rng, (rows, cols)) if R.kind(dt) == "f" else small_ints(dt, rng, (rows, cols), -5, 5)
        b = with_edges(dt, rng, (rows, cols), other=True) if R.kind(dt) == "f" else \
            small_ints(dt, rng, (rows, cols), -5, 5)
        if scalar is not None:
            b = np.repeat(scalar_bits(dt, scalar), rows * cols).reshape(rows, cols)
        vr, vc = rows, cols - 7
        bits = R.compare(dt, op, a.reshape(-1), b.reshape(-1)).reshape(rows, cols)
        old = rng.randint(0, 256, (rows, cols)).astype(np.uint8)
        exp = cmp_mask(dt, bits, vr, vc, old)
        tensors = [("a", (rows, cols), dt)] + ([("b", (rows, cols), dt)] if scalar is None else []) + \
            [("m", (rows, cols), "UINT8")]
        tiles = [Tile("ta", (rows, cols), dt)] + ([Tile("tb", (rows, cols), dt)] if scalar is None else []) + \
            [Tile("tm", (rows, cols), "UINT8")]
        body = ["pl.load(ta, a, [0, 0])"] + (["pl.load(tb, b, [0, 0])"] if scalar is None else []) + \
            ["pl.load(tm, m, [0, 0])", "pl.set_validshape(ta, [%d, %d])" % (vr, vc),
             "pl.%s(tm, ta, %s)" % (op, "tb" if scalar is None else repr(scalar)), "pl.store(m, tm, [0, 0])"]
        inputs = {"a": npy(dt, a), "m": old}
        if scalar is None:
            inputs["b"] = npy(dt, b)
        out.append(Case(name, kernel_src(tensors, tiles, body), inputs, {"m": exp}))
    for dt, scalar in (("FP32", None), ("FP16", None), ("FP32", -1.25), ("INT16", None)):
        name = "tile_select_%s%s" % (SHORT[dt], "_s" if scalar is not None else "")
        rng = rng_for(name)
        rows, cols = 2, 150
        a, b, old = randoms(dt, rng, (rows, cols)), randoms(dt, rng, (rows, cols)), randoms(dt, rng, (rows, cols))
        if scalar is not None:
            b = np.repeat(scalar_bits(dt, scalar), rows * cols).reshape(rows, cols)
        m = rng.randint(0, 256, (rows, cols)).astype(np.uint8)   # row r's bits at byte r * cols
        vr, vc = rows, cols - 5
        bits = np.stack([R.mask_bits(np.resize(m[r], 32 * ((cols + 255) // 256)))[:cols] for r in range(rows)])
        new = np.where(bits, a, b)
        exp = windowed(dt, old, new, vr, vc)
        tensors = [("a", (rows, cols), dt)] + ([("b", (rows, cols), dt)] if scalar is None else []) + \
            [("m", (rows, cols), "UINT8"), ("o", (rows, cols), dt)]
        tiles = [Tile("ta", (rows, cols), dt)] + ([Tile("tb", (rows, cols), dt)] if scalar is None else []) + \
            [Tile("tm", (rows, cols), "UINT8"), Tile("to", (rows, cols), dt)]
        body = ["pl.load(ta, a, [0, 0])"] + (["pl.load(tb, b, [0, 0])"] if scalar is None else []) + \
            ["pl.load(tm, m, [0, 0])", "pl.load(to, o, [0, 0])", "pl.set_validshape(to, [%d, %d])" % (vr, vc),
             "pl.select(to, tm, ta, %s, ta)" % ("tb" if scalar is None else repr(scalar)),
             "pl.set_validshape(to, [%d, %d])" % (rows, cols), "pl.store(o, to, [0, 0])"]
        inputs = {"a": npy(dt, a), "m": m, "o": npy(dt, old)}
        if scalar is None:
            inputs["b"] = npy(dt, b)
        out.append(Case(name, kernel_src(tensors, tiles, body), inputs, {"o": npy(dt, exp)}))
    return out


# ---- §15.10 pl.fillpad -------------------------------------------------------------------------------
PAD_VALUE = {"zero": lambda dt: 0,
             "max": lambda dt: R.FMT[dt].inf if R.kind(dt) == "f" else R.int_range(dt)[1],
             "min": lambda dt: (R.FMT[dt].sign | R.FMT[dt].inf) if R.kind(dt) == "f" else R.int_range(dt)[0]}


@case
def fillpad_cases():
    out = []
    for dt, pad, mode in (("INT32", "zero", "NORMAL"), ("FP32", "min", "NORMAL"), ("FP16", "max", "NORMAL"),
                          ("FP32", "max", "INPLACE"), ("INT16", "min", "EXPAND")):
        name = "tile_fillpad_%s_%s_%s" % (SHORT[dt], pad, mode.lower())
        rng = rng_for(name)
        sshape = (4, 40)
        dshape = (6, 48) if mode == "EXPAND" else sshape
        x, old = randoms(dt, rng, sshape), randoms(dt, rng, dshape)
        sr, sc, dr = 2, 29, dshape[0] - 1
        p = PAD_VALUE[pad](dt)
        exp = old.copy()
        src = old if mode == "INPLACE" else x
        exp[:sr, :sc] = src[:sr, :sc]
        exp[:sr, sc:] = p
        exp[sr:dr, :] = p
        if mode == "INPLACE":   # src is dst: its valid shape is both, so only the row ends pad
            exp = old.copy()
            exp[:sr, sc:] = p
            tensors, tiles = [("o", dshape, dt)], [Tile("to", dshape, dt, pad=pad)]
            body = ["pl.load(to, o, [0, 0])", "pl.set_validshape(to, [%d, %d])" % (sr, sc),
                    "pl.fillpad(to, to, mode=pl.FillPadMode.INPLACE)", "pl.set_validshape(to, [%d, %d])" % dshape,
                    "pl.store(o, to, [0, 0])"]
            inputs = {"o": npy(dt, old)}
        else:
            tensors = [("x", sshape, dt), ("o", dshape, dt)]
            tiles = [Tile("tx", sshape, dt), Tile("to", dshape, dt, pad=pad)]
            body = ["pl.load(tx, x, [0, 0])", "pl.load(to, o, [0, 0])", "pl.set_validshape(tx, [%d, %d])" % (sr, sc),
                    "pl.set_validshape(to, [%d, %d])" % (dr, dshape[1]),
                    "pl.fillpad(to, tx%s)" % (", mode=pl.FillPadMode.EXPAND" if mode == "EXPAND" else ""),
                    "pl.set_validshape(to, [%d, %d])" % dshape, "pl.store(o, to, [0, 0])"]
            inputs = {"x": npy(dt, x), "o": npy(dt, old)}
        exp = R.wrap(dt, R.ints(exp)).reshape(exp.shape) if R.kind(dt) != "f" else exp.astype(R.FMT[dt].ut)
        out.append(Case(name, kernel_src(tensors, tiles, body), inputs, {"o": npy(dt, exp)}))
    return out


# ---- §15.13 pl.transpose --------------------------------------------------------------------------------
@case
def transpose_cases():
    """out[c][r] = src[r][c] over src's valid window; out keeps its old values elsewhere. The
    element bits move unchanged, so the expected tile is numpy's transpose of the window."""
    out = []
    for dt, sshape, valid in (("FP32", (16, 40), (13, 37)), ("FP16", (32, 48), (32, 48)), ("INT8", (64, 32), (50, 3)),
                              ("BF16", (16, 16), (9, 16))):
        name = "tile_transpose_" + SHORT[dt]
        rng = rng_for(name)
        dshape = (max(sshape[1], 32), max(sshape[0], 32))
        x, old = randoms(dt, rng, sshape), randoms(dt, rng, dshape)
        vr, vc = valid
        exp = old.copy()
        exp[:vc, :vr] = x[:vr, :vc].T
        tensors = [("x", sshape, dt), ("o", dshape, dt)]
        tiles = [Tile("tx", sshape, dt), Tile("to", dshape, dt)]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(to, o, [0, 0])", "pl.set_validshape(tx, [%d, %d])" % valid,
                "pl.transpose(to, tx)", "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body), {"x": npy(dt, x), "o": npy(dt, old)},
                        {"o": npy(dt, exp)}))
    return out


# ---- §15.14 pl.histogram ------------------------------------------------------------------------------
def histogram_ref(x, vr, vc, eb, msb, filt):
    """Row r's 256 cumulative counts: #{c < vc: counted byte <= b and the filter bytes match}."""
    rows = []
    for r in range(vr):
        v = x[r, :vc].astype(np.uint64)
        byte = (v >> np.uint64(8 * (eb - 1))) & np.uint64(0xFF) if msb else v & np.uint64(0xFF)
        keep = np.ones(vc, bool)
        for k, want in enumerate(filt(r)):      # byte eb-1-k must be want
            keep &= ((v >> np.uint64(8 * (eb - 1 - k))) & np.uint64(0xFF)) == np.uint64(want)
        rows.append(np.cumsum(np.bincount(byte[keep].astype(np.int64), minlength=256)))
    return rows


@case
def histogram_cases():
    """dst[256r + b] = the cumulative count of the counted byte over src row r's valid cols;
    dst keeps its old values elsewhere (a [2, 512] dst shows the 256-element row pitch)."""
    out = []
    for name, dt, sshape, valid, msb, dshape in (
            ("tile_histogram_u16_msb", "UINT16", (4, 300), (3, 290), True, (4, 256)),
            ("tile_histogram_u16_lsb", "UINT16", (4, 300), (4, 299), False, (4, 256)),
            ("tile_histogram_u32_msb", "UINT32", (2, 260), (2, 259), True, (2, 512)),
            ("tile_histogram_u32_lsb", "UINT32", (3, 70), (3, 64), False, (3, 256))):
        rng = rng_for(name)
        eb = R.width(dt)
        ishape = (sshape[0], 1) if eb == 2 else (3, sshape[1])
        idx = rng.randint(0, 256, ishape).astype(np.uint8)
        x = rng.randint(0, 1 << (8 * eb), sshape, dtype=np.uint64)
        if not msb:     # most elements pass the filter: their upper bytes are the idx bytes
            top = [int(idx[r, 0]) for r in range(sshape[0])] if eb == 2 else [int(idx[k, 0]) for k in range(3)]
            for r in range(sshape[0]):
                for c in range(sshape[1]):
                    if rng.randint(0, 4):
                        hi = top[r] if eb == 2 else (top[0] << 16) | (top[1] << 8) | top[2]
                        keep = x[r, c] & np.uint64(0xFF)
                        if eb == 4 and rng.randint(0, 3) == 0:  # a near miss: only byte 1 differs
                            hi ^= 1
                        x[r, c] = (np.uint64(hi) << np.uint64(8)) | keep
        x = x.astype(R.store_type(dt))
        if eb == 2:
            filt = (lambda r: []) if msb else (lambda r: [int(idx[r, 0])])
        else:
            filt = (lambda r: []) if msb else (lambda r: [int(idx[k, 0]) for k in range(3)])
        old = rng.randint(0, 1 << 32, dshape, dtype=np.uint64).astype(np.uint32)
        exp = old.copy().reshape(-1)
        for r, row in enumerate(histogram_ref(x, valid[0], valid[1], eb, msb, filt)):
            exp[256 * r:256 * r + 256] = row
        exp = exp.reshape(dshape)
        tensors = [("x", sshape, dt), ("i", ishape, "UINT8"), ("o", dshape, "UINT32")]
        tiles = [Tile("tx", sshape, dt), Tile("ti", ishape, "UINT8", layout="DN" if eb == 2 else None),
                 Tile("to", dshape, "UINT32")]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(ti, i, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.set_validshape(tx, [%d, %d])" % valid, "pl.histogram(to, tx, ti, is_msb=%s)" % msb,
                "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body),
                        {"x": npy(dt, x), "i": npy("UINT8", idx), "o": npy("UINT32", old)},
                        {"o": npy("UINT32", exp)}))
    return out


# ---- §15.20 pl.scatter, §15.21 pl.dequant --------------------------------------------------------------
@case
def scatter_cases():
    """out is zeroed, then out.flat[idx[r][c]] = src[r][c] for (r, c) in idx's valid shape, row by
    row (a later element wins a duplicate index)."""
    out = []
    for dt, it, shape, valid, dup in (("FP32", "INT32", (4, 100), (3, 90), False), ("FP16", "UINT16", (2, 200), (2, 150), True),
                                      ("INT8", "INT16", (3, 64), (3, 60), True)):
        name = "tile_scatter_" + SHORT[dt]
        rng = rng_for(name)
        x = randoms(dt, rng, shape)
        n = shape[0] * shape[1]
        idx = (rng.randint(0, n // 2, shape) if dup else rng.permutation(n).reshape(shape)).astype(R.store_type(it))
        flat = np.zeros(n, x.dtype)
        for r in range(valid[0]):
            for c in range(valid[1]):
                flat[int(idx[r, c])] = x[r, c]
        tensors = [("x", shape, dt), ("i", shape, it), ("o", shape, dt)]
        tiles = [Tile("tx", shape, dt), Tile("ti", shape, it), Tile("to", shape, dt)]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(ti, i, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.set_validshape(ti, [%d, %d])" % valid, "pl.scatter(to, tx, ti)", "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body),
                        {"x": npy(dt, x), "i": npy(it, idx), "o": npy(dt, randoms(dt, rng, shape))},
                        {"o": npy(dt, flat.reshape(shape))}))
    return out


@case
def dequant_cases():
    """out[r][c] = (FP32(src) - offset[r]) * scale[r], two FP32 roundings, over out's valid rows;
    every chunk stores min(valid cols, 64) lanes, so a last partial chunk runs to its end."""
    out = []
    for dt, shape, valid in (("INT8", (3, 128), (2, 100)), ("INT16", (4, 64), (4, 50))):
        name = "tile_dequant_" + SHORT[dt]
        rng = rng_for(name)
        x = R.wrap(dt, list(rng.randint(-128, 128, shape[0] * shape[1]))).reshape(shape)
        sc = randoms("FP32", rng, (shape[0], 1), spread=3)
        of = randoms("FP32", rng, (shape[0], 1), spread=3)
        old = randoms("FP32", rng, shape)
        n = min(valid[1], 64)
        reps = -(-valid[1] // 64)
        exp = old.copy()
        for r in range(valid[0]):
            cols = [c for j in range(reps) for c in range(64 * j, 64 * j + n)]
            xf = np.array([x[r, c] for c in cols], np.float32).view(np.uint32)
            d = R.binary("FP32", "sub", xf, np.repeat(of[r, 0], len(cols)))
            exp[r, cols] = R.binary("FP32", "mul", d, np.repeat(sc[r, 0], len(cols)))
        tensors = [("x", shape, dt), ("s", (shape[0], 1), "FP32"), ("f", (shape[0], 1), "FP32"), ("o", shape, "FP32")]
        tiles = [Tile("tx", shape, dt), Tile("ts", (shape[0], 1), "FP32", layout="DN"),
                 Tile("tf", (shape[0], 1), "FP32", layout="DN"), Tile("to", shape, "FP32")]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(ts, s, [0, 0])", "pl.load(tf, f, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.set_validshape(tx, [%d, %d])" % valid, "pl.set_validshape(to, [%d, %d])" % valid,
                "pl.set_validshape(ts, [%d, 1])" % valid[0], "pl.set_validshape(tf, [%d, 1])" % valid[0],
                "pl.dequant(to, tx, ts, tf)", "pl.set_validshape(to, [%d, %d])" % shape, "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body),
                        {"x": npy(dt, x), "s": npy("FP32", sc), "f": npy("FP32", of), "o": npy("FP32", old)},
                        {"o": npy("FP32", exp)}))
    return out


# ---- §15.22 pl.quant ---------------------------------------------------------------------------------
@case
def quant_cases():
    """out[r][c] = clip(rint(src * scale[r] (+ offset[r]))) to INT8 (SYM) / UINT8 (ASYM): the
    product (and sum) in FP32, one rounding to the nearest integer (ties to even); scale and
    offset element r of [N, 1] tiles; out keeps its values outside src's valid shape."""
    out = []
    for mode, shape, valid in (("SYM", (3, 150), (2, 140)), ("ASYM", (2, 64), (2, 60))):
        name = "tile_quant_" + mode.lower()
        rng = rng_for(name)
        odt = "INT8" if mode == "SYM" else "UINT8"
        x = (rng.randint(-800, 800, shape) / 4.0).astype(np.float32)     # quarters: exact ties at .5
        sc = (rng.randint(1, 9, (shape[0], 1)) / 2.0).astype(np.float32)
        of = (rng.randint(-40, 200, (shape[0], 1))).astype(np.float32)
        old = randoms(odt, rng, shape)
        exp = old.copy()
        for r in range(valid[0]):
            q = R.binary("FP32", "mul", x[r, :valid[1]].view(np.uint32), np.repeat(sc[r].view(np.uint32), valid[1]))
            if mode == "ASYM":
                q = R.binary("FP32", "add", q, np.repeat(of[r].view(np.uint32), valid[1]))
            v = np.rint(q.astype(np.uint32).view(np.float32).astype(np.float64))
            lo, hi = (-128, 127) if mode == "SYM" else (0, 255)
            exp[r, :valid[1]] = np.clip(v, lo, hi).astype(exp.dtype)
        tensors = [("x", shape, "FP32"), ("s", (shape[0], 1), "FP32"), ("f", (shape[0], 1), "FP32"), ("o", shape, odt)]
        tiles = [Tile("tx", shape, "FP32"), Tile("ts", (shape[0], 1), "FP32", layout="DN"),
                 Tile("tf", (shape[0], 1), "FP32", layout="DN"), Tile("to", shape, odt)]
        call = "pl.quant(to, tx, ts, mode=pl.QuantMode.SYM)" if mode == "SYM" else \
            "pl.quant(to, tx, ts, mode=pl.QuantMode.ASYM, offset=tf)"
        body = ["pl.load(tx, x, [0, 0])", "pl.load(ts, s, [0, 0])", "pl.load(tf, f, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.set_validshape(tx, [%d, %d])" % valid, call, "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body),
                        {"x": x, "s": sc, "f": of, "o": npy(odt, old)}, {"o": npy(odt, exp)}))
    return out


# ---- §15.19 pl.fill_index ---------------------------------------------------------------------------
@case
def fill_index_cases():
    """out[0][j] = start + j in out's dtype (wrapping) for j below out's valid cols; the rest of
    out keeps its values."""
    out = []
    for dt, cols, vc, start in (("INT32", 100, 90, 7), ("INT16", 64, 64, 32760), ("UINT32", 40, 33, 4294967290),
                                ("UINT16", 200, 130, 0)):
        name = "tile_fill_index_" + SHORT[dt]
        rng = rng_for(name)
        old = randoms(dt, rng, (1, cols))
        exp = old.copy()
        exp[0, :vc] = R.wrap(dt, [start + j for j in range(vc)])
        tensors, tiles = [("o", (1, cols), dt)], [Tile("to", (1, cols), dt)]
        body = ["pl.load(to, o, [0, 0])", "pl.set_validshape(to, [1, %d])" % vc, "pl.fill_index(to, %d)" % start,
                "pl.set_validshape(to, [1, %d])" % cols, "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body), {"o": npy(dt, old)}, {"o": npy(dt, exp)}))
    return out


# ---- §15.18 argmax / argmin ------------------------------------------------------------------------
def tie_values(dt, rng, shape):
    """Small integers (many ties, no zeros or NaN) as element bits of dt."""
    v = rng.randint(1, 12, shape) * np.where(rng.randint(0, 2, shape), 1, -1)
    if dt == "FP32":
        return v.astype(np.float32).view(np.uint32)
    if dt == "FP16":
        return v.astype(np.float16).view(np.uint16)
    return R.wrap(dt, list(v.reshape(-1))).reshape(shape)


@case
def argreduce_cases():
    """Row form: out[r][0] = the first index of the max (min) of row r's valid elements; column
    form: out[0][c] = the first row of the max (min) of column c (ties keep the first: PTO
    replaces the best only when strictly better); out keeps its values elsewhere."""
    out = []
    for op, dt, dim, shape, valid in (("argmax", "FP32", 0, (4, 150), (3, 140)), ("argmin", "FP16", 0, (3, 300), (3, 290)),
                                      ("argmax", "INT16", 0, (2, 130), (2, 129)), ("argmin", "INT32", 0, (2, 64), (2, 64)),
                                      ("argmax", "FP16", 1, (7, 140), (6, 130)), ("argmin", "INT8", 1, (5, 300), (5, 270)),
                                      ("argmax", "FP32", 1, (3, 64), (3, 50))):
        name = "tile_%s_%s_dim%d" % (op, SHORT[dt], dim)
        rng = rng_for(name)
        x = tie_values(dt, rng, shape)
        num = x.view(np.float32) if dt == "FP32" else x.view(np.float16) if dt == "FP16" else x
        win = num[:valid[0], :valid[1]].astype(np.float64)
        fn = np.argmax if op == "argmax" else np.argmin
        dshape = (shape[0], 1) if dim == 0 else (1, shape[1])
        old = rng.randint(-1000, 1000, dshape).astype(np.int32)
        exp = old.copy()
        if dim == 0:
            exp[:valid[0], 0] = fn(win, axis=1)
        else:
            exp[0, :valid[1]] = fn(win, axis=0)
        tensors = [("x", shape, dt), ("o", dshape, "INT32")]
        tiles = [Tile("tx", shape, dt), Tile("to", dshape, "INT32", layout="DN" if dim == 0 else None)]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(to, o, [0, 0])", "pl.set_validshape(tx, [%d, %d])" % valid,
                "pl.%s(to, tx, tx%s)" % (op, ", dim=1" if dim else ""), "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body), {"x": npy(dt, x), "o": npy("INT32", old)},
                        {"o": npy("INT32", exp)}))
    return out


# ---- §15.17 part ops -------------------------------------------------------------------------------
@case
def part_cases():
    """Over dst's valid shape: OP inside the overlap of the sources' valid shapes, the larger
    source's element elsewhere (src1 when src0 is smaller); dst keeps its values outside."""
    out = []
    for op, dt, v0, v1 in (("add", "FP32", (3, 100), (3, 70)), ("max", "FP32", (2, 100), (3, 100)),
                           ("min", "FP16", (3, 140), (3, 150)), ("mul", "INT16", (3, 150), (1, 20)),
                           ("add", "INT32", (3, 100), (3, 100))):
        name = "tile_part%s_%s_%dx%d" % (op, SHORT[dt], v1[0], v1[1])
        rng = rng_for(name)
        shape = (4, 160)
        a, b, old = with_edges(dt, rng, shape), with_edges(dt, rng, shape, other=True), randoms(dt, rng, shape)
        dv = (max(v0[0], v1[0]), max(v0[1], v1[1]))
        big = b if (v0[0] < v1[0] or v0[1] < v1[1]) else a
        sr, sc = min(v0[0], v1[0]), min(v0[1], v1[1])
        exp = old.copy()
        exp[:dv[0], :dv[1]] = big[:dv[0], :dv[1]]
        res = R.binary(dt, op, a[:sr, :sc].reshape(-1), b[:sr, :sc].reshape(-1)).reshape(sr, sc)
        exp[:sr, :sc] = res
        tensors = [("a", shape, dt), ("b", shape, dt), ("o", shape, dt)]
        tiles = [Tile("ta", shape, dt), Tile("tb", shape, dt), Tile("to", shape, dt)]
        body = ["pl.load(ta, a, [0, 0])", "pl.load(tb, b, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.set_validshape(ta, [%d, %d])" % v0, "pl.set_validshape(tb, [%d, %d])" % v1,
                "pl.set_validshape(to, [%d, %d])" % dv, "pl.part%s(to, ta, tb)" % op,
                "pl.set_validshape(to, [%d, %d])" % shape, "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body),
                        {"a": npy(dt, a), "b": npy(dt, b), "o": npy(dt, old)}, {"o": npy(dt, exp)}))
    return out


# ---- §15.15 pl.gathermask, §15.16 pl.gatherb ----------------------------------------------------------
def pattern_keeps(mode, lane):
    return {1: lane % 2 == 0, 2: lane % 2 == 1, 7: True}.get(mode, lane % 4 == mode - 3)


@case
def gathermask_cases():
    """The lanes the pattern keeps of each chunk of src's valid rows, one packed stream from
    out's base (row r's kept elements right after row r-1's); the rest of out keeps its values."""
    out = []
    for dt, sshape, valid, modes in (("FP32", (3, 200), (2, 150), range(1, 8)), ("INT8", (2, 300), (2, 290), (1, 4)),
                                     ("BF16", (4, 64), (3, 61), (2, 6))):
        for mode in modes:
            name = "tile_gathermask_p%d_%s" % (mode, SHORT[dt])
            rng = rng_for(name)
            x = randoms(dt, rng, sshape)
            e = R.lanes(dt)
            stream = [x[r, c] for r in range(valid[0]) for c in range(valid[1]) if pattern_keeps(mode, c % e)]
            dshape = sshape
            old = randoms(dt, rng, dshape)
            exp = old.copy().reshape(-1)
            exp[:len(stream)] = stream
            exp = exp.reshape(dshape)
            tensors = [("x", sshape, dt), ("o", dshape, dt)]
            tiles = [Tile("tx", sshape, dt), Tile("to", dshape, dt)]
            body = ["pl.load(tx, x, [0, 0])", "pl.load(to, o, [0, 0])", "pl.set_validshape(tx, [%d, %d])" % valid,
                    "pl.gathermask(to, tx, pattern_mode=%d)" % mode, "pl.store(o, to, [0, 0])"]
            out.append(Case(name, kernel_src(tensors, tiles, body), {"x": npy(dt, x), "o": npy(dt, old)},
                            {"o": npy(dt, exp)}))
    return out


@case
def gather_cases():
    """out[r][c] = src.flat[idx[r][c]] over out's valid shape; out keeps its values elsewhere."""
    out = []
    for dt, it, shape, valid in (("FP32", "INT32", (3, 100), (2, 90)), ("FP16", "INT32", (2, 150), (2, 140)),
                                 ("FP16", "UINT16", (2, 200), (2, 130)), ("INT8", "INT16", (3, 64), (3, 60))):
        name = "tile_gather_%s_%s" % (SHORT[dt], SHORT[it])
        rng = rng_for(name)
        x, old = randoms(dt, rng, shape), randoms(dt, rng, shape)
        idx = rng.randint(0, shape[0] * shape[1], shape).astype(R.store_type(it))
        exp = old.copy()
        flat = x.reshape(-1)
        for r in range(valid[0]):
            for c in range(valid[1]):
                exp[r, c] = flat[int(idx[r, c])]
        tensors = [("x", shape, dt), ("i", shape, it), ("o", shape, dt)]
        tiles = [Tile("tx", shape, dt), Tile("ti", shape, it), Tile("to", shape, dt)]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(ti, i, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.set_validshape(to, [%d, %d])" % valid, "pl.gather(to, tx, ti, tx)",
                "pl.set_validshape(to, [%d, %d])" % shape, "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body),
                        {"x": npy(dt, x), "i": npy(it, idx), "o": npy(dt, old)}, {"o": npy(dt, exp)}))
    return out


def f16_value(bits):
    return float(np.array([bits], np.uint16).view(np.float16)[0])


@case
def gather_cmp_cases():
    """pl.gather(out, src, k, cdst, tmp, cmp_mode=, offset=): per src valid row r, the running
    indices (offset + r * compared-per-row + e) of the elements e that compare GT (cmp_mode 4; a
    UINT16 src always EQ) or EQ with k[r], from out row r; cdst[r] = 4 * their count. FP32 is
    compared as its nearest integer's uint32 bits, FP16 as a float against int16(k), the 1- and
    2-byte ints zero-extended over whole repeats of 128 / 64 elements, past the valid cols."""
    out = []
    for name, dt, kdt, shape, vc, mode, offset in (
            ("tile_gather_cmp_i16_gt", "INT16", "UINT16", (2, 128), 100, 4, 0),
            ("tile_gather_cmp_u16_gt_is_eq", "UINT16", "UINT32", (1, 128), 128, 4, 5),
            ("tile_gather_cmp_f32_gt", "FP32", "UINT32", (2, 80), 70, 4, 3),
            ("tile_gather_cmp_i32_eq", "INT32", "UINT16", (3, 64), 64, 0, 0),
            ("tile_gather_cmp_f16_eq", "FP16", "UINT16", (2, 64), 50, 0, 1),
            ("tile_gather_cmp_i8_gt", "INT8", "UINT16", (1, 256), 200, 4, 0)):
        rng = rng_for(name)
        w = R.width(dt)
        rows, cols = shape
        if dt == "FP32":
            vals = rng.randint(-6, 7, shape).astype(np.float32) + rng.choice([0.0, 0.25, 0.5, 0.75], shape).astype(np.float32)
            x = vals.view(np.uint32)
        elif dt == "FP16":
            x = np.array(rng.randint(-4, 5, shape), np.float16).view(np.uint16)
        else:
            x = R.wrap(dt, list(rng.randint(-5, 6, rows * cols))).reshape(shape)
        ks = rng.randint(0, 4, rows).astype(np.int64)
        if dt == "FP16":
            ks[0] = 0xFFFE  # int16 -2
        kv = np.zeros((1, 16), R.store_type(kdt))
        kv[0, :rows] = ks
        per = 128 if w == 1 else 64
        repeats = (vc + per - 1) // per
        ncmp = vc if w == 4 else repeats * per
        gt = mode == 4 and dt != "UINT16"
        ocols = max(64, (ncmp + 7) // 8 * 8)
        old_o = rng.randint(0, 1 << 32, (rows, ocols), dtype=np.uint64).astype(np.uint32)
        old_c = rng.randint(0, 1 << 32, (1, 16), dtype=np.uint64).astype(np.uint32)
        exp_o, exp_c = old_o.copy(), old_c.copy()
        for r in range(rows):
            k = int(kv[0, r])
            if dt == "FP16":
                kk = float(np.int16(np.uint16(k & 0xFFFF).view(np.int16)))
            elif w == 4:
                kk = k
            else:
                kk = int(float(np.int32(np.uint32(k).view(np.int32)))) if w == 1 else k
            hits = []
            for e in range(ncmp):
                b = int(np.asarray(x[r, e]).astype(np.int64)) & ((1 << (8 * w)) - 1)
                if dt == "FP32":
                    v = int(np.rint(np.float32(np.uint32(b).view(np.float32)))) & 0xFFFFFFFF
                elif dt == "FP16":
                    v = f16_value(b)
                else:
                    v = b
                if (v > kk) if gt else (v == kk):
                    hits.append(offset + r * (repeats * per if w != 4 else repeats * 64) + e)
            exp_o[r, :len(hits)] = hits
            exp_c[0, r] = 4 * len(hits)
        tensors = [("x", shape, dt), ("k", (1, 16), kdt), ("o", (rows, ocols), "UINT32"), ("c", (1, 16), "UINT32")]
        tiles = [Tile("tx", shape, dt), Tile("tk", (1, 16), kdt), Tile("to", (rows, ocols), "UINT32"),
                 Tile("tc", (1, 16), "UINT32"), Tile("tt", (1, 256), "UINT32")]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(tk, k, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.load(tc, c, [0, 0])", "pl.set_validshape(tx, [%d, %d])" % (rows, vc),
                "pl.gather(to, tx, tk, tc, tt, cmp_mode=%d, offset=%d)" % (mode, offset),
                "pl.store(o, to, [0, 0])", "pl.store(c, tc, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body),
                        {"x": npy(dt, x), "k": npy(kdt, kv), "o": npy("UINT32", old_o), "c": npy("UINT32", old_c)},
                        {"o": npy("UINT32", exp_o), "c": npy("UINT32", exp_c)}))
    return out


@case
def gatherb_cases():
    """out[r][c] (c below out's valid cols) = the element at byte offsets[r][c // B] + (c % B)
    * element bytes of src, B = 32 / element bytes; the rest of out keeps its values."""
    out = []
    for dt, sshape, oshape, valid in (("FP16", (8, 128), (4, 128), (3, 100)), ("INT32", (4, 64), (2, 100), (2, 70))):
        name = "tile_gatherb_" + SHORT[dt]
        rng = rng_for(name)
        w = R.width(dt)
        x = randoms(dt, rng, sshape)
        nblk = sshape[0] * sshape[1] * w // 32
        per = 32 // w
        reps = -(-oshape[1] // (256 // w))
        offs = (rng.randint(0, nblk, (oshape[0], 8 * reps)) * 32).astype(np.uint32)
        old = randoms(dt, rng, oshape)
        flat = x.reshape(-1)
        exp = old.copy()
        for r in range(valid[0]):
            for c in range(valid[1]):
                exp[r, c] = flat[offs[r, c // per] // w + c % per]
        tensors = [("x", sshape, dt), ("f", offs.shape, "UINT32"), ("o", oshape, dt)]
        tiles = [Tile("tx", sshape, dt), Tile("tf", offs.shape, "UINT32"), Tile("to", oshape, dt)]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(tf, f, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.set_validshape(to, [%d, %d])" % valid, "pl.gatherb(to, tx, tf)",
                "pl.set_validshape(to, [%d, %d])" % oshape, "pl.store(o, to, [0, 0])"]
        out.append(Case(name, kernel_src(tensors, tiles, body),
                        {"x": npy(dt, x), "f": npy("UINT32", offs), "o": npy(dt, old)}, {"o": npy(dt, exp)}))
    return out


# ---- §6 load_tile / store_tile, run-time valid shapes, [N, 1] tiles, faults ----------------------------
@case
def misc_cases():
    out = []
    dt = "FP32"
    rng = rng_for("tile_load_tile")
    a = randoms(dt, rng, (4, 128))
    o = randoms(dt, rng, (4, 128))
    exp = o.copy()
    exp[2:4, 64:128] = R.binary(dt, "add", a[2:4, 64:128].reshape(-1), a[2:4, 64:128].reshape(-1)).reshape(2, 64)
    tensors = [("a", (4, 128), dt), ("o", (4, 128), dt)]
    tiles = [Tile("t", (2, 64), dt)]
    body = ["pl.load_tile(t, a, [1, 1])", "pl.add(t, t, t)", "pl.store_tile(o, t, [1, 1])"]
    out.append(Case("tile_load_tile", kernel_src(tensors, tiles, body), {"a": npy(dt, a), "o": npy(dt, o)},
                    {"o": npy(dt, exp)}))
    # a valid shape set in a branch lives at run time: the op runs over [1, n]
    rng = rng_for("tile_valid_runtime")
    a, o = randoms(dt, rng, (2, 100)), randoms(dt, rng, (2, 100))
    n = 77
    exp = o.copy()
    exp[0, :n] = R.relu(dt, a[0, :n])
    tensors = [("a", (2, 100), dt), ("o", (2, 100), dt)]
    tiles = [Tile("ta", (2, 100), dt), Tile("to", (2, 100), dt)]
    body = ["pl.load(ta, a, [0, 0])", "pl.load(to, o, [0, 0])", "if n > 0:",
            "    pl.set_validshape(to, [1, n])", "pl.relu(to, ta)", "pl.set_validshape(to, [2, 100])",
            "pl.store(o, to, [0, 0])"]
    out.append(Case("tile_valid_runtime", kernel_src(tensors, tiles, body, [("n", "int")]),
                    {"a": npy(dt, a), "o": npy(dt, o)}, {"o": npy(dt, exp)}, EXACT + " --scalar n=%d" % n))
    # the same with a valid extent past the tile: a located fault at the op, in every backend
    src = kernel_src(tensors, tiles, body, [("n", "int")])
    out.append(Case("tile_valid_fault", src, {"a": npy(dt, a), "o": npy(dt, o)}, {},
                    EXACT + " --scalar n=101", fault=["k.py:%d:9: error: kernel fault" % (src.split("\n").index(
                        "        pl.relu(to, ta)") + 1), "valid shape [1, 101]"]))
    # a column tile [N, 1] under a scalar op: N contiguous elements (§15.2)
    rng = rng_for("tile_column_adds")
    c = randoms(dt, rng, (70, 1))
    tensors = [("c", (70, 1), dt)]
    tiles = [Tile("tc", (70, 1), dt, layout="DN")]
    body = ["pl.load(tc, c, [0, 0])", "pl.set_validshape(tc, [66, 1])", "pl.add(tc, tc, 1.0)",
            "pl.set_validshape(tc, [70, 1])", "pl.store(c, tc, [0, 0])"]
    exp = c.copy()
    exp[:66, 0] = R.binary(dt, "add", c[:66, 0], np.repeat(scalar_bits(dt, 1.0), 66))
    out.append(Case("tile_column_adds", kernel_src(tensors, tiles, body), {"c": npy(dt, c)}, {"c": npy(dt, exp)}))
    return out


# ---- §15.24 pl.sort32, §15.25 pl.mrgsort / pl.mrgsort2, §15.26 pl.addc ----------------------------------
def sort_key(dt, bits):
    """The total order of the value bits (sign-magnitude, §15.24): a larger key sorts first."""
    w = 8 * R.width(dt)
    b = int(bits)
    return ((1 << w) - 1) & ~b if b >> (w - 1) else b | (1 << (w - 1))


def record(dt, value, index):
    """One 8-byte record as elements of dt: FP32 [value, index], FP16 [value, 0, index lo, hi]."""
    if dt == "FP32":
        return [int(value), int(index)]
    return [int(value), 0, int(index) & 0xFFFF, int(index) >> 16]


def sort_values(dt, rng, n):
    """Values with ties, both zeros, both infinities and NaNs of both signs among randoms."""
    edges = FLOAT_EDGES[dt][:6]
    pool = list(randoms(dt, rng, (8,)).reshape(-1)) + edges
    return np.array([pool[rng.randint(0, len(pool))] for _ in range(n)], dtype=R.store_type(dt))


def sort32_block(dt, vals, idx):
    """vbitsort of one block: descending keys, equal keys by the smaller index, then in order."""
    order = sorted(range(len(vals)), key=lambda k: (-sort_key(dt, vals[k]), int(idx[k]), k))
    return [e for k in order for e in record(dt, vals[k], idx[k])]


@case
def sort32_cases():
    """dst row r: per block of 32 of src row r, its records sorted; without tmp only whole
    blocks, with tmp the last block padded with -NaN (sorting last, their indices what idx
    holds past the valid cols); dst keeps its old values past the records written."""
    out = []
    for name, dt, rows, cols, vc, dvr, idx_rows, tmp in (
            ("tile_sort32_f32", "FP32", 2, 64, 64, 2, 2, False),
            ("tile_sort32_f16_idx_row", "FP16", 3, 64, 64, 2, 1, False),
            ("tile_sort32_f32_no_tmp", "FP32", 2, 40, 40, 2, 2, False),
            ("tile_sort32_f32_tail", "FP32", 2, 40, 40, 2, 2, True),
            ("tile_sort32_f16_tail", "FP16", 1, 80, 70, 1, 1, True)):
        rng = rng_for(name)
        coef = 8 // R.width(dt)
        blocks = (vc + 31) // 32 if tmp else vc // 32
        dcols = max(coef * ((cols + 31) // 32) * 32, coef * cols)
        src = sort_values(dt, rng, rows * cols).reshape(rows, cols)
        icols = (cols + 31) // 32 * 32
        idx = rng.randint(0, 12, (idx_rows, icols)).astype(np.uint32)
        old = randoms(dt, rng, (rows, dcols))
        exp = old.copy()
        pad = 0xFFC00000 if dt == "FP32" else 0xFE00
        for r in range(dvr):
            xr = idx[r if idx_rows > 1 else 0]
            for b in range(blocks):
                n = min(32, vc - 32 * b)
                vals = list(src[r, 32 * b:32 * b + n]) + [pad] * (32 - n)
                exp[r, 32 * coef * b:32 * coef * (b + 1)] = sort32_block(dt, vals, xr[32 * b:32 * b + 32])
        tensors = [("x", (rows, cols), dt), ("i", (idx_rows, icols), "UINT32"), ("o", (rows, dcols), dt)]
        tiles = [Tile("tx", (rows, cols), dt), Tile("ti", (idx_rows, icols), "UINT32"), Tile("to", (rows, dcols), dt)]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(ti, i, [0, 0])", "pl.load(to, o, [0, 0])",
                "pl.set_validshape(tx, [%d, %d])" % (rows, vc), "pl.set_validshape(ti, [%d, %d])" % (idx_rows, vc),
                "pl.set_validshape(to, [%d, %d])" % (dvr, dcols)]
        if tmp:
            tiles.append(Tile("tt", (1, icols), dt))
            body.append("pl.sort32(to, tx, ti, tt)")
        else:
            body.append("pl.sort32(to, tx, ti)")
        body += ["pl.set_validshape(to, [%d, %d])" % (rows, dcols), "pl.store(o, to, [0, 0])"]
        c = Case(name, kernel_src(tensors, tiles, body), {"x": npy(dt, src), "i": npy("UINT32", idx),
                                                           "o": npy(dt, old)}, {"o": npy(dt, exp)})
        c.exact = True
        out.append(c)
    return out


def sorted_list(dt, rng, n, tie_pool):
    """n records sorted descending (vbitsort's order), values drawn from tie_pool."""
    vals = [tie_pool[rng.randint(0, len(tie_pool))] for _ in range(n)]
    idx = list(rng.randint(0, 1000, n))
    order = sorted(range(n), key=lambda k: (-sort_key(dt, vals[k]), idx[k]))
    return [(vals[k], idx[k]) for k in order]


def merge_lists(dt, lists, exhausted=False):
    """vmrgsort4: the largest key first, equal keys from the lower list; exhausted: stop once a
    list has given its last record."""
    at = [0] * len(lists)
    out = []
    while True:
        best = None
        for k, l in enumerate(lists):
            if at[k] < len(l) and (best is None or sort_key(dt, l[at[k]][0]) > sort_key(dt, lists[best][at[best]][0])):
                best = k
        if best is None:
            return out
        out.append(lists[best][at[best]])
        at[best] += 1
        if exhausted and at[best] == len(lists[best]):
            return out


def flat_records(dt, recs):
    return [e for v, i in recs for e in record(dt, v, i)]


@case
def mrgsort_cases():
    """pl.mrgsort: each four consecutive lists of block_len elements merged in place of dst,
    src cols // (4 block_len) times; dst keeps its old values past them."""
    out = []
    for name, dt, cols, block_len in (("tile_mrgsort_f32", "FP32", 512, 64), ("tile_mrgsort_f16", "FP16", 1152, 256)):
        rng = rng_for(name)
        coef = 8 // R.width(dt)
        n = block_len // coef
        pool = list(sort_values(dt, rng, 10))
        nlists = cols // block_len
        lists = [sorted_list(dt, rng, n, pool) for _ in range(nlists)]
        src = np.array(flat_records(dt, [r for l in lists for r in l]) + [0] * (cols - nlists * block_len),
                       dtype=R.store_type(dt)).reshape(1, cols)
        old = randoms(dt, rng, (1, cols))
        exp = old.copy().reshape(-1)
        for g in range(cols // (4 * block_len)):
            merged = flat_records(dt, merge_lists(dt, lists[4 * g:4 * g + 4]))
            exp[4 * g * block_len:4 * (g + 1) * block_len] = merged
        tensors = [("x", (1, cols), dt), ("o", (1, cols), dt)]
        tiles = [Tile("tx", (1, cols), dt), Tile("to", (1, cols), dt)]
        body = ["pl.load(tx, x, [0, 0])", "pl.load(to, o, [0, 0])", "pl.mrgsort(to, tx, block_len=%d)" % block_len,
                "pl.store(o, to, [0, 0])"]
        c = Case(name, kernel_src(tensors, tiles, body), {"x": npy(dt, src), "o": npy(dt, old)},
                 {"o": npy(dt, exp.reshape(1, cols))})
        c.exact = True
        out.append(c)
    return out


@case
def mrgsort2_cases():
    """pl.mrgsort2(a, b, c, d, e..., exhausted=): the lowering's (dst, src0, tmp, src1, src2...)
    = (a, b, c, d, e...): the lists of b, d, e... merged into c, then a's valid cols copied from c."""
    out = []
    for name, dt, lens, exhausted in (("tile_mrgsort2_f32", "FP32", (32, 48), False),
                                      ("tile_mrgsort2_f16_three_exhausted", "FP16", (16, 24, 8), True),
                                      ("tile_mrgsort2_f32_four", "FP32", (8, 16, 24, 8), False)):
        rng = rng_for(name)
        coef = 8 // R.width(dt)
        pool = list(sort_values(dt, rng, 6))
        lists = [sorted_list(dt, rng, n, pool) for n in lens]
        total = sum(lens)
        tcols = total * coef + 32
        acols = (total * coef // 2 + 31) // 32 * 32
        srcs = [np.array(flat_records(dt, l), dtype=R.store_type(dt)).reshape(1, -1) for l in lists]
        a_old, c_old = randoms(dt, rng, (1, acols)), randoms(dt, rng, (1, tcols))
        merged = flat_records(dt, merge_lists(dt, lists, exhausted))
        c_exp = c_old.copy()
        c_exp[0, :len(merged)] = merged
        a_exp = c_exp[:, :acols].copy()
        names = ["b", "d", "e", "f"][:len(lens)]
        tensors = [("a", (1, acols), dt), ("c", (1, tcols), dt)] + [(n, s.shape, dt) for n, s in zip(names, srcs)]
        tiles = [Tile("ta", (1, acols), dt), Tile("tc", (1, tcols), dt)] + \
            [Tile("t" + n, s.shape, dt) for n, s in zip(names, srcs)]
        body = ["pl.load(t%s, %s, [0, 0])" % (n, n) for n in ["a", "c"] + names]
        extra = "".join(", t" + n for n in names[2:])
        body += ["pl.mrgsort2(ta, tb, tc, td%s, exhausted=%s)" % (extra, exhausted),
                 "pl.store(a, ta, [0, 0])", "pl.store(c, tc, [0, 0])"]
        inputs = {"a": npy(dt, a_old), "c": npy(dt, c_old)}
        inputs.update({n: npy(dt, s) for n, s in zip(names, srcs)})
        c = Case(name, kernel_src(tensors, tiles, body), inputs, {"a": npy(dt, a_exp), "c": npy(dt, c_exp)})
        c.exact = True
        out.append(c)
    return out


@case
def addc_cases():
    """out = (a + b) + c, each add rounded to the dtype (§15.26)."""
    return [elementwise_case("tile_addc_" + SHORT[dt], dt, "pl.addc(to, ta, tb, tc)", 3,
                             lambda a, b, c, dt=dt: R.binary(dt, "add", R.binary(dt, "add", a, b), c))
            for dt in ["FP32", "FP16", "BF16", "INT32", "INT16", "UINT16"]]


def all_cases():
    out = []
    for fn in CASES:
        r = fn()
        out += r if isinstance(r, list) else [r]
    names = [c.name for c in out]
    assert len(names) == len(set(names)), "duplicate case names"
    return out


def write_case(top, out, c):
    """The case's kernel is its own k.py, named where it will be once top is renamed to out."""
    case_dirs.write_case(top, c, "%s k" % os.path.join(out, c.name, "k.py"), {"k.py": c.src})


if __name__ == "__main__":
    sys.exit(case_dirs.main("gen_tile_tests", __doc__, all_cases, write_case))
