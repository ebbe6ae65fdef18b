/* parse.c - tree-sitter-python (pinned by grammar/PIN, fetched into grammar/vendor/) to a
 * CST, with the names of grammar/nodes.h resolved for it. */
#include "front/front.h"

#include <stdbool.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>

const TSLanguage *tree_sitter_python(void);

/* The Makefile passes grammar/PIN's GRAMMAR_ABI: the tree-sitter library must load it. */
#ifndef PVC_GRAMMAR_ABI
#error "compile with -DPVC_GRAMMAR_ABI=<GRAMMAR_ABI of grammar/PIN> (the Makefile does)"
#elif PVC_GRAMMAR_ABI > TREE_SITTER_LANGUAGE_VERSION || \
    PVC_GRAMMAR_ABI < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION
#error "this libtree-sitter cannot load the grammar's ABI (GRAMMAR_ABI of grammar/PIN)"
#endif

pvc_span pvc_node_span(TSNode n)
{
    TSPoint p = ts_node_start_point(n);
    return (pvc_span){(int)p.row + 1, (int)p.column + 1};
}

/* The NFKC forms of a tree's non-ASCII identifiers, by start byte (few: kept in a list). */
struct pvc_names {
    struct name_form {
        uint32_t at;
        char *form;
        size_t len;
    } *v;
    size_t n, cap;
};

/* Made on the first non-ASCII name: every pvc_cst is a variable of its caller's, so the
 * const the readers pass it as may be cast away here. */
static const char *name_form(const pvc_cst *cst, uint32_t at, const char *t, size_t *len)
{
    if (!cst->names && !(((pvc_cst *)cst)->names = calloc(1, sizeof *cst->names)))
        pvc_out_of_memory();
    pvc_names *ns = cst->names;
    for (size_t i = 0; ns && i < ns->n; i++)
        if (ns->v[i].at == at) {
            *len = ns->v[i].len;
            return ns->v[i].form;
        }
    char *form;
    size_t flen;
    uint32_t composing;
    if (pvc_name_nfkc(t, *len, &form, &flen, &composing) != 1)
        return t; /* its own form, or one chars.c refused */
    if (ns->n == ns->cap) {
        size_t cap = ns->cap ? 2 * ns->cap : 8;
        struct name_form *v = realloc(ns->v, cap * sizeof *v);
        if (!v)
            pvc_out_of_memory();
        ns->v = v, ns->cap = cap;
    }
    ns->v[ns->n++] = (struct name_form){at, form, flen};
    *len = flen;
    return form;
}

const char *pvc_node_text(const pvc_cst *cst, TSNode n, size_t *len)
{
    uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
    if (b > cst->src->len)
        b = (uint32_t)cst->src->len;
    if (a > b)
        a = b;
    *len = b - a;
    const char *t = cst->src->text + a;
    for (uint32_t i = 0; i < *len; i++) /* names are ASCII nearly always: one pass, no lookup */
        if ((unsigned char)t[i] >= 0x80)
            return pvc_node_is(cst, n, PVC_N_IDENTIFIER) ? name_form(cst, a, t, len) : t;
    return t;
}

/* The first ERROR node below n (n excluded), in source order; a null node when none. */
static TSNode first_error_below(const pvc_cst *cst, TSNode n)
{
    TSTreeCursor c = ts_tree_cursor_new(n);
    TSNode found = {0};
    int more = ts_tree_cursor_goto_first_child(&c);
    while (more) {
        TSNode k = ts_tree_cursor_current_node(&c);
        if (pvc_node_is(cst, k, PVC_N_ERROR)) {
            found = k;
            break;
        }
        if (ts_node_has_error(k) && ts_tree_cursor_goto_first_child(&c))
            continue;
        while (!(more = ts_tree_cursor_goto_next_sibling(&c)))
            if (!ts_tree_cursor_goto_parent(&c) || ts_node_eq(ts_tree_cursor_current_node(&c), n))
                break;
    }
    ts_tree_cursor_delete(&c);
    return found;
}

/* The innermost first ERROR inside an ERROR node: tree-sitter's outer ERROR often spans
 * a whole definition, the nested one sits where the parser actually gave up. An ERROR that
 * opens with whole statements it swallowed (from 1:1 of a file whose error is far below:
 * `for True in ...`) is looked into for the first ERROR under them. */
static TSNode innermost_error(const pvc_cst *cst, TSNode err)
{
    for (int depth = 0; depth < 256; depth++) {
        TSNode next = {0};
        uint32_t n = ts_node_child_count(err);
        for (uint32_t i = 0; i < n && ts_node_is_null(next); i++) {
            TSNode ch = ts_node_child(err, i);
            if (pvc_node_is(cst, ch, PVC_N_ERROR))
                next = ch;
        }
        TSNode first = ts_node_named_child_count(err) ? ts_node_named_child(err, 0) : (TSNode){0};
        if (ts_node_is_null(next) && !ts_node_is_null(first) && !ts_node_has_error(first) &&
            ts_node_named_child_count(first) > 0 && pvc_node_is(cst, ts_node_parent(first), PVC_N_ERROR))
            next = first_error_below(cst, err);
        if (ts_node_is_null(next))
            break;
        err = next;
    }
    return err;
}

/* Walks the whole tree with a cursor (no recursion: nesting depth is the input's) and
 * reports each outermost ERROR node once, at its innermost first ERROR, and each
 * MISSING token. */
static int report_syntax_errors(const pvc_cst *cst, pvc_diag *d)
{
    int n = 0;
    TSNode root = ts_tree_root_node(cst->tree);
    if (!ts_node_has_error(root))
        return 0;
    TSTreeCursor c = ts_tree_cursor_new(root);
    for (;;) {
        TSNode node = ts_tree_cursor_current_node(&c);
        int descend = ts_node_has_error(node);
        if (ts_node_is_missing(node)) {
            pvc_error_at(d, pvc_node_span(node), PVC_E_SYNTAX, "syntax error: missing '%s'",
                         ts_node_type(node));
            n++;
            descend = 0;
        } else if (pvc_node_is(cst, node, PVC_N_ERROR)) {
            TSNode at = innermost_error(cst, node);
            TSNode tok = ts_node_child_count(at) ? ts_node_child(at, 0) : at;
            size_t len;
            const char *t = pvc_node_text(cst, tok, &len);
            if (len > 0 && len <= 24 && !memchr(t, '\n', len) && !memchr(t, '\0', len))
                pvc_error_at(d, pvc_node_span(at), PVC_E_SYNTAX, "invalid syntax at '%.*s'",
                             (int)len, t);
            else
                pvc_error_at(d, pvc_node_span(at), PVC_E_SYNTAX, "invalid syntax");
            n++;
            descend = 0;
        }
        if (descend && ts_tree_cursor_goto_first_child(&c))
            continue;
        while (!ts_tree_cursor_goto_next_sibling(&c))
            if (!ts_tree_cursor_goto_parent(&c)) {
                ts_tree_cursor_delete(&c);
                return n;
            }
    }
}

/* Every row of grammar/nodes.h to its symbol or field id in lang; a name lang lacks (a
 * grammar bump renamed or dropped it) stops here, before any input is read. */
static void resolve_names(pvc_cst *cst, const TSLanguage *lang)
{
    static const struct {
        const char *name;
        bool named;
    } nodes[PVC_N_COUNT] = {
#define NODE(id, name) {name, true},
#define TOKEN(id, name) {name, false},
#define FIELD(id, name)
        PVC_GRAMMAR(NODE, TOKEN, FIELD)
#undef NODE
#undef TOKEN
#undef FIELD
    };
    static const char *const fields[PVC_F_COUNT] = {
#define NODE(id, name)
#define FIELD(id, name) name,
        PVC_GRAMMAR(NODE, NODE, FIELD)
#undef NODE
#undef FIELD
    };
    for (int i = 0; i < PVC_N_COUNT; i++) {
        cst->sym[i] = ts_language_symbol_for_name(lang, nodes[i].name,
                                                  (uint32_t)strlen(nodes[i].name), nodes[i].named);
        if (cst->sym[i] == 0)
            PVC_BUG("tree-sitter-python has no %s node '%s' (grammar/nodes.h)",
                    nodes[i].named ? "named" : "anonymous", nodes[i].name);
    }
    for (int i = 0; i < PVC_F_COUNT; i++) {
        cst->field[i] = ts_language_field_id_for_name(lang, fields[i], (uint32_t)strlen(fields[i]));
        if (cst->field[i] == 0)
            PVC_BUG("tree-sitter-python has no field '%s' (grammar/nodes.h)", fields[i]);
    }
}

/* The names resolve once per process: a streamed compile parses every vector function on
 * its own, and the lookups (a scan of the grammar's symbols per name) cost more than a
 * small function's parse. */
static pvc_cst resolved;
static pthread_once_t resolved_once = PTHREAD_ONCE_INIT;

static void resolve_once(void)
{
    resolve_names(&resolved, tree_sitter_python());
}

static void open_parser(pvc_cst *cst, const pvc_source *src)
{
    const TSLanguage *lang = tree_sitter_python();
    cst->src = src;
    cst->tree = NULL;
    cst->names = NULL;
    cst->parser = ts_parser_new();
    if (!cst->parser || !ts_parser_set_language(cst->parser, lang))
        PVC_BUG("tree-sitter-python (ABI %u) does not match the tree-sitter library (ABI %d to %d)",
                (unsigned)ts_language_version(lang), TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION,
                TREE_SITTER_LANGUAGE_VERSION);
    pthread_once(&resolved_once, resolve_once);
    memcpy(cst->sym, resolved.sym, sizeof cst->sym);
    memcpy(cst->field, resolved.field, sizeof cst->field);
}

int pvc_parse(pvc_cst *cst, const pvc_source *src, pvc_diag *d)
{
    open_parser(cst, src);
    if (src->len > UINT32_MAX / 2) {
        pvc_error_at(d, (pvc_span){1, 1}, PVC_E_LIMIT, "file too large");
        return 1;
    }
    cst->tree = ts_parser_parse_string(cst->parser, NULL, src->text, (uint32_t)src->len);
    if (!cst->tree)
        PVC_BUG("tree-sitter returned no tree");
    return report_syntax_errors(cst, d);
}

int pvc_parse_part(pvc_cst *cst, const pvc_source *src, uint32_t start, uint32_t end, uint32_t row,
                   uint32_t end_row)
{
    open_parser(cst, src);
    if (end > UINT32_MAX / 2)
        return 1; /* pvc_parse reports it */
    /* the part's bytes alone, at their own rows: the nodes keep the file's offsets and
     * lines, and the grammar's scanner starts at column 0 as at the start of a file */
    TSRange r = {{row, 0}, {end_row, 0}, start, end};
    if (!ts_parser_set_included_ranges(cst->parser, &r, 1))
        PVC_BUG("tree-sitter refused the range [%u, %u)", (unsigned)start, (unsigned)end);
    cst->tree = ts_parser_parse_string(cst->parser, NULL, src->text, end);
    if (!cst->tree)
        PVC_BUG("tree-sitter returned no tree");
    return ts_node_has_error(ts_tree_root_node(cst->tree));
}

void pvc_cst_free_names(pvc_cst *cst)
{
    for (size_t i = 0; cst->names && i < cst->names->n; i++)
        free(cst->names->v[i].form);
    if (cst->names)
        free(cst->names->v);
    free(cst->names);
    cst->names = NULL;
}

void pvc_cst_free(pvc_cst *cst)
{
    if (cst->tree)
        ts_tree_delete(cst->tree);
    if (cst->parser)
        ts_parser_delete(cst->parser);
    pvc_cst_free_names(cst);
    cst->tree = NULL;
    cst->parser = NULL;
}

/* Decorator expression -> "pl.vector_function" / "pl.jit" text match, with or without
 * a call: @pl.jit, @pl.jit(), @pl.vector_function(...). */
static int decorator_kind(const pvc_cst *cst, TSNode dec, pvc_func_kind *kind)
{
    TSNode e = ts_node_named_child(dec, 0);
    while (pvc_node_is(cst, e, PVC_N_PARENTHESIZED_EXPRESSION)) /* @(pl.jit()): PEP 614 */
        e = ts_node_named_child(e, 0);
    if (pvc_node_is(cst, e, PVC_N_CALL))
        e = pvc_field(cst, e, PVC_F_FUNCTION);
    if (!pvc_node_is(cst, e, PVC_N_ATTRIBUTE))
        return 0;
    size_t len;
    const char *t = pvc_node_text(cst, e, &len);
    if (len == 18 && memcmp(t, "pl.vector_function", 18) == 0) {
        *kind = PVC_FN_VECTOR;
        return 1;
    }
    if (len == 6 && memcmp(t, "pl.jit", 6) == 0) {
        *kind = PVC_FN_JIT;
        return 1;
    }
    return 0;
}

int pvc_dsl_function(const pvc_cst *cst, TSNode node, pvc_func_kind *kind)
{
    if (!pvc_node_is(cst, node, PVC_N_DECORATED_DEFINITION))
        return 0;
    TSNode def = pvc_field(cst, node, PVC_F_DEFINITION);
    if (!pvc_node_is(cst, def, PVC_N_FUNCTION_DEFINITION))
        return 0;
    uint32_t n = ts_node_named_child_count(node);
    for (uint32_t i = 0; i < n; i++) {
        TSNode c = ts_node_named_child(node, i);
        if (pvc_node_is(cst, c, PVC_N_DECORATOR) && decorator_kind(cst, c, kind))
            return 1;
    }
    return 0;
}
