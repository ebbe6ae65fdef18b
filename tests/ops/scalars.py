# Scalar operands (docs/SEMANTICS.md §9.6, §5.2, §5.7, §10.2). A float literal reaches the device as
# the binary32 nearest to its "%f" text, six decimals (T20): 0.0078125 is 0.007812 and 1e-7 is 0;
# then C++ converts it to the element type: to half / bfloat16 by RNE, to an integer by
# truncation (2.75 -> 2). An integer literal converts modulo to a narrower integer (-7 -> 249 in
# UINT8). Kernel scalars keep their value and convert the same way (x: float, k: int, given with
# --scalar). vf.full: a literal broadcast, masked (ZEROING, MERGING into c), from x and k, and the
# register form (lane 0, or lane N-1 with pos=HIGHEST). Masks and layout as in tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def scalar_ops(a_tile, m_tile, x, k, adds_lit_t, adds_tiny_t, adds_frac_t, maxs_x_t, mins_k_t,
               ge_lit_t, ge_x_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(adds_lit_t, vf.adds(a, 0.0078125, m), every, [r, 0])
        vf.store_align(adds_tiny_t, vf.adds(a, 1e-7, m), every, [r, 0])
        vf.store_align(adds_frac_t, vf.adds(a, 2.75, m), every, [r, 0])
        vf.store_align(maxs_x_t, vf.maxs(a, x, m), every, [r, 0])
        vf.store_align(mins_k_t, vf.mins(a, k, m), every, [r, 0])
        vf.store_align(ge_lit_t, vf.ge(a, 0.0078125, m), 32, post_update=True)
        vf.store_align(ge_x_t, vf.ge(a, x, m), 32, post_update=True)


@pl.vector_function
def muls_literal(a_tile, m_tile, muls_lit_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(muls_lit_t, vf.muls(a, 0.0078125, m), every, [r, 0])


@pl.vector_function
def full_reg(a_tile, c_tile, m_tile, low_t, high_t, merge_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        vf.store_align(low_t, vf.full(a, m), every, [r, 0])
        vf.store_align(high_t, vf.full(a, m, pos=pl.DuplicatePos.HIGHEST), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.full(a, m, pos=pl.DuplicatePos.HIGHEST, mode=pl.MergeMode.MERGING)
        vf.store_align(merge_t, acc, every, [r, 0])



@pl.vector_function
def full_i8(c_tile, m_tile, x, k, lit_t, masked_t, merge_t, from_x_t, from_k_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        vf.store_align(lit_t, vf.full(2.75, dtype=pl.DT_INT8), every, [r, 0])
        vf.store_align(masked_t, vf.full(-7, m, dtype=pl.DT_INT8), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.full(0.0078125, m, dtype=pl.DT_INT8, mode=pl.MergeMode.MERGING)
        vf.store_align(merge_t, acc, every, [r, 0])
        vf.store_align(from_x_t, vf.full(x, m, dtype=pl.DT_INT8), every, [r, 0])
        vf.store_align(from_k_t, vf.full(k, dtype=pl.DT_INT8), every, [r, 0])


@pl.vector_function
def full_u8(c_tile, m_tile, x, k, lit_t, masked_t, merge_t, from_x_t, from_k_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        vf.store_align(lit_t, vf.full(2.75, dtype=pl.DT_UINT8), every, [r, 0])
        vf.store_align(masked_t, vf.full(-7, m, dtype=pl.DT_UINT8), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.full(0.0078125, m, dtype=pl.DT_UINT8, mode=pl.MergeMode.MERGING)
        vf.store_align(merge_t, acc, every, [r, 0])
        vf.store_align(from_x_t, vf.full(x, m, dtype=pl.DT_UINT8), every, [r, 0])
        vf.store_align(from_k_t, vf.full(k, dtype=pl.DT_UINT8), every, [r, 0])


@pl.vector_function
def full_i16(c_tile, m_tile, x, k, lit_t, masked_t, merge_t, from_x_t, from_k_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        vf.store_align(lit_t, vf.full(2.75, dtype=pl.DT_INT16), every, [r, 0])
        vf.store_align(masked_t, vf.full(-7, m, dtype=pl.DT_INT16), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.full(0.0078125, m, dtype=pl.DT_INT16, mode=pl.MergeMode.MERGING)
        vf.store_align(merge_t, acc, every, [r, 0])
        vf.store_align(from_x_t, vf.full(x, m, dtype=pl.DT_INT16), every, [r, 0])
        vf.store_align(from_k_t, vf.full(k, dtype=pl.DT_INT16), every, [r, 0])


@pl.vector_function
def full_i32(c_tile, m_tile, x, k, lit_t, masked_t, merge_t, from_x_t, from_k_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        vf.store_align(lit_t, vf.full(2.75, dtype=pl.DT_INT32), every, [r, 0])
        vf.store_align(masked_t, vf.full(-7, m, dtype=pl.DT_INT32), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.full(0.0078125, m, dtype=pl.DT_INT32, mode=pl.MergeMode.MERGING)
        vf.store_align(merge_t, acc, every, [r, 0])
        vf.store_align(from_x_t, vf.full(x, m, dtype=pl.DT_INT32), every, [r, 0])
        vf.store_align(from_k_t, vf.full(k, dtype=pl.DT_INT32), every, [r, 0])


@pl.vector_function
def full_u32(c_tile, m_tile, x, k, lit_t, masked_t, merge_t, from_x_t, from_k_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        vf.store_align(lit_t, vf.full(2.75, dtype=pl.DT_UINT32), every, [r, 0])
        vf.store_align(masked_t, vf.full(-7, m, dtype=pl.DT_UINT32), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.full(0.0078125, m, dtype=pl.DT_UINT32, mode=pl.MergeMode.MERGING)
        vf.store_align(merge_t, acc, every, [r, 0])
        vf.store_align(from_x_t, vf.full(x, m, dtype=pl.DT_UINT32), every, [r, 0])
        vf.store_align(from_k_t, vf.full(k, dtype=pl.DT_UINT32), every, [r, 0])


@pl.vector_function
def full_f16(c_tile, m_tile, x, k, lit_t, masked_t, merge_t, from_x_t, from_k_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        vf.store_align(lit_t, vf.full(2.75, dtype=pl.DT_FP16), every, [r, 0])
        vf.store_align(masked_t, vf.full(-7, m, dtype=pl.DT_FP16), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.full(0.0078125, m, dtype=pl.DT_FP16, mode=pl.MergeMode.MERGING)
        vf.store_align(merge_t, acc, every, [r, 0])
        vf.store_align(from_x_t, vf.full(x, m, dtype=pl.DT_FP16), every, [r, 0])
        vf.store_align(from_k_t, vf.full(k, dtype=pl.DT_FP16), every, [r, 0])


@pl.vector_function
def full_bf16(c_tile, m_tile, x, k, lit_t, masked_t, merge_t, from_x_t, from_k_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        vf.store_align(lit_t, vf.full(2.75, dtype=pl.DT_BF16), every, [r, 0])
        vf.store_align(masked_t, vf.full(-7, m, dtype=pl.DT_BF16), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.full(0.0078125, m, dtype=pl.DT_BF16, mode=pl.MergeMode.MERGING)
        vf.store_align(merge_t, acc, every, [r, 0])
        vf.store_align(from_x_t, vf.full(x, m, dtype=pl.DT_BF16), every, [r, 0])
        vf.store_align(from_k_t, vf.full(k, dtype=pl.DT_BF16), every, [r, 0])


@pl.vector_function
def full_f32(c_tile, m_tile, x, k, lit_t, masked_t, merge_t, from_x_t, from_k_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        vf.store_align(lit_t, vf.full(2.75, dtype=pl.DT_FP32), every, [r, 0])
        vf.store_align(masked_t, vf.full(-7, m, dtype=pl.DT_FP32), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.full(0.0078125, m, dtype=pl.DT_FP32, mode=pl.MergeMode.MERGING)
        vf.store_align(merge_t, acc, every, [r, 0])
        vf.store_align(from_x_t, vf.full(x, m, dtype=pl.DT_FP32), every, [r, 0])
        vf.store_align(from_k_t, vf.full(k, dtype=pl.DT_FP32), every, [r, 0])


@pl.jit()
def scalars_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    c: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    x: float,
    k: int,
    adds_lit: pl.Tensor[[4, 256], pl.DT_INT8],
    adds_tiny: pl.Tensor[[4, 256], pl.DT_INT8],
    adds_frac: pl.Tensor[[4, 256], pl.DT_INT8],
    maxs_x: pl.Tensor[[4, 256], pl.DT_INT8],
    mins_k: pl.Tensor[[4, 256], pl.DT_INT8],
    ge_lit: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge_x: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls_lit: pl.Tensor[[4, 256], pl.DT_INT8],
    full_lit: pl.Tensor[[4, 256], pl.DT_INT8],
    full_masked: pl.Tensor[[4, 256], pl.DT_INT8],
    full_merge: pl.Tensor[[4, 256], pl.DT_INT8],
    full_from_x: pl.Tensor[[4, 256], pl.DT_INT8],
    full_from_k: pl.Tensor[[4, 256], pl.DT_INT8],
    full_low: pl.Tensor[[4, 256], pl.DT_INT8],
    full_high: pl.Tensor[[4, 256], pl.DT_INT8],
    full_high_merge: pl.Tensor[[4, 256], pl.DT_INT8],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    c_t = pl.make_tile(t_int8_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    adds_lit_t = pl.make_tile(t_int8_4x256, addr=0x0900)
    adds_tiny_t = pl.make_tile(t_int8_4x256, addr=0x0D00)
    adds_frac_t = pl.make_tile(t_int8_4x256, addr=0x1100)
    maxs_x_t = pl.make_tile(t_int8_4x256, addr=0x1500)
    mins_k_t = pl.make_tile(t_int8_4x256, addr=0x1900)
    ge_lit_t = pl.make_tile(t_uint8_4x32, addr=0x1D00)
    ge_x_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    muls_lit_t = pl.make_tile(t_int8_4x256, addr=0x1F00)
    full_lit_t = pl.make_tile(t_int8_4x256, addr=0x2300)
    full_masked_t = pl.make_tile(t_int8_4x256, addr=0x2700)
    full_merge_t = pl.make_tile(t_int8_4x256, addr=0x2B00)
    full_from_x_t = pl.make_tile(t_int8_4x256, addr=0x2F00)
    full_from_k_t = pl.make_tile(t_int8_4x256, addr=0x3300)
    full_low_t = pl.make_tile(t_int8_4x256, addr=0x3700)
    full_high_t = pl.make_tile(t_int8_4x256, addr=0x3B00)
    full_high_merge_t = pl.make_tile(t_int8_4x256, addr=0x3F00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        scalar_ops(a_t, m_t, x, k, adds_lit_t, adds_tiny_t, adds_frac_t, maxs_x_t, mins_k_t,
            ge_lit_t, ge_x_t)
        muls_literal(a_t, m_t, muls_lit_t)
        full_i8(c_t, m_t, x, k, full_lit_t, full_masked_t, full_merge_t, full_from_x_t,
            full_from_k_t)
        full_reg(a_t, c_t, m_t, full_low_t, full_high_t, full_high_merge_t)
        pl.store(adds_lit, adds_lit_t, [0, 0])
        pl.store(adds_tiny, adds_tiny_t, [0, 0])
        pl.store(adds_frac, adds_frac_t, [0, 0])
        pl.store(maxs_x, maxs_x_t, [0, 0])
        pl.store(mins_k, mins_k_t, [0, 0])
        pl.store(ge_lit, ge_lit_t, [0, 0])
        pl.store(ge_x, ge_x_t, [0, 0])
        pl.store(muls_lit, muls_lit_t, [0, 0])
        pl.store(full_lit, full_lit_t, [0, 0])
        pl.store(full_masked, full_masked_t, [0, 0])
        pl.store(full_merge, full_merge_t, [0, 0])
        pl.store(full_from_x, full_from_x_t, [0, 0])
        pl.store(full_from_k, full_from_k_t, [0, 0])
        pl.store(full_low, full_low_t, [0, 0])
        pl.store(full_high, full_high_t, [0, 0])
        pl.store(full_high_merge, full_high_merge_t, [0, 0])


@pl.jit()
def scalars_u8(
    a: pl.Tensor[[4, 256], pl.DT_UINT8],
    c: pl.Tensor[[4, 256], pl.DT_UINT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    x: float,
    k: int,
    adds_lit: pl.Tensor[[4, 256], pl.DT_UINT8],
    adds_tiny: pl.Tensor[[4, 256], pl.DT_UINT8],
    adds_frac: pl.Tensor[[4, 256], pl.DT_UINT8],
    maxs_x: pl.Tensor[[4, 256], pl.DT_UINT8],
    mins_k: pl.Tensor[[4, 256], pl.DT_UINT8],
    ge_lit: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge_x: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls_lit: pl.Tensor[[4, 256], pl.DT_UINT8],
    full_lit: pl.Tensor[[4, 256], pl.DT_UINT8],
    full_masked: pl.Tensor[[4, 256], pl.DT_UINT8],
    full_merge: pl.Tensor[[4, 256], pl.DT_UINT8],
    full_from_x: pl.Tensor[[4, 256], pl.DT_UINT8],
    full_from_k: pl.Tensor[[4, 256], pl.DT_UINT8],
    full_low: pl.Tensor[[4, 256], pl.DT_UINT8],
    full_high: pl.Tensor[[4, 256], pl.DT_UINT8],
    full_high_merge: pl.Tensor[[4, 256], pl.DT_UINT8],
):
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_4x256, addr=0x0000)
    c_t = pl.make_tile(t_uint8_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    adds_lit_t = pl.make_tile(t_uint8_4x256, addr=0x0900)
    adds_tiny_t = pl.make_tile(t_uint8_4x256, addr=0x0D00)
    adds_frac_t = pl.make_tile(t_uint8_4x256, addr=0x1100)
    maxs_x_t = pl.make_tile(t_uint8_4x256, addr=0x1500)
    mins_k_t = pl.make_tile(t_uint8_4x256, addr=0x1900)
    ge_lit_t = pl.make_tile(t_uint8_4x32, addr=0x1D00)
    ge_x_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    muls_lit_t = pl.make_tile(t_uint8_4x256, addr=0x1F00)
    full_lit_t = pl.make_tile(t_uint8_4x256, addr=0x2300)
    full_masked_t = pl.make_tile(t_uint8_4x256, addr=0x2700)
    full_merge_t = pl.make_tile(t_uint8_4x256, addr=0x2B00)
    full_from_x_t = pl.make_tile(t_uint8_4x256, addr=0x2F00)
    full_from_k_t = pl.make_tile(t_uint8_4x256, addr=0x3300)
    full_low_t = pl.make_tile(t_uint8_4x256, addr=0x3700)
    full_high_t = pl.make_tile(t_uint8_4x256, addr=0x3B00)
    full_high_merge_t = pl.make_tile(t_uint8_4x256, addr=0x3F00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        scalar_ops(a_t, m_t, x, k, adds_lit_t, adds_tiny_t, adds_frac_t, maxs_x_t, mins_k_t,
            ge_lit_t, ge_x_t)
        muls_literal(a_t, m_t, muls_lit_t)
        full_u8(c_t, m_t, x, k, full_lit_t, full_masked_t, full_merge_t, full_from_x_t,
            full_from_k_t)
        full_reg(a_t, c_t, m_t, full_low_t, full_high_t, full_high_merge_t)
        pl.store(adds_lit, adds_lit_t, [0, 0])
        pl.store(adds_tiny, adds_tiny_t, [0, 0])
        pl.store(adds_frac, adds_frac_t, [0, 0])
        pl.store(maxs_x, maxs_x_t, [0, 0])
        pl.store(mins_k, mins_k_t, [0, 0])
        pl.store(ge_lit, ge_lit_t, [0, 0])
        pl.store(ge_x, ge_x_t, [0, 0])
        pl.store(muls_lit, muls_lit_t, [0, 0])
        pl.store(full_lit, full_lit_t, [0, 0])
        pl.store(full_masked, full_masked_t, [0, 0])
        pl.store(full_merge, full_merge_t, [0, 0])
        pl.store(full_from_x, full_from_x_t, [0, 0])
        pl.store(full_from_k, full_from_k_t, [0, 0])
        pl.store(full_low, full_low_t, [0, 0])
        pl.store(full_high, full_high_t, [0, 0])
        pl.store(full_high_merge, full_high_merge_t, [0, 0])


@pl.jit()
def scalars_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    c: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    x: float,
    k: int,
    adds_lit: pl.Tensor[[4, 128], pl.DT_INT16],
    adds_tiny: pl.Tensor[[4, 128], pl.DT_INT16],
    adds_frac: pl.Tensor[[4, 128], pl.DT_INT16],
    maxs_x: pl.Tensor[[4, 128], pl.DT_INT16],
    mins_k: pl.Tensor[[4, 128], pl.DT_INT16],
    ge_lit: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge_x: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls_lit: pl.Tensor[[4, 128], pl.DT_INT16],
    full_lit: pl.Tensor[[4, 128], pl.DT_INT16],
    full_masked: pl.Tensor[[4, 128], pl.DT_INT16],
    full_merge: pl.Tensor[[4, 128], pl.DT_INT16],
    full_from_x: pl.Tensor[[4, 128], pl.DT_INT16],
    full_from_k: pl.Tensor[[4, 128], pl.DT_INT16],
    full_low: pl.Tensor[[4, 128], pl.DT_INT16],
    full_high: pl.Tensor[[4, 128], pl.DT_INT16],
    full_high_merge: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    c_t = pl.make_tile(t_int16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    adds_lit_t = pl.make_tile(t_int16_4x128, addr=0x0900)
    adds_tiny_t = pl.make_tile(t_int16_4x128, addr=0x0D00)
    adds_frac_t = pl.make_tile(t_int16_4x128, addr=0x1100)
    maxs_x_t = pl.make_tile(t_int16_4x128, addr=0x1500)
    mins_k_t = pl.make_tile(t_int16_4x128, addr=0x1900)
    ge_lit_t = pl.make_tile(t_uint8_4x32, addr=0x1D00)
    ge_x_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    muls_lit_t = pl.make_tile(t_int16_4x128, addr=0x1F00)
    full_lit_t = pl.make_tile(t_int16_4x128, addr=0x2300)
    full_masked_t = pl.make_tile(t_int16_4x128, addr=0x2700)
    full_merge_t = pl.make_tile(t_int16_4x128, addr=0x2B00)
    full_from_x_t = pl.make_tile(t_int16_4x128, addr=0x2F00)
    full_from_k_t = pl.make_tile(t_int16_4x128, addr=0x3300)
    full_low_t = pl.make_tile(t_int16_4x128, addr=0x3700)
    full_high_t = pl.make_tile(t_int16_4x128, addr=0x3B00)
    full_high_merge_t = pl.make_tile(t_int16_4x128, addr=0x3F00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        scalar_ops(a_t, m_t, x, k, adds_lit_t, adds_tiny_t, adds_frac_t, maxs_x_t, mins_k_t,
            ge_lit_t, ge_x_t)
        muls_literal(a_t, m_t, muls_lit_t)
        full_i16(c_t, m_t, x, k, full_lit_t, full_masked_t, full_merge_t, full_from_x_t,
            full_from_k_t)
        full_reg(a_t, c_t, m_t, full_low_t, full_high_t, full_high_merge_t)
        pl.store(adds_lit, adds_lit_t, [0, 0])
        pl.store(adds_tiny, adds_tiny_t, [0, 0])
        pl.store(adds_frac, adds_frac_t, [0, 0])
        pl.store(maxs_x, maxs_x_t, [0, 0])
        pl.store(mins_k, mins_k_t, [0, 0])
        pl.store(ge_lit, ge_lit_t, [0, 0])
        pl.store(ge_x, ge_x_t, [0, 0])
        pl.store(muls_lit, muls_lit_t, [0, 0])
        pl.store(full_lit, full_lit_t, [0, 0])
        pl.store(full_masked, full_masked_t, [0, 0])
        pl.store(full_merge, full_merge_t, [0, 0])
        pl.store(full_from_x, full_from_x_t, [0, 0])
        pl.store(full_from_k, full_from_k_t, [0, 0])
        pl.store(full_low, full_low_t, [0, 0])
        pl.store(full_high, full_high_t, [0, 0])
        pl.store(full_high_merge, full_high_merge_t, [0, 0])


@pl.jit()
def scalars_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    c: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    x: float,
    k: int,
    adds_lit: pl.Tensor[[4, 64], pl.DT_INT32],
    adds_tiny: pl.Tensor[[4, 64], pl.DT_INT32],
    adds_frac: pl.Tensor[[4, 64], pl.DT_INT32],
    maxs_x: pl.Tensor[[4, 64], pl.DT_INT32],
    mins_k: pl.Tensor[[4, 64], pl.DT_INT32],
    ge_lit: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge_x: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls_lit: pl.Tensor[[4, 64], pl.DT_INT32],
    full_lit: pl.Tensor[[4, 64], pl.DT_INT32],
    full_masked: pl.Tensor[[4, 64], pl.DT_INT32],
    full_merge: pl.Tensor[[4, 64], pl.DT_INT32],
    full_from_x: pl.Tensor[[4, 64], pl.DT_INT32],
    full_from_k: pl.Tensor[[4, 64], pl.DT_INT32],
    full_low: pl.Tensor[[4, 64], pl.DT_INT32],
    full_high: pl.Tensor[[4, 64], pl.DT_INT32],
    full_high_merge: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    c_t = pl.make_tile(t_int32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    adds_lit_t = pl.make_tile(t_int32_4x64, addr=0x0900)
    adds_tiny_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    adds_frac_t = pl.make_tile(t_int32_4x64, addr=0x1100)
    maxs_x_t = pl.make_tile(t_int32_4x64, addr=0x1500)
    mins_k_t = pl.make_tile(t_int32_4x64, addr=0x1900)
    ge_lit_t = pl.make_tile(t_uint8_4x32, addr=0x1D00)
    ge_x_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    muls_lit_t = pl.make_tile(t_int32_4x64, addr=0x1F00)
    full_lit_t = pl.make_tile(t_int32_4x64, addr=0x2300)
    full_masked_t = pl.make_tile(t_int32_4x64, addr=0x2700)
    full_merge_t = pl.make_tile(t_int32_4x64, addr=0x2B00)
    full_from_x_t = pl.make_tile(t_int32_4x64, addr=0x2F00)
    full_from_k_t = pl.make_tile(t_int32_4x64, addr=0x3300)
    full_low_t = pl.make_tile(t_int32_4x64, addr=0x3700)
    full_high_t = pl.make_tile(t_int32_4x64, addr=0x3B00)
    full_high_merge_t = pl.make_tile(t_int32_4x64, addr=0x3F00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        scalar_ops(a_t, m_t, x, k, adds_lit_t, adds_tiny_t, adds_frac_t, maxs_x_t, mins_k_t,
            ge_lit_t, ge_x_t)
        muls_literal(a_t, m_t, muls_lit_t)
        full_i32(c_t, m_t, x, k, full_lit_t, full_masked_t, full_merge_t, full_from_x_t,
            full_from_k_t)
        full_reg(a_t, c_t, m_t, full_low_t, full_high_t, full_high_merge_t)
        pl.store(adds_lit, adds_lit_t, [0, 0])
        pl.store(adds_tiny, adds_tiny_t, [0, 0])
        pl.store(adds_frac, adds_frac_t, [0, 0])
        pl.store(maxs_x, maxs_x_t, [0, 0])
        pl.store(mins_k, mins_k_t, [0, 0])
        pl.store(ge_lit, ge_lit_t, [0, 0])
        pl.store(ge_x, ge_x_t, [0, 0])
        pl.store(muls_lit, muls_lit_t, [0, 0])
        pl.store(full_lit, full_lit_t, [0, 0])
        pl.store(full_masked, full_masked_t, [0, 0])
        pl.store(full_merge, full_merge_t, [0, 0])
        pl.store(full_from_x, full_from_x_t, [0, 0])
        pl.store(full_from_k, full_from_k_t, [0, 0])
        pl.store(full_low, full_low_t, [0, 0])
        pl.store(full_high, full_high_t, [0, 0])
        pl.store(full_high_merge, full_high_merge_t, [0, 0])


@pl.jit()
def scalars_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    c: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    x: float,
    k: int,
    adds_lit: pl.Tensor[[4, 64], pl.DT_UINT32],
    adds_tiny: pl.Tensor[[4, 64], pl.DT_UINT32],
    adds_frac: pl.Tensor[[4, 64], pl.DT_UINT32],
    maxs_x: pl.Tensor[[4, 64], pl.DT_UINT32],
    mins_k: pl.Tensor[[4, 64], pl.DT_UINT32],
    ge_lit: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge_x: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls_lit: pl.Tensor[[4, 64], pl.DT_UINT32],
    full_lit: pl.Tensor[[4, 64], pl.DT_UINT32],
    full_masked: pl.Tensor[[4, 64], pl.DT_UINT32],
    full_merge: pl.Tensor[[4, 64], pl.DT_UINT32],
    full_from_x: pl.Tensor[[4, 64], pl.DT_UINT32],
    full_from_k: pl.Tensor[[4, 64], pl.DT_UINT32],
    full_low: pl.Tensor[[4, 64], pl.DT_UINT32],
    full_high: pl.Tensor[[4, 64], pl.DT_UINT32],
    full_high_merge: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    c_t = pl.make_tile(t_uint32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    adds_lit_t = pl.make_tile(t_uint32_4x64, addr=0x0900)
    adds_tiny_t = pl.make_tile(t_uint32_4x64, addr=0x0D00)
    adds_frac_t = pl.make_tile(t_uint32_4x64, addr=0x1100)
    maxs_x_t = pl.make_tile(t_uint32_4x64, addr=0x1500)
    mins_k_t = pl.make_tile(t_uint32_4x64, addr=0x1900)
    ge_lit_t = pl.make_tile(t_uint8_4x32, addr=0x1D00)
    ge_x_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    muls_lit_t = pl.make_tile(t_uint32_4x64, addr=0x1F00)
    full_lit_t = pl.make_tile(t_uint32_4x64, addr=0x2300)
    full_masked_t = pl.make_tile(t_uint32_4x64, addr=0x2700)
    full_merge_t = pl.make_tile(t_uint32_4x64, addr=0x2B00)
    full_from_x_t = pl.make_tile(t_uint32_4x64, addr=0x2F00)
    full_from_k_t = pl.make_tile(t_uint32_4x64, addr=0x3300)
    full_low_t = pl.make_tile(t_uint32_4x64, addr=0x3700)
    full_high_t = pl.make_tile(t_uint32_4x64, addr=0x3B00)
    full_high_merge_t = pl.make_tile(t_uint32_4x64, addr=0x3F00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        scalar_ops(a_t, m_t, x, k, adds_lit_t, adds_tiny_t, adds_frac_t, maxs_x_t, mins_k_t,
            ge_lit_t, ge_x_t)
        muls_literal(a_t, m_t, muls_lit_t)
        full_u32(c_t, m_t, x, k, full_lit_t, full_masked_t, full_merge_t, full_from_x_t,
            full_from_k_t)
        full_reg(a_t, c_t, m_t, full_low_t, full_high_t, full_high_merge_t)
        pl.store(adds_lit, adds_lit_t, [0, 0])
        pl.store(adds_tiny, adds_tiny_t, [0, 0])
        pl.store(adds_frac, adds_frac_t, [0, 0])
        pl.store(maxs_x, maxs_x_t, [0, 0])
        pl.store(mins_k, mins_k_t, [0, 0])
        pl.store(ge_lit, ge_lit_t, [0, 0])
        pl.store(ge_x, ge_x_t, [0, 0])
        pl.store(muls_lit, muls_lit_t, [0, 0])
        pl.store(full_lit, full_lit_t, [0, 0])
        pl.store(full_masked, full_masked_t, [0, 0])
        pl.store(full_merge, full_merge_t, [0, 0])
        pl.store(full_from_x, full_from_x_t, [0, 0])
        pl.store(full_from_k, full_from_k_t, [0, 0])
        pl.store(full_low, full_low_t, [0, 0])
        pl.store(full_high, full_high_t, [0, 0])
        pl.store(full_high_merge, full_high_merge_t, [0, 0])


@pl.jit()
def scalars_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    c: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    x: float,
    k: int,
    adds_lit: pl.Tensor[[4, 128], pl.DT_FP16],
    adds_tiny: pl.Tensor[[4, 128], pl.DT_FP16],
    adds_frac: pl.Tensor[[4, 128], pl.DT_FP16],
    maxs_x: pl.Tensor[[4, 128], pl.DT_FP16],
    mins_k: pl.Tensor[[4, 128], pl.DT_FP16],
    ge_lit: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge_x: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls_lit: pl.Tensor[[4, 128], pl.DT_FP16],
    full_lit: pl.Tensor[[4, 128], pl.DT_FP16],
    full_masked: pl.Tensor[[4, 128], pl.DT_FP16],
    full_merge: pl.Tensor[[4, 128], pl.DT_FP16],
    full_from_x: pl.Tensor[[4, 128], pl.DT_FP16],
    full_from_k: pl.Tensor[[4, 128], pl.DT_FP16],
    full_low: pl.Tensor[[4, 128], pl.DT_FP16],
    full_high: pl.Tensor[[4, 128], pl.DT_FP16],
    full_high_merge: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    c_t = pl.make_tile(t_fp16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    adds_lit_t = pl.make_tile(t_fp16_4x128, addr=0x0900)
    adds_tiny_t = pl.make_tile(t_fp16_4x128, addr=0x0D00)
    adds_frac_t = pl.make_tile(t_fp16_4x128, addr=0x1100)
    maxs_x_t = pl.make_tile(t_fp16_4x128, addr=0x1500)
    mins_k_t = pl.make_tile(t_fp16_4x128, addr=0x1900)
    ge_lit_t = pl.make_tile(t_uint8_4x32, addr=0x1D00)
    ge_x_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    muls_lit_t = pl.make_tile(t_fp16_4x128, addr=0x1F00)
    full_lit_t = pl.make_tile(t_fp16_4x128, addr=0x2300)
    full_masked_t = pl.make_tile(t_fp16_4x128, addr=0x2700)
    full_merge_t = pl.make_tile(t_fp16_4x128, addr=0x2B00)
    full_from_x_t = pl.make_tile(t_fp16_4x128, addr=0x2F00)
    full_from_k_t = pl.make_tile(t_fp16_4x128, addr=0x3300)
    full_low_t = pl.make_tile(t_fp16_4x128, addr=0x3700)
    full_high_t = pl.make_tile(t_fp16_4x128, addr=0x3B00)
    full_high_merge_t = pl.make_tile(t_fp16_4x128, addr=0x3F00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        scalar_ops(a_t, m_t, x, k, adds_lit_t, adds_tiny_t, adds_frac_t, maxs_x_t, mins_k_t,
            ge_lit_t, ge_x_t)
        muls_literal(a_t, m_t, muls_lit_t)
        full_f16(c_t, m_t, x, k, full_lit_t, full_masked_t, full_merge_t, full_from_x_t,
            full_from_k_t)
        full_reg(a_t, c_t, m_t, full_low_t, full_high_t, full_high_merge_t)
        pl.store(adds_lit, adds_lit_t, [0, 0])
        pl.store(adds_tiny, adds_tiny_t, [0, 0])
        pl.store(adds_frac, adds_frac_t, [0, 0])
        pl.store(maxs_x, maxs_x_t, [0, 0])
        pl.store(mins_k, mins_k_t, [0, 0])
        pl.store(ge_lit, ge_lit_t, [0, 0])
        pl.store(ge_x, ge_x_t, [0, 0])
        pl.store(muls_lit, muls_lit_t, [0, 0])
        pl.store(full_lit, full_lit_t, [0, 0])
        pl.store(full_masked, full_masked_t, [0, 0])
        pl.store(full_merge, full_merge_t, [0, 0])
        pl.store(full_from_x, full_from_x_t, [0, 0])
        pl.store(full_from_k, full_from_k_t, [0, 0])
        pl.store(full_low, full_low_t, [0, 0])
        pl.store(full_high, full_high_t, [0, 0])
        pl.store(full_high_merge, full_high_merge_t, [0, 0])


@pl.jit()
def scalars_bf16(
    a: pl.Tensor[[4, 128], pl.DT_BF16],
    c: pl.Tensor[[4, 128], pl.DT_BF16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    x: float,
    k: int,
    adds_lit: pl.Tensor[[4, 128], pl.DT_BF16],
    adds_tiny: pl.Tensor[[4, 128], pl.DT_BF16],
    adds_frac: pl.Tensor[[4, 128], pl.DT_BF16],
    maxs_x: pl.Tensor[[4, 128], pl.DT_BF16],
    mins_k: pl.Tensor[[4, 128], pl.DT_BF16],
    ge_lit: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge_x: pl.Tensor[[4, 32], pl.DT_UINT8],
    full_lit: pl.Tensor[[4, 128], pl.DT_BF16],
    full_masked: pl.Tensor[[4, 128], pl.DT_BF16],
    full_merge: pl.Tensor[[4, 128], pl.DT_BF16],
    full_from_x: pl.Tensor[[4, 128], pl.DT_BF16],
    full_from_k: pl.Tensor[[4, 128], pl.DT_BF16],
    full_low: pl.Tensor[[4, 128], pl.DT_BF16],
    full_high: pl.Tensor[[4, 128], pl.DT_BF16],
    full_high_merge: pl.Tensor[[4, 128], pl.DT_BF16],
):
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_bf16_4x128, addr=0x0000)
    c_t = pl.make_tile(t_bf16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    adds_lit_t = pl.make_tile(t_bf16_4x128, addr=0x0900)
    adds_tiny_t = pl.make_tile(t_bf16_4x128, addr=0x0D00)
    adds_frac_t = pl.make_tile(t_bf16_4x128, addr=0x1100)
    maxs_x_t = pl.make_tile(t_bf16_4x128, addr=0x1500)
    mins_k_t = pl.make_tile(t_bf16_4x128, addr=0x1900)
    ge_lit_t = pl.make_tile(t_uint8_4x32, addr=0x1D00)
    ge_x_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    full_lit_t = pl.make_tile(t_bf16_4x128, addr=0x1F00)
    full_masked_t = pl.make_tile(t_bf16_4x128, addr=0x2300)
    full_merge_t = pl.make_tile(t_bf16_4x128, addr=0x2700)
    full_from_x_t = pl.make_tile(t_bf16_4x128, addr=0x2B00)
    full_from_k_t = pl.make_tile(t_bf16_4x128, addr=0x2F00)
    full_low_t = pl.make_tile(t_bf16_4x128, addr=0x3300)
    full_high_t = pl.make_tile(t_bf16_4x128, addr=0x3700)
    full_high_merge_t = pl.make_tile(t_bf16_4x128, addr=0x3B00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        scalar_ops(a_t, m_t, x, k, adds_lit_t, adds_tiny_t, adds_frac_t, maxs_x_t, mins_k_t,
            ge_lit_t, ge_x_t)
        full_bf16(c_t, m_t, x, k, full_lit_t, full_masked_t, full_merge_t, full_from_x_t,
            full_from_k_t)
        full_reg(a_t, c_t, m_t, full_low_t, full_high_t, full_high_merge_t)
        pl.store(adds_lit, adds_lit_t, [0, 0])
        pl.store(adds_tiny, adds_tiny_t, [0, 0])
        pl.store(adds_frac, adds_frac_t, [0, 0])
        pl.store(maxs_x, maxs_x_t, [0, 0])
        pl.store(mins_k, mins_k_t, [0, 0])
        pl.store(ge_lit, ge_lit_t, [0, 0])
        pl.store(ge_x, ge_x_t, [0, 0])
        pl.store(full_lit, full_lit_t, [0, 0])
        pl.store(full_masked, full_masked_t, [0, 0])
        pl.store(full_merge, full_merge_t, [0, 0])
        pl.store(full_from_x, full_from_x_t, [0, 0])
        pl.store(full_from_k, full_from_k_t, [0, 0])
        pl.store(full_low, full_low_t, [0, 0])
        pl.store(full_high, full_high_t, [0, 0])
        pl.store(full_high_merge, full_high_merge_t, [0, 0])


@pl.jit()
def scalars_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    c: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    x: float,
    k: int,
    adds_lit: pl.Tensor[[4, 64], pl.DT_FP32],
    adds_tiny: pl.Tensor[[4, 64], pl.DT_FP32],
    adds_frac: pl.Tensor[[4, 64], pl.DT_FP32],
    maxs_x: pl.Tensor[[4, 64], pl.DT_FP32],
    mins_k: pl.Tensor[[4, 64], pl.DT_FP32],
    ge_lit: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge_x: pl.Tensor[[4, 32], pl.DT_UINT8],
    muls_lit: pl.Tensor[[4, 64], pl.DT_FP32],
    full_lit: pl.Tensor[[4, 64], pl.DT_FP32],
    full_masked: pl.Tensor[[4, 64], pl.DT_FP32],
    full_merge: pl.Tensor[[4, 64], pl.DT_FP32],
    full_from_x: pl.Tensor[[4, 64], pl.DT_FP32],
    full_from_k: pl.Tensor[[4, 64], pl.DT_FP32],
    full_low: pl.Tensor[[4, 64], pl.DT_FP32],
    full_high: pl.Tensor[[4, 64], pl.DT_FP32],
    full_high_merge: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    c_t = pl.make_tile(t_fp32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    adds_lit_t = pl.make_tile(t_fp32_4x64, addr=0x0900)
    adds_tiny_t = pl.make_tile(t_fp32_4x64, addr=0x0D00)
    adds_frac_t = pl.make_tile(t_fp32_4x64, addr=0x1100)
    maxs_x_t = pl.make_tile(t_fp32_4x64, addr=0x1500)
    mins_k_t = pl.make_tile(t_fp32_4x64, addr=0x1900)
    ge_lit_t = pl.make_tile(t_uint8_4x32, addr=0x1D00)
    ge_x_t = pl.make_tile(t_uint8_4x32, addr=0x1E00)
    muls_lit_t = pl.make_tile(t_fp32_4x64, addr=0x1F00)
    full_lit_t = pl.make_tile(t_fp32_4x64, addr=0x2300)
    full_masked_t = pl.make_tile(t_fp32_4x64, addr=0x2700)
    full_merge_t = pl.make_tile(t_fp32_4x64, addr=0x2B00)
    full_from_x_t = pl.make_tile(t_fp32_4x64, addr=0x2F00)
    full_from_k_t = pl.make_tile(t_fp32_4x64, addr=0x3300)
    full_low_t = pl.make_tile(t_fp32_4x64, addr=0x3700)
    full_high_t = pl.make_tile(t_fp32_4x64, addr=0x3B00)
    full_high_merge_t = pl.make_tile(t_fp32_4x64, addr=0x3F00)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        scalar_ops(a_t, m_t, x, k, adds_lit_t, adds_tiny_t, adds_frac_t, maxs_x_t, mins_k_t,
            ge_lit_t, ge_x_t)
        muls_literal(a_t, m_t, muls_lit_t)
        full_f32(c_t, m_t, x, k, full_lit_t, full_masked_t, full_merge_t, full_from_x_t,
            full_from_k_t)
        full_reg(a_t, c_t, m_t, full_low_t, full_high_t, full_high_merge_t)
        pl.store(adds_lit, adds_lit_t, [0, 0])
        pl.store(adds_tiny, adds_tiny_t, [0, 0])
        pl.store(adds_frac, adds_frac_t, [0, 0])
        pl.store(maxs_x, maxs_x_t, [0, 0])
        pl.store(mins_k, mins_k_t, [0, 0])
        pl.store(ge_lit, ge_lit_t, [0, 0])
        pl.store(ge_x, ge_x_t, [0, 0])
        pl.store(muls_lit, muls_lit_t, [0, 0])
        pl.store(full_lit, full_lit_t, [0, 0])
        pl.store(full_masked, full_masked_t, [0, 0])
        pl.store(full_merge, full_merge_t, [0, 0])
        pl.store(full_from_x, full_from_x_t, [0, 0])
        pl.store(full_from_k, full_from_k_t, [0, 0])
        pl.store(full_low, full_low_t, [0, 0])
        pl.store(full_high, full_high_t, [0, 0])
        pl.store(full_high_merge, full_high_merge_t, [0, 0])
