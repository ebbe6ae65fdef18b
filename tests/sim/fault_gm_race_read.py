# pvc run --blocks 2 must stop this kernel at block 1's pl.load: block 0 stores its row of a
# back into a (in place), and block 1 then reads those bytes; on the device the two blocks
# run at once, so block 1 may read the old or the new values (a race). The error names
# block 1's load; the note names block 0's store.
import pypto_pro.language as pl


@pl.vector_function
def relu_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.relu(vf.load_align(src_tile, 0), preg), preg)


@pl.jit()
def relu_in_place_kernel(a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, a, [0, 0])
        relu_vf(t_in, t_out)
        pl.store(a, t_out, [0, 0])
