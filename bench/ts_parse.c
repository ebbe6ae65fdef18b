/* ts_parse.c - the baseline of the front-end figures (`make bench`, BENCHMARKS.md): a whole
 * process that reads a .py file and parses it with tree-sitter-python, the same grammar
 * objects and libtree-sitter as pvc, then exits. `ts_parse FILE.py` prints the number of top-level statements. */
#include <stdio.h>
#include <stdlib.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_python(void);

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: ts_parse FILE.py\n", stderr);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    size_t cap = 1 << 20, n = 0, got;
    char *text = malloc(cap);
    while (text && (got = fread(text + n, 1, cap - n, f)) > 0)
        if ((n += got) == cap)
            text = realloc(text, cap *= 2);
    fclose(f);
    TSParser *p = ts_parser_new();
    if (!text || !p || !ts_parser_set_language(p, tree_sitter_python()))
        return 1;
    TSTree *t = ts_parser_parse_string(p, NULL, text, (uint32_t)n);
    if (!t)
        return 1;
    printf("%u top-level statements\n", ts_node_child_count(ts_tree_root_node(t)));
    ts_tree_delete(t);
    ts_parser_delete(p);
    free(text);
    return 0;
}
