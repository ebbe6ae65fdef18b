/* cst.c - small helpers over the tree-sitter CST for the front end (lower.h): children in
 * one cursor walk, node text, attribute chains, and literals read as Python reads them. */
#include <errno.h>
#include <stdlib.h>

#include "front/lower.h"

/* ts_node_child(n, i) starts from the first child every time, which would make long
 * blocks quadratic: one cursor walk instead, except for a few children, where the index
 * walks are cheaper than the cursor's steps (about 530 instructions each in tree-sitter
 * 0.20). */
enum { LW_KIDS_BY_INDEX = 8 };
TSNode *lw_kids(lower_ctx *c, TSNode n, uint32_t *count)
{
    *count = 0;
    if (ts_node_is_null(n))
        return NULL;
    uint32_t all = ts_node_child_count(n);
    TSNode *out = pvc_arena_alloc(c->kids, (all + 1) * sizeof *out);
    if (all <= LW_KIDS_BY_INDEX) { /* see LW_KIDS_BY_INDEX */
        for (uint32_t i = 0; i < all; i++) {
            TSNode ch = ts_node_child(n, i);
            if (ts_node_is_named(ch) && !ts_node_is_extra(ch))
                out[(*count)++] = ch;
        }
        return out;
    }
    TSTreeCursor cur = ts_tree_cursor_new(n);
    if (ts_tree_cursor_goto_first_child(&cur))
        do {
            TSNode ch = ts_tree_cursor_current_node(&cur);
            if (ts_node_is_named(ch) && !ts_node_is_extra(ch))
                out[(*count)++] = ch;
        } while (ts_tree_cursor_goto_next_sibling(&cur));
    ts_tree_cursor_delete(&cur);
    return out;
}

uint32_t lw_count(lower_ctx *c, TSNode n)
{
    uint32_t k;
    lw_kids(c, n, &k);
    return k;
}

TSNode lw_kid(lower_ctx *c, TSNode n, uint32_t idx)
{
    uint32_t k;
    TSNode *all = lw_kids(c, n, &k);
    return idx < k ? all[idx] : (TSNode){0};
}

void lw_keyword_name(const lower_ctx *c, TSNode n)
{
    size_t len;
    const char *t = pvc_node_text(c->cst, n, &len);
    pvc_error_at(c->d, at(n), PVC_E_SYNTAX, "invalid syntax: '%.*s' is a keyword, not a name", (int)len, t);
}

const char *lw_dup(lower_ctx *c, TSNode n)
{
    size_t len;
    const char *t = text(c, n, &len);
    return pvc_arena_strndup(c->m->arena, t, len);
}

int lw_text_is(const lower_ctx *c, TSNode n, const char *s)
{
    size_t len;
    const char *t = text(c, n, &len);
    return !ts_node_is_null(n) && len == strlen(s) && memcmp(t, s, len) == 0;
}

const char *lw_construct(TSNode n, char *buf, size_t size)
{
    snprintf(buf, size, "%s", ts_node_type(n));
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
    return buf;
}

/* A dictionary or set display is a value pypto_pro's parser evaluates and then refuses as a
 * closure value of that Python type (a ParserTypeError, docs/LANGUAGE.md); other constructs
 * are not lowered at all. */
void lw_unsupported(lower_ctx *c, TSNode n)
{
    char buf[64];
    const char *kind = ts_node_type(n);
    if (!strcmp(kind, "dictionary") || !strcmp(kind, "set"))
        pvc_error_at(c->d, at(n), PVC_E_TYPE, "Unsupported closure variable type: %s (a %s is not supported in a "
                     "DSL function)", kind[0] == 'd' ? "dict" : "set", lw_construct(n, buf, sizeof buf));
    else
        pvc_error_at(c->d, at(n), PVC_E_UNSUPPORTED, "%s is not supported in a DSL function",
                     lw_construct(n, buf, sizeof buf));
}

/* No recursion: chains come from the input. */
int lw_chain(const lower_ctx *c, TSNode n, TSNode *parts, int max)
{
    TSNode rev[16];
    int np = 0;
    while (is(c, n, PVC_N_ATTRIBUTE)) {
        if (np == 15 || np + 1 >= max)
            return 0;
        rev[np++] = field(c, n, PVC_F_ATTRIBUTE);
        n = field(c, n, PVC_F_OBJECT);
    }
    if (!is(c, n, PVC_N_IDENTIFIER))
        return 0;
    rev[np++] = n;
    for (int i = 0; i < np; i++)
        parts[i] = rev[np - 1 - i];
    return np;
}

void lw_poison(lower_ctx *c, const char *name)
{
    pvc_strmap_put(c->m->arena, &c->poisoned, name, c);
}

int lw_poisoned(const lower_ctx *c, const char *name)
{
    return pvc_strmap_get(&c->poisoned, name) != NULL;
}

/* ---- literals ---- */
int lw_int_literal(lower_ctx *c, TSNode n, int64_t *out)
{
    size_t len;
    const char *t = text(c, n, &len);
    int base = 10;
    size_t i = 0;
    if (len > 1 && t[0] == '0' && strchr("xXoObB", t[1])) {
        base = (t[1] == 'x' || t[1] == 'X') ? 16 : (t[1] == 'o' || t[1] == 'O') ? 8 : 2;
        i = 2;
    }
    uint64_t v = 0;
    int digits = 0;
    for (; i < len; i++) {
        char ch = t[i];
        if (ch == '_')
            continue;
        int dv = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
               : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : 99;
        if (dv >= base)
            return 2;
        if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base || v * base + dv > (uint64_t)INT64_MAX)
            return 1;
        v = v * (uint64_t)base + (uint64_t)dv;
        digits++;
    }
    if (!digits)
        return 2;
    *out = (int64_t)v;
    return 0;
}

int lw_float_literal(lower_ctx *c, TSNode n, double *out)
{
    size_t len;
    const char *t = text(c, n, &len);
    char buf[128];
    size_t k = 0;
    for (size_t i = 0; i < len && k + 1 < sizeof buf; i++)
        if (t[i] != '_')
            buf[k++] = t[i];
    buf[k] = '\0';
    if (k && (buf[k - 1] == 'j' || buf[k - 1] == 'J'))
        return 2; /* an imaginary literal */
    char *end;
    errno = 0;
    double f = strtod(buf, &end);
    if (*end || k == 0 || len >= sizeof buf)
        return 2;
    if (errno == ERANGE && (f > 1 || f < -1))
        return 1;
    *out = f; /* Python rounds an underflowing literal to 0 or a subnormal as strtod does */
    return 0;
}

/* Appends code point cp as UTF-8. */
static size_t put_utf8(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | cp >> 6), o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | cp >> 12), o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | cp >> 18), o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    o[2] = (char)(0x80 | (cp >> 6 & 0x3F)), o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static int hexval(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
         : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* The body of one string literal (between its quotes), escapes decoded unless raw. Returns
 * the byte count written to o (which holds at least 4 * len bytes), or -1 for an escape
 * Python would reject or pvc does not read (\N{...}). */
static long decode_body(const char *s, size_t len, int raw, char *o)
{
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '\\' || raw || i + 1 == len) {
            o[k++] = s[i];
            if (raw && s[i] == '\\' && i + 1 < len) /* a raw \x keeps both characters */
                o[k++] = s[++i];
            continue;
        }
        char e = s[++i];
        static const char simple[] = "\\\\''\"\"a\ab\bf\fn\nr\rt\tv\v";
        const char *p = NULL;
        for (size_t j = 0; j + 1 < sizeof simple; j += 2)
            if (simple[j] == e)
                p = &simple[j + 1];
        if (p) {
            o[k++] = *p;
        } else if (e == '\n') {
            /* a backslash-newline continues the line */
        } else if (e >= '0' && e <= '7') {
            uint32_t v = 0;
            int nd = 0;
            for (i--; nd < 3 && i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '7'; nd++)
                v = v * 8 + (uint32_t)(s[++i] - '0');
            k += put_utf8(o + k, v);
        } else if (e == 'x' || e == 'u' || e == 'U') {
            int nd = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            uint32_t v = 0;
            for (int d = 0; d < nd; d++) {
                int h = i + 1 < len ? hexval(s[i + 1]) : -1;
                if (h < 0)
                    return -1;
                v = v * 16 + (uint32_t)h;
                i++;
            }
            if (v > 0x10FFFF)
                return -1;
            k += put_utf8(o + k, v);
        } else if (e == 'N') {
            return -1;
        } else { /* an unknown escape keeps its backslash (Python warns) */
            o[k++] = '\\';
            o[k++] = e;
        }
    }
    return (long)k;
}

/* One `string` node: its prefix letters, then the body between the quotes. */
static int one_string(lower_ctx *c, TSNode n, char *o, size_t *k, const char **why)
{
    size_t len;
    const char *t = text(c, n, &len);
    size_t p = 0;
    int raw = 0;
    while (p < len && t[p] != '\'' && t[p] != '"') {
        char ch = (char)(t[p] | 0x20);
        if (ch == 'f') {
            *why = "an f-string";
            return 0;
        }
        if (ch == 'b') {
            *why = "a bytes literal";
            return 0;
        }
        raw |= ch == 'r';
        p++;
    }
    size_t q = len - p >= 6 && t[p] == t[p + 1] && t[p] == t[p + 2] ? 3 : 1;
    if (len < p + 2 * q) {
        *why = "a malformed string";
        return 0;
    }
    long got = decode_body(t + p + q, len - p - 2 * q, raw, o + *k);
    if (got < 0) {
        *why = "a string with an escape pvc does not read";
        return 0;
    }
    *k += (size_t)got;
    return 1;
}

int lw_string_literal(lower_ctx *c, TSNode n, const char **s, size_t *len, const char **why)
{
    size_t total;
    text(c, n, &total);
    char *o = pvc_arena_alloc(c->m->arena, 4 * total + 1);
    size_t k = 0;
    if (is(c, n, PVC_N_CONCATENATED_STRING)) {
        uint32_t cnt;
        TSNode *parts = lw_kids(c, n, &cnt);
        for (uint32_t i = 0; i < cnt; i++)
            if (!one_string(c, parts[i], o, &k, why))
                return 0;
    } else if (!one_string(c, n, o, &k, why)) {
        return 0;
    }
    o[k] = '\0';
    *s = o;
    *len = k;
    return 1;
}
