/*
 * fuzz_golden.c - libFuzzer harness for the parsers of the opsnn-golden tool
 * (docs/dev/testing.md): everything it reads from files or the command line.
 *
 * The first input byte picks the target, the rest is its input:
 *   0  npy_parse on the bytes (a .npy header in memory);
 *   1  golden_load of the bytes as a .npy file, with or without a --dtype
 *      and --shape (bits of byte 1);
 *   2  golden_load of the bytes as a raw file, dtype from byte 1, shape from
 *      the text up to the first NUL (or none);
 *   3  golden_shape_parse of the text, then numel / format / broadcast;
 *   4  the words of the text (NUL- or space-separated) as `gen` options
 *      --dtype/--shape/--seed/--range/--nan-ratio/--inf-ratio/--values, with
 *      --out fixed to a file in a private temporary directory; shapes above
 *      2^16 elements are skipped (time, not correctness).
 *   5  golden_parse_double / golden_parse_float / golden_parse_i64 and
 *      golden_dtype_by_name on the text.
 * Properties: no sanitizer report; a successful load has nbytes ==
 * numel * element size and data of at least that size; a successful parse
 * round-trips through golden_shape_format / npy_build where that applies; a
 * failure leaves a message.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "binio.h"
#include "cases.h"
#include "dtype.h"
#include "gen.h"
#include "npy.h"
#include "shape.h"

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_golden: property failed at line %d: %s\n", __LINE__, #cond);   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

static char dir[64];
static char npy_path[96], raw_path[96], out_path[96];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void remove_dir(void)
{
    unlink(npy_path);
    unlink(raw_path);
    unlink(out_path);
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    snprintf(dir, sizeof dir, "/tmp/fuzz-golden-XXXXXX");
    if (mkdtemp(dir) == NULL) {
        perror("fuzz_golden: mkdtemp");
        abort();
    }
    snprintf(npy_path, sizeof npy_path, "%s/in.npy", dir);
    snprintf(raw_path, sizeof raw_path, "%s/in.bin", dir);
    snprintf(out_path, sizeof out_path, "%s/out.bin", dir);
    atexit(remove_dir);
    /* gen reports every file it writes on stdout */
    if (freopen("/dev/null", "w", stdout) == NULL) {
        abort();
    }
    return 0;
}

static void write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    CHECK(size == 0 || fwrite(data, 1, size, f) == size);
    CHECK(fclose(f) == 0);
}

/* A NUL-terminated copy of the bytes. */
static char *text_of(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    CHECK(t != NULL);
    if (size > 0) {
        memcpy(t, data, size);
    }
    t[size] = '\0';
    return t;
}

static void check_loaded(const golden_array *a)
{
    CHECK(a->dtype != NULL && a->data != NULL);
    CHECK(a->numel >= 0 && (size_t)a->numel * a->dtype->size == a->nbytes);
    volatile unsigned char sink = 0;
    for (size_t i = 0; i < a->nbytes; i++) {
        sink ^= ((const unsigned char *)a->data)[i]; /* ASan: the whole buffer is there */
    }
    (void)sink;
}

static const char *const DTYPES[] = {"fp32", "fp16", "bf16", "int8", "int32", "uint8"};

static void fuzz_npy_parse(const uint8_t *data, size_t size)
{
    npy_header h;
    golden_err e;
    e.msg[0] = '\0';
    if (npy_parse(data, size, &h, &e) != 0) {
        CHECK(e.msg[0] != '\0');
        return;
    }
    CHECK(h.data_offset <= size);
    CHECK(h.shape.ndim >= 0 && h.shape.ndim <= GOLDEN_MAX_RANK);
    /* what we would write for that shape parses back to it */
    unsigned char *head;
    size_t len;
    if (npy_build("<f4", &h.shape, &head, &len, &e) == 0) {
        npy_header back;
        CHECK(npy_parse(head, len, &back, &e) == 0);
        CHECK(golden_shape_equal(&back.shape, &h.shape));
        CHECK(back.data_offset == len && len % 64 == 0);
        free(head);
    }
}

static void fuzz_load(const uint8_t *data, size_t size, int npy)
{
    if (size < 1) {
        return;
    }
    uint8_t flags = data[0];
    data++;
    size--;
    const golden_dtype *dt = (flags & 1) || !npy ? golden_dtype_by_name(DTYPES[(flags >> 1) % 6])
                                                 : NULL;
    golden_shape shape, *sp = NULL;
    golden_err e;
    if (!npy) {
        /* "SHAPE\0DATA" when a NUL comes early, else no shape */
        const uint8_t *nul = memchr(data, 0, size < 64 ? size : 64);
        if (nul != NULL) {
            char *text = text_of(data, (size_t)(nul - data));
            if (golden_shape_parse(text, &shape, &e) == 0) {
                sp = &shape;
            }
            free(text);
            size -= (size_t)(nul - data) + 1;
            data = nul + 1;
        }
    } else if (flags & 0x80) {
        memset(&shape, 0, sizeof shape);
        shape.ndim = 1;
        shape.dims[0] = flags & 0x7f;
        sp = &shape;
    }
    const char *path = npy ? npy_path : raw_path;
    write_file(path, data, size);
    golden_array a;
    e.msg[0] = '\0';
    if (golden_load(path, dt, "--dtype", sp, &a, &e) == 0) {
        check_loaded(&a);
        if (sp != NULL) {
            CHECK(golden_shape_equal(sp, &a.shape));
        }
        golden_array_free(&a);
    } else {
        CHECK(e.msg[0] != '\0');
    }
}

static void fuzz_shape(const uint8_t *data, size_t size)
{
    char *text = text_of(data, size);
    golden_shape s, back;
    golden_err e;
    if (golden_shape_parse(text, &s, &e) == 0) {
        char buf[1024];
        golden_shape_format(&s, buf, sizeof buf);
        CHECK(golden_shape_parse(buf, &back, &e) == 0 && golden_shape_equal(&s, &back));
        int64_t numel;
        (void)golden_shape_numel(&s, &numel, &e);
        golden_shape out;
        (void)golden_shape_broadcast(&s, &back, &out, &e);
        if (golden_shape_numel(&s, &numel, &e) == 0 && numel > 0 && numel < 1000) {
            golden_shape_unravel(&s, numel - 1, buf, sizeof buf);
        }
    }
    free(text);
}

#define MAX_WORDS 24

static void fuzz_gen(const uint8_t *data, size_t size)
{
    char *text = text_of(data, size);
    char *argv[MAX_WORDS + 3];
    int argc = 0;
    argv[argc++] = "--out";
    argv[argc++] = out_path;
    int64_t biggest = 0;
    char *save = NULL;
    for (char *w = strtok_r(text, " \n", &save); w != NULL && argc < MAX_WORDS;
         w = strtok_r(NULL, " \n", &save)) {
        if (strncmp(w, "--out", 5) == 0) {
            free(text);
            return; /* only the fixed output is written */
        }
        argv[argc++] = w;
        golden_shape s;
        golden_err e;
        int64_t n;
        const char *v = strchr(w, '=') != NULL ? strchr(w, '=') + 1 : w; /* --shape=4,2 */
        if (golden_shape_parse(v, &s, &e) == 0 && golden_shape_numel(&s, &n, &e) == 0 &&
            n > biggest) {
            biggest = n;
        }
    }
    /* strtok stops at the first NUL: the words after it are not used. */
    if (biggest <= ((int64_t)1 << 16)) {
        (void)golden_cmd_gen(argc, argv);
    }
    unlink(out_path);
    free(text);
}

static void fuzz_numbers(const uint8_t *data, size_t size)
{
    char *text = text_of(data, size);
    golden_err e;
    double d;
    float f;
    int64_t i;
    if (golden_parse_i64("--x", text, -5, 5, &i, &e) == 0) {
        CHECK(i >= -5 && i <= 5);
    }
    (void)golden_parse_double("--x", text, &d, &e);
    (void)golden_parse_float("--x", text, &f, &e);
    (void)golden_dtype_by_name(text);
    free(text);
}

/* Properties: a file read as a whole has a kind and a case count >= 0; each
 * case is either an error with a message or has dtypes for its tensors. */
static void fuzz_cases(const uint8_t *data, size_t size)
{
    golden_caseset set;
    golden_err e;
    e.msg[0] = '\0';
    memset(&set, 0, sizeof set);
    if (golden_cases_parse((const char *)data, size, &set, &e) != 0) {
        CHECK(e.msg[0] != '\0');
        golden_caseset_free(&set);
        return;
    }
    CHECK(set.n >= 0 && (set.n == 0 || set.cases != NULL));
    (void)golden_cases_kind_name(set.kind);
    for (int i = 0; i < set.n; i++) {
        const golden_case *c = &set.cases[i];
        if (c->error != NULL) {
            CHECK(c->error[0] != '\0');
            continue;
        }
        CHECK(c->info.nin >= 1 && c->out.dtype != NULL);
        for (int k = 0; k < c->info.nin; k++) { /* a unary operator's in[1] is unused */
            CHECK(c->in[k].dtype != NULL);
        }
        CHECK(c->in[0].shape.ndim >= 0 && c->in[0].shape.ndim <= GOLDEN_MAX_RANK);
    }
    golden_caseset_free(&set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) {
        return 0;
    }
    const uint8_t *rest = data + 1;
    size_t n = size - 1;
    switch (data[0] % 7) {
    case 0:
        fuzz_npy_parse(rest, n);
        break;
    case 1:
        fuzz_load(rest, n, 1);
        break;
    case 2:
        fuzz_load(rest, n, 0);
        break;
    case 3:
        fuzz_shape(rest, n);
        break;
    case 4:
        fuzz_gen(rest, n);
        break;
    case 6:
        fuzz_cases(rest, n);
        break;
    default:
        fuzz_numbers(rest, n);
        break;
    }
    return 0;
}
