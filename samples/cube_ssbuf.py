# The SSBUF between the cores of a block (docs/SEMANTICS.md §16.8): vector core 0 fills a
# pl.struct from its inputs and copies it to the block's shared scalar buffer at byte offset
# `off`; both vector cores then signal the cube core, which waits for them, copies the words back into its own struct
# and writes the fields to GM. An `off` that is not a multiple of 4, or one that puts the
# struct's 24 bytes past the SSBUF's 256, faults at the copy.
import pypto_pro.language as pl


@pl.jit()
def ssbuf_pass(x: pl.Tensor[[4], pl.DT_INT32], out: pl.Tensor[[4], pl.DT_INT32], off: int):
    msg = pl.struct("Msg", a=0, b=0, scale=0.0)
    with pl.section_vector():
        if pl.get_subblock_idx() == 0:
            msg.a = x[0] + x[1]
            msg.b = x[2] * x[3]
            msg.scale = 0.5
            pl.ssbuf_store(msg, off)
        pl.system.set_cross_core(pipe=pl.PipeType.S, event_id=3)
    with pl.section_cube():
        pl.system.wait_cross_core(pipe=pl.PipeType.S, event_id=3)
        pl.ssbuf_load(msg, off)
        out[0] = msg.a
        out[1] = msg.b
        out[2] = msg.a - msg.b
        if msg.scale == 0.5:
            out[3] = 1
