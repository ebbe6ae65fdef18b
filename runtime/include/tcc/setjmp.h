/* setjmp.h for libtcc (compiler/emit/native_tcc.c), searched before the system headers:
 * pvc_rt.h names jmp_buf only through a pointer (pvc_ctx.unwind); the type is glibc's
 * struct __jmp_buf_tag[1] on x86-64 (200 bytes), so libtcc need not read glibc's setjmp.h
 * on every cache miss. Protected calls run in the runtime, never in compiled kernels. */
#ifndef PVC_TCC_SETJMP_H
#define PVC_TCC_SETJMP_H

struct __jmp_buf_tag {
    long __jmpbuf[8];
    int __mask_was_saved;
    unsigned long __saved_mask[16];
};
typedef struct __jmp_buf_tag jmp_buf[1];

#endif /* PVC_TCC_SETJMP_H */
