/* test_grammar.c - grammar/nodes.h against the pinned grammar: every row resolves (pvc_parse),
 * node rows to distinct symbols, and on every node of every .py file of the tree plus a
 * program below that holds each row, matching by symbol (pvc_node_is) agrees with matching
 * the type name (and named-ness) and reading a field by id (pvc_field) with reading it by
 * name. Run from the top of the tree (make unit does). */
#include <glob.h>
#include <string.h>

#include "front/front.h"
#include "unit.h"

static const struct {
    const char *name;
    int named;
} nodes[PVC_N_COUNT] = {
#define NODE(id, name) {name, 1},
#define TOKEN(id, name) {name, 0},
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

/* Python (not DSL) that holds a node of every row, and a syntax error (the ERROR row). */
static const char *every_row =
    "@pl.jit()\n"
    "async def f[T](a: int, *b, **c) -> None:\n"
    "    x = (1 + 2.5) * -y\n"
    "    p, q = g(*r, **s, k=True)\n"
    "    (u, v) = h(False, [None], z[0], 'a' 'b', \"c\")\n"
    "    w += 1\n"
    "    l = [(*m), n]\n"
    "    for i in pl.range(4):\n"
    "        pass\n"
    "    else:\n"
    "        pass\n"
    "    async for j in k:\n"
    "        pass\n"
    "    with pl.section_vector() as sv:\n"
    "        pass\n"
    "    while not a and b or c < d <= e:\n"
    "        break\n"
    "    if a:\n"
    "        continue\n"
    "    elif b:\n"
    "        return (1, 2)\n"
    "    else:\n"
    "        assert a if b else c, r'\\n' f'{x}'\n"
    "    t = u[1:2, ::3]\n"
    "from __future__ import annotations\n"
    "from pypto_pro.language import Vf as vf, pl\n"
    "from os import *\n"
    "import math, pypto_pro.language as pl\n"
    "class C:\n"
    "    pass\n"
    "def g(a, b=1, c: int = 2):\n"
    "    try:\n"
    "        pass\n"
    "    except E:\n"
    "        pass\n"
    "match q:\n"
    "    case [A, *B] if (C := 1):\n"
    "        del A\n"
    "def broken(:\n";

static unsigned long seen_node[PVC_N_COUNT], seen_field[PVC_F_COUNT];
static unsigned long bad_node[PVC_N_COUNT], bad_field[PVC_F_COUNT];

static void check_node(const pvc_cst *cst, TSNode n, const char *file)
{
    const char *type = ts_node_type(n);
    for (int i = 0; i < PVC_N_COUNT; i++) {
        int by_name = strcmp(type, nodes[i].name) == 0 && (int)ts_node_is_named(n) == nodes[i].named;
        int by_symbol = pvc_node_is(cst, n, (pvc_node_id)i);
        seen_node[i] += by_symbol;
        if (by_name != by_symbol && bad_node[i]++ == 0)
            printf("%s:%u: a '%s' node: by name %d, by symbol %d for row '%s'\n", file,
                   ts_node_start_point(n).row + 1, type, by_name, by_symbol, nodes[i].name);
    }
    for (int f = 0; f < PVC_F_COUNT; f++) {
        TSNode by_id = pvc_field(cst, n, (pvc_field_id)f);
        TSNode by_name = ts_node_child_by_field_name(n, fields[f], (uint32_t)strlen(fields[f]));
        seen_field[f] += !ts_node_is_null(by_id);
        if (!ts_node_eq(by_id, by_name) && bad_field[f]++ == 0)
            printf("%s:%u: field '%s' of a '%s' node differs by id and by name\n", file,
                   ts_node_start_point(n).row + 1, fields[f], type);
    }
}

/* Every node of the file's tree, named or not (a cursor walk). */
static void check_source(pvc_source *src)
{
    pvc_cst cst;
    pvc_diag d;
    pvc_diag_init(&d, src, NULL);
    pvc_parse(&cst, src, &d);
    TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(cst.tree));
    for (;;) {
        check_node(&cst, ts_tree_cursor_current_node(&c), src->name);
        if (ts_tree_cursor_goto_first_child(&c))
            continue;
        while (!ts_tree_cursor_goto_next_sibling(&c))
            if (!ts_tree_cursor_goto_parent(&c))
                goto done;
    }
done:
    ts_tree_cursor_delete(&c);
    pvc_cst_free(&cst);
}

static void test_resolved(void)
{
    pvc_source src;
    pvc_source_from_mem(&src, "empty.py", "", 0);
    pvc_cst cst;
    pvc_diag d;
    pvc_diag_init(&d, &src, NULL);
    UNIT_CHECK(pvc_parse(&cst, &src, &d) == 0, "an empty file parses");
    int distinct = 1;
    for (int i = 0; i < PVC_N_COUNT; i++)
        for (int k = 0; k < i; k++)
            if (cst.sym[i] == cst.sym[k]) {
                distinct = 0;
                printf("rows '%s' and '%s' share symbol %u\n", nodes[k].name, nodes[i].name,
                       cst.sym[i]);
            }
    UNIT_CHECK(distinct, "%d node rows, %d distinct symbols", PVC_N_COUNT, PVC_N_COUNT);
    UNIT_CHECK(cst.sym[PVC_N_ERROR] == (TSSymbol)-1, "ERROR is tree-sitter's error symbol");
    for (int f = 0; f < PVC_F_COUNT; f++)
        UNIT_CHECK(!strcmp(ts_language_field_name_for_id(ts_parser_language(cst.parser), cst.field[f]),
                           fields[f]),
                   "field '%s' resolves to its own id", fields[f]);
    pvc_cst_free(&cst);
    pvc_source_free(&src);
}

static void test_every_node(void)
{
    static const char *const patterns[] = {"samples/*.py", "tests/*/*.py", "bench/*.py"};
    int files = 0;
    for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
        glob_t g;
        if (glob(patterns[p], 0, NULL, &g) != 0)
            continue;
        for (size_t i = 0; i < g.gl_pathc; i++) {
            pvc_source src;
            if (pvc_source_load(&src, g.gl_pathv[i]) == 0) {
                check_source(&src);
                pvc_source_free(&src);
                files++;
            }
        }
        globfree(&g);
    }
    UNIT_CHECK(files >= 50, "the tree's .py files are found (%d; run from the top of the tree)", files);
    pvc_source src;
    pvc_source_from_mem(&src, "every_row.py", every_row, strlen(every_row));
    check_source(&src);
    pvc_source_free(&src);
    for (int i = 0; i < PVC_N_COUNT; i++) {
        UNIT_CHECK(bad_node[i] == 0, "row '%s': by name and by symbol differ on %lu nodes",
                   nodes[i].name, bad_node[i]);
        UNIT_CHECK(seen_node[i] > 0, "row '%s' matched no node (the test covers it)", nodes[i].name);
    }
    for (int f = 0; f < PVC_F_COUNT; f++) {
        UNIT_CHECK(bad_field[f] == 0, "field '%s': by name and by id differ on %lu nodes",
                   fields[f], bad_field[f]);
        UNIT_CHECK(seen_field[f] > 0, "field '%s' read on no node (the test covers it)", fields[f]);
    }
}

int main(void)
{
    test_resolved();
    test_every_node();
    return UNIT_DONE();
}
