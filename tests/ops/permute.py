# Lane permutations that keep the dtype (docs/SEMANTICS.md §10.9, §10.12, §10.14): squeeze (the
# active lanes packed low in order, the rest 0; NO_STORE_REG, and the default, which is
# STORE_REG, T14), interleave (d0 = a0 b0 a1 b1 ... from the low halves, d1 from the high
# halves) and de_interleave (the even and odd lanes of a ++ b), move (a copy; with a mask it
# merges into the destination, which holds c). Masks and layout as in tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def squeeze_ops(a_tile, m_tile, sqz_t, sqz_default_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        s = vf.squeeze(a, m, gather_mode=pl.SqueezeMode.NO_STORE_REG)
        vf.store_align(sqz_t, s, every, [r, 0])
        vf.store_align(sqz_default_t, vf.squeeze(a, m), every, [r, 0])


@pl.vector_function
def permute_ops(a_tile, b_tile, c_tile, m_tile, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t,
                merge_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        i0, i1 = vf.interleave(a, b)
        vf.store_align(ilv0_t, i0, every, [r, 0])
        vf.store_align(ilv1_t, i1, every, [r, 0])
        e, o = vf.de_interleave(a, b)
        vf.store_align(dilv0_t, e, every, [r, 0])
        vf.store_align(dilv1_t, o, every, [r, 0])
        vf.store_align(copy_t, vf.move(a), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.move(a, m)
        vf.store_align(merge_t, acc, every, [r, 0])




@pl.jit()
def permute_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    b: pl.Tensor[[4, 256], pl.DT_INT8],
    c: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    ilv0: pl.Tensor[[4, 256], pl.DT_INT8],
    ilv1: pl.Tensor[[4, 256], pl.DT_INT8],
    dilv0: pl.Tensor[[4, 256], pl.DT_INT8],
    dilv1: pl.Tensor[[4, 256], pl.DT_INT8],
    copy: pl.Tensor[[4, 256], pl.DT_INT8],
    merge: pl.Tensor[[4, 256], pl.DT_INT8],
    sqz: pl.Tensor[[4, 256], pl.DT_INT8],
    sqz_default: pl.Tensor[[4, 256], pl.DT_INT8],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_int8_4x256, addr=0x0400)
    c_t = pl.make_tile(t_int8_4x256, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    ilv0_t = pl.make_tile(t_int8_4x256, addr=0x0D00)
    ilv1_t = pl.make_tile(t_int8_4x256, addr=0x1100)
    dilv0_t = pl.make_tile(t_int8_4x256, addr=0x1500)
    dilv1_t = pl.make_tile(t_int8_4x256, addr=0x1900)
    copy_t = pl.make_tile(t_int8_4x256, addr=0x1D00)
    merge_t = pl.make_tile(t_int8_4x256, addr=0x2100)
    sqz_t = pl.make_tile(t_int8_4x256, addr=0x2500)
    sqz_default_t = pl.make_tile(t_int8_4x256, addr=0x2900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        permute_ops(a_t, b_t, c_t, m_t, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t, merge_t)
        squeeze_ops(a_t, m_t, sqz_t, sqz_default_t)
        pl.store(ilv0, ilv0_t, [0, 0])
        pl.store(ilv1, ilv1_t, [0, 0])
        pl.store(dilv0, dilv0_t, [0, 0])
        pl.store(dilv1, dilv1_t, [0, 0])
        pl.store(copy, copy_t, [0, 0])
        pl.store(merge, merge_t, [0, 0])
        pl.store(sqz, sqz_t, [0, 0])
        pl.store(sqz_default, sqz_default_t, [0, 0])


@pl.jit()
def permute_u8(
    a: pl.Tensor[[4, 256], pl.DT_UINT8],
    b: pl.Tensor[[4, 256], pl.DT_UINT8],
    c: pl.Tensor[[4, 256], pl.DT_UINT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    ilv0: pl.Tensor[[4, 256], pl.DT_UINT8],
    ilv1: pl.Tensor[[4, 256], pl.DT_UINT8],
    dilv0: pl.Tensor[[4, 256], pl.DT_UINT8],
    dilv1: pl.Tensor[[4, 256], pl.DT_UINT8],
    copy: pl.Tensor[[4, 256], pl.DT_UINT8],
    merge: pl.Tensor[[4, 256], pl.DT_UINT8],
    sqz: pl.Tensor[[4, 256], pl.DT_UINT8],
    sqz_default: pl.Tensor[[4, 256], pl.DT_UINT8],
):
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_uint8_4x256, addr=0x0400)
    c_t = pl.make_tile(t_uint8_4x256, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    ilv0_t = pl.make_tile(t_uint8_4x256, addr=0x0D00)
    ilv1_t = pl.make_tile(t_uint8_4x256, addr=0x1100)
    dilv0_t = pl.make_tile(t_uint8_4x256, addr=0x1500)
    dilv1_t = pl.make_tile(t_uint8_4x256, addr=0x1900)
    copy_t = pl.make_tile(t_uint8_4x256, addr=0x1D00)
    merge_t = pl.make_tile(t_uint8_4x256, addr=0x2100)
    sqz_t = pl.make_tile(t_uint8_4x256, addr=0x2500)
    sqz_default_t = pl.make_tile(t_uint8_4x256, addr=0x2900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        permute_ops(a_t, b_t, c_t, m_t, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t, merge_t)
        squeeze_ops(a_t, m_t, sqz_t, sqz_default_t)
        pl.store(ilv0, ilv0_t, [0, 0])
        pl.store(ilv1, ilv1_t, [0, 0])
        pl.store(dilv0, dilv0_t, [0, 0])
        pl.store(dilv1, dilv1_t, [0, 0])
        pl.store(copy, copy_t, [0, 0])
        pl.store(merge, merge_t, [0, 0])
        pl.store(sqz, sqz_t, [0, 0])
        pl.store(sqz_default, sqz_default_t, [0, 0])


@pl.jit()
def permute_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    b: pl.Tensor[[4, 128], pl.DT_INT16],
    c: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    ilv0: pl.Tensor[[4, 128], pl.DT_INT16],
    ilv1: pl.Tensor[[4, 128], pl.DT_INT16],
    dilv0: pl.Tensor[[4, 128], pl.DT_INT16],
    dilv1: pl.Tensor[[4, 128], pl.DT_INT16],
    copy: pl.Tensor[[4, 128], pl.DT_INT16],
    merge: pl.Tensor[[4, 128], pl.DT_INT16],
    sqz: pl.Tensor[[4, 128], pl.DT_INT16],
    sqz_default: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_int16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_int16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    ilv0_t = pl.make_tile(t_int16_4x128, addr=0x0D00)
    ilv1_t = pl.make_tile(t_int16_4x128, addr=0x1100)
    dilv0_t = pl.make_tile(t_int16_4x128, addr=0x1500)
    dilv1_t = pl.make_tile(t_int16_4x128, addr=0x1900)
    copy_t = pl.make_tile(t_int16_4x128, addr=0x1D00)
    merge_t = pl.make_tile(t_int16_4x128, addr=0x2100)
    sqz_t = pl.make_tile(t_int16_4x128, addr=0x2500)
    sqz_default_t = pl.make_tile(t_int16_4x128, addr=0x2900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        permute_ops(a_t, b_t, c_t, m_t, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t, merge_t)
        squeeze_ops(a_t, m_t, sqz_t, sqz_default_t)
        pl.store(ilv0, ilv0_t, [0, 0])
        pl.store(ilv1, ilv1_t, [0, 0])
        pl.store(dilv0, dilv0_t, [0, 0])
        pl.store(dilv1, dilv1_t, [0, 0])
        pl.store(copy, copy_t, [0, 0])
        pl.store(merge, merge_t, [0, 0])
        pl.store(sqz, sqz_t, [0, 0])
        pl.store(sqz_default, sqz_default_t, [0, 0])


@pl.jit()
def permute_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    b: pl.Tensor[[4, 128], pl.DT_UINT16],
    c: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    ilv0: pl.Tensor[[4, 128], pl.DT_UINT16],
    ilv1: pl.Tensor[[4, 128], pl.DT_UINT16],
    dilv0: pl.Tensor[[4, 128], pl.DT_UINT16],
    dilv1: pl.Tensor[[4, 128], pl.DT_UINT16],
    copy: pl.Tensor[[4, 128], pl.DT_UINT16],
    merge: pl.Tensor[[4, 128], pl.DT_UINT16],
    sqz: pl.Tensor[[4, 128], pl.DT_UINT16],
    sqz_default: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_uint16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_uint16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    ilv0_t = pl.make_tile(t_uint16_4x128, addr=0x0D00)
    ilv1_t = pl.make_tile(t_uint16_4x128, addr=0x1100)
    dilv0_t = pl.make_tile(t_uint16_4x128, addr=0x1500)
    dilv1_t = pl.make_tile(t_uint16_4x128, addr=0x1900)
    copy_t = pl.make_tile(t_uint16_4x128, addr=0x1D00)
    merge_t = pl.make_tile(t_uint16_4x128, addr=0x2100)
    sqz_t = pl.make_tile(t_uint16_4x128, addr=0x2500)
    sqz_default_t = pl.make_tile(t_uint16_4x128, addr=0x2900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        permute_ops(a_t, b_t, c_t, m_t, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t, merge_t)
        squeeze_ops(a_t, m_t, sqz_t, sqz_default_t)
        pl.store(ilv0, ilv0_t, [0, 0])
        pl.store(ilv1, ilv1_t, [0, 0])
        pl.store(dilv0, dilv0_t, [0, 0])
        pl.store(dilv1, dilv1_t, [0, 0])
        pl.store(copy, copy_t, [0, 0])
        pl.store(merge, merge_t, [0, 0])
        pl.store(sqz, sqz_t, [0, 0])
        pl.store(sqz_default, sqz_default_t, [0, 0])


@pl.jit()
def permute_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    b: pl.Tensor[[4, 128], pl.DT_FP16],
    c: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    ilv0: pl.Tensor[[4, 128], pl.DT_FP16],
    ilv1: pl.Tensor[[4, 128], pl.DT_FP16],
    dilv0: pl.Tensor[[4, 128], pl.DT_FP16],
    dilv1: pl.Tensor[[4, 128], pl.DT_FP16],
    copy: pl.Tensor[[4, 128], pl.DT_FP16],
    merge: pl.Tensor[[4, 128], pl.DT_FP16],
    sqz: pl.Tensor[[4, 128], pl.DT_FP16],
    sqz_default: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_fp16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_fp16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    ilv0_t = pl.make_tile(t_fp16_4x128, addr=0x0D00)
    ilv1_t = pl.make_tile(t_fp16_4x128, addr=0x1100)
    dilv0_t = pl.make_tile(t_fp16_4x128, addr=0x1500)
    dilv1_t = pl.make_tile(t_fp16_4x128, addr=0x1900)
    copy_t = pl.make_tile(t_fp16_4x128, addr=0x1D00)
    merge_t = pl.make_tile(t_fp16_4x128, addr=0x2100)
    sqz_t = pl.make_tile(t_fp16_4x128, addr=0x2500)
    sqz_default_t = pl.make_tile(t_fp16_4x128, addr=0x2900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        permute_ops(a_t, b_t, c_t, m_t, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t, merge_t)
        squeeze_ops(a_t, m_t, sqz_t, sqz_default_t)
        pl.store(ilv0, ilv0_t, [0, 0])
        pl.store(ilv1, ilv1_t, [0, 0])
        pl.store(dilv0, dilv0_t, [0, 0])
        pl.store(dilv1, dilv1_t, [0, 0])
        pl.store(copy, copy_t, [0, 0])
        pl.store(merge, merge_t, [0, 0])
        pl.store(sqz, sqz_t, [0, 0])
        pl.store(sqz_default, sqz_default_t, [0, 0])


@pl.jit()
def permute_bf16(
    a: pl.Tensor[[4, 128], pl.DT_BF16],
    b: pl.Tensor[[4, 128], pl.DT_BF16],
    c: pl.Tensor[[4, 128], pl.DT_BF16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    ilv0: pl.Tensor[[4, 128], pl.DT_BF16],
    ilv1: pl.Tensor[[4, 128], pl.DT_BF16],
    dilv0: pl.Tensor[[4, 128], pl.DT_BF16],
    dilv1: pl.Tensor[[4, 128], pl.DT_BF16],
    copy: pl.Tensor[[4, 128], pl.DT_BF16],
    merge: pl.Tensor[[4, 128], pl.DT_BF16],
):
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_bf16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_bf16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_bf16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    ilv0_t = pl.make_tile(t_bf16_4x128, addr=0x0D00)
    ilv1_t = pl.make_tile(t_bf16_4x128, addr=0x1100)
    dilv0_t = pl.make_tile(t_bf16_4x128, addr=0x1500)
    dilv1_t = pl.make_tile(t_bf16_4x128, addr=0x1900)
    copy_t = pl.make_tile(t_bf16_4x128, addr=0x1D00)
    merge_t = pl.make_tile(t_bf16_4x128, addr=0x2100)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        permute_ops(a_t, b_t, c_t, m_t, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t, merge_t)
        pl.store(ilv0, ilv0_t, [0, 0])
        pl.store(ilv1, ilv1_t, [0, 0])
        pl.store(dilv0, dilv0_t, [0, 0])
        pl.store(dilv1, dilv1_t, [0, 0])
        pl.store(copy, copy_t, [0, 0])
        pl.store(merge, merge_t, [0, 0])


@pl.jit()
def permute_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    b: pl.Tensor[[4, 64], pl.DT_INT32],
    c: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    ilv0: pl.Tensor[[4, 64], pl.DT_INT32],
    ilv1: pl.Tensor[[4, 64], pl.DT_INT32],
    dilv0: pl.Tensor[[4, 64], pl.DT_INT32],
    dilv1: pl.Tensor[[4, 64], pl.DT_INT32],
    copy: pl.Tensor[[4, 64], pl.DT_INT32],
    merge: pl.Tensor[[4, 64], pl.DT_INT32],
    sqz: pl.Tensor[[4, 64], pl.DT_INT32],
    sqz_default: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_int32_4x64, addr=0x0400)
    c_t = pl.make_tile(t_int32_4x64, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    ilv0_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    ilv1_t = pl.make_tile(t_int32_4x64, addr=0x1100)
    dilv0_t = pl.make_tile(t_int32_4x64, addr=0x1500)
    dilv1_t = pl.make_tile(t_int32_4x64, addr=0x1900)
    copy_t = pl.make_tile(t_int32_4x64, addr=0x1D00)
    merge_t = pl.make_tile(t_int32_4x64, addr=0x2100)
    sqz_t = pl.make_tile(t_int32_4x64, addr=0x2500)
    sqz_default_t = pl.make_tile(t_int32_4x64, addr=0x2900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        permute_ops(a_t, b_t, c_t, m_t, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t, merge_t)
        squeeze_ops(a_t, m_t, sqz_t, sqz_default_t)
        pl.store(ilv0, ilv0_t, [0, 0])
        pl.store(ilv1, ilv1_t, [0, 0])
        pl.store(dilv0, dilv0_t, [0, 0])
        pl.store(dilv1, dilv1_t, [0, 0])
        pl.store(copy, copy_t, [0, 0])
        pl.store(merge, merge_t, [0, 0])
        pl.store(sqz, sqz_t, [0, 0])
        pl.store(sqz_default, sqz_default_t, [0, 0])


@pl.jit()
def permute_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    b: pl.Tensor[[4, 64], pl.DT_UINT32],
    c: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    ilv0: pl.Tensor[[4, 64], pl.DT_UINT32],
    ilv1: pl.Tensor[[4, 64], pl.DT_UINT32],
    dilv0: pl.Tensor[[4, 64], pl.DT_UINT32],
    dilv1: pl.Tensor[[4, 64], pl.DT_UINT32],
    copy: pl.Tensor[[4, 64], pl.DT_UINT32],
    merge: pl.Tensor[[4, 64], pl.DT_UINT32],
    sqz: pl.Tensor[[4, 64], pl.DT_UINT32],
    sqz_default: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_uint32_4x64, addr=0x0400)
    c_t = pl.make_tile(t_uint32_4x64, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    ilv0_t = pl.make_tile(t_uint32_4x64, addr=0x0D00)
    ilv1_t = pl.make_tile(t_uint32_4x64, addr=0x1100)
    dilv0_t = pl.make_tile(t_uint32_4x64, addr=0x1500)
    dilv1_t = pl.make_tile(t_uint32_4x64, addr=0x1900)
    copy_t = pl.make_tile(t_uint32_4x64, addr=0x1D00)
    merge_t = pl.make_tile(t_uint32_4x64, addr=0x2100)
    sqz_t = pl.make_tile(t_uint32_4x64, addr=0x2500)
    sqz_default_t = pl.make_tile(t_uint32_4x64, addr=0x2900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        permute_ops(a_t, b_t, c_t, m_t, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t, merge_t)
        squeeze_ops(a_t, m_t, sqz_t, sqz_default_t)
        pl.store(ilv0, ilv0_t, [0, 0])
        pl.store(ilv1, ilv1_t, [0, 0])
        pl.store(dilv0, dilv0_t, [0, 0])
        pl.store(dilv1, dilv1_t, [0, 0])
        pl.store(copy, copy_t, [0, 0])
        pl.store(merge, merge_t, [0, 0])
        pl.store(sqz, sqz_t, [0, 0])
        pl.store(sqz_default, sqz_default_t, [0, 0])


@pl.jit()
def permute_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    b: pl.Tensor[[4, 64], pl.DT_FP32],
    c: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    ilv0: pl.Tensor[[4, 64], pl.DT_FP32],
    ilv1: pl.Tensor[[4, 64], pl.DT_FP32],
    dilv0: pl.Tensor[[4, 64], pl.DT_FP32],
    dilv1: pl.Tensor[[4, 64], pl.DT_FP32],
    copy: pl.Tensor[[4, 64], pl.DT_FP32],
    merge: pl.Tensor[[4, 64], pl.DT_FP32],
    sqz: pl.Tensor[[4, 64], pl.DT_FP32],
    sqz_default: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_fp32_4x64, addr=0x0400)
    c_t = pl.make_tile(t_fp32_4x64, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    ilv0_t = pl.make_tile(t_fp32_4x64, addr=0x0D00)
    ilv1_t = pl.make_tile(t_fp32_4x64, addr=0x1100)
    dilv0_t = pl.make_tile(t_fp32_4x64, addr=0x1500)
    dilv1_t = pl.make_tile(t_fp32_4x64, addr=0x1900)
    copy_t = pl.make_tile(t_fp32_4x64, addr=0x1D00)
    merge_t = pl.make_tile(t_fp32_4x64, addr=0x2100)
    sqz_t = pl.make_tile(t_fp32_4x64, addr=0x2500)
    sqz_default_t = pl.make_tile(t_fp32_4x64, addr=0x2900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        permute_ops(a_t, b_t, c_t, m_t, ilv0_t, ilv1_t, dilv0_t, dilv1_t, copy_t, merge_t)
        squeeze_ops(a_t, m_t, sqz_t, sqz_default_t)
        pl.store(ilv0, ilv0_t, [0, 0])
        pl.store(ilv1, ilv1_t, [0, 0])
        pl.store(dilv0, dilv0_t, [0, 0])
        pl.store(dilv1, dilv1_t, [0, 0])
        pl.store(copy, copy_t, [0, 0])
        pl.store(merge, merge_t, [0, 0])
        pl.store(sqz, sqz_t, [0, 0])
        pl.store(sqz_default, sqz_default_t, [0, 0])
