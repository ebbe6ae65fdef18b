# the parser's destination-less legacy names lower to nothing: each error names the call to
# write instead (docs/SEMANTICS.md §10.17)
import pypto_pro.language as pl

@pl.vector_function
def vf_legacy(src, dst):
    m = vf.create_mask(pl.MaskPattern.ALL, dtype=pl.DT_FP32)
    r = vf.load_align(src, 0)
    vf.store_align_pack(dst, r, m)
    vf.store_align_intlv(dst, r, r)
    vf.store_align_pack_postupdate(dst, r, m)
