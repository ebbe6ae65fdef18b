# Differential kernel (tests/run_sim.sh): update_mask in a loop, vector compares, relu and
# full (docs/SEMANTICS.md §5.1-§5.3, §5.7). Row i of out (FP32, 64 lanes), i = 0..3:
#   m  = update_mask(10 + 20i)       first min(10 + 20i, 64) lanes
#   gt = a[i] > b[i] on m            (vector compare, NaN -> false)
#   out[i] = relu(a[i]) where gt, 0 on the other lanes of m, unchanged beyond m
# Row 4: full(-2.5) stored where a[0] <= b[0] (all 64 lanes); full.m(0.75) under the VL8
# mask at row 5; row 6: vf.full broadcast of lane 0 of b[3] (pos LOWEST, the default).
import pypto_pro.language as pl

@pl.vector_function
def mask_cmp(a_tile, b_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for i in pl.range(4):
        m = vf.update_mask(10 + 20 * i, pl.DT_FP32)
        ra = vf.load_align(a_tile, [i, 0])
        rb = vf.load_align(b_tile, [i, 0])
        gt = vf.gt(ra, rb, m)
        r = vf.relu(ra, gt)
        vf.store_align(dst_tile + i * 64, r, m)
    a0 = vf.load_align(a_tile, 0)
    b0 = vf.load_align(b_tile, 0)
    le = vf.le(a0, b0, preg)
    f = vf.full(-2.5, dtype=pl.DT_FP32)
    vf.store_align(dst_tile + 256, f, le)
    vl8 = vf.create_mask(pattern=pl.MaskPattern.VL8, dtype=pl.DT_FP32)
    g = vf.full(0.75, vl8, dtype=pl.DT_FP32)
    vf.store_align(dst_tile + 320, g, preg)
    b3 = vf.load_align(b_tile, [3, 0])
    h = vf.full(b3, preg, dtype=pl.DT_FP32)
    vf.store_align(dst_tile + 384, h, preg)

@pl.jit()
def kernel(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    b: pl.Tensor[[4, 64], pl.DT_FP32],
    out: pl.Tensor[[7, 64], pl.DT_FP32],
):
    tv = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    to = pl.TileType(shape=[7, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    a_grp = pl.make_tile_group(type=tv, addrs=0x0, mutex_ids=[0])
    t_a = a_grp.current()
    b_grp = pl.make_tile_group(type=tv, addrs=0x400, mutex_ids=[1])
    t_b = b_grp.current()
    out_grp = pl.make_tile_group(type=to, addrs=0x800, mutex_ids=[2])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_a, a, [0, 0])
        pl.load(t_b, b, [0, 0])
        pl.load(t_out, out, [0, 0])
        mask_cmp(t_a, t_b, t_out)
        pl.store(out, t_out, [0, 0])
