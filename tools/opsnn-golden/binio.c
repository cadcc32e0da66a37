#include "binio.h"

#include <errno.h>
#include <math.h>
#include <fcntl.h>
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

/* Whole file into a malloc'ed buffer (works for pipes too). */
static int read_all(const char *path, unsigned char **out, size_t *len, golden_err *e)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return golden_fail(e, "%s: cannot open: %s", path, strerror(errno));
    }
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) {
            break;
        }
        unsigned char *bigger = cap > SIZE_MAX / 2 ? NULL : realloc(buf, cap * 2);
        if (bigger == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int failed = buf != NULL && ferror(f);
    int saved = errno;
    fclose(f);
    if (buf == NULL) {
        return golden_fail(e, "%s: out of memory reading the file", path);
    }
    if (failed) {
        free(buf);
        return golden_fail(e, "%s: read error: %s", path, strerror(saved));
    }
    *out = buf;
    *len = n;
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

static int check_size(const char *path, const golden_array *a, size_t have, golden_err *e)
{
    if (a->numel > 0 && (uint64_t)a->numel > SIZE_MAX / a->dtype->size) {
        return golden_fail(e, "%s: the shape is too large for memory", path);
    }
    size_t need = (size_t)a->numel * a->dtype->size;
    if (have != need) {
        char s[512];
        golden_shape_format(&a->shape, s, sizeof s);
        return golden_fail(e, "%s: data is %zu bytes, but shape %s of %s needs %zu (%lld elements of "
                           "%zu bytes): the file is %s", path, have, s, a->dtype->name, need,
                           (long long)a->numel, a->dtype->size, have < need ? "too short" : "too long");
    }
    return 0;
}

/* float64 -> dtype in place, rounding once to nearest even: fp32 directly;
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

static int load_npy(const char *path, unsigned char *buf, size_t len, const golden_dtype *dtype,
                    const char *dtype_opt, const golden_shape *shape, golden_array *a, golden_err *e)
{
    npy_header h;
    if (npy_parse(buf, len, &h, e) != 0) {
        return golden_prefix(e, path);
    }
    /* float64 data is converted on load to the dtype asked for (fp32 when
     * none): exactly one rounding, see convert_f64 */
    int f64 = strcmp(h.descr, "<f8") == 0;
    if (f64 && dtype != NULL && dtype->is_int) {
        return golden_fail(e, "%s: float64 data (descr '<f8') converts only to fp32, fp16 or bf16, not %s", path,
                           dtype->name);
    }
    if (f64) {
        a->dtype = dtype != NULL ? dtype : golden_dtype_by_name("fp32");
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
    const golden_dtype *target = a->dtype;
    if (f64) {
        static const golden_dtype F64 = {"float64", ACL_DOUBLE, 8, "<f8", 0, 0, 0};
        a->dtype = &F64; /* for the size check and its message */
    }
    if (check_size(path, a, len - h.data_offset, e) != 0) {
        return -1;
    }
    a->nbytes = len - h.data_offset;
    memmove(buf, buf + h.data_offset, a->nbytes); /* data must be element-aligned */
    if (f64) {
        convert_f64(buf, a->numel, target);
        a->dtype = target;
        a->nbytes = (size_t)a->numel * target->size;
    }
    return 0;
}

static int load_raw(const char *path, size_t len, const golden_dtype *dtype, const char *dtype_opt,
                    const golden_shape *shape, golden_array *a, golden_err *e)
{
    if (dtype == NULL) {
        return golden_fail(e, "%s: a raw file needs %s (or use a .npy file)", path, dtype_opt);
    }
    a->dtype = dtype;
    if (shape != NULL) {
        a->shape = *shape;
        if (golden_shape_numel(shape, &a->numel, e) != 0) {
            return golden_prefix(e, path);
        }
    } else {
        if (len % dtype->size != 0) {
            return golden_fail(e, "%s: %zu bytes is not a whole number of %s elements (%zu bytes each)",
                               path, len, dtype->name, dtype->size);
        }
        a->shape.ndim = 1;
        a->shape.dims[0] = (int64_t)(len / dtype->size);
        a->numel = a->shape.dims[0];
    }
    if (check_size(path, a, len, e) != 0) {
        return -1;
    }
    a->nbytes = len;
    return 0;
}

int golden_load(const char *path, const golden_dtype *dtype, const char *dtype_opt,
                const golden_shape *shape, golden_array *a, golden_err *e)
{
    memset(a, 0, sizeof *a);
    unsigned char *buf = NULL;
    size_t len = 0;
    if (read_all(path, &buf, &len, e) != 0) {
        return -1;
    }
    int npy = golden_is_npy_path(path);
    if (!npy && npy_has_magic(buf, len)) {
        free(buf);
        return golden_fail(e, "%s: is a .npy file (\\x93NUMPY header); name it *.npy to read it as one",
                           path);
    }
    int rc = npy ? load_npy(path, buf, len, dtype, dtype_opt, shape, a, e)
                 : load_raw(path, len, dtype, dtype_opt, shape, a, e);
    if (rc != 0) {
        free(buf);
        memset(a, 0, sizeof *a);
        return -1;
    }
    a->data = buf; /* buf holds at least the data and is at least 1 byte */
    return 0;
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

/* Two chunks (an optional header, then the data) into a fresh temporary file. */
static int stage(golden_pending *p, const char *path, const void *head, size_t head_len,
                 const void *data, size_t len, golden_err *e)
{
    memset(p, 0, sizeof *p);
    size_t n = strlen(path);
    p->path = malloc(n + 1);
    p->tmp = malloc(n + 16);
    if (p->path == NULL || p->tmp == NULL) {
        golden_discard(p);
        return golden_fail(e, "out of memory");
    }
    memcpy(p->path, path, n + 1);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        golden_discard(p);
        return golden_fail(e, "%s: is a directory", path);
    }
    snprintf(p->tmp, n + 16, "%s.tmp-XXXXXX", path);
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

int golden_commit(golden_pending *p, golden_err *e)
{
    int rc = 0;
    if (rename(p->tmp, p->path) != 0) {
        rc = golden_fail(e, "%s: cannot rename the temporary file into place: %s", p->path,
                         strerror(errno));
    } else {
        free(p->tmp);
        p->tmp = NULL;
    }
    golden_discard(p);
    return rc;
}

void golden_discard(golden_pending *p)
{
    if (p->tmp != NULL) {
        unlink(p->tmp);
    }
    free(p->tmp);
    free(p->path);
    p->tmp = NULL;
    p->path = NULL;
}
