# Run-time control flow in a kernel: rows are processed until `limit` (break), odd rows are
# skipped when `skip_odd` is set (continue), and `mode` picks the vector function
# (if/elif/else): 0 relu, 1 abs, anything else a copy. Rows never stored stay as `y` was.
import pypto_pro.language as pl

ROWS, LANES = 6, 64


@pl.vector_function
def relu_row(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.relu(vf.load_align(src, 0), preg), preg)


@pl.vector_function
def abs_row(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.abs(vf.load_align(src, 0), preg), preg)


@pl.vector_function
def copy_row(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst, vf.load_align(src, 0), preg)


@pl.jit()
def rows_kernel(x: pl.Tensor[[ROWS, LANES], pl.DT_FP32], y: pl.Tensor[[ROWS, LANES], pl.DT_FP32],
                mode: int, limit: int, skip_odd: bool):
    tt = pl.TileType(shape=[1, LANES], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(tt, addr=0x0, size=256)
    dst = pl.make_tile(tt, addr=0x100, size=256)
    with pl.section_vector():
        for r in pl.range(ROWS):
            if r >= limit:
                break
            if skip_odd and r % 2 == 1:
                continue
            pl.load(src, x, [r, 0])
            if mode == 0:
                relu_row(src, dst)
            elif mode == 1:
                abs_row(src, dst)
            else:
                copy_row(src, dst)
            pl.store(y, dst, [r, 0])
