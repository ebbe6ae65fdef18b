# the traps of the cube side (docs/SEMANTICS.md §17.8): each construct that compiles on the device
# but does not do what it says is a warning naming its trap (W050-W056), each form pypto_pro's
# parser refuses although PTO has it a located error (E024, E028 for the moves); the forms next
# to them that are fine print nothing
import pypto_pro.language as pl


@pl.jit()
def block_idx_kernel(a: pl.Tensor[[64, 64], pl.DT_FP32]):
    b = pl.get_block_idx()
    with pl.section_cube():
        cube_b = pl.get_block_idx()
    with pl.section_vector():
        vec_b = pl.get_block_idx()


@pl.jit()
def split_kernel(a: pl.Tensor[[64, 64], pl.DT_FP32], out: pl.Tensor[[64, 64], pl.DT_FP32]):
    acc_m = pl.make_tile(pl.TileType(shape=[48, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                     valid_shape=[33, 64]), addr=0)
    acc_n = pl.make_tile(pl.TileType(shape=[32, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc,
                                     valid_shape=[32, 40]), addr=0x4000)
    acc_even = pl.make_tile(pl.TileType(shape=[32, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc),
                            addr=0x8000)
    vec = pl.make_tile(pl.TileType(shape=[32, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    with pl.section_cube():
        pl.move(vec, acc_m, acc_to_vec_mode=pl.AccToVecMode.DualModeSplitM)
        pl.move(vec, acc_n, acc_to_vec_mode=pl.AccToVecMode.DualModeSplitN)
        pl.move(vec, acc_even, acc_to_vec_mode=pl.AccToVecMode.DualModeSplitM)
        pl.move(vec, acc_m, acc_to_vec_mode=pl.AccToVecMode.SingleModeVec0)
    with pl.section_vector():
        pl.store(out, vec, [0, 0])


@pl.jit()
def k_tail_kernel(a: pl.Tensor[[64, 64], pl.DT_FP16], out: pl.Tensor[[64, 64], pl.DT_FP32]):
    with pl.section_cube():
        lhs = pl.make_tile(pl.TileType(shape=[32, 32], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left,
                                       valid_shape=[32, 17]), addr=0)
        full = pl.make_tile(pl.TileType(shape=[32, 32], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left,
                                        valid_shape=[32, 16]), addr=0x800)
        rhs = pl.make_tile(pl.TileType(shape=[32, 32], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                           addr=0)
        acc = pl.make_tile(pl.TileType(shape=[32, 32], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc), addr=0)
        pl.matmul(acc, lhs, rhs)
        pl.matmul(acc, full, rhs)
        pl.store(out, acc, [0, 0])


@pl.jit()
def fixpipe_kernel(f32: pl.Tensor[[16, 16], pl.DT_FP32], bf16: pl.Tensor[[16, 16], pl.DT_BF16],
                   i8: pl.Tensor[[16, 16], pl.DT_INT8], word: pl.DT_INT32, s: pl.DT_FP32):
    acc = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc), addr=0)
    iacc = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Acc),
                        addr=0x1000)
    u8 = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec), addr=0)
    with pl.section_cube():
        pl.store(f32, acc, [0, 0], scale=2.0)
        pl.store(f32, acc, [0, 0])
        pl.store(bf16, acc, [0, 0], scale=2.0)
        pl.move(u8, acc, acc_to_vec_mode=pl.AccToVecMode.SingleModeVec0, scale=2.0)
        pl.store(i8, iacc, [0, 0], scale=word)
        pl.store(i8, iacc, [0, 0], scale=s)
    with pl.section_vector():
        pl.store(i8, u8, [0, 0])


@pl.jit()
def subblock_kernel(x: pl.Tensor[[32, 64], pl.DT_FP32], out: pl.Tensor[[32, 64], pl.DT_FP32]):
    t = pl.make_tile(pl.TileType(shape=[16, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec), addr=0)
    with pl.section_vector():
        sub = pl.get_subblock_idx()
        pl.load(t, x, [sub * 16, 0])
        pl.store(out, t, [sub * 16, 0])
        if pl.get_subblock_idx() == 0:
            pl.store(out, t, [16, 0])


@pl.jit()
def move_kernel(a: pl.Tensor[[32, 32], pl.DT_FP16]):
    with pl.section_cube():
        a_mat = pl.make_tile(pl.TileType(shape=[32, 32], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Mat),
                             addr=0)
        f_mat = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Mat),
                             addr=0x1000)
        left = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left),
                            addr=0)
        right = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Right),
                             addr=0)
        acc = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc), addr=0)
        old = pl.make_tile(pl.TileType(shape=[16, 16], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Acc),
                           addr=0x400)
        pl.move(left, a_mat, offset=[8, 0])
        pl.move(left, a_mat, offset=[16, 16])
        pl.move(f_mat, acc)
        pl.matmul_acc(acc, old, left, right)
        pl.matmul_acc(acc, acc, left, right)
