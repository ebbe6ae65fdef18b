/* chars.c - the characters Python's tokenizer reads otherwise than tree-sitter's grammar,
 * checked before the parse (front.h pvc_check_source), so that both compiles (and the
 * streamed one's text scan, front/defer.c) read the file as Python does:
 *   a NUL byte anywhere          "source code cannot contain null bytes" (Python refuses the
 *                                file; the grammar takes it as the end of the text)
 *   outside strings and comments, a character Python calls non-printable: the C0 controls
 *   but tab, newline, carriage return and form feed, DEL, the C1 controls, the format
 *   characters (Cf: U+200B zero width space, U+2060 word joiner and U+FEFF byte order mark,
 *   which the grammar takes for blanks), the separators but space (Zs, Zl, Zp: U+00A0 ...)
 *   and the private-use characters: "invalid non-printable character U+000B", as Python
 *   says it (E001). A vertical tab is one: the grammar's recovery from it dropped the rest
 *   of a block without a word. A byte order mark that opens the file is its encoding, as
 *   in Python, and stays.
 *   an identifier that is not in NFKC (names.c) and would need characters composed
 *                                a located error: pvc normalises a name one character at a
 *                                time (docs/SEMANTICS.md §6, "Names")
 * A lone carriage return ends a line in Python: pvc_source_read makes it a newline (diag.c).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front/front.h"

/* Python's non-printable characters above ASCII (unicodedata categories Cc, Cf, Zs, Zl, Zp,
 * Co of Unicode 14, Python 3.11's), as ranges; tools/gen_nfkc.py prints the same list. */
static const struct {
    uint32_t lo, hi;
} unprintable[] = {
    {0x80, 0xA0}, {0xAD, 0xAD}, {0x600, 0x605}, {0x61C, 0x61C}, {0x6DD, 0x6DD}, {0x70F, 0x70F},
    {0x890, 0x891}, {0x8E2, 0x8E2}, {0x1680, 0x1680}, {0x180E, 0x180E}, {0x2000, 0x200F},
    {0x2028, 0x202F}, {0x205F, 0x2064}, {0x2066, 0x206F}, {0x3000, 0x3000}, {0xE000, 0xF8FF},
    {0xFEFF, 0xFEFF}, {0xFFF9, 0xFFFB}, {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x13438},
    {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0001, 0xE0001}, {0xE0020, 0xE007F}, {0xF0000, 0xFFFFD},
    {0x100000, 0x10FFFD},
};

static int printable_cp(uint32_t cp)
{
    if (cp < 0x80)
        return (cp >= 0x20 && cp != 0x7F) || cp == '\t' || cp == '\n' || cp == '\r' || cp == '\f';
    for (size_t i = 0; i < sizeof unprintable / sizeof *unprintable; i++)
        if (cp >= unprintable[i].lo && cp <= unprintable[i].hi)
            return 0;
    return 1;
}

/* Where a string, a comment or a name is: the scan follows Python's tokens just far enough
 * to know which bytes are code (strings with any prefix, triple-quoted or not, escapes; a
 * comment to its line's end). */
typedef struct {
    const pvc_source *src;
    pvc_diag *d;
    int line;
    const char *line_start;
} scan;

static int fail_at(scan *s, const char *p, const char *fmt, uint32_t cp)
{
    pvc_error_at(s->d, (pvc_span){s->line, (int)(p - s->line_start) + 1}, PVC_E_SYNTAX, fmt, (unsigned)cp);
    return 1;
}

/* Past the string whose quote is at p (its prefix already passed as a name). */
static const char *skip_string(scan *s, const char *p, const char *end)
{
    char q = *p;
    int triple = end - p >= 3 && p[1] == q && p[2] == q;
    for (p += triple ? 3 : 1; p < end; p++) {
        if (*p == '\\' && p + 1 < end) {
            if (*++p == '\n')
                s->line++, s->line_start = p + 1;
        } else if (*p == '\n') {
            if (!triple)
                return p; /* unterminated: the parse says so */
            s->line++, s->line_start = p + 1;
        } else if (*p == q && (!triple || (end - p >= 3 && p[1] == q && p[2] == q))) {
            return p + (triple ? 3 : 1);
        }
    }
    return end;
}

/* Whether the first two lines declare an encoding other than UTF-8 (PEP 263): Python then
 * decodes the file with it, and pvc checks only its ASCII. */
static int declares_other_coding(const char *p, const char *end)
{
    for (int line = 0; line < 2 && p < end; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
        const char *hash = memchr(p, '#', (size_t)(e - p)), *at = NULL;
        for (const char *q = hash; q && q + 7 < e && !at; q++)
            if (!memcmp(q, "coding", 6) && (q[6] == ':' || q[6] == '='))
                at = q + 7;
        if (at) {
            while (at < e && (*at == ' ' || *at == '\t'))
                at++;
            size_t n = 0;
            char name[16];
            for (; at < e && n + 1 < sizeof name && (isalnum((unsigned char)*at) || strchr("-_.", *at)); at++)
                name[n++] = (char)(*at == '_' ? '-' : tolower((unsigned char)*at));
            name[n] = '\0';
            return strcmp(name, "utf-8") && strcmp(name, "utf8") && strncmp(name, "utf-8-", 6);
        }
        p = nl ? nl + 1 : end;
    }
    return 0;
}

/* A name with a non-ASCII character, at p: refused when NFKC would compose in it. */
static int check_name(scan *s, const char *p, size_t n)
{
    char *norm = NULL;
    size_t len;
    uint32_t cp = 0;
    int rc = pvc_name_nfkc(p, n, &norm, &len, &cp);
    free(norm);
    if (rc != -1)
        return 0;
    pvc_error_at(s->d, (pvc_span){s->line, (int)(p - s->line_start) + 1}, PVC_E_NOT_SUPPORTED,
                 "pvc does not normalise the name '%.*s' as Python does (NFKC): its U+%04X composes with "
                 "the character before it; write the composed character", (int)n, p, (unsigned)cp);
    return 1;
}

static int name_char(unsigned char c)
{
    return c >= 0x80 || isalnum(c) || c == '_';
}

int pvc_check_chars(const pvc_source *src, pvc_diag *d)
{
    const char *p = src->text, *end = p + src->len;
    scan s = {src, d, 1, p};
    const char *nul = memchr(p, '\0', src->len);
    if (nul) {
        for (const char *q = p; q < nul; q++)
            if (*q == '\n')
                s.line++, s.line_start = q + 1;
        pvc_error_at(d, (pvc_span){s.line, (int)(nul - s.line_start) + 1}, PVC_E_SYNTAX,
                     "source code cannot contain null bytes");
        return 1;
    }
    int utf8 = !declares_other_coding(p, end);
    if (end - p >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
        p += 3; /* the file's encoding, as Python reads it */
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c == '\n') {
            s.line++, s.line_start = ++p;
        } else if (c == '#') {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            p = nl ? nl : end;
        } else if (c == '\'' || c == '"') {
            p = skip_string(&s, p, end);
        } else if (name_char(c) && !(c >= 0x80 && !utf8)) {
            const char *q = p;
            int wide = 0;
            while (q < end && name_char((unsigned char)*q)) {
                int k = 1;
                if ((unsigned char)*q >= 0x80) {
                    int32_t cp = pvc_utf8_decode((const unsigned char *)q, (const unsigned char *)end, &k);
                    if (cp < 0)
                        return fail_at(&s, q, "the byte 0x%02X is not UTF-8, which Python reads source as",
                                       (unsigned char)*q);
                    if (!printable_cp((uint32_t)cp)) {
                        if (q > p && wide && check_name(&s, p, (size_t)(q - p)))
                            return 1;
                        return fail_at(&s, q, "invalid non-printable character U+%04X", (uint32_t)cp);
                    }
                    wide = 1;
                }
                q += k;
            }
            if (wide && check_name(&s, p, (size_t)(q - p)))
                return 1;
            p = q;
        } else {
            if (!printable_cp(c))
                return fail_at(&s, p, "invalid non-printable character U+%04X", c);
            p++;
        }
    }
    return 0;
}
