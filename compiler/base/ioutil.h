/* ioutil.h - how pvc reads and writes files: one way for every file (docs/ARCHITECTURE.md §7).
 *
 * Reading: only regular files. A FIFO would block, /dev/zero never ends and a directory is
 * not a file, so pvc_io_open_regular looks at what a path is before it reads a byte (and
 * opens without blocking); pvc_io_read_file reads a whole regular file up to a limit.
 *
 * Writing: a pvc_sink writes a temporary beside the destination (same directory, so the
 * same file system) and, once everything is written, flushed and synced, renames it over
 * the destination: the destination holds its old content or the whole new one, never a
 * torn file, whatever stops pvc (a signal, a full disk, a file-size limit). A failure
 * removes the temporary and nothing else. The destination is what the user named with
 * symlinks followed (the link stays, its target gets the content); an existing file keeps
 * its permission bits; a destination that exists and is not a regular file (/dev/null, a
 * terminal, a FIFO) is written in place and never removed. pvc_sink_check makes every check
 * of pvc_sink_open (and creates and removes a temporary) so a command can refuse a sink
 * before it runs anything.
 *
 * Identity: pvc_io_file_id names a file by (st_dev, st_ino), or a file yet to be created by
 * its directory's and its own name, so `pvc run` can refuse to write a file it reads.
 *
 * Standard streams: pvc_io_finish checks stdout and stderr before the command exits.
 *
 * Errors are texts for err (errlen bytes) naming what failed, without the path the caller
 * already names ("Is a directory", "cannot create a file in 'dir': Permission denied").
 */
#ifndef PVC_IOUTIL_H
#define PVC_IOUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Opens path for reading when it is a regular file: *fd and its *size; else -1 and err. */
/* Writes the printf-style message into err (when it has room) and returns -1: the error
 * return of every reader and writer here and in npy.c. */
int pvc_io_fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

int pvc_io_open_regular(const char *path, int *fd, uint64_t *size, char *err, size_t errlen);
/* Reads exactly n bytes (a file that ends first is an error: it changed while being read). */
int pvc_io_read_exact(int fd, void *buf, size_t n, char *err, size_t errlen);
/* The whole regular file, NUL-terminated, in a malloc'ed *buf of *len + 1 bytes; a file of
 * more than limit bytes is refused, its size and the limit (limit_text) in the message. */
int pvc_io_read_file(const char *path, size_t limit, const char *limit_text, char **buf,
                     size_t *len, char *err, size_t errlen);

typedef struct {
    FILE *f;        /* write here */
    char *path;     /* the destination, symlinks followed */
    char *tmp;      /* the temporary renamed over path; NULL when writing in place */
    void *slot;     /* its entry in the list of temporaries a signal removes */
    void *io;       /* the stream's descriptor and first write error */
} pvc_sink;

/* Opens a sink for path; -1 and err when it cannot (nothing is left behind). */
int pvc_sink_open(pvc_sink *s, const char *path, char *err, size_t errlen);
/* Flushes, syncs and renames into place; on any failure removes the temporary: -1 and err.
 * Closes the sink either way. */
int pvc_sink_commit(pvc_sink *s, char *err, size_t errlen);
/* Closes the sink and removes its temporary: the destination keeps its old content. */
void pvc_sink_abort(pvc_sink *s);
/* pvc_sink_open + pvc_sink_abort, except that a destination written in place is only
 * checked for write permission (opening a FIFO would wait for a reader). */
int pvc_sink_check(const char *path, char *err, size_t errlen);
/* One sink, one buffer. */
int pvc_io_write_file(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* Removes the temporaries of open sinks when SIGINT, SIGTERM, SIGHUP, SIGQUIT or SIGPIPE
 * ends the process (then dies of that signal), and ignores SIGXFSZ so that a file-size
 * limit is a write error pvc reports. For the command line only: a library does not own
 * its host's signals. A signal the parent ignores (SIGINT of a background job) stays
 * ignored. */
void pvc_io_cleanup_on_signals(void);
/* Removes those temporaries now; async-signal-safe (the --timeout handler, watchdog.c). */
void pvc_io_remove_temporaries(void);

/* What a file is, for comparing two paths: same and stat'ed (an existing file, symlinks
 * followed) or, for a file yet to be created, its directory's identity and its name. */
typedef struct {
    int exists, regular;
    uint64_t dev, ino;    /* the file's, or its directory's when it does not exist */
    char name[256];       /* the last component when it does not exist */
} pvc_file_id;

/* 0 and *id; -1 when path cannot be looked at (its directory is missing: nothing to
 * compare, the read or write reports it). */
int pvc_io_file_id(const char *path, pvc_file_id *id);
/* 1 when a and b are one file: both exist with the same (st_dev, st_ino), or neither does
 * and both name the same entry of the same directory. */
int pvc_io_same_file(const pvc_file_id *a, const pvc_file_id *b);

/* Flushes stdout now (to order it before what follows on stderr), keeping the reason of a
 * failure for pvc_io_finish: stdio forgets it. */
void pvc_io_flush_stdout(void);
/* Before exit: flushes stdout; a write error on stdout (a full disk, /dev/full) is reported
 * on stderr, and a write error on either stream turns status 0 into 1. Returns the status. */
int pvc_io_finish(int status);

#endif /* PVC_IOUTIL_H */
