/*
 * npu_emu.h - an emulation of the ops-nn NPU kernels, used as a test oracle.
 *
 * It replays, element by element, the Ascend C vector instructions of
 *   activation/selu_grad/op_kernel/arch35/selu_grad.h (ops-nn e5c3fa93):
 *     Cast (int -> half -> float, or half/bf16 -> float), CompareScalar(LE, 0),
 *     Muls(SCALE), Adds(SCALE_ALPHA), Mul, Select, Cast back (CAST_RINT);
 *   activation/soft_shrink_grad/op_kernel/arch35/soft_shrink_grad.h:
 *     Cast (half/bf16 -> float), Abs, CompareScalar(GT, lambd), Select(g, 0),
 *     Compare(NE) for NaN, Select, Cast back (CAST_ROUND).
 *
 * It shares nothing with the library: no include of kernels/ or src/, its own
 * fp16 / bf16 / integer conversions written from the IEEE 754 definitions
 * (decode an encoding to its exact value; encode by searching the ordered
 * encodings for the nearest value), and float32 arithmetic done in double and
 * rounded once (exact for Mul; for Adds binary64 is wide enough that the
 * double rounding is innocuous).
 *
 * Rules the Ascend C documentation leaves open, chosen as the library's
 * docs/precision.md states them:
 *   - a NaN operand of Muls / Adds / Mul propagates quieted, sign and payload
 *     kept; a NaN made from non-NaN operands (0 * inf) is 0x7fc00000;
 *   - Cast moves a NaN's sign and payload unchanged (no quieting);
 *   - half -> int8 saturates like half -> int32 (which is documented).
 */
#ifndef OPSNN_TESTS_ORACLE_NPU_EMU_H_
#define OPSNN_TESTS_ORACLE_NPU_EMU_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

/* SeluGrad on n elements of dtype dt (FLOAT, FLOAT16, BF16, INT32, INT8):
 * y[i] from grad[i] and out[i] (the forward result). */
void npu_emu_selu_grad(aclDataType dt, size_t n, const void *grad, const void *out, void *y);

/* SoftShrinkGrad on n elements, all three of dtype dt (FLOAT, FLOAT16, BF16),
 * lambd already converted to float32. */
void npu_emu_softshrink_grad(aclDataType dt, size_t n, const void *grad, const void *x,
                             float lambd, void *y);

/* The Atlas A2/A3 generations (docs/fidelity.md). SeluGrad of the ops-nn
 * experimental kernel (dt also UINT8), computed per UB pass as the kernel
 * runs it: blocks of block_factor elements, each in passes of ub_factor
 * (the tiling's blockFactor / ubFactor; 0: one pass), whole vectors on the
 * vector unit and the rest in the kernel's scalar loop. */
void npu_emu_selu_grad_experimental(aclDataType dt, size_t n, const void *grad, const void *out,
                                    void *y, size_t block_factor, size_t ub_factor);
/* SeluGrad of the CANN built-in TBE kernel (FLOAT, FLOAT16, BF16, INT32, INT8). */
void npu_emu_selu_grad_tbe(aclDataType dt, size_t n, const void *grad, const void *out, void *y);
/* SoftShrinkGrad of the experimental kernel (tbe = 0) or of the TBE one (1). */
void npu_emu_softshrink_grad_le(int tbe, aclDataType dt, size_t n, const void *grad, const void *x,
                                float lambd, void *y);

/* The forward operators' Atlas A2/A3 kernels. Softshrink of the TBE kernel
 * (FLOAT, FLOAT16, BF16; lambd as float32, converted here to the compute
 * type): its branch for chips with tik.vcopy (vcopy = 1), or the one without
 * (0: the Ascend910's vcmpsel on x itself). Selu of the ops-nn experimental kernel for FLOAT16 and INT8 (its
 * other dtypes take arch35's steps); its Exp is exp() of libm rounded once
 * to the register type, an ideal Exp that the NPU's may differ from in the
 * last bit. */
void npu_emu_softshrink_tbe(int vcopy, aclDataType dt, size_t n, const void *x, float lambd,
                            void *y);
void npu_emu_selu_experimental(aclDataType dt, size_t n, const void *x, void *y);

/* The conversions, for tests that pin them on their own. */
uint16_t npu_emu_f32_to_f16(uint32_t f32_bits);  /* CAST_RINT */
uint32_t npu_emu_f16_to_f32(uint16_t h);          /* exact */
uint16_t npu_emu_int_to_f16(int64_t v);           /* CAST_NONE: nearest even, +-inf beyond */
int64_t npu_emu_f16_to_int(uint16_t h, int64_t lo, int64_t hi); /* CAST_RINT, saturating */

#endif /* OPSNN_TESTS_ORACLE_NPU_EMU_H_ */
