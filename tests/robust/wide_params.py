# 70 tensor parameters (docs/ARCHITECTURE.md §7, B22: pvc run bound at most 64 of one kind). The kernel
# copies row 0 of t0 into t69; the others are bound and unused. Run: t0 and t69 from
# --input/--expect, the 68 in between from --shape; t69 must equal t0.
import pypto_pro.language as pl


@pl.vector_function
def copy_row(src_tile, dst_tile):
    preg = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    vf.store_align(dst_tile, vf.load_align(src_tile, 0), preg)


@pl.jit()
def wide_kernel(
    t0: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t1: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t2: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t3: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t4: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t5: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t6: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t7: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t8: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t9: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t10: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t11: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t12: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t13: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t14: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t15: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t16: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t17: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t18: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t19: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t20: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t21: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t22: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t23: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t24: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t25: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t26: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t27: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t28: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t29: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t30: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t31: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t32: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t33: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t34: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t35: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t36: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t37: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t38: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t39: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t40: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t41: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t42: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t43: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t44: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t45: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t46: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t47: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t48: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t49: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t50: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t51: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t52: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t53: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t54: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t55: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t56: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t57: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t58: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t59: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t60: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t61: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t62: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t63: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t64: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t65: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t66: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t67: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t68: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
    t69: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_in = pl.make_tile(tf, addr=0x0, size=256)
    t_out = pl.make_tile(tf, addr=0x100, size=256)
    with pl.section_vector():
        pl.load(t_in, t0, [0, 0])
        copy_row(t_in, t_out)
        pl.store(t69, t_out, [0, 0])
