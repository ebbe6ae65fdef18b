/* help.c - `pvc help TOPIC`. Every line comes from a row of the tables the checker, the
 * emitter and the simulator read (ops.h PVC_OPS/PVC_MOPS, pvc_rt.h dists, patterns, dtypes,
 * faults, pvc_rt_cast.h PVC_CAST_RULES), so the help cannot drift from what pvc does. */
#include "help.h"

#include <string.h>

#include "ir/ir.h"

/* ---- ops ---- */

/* Calls f(out, name, len, i, arg) for each name i of a space-separated list. */
static int each_name(FILE *out, const char *list, void (*f)(FILE *, const char *, int, int, int),
                     int arg)
{
    int i = 0;
    size_t n;
    for (const char *p = list; (p = pvc_param_next(p, &n)); p += n)
        f(out, p, (int)n, i++, arg);
    return i;
}

/* "a, b[, c, d]" when the first `min` names are required, "[a, b]" when none is. */
static void print_positional(FILE *out, const char *name, int len, int i, int min)
{
    if (i)
        fputs(i == min ? "[, " : ", ", out);
    else if (min == 0)
        fputc('[', out);
    fprintf(out, "%.*s", len, name);
}

static void print_params(FILE *out, const char *list, int min)
{
    if (each_name(out, list, print_positional, min) > min)
        fputc(']', out);
    if (pvc_param_posonly(list))
        fputs(", /", out);
}

static void print_keyword(FILE *out, const char *name, int len, int i, int npos)
{
    fprintf(out, "%s%.*s=", i ? ", " : npos ? ", *, " : "*, ", len, name);
}

static void print_results(FILE *out, const pvc_opinfo *o)
{
    if (o->nres == 0)
        return;
    fprintf(out, " -> %s", pvc_type_kind_name(o->result));
    if (o->nres > 1)
        fprintf(out, " (up to %d)", o->nres);
}

static const char *const opnd_kind_names[] = {
    [PVC_OK_VREG] = "vreg", [PVC_OK_MASK] = "mask", [PVC_OK_PRED] = "pred", [PVC_OK_BITS] = "bits",
    [PVC_OK_INT] = "int", [PVC_OK_NUM] = "float", [PVC_OK_ADDR] = "addr", [PVC_OK_CURSOR] = "*cursor",
    [PVC_OK_SLOT] = "*int", [PVC_OK_ULD] = "*ureg_ld", [PVC_OK_UST] = "*ureg_st", [PVC_OK_TILE] = "tile",
    [PVC_OK_TENSOR] = "tensor", [PVC_OK_TILE_ND] = "tile(ND)",
};
static const char *const pipe_names[PVC_PIPE_COUNT] = {
#define X(name, tid, text) #name,
    PVC_PIPES(X)
#undef X
};

static void print_opnds(FILE *out, const pvc_opnd *list, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(out, "%s%s: %s", i ? ", " : "", list[i].name, opnd_kind_names[list[i].kind]);
}

/* "dtype, mode=ZEROING|MERGING": the attributes; GENERIC rows show defaults and legal members. */
static void print_attrs(FILE *out, const pvc_mop *m)
{
    int first = 1;
    for (int i = 0; i < m->nattr; i++) {
        const pvc_attrdesc *a = &m->attr[i];
        fprintf(out, "%s%s", first ? "" : ", ", a->name);
        first = 0;
        if (a->kind == PVC_AK_CHECK) /* AC / AZ: the one member the lowering takes */
            fprintf(out, "=%s only", pvc_enum_member_name(a->ns, a->dflt));
        else if (a->kind == PVC_AK_ENUM)
            fprintf(out, ": %s", pvc_enum_ns_name(a->ns));
    }
}

/* The legal op dtypes of a GENERIC row: "INT8 INT16 FP32". */
static void print_dtypes(FILE *out, uint32_t set)
{
    int first = 1;
    if (set == PVC_DT_ANY) {
        fputs("any", out);
        return;
    }
    for (int t = 0; t < PVC_DT_COUNT; t++)
        if (set >> t & 1) {
            fprintf(out, "%s%s", first ? "" : " ", pvc_dtype_table[t].name);
            first = 0;
        }
}

static void print_mop_text(FILE *out, int code)
{
    const pvc_mop *m = pvc_mop_of(code);
    fprintf(out, "%s(", m->name);
    print_opnds(out, m->opnd, m->nopnd);
    fputc(')', out);
    if (m->nattr) {
        fputs(" {", out);
        print_attrs(out, m);
        fputc('}', out);
    }
    if (m->nres) {
        fputs(" -> ", out);
        print_opnds(out, m->res, m->nres);
    }
    fprintf(out, "\n    = %s\n    %s; %s, %u%s cycle%s%s", m->call, m->doc, pipe_names[m->pipe], m->base,
            m->bpc ? " + bytes/" : "", m->bpc || m->base != 1 ? "s" : "", m->flags & PVC_MF_FAULT ? "; can fault" : "");
    if (m->bpc)
        fprintf(out, " (bytes/%u)", m->bpc);
    if (m->from != PVC_OP_NONE) {
        fprintf(out, "\n    lowers %s on dtypes: ", pvc_ops[m->from].name);
        print_dtypes(out, m->dtypes);
    }
    fputc('\n', out);
}

static void help_ops(FILE *out)
{
    fputs("DSL ops (compiler/ir/ops.h PVC_OPS; signatures docs/SEMANTICS.md §2-§10).\n"
          "[...] = optional positional arguments, after * = keyword only.\n\n",
          out);
    for (int i = 0; i < PVC_OP_MFIRST; i++) {
        const pvc_opinfo *o = &pvc_ops[i];
        if (o->flags & PVC_OPF_CORE)
            continue;
        if (o->flags & PVC_OPF_ANNOT) {
            fprintf(out, "%s\n    %s\n", o->name, o->doc);
            continue;
        }
        fprintf(out, "%s(", o->name);
        print_params(out, o->pos, o->min_pos);
        each_name(out, o->kw, print_keyword, pvc_param_count(o->pos));
        fputc(')', out);
        print_results(out, o);
        fprintf(out, "\n    %s\n", o->doc);
    }
    fputs("\nMachine ops (compiler/ir/ops.h PVC_MOPS; docs/IR.md \"Machine ops\"): what `dispatch`\n"
          "leaves in a vector function, one runtime call each, the same in the emitted C and the\n"
          "simulator. Operands name: kind ('*' = updated in place), attributes {}, results ->,\n"
          "then the call, the meaning and the estimated cost (docs/COSTS.md).\n\n",
          out);
    for (int code = PVC_OP_MFIRST; code < PVC_OP_COUNT; code++)
        print_mop_text(out, code);
}

/* `pvc help ops --markdown`: the machine-op table of docs/IR.md. */
static void help_ops_markdown(FILE *out)
{
    fputs("| op | operands | attributes | results | runtime call | meaning | pipe, cycles |\n"
          "|---|---|---|---|---|---|---|\n",
          out);
    for (int code = PVC_OP_MFIRST; code < PVC_OP_COUNT; code++) {
        const pvc_mop *m = pvc_mop_of(code);
        fprintf(out, "| `%s` | ", m->name);
        print_opnds(out, m->opnd, m->nopnd);
        fputs(" | ", out);
        print_attrs(out, m);
        fputs(" | ", out);
        print_opnds(out, m->res, m->nres);
        fprintf(out, " | `%s` | ", m->call);
        for (const char *d = m->doc; *d; d++) /* a | in a doc line would split the cell */
            fputs(*d == '|' ? "\\|" : (char[2]){*d, 0}, out);
        fprintf(out, " | %s, %u", pipe_names[m->pipe], m->base);
        if (m->bpc)
            fprintf(out, " + bytes/%u", m->bpc);
        fputs(" |\n", out);
    }
}

/* ---- dists ---- */

/* The runtime's resolve functions, on plain ints so one printer serves both tables. */
static int load_resolve(int d, pvc_dtype t) { return (int)pvc_load_dist_resolve((pvc_load_dist)d, t); }
static int store_resolve(int d, pvc_dtype t) { return (int)pvc_store_dist_resolve((pvc_store_dist)d, t); }

static void print_dist_rows(FILE *out, const pvc_dist_info *t, int n)
{
    fprintf(out, "%-14s %-4s %2s %5s %5s %4s  %s\n", "name", "kind", "w", "bytes", "align", "regs",
            "formula (A = UB byte address, UBw[a] = w-byte element at byte a)");
    for (int i = 0; i < n; i++)
        fprintf(out, "%-14s %-4s %2u %5u %5u %4u  %s\n", t[i].name,
                t[i].kind == PVC_DIST_E ? "E" : "G", t[i].w, t[i].bytes, t[i].align, t[i].nreg,
                t[i].formula);
}

/* One representative dtype per register element width: the resolution depends on the
 * width only (§2.2, §3.1). */
static const pvc_dtype width_dtypes[4] = {PVC_DT_UINT8, PVC_DT_UINT16, PVC_DT_UINT32,
                                          PVC_DT_UINT64};

/* One row per generic dist of table t: its explicit dist at b8/b16/b32/b64 (NONE: illegal). */
static void print_resolution(FILE *out, const pvc_dist_info *t, int n, int (*resolve)(int, pvc_dtype),
                             int w0, int w)
{
    fprintf(out, "%-*s %-*s %-*s %-*s %s\n", w0, "dist", w, "b8", w, "b16", w, "b32", "b64");
    for (int d = 0; d < n; d++) {
        if (t[d].kind != PVC_DIST_G)
            continue;
        fprintf(out, "%-*s", w0, t[d].name);
        for (int k = 0; k < 4; k++) {
            int e = resolve(d, width_dtypes[k]);
            fprintf(out, " %-*s", k < 3 ? w : 0, e >= 0 && e < n ? t[e].name : "NONE");
        }
        fputc('\n', out);
    }
}

/* The load and the store dist tables, each with its resolution (§2.2, §3.1). */
static const struct {
    const char *what, *resolution;
    const pvc_dist_info *table;
    int n;
    int (*resolve)(int, pvc_dtype);
    int w0, w; /* column widths of the resolution table */
} dist_tables[] = {
    {"Load dists (vf.load_align dist=; runtime/include/pvc_rt.h PVC_LOAD_DISTS, docs/SEMANTICS.md\n"
     "§2.2-§2.4). kind E: explicit hardware mode; G: generic, resolved by the register's\n"
     "element width below. w: element width in bytes (0 any); bytes: UB bytes read;\n"
     "align: alignment A (and post steps) must have; regs: destination registers.\n\n",
     "\nGeneric load dist -> explicit, by register element width (pvc_load_dist_resolve;\n"
     "NONE = illegal at that width):\n\n",
     pvc_load_dist_table, PVC_LD_COUNT, load_resolve, 8, 12},
    {"\nStore dists (vf.store_align dist=; PVC_STORE_DISTS, docs/SEMANTICS.md §3.1-§3.4). m[b]:\n"
     "mask bit b; w: source element width; bytes: most UB bytes written; regs: sources.\n\n",
     "\nGeneric store dist -> explicit, by source element width (pvc_store_dist_resolve):\n\n",
     pvc_store_dist_table, PVC_ST_COUNT, store_resolve, 14, 10},
};

static void help_dists(FILE *out)
{
    for (size_t i = 0; i < sizeof dist_tables / sizeof dist_tables[0]; i++) {
        fputs(dist_tables[i].what, out);
        print_dist_rows(out, dist_tables[i].table, dist_tables[i].n);
        fputs(dist_tables[i].resolution, out);
        print_resolution(out, dist_tables[i].table, dist_tables[i].n, dist_tables[i].resolve,
                         dist_tables[i].w0, dist_tables[i].w);
    }
    fputs("\nMask dists (a mask register loaded or stored; PVC_MASK_DISTS, docs/SEMANTICS.md §2.5,\n"
          "§3.6). membit(p) = bit p%8 of UB[A + p/8]; offsets are in bytes.\n\n",
          out);
    fprintf(out, "%-10s %5s %5s  %s\n", "name", "bytes", "align", "formula");
    for (int d = 0; d < PVC_MD_COUNT; d++)
        fprintf(out, "%-10s %5u %5u  %s\n", pvc_mask_dist_table[d].name,
                pvc_mask_dist_table[d].bytes, pvc_mask_dist_table[d].align,
                pvc_mask_dist_table[d].formula);
}

/* ---- patterns, dtypes, faults ---- */

static void help_patterns(FILE *out)
{
    static const char *const active[PVC_PAT_COUNT] = {
#define X(name, hw, act, text) #act,
        PVC_MASK_PATTERNS(X)
#undef X
    };
    fputs("vf.create_mask patterns (pl.MaskPattern; pvc_rt.h PVC_MASK_PATTERNS, docs/SEMANTICS.md\n"
          "§5.1). n = 256/g elements at granularity g bytes (the dtype's lane bytes); element i\n"
          "is active when the expression holds, and only its tested bit g*i is set.\n\n",
          out);
    fprintf(out, "%-6s %3s  %-16s %s\n", "name", "hw", "active(i, n)", "meaning");
    for (int p = 0; p < PVC_PAT_COUNT; p++)
        fprintf(out, "%-6s %3u  %-16s %s\n", pvc_mask_pattern_table[p].name,
                pvc_mask_pattern_table[p].hw, active[p], pvc_mask_pattern_table[p].text);
}

static void help_dtypes(FILE *out)
{
    static const char *const kinds[] = {"signed integer", "unsigned integer", "IEEE-like float",
                                        "8/4-bit storage float"};
    fputs("Data types (pl.DT_*; pvc_rt.h PVC_DTYPES, docs/SEMANTICS.md §1.1). lane: bytes one\n"
          "element occupies in a register (4-bit types: a byte per lane, two per byte in UB).\n\n",
          out);
    fprintf(out, "%-10s %-14s %4s %4s  %s\n", "name", "pypto", "bits", "lane", "kind");
    for (int t = 0; t < PVC_DT_COUNT; t++)
        fprintf(out, "%-10s %-14s %4u %4u  %s\n", pvc_dtype_table[t].name,
                pvc_dtype_table[t].pyname, pvc_dtype_table[t].bits, pvc_dtype_lane_bytes(t),
                kinds[pvc_dtype_table[t].kind]);
}

static void help_faults(FILE *out)
{
    static const char *const names[PVC_FAULT_COUNT] = {
#define X(name, text) #name,
        PVC_FAULTS(X)
#undef X
    };
    fputs("Kernel faults (pvc_rt.h PVC_FAULTS): a located error at the DSL op, exit status 1.\n"
          "HAZARD, UNDEF_REG, GM_RACE and OP_BUDGET are raised by the simulator (--backend sim)\n"
          "only; STOPPED by a library launch stopped by its caller or its timeout (libpvc.h).\n\n",
          out);
    for (int f = 1; f < PVC_FAULT_COUNT; f++)
        fprintf(out, "%-12s %s\n", names[f], pvc_fault_text[f]);
}

/* ---- diagnostics ---- */

static void help_diagnostics(FILE *out)
{
    static const struct {
        const char *code, *text;
    } errors[] = {
#define X(id, code, text) {code, text},
        PVC_DIAGS(X)
#undef X
    };
    static const struct {
        const char *code, *trap, *text;
    } warnings[] = {
#define X(id, code, trap, text) {code, trap, text},
        PVC_WARNS(X)
#undef X
    };
    fputs("Compile errors (compiler/ir/diag.h PVC_DIAGS): file:line:col: error: ... [Ennn], exit 1.\n\n",
          out);
    for (size_t i = 0; i < sizeof errors / sizeof *errors; i++)
        fprintf(out, "%s  %s\n", errors[i].code, errors[i].text);
    fputs("\nWarnings (PVC_WARNS): the documented traps, docs/SEMANTICS.md decision 1. The call is\n"
          "compiled as the device runs it, which is not what it appears to say.\n\n",
          out);
    for (size_t i = 0; i < sizeof warnings / sizeof *warnings; i++)
        fprintf(out, "%s  %-4s %s\n", warnings[i].code, warnings[i].trap, warnings[i].text);
}

/* ---- casts ---- */

/* "ZERO,ONE" / "RINT,ROUND" from a bit set; names from the enum tables. */
static void print_set(FILE *out, unsigned bits, int ns, int n, int width)
{
    int len = 0;
    for (int i = 0; i < n; i++)
        if (bits >> i & 1) {
            const char *name = pvc_enum_member_name(ns, i);
            if (ns == PVC_NS_VFRoundMode)
                name += 5; /* "CAST_RINT" -> "RINT" */
            len += fprintf(out, "%s%s", len ? "," : "", name);
        }
    if (!len)
        len = fprintf(out, "-");
    fprintf(out, "%*s", width - len > 0 ? width - len : 1, "");
}

static void help_casts(FILE *out)
{
    fputs("vf.astype pairs (pvc_rt_cast.h PVC_CAST_RULES, docs/SEMANTICS.md §5.4; runtime/CASTS.md).\n"
          "layouts: CastLayout values accepted; rounds: round_mode values accepted ('-': the\n"
          "path takes none, only an omitted round_mode); sat: SaturateMode values accepted;\n"
          "default: what an omitted round_mode runs as. Any other pair is an error.\n\n",
          out);
    fprintf(out, "%-10s %-10s %-19s %-32s %-7s %-8s %s\n", "from", "to", "layouts", "rounds",
            "sat", "default", "note");
    for (size_t i = 0; i < pvc_cast_rule_count; i++) {
        const pvc_cast_rule *r = &pvc_cast_rules[i];
        fprintf(out, "%-10s %-10s ", pvc_dtype_table[r->from].name, pvc_dtype_table[r->to].name);
        print_set(out, r->layouts, PVC_NS_CastLayout, 4, 20);
        print_set(out, r->rounds, PVC_NS_VFRoundMode, PVC_ROUND_COUNT, 33);
        print_set(out, r->sats, PVC_NS_SaturateMode, 2, 8);
        fprintf(out, "%-8s %s\n", pvc_enum_member_name(PVC_NS_VFRoundMode, r->default_round) + 5,
                r->note);
    }
}

/* ---- enums ---- */
static void help_enums(FILE *out)
{
    fputs("pl.<Enum> namespaces and their members (compiler/ir/ops.h PVC_ENUM_NS; members from\n"
          "PVC_ENUM_MEMBERS or the runtime table named there). pl.LoadDist, pl.MaskPattern and\n"
          "pl.VFRoundMode are detailed by `pvc help dists`, `patterns` and `casts`.\n",
          out);
    for (int ns = 0; ns < PVC_NS_COUNT; ns++) {
        if (!pvc_enum_ns_is_pl(ns))
            continue;
        fprintf(out, "\npl.%s: %s\n ", pvc_enum_ns_name(ns), pvc_enum_ns_text(ns));
        int64_t v;
        const char *m;
        for (int k = 0, col = 1; (m = pvc_enum_member_at(ns, k, &v)); k++) {
            if (col + (int)strlen(m) + 1 > 92) {
                fputs("\n ", out);
                col = 1;
            }
            col += fprintf(out, " %s", m);
        }
        fputc('\n', out);
    }
}

static const struct {
    const char *name;
    void (*print)(FILE *out);
    const char *what;
    void (*markdown)(FILE *out); /* NULL: no --markdown form */
} topics[] = {
    {"ops", help_ops, "every vf./pl. op with its signature; machine ops and their runtime call",
     help_ops_markdown},
    {"dists", help_dists, "load, store and mask dists; generic -> explicit resolution", NULL},
    {"patterns", help_patterns, "vf.create_mask patterns", NULL},
    {"dtypes", help_dtypes, "pl.DT_* data types", NULL},
    {"casts", help_casts, "vf.astype pairs with their layouts, round modes and saturation", NULL},
    {"enums", help_enums, "pl.<Enum> namespaces (PipeType, DuplicatePos, ...) and members", NULL},
    {"faults", help_faults, "kernel faults the backends report", NULL},
    {"diagnostics", help_diagnostics, "compile error codes Ennn and trap warnings Wnnn", NULL},
};

int pvc_help_topic(const char *topic, int markdown, FILE *out)
{
    for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++)
        if (!strcmp(topic, topics[i].name)) {
            if (markdown && !topics[i].markdown)
                return -2;
            (markdown ? topics[i].markdown : topics[i].print)(out);
            return 0;
        }
    return -1;
}

const char *pvc_help_topic_names(void)
{
    static char names[128];
    if (!names[0])
        for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                     topics[i].name);
    return names;
}

void pvc_help_topic_list(FILE *out)
{
    for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++)
        fprintf(out, "  pvc help %-9s %s\n", topics[i].name, topics[i].what);
}
