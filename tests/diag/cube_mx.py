# the MX matmul's rules (docs/SEMANTICS.md §17.5.5), each a located E028: the operands' spaces,
# the dtype pairs, the E8M0 scales and the shapes pypto_pro refuses
import pypto_pro.language as pl


def T(shape, dtype, mem, layout=None):
    return pl.TileType(shape=shape, dtype=dtype, target_memory=mem, layout=layout)


@pl.jit()
def mx_rules(a: pl.Tensor[[64, 64], pl.DT_FP8E4M3FN], out: pl.Tensor[[64, 64], pl.DT_FP32]):
    acc = pl.make_tile(T([64, 64], pl.DT_FP32, pl.MemorySpace.Acc), addr=0, size=16384)
    l8 = pl.make_tile(T([64, 64], pl.DT_FP8E4M3FN, pl.MemorySpace.Left), addr=0, size=4096)
    r8 = pl.make_tile(T([64, 64], pl.DT_FP8E5M2, pl.MemorySpace.Right), addr=0, size=4096)
    r4 = pl.make_tile(T([64, 64], pl.DT_FP4E2M1, pl.MemorySpace.Right), addr=0, size=4096)
    l16 = pl.make_tile(T([64, 64], pl.DT_FP16, pl.MemorySpace.Left), addr=0, size=8192)
    r16 = pl.make_tile(T([64, 64], pl.DT_FP16, pl.MemorySpace.Right), addr=0, size=8192)
    l32k = pl.make_tile(T([64, 32], pl.DT_FP8E4M3FN, pl.MemorySpace.Left), addr=0, size=2048)
    r32k = pl.make_tile(T([32, 64], pl.DT_FP8E5M2, pl.MemorySpace.Right), addr=0, size=2048)
    sa = pl.make_tile(T([64, 2], pl.DT_FP8E8M0, pl.MemorySpace.ScaleLeft, pl.ZZ), addr=0, size=128)
    sb = pl.make_tile(T([2, 64], pl.DT_FP8E8M0, pl.MemorySpace.ScaleRight, pl.NN), addr=0, size=128)
    sa1 = pl.make_tile(T([64, 1], pl.DT_FP8E8M0, pl.MemorySpace.ScaleLeft, pl.ZZ), addr=0, size=64)
    sa8 = pl.make_tile(T([64, 2], pl.DT_UINT8, pl.MemorySpace.ScaleLeft, pl.ZZ), addr=0, size=128)
    sam = pl.make_tile(T([64, 2], pl.DT_FP8E8M0, pl.MemorySpace.Mat, pl.ZZ), addr=0, size=128)
    with pl.section_cube():
        pl.matmul_mx(acc, l8, r8, sa, sb)              # legal
        pl.matmul_mx_acc(acc, acc, l8, r8, sa, sb)     # legal
        pl.matmul_mx(acc, l8, r4, sa, sb)              # an FP8 x FP4 pair
        pl.matmul_mx(acc, l16, r16, sa, sb)            # FP16 operands
        pl.matmul_mx(acc, l8, r8, sa8, sb)             # UINT8 scales
        pl.matmul_mx(acc, l8, r8, sam, sb)             # a scale in Mat
        pl.matmul_mx(acc, l32k, r32k, sa1, sb)         # K = 32
        pl.matmul_mx(acc, l8, r8, sa1, sb)             # scale_a [64, 1] for K = 64
        pl.matmul_mx(l8, l8, r8, sa, sb)               # dst in Left

    with pl.section_vector():
        pl.matmul_mx(acc, l8, r8, sa, sb)              # on a vector core
