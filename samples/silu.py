# SiLU, y = x * sigmoid(x) = x / (1 + exp(-x)), over FP32 rows of 256 columns: vf.neg (the sign
# bit), vf.exp and vf.div (1 ulp, docs/SEMANTICS.md §9.4; exp(-x) of a large x flushes to +0 and
# exp(-x) of a very negative x overflows to +inf, so y = x or -0), vf.adds of the literal 1.0.
import os
import pypto_pro.language as pl
import torch
import torch_npu


@pl.vector_function
def silu_vf(x_tile, y_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for m in pl.range(4):
        for r in pl.range(4):
            x = vf.load_align(x_tile, [m, r * 64])
            denom = vf.adds(vf.exp(vf.neg(x, preg), preg), 1.0, preg)
            vf.store_align(y_tile, vf.div(x, denom, preg), preg, [m, r * 64])


@pl.jit()
def silu_kernel(
    x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    y: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tile_type = pl.TileType(shape=[4, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    x_tile = pl.make_tile(tile_type, addr=0x0000)
    y_tile = pl.make_tile(tile_type, addr=0x1000)
    with pl.section_vector():
        pl.load(x_tile, x, [0, 0])
        silu_vf(x_tile, y_tile)
        pl.store(y, y_tile, [0, 0])


def test_silu():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    x = torch.randn([4, 256], device=device, dtype=torch.float32) * 4.0
    y = torch.empty_like(x)
    silu_kernel[None, 1](x, y)
    torch.npu.synchronize()
    torch.testing.assert_close(y.cpu(), torch.nn.functional.silu(x.cpu()), rtol=1e-5, atol=1e-6)


if __name__ == "__main__":
    test_silu()
    print("PASSED")
