/* indent.c - what the grammar's scanner accepts silently about indentation, checked before
 * the parse: a width it cannot store, and a dedent to a width no enclosing block has.
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
 *
 * A dedent must return to the width of an enclosing block (Python: "unindent does not match
 * any outer indentation level", an IndentationError). The scanner instead closes blocks
 * until the width fits and carries on, so a statement lands in a block its text does not
 * put it in and the file compiles. Here the logical lines are followed as Python's
 * tokenizer does (a line inside brackets or a string, or after a backslash, continues the
 * one before; blank and comment lines do not count), each measured as Python measures
 * (a tab to the next multiple of 8, a form feed back to 0), against a stack of the widths
 * of the open blocks.
 */
#include <string.h>

#include "front/front.h"

/* The widest indentation the scanner keeps: one byte per level of its saved state. */
#define PVC_INDENT_MAX 255

/* Where a logical line continues onto the next physical one: open brackets, a string
 * (quote: its quote character, triple: three of them), a backslash at the end. */
typedef struct {
    long depth;
    char quote;
    int triple, backslash;
} lexstate;

/* Scans the rest of a line from s (after its indentation) to its newline, updating st;
 * returns the start of the next line. */
static const char *scan_line(const char *s, const char *end, lexstate *st)
{
    st->backslash = 0;
    while (s < end && *s != '\n') {
        char c = *s++;
        if (st->quote) {
            if (c == '\\') {
                if (s < end)
                    s++; /* the escaped byte, a newline included: the string goes on */
                if (s[-1] == '\n')
                    return s;
            } else if (c == st->quote && (!st->triple || (end - s >= 2 && s[0] == c && s[1] == c))) {
                s += st->triple ? 2 : 0;
                st->quote = 0;
            }
        } else if (c == '#') {
            const char *nl = memchr(s, '\n', (size_t)(end - s));
            s = nl ? nl : end;
        } else if (c == '\'' || c == '"') {
            st->quote = c;
            st->triple = end - s >= 2 && s[0] == c && s[1] == c;
            s += st->triple ? 2 : 0;
        } else if (c == '(' || c == '[' || c == '{') {
            st->depth++;
        } else if ((c == ')' || c == ']' || c == '}') && st->depth > 0) {
            st->depth--;
        } else if (c == '\\' && s < end && *s == '\n') {
            st->backslash = 1;
        }
    }
    if (st->quote && !st->triple)
        st->quote = 0; /* an unterminated string: the parse reports it */
    return s < end ? s + 1 : end;
}

/* The width of the indentation at p as Python counts it, and its end in *after. */
static unsigned long python_width(const char *p, const char *end, const char **after)
{
    unsigned long w = 0;
    for (; p < end && (*p == ' ' || *p == '\t' || *p == '\f'); p++)
        w = *p == ' ' ? w + 1 : *p == '\t' ? (w / 8 + 1) * 8 : 0;
    *after = p;
    return w;
}

/* 1 after a located error at the first dedent to a width no open block has. The widths
 * on the stack increase, and none is over PVC_INDENT_MAX once the width check passed (a
 * tab counts at most 8 here, as there). */
static int check_dedents(const pvc_source *src, pvc_diag *d)
{
    unsigned long stack[PVC_INDENT_MAX + 2] = {0};
    int top = 0;
    lexstate st = {0};
    const char *p = src->text, *end = p + src->len;
    for (int line = 1; p < end; line++) {
        int logical = !st.quote && !st.depth && !st.backslash;
        const char *s;
        unsigned long w = python_width(p, end, &s);
        int blank = s == end || *s == '\n' || *s == '\r' || *s == '#';
        if (logical && !blank && w > stack[top] && top < PVC_INDENT_MAX + 1) {
            stack[++top] = w;
        } else if (logical && !blank) {
            while (w < stack[top])
                top--; /* stack[0] is 0: it stops there at the latest */
            if (w != stack[top]) {
                pvc_error_at(d, (pvc_span){line, (int)(s - p) + 1}, PVC_E_SYNTAX,
                             "unindent does not match any outer indentation level (this line is "
                             "indented %lu columns; the open blocks are at %lu and %lu)", w, stack[top],
                             stack[top + 1]);
                return 1;
            }
        }
        p = scan_line(s, end, &st);
    }
    return 0;
}

int pvc_check_indent(const pvc_source *src, pvc_diag *d)
{
    if (pvc_check_chars(src, d))
        return 1;
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
    return check_dedents(src, d);
}
