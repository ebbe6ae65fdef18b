# Membership tests on run-time values and pl.constexpr: each row r of x goes through abs when
# r is in PICK, through relu when r is in pl.range(1, n, 3) (1, 4, 7, ... below n), else is
# copied when r is not in [3, 6] and COPY_REST holds (a value pl.constexpr reads when the
# kernel compiles); the other rows are skipped, so y keeps its zeros there.
import pypto_pro.language as pl

ROWS, LANES = 8, 64
PICK = (0, 2, 5)
COPY_REST = True


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
def membership_kernel(x: pl.Tensor[[ROWS, LANES], pl.DT_FP32], y: pl.Tensor[[ROWS, LANES], pl.DT_FP32], n: int):
    tt = pl.TileType(shape=[1, LANES], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(tt, addr=0x0, size=256)
    dst = pl.make_tile(tt, addr=0x100, size=256)
    with pl.section_vector():
        for r in pl.range(ROWS):
            pl.load(src, x, [r, 0])
            if r in PICK:
                abs_row(src, dst)
            elif r in pl.range(1, n, 3):
                relu_row(src, dst)
            elif r not in [3, 6] and pl.constexpr(COPY_REST):
                copy_row(src, dst)
            else:
                continue
            pl.store(y, dst, [r, 0])
