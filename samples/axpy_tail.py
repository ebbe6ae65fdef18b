# y = alpha * x + y over the first n elements of FP32 vectors of 512, n a kernel scalar that
# need not be a multiple of 64: the loop runs ceil(n / 64) registers, and vf.update_mask(n - 64i)
# activates the first min(n - 64i, 64) lanes of register i (docs/SEMANTICS.md §5.1), so the
# masked store leaves y[n:] as it was. vf.axpy is one FMA per lane (§10.6); alpha arrives as a
# kernel scalar and keeps its value (§9.6).
import os
import pypto_pro.language as pl
import torch
import torch_npu


@pl.vector_function
def axpy_tail_vf(x_tile, y_tile, n, alpha):
    for i in pl.range((n + 63) // 64):
        m = vf.update_mask(n - i * 64, dtype=pl.DT_FP32)
        x = vf.load_align(x_tile, i * 64)
        acc = vf.load_align(y_tile, i * 64)
        acc = vf.axpy(x, alpha, m)
        vf.store_align(y_tile, acc, m, i * 64)


@pl.jit()
def axpy_tail_kernel(
    x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    y: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    n: int,
    alpha: float,
):
    tile_type = pl.TileType(shape=[1, 512], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    x_tile = pl.make_tile(tile_type, addr=0x0000)
    y_tile = pl.make_tile(tile_type, addr=0x0800)
    with pl.section_vector():
        pl.load(x_tile, x, [0, 0])
        pl.load(y_tile, y, [0, 0])
        axpy_tail_vf(x_tile, y_tile, n, alpha)
        pl.store(y, y_tile, [0, 0])


def test_axpy_tail():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    x = torch.randn([1, 512], device=device, dtype=torch.float32)
    y = torch.randn([1, 512], device=device, dtype=torch.float32)
    want = y.cpu().clone()
    want[:, :200] += 0.5 * x.cpu()[:, :200]
    axpy_tail_kernel[None, 1](x, y, 200, 0.5)
    torch.npu.synchronize()
    torch.testing.assert_close(y.cpu(), want, rtol=1e-6, atol=1e-6)


if __name__ == "__main__":
    test_axpy_tail()
    print("PASSED")
