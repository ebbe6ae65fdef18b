# Register x register and register x scalar arithmetic, every dtype pvc takes (docs/SEMANTICS.md
# §10.1, §10.2; 64-bit integers are trap T2, warned W010). One vector function, specialised per
# call by the tile dtype; one @pl.jit kernel per dtype. Inputs (tools/gen_op_tests.py): a, b, c
# hold R = 4 rows of one register each, edge values paired lane by lane with random ones;
# m holds one 256-bit mask per row, loaded into a declared mask (§2.5 NORM, LSB-first bits; an
# integer offset counts bytes), so every lane's tested bit m[w*i] (§9.1) is random, and so are
# the other bits.
# Every result is stored under an all-ones b8 mask, so masked-off lanes show what the op
# left there: 0 (ZEROING) or c (MERGING into a register that holds c, §9.2).
import pypto_pro.language as pl


@pl.vector_function
def binary_ops(a_tile, b_tile, c_tile, m_tile, add_t, sub_t, max_t, min_t, add_m_t, max_m_t,
               min_m_t, adds_t, subs_t, maxs_t, mins_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        vf.store_align(add_t, vf.add(a, b, m), every, [r, 0])
        vf.store_align(sub_t, vf.sub(a, b, m), every, [r, 0])
        vf.store_align(max_t, vf.max(a, b, m), every, [r, 0])
        vf.store_align(min_t, vf.min(a, b, m), every, [r, 0])
        acc = vf.load_align(c_tile, [r, 0])
        acc = vf.add(a, b, m, mode=pl.MergeMode.MERGING)
        vf.store_align(add_m_t, acc, every, [r, 0])
        hi = vf.load_align(c_tile, [r, 0])
        hi = vf.max(a, b, m, mode=pl.MergeMode.MERGING)
        vf.store_align(max_m_t, hi, every, [r, 0])
        lo = vf.load_align(c_tile, [r, 0])
        lo = vf.min(a, b, m, mode=pl.MergeMode.MERGING)
        vf.store_align(min_m_t, lo, every, [r, 0])
        # integer literals: converted to the element type as C++ does (§9.6); subs of a
        # negative literal is adds of its negation, maxs/mins of -100 on unsigned types wrap
        vf.store_align(adds_t, vf.adds(a, 7, m), every, [r, 0])
        vf.store_align(subs_t, vf.subs(a, -3, m), every, [r, 0])
        vf.store_align(maxs_t, vf.maxs(a, 100, m), every, [r, 0])
        vf.store_align(mins_t, vf.mins(a, -100, m), every, [r, 0])


@pl.jit()
def arith_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    b: pl.Tensor[[4, 256], pl.DT_INT8],
    c: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 256], pl.DT_INT8],
    sub: pl.Tensor[[4, 256], pl.DT_INT8],
    max: pl.Tensor[[4, 256], pl.DT_INT8],
    min: pl.Tensor[[4, 256], pl.DT_INT8],
    add_merge: pl.Tensor[[4, 256], pl.DT_INT8],
    max_merge: pl.Tensor[[4, 256], pl.DT_INT8],
    min_merge: pl.Tensor[[4, 256], pl.DT_INT8],
    adds: pl.Tensor[[4, 256], pl.DT_INT8],
    subs: pl.Tensor[[4, 256], pl.DT_INT8],
    maxs: pl.Tensor[[4, 256], pl.DT_INT8],
    mins: pl.Tensor[[4, 256], pl.DT_INT8],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_int8_4x256, addr=0x0400)
    c_t = pl.make_tile(t_int8_4x256, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_int8_4x256, addr=0x0D00)
    sub_t = pl.make_tile(t_int8_4x256, addr=0x1100)
    max_t = pl.make_tile(t_int8_4x256, addr=0x1500)
    min_t = pl.make_tile(t_int8_4x256, addr=0x1900)
    add_merge_t = pl.make_tile(t_int8_4x256, addr=0x1D00)
    max_merge_t = pl.make_tile(t_int8_4x256, addr=0x2100)
    min_merge_t = pl.make_tile(t_int8_4x256, addr=0x2500)
    adds_t = pl.make_tile(t_int8_4x256, addr=0x2900)
    subs_t = pl.make_tile(t_int8_4x256, addr=0x2D00)
    maxs_t = pl.make_tile(t_int8_4x256, addr=0x3100)
    mins_t = pl.make_tile(t_int8_4x256, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_u8(
    a: pl.Tensor[[4, 256], pl.DT_UINT8],
    b: pl.Tensor[[4, 256], pl.DT_UINT8],
    c: pl.Tensor[[4, 256], pl.DT_UINT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 256], pl.DT_UINT8],
    sub: pl.Tensor[[4, 256], pl.DT_UINT8],
    max: pl.Tensor[[4, 256], pl.DT_UINT8],
    min: pl.Tensor[[4, 256], pl.DT_UINT8],
    add_merge: pl.Tensor[[4, 256], pl.DT_UINT8],
    max_merge: pl.Tensor[[4, 256], pl.DT_UINT8],
    min_merge: pl.Tensor[[4, 256], pl.DT_UINT8],
    adds: pl.Tensor[[4, 256], pl.DT_UINT8],
    subs: pl.Tensor[[4, 256], pl.DT_UINT8],
    maxs: pl.Tensor[[4, 256], pl.DT_UINT8],
    mins: pl.Tensor[[4, 256], pl.DT_UINT8],
):
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_uint8_4x256, addr=0x0400)
    c_t = pl.make_tile(t_uint8_4x256, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_uint8_4x256, addr=0x0D00)
    sub_t = pl.make_tile(t_uint8_4x256, addr=0x1100)
    max_t = pl.make_tile(t_uint8_4x256, addr=0x1500)
    min_t = pl.make_tile(t_uint8_4x256, addr=0x1900)
    add_merge_t = pl.make_tile(t_uint8_4x256, addr=0x1D00)
    max_merge_t = pl.make_tile(t_uint8_4x256, addr=0x2100)
    min_merge_t = pl.make_tile(t_uint8_4x256, addr=0x2500)
    adds_t = pl.make_tile(t_uint8_4x256, addr=0x2900)
    subs_t = pl.make_tile(t_uint8_4x256, addr=0x2D00)
    maxs_t = pl.make_tile(t_uint8_4x256, addr=0x3100)
    mins_t = pl.make_tile(t_uint8_4x256, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    b: pl.Tensor[[4, 128], pl.DT_INT16],
    c: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 128], pl.DT_INT16],
    sub: pl.Tensor[[4, 128], pl.DT_INT16],
    max: pl.Tensor[[4, 128], pl.DT_INT16],
    min: pl.Tensor[[4, 128], pl.DT_INT16],
    add_merge: pl.Tensor[[4, 128], pl.DT_INT16],
    max_merge: pl.Tensor[[4, 128], pl.DT_INT16],
    min_merge: pl.Tensor[[4, 128], pl.DT_INT16],
    adds: pl.Tensor[[4, 128], pl.DT_INT16],
    subs: pl.Tensor[[4, 128], pl.DT_INT16],
    maxs: pl.Tensor[[4, 128], pl.DT_INT16],
    mins: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_int16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_int16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_int16_4x128, addr=0x0D00)
    sub_t = pl.make_tile(t_int16_4x128, addr=0x1100)
    max_t = pl.make_tile(t_int16_4x128, addr=0x1500)
    min_t = pl.make_tile(t_int16_4x128, addr=0x1900)
    add_merge_t = pl.make_tile(t_int16_4x128, addr=0x1D00)
    max_merge_t = pl.make_tile(t_int16_4x128, addr=0x2100)
    min_merge_t = pl.make_tile(t_int16_4x128, addr=0x2500)
    adds_t = pl.make_tile(t_int16_4x128, addr=0x2900)
    subs_t = pl.make_tile(t_int16_4x128, addr=0x2D00)
    maxs_t = pl.make_tile(t_int16_4x128, addr=0x3100)
    mins_t = pl.make_tile(t_int16_4x128, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    b: pl.Tensor[[4, 128], pl.DT_UINT16],
    c: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 128], pl.DT_UINT16],
    sub: pl.Tensor[[4, 128], pl.DT_UINT16],
    max: pl.Tensor[[4, 128], pl.DT_UINT16],
    min: pl.Tensor[[4, 128], pl.DT_UINT16],
    add_merge: pl.Tensor[[4, 128], pl.DT_UINT16],
    max_merge: pl.Tensor[[4, 128], pl.DT_UINT16],
    min_merge: pl.Tensor[[4, 128], pl.DT_UINT16],
    adds: pl.Tensor[[4, 128], pl.DT_UINT16],
    subs: pl.Tensor[[4, 128], pl.DT_UINT16],
    maxs: pl.Tensor[[4, 128], pl.DT_UINT16],
    mins: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_uint16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_uint16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_uint16_4x128, addr=0x0D00)
    sub_t = pl.make_tile(t_uint16_4x128, addr=0x1100)
    max_t = pl.make_tile(t_uint16_4x128, addr=0x1500)
    min_t = pl.make_tile(t_uint16_4x128, addr=0x1900)
    add_merge_t = pl.make_tile(t_uint16_4x128, addr=0x1D00)
    max_merge_t = pl.make_tile(t_uint16_4x128, addr=0x2100)
    min_merge_t = pl.make_tile(t_uint16_4x128, addr=0x2500)
    adds_t = pl.make_tile(t_uint16_4x128, addr=0x2900)
    subs_t = pl.make_tile(t_uint16_4x128, addr=0x2D00)
    maxs_t = pl.make_tile(t_uint16_4x128, addr=0x3100)
    mins_t = pl.make_tile(t_uint16_4x128, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    b: pl.Tensor[[4, 64], pl.DT_INT32],
    c: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 64], pl.DT_INT32],
    sub: pl.Tensor[[4, 64], pl.DT_INT32],
    max: pl.Tensor[[4, 64], pl.DT_INT32],
    min: pl.Tensor[[4, 64], pl.DT_INT32],
    add_merge: pl.Tensor[[4, 64], pl.DT_INT32],
    max_merge: pl.Tensor[[4, 64], pl.DT_INT32],
    min_merge: pl.Tensor[[4, 64], pl.DT_INT32],
    adds: pl.Tensor[[4, 64], pl.DT_INT32],
    subs: pl.Tensor[[4, 64], pl.DT_INT32],
    maxs: pl.Tensor[[4, 64], pl.DT_INT32],
    mins: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_int32_4x64, addr=0x0400)
    c_t = pl.make_tile(t_int32_4x64, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_int32_4x64, addr=0x0D00)
    sub_t = pl.make_tile(t_int32_4x64, addr=0x1100)
    max_t = pl.make_tile(t_int32_4x64, addr=0x1500)
    min_t = pl.make_tile(t_int32_4x64, addr=0x1900)
    add_merge_t = pl.make_tile(t_int32_4x64, addr=0x1D00)
    max_merge_t = pl.make_tile(t_int32_4x64, addr=0x2100)
    min_merge_t = pl.make_tile(t_int32_4x64, addr=0x2500)
    adds_t = pl.make_tile(t_int32_4x64, addr=0x2900)
    subs_t = pl.make_tile(t_int32_4x64, addr=0x2D00)
    maxs_t = pl.make_tile(t_int32_4x64, addr=0x3100)
    mins_t = pl.make_tile(t_int32_4x64, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    b: pl.Tensor[[4, 64], pl.DT_UINT32],
    c: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 64], pl.DT_UINT32],
    sub: pl.Tensor[[4, 64], pl.DT_UINT32],
    max: pl.Tensor[[4, 64], pl.DT_UINT32],
    min: pl.Tensor[[4, 64], pl.DT_UINT32],
    add_merge: pl.Tensor[[4, 64], pl.DT_UINT32],
    max_merge: pl.Tensor[[4, 64], pl.DT_UINT32],
    min_merge: pl.Tensor[[4, 64], pl.DT_UINT32],
    adds: pl.Tensor[[4, 64], pl.DT_UINT32],
    subs: pl.Tensor[[4, 64], pl.DT_UINT32],
    maxs: pl.Tensor[[4, 64], pl.DT_UINT32],
    mins: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_uint32_4x64, addr=0x0400)
    c_t = pl.make_tile(t_uint32_4x64, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_uint32_4x64, addr=0x0D00)
    sub_t = pl.make_tile(t_uint32_4x64, addr=0x1100)
    max_t = pl.make_tile(t_uint32_4x64, addr=0x1500)
    min_t = pl.make_tile(t_uint32_4x64, addr=0x1900)
    add_merge_t = pl.make_tile(t_uint32_4x64, addr=0x1D00)
    max_merge_t = pl.make_tile(t_uint32_4x64, addr=0x2100)
    min_merge_t = pl.make_tile(t_uint32_4x64, addr=0x2500)
    adds_t = pl.make_tile(t_uint32_4x64, addr=0x2900)
    subs_t = pl.make_tile(t_uint32_4x64, addr=0x2D00)
    maxs_t = pl.make_tile(t_uint32_4x64, addr=0x3100)
    mins_t = pl.make_tile(t_uint32_4x64, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_i64(
    a: pl.Tensor[[4, 32], pl.DT_INT64],
    b: pl.Tensor[[4, 32], pl.DT_INT64],
    c: pl.Tensor[[4, 32], pl.DT_INT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 32], pl.DT_INT64],
    sub: pl.Tensor[[4, 32], pl.DT_INT64],
    max: pl.Tensor[[4, 32], pl.DT_INT64],
    min: pl.Tensor[[4, 32], pl.DT_INT64],
    add_merge: pl.Tensor[[4, 32], pl.DT_INT64],
    max_merge: pl.Tensor[[4, 32], pl.DT_INT64],
    min_merge: pl.Tensor[[4, 32], pl.DT_INT64],
    adds: pl.Tensor[[4, 32], pl.DT_INT64],
    subs: pl.Tensor[[4, 32], pl.DT_INT64],
    maxs: pl.Tensor[[4, 32], pl.DT_INT64],
    mins: pl.Tensor[[4, 32], pl.DT_INT64],
):
    t_int64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_INT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_int64_4x32, addr=0x0400)
    c_t = pl.make_tile(t_int64_4x32, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_int64_4x32, addr=0x0D00)
    sub_t = pl.make_tile(t_int64_4x32, addr=0x1100)
    max_t = pl.make_tile(t_int64_4x32, addr=0x1500)
    min_t = pl.make_tile(t_int64_4x32, addr=0x1900)
    add_merge_t = pl.make_tile(t_int64_4x32, addr=0x1D00)
    max_merge_t = pl.make_tile(t_int64_4x32, addr=0x2100)
    min_merge_t = pl.make_tile(t_int64_4x32, addr=0x2500)
    adds_t = pl.make_tile(t_int64_4x32, addr=0x2900)
    subs_t = pl.make_tile(t_int64_4x32, addr=0x2D00)
    maxs_t = pl.make_tile(t_int64_4x32, addr=0x3100)
    mins_t = pl.make_tile(t_int64_4x32, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_u64(
    a: pl.Tensor[[4, 32], pl.DT_UINT64],
    b: pl.Tensor[[4, 32], pl.DT_UINT64],
    c: pl.Tensor[[4, 32], pl.DT_UINT64],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 32], pl.DT_UINT64],
    sub: pl.Tensor[[4, 32], pl.DT_UINT64],
    max: pl.Tensor[[4, 32], pl.DT_UINT64],
    min: pl.Tensor[[4, 32], pl.DT_UINT64],
    add_merge: pl.Tensor[[4, 32], pl.DT_UINT64],
    max_merge: pl.Tensor[[4, 32], pl.DT_UINT64],
    min_merge: pl.Tensor[[4, 32], pl.DT_UINT64],
    adds: pl.Tensor[[4, 32], pl.DT_UINT64],
    subs: pl.Tensor[[4, 32], pl.DT_UINT64],
    maxs: pl.Tensor[[4, 32], pl.DT_UINT64],
    mins: pl.Tensor[[4, 32], pl.DT_UINT64],
):
    t_uint64_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT64, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint64_4x32, addr=0x0000)
    b_t = pl.make_tile(t_uint64_4x32, addr=0x0400)
    c_t = pl.make_tile(t_uint64_4x32, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_uint64_4x32, addr=0x0D00)
    sub_t = pl.make_tile(t_uint64_4x32, addr=0x1100)
    max_t = pl.make_tile(t_uint64_4x32, addr=0x1500)
    min_t = pl.make_tile(t_uint64_4x32, addr=0x1900)
    add_merge_t = pl.make_tile(t_uint64_4x32, addr=0x1D00)
    max_merge_t = pl.make_tile(t_uint64_4x32, addr=0x2100)
    min_merge_t = pl.make_tile(t_uint64_4x32, addr=0x2500)
    adds_t = pl.make_tile(t_uint64_4x32, addr=0x2900)
    subs_t = pl.make_tile(t_uint64_4x32, addr=0x2D00)
    maxs_t = pl.make_tile(t_uint64_4x32, addr=0x3100)
    mins_t = pl.make_tile(t_uint64_4x32, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    b: pl.Tensor[[4, 128], pl.DT_FP16],
    c: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 128], pl.DT_FP16],
    sub: pl.Tensor[[4, 128], pl.DT_FP16],
    max: pl.Tensor[[4, 128], pl.DT_FP16],
    min: pl.Tensor[[4, 128], pl.DT_FP16],
    add_merge: pl.Tensor[[4, 128], pl.DT_FP16],
    max_merge: pl.Tensor[[4, 128], pl.DT_FP16],
    min_merge: pl.Tensor[[4, 128], pl.DT_FP16],
    adds: pl.Tensor[[4, 128], pl.DT_FP16],
    subs: pl.Tensor[[4, 128], pl.DT_FP16],
    maxs: pl.Tensor[[4, 128], pl.DT_FP16],
    mins: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_fp16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_fp16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_fp16_4x128, addr=0x0D00)
    sub_t = pl.make_tile(t_fp16_4x128, addr=0x1100)
    max_t = pl.make_tile(t_fp16_4x128, addr=0x1500)
    min_t = pl.make_tile(t_fp16_4x128, addr=0x1900)
    add_merge_t = pl.make_tile(t_fp16_4x128, addr=0x1D00)
    max_merge_t = pl.make_tile(t_fp16_4x128, addr=0x2100)
    min_merge_t = pl.make_tile(t_fp16_4x128, addr=0x2500)
    adds_t = pl.make_tile(t_fp16_4x128, addr=0x2900)
    subs_t = pl.make_tile(t_fp16_4x128, addr=0x2D00)
    maxs_t = pl.make_tile(t_fp16_4x128, addr=0x3100)
    mins_t = pl.make_tile(t_fp16_4x128, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_bf16(
    a: pl.Tensor[[4, 128], pl.DT_BF16],
    b: pl.Tensor[[4, 128], pl.DT_BF16],
    c: pl.Tensor[[4, 128], pl.DT_BF16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 128], pl.DT_BF16],
    sub: pl.Tensor[[4, 128], pl.DT_BF16],
    max: pl.Tensor[[4, 128], pl.DT_BF16],
    min: pl.Tensor[[4, 128], pl.DT_BF16],
    add_merge: pl.Tensor[[4, 128], pl.DT_BF16],
    max_merge: pl.Tensor[[4, 128], pl.DT_BF16],
    min_merge: pl.Tensor[[4, 128], pl.DT_BF16],
    adds: pl.Tensor[[4, 128], pl.DT_BF16],
    subs: pl.Tensor[[4, 128], pl.DT_BF16],
    maxs: pl.Tensor[[4, 128], pl.DT_BF16],
    mins: pl.Tensor[[4, 128], pl.DT_BF16],
):
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_bf16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_bf16_4x128, addr=0x0400)
    c_t = pl.make_tile(t_bf16_4x128, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_bf16_4x128, addr=0x0D00)
    sub_t = pl.make_tile(t_bf16_4x128, addr=0x1100)
    max_t = pl.make_tile(t_bf16_4x128, addr=0x1500)
    min_t = pl.make_tile(t_bf16_4x128, addr=0x1900)
    add_merge_t = pl.make_tile(t_bf16_4x128, addr=0x1D00)
    max_merge_t = pl.make_tile(t_bf16_4x128, addr=0x2100)
    min_merge_t = pl.make_tile(t_bf16_4x128, addr=0x2500)
    adds_t = pl.make_tile(t_bf16_4x128, addr=0x2900)
    subs_t = pl.make_tile(t_bf16_4x128, addr=0x2D00)
    maxs_t = pl.make_tile(t_bf16_4x128, addr=0x3100)
    mins_t = pl.make_tile(t_bf16_4x128, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])


@pl.jit()
def arith_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    b: pl.Tensor[[4, 64], pl.DT_FP32],
    c: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    add: pl.Tensor[[4, 64], pl.DT_FP32],
    sub: pl.Tensor[[4, 64], pl.DT_FP32],
    max: pl.Tensor[[4, 64], pl.DT_FP32],
    min: pl.Tensor[[4, 64], pl.DT_FP32],
    add_merge: pl.Tensor[[4, 64], pl.DT_FP32],
    max_merge: pl.Tensor[[4, 64], pl.DT_FP32],
    min_merge: pl.Tensor[[4, 64], pl.DT_FP32],
    adds: pl.Tensor[[4, 64], pl.DT_FP32],
    subs: pl.Tensor[[4, 64], pl.DT_FP32],
    maxs: pl.Tensor[[4, 64], pl.DT_FP32],
    mins: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_fp32_4x64, addr=0x0400)
    c_t = pl.make_tile(t_fp32_4x64, addr=0x0800)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    add_t = pl.make_tile(t_fp32_4x64, addr=0x0D00)
    sub_t = pl.make_tile(t_fp32_4x64, addr=0x1100)
    max_t = pl.make_tile(t_fp32_4x64, addr=0x1500)
    min_t = pl.make_tile(t_fp32_4x64, addr=0x1900)
    add_merge_t = pl.make_tile(t_fp32_4x64, addr=0x1D00)
    max_merge_t = pl.make_tile(t_fp32_4x64, addr=0x2100)
    min_merge_t = pl.make_tile(t_fp32_4x64, addr=0x2500)
    adds_t = pl.make_tile(t_fp32_4x64, addr=0x2900)
    subs_t = pl.make_tile(t_fp32_4x64, addr=0x2D00)
    maxs_t = pl.make_tile(t_fp32_4x64, addr=0x3100)
    mins_t = pl.make_tile(t_fp32_4x64, addr=0x3500)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(c_t, c, [0, 0])
        pl.load(m_t, m, [0, 0])
        binary_ops(a_t, b_t, c_t, m_t, add_t, sub_t, max_t, min_t, add_merge_t, max_merge_t,
            min_merge_t, adds_t, subs_t, maxs_t, mins_t)
        pl.store(add, add_t, [0, 0])
        pl.store(sub, sub_t, [0, 0])
        pl.store(max, max_t, [0, 0])
        pl.store(min, min_t, [0, 0])
        pl.store(add_merge, add_merge_t, [0, 0])
        pl.store(max_merge, max_merge_t, [0, 0])
        pl.store(min_merge, min_merge_t, [0, 0])
        pl.store(adds, adds_t, [0, 0])
        pl.store(subs, subs_t, [0, 0])
        pl.store(maxs, maxs_t, [0, 0])
        pl.store(mins, mins_t, [0, 0])

