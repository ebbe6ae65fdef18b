"""An NZ Vec tile declared [65, 64] FP16 with valid shape [64, 64], as attention kernels declare
the softmax tile they hand the cube (docs/SEMANTICS.md §17.3.3): its column blocks are 65 x 16
elements apart, the vector core writes them so (DATA_BLOCK_COPY stores, block_stride=65) and
pl.insert reads them so into an NZ Mat tile, with compact=0 and with compact=2 (RowPlusOne,
which TInsert out of an NZ tile does not read). The cube multiplies by the identity and stores
FP32: out == a exactly, a numpy formula."""
import numpy as np
import pytest
import pypto_pro.language as pl

M = 64
BLOCK_STRIDE = M + 1  # in 32-byte blocks: one NZ column block, 65 rows of 16 FP16


@pl.vector_function
def to_nz(src_tile, dst_tile):
    m = vf.update_mask(M, pl.DT_FP16)
    for r in pl.range(M):
        row = vf.load_align(src_tile, r * M)
        vf.store_align(dst_tile + r * 16, row, m, BLOCK_STRIDE, 0, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_COPY)


def nz_insert_kernel(compact):
    @pl.jit()
    def nz_insert(a: pl.Tensor[[M, M], pl.DT_FP16], eye: pl.Tensor[[M, M], pl.DT_FP16],
                    out: pl.Tensor[[M, M], pl.DT_FP32]):
        a_mat = pl.make_tile(pl.TileType(shape=[M, M], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat,
                                         layout=pl.NZ), addr=0x0)
        with pl.section_vector():
            if pl.get_subblock_idx() == 0:
                nd = pl.make_tile(pl.TileType(shape=[M, M], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec),
                                  addr=0x0)
                nz = pl.make_tile(pl.TileType(shape=[M + 1, M], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec,
                                              valid_shape=[M, M], layout=pl.NZ, compact=compact), addr=0x4000)
                pl.load(nd, a, [0, 0])
                to_nz(nd, nz)
                pl.insert(a_mat, nz, [0, 0])
            pl.system.set_cross_core(pipe=pl.PipeType.MTE3, event_id=0)
        with pl.section_cube():
            pl.system.wait_cross_core(pipe=pl.PipeType.MTE1, event_id=0)
            e_mat = pl.make_tile(pl.TileType(shape=[M, M], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                                 addr=0x10000)
            left = pl.make_tile(pl.TileType(shape=[M, M], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left), addr=0x0)
            right = pl.make_tile(pl.TileType(shape=[M, M], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                                 addr=0x0)
            acc = pl.make_tile(pl.TileType(shape=[M, M], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc), addr=0x0)
            pl.load(e_mat, eye, [0, 0])
            pl.move(left, a_mat)
            pl.move(right, e_mat)
            pl.matmul(acc, left, right)
            pl.store(out, acc, [0, 0])


    return nz_insert


@pytest.mark.parametrize("compact", [0, 2])
def test_nz_65_rows_inserts_whole(backend, compact):
    rng = np.random.default_rng(7)
    a = rng.standard_normal((M, M)).astype(np.float16)
    out = np.zeros((M, M), dtype=np.float32)
    nz_insert_kernel(compact)[None, 1](a, np.eye(M, dtype=np.float16), out)
    assert (out == a.astype(np.float32)).all()
