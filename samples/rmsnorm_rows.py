# RMSNorm over FP32 rows of 256 columns, 8 rows per tile, as many row tiles as the kernel scalar
# n_tiles says: y = x * (1 / sqrt(mean(x^2) + eps)) * gamma.
# The squares accumulate lane by lane across the four registers with vf.mul_add_dst (one
# rounding per step, docs/SEMANTICS.md §10.6), then one tree vf.reduce_sum (§10.10); the
# reciprocal is vf.div of a broadcast 1.0 (§9.4); inv_n and eps are kernel scalars (§9.6).
import os
import pypto_pro.language as pl
import torch
import torch_npu


@pl.vector_function
def rmsnorm_rows_vf(x_tile, gamma_tile, y_tile, inv_n, eps):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    one = vf.full(1.0, dtype=pl.DT_FP32)
    for m in pl.range(8):
        acc = vf.full(0.0, dtype=pl.DT_FP32)
        for r in pl.range(4):
            x = vf.load_align(x_tile, [m, r * 64])
            acc = vf.mul_add_dst(x, x, preg)
        ms_b = vf.muls(vf.full(vf.reduce_sum(acc, preg), preg), inv_n, preg)
        rstd_b = vf.div(one, vf.sqrt(vf.adds(ms_b, eps, preg), preg), preg)
        for r in pl.range(4):
            x = vf.load_align(x_tile, [m, r * 64])
            gamma = vf.load_align(gamma_tile, r * 64)
            y = vf.mul(vf.mul(x, rstd_b, preg), gamma, preg)
            vf.store_align(y_tile, y, preg, [m, r * 64])


@pl.jit()
def rmsnorm_kernel(
    x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    gamma: pl.Tensor[[1, pl.DYNAMIC], pl.DT_FP32],
    y: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    inv_n: float,
    eps: float,
    n_tiles: int,
):
    rows_type = pl.TileType(shape=[8, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    vec_type = pl.TileType(shape=[1, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    x_tile = pl.make_tile(rows_type, addr=0x0000)
    y_tile = pl.make_tile(rows_type, addr=0x2000)
    gamma_tile = pl.make_tile(vec_type, addr=0x4000)
    with pl.section_vector():
        pl.load(gamma_tile, gamma, [0, 0])
        for t in pl.range(n_tiles):
            pl.load(x_tile, x, [t * 8, 0])
            rmsnorm_rows_vf(x_tile, gamma_tile, y_tile, inv_n, eps)
            pl.store(y, y_tile, [t * 8, 0])


def test_rmsnorm():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    x = torch.randn([16, 256], device=device, dtype=torch.float32)
    gamma = torch.rand([1, 256], device=device, dtype=torch.float32) + 0.5
    y = torch.empty_like(x)
    rmsnorm_kernel[None, 1](x, gamma, y, 1.0 / 256, 1e-6, 2)
    torch.npu.synchronize()
    xc = x.cpu()
    want = xc * torch.rsqrt(xc.pow(2).mean(-1, keepdim=True) + 1e-6) * gamma.cpu()
    torch.testing.assert_close(y.cpu(), want, rtol=1e-4, atol=1e-4)


if __name__ == "__main__":
    test_rmsnorm()
    print("PASSED")
