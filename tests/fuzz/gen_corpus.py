#!/usr/bin/env python3
"""Write the seed corpus of fuzz_ops (tests/fuzz/corpus/) in the byte layout
that fuzz_ops.c decodes. Run from anywhere: python3 tests/fuzz/gen_corpus.py

Each seed is named after what it exercises. The fuzzer mutates from these, so
they cover every decoder branch and every phase-2 mode at least once.
"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus")

OP_DTYPES = {"f32": 0, "f16": 1, "bf16": 2, "i8": 3, "i32": 4}
OTHER_DTYPES = ["u8", "double", "i64", "bool", "i16", "u16", "u32", "u64", "c64", "c128", "c32",
                "undefined", "string", "int4", "uint1", "raw5", "raw14", "raw99", "raw-100",
                "raw0x7fffffff", "raw0x80000000"]
FORMATS = ["ND", "NCHW", "NHWC", "NC1HWC0", "FRACTAL_NZ", "NCDHW", "UNDEFINED", "NC"]
HUGE_DIMS = [2**31, 2**32 + 1, 2**40, 2**62, 2**63 - 1, -1, -2**63, 1000, 4096, 65537, 3, 2**20,
             2**31 - 1, 2**62, -2**40, 257]
HUGE_STRIDES = [2**31, 2**32, 2**62, 2**63 - 1, -1, -2**63, 1000, 4096, 65536, -2**32,
                (2**63 - 1) // 3, 17, 31, 2**20, 2**31 - 1, 2**61]
HUGE_OFFSETS = [-1, -2**63, 2**63 - 1, 2**31, 2**62, 1000, 4095, 65536, -2**40, 2**63 - 2,
                2**32, 100, 333, 2**20, 7, 64]
NICE_SCALARS = [0.0, 0.5, 1.2, 1.0, 2.0, -0.5, "nan", "inf", -0.0, 3.0, 1e-3, 65504.0, 1e30,
                "-inf", 0.25, 7.0]
SCALAR_DTYPES = ["f32", "f16", "bf16", "double", "i8", "i16", "i32", "i64", "u8", "u16", "u32",
                 "u64", "bool", "string", "c64", "undefined", "raw99"]
MODES = {"plain": 0, "short_ws": 1, "repeatable": 2, "destroy_unrun": 3, "wrong_op": 4,
         "rebind": 5}
STYLES = {"random": 0, "nice": 1, "specials": 2, "mixed": 3}


def byte_at_least(lo, mod, want):
    """Smallest byte b >= lo with b % mod == want."""
    for b in range(lo, 256):
        if b % mod == want:
            return b
    raise ValueError((lo, mod, want))


def dtype_byte(name):
    if name in OP_DTYPES:
        return OP_DTYPES[name]
    return byte_at_least(0xC0, len(OTHER_DTYPES), OTHER_DTYPES.index(name))


def dim_byte(v):
    if 1 <= v <= 6:
        return v - 1
    if v == 0:
        return 0xE0
    return 0xF0 + HUGE_DIMS.index(v)


def stride_byte(v):
    if 0 <= v <= 8:
        return v
    return 0xC0 + HUGE_STRIDES.index(v)


def offset_byte(v):
    if 0 <= v <= 7:
        return v
    return 0xC0 + HUGE_OFFSETS.index(v)


def tensor(dims=(4, 2), dtype="f32", fmt="ND", present=True, rank=None, dims_null=False,
           stride=None, offset=0, storage=None, buffer=None, data_null=False):
    """stride: None (NULL = row-major), ("pad", p), ("perm", rot, reverse), or a
    list of per-dim values. storage: None (NULL), "exact", ("slack", k), or
    ("raw", dims, null). buffer: None (own buffer) or the index it shares."""
    out = [0x40 if present else 0x00, dtype_byte(dtype), FORMATS.index(fmt)]
    if rank is not None:  # an out-of-range rank: 33, 2**64-1 or 64
        out.append({33: 0xF8, 2**64 - 1: 0xF9, 64: 0xFA}[rank])
        dims = ()
    elif dims_null:
        out.append(byte_at_least(0xFB, 11, len(dims)))  # only ranks 9, 10, 0, 1, 2
    else:
        out.append(len(dims))
    out += [dim_byte(d) for d in dims]
    if stride is None:
        out.append(0x00)
    elif stride[0] == "pad":
        out += [0x80, stride[1] - 1]
    elif stride[0] == "perm":
        out += [0xA1 if stride[2] else 0xA0, stride[1]]
    else:
        out.append(0xC0)
        out += [stride_byte(s) for s in stride]
    out.append(offset_byte(offset))
    if storage is None:
        out.append(0x00)
    elif storage == "exact":
        out.append(0x60)
    elif storage[0] == "slack":
        out.append(byte_at_least(0xC0, 7, storage[1]))
    else:
        _, sdims, null = storage
        out += [0xFF if null else 0xE0, len(sdims)]
        out += [dim_byte(d) for d in sdims]
    if data_null:
        out.append(0xFF)
    elif buffer is None:
        out.append(0x00)
    else:
        out.append(byte_at_least(0xA0, 3, buffer))
    return bytes(out)


def scalar(value=1.2, dtype="f32", present=True, raw=None):
    out = [0x40 if present else 0x00, SCALAR_DTYPES.index(dtype)]
    if raw is not None:
        out.append(0xC0)
        out += list(raw)
    else:
        out.append(NICE_SCALARS.index(value))
    return bytes(out)


def case(t0, t1, t2, lam=None, mode="plain", stream=False, seed=1, style="nice", ptrs=0):
    head = bytes([ptrs, MODES[mode] | (0x80 if stream else 0)]) + struct.pack("<I", seed)
    head += bytes([STYLES[style]])
    return head + t0 + t1 + t2 + (lam if lam is not None else scalar())


def seeds():
    s = {}
    T = tensor
    # the two seed examples, then every dtype and every phase-2 mode
    s["seed_softshrink_f32_4x2"] = case(T(), T(), T(), scalar(1.2))
    for i, mode in enumerate(MODES):
        for dt in ("f32", "f16", "bf16", "i8", "i32"):
            s[f"same_{dt}_{mode}"] = case(T((2, 3, 4), dt), T((2, 3, 4), dt), T((2, 3, 4), dt),
                                           scalar(0.5), mode=mode, stream=i % 2 == 1, seed=i + 7,
                                           style=["nice", "random", "specials", "mixed"][i % 4])
    s["mixed_bf16_f32_f16"] = case(T((3, 4), "bf16"), T((3, 4), "f32"), T((3, 4), "f16"),
                                   scalar(1.0), style="specials")
    s["mixed_f16_f16_f32"] = case(T((5,), "f16"), T((5,), "f16"), T((5,), "f32"), scalar(0.25))
    s["mixed_random_bits"] = case(T((6, 6), "f32"), T((6, 6), "bf16"), T((6, 6), "bf16"),
                                  scalar(2.0), style="random")
    s["broadcast_both_ways"] = case(T((4, 1, 3)), T((2, 1)), T((4, 2, 3)), scalar(0.5))
    s["broadcast_rank0_self"] = case(T((3, 5), "bf16"), T((), "bf16"), T((3, 5), "bf16"),
                                     scalar(1.0))
    s["rank0_all"] = case(T(()), T(()), T(()), scalar(0.0))
    s["strided_output_pad"] = case(T((3, 4)), T((3, 4)), T((3, 4), stride=("pad", 3)),
                                   mode="repeatable")
    s["transposed_inputs"] = case(T((2, 3, 4), stride=("perm", 1, True)),
                                  T((2, 3, 4), "f16", stride=("perm", 2, False)),
                                  T((2, 3, 4), "f16"), scalar(0.5))
    s["exact_in_place"] = case(T((4, 4)), T((4, 4)), T((4, 4), buffer=0), scalar(1.0))
    s["in_place_on_self_selu"] = case(T((6, 3), "i8"), T((6, 3), "i8"), T((6, 3), "i8", buffer=1))
    s["partial_overlap_workspace"] = case(T((2, 5), storage=("slack", 3)), T((2, 5)),
                                          T((2, 5), offset=1, buffer=0), mode="short_ws")
    s["partial_overlap_selu_bf16"] = case(T((3, 3), "bf16", storage=("slack", 2)),
                                          T((3, 3), "bf16"), T((3, 3), "bf16", offset=2, buffer=0),
                                          mode="repeatable")
    s["output_zero_stride"] = case(T((3, 2)), T((3, 2)), T((3, 2), stride=[0, 1]))
    s["output_unprovable_no_overlap"] = case(T((3, 2)), T((3, 2)),
                                             T((3, 2), stride=[2, 3], storage="exact"))
    s["output_interleaved_overlap"] = case(T((3, 3)), T((3, 3)), T((3, 3), stride=[1, 2]))
    s["empty_dims"] = case(T((0, 3)), T((0, 3)), T((0, 3)), mode="repeatable")
    s["empty_overflowing_product"] = case(T((0, 2**40, 2**40)), T((0, 2**40, 2**40)),
                                          T((0, 2**40, 2**40)))
    s["empty_broadcast"] = case(T((0, 1)), T((1, 4)), T((0, 4)))
    # an empty input whose shapes do not broadcast: refused by the operators
    # that check shapes first, success (nothing written) for the early returns
    s["empty_self_not_broadcastable"] = case(T((0,)), T((3,)), T((2,)), scalar(0.5))
    s["huge_view_no_storage"] = case(T((2**40,)), T((2**40,)), T((2**40,)))
    s["huge_int8_exact_in_place"] = case(T((2**63 - 1,), "i8"), T((2**63 - 1,), "i8"),
                                         T((2**63 - 1,), "i8", buffer=0))
    s["huge_int8_partial_overlap"] = case(T((2**62,), "i8"), T((2**62,), "i8"),
                                          T((2**62,), "i8", offset=1, buffer=0))
    s["huge_stride_f32_rejected"] = case(T((2, 2), stride=[2**62, 1]), T((2, 2)), T((2, 2)))
    s["huge_stride_i8"] = case(T((2, 2), "i8", stride=[2**62, 1]), T((2, 2), "i8", stride=[2**62, 1]),
                               T((2, 2), "i8", stride=[2**62, 1]))
    s["dims_product_overflows"] = case(T((2**32 + 1, 2**32 + 1)), T(), T())
    s["large_parallel"] = case(T((65537,)), T((65537,)), T((65537,)), scalar(0.5),
                               style="mixed")
    s["large_parallel_selu_i32"] = case(T((257, 257), "i32"), T((257, 257), "i32"),
                                        T((257, 257), "i32"), style="random")
    s["rank9_softshrink_rank9_selu"] = case(T((1, 2, 1, 2, 1, 2, 1, 2, 1)),
                                            T((1, 2, 1, 2, 1, 2, 1, 2, 1)),
                                            T((1, 2, 1, 2, 1, 2, 1, 2, 1)))
    s["rank10"] = case(T((2,) * 10, "f16"), T((2,) * 10, "f16"), T((2,) * 10, "f16"))
    s["rank33"] = case(T(rank=33), T(), T())
    s["rank_uint64_max"] = case(T(), T(rank=2**64 - 1), T())
    s["dims_null"] = case(T((2, 2), dims_null=True), T(), T())
    s["null_tensors"] = case(T(present=False), T(), T())
    s["null_output"] = case(T(), T(), T(present=False))
    s["null_scalar"] = case(T(), T(), T(), scalar(present=False))
    s["null_workspace_size_ptr"] = case(T(), T(), T(), ptrs=0xFE)
    s["null_executor_ptr"] = case(T(), T(), T(), ptrs=0xFF)
    s["null_data_non_empty"] = case(T(), T(data_null=True), T())
    s["null_data_empty"] = case(T((0,)), T((0,)), T((0,), data_null=True))
    for v in ("nan", -0.5, "inf", -0.0, 65504.0, 1e30, "-inf"):
        s[f"lambda_{v}"] = case(T(), T(), T(), scalar(v), style="specials")
    s["lambda_double_tiny_negative"] = case(T(), T(), T(), scalar(dtype="double",
                                            raw=struct.pack("<d", -1e-300)))
    s["lambda_int64_max"] = case(T(), T(), T(), scalar(dtype="i64",
                                 raw=struct.pack("<q", 2**63 - 1)))
    s["lambda_bool"] = case(T(), T(), T(), scalar(1.0, "bool"))
    s["lambda_f16_nan_raw"] = case(T(), T(), T(), scalar(dtype="f16", raw=b"\x01\x7c" + bytes(6)))
    s["lambda_string_dtype"] = case(T(), T(), T(), scalar(1.0, "string"))
    for name in ("u8", "double", "bool", "c64", "undefined", "string", "int4", "raw99",
                 "raw0x80000000"):
        s[f"dtype_{name}"] = case(T((2,), name), T((2,), name), T((2,), name))
    s["dtype_mismatch_selu"] = case(T((2,), "f16"), T((2,), "bf16"), T((2,), "f16"))
    for fmt in ("NCHW", "UNDEFINED", "FRACTAL_NZ"):
        s[f"format_{fmt}"] = case(T((1, 2, 2, 2), fmt=fmt), T((1, 2, 2, 2), fmt=fmt),
                                  T((1, 2, 2, 2), fmt=fmt))
    s["format_raw_invalid"] = case(T(), T(), T()[:2] + bytes([0xF9]) + T()[3:])
    s["negative_offset"] = case(T(offset=-1), T(), T())
    s["offset_int64_max"] = case(T((1,), offset=2**63 - 1), T((1,)), T((1,)))
    s["offset_overflows_bytes"] = case(T((2,), offset=2**62), T((2,)), T((2,)))
    s["negative_stride"] = case(T(stride=[-1, 1]), T(), T())
    s["stride_outside_storage"] = case(T(stride=[4096, 1], storage=("raw", (4, 2), False)), T(),
                                       T())
    s["storage_too_small"] = case(T(storage=("raw", (1, 7 - 1), False)), T(), T())
    s["storage_product_overflows"] = case(T(storage=("raw", (2**32 + 1, 2**32 + 1), False)),
                                          T(), T())
    s["storage_null_with_count"] = case(T(storage=("raw", (4, 2), True)), T(), T())
    s["storage_rank0"] = case(T(()), T(()), T((), storage=("raw", (), False)))
    s["rebind_partial_overlap_enough_workspace"] = case(
        T((2, 5), storage=("slack", 3)), T((2, 5)), T((2, 5), offset=1, buffer=0), mode="rebind")
    s["rebind_into_overlap_without_workspace"] = case(
        T((4, 4), "f16", storage=("slack", 5)), T((4, 4), "f16"), T((4, 4), "f16", offset=1),
        scalar(0.5), mode="rebind", stream=True)
    s["rebind_broadcast_mixed"] = case(T((3, 1), "bf16"), T((4,), "f32"), T((3, 4), "f32"),
                                       mode="rebind", style="specials")
    s["rebind_selu_strided_output"] = case(T((3, 4), "i8"), T((3, 4), "i8"),
                                           T((3, 4), "i8", stride=("pad", 2)), mode="rebind",
                                           style="random")
    s["shared_buffer_mixed_dtypes"] = case(T((4,), "bf16", storage=("slack", 6)),
                                           T((4,), "f32", buffer=0), T((4,), "f16", buffer=0))
    return s


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        os.remove(os.path.join(OUT, name))
    for name, data in sorted(seeds().items()):
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print(f"{len(seeds())} seeds in {OUT}")


if __name__ == "__main__":
    main()
