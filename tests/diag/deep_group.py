# Tile groups of 65 slots (docs/ARCHITECTURE.md §7, B22: depth was capped at 64, a bound pypto_pro does not
# have). 65 slots of 256 bytes are 65 * 0x100 = 0x4100 bytes: from 0x30000 they end at 0x34100,
# inside the usable UB, and slot 64 exists; from 0x3A000 they end at 0x3E100, 256 bytes into
# the register-spill reserve, which the check pass reports like any tile there (decision 3).
import pypto_pro.language as pl


@pl.jit()
def deep_group_kernel(
    a: pl.Tensor[[pl.DYNAMIC, pl.DYNAMIC], pl.DT_FP32],
):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    fits = pl.make_tile_group(type=tf, addrs=0x30000, depth=65)
    spills = pl.make_tile_group(type=tf, addrs=0x3A000, depth=65)
    with pl.section_vector():
        pl.load(fits[64], a, [0, 0])
