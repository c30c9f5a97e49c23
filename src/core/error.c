/* Status codes and error records (see tabletop/error.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/errors.h"

const char *tt_strerror(int code)
{
    switch (code) {
    case TT_OK: return "ok";
    case TT_EILLEGAL: return "illegal";
    case TT_EPARSE: return "parse";
    case TT_ECONTENT: return "content";
    case TT_EARG: return "argument";
    case TT_EIO: return "io";
    case TT_ENOMEM: return "memory";
    case TT_ESTATE: return "state";
    case TT_EREPLAY: return "replay";
    default: return "unknown";
    }
}

void tt_error_clear(tt_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
}

const char *tt_error_text(const tt_error *err, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s%s%s%s%s", err->ecode, err->ecode[0] ? ": " : "", err->msg,
             err->rule[0] ? " (" : "", err->rule, err->rule[0] ? ")" : "");
    return buf;
}

void tt_one_line(char *s, size_t n)
{
    char out[1024];
    size_t k = 0;
    if (n > sizeof out)
        n = sizeof out;
    for (const unsigned char *p = (const unsigned char *)s; *p && k + 1 < n; p++) {
        char esc[8];
        int len = 1;
        if (*p == '\n' || *p == '\t' || *p == '\r')
            len = snprintf(esc, sizeof esc, "\\%c", *p == '\n' ? 'n' : *p == '\t' ? 't' : 'r');
        else if (*p < 0x20 || *p == 0x7f)
            len = snprintf(esc, sizeof esc, "\\x%02x", *p);
        else
            esc[0] = (char)*p;
        if (k + (size_t)len >= n)
            break;
        memcpy(out + k, esc, (size_t)len);
        k += (size_t)len;
    }
    out[k] = 0;
    memcpy(s, out, k + 1);
}

static int fill(tt_error *err, int code, const char *ecode, const char *rule, const char *fmt,
                va_list ap)
{
    if (!err)
        return code;
    err->code = code;
    snprintf(err->ecode, sizeof err->ecode, "%s", ecode ? ecode : "");
    snprintf(err->rule, sizeof err->rule, "%s", rule ? rule : "");
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    tt_one_line(err->msg, sizeof err->msg);
    return code;
}

int tt_fail(tt_error *err, int code, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fill(err, code, NULL, rule, fmt, ap);
    va_end(ap);
    return code;
}

int tt_fail_code(tt_error *err, int code, const char *ecode, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fill(err, code, ecode, rule, fmt, ap);
    va_end(ap);
    return code;
}

int tt_error_cite(tt_error *err, const char *ecode, const char *rule)
{
    if (!err)
        return TT_EPARSE;
    snprintf(err->ecode, sizeof err->ecode, "%s", ecode ? ecode : "");
    snprintf(err->rule, sizeof err->rule, "%s", rule ? rule : "");
    return err->code;
}

int tt_refuse(tt_error *err, const char *ecode, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fill(err, TT_EILLEGAL, ecode, rule, fmt, ap);
    va_end(ap);
    return TT_EILLEGAL;
}
