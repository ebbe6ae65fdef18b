/* tsalloc.h - tree-sitter's memory for one parse + lower in an arena (tsalloc.c): the
 * tree, the parser and the cursors the lowering opens, allocated between begin and end,
 * all go at end, without a walk of the tree. Between them a CST is not freed with
 * pvc_cst_free: delete its parser (the grammar's scanner keeps libc memory), drop the tree
 * handle and end the arena. Per thread, one arena at a time. */
#ifndef PVC_TSALLOC_H
#define PVC_TSALLOC_H

void pvc_ts_arena_begin(void);
void pvc_ts_arena_end(void);

#endif /* PVC_TSALLOC_H */
