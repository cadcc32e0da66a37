/*
 * transpose_shapes: how fast a transposed operand can be read on this
 * machine, by tile shape. x86-64 with AVX2 only; CMake builds it as
 * build/bench/transpose_shapes, ctest never runs it:
 *
 *   build/bench/transpose_shapes 4096 4   # N x N, 4- or 2-byte elements [, reps]
 *
 * The source S is a contiguous N x N matrix read as its transpose (what a
 * [rows, cols] gradOutput with strides [1, rows] is): element (r, j) of the
 * output is S[j][r]. Three passes are timed for each walk (one thread, thread
 * CPU time, best of `reps`, so that other processes' time slices do not
 * count, though their memory traffic does):
 *
 *   gather  S read into a panel that stays in cache, nothing written back;
 *   copy    the transpose written to a contiguous N x N matrix;
 *   op      y = panel + x over contiguous x and y (three matrices, as in
 *           SoftshrinkBackward and SeluBackward), plain stores.
 *
 * Walks: `burst strip` is the library's walk (512 bytes of each source
 * column, i.e. 128 fp32 or 256 16-bit output rows, x up to 4096 columns, each
 * column's lines read back to back); `line strip` the first version's (one
 * 64-byte source line per column and strip, x 512 columns, 256-row blocks);
 * `tall RxC` gathers R output rows x C bytes of columns, reading 8 (fp32) or
 * 16 (16-bit) source rows side by side along R elements each, then walks x
 * and y in runs of C bytes. `fused 16x16` has no panel: each step
 * transposes a 16 x 16 block of the output into 1 KiB (fp32) or 512 bytes
 * on the stack and passes its 16 rows to x and y at once, a 16-row strip
 * across all the columns (the gather-and-compute kernel without a panel).
 * The references: memcpy of S (copy), and the op over a contiguous S (op).
 * All walks call the library's panel kernels (kernels/transpose/avx2.c).
 *
 * On a 2-vCPU AMD EPYC guest (4 KiB pages here: the
 * matrices are not advised as huge pages) the op over 4096 x 4096 took 0.52
 * of the contiguous op's speed with the burst strip, 0.33 with the line
 * strip and at most 0.52 with a tall walk (16-bit: 0.48, 0.32, 0.32), with
 * the panel kernels of 2ebdf69 (before them: 0.50, 0.34, 0.35 and 16-bit
 * 0.38, 0.26, 0.34). The tall walks gather fastest but then walk x and y in
 * short pieces; no walk copies the transpose in less than 2.1x memcpy's
 * time. The fused walk ran the op at 0.11 (fp32) and 0.12 (16-bit) of the
 * contiguous op's speed at 4096 x 4096 and 0.06-0.11 (fp32) and 0.14-0.29
 * (16-bit) at 1024 x 1024: with power-of-two strides the 16 source lines
 * of a step share one 8-way L1 set, and so do the 16 x and 16 y lines, so
 * lines are evicted before they are used whole, where the panel's padded
 * rows keep them apart.
 */
#define _POSIX_C_SOURCE 200809L
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "transpose/avx2.c"

typedef enum { PASS_GATHER, PASS_COPY, PASS_OP } pass;

typedef struct {
    int64_t n;
    size_t es;
    unsigned char *s, *x, *y, *panel;
} mats;

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One row of the pass over c elements: dst = src (copy) or src + x (op). */
static void row_pass(const mats *m, pass p, const unsigned char *src, int64_t r, int64_t j0,
                     int64_t c)
{
    size_t off = (size_t)(r * m->n + j0) * m->es;
    if (p == PASS_COPY) {
        memcpy(m->y + off, src, (size_t)c * m->es);
        return;
    }
    int64_t i = 0;
    if (m->es == 4) {
        const float *a = (const float *)(const void *)src, *b = (const float *)(void *)(m->x + off);
        float *d = (float *)(void *)(m->y + off);
        for (; i + 8 <= c; i += 8) {
            _mm256_storeu_ps(d + i, _mm256_add_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i)));
        }
        for (; i < c; i++) {
            d[i] = a[i] + b[i];
        }
    } else {
        const uint16_t *a = (const uint16_t *)(const void *)src;
        const uint16_t *b = (const uint16_t *)(void *)(m->x + off);
        uint16_t *d = (uint16_t *)(void *)(m->y + off);
        for (; i + 16 <= c; i += 16) {
            __m256i v = _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(a + i)),
                                         _mm256_loadu_si256((const __m256i *)(const void *)(b + i)));
            _mm256_storeu_si256((__m256i *)(void *)(d + i), v);
        }
        for (; i < c; i++) {
            d[i] = (uint16_t)(a[i] + b[i]);
        }
    }
}

static void panel16(const mats *m, size_t rows, size_t cols, const unsigned char *src,
                    unsigned char *dst, size_t pitch)
{
    if (m->es == 4) {
        opsnn_panel16_ukernel__avx2_x32(rows, cols, src, m->n, dst, pitch, 1);
    } else {
        opsnn_panel16_ukernel__avx2_x16(rows, cols, src, m->n, dst, pitch, 1);
    }
}

/* Strips of strip_bytes of each source column x `cols` columns, 256-row
 * blocks. burst: the kernel takes the whole strip, reading each column's
 * lines back to back (the library's walk: 512 bytes, up to 4096 columns);
 * otherwise it is called 16 rows at a time over all the columns (the first
 * version: 64 bytes x 512 columns). */
static void walk_strip(const mats *m, pass p, int64_t strip_bytes, int64_t cols, int burst)
{
    int64_t n = m->n, h = strip_bytes / (int64_t)m->es, pitch = cols + 16;
    for (int64_t r0 = 0; r0 < n; r0 += 256) {
        int64_t rend = r0 + 256 < n ? r0 + 256 : n;
        for (int64_t j0 = 0; j0 < n; j0 += cols) {
            int64_t c = n - j0 < cols ? n - j0 : cols;
            for (int64_t r = r0; r + h <= rend; r += h) {
                for (int64_t i = 0; i < h; i += burst ? h : 16) {
                    panel16(m, burst ? (size_t)h : 16, (size_t)c,
                            m->s + (size_t)(j0 * n + r + i) * m->es,
                            m->panel + (size_t)(i * pitch) * m->es, (size_t)pitch);
                }
                for (int64_t i = 0; p != PASS_GATHER && i < h; i++) {
                    row_pass(m, p, m->panel + (size_t)(i * pitch) * m->es, r + i, j0, c);
                }
            }
        }
    }
}

/* Tall tiles: R rows x C columns, source rows read side by side along R. */
static void walk_tall(const mats *m, pass p, int64_t rt, int64_t ct)
{
    int64_t n = m->n, group = 32 / (int64_t)m->es, pitch = ct + 64 / (int64_t)m->es;
    for (int64_t r0 = 0; r0 < n; r0 += rt) {
        int64_t h = n - r0 < rt ? n - r0 : rt;
        for (int64_t j0 = 0; j0 < n; j0 += ct) {
            int64_t c = n - j0 < ct ? n - j0 : ct;
            for (int64_t g = 0; g < c; g += group) {
                size_t gc = (size_t)(c - g < group ? c - g : group);
                for (int64_t r = 0; r + 16 <= h; r += 16) {
                    panel16(m, 16, gc, m->s + (size_t)((j0 + g) * n + r0 + r) * m->es,
                            m->panel + (size_t)(r * pitch + g) * m->es, (size_t)pitch);
                }
            }
            for (int64_t i = 0; p != PASS_GATHER && i < h; i++) {
                row_pass(m, p, m->panel + (size_t)(i * pitch) * m->es, r0 + i, j0, c);
            }
        }
    }
}

/* Fused: no panel. Each step transposes a 16-row x 16-column block of the
 * output (fp32: four 8 x 8 tiles; 16-bit: two 16 x 8 tiles) into a 1 KiB or
 * 512-byte block on the stack and passes its 16 rows to x and y at once, so
 * that every source, x and y line a step touches is used whole in that
 * step; a 16-row strip walks all the columns. */
static void walk_fused(const mats *m, pass p)
{
    int64_t n = m->n;
    _Alignas(64) unsigned char block[16 * 16 * 4];
    for (int64_t r0 = 0; r0 < n; r0 += 16) {
        for (int64_t j0 = 0; j0 < n; j0 += 16) {
            panel16(m, 16, 16, m->s + (size_t)(j0 * n + r0) * m->es, block, 16);
            for (int64_t i = 0; p != PASS_GATHER && i < 16; i++) {
                row_pass(m, p, block + (size_t)(i * 16) * m->es, r0 + i, j0, 16);
            }
        }
    }
}

/* References: memcpy of S (copy) and the op over a contiguous S (op). */
static void walk_contiguous(const mats *m, pass p)
{
    for (int64_t r = 0; r < m->n; r++) {
        row_pass(m, p, m->s + (size_t)(r * m->n) * m->es, r, 0, m->n);
    }
}

typedef enum { WALK_CONTIGUOUS, WALK_LINE_STRIP, WALK_BURST_STRIP, WALK_FUSED, WALK_TALL } walk_kind;

typedef struct {
    const char *name;
    walk_kind kind;
    int64_t rows, col_bytes; /* WALK_TALL's tile */
} walk;

static double best_of(const mats *m, const walk *w, pass p, int reps)
{
    double best = 1e30;
    for (int k = 0; k < reps; k++) {
        double t0 = cpu_seconds();
        switch (w->kind) {
        case WALK_CONTIGUOUS: walk_contiguous(m, p); break;
        case WALK_LINE_STRIP: walk_strip(m, p, 64, 512, 0); break;
        case WALK_BURST_STRIP: walk_strip(m, p, 512, m->n < 4096 ? m->n : 4096, 1); break;
        case WALK_FUSED: walk_fused(m, p); break;
        case WALK_TALL: walk_tall(m, p, w->rows, w->col_bytes / (int64_t)m->es); break;
        }
        double t = cpu_seconds() - t0;
        best = t < best ? t : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s N ELEM_BYTES(4|2) [REPS]\n", argv[0]);
        return 2;
    }
    mats m;
    m.n = atoll(argv[1]);
    m.es = (size_t)atoi(argv[2]);
    int reps = argc > 3 ? atoi(argv[3]) : 5;
    if (m.n < 512 || m.n % 512 != 0 || (m.es != 4 && m.es != 2) || reps < 1) {
        fprintf(stderr, "N: a multiple of 512; ELEM_BYTES: 4 or 2; REPS >= 1\n");
        return 2;
    }
    size_t bytes = (size_t)(m.n * m.n) * m.es, panel_bytes = (size_t)8 << 20;
    m.s = aligned_alloc(4096, bytes);
    m.x = aligned_alloc(4096, bytes);
    m.y = aligned_alloc(4096, bytes);
    m.panel = aligned_alloc(4096, panel_bytes);
    if (m.s == NULL || m.x == NULL || m.y == NULL || m.panel == NULL) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    memset(m.s, 1, bytes), memset(m.x, 2, bytes), memset(m.y, 3, bytes);
    memset(m.panel, 0, panel_bytes);
    static const walk walks[] = {
        {"contiguous", WALK_CONTIGUOUS, 0, 0},
        {"line strip", WALK_LINE_STRIP, 0, 0},
        {"burst strip", WALK_BURST_STRIP, 0, 0},
        {"fused 16x16", WALK_FUSED, 0, 0},
        {"tall 4096x32B", WALK_TALL, 4096, 32},
        {"tall 1024x256B", WALK_TALL, 1024, 256},
        {"tall 512x512B", WALK_TALL, 512, 512},
        {"tall 256x1024B", WALK_TALL, 256, 1024},
        {"tall 128x2048B", WALK_TALL, 128, 2048},
        {"tall 1024x4096B", WALK_TALL, 1024, 4096},
    };
    static const char *pass_name[] = {"gather", "copy", "op"};
    printf("%lld x %lld, %zu-byte elements, thread CPU time, best of %d\n", (long long)m.n,
           (long long)m.n, m.es, reps);
    printf("%-16s %12s %12s %12s   (ms)\n", "walk", pass_name[0], pass_name[1], pass_name[2]);
    for (size_t w = 0; w < sizeof walks / sizeof walks[0]; w++) {
        if (walks[w].kind == WALK_TALL &&
            (walks[w].rows > m.n ||
             (size_t)(walks[w].rows * (walks[w].col_bytes + 64)) > panel_bytes)) {
            continue;
        }
        printf("%-16s", walks[w].name);
        for (int p = PASS_GATHER; p <= PASS_OP; p++) {
            if (walks[w].kind == WALK_CONTIGUOUS && p == PASS_GATHER) {
                printf(" %12s", "-");
                continue;
            }
            printf(" %12.3f", 1e3 * best_of(&m, &walks[w], (pass)p, reps));
        }
        printf("\n");
        fflush(stdout);
    }
    free(m.s), free(m.x), free(m.y), free(m.panel);
    return 0;
}
