# A byte order mark that does not open the file is a character in the code.
import pypto_pro.language as pl

@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
﻿        pl.store(out, t, [0, 0])
