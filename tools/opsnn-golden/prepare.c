#include "prepare.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cases.h"
#include "npy.h"
#include "sha256.h"

static int safe_char(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-';
}

void golden_case_dirname(const char *name, char *out, size_t size)
{
    size_t n = strlen(name);
    char *safe = malloc(n + 5);
    if (safe == NULL || size < 110) {
        snprintf(out, size, "case");
        free(safe);
        return;
    }
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        if (safe_char((unsigned char)name[i])) {
            safe[k++] = name[i++];
            continue;
        }
        safe[k++] = '_'; /* one '_' for the whole run */
        while (i < n && !safe_char((unsigned char)name[i])) {
            i++;
        }
    }
    safe[k] = '\0';
    size_t b = 0, e = k;
    while (b < e && (safe[b] == '.' || safe[b] == '_')) {
        b++;
    }
    while (e > b && (safe[e - 1] == '.' || safe[e - 1] == '_')) {
        e--;
    }
    safe[e] = '\0';
    const char *s = safe + b;
    if (*s == '\0') {
        s = "case";
    }
    if (strcmp(s, name) == 0 && strlen(s) <= 120) {
        snprintf(out, size, "%s", s);
    } else {
        char hex[65];
        golden_sha256_hex(name, n, hex);
        snprintf(out, size, "%.96s-%.12s", s, hex);
    }
    free(safe);
}

void golden_shape_token(const golden_shape *s, char *out, size_t size)
{
    if (s->ndim == 0) {
        snprintf(out, size, "scalar");
        return;
    }
    size_t n = 0;
    out[0] = '\0';
    for (int d = 0; d < s->ndim && n < size; d++) {
        n += (size_t)snprintf(out + n, size - n, "%s%lld", d ? "x" : "", (long long)s->dims[d]);
    }
}

int golden_remove_tree(const char *path, golden_err *e)
{
    struct stat st;
    if (lstat(path, &st) != 0) {
        return errno == ENOENT ? 0 : golden_fail(e, "%s: %s", path, strerror(errno));
    }
    if (!S_ISDIR(st.st_mode)) {
        return unlink(path) == 0 ? 0 : golden_fail(e, "cannot remove %s: %s", path, strerror(errno));
    }
    DIR *d = opendir(path);
    if (d == NULL) {
        return golden_fail(e, "cannot open %s: %s", path, strerror(errno));
    }
    struct dirent *ent;
    int rc = 0;
    while (rc == 0 && (ent = readdir(d)) != NULL) {
        if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0) {
            continue;
        }
        size_t len = strlen(path) + strlen(ent->d_name) + 2;
        char *child = malloc(len);
        if (child == NULL) {
            rc = golden_fail(e, "out of memory");
            break;
        }
        snprintf(child, len, "%s/%s", path, ent->d_name);
        struct stat cs;
        if (lstat(child, &cs) == 0 && S_ISDIR(cs.st_mode)) {
            /* TTK case directories hold only files: a subdirectory is not ours */
            rc = golden_fail(e, "%s holds a subdirectory (%s); not removing it", path, ent->d_name);
        } else if (unlink(child) != 0 && errno != ENOENT) {
            rc = golden_fail(e, "cannot remove %s: %s", child, strerror(errno));
        }
        free(child);
    }
    closedir(d);
    if (rc == 0 && rmdir(path) != 0) {
        rc = golden_fail(e, "cannot remove %s: %s", path, strerror(errno));
    }
    return rc;
}

/* Write header (may be NULL) + data to path, fully, and close it. */
static int write_file(const char *path, const void *hdr, size_t nh, const void *data, size_t n, golden_err *e)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        return golden_fail(e, "cannot create %s: %s", path, strerror(errno));
    }
    int ok = (nh == 0 || fwrite(hdr, 1, nh, f) == nh) && (n == 0 || fwrite(data, 1, n, f) == n);
    ok = fclose(f) == 0 && ok;
    return ok ? 0 : golden_fail(e, "cannot write %s: %s", path, strerror(errno));
}

/* One slot file. Every array of rank 0 is saved as shape (1,), as TTK saves
 * it (ManualDataStore._write_single makes arrays contiguous, which gives a
 * rank-0 value one dimension); a rank-0 golden's bin name keeps "scalar". */
static int write_slot(const char *dir, const char *role, int index, const golden_array *a, const char *format,
                      golden_err *e)
{
    char name[512], path[4096];
    const char *dt = golden_numpy_name(a->dtype);
    golden_shape shape = a->shape;
    int golden = strcmp(role, "golden") == 0;
    if (shape.ndim == 0) {
        shape.ndim = 1;
        shape.dims[0] = 1;
    }
    if (golden && strcmp(format, "bin") == 0) {
        char tok[512];
        golden_shape_token(&a->shape, tok, sizeof tok);
        if ((size_t)snprintf(name, sizeof name, "%s_%d_%s__shape_%s.bin", role, index, dt, tok) >= sizeof name) {
            return golden_fail(e, "shape %s too long for a file name", tok);
        }
    } else {
        snprintf(name, sizeof name, "%s_%d_%s.%s", role, index, dt, format);
    }
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path) {
        return golden_fail(e, "path too long: %s/%s", dir, name);
    }
    if (strcmp(format, "bin") == 0) {
        return write_file(path, NULL, 0, a->data, a->nbytes, e);
    }
    /* TTK saves bfloat16 in .npy as fixed-width void, the name keeps the dtype */
    const char *descr = a->dtype->acl == ACL_BF16 ? "|V2" : a->dtype->npy_descr;
    unsigned char *hdr;
    size_t nh;
    if (npy_build(descr, &shape, &hdr, &nh, e) != 0) {
        return -1;
    }
    int rc = write_file(path, hdr, nh, a->data, a->nbytes, e);
    free(hdr);
    return rc;
}

int golden_prepare_case(const char *root, const char *testcase_name, const golden_case_data *d,
                        const char *format, golden_err *e)
{
    if (strcmp(format, "bin") != 0 && strcmp(format, "npy") != 0) {
        return golden_fail(e, "--format must be bin or npy, got \"%s\"", format);
    }
    if (mkdir(root, 0777) != 0 && errno != EEXIST) {
        return golden_fail(e, "cannot create %s: %s", root, strerror(errno));
    }
    char dirname[200], target[4096], tmp[4096];
    golden_case_dirname(testcase_name, dirname, sizeof dirname);
    if ((size_t)snprintf(target, sizeof target, "%s/%s", root, dirname) >= sizeof target ||
        (size_t)snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", root, dirname) >= sizeof tmp) {
        return golden_fail(e, "path too long under %s", root);
    }
    /* re-preparing a case invalidates its old directory first */
    if (golden_remove_tree(target, e) != 0) {
        return -1;
    }
    if (mkdtemp(tmp) == NULL) {
        return golden_fail(e, "cannot create a temporary directory in %s: %s", root, strerror(errno));
    }
    /* mkdtemp makes it 0700: give the case directory the mode mkdir would,
     * so that another account (the one running the NPU) can read the tree */
    mode_t mask = umask(0);
    umask(mask);
    int rc = chmod(tmp, 0777 & ~mask) != 0 ? golden_fail(e, "%s: %s", tmp, strerror(errno)) : 0;
    for (int i = 0; rc == 0 && i < d->ninputs; i++) {
        rc = write_slot(tmp, "input", i, d->inputs[i], format, e);
    }
    for (int i = 0; rc == 0 && i < d->nscalars; i++) {
        rc = write_slot(tmp, "scalar", i, d->scalars[i], format, e);
    }
    for (int i = 0; rc == 0 && i < d->ngoldens; i++) {
        rc = write_slot(tmp, "golden", i, d->goldens[i], format, e);
    }
    if (rc == 0 && rename(tmp, target) != 0) {
        rc = golden_fail(e, "cannot rename %s to %s: %s", tmp, target, strerror(errno));
    }
    if (rc != 0) {
        golden_err ignored;
        golden_remove_tree(tmp, &ignored);
    }
    return rc;
}
