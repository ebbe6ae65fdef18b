# pl.struct, pl.struct_array and pl.make_tuple as pypto_pro's parser refuses them (docs/SEMANTICS.md
# §16.8), each a located error: E029 (ParserSyntaxError), E014 (ParserTypeError), E002
# (UnsupportedFeatureError), as the exception pypto_pro raises for it.
import pypto_pro.language as pl


@pl.jit()
def tuple_is_immutable(out: pl.Tensor[[1], pl.DT_INT32]):
    t = pl.make_tuple(a=1, b=2)
    with pl.section_vector():
        t.a = 3
        pl.setval(out, 0, t.b)


@pl.jit()
def make_tuple_forms(out: pl.Tensor[[1], pl.DT_INT32]):
    p = pl.make_tuple(1, 2)
    q = pl.make_tuple()
    with pl.section_vector():
        pl.setval(out, 0, 0)


@pl.jit()
def struct_forms(out: pl.Tensor[[1], pl.DT_INT32]):
    a = pl.struct(v=1)
    b = pl.struct("B")
    c = pl.struct_array("C", v=0)
    d = pl.struct_array(0, "D", v=0)
    e = pl.struct_array(2, v=0)
    f = pl.struct("F", v=[])
    with pl.section_vector():
        pl.setval(out, 0, 0)


@pl.jit()
def unknown_fields(out: pl.Tensor[[1], pl.DT_INT32]):
    s = pl.struct("S", v=0, arr=[1, 2, 3])
    with pl.section_vector():
        s.w = 1
        pl.setval(out, 0, s.w)
        s.v[0] = 2
        s.arr[3] = 1
        pl.setval(out, 0, s.arr[1, 2])
        pl.setval(out, 0, s.arr[1.0])
        pl.setval(out, 0, s.arr[0:2])
        s.arr = [1, 2]
        pl.setval(out, 0, s.arr)


@pl.jit()
def struct_array_uses(out: pl.Tensor[[1], pl.DT_INT32]):
    arr = pl.struct_array(3, "T", v=0)
    with pl.section_vector():
        pl.setval(out, 0, arr.v)
        pl.setval(out, 0, arr[3].v)
        pl.setval(out, 0, arr[-1].v)
        arr[0] = 5


@pl.jit()
def conflicting_types(out: pl.Tensor[[1], pl.DT_INT32]):
    a = pl.struct("Same", v=0)
    b = pl.struct("Same", v=0.5)
    with pl.section_vector():
        pl.setval(out, 0, a.v)


@pl.jit()
def nested_struct(out: pl.Tensor[[1], pl.DT_INT32]):
    inner = pl.struct("Inner", v=0)
    outer = pl.struct("Outer", child=inner)
    with pl.section_vector():
        pl.setval(out, 0, 0)


@pl.jit()
def not_assigned(out: pl.Tensor[[1], pl.DT_INT32]):
    with pl.section_vector():
        pl.setval(out, 0, pl.struct("X", v=1).v)


@pl.jit()
def augmented_tuple(out: pl.Tensor[[1], pl.DT_INT32]):
    t = pl.make_tuple(a=1)
    arr = pl.struct_array(2, "Aug2", v=0)
    with pl.section_vector():
        t.a += 1
        arr[0] += 1


def two_shapes(flag):
    if flag:
        return pl.make_tuple(a=1)
    return pl.make_tuple(b=2)


@pl.jit()
def returns_of_two_shapes(out: pl.Tensor[[1], pl.DT_INT32], flag: bool):
    with pl.section_vector():
        t = two_shapes(flag)
        pl.setval(out, 0, 0)
