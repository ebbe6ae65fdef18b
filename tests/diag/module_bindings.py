# Module-level bindings pvc does not follow: each name is reported where a kernel reads it.
import pypto_pro.language as pl
A = B = C = D = E = 1.5
with open('/dev/null') as A:
    pass
try:
    pass
except ValueError as B:
    pass
del C
print(D := 2.0)
match 3:
    case E:
        pass
(F := 4.0)  # followed: F = 4.0

@pl.jit()
def k(out: pl.Tensor[[1, 64], pl.DT_FP32]):
    tf = pl.TileType(shape=[1, 64], dtype=pl.DT_FP32, target_memory=pl.MemorySpace.Vec)
    t = pl.make_tile(tf, addr=0x0, size=256)
    with pl.section_vector():
        t[0, 0] = A
        t[0, 1] = B
        t[0, 2] = C
        t[0, 3] = D
        t[0, 4] = E
        t[0, 5] = F
        pl.store(out, t, [0, 0])
