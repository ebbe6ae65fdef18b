/* native_cache.h - the files of the native object cache (native.c), trusted only when they
 * are this user's own.
 *
 * A cached object is code pvc maps into itself and runs, so the cache is treated as a way in:
 * its directory must belong to the effective user and be writable by nobody else, with no
 * ancestor through which another user could swap it (docs/CLI.md "Native backend"); every object
 * is checked before it is mapped (owner, mode, a whole ELF shared object of this machine)
 * and, once loaded, must carry the key it is filed under (native.c). Builds of one entry are
 * serialised by a lock file, and temporaries a killed build left behind are swept.
 */
#ifndef PVC_NATIVE_CACHE_H
#define PVC_NATIVE_CACHE_H

#include <stddef.h>

/* The longest cache directory pvc takes: every file in it (a 32-digit key and a suffix)
 * stays within PATH_MAX (4096). A longer one is refused, never cut. */
enum { PVC_CACHE_DIR_MAX = 4000, PVC_CACHE_LOCK_WAIT = 120 };

/* Writes the reason into err (when there is room) and returns -1: the native files' way
 * of failing with a one-line reason. */
int pvc_native_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* One cache entry: KEY.so the object, KEY.c the C text it was built from (a hit needs both
 * and the same text), KEY.lock held while it is built, KEY.failed.c the C of a failed build
 * (kept to reproduce it), KEY.so.log the messages of a failed background build. */
typedef struct {
    char key[33];
    char dir[PVC_CACHE_DIR_MAX + 1];
    char c[PVC_CACHE_DIR_MAX + 64], so[PVC_CACHE_DIR_MAX + 64], lock[PVC_CACHE_DIR_MAX + 64];
    char failed[PVC_CACHE_DIR_MAX + 64], log[PVC_CACHE_DIR_MAX + 64];
    const char *text; /* what cc compiles: the emitted C and the line defining the key */
    size_t len;
} pvc_cache_entry;

/* Fills e's paths from dir (as pvc_cache_dir gave it) and the 32-digit key. */
void pvc_cache_entry_init(pvc_cache_entry *e, const char *dir, const char *key);

/* Chooses the cache directory: `configured` if not NULL, else $PVC_CACHE_DIR, else
 * $XDG_CACHE_HOME/pvc, else $HOME/.cache/pvc, else /tmp/pvc-cache-UID (a per-user name: a
 * cron job or `env -i` has no HOME). Creates what is missing (mode 0700), then checks the
 * directory and writes its canonical path (no symbolic links) into dir. -1 and the reason
 * in err when it is too long, cannot be created, or is not safe (pvc_cache_dir_safe). */
int pvc_cache_dir(const char *configured, char *dir, size_t dirlen, char *err, size_t errlen);

/* Checks a canonical directory: owned by the effective user, not writable by group or
 * others; each ancestor owned by root or the user and, if others can write to it, sticky
 * (as /tmp), so nobody else can rename the cache away and put theirs in its place. */
int pvc_cache_dir_safe(const char *dir, char *err, size_t errlen);

/* Checks an object before it is mapped: a regular file (not a link) owned by the effective
 * user and writable by nobody else, an ELF shared object of this machine whose program and
 * section headers and loaded segments all lie inside the file (a truncated object, once
 * mapped, dies with SIGBUS on the first page past its end). 0, or -1 and why. */
int pvc_cache_object_ok(const char *path, char *why, size_t whylen);

/* The build lock of one entry: flock on `path` (created if missing), so a killed holder
 * releases it. wait: wait until it is free, for at most PVC_CACHE_LOCK_WAIT seconds (then
 * the caller builds without it: temporaries and renames keep that safe); else return -1 at
 * once when it is held. The descriptor is close-on-exec. pvc_cache_unlock removes the file (still holding the lock,
 * so a waiter that locked the removed file sees that and takes the new one) and closes. */
int pvc_cache_lock(const char *path, int wait);
void pvc_cache_unlock(int fd, const char *path);

/* Removes this user's temporaries (names holding ".tmp.") older than an hour from dir: a
 * build killed between writing and renaming leaves them. Returns how many went. */
int pvc_cache_sweep(const char *dir);

/* The full path of the compiler command's first word (searched on PATH unless it holds a
 * slash), or -1 when no such program can be run. */
int pvc_cache_which(const char *cc, char *out, size_t outlen);

/* What an object built with -march=native by `cc` depends on beyond its flags, for the
 * cache key: on x86-64 the CPU's signature and feature words (cpuid leaves 1, 7, 0xd and
 * 0x80000001, and XCR0, the register state the OS enables), which is what -march=native
 * expands to; and the compiler program's identity (canonical path, size, modification
 * time), so an upgraded compiler builds afresh. Computed in microseconds. */
void pvc_cache_host_id(const char *cc, char *out, size_t outlen);

#endif /* PVC_NATIVE_CACHE_H */
