# A jit kernel with scalar parameters (int, float, bool), run by both backends through
# tests/sim/diff_kernels.txt with --scalar values. For a (FP32, rows x 64) and
# n_rows, r0: int; thr, fill: float; keep: bool, out (FP32, 2 * n_rows + 2 rows) is:
#   rows 2r, 2r+1 (r < n_rows) = fill where a[r0 + 2r + i] >= FP32(thr * 2.0), else +0.0
#                                (pl.range bound and load/store offsets from scalars; the
#                                threshold is Python float arithmetic in the kernel, encoded
#                                at FP32 nearest-even, §5.2; NaN >= x is false; zeroing, §5.7)
#   row 2 * n_rows             = 1.0 if keep else 0.0 (a bool is the int 0/1, §5.7)
#   row 2 * n_rows + 1         = FP32(n_rows - r0)
import pypto_pro.language as pl


@pl.vector_function
def threshold_rows(src_tile, dst_tile, rows, thr, fill):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(rows):
        reg = vf.load_align(src_tile + i * 64, 0)
        ge = vf.ge(reg, thr, preg)
        vf.store_align(dst_tile + i * 64, vf.full(fill, ge, dtype=pl.DT_FP32), preg)


@pl.vector_function
def scalar_rows(dst_tile, keep, count):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.full(keep, dtype=pl.DT_FP32), preg)
    vf.store_align(dst_tile + 64, vf.full(count, dtype=pl.DT_FP32), preg)


@pl.jit()
def scalar_kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    n_rows: int,
    r0: int,
    thr: float,
    fill: float,
    keep: bool,
):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=512)
    t_out = pl.make_tile(tf, addr=0x200, size=512)
    t_tail = pl.make_tile(tf, addr=0x400, size=512)
    with pl.section_vector():
        for r in pl.range(n_rows):
            pl.load(t_in, a, [r0 + r * 2, 0])
            threshold_rows(t_in, t_out, 2, thr * 2.0, fill)
            pl.store(out, t_out, [r * 2, 0])
        scalar_rows(t_tail, keep, n_rows - r0)
        pl.store(out, t_tail, [n_rows * 2, 0])
