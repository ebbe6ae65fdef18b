"""lang_cases.py - the cases of the language samples (samples/lang_*.py) for gen_samples.py.

Every expected output is computed here in numpy from the sample's comment (the Python the
kernel states), never by pvc. Inputs are standard normal FP32 from the sample's own seed.
"""
import numpy as np

EXACT = "--rtol 0 --atol 0"


class Case:
    def __init__(self, name, inputs, expects, args):
        self.name, self.inputs, self.expects, self.args = name, inputs, expects, args


def rng_for(sample, salt=""):
    import zlib
    return np.random.RandomState(zlib.crc32((sample + salt).encode()) & 0x7FFFFFFF)


def randn(rng, shape):
    return rng.standard_normal(shape).astype(np.float32)


def neg(a):
    """vf.neg flips the sign bit (docs/SEMANTICS.md §10.4)."""
    return (a.view(np.uint32) ^ np.uint32(0x80000000)).view(np.float32)


def lang_constants(sample):
    """out = |a| * FP32(1/sqrt(64)) = |a| * 0.125: a power of two, exact (§10.2)."""
    a = randn(rng_for(sample), (4, 128))
    return [Case("default", {"a": a}, {"out": (np.abs(a) * np.float32(0.125)).astype(np.float32)}, EXACT)]


def lang_control_flow(sample):
    """Rows r < limit, odd rows skipped when skip_odd; mode 0 relu (max(x, 0), -0 -> +0,
    §5.3), 1 abs, else copy; other rows of y stay zero (y is bound to zeros)."""
    cases = []
    for name, mode, limit, skip in (("relu_limit3", 0, 3, False), ("abs_skip_odd", 1, 99, True),
                                    ("copy_all", 5, 6, False), ("nothing", 0, 0, True)):
        x = randn(rng_for(sample, name), (6, 64))
        y = np.zeros((6, 64), np.float32)
        for r in range(6):
            if r >= limit:
                break
            if skip and r % 2 == 1:
                continue
            row = x[r]
            y[r] = np.where(row > 0, row, np.float32(0)) if mode == 0 else np.abs(row) if mode == 1 else row
        args = "%s --scalar mode=%d --scalar limit=%d --scalar skip_odd=%s" % (EXACT, mode, limit, skip)
        cases.append(Case(name, {"x": x}, {"y": y}, args))
    return cases


def lang_helpers(sample):
    """y[:m] = relu(x[:m]) with m = min(max(n, 0), 256); y[m:] keeps its input."""
    cases = []
    for n in (0, 70, 256, 1000, -3):
        x = randn(rng_for(sample, str(n)), (1, 256))
        y0 = randn(rng_for(sample, "y%d" % n), (1, 256))
        m = min(max(n, 0), 256)
        y = y0.copy()
        y[0, :m] = np.where(x[0, :m] > 0, x[0, :m], np.float32(0))
        cases.append(Case("n_%d" % n if n >= 0 else "n_minus_%d" % -n, {"x": x, "y": y0}, {"y": y},
                          "%s --scalar n=%d" % (EXACT, n)))
    return cases


def lang_tiles(sample):
    """y = -x for every row; rows is x.shape[0], tiles of 4 rows, the last one partial."""
    cases = []
    for rows in (5, 16, 1):
        x = randn(rng_for(sample, str(rows)), (rows, 64))
        cases.append(Case("rows_%d" % rows, {"x": x}, {"y": neg(x)}, EXACT))
    return cases


def lang_rank3(sample):
    """y = |x| on a [2, S, 64] tensor (S even: whole tiles of 2 rows)."""
    cases = []
    for s in (2, 6):
        x = randn(rng_for(sample, str(s)), (2, s, 64))
        cases.append(Case("s_%d" % s, {"x": x}, {"y": np.abs(x)}, EXACT))
    return cases


def tiling_bytes(fields, values):
    """A tiling argument's bytes as ctypes lays out the C struct of `fields` ([(name, ctype)])
    with natural alignment: the host rule pypto_pro packs by (docs/SEMANTICS.md §16.8),
    computed here without pvc."""
    import ctypes

    cls = type("Tiling", (ctypes.Structure,), {"_fields_": fields})
    inst = cls()
    for name, v in values.items():
        cur = getattr(inst, name)
        if isinstance(cur, ctypes.Array):
            for i, e in enumerate(v):
                cur[i] = e
        else:
            setattr(inst, name, v)
    return np.frombuffer(bytes(inst), dtype=np.uint8).copy()


def lang_structs(sample):
    """Rows r < rows: y[r] = fp32(fp32(x[r] * scale[k]) + bias) when enabled and mode[k] == 1
    (k = r % 4), else x[r]; later rows stay as bound (zeros). counts = [scaled rows, sum of 2r
    over them, per slot k: its scaled rows and the last such r, -1 if none]."""
    import ctypes

    fields = [("mode", ctypes.c_int64 * 4), ("scale", ctypes.c_float * 4), ("bias", ctypes.c_float),
              ("enabled", ctypes.c_bool), ("rows", ctypes.c_int64)]
    cases = []
    for name, mode, scale, bias, enabled, rows in (
            ("all_rows", [1, 0, 1, 1], [1.5, 2.0, 0.1, -3.0], 0.25, True, 8),
            ("five_rows", [0, 1, 0, 0], [1.0, 7.0, 1.0, 1.0], -1.0, True, 5),
            ("disabled", [1, 1, 1, 1], [2.0, 2.0, 2.0, 2.0], 1.0, False, 3),
            ("no_rows", [1, 1, 1, 1], [2.0, 2.0, 2.0, 2.0], 1.0, True, 0)):
        x = randn(rng_for(sample, name), (8, 64))
        y = np.zeros((8, 64), np.float32)
        counts = [0, 0] + [0, -1] * 4
        for r in range(rows):
            k = r % 4
            if enabled and mode[k] == 1:
                y[r] = (x[r] * np.float32(scale[k])).astype(np.float32) + np.float32(bias)
                counts[0] += 1
                counts[1] += 2 * r
                counts[2 + 2 * k] += 1
                counts[3 + 2 * k] = r
            else:
                y[r] = x[r]
        t = tiling_bytes(fields, {"mode": mode, "scale": scale, "bias": bias, "enabled": enabled, "rows": rows})
        assert t.size == 64  # int64[4] @0, float[4] @32, bias @48, enabled @52, 3 pad, rows @56
        cases.append(Case(name, {"x": x, "y": np.zeros((8, 64), np.float32), "counts": np.zeros(10, np.int32),
                                 "tiling": t},
                          {"y": y, "counts": np.array(counts, np.int32)}, EXACT))
    return cases


def lang_membership(sample):
    """Row r: abs when r in (0, 2, 5); relu (max(x, 0), -0 -> +0, §5.3) when r in range(1, n, 3);
    a copy when r not in [3, 6]; else y stays zero there (y is bound to zeros)."""
    cases = []
    for n in (5, 8, 0):
        x = randn(rng_for(sample, str(n)), (8, 64))
        y = np.zeros((8, 64), np.float32)
        for r in range(8):
            if r in (0, 2, 5):
                y[r] = np.abs(x[r])
            elif r in range(1, n, 3):
                y[r] = np.where(x[r] > 0, x[r], np.float32(0))
            elif r not in [3, 6]:
                y[r] = x[r]
        cases.append(Case("n_%d" % n, {"x": x}, {"y": y}, "%s --scalar n=%d" % (EXACT, n)))
    return cases


LANG_SAMPLES = [
    ("lang_constants", lang_constants),
    ("lang_control_flow", lang_control_flow),
    ("lang_helpers", lang_helpers),
    ("lang_tiles", lang_tiles),
    ("lang_rank3", lang_rank3),
    ("lang_structs", lang_structs),
    ("lang_membership", lang_membership),
]
