# LayerNorm over FP32 rows of 256 columns (four registers per row), 8 rows per tile, as many row
# tiles as the kernel scalar n_tiles says:
#   mean = sum(x) * inv_n,  var = sum((x - mean)^2) * inv_n,  y = (x - mean) / sqrt(var + eps)
#          * gamma + beta
# The sums are per-register tree sums added in register order (docs/SEMANTICS.md §10.10); inv_n
# and eps arrive as kernel scalars, so they keep their exact values (a float literal would go
# through its six-decimal text, §9.6). sqrt and div are the 1-ulp ops of §9.4.
import os
import pypto_pro.language as pl
import torch
import torch_npu


@pl.vector_function
def layernorm_rows_vf(x_tile, gamma_tile, beta_tile, y_tile, inv_n, eps):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    for m in pl.range(8):
        row_sum = vf.full(0.0, preg, dtype=pl.DT_FP32)
        for r in pl.range(4):
            x = vf.load_align(x_tile, [m, r * 64])
            row_sum = vf.add(row_sum, vf.reduce_sum(x, preg), preg)
        mean_b = vf.muls(vf.full(row_sum, preg), inv_n, preg)
        sq_sum = vf.full(0.0, preg, dtype=pl.DT_FP32)
        for r in pl.range(4):
            xc = vf.sub(vf.load_align(x_tile, [m, r * 64]), mean_b, preg)
            sq_sum = vf.add(sq_sum, vf.reduce_sum(vf.mul(xc, xc, preg), preg), preg)
        var_b = vf.muls(vf.full(sq_sum, preg), inv_n, preg)
        std_b = vf.sqrt(vf.adds(var_b, eps, preg), preg)
        for r in pl.range(4):
            xc = vf.sub(vf.load_align(x_tile, [m, r * 64]), mean_b, preg)
            gamma = vf.load_align(gamma_tile, r * 64)
            beta = vf.load_align(beta_tile, r * 64)
            y = vf.add(vf.mul(vf.div(xc, std_b, preg), gamma, preg), beta, preg)
            vf.store_align(y_tile, y, preg, [m, r * 64])


@pl.jit()
def layernorm_kernel(
    x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    gamma: pl.Tensor[[1, pl.DYNAMIC], pl.DT_FP32],
    beta: pl.Tensor[[1, pl.DYNAMIC], pl.DT_FP32],
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
    beta_tile = pl.make_tile(vec_type, addr=0x4400)
    with pl.section_vector():
        pl.load(gamma_tile, gamma, [0, 0])
        pl.load(beta_tile, beta, [0, 0])
        for t in pl.range(n_tiles):
            pl.load(x_tile, x, [t * 8, 0])
            layernorm_rows_vf(x_tile, gamma_tile, beta_tile, y_tile, inv_n, eps)
            pl.store(y, y_tile, [t * 8, 0])


def test_layernorm():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    x = torch.randn([16, 256], device=device, dtype=torch.float32)
    gamma = torch.rand([1, 256], device=device, dtype=torch.float32) + 0.5
    beta = torch.randn([1, 256], device=device, dtype=torch.float32)
    y = torch.empty_like(x)
    layernorm_kernel[None, 1](x, gamma, beta, y, 1.0 / 256, 1e-5, 2)
    torch.npu.synchronize()
    want = torch.nn.functional.layer_norm(x.cpu(), [256], gamma.cpu()[0], beta.cpu()[0], 1e-5)
    torch.testing.assert_close(y.cpu(), want, rtol=1e-4, atol=1e-4)


if __name__ == "__main__":
    test_layernorm()
    print("PASSED")
