"""debug_cases.py - the cases of samples/debug_dump.py (pl.dump_data, pl.pto_assert) and
samples/cube_ssbuf.py (the SSBUF between the cores of a block), samples/simt_threads.py (SIMT
functions), samples/store_atomic.py (atomic adds from the UB) and samples/gm_set_stride.py
(pl.set_stride) for gen_samples.py.

The expected stdout is written here from the printing rules of docs/SEMANTICS.md §6.2 (the
text pypto_pro's device code prints), with Python's own %-formatting of the values numpy
computes; never from what pvc printed.
"""
import os

import numpy as np

EXACT = "--rtol 0 --atol 0"


class Case:
    def __init__(self, name, inputs, expects, args, kernel=None, stdout=None, fault=None):
        self.name, self.inputs, self.expects, self.args = name, inputs, expects, args
        self.kernel, self.stdout, self.fault = kernel, stdout, fault


def value(dtype, v):
    """One element as the device prints it: '%f ' of a float, '%d ' of a signed integer."""
    return ("%f " % float(v)) if np.dtype(dtype).kind == "f" else ("%d " % int(v))


def tensor_dump(name, x):
    """A 2-D window x of a tensor: the five-axis view, one Batch line, one line per row."""
    lines = ["=== [dump_tensor] dtype: %s, Layout: ND, shape=[1,1,1,%d,%d] ===" % ((name,) + x.shape),
             "  Batch [0, 0, 0]:"]
    lines += ["".join(value(x.dtype, v) for v in row) for row in x]
    return lines


def tile_dump(name, t, vr, vc):
    """A whole Vec tile t with valid shape vr x vc: '| ' after the last valid column, a line
    of 8 dashes after the last valid row."""
    rows, cols = t.shape
    lines = ["=== [dump_tile] dtype: %s, shape=[%d,%d], valid=[%d,%d], Layout: ND ===" % (name, rows, cols, vr, vc)]
    for r in range(rows):
        lines.append("".join(value(t.dtype, t[r, c]) + ("| " if c == vc - 1 and vc < cols else "")
                             for c in range(cols)))
        if r == vr - 1 and vr < rows:
            lines.append("--------")
    return lines


def window_dump(header, name, t, src_shape, off, want, valid, kind="Vec"):
    lines = ["=== [TPRINT %s] Data Type: %s, Layout: %s, TileType: %s ===" % (header, name, "NZ" if kind == "Acc" else "ND", kind),
             "  Source Shape: [%d, %d], Window Offsets: [%d, %d], Requested Shape: [%d, %d], Valid Shape: [%d, %d]"
             % (src_shape + off + want + valid)]
    r0, c0 = off
    lines += ["".join(value(t.dtype, t[r0 + r, c0 + c]) for c in range(valid[1])) for r in range(valid[0])]
    return lines


def block(lines):
    """One dump call: '[block 0] ' before its text, which it writes in one piece."""
    return "[block 0] " + "\n".join(lines) + "\n"


def line_of(sample, marker):
    """The line of samples/<sample>.py holding marker (what loc=True prints)."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "samples", sample + ".py")
    hits = [i + 1 for i, line in enumerate(open(path)) if marker in line]
    assert len(hits) == 1, (marker, hits)
    return hits[0]


def debug_dump(sample):
    a = (np.arange(32, dtype=np.int32).reshape(4, 8) * 3 - 7).astype(np.int32)
    f = (np.arange(16).reshape(2, 8) * 0.25 - 1.5).astype(np.float16)  # exact in FP16
    cases = []
    for n in (3, 6):
        text = block(["=== [flag] input a ==="]) + block(tensor_dump("int32", a))
        text += block(tensor_dump("int32", a[1:3, 2:2 + n]))
        # valid shape 3 x 5; the window [1, 3] + [4, 4] clipped to it: 2 x 2
        text += block(tile_dump("int32", a, 3, 5))
        text += block(window_dump("Tile Window", "int32", a, (4, 8), (1, 3), (4, 4), (2, 2)))
        text += block(["[debug_dump.py:%d] dump_tile" % line_of(sample, "shapes=[2, 3], loc=True)")])
        text += block(window_dump("Tile Window", "float16", f, (2, 8), (0, 1), (2, 3), (2, 3)))
        cases.append(Case("vec_n%d" % n, {"a": a, "f": f}, {"out": a.copy()}, "%s --scalar n=%d" % (EXACT, n),
                          kernel="samples/%s.py dump_vec" % sample, stdout=text))
    # small integers in FP16: every product and sum is exact in FP32, so c = A @ B exactly
    A = (np.arange(256) % 7 - 3).astype(np.float16).reshape(16, 16)
    B = (np.arange(256) % 5 - 2).astype(np.float16).reshape(16, 16)
    C = A.astype(np.float32) @ B.astype(np.float32)
    # the window [14, 13] + [4, 4] clipped to the 16 x 16 tile: 2 x 3
    text = block(window_dump("Acc Tile Window", "float32", C, (16, 16), (14, 13), (4, 4), (2, 3), kind="Acc"))
    cases.append(Case("acc", {"a": A, "b": B}, {"c": C, "ws": C.copy()}, EXACT,
                      kernel="samples/%s.py dump_acc" % sample, stdout=text))
    # pl.pto_assert: the kernel goes on after a failed assertion, so out is complete
    where = "[debug_dump.py:%d] " % line_of(sample, "pl.pto_assert(i < limit")
    for limit in (9, 2):
        text = ""
        for i in range(4):
            if not i < limit:
                text += block([where + "Assertion failed: i < limit"]) + block(["i=%d reached limit %d" % (i, limit)])
            if not i != 2:
                text += block(["Assertion failed: i != 2"])
        text += block(["[debug_dump.py:%d] done, limit %d" % (line_of(sample, "pl.printf(\"done"), limit)])
        cases.append(Case("assert_limit%d" % limit, {}, {"out": np.arange(4, dtype=np.int32) * 10},
                          "%s --scalar limit=%d" % (EXACT, limit), kernel="samples/%s.py check_limit" % sample,
                          stdout=text))
    return cases


def cube_ssbuf(sample):
    """out = [x0 + x1, x2 * x3, (x0 + x1) - x2 * x3, 1 (the float field came through)] when the
    24-byte struct (two int64 fields and a float, padded to 8) fits the 256-byte SSBUF at a
    multiple of 4; else the store faults."""
    x = np.array([3, -9, 7, 6], np.int32)
    a, b = int(x[0]) + int(x[1]), int(x[2]) * int(x[3])
    want = np.array([a, b, a - b, 1], np.int32)
    where = "samples/%s.py:%d:13" % (sample, line_of(sample, "pl.ssbuf_store(msg, off)"))
    cases = [Case("off_%d" % off, {"x": x, "out": np.zeros(4, np.int32)}, {"out": want},
                  "%s --scalar off=%d" % (EXACT, off)) for off in (0, 8, 232)]
    cases.append(Case("past_end", {"x": x, "out": np.zeros(4, np.int32)}, {}, "--scalar off=236",
                      fault=[where, "SSBUF bytes [236, 260) are outside its 256 bytes"]))
    cases.append(Case("misaligned", {"x": x, "out": np.zeros(4, np.int32)}, {}, "--scalar off=6",
                      fault=[where, "SSBUF offset 6 is not a multiple of 4"]))
    return cases


def simt_threads(sample):
    """Thread (x, y) of the (4, 8) block: out[y, x] = x[y, x] * scale + bias for y < rows,
    else x[y, x]; ids[y, x] = x + 4*y (the linear index) + 100 * 0 (block) + 1000 * 1 (grid).
    The inputs are multiples of 0.5 and scale, bias multiples of 0.25, so every value is exact
    in FP32 whichever way the scalar arithmetic rounds."""
    x = (np.arange(32).reshape(8, 4) * 0.5 - 3).astype(np.float32)
    ids = (np.arange(32).reshape(8, 4) + 1000).astype(np.int32)
    cases = []
    for rows, scale, bias in ((5, 2.0, 0.25), (8, -0.5, 1.0), (0, 3.0, 0.0)):
        out = x.copy()
        out[:rows] = x[:rows] * np.float32(scale) + np.float32(bias)
        cases.append(Case("rows_%d" % rows, {"x": x}, {"out": out, "ids": ids},
                          "%s --scalar rows=%d --scalar scale=%r --scalar bias=%r" % (EXACT, rows, scale, bias)))
    return cases


def store_atomic(sample):
    """acc = acc0 + the sum of x's 4 rows, wrapping at 32 bits (int64 sums reduced mod 2^32);
    hacc = hacc0 + the sum of h's rows, exact (quarters below 64)."""
    rng = np.random.RandomState(7)
    x = rng.randint(-2**31, 2**31, size=(4, 64)).astype(np.int32)
    acc0 = rng.randint(-2**31, 2**31, size=(1, 64)).astype(np.int32)
    total = (acc0.astype(np.int64) + x.astype(np.int64).sum(axis=0)) % 2**32
    acc = np.where(total >= 2**31, total - 2**32, total).astype(np.int32)
    h = (rng.randint(-20, 20, size=(4, 64)) * 0.25).astype(np.float16)
    hacc0 = (rng.randint(-20, 20, size=(1, 64)) * 0.25).astype(np.float16)
    hacc = (hacc0.astype(np.float64) + h.astype(np.float64).sum(axis=0)).astype(np.float16)
    return [Case("blocks_4", {"x": x, "acc": acc0, "h": h, "hacc": hacc0}, {"acc": acc, "hacc": hacc},
                 EXACT + " --blocks 4")]


def gm_set_stride(sample):
    """out[c][i] = x[i][c] and out[c][i + 8] = x[i + steps[i]][c] (the comment of the sample);
    a step of 31 at pair 5 puts row 36 past x's 32 rows, so that load faults."""
    x = np.arange(32 * 64, dtype=np.float32).reshape(32, 64) * 0.5
    cases = []
    for name, steps in (("steps_a", [1, 3, 5, 7, 2, 4, 6, 8]), ("steps_b", [24, 0, 9, 1, 1, 26, 11, 3])):
        out = np.zeros((64, 16), np.float32)
        for i, s in enumerate(steps):
            out[:, i], out[:, i + 8] = x[i], x[i + s]
        cases.append(Case(name, {"x": x, "steps": np.array([steps], np.int32), "out": np.zeros((64, 16), np.float32)},
                          {"out": out}, EXACT))
    where = "samples/%s.py:%d:13" % (sample, line_of(sample, "pl.load(t, x, [i, 0])"))
    cases.append(Case("past_end", {"x": x, "steps": np.array([[1, 1, 1, 1, 1, 31, 1, 1]], np.int32),
                                   "out": np.zeros((64, 16), np.float32)}, {}, "",
                      fault=[where, "leaves the tensor's 2048 elements"]))
    return cases


def lang_ptr(sample):
    """out[i][j] = x[skip + i * pitch + j] (the comment of the sample); skip 40 and pitch 80
    put the last row's end at 40 + 7 * 80 + 64 = 664 > x's 640 elements, so the load faults."""
    x = np.arange(640, dtype=np.float32) * 0.25 - 7.0
    cases = []
    for name, skip, pitch in (("pitch_a", 3, 70), ("pitch_b", 0, 64), ("pitch_c", 16, 72)):
        out = np.stack([x[skip + i * pitch: skip + i * pitch + 64] for i in range(8)])
        cases.append(Case(name, {"x": x, "prm": np.array([[skip, pitch]], np.int32), "out": np.zeros((8, 64), np.float32)},
                          {"out": out}, EXACT))
    where = "samples/%s.py:%d:9" % (sample, line_of(sample, "pl.load(t, v, [0, 0])"))
    cases.append(Case("past_end", {"x": x, "prm": np.array([[40, 80]], np.int32), "out": np.zeros((8, 64), np.float32)},
                      {}, "", fault=[where, "past the start of the 2560-byte tensor"]))
    return cases


DEBUG_SAMPLES = [("debug_dump", debug_dump), ("cube_ssbuf", cube_ssbuf), ("simt_threads", simt_threads),
                 ("store_atomic", store_atomic), ("gm_set_stride", gm_set_stride),
                 ("lang_ptr", lang_ptr)]
