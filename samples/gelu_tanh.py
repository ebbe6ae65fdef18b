# GELU, tanh form: y = 0.5 * x * (1 + tanh(0.797885 * (x + 0.044715 * x^3))), with
# tanh(u) = 1 - 2 / (exp(2u) + 1), over FP32 rows of 256 columns. Every constant is written with
# at most six decimals, so the device's "%f" text of each literal is the literal itself
# (docs/SEMANTICS.md §9.6, T20); exp and div are the 1-ulp ops of §9.4, the rest rounds per op.
import os
import pypto_pro.language as pl
import torch
import torch_npu


@pl.vector_function
def gelu_tanh_vf(x_tile, y_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    two = vf.full(2.0, dtype=pl.DT_FP32)
    one = vf.full(1.0, dtype=pl.DT_FP32)
    for m in pl.range(4):
        for r in pl.range(4):
            x = vf.load_align(x_tile, [m, r * 64])
            cube = vf.mul(vf.mul(x, x, preg), x, preg)
            inner = vf.add(x, vf.muls(cube, 0.044715, preg), preg)
            u2 = vf.muls(vf.muls(inner, 0.797885, preg), 2.0, preg)
            q = vf.div(two, vf.adds(vf.exp(u2, preg), 1.0, preg), preg)
            tanh = vf.sub(one, q, preg)
            half_x = vf.muls(x, 0.5, preg)
            y = vf.mul(half_x, vf.adds(tanh, 1.0, preg), preg)
            vf.store_align(y_tile, y, preg, [m, r * 64])


@pl.jit()
def gelu_tanh_kernel(
    x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    y: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tile_type = pl.TileType(shape=[4, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    x_tile = pl.make_tile(tile_type, addr=0x0000)
    y_tile = pl.make_tile(tile_type, addr=0x1000)
    with pl.section_vector():
        pl.load(x_tile, x, [0, 0])
        gelu_tanh_vf(x_tile, y_tile)
        pl.store(y, y_tile, [0, 0])


def test_gelu_tanh():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    x = torch.randn([4, 256], device=device, dtype=torch.float32) * 3.0
    y = torch.empty_like(x)
    gelu_tanh_kernel[None, 1](x, y)
    torch.npu.synchronize()
    want = torch.nn.functional.gelu(x.cpu(), approximate="tanh")
    torch.testing.assert_close(y.cpu(), want, rtol=1e-4, atol=1e-5)


if __name__ == "__main__":
    test_gelu_tanh()
    print("PASSED")
