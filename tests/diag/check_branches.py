# the checks see every branch of an if and the condition and body of a while (decision 3,
# decision 4): a misaligned address in an else block, a tile past the UB in a branch
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile, n: pl.DT_INT32):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    if n > 0:
        r = vf.load_align(src_tile, 0)
    elif n < -4:
        r = vf.load_align(src_tile + 2, 0)
    else:
        r = vf.load_align(src_tile + 4, 0)
    while n > 0:
        vf.store_align(src_tile + 1, r, preg, 0)
        n = n - 1
    vf.store_align(dst_tile, r, preg, 0)

@pl.jit()
def kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0)
    t_out = pl.make_tile(tf, addr=0x200)
    if n > 1:
        t_big = pl.make_tile(tf, addr=0x3FF00)
        with pl.section_vector():
            pl.load(t_big, a, [0, 0])
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_x(t_in, t_out, n)
        pl.store(out, t_out, [0, 0])
