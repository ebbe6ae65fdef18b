# Wording and cascades (docs/ARCHITECTURE.md §7, B20): a negative address is named as negative (it is a
# constant), a shape too large for the UB as too large; a refused tile group or tile type
# is one error, not one more at every later use; an error inside a vector function that
# its arguments caused has a note at the call (tests/diag/check_mask_offsets.py: the swapped
# vf.store_align).
import pypto_pro.language as pl

@pl.vector_function
def vf_store(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    src0 = vf.load_align(src_tile, 0)
    vf.store_align(dst_tile, src0, preg)

@pl.jit()
def kernel_negative(a: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    grp = pl.make_tile_group(type=tf, addrs=-256, mutex_ids=[0])
    lst = pl.make_tile_group(type=tf, addrs=[0x100, -256], mutex_ids=[1, 2])
    t = pl.make_tile(tf, addr=-512, size=256)
    u = grp.current()
    v = lst.next()
    with pl.section_vector():
        pl.load(u, a, [0, 0])
        pl.load(v, a, [0, 0])
        pl.load(t, a, [0, 0])
        vf_store(u, t)
        pl.store(a, u, [0, 0])

@pl.jit()
def kernel_huge(a: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 4611686018427387904], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    grp = pl.make_tile_group(type=tf, addrs=0, mutex_ids=[0])
    u = grp.current()
    with pl.section_vector():
        pl.load(u, a, [0, 0])
        pl.store(a, u, [0, 0])

@pl.jit()
def kernel_calls(a: pl.Tensor[[1, 64], pl.DT_FP32], n: int):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        vf_store(t_in, n)
