/*
 * The fused iteration engine (src/executor/walk*.c) driven directly: a
 * transposed input walked through the panel path (row blocks, column tiles,
 * strips, ragged edges, 1-row and 1-column slices, 3-D inputs with a
 * transposed inner pair, chunks that start and end mid-row or cross 2-D
 * slices) must give exactly
 * the bits of one micro-kernel call over the same values laid out
 * contiguously; an operand whose dtype cannot be converted makes the walk
 * return -1 before anything is written; without memory for the panel the
 * row path gives the same bits.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/alloc.h"
#include "common/threads.h"
#include "executor/plan.h"
#include "kernels/kernels.h"
#include "ops/kernels.h"
#include "test_util.h"

/* gradOutput g is `batch` transposes of contiguous [cols, rows] arrays
 * (strides {rows * cols, 1, rows}), self x and gradInput y are contiguous
 * [batch, rows, cols]. */
typedef struct {
    int64_t batch, rows, cols;
    aclDataType gdt, dt; /* g's dtype; x, y and the compute dtype */
    void *g, *x, *y, *want;
} tcase;

static void *random_values(aclDataType dt, int64_t n, uint64_t seed)
{
    tu_rng r = {seed};
    void *p = malloc((size_t)n * tu_dtype_size(dt));
    assert_non_null(p);
    for (int64_t i = 0; i < n; i++) {
        tu_store_f32(p, dt, (size_t)i, tu_uniform(&r, -2.0f, 2.0f));
    }
    return p;
}

static opsnn_iter make_iter(const tcase *c)
{
    opsnn_iter it;
    memset(&it, 0, sizeof it);
    it.ndim = 3;
    it.noperands = 3;
    it.shape[0] = c->batch;
    it.shape[1] = c->rows;
    it.shape[2] = c->cols;
    void *base[3] = {c->y, c->g, c->x};
    aclDataType dts[3] = {c->dt, c->gdt, c->dt};
    for (int k = 0; k < 3; k++) {
        it.base[k] = base[k];
        it.dtype[k] = dts[k];
        it.es[k] = (int64_t)tu_dtype_size(dts[k]);
        it.strides[k][0] = c->rows * c->cols;
        it.strides[k][1] = c->cols;
        it.strides[k][2] = 1;
    }
    it.strides[1][1] = 1;
    it.strides[1][2] = c->rows;
    opsnn_iter_coalesce(&it);
    return it;
}

static const opsnn_softshrink_bwd_params lambda = {0.5f};
static const opsnn_kparams params = {&lambda, 0, 0};

/* The expected bits: g materialised row-major in the compute dtype, one call. */
static void setup_batched(tcase *c, int64_t batch, int64_t rows, int64_t cols, aclDataType gdt,
                          aclDataType dt)
{
    c->batch = batch, c->rows = rows, c->cols = cols, c->gdt = gdt, c->dt = dt;
    int64_t n = batch * rows * cols;
    size_t es = tu_dtype_size(dt);
    c->g = random_values(gdt, n, 1);
    c->x = random_values(dt, n, 2);
    c->y = malloc((size_t)n * es);
    c->want = malloc((size_t)n * es);
    void *gt = malloc((size_t)n * es);
    assert_non_null(c->y), assert_non_null(c->want), assert_non_null(gt);
    for (int64_t b = 0; b < batch; b++) {
        int64_t off = b * rows * cols;
        for (int64_t i = 0; i < rows; i++) {
            for (int64_t j = 0; j < cols; j++) {
                tu_store_f32(gt, dt, (size_t)(off + i * cols + j),
                             tu_load_f32(c->g, gdt, (size_t)(off + j * rows + i)));
            }
        }
    }
    opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, dt)((size_t)n, gt, c->x, c->want, &params);
    free(gt);
}

static void setup_case(tcase *c, int64_t rows, int64_t cols, aclDataType gdt, aclDataType dt)
{
    setup_batched(c, 1, rows, cols, gdt, dt);
}

static void free_case(tcase *c)
{
    free(c->g), free(c->x), free(c->y), free(c->want);
}

/* Run the walk over [0, n) in chunks of `chunk` elements (0: the chunks
 * opsnn_iter_chunk asks for) and compare with the expected bits. */
static void run_and_compare(const tcase *c, int64_t chunk)
{
    int64_t n = c->batch * c->rows * c->cols;
    size_t es = tu_dtype_size(c->dt);
    opsnn_iter it = make_iter(c);
    opsnn_ukernel_fn fn = opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, c->dt);
    if (chunk == 0) {
        chunk = opsnn_iter_chunk(&it, 4096);
    }
    memset(c->y, 0xa5, (size_t)n * es);
    for (int64_t pos = 0; pos < n; pos += chunk) {
        int64_t end = n - pos > chunk ? pos + chunk : n;
        assert_int_equal(opsnn_iter_run(&it, fn, c->dt, &params, pos, end), 0);
    }
    tu_assert_bits_equal(c->y, c->want, (size_t)n, es, "iter");
}

/* Shapes around the panel walk's edges, on every kernel path of this CPU:
 * rows one past or one short of the kernels' 16-row pieces, the 128- and
 * 256-row strips and the 256-row blocks; columns around the 4096-column
 * panels (and the 512-column tiles of the first version); 1-row and 1-column slices (which
 * coalesce to other walks); odd column counts for the paired 16-bit
 * transposes; 3-D inputs whose inner pair is transposed. Chunks start and end
 * mid-row and cross the 2-D slices. */
static void transposed_input_matches_contiguous(void **state)
{
    (void)state;
    static const int64_t shapes[][3] = {
        {1, 517, 1100}, {1, 33, 7},    {1, 256, 512}, {1, 40, 2049}, {1, 2, 3},    {1, 1, 700},
        {1, 700, 1},    {1, 2, 1},     {1, 1, 1},     {1, 271, 515}, {1, 15, 1031}, {1, 17, 33},
        {1, 513, 9},    {1, 31, 129},  {1, 257, 17},  {3, 37, 101},  {2, 300, 17}, {4, 1, 50},
        {3, 50, 1},     {2, 257, 513}, {5, 2, 3},     {1, 65, 300}, {1, 127, 77}, {1, 129, 31},
        {1, 63, 8193},  {2, 21, 8192}, {1, 33, 4097}, {1, 300, 4095}, {1, 255, 65},
    };
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        opsnn_kernels_select((int)av[ai]);
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            int64_t b = shapes[s][0], rows = shapes[s][1], cols = shapes[s][2];
            for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++) {
                tcase c;
                setup_batched(&c, b, rows, cols, dts[d], dts[d]);
                run_and_compare(&c, 0);
                run_and_compare(&c, 1000);
                run_and_compare(&c, 3 * cols + 1);
                run_and_compare(&c, rows * cols + 7); /* across the 2-D slices */
                run_and_compare(&c, cols > 16 ? cols - 1 : 2 * cols + 1);
                free_case(&c);
            }
        }
    }
    opsnn_kernels_select(-1);
}

/* A 16-bit transposed input gathered into a float32 panel (converted). */
static void transposed_input_converted_into_panel(void **state)
{
    (void)state;
    tcase c;
    setup_case(&c, 300, 600, ACL_BF16, ACL_FLOAT);
    run_and_compare(&c, 0);
    free_case(&c);
    setup_case(&c, 70, 45, ACL_FLOAT16, ACL_FLOAT);
    run_and_compare(&c, 0);
    free_case(&c);
    /* odd widths, a ragged last strip, 3-D with the transposed pair inside */
    setup_batched(&c, 1, 301, 513, ACL_BF16, ACL_FLOAT);
    run_and_compare(&c, 0);
    run_and_compare(&c, 1000);
    free_case(&c);
    setup_batched(&c, 2, 17, 1001, ACL_FLOAT16, ACL_FLOAT);
    run_and_compare(&c, 0);
    run_and_compare(&c, 17 * 1001 + 5);
    free_case(&c);
    setup_batched(&c, 3, 33, 65, ACL_BF16, ACL_FLOAT);
    run_and_compare(&c, 0);
    free_case(&c);
    /* a float32 panel of 16-bit columns holds 2048 of them: three tiles */
    setup_batched(&c, 1, 131, 4097, ACL_FLOAT16, ACL_FLOAT);
    run_and_compare(&c, 0);
    run_and_compare(&c, 4097 * 2 + 3);
    free_case(&c);
}

/* A streamed pass whose only input is transposed (forward Softshrink fp32):
 * the column walk (planned here whether or not it pays on this CPU), on
 * every path of this CPU that has it, 32 columns at a
 * time in blocks of 32 rows, must give the bits of one kernel call over the
 * input laid out contiguously: rows one short of or past a block, 1-row
 * slices, 3-D inputs, rows longer than one block of columns, chunks that
 * start and end mid-row. An output that is not 64-byte aligned, or rows
 * that are not a whole number of blocks, take the panel walk (same bits). */
static void transposed_only_input_walked_by_columns(void **state)
{
    (void)state;
    static const int64_t shapes[][3] = {
        {1, 32, 32}, {1, 31, 64}, {1, 33, 96}, {1, 100, 160}, {3, 45, 64}, {1, 2, 4096},
        {2, 129, 128}, {1, 65, 33}, {1, 40, 100},
    };
    static const opsnn_softshrink_params lambd = {.lambd = 0.5f};
    const opsnn_kparams streamed = {&lambd, OPSNN_NT_STREAM, 0};
    opsnn_ukernel_fn fn = NULL;
    opsnn_isa av[OPSNN_ISA_COUNT];
    size_t nav = opsnn_isa_available(av);
    for (size_t ai = 0; ai < nav; ai++) {
        opsnn_kernels_select((int)av[ai]);
        fn = opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK, ACL_FLOAT);
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            int64_t b = shapes[s][0], rows = shapes[s][1], cols = shapes[s][2], n = b * rows * cols;
            float *x = random_values(ACL_FLOAT, n, 5), *xt = malloc((size_t)n * 4);
            float *want = malloc((size_t)n * 4);
            float *y = aligned_alloc(64, ((size_t)n * 4 + 64 + 63) / 64 * 64);
            assert_non_null(xt), assert_non_null(want), assert_non_null(y);
            for (int64_t k = 0; k < b; k++) { /* xt: the transposes, contiguous [cols, rows] */
                for (int64_t i = 0; i < rows; i++) {
                    for (int64_t j = 0; j < cols; j++) {
                        xt[k * rows * cols + j * rows + i] = x[k * rows * cols + i * cols + j];
                    }
                }
            }
            fn((size_t)n, x, NULL, want, &streamed);
            for (int shift = 0; shift <= 1; shift++) { /* shift: a misaligned output */
                opsnn_iter it;
                memset(&it, 0, sizeof it);
                it.ndim = 3, it.noperands = 2;
                it.shape[0] = b, it.shape[1] = rows, it.shape[2] = cols;
                it.base[0] = (char *)(y + shift), it.base[1] = (char *)xt;
                for (int k = 0; k < 2; k++) {
                    it.dtype[k] = ACL_FLOAT, it.es[k] = 4;
                    it.strides[k][0] = rows * cols, it.strides[k][1] = cols, it.strides[k][2] = 1;
                }
                it.strides[1][1] = 1, it.strides[1][2] = rows;
                opsnn_iter_coalesce(&it);
                opsnn_walk w;
                w.it = it;
                opsnn_walk_make(&w, fn, ACL_FLOAT);
                /* planned wherever the path streams lines, the rows allow
                 * and the CPU's rule says it pays (forced on here: the walk
                 * is tested whichever CPU runs the test) */
                opsnn_walk_columns_force(0);
                opsnn_walk_plan_columns(&w);
                assert_int_equal(w.panel_stream, 0);
                opsnn_walk_columns_force(1); /* and for the runs below */
                opsnn_walk_plan_columns(&w);
                int want_columns = opsnn_lines_nt_get() != NULL && cols % 32 == 0;
                assert_int_equal(w.panel_stream, want_columns);
                const int64_t chunks[] = {n, 1000, 3 * cols + 1, rows * cols + 7};
                for (size_t ci = 0; ci < sizeof chunks / sizeof chunks[0]; ci++) {
                    memset(y, 0xa5, (size_t)n * 4 + 64);
                    for (int64_t pos = 0; pos < n; pos += chunks[ci]) {
                        int64_t end = n - pos > chunks[ci] ? pos + chunks[ci] : n;
                        assert_int_equal(opsnn_iter_run(&it, fn, ACL_FLOAT, &streamed, pos, end),
                                         0);
                    }
                    tu_assert_bits_equal(y + shift, want, (size_t)n, 4, "column walk");
                }
            }
            free(x), free(xt), free(want), free(y);
        }
    }
    opsnn_walk_columns_force(-1);
    opsnn_kernels_select(-1);
}

/* self broadcast across long rows ([rows, 1], stride 0 along the row), in a
 * dtype that needs converting: the tile holding the value is filled once per
 * run and reused by every 1024-element chunk of the row. */
static void column_broadcast_over_long_rows(void **state)
{
    (void)state;
    enum { R = 5, C = 2500 };
    uint16_t *xcol = random_values(ACL_BF16, R, 3);
    float *g = random_values(ACL_FLOAT, R * C, 4), *x = malloc(R * C * 4), *y = malloc(R * C * 4),
          *want = malloc(R * C * 4);
    assert_non_null(x), assert_non_null(y), assert_non_null(want);
    for (int i = 0; i < R * C; i++) {
        x[i] = opsnn_bf16_to_f32(xcol[i / C]);
    }
    opsnn_ukernel_fn fn = opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_FLOAT);
    fn(R * C, g, x, want, &params);
    opsnn_iter it;
    memset(&it, 0, sizeof it);
    it.ndim = 2, it.noperands = 3, it.shape[0] = R, it.shape[1] = C;
    it.base[0] = (char *)y, it.base[1] = (char *)g, it.base[2] = (char *)xcol;
    it.dtype[0] = it.dtype[1] = ACL_FLOAT, it.dtype[2] = ACL_BF16;
    it.es[0] = it.es[1] = 4, it.es[2] = 2;
    for (int k = 0; k < 3; k++) {
        it.strides[k][0] = C, it.strides[k][1] = 1;
    }
    it.strides[2][0] = 1, it.strides[2][1] = 0;
    opsnn_iter_coalesce(&it);
    static const int64_t chunks[] = {R * C, 1000, 3000};
    for (size_t ci = 0; ci < 3; ci++) {
        memset(y, 0xa5, R * C * 4);
        for (int64_t pos = 0; pos < R * C; pos += chunks[ci]) {
            int64_t end = R * C - pos > chunks[ci] ? pos + chunks[ci] : R * C;
            assert_int_equal(opsnn_iter_run(&it, fn, ACL_FLOAT, &params, pos, end), 0);
        }
        tu_assert_bits_equal(y, want, R * C, 4, "column broadcast");
    }
    free(xcol), free(g), free(x), free(y), free(want);
}

/* An input dtype with no conversion to the compute dtype: -1, output untouched. */
static void unconvertible_operand_is_refused_before_writing(void **state)
{
    (void)state;
    tcase c;
    setup_case(&c, 20, 30, ACL_FLOAT, ACL_FLOAT);
    opsnn_iter it = make_iter(&c);
    it.dtype[1] = ACL_INT8;
    it.es[1] = 1;
    memset(c.y, 0x5a, 20 * 30 * 4);
    opsnn_ukernel_fn fn = opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, ACL_FLOAT);
    assert_int_equal(opsnn_iter_run(&it, fn, ACL_FLOAT, &params, 0, 600), -1);
    for (size_t i = 0; i < 600 * 4; i++) {
        assert_int_equal(((unsigned char *)c.y)[i], 0x5a);
    }
    /* and an output dtype with no conversion from the compute dtype */
    it = make_iter(&c);
    it.dtype[0] = ACL_INT16;
    assert_int_equal(opsnn_iter_run(&it, fn, ACL_FLOAT, &params, 0, 600), -1);
    assert_int_equal(((unsigned char *)c.y)[0], 0x5a);
    free_case(&c);
}

/* The panel is per thread and allocated on the thread's first panel walk: a
 * fresh thread whose allocation fails takes the row path, same bits. */
static void *walk_without_panel_memory(void *arg)
{
    opsnn_test_fail_alloc_at(1);
    run_and_compare(arg, 0);
    long tried = opsnn_test_alloc_count();
    opsnn_test_fail_alloc_at(0);
    return (void *)(intptr_t)tried;
}

/* The pool's idle hook: a worker that has walked a transposed input gives
 * its panel back once it has been idle for the idle delay; the caller's
 * stays; the next walk allocates again, same bits. */
typedef struct {
    const tcase *c;
    opsnn_iter it;
    int64_t n, items;
    pthread_t caller;
    atomic_int elsewhere; /* items run by another thread than the caller */
    atomic_llong peak;    /* panel bytes a worker saw just after its walk */
} pool_walk;

static void pool_walk_item(void *arg, int64_t i)
{
    pool_walk *w = arg;
    int64_t block = 256 * w->c->cols; /* whole row blocks: no strip cut */
    int64_t begin = i * block, end = begin + block < w->n ? begin + block : w->n;
    opsnn_ukernel_fn fn = opsnn_ukernel_get(OPSNN_KERNEL_SOFTSHRINK_BWD, w->c->dt);
    if (begin < end && opsnn_iter_run(&w->it, fn, w->c->dt, &params, begin, end) != 0) {
        atomic_store(&w->elsewhere, -1000);
    }
    if (!pthread_equal(pthread_self(), w->caller)) {
        atomic_fetch_add(&w->elsewhere, 1);
        /* the caller's panel and this worker's are both live here */
        long long now = opsnn_test_panel_bytes();
        long long was = atomic_load(&w->peak);
        while (now > was && !atomic_compare_exchange_weak(&w->peak, &was, now)) {
        }
    }
    struct timespec pause = {0, 2000000}; /* let the worker join the job */
    nanosleep(&pause, NULL);
}

static void idle_workers_give_their_panels_back(void **state)
{
    (void)state;
    opsnn_test_set_pool_idle_ms(50);
    tcase c;
    setup_case(&c, 2560, 300, ACL_FLOAT, ACL_FLOAT); /* 10 row blocks */
    pool_walk w = {&c, make_iter(&c), 2560 * 300, 10, pthread_self(), 0, 0};
    for (int round = 0; round < 2; round++) {
        memset(c.y, 0xa5, (size_t)w.n * 4);
        atomic_store(&w.elsewhere, 0);
        atomic_store(&w.peak, 0);
        pool_walk_item(&w, 0); /* the caller's panel exists before any worker looks */
        opsnn_pool_parallel_for(w.items, 2, pool_walk_item, &w);
        tu_assert_bits_equal(c.y, c.want, (size_t)w.n, 4, "pool walk");
        if (atomic_load(&w.elsewhere) <= 0) { /* no worker took part: nothing to see */
            free_case(&c);
            opsnn_test_set_pool_idle_ms(-1);
            skip();
        }
        /* The worker may already have given its panel back (a slow check
         * under a sanitizer outlasts the idle delay): compare with what it
         * saw while busy, not with a reading taken here. */
        long long busy = atomic_load(&w.peak);
        long long idle = opsnn_test_panel_bytes();
        for (int k = 0; k < 500 && idle >= busy; k++) { /* up to 5 s under valgrind */
            struct timespec t = {0, 10000000};
            nanosleep(&t, NULL);
            idle = opsnn_test_panel_bytes();
        }
        assert_true(idle < busy);
        assert_true(idle > 0); /* the caller keeps its own */
    }
    free_case(&c);
    opsnn_test_set_pool_idle_ms(-1);
}

/* A [2, 3, 5] walk, every operand contiguous in `dt`, g in `gdt` with
 * strides gs, coalesced. */
static opsnn_iter small_iter(aclDataType gdt, aclDataType dt, const int64_t gs[3])
{
    static float buf[3][30];
    opsnn_iter it;
    memset(&it, 0, sizeof it);
    it.ndim = 3;
    it.noperands = 3;
    it.shape[0] = 2, it.shape[1] = 3, it.shape[2] = 5;
    for (int k = 0; k < 3; k++) {
        it.base[k] = (char *)buf[k];
        it.dtype[k] = k == 1 ? gdt : dt;
        it.es[k] = (int64_t)tu_dtype_size(it.dtype[k]);
        it.strides[k][0] = k == 1 ? gs[0] : 15;
        it.strides[k][1] = k == 1 ? gs[1] : 5;
        it.strides[k][2] = k == 1 ? gs[2] : 1;
    }
    opsnn_iter_coalesce(&it);
    return it;
}

/* Every walk but a panel walk takes a work item in one iterator call
 * (run.c): a contiguous run, a converted or mixed-dtype one, a [cols] or
 * [rows, 1] broadcast; only a transposed input, gathered in panels of whole
 * row blocks, is walked chunk by chunk. */
static void walks_without_panels_take_an_item_in_one_call(void **state)
{
    (void)state;
    static const int64_t contiguous[3] = {15, 5, 1}, transposed[3] = {15, 1, 3},
                         broadcast[3] = {0, 5, 1}, last_bcast[3] = {5, 1, 0};
    opsnn_iter it = small_iter(ACL_FLOAT, ACL_FLOAT, contiguous);
    assert_int_equal(opsnn_iter_one_call(&it), 1);
    it = small_iter(ACL_BF16, ACL_FLOAT, contiguous); /* g converted */
    assert_int_equal(opsnn_iter_one_call(&it), 1);
    it = small_iter(ACL_FLOAT, ACL_FLOAT, broadcast);
    assert_int_equal(opsnn_iter_one_call(&it), 1);
    it = small_iter(ACL_FLOAT, ACL_FLOAT, last_bcast);
    assert_int_equal(opsnn_iter_one_call(&it), 1);
    it = small_iter(ACL_FLOAT, ACL_FLOAT, transposed);
    assert_int_equal(opsnn_iter_one_call(&it), 0);
    it = small_iter(ACL_BF16, ACL_BF16, transposed);
    assert_int_equal(opsnn_iter_one_call(&it), 0);
}

/* A thread whose panel must grow for a wider matrix and cannot: row path,
 * same bits; the next walk gets its panel again. */
static void *grow_without_memory(void *arg)
{
    tcase *cs = arg;
    run_and_compare(&cs[0], 0); /* a small panel */
    opsnn_test_fail_alloc_at(1);
    run_and_compare(&cs[1], 0); /* needs a larger one: fails */
    long tried = opsnn_test_alloc_count();
    opsnn_test_fail_alloc_at(0);
    run_and_compare(&cs[1], 0);
    run_and_compare(&cs[0], 0);
    return (void *)(intptr_t)tried;
}

static void panel_that_cannot_grow_gives_the_same_bits(void **state)
{
    (void)state;
    tcase c[2];
    setup_case(&c[0], 100, 70, ACL_FLOAT, ACL_FLOAT);
    setup_case(&c[1], 100, 3000, ACL_FLOAT, ACL_FLOAT);
    pthread_t t;
    void *tried = NULL;
    assert_int_equal(pthread_create(&t, NULL, grow_without_memory, c), 0);
    assert_int_equal(pthread_join(t, &tried), 0);
    assert_true((intptr_t)tried >= 1);
    free_case(&c[0]);
    free_case(&c[1]);
}

static void no_panel_memory_gives_the_same_bits(void **state)
{
    (void)state;
    tcase c;
    setup_case(&c, 100, 700, ACL_FLOAT, ACL_FLOAT);
    pthread_t t;
    void *tried = NULL;
    assert_int_equal(pthread_create(&t, NULL, walk_without_panel_memory, &c), 0);
    assert_int_equal(pthread_join(t, &tried), 0);
    assert_true((intptr_t)tried >= 1); /* the panel allocation was attempted (and failed) */
    free_case(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(transposed_input_matches_contiguous),
        cmocka_unit_test(transposed_input_converted_into_panel),
        cmocka_unit_test(transposed_only_input_walked_by_columns),
        cmocka_unit_test(column_broadcast_over_long_rows),
        cmocka_unit_test(unconvertible_operand_is_refused_before_writing),
        cmocka_unit_test(no_panel_memory_gives_the_same_bits),
        cmocka_unit_test(panel_that_cannot_grow_gives_the_same_bits),
        cmocka_unit_test(walks_without_panels_take_an_item_in_one_call),
        cmocka_unit_test(idle_workers_give_their_panels_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
