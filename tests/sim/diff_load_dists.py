# Differential kernel (tests/run_sim.sh): the generic load dists on an INT16 register, each
# resolved at b16 (docs/SEMANTICS.md §2.2). Row k of out (128 INT16 lanes) is register k:
#   0 BRC  at element 3    -> BRC_B16:  e[i] = a[3]
#   1 US   at element 16   -> US_B16:   e[i] = a[16 + i//2]
#   2 DS   at element 0    -> DS_B16:   e[i] = a[2i]
#   3 UNPK at element 32   -> UNPK_B16: e[2k] = a[32 + k], e[2k+1] = 0
#   4 E2B  at element 48   -> E2B_B16:  e[i] = a[48 + i//16]
#   5 BLK  at element 64   -> BLK:      e[i] = a[64 + i%16]  (one 32-byte block 8 times)
#   6 UNPK4 at element 80, dtype=UINT8 -> UNPK4_B8: byte 4k = byte 160+k of a, other bytes 0
#     (stored through a b8 mask, NORM_B8)
# tools/diff_kernels.py restates these formulas for the expected output.
import pypto_pro.language as pl

@pl.vector_function
def load_dists(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_INT16)
    r0 = vf.load_align(src_tile, 3, dist=pl.LoadDist.BRC)
    vf.store_align(dst_tile, r0, preg)
    r1 = vf.load_align(src_tile, 16, dist=pl.LoadDist.US)
    vf.store_align(dst_tile + 128, r1, preg)
    r2 = vf.load_align(src_tile, 0, dist=pl.LoadDist.DS)
    vf.store_align(dst_tile + 256, r2, preg)
    r3 = vf.load_align(src_tile, 32, dist=pl.LoadDist.UNPK)
    vf.store_align(dst_tile + 384, r3, preg)
    r4 = vf.load_align(src_tile, 48, dist=pl.LoadDist.E2B)
    vf.store_align(dst_tile + 512, r4, preg)
    r5 = vf.load_align(src_tile, 64, dist=pl.LoadDist.BLK)
    vf.store_align(dst_tile + 640, r5, preg)
    r6 = vf.load_align(src_tile, 80, dist=pl.LoadDist.UNPK4, dtype=pl.DT_UINT8)
    preg8 = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    vf.store_align(dst_tile + 768, r6, preg8)

@pl.jit()
def kernel(
    a: pl.Tensor[[1, 256], pl.DT_INT16],
    out: pl.Tensor[[7, 128], pl.DT_INT16],
):
    ta = pl.TileType(shape=[1, 256], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    to = pl.TileType(shape=[7, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    in_grp = pl.make_tile_group(type=ta, addrs=0x0, mutex_ids=[0])
    in_a = in_grp.current()
    out_grp = pl.make_tile_group(type=to, addrs=0x400, mutex_ids=[1])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(in_a, a, [0, 0])
        load_dists(in_a, t_out)
        pl.store(out, t_out, [0, 0])
