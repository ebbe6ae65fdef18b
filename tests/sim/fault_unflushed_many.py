# UNFLUSHED with 65 store unaligned registers (docs/ARCHITECTURE.md §7, B22: the dispatch pass remembered
# the first 64 only, so the end-of-function check of the 65th was never made). u0..u63
# are made and never store; u64 stores 60 FP32 elements = 240 bytes, which leaves 16
# bytes parked; its flush sits in a loop that runs 0 times, so the vector function returns
# with them (§4.2).
import pypto_pro.language as pl


@pl.vector_function
def vf_under_test(src_tile, dst_tile, n):
    reg = vf.load_align(src_tile, 0)
    u0 = vf.unalign_reg_for_store()
    u1 = vf.unalign_reg_for_store()
    u2 = vf.unalign_reg_for_store()
    u3 = vf.unalign_reg_for_store()
    u4 = vf.unalign_reg_for_store()
    u5 = vf.unalign_reg_for_store()
    u6 = vf.unalign_reg_for_store()
    u7 = vf.unalign_reg_for_store()
    u8 = vf.unalign_reg_for_store()
    u9 = vf.unalign_reg_for_store()
    u10 = vf.unalign_reg_for_store()
    u11 = vf.unalign_reg_for_store()
    u12 = vf.unalign_reg_for_store()
    u13 = vf.unalign_reg_for_store()
    u14 = vf.unalign_reg_for_store()
    u15 = vf.unalign_reg_for_store()
    u16 = vf.unalign_reg_for_store()
    u17 = vf.unalign_reg_for_store()
    u18 = vf.unalign_reg_for_store()
    u19 = vf.unalign_reg_for_store()
    u20 = vf.unalign_reg_for_store()
    u21 = vf.unalign_reg_for_store()
    u22 = vf.unalign_reg_for_store()
    u23 = vf.unalign_reg_for_store()
    u24 = vf.unalign_reg_for_store()
    u25 = vf.unalign_reg_for_store()
    u26 = vf.unalign_reg_for_store()
    u27 = vf.unalign_reg_for_store()
    u28 = vf.unalign_reg_for_store()
    u29 = vf.unalign_reg_for_store()
    u30 = vf.unalign_reg_for_store()
    u31 = vf.unalign_reg_for_store()
    u32 = vf.unalign_reg_for_store()
    u33 = vf.unalign_reg_for_store()
    u34 = vf.unalign_reg_for_store()
    u35 = vf.unalign_reg_for_store()
    u36 = vf.unalign_reg_for_store()
    u37 = vf.unalign_reg_for_store()
    u38 = vf.unalign_reg_for_store()
    u39 = vf.unalign_reg_for_store()
    u40 = vf.unalign_reg_for_store()
    u41 = vf.unalign_reg_for_store()
    u42 = vf.unalign_reg_for_store()
    u43 = vf.unalign_reg_for_store()
    u44 = vf.unalign_reg_for_store()
    u45 = vf.unalign_reg_for_store()
    u46 = vf.unalign_reg_for_store()
    u47 = vf.unalign_reg_for_store()
    u48 = vf.unalign_reg_for_store()
    u49 = vf.unalign_reg_for_store()
    u50 = vf.unalign_reg_for_store()
    u51 = vf.unalign_reg_for_store()
    u52 = vf.unalign_reg_for_store()
    u53 = vf.unalign_reg_for_store()
    u54 = vf.unalign_reg_for_store()
    u55 = vf.unalign_reg_for_store()
    u56 = vf.unalign_reg_for_store()
    u57 = vf.unalign_reg_for_store()
    u58 = vf.unalign_reg_for_store()
    u59 = vf.unalign_reg_for_store()
    u60 = vf.unalign_reg_for_store()
    u61 = vf.unalign_reg_for_store()
    u62 = vf.unalign_reg_for_store()
    u63 = vf.unalign_reg_for_store()
    u64 = vf.unalign_reg_for_store()
    vf.store_unalign(dst_tile, reg, u64, 60, post_update=True)
    for i in pl.range(n):
        vf.store_unalign_post(dst_tile, u64, 0, post_update=True)


@pl.jit()
def kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    out: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        vf_under_test(t_in, t_out, 0)
        pl.store(out, t_out, [0, 0])
