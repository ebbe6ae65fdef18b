/* dump_json.c - `pvc ir --format json` (docs/IR.md):
 * {"version":1,"file":...,"functions":[{"name","kind","loc","params","body":[op...]}]}
 * Keys sorted, no pointers or addresses: identical output for identical input. */
#include <jansson.h>
#include <string.h>

#include "ir/ir.h"

static json_t *loc_json(pvc_span s)
{
    return json_pack("{s:i,s:i}", "line", s.line, "col", s.col);
}

static json_t *type_json(const pvc_type *t)
{
    char buf[128];
    pvc_type_str(t, buf, sizeof buf);
    return json_string(buf);
}

static json_t *value_json(const pvc_value *v)
{
    char buf[128];
    switch (v->kind) {
    case PVC_V_VAR: /* a name whole, however long */
        if (v->name)
            return json_pack("{s:s,s:o,s:o}", "kind", "var", "ref", json_sprintf("%%%s", v->name), "type",
                             type_json(&v->type));
        pvc_value_str(v, buf, sizeof buf);
        return json_pack("{s:s,s:s,s:o}", "kind", "var", "ref", buf, "type", type_json(&v->type));
    case PVC_V_INT:
        return json_pack("{s:s,s:I}", "kind", "int", "value", (json_int_t)v->i);
    case PVC_V_FLOAT:
        return json_pack("{s:s,s:f}", "kind", "float", "value", v->f);
    case PVC_V_BOOL:
        return json_pack("{s:s,s:b}", "kind", "bool", "value", (int)v->i);
    case PVC_V_NONE:
        return json_pack("{s:s}", "kind", "none");
    case PVC_V_ENUM:
        return json_pack("{s:s,s:s,s:s,s:I}", "kind", "enum", "enum", pvc_enum_ns_name(v->ns),
                         "member", v->name, "value", (json_int_t)v->i);
    case PVC_V_DTYPE:
        return json_pack("{s:s,s:s}", "kind", "dtype", "value", pvc_dtype_pyname((int)v->i));
    case PVC_V_DIM:
        return json_pack("{s:s,s:s}", "kind", "dim", "value",
                         v->i == PVC_DIM_DYNAMIC ? "DYNAMIC" : "STATIC");
    case PVC_V_FUNC:
        return json_pack("{s:s,s:s}", "kind", "func", "name", v->name);
    case PVC_V_STR: { /* bytes that are not UTF-8 print as their Python literal */
        json_t *js = json_stringn(v->name, (size_t)v->i);
        if (!js) {
            pvc_value_str(v, buf, sizeof buf);
            js = json_string(buf);
        }
        return json_pack("{s:s,s:o}", "kind", "str", "value", js);
    }
    }
    return json_null();
}

static json_t *block_json(const pvc_block *b);

static json_t *op_json(const pvc_op *op)
{
    json_t *results = json_array(), *operands = json_array(), *attrs = json_object();
    char type[256] = "none", buf[128];
    for (int i = 0; i < op->nresults; i++) {
        const pvc_value *r = op->results[i];
        pvc_value_str(r, buf, sizeof buf);
        json_array_append_new(results, r->name ? json_sprintf("%%%s", r->name) : json_string(buf));
        pvc_type_str(&op->results[i]->type, buf, sizeof buf);
        if (i == 0)
            snprintf(type, sizeof type, "%s", buf);
        else
            snprintf(type + strlen(type), sizeof type - strlen(type), ", %s", buf);
    }
    for (int i = 0; i < op->noperands; i++)
        json_array_append_new(operands, value_json(op->operands[i]));
    for (int i = 0; i < op->nattrs; i++)
        json_object_set_new(attrs, op->attrs[i].key, value_json(op->attrs[i].val));
    json_t *o = json_pack("{s:s,s:o,s:o,s:o,s:s,s:o}", "op", pvc_ops[op->code].name, "results",
                          results, "operands", operands, "attrs", attrs, "type", type, "loc",
                          loc_json(op->loc));
    if (op->body)
        json_object_set_new(o, "body", block_json(op->body));
    if (op->orelse)
        json_object_set_new(o, "else", block_json(op->orelse));
    if (op->cond)
        json_object_set_new(o, "cond", block_json(op->cond));
    return o;
}

static json_t *block_json(const pvc_block *b)
{
    json_t *a = json_array();
    for (int i = 0; i < b->nops; i++)
        json_array_append_new(a, op_json(b->ops[i]));
    return a;
}

static json_t *func_json(const pvc_func *f)
{
    json_t *params = json_array();
    for (int i = 0; i < f->nparams; i++)
        json_array_append_new(params, json_pack("{s:s,s:o,s:o}", "name", f->params[i]->name, "type",
                                                type_json(&f->params[i]->type), "loc",
                                                loc_json(f->params[i]->loc)));
    return json_pack("{s:s,s:s,s:o,s:o,s:o}", "name", f->name, "kind",
                     f->kind == PVC_FN_JIT ? "jit" : "vector_function", "loc", loc_json(f->loc),
                     "params", params, "body", block_json(&f->body));
}

int pvc_dump_json(const pvc_module *m, FILE *out)
{
    json_t *funcs = json_array();
    for (int i = 0; i < m->nfuncs; i++)
        json_array_append_new(funcs, func_json(m->funcs[i]));
    json_t *root = json_pack("{s:i,s:s,s:o}", "version", 1, "file", m->file, "functions", funcs);
    if (!root)
        return -1;
    int rc = json_dumpf(root, out, JSON_SORT_KEYS | JSON_INDENT(2));
    fputc('\n', out);
    json_decref(root);
    return rc;
}
