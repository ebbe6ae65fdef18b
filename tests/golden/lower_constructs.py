# Every construct of the DSL subset the lowering accepts, once (not a device program).
import pypto_pro.language as pl


def helper_left_alone(x):
    return x / 2 if x else None  # plain Python outside the DSL: never read


@pl.vector_function(inline=True)
def vf_all(src_tile, dst_tile, n):
    """Docstrings are skipped."""
    preg = vf.create_mask(pattern=pl.MaskPattern.VL16, dtype=pl.DT_INT16)
    m = vf.update_mask(n, pl.DT_FP16)
    reg = vf.load_align(src_tile, -1 * n // 2 % 7, dist=pl.LoadDist.BRC, dtype=pl.DT_FP16)
    vf.store_align(dst_tile, vf.abs(vf.relu(reg, m), m), preg)  # nested calls
    for i in pl.range(1, n):
        for j in pl.range(0, 8, 2):
            off = -(i * 64) + j - 3
            full = vf.full(1.5, m, dtype=pl.DT_FP32)
            vf.store_align(dst_tile + off, full, m, post_update=False)
    lo, hi = vf.load_align(src_tile, [n, 0], dist=pl.LoadDist.DINTLV_B16)
    flag = True
    nothing = None
    cmp = vf.lt(lo, hi, preg, cmp_dtype=pl.DT_UINT16)
    vf.mem_bar()
    pass


@pl.jit
def kernel_all(a: pl.Tensor[[pl.DYNAMIC, 64], pl.DT_INT16], rows: int, scale: float):
    tt = pl.TileType([2, 64], pl.DT_INT16, pl.MemorySpace.Vec, valid_shape=[1, 64])
    grp = pl.make_tile_group(type=tt, addrs=0x0, mutex_ids=[0, 1])
    t0 = grp.current()
    t1 = grp.next()
    t2 = grp.previous()
    with pl.section_vector():
        pl.set_validshape(t0, [1, 64])
        pl.load(t0, a, [0, 0])
        pl.system.sync_src(pl.PipeType.MTE2, pl.PipeType.V, 0)
        pl.system.sync_dst(pl.PipeType.MTE2, pl.PipeType.V, 0)
        vf_all(t0, t1, rows)
        pl.store(a, t1, [0, 0])


if __name__ == "__main__":
    print(helper_left_alone(4))
