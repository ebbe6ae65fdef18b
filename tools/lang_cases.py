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
    ("lang_membership", lang_membership),
]
