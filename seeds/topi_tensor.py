"""Tensor operator seeds: elementwise math and bit ops, broadcasting, casts, layout changes,
padding, concatenation and slicing, indexing, resizing, and ops that only write."""

from __future__ import annotations

from tvm import te, tirx, topi

from seeds.recipe import INTS, SHORT_DTYPE, OpSeed, P, safe_divisor

UNARY_FLOAT = {
    "exp": topi.exp, "log": topi.log, "sqrt": topi.sqrt, "rsqrt": topi.rsqrt, "sigmoid": topi.sigmoid,
    "tanh": topi.tanh, "erf": topi.erf, "sin": topi.sin, "cos": topi.cos, "tan": topi.tan,
    "atan": topi.atan, "asin": topi.asin, "sinh": topi.sinh, "log2": topi.log2, "log10": topi.log10,
    "floor": topi.floor, "ceil": topi.ceil, "round": topi.round, "trunc": topi.trunc,
    "isnan": topi.isnan, "isfinite": topi.isfinite, "isinf": topi.isinf,
    "fast_exp": topi.fast_exp, "fast_tanh": topi.fast_tanh, "fast_erf": topi.fast_erf,
    "relu": topi.nn.relu, "softplus": topi.nn.softplus,
}
UNARY_ANY = {"abs": topi.abs, "negative": topi.negative, "sign": topi.sign, "identity": topi.identity}
BINARY_ANY = {
    "add": topi.add, "subtract": topi.subtract, "multiply": topi.multiply, "maximum": topi.maximum,
    "minimum": topi.minimum, "equal": topi.equal, "not_equal": topi.not_equal, "less": topi.less,
    "greater_equal": topi.greater_equal,
}
BINARY_FLOAT = {"divide": topi.divide, "power": topi.power, "atan2": topi.atan2,
                "log_add_exp": topi.log_add_exp, "floor_mod": topi.floor_mod}
# Integer division by a data value: the divisor gets +1 so it is never zero.
BINARY_INT_DIV = {"floor_divide": topi.floor_divide, "floor_mod": topi.floor_mod, "mod": topi.mod,
                  "divide": topi.divide}
BITWISE = {"bitwise_and": topi.bitwise_and, "bitwise_or": topi.bitwise_or, "bitwise_xor": topi.bitwise_xor,
           "left_shift": topi.left_shift, "right_shift": topi.right_shift}
LOGICAL = {"logical_and": topi.logical_and, "logical_or": topi.logical_or, "logical_xor": topi.logical_xor}


def _elementwise() -> list[OpSeed]:
    out: list[OpSeed] = []
    for name, fn in UNARY_FLOAT.items():
        out.append(OpSeed(f"{name}_4x8_f32", name, lambda fn=fn: [a := P((4, 8), "A"), fn(a)]))
        # No erf here: LLVM codegen has no float16 erf ("unknown intrinsic tirx.erf").
        if name in ("exp", "sqrt", "sigmoid", "tanh", "log", "floor", "isnan", "relu"):
            out.append(OpSeed(f"{name}_16_f16", name, lambda fn=fn: [a := P((16,), "A", "float16"), fn(a)]))
    for name, fn in UNARY_ANY.items():
        for dt in ("float32", "int8", "int32", "int64"):
            out.append(OpSeed(f"{name}_2x3x4_{SHORT_DTYPE[dt]}", name, lambda fn=fn, dt=dt: [
                a := P((2, 3, 4), "A", dt), fn(a)]))
    for name, fn in BINARY_ANY.items():
        for dt in ("float32", "float16", "int32", "int64"):
            out.append(OpSeed(f"{name}_4x8_{SHORT_DTYPE[dt]}", name, lambda fn=fn, dt=dt: [
                a := P((4, 8), "A", dt), b := P((4, 8), "B", dt), fn(a, b)]))
    for name, fn in BINARY_FLOAT.items():
        out.append(OpSeed(f"{name}_4x8_f32", name, lambda fn=fn: [
            a := P((4, 8), "A"), b := P((4, 8), "B"), fn(a, b)]))
    for name, fn in BINARY_INT_DIV.items():
        for dt in ("int8", "int32", "int64"):
            out.append(OpSeed(f"{name}_4x8_{SHORT_DTYPE[dt]}", name, lambda fn=fn, dt=dt: [
                a := P((4, 8), "A", dt), b := P((4, 8), "B", dt), fn(a, safe_divisor(b))]))
    for name, fn in BITWISE.items():
        for dt in INTS:
            out.append(OpSeed(f"{name}_16_{SHORT_DTYPE[dt]}", name, lambda fn=fn, dt=dt: [
                a := P((16,), "A", dt), b := P((16,), "B", dt), fn(a, b)]))
    for dt in INTS:
        out.append(OpSeed(f"bitwise_not_16_{SHORT_DTYPE[dt]}", "bitwise_not", lambda dt=dt: [
            a := P((16,), "A", dt), topi.bitwise_not(a)]))
    for name, fn in LOGICAL.items():
        out.append(OpSeed(f"{name}_4x8_b", name, lambda fn=fn: [
            a := P((4, 8), "A", "bool"), b := P((4, 8), "B", "bool"), fn(a, b)]))
    out += [
        OpSeed("logical_not_4x8_b", "logical_not", lambda: [
            a := P((4, 8), "A", "bool"), topi.logical_not(a)]),
        OpSeed("leaky_relu_4x8_f32", "leaky_relu", lambda: [a := P((4, 8), "A"), topi.nn.leaky_relu(a, 0.1)]),
        OpSeed("prelu_1x4x3x3_f32", "prelu", lambda: [
            a := P((1, 4, 3, 3), "A"), s := P((4,), "slope"), topi.nn.prelu(a, s)]),
        OpSeed("elemwise_sum_3x16_f32", "elemwise_sum", lambda: [
            a := P((16,), "A"), b := P((16,), "B"), c := P((16,), "C"), topi.elemwise_sum([a, b, c])]),
        OpSeed("gelu_tanh_4x8_f32", "gelu", lambda: [a := P((4, 8), "A"), _gelu(a)]),
        OpSeed("scale_shift_nchw_f32", "scale_shift_nchw", lambda: [
            a := P((1, 4, 3, 3), "A"), s := P((4,), "scale"), b := P((4,), "shift"),
            topi.nn.scale_shift_nchw(a, s, b)]),
    ]
    return out


def _gelu(x: te.Tensor) -> te.Tensor:
    """tanh-approximated GELU as transformers write it, mixing constants, powers and tanh."""
    cube = topi.multiply(topi.multiply(x, x), x)
    inner = topi.multiply(topi.add(x, topi.multiply(cube, 0.044715)), 0.7978845608)
    return topi.multiply(topi.multiply(x, 0.5), topi.add(topi.tanh(inner), 1.0))


def _broadcast() -> list[OpSeed]:
    out: list[OpSeed] = []
    for name, fn in (("add", topi.add), ("multiply", topi.multiply), ("maximum", topi.maximum),
                     ("subtract", topi.subtract), ("greater", topi.greater)):
        out += [
            OpSeed(f"{name}_bcast_4x1x8_1x6x8_f32", name, lambda fn=fn: [
                a := P((4, 1, 8), "A"), b := P((1, 6, 8), "B"), fn(a, b)]),
            OpSeed(f"{name}_bcast_2x3x4_4_i32", name, lambda fn=fn: [
                a := P((2, 3, 4), "A", "int32"), b := P((4,), "B", "int32"), fn(a, b)]),
        ]
    out += [
        OpSeed("add_scalar_const_4x8_f32", "add", lambda: [a := P((4, 8), "A"), topi.add(a, 2.5)]),
        OpSeed("multiply_scalar_const_16_i8", "multiply", lambda: [
            a := P((16,), "A", "int8"), topi.multiply(a, tirx.const(3, "int8"))]),
        OpSeed("broadcast_to_3_to_4x3_f32", "broadcast_to", lambda: [
            a := P((3,), "A"), topi.broadcast_to(a, (4, 3))]),
        OpSeed("broadcast_to_2x1x4_i64", "broadcast_to", lambda: [
            a := P((2, 1, 4), "A", "int64"), topi.broadcast_to(a, (2, 5, 4))]),
        OpSeed("where_4x8_f32", "where", lambda: [
            c := P((4, 8), "C", "bool"), a := P((4, 8), "A"), b := P((4, 8), "B"), topi.where(c, a, b)]),
        OpSeed("where_bcast_4x1_i32", "where", lambda: [
            c := P((4, 1), "C", "bool"), a := P((4, 8), "A", "int32"), b := P((1, 8), "B", "int32"),
            topi.where(c, a, b)]),
        OpSeed("where_cmp_16_f16", "where", lambda: [
            a := P((16,), "A", "float16"), b := P((16,), "B", "float16"),
            topi.where(topi.greater(a, b), a, b)]),
    ]
    for dt, lo, hi in (("float32", -0.5, 0.5), ("int32", 1, 2), ("float16", 0.0, 0.25), ("int8", 0, 2)):
        out.append(OpSeed(f"clip_4x8_{SHORT_DTYPE[dt]}", "clip", lambda dt=dt, lo=lo, hi=hi: [
            a := P((4, 8), "A", dt), topi.clip(a, lo, hi)]))
    return out


def _casts() -> list[OpSeed]:
    out: list[OpSeed] = []
    pairs = [("float32", "float16"), ("float16", "float32"), ("float32", "int32"), ("int32", "float32"),
             ("int8", "int32"), ("int32", "int8"), ("int64", "int32"), ("int32", "int64"),
             ("float32", "bool"), ("bool", "float32"), ("int8", "float16"), ("float32", "int8"),
             ("int64", "float32"), ("bool", "int32")]
    for src, dst in pairs:
        name = f"cast_{SHORT_DTYPE[src]}_to_{SHORT_DTYPE[dst]}_4x8"
        out.append(OpSeed(name, "cast", lambda src=src, dst=dst: [
            a := P((4, 8), "A", src), topi.cast(a, dst)]))
    out += [
        OpSeed("reinterpret_f32_to_i32_16", "reinterpret", lambda: [
            a := P((16,), "A"), topi.reinterpret(a, "int32")]),
        # A positive shift fails to compile ("Shift amount must be non-negative"), so only <= 0.
        OpSeed("fixed_point_multiply_16_i32", "fixed_point_multiply", lambda: [
            a := P((16,), "A", "int32"), topi.fixed_point_multiply(a, 1 << 30, 0)]),
        OpSeed("fixed_point_multiply_rshift_16_i32", "fixed_point_multiply", lambda: [
            a := P((16,), "A", "int32"), topi.fixed_point_multiply(a, 3 << 28, -1)]),
    ]
    return out


def _layout() -> list[OpSeed]:
    out = [
        OpSeed("transpose_2d_4x8_f32", "transpose", lambda: [a := P((4, 8), "A"), topi.transpose(a)]),
        OpSeed("transpose_021_2x3x4_i32", "transpose", lambda: [
            a := P((2, 3, 4), "A", "int32"), topi.transpose(a, (0, 2, 1))]),
        OpSeed("transpose_3120_2x3x4x5_f16", "transpose", lambda: [
            a := P((2, 3, 4, 5), "A", "float16"), topi.transpose(a, (3, 1, 2, 0))]),
        OpSeed("reshape_4x6_to_2x12_f32", "reshape", lambda: [a := P((4, 6), "A"), topi.reshape(a, (2, 12))]),
        OpSeed("reshape_2x3x4_to_24_i8", "reshape", lambda: [
            a := P((2, 3, 4), "A", "int8"), topi.reshape(a, (24,))]),
        OpSeed("reshape_12_to_2x2x3_i64", "reshape", lambda: [
            a := P((12,), "A", "int64"), topi.reshape(a, (2, 2, 3))]),
        OpSeed("flatten_2x3x4_f32", "flatten", lambda: [a := P((2, 3, 4), "A"), topi.nn.flatten(a)]),
        OpSeed("expand_dims_4x8_f32", "expand_dims", lambda: [
            a := P((4, 8), "A"), topi.expand_dims(a, 1, 2)]),
        OpSeed("squeeze_1x4x1x8_f32", "squeeze", lambda: [
            a := P((1, 4, 1, 8), "A"), topi.squeeze(a, (0, 2))]),
        OpSeed("flip_axis1_4x8_f32", "flip", lambda: [a := P((4, 8), "A"), topi.flip(a, 1)]),
        OpSeed("flip_axis0_6_i32", "flip", lambda: [a := P((6,), "A", "int32"), topi.flip(a, 0)]),
        OpSeed("tile_2x3_f32", "tile", lambda: [a := P((2, 3), "A"), topi.tile(a, (2, 3))]),
        OpSeed("repeat_axis1_2x3_i32", "repeat", lambda: [
            a := P((2, 3), "A", "int32"), topi.repeat(a, 2, 1)]),
        OpSeed("layout_transform_nchw_nchw4c_f32", "layout_transform", lambda: [
            a := P((1, 8, 4, 4), "A"), topi.layout_transform(a, "NCHW", "NCHW4c")]),
        OpSeed("layout_transform_nchw_nhwc_i8", "layout_transform", lambda: [
            a := P((1, 4, 3, 5), "A", "int8"), topi.layout_transform(a, "NCHW", "NHWC")]),
        OpSeed("depth_to_space_dcr_f32", "depth_to_space", lambda: [
            a := P((1, 8, 3, 3), "A"), topi.nn.depth_to_space(a, 2)]),
        OpSeed("depth_to_space_crd_f32", "depth_to_space", lambda: [
            a := P((1, 8, 3, 3), "A"), topi.nn.depth_to_space(a, 2, mode="CRD")]),
        OpSeed("space_to_depth_f32", "space_to_depth", lambda: [
            a := P((1, 2, 4, 4), "A"), topi.nn.space_to_depth(a, 2)]),
        OpSeed("trilu_upper_5x5_f32", "trilu", lambda: [
            a := P((5, 5), "A"), topi.trilu(a, tirx.const(0, "int32"), True)]),
        OpSeed("trilu_lower_k1_4x6_i32", "trilu", lambda: [
            a := P((4, 6), "A", "int32"), topi.trilu(a, tirx.const(1, "int32"), False)]),
    ]
    return out


def _pad_concat_slice() -> list[OpSeed]:
    nn = topi.nn
    return [
        OpSeed("pad_2d_1x2_f32", "pad", lambda: [a := P((4, 8), "A"), nn.pad(a, (1, 2), (2, 1))]),
        OpSeed("pad_nchw_value_f32", "pad", lambda: [
            a := P((1, 2, 4, 4), "A"), nn.pad(a, (0, 0, 1, 1), (0, 0, 1, 1), pad_value=-1.0)]),
        OpSeed("pad_1d_i8", "pad", lambda: [a := P((8,), "A", "int8"), nn.pad(a, (3,), (0,))]),
        OpSeed("pad_f16", "pad", lambda: [a := P((3, 5), "A", "float16"), nn.pad(a, (0, 2), (1, 0))]),
        OpSeed("mirror_pad_symmetric_f32", "mirror_pad", lambda: [
            a := P((4, 5), "A"), nn.mirror_pad(a, (1, 2), (2, 1))]),
        OpSeed("mirror_pad_reflect_f32", "mirror_pad", lambda: [
            a := P((4, 5), "A"), nn.mirror_pad(a, (1, 1), (2, 2), mode="REFLECT")]),
        OpSeed("concat_axis0_f32", "concatenate", lambda: [
            a := P((2, 4), "A"), b := P((3, 4), "B"), topi.concatenate([a, b], 0)]),
        OpSeed("concat_axis1_3way_i32", "concatenate", lambda: [
            a := P((2, 1), "A", "int32"), b := P((2, 3), "B", "int32"), c := P((2, 2), "C", "int32"),
            topi.concatenate([a, b, c], 1)]),
        OpSeed("concat_axis2_f16", "concatenate", lambda: [
            a := P((1, 2, 3), "A", "float16"), b := P((1, 2, 5), "B", "float16"),
            topi.concatenate([a, b], 2)]),
        OpSeed("stack_axis1_f32", "stack", lambda: [
            a := P((3, 4), "A"), b := P((3, 4), "B"), topi.stack([a, b], 1)]),
        OpSeed("split_sections3_f32", "split", lambda: [a := P((6, 4), "A"), *topi.split(a, 3, 0)]),
        OpSeed("split_indices_axis1_i32", "split", lambda: [
            a := P((2, 8), "A", "int32"), *topi.split(a, [1, 5], 1)]),
        OpSeed("strided_slice_2d_f32", "strided_slice", lambda: [
            a := P((8, 8), "A"), topi.strided_slice(a, [1, 0], [7, 8], [2, 3])]),
        OpSeed("strided_slice_neg_stride_f32", "strided_slice", lambda: [
            a := P((8,), "A"), topi.strided_slice(a, [6], [0], [-2])]),
        OpSeed("strided_slice_axes_3d_i64", "strided_slice", lambda: [
            a := P((3, 6, 5), "A", "int64"), topi.strided_slice(a, [1, 1], [3, 5], [1, 2], axes=[0, 2])]),
        OpSeed("slice_like_pad_roundtrip_f32", "strided_slice", lambda: [
            a := P((4, 4), "A"), topi.strided_slice(topi.nn.pad(a, (1, 1), (1, 1)), [1, 1], [5, 5])]),
    ]


def _indexing() -> list[OpSeed]:
    """Ops that read indices from data: every indexed axis has length >= 4 (inputs lie in [0, 4))."""
    return [
        OpSeed("take_flat_f32", "take", lambda: [
            a := P((4, 5), "A"), i := P((6,), "idx", "int32"), topi.take(a, i)]),
        OpSeed("take_axis0_clip_f32", "take", lambda: [
            a := P((5, 3), "A"), i := P((2, 3), "idx", "int32"), topi.take(a, i, axis=0, mode="clip")]),
        OpSeed("take_axis1_wrap_i64idx_f16", "take", lambda: [
            a := P((2, 6), "A", "float16"), i := P((4,), "idx", "int64"),
            topi.take(a, i, axis=1, mode="wrap")]),
        OpSeed("take_axis1_fast_i8", "take", lambda: [
            a := P((3, 4), "A", "int8"), i := P((5,), "idx", "int32"), topi.take(a, i, axis=1)]),
        OpSeed("gather_axis1_f32", "gather", lambda: [
            a := P((3, 5), "A"), i := P((3, 4), "idx", "int32"), topi.gather(a, 1, i)]),
        OpSeed("gather_axis0_i32", "gather", lambda: [
            a := P((4, 3), "A", "int32"), i := P((2, 3), "idx", "int64"), topi.gather(a, 0, i)]),
        OpSeed("gather_nd_f32", "gather_nd", lambda: [
            a := P((4, 5, 2), "A"), i := P((2, 3), "idx", "int32"), topi.gather_nd(a, i)]),
        OpSeed("one_hot_depth5_f32", "one_hot", lambda: [
            i := P((6,), "idx", "int32"),
            topi.one_hot(i, tirx.const(1.0, "float32"), tirx.const(0.0, "float32"), 5, -1, "float32")]),
        OpSeed("one_hot_axis0_depth4_i32", "one_hot", lambda: [
            i := P((2, 3), "idx", "int32"),
            topi.one_hot(i, tirx.const(7, "int32"), tirx.const(-1, "int32"), 4, 0, "int32")]),
        OpSeed("sequence_mask_f32", "sequence_mask", lambda: [
            a := P((5, 2, 3), "A"), n := P((2,), "len", "int32"), topi.sequence_mask(a, n, -1.0, 0)]),
        OpSeed("embedding_lookup_f32", "take", lambda: [
            w := P((8, 4), "W"), i := P((2, 3), "tokens", "int32"), topi.take(w, i, axis=0)]),
    ]


def _resize() -> list[OpSeed]:
    img = topi.image
    out: list[OpSeed] = []
    for method, mode in (("linear", "half_pixel"), ("nearest_neighbor", "asymmetric"),
                         ("cubic", "half_pixel"), ("linear", "align_corners")):
        out.append(OpSeed(f"resize2d_{method}_{mode}_f32", "resize2d", lambda m=method, c=mode: [
            a := P((1, 2, 4, 4), "A"), img.resize2d(a, (0.0, 0.0, 0.0, 0.0), (7, 6), method=m,
                                                    coordinate_transformation_mode=c)]))
    out += [
        OpSeed("resize2d_nearest_nhwc_down_f16", "resize2d", lambda: [
            a := P((1, 8, 8, 2), "A", "float16"),
            img.resize2d(a, (0.0, 0.0, 0.0, 0.0), (3, 5), layout="NHWC", method="nearest_neighbor",
                         coordinate_transformation_mode="asymmetric", rounding_method="floor")]),
        OpSeed("resize1d_linear_f32", "resize1d", lambda: [
            a := P((1, 3, 5), "A"), img.resize1d(a, (0.0, 0.0), (9,))]),
        OpSeed("upsampling_nearest_f32", "upsampling", lambda: [
            a := P((1, 2, 3, 3), "A"), topi.nn.upsampling(a, 2, 2)]),
        OpSeed("upsampling_bilinear_f32", "upsampling", lambda: [
            a := P((1, 2, 3, 3), "A"), topi.nn.upsampling(a, 2, 2, method="bilinear", align_corners=True)]),
    ]
    return out


def _sources() -> list[OpSeed]:
    """Ops with no input buffers: the function only writes."""
    return [
        OpSeed("full_3x4_f32", "full", lambda: [topi.full((3, 4), "float32", 1.5)]),
        OpSeed("arange_i32", "arange", lambda: [topi.arange(0, 10, 2, dtype="int32")]),
        OpSeed("eye_4x5_f32", "eye", lambda: [topi.eye(4, 5, 1, "float32")]),
    ]


def tensor_seeds() -> list[OpSeed]:
    return (_elementwise() + _broadcast() + _casts() + _layout() + _pad_concat_slice() + _indexing()
            + _resize() + _sources())
