# Compares and select (docs/SEMANTICS.md §5.2, §10.8). eq/ne/lt/gt/le/ge against a register and
# against the literal 0 (so +0 == -0 is exercised; a NaN compares false, ne true) on every dtype
# they take: the result mask has only the tested bit m_out[w*i] = preg[w*i] && (a OP b) set
# (§1.2), stored raw (NORM, 32 bytes per row, LSB-first) through a post-update cursor. select
# takes its mask's tested bits, keeps the false operand elsewhere (no zeroing), and also takes a
# compare's mask. Masks and layout as in tests/ops/arith.py.
import pypto_pro.language as pl


@pl.vector_function
def compare_ops(a_tile, b_tile, m_tile, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t,
                gts_t, les_t, ges_t, sel_t, sel_gt_t):
    every = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    m = vf.create_mask(pattern=pl.MaskPattern.ALL, dtype=pl.DT_UINT8)
    for r in pl.range(4):
        m = vf.load_align(m_tile, r * 32)
        a = vf.load_align(a_tile, [r, 0])
        b = vf.load_align(b_tile, [r, 0])
        vf.store_align(eq_t, vf.eq(a, b, m), 32, post_update=True)
        vf.store_align(ne_t, vf.ne(a, b, m), 32, post_update=True)
        vf.store_align(lt_t, vf.lt(a, b, m), 32, post_update=True)
        gt = vf.gt(a, b, m)
        vf.store_align(gt_t, gt, 32, post_update=True)
        vf.store_align(le_t, vf.le(a, b, m), 32, post_update=True)
        vf.store_align(ge_t, vf.ge(a, b, m), 32, post_update=True)
        vf.store_align(eqs_t, vf.eq(a, 0, m), 32, post_update=True)
        vf.store_align(nes_t, vf.ne(a, 0, m), 32, post_update=True)
        vf.store_align(lts_t, vf.lt(a, 0, m), 32, post_update=True)
        vf.store_align(gts_t, vf.gt(a, 0, m), 32, post_update=True)
        vf.store_align(les_t, vf.le(a, 0, m), 32, post_update=True)
        vf.store_align(ges_t, vf.ge(a, 0, m), 32, post_update=True)
        vf.store_align(sel_t, vf.select(a, b, m), every, [r, 0])
        vf.store_align(sel_gt_t, vf.select(a, b, gt), every, [r, 0])




@pl.jit()
def compare_i8(
    a: pl.Tensor[[4, 256], pl.DT_INT8],
    b: pl.Tensor[[4, 256], pl.DT_INT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    eq: pl.Tensor[[4, 32], pl.DT_UINT8],
    ne: pl.Tensor[[4, 32], pl.DT_UINT8],
    lt: pl.Tensor[[4, 32], pl.DT_UINT8],
    gt: pl.Tensor[[4, 32], pl.DT_UINT8],
    le: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge: pl.Tensor[[4, 32], pl.DT_UINT8],
    eqs: pl.Tensor[[4, 32], pl.DT_UINT8],
    nes: pl.Tensor[[4, 32], pl.DT_UINT8],
    lts: pl.Tensor[[4, 32], pl.DT_UINT8],
    gts: pl.Tensor[[4, 32], pl.DT_UINT8],
    les: pl.Tensor[[4, 32], pl.DT_UINT8],
    ges: pl.Tensor[[4, 32], pl.DT_UINT8],
    sel: pl.Tensor[[4, 256], pl.DT_INT8],
    sel_gt: pl.Tensor[[4, 256], pl.DT_INT8],
):
    t_int8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_INT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_int8_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    eq_t = pl.make_tile(t_uint8_4x32, addr=0x0900)
    ne_t = pl.make_tile(t_uint8_4x32, addr=0x0A00)
    lt_t = pl.make_tile(t_uint8_4x32, addr=0x0B00)
    gt_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    le_t = pl.make_tile(t_uint8_4x32, addr=0x0D00)
    ge_t = pl.make_tile(t_uint8_4x32, addr=0x0E00)
    eqs_t = pl.make_tile(t_uint8_4x32, addr=0x0F00)
    nes_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    lts_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    gts_t = pl.make_tile(t_uint8_4x32, addr=0x1200)
    les_t = pl.make_tile(t_uint8_4x32, addr=0x1300)
    ges_t = pl.make_tile(t_uint8_4x32, addr=0x1400)
    sel_t = pl.make_tile(t_int8_4x256, addr=0x1500)
    sel_gt_t = pl.make_tile(t_int8_4x256, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        compare_ops(a_t, b_t, m_t, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t, gts_t,
            les_t, ges_t, sel_t, sel_gt_t)
        pl.store(eq, eq_t, [0, 0])
        pl.store(ne, ne_t, [0, 0])
        pl.store(lt, lt_t, [0, 0])
        pl.store(gt, gt_t, [0, 0])
        pl.store(le, le_t, [0, 0])
        pl.store(ge, ge_t, [0, 0])
        pl.store(eqs, eqs_t, [0, 0])
        pl.store(nes, nes_t, [0, 0])
        pl.store(lts, lts_t, [0, 0])
        pl.store(gts, gts_t, [0, 0])
        pl.store(les, les_t, [0, 0])
        pl.store(ges, ges_t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(sel_gt, sel_gt_t, [0, 0])


@pl.jit()
def compare_u8(
    a: pl.Tensor[[4, 256], pl.DT_UINT8],
    b: pl.Tensor[[4, 256], pl.DT_UINT8],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    eq: pl.Tensor[[4, 32], pl.DT_UINT8],
    ne: pl.Tensor[[4, 32], pl.DT_UINT8],
    lt: pl.Tensor[[4, 32], pl.DT_UINT8],
    gt: pl.Tensor[[4, 32], pl.DT_UINT8],
    le: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge: pl.Tensor[[4, 32], pl.DT_UINT8],
    eqs: pl.Tensor[[4, 32], pl.DT_UINT8],
    nes: pl.Tensor[[4, 32], pl.DT_UINT8],
    lts: pl.Tensor[[4, 32], pl.DT_UINT8],
    gts: pl.Tensor[[4, 32], pl.DT_UINT8],
    les: pl.Tensor[[4, 32], pl.DT_UINT8],
    ges: pl.Tensor[[4, 32], pl.DT_UINT8],
    sel: pl.Tensor[[4, 256], pl.DT_UINT8],
    sel_gt: pl.Tensor[[4, 256], pl.DT_UINT8],
):
    t_uint8_4x256 = pl.TileType(shape=[4, 256], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint8_4x256, addr=0x0000)
    b_t = pl.make_tile(t_uint8_4x256, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    eq_t = pl.make_tile(t_uint8_4x32, addr=0x0900)
    ne_t = pl.make_tile(t_uint8_4x32, addr=0x0A00)
    lt_t = pl.make_tile(t_uint8_4x32, addr=0x0B00)
    gt_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    le_t = pl.make_tile(t_uint8_4x32, addr=0x0D00)
    ge_t = pl.make_tile(t_uint8_4x32, addr=0x0E00)
    eqs_t = pl.make_tile(t_uint8_4x32, addr=0x0F00)
    nes_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    lts_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    gts_t = pl.make_tile(t_uint8_4x32, addr=0x1200)
    les_t = pl.make_tile(t_uint8_4x32, addr=0x1300)
    ges_t = pl.make_tile(t_uint8_4x32, addr=0x1400)
    sel_t = pl.make_tile(t_uint8_4x256, addr=0x1500)
    sel_gt_t = pl.make_tile(t_uint8_4x256, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        compare_ops(a_t, b_t, m_t, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t, gts_t,
            les_t, ges_t, sel_t, sel_gt_t)
        pl.store(eq, eq_t, [0, 0])
        pl.store(ne, ne_t, [0, 0])
        pl.store(lt, lt_t, [0, 0])
        pl.store(gt, gt_t, [0, 0])
        pl.store(le, le_t, [0, 0])
        pl.store(ge, ge_t, [0, 0])
        pl.store(eqs, eqs_t, [0, 0])
        pl.store(nes, nes_t, [0, 0])
        pl.store(lts, lts_t, [0, 0])
        pl.store(gts, gts_t, [0, 0])
        pl.store(les, les_t, [0, 0])
        pl.store(ges, ges_t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(sel_gt, sel_gt_t, [0, 0])


@pl.jit()
def compare_i16(
    a: pl.Tensor[[4, 128], pl.DT_INT16],
    b: pl.Tensor[[4, 128], pl.DT_INT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    eq: pl.Tensor[[4, 32], pl.DT_UINT8],
    ne: pl.Tensor[[4, 32], pl.DT_UINT8],
    lt: pl.Tensor[[4, 32], pl.DT_UINT8],
    gt: pl.Tensor[[4, 32], pl.DT_UINT8],
    le: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge: pl.Tensor[[4, 32], pl.DT_UINT8],
    eqs: pl.Tensor[[4, 32], pl.DT_UINT8],
    nes: pl.Tensor[[4, 32], pl.DT_UINT8],
    lts: pl.Tensor[[4, 32], pl.DT_UINT8],
    gts: pl.Tensor[[4, 32], pl.DT_UINT8],
    les: pl.Tensor[[4, 32], pl.DT_UINT8],
    ges: pl.Tensor[[4, 32], pl.DT_UINT8],
    sel: pl.Tensor[[4, 128], pl.DT_INT16],
    sel_gt: pl.Tensor[[4, 128], pl.DT_INT16],
):
    t_int16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_INT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_int16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    eq_t = pl.make_tile(t_uint8_4x32, addr=0x0900)
    ne_t = pl.make_tile(t_uint8_4x32, addr=0x0A00)
    lt_t = pl.make_tile(t_uint8_4x32, addr=0x0B00)
    gt_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    le_t = pl.make_tile(t_uint8_4x32, addr=0x0D00)
    ge_t = pl.make_tile(t_uint8_4x32, addr=0x0E00)
    eqs_t = pl.make_tile(t_uint8_4x32, addr=0x0F00)
    nes_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    lts_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    gts_t = pl.make_tile(t_uint8_4x32, addr=0x1200)
    les_t = pl.make_tile(t_uint8_4x32, addr=0x1300)
    ges_t = pl.make_tile(t_uint8_4x32, addr=0x1400)
    sel_t = pl.make_tile(t_int16_4x128, addr=0x1500)
    sel_gt_t = pl.make_tile(t_int16_4x128, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        compare_ops(a_t, b_t, m_t, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t, gts_t,
            les_t, ges_t, sel_t, sel_gt_t)
        pl.store(eq, eq_t, [0, 0])
        pl.store(ne, ne_t, [0, 0])
        pl.store(lt, lt_t, [0, 0])
        pl.store(gt, gt_t, [0, 0])
        pl.store(le, le_t, [0, 0])
        pl.store(ge, ge_t, [0, 0])
        pl.store(eqs, eqs_t, [0, 0])
        pl.store(nes, nes_t, [0, 0])
        pl.store(lts, lts_t, [0, 0])
        pl.store(gts, gts_t, [0, 0])
        pl.store(les, les_t, [0, 0])
        pl.store(ges, ges_t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(sel_gt, sel_gt_t, [0, 0])


@pl.jit()
def compare_u16(
    a: pl.Tensor[[4, 128], pl.DT_UINT16],
    b: pl.Tensor[[4, 128], pl.DT_UINT16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    eq: pl.Tensor[[4, 32], pl.DT_UINT8],
    ne: pl.Tensor[[4, 32], pl.DT_UINT8],
    lt: pl.Tensor[[4, 32], pl.DT_UINT8],
    gt: pl.Tensor[[4, 32], pl.DT_UINT8],
    le: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge: pl.Tensor[[4, 32], pl.DT_UINT8],
    eqs: pl.Tensor[[4, 32], pl.DT_UINT8],
    nes: pl.Tensor[[4, 32], pl.DT_UINT8],
    lts: pl.Tensor[[4, 32], pl.DT_UINT8],
    gts: pl.Tensor[[4, 32], pl.DT_UINT8],
    les: pl.Tensor[[4, 32], pl.DT_UINT8],
    ges: pl.Tensor[[4, 32], pl.DT_UINT8],
    sel: pl.Tensor[[4, 128], pl.DT_UINT16],
    sel_gt: pl.Tensor[[4, 128], pl.DT_UINT16],
):
    t_uint16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_UINT16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_uint16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    eq_t = pl.make_tile(t_uint8_4x32, addr=0x0900)
    ne_t = pl.make_tile(t_uint8_4x32, addr=0x0A00)
    lt_t = pl.make_tile(t_uint8_4x32, addr=0x0B00)
    gt_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    le_t = pl.make_tile(t_uint8_4x32, addr=0x0D00)
    ge_t = pl.make_tile(t_uint8_4x32, addr=0x0E00)
    eqs_t = pl.make_tile(t_uint8_4x32, addr=0x0F00)
    nes_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    lts_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    gts_t = pl.make_tile(t_uint8_4x32, addr=0x1200)
    les_t = pl.make_tile(t_uint8_4x32, addr=0x1300)
    ges_t = pl.make_tile(t_uint8_4x32, addr=0x1400)
    sel_t = pl.make_tile(t_uint16_4x128, addr=0x1500)
    sel_gt_t = pl.make_tile(t_uint16_4x128, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        compare_ops(a_t, b_t, m_t, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t, gts_t,
            les_t, ges_t, sel_t, sel_gt_t)
        pl.store(eq, eq_t, [0, 0])
        pl.store(ne, ne_t, [0, 0])
        pl.store(lt, lt_t, [0, 0])
        pl.store(gt, gt_t, [0, 0])
        pl.store(le, le_t, [0, 0])
        pl.store(ge, ge_t, [0, 0])
        pl.store(eqs, eqs_t, [0, 0])
        pl.store(nes, nes_t, [0, 0])
        pl.store(lts, lts_t, [0, 0])
        pl.store(gts, gts_t, [0, 0])
        pl.store(les, les_t, [0, 0])
        pl.store(ges, ges_t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(sel_gt, sel_gt_t, [0, 0])


@pl.jit()
def compare_i32(
    a: pl.Tensor[[4, 64], pl.DT_INT32],
    b: pl.Tensor[[4, 64], pl.DT_INT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    eq: pl.Tensor[[4, 32], pl.DT_UINT8],
    ne: pl.Tensor[[4, 32], pl.DT_UINT8],
    lt: pl.Tensor[[4, 32], pl.DT_UINT8],
    gt: pl.Tensor[[4, 32], pl.DT_UINT8],
    le: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge: pl.Tensor[[4, 32], pl.DT_UINT8],
    eqs: pl.Tensor[[4, 32], pl.DT_UINT8],
    nes: pl.Tensor[[4, 32], pl.DT_UINT8],
    lts: pl.Tensor[[4, 32], pl.DT_UINT8],
    gts: pl.Tensor[[4, 32], pl.DT_UINT8],
    les: pl.Tensor[[4, 32], pl.DT_UINT8],
    ges: pl.Tensor[[4, 32], pl.DT_UINT8],
    sel: pl.Tensor[[4, 64], pl.DT_INT32],
    sel_gt: pl.Tensor[[4, 64], pl.DT_INT32],
):
    t_int32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_INT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_int32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_int32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    eq_t = pl.make_tile(t_uint8_4x32, addr=0x0900)
    ne_t = pl.make_tile(t_uint8_4x32, addr=0x0A00)
    lt_t = pl.make_tile(t_uint8_4x32, addr=0x0B00)
    gt_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    le_t = pl.make_tile(t_uint8_4x32, addr=0x0D00)
    ge_t = pl.make_tile(t_uint8_4x32, addr=0x0E00)
    eqs_t = pl.make_tile(t_uint8_4x32, addr=0x0F00)
    nes_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    lts_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    gts_t = pl.make_tile(t_uint8_4x32, addr=0x1200)
    les_t = pl.make_tile(t_uint8_4x32, addr=0x1300)
    ges_t = pl.make_tile(t_uint8_4x32, addr=0x1400)
    sel_t = pl.make_tile(t_int32_4x64, addr=0x1500)
    sel_gt_t = pl.make_tile(t_int32_4x64, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        compare_ops(a_t, b_t, m_t, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t, gts_t,
            les_t, ges_t, sel_t, sel_gt_t)
        pl.store(eq, eq_t, [0, 0])
        pl.store(ne, ne_t, [0, 0])
        pl.store(lt, lt_t, [0, 0])
        pl.store(gt, gt_t, [0, 0])
        pl.store(le, le_t, [0, 0])
        pl.store(ge, ge_t, [0, 0])
        pl.store(eqs, eqs_t, [0, 0])
        pl.store(nes, nes_t, [0, 0])
        pl.store(lts, lts_t, [0, 0])
        pl.store(gts, gts_t, [0, 0])
        pl.store(les, les_t, [0, 0])
        pl.store(ges, ges_t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(sel_gt, sel_gt_t, [0, 0])


@pl.jit()
def compare_u32(
    a: pl.Tensor[[4, 64], pl.DT_UINT32],
    b: pl.Tensor[[4, 64], pl.DT_UINT32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    eq: pl.Tensor[[4, 32], pl.DT_UINT8],
    ne: pl.Tensor[[4, 32], pl.DT_UINT8],
    lt: pl.Tensor[[4, 32], pl.DT_UINT8],
    gt: pl.Tensor[[4, 32], pl.DT_UINT8],
    le: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge: pl.Tensor[[4, 32], pl.DT_UINT8],
    eqs: pl.Tensor[[4, 32], pl.DT_UINT8],
    nes: pl.Tensor[[4, 32], pl.DT_UINT8],
    lts: pl.Tensor[[4, 32], pl.DT_UINT8],
    gts: pl.Tensor[[4, 32], pl.DT_UINT8],
    les: pl.Tensor[[4, 32], pl.DT_UINT8],
    ges: pl.Tensor[[4, 32], pl.DT_UINT8],
    sel: pl.Tensor[[4, 64], pl.DT_UINT32],
    sel_gt: pl.Tensor[[4, 64], pl.DT_UINT32],
):
    t_uint32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_UINT32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_uint32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_uint32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    eq_t = pl.make_tile(t_uint8_4x32, addr=0x0900)
    ne_t = pl.make_tile(t_uint8_4x32, addr=0x0A00)
    lt_t = pl.make_tile(t_uint8_4x32, addr=0x0B00)
    gt_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    le_t = pl.make_tile(t_uint8_4x32, addr=0x0D00)
    ge_t = pl.make_tile(t_uint8_4x32, addr=0x0E00)
    eqs_t = pl.make_tile(t_uint8_4x32, addr=0x0F00)
    nes_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    lts_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    gts_t = pl.make_tile(t_uint8_4x32, addr=0x1200)
    les_t = pl.make_tile(t_uint8_4x32, addr=0x1300)
    ges_t = pl.make_tile(t_uint8_4x32, addr=0x1400)
    sel_t = pl.make_tile(t_uint32_4x64, addr=0x1500)
    sel_gt_t = pl.make_tile(t_uint32_4x64, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        compare_ops(a_t, b_t, m_t, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t, gts_t,
            les_t, ges_t, sel_t, sel_gt_t)
        pl.store(eq, eq_t, [0, 0])
        pl.store(ne, ne_t, [0, 0])
        pl.store(lt, lt_t, [0, 0])
        pl.store(gt, gt_t, [0, 0])
        pl.store(le, le_t, [0, 0])
        pl.store(ge, ge_t, [0, 0])
        pl.store(eqs, eqs_t, [0, 0])
        pl.store(nes, nes_t, [0, 0])
        pl.store(lts, lts_t, [0, 0])
        pl.store(gts, gts_t, [0, 0])
        pl.store(les, les_t, [0, 0])
        pl.store(ges, ges_t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(sel_gt, sel_gt_t, [0, 0])


@pl.jit()
def compare_f16(
    a: pl.Tensor[[4, 128], pl.DT_FP16],
    b: pl.Tensor[[4, 128], pl.DT_FP16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    eq: pl.Tensor[[4, 32], pl.DT_UINT8],
    ne: pl.Tensor[[4, 32], pl.DT_UINT8],
    lt: pl.Tensor[[4, 32], pl.DT_UINT8],
    gt: pl.Tensor[[4, 32], pl.DT_UINT8],
    le: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge: pl.Tensor[[4, 32], pl.DT_UINT8],
    eqs: pl.Tensor[[4, 32], pl.DT_UINT8],
    nes: pl.Tensor[[4, 32], pl.DT_UINT8],
    lts: pl.Tensor[[4, 32], pl.DT_UINT8],
    gts: pl.Tensor[[4, 32], pl.DT_UINT8],
    les: pl.Tensor[[4, 32], pl.DT_UINT8],
    ges: pl.Tensor[[4, 32], pl.DT_UINT8],
    sel: pl.Tensor[[4, 128], pl.DT_FP16],
    sel_gt: pl.Tensor[[4, 128], pl.DT_FP16],
):
    t_fp16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_fp16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    eq_t = pl.make_tile(t_uint8_4x32, addr=0x0900)
    ne_t = pl.make_tile(t_uint8_4x32, addr=0x0A00)
    lt_t = pl.make_tile(t_uint8_4x32, addr=0x0B00)
    gt_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    le_t = pl.make_tile(t_uint8_4x32, addr=0x0D00)
    ge_t = pl.make_tile(t_uint8_4x32, addr=0x0E00)
    eqs_t = pl.make_tile(t_uint8_4x32, addr=0x0F00)
    nes_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    lts_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    gts_t = pl.make_tile(t_uint8_4x32, addr=0x1200)
    les_t = pl.make_tile(t_uint8_4x32, addr=0x1300)
    ges_t = pl.make_tile(t_uint8_4x32, addr=0x1400)
    sel_t = pl.make_tile(t_fp16_4x128, addr=0x1500)
    sel_gt_t = pl.make_tile(t_fp16_4x128, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        compare_ops(a_t, b_t, m_t, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t, gts_t,
            les_t, ges_t, sel_t, sel_gt_t)
        pl.store(eq, eq_t, [0, 0])
        pl.store(ne, ne_t, [0, 0])
        pl.store(lt, lt_t, [0, 0])
        pl.store(gt, gt_t, [0, 0])
        pl.store(le, le_t, [0, 0])
        pl.store(ge, ge_t, [0, 0])
        pl.store(eqs, eqs_t, [0, 0])
        pl.store(nes, nes_t, [0, 0])
        pl.store(lts, lts_t, [0, 0])
        pl.store(gts, gts_t, [0, 0])
        pl.store(les, les_t, [0, 0])
        pl.store(ges, ges_t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(sel_gt, sel_gt_t, [0, 0])


@pl.jit()
def compare_bf16(
    a: pl.Tensor[[4, 128], pl.DT_BF16],
    b: pl.Tensor[[4, 128], pl.DT_BF16],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    eq: pl.Tensor[[4, 32], pl.DT_UINT8],
    ne: pl.Tensor[[4, 32], pl.DT_UINT8],
    lt: pl.Tensor[[4, 32], pl.DT_UINT8],
    gt: pl.Tensor[[4, 32], pl.DT_UINT8],
    le: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge: pl.Tensor[[4, 32], pl.DT_UINT8],
    eqs: pl.Tensor[[4, 32], pl.DT_UINT8],
    nes: pl.Tensor[[4, 32], pl.DT_UINT8],
    lts: pl.Tensor[[4, 32], pl.DT_UINT8],
    gts: pl.Tensor[[4, 32], pl.DT_UINT8],
    les: pl.Tensor[[4, 32], pl.DT_UINT8],
    ges: pl.Tensor[[4, 32], pl.DT_UINT8],
    sel: pl.Tensor[[4, 128], pl.DT_BF16],
    sel_gt: pl.Tensor[[4, 128], pl.DT_BF16],
):
    t_bf16_4x128 = pl.TileType(shape=[4, 128], dtype=pl.DT_BF16, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_bf16_4x128, addr=0x0000)
    b_t = pl.make_tile(t_bf16_4x128, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    eq_t = pl.make_tile(t_uint8_4x32, addr=0x0900)
    ne_t = pl.make_tile(t_uint8_4x32, addr=0x0A00)
    lt_t = pl.make_tile(t_uint8_4x32, addr=0x0B00)
    gt_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    le_t = pl.make_tile(t_uint8_4x32, addr=0x0D00)
    ge_t = pl.make_tile(t_uint8_4x32, addr=0x0E00)
    eqs_t = pl.make_tile(t_uint8_4x32, addr=0x0F00)
    nes_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    lts_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    gts_t = pl.make_tile(t_uint8_4x32, addr=0x1200)
    les_t = pl.make_tile(t_uint8_4x32, addr=0x1300)
    ges_t = pl.make_tile(t_uint8_4x32, addr=0x1400)
    sel_t = pl.make_tile(t_bf16_4x128, addr=0x1500)
    sel_gt_t = pl.make_tile(t_bf16_4x128, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        compare_ops(a_t, b_t, m_t, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t, gts_t,
            les_t, ges_t, sel_t, sel_gt_t)
        pl.store(eq, eq_t, [0, 0])
        pl.store(ne, ne_t, [0, 0])
        pl.store(lt, lt_t, [0, 0])
        pl.store(gt, gt_t, [0, 0])
        pl.store(le, le_t, [0, 0])
        pl.store(ge, ge_t, [0, 0])
        pl.store(eqs, eqs_t, [0, 0])
        pl.store(nes, nes_t, [0, 0])
        pl.store(lts, lts_t, [0, 0])
        pl.store(gts, gts_t, [0, 0])
        pl.store(les, les_t, [0, 0])
        pl.store(ges, ges_t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(sel_gt, sel_gt_t, [0, 0])


@pl.jit()
def compare_f32(
    a: pl.Tensor[[4, 64], pl.DT_FP32],
    b: pl.Tensor[[4, 64], pl.DT_FP32],
    m: pl.Tensor[[4, 32], pl.DT_UINT8],
    eq: pl.Tensor[[4, 32], pl.DT_UINT8],
    ne: pl.Tensor[[4, 32], pl.DT_UINT8],
    lt: pl.Tensor[[4, 32], pl.DT_UINT8],
    gt: pl.Tensor[[4, 32], pl.DT_UINT8],
    le: pl.Tensor[[4, 32], pl.DT_UINT8],
    ge: pl.Tensor[[4, 32], pl.DT_UINT8],
    eqs: pl.Tensor[[4, 32], pl.DT_UINT8],
    nes: pl.Tensor[[4, 32], pl.DT_UINT8],
    lts: pl.Tensor[[4, 32], pl.DT_UINT8],
    gts: pl.Tensor[[4, 32], pl.DT_UINT8],
    les: pl.Tensor[[4, 32], pl.DT_UINT8],
    ges: pl.Tensor[[4, 32], pl.DT_UINT8],
    sel: pl.Tensor[[4, 64], pl.DT_FP32],
    sel_gt: pl.Tensor[[4, 64], pl.DT_FP32],
):
    t_fp32_4x64 = pl.TileType(shape=[4, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t_uint8_4x32 = pl.TileType(shape=[4, 32], dtype=pl.DT_UINT8, target_memory=pl.MemorySpace.Vec)
    a_t = pl.make_tile(t_fp32_4x64, addr=0x0000)
    b_t = pl.make_tile(t_fp32_4x64, addr=0x0400)
    m_t = pl.make_tile(t_uint8_4x32, addr=0x0800)
    eq_t = pl.make_tile(t_uint8_4x32, addr=0x0900)
    ne_t = pl.make_tile(t_uint8_4x32, addr=0x0A00)
    lt_t = pl.make_tile(t_uint8_4x32, addr=0x0B00)
    gt_t = pl.make_tile(t_uint8_4x32, addr=0x0C00)
    le_t = pl.make_tile(t_uint8_4x32, addr=0x0D00)
    ge_t = pl.make_tile(t_uint8_4x32, addr=0x0E00)
    eqs_t = pl.make_tile(t_uint8_4x32, addr=0x0F00)
    nes_t = pl.make_tile(t_uint8_4x32, addr=0x1000)
    lts_t = pl.make_tile(t_uint8_4x32, addr=0x1100)
    gts_t = pl.make_tile(t_uint8_4x32, addr=0x1200)
    les_t = pl.make_tile(t_uint8_4x32, addr=0x1300)
    ges_t = pl.make_tile(t_uint8_4x32, addr=0x1400)
    sel_t = pl.make_tile(t_fp32_4x64, addr=0x1500)
    sel_gt_t = pl.make_tile(t_fp32_4x64, addr=0x1900)
    with pl.section_vector():
        pl.load(a_t, a, [0, 0])
        pl.load(b_t, b, [0, 0])
        pl.load(m_t, m, [0, 0])
        compare_ops(a_t, b_t, m_t, eq_t, ne_t, lt_t, gt_t, le_t, ge_t, eqs_t, nes_t, lts_t, gts_t,
            les_t, ges_t, sel_t, sel_gt_t)
        pl.store(eq, eq_t, [0, 0])
        pl.store(ne, ne_t, [0, 0])
        pl.store(lt, lt_t, [0, 0])
        pl.store(gt, gt_t, [0, 0])
        pl.store(le, le_t, [0, 0])
        pl.store(ge, ge_t, [0, 0])
        pl.store(eqs, eqs_t, [0, 0])
        pl.store(nes, nes_t, [0, 0])
        pl.store(lts, lts_t, [0, 0])
        pl.store(gts, gts_t, [0, 0])
        pl.store(les, les_t, [0, 0])
        pl.store(ges, ges_t, [0, 0])
        pl.store(sel, sel_t, [0, 0])
        pl.store(sel_gt, sel_gt_t, [0, 0])
