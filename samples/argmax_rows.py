# Row-wise argmax (first occurrence) of FP32 rows of 256 columns, 8 rows, with compares and
# selects: lane by lane over the four registers, a strictly greater value replaces the best
# one and its index (vf.gt, vf.select, vf.arange of the register's first column); then the row
# maximum (vf.reduce_max), the lanes that hold it (vf.eq), their smallest index (vf.select
# against a large index, vf.reduce_min). docs/SEMANTICS.md §5.2, §10.8, §10.10, §10.15; exact.
import os
import pypto_pro.language as pl
import torch
import torch_npu


@pl.vector_function
def argmax_rows_vf(x_tile, idx_tile, max_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    none = vf.full(1000000, dtype=pl.DT_INT32)
    for m in pl.range(8):
        best = vf.load_align(x_tile, [m, 0])
        best_idx = vf.arange(0, dtype=pl.DT_INT32)
        for r in pl.range(1, 4):
            x = vf.load_align(x_tile, [m, r * 64])
            gt = vf.gt(x, best, preg)
            best = vf.select(x, best, gt)
            best_idx = vf.select(vf.arange(r * 64, dtype=pl.DT_INT32), best_idx, gt)
        top = vf.reduce_max(best, preg)
        hit = vf.eq(best, vf.full(top, preg), preg)
        first = vf.reduce_min(vf.select(best_idx, none, hit), preg)
        vf.store_align(idx_tile, first, preg, [m, 0], dist=pl.StoreDist.FIRST_ELEMENT)
        vf.store_align(max_tile, top, preg, [m, 0], dist=pl.StoreDist.FIRST_ELEMENT)


@pl.jit()
def argmax_kernel(
    x: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    idx: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_INT32],
    top: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    x_type = pl.TileType(shape=[8, 256], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    i_type = pl.TileType(shape=[8, 8], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_type = pl.TileType(shape=[8, 8], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    x_tile = pl.make_tile(x_type, addr=0x0000)
    idx_tile = pl.make_tile(i_type, addr=0x2000)
    max_tile = pl.make_tile(t_type, addr=0x2100)
    with pl.section_vector():
        pl.load(x_tile, x, [0, 0])
        pl.load(idx_tile, idx, [0, 0])
        pl.load(max_tile, top, [0, 0])
        argmax_rows_vf(x_tile, idx_tile, max_tile)
        pl.store(idx, idx_tile, [0, 0])
        pl.store(top, max_tile, [0, 0])


def test_argmax():
    device = "npu:%d" % int(os.environ.get("TILE_FWK_DEVICE_ID", 0))
    torch.npu.set_device(device)
    x = torch.randn([8, 256], device=device, dtype=torch.float32)
    idx = torch.zeros([8, 8], device=device, dtype=torch.int32)
    top = torch.zeros([8, 8], device=device, dtype=torch.float32)
    argmax_kernel[None, 1](x, idx, top)
    torch.npu.synchronize()
    assert torch.equal(idx.cpu()[:, 0].long(), x.cpu().argmax(dim=1))
    assert torch.equal(top.cpu()[:, 0], x.cpu().amax(dim=1))


if __name__ == "__main__":
    test_argmax()
    print("PASSED")
