/* diag_echo.c - what a diagnostic shows of the source: bytes a terminal may act on never reach
 * it, and a long line is shown around its caret (diag.h).
 *
 * A source file is user data: a comment may hold terminal escape sequences (ESC ] 0 ; ...
 * BEL retitles a terminal), a file may not be UTF-8, a line may be 400 KB long. The echo
 * and the message (which quotes names from the source) are both cleaned:
 *   - a valid UTF-8 sequence and a tab print as they are;
 *   - every other control byte (below 0x20, 0x7f) and every byte of invalid UTF-8 prints
 *     as \xHH (a message keeps its own newlines);
 *   - an echoed line wider than ECHO_WIDTH columns prints as a window of ECHO_WIDTH columns
 *     around the caret, "..." marking each cut end; a message longer than MSG_MAX bytes keeps
 *     its head and tail around "...".
 * The caret line is built from the same units as the echo (a tab for a tab, one space per
 * column otherwise), so it stays under its byte whatever was escaped or cut.
 */
#include <stdlib.h>
#include <string.h>

#include "ir/diag.h"

enum {
    ECHO_WIDTH = 160,  /* columns of source line shown at most */
    ECHO_BEFORE = 60,  /* of them, before the caret when the line is cut */
    MSG_MAX = 2048,    /* bytes of message shown at most */
};

/* Length of the valid UTF-8 sequence at p (1 for printable ASCII), 0 when the byte at p
 * must be escaped: a control byte, or a byte that starts no valid sequence (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF). */
static size_t unit_len(const unsigned char *p, const unsigned char *end)
{
    unsigned c = p[0];
    if (c < 0x80)
        return c >= 0x20 && c != 0x7f;
    size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (!n || (size_t)(end - p) < n)
        return 0;
    unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
    unsigned hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf)
            return 0;
    return n;
}

/* One unit of output at p: its bytes (*len) and the columns it prints as (a tab: 1). */
static int unit_at(const unsigned char *p, const unsigned char *end, size_t *len)
{
    size_t n = unit_len(p, end);
    if (n) {
        *len = n;
        return 1;
    }
    *len = 1;
    return *p == '\t' ? 1 : 4; /* \xHH */
}

static void put_unit(FILE *out, const unsigned char *p, size_t len, int cols)
{
    if (cols == 4)
        fprintf(out, "\\x%02x", *p);
    else
        fwrite(p, 1, len, out);
}

void pvc_diag_echo_line(FILE *out, const pvc_source *src, int line, int col)
{
    const unsigned char *p = (const unsigned char *)src->text, *end = p + src->len;
    for (int l = 1; l < line && p < end; p++)
        if (*p == '\n')
            l++;
    const unsigned char *eol = p;
    while (eol < end && *eol != '\n' && *eol != '\r')
        eol++;
    const unsigned char *caret = col > 1 && (size_t)(col - 1) < (size_t)(eol - p) ? p + col - 1 : eol;
    if (col <= 1)
        caret = p;
    /* the caret's column and the line's width, in printed columns */
    long at = 0, width = 0;
    for (const unsigned char *q = p; q < eol;) {
        size_t len;
        int cols = unit_at(q, eol, &len);
        if (q < caret)
            at += cols;
        width += cols;
        q += len;
    }
    long from = 0, to = width;
    if (width > ECHO_WIDTH) {
        from = at > ECHO_BEFORE ? at - ECHO_BEFORE : 0;
        if (from + ECHO_WIDTH > width)
            from = width - ECHO_WIDTH;
        to = from + ECHO_WIDTH;
    }
    /* the line, then the caret under it: units whose first column is in [from, to) */
    for (int pass = 0; pass < 2; pass++) {
        if (from > 0)
            fputs(pass ? "   " : "...", out);
        long c = 0;
        for (const unsigned char *q = p; q < eol && c < to;) {
            size_t len;
            int cols = unit_at(q, eol, &len);
            if (pass && q >= caret)
                break;
            if (c >= from) {
                if (!pass)
                    put_unit(out, q, len, cols);
                else if (*q == '\t')
                    fputc('\t', out);
                else
                    fprintf(out, "%*s", cols, "");
            }
            c += cols;
            q += len;
        }
        if (!pass && to < width)
            fputs("...", out);
        fputs(pass ? "^\n" : "\n", out);
    }
}

char *pvc_diag_clean(const char *msg)
{
    const unsigned char *p = (const unsigned char *)msg, *end = p + strlen(msg);
    size_t n = (size_t)(end - p);
    const unsigned char *cut = n > MSG_MAX ? p + MSG_MAX / 2 : end, *resume = n > MSG_MAX ? end - MSG_MAX / 2 : end;
    char *buf = malloc(4 * n + 4); /* every byte escaped, at worst */
    if (!buf)
        return NULL;
    char *w = buf;
    for (const unsigned char *q = p; q < end;) {
        if (q >= cut && q < resume) {
            memcpy(w, "...", 3);
            w += 3;
            for (q = resume; q < end && (*q & 0xc0) == 0x80; q++) /* to a character's start */
                ;
            cut = end;
            continue;
        }
        size_t len = *q == '\n' || *q == '\t' ? 1 : unit_len(q, end); /* a message's own layout */
        if (len) {
            memcpy(w, q, len);
            w += len;
            q += len;
        } else {
            w += sprintf(w, "\\x%02x", *q++);
        }
    }
    *w = '\0';
    return buf;
}
