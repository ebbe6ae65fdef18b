import pypto_pro.language as pl

@pl.vector_function
def vf_copy(src_tile, dst_tile):
    pass

@pl.jit()
def kernel_bad(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    grp = pl.make_tile_group(type=tf, addrs=0x0, mutex_ids=[0])
    t = grp.current()
    u = grp.rotate()
    vf_copy(t)
    vf_copy(t, t, t)
    helper(t)
    x = vf_copy(t, t)
    print(t)

@pl.vector_function
def vf_calls_kernel(src_tile):
    kernel_bad(src_tile)
