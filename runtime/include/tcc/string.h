/* string.h for libtcc (compiler/emit/native_tcc.c), searched before the system headers: the
 * functions the runtime headers and emitted C call, declared as glibc declares them, so
 * libtcc need not read glibc's string.h on every cache miss. A call of anything else fails
 * to compile under libtcc, and the miss falls back to cc (tests/run_e2e.sh compares the two
 * builds on every sample). */
#ifndef PVC_TCC_STRING_H
#define PVC_TCC_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);

#endif /* PVC_TCC_STRING_H */
