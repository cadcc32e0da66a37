/*
 * test_tiling.c - the reference tiling calculator of opsnn/opsnn.h (SPEC §8).
 *
 * Every expected number below was worked out by hand from the SPEC §8 formulas
 * (python3 used only as a calculator, never the library's own tiling code) and
 * is written as a literal, with the arithmetic in a one-line comment above it.
 *
 * SoftShrinkGrad (SPEC §8), n = element count (rank 0 counts 1):
 *   bufferMode = n > 1024; alignFactor = 256 / elemBytes
 *   divisorBits = (mode ? 6 : 3) * 32 + 1 * 32 + 2       (float32)
 *               = (mode ? 6 : 3) * 16 + 4 * 32 + 2       (fp16, bf16)
 *   ubFormer    = floor(((UB - 8192) * 8 / divisorBits) / alignFactor) * alignFactor
 *   usedCoreNum = max(1, min(ceil(n * elemBits / 32768), coreNum))
 *   blockFormer = ceilAlign(ceil(n / usedCoreNum), 512)
 *   blockNum    = ceil(n / blockFormer); blockTail = n - (blockNum - 1) * blockFormer
 * SeluGrad (one-dim path), bytesPerElem = 29 f32, 34 f16/bf16, 44 int32, 35 int8:
 *   blockFormer = ceilAlign(ceil(total / coreNum), 32)
 *   ubFormer    = max(32, floorAlign((UB - 8192) / bytesPerElem, 32))
 *   usedCoreNum = ceil(total / blockFormer); blockTail = total - (used - 1) * blockFormer
 *
 * Empty-tensor conventions chosen by the library (SPEC §8 leaves them open):
 *   - softshrink, n == 0: usedCoreNum 1, blockFormer 0, blockNum 0, blockTail 0,
 *     bufferMode 0, and ubFormer is still computed (bufferMode 0 value);
 *   - selu, total == 0: totalElements, blockFormer and ubFormer all 0, usedCoreNum 1,
 *     blockTail 0 (the NPU tiling sets one core and returns early).
 *
 * Profiles: Ascend910B (48 cores, UB 196608), Ascend950 (64, 245760) and cpu
 * (coreNum = opsnn_get_num_threads(), UB = OPSNN_CPU_UB_SIZE = 262144); the cpu
 * core count is pinned with opsnn_set_num_threads(2) / (3) and restored with
 * opsnn_set_num_threads(0).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"
#include "opsnn/opsnn.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ---- profiles ----------------------------------------------------------- */

enum { P_910B, P_950, P_CPU2, P_CPU3 };

static const char *const PROFILE_NAMES[] = {"Ascend910B", "Ascend950", "cpu(2 threads)",
                                            "cpu(3 threads)"};

/* Fill *p for profile `prof`, checking the profile's own fields. For the cpu
 * profile the thread count is pinned first so coreNum is known. */
static void get_profile(int prof, opsnn_platform *p)
{
    memset(p, 0xA5, sizeof *p);
    switch (prof) {
    case P_910B:
        assert_int_equal(opsnn_platform_get("Ascend910B", p), ACLNN_SUCCESS);
        assert_string_equal(p->name, "Ascend910B");
        assert_int_equal(p->core_num, 48);
        assert_int_equal(p->ub_size, 196608);
        break;
    case P_950:
        assert_int_equal(opsnn_platform_get("Ascend950", p), ACLNN_SUCCESS);
        assert_string_equal(p->name, "Ascend950");
        assert_int_equal(p->core_num, 64);
        assert_int_equal(p->ub_size, 245760);
        break;
    case P_CPU2:
    case P_CPU3: {
        int n = prof == P_CPU2 ? 2 : 3;
        assert_int_equal(opsnn_set_num_threads(n), n);
        assert_int_equal(opsnn_get_num_threads(), n);
        assert_int_equal(opsnn_platform_get("cpu", p), ACLNN_SUCCESS);
        assert_string_equal(p->name, "cpu");
        assert_int_equal(p->core_num, n);
        assert_int_equal(p->ub_size, OPSNN_CPU_UB_SIZE);
        assert_int_equal(OPSNN_CPU_UB_SIZE, 262144);
        break;
    }
    default:
        fail_msg("bad profile %d", prof);
    }
}

/* ---- shapes ------------------------------------------------------------- */

enum {
    SH_RANK0,
    SH_0,
    SH_3x0,
    SH_4x2,
    SH_1024,
    SH_1025,
    SH_3000,
    SH_5x7x333,
    SH_49153,
    SH_1M,
    SH_16x1024x1024,
    SH_1000,
    SH_RANK9,
    SH_COUNT
};

static const int64_t D_NONE[1] = {7}; /* rank 0: never read */
static const int64_t D_0[] = {0};
static const int64_t D_3x0[] = {3, 0};
static const int64_t D_4x2[] = {4, 2};
static const int64_t D_1024[] = {1024};
static const int64_t D_1025[] = {1025};
static const int64_t D_3000[] = {3000};
static const int64_t D_5x7x333[] = {5, 7, 333};
static const int64_t D_49153[] = {49153};
static const int64_t D_1M[] = {1000000};
static const int64_t D_16x1024x1024[] = {16, 1024, 1024};
static const int64_t D_1000[] = {1000};
static const int64_t D_RANK9[] = {2, 2, 2, 2, 2, 2, 2, 2, 2};

static const struct {
    const int64_t *dims;
    int ndim;
    const char *name;
} SHAPES[SH_COUNT] = {
    [SH_RANK0] = {D_NONE, 0, "{}"},
    [SH_0] = {D_0, 1, "{0}"},
    [SH_3x0] = {D_3x0, 2, "{3,0}"},
    [SH_4x2] = {D_4x2, 2, "{4,2}"},
    [SH_1024] = {D_1024, 1, "{1024}"},
    [SH_1025] = {D_1025, 1, "{1025}"},
    [SH_3000] = {D_3000, 1, "{3000}"},
    [SH_5x7x333] = {D_5x7x333, 3, "{5,7,333}"},
    [SH_49153] = {D_49153, 1, "{49153}"},
    [SH_1M] = {D_1M, 1, "{1000000}"},
    [SH_16x1024x1024] = {D_16x1024x1024, 3, "{16,1024,1024}"},
    [SH_1000] = {D_1000, 1, "{1000}"},
    [SH_RANK9] = {D_RANK9, 9, "{2,2,2,2,2,2,2,2,2}"},
};

static const char *dtype_name(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return "FLOAT";
    case ACL_FLOAT16: return "FLOAT16";
    case ACL_BF16: return "BF16";
    case ACL_INT32: return "INT32";
    case ACL_INT8: return "INT8";
    case ACL_UINT8: return "UINT8";
    default: return "?";
    }
}

static int same_float_bits(float a, float b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Restore the default thread count after every test (cpu profile pins it). */
static int restore_threads(void **state)
{
    (void)state;
    opsnn_set_num_threads(0);
    return 0;
}

/* ---- softshrink: hand-computed table ------------------------------------- */

typedef struct {
    int prof;
    aclDataType dtype;
    int shape;
    float lambd;
    int64_t blockNum, blockFormer, dim0, ubFormer, usedCoreNum, blockTail;
    int bufferMode;
} ss_case;

/* Notes: {1025} has a 1-element tail block; {3000}, {5,7,333}, {1000000} and
 * {16,1024,1024} have a partial last block; {49153} on 48/64 cores shows that
 * blockNum can be below usedCoreNum (blockFormer rounded up to 512). */
static const ss_case SS_CASES[] = {
/* 910B f32 {}: n=1 mode=0 ub=floor((196608-8192)*8/(3*32+32+2=130)/64)*64=11584 cores=min(ceil(1*32/32768)=1,48)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_910B, ACL_FLOAT, SH_RANK0, 0.5f, 1, 512, 1, 11584, 1, 1, 0},
/* 910B f32 {0}: n=0 mode=0 ub=floor((196608-8192)*8/(3*32+32+2=130)/64)*64=11584 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_910B, ACL_FLOAT, SH_0, 1.2f, 0, 0, 0, 11584, 1, 0, 0},
/* 910B f32 {3,0}: n=0 mode=0 ub=floor((196608-8192)*8/(3*32+32+2=130)/64)*64=11584 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_910B, ACL_FLOAT, SH_3x0, 0.0f, 0, 0, 0, 11584, 1, 0, 0},
/* 910B f32 {4,2}: n=8 mode=0 ub=floor((196608-8192)*8/(3*32+32+2=130)/64)*64=11584 cores=min(ceil(8*32/32768)=1,48)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_910B, ACL_FLOAT, SH_4x2, 3.75f, 1, 512, 8, 11584, 1, 8, 0},
/* 910B f32 {1024}: n=1024 mode=0 ub=floor((196608-8192)*8/(3*32+32+2=130)/64)*64=11584 cores=min(ceil(1024*32/32768)=1,48)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_910B, ACL_FLOAT, SH_1024, 0.5f, 1, 1024, 1024, 11584, 1, 1024, 0},
/* 910B f32 {1025}: n=1025 mode=1 ub=floor((196608-8192)*8/(6*32+32+2=226)/64)*64=6656 cores=min(ceil(1025*32/32768)=2,48)=2 bf=ceilAlign(ceil(1025/2)=513,512)=1024 bn=ceil(1025/1024)=2 tail=1025-1*1024=1 */
    {P_910B, ACL_FLOAT, SH_1025, 1.2f, 2, 1024, 1025, 6656, 2, 1, 1},
/* 910B f32 {3000}: n=3000 mode=1 ub=floor((196608-8192)*8/(6*32+32+2=226)/64)*64=6656 cores=min(ceil(3000*32/32768)=3,48)=3 bf=ceilAlign(ceil(3000/3)=1000,512)=1024 bn=ceil(3000/1024)=3 tail=3000-2*1024=952 */
    {P_910B, ACL_FLOAT, SH_3000, 0.0f, 3, 1024, 3000, 6656, 3, 952, 1},
/* 910B f32 {5,7,333}: n=11655 mode=1 ub=floor((196608-8192)*8/(6*32+32+2=226)/64)*64=6656 cores=min(ceil(11655*32/32768)=12,48)=12 bf=ceilAlign(ceil(11655/12)=972,512)=1024 bn=ceil(11655/1024)=12 tail=11655-11*1024=391 */
    {P_910B, ACL_FLOAT, SH_5x7x333, 3.75f, 12, 1024, 11655, 6656, 12, 391, 1},
/* 910B f32 {49153}: n=49153 mode=1 ub=floor((196608-8192)*8/(6*32+32+2=226)/64)*64=6656 cores=min(ceil(49153*32/32768)=49,48)=48 bf=ceilAlign(ceil(49153/48)=1025,512)=1536 bn=ceil(49153/1536)=33 tail=49153-32*1536=1 */
    {P_910B, ACL_FLOAT, SH_49153, 0.5f, 33, 1536, 49153, 6656, 48, 1, 1},
/* 910B f32 {1000000}: n=1000000 mode=1 ub=floor((196608-8192)*8/(6*32+32+2=226)/64)*64=6656 cores=min(ceil(1000000*32/32768)=977,48)=48 bf=ceilAlign(ceil(1000000/48)=20834,512)=20992 bn=ceil(1000000/20992)=48 tail=1000000-47*20992=13376 */
    {P_910B, ACL_FLOAT, SH_1M, 1.2f, 48, 20992, 1000000, 6656, 48, 13376, 1},
/* 910B f32 {16,1024,1024}: n=16777216 mode=1 ub=floor((196608-8192)*8/(6*32+32+2=226)/64)*64=6656 cores=min(ceil(16777216*32/32768)=16384,48)=48 bf=ceilAlign(ceil(16777216/48)=349526,512)=349696 bn=ceil(16777216/349696)=48 tail=16777216-47*349696=341504 */
    {P_910B, ACL_FLOAT, SH_16x1024x1024, 0.0f, 48, 349696, 16777216, 6656, 48, 341504, 1},
/* 910B f16 {}: n=1 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 cores=min(ceil(1*16/32768)=1,48)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_910B, ACL_FLOAT16, SH_RANK0, 3.75f, 1, 512, 1, 8448, 1, 1, 0},
/* 910B f16 {0}: n=0 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_910B, ACL_FLOAT16, SH_0, 0.5f, 0, 0, 0, 8448, 1, 0, 0},
/* 910B f16 {3,0}: n=0 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_910B, ACL_FLOAT16, SH_3x0, 1.2f, 0, 0, 0, 8448, 1, 0, 0},
/* 910B f16 {4,2}: n=8 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 cores=min(ceil(8*16/32768)=1,48)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_910B, ACL_FLOAT16, SH_4x2, 0.0f, 1, 512, 8, 8448, 1, 8, 0},
/* 910B f16 {1024}: n=1024 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 cores=min(ceil(1024*16/32768)=1,48)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_910B, ACL_FLOAT16, SH_1024, 3.75f, 1, 1024, 1024, 8448, 1, 1024, 0},
/* 910B f16 {1025}: n=1025 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(1025*16/32768)=1,48)=1 bf=ceilAlign(ceil(1025/1)=1025,512)=1536 bn=ceil(1025/1536)=1 tail=1025-0*1536=1025 */
    {P_910B, ACL_FLOAT16, SH_1025, 0.5f, 1, 1536, 1025, 6656, 1, 1025, 1},
/* 910B f16 {3000}: n=3000 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(3000*16/32768)=2,48)=2 bf=ceilAlign(ceil(3000/2)=1500,512)=1536 bn=ceil(3000/1536)=2 tail=3000-1*1536=1464 */
    {P_910B, ACL_FLOAT16, SH_3000, 1.2f, 2, 1536, 3000, 6656, 2, 1464, 1},
/* 910B f16 {5,7,333}: n=11655 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(11655*16/32768)=6,48)=6 bf=ceilAlign(ceil(11655/6)=1943,512)=2048 bn=ceil(11655/2048)=6 tail=11655-5*2048=1415 */
    {P_910B, ACL_FLOAT16, SH_5x7x333, 0.0f, 6, 2048, 11655, 6656, 6, 1415, 1},
/* 910B f16 {49153}: n=49153 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(49153*16/32768)=25,48)=25 bf=ceilAlign(ceil(49153/25)=1967,512)=2048 bn=ceil(49153/2048)=25 tail=49153-24*2048=1 */
    {P_910B, ACL_FLOAT16, SH_49153, 3.75f, 25, 2048, 49153, 6656, 25, 1, 1},
/* 910B f16 {1000000}: n=1000000 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(1000000*16/32768)=489,48)=48 bf=ceilAlign(ceil(1000000/48)=20834,512)=20992 bn=ceil(1000000/20992)=48 tail=1000000-47*20992=13376 */
    {P_910B, ACL_FLOAT16, SH_1M, 0.5f, 48, 20992, 1000000, 6656, 48, 13376, 1},
/* 910B f16 {16,1024,1024}: n=16777216 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(16777216*16/32768)=8192,48)=48 bf=ceilAlign(ceil(16777216/48)=349526,512)=349696 bn=ceil(16777216/349696)=48 tail=16777216-47*349696=341504 */
    {P_910B, ACL_FLOAT16, SH_16x1024x1024, 1.2f, 48, 349696, 16777216, 6656, 48, 341504, 1},
/* 910B bf16 {}: n=1 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 cores=min(ceil(1*16/32768)=1,48)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_910B, ACL_BF16, SH_RANK0, 0.0f, 1, 512, 1, 8448, 1, 1, 0},
/* 910B bf16 {0}: n=0 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_910B, ACL_BF16, SH_0, 3.75f, 0, 0, 0, 8448, 1, 0, 0},
/* 910B bf16 {3,0}: n=0 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_910B, ACL_BF16, SH_3x0, 0.5f, 0, 0, 0, 8448, 1, 0, 0},
/* 910B bf16 {4,2}: n=8 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 cores=min(ceil(8*16/32768)=1,48)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_910B, ACL_BF16, SH_4x2, 1.2f, 1, 512, 8, 8448, 1, 8, 0},
/* 910B bf16 {1024}: n=1024 mode=0 ub=floor((196608-8192)*8/(3*16+4*32+2=178)/128)*128=8448 cores=min(ceil(1024*16/32768)=1,48)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_910B, ACL_BF16, SH_1024, 0.0f, 1, 1024, 1024, 8448, 1, 1024, 0},
/* 910B bf16 {1025}: n=1025 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(1025*16/32768)=1,48)=1 bf=ceilAlign(ceil(1025/1)=1025,512)=1536 bn=ceil(1025/1536)=1 tail=1025-0*1536=1025 */
    {P_910B, ACL_BF16, SH_1025, 3.75f, 1, 1536, 1025, 6656, 1, 1025, 1},
/* 910B bf16 {3000}: n=3000 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(3000*16/32768)=2,48)=2 bf=ceilAlign(ceil(3000/2)=1500,512)=1536 bn=ceil(3000/1536)=2 tail=3000-1*1536=1464 */
    {P_910B, ACL_BF16, SH_3000, 0.5f, 2, 1536, 3000, 6656, 2, 1464, 1},
/* 910B bf16 {5,7,333}: n=11655 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(11655*16/32768)=6,48)=6 bf=ceilAlign(ceil(11655/6)=1943,512)=2048 bn=ceil(11655/2048)=6 tail=11655-5*2048=1415 */
    {P_910B, ACL_BF16, SH_5x7x333, 1.2f, 6, 2048, 11655, 6656, 6, 1415, 1},
/* 910B bf16 {49153}: n=49153 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(49153*16/32768)=25,48)=25 bf=ceilAlign(ceil(49153/25)=1967,512)=2048 bn=ceil(49153/2048)=25 tail=49153-24*2048=1 */
    {P_910B, ACL_BF16, SH_49153, 0.0f, 25, 2048, 49153, 6656, 25, 1, 1},
/* 910B bf16 {1000000}: n=1000000 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(1000000*16/32768)=489,48)=48 bf=ceilAlign(ceil(1000000/48)=20834,512)=20992 bn=ceil(1000000/20992)=48 tail=1000000-47*20992=13376 */
    {P_910B, ACL_BF16, SH_1M, 3.75f, 48, 20992, 1000000, 6656, 48, 13376, 1},
/* 910B bf16 {16,1024,1024}: n=16777216 mode=1 ub=floor((196608-8192)*8/(6*16+4*32+2=226)/128)*128=6656 cores=min(ceil(16777216*16/32768)=8192,48)=48 bf=ceilAlign(ceil(16777216/48)=349526,512)=349696 bn=ceil(16777216/349696)=48 tail=16777216-47*349696=341504 */
    {P_910B, ACL_BF16, SH_16x1024x1024, 0.5f, 48, 349696, 16777216, 6656, 48, 341504, 1},
/* 950 f32 {}: n=1 mode=0 ub=floor((245760-8192)*8/(3*32+32+2=130)/64)*64=14592 cores=min(ceil(1*32/32768)=1,64)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_950, ACL_FLOAT, SH_RANK0, 1.2f, 1, 512, 1, 14592, 1, 1, 0},
/* 950 f32 {0}: n=0 mode=0 ub=floor((245760-8192)*8/(3*32+32+2=130)/64)*64=14592 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_950, ACL_FLOAT, SH_0, 0.0f, 0, 0, 0, 14592, 1, 0, 0},
/* 950 f32 {3,0}: n=0 mode=0 ub=floor((245760-8192)*8/(3*32+32+2=130)/64)*64=14592 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_950, ACL_FLOAT, SH_3x0, 3.75f, 0, 0, 0, 14592, 1, 0, 0},
/* 950 f32 {4,2}: n=8 mode=0 ub=floor((245760-8192)*8/(3*32+32+2=130)/64)*64=14592 cores=min(ceil(8*32/32768)=1,64)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_950, ACL_FLOAT, SH_4x2, 0.5f, 1, 512, 8, 14592, 1, 8, 0},
/* 950 f32 {1024}: n=1024 mode=0 ub=floor((245760-8192)*8/(3*32+32+2=130)/64)*64=14592 cores=min(ceil(1024*32/32768)=1,64)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_950, ACL_FLOAT, SH_1024, 1.2f, 1, 1024, 1024, 14592, 1, 1024, 0},
/* 950 f32 {1025}: n=1025 mode=1 ub=floor((245760-8192)*8/(6*32+32+2=226)/64)*64=8384 cores=min(ceil(1025*32/32768)=2,64)=2 bf=ceilAlign(ceil(1025/2)=513,512)=1024 bn=ceil(1025/1024)=2 tail=1025-1*1024=1 */
    {P_950, ACL_FLOAT, SH_1025, 0.0f, 2, 1024, 1025, 8384, 2, 1, 1},
/* 950 f32 {3000}: n=3000 mode=1 ub=floor((245760-8192)*8/(6*32+32+2=226)/64)*64=8384 cores=min(ceil(3000*32/32768)=3,64)=3 bf=ceilAlign(ceil(3000/3)=1000,512)=1024 bn=ceil(3000/1024)=3 tail=3000-2*1024=952 */
    {P_950, ACL_FLOAT, SH_3000, 3.75f, 3, 1024, 3000, 8384, 3, 952, 1},
/* 950 f32 {5,7,333}: n=11655 mode=1 ub=floor((245760-8192)*8/(6*32+32+2=226)/64)*64=8384 cores=min(ceil(11655*32/32768)=12,64)=12 bf=ceilAlign(ceil(11655/12)=972,512)=1024 bn=ceil(11655/1024)=12 tail=11655-11*1024=391 */
    {P_950, ACL_FLOAT, SH_5x7x333, 0.5f, 12, 1024, 11655, 8384, 12, 391, 1},
/* 950 f32 {49153}: n=49153 mode=1 ub=floor((245760-8192)*8/(6*32+32+2=226)/64)*64=8384 cores=min(ceil(49153*32/32768)=49,64)=49 bf=ceilAlign(ceil(49153/49)=1004,512)=1024 bn=ceil(49153/1024)=49 tail=49153-48*1024=1 */
    {P_950, ACL_FLOAT, SH_49153, 1.2f, 49, 1024, 49153, 8384, 49, 1, 1},
/* 950 f32 {1000000}: n=1000000 mode=1 ub=floor((245760-8192)*8/(6*32+32+2=226)/64)*64=8384 cores=min(ceil(1000000*32/32768)=977,64)=64 bf=ceilAlign(ceil(1000000/64)=15625,512)=15872 bn=ceil(1000000/15872)=64 tail=1000000-63*15872=64 */
    {P_950, ACL_FLOAT, SH_1M, 0.0f, 64, 15872, 1000000, 8384, 64, 64, 1},
/* 950 f32 {16,1024,1024}: n=16777216 mode=1 ub=floor((245760-8192)*8/(6*32+32+2=226)/64)*64=8384 cores=min(ceil(16777216*32/32768)=16384,64)=64 bf=ceilAlign(ceil(16777216/64)=262144,512)=262144 bn=ceil(16777216/262144)=64 tail=16777216-63*262144=262144 */
    {P_950, ACL_FLOAT, SH_16x1024x1024, 3.75f, 64, 262144, 16777216, 8384, 64, 262144, 1},
/* 950 f16 {}: n=1 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 cores=min(ceil(1*16/32768)=1,64)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_950, ACL_FLOAT16, SH_RANK0, 0.5f, 1, 512, 1, 10624, 1, 1, 0},
/* 950 f16 {0}: n=0 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_950, ACL_FLOAT16, SH_0, 1.2f, 0, 0, 0, 10624, 1, 0, 0},
/* 950 f16 {3,0}: n=0 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_950, ACL_FLOAT16, SH_3x0, 0.0f, 0, 0, 0, 10624, 1, 0, 0},
/* 950 f16 {4,2}: n=8 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 cores=min(ceil(8*16/32768)=1,64)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_950, ACL_FLOAT16, SH_4x2, 3.75f, 1, 512, 8, 10624, 1, 8, 0},
/* 950 f16 {1024}: n=1024 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 cores=min(ceil(1024*16/32768)=1,64)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_950, ACL_FLOAT16, SH_1024, 0.5f, 1, 1024, 1024, 10624, 1, 1024, 0},
/* 950 f16 {1025}: n=1025 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(1025*16/32768)=1,64)=1 bf=ceilAlign(ceil(1025/1)=1025,512)=1536 bn=ceil(1025/1536)=1 tail=1025-0*1536=1025 */
    {P_950, ACL_FLOAT16, SH_1025, 1.2f, 1, 1536, 1025, 8320, 1, 1025, 1},
/* 950 f16 {3000}: n=3000 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(3000*16/32768)=2,64)=2 bf=ceilAlign(ceil(3000/2)=1500,512)=1536 bn=ceil(3000/1536)=2 tail=3000-1*1536=1464 */
    {P_950, ACL_FLOAT16, SH_3000, 0.0f, 2, 1536, 3000, 8320, 2, 1464, 1},
/* 950 f16 {5,7,333}: n=11655 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(11655*16/32768)=6,64)=6 bf=ceilAlign(ceil(11655/6)=1943,512)=2048 bn=ceil(11655/2048)=6 tail=11655-5*2048=1415 */
    {P_950, ACL_FLOAT16, SH_5x7x333, 3.75f, 6, 2048, 11655, 8320, 6, 1415, 1},
/* 950 f16 {49153}: n=49153 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(49153*16/32768)=25,64)=25 bf=ceilAlign(ceil(49153/25)=1967,512)=2048 bn=ceil(49153/2048)=25 tail=49153-24*2048=1 */
    {P_950, ACL_FLOAT16, SH_49153, 0.5f, 25, 2048, 49153, 8320, 25, 1, 1},
/* 950 f16 {1000000}: n=1000000 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(1000000*16/32768)=489,64)=64 bf=ceilAlign(ceil(1000000/64)=15625,512)=15872 bn=ceil(1000000/15872)=64 tail=1000000-63*15872=64 */
    {P_950, ACL_FLOAT16, SH_1M, 1.2f, 64, 15872, 1000000, 8320, 64, 64, 1},
/* 950 f16 {16,1024,1024}: n=16777216 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(16777216*16/32768)=8192,64)=64 bf=ceilAlign(ceil(16777216/64)=262144,512)=262144 bn=ceil(16777216/262144)=64 tail=16777216-63*262144=262144 */
    {P_950, ACL_FLOAT16, SH_16x1024x1024, 0.0f, 64, 262144, 16777216, 8320, 64, 262144, 1},
/* 950 bf16 {}: n=1 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 cores=min(ceil(1*16/32768)=1,64)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_950, ACL_BF16, SH_RANK0, 3.75f, 1, 512, 1, 10624, 1, 1, 0},
/* 950 bf16 {0}: n=0 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_950, ACL_BF16, SH_0, 0.5f, 0, 0, 0, 10624, 1, 0, 0},
/* 950 bf16 {3,0}: n=0 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_950, ACL_BF16, SH_3x0, 1.2f, 0, 0, 0, 10624, 1, 0, 0},
/* 950 bf16 {4,2}: n=8 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 cores=min(ceil(8*16/32768)=1,64)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_950, ACL_BF16, SH_4x2, 0.0f, 1, 512, 8, 10624, 1, 8, 0},
/* 950 bf16 {1024}: n=1024 mode=0 ub=floor((245760-8192)*8/(3*16+4*32+2=178)/128)*128=10624 cores=min(ceil(1024*16/32768)=1,64)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_950, ACL_BF16, SH_1024, 3.75f, 1, 1024, 1024, 10624, 1, 1024, 0},
/* 950 bf16 {1025}: n=1025 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(1025*16/32768)=1,64)=1 bf=ceilAlign(ceil(1025/1)=1025,512)=1536 bn=ceil(1025/1536)=1 tail=1025-0*1536=1025 */
    {P_950, ACL_BF16, SH_1025, 0.5f, 1, 1536, 1025, 8320, 1, 1025, 1},
/* 950 bf16 {3000}: n=3000 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(3000*16/32768)=2,64)=2 bf=ceilAlign(ceil(3000/2)=1500,512)=1536 bn=ceil(3000/1536)=2 tail=3000-1*1536=1464 */
    {P_950, ACL_BF16, SH_3000, 1.2f, 2, 1536, 3000, 8320, 2, 1464, 1},
/* 950 bf16 {5,7,333}: n=11655 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(11655*16/32768)=6,64)=6 bf=ceilAlign(ceil(11655/6)=1943,512)=2048 bn=ceil(11655/2048)=6 tail=11655-5*2048=1415 */
    {P_950, ACL_BF16, SH_5x7x333, 0.0f, 6, 2048, 11655, 8320, 6, 1415, 1},
/* 950 bf16 {49153}: n=49153 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(49153*16/32768)=25,64)=25 bf=ceilAlign(ceil(49153/25)=1967,512)=2048 bn=ceil(49153/2048)=25 tail=49153-24*2048=1 */
    {P_950, ACL_BF16, SH_49153, 3.75f, 25, 2048, 49153, 8320, 25, 1, 1},
/* 950 bf16 {1000000}: n=1000000 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(1000000*16/32768)=489,64)=64 bf=ceilAlign(ceil(1000000/64)=15625,512)=15872 bn=ceil(1000000/15872)=64 tail=1000000-63*15872=64 */
    {P_950, ACL_BF16, SH_1M, 0.5f, 64, 15872, 1000000, 8320, 64, 64, 1},
/* 950 bf16 {16,1024,1024}: n=16777216 mode=1 ub=floor((245760-8192)*8/(6*16+4*32+2=226)/128)*128=8320 cores=min(ceil(16777216*16/32768)=8192,64)=64 bf=ceilAlign(ceil(16777216/64)=262144,512)=262144 bn=ceil(16777216/262144)=64 tail=16777216-63*262144=262144 */
    {P_950, ACL_BF16, SH_16x1024x1024, 1.2f, 64, 262144, 16777216, 8320, 64, 262144, 1},
/* cpu2 f32 {}: n=1 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 cores=min(ceil(1*32/32768)=1,2)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_CPU2, ACL_FLOAT, SH_RANK0, 0.0f, 1, 512, 1, 15616, 1, 1, 0},
/* cpu2 f32 {0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU2, ACL_FLOAT, SH_0, 3.75f, 0, 0, 0, 15616, 1, 0, 0},
/* cpu2 f32 {3,0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU2, ACL_FLOAT, SH_3x0, 0.5f, 0, 0, 0, 15616, 1, 0, 0},
/* cpu2 f32 {4,2}: n=8 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 cores=min(ceil(8*32/32768)=1,2)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_CPU2, ACL_FLOAT, SH_4x2, 1.2f, 1, 512, 8, 15616, 1, 8, 0},
/* cpu2 f32 {1024}: n=1024 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 cores=min(ceil(1024*32/32768)=1,2)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_CPU2, ACL_FLOAT, SH_1024, 0.0f, 1, 1024, 1024, 15616, 1, 1024, 0},
/* cpu2 f32 {1025}: n=1025 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(1025*32/32768)=2,2)=2 bf=ceilAlign(ceil(1025/2)=513,512)=1024 bn=ceil(1025/1024)=2 tail=1025-1*1024=1 */
    {P_CPU2, ACL_FLOAT, SH_1025, 3.75f, 2, 1024, 1025, 8960, 2, 1, 1},
/* cpu2 f32 {3000}: n=3000 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(3000*32/32768)=3,2)=2 bf=ceilAlign(ceil(3000/2)=1500,512)=1536 bn=ceil(3000/1536)=2 tail=3000-1*1536=1464 */
    {P_CPU2, ACL_FLOAT, SH_3000, 0.5f, 2, 1536, 3000, 8960, 2, 1464, 1},
/* cpu2 f32 {5,7,333}: n=11655 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(11655*32/32768)=12,2)=2 bf=ceilAlign(ceil(11655/2)=5828,512)=6144 bn=ceil(11655/6144)=2 tail=11655-1*6144=5511 */
    {P_CPU2, ACL_FLOAT, SH_5x7x333, 1.2f, 2, 6144, 11655, 8960, 2, 5511, 1},
/* cpu2 f32 {49153}: n=49153 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(49153*32/32768)=49,2)=2 bf=ceilAlign(ceil(49153/2)=24577,512)=25088 bn=ceil(49153/25088)=2 tail=49153-1*25088=24065 */
    {P_CPU2, ACL_FLOAT, SH_49153, 0.0f, 2, 25088, 49153, 8960, 2, 24065, 1},
/* cpu2 f32 {1000000}: n=1000000 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(1000000*32/32768)=977,2)=2 bf=ceilAlign(ceil(1000000/2)=500000,512)=500224 bn=ceil(1000000/500224)=2 tail=1000000-1*500224=499776 */
    {P_CPU2, ACL_FLOAT, SH_1M, 3.75f, 2, 500224, 1000000, 8960, 2, 499776, 1},
/* cpu2 f32 {16,1024,1024}: n=16777216 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(16777216*32/32768)=16384,2)=2 bf=ceilAlign(ceil(16777216/2)=8388608,512)=8388608 bn=ceil(16777216/8388608)=2 tail=16777216-1*8388608=8388608 */
    {P_CPU2, ACL_FLOAT, SH_16x1024x1024, 0.5f, 2, 8388608, 16777216, 8960, 2, 8388608, 1},
/* cpu2 f16 {}: n=1 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(1*16/32768)=1,2)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_CPU2, ACL_FLOAT16, SH_RANK0, 1.2f, 1, 512, 1, 11392, 1, 1, 0},
/* cpu2 f16 {0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU2, ACL_FLOAT16, SH_0, 0.0f, 0, 0, 0, 11392, 1, 0, 0},
/* cpu2 f16 {3,0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU2, ACL_FLOAT16, SH_3x0, 3.75f, 0, 0, 0, 11392, 1, 0, 0},
/* cpu2 f16 {4,2}: n=8 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(8*16/32768)=1,2)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_CPU2, ACL_FLOAT16, SH_4x2, 0.5f, 1, 512, 8, 11392, 1, 8, 0},
/* cpu2 f16 {1024}: n=1024 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(1024*16/32768)=1,2)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_CPU2, ACL_FLOAT16, SH_1024, 1.2f, 1, 1024, 1024, 11392, 1, 1024, 0},
/* cpu2 f16 {1025}: n=1025 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(1025*16/32768)=1,2)=1 bf=ceilAlign(ceil(1025/1)=1025,512)=1536 bn=ceil(1025/1536)=1 tail=1025-0*1536=1025 */
    {P_CPU2, ACL_FLOAT16, SH_1025, 0.0f, 1, 1536, 1025, 8960, 1, 1025, 1},
/* cpu2 f16 {3000}: n=3000 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(3000*16/32768)=2,2)=2 bf=ceilAlign(ceil(3000/2)=1500,512)=1536 bn=ceil(3000/1536)=2 tail=3000-1*1536=1464 */
    {P_CPU2, ACL_FLOAT16, SH_3000, 3.75f, 2, 1536, 3000, 8960, 2, 1464, 1},
/* cpu2 f16 {5,7,333}: n=11655 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(11655*16/32768)=6,2)=2 bf=ceilAlign(ceil(11655/2)=5828,512)=6144 bn=ceil(11655/6144)=2 tail=11655-1*6144=5511 */
    {P_CPU2, ACL_FLOAT16, SH_5x7x333, 0.5f, 2, 6144, 11655, 8960, 2, 5511, 1},
/* cpu2 f16 {49153}: n=49153 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(49153*16/32768)=25,2)=2 bf=ceilAlign(ceil(49153/2)=24577,512)=25088 bn=ceil(49153/25088)=2 tail=49153-1*25088=24065 */
    {P_CPU2, ACL_FLOAT16, SH_49153, 1.2f, 2, 25088, 49153, 8960, 2, 24065, 1},
/* cpu2 f16 {1000000}: n=1000000 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(1000000*16/32768)=489,2)=2 bf=ceilAlign(ceil(1000000/2)=500000,512)=500224 bn=ceil(1000000/500224)=2 tail=1000000-1*500224=499776 */
    {P_CPU2, ACL_FLOAT16, SH_1M, 0.0f, 2, 500224, 1000000, 8960, 2, 499776, 1},
/* cpu2 f16 {16,1024,1024}: n=16777216 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(16777216*16/32768)=8192,2)=2 bf=ceilAlign(ceil(16777216/2)=8388608,512)=8388608 bn=ceil(16777216/8388608)=2 tail=16777216-1*8388608=8388608 */
    {P_CPU2, ACL_FLOAT16, SH_16x1024x1024, 3.75f, 2, 8388608, 16777216, 8960, 2, 8388608, 1},
/* cpu2 bf16 {}: n=1 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(1*16/32768)=1,2)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_CPU2, ACL_BF16, SH_RANK0, 0.5f, 1, 512, 1, 11392, 1, 1, 0},
/* cpu2 bf16 {0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU2, ACL_BF16, SH_0, 1.2f, 0, 0, 0, 11392, 1, 0, 0},
/* cpu2 bf16 {3,0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU2, ACL_BF16, SH_3x0, 0.0f, 0, 0, 0, 11392, 1, 0, 0},
/* cpu2 bf16 {4,2}: n=8 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(8*16/32768)=1,2)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_CPU2, ACL_BF16, SH_4x2, 3.75f, 1, 512, 8, 11392, 1, 8, 0},
/* cpu2 bf16 {1024}: n=1024 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(1024*16/32768)=1,2)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_CPU2, ACL_BF16, SH_1024, 0.5f, 1, 1024, 1024, 11392, 1, 1024, 0},
/* cpu2 bf16 {1025}: n=1025 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(1025*16/32768)=1,2)=1 bf=ceilAlign(ceil(1025/1)=1025,512)=1536 bn=ceil(1025/1536)=1 tail=1025-0*1536=1025 */
    {P_CPU2, ACL_BF16, SH_1025, 1.2f, 1, 1536, 1025, 8960, 1, 1025, 1},
/* cpu2 bf16 {3000}: n=3000 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(3000*16/32768)=2,2)=2 bf=ceilAlign(ceil(3000/2)=1500,512)=1536 bn=ceil(3000/1536)=2 tail=3000-1*1536=1464 */
    {P_CPU2, ACL_BF16, SH_3000, 0.0f, 2, 1536, 3000, 8960, 2, 1464, 1},
/* cpu2 bf16 {5,7,333}: n=11655 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(11655*16/32768)=6,2)=2 bf=ceilAlign(ceil(11655/2)=5828,512)=6144 bn=ceil(11655/6144)=2 tail=11655-1*6144=5511 */
    {P_CPU2, ACL_BF16, SH_5x7x333, 3.75f, 2, 6144, 11655, 8960, 2, 5511, 1},
/* cpu2 bf16 {49153}: n=49153 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(49153*16/32768)=25,2)=2 bf=ceilAlign(ceil(49153/2)=24577,512)=25088 bn=ceil(49153/25088)=2 tail=49153-1*25088=24065 */
    {P_CPU2, ACL_BF16, SH_49153, 0.5f, 2, 25088, 49153, 8960, 2, 24065, 1},
/* cpu2 bf16 {1000000}: n=1000000 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(1000000*16/32768)=489,2)=2 bf=ceilAlign(ceil(1000000/2)=500000,512)=500224 bn=ceil(1000000/500224)=2 tail=1000000-1*500224=499776 */
    {P_CPU2, ACL_BF16, SH_1M, 1.2f, 2, 500224, 1000000, 8960, 2, 499776, 1},
/* cpu2 bf16 {16,1024,1024}: n=16777216 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(16777216*16/32768)=8192,2)=2 bf=ceilAlign(ceil(16777216/2)=8388608,512)=8388608 bn=ceil(16777216/8388608)=2 tail=16777216-1*8388608=8388608 */
    {P_CPU2, ACL_BF16, SH_16x1024x1024, 0.0f, 2, 8388608, 16777216, 8960, 2, 8388608, 1},
/* cpu3 f32 {}: n=1 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 cores=min(ceil(1*32/32768)=1,3)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_CPU3, ACL_FLOAT, SH_RANK0, 3.75f, 1, 512, 1, 15616, 1, 1, 0},
/* cpu3 f32 {0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU3, ACL_FLOAT, SH_0, 0.5f, 0, 0, 0, 15616, 1, 0, 0},
/* cpu3 f32 {3,0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU3, ACL_FLOAT, SH_3x0, 1.2f, 0, 0, 0, 15616, 1, 0, 0},
/* cpu3 f32 {4,2}: n=8 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 cores=min(ceil(8*32/32768)=1,3)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_CPU3, ACL_FLOAT, SH_4x2, 0.0f, 1, 512, 8, 15616, 1, 8, 0},
/* cpu3 f32 {1024}: n=1024 mode=0 ub=floor((262144-8192)*8/(3*32+32+2=130)/64)*64=15616 cores=min(ceil(1024*32/32768)=1,3)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_CPU3, ACL_FLOAT, SH_1024, 3.75f, 1, 1024, 1024, 15616, 1, 1024, 0},
/* cpu3 f32 {1025}: n=1025 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(1025*32/32768)=2,3)=2 bf=ceilAlign(ceil(1025/2)=513,512)=1024 bn=ceil(1025/1024)=2 tail=1025-1*1024=1 */
    {P_CPU3, ACL_FLOAT, SH_1025, 0.5f, 2, 1024, 1025, 8960, 2, 1, 1},
/* cpu3 f32 {3000}: n=3000 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(3000*32/32768)=3,3)=3 bf=ceilAlign(ceil(3000/3)=1000,512)=1024 bn=ceil(3000/1024)=3 tail=3000-2*1024=952 */
    {P_CPU3, ACL_FLOAT, SH_3000, 1.2f, 3, 1024, 3000, 8960, 3, 952, 1},
/* cpu3 f32 {5,7,333}: n=11655 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(11655*32/32768)=12,3)=3 bf=ceilAlign(ceil(11655/3)=3885,512)=4096 bn=ceil(11655/4096)=3 tail=11655-2*4096=3463 */
    {P_CPU3, ACL_FLOAT, SH_5x7x333, 0.0f, 3, 4096, 11655, 8960, 3, 3463, 1},
/* cpu3 f32 {49153}: n=49153 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(49153*32/32768)=49,3)=3 bf=ceilAlign(ceil(49153/3)=16385,512)=16896 bn=ceil(49153/16896)=3 tail=49153-2*16896=15361 */
    {P_CPU3, ACL_FLOAT, SH_49153, 3.75f, 3, 16896, 49153, 8960, 3, 15361, 1},
/* cpu3 f32 {1000000}: n=1000000 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(1000000*32/32768)=977,3)=3 bf=ceilAlign(ceil(1000000/3)=333334,512)=333824 bn=ceil(1000000/333824)=3 tail=1000000-2*333824=332352 */
    {P_CPU3, ACL_FLOAT, SH_1M, 0.5f, 3, 333824, 1000000, 8960, 3, 332352, 1},
/* cpu3 f32 {16,1024,1024}: n=16777216 mode=1 ub=floor((262144-8192)*8/(6*32+32+2=226)/64)*64=8960 cores=min(ceil(16777216*32/32768)=16384,3)=3 bf=ceilAlign(ceil(16777216/3)=5592406,512)=5592576 bn=ceil(16777216/5592576)=3 tail=16777216-2*5592576=5592064 */
    {P_CPU3, ACL_FLOAT, SH_16x1024x1024, 1.2f, 3, 5592576, 16777216, 8960, 3, 5592064, 1},
/* cpu3 f16 {}: n=1 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(1*16/32768)=1,3)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_CPU3, ACL_FLOAT16, SH_RANK0, 0.0f, 1, 512, 1, 11392, 1, 1, 0},
/* cpu3 f16 {0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU3, ACL_FLOAT16, SH_0, 3.75f, 0, 0, 0, 11392, 1, 0, 0},
/* cpu3 f16 {3,0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU3, ACL_FLOAT16, SH_3x0, 0.5f, 0, 0, 0, 11392, 1, 0, 0},
/* cpu3 f16 {4,2}: n=8 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(8*16/32768)=1,3)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_CPU3, ACL_FLOAT16, SH_4x2, 1.2f, 1, 512, 8, 11392, 1, 8, 0},
/* cpu3 f16 {1024}: n=1024 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(1024*16/32768)=1,3)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_CPU3, ACL_FLOAT16, SH_1024, 0.0f, 1, 1024, 1024, 11392, 1, 1024, 0},
/* cpu3 f16 {1025}: n=1025 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(1025*16/32768)=1,3)=1 bf=ceilAlign(ceil(1025/1)=1025,512)=1536 bn=ceil(1025/1536)=1 tail=1025-0*1536=1025 */
    {P_CPU3, ACL_FLOAT16, SH_1025, 3.75f, 1, 1536, 1025, 8960, 1, 1025, 1},
/* cpu3 f16 {3000}: n=3000 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(3000*16/32768)=2,3)=2 bf=ceilAlign(ceil(3000/2)=1500,512)=1536 bn=ceil(3000/1536)=2 tail=3000-1*1536=1464 */
    {P_CPU3, ACL_FLOAT16, SH_3000, 0.5f, 2, 1536, 3000, 8960, 2, 1464, 1},
/* cpu3 f16 {5,7,333}: n=11655 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(11655*16/32768)=6,3)=3 bf=ceilAlign(ceil(11655/3)=3885,512)=4096 bn=ceil(11655/4096)=3 tail=11655-2*4096=3463 */
    {P_CPU3, ACL_FLOAT16, SH_5x7x333, 1.2f, 3, 4096, 11655, 8960, 3, 3463, 1},
/* cpu3 f16 {49153}: n=49153 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(49153*16/32768)=25,3)=3 bf=ceilAlign(ceil(49153/3)=16385,512)=16896 bn=ceil(49153/16896)=3 tail=49153-2*16896=15361 */
    {P_CPU3, ACL_FLOAT16, SH_49153, 0.0f, 3, 16896, 49153, 8960, 3, 15361, 1},
/* cpu3 f16 {1000000}: n=1000000 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(1000000*16/32768)=489,3)=3 bf=ceilAlign(ceil(1000000/3)=333334,512)=333824 bn=ceil(1000000/333824)=3 tail=1000000-2*333824=332352 */
    {P_CPU3, ACL_FLOAT16, SH_1M, 3.75f, 3, 333824, 1000000, 8960, 3, 332352, 1},
/* cpu3 f16 {16,1024,1024}: n=16777216 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(16777216*16/32768)=8192,3)=3 bf=ceilAlign(ceil(16777216/3)=5592406,512)=5592576 bn=ceil(16777216/5592576)=3 tail=16777216-2*5592576=5592064 */
    {P_CPU3, ACL_FLOAT16, SH_16x1024x1024, 0.5f, 3, 5592576, 16777216, 8960, 3, 5592064, 1},
/* cpu3 bf16 {}: n=1 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(1*16/32768)=1,3)=1 bf=ceilAlign(ceil(1/1)=1,512)=512 bn=ceil(1/512)=1 tail=1-0*512=1 */
    {P_CPU3, ACL_BF16, SH_RANK0, 1.2f, 1, 512, 1, 11392, 1, 1, 0},
/* cpu3 bf16 {0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU3, ACL_BF16, SH_0, 0.0f, 0, 0, 0, 11392, 1, 0, 0},
/* cpu3 bf16 {3,0}: n=0 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 empty: cores=1 bf=0 bn=0 tail=0 */
    {P_CPU3, ACL_BF16, SH_3x0, 3.75f, 0, 0, 0, 11392, 1, 0, 0},
/* cpu3 bf16 {4,2}: n=8 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(8*16/32768)=1,3)=1 bf=ceilAlign(ceil(8/1)=8,512)=512 bn=ceil(8/512)=1 tail=8-0*512=8 */
    {P_CPU3, ACL_BF16, SH_4x2, 0.5f, 1, 512, 8, 11392, 1, 8, 0},
/* cpu3 bf16 {1024}: n=1024 mode=0 ub=floor((262144-8192)*8/(3*16+4*32+2=178)/128)*128=11392 cores=min(ceil(1024*16/32768)=1,3)=1 bf=ceilAlign(ceil(1024/1)=1024,512)=1024 bn=ceil(1024/1024)=1 tail=1024-0*1024=1024 */
    {P_CPU3, ACL_BF16, SH_1024, 1.2f, 1, 1024, 1024, 11392, 1, 1024, 0},
/* cpu3 bf16 {1025}: n=1025 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(1025*16/32768)=1,3)=1 bf=ceilAlign(ceil(1025/1)=1025,512)=1536 bn=ceil(1025/1536)=1 tail=1025-0*1536=1025 */
    {P_CPU3, ACL_BF16, SH_1025, 0.0f, 1, 1536, 1025, 8960, 1, 1025, 1},
/* cpu3 bf16 {3000}: n=3000 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(3000*16/32768)=2,3)=2 bf=ceilAlign(ceil(3000/2)=1500,512)=1536 bn=ceil(3000/1536)=2 tail=3000-1*1536=1464 */
    {P_CPU3, ACL_BF16, SH_3000, 3.75f, 2, 1536, 3000, 8960, 2, 1464, 1},
/* cpu3 bf16 {5,7,333}: n=11655 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(11655*16/32768)=6,3)=3 bf=ceilAlign(ceil(11655/3)=3885,512)=4096 bn=ceil(11655/4096)=3 tail=11655-2*4096=3463 */
    {P_CPU3, ACL_BF16, SH_5x7x333, 0.5f, 3, 4096, 11655, 8960, 3, 3463, 1},
/* cpu3 bf16 {49153}: n=49153 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(49153*16/32768)=25,3)=3 bf=ceilAlign(ceil(49153/3)=16385,512)=16896 bn=ceil(49153/16896)=3 tail=49153-2*16896=15361 */
    {P_CPU3, ACL_BF16, SH_49153, 1.2f, 3, 16896, 49153, 8960, 3, 15361, 1},
/* cpu3 bf16 {1000000}: n=1000000 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(1000000*16/32768)=489,3)=3 bf=ceilAlign(ceil(1000000/3)=333334,512)=333824 bn=ceil(1000000/333824)=3 tail=1000000-2*333824=332352 */
    {P_CPU3, ACL_BF16, SH_1M, 0.0f, 3, 333824, 1000000, 8960, 3, 332352, 1},
/* cpu3 bf16 {16,1024,1024}: n=16777216 mode=1 ub=floor((262144-8192)*8/(6*16+4*32+2=226)/128)*128=8960 cores=min(ceil(16777216*16/32768)=8192,3)=3 bf=ceilAlign(ceil(16777216/3)=5592406,512)=5592576 bn=ceil(16777216/5592576)=3 tail=16777216-2*5592576=5592064 */
    {P_CPU3, ACL_BF16, SH_16x1024x1024, 3.75f, 3, 5592576, 16777216, 8960, 3, 5592064, 1},
};

static void check_ss_case(const ss_case *c)
{
    opsnn_platform p;
    opsnn_softshrink_grad_tiling t;
    char what[160];
    snprintf(what, sizeof what, "softshrink %s %s %s", PROFILE_NAMES[c->prof],
             dtype_name(c->dtype), SHAPES[c->shape].name);

    get_profile(c->prof, &p);
    memset(&t, 0x5A, sizeof t);
    aclnnStatus st = opsnn_softshrink_grad_tiling_compute(&p, c->dtype, SHAPES[c->shape].dims,
                                                          SHAPES[c->shape].ndim, c->lambd, &t);
    if (st != ACLNN_SUCCESS || t.data.blockNum != c->blockNum ||
        t.data.blockFormer != c->blockFormer || t.data.dim0 != c->dim0 ||
        t.data.ubFormer != c->ubFormer || t.usedCoreNum != c->usedCoreNum ||
        t.blockTail != c->blockTail || t.bufferMode != c->bufferMode) {
        print_message("%s: status %d got blockNum %lld blockFormer %lld dim0 %lld ubFormer %lld "
                      "usedCoreNum %lld blockTail %lld bufferMode %d\n",
                      what, (int)st, (long long)t.data.blockNum, (long long)t.data.blockFormer,
                      (long long)t.data.dim0, (long long)t.data.ubFormer,
                      (long long)t.usedCoreNum, (long long)t.blockTail, t.bufferMode);
    }
    assert_int_equal(st, ACLNN_SUCCESS);
    assert_int_equal(t.data.blockNum, c->blockNum);
    assert_int_equal(t.data.blockFormer, c->blockFormer);
    assert_int_equal(t.data.dim0, c->dim0);
    assert_int_equal(t.data.ubFormer, c->ubFormer);
    assert_true(same_float_bits(t.data.lambd, c->lambd));
    assert_int_equal(t.usedCoreNum, c->usedCoreNum);
    assert_int_equal(t.blockTail, c->blockTail);
    assert_int_equal(t.bufferMode, c->bufferMode);
    if (c->dim0 > 0) {
        /* SPEC §8: the last block takes dim0 - (blockNum - 1) * blockFormer. */
        assert_int_equal((t.data.blockNum - 1) * t.data.blockFormer + t.blockTail, t.data.dim0);
    }
}

static void softshrink_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < ARRAY_LEN(SS_CASES); i++) {
        check_ss_case(&SS_CASES[i]);
    }
    opsnn_set_num_threads(0);
}

/* ---- selu: hand-computed table ------------------------------------------- */

typedef struct {
    int prof;
    aclDataType dtype;
    int shape;
    int64_t totalElements, blockFormer, ubFormer, usedCoreNum, blockTail;
} selu_case;

/* Notes: {1000} on 48/64 cores uses fewer cores than the platform has and ends
 * in a partial block; {2 x 9} checks that rank above 8 is accepted (SPEC §7). */
static const selu_case SELU_CASES[] = {
/* 910B f32 {}: total=1 bf=ceilAlign(ceil(1/48)=1,32)=32 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_910B, ACL_FLOAT, SH_RANK0, 1, 32, 6496, 1, 1},
/* 910B f32 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_FLOAT, SH_0, 0, 0, 0, 1, 0},
/* 910B f32 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_FLOAT, SH_3x0, 0, 0, 0, 1, 0},
/* 910B f32 {4,2}: total=8 bf=ceilAlign(ceil(8/48)=1,32)=32 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_910B, ACL_FLOAT, SH_4x2, 8, 32, 6496, 1, 8},
/* 910B f32 {1024}: total=1024 bf=ceilAlign(ceil(1024/48)=22,32)=32 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_910B, ACL_FLOAT, SH_1024, 1024, 32, 6496, 32, 32},
/* 910B f32 {1025}: total=1025 bf=ceilAlign(ceil(1025/48)=22,32)=32 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_910B, ACL_FLOAT, SH_1025, 1025, 32, 6496, 33, 1},
/* 910B f32 {3000}: total=3000 bf=ceilAlign(ceil(3000/48)=63,32)=64 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_910B, ACL_FLOAT, SH_3000, 3000, 64, 6496, 47, 56},
/* 910B f32 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/48)=243,32)=256 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(11655/256)=46 tail=11655-45*256=135 */
    {P_910B, ACL_FLOAT, SH_5x7x333, 11655, 256, 6496, 46, 135},
/* 910B f32 {49153}: total=49153 bf=ceilAlign(ceil(49153/48)=1025,32)=1056 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(49153/1056)=47 tail=49153-46*1056=577 */
    {P_910B, ACL_FLOAT, SH_49153, 49153, 1056, 6496, 47, 577},
/* 910B f32 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/48)=20834,32)=20864 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(1000000/20864)=48 tail=1000000-47*20864=19392 */
    {P_910B, ACL_FLOAT, SH_1M, 1000000, 20864, 6496, 48, 19392},
/* 910B f32 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/48)=349526,32)=349536 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(16777216/349536)=48 tail=16777216-47*349536=349024 */
    {P_910B, ACL_FLOAT, SH_16x1024x1024, 16777216, 349536, 6496, 48, 349024},
/* 910B f32 {1000}: total=1000 bf=ceilAlign(ceil(1000/48)=21,32)=32 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_910B, ACL_FLOAT, SH_1000, 1000, 32, 6496, 32, 8},
/* 910B f32 {2x9}: total=512 bf=ceilAlign(ceil(512/48)=11,32)=32 ub=floorAlign((196608-8192)/29=6497,32)=6496 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_910B, ACL_FLOAT, SH_RANK9, 512, 32, 6496, 16, 32},
/* 910B f16 {}: total=1 bf=ceilAlign(ceil(1/48)=1,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_910B, ACL_FLOAT16, SH_RANK0, 1, 32, 5536, 1, 1},
/* 910B f16 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_FLOAT16, SH_0, 0, 0, 0, 1, 0},
/* 910B f16 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_FLOAT16, SH_3x0, 0, 0, 0, 1, 0},
/* 910B f16 {4,2}: total=8 bf=ceilAlign(ceil(8/48)=1,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_910B, ACL_FLOAT16, SH_4x2, 8, 32, 5536, 1, 8},
/* 910B f16 {1024}: total=1024 bf=ceilAlign(ceil(1024/48)=22,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_910B, ACL_FLOAT16, SH_1024, 1024, 32, 5536, 32, 32},
/* 910B f16 {1025}: total=1025 bf=ceilAlign(ceil(1025/48)=22,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_910B, ACL_FLOAT16, SH_1025, 1025, 32, 5536, 33, 1},
/* 910B f16 {3000}: total=3000 bf=ceilAlign(ceil(3000/48)=63,32)=64 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_910B, ACL_FLOAT16, SH_3000, 3000, 64, 5536, 47, 56},
/* 910B f16 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/48)=243,32)=256 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(11655/256)=46 tail=11655-45*256=135 */
    {P_910B, ACL_FLOAT16, SH_5x7x333, 11655, 256, 5536, 46, 135},
/* 910B f16 {49153}: total=49153 bf=ceilAlign(ceil(49153/48)=1025,32)=1056 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(49153/1056)=47 tail=49153-46*1056=577 */
    {P_910B, ACL_FLOAT16, SH_49153, 49153, 1056, 5536, 47, 577},
/* 910B f16 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/48)=20834,32)=20864 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1000000/20864)=48 tail=1000000-47*20864=19392 */
    {P_910B, ACL_FLOAT16, SH_1M, 1000000, 20864, 5536, 48, 19392},
/* 910B f16 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/48)=349526,32)=349536 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(16777216/349536)=48 tail=16777216-47*349536=349024 */
    {P_910B, ACL_FLOAT16, SH_16x1024x1024, 16777216, 349536, 5536, 48, 349024},
/* 910B f16 {1000}: total=1000 bf=ceilAlign(ceil(1000/48)=21,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_910B, ACL_FLOAT16, SH_1000, 1000, 32, 5536, 32, 8},
/* 910B f16 {2x9}: total=512 bf=ceilAlign(ceil(512/48)=11,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_910B, ACL_FLOAT16, SH_RANK9, 512, 32, 5536, 16, 32},
/* 910B bf16 {}: total=1 bf=ceilAlign(ceil(1/48)=1,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_910B, ACL_BF16, SH_RANK0, 1, 32, 5536, 1, 1},
/* 910B bf16 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_BF16, SH_0, 0, 0, 0, 1, 0},
/* 910B bf16 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_BF16, SH_3x0, 0, 0, 0, 1, 0},
/* 910B bf16 {4,2}: total=8 bf=ceilAlign(ceil(8/48)=1,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_910B, ACL_BF16, SH_4x2, 8, 32, 5536, 1, 8},
/* 910B bf16 {1024}: total=1024 bf=ceilAlign(ceil(1024/48)=22,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_910B, ACL_BF16, SH_1024, 1024, 32, 5536, 32, 32},
/* 910B bf16 {1025}: total=1025 bf=ceilAlign(ceil(1025/48)=22,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_910B, ACL_BF16, SH_1025, 1025, 32, 5536, 33, 1},
/* 910B bf16 {3000}: total=3000 bf=ceilAlign(ceil(3000/48)=63,32)=64 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_910B, ACL_BF16, SH_3000, 3000, 64, 5536, 47, 56},
/* 910B bf16 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/48)=243,32)=256 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(11655/256)=46 tail=11655-45*256=135 */
    {P_910B, ACL_BF16, SH_5x7x333, 11655, 256, 5536, 46, 135},
/* 910B bf16 {49153}: total=49153 bf=ceilAlign(ceil(49153/48)=1025,32)=1056 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(49153/1056)=47 tail=49153-46*1056=577 */
    {P_910B, ACL_BF16, SH_49153, 49153, 1056, 5536, 47, 577},
/* 910B bf16 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/48)=20834,32)=20864 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1000000/20864)=48 tail=1000000-47*20864=19392 */
    {P_910B, ACL_BF16, SH_1M, 1000000, 20864, 5536, 48, 19392},
/* 910B bf16 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/48)=349526,32)=349536 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(16777216/349536)=48 tail=16777216-47*349536=349024 */
    {P_910B, ACL_BF16, SH_16x1024x1024, 16777216, 349536, 5536, 48, 349024},
/* 910B bf16 {1000}: total=1000 bf=ceilAlign(ceil(1000/48)=21,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_910B, ACL_BF16, SH_1000, 1000, 32, 5536, 32, 8},
/* 910B bf16 {2x9}: total=512 bf=ceilAlign(ceil(512/48)=11,32)=32 ub=floorAlign((196608-8192)/34=5541,32)=5536 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_910B, ACL_BF16, SH_RANK9, 512, 32, 5536, 16, 32},
/* 910B i32 {}: total=1 bf=ceilAlign(ceil(1/48)=1,32)=32 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_910B, ACL_INT32, SH_RANK0, 1, 32, 4256, 1, 1},
/* 910B i32 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_INT32, SH_0, 0, 0, 0, 1, 0},
/* 910B i32 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_INT32, SH_3x0, 0, 0, 0, 1, 0},
/* 910B i32 {4,2}: total=8 bf=ceilAlign(ceil(8/48)=1,32)=32 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_910B, ACL_INT32, SH_4x2, 8, 32, 4256, 1, 8},
/* 910B i32 {1024}: total=1024 bf=ceilAlign(ceil(1024/48)=22,32)=32 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_910B, ACL_INT32, SH_1024, 1024, 32, 4256, 32, 32},
/* 910B i32 {1025}: total=1025 bf=ceilAlign(ceil(1025/48)=22,32)=32 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_910B, ACL_INT32, SH_1025, 1025, 32, 4256, 33, 1},
/* 910B i32 {3000}: total=3000 bf=ceilAlign(ceil(3000/48)=63,32)=64 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_910B, ACL_INT32, SH_3000, 3000, 64, 4256, 47, 56},
/* 910B i32 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/48)=243,32)=256 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(11655/256)=46 tail=11655-45*256=135 */
    {P_910B, ACL_INT32, SH_5x7x333, 11655, 256, 4256, 46, 135},
/* 910B i32 {49153}: total=49153 bf=ceilAlign(ceil(49153/48)=1025,32)=1056 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(49153/1056)=47 tail=49153-46*1056=577 */
    {P_910B, ACL_INT32, SH_49153, 49153, 1056, 4256, 47, 577},
/* 910B i32 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/48)=20834,32)=20864 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(1000000/20864)=48 tail=1000000-47*20864=19392 */
    {P_910B, ACL_INT32, SH_1M, 1000000, 20864, 4256, 48, 19392},
/* 910B i32 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/48)=349526,32)=349536 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(16777216/349536)=48 tail=16777216-47*349536=349024 */
    {P_910B, ACL_INT32, SH_16x1024x1024, 16777216, 349536, 4256, 48, 349024},
/* 910B i32 {1000}: total=1000 bf=ceilAlign(ceil(1000/48)=21,32)=32 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_910B, ACL_INT32, SH_1000, 1000, 32, 4256, 32, 8},
/* 910B i32 {2x9}: total=512 bf=ceilAlign(ceil(512/48)=11,32)=32 ub=floorAlign((196608-8192)/44=4282,32)=4256 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_910B, ACL_INT32, SH_RANK9, 512, 32, 4256, 16, 32},
/* 910B i8 {}: total=1 bf=ceilAlign(ceil(1/48)=1,32)=32 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_910B, ACL_INT8, SH_RANK0, 1, 32, 5376, 1, 1},
/* 910B i8 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_INT8, SH_0, 0, 0, 0, 1, 0},
/* 910B i8 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_910B, ACL_INT8, SH_3x0, 0, 0, 0, 1, 0},
/* 910B i8 {4,2}: total=8 bf=ceilAlign(ceil(8/48)=1,32)=32 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_910B, ACL_INT8, SH_4x2, 8, 32, 5376, 1, 8},
/* 910B i8 {1024}: total=1024 bf=ceilAlign(ceil(1024/48)=22,32)=32 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_910B, ACL_INT8, SH_1024, 1024, 32, 5376, 32, 32},
/* 910B i8 {1025}: total=1025 bf=ceilAlign(ceil(1025/48)=22,32)=32 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_910B, ACL_INT8, SH_1025, 1025, 32, 5376, 33, 1},
/* 910B i8 {3000}: total=3000 bf=ceilAlign(ceil(3000/48)=63,32)=64 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_910B, ACL_INT8, SH_3000, 3000, 64, 5376, 47, 56},
/* 910B i8 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/48)=243,32)=256 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(11655/256)=46 tail=11655-45*256=135 */
    {P_910B, ACL_INT8, SH_5x7x333, 11655, 256, 5376, 46, 135},
/* 910B i8 {49153}: total=49153 bf=ceilAlign(ceil(49153/48)=1025,32)=1056 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(49153/1056)=47 tail=49153-46*1056=577 */
    {P_910B, ACL_INT8, SH_49153, 49153, 1056, 5376, 47, 577},
/* 910B i8 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/48)=20834,32)=20864 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(1000000/20864)=48 tail=1000000-47*20864=19392 */
    {P_910B, ACL_INT8, SH_1M, 1000000, 20864, 5376, 48, 19392},
/* 910B i8 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/48)=349526,32)=349536 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(16777216/349536)=48 tail=16777216-47*349536=349024 */
    {P_910B, ACL_INT8, SH_16x1024x1024, 16777216, 349536, 5376, 48, 349024},
/* 910B i8 {1000}: total=1000 bf=ceilAlign(ceil(1000/48)=21,32)=32 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_910B, ACL_INT8, SH_1000, 1000, 32, 5376, 32, 8},
/* 910B i8 {2x9}: total=512 bf=ceilAlign(ceil(512/48)=11,32)=32 ub=floorAlign((196608-8192)/35=5383,32)=5376 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_910B, ACL_INT8, SH_RANK9, 512, 32, 5376, 16, 32},
/* 950 f32 {}: total=1 bf=ceilAlign(ceil(1/64)=1,32)=32 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_950, ACL_FLOAT, SH_RANK0, 1, 32, 8192, 1, 1},
/* 950 f32 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_FLOAT, SH_0, 0, 0, 0, 1, 0},
/* 950 f32 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_FLOAT, SH_3x0, 0, 0, 0, 1, 0},
/* 950 f32 {4,2}: total=8 bf=ceilAlign(ceil(8/64)=1,32)=32 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_950, ACL_FLOAT, SH_4x2, 8, 32, 8192, 1, 8},
/* 950 f32 {1024}: total=1024 bf=ceilAlign(ceil(1024/64)=16,32)=32 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_950, ACL_FLOAT, SH_1024, 1024, 32, 8192, 32, 32},
/* 950 f32 {1025}: total=1025 bf=ceilAlign(ceil(1025/64)=17,32)=32 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_950, ACL_FLOAT, SH_1025, 1025, 32, 8192, 33, 1},
/* 950 f32 {3000}: total=3000 bf=ceilAlign(ceil(3000/64)=47,32)=64 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_950, ACL_FLOAT, SH_3000, 3000, 64, 8192, 47, 56},
/* 950 f32 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/64)=183,32)=192 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(11655/192)=61 tail=11655-60*192=135 */
    {P_950, ACL_FLOAT, SH_5x7x333, 11655, 192, 8192, 61, 135},
/* 950 f32 {49153}: total=49153 bf=ceilAlign(ceil(49153/64)=769,32)=800 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(49153/800)=62 tail=49153-61*800=353 */
    {P_950, ACL_FLOAT, SH_49153, 49153, 800, 8192, 62, 353},
/* 950 f32 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/64)=15625,32)=15648 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(1000000/15648)=64 tail=1000000-63*15648=14176 */
    {P_950, ACL_FLOAT, SH_1M, 1000000, 15648, 8192, 64, 14176},
/* 950 f32 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/64)=262144,32)=262144 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(16777216/262144)=64 tail=16777216-63*262144=262144 */
    {P_950, ACL_FLOAT, SH_16x1024x1024, 16777216, 262144, 8192, 64, 262144},
/* 950 f32 {1000}: total=1000 bf=ceilAlign(ceil(1000/64)=16,32)=32 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_950, ACL_FLOAT, SH_1000, 1000, 32, 8192, 32, 8},
/* 950 f32 {2x9}: total=512 bf=ceilAlign(ceil(512/64)=8,32)=32 ub=floorAlign((245760-8192)/29=8192,32)=8192 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_950, ACL_FLOAT, SH_RANK9, 512, 32, 8192, 16, 32},
/* 950 f16 {}: total=1 bf=ceilAlign(ceil(1/64)=1,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_950, ACL_FLOAT16, SH_RANK0, 1, 32, 6976, 1, 1},
/* 950 f16 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_FLOAT16, SH_0, 0, 0, 0, 1, 0},
/* 950 f16 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_FLOAT16, SH_3x0, 0, 0, 0, 1, 0},
/* 950 f16 {4,2}: total=8 bf=ceilAlign(ceil(8/64)=1,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_950, ACL_FLOAT16, SH_4x2, 8, 32, 6976, 1, 8},
/* 950 f16 {1024}: total=1024 bf=ceilAlign(ceil(1024/64)=16,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_950, ACL_FLOAT16, SH_1024, 1024, 32, 6976, 32, 32},
/* 950 f16 {1025}: total=1025 bf=ceilAlign(ceil(1025/64)=17,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_950, ACL_FLOAT16, SH_1025, 1025, 32, 6976, 33, 1},
/* 950 f16 {3000}: total=3000 bf=ceilAlign(ceil(3000/64)=47,32)=64 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_950, ACL_FLOAT16, SH_3000, 3000, 64, 6976, 47, 56},
/* 950 f16 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/64)=183,32)=192 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(11655/192)=61 tail=11655-60*192=135 */
    {P_950, ACL_FLOAT16, SH_5x7x333, 11655, 192, 6976, 61, 135},
/* 950 f16 {49153}: total=49153 bf=ceilAlign(ceil(49153/64)=769,32)=800 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(49153/800)=62 tail=49153-61*800=353 */
    {P_950, ACL_FLOAT16, SH_49153, 49153, 800, 6976, 62, 353},
/* 950 f16 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/64)=15625,32)=15648 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1000000/15648)=64 tail=1000000-63*15648=14176 */
    {P_950, ACL_FLOAT16, SH_1M, 1000000, 15648, 6976, 64, 14176},
/* 950 f16 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/64)=262144,32)=262144 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(16777216/262144)=64 tail=16777216-63*262144=262144 */
    {P_950, ACL_FLOAT16, SH_16x1024x1024, 16777216, 262144, 6976, 64, 262144},
/* 950 f16 {1000}: total=1000 bf=ceilAlign(ceil(1000/64)=16,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_950, ACL_FLOAT16, SH_1000, 1000, 32, 6976, 32, 8},
/* 950 f16 {2x9}: total=512 bf=ceilAlign(ceil(512/64)=8,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_950, ACL_FLOAT16, SH_RANK9, 512, 32, 6976, 16, 32},
/* 950 bf16 {}: total=1 bf=ceilAlign(ceil(1/64)=1,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_950, ACL_BF16, SH_RANK0, 1, 32, 6976, 1, 1},
/* 950 bf16 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_BF16, SH_0, 0, 0, 0, 1, 0},
/* 950 bf16 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_BF16, SH_3x0, 0, 0, 0, 1, 0},
/* 950 bf16 {4,2}: total=8 bf=ceilAlign(ceil(8/64)=1,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_950, ACL_BF16, SH_4x2, 8, 32, 6976, 1, 8},
/* 950 bf16 {1024}: total=1024 bf=ceilAlign(ceil(1024/64)=16,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_950, ACL_BF16, SH_1024, 1024, 32, 6976, 32, 32},
/* 950 bf16 {1025}: total=1025 bf=ceilAlign(ceil(1025/64)=17,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_950, ACL_BF16, SH_1025, 1025, 32, 6976, 33, 1},
/* 950 bf16 {3000}: total=3000 bf=ceilAlign(ceil(3000/64)=47,32)=64 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_950, ACL_BF16, SH_3000, 3000, 64, 6976, 47, 56},
/* 950 bf16 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/64)=183,32)=192 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(11655/192)=61 tail=11655-60*192=135 */
    {P_950, ACL_BF16, SH_5x7x333, 11655, 192, 6976, 61, 135},
/* 950 bf16 {49153}: total=49153 bf=ceilAlign(ceil(49153/64)=769,32)=800 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(49153/800)=62 tail=49153-61*800=353 */
    {P_950, ACL_BF16, SH_49153, 49153, 800, 6976, 62, 353},
/* 950 bf16 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/64)=15625,32)=15648 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1000000/15648)=64 tail=1000000-63*15648=14176 */
    {P_950, ACL_BF16, SH_1M, 1000000, 15648, 6976, 64, 14176},
/* 950 bf16 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/64)=262144,32)=262144 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(16777216/262144)=64 tail=16777216-63*262144=262144 */
    {P_950, ACL_BF16, SH_16x1024x1024, 16777216, 262144, 6976, 64, 262144},
/* 950 bf16 {1000}: total=1000 bf=ceilAlign(ceil(1000/64)=16,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_950, ACL_BF16, SH_1000, 1000, 32, 6976, 32, 8},
/* 950 bf16 {2x9}: total=512 bf=ceilAlign(ceil(512/64)=8,32)=32 ub=floorAlign((245760-8192)/34=6987,32)=6976 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_950, ACL_BF16, SH_RANK9, 512, 32, 6976, 16, 32},
/* 950 i32 {}: total=1 bf=ceilAlign(ceil(1/64)=1,32)=32 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_950, ACL_INT32, SH_RANK0, 1, 32, 5376, 1, 1},
/* 950 i32 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_INT32, SH_0, 0, 0, 0, 1, 0},
/* 950 i32 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_INT32, SH_3x0, 0, 0, 0, 1, 0},
/* 950 i32 {4,2}: total=8 bf=ceilAlign(ceil(8/64)=1,32)=32 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_950, ACL_INT32, SH_4x2, 8, 32, 5376, 1, 8},
/* 950 i32 {1024}: total=1024 bf=ceilAlign(ceil(1024/64)=16,32)=32 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_950, ACL_INT32, SH_1024, 1024, 32, 5376, 32, 32},
/* 950 i32 {1025}: total=1025 bf=ceilAlign(ceil(1025/64)=17,32)=32 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_950, ACL_INT32, SH_1025, 1025, 32, 5376, 33, 1},
/* 950 i32 {3000}: total=3000 bf=ceilAlign(ceil(3000/64)=47,32)=64 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_950, ACL_INT32, SH_3000, 3000, 64, 5376, 47, 56},
/* 950 i32 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/64)=183,32)=192 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(11655/192)=61 tail=11655-60*192=135 */
    {P_950, ACL_INT32, SH_5x7x333, 11655, 192, 5376, 61, 135},
/* 950 i32 {49153}: total=49153 bf=ceilAlign(ceil(49153/64)=769,32)=800 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(49153/800)=62 tail=49153-61*800=353 */
    {P_950, ACL_INT32, SH_49153, 49153, 800, 5376, 62, 353},
/* 950 i32 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/64)=15625,32)=15648 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(1000000/15648)=64 tail=1000000-63*15648=14176 */
    {P_950, ACL_INT32, SH_1M, 1000000, 15648, 5376, 64, 14176},
/* 950 i32 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/64)=262144,32)=262144 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(16777216/262144)=64 tail=16777216-63*262144=262144 */
    {P_950, ACL_INT32, SH_16x1024x1024, 16777216, 262144, 5376, 64, 262144},
/* 950 i32 {1000}: total=1000 bf=ceilAlign(ceil(1000/64)=16,32)=32 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_950, ACL_INT32, SH_1000, 1000, 32, 5376, 32, 8},
/* 950 i32 {2x9}: total=512 bf=ceilAlign(ceil(512/64)=8,32)=32 ub=floorAlign((245760-8192)/44=5399,32)=5376 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_950, ACL_INT32, SH_RANK9, 512, 32, 5376, 16, 32},
/* 950 i8 {}: total=1 bf=ceilAlign(ceil(1/64)=1,32)=32 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_950, ACL_INT8, SH_RANK0, 1, 32, 6784, 1, 1},
/* 950 i8 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_INT8, SH_0, 0, 0, 0, 1, 0},
/* 950 i8 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_950, ACL_INT8, SH_3x0, 0, 0, 0, 1, 0},
/* 950 i8 {4,2}: total=8 bf=ceilAlign(ceil(8/64)=1,32)=32 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_950, ACL_INT8, SH_4x2, 8, 32, 6784, 1, 8},
/* 950 i8 {1024}: total=1024 bf=ceilAlign(ceil(1024/64)=16,32)=32 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(1024/32)=32 tail=1024-31*32=32 */
    {P_950, ACL_INT8, SH_1024, 1024, 32, 6784, 32, 32},
/* 950 i8 {1025}: total=1025 bf=ceilAlign(ceil(1025/64)=17,32)=32 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(1025/32)=33 tail=1025-32*32=1 */
    {P_950, ACL_INT8, SH_1025, 1025, 32, 6784, 33, 1},
/* 950 i8 {3000}: total=3000 bf=ceilAlign(ceil(3000/64)=47,32)=64 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(3000/64)=47 tail=3000-46*64=56 */
    {P_950, ACL_INT8, SH_3000, 3000, 64, 6784, 47, 56},
/* 950 i8 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/64)=183,32)=192 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(11655/192)=61 tail=11655-60*192=135 */
    {P_950, ACL_INT8, SH_5x7x333, 11655, 192, 6784, 61, 135},
/* 950 i8 {49153}: total=49153 bf=ceilAlign(ceil(49153/64)=769,32)=800 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(49153/800)=62 tail=49153-61*800=353 */
    {P_950, ACL_INT8, SH_49153, 49153, 800, 6784, 62, 353},
/* 950 i8 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/64)=15625,32)=15648 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(1000000/15648)=64 tail=1000000-63*15648=14176 */
    {P_950, ACL_INT8, SH_1M, 1000000, 15648, 6784, 64, 14176},
/* 950 i8 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/64)=262144,32)=262144 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(16777216/262144)=64 tail=16777216-63*262144=262144 */
    {P_950, ACL_INT8, SH_16x1024x1024, 16777216, 262144, 6784, 64, 262144},
/* 950 i8 {1000}: total=1000 bf=ceilAlign(ceil(1000/64)=16,32)=32 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(1000/32)=32 tail=1000-31*32=8 */
    {P_950, ACL_INT8, SH_1000, 1000, 32, 6784, 32, 8},
/* 950 i8 {2x9}: total=512 bf=ceilAlign(ceil(512/64)=8,32)=32 ub=floorAlign((245760-8192)/35=6787,32)=6784 cores=ceil(512/32)=16 tail=512-15*32=32 */
    {P_950, ACL_INT8, SH_RANK9, 512, 32, 6784, 16, 32},
/* cpu2 f32 {}: total=1 bf=ceilAlign(ceil(1/2)=1,32)=32 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU2, ACL_FLOAT, SH_RANK0, 1, 32, 8736, 1, 1},
/* cpu2 f32 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_FLOAT, SH_0, 0, 0, 0, 1, 0},
/* cpu2 f32 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_FLOAT, SH_3x0, 0, 0, 0, 1, 0},
/* cpu2 f32 {4,2}: total=8 bf=ceilAlign(ceil(8/2)=4,32)=32 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU2, ACL_FLOAT, SH_4x2, 8, 32, 8736, 1, 8},
/* cpu2 f32 {1024}: total=1024 bf=ceilAlign(ceil(1024/2)=512,32)=512 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1024/512)=2 tail=1024-1*512=512 */
    {P_CPU2, ACL_FLOAT, SH_1024, 1024, 512, 8736, 2, 512},
/* cpu2 f32 {1025}: total=1025 bf=ceilAlign(ceil(1025/2)=513,32)=544 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1025/544)=2 tail=1025-1*544=481 */
    {P_CPU2, ACL_FLOAT, SH_1025, 1025, 544, 8736, 2, 481},
/* cpu2 f32 {3000}: total=3000 bf=ceilAlign(ceil(3000/2)=1500,32)=1504 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(3000/1504)=2 tail=3000-1*1504=1496 */
    {P_CPU2, ACL_FLOAT, SH_3000, 3000, 1504, 8736, 2, 1496},
/* cpu2 f32 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/2)=5828,32)=5856 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(11655/5856)=2 tail=11655-1*5856=5799 */
    {P_CPU2, ACL_FLOAT, SH_5x7x333, 11655, 5856, 8736, 2, 5799},
/* cpu2 f32 {49153}: total=49153 bf=ceilAlign(ceil(49153/2)=24577,32)=24608 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(49153/24608)=2 tail=49153-1*24608=24545 */
    {P_CPU2, ACL_FLOAT, SH_49153, 49153, 24608, 8736, 2, 24545},
/* cpu2 f32 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/2)=500000,32)=500000 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1000000/500000)=2 tail=1000000-1*500000=500000 */
    {P_CPU2, ACL_FLOAT, SH_1M, 1000000, 500000, 8736, 2, 500000},
/* cpu2 f32 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/2)=8388608,32)=8388608 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(16777216/8388608)=2 tail=16777216-1*8388608=8388608 */
    {P_CPU2, ACL_FLOAT, SH_16x1024x1024, 16777216, 8388608, 8736, 2, 8388608},
/* cpu2 f32 {1000}: total=1000 bf=ceilAlign(ceil(1000/2)=500,32)=512 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1000/512)=2 tail=1000-1*512=488 */
    {P_CPU2, ACL_FLOAT, SH_1000, 1000, 512, 8736, 2, 488},
/* cpu2 f32 {2x9}: total=512 bf=ceilAlign(ceil(512/2)=256,32)=256 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(512/256)=2 tail=512-1*256=256 */
    {P_CPU2, ACL_FLOAT, SH_RANK9, 512, 256, 8736, 2, 256},
/* cpu2 f16 {}: total=1 bf=ceilAlign(ceil(1/2)=1,32)=32 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU2, ACL_FLOAT16, SH_RANK0, 1, 32, 7456, 1, 1},
/* cpu2 f16 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_FLOAT16, SH_0, 0, 0, 0, 1, 0},
/* cpu2 f16 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_FLOAT16, SH_3x0, 0, 0, 0, 1, 0},
/* cpu2 f16 {4,2}: total=8 bf=ceilAlign(ceil(8/2)=4,32)=32 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU2, ACL_FLOAT16, SH_4x2, 8, 32, 7456, 1, 8},
/* cpu2 f16 {1024}: total=1024 bf=ceilAlign(ceil(1024/2)=512,32)=512 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1024/512)=2 tail=1024-1*512=512 */
    {P_CPU2, ACL_FLOAT16, SH_1024, 1024, 512, 7456, 2, 512},
/* cpu2 f16 {1025}: total=1025 bf=ceilAlign(ceil(1025/2)=513,32)=544 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1025/544)=2 tail=1025-1*544=481 */
    {P_CPU2, ACL_FLOAT16, SH_1025, 1025, 544, 7456, 2, 481},
/* cpu2 f16 {3000}: total=3000 bf=ceilAlign(ceil(3000/2)=1500,32)=1504 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(3000/1504)=2 tail=3000-1*1504=1496 */
    {P_CPU2, ACL_FLOAT16, SH_3000, 3000, 1504, 7456, 2, 1496},
/* cpu2 f16 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/2)=5828,32)=5856 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(11655/5856)=2 tail=11655-1*5856=5799 */
    {P_CPU2, ACL_FLOAT16, SH_5x7x333, 11655, 5856, 7456, 2, 5799},
/* cpu2 f16 {49153}: total=49153 bf=ceilAlign(ceil(49153/2)=24577,32)=24608 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(49153/24608)=2 tail=49153-1*24608=24545 */
    {P_CPU2, ACL_FLOAT16, SH_49153, 49153, 24608, 7456, 2, 24545},
/* cpu2 f16 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/2)=500000,32)=500000 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1000000/500000)=2 tail=1000000-1*500000=500000 */
    {P_CPU2, ACL_FLOAT16, SH_1M, 1000000, 500000, 7456, 2, 500000},
/* cpu2 f16 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/2)=8388608,32)=8388608 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(16777216/8388608)=2 tail=16777216-1*8388608=8388608 */
    {P_CPU2, ACL_FLOAT16, SH_16x1024x1024, 16777216, 8388608, 7456, 2, 8388608},
/* cpu2 f16 {1000}: total=1000 bf=ceilAlign(ceil(1000/2)=500,32)=512 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1000/512)=2 tail=1000-1*512=488 */
    {P_CPU2, ACL_FLOAT16, SH_1000, 1000, 512, 7456, 2, 488},
/* cpu2 f16 {2x9}: total=512 bf=ceilAlign(ceil(512/2)=256,32)=256 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(512/256)=2 tail=512-1*256=256 */
    {P_CPU2, ACL_FLOAT16, SH_RANK9, 512, 256, 7456, 2, 256},
/* cpu2 bf16 {}: total=1 bf=ceilAlign(ceil(1/2)=1,32)=32 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU2, ACL_BF16, SH_RANK0, 1, 32, 7456, 1, 1},
/* cpu2 bf16 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_BF16, SH_0, 0, 0, 0, 1, 0},
/* cpu2 bf16 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_BF16, SH_3x0, 0, 0, 0, 1, 0},
/* cpu2 bf16 {4,2}: total=8 bf=ceilAlign(ceil(8/2)=4,32)=32 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU2, ACL_BF16, SH_4x2, 8, 32, 7456, 1, 8},
/* cpu2 bf16 {1024}: total=1024 bf=ceilAlign(ceil(1024/2)=512,32)=512 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1024/512)=2 tail=1024-1*512=512 */
    {P_CPU2, ACL_BF16, SH_1024, 1024, 512, 7456, 2, 512},
/* cpu2 bf16 {1025}: total=1025 bf=ceilAlign(ceil(1025/2)=513,32)=544 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1025/544)=2 tail=1025-1*544=481 */
    {P_CPU2, ACL_BF16, SH_1025, 1025, 544, 7456, 2, 481},
/* cpu2 bf16 {3000}: total=3000 bf=ceilAlign(ceil(3000/2)=1500,32)=1504 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(3000/1504)=2 tail=3000-1*1504=1496 */
    {P_CPU2, ACL_BF16, SH_3000, 3000, 1504, 7456, 2, 1496},
/* cpu2 bf16 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/2)=5828,32)=5856 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(11655/5856)=2 tail=11655-1*5856=5799 */
    {P_CPU2, ACL_BF16, SH_5x7x333, 11655, 5856, 7456, 2, 5799},
/* cpu2 bf16 {49153}: total=49153 bf=ceilAlign(ceil(49153/2)=24577,32)=24608 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(49153/24608)=2 tail=49153-1*24608=24545 */
    {P_CPU2, ACL_BF16, SH_49153, 49153, 24608, 7456, 2, 24545},
/* cpu2 bf16 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/2)=500000,32)=500000 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1000000/500000)=2 tail=1000000-1*500000=500000 */
    {P_CPU2, ACL_BF16, SH_1M, 1000000, 500000, 7456, 2, 500000},
/* cpu2 bf16 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/2)=8388608,32)=8388608 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(16777216/8388608)=2 tail=16777216-1*8388608=8388608 */
    {P_CPU2, ACL_BF16, SH_16x1024x1024, 16777216, 8388608, 7456, 2, 8388608},
/* cpu2 bf16 {1000}: total=1000 bf=ceilAlign(ceil(1000/2)=500,32)=512 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1000/512)=2 tail=1000-1*512=488 */
    {P_CPU2, ACL_BF16, SH_1000, 1000, 512, 7456, 2, 488},
/* cpu2 bf16 {2x9}: total=512 bf=ceilAlign(ceil(512/2)=256,32)=256 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(512/256)=2 tail=512-1*256=256 */
    {P_CPU2, ACL_BF16, SH_RANK9, 512, 256, 7456, 2, 256},
/* cpu2 i32 {}: total=1 bf=ceilAlign(ceil(1/2)=1,32)=32 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU2, ACL_INT32, SH_RANK0, 1, 32, 5760, 1, 1},
/* cpu2 i32 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_INT32, SH_0, 0, 0, 0, 1, 0},
/* cpu2 i32 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_INT32, SH_3x0, 0, 0, 0, 1, 0},
/* cpu2 i32 {4,2}: total=8 bf=ceilAlign(ceil(8/2)=4,32)=32 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU2, ACL_INT32, SH_4x2, 8, 32, 5760, 1, 8},
/* cpu2 i32 {1024}: total=1024 bf=ceilAlign(ceil(1024/2)=512,32)=512 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1024/512)=2 tail=1024-1*512=512 */
    {P_CPU2, ACL_INT32, SH_1024, 1024, 512, 5760, 2, 512},
/* cpu2 i32 {1025}: total=1025 bf=ceilAlign(ceil(1025/2)=513,32)=544 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1025/544)=2 tail=1025-1*544=481 */
    {P_CPU2, ACL_INT32, SH_1025, 1025, 544, 5760, 2, 481},
/* cpu2 i32 {3000}: total=3000 bf=ceilAlign(ceil(3000/2)=1500,32)=1504 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(3000/1504)=2 tail=3000-1*1504=1496 */
    {P_CPU2, ACL_INT32, SH_3000, 3000, 1504, 5760, 2, 1496},
/* cpu2 i32 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/2)=5828,32)=5856 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(11655/5856)=2 tail=11655-1*5856=5799 */
    {P_CPU2, ACL_INT32, SH_5x7x333, 11655, 5856, 5760, 2, 5799},
/* cpu2 i32 {49153}: total=49153 bf=ceilAlign(ceil(49153/2)=24577,32)=24608 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(49153/24608)=2 tail=49153-1*24608=24545 */
    {P_CPU2, ACL_INT32, SH_49153, 49153, 24608, 5760, 2, 24545},
/* cpu2 i32 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/2)=500000,32)=500000 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1000000/500000)=2 tail=1000000-1*500000=500000 */
    {P_CPU2, ACL_INT32, SH_1M, 1000000, 500000, 5760, 2, 500000},
/* cpu2 i32 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/2)=8388608,32)=8388608 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(16777216/8388608)=2 tail=16777216-1*8388608=8388608 */
    {P_CPU2, ACL_INT32, SH_16x1024x1024, 16777216, 8388608, 5760, 2, 8388608},
/* cpu2 i32 {1000}: total=1000 bf=ceilAlign(ceil(1000/2)=500,32)=512 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1000/512)=2 tail=1000-1*512=488 */
    {P_CPU2, ACL_INT32, SH_1000, 1000, 512, 5760, 2, 488},
/* cpu2 i32 {2x9}: total=512 bf=ceilAlign(ceil(512/2)=256,32)=256 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(512/256)=2 tail=512-1*256=256 */
    {P_CPU2, ACL_INT32, SH_RANK9, 512, 256, 5760, 2, 256},
/* cpu2 i8 {}: total=1 bf=ceilAlign(ceil(1/2)=1,32)=32 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU2, ACL_INT8, SH_RANK0, 1, 32, 7232, 1, 1},
/* cpu2 i8 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_INT8, SH_0, 0, 0, 0, 1, 0},
/* cpu2 i8 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU2, ACL_INT8, SH_3x0, 0, 0, 0, 1, 0},
/* cpu2 i8 {4,2}: total=8 bf=ceilAlign(ceil(8/2)=4,32)=32 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU2, ACL_INT8, SH_4x2, 8, 32, 7232, 1, 8},
/* cpu2 i8 {1024}: total=1024 bf=ceilAlign(ceil(1024/2)=512,32)=512 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1024/512)=2 tail=1024-1*512=512 */
    {P_CPU2, ACL_INT8, SH_1024, 1024, 512, 7232, 2, 512},
/* cpu2 i8 {1025}: total=1025 bf=ceilAlign(ceil(1025/2)=513,32)=544 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1025/544)=2 tail=1025-1*544=481 */
    {P_CPU2, ACL_INT8, SH_1025, 1025, 544, 7232, 2, 481},
/* cpu2 i8 {3000}: total=3000 bf=ceilAlign(ceil(3000/2)=1500,32)=1504 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(3000/1504)=2 tail=3000-1*1504=1496 */
    {P_CPU2, ACL_INT8, SH_3000, 3000, 1504, 7232, 2, 1496},
/* cpu2 i8 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/2)=5828,32)=5856 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(11655/5856)=2 tail=11655-1*5856=5799 */
    {P_CPU2, ACL_INT8, SH_5x7x333, 11655, 5856, 7232, 2, 5799},
/* cpu2 i8 {49153}: total=49153 bf=ceilAlign(ceil(49153/2)=24577,32)=24608 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(49153/24608)=2 tail=49153-1*24608=24545 */
    {P_CPU2, ACL_INT8, SH_49153, 49153, 24608, 7232, 2, 24545},
/* cpu2 i8 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/2)=500000,32)=500000 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1000000/500000)=2 tail=1000000-1*500000=500000 */
    {P_CPU2, ACL_INT8, SH_1M, 1000000, 500000, 7232, 2, 500000},
/* cpu2 i8 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/2)=8388608,32)=8388608 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(16777216/8388608)=2 tail=16777216-1*8388608=8388608 */
    {P_CPU2, ACL_INT8, SH_16x1024x1024, 16777216, 8388608, 7232, 2, 8388608},
/* cpu2 i8 {1000}: total=1000 bf=ceilAlign(ceil(1000/2)=500,32)=512 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1000/512)=2 tail=1000-1*512=488 */
    {P_CPU2, ACL_INT8, SH_1000, 1000, 512, 7232, 2, 488},
/* cpu2 i8 {2x9}: total=512 bf=ceilAlign(ceil(512/2)=256,32)=256 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(512/256)=2 tail=512-1*256=256 */
    {P_CPU2, ACL_INT8, SH_RANK9, 512, 256, 7232, 2, 256},
/* cpu3 f32 {}: total=1 bf=ceilAlign(ceil(1/3)=1,32)=32 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU3, ACL_FLOAT, SH_RANK0, 1, 32, 8736, 1, 1},
/* cpu3 f32 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_FLOAT, SH_0, 0, 0, 0, 1, 0},
/* cpu3 f32 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_FLOAT, SH_3x0, 0, 0, 0, 1, 0},
/* cpu3 f32 {4,2}: total=8 bf=ceilAlign(ceil(8/3)=3,32)=32 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU3, ACL_FLOAT, SH_4x2, 8, 32, 8736, 1, 8},
/* cpu3 f32 {1024}: total=1024 bf=ceilAlign(ceil(1024/3)=342,32)=352 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1024/352)=3 tail=1024-2*352=320 */
    {P_CPU3, ACL_FLOAT, SH_1024, 1024, 352, 8736, 3, 320},
/* cpu3 f32 {1025}: total=1025 bf=ceilAlign(ceil(1025/3)=342,32)=352 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1025/352)=3 tail=1025-2*352=321 */
    {P_CPU3, ACL_FLOAT, SH_1025, 1025, 352, 8736, 3, 321},
/* cpu3 f32 {3000}: total=3000 bf=ceilAlign(ceil(3000/3)=1000,32)=1024 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(3000/1024)=3 tail=3000-2*1024=952 */
    {P_CPU3, ACL_FLOAT, SH_3000, 3000, 1024, 8736, 3, 952},
/* cpu3 f32 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/3)=3885,32)=3904 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(11655/3904)=3 tail=11655-2*3904=3847 */
    {P_CPU3, ACL_FLOAT, SH_5x7x333, 11655, 3904, 8736, 3, 3847},
/* cpu3 f32 {49153}: total=49153 bf=ceilAlign(ceil(49153/3)=16385,32)=16416 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(49153/16416)=3 tail=49153-2*16416=16321 */
    {P_CPU3, ACL_FLOAT, SH_49153, 49153, 16416, 8736, 3, 16321},
/* cpu3 f32 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/3)=333334,32)=333344 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1000000/333344)=3 tail=1000000-2*333344=333312 */
    {P_CPU3, ACL_FLOAT, SH_1M, 1000000, 333344, 8736, 3, 333312},
/* cpu3 f32 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/3)=5592406,32)=5592416 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(16777216/5592416)=3 tail=16777216-2*5592416=5592384 */
    {P_CPU3, ACL_FLOAT, SH_16x1024x1024, 16777216, 5592416, 8736, 3, 5592384},
/* cpu3 f32 {1000}: total=1000 bf=ceilAlign(ceil(1000/3)=334,32)=352 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(1000/352)=3 tail=1000-2*352=296 */
    {P_CPU3, ACL_FLOAT, SH_1000, 1000, 352, 8736, 3, 296},
/* cpu3 f32 {2x9}: total=512 bf=ceilAlign(ceil(512/3)=171,32)=192 ub=floorAlign((262144-8192)/29=8756,32)=8736 cores=ceil(512/192)=3 tail=512-2*192=128 */
    {P_CPU3, ACL_FLOAT, SH_RANK9, 512, 192, 8736, 3, 128},
/* cpu3 f16 {}: total=1 bf=ceilAlign(ceil(1/3)=1,32)=32 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU3, ACL_FLOAT16, SH_RANK0, 1, 32, 7456, 1, 1},
/* cpu3 f16 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_FLOAT16, SH_0, 0, 0, 0, 1, 0},
/* cpu3 f16 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_FLOAT16, SH_3x0, 0, 0, 0, 1, 0},
/* cpu3 f16 {4,2}: total=8 bf=ceilAlign(ceil(8/3)=3,32)=32 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU3, ACL_FLOAT16, SH_4x2, 8, 32, 7456, 1, 8},
/* cpu3 f16 {1024}: total=1024 bf=ceilAlign(ceil(1024/3)=342,32)=352 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1024/352)=3 tail=1024-2*352=320 */
    {P_CPU3, ACL_FLOAT16, SH_1024, 1024, 352, 7456, 3, 320},
/* cpu3 f16 {1025}: total=1025 bf=ceilAlign(ceil(1025/3)=342,32)=352 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1025/352)=3 tail=1025-2*352=321 */
    {P_CPU3, ACL_FLOAT16, SH_1025, 1025, 352, 7456, 3, 321},
/* cpu3 f16 {3000}: total=3000 bf=ceilAlign(ceil(3000/3)=1000,32)=1024 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(3000/1024)=3 tail=3000-2*1024=952 */
    {P_CPU3, ACL_FLOAT16, SH_3000, 3000, 1024, 7456, 3, 952},
/* cpu3 f16 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/3)=3885,32)=3904 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(11655/3904)=3 tail=11655-2*3904=3847 */
    {P_CPU3, ACL_FLOAT16, SH_5x7x333, 11655, 3904, 7456, 3, 3847},
/* cpu3 f16 {49153}: total=49153 bf=ceilAlign(ceil(49153/3)=16385,32)=16416 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(49153/16416)=3 tail=49153-2*16416=16321 */
    {P_CPU3, ACL_FLOAT16, SH_49153, 49153, 16416, 7456, 3, 16321},
/* cpu3 f16 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/3)=333334,32)=333344 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1000000/333344)=3 tail=1000000-2*333344=333312 */
    {P_CPU3, ACL_FLOAT16, SH_1M, 1000000, 333344, 7456, 3, 333312},
/* cpu3 f16 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/3)=5592406,32)=5592416 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(16777216/5592416)=3 tail=16777216-2*5592416=5592384 */
    {P_CPU3, ACL_FLOAT16, SH_16x1024x1024, 16777216, 5592416, 7456, 3, 5592384},
/* cpu3 f16 {1000}: total=1000 bf=ceilAlign(ceil(1000/3)=334,32)=352 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1000/352)=3 tail=1000-2*352=296 */
    {P_CPU3, ACL_FLOAT16, SH_1000, 1000, 352, 7456, 3, 296},
/* cpu3 f16 {2x9}: total=512 bf=ceilAlign(ceil(512/3)=171,32)=192 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(512/192)=3 tail=512-2*192=128 */
    {P_CPU3, ACL_FLOAT16, SH_RANK9, 512, 192, 7456, 3, 128},
/* cpu3 bf16 {}: total=1 bf=ceilAlign(ceil(1/3)=1,32)=32 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU3, ACL_BF16, SH_RANK0, 1, 32, 7456, 1, 1},
/* cpu3 bf16 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_BF16, SH_0, 0, 0, 0, 1, 0},
/* cpu3 bf16 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_BF16, SH_3x0, 0, 0, 0, 1, 0},
/* cpu3 bf16 {4,2}: total=8 bf=ceilAlign(ceil(8/3)=3,32)=32 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU3, ACL_BF16, SH_4x2, 8, 32, 7456, 1, 8},
/* cpu3 bf16 {1024}: total=1024 bf=ceilAlign(ceil(1024/3)=342,32)=352 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1024/352)=3 tail=1024-2*352=320 */
    {P_CPU3, ACL_BF16, SH_1024, 1024, 352, 7456, 3, 320},
/* cpu3 bf16 {1025}: total=1025 bf=ceilAlign(ceil(1025/3)=342,32)=352 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1025/352)=3 tail=1025-2*352=321 */
    {P_CPU3, ACL_BF16, SH_1025, 1025, 352, 7456, 3, 321},
/* cpu3 bf16 {3000}: total=3000 bf=ceilAlign(ceil(3000/3)=1000,32)=1024 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(3000/1024)=3 tail=3000-2*1024=952 */
    {P_CPU3, ACL_BF16, SH_3000, 3000, 1024, 7456, 3, 952},
/* cpu3 bf16 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/3)=3885,32)=3904 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(11655/3904)=3 tail=11655-2*3904=3847 */
    {P_CPU3, ACL_BF16, SH_5x7x333, 11655, 3904, 7456, 3, 3847},
/* cpu3 bf16 {49153}: total=49153 bf=ceilAlign(ceil(49153/3)=16385,32)=16416 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(49153/16416)=3 tail=49153-2*16416=16321 */
    {P_CPU3, ACL_BF16, SH_49153, 49153, 16416, 7456, 3, 16321},
/* cpu3 bf16 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/3)=333334,32)=333344 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1000000/333344)=3 tail=1000000-2*333344=333312 */
    {P_CPU3, ACL_BF16, SH_1M, 1000000, 333344, 7456, 3, 333312},
/* cpu3 bf16 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/3)=5592406,32)=5592416 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(16777216/5592416)=3 tail=16777216-2*5592416=5592384 */
    {P_CPU3, ACL_BF16, SH_16x1024x1024, 16777216, 5592416, 7456, 3, 5592384},
/* cpu3 bf16 {1000}: total=1000 bf=ceilAlign(ceil(1000/3)=334,32)=352 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(1000/352)=3 tail=1000-2*352=296 */
    {P_CPU3, ACL_BF16, SH_1000, 1000, 352, 7456, 3, 296},
/* cpu3 bf16 {2x9}: total=512 bf=ceilAlign(ceil(512/3)=171,32)=192 ub=floorAlign((262144-8192)/34=7469,32)=7456 cores=ceil(512/192)=3 tail=512-2*192=128 */
    {P_CPU3, ACL_BF16, SH_RANK9, 512, 192, 7456, 3, 128},
/* cpu3 i32 {}: total=1 bf=ceilAlign(ceil(1/3)=1,32)=32 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU3, ACL_INT32, SH_RANK0, 1, 32, 5760, 1, 1},
/* cpu3 i32 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_INT32, SH_0, 0, 0, 0, 1, 0},
/* cpu3 i32 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_INT32, SH_3x0, 0, 0, 0, 1, 0},
/* cpu3 i32 {4,2}: total=8 bf=ceilAlign(ceil(8/3)=3,32)=32 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU3, ACL_INT32, SH_4x2, 8, 32, 5760, 1, 8},
/* cpu3 i32 {1024}: total=1024 bf=ceilAlign(ceil(1024/3)=342,32)=352 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1024/352)=3 tail=1024-2*352=320 */
    {P_CPU3, ACL_INT32, SH_1024, 1024, 352, 5760, 3, 320},
/* cpu3 i32 {1025}: total=1025 bf=ceilAlign(ceil(1025/3)=342,32)=352 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1025/352)=3 tail=1025-2*352=321 */
    {P_CPU3, ACL_INT32, SH_1025, 1025, 352, 5760, 3, 321},
/* cpu3 i32 {3000}: total=3000 bf=ceilAlign(ceil(3000/3)=1000,32)=1024 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(3000/1024)=3 tail=3000-2*1024=952 */
    {P_CPU3, ACL_INT32, SH_3000, 3000, 1024, 5760, 3, 952},
/* cpu3 i32 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/3)=3885,32)=3904 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(11655/3904)=3 tail=11655-2*3904=3847 */
    {P_CPU3, ACL_INT32, SH_5x7x333, 11655, 3904, 5760, 3, 3847},
/* cpu3 i32 {49153}: total=49153 bf=ceilAlign(ceil(49153/3)=16385,32)=16416 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(49153/16416)=3 tail=49153-2*16416=16321 */
    {P_CPU3, ACL_INT32, SH_49153, 49153, 16416, 5760, 3, 16321},
/* cpu3 i32 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/3)=333334,32)=333344 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1000000/333344)=3 tail=1000000-2*333344=333312 */
    {P_CPU3, ACL_INT32, SH_1M, 1000000, 333344, 5760, 3, 333312},
/* cpu3 i32 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/3)=5592406,32)=5592416 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(16777216/5592416)=3 tail=16777216-2*5592416=5592384 */
    {P_CPU3, ACL_INT32, SH_16x1024x1024, 16777216, 5592416, 5760, 3, 5592384},
/* cpu3 i32 {1000}: total=1000 bf=ceilAlign(ceil(1000/3)=334,32)=352 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(1000/352)=3 tail=1000-2*352=296 */
    {P_CPU3, ACL_INT32, SH_1000, 1000, 352, 5760, 3, 296},
/* cpu3 i32 {2x9}: total=512 bf=ceilAlign(ceil(512/3)=171,32)=192 ub=floorAlign((262144-8192)/44=5771,32)=5760 cores=ceil(512/192)=3 tail=512-2*192=128 */
    {P_CPU3, ACL_INT32, SH_RANK9, 512, 192, 5760, 3, 128},
/* cpu3 i8 {}: total=1 bf=ceilAlign(ceil(1/3)=1,32)=32 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1/32)=1 tail=1-0*32=1 */
    {P_CPU3, ACL_INT8, SH_RANK0, 1, 32, 7232, 1, 1},
/* cpu3 i8 {0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_INT8, SH_0, 0, 0, 0, 1, 0},
/* cpu3 i8 {3,0}: total=0 -> all data fields 0, cores=1, tail=0 (library convention) */
    {P_CPU3, ACL_INT8, SH_3x0, 0, 0, 0, 1, 0},
/* cpu3 i8 {4,2}: total=8 bf=ceilAlign(ceil(8/3)=3,32)=32 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(8/32)=1 tail=8-0*32=8 */
    {P_CPU3, ACL_INT8, SH_4x2, 8, 32, 7232, 1, 8},
/* cpu3 i8 {1024}: total=1024 bf=ceilAlign(ceil(1024/3)=342,32)=352 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1024/352)=3 tail=1024-2*352=320 */
    {P_CPU3, ACL_INT8, SH_1024, 1024, 352, 7232, 3, 320},
/* cpu3 i8 {1025}: total=1025 bf=ceilAlign(ceil(1025/3)=342,32)=352 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1025/352)=3 tail=1025-2*352=321 */
    {P_CPU3, ACL_INT8, SH_1025, 1025, 352, 7232, 3, 321},
/* cpu3 i8 {3000}: total=3000 bf=ceilAlign(ceil(3000/3)=1000,32)=1024 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(3000/1024)=3 tail=3000-2*1024=952 */
    {P_CPU3, ACL_INT8, SH_3000, 3000, 1024, 7232, 3, 952},
/* cpu3 i8 {5,7,333}: total=11655 bf=ceilAlign(ceil(11655/3)=3885,32)=3904 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(11655/3904)=3 tail=11655-2*3904=3847 */
    {P_CPU3, ACL_INT8, SH_5x7x333, 11655, 3904, 7232, 3, 3847},
/* cpu3 i8 {49153}: total=49153 bf=ceilAlign(ceil(49153/3)=16385,32)=16416 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(49153/16416)=3 tail=49153-2*16416=16321 */
    {P_CPU3, ACL_INT8, SH_49153, 49153, 16416, 7232, 3, 16321},
/* cpu3 i8 {1000000}: total=1000000 bf=ceilAlign(ceil(1000000/3)=333334,32)=333344 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1000000/333344)=3 tail=1000000-2*333344=333312 */
    {P_CPU3, ACL_INT8, SH_1M, 1000000, 333344, 7232, 3, 333312},
/* cpu3 i8 {16,1024,1024}: total=16777216 bf=ceilAlign(ceil(16777216/3)=5592406,32)=5592416 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(16777216/5592416)=3 tail=16777216-2*5592416=5592384 */
    {P_CPU3, ACL_INT8, SH_16x1024x1024, 16777216, 5592416, 7232, 3, 5592384},
/* cpu3 i8 {1000}: total=1000 bf=ceilAlign(ceil(1000/3)=334,32)=352 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(1000/352)=3 tail=1000-2*352=296 */
    {P_CPU3, ACL_INT8, SH_1000, 1000, 352, 7232, 3, 296},
/* cpu3 i8 {2x9}: total=512 bf=ceilAlign(ceil(512/3)=171,32)=192 ub=floorAlign((262144-8192)/35=7255,32)=7232 cores=ceil(512/192)=3 tail=512-2*192=128 */
    {P_CPU3, ACL_INT8, SH_RANK9, 512, 192, 7232, 3, 128},
};

static void check_selu_case(const selu_case *c)
{
    opsnn_platform p;
    opsnn_selu_grad_tiling t;
    char what[160];
    snprintf(what, sizeof what, "selu %s %s %s", PROFILE_NAMES[c->prof], dtype_name(c->dtype),
             SHAPES[c->shape].name);

    get_profile(c->prof, &p);
    memset(&t, 0x5A, sizeof t);
    aclnnStatus st = opsnn_selu_grad_tiling_compute(&p, c->dtype, SHAPES[c->shape].dims,
                                                    SHAPES[c->shape].ndim, &t);
    if (st != ACLNN_SUCCESS || t.data.totalElements != c->totalElements ||
        t.data.blockFormer != c->blockFormer || t.data.ubFormer != c->ubFormer ||
        t.usedCoreNum != c->usedCoreNum || t.blockTail != c->blockTail) {
        print_message("%s: status %d got totalElements %lld blockFormer %lld ubFormer %lld "
                      "usedCoreNum %lld blockTail %lld\n",
                      what, (int)st, (long long)t.data.totalElements,
                      (long long)t.data.blockFormer, (long long)t.data.ubFormer,
                      (long long)t.usedCoreNum, (long long)t.blockTail);
    }
    assert_int_equal(st, ACLNN_SUCCESS);
    assert_int_equal(t.data.totalElements, c->totalElements);
    assert_int_equal(t.data.blockFormer, c->blockFormer);
    assert_int_equal(t.data.ubFormer, c->ubFormer);
    assert_int_equal(t.usedCoreNum, c->usedCoreNum);
    assert_int_equal(t.blockTail, c->blockTail);
    if (c->totalElements > 0) {
        assert_int_equal((t.usedCoreNum - 1) * t.data.blockFormer + t.blockTail,
                         t.data.totalElements);
    }
}

static void selu_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < ARRAY_LEN(SELU_CASES); i++) {
        check_selu_case(&SELU_CASES[i]);
    }
    opsnn_set_num_threads(0);
}

/* ---- profiles ------------------------------------------------------------ */

static void platform_profiles(void **state)
{
    (void)state;
    opsnn_platform p;
    for (int prof = P_910B; prof <= P_CPU3; prof++) {
        get_profile(prof, &p); /* asserts name, core_num, ub_size */
    }
    /* Back to the default: the cpu profile follows whatever is in effect. */
    int def = opsnn_set_num_threads(0);
    assert_true(def >= 1);
    assert_int_equal(opsnn_get_num_threads(), def);
    assert_int_equal(opsnn_platform_get("cpu", &p), ACLNN_SUCCESS);
    assert_int_equal(p.core_num, opsnn_get_num_threads());
    assert_int_equal(p.ub_size, OPSNN_CPU_UB_SIZE);
}

/* ---- invariants over many sizes -------------------------------------------- */

static const int64_t BIG_SIZES[] = {8191,     8192,     8193,     32768,    32769,
                                    49151,    49152,    49153,    65536,    65537,
                                    98305,    131073,   999999,   1000000,  1000001,
                                    16777216, 16777217, 123456789};

static void check_ss_invariants(const opsnn_platform *p, aclDataType dt, int64_t n,
                                int64_t ub_mode0, int64_t ub_mode1)
{
    opsnn_softshrink_grad_tiling t;
    int64_t elem_bytes = dt == ACL_FLOAT ? 4 : 2;
    int64_t dims[1] = {n};
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(p, dt, dims, 1, 0.5f, &t),
                     ACLNN_SUCCESS);
    assert_int_equal(t.data.dim0, n);
    assert_int_equal(t.bufferMode, n > 1024 ? 1 : 0);
    assert_int_equal(t.data.ubFormer, t.bufferMode ? ub_mode1 : ub_mode0);
    assert_int_equal(t.data.ubFormer % (256 / elem_bytes), 0);
    assert_true(t.usedCoreNum >= 1 && t.usedCoreNum <= p->core_num);
    assert_int_equal(t.data.blockFormer % 512, 0);
    /* blockFormer >= ceil(n / usedCoreNum), so at most usedCoreNum blocks run */
    assert_true(t.data.blockFormer * t.usedCoreNum >= n);
    assert_true(t.data.blockNum >= 1 && t.data.blockNum <= t.usedCoreNum);
    assert_true(t.blockTail >= 1 && t.blockTail <= t.data.blockFormer);
    assert_int_equal((t.data.blockNum - 1) * t.data.blockFormer + t.blockTail, n);
    assert_true(same_float_bits(t.data.lambd, 0.5f));
}

/* ubFormer per (profile, dtype, mode), hand-computed:
 *   910B f32 : m0 floor(188416*8/130=11594/64)*64=11584   m1 floor(188416*8/226=6669/64)*64=6656
 *   910B f16 : m0 floor(188416*8/178=8468/128)*128=8448   m1 floor(188416*8/226=6669/128)*128=6656
 *   950  f32 : m0 floor(237568*8/130=14619/64)*64=14592   m1 floor(237568*8/226=8409/64)*64=8384
 *   950  f16 : m0 floor(237568*8/178=10677/128)*128=10624 m1 floor(237568*8/226=8409/128)*128=8320
 *   cpu  f32 : m0 floor(253952*8/130=15627/64)*64=15616   m1 floor(253952*8/226=8989/64)*64=8960
 *   cpu  f16 : m0 floor(253952*8/178=11413/128)*128=11392 m1 floor(253952*8/226=8989/128)*128=8960
 * (bf16 = f16; cpu with 2 or 3 threads alike.) */
static const int64_t SS_UB[3][2][2] = {
    {{11584, 6656}, {8448, 6656}},
    {{14592, 8384}, {10624, 8320}},
    {{15616, 8960}, {11392, 8960}},
};

static void softshrink_invariants(void **state)
{
    (void)state;
    static const aclDataType DTS[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    opsnn_platform p;
    for (int prof = P_910B; prof <= P_CPU3; prof++) {
        get_profile(prof, &p);
        int ub_row = prof == P_910B ? 0 : prof == P_950 ? 1 : 2;
        for (size_t d = 0; d < ARRAY_LEN(DTS); d++) {
            int col = DTS[d] == ACL_FLOAT ? 0 : 1;
            int64_t ub0 = SS_UB[ub_row][col][0], ub1 = SS_UB[ub_row][col][1];
            for (int64_t n = 1; n <= 5000; n++) {
                check_ss_invariants(&p, DTS[d], n, ub0, ub1);
            }
            for (size_t k = 0; k < ARRAY_LEN(BIG_SIZES); k++) {
                check_ss_invariants(&p, DTS[d], BIG_SIZES[k], ub0, ub1);
            }
        }
    }
    opsnn_set_num_threads(0);
}

static void check_selu_invariants(const opsnn_platform *p, aclDataType dt, int64_t n,
                                  int64_t ub)
{
    opsnn_selu_grad_tiling t;
    int64_t dims[1] = {n};
    assert_int_equal(opsnn_selu_grad_tiling_compute(p, dt, dims, 1, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.totalElements, n);
    assert_int_equal(t.data.ubFormer, ub);
    assert_int_equal(t.data.ubFormer % 32, 0);
    assert_true(t.data.ubFormer >= 32);
    assert_int_equal(t.data.blockFormer % 32, 0);
    assert_true(t.data.blockFormer * p->core_num >= n);
    assert_true(t.usedCoreNum >= 1 && t.usedCoreNum <= p->core_num);
    assert_true(t.blockTail >= 1 && t.blockTail <= t.data.blockFormer);
    assert_int_equal((t.usedCoreNum - 1) * t.data.blockFormer + t.blockTail, n);
}

/* selu ubFormer per (profile, dtype), hand-computed floorAlign((UB-8192)/bpe, 32):
 *   910B: 188416/29=6497->6496  /34=5541->5536  /44=4282->4256  /35=5383->5376
 *   950 : 237568/29=8192->8192  /34=6987->6976  /44=5399->5376  /35=6787->6784
 *   cpu : 253952/29=8756->8736  /34=7469->7456  /44=5771->5760  /35=7255->7232 */
static const int64_t SELU_UB[3][5] = {
    {6496, 5536, 5536, 4256, 5376},
    {8192, 6976, 6976, 5376, 6784},
    {8736, 7456, 7456, 5760, 7232},
};

static void selu_invariants(void **state)
{
    (void)state;
    static const aclDataType DTS[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT8};
    opsnn_platform p;
    for (int prof = P_910B; prof <= P_CPU3; prof++) {
        get_profile(prof, &p);
        int ub_row = prof == P_910B ? 0 : prof == P_950 ? 1 : 2;
        for (size_t d = 0; d < ARRAY_LEN(DTS); d++) {
            for (int64_t n = 1; n <= 5000; n++) {
                check_selu_invariants(&p, DTS[d], n, SELU_UB[ub_row][d]);
            }
            for (size_t k = 0; k < ARRAY_LEN(BIG_SIZES); k++) {
                check_selu_invariants(&p, DTS[d], BIG_SIZES[k], SELU_UB[ub_row][d]);
            }
        }
    }
    opsnn_set_num_threads(0);
}

/* ---- edge cases ---------------------------------------------------------- */

/* The "(at least 32)" clamp of selu's ubFormer, on a hand-made profile whose
 * UB leaves 100 bytes: floorAlign(100/29=3, 32) = 0 -> 32. */
static void selu_ub_floor_is_32(void **state)
{
    (void)state;
    opsnn_platform p;
    memset(&p, 0, sizeof p);
    strcpy(p.name, "custom");
    p.core_num = 4;
    p.ub_size = 8192 + 100;
    const int64_t dims[] = {100};
    opsnn_selu_grad_tiling t;
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, ACL_FLOAT, dims, 1, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.totalElements, 100);
    /* bf = ceilAlign(ceil(100/4)=25, 32) = 32 */
    assert_int_equal(t.data.blockFormer, 32);
    assert_int_equal(t.data.ubFormer, 32);
    /* used = ceil(100/32) = 4; tail = 100 - 3*32 = 4 */
    assert_int_equal(t.usedCoreNum, 4);
    assert_int_equal(t.blockTail, 4);
}

/* UINT8: the calculator accepts it (opsnn.h: the NPU kernel has UINT8). The
 * block split does not depend on the dtype; SPEC §8 gives no bytesPerElem for
 * UINT8, so ubFormer is only checked for its alignment. */
static void selu_uint8_accepted(void **state)
{
    (void)state;
    opsnn_platform p;
    opsnn_selu_grad_tiling t;
    get_profile(P_910B, &p);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, ACL_UINT8, D_1M, 1, &t), ACLNN_SUCCESS);
    assert_int_equal(t.data.totalElements, 1000000);
    /* bf = ceilAlign(ceil(1000000/48)=20834, 32) = 20864 */
    assert_int_equal(t.data.blockFormer, 20864);
    /* used = ceil(1000000/20864) = 48; tail = 1000000 - 47*20864 = 19392 */
    assert_int_equal(t.usedCoreNum, 48);
    assert_int_equal(t.blockTail, 19392);
    assert_int_equal(t.data.ubFormer % 32, 0);
    assert_true(t.data.ubFormer >= 32);
}

/* Rank 8 is the softshrink limit (SPEC §6): accepted; rank 9 is rejected below. */
static void softshrink_rank8_accepted(void **state)
{
    (void)state;
    opsnn_platform p;
    opsnn_softshrink_grad_tiling t;
    const int64_t dims[] = {1, 2, 1, 3, 1, 1, 1, 5}; /* n = 2*3*5 = 30 */
    get_profile(P_950, &p);
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, ACL_BF16, dims, 8, 2.0f, &t),
                     ACLNN_SUCCESS);
    assert_int_equal(t.data.dim0, 30);
    /* cores = min(ceil(30*16/32768)=1, 64) = 1; bf = ceilAlign(30, 512) = 512 */
    assert_int_equal(t.usedCoreNum, 1);
    assert_int_equal(t.data.blockFormer, 512);
    assert_int_equal(t.data.blockNum, 1);
    /* tail = 30 - 0*512 = 30 */
    assert_int_equal(t.blockTail, 30);
    /* 950 bf16 mode 0: floor(237568*8/178=10677 / 128)*128 = 10624 */
    assert_int_equal(t.data.ubFormer, 10624);
    assert_int_equal(t.bufferMode, 0);
    assert_true(same_float_bits(t.data.lambd, 2.0f));
}

/* lambd is copied through unchanged (the calculator does not validate it). */
static void softshrink_lambd_passthrough(void **state)
{
    (void)state;
    static const float LAMBDS[] = {0.0f, 1.2f, 1e-30f, 123456.789f, INFINITY};
    opsnn_platform p;
    opsnn_softshrink_grad_tiling t;
    get_profile(P_910B, &p);
    for (size_t i = 0; i < ARRAY_LEN(LAMBDS); i++) {
        assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, ACL_FLOAT, D_4x2, 2,
                                                              LAMBDS[i], &t),
                         ACLNN_SUCCESS);
        assert_true(same_float_bits(t.data.lambd, LAMBDS[i]));
    }
}

/* ---- error paths --------------------------------------------------------- */

static void platform_errors(void **state)
{
    (void)state;
    opsnn_platform p;
    assert_int_equal(opsnn_platform_get("Ascend310P", &p), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_platform_get("", &p), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_platform_get("ascend910b", &p), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_platform_get("Ascend910", &p), ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_platform_get(NULL, &p), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(opsnn_platform_get("Ascend910B", NULL), ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(opsnn_platform_get("cpu", NULL), ACLNN_ERR_PARAM_NULLPTR);
}

static void softshrink_errors(void **state)
{
    (void)state;
    opsnn_platform p;
    opsnn_softshrink_grad_tiling t;
    const int64_t rank9[] = {1, 1, 1, 1, 1, 1, 1, 1, 2};
    const int64_t neg[] = {4, -1};
    const int64_t neg_empty[] = {0, -2};
    const int64_t neg1[] = {-5};
    get_profile(P_910B, &p);

    /* NULL arguments */
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(NULL, ACL_FLOAT, D_4x2, 2, 0.5f, &t),
                     ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, ACL_FLOAT, D_4x2, 2, 0.5f, NULL),
                     ACLNN_ERR_PARAM_NULLPTR);
    /* rank above 8 */
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, ACL_FLOAT, rank9, 9, 0.5f, &t),
                     ACLNN_ERR_PARAM_INVALID);
    /* dtypes outside {FLOAT, FLOAT16, BF16} */
    static const aclDataType BAD[] = {ACL_INT32, ACL_INT8, ACL_UINT8, ACL_DOUBLE,
                                      ACL_INT64, ACL_BOOL, ACL_DT_UNDEFINED};
    for (size_t i = 0; i < ARRAY_LEN(BAD); i++) {
        assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, BAD[i], D_4x2, 2, 0.5f, &t),
                         ACLNN_ERR_PARAM_INVALID);
    }
    /* negative dims (also next to a 0 dim: still invalid, not "empty") */
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, ACL_FLOAT, neg, 2, 0.5f, &t),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, ACL_FLOAT, neg_empty, 2, 0.5f, &t),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, ACL_FLOAT16, neg1, 1, 0.5f, &t),
                     ACLNN_ERR_PARAM_INVALID);
}

static void selu_errors(void **state)
{
    (void)state;
    opsnn_platform p;
    opsnn_selu_grad_tiling t;
    const int64_t neg[] = {4, -1};
    const int64_t neg_empty[] = {0, -2};
    const int64_t neg1[] = {-5};
    get_profile(P_950, &p);

    /* NULL arguments */
    assert_int_equal(opsnn_selu_grad_tiling_compute(NULL, ACL_FLOAT, D_4x2, 2, &t),
                     ACLNN_ERR_PARAM_NULLPTR);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, ACL_FLOAT, D_4x2, 2, NULL),
                     ACLNN_ERR_PARAM_NULLPTR);
    /* dtypes outside {FLOAT, FLOAT16, BF16, INT32, INT8, UINT8} */
    static const aclDataType BAD[] = {ACL_DOUBLE, ACL_INT64, ACL_INT16, ACL_BOOL,
                                      ACL_DT_UNDEFINED};
    for (size_t i = 0; i < ARRAY_LEN(BAD); i++) {
        assert_int_equal(opsnn_selu_grad_tiling_compute(&p, BAD[i], D_4x2, 2, &t),
                         ACLNN_ERR_PARAM_INVALID);
    }
    /* negative dims */
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, ACL_FLOAT, neg, 2, &t),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, ACL_FLOAT, neg_empty, 2, &t),
                     ACLNN_ERR_PARAM_INVALID);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, ACL_INT8, neg1, 1, &t),
                     ACLNN_ERR_PARAM_INVALID);
}

/* NULL dims with ndim > 0 is a NULL argument (kept apart so that the other
 * error checks still run if this one fails). */
static void softshrink_null_dims(void **state)
{
    (void)state;
    opsnn_platform p;
    opsnn_softshrink_grad_tiling t;
    get_profile(P_910B, &p);
    assert_int_equal(opsnn_softshrink_grad_tiling_compute(&p, ACL_FLOAT, NULL, 2, 0.5f, &t),
                     ACLNN_ERR_PARAM_NULLPTR);
}

static void selu_null_dims(void **state)
{
    (void)state;
    opsnn_platform p;
    opsnn_selu_grad_tiling t;
    get_profile(P_910B, &p);
    assert_int_equal(opsnn_selu_grad_tiling_compute(&p, ACL_FLOAT, NULL, 2, &t),
                     ACLNN_ERR_PARAM_NULLPTR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(platform_profiles, restore_threads),
        cmocka_unit_test_teardown(softshrink_table, restore_threads),
        cmocka_unit_test_teardown(selu_table, restore_threads),
        cmocka_unit_test_teardown(softshrink_invariants, restore_threads),
        cmocka_unit_test_teardown(selu_invariants, restore_threads),
        cmocka_unit_test(selu_ub_floor_is_32),
        cmocka_unit_test(selu_uint8_accepted),
        cmocka_unit_test(softshrink_rank8_accepted),
        cmocka_unit_test(softshrink_lambd_passthrough),
        cmocka_unit_test(platform_errors),
        cmocka_unit_test_teardown(softshrink_errors, restore_threads),
        cmocka_unit_test_teardown(selu_errors, restore_threads),
        cmocka_unit_test(softshrink_null_dims),
        cmocka_unit_test(selu_null_dims),
    };
    return cmocka_run_group_tests(tests, NULL, restore_threads);
}
