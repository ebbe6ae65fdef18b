# names of the jit surface the lowering rejects: a subscript other than grp[i], a pipe that
# pl.PipeType does not have (S V M MTE1 MTE2 MTE3 FIX), pl.DuplicatePos members
import pypto_pro.language as pl

@pl.vector_function
def vf_x(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(src_tile, 0)
    h = vf.full(r, preg, pos=pl.DuplicatePos.MIDDLE)

@pl.jit()
def kernel(a: pl.Tensor[[4, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[2, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    grp = pl.make_tile_group(type=tf, addrs=0x400, mutex_ids=[0, 1])
    nested = grp[0][1]
    with pl.section_vector():
        pl.system.sync_src(set_pipe=pl.PipeType.ALL, wait_pipe=pl.PipeType.V, event_id=0)
        pl.system.bar_all(1)
