/* realpath */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "binio.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "npy.h"

int golden_is_npy_path(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && strcasecmp(path + n - 4, ".npy") == 0;
}

/* The largest .npy header read (NumPy itself refuses headers above 10 KB
 * unless told otherwise). */
#define NPY_MAX_HEADER ((size_t)1 << 20)

/* An input being read: never more than the size its header or shape says
 * (plus one byte, to tell "too long"), so a huge file or a never-ending
 * device costs no more memory than the array it should hold. */
typedef struct {
    const char *path;
    int fd;
    int regular;
    uint64_t file_size; /* regular files only */
    unsigned char *buf;
    size_t len, cap;
} reader;

/* Read until len == upto or end of file. */
static int fill(reader *r, size_t upto, golden_err *e)
{
    if (upto > r->cap) {
        unsigned char *b = realloc(r->buf, upto);
        if (b == NULL) {
            return golden_fail(e, "%s: out of memory (%zu bytes)", r->path, upto);
        }
        r->buf = b;
        r->cap = upto;
    }
    while (r->len < upto) {
        ssize_t n = read(r->fd, r->buf + r->len, upto - r->len);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            return golden_fail(e, "%s: read error: %s", r->path, strerror(errno));
        }
        if (n == 0) {
            break;
        }
        r->len += (size_t)n;
    }
    return 0;
}

static const struct {
    const char *descr;
    const char *dtype;
} NPY_DESCRS[] = {
    {"<f4", "fp32"}, {"<f2", "fp16"}, {"bfloat16", "bf16"}, {"<bfloat16", "bf16"},
    {"|i1", "int8"}, {"<i1", "int8"}, {"<i4", "int32"}, {"|u1", "uint8"}, {"<u1", "uint8"},
};

/* Descrs NumPy uses for 2-byte values that may hold bfloat16 bits. */
static int is_bf16_carrier(const char *d)
{
    /* '<i2': torch bf16 tensors saved through an int16 view */
    return strcmp(d, "<u2") == 0 || strcmp(d, "|V2") == 0 || strcmp(d, "<V2") == 0 || strcmp(d, "<i2") == 0;
}

static int npy_dtype(const char *path, const char *descr, const golden_dtype *want,
                     const char *want_opt, const golden_dtype **out, golden_err *e)
{
    const golden_dtype *dt = NULL;
    for (size_t i = 0; i < sizeof NPY_DESCRS / sizeof NPY_DESCRS[0]; i++) {
        if (strcmp(descr, NPY_DESCRS[i].descr) == 0) {
            dt = golden_dtype_by_name(NPY_DESCRS[i].dtype);
        }
    }
    if (dt == NULL && is_bf16_carrier(descr)) {
        if (want == NULL || want->acl != ACL_BF16) {
            return golden_fail(e, "%s: descr '%s' is read only as bfloat16 bits: pass %s bf16", path,
                               descr, want_opt);
        }
        dt = want;
    }
    if (dt == NULL) {
        if (descr[0] == '>' && descr[1] != '\0') {
            return golden_fail(e, "%s: big-endian data (descr '%s') is not supported; save "
                               "arr.astype(arr.dtype.newbyteorder('<'))", path, descr);
        }
        if (strchr(descr, 'O') != NULL && strlen(descr) <= 2) {
            return golden_fail(e, "%s: object arrays (descr '%s') are not supported", path, descr);
        }
        return golden_fail(e, "%s: unsupported dtype descr '%s' (supported: '<f4', '<f2', '|i1', "
                           "'<i4', '|u1'; bf16 as 'bfloat16', or '<u2'/'|V2' with %s bf16)",
                           path, descr, want_opt);
    }
    if (want != NULL && want != dt) {
        return golden_fail(e, "%s: holds %s (descr '%s') but %s says %s", path, dt->name, descr,
                           want_opt, want->name);
    }
    *out = dt;
    return 0;
}

static int check_size(const char *path, const golden_array *a, uint64_t have, golden_err *e)
{
    size_t need = a->nbytes;
    if (have != need) {
        char s[512];
        golden_shape_format(&a->shape, s, sizeof s);
        return golden_fail(e, "%s: data is %llu bytes, but shape %s of %s needs %zu (%lld elements "
                           "of %zu bytes): the file is %s", path, (unsigned long long)have, s,
                           a->dtype->name, need, (long long)a->numel, a->dtype->size,
                           have < need ? "too short" : "too long");
    }
    return 0;
}

/* a->nbytes from a->numel, refusing sizes that do not fit memory. */
static int set_nbytes(const char *path, golden_array *a, golden_err *e)
{
    if (a->numel > 0 && (uint64_t)a->numel > SIZE_MAX / 2 / a->dtype->size) {
        return golden_fail(e, "%s: the shape is too large for memory", path);
    }
    a->nbytes = (size_t)a->numel * a->dtype->size;
    return 0;
}

/* float64 data as it is read, before convert_f64 turns it into *convert. */
static const golden_dtype F64 = {"float64", ACL_DOUBLE, 8, "<f8", 0, 0, 0};

/* float64 -> dt in place, rounding once to nearest even: fp32 directly;
 * fp16/bf16 through float32 rounded to odd (truncate, then set the last bit
 * when inexact), which keeps the one final rounding exact because float32
 * carries more than two extra bits. */
static void convert_f64(unsigned char *buf, int64_t n, const golden_dtype *dt)
{
    for (int64_t i = 0; i < n; i++) {
        double d;
        memcpy(&d, buf + (size_t)i * 8, sizeof d);
        float f = (float)d;
        if (dt->acl != ACL_FLOAT && !isnan(d) && (double)f != d) {
            if (fabs((double)f) > fabs(d)) {
                f = nextafterf(f, 0.0f);
            }
            uint32_t u;
            memcpy(&u, &f, sizeof u);
            u |= 1u;
            memcpy(&f, &u, sizeof f);
        }
        golden_set(dt, buf, i, f);
    }
}

/* The header: dtype, shape and where the data starts. float64 data is read
 * as it is (a->dtype F64) and *convert names the dtype it becomes. */
static int npy_meta(reader *r, const golden_dtype *dtype, const char *dtype_opt,
                    const golden_shape *shape, golden_array *a, size_t *data_offset,
                    const golden_dtype **convert, golden_err *e)
{
    const char *path = r->path;
    size_t prefix = 0, hlen = 0;
    if (r->len >= 10 && npy_has_magic(r->buf, r->len) && r->buf[6] == 1 && r->buf[7] == 0) {
        prefix = 10;
        hlen = (size_t)r->buf[8] | (size_t)r->buf[9] << 8;
    } else if (r->len >= 12 && npy_has_magic(r->buf, r->len) && r->buf[6] == 2 && r->buf[7] == 0) {
        prefix = 12;
        hlen = (size_t)r->buf[8] | (size_t)r->buf[9] << 8 | (size_t)r->buf[10] << 16 |
               (size_t)r->buf[11] << 24;
    }
    if (hlen > NPY_MAX_HEADER) {
        return golden_fail(e, "%s: .npy header of %zu bytes is too long (at most %zu)", path, hlen,
                           NPY_MAX_HEADER);
    }
    if (prefix > 0 && fill(r, prefix + hlen, e) != 0) {
        return -1;
    }
    npy_header h;
    if (npy_parse(r->buf, r->len, &h, e) != 0) {
        return golden_prefix(e, path);
    }
    /* float64 data is converted on load to the dtype asked for (fp32 when
     * none): exactly one rounding, see convert_f64 */
    if (strcmp(h.descr, "<f8") == 0) {
        if (dtype != NULL && dtype->is_int) {
            return golden_fail(e, "%s: float64 data (descr '<f8') converts only to fp32, fp16 or bf16, not %s",
                               path, dtype->name);
        }
        *convert = dtype != NULL ? dtype : golden_dtype_by_name("fp32");
        a->dtype = &F64;
    } else if (npy_dtype(path, h.descr, dtype, dtype_opt, &a->dtype, e) != 0) {
        return -1;
    }
    if (h.fortran_order) {
        return golden_fail(e, "%s: Fortran-order arrays are not supported; save "
                           "np.ascontiguousarray(arr)", path);
    }
    a->shape = h.shape;
    if (golden_shape_numel(&a->shape, &a->numel, e) != 0) {
        return golden_prefix(e, path);
    }
    if (shape != NULL && !golden_shape_equal(shape, &h.shape)) {
        char s1[512], s2[512];
        golden_shape_format(&h.shape, s1, sizeof s1);
        golden_shape_format(shape, s2, sizeof s2);
        return golden_fail(e, "%s: header shape %s differs from the given shape %s", path, s1, s2);
    }
    *data_offset = h.data_offset;
    return set_nbytes(path, a, e);
}

/* Raw data: the dtype from the command line, the shape from it too, or (a
 * regular file only) from the file's size. */
static int raw_meta(const reader *r, const golden_dtype *dtype, const char *dtype_opt,
                    const golden_shape *shape, golden_array *a, golden_err *e)
{
    const char *path = r->path;
    if (dtype == NULL) {
        return golden_fail(e, "%s: a raw file needs %s (or use a .npy file)", path, dtype_opt);
    }
    a->dtype = dtype;
    if (shape != NULL) {
        a->shape = *shape;
        if (golden_shape_numel(shape, &a->numel, e) != 0) {
            return golden_prefix(e, path);
        }
        return set_nbytes(path, a, e);
    }
    if (!r->regular) {
        return golden_fail(e, "%s: is not a regular file, so its size is unknown: give its shape "
                           "(--shape) to read it", path);
    }
    if (r->file_size % dtype->size != 0 || r->file_size / dtype->size > INT64_MAX) {
        return golden_fail(e, "%s: %llu bytes is not a whole number of %s elements (%zu bytes each)",
                           path, (unsigned long long)r->file_size, dtype->name, dtype->size);
    }
    a->shape.ndim = 1;
    a->shape.dims[0] = (int64_t)(r->file_size / dtype->size);
    a->numel = a->shape.dims[0];
    return set_nbytes(path, a, e);
}

static int load(reader *r, const golden_dtype *dtype, const char *dtype_opt,
                const golden_shape *shape, golden_array *a, golden_err *e)
{
    const char *path = r->path;
    int npy = golden_is_npy_path(path);
    if (fill(r, 12, e) != 0) {
        return -1;
    }
    if (!npy && npy_has_magic(r->buf, r->len)) {
        return golden_fail(e, "%s: is a .npy file (\\x93NUMPY header); name it *.npy to read it as one",
                           path);
    }
    size_t offset = 0;
    const golden_dtype *convert = NULL;
    if ((npy ? npy_meta(r, dtype, dtype_opt, shape, a, &offset, &convert, e)
             : raw_meta(r, dtype, dtype_opt, shape, a, e)) != 0) {
        return -1;
    }
    /* A regular file's size is checked before its data is read. */
    if (r->regular && r->file_size >= offset && check_size(path, a, r->file_size - offset, e) != 0) {
        return -1;
    }
    if (fill(r, offset + a->nbytes + 1, e) != 0) {
        return -1;
    }
    if (r->len > offset + a->nbytes && !r->regular) {
        char s[512];
        golden_shape_format(&a->shape, s, sizeof s);
        return golden_fail(e, "%s: holds more than the %zu bytes shape %s of %s needs: the file "
                           "is too long", path, a->nbytes, s, a->dtype->name);
    }
    if (check_size(path, a, r->len >= offset ? r->len - offset : 0, e) != 0) {
        return -1;
    }
    memmove(r->buf, r->buf + offset, a->nbytes); /* data must be element-aligned */
    if (convert != NULL) {
        convert_f64(r->buf, a->numel, convert);
        a->dtype = convert;
        a->nbytes = (size_t)a->numel * convert->size;
    }
    return 0;
}

int golden_open_read(const char *path, int need_regular, golden_err *e)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        return golden_fail(e, "%s: cannot open: %s", path, strerror(errno));
    }
    struct stat st;
    int flags = fcntl(fd, F_GETFL);
    if (fstat(fd, &st) != 0 || flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        int saved = errno;
        close(fd);
        return golden_fail(e, "%s: cannot stat: %s", path, strerror(saved));
    }
    if (S_ISDIR(st.st_mode) || (need_regular && !S_ISREG(st.st_mode))) {
        close(fd);
        return golden_fail(e, "%s: is %s, not a regular file", path,
                           S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO"
                           : S_ISCHR(st.st_mode) ? "a character device" : "a special file");
    }
    return fd;
}

int golden_read_whole(const char *path, int need_regular, size_t max_bytes, char **buf, size_t *len,
                      golden_err *e)
{
    int fd = golden_open_read(path, need_regular, e);
    if (fd < 0) {
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    int rc = b == NULL ? golden_fail(e, "%s: out of memory", path) : 0;
    while (rc == 0) {
        ssize_t r = read(fd, b + n, cap - n);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r < 0) {
            rc = golden_fail(e, "%s: cannot read: %s", path, strerror(errno));
        } else if (r == 0) {
            break;
        } else if ((n += (size_t)r) == cap) {
            char *nb = cap <= max_bytes ? realloc(b, cap * 2) : NULL;
            if (nb == NULL) {
                rc = cap > max_bytes ? golden_fail(e, "%s: larger than %zu bytes", path, max_bytes)
                                     : golden_fail(e, "%s: out of memory", path);
            } else {
                b = nb;
                cap *= 2;
            }
        }
    }
    close(fd);
    if (rc == 0 && n > max_bytes) {
        rc = golden_fail(e, "%s: larger than %zu bytes", path, max_bytes);
    }
    if (rc != 0) {
        free(b);
        return -1;
    }
    *buf = b;
    *len = n;
    return 0;
}

static int load_path(const char *path, int need_regular, const golden_dtype *dtype, const char *dtype_opt,
                     const golden_shape *shape, golden_array *a, golden_err *e)
{
    memset(a, 0, sizeof *a);
    reader r;
    memset(&r, 0, sizeof r);
    r.path = path;
    r.fd = golden_open_read(path, need_regular, e);
    if (r.fd < 0) {
        return -1;
    }
    struct stat st;
    int rc = 0;
    if (fstat(r.fd, &st) != 0) {
        rc = golden_fail(e, "%s: cannot stat: %s", path, strerror(errno));
    } else {
        r.regular = S_ISREG(st.st_mode);
        r.file_size = r.regular && st.st_size > 0 ? (uint64_t)st.st_size : 0;
        rc = load(&r, dtype, dtype_opt, shape, a, e);
    }
    close(r.fd);
    if (rc != 0) {
        free(r.buf);
        memset(a, 0, sizeof *a);
        return -1;
    }
    a->data = r.buf; /* at least one byte: the reader asked for nbytes + 1 */
    return 0;
}

int golden_load(const char *path, const golden_dtype *dtype, const char *dtype_opt,
                const golden_shape *shape, golden_array *a, golden_err *e)
{
    return load_path(path, 0, dtype, dtype_opt, shape, a, e);
}

int golden_load_regular(const char *path, const golden_dtype *dtype, const char *dtype_opt,
                        const golden_shape *shape, golden_array *a, golden_err *e)
{
    return load_path(path, 1, dtype, dtype_opt, shape, a, e);
}

int golden_array_alloc(golden_array *a, const golden_dtype *dtype, const golden_shape *shape,
                       golden_err *e)
{
    memset(a, 0, sizeof *a);
    a->dtype = dtype;
    a->shape = *shape;
    if (golden_shape_numel(shape, &a->numel, e) != 0) {
        return -1;
    }
    if (a->numel > 0 && (uint64_t)a->numel > SIZE_MAX / dtype->size) {
        return golden_fail(e, "shape is too large for memory");
    }
    a->nbytes = (size_t)a->numel * dtype->size;
    a->data = calloc(a->nbytes > 0 ? a->nbytes : 1, 1);
    if (a->data == NULL) {
        return golden_fail(e, "out of memory (%zu bytes)", a->nbytes);
    }
    return 0;
}

void golden_array_free(golden_array *a)
{
    free(a->data);
    memset(a, 0, sizeof *a);
}

static int write_all(int fd, const void *data, size_t n)
{
    const unsigned char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Paths that name the process's own streams: always written through. */
static int names_a_stream(const char *path)
{
    return strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0 ||
           strcmp(path, "/dev/stderr") == 0 || strncmp(path, "/dev/fd/", 8) == 0 ||
           strncmp(path, "/proc/self/fd/", 14) == 0;
}

static int wrote_stdout;

FILE *golden_report_stream(void)
{
    return wrote_stdout ? stderr : stdout;
}

/* A non-regular output (stdout, a FIFO, a character device): the bytes are
 * kept in memory and written through at commit, never renamed over. */
static int stage_through(golden_pending *p, const char *head, size_t head_len, const void *data,
                         size_t len, golden_err *e)
{
    p->through = 1;
    p->nbytes = head_len + len;
    p->bytes = malloc(p->nbytes > 0 ? p->nbytes : 1);
    if (p->bytes == NULL) {
        golden_discard(p);
        return golden_fail(e, "out of memory");
    }
    if (head_len > 0) {
        memcpy(p->bytes, head, head_len);
    }
    if (len > 0) {
        memcpy(p->bytes + head_len, data, len);
    }
    if (strcmp(p->path, "-") == 0 || strcmp(p->path, "/dev/stdout") == 0) {
        wrote_stdout = 1; /* reports go to stderr, keeping stdout for the data */
    }
    return 0;
}

/* Two chunks (an optional header, then the data) into a fresh temporary file
 * next to the target (a symlink's final target, so the link stays a link), or
 * kept for writing through when the target is not a regular file. */
static int stage(golden_pending *p, const char *path, const void *head, size_t head_len,
                 const void *data, size_t len, golden_err *e)
{
    memset(p, 0, sizeof *p);
    if (path[0] == '\0') {
        return golden_fail(e, "an output path must not be empty");
    }
    p->path = strdup(path);
    if (p->path == NULL) {
        return golden_fail(e, "out of memory");
    }
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        golden_discard(p);
        return golden_fail(e, "%s: is a directory", path);
    }
    if (names_a_stream(path) || (exists && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)))) {
        return stage_through(p, head, head_len, data, len, e);
    }
    if (exists && !S_ISREG(st.st_mode)) {
        golden_discard(p);
        return golden_fail(e, "%s: is neither a regular file, a FIFO nor a character device "
                           "(refusing to replace it)", path);
    }
    struct stat lst;
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
        char *target = exists ? realpath(path, NULL) : NULL;
        if (target == NULL) {
            golden_discard(p);
            return golden_fail(e, "%s: is a symbolic link to nothing (refusing to replace the link)",
                               path);
        }
        free(p->path);
        p->path = target; /* rename over the target, not the link */
    }
    size_t n = strlen(p->path);
    p->tmp = malloc(n + 16);
    if (p->tmp == NULL) {
        golden_discard(p);
        return golden_fail(e, "out of memory");
    }
    snprintf(p->tmp, n + 16, "%s.tmp-XXXXXX", p->path);
    int fd = mkstemp(p->tmp);
    if (fd < 0) {
        int saved = errno;
        free(p->tmp);
        p->tmp = NULL;
        golden_discard(p);
        return golden_fail(e, "%s: cannot create: %s", path, strerror(saved));
    }
    /* mkstemp makes the file 0600; give it the mode a plain fopen would. */
    mode_t mask = umask(0);
    umask(mask);
    int rc = fchmod(fd, 0666 & ~mask);
    if (rc == 0 && head_len > 0) {
        rc = write_all(fd, head, head_len);
    }
    if (rc == 0) {
        rc = write_all(fd, data, len);
    }
    int saved = errno;
    if (close(fd) != 0 && rc == 0) {
        rc = -1;
        saved = errno;
    }
    if (rc != 0) {
        golden_discard(p);
        return golden_fail(e, "%s: write error: %s", path, strerror(saved));
    }
    return 0;
}

int golden_stage_array(golden_pending *p, const char *path, const golden_array *a, golden_err *e)
{
    unsigned char *head = NULL;
    size_t head_len = 0;
    if (golden_is_npy_path(path) && npy_build(a->dtype->npy_descr, &a->shape, &head, &head_len, e) != 0) {
        memset(p, 0, sizeof *p);
        return -1;
    }
    int rc = stage(p, path, head, head_len, a->data, a->nbytes, e);
    free(head);
    return rc;
}

int golden_stage_bytes(golden_pending *p, const char *path, const void *bytes, size_t n,
                       golden_err *e)
{
    return stage(p, path, NULL, 0, bytes, n, e);
}

static int write_through(golden_pending *p, golden_err *e)
{
    int to_stdout = strcmp(p->path, "-") == 0;
    if (to_stdout) {
        fflush(stdout);
    }
    int fd = to_stdout ? 1 : open(p->path, O_WRONLY | O_TRUNC);
    if (fd < 0) {
        return golden_fail(e, "%s: cannot open for writing: %s", p->path, strerror(errno));
    }
    int rc = write_all(fd, p->bytes, p->nbytes);
    int saved = errno;
    if (!to_stdout && close(fd) != 0 && rc == 0) {
        rc = -1;
        saved = errno;
    }
    return rc != 0 ? golden_fail(e, "%s: write error: %s", p->path, strerror(saved)) : 0;
}

int golden_commit(golden_pending *p, golden_err *e)
{
    return golden_commit_all(p, 1, e);
}

/* A hard link to the file a commit is about to replace, so that a failure
 * later in the same commit can put it back; NULL when there is nothing to
 * keep or the file system cannot link. */
static char *keep_old(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        return NULL;
    }
    size_t n = strlen(path) + 16;
    char *keep = malloc(n);
    if (keep == NULL) {
        return NULL;
    }
    for (int attempt = 0; attempt < 8; attempt++) {
        snprintf(keep, n, "%s.old-XXXXXX", path);
        int fd = mkstemp(keep);
        if (fd < 0) {
            break;
        }
        close(fd);
        unlink(keep);
        if (link(path, keep) == 0) {
            return keep;
        }
        if (errno != EEXIST) {
            break;
        }
    }
    free(keep);
    return NULL;
}

int golden_commit_all(golden_pending *p, int n, golden_err *e)
{
    int rc = 0, done = 0;
    struct {
        char *kept; /* hard link to the old file, or NULL */
        int existed;
    } *old = calloc((size_t)(n > 0 ? n : 1), sizeof *old);
    if (old == NULL) {
        rc = golden_fail(e, "out of memory");
    }
    /* Regular files first, each renamed into place; a failure puts back the
     * ones already replaced (and removes the ones that did not exist). */
    for (; rc == 0 && done < n; done++) {
        if (p[done].through) {
            continue;
        }
        struct stat st;
        old[done].existed = stat(p[done].path, &st) == 0;
        old[done].kept = keep_old(p[done].path);
        if (rename(p[done].tmp, p[done].path) != 0) {
            rc = golden_fail(e, "%s: cannot rename the temporary file into place: %s", p[done].path,
                             strerror(errno));
            if (old[done].kept != NULL) {
                unlink(old[done].kept);
                free(old[done].kept);
            }
            break;
        }
    }
    for (int i = 0; old != NULL && i < done; i++) {
        if (p[i].through) {
            continue;
        }
        if (rc != 0 && old[i].kept != NULL) {
            rename(old[i].kept, p[i].path);
        } else if (rc != 0 && !old[i].existed) {
            unlink(p[i].path);
        } else if (old[i].kept != NULL) {
            unlink(old[i].kept);
        }
        free(old[i].kept);
        free(p[i].tmp);
        p[i].tmp = NULL; /* renamed: nothing left to remove */
    }
    free(old);
    /* Streams and devices last: they cannot be taken back. */
    for (int i = 0; rc == 0 && i < n; i++) {
        if (p[i].through) {
            rc = write_through(&p[i], e);
        }
    }
    for (int i = 0; i < n; i++) {
        golden_discard(&p[i]);
    }
    return rc;
}

void golden_discard(golden_pending *p)
{
    if (p->tmp != NULL) {
        unlink(p->tmp);
    }
    free(p->tmp);
    free(p->path);
    free(p->bytes);
    memset(p, 0, sizeof *p);
}

int golden_text_open(golden_text *t, golden_err *e)
{
    memset(t, 0, sizeof *t);
    t->f = open_memstream(&t->buf, &t->len);
    return t->f != NULL ? 0 : golden_fail(e, "out of memory");
}

int golden_text_commit(golden_text *t, const char *path, golden_err *e)
{
    int bad = ferror(t->f);
    int rc = fclose(t->f) != 0 || bad ? golden_fail(e, "%s: out of memory", path) : 0;
    golden_pending p;
    if (rc == 0 && golden_stage_bytes(&p, path, t->buf, t->len, e) == 0) {
        rc = golden_commit(&p, e);
    } else {
        rc = -1;
    }
    free(t->buf);
    memset(t, 0, sizeof *t);
    return rc;
}
