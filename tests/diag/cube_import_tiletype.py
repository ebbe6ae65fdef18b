# a pl.TileType built when the module is imported (trap C-T10, docs/SEMANTICS.md §17.8): pypto_pro
# gives it the default layouts of the architecture its environment names, A3's (Left ZZ) when
# nothing is set, while pvc types every tile with A5's defaults inside the kernel; so pvc refuses
# a TileType bound outside the kernel (E012) rather than guess which defaults it carries
import pypto_pro.language as pl

LEFT = pl.TileType(shape=[16, 16], dtype=pl.DT_FP16, target_memory=pl.MemorySpace.Left)


@pl.jit()
def kernel(a: pl.Tensor[[16, 16], pl.DT_FP32]):
    with pl.section_cube():
        lhs = pl.make_tile(LEFT, addr=0, size=512)
