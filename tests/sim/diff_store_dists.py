# Differential kernel (tests/run_sim.sh): the generic store dists from INT32 registers
# (docs/SEMANTICS.md §3.1, §3.3, §3.4). out is first loaded from its own input, so bytes a store
# does not write keep their value. Byte offsets into out:
#   0    PACK,  mask H (elements 0..31) -> PK_B32:    UB2[2i] = low half of a[i], i < 32
#   256  PACK4, mask ALL                -> PK4_B32:   UB1[i] = low byte of a[i], i < 64
#   384  FIRST_ELEMENT, mask H          -> ONEPT_B32: UB4[0] = b[0]
#   512  INTLV (a, b), mask ignored     -> INTLV_B32: UB4[8i] = a[i], UB4[8i+4] = b[i]
# tools/diff_kernels.py restates these formulas for the expected output.
import pypto_pro.language as pl

@pl.vector_function
def store_dists(a_tile, b_tile, dst_tile):
    all32 = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_INT32)
    half = vf.create_mask(pattern=pl.MaskPattern.H, dtype=pl.DT_INT32)
    ra = vf.load_align(a_tile, 0)
    rb = vf.load_align(b_tile, 0)
    vf.store_align(dst_tile, ra, half, dist=pl.StoreDist.PACK)
    vf.store_align(dst_tile + 64, ra, all32, dist=pl.StoreDist.PACK4)
    vf.store_align(dst_tile + 96, rb, half, dist=pl.StoreDist.FIRST_ELEMENT)
    vf.store_align(dst_tile + 128, ra, rb, half, dist=pl.StoreDist.INTLV)

@pl.jit()
def kernel(
    a: pl.Tensor[[1, 64], pl.DT_INT32],
    b: pl.Tensor[[1, 64], pl.DT_INT32],
    out: pl.Tensor[[1, 256], pl.DT_INT32],
):
    tv = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    to = pl.TileType(shape=[1, 256], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    a_grp = pl.make_tile_group(type=tv, addrs=0x0, mutex_ids=[0])
    t_a = a_grp.current()
    b_grp = pl.make_tile_group(type=tv, addrs=0x100, mutex_ids=[1])
    t_b = b_grp.current()
    out_grp = pl.make_tile_group(type=to, addrs=0x400, mutex_ids=[2])
    t_out = out_grp.current()
    with pl.section_vector():
        pl.load(t_a, a, [0, 0])
        pl.load(t_b, b, [0, 0])
        pl.load(t_out, out, [0, 0])
        store_dists(t_a, t_b, t_out)
        pl.store(out, t_out, [0, 0])
