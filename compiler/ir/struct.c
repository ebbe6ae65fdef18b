/* struct.c - the C layout of a struct (ir.h pvc_struct_layout, docs/SEMANTICS.md §16.8): one
 * rule for a pl.struct's fields in a kernel's struct memory and for the bytes of a tiling
 * argument, which the host packs at the offsets computed here (libpvc hands them to Python). */
#include <string.h>

#include "ir/ir.h"

void pvc_struct_layout_compute(pvc_struct_layout *L)
{
    int64_t off = 0, align = 1;
    for (int i = 0; i < L->nfields; i++) {
        pvc_struct_field *f = &L->fields[i];
        int64_t size = pvc_dtype_table[f->dtype].bits / 8; /* natural alignment: its own size */
        off = (off + size - 1) / size * size;
        f->offset = off;
        off += size * (f->count ? f->count : 1);
        if (size > align)
            align = size;
    }
    L->align = align;
    L->size = (off + align - 1) / align * align;
}

const pvc_struct_field *pvc_struct_field_named(const pvc_struct_layout *L, const char *name)
{
    for (int i = 0; i < L->nfields; i++)
        if (!strcmp(L->fields[i].name, name))
            return &L->fields[i];
    return NULL;
}
