# A rank-3 tensor [B, S, H] with a dynamic S: pl.load / pl.store take one offset per axis, the
# tile covers the last two axes (pypto_pro's default order), the batch axis stays at its
# offset. Tiles of S_TILE rows walk S (a while loop over a run-time bound); y = |x|.
import pypto_pro.language as pl

B, H = 2, 64
S_TILE = 2


@pl.vector_function
def abs_rows(src, dst):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for r in pl.range(S_TILE):
        vf.store_align(dst + r * H, vf.abs(vf.load_align(src, r * H), preg), preg)


@pl.jit()
def abs3_kernel(x: pl.Tensor[[B, pl.DYNAMIC, H], pl.DT_FP32], y: pl.Tensor[[B, pl.DYNAMIC, H], pl.DT_FP32]):
    tt = pl.TileType(shape=[S_TILE, H], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    src = pl.make_tile(tt, addr=0x0, size=S_TILE * H * 4)
    dst = pl.make_tile(tt, addr=0x1000, size=S_TILE * H * 4)
    seq = x.shape[1]
    with pl.section_vector():
        for b in pl.range(B):
            s = 0
            while s < seq:
                pl.load(src, x, [b, s, 0])
                abs_rows(src, dst)
                pl.store(y, dst, [b, s, 0])
                s += S_TILE
