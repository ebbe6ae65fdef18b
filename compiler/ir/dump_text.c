/* dump_text.c - `pvc ir --format text`: one line per op, Python-like, with types and
 * source positions; nested bodies indented. Format described in docs/IR.md. */
#include "ir/ir.h"

static void put_value(FILE *out, const pvc_value *v)
{
    if ((v->kind == PVC_V_VAR || v->kind == PVC_V_FUNC) && v->name) { /* names whole, however long */
        fprintf(out, "%s%s", v->kind == PVC_V_VAR ? "%" : "@", v->name);
        return;
    }
    char buf[128];
    pvc_value_str(v, buf, sizeof buf);
    fputs(buf, out);
}

static void put_type(FILE *out, const pvc_type *t)
{
    char buf[128];
    pvc_type_str(t, buf, sizeof buf);
    fputs(buf, out);
}

static void put_block(FILE *out, const pvc_block *b, int indent);

static void put_op(FILE *out, const pvc_op *op, int indent)
{
    fprintf(out, "%*s", indent * 2, "");
    for (int i = 0; i < op->nresults; i++) {
        fputs(i ? ", " : "", out);
        put_value(out, op->results[i]);
    }
    if (op->nresults)
        fputs(" = ", out);
    fprintf(out, "%s(", pvc_ops[op->code].name);
    int first = 1;
    for (int i = 0; i < op->noperands; i++, first = 0) {
        fputs(first ? "" : ", ", out);
        put_value(out, op->operands[i]);
    }
    for (int i = 0; i < op->nattrs; i++, first = 0) {
        fprintf(out, "%s%s=", first ? "" : ", ", op->attrs[i].key);
        put_value(out, op->attrs[i].val);
    }
    fputc(')', out);
    for (int i = 0; i < op->nresults; i++) {
        fputs(i ? ", " : " : ", out);
        put_type(out, &op->results[i]->type);
    }
    fprintf(out, "  @%d:%d", op->loc.line, op->loc.col);
    /* while: `cond { ... } do { ... }`; if: `{ ... } else { ... }` (else when not empty) */
    if (op->cond) {
        fputs(" cond {\n", out);
        put_block(out, op->cond, indent + 1);
        fprintf(out, "%*s} do", indent * 2, "");
    }
    if (op->body) {
        fputs(" {\n", out);
        put_block(out, op->body, indent + 1);
        fprintf(out, "%*s}", indent * 2, "");
    }
    if (op->orelse && op->orelse->nops) {
        fputs(" else {\n", out);
        put_block(out, op->orelse, indent + 1);
        fprintf(out, "%*s}", indent * 2, "");
    }
    fputc('\n', out);
}

static void put_block(FILE *out, const pvc_block *b, int indent)
{
    for (int i = 0; i < b->nops; i++)
        put_op(out, b->ops[i], indent);
}

void pvc_dump_text(const pvc_module *m, FILE *out)
{
    fprintf(out, "# pvc IR of %s\n", m->file);
    for (int i = 0; i < m->nfuncs; i++) {
        const pvc_func *f = m->funcs[i];
        fprintf(out, "\n%s %s(", f->kind == PVC_FN_JIT ? "jit" : "vector_function", f->name);
        for (int p = 0; p < f->nparams; p++) {
            fputs(p ? ", " : "", out);
            put_value(out, f->params[p]);
            fputs(": ", out);
            put_type(out, &f->params[p]->type);
        }
        fprintf(out, ")  @%d:%d {\n", f->loc.line, f->loc.col);
        put_block(out, &f->body, 1);
        fputs("}\n", out);
    }
}
