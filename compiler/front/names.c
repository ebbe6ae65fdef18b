/* names.c - Python's rules for names (front.h; docs/SEMANTICS.md §6, "Names"): the hard
 * keywords, which are never names, and NFKC, the form Python gives every identifier before
 * it binds or looks one up, so that `Ｃ` (fullwidth) and `C` are one name.
 *
 * NFKC here is one character at a time: nfkc_table.h (tools/gen_nfkc.py) holds the form of
 * every identifier character that has another one. That is exact for every name without a
 * character that composes with the one before it (a combining mark, a Hangul vowel, ...;
 * the table lists them), and pvc refuses a name with one (chars.c reports it where it is). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "front/front.h"
#include "front/nfkc_table.h"

/* Python 3.11's hard keywords (keyword.kwlist), by length: a name is compared with those of
 * its own length only. */
static const char *const keywords[9][8] = {
    [2] = {"as", "if", "in", "is", "or"},
    [3] = {"and", "def", "del", "for", "not", "try"},
    [4] = {"None", "True", "elif", "else", "from", "pass", "with"},
    [5] = {"False", "async", "await", "break", "class", "raise", "while", "yield"},
    [6] = {"assert", "except", "global", "import", "lambda", "return"},
    [7] = {"finally"},
    [8] = {"continue", "nonlocal"},
};

int pvc_name_is_keyword(const char *s, size_t n)
{
    if (n < 2 || n > 8)
        return 0;
    for (int i = 0; i < 8 && keywords[n][i]; i++)
        if (keywords[n][i][0] == s[0] && !memcmp(keywords[n][i], s, n))
            return 1;
    return 0;
}

/* The code point of the UTF-8 sequence at s (at most end - s bytes) and its length in *len;
 * -1 for a byte that starts none (chars.c has refused such files by now). */
int32_t pvc_utf8_decode(const unsigned char *s, const unsigned char *end, int *len)
{
    unsigned c = s[0];
    int k = c < 0x80 ? 0 : c < 0xC2 ? -1 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : c < 0xF5 ? 3 : -1;
    if (k < 0 || end - s <= k)
        return -1;
    uint32_t cp = k == 0 ? c : c & (0x3Fu >> k);
    for (int i = 1; i <= k; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return -1;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    static const uint32_t least[] = {0, 0x80, 0x800, 0x10000};
    if (cp < least[k] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return -1; /* overlong, past Unicode, a surrogate */
    *len = k + 1;
    return (int32_t)cp;
}

static int in_composing(uint32_t cp)
{
    size_t lo = 0, hi = sizeof nfkc_composing / sizeof *nfkc_composing;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < nfkc_composing[mid].lo)
            hi = mid;
        else if (cp > nfkc_composing[mid].hi)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

/* The row of cp in nfkc_rows, or NULL when NFKC leaves it as it is. */
static int row_of(uint32_t cp)
{
    size_t lo = 0, hi = sizeof nfkc_rows / sizeof *nfkc_rows;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < nfkc_rows[mid].cp)
            hi = mid;
        else if (cp > nfkc_rows[mid].cp)
            lo = mid + 1;
        else
            return (int)mid;
    }
    return -1;
}

int pvc_name_nfkc(const char *s, size_t n, char **out, size_t *outlen, uint32_t *composing)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    size_t i = 0;
    while (i < n && p[i] < 0x80)
        i++;
    if (i == n)
        return 0; /* ASCII: its own form */
    size_t cap = n * 9 + 1, len = 0; /* no identifier character's form is over 9 bytes */
    char *buf = NULL;
    int changed = 0;
    for (const unsigned char *q = p; q < end;) {
        int k = 1;
        int32_t cp = *q < 0x80 ? *q : pvc_utf8_decode(q, end, &k);
        if (cp < 0) { /* not UTF-8: the parse reports it; the name stays as written */
            free(buf);
            return 0;
        }
        if (cp >= 0x80 && in_composing((uint32_t)cp)) {
            free(buf);
            *composing = (uint32_t)cp;
            return -1;
        }
        int r = cp >= 0x80 ? row_of((uint32_t)cp) : -1;
        if (r >= 0 && !buf) {
            if (!(buf = malloc(cap)))
                return -2;
            memcpy(buf, p, (size_t)(q - p));
            len = (size_t)(q - p);
        }
        if (buf && r >= 0) {
            memcpy(buf + len, nfkc_pool + nfkc_rows[r].off, nfkc_rows[r].len);
            len += nfkc_rows[r].len;
        } else if (buf) {
            memcpy(buf + len, q, (size_t)k);
            len += (size_t)k;
        }
        changed |= r >= 0;
        q += k;
    }
    if (!changed)
        return 0;
    buf[len] = '\0';
    *out = buf;
    *outlen = len;
    return 1;
}
