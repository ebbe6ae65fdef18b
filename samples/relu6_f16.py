# ReLU6 on FP16, y = min(max(x, 0), 6), over rows of 512 halves (four 128-lane registers): vf.maxs
# and vf.mins by literals (docs/SEMANTICS.md §10.2; max(-0, +0) = +0, a NaN stays NaN, quieted,
# §9.4). Exact, so checked bit for bit.
import os
import pypto_pro.language as pl
import torch
import torch_npu


@pl.vector_function
def relu6_vf(x_tile, y_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP16)
    for m in pl.range(4):
        for r in pl.range(4):
            x = vf.load_align(x_tile, [m, r * 128])
            y = vf.mins(vf.maxs(x, 0.0, preg), 6.0, preg)
            vf.store_align(y_tile, y, preg, [m, r * 128])


@pl.jit()
def relu6_kernel(
    x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP16],
    y: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP16],
):
    tile_type = pl.TileType(shape=[4, 512], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    x_tile = pl.make_tile(tile_type, addr=0x0000)
    y_tile = pl.make_tile(tile_type, addr=0x1000)
    with pl.section_vector():
        pl.load(x_tile, x, [0, 0])
        relu6_vf(x_tile, y_tile)
        pl.store(y, y_tile, [0, 0])


def test_relu6():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    x = torch.randn([4, 512], device=device, dtype=torch.float16) * 5.0
    y = torch.empty_like(x)
    relu6_kernel[None, 1](x, y)
    torch.npu.synchronize()
    want = torch.nn.functional.relu6(x.cpu().float()).half()
    torch.testing.assert_close(y.cpu(), want, rtol=0, atol=0)


if __name__ == "__main__":
    test_relu6()
    print("PASSED")
