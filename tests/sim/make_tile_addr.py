# pl.make_tile(tile_type, addr=A, size=S) (docs/SEMANTICS.md §6, the older doc form): one tile at
# UB byte address A; S is the buffer's byte count, at least rows*cols*element bytes (512 >
# 256 is accepted). `half` is a 1x32 tile at 0x180, the second half of `whole` (1x64 at
# 0x100), so the addresses are what the kernel observes:
#   out_half = a[0, 32:64]                       (pl.store of the aliasing tile)
#   out_abs  = |a| (sign bit cleared, §5.3)      (a vector function on make_tile tiles)
# As in the docs' make_tile examples, explicit pl.system.sync_src/sync_dst pairs with
# pl.PipeType members (and pl.system.bar_all) order the pipes; they are no-ops in pvc's
# sequential model, so they change nothing above.
import pypto_pro.language as pl


@pl.vector_function
def abs_vf(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    reg = vf.load_align(src_tile, 0)
    vf.store_align(dst_tile, vf.abs(reg, preg), preg)


@pl.jit()
def make_tile_kernel(
    a: pl.Tensor[[1, 64], pl.DT_FP32],
    out_half: pl.Tensor[[1, 32], pl.DT_FP32],
    out_abs: pl.Tensor[[1, 64], pl.DT_FP32],
):
    t64 = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t32 = pl.TileType(shape=[1, 32], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    whole = pl.make_tile(t64, addr=0x100, size=256)
    half = pl.make_tile(t32, addr=0x180, size=128)
    result = pl.make_tile(t64, addr=0x400, size=512)
    with pl.section_vector():
        pl.load(whole, a, [0, 0])
        pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE3, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE3, event_id=0)
        pl.store(out_half, half, [0, 0])
        pl.system.sync_src(pl.PipeType.MTE2, pl.PipeType.V, 1)
        pl.system.sync_dst(pl.PipeType.MTE2, pl.PipeType.V, 1)
        abs_vf(whole, result)
        pl.system.sync_src(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=2)
        pl.system.sync_dst(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=2)
        pl.system.bar_all()
        pl.store(out_abs, result, [0, 0])
        pl.system.sync_src(set_pipe=pl.PipeType.S, wait_pipe=pl.PipeType.M, event_id=7)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE1, wait_pipe=pl.PipeType.FIX, event_id=7)
