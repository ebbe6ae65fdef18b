# Run-time faults of the compute ops (docs/SEMANTICS.md §10.13, decision 4): both backends stop
# with a located kernel fault at the op, exit 1: a gather index outside the UB (§10.13 [I]; one
# past the source tile but inside the UB reads the bytes there, case gather_past_tile) and a
# DATA_BLOCK_LOAD byte offset that is not a multiple of 32 (§10.13 [I]). And the edge that does
# not fault: a per-lane shift by a negative amount, undefined on the device, shifts by 0 (§10.7
# [I], case negative_shift). The integer division by zero is in tests/ops/mul_div.py.
import pypto_pro.language as pl


@pl.vector_function
def shift_by_lanes(a_tile, s_tile, out_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    a = vf.load_align(a_tile, 0)
    s = vf.load_align(s_tile, 0)
    vf.store_align(out_tile, vf.shift_left(a, s, every), every)


@pl.vector_function
def gather_lanes(src_tile, idx_tile, out_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    idx = vf.load_align(idx_tile, 0)
    vf.store_align(out_tile, vf.gather(src_tile, idx, every), every)


@pl.vector_function
def gather_blocks(src_tile, idx_tile, out_tile):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    idx = vf.load_align(idx_tile, 0)
    g = vf.gather(src_tile, idx, every, data_copy_mode=pl.DataCopyMode.DATA_BLOCK_LOAD)
    vf.store_align(out_tile, g, every)


@pl.jit()
def negative_shift(
    a: pl.Tensor[[1, 64], pl.DT_INT32],
    s: pl.Tensor[[1, 64], pl.DT_INT32],
    out: pl.Tensor[[1, 64], pl.DT_INT32],
):
    tt = pl.TileType(shape=[1, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(tt, addr=0x0)
    s_t = pl.make_tile(tt, addr=0x100)
    out_t = pl.make_tile(tt, addr=0x200)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(s_t, s, [0, 0])
        shift_by_lanes(a_t, s_t, out_t)
        pl.store(out, out_t, [0, 0])


@pl.jit()
def gather_out_of_tile(
    src: pl.Tensor[[1, 64], pl.DT_FP32],
    idx: pl.Tensor[[1, 64], pl.DT_UINT32],
    out: pl.Tensor[[1, 64], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    ti = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(tf, addr=0x0)
    idx_t = pl.make_tile(ti, addr=0x100)
    out_t = pl.make_tile(tf, addr=0x200)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        gather_lanes(src_t, idx_t, out_t)
        pl.store(out, out_t, [0, 0])


@pl.jit()
def gather_block_unaligned(
    src: pl.Tensor[[1, 64], pl.DT_FP32],
    idx: pl.Tensor[[1, 64], pl.DT_UINT32],
    out: pl.Tensor[[1, 64], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    ti = pl.TileType(shape=[1, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    src_t = pl.make_tile(tf, addr=0x0)
    idx_t = pl.make_tile(ti, addr=0x100)
    out_t = pl.make_tile(tf, addr=0x200)
    with pl.section_vector():
        pl.load(src_t, src, [0, 0])
        pl.load(idx_t, idx, [0, 0])
        gather_blocks(src_t, idx_t, out_t)
        pl.store(out, out_t, [0, 0])
