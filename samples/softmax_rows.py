# Row-wise softmax over FP32 rows of 256 columns (four 64-lane registers per row), 8 rows per
# tile, as many row tiles as the kernel scalar n_tiles says. Per row:
#   m = max over the four registers of vf.reduce_max        (exact)
#   e = vf.exp_sub(x, m)  = exp(RNE_f32(x - m))              (1 ulp, docs/SEMANTICS.md §10.6)
#   s = ((0 + sum_0) + sum_1) + ... over the registers' tree sums   (§10.10)
#   y = vf.div(e, s)                                         (1 ulp, §9.4)
# As a real softmax kernel does, e is computed once: stored into the output tile beside the
# sum, then read back for the quotient, after a VST_VLD barrier that orders the two (§5.6).
import os
import pypto_pro.language as pl
import torch
import torch_npu


@pl.vector_function
def softmax_rows_vf(x_tile, y_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for m in pl.range(8):
        row_max = vf.reduce_max(vf.load_align(x_tile, [m, 0]), preg)
        for r in pl.range(1, 4):
            x = vf.load_align(x_tile, [m, r * 64])
            row_max = vf.max(row_max, vf.reduce_max(x, preg), preg)
        max_b = vf.full(row_max, preg)
        row_sum = vf.full(0.0, preg, dtype=pl.DT_FP32)
        for r in pl.range(4):
            x = vf.load_align(x_tile, [m, r * 64])
            e = vf.exp_sub(x, max_b, preg)
            vf.store_align(y_tile, e, preg, [m, r * 64])
            row_sum = vf.add(row_sum, vf.reduce_sum(e, preg), preg)
        sum_b = vf.full(row_sum, preg)
        vf.mem_bar(mode=pl.MemBarMode.VST_VLD)
        for r in pl.range(4):
            e = vf.load_align(y_tile, [m, r * 64])
            vf.store_align(y_tile, vf.div(e, sum_b, preg), preg, [m, r * 64])


@pl.jit()
def softmax_kernel(
    x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    y: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    n_tiles: int,
):
    tile_type = pl.TileType(shape=[8, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    x_tile = pl.make_tile(tile_type, addr=0x0000)
    y_tile = pl.make_tile(tile_type, addr=0x2000)
    with pl.section_vector():
        for t in pl.range(n_tiles):
            pl.load(x_tile, x, [t * 8, 0])
            softmax_rows_vf(x_tile, y_tile)
            pl.store(y, y_tile, [t * 8, 0])


def test_softmax():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    x = torch.randn([16, 256], device=device, dtype=torch.float32) * 3.0
    y = torch.empty_like(x)
    softmax_kernel[None, 1](x, y, 2)
    torch.npu.synchronize()
    torch.testing.assert_close(y.cpu(), torch.softmax(x.cpu(), dim=-1), rtol=1e-5, atol=1e-6)


if __name__ == "__main__":
    test_softmax()
    print("PASSED")
