/* maskw.c - every rule that decides a mask's granularity or the width at which an op tests
 * its predicate, in one file (docs/SEMANTICS.md §5.1, §9.1, §9.3): what the types pass gives
 * a mask it makes, and what the checker, the simulator's observers and the dispatch pass read
 * back from an op. */
#include <string.h>

#include "ir/ir.h"

static int lane_of(int dt) { return dt >= 0 && dt < PVC_DT_COUNT ? (int)pvc_dtype_lane_bytes((pvc_dtype)dt) : 0; }

static int attr_int_of(const pvc_op *op, const char *key, int dflt)
{
    const pvc_attr *a = pvc_op_attr(op, key);
    return a && a->val ? (int)a->val->i : dflt;
}

/* Mask granularity in BYTES that PP-BE picks for create_mask / update_mask of dtype t
 * (§5.1): pset_b8 for 8-bit types, b32 for 32-bit, b16 otherwise (64-bit too); plt_b8 only for
 * INT8/UINT8, other 8-bit and 64-bit types fall to plt_b32. */
unsigned pvc_create_mask_gran(pvc_dtype t)
{
    unsigned bits = pvc_dtype_table[t].bits;
    return bits <= 8 ? 1 : bits == 32 ? 4 : 2;
}

unsigned pvc_update_mask_gran(pvc_dtype t)
{
    unsigned bits = pvc_dtype_table[t].bits;
    if (t == PVC_DT_INT8 || t == PVC_DT_UINT8)
        return 1;
    return bits == 16 ? 2 : 4;
}

/* The granularity in bits of a GENERIC op's mask result (ops.h PVC_MF_MASK_*): that of the
 * row's first mask operand, else of the op dtype (a compare's mask, §5.2). */
int pvc_mask_result_gran(const pvc_op *op, const pvc_mop *m, int dt)
{
    if (m->flags & PVC_MF_MASK_ALLBITS)
        return 8; /* every bit of an element set: valid at any width (§10.14, T19) */
    int g = (dt >= 0 && dt < PVC_DT_COUNT ? (int)pvc_dtype_lane_bytes((pvc_dtype)dt) : 1) * 8;
    for (int i = 0; i < m->nopnd; i++) {
        const pvc_value *v = pvc_op_arg(op, m->opnd[i].name);
        if (m->opnd[i].kind == PVC_OK_MASK && v && v->type.gran > 0) {
            g = v->type.gran;
            break;
        }
    }
    if (m->flags & PVC_MF_MASK_HALF)
        g = g > 8 ? g / 2 : 8;
    if (m->flags & PVC_MF_MASK_DOUBLE)
        g = g < 64 ? g * 2 : 64;
    return g;
}

int pvc_mop_pred_width(const pvc_op *op)
{
    const pvc_mop *m = pvc_mop_of(op->code);
    int has = 0;
    for (int i = 0; m && i < m->nopnd; i++)
        has |= m->opnd[i].kind == PVC_OK_PRED;
    if (!has)
        return 0;
    if (op->code == PVC_OP_M_ST_REG || op->code == PVC_OP_M_ST_REG_POST) {
        const pvc_dist_info *d = &pvc_store_dist_table[attr_int_of(op, "dist", 0)];
        return strncmp(d->name, "ONEPT", 5) ? d->w : 0; /* FIRST_ELEMENT ignores the mask (§3.3) */
    }
    /* the widest of the row's dtypes: a conversion (astype, exp_sub, muls_cast) tests at its
     * wider side (§5.4); a gather/scatter at its index width when that is wider (the 8-bit
     * form's 16-bit lanes, the u32-index 16-bit form, §10.13) */
    int w = 0;
    for (int i = 0; i < m->nattr; i++)
        if (m->attr[i].kind == PVC_AK_DTYPE) {
            int l = lane_of(attr_int_of(op, m->attr[i].name, -1));
            w = l > w ? l : w;
        }
    return w;
}
