/* Arrays in files: raw little-endian .bin (what numpy.ndarray.tofile writes;
 * dtype and shape come from the command line) and .npy (both come from the
 * header). Inputs are read no further than the size their header or shape
 * says (a regular file's size is checked before any data is read; a pipe or
 * device without a known size is refused). Outputs to regular files are
 * written to a temporary file next to the target (a symlink's target) and
 * renamed into place, so a failed command leaves no partial file behind;
 * "-", /dev/stdout, FIFOs and character devices are written through. */
#ifndef OPSNN_GOLDEN_BINIO_H_
#define OPSNN_GOLDEN_BINIO_H_

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dtype.h"
#include "err.h"
#include "shape.h"

typedef struct {
    const golden_dtype *dtype;
    golden_shape shape;
    int64_t numel;
    void *data; /* malloc'ed, at least 1 byte */
    size_t nbytes;
} golden_array;

/** 1 when path ends in ".npy" (any case): read and written as .npy. */
int golden_is_npy_path(const char *path);

/** Read an array. dtype/shape: what the command line says (NULL = not given).
 *  A raw file needs dtype; without shape it is read as 1-D. A .npy file takes
 *  both from its header, and a given dtype/shape must agree with it ('<u2',
 *  '|V2' hold bf16 bits only when dtype is bf16). dtype_opt names the option
 *  that gave dtype, for messages. Every message starts with the path. */
int golden_load(const char *path, const golden_dtype *dtype, const char *dtype_opt,
                const golden_shape *shape, golden_array *a, golden_err *e);

/** Allocate a zeroed array of a dtype and shape. */
int golden_array_alloc(golden_array *a, const golden_dtype *dtype, const golden_shape *shape,
                       golden_err *e);

void golden_array_free(golden_array *a);

/** An output staged but not yet committed: a temporary file to rename into
 *  place, or (through) bytes to write to a stream or device. */
typedef struct {
    char *path; /* the file replaced at commit (a symlink resolved) */
    char *tmp;
    int through;
    unsigned char *bytes;
    size_t nbytes;
} golden_pending;

/** Write the array (as .npy when path ends in .npy, else raw) to a temporary
 *  file in path's directory. */
int golden_stage_array(golden_pending *p, const char *path, const golden_array *a, golden_err *e);

/** Write raw bytes to a temporary file in path's directory. */
int golden_stage_bytes(golden_pending *p, const char *path, const void *bytes, size_t n,
                       golden_err *e);

/** Rename the staged file into place (or write it through). */
int golden_commit(golden_pending *p, golden_err *e);

/** Commit n staged outputs together: regular files are renamed into place,
 *  and if one rename fails the files already replaced get their old contents
 *  back; streams and devices are written last, once every rename worked. The
 *  staged outputs are released either way. */
int golden_commit_all(golden_pending *p, int n, golden_err *e);

/** Where a command reports what it wrote: stderr once an output went to
 *  stdout ("-" or /dev/stdout), else stdout. */
FILE *golden_report_stream(void);

/** Remove a staged file that will not be committed (no-op when none). */
void golden_discard(golden_pending *p);

/** A text output (a report, a case table, a manifest) built in memory with
 *  stdio and then written through the same stage + commit path as arrays:
 *  FIFOs, character devices and streams are written through, a symlink's
 *  target is replaced and the link kept, the temporary file is created
 *  exclusively under an unpredictable name. */
typedef struct {
    FILE *f; /* write here between golden_text_open and golden_text_commit */
    char *buf;
    size_t len;
} golden_text;

int golden_text_open(golden_text *t, golden_err *e);

/** Write what t holds to path and release t (also on failure). */
int golden_text_commit(golden_text *t, const char *path, golden_err *e);

/** Open a file to read without blocking in open() (a FIFO with no writer);
 *  need_regular refuses anything but a regular file. The descriptor is
 *  switched back to blocking reads. Messages start with the path. */
int golden_open_read(const char *path, int need_regular, golden_err *e);

/** A whole file into memory (malloc'ed, *len bytes, not NUL-terminated),
 *  opened as golden_open_read does; more than max_bytes is an error. */
int golden_read_whole(const char *path, int need_regular, size_t max_bytes, char **buf, size_t *len,
                      golden_err *e);

/** golden_load for a file that must be regular (a tree's data files). */
int golden_load_regular(const char *path, const golden_dtype *dtype, const char *dtype_opt,
                        const golden_shape *shape, golden_array *a, golden_err *e);

#endif
