/* stddef.h for libtcc (compiler/emit/native_tcc.c). This directory is searched only by
 * libtcc, which compiles emitted C in process on a cache miss, and before the system
 * headers: stddef.h because glibc takes it from the compiler and libtcc-dev ships none (the
 * tcc package would), stdint.h, string.h and setjmp.h so that libtcc need not read glibc's
 * and the dozen headers behind them on every miss. Built from tcc's predefined macros. */
#ifndef PVC_TCC_STDDEF_H
#define PVC_TCC_STDDEF_H

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __WCHAR_TYPE__ wchar_t;
typedef union { long long ll; long double ld; } max_align_t;

#ifndef NULL
#define NULL ((void *)0)
#endif
#define offsetof(type, field) __builtin_offsetof(type, field)

#endif /* PVC_TCC_STDDEF_H */

/* glibc asks for parts with __need_* macros; everything is defined above, so only drop them,
 * as the compiler's own stddef.h does. */
#undef __need_size_t
#undef __need_ptrdiff_t
#undef __need_wchar_t
#undef __need_NULL
#undef __need_wint_t
