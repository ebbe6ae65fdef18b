/* indent.c - the one limit of the grammar's scanner that no error of its own reports.
 *
 * tree-sitter-python's external scanner (grammar/vendor/.../src/scanner.c) keeps its stack of
 * indentation widths as uint16_t but saves it, between tokens, one byte per level: a block
 * indented 256 columns or more comes back as its width modulo 256. The parse then goes wrong
 * without saying why ("invalid syntax at 'import'" at 1:1), or, worse, puts a statement in
 * the wrong block. So every line is measured first, as the scanner measures it (a space 1
 * column, a tab 8, a form feed or carriage return back to 0), and a line indented past 255
 * columns is one located error before anything is parsed. Blank and comment-only lines open
 * no block and are let through; a continuation line inside brackets or a string is refused
 * too (it cannot be told apart without parsing), which no real kernel file comes near.
 */
#include <string.h>

#include "front/front.h"

/* The widest indentation the scanner keeps: one byte per level of its saved state. */
#define PVC_INDENT_MAX 255

int pvc_check_indent(const pvc_source *src, pvc_diag *d)
{
    const char *p = src->text, *end = p + src->len;
    for (int line = 1; p < end; line++) {
        const char *s = p;
        unsigned long width = 0;
        for (; s < end && (*s == ' ' || *s == '\t' || *s == '\f' || *s == '\r'); s++)
            width = *s == ' ' ? width + 1 : *s == '\t' ? width + 8 : 0;
        int blank = s == end || *s == '\n' || *s == '#';
        if (!blank && width > PVC_INDENT_MAX) {
            pvc_error_at(d, (pvc_span){line, (int)(s - p) + 1}, PVC_E_LIMIT,
                         "this line is indented %lu columns; pvc's Python parser tracks at most %d "
                         "(a tab counts 8)", width, PVC_INDENT_MAX);
            return 1;
        }
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        p = nl ? nl + 1 : end;
    }
    return 0;
}
