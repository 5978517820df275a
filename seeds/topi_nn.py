"""Neural-network operator seeds: convolutions, dense/matmul, pooling, norms, softmax, reductions."""

from __future__ import annotations

from tvm import tirx, topi

from seeds.recipe import FLOATS, SHORT_DTYPE, OpSeed, P


def _conv() -> list[OpSeed]:
    out: list[OpSeed] = []
    nn = topi.nn
    # (tag, data shape, weight shape, stride, padding, dilation)
    for tag, ds, ws, s, p, d in [
        ("3x3", (1, 4, 8, 8), (8, 4, 3, 3), 1, 1, 1),
        ("3x3_s2", (1, 4, 9, 9), (8, 4, 3, 3), 2, 1, 1),
        ("3x3_dil2", (1, 4, 10, 10), (4, 4, 3, 3), 1, 2, 2),
        ("1x1", (2, 8, 6, 6), (4, 8, 1, 1), 1, 0, 1),
        ("5x5_valid", (1, 3, 9, 9), (4, 3, 5, 5), 1, 0, 1),
        ("3x3_s2_nopad", (1, 2, 7, 7), (4, 2, 3, 3), 2, 0, 1),
    ]:
        out.append(OpSeed(f"conv2d_nchw_{tag}_f32", "conv2d_nchw",
                          lambda ds=ds, ws=ws, s=s, p=p, d=d: [
                              a := P(ds, "data"), w := P(ws, "w"), nn.conv2d_nchw(a, w, s, p, d)]))
    out += [
        OpSeed("conv2d_nchw_3x3_f16", "conv2d_nchw", lambda: [
            a := P((1, 4, 8, 8), "data", "float16"), w := P((4, 4, 3, 3), "w", "float16"),
            nn.conv2d_nchw(a, w, 1, 1, 1)]),
        OpSeed("conv2d_nchw_3x3_i8", "conv2d_nchw", lambda: [
            a := P((1, 4, 8, 8), "data", "int8"), w := P((4, 4, 3, 3), "w", "int8"),
            nn.conv2d_nchw(a, w, 1, 1, 1, out_dtype="int32")]),
        OpSeed("conv2d_nhwc_3x3_f32", "conv2d_nhwc", lambda: [
            a := P((1, 8, 8, 4), "data"), w := P((3, 3, 4, 8), "w"), nn.conv2d_nhwc(a, w, 1, 1, 1)]),
        OpSeed("conv2d_nhwc_3x3_s2_f32", "conv2d_nhwc", lambda: [
            a := P((1, 9, 9, 4), "data"), w := P((3, 3, 4, 4), "w"), nn.conv2d_nhwc(a, w, 2, 1, 1)]),
        OpSeed("conv2d_nhwc_3x3_dil2_i8", "conv2d_nhwc", lambda: [
            a := P((1, 10, 10, 4), "data", "int8"), w := P((3, 3, 4, 4), "w", "int8"),
            nn.conv2d_nhwc(a, w, 1, 2, 2, out_dtype="int32")]),
        OpSeed("conv2d_hwcn_3x3_f32", "conv2d_hwcn", lambda: [
            a := P((8, 8, 4, 1), "data"), w := P((3, 3, 4, 4), "w"), nn.conv2d_hwcn(a, w, 1, 1, 1)]),
        OpSeed("depthwise_conv2d_nchw_3x3_f32", "depthwise_conv2d_nchw", lambda: [
            a := P((1, 4, 8, 8), "data"), w := P((4, 1, 3, 3), "w"),
            nn.depthwise_conv2d_nchw(a, w, 1, 1, 1)]),
        OpSeed("depthwise_conv2d_nchw_3x3_s2_mult2_f32", "depthwise_conv2d_nchw", lambda: [
            a := P((1, 4, 9, 9), "data"), w := P((4, 2, 3, 3), "w"),
            nn.depthwise_conv2d_nchw(a, w, 2, 1, 1)]),
        OpSeed("depthwise_conv2d_nchw_3x3_dil2_f16", "depthwise_conv2d_nchw", lambda: [
            a := P((1, 4, 10, 10), "data", "float16"), w := P((4, 1, 3, 3), "w", "float16"),
            nn.depthwise_conv2d_nchw(a, w, 1, 2, 2)]),
        OpSeed("depthwise_conv2d_nhwc_3x3_f32", "depthwise_conv2d_nhwc", lambda: [
            a := P((1, 8, 8, 4), "data"), w := P((3, 3, 4, 1), "w"),
            nn.depthwise_conv2d_nhwc(a, w, 1, 1, 1)]),
        OpSeed("depthwise_conv2d_nhwc_3x3_s2_i8", "depthwise_conv2d_nhwc", lambda: [
            a := P((1, 9, 9, 4), "data", "int8"), w := P((3, 3, 4, 1), "w", "int8"),
            nn.depthwise_conv2d_nhwc(a, w, 2, 1, 1, out_dtype="int32")]),
        OpSeed("group_conv2d_nchw_g2_f32", "group_conv2d_nchw", lambda: [
            a := P((1, 8, 8, 8), "data"), w := P((8, 4, 3, 3), "w"), nn.group_conv2d_nchw(a, w, 1, 1, 1, 2)]),
        OpSeed("group_conv2d_nchw_g4_s2_f32", "group_conv2d_nchw", lambda: [
            a := P((1, 8, 9, 9), "data"), w := P((8, 2, 3, 3), "w"), nn.group_conv2d_nchw(a, w, 2, 1, 1, 4)]),
        OpSeed("group_conv2d_nhwc_g2_f32", "group_conv2d_nhwc", lambda: [
            a := P((1, 8, 8, 8), "data"), w := P((3, 3, 4, 8), "w"), nn.group_conv2d_nhwc(a, w, 1, 1, 1, 2)]),
        OpSeed("conv1d_ncw_k3_f32", "conv1d_ncw", lambda: [
            a := P((1, 4, 16), "data"), w := P((8, 4, 3), "w"), nn.conv1d_ncw(a, w, 1, 1, 1)]),
        OpSeed("conv1d_ncw_k3_s2_dil2_f32", "conv1d_ncw", lambda: [
            a := P((2, 4, 17), "data"), w := P((4, 4, 3), "w"), nn.conv1d_ncw(a, w, 2, 2, 2)]),
        OpSeed("conv1d_nwc_k3_f32", "conv1d_nwc", lambda: [
            a := P((1, 16, 4), "data"), w := P((3, 4, 8), "w"), nn.conv1d_nwc(a, w, 1, 1, 1)]),
        OpSeed("conv3d_ncdhw_k3_f32", "conv3d_ncdhw", lambda: [
            a := P((1, 2, 6, 6, 6), "data"), w := P((4, 2, 3, 3, 3), "w"),
            nn.conv3d_ncdhw(a, w, 1, 1, 1, 1)]),
        OpSeed("conv2d_transpose_nchw_s2_f32", "conv2d_transpose_nchw", lambda: [
            a := P((1, 4, 5, 5), "data"), w := P((4, 2, 3, 3), "w"),
            nn.conv2d_transpose_nchw(a, w, (2, 2), (1, 1, 1, 1), "float32", (0, 0))]),
        OpSeed("conv1d_transpose_ncw_s2_f32", "conv1d_transpose_ncw", lambda: [
            a := P((1, 4, 8), "data"), w := P((4, 2, 3), "w"),
            nn.conv1d_transpose_ncw(a, w, 2, 1, "float32", 0)]),
    ]
    return out


def _dense() -> list[OpSeed]:
    nn = topi.nn
    out = [
        OpSeed("dense_4x16x8_f32", "dense", lambda: [
            a := P((4, 16), "A"), b := P((8, 16), "B"), nn.dense(a, b)]),
        OpSeed("dense_bias_4x16x8_f32", "dense", lambda: [
            a := P((4, 16), "A"), b := P((8, 16), "B"), c := P((8,), "bias"), nn.dense(a, b, c)]),
        OpSeed("dense_1x32x4_f16", "dense", lambda: [
            a := P((1, 32), "A", "float16"), b := P((4, 32), "B", "float16"), nn.dense(a, b)]),
        OpSeed("dense_4x16x8_i8", "dense", lambda: [
            a := P((4, 16), "A", "int8"), b := P((8, 16), "B", "int8"), nn.dense(a, b, out_dtype="int32")]),
        OpSeed("dense_3x5x7_i32", "dense", lambda: [
            a := P((3, 5), "A", "int32"), b := P((7, 5), "B", "int32"), nn.dense(a, b)]),
        OpSeed("matmul_nn_4x8x6_f32", "matmul", lambda: [
            a := P((4, 8), "A"), b := P((8, 6), "B"), nn.matmul(a, b)]),
        OpSeed("matmul_tn_4x8x6_f32", "matmul", lambda: [
            a := P((8, 4), "A"), b := P((8, 6), "B"), nn.matmul(a, b, transpose_a=True)]),
        OpSeed("matmul_tt_bias_4x8x6_f32", "matmul", lambda: [
            a := P((8, 4), "A"), b := P((6, 8), "B"), c := P((6,), "bias"),
            nn.matmul(a, b, c, transpose_a=True, transpose_b=True)]),
        OpSeed("matmul_nn_5x3x2_i64", "matmul", lambda: [
            a := P((5, 3), "A", "int64"), b := P((3, 2), "B", "int64"), nn.matmul(a, b)]),
        OpSeed("matmul_transform_f16", "matmul", lambda: [
            a := P((4, 8), "A", "float16"), b := P((8, 4), "B", "float16"), topi.matmul(a, b)]),
        OpSeed("batch_matmul_2x4x16x8_f32", "batch_matmul", lambda: [
            a := P((2, 4, 16), "A"), b := P((2, 8, 16), "B"), nn.batch_matmul(a, b)]),
        OpSeed("batch_matmul_bcast_3x4x8x5_f32", "batch_matmul", lambda: [
            a := P((3, 4, 8), "A"), b := P((1, 5, 8), "B"), nn.batch_matmul(a, b)]),
        OpSeed("batch_matmul_nn_2x4x8x6_f32", "batch_matmul", lambda: [
            a := P((2, 4, 8), "A"), b := P((2, 8, 6), "B"), nn.batch_matmul(a, b, transpose_b=False)]),
        OpSeed("batch_matmul_2x4x8x4_i8", "batch_matmul", lambda: [
            a := P((2, 4, 8), "A", "int8"), b := P((2, 4, 8), "B", "int8"),
            nn.batch_matmul(a, b, out_dtype="int32")]),
        OpSeed("einsum_ij_jk_f32", "einsum", lambda: [
            a := P((4, 6), "A"), b := P((6, 5), "B"), topi.einsum("ij,jk->ik", a, b)]),
        OpSeed("einsum_bij_bjk_f32", "einsum", lambda: [
            a := P((2, 3, 4), "A"), b := P((2, 4, 5), "B"), topi.einsum("bij,bjk->bik", a, b)]),
        OpSeed("tensordot_f32", "tensordot", lambda: [
            a := P((3, 4, 5), "A"), b := P((4, 5, 6), "B"), topi.tensordot(a, b, 2)]),
    ]
    return out


def _pool() -> list[OpSeed]:
    nn = topi.nn
    out: list[OpSeed] = []
    for kind in ("max", "avg"):
        out += [
            OpSeed(f"pool2d_{kind}_2x2_s2_f32", f"pool2d_{kind}", lambda k=kind: [
                a := P((1, 4, 8, 8), "A"), nn.pool2d(a, (2, 2), (2, 2), (1, 1), (0, 0, 0, 0), k)]),
            OpSeed(f"pool2d_{kind}_3x3_pad1_f32", f"pool2d_{kind}", lambda k=kind: [
                a := P((1, 4, 8, 8), "A"), nn.pool2d(a, (3, 3), (1, 1), (1, 1), (1, 1, 1, 1), k)]),
            OpSeed(f"pool2d_{kind}_3x3_s2_ceil_f32", f"pool2d_{kind}", lambda k=kind: [
                a := P((1, 2, 9, 9), "A"),
                nn.pool2d(a, (3, 3), (2, 2), (1, 1), (0, 0, 0, 0), k, ceil_mode=True)]),
            OpSeed(f"pool2d_{kind}_2x2_dil2_nhwc_f32", f"pool2d_{kind}", lambda k=kind: [
                a := P((1, 8, 8, 4), "A"),
                nn.pool2d(a, (2, 2), (1, 1), (2, 2), (0, 0, 0, 0), k, layout="NHWC")]),
            OpSeed(f"pool2d_{kind}_2x2_f16", f"pool2d_{kind}", lambda k=kind: [
                a := P((1, 4, 8, 8), "A", "float16"), nn.pool2d(a, (2, 2), (2, 2), (1, 1), (0, 0, 0, 0), k)]),
            OpSeed(f"pool1d_{kind}_k3_s2_f32", f"pool1d_{kind}", lambda k=kind: [
                a := P((2, 4, 16), "A"), nn.pool1d(a, (3,), (2,), (1,), (1, 1), k)]),
            OpSeed(f"pool1d_{kind}_k2_nwc_f32", f"pool1d_{kind}", lambda k=kind: [
                a := P((1, 16, 4), "A"), nn.pool1d(a, (2,), (2,), (1,), (0, 0), k, layout="NWC")]),
            OpSeed(f"pool3d_{kind}_2x2x2_f32", f"pool3d_{kind}", lambda k=kind: [
                a := P((1, 2, 4, 4, 4), "A"), nn.pool3d(a, (2, 2, 2), (2, 2, 2), (1, 1, 1), (0,) * 6, k)]),
            OpSeed(f"global_pool_{kind}_f32", f"global_pool_{kind}", lambda k=kind: [
                a := P((2, 4, 6, 6), "A"), nn.global_pool(a, k)]),
            OpSeed(f"global_pool_{kind}_nhwc_f16", f"global_pool_{kind}", lambda k=kind: [
                a := P((1, 5, 5, 8), "A", "float16"), nn.global_pool(a, k, layout="NHWC")]),
            OpSeed(f"adaptive_pool_{kind}_3x3_f32", f"adaptive_pool_{kind}", lambda k=kind: [
                a := P((1, 4, 8, 8), "A"), nn.adaptive_pool(a, (3, 3), k)]),
            OpSeed(f"adaptive_pool_{kind}_2x5_nhwc_f32", f"adaptive_pool_{kind}", lambda k=kind: [
                a := P((1, 7, 9, 4), "A"), nn.adaptive_pool(a, (2, 5), k, layout="NHWC")]),
            OpSeed(f"adaptive_pool1d_{kind}_5_f32", f"adaptive_pool1d_{kind}", lambda k=kind: [
                a := P((2, 4, 12), "A"), nn.adaptive_pool1d(a, (5,), k)]),
        ]
    out.append(OpSeed("pool2d_max_2x2_i32", "pool2d_max", lambda: [
        a := P((1, 4, 8, 8), "A", "int32"), nn.pool2d(a, (2, 2), (2, 2), (1, 1), (0, 0, 0, 0), "max")]))
    return out


def _norm() -> list[OpSeed]:
    nn = topi.nn
    return [
        OpSeed("layer_norm_4x16_f32", "layer_norm", lambda: [
            a := P((4, 16), "A"), g := P((16,), "gamma"), b := P((16,), "beta"),
            nn.layer_norm(a, g, b, [1])]),
        OpSeed("layer_norm_2x3x8_last2_f32", "layer_norm", lambda: [
            a := P((2, 3, 8), "A"), g := P((3, 8), "gamma"), b := P((3, 8), "beta"),
            nn.layer_norm(a, g, b, [1, 2])]),
        OpSeed("layer_norm_4x16_f16", "layer_norm", lambda: [
            a := P((4, 16), "A", "float16"), g := P((16,), "gamma", "float16"),
            b := P((16,), "beta", "float16"),
            nn.layer_norm(a, g, b, [1])]),
        OpSeed("batch_norm_nchw_f32", "batch_norm", lambda: [
            a := P((2, 4, 5, 5), "A"), g := P((4,), "gamma"), b := P((4,), "beta"),
            m := P((4,), "mean"), v := P((4,), "var"), *nn.batch_norm(a, g, b, m, v, axis=1)]),
        OpSeed("batch_norm_nhwc_training_f32", "batch_norm", lambda: [
            a := P((2, 5, 5, 4), "A"), g := P((4,), "gamma"), b := P((4,), "beta"),
            m := P((4,), "mean"), v := P((4,), "var"), *nn.batch_norm(a, g, b, m, v, axis=3, training=True)]),
        OpSeed("instance_norm_nchw_f32", "instance_norm", lambda: [
            a := P((2, 4, 6, 6), "A"), g := P((4,), "gamma"), b := P((4,), "beta"),
            nn.instance_norm(a, g, b, 1, [2, 3])]),
        OpSeed("group_norm_g2_f32", "group_norm", lambda: [
            a := P((2, 8, 4, 4), "A"), g := P((8,), "gamma"), b := P((8,), "beta"),
            nn.group_norm(a, g, b, 2, 1, [2, 3])]),
        OpSeed("group_norm_g4_f16", "group_norm", lambda: [
            a := P((1, 8, 6), "A", "float16"), g := P((8,), "gamma", "float16"),
            b := P((8,), "beta", "float16"),
            nn.group_norm(a, g, b, 4, 1, [2])]),
        OpSeed("rms_norm_4x16_f32", "rms_norm", lambda: [
            a := P((4, 16), "A"), w := P((16,), "w"), nn.rms_norm(a, w, [1])]),
        OpSeed("lrn_f32", "lrn", lambda: [a := P((1, 8, 4, 4), "A"), nn.lrn(a, 3)]),
        OpSeed("l2_norm_like_f32", "sqrt_sum", lambda: [
            a := P((4, 8), "A"),
            topi.divide(a, topi.sqrt(topi.sum(topi.multiply(a, a), axis=1, keepdims=True)))]),
    ]


def _softmax() -> list[OpSeed]:
    nn = topi.nn
    out: list[OpSeed] = []
    for dt in FLOATS:
        s = SHORT_DTYPE[dt]
        out += [
            OpSeed(f"softmax_4x16_{s}", "softmax", lambda dt=dt: [a := P((4, 16), "A", dt), nn.softmax(a)]),
            OpSeed(f"softmax_axis0_3x5x7_{s}", "softmax", lambda dt=dt: [
                a := P((3, 5, 7), "A", dt), nn.softmax(a, axis=0)]),
            OpSeed(f"log_softmax_4x16_{s}", "log_softmax", lambda dt=dt: [
                a := P((4, 16), "A", dt), nn.log_softmax(a)]),
        ]
    out += [
        OpSeed("softmax_axis1_2x6x4_f32", "softmax", lambda: [a := P((2, 6, 4), "A"), nn.softmax(a, axis=1)]),
        OpSeed("fast_softmax_4x16_f32", "fast_softmax", lambda: [a := P((4, 16), "A"), nn.fast_softmax(a)]),
        OpSeed("log_softmax_axis0_5x3_f32", "log_softmax", lambda: [
            a := P((5, 3), "A"), nn.log_softmax(a, 0)]),
    ]
    return out


def _reductions() -> list[OpSeed]:
    out: list[OpSeed] = []
    reducers = {"sum": topi.sum, "max": topi.max, "min": topi.min, "prod": topi.prod}
    for rname, fn in reducers.items():
        # LLVM code for signed integers assumes no overflow (nsw), so an integer product must stay
        # below 2**31 even for inputs of 3 everywhere: at most 12 factors, not 60.
        full = (2, 2, 3) if rname == "prod" else (3, 4, 5)
        for dt in ("float32", "int32", "float16", "int64"):
            s = SHORT_DTYPE[dt]
            out += [
                OpSeed(f"{rname}_axis1_4x8_{s}", rname, lambda fn=fn, dt=dt: [
                    a := P((4, 8), "A", dt), fn(a, axis=1)]),
                OpSeed(f"{rname}_all_{'x'.join(map(str, full))}_{s}", rname, lambda fn=fn, dt=dt, full=full: [
                    a := P(full, "A", dt), fn(a)]),
            ]
        out.append(OpSeed(f"{rname}_axes02_keep_3x4x5_f32", rname, lambda fn=fn: [
            a := P((3, 4, 5), "A"), fn(a, axis=(0, 2), keepdims=True)]))
    for dt in FLOATS:
        out.append(OpSeed(f"mean_axis1_4x8_{SHORT_DTYPE[dt]}", "mean", lambda dt=dt: [
            a := P((4, 8), "A", dt), topi.divide(topi.sum(a, axis=1), tirx.const(8, dt))]))
    out += [
        OpSeed("all_axis1_4x8_b", "all", lambda: [a := P((4, 8), "A", "bool"), topi.all(a, axis=1)]),
        OpSeed("any_all_4x8_b", "any", lambda: [a := P((4, 8), "A", "bool"), topi.any(a)]),
    ]
    for name, fn in (("argmax", topi.argmax), ("argmin", topi.argmin)):
        out += [
            OpSeed(f"{name}_axis1_4x16_f32", name, lambda fn=fn: [a := P((4, 16), "A"), fn(a, axis=1)]),
            OpSeed(f"{name}_axis0_keep_5x3_i32", name, lambda fn=fn: [
                a := P((5, 3), "A", "int32"), fn(a, axis=0, keepdims=True)]),
            OpSeed(f"{name}_last_axis2_2x3x8_f16", name, lambda fn=fn: [
                a := P((2, 3, 8), "A", "float16"), fn(a, axis=2, select_last_index=True)]),
            OpSeed(f"{name}_flat_4x4_i8", name, lambda fn=fn: [a := P((4, 4), "A", "int8"), fn(a)]),
        ]
    out += [
        OpSeed("argsort_axis1_4x8_f32", "argsort", lambda: [
            a := P((4, 8), "A"), topi.argsort(a, axis=1, dtype="int32")]),
        OpSeed("argsort_desc_axis0_6x3_i32", "argsort", lambda: [
            a := P((6, 3), "A", "int32"), topi.argsort(a, axis=0, is_ascend=False, dtype="int32")]),
        OpSeed("sort_axis1_4x8_f32", "sort", lambda: [a := P((4, 8), "A"), topi.sort(a, axis=1)]),
        OpSeed("topk_k3_both_4x8_f32", "topk", lambda: [
            a := P((4, 8), "A"), *topi.topk(a, 3, axis=1, dtype="int32")]),
        OpSeed("topk_k2_indices_ascend_10_f32", "topk", lambda: [
            a := P((10,), "A"), topi.topk(a, 2, ret_type="indices", is_ascend=True, dtype="int64")]),
        OpSeed("cumsum_axis1_4x8_f32", "cumsum", lambda: [a := P((4, 8), "A"), topi.cumsum(a, axis=1)]),
        OpSeed("cumsum_exclusive_16_i32", "cumsum", lambda: [
            a := P((16,), "A", "int32"), topi.cumsum(a, axis=0, exclusive=True)]),
        OpSeed("cumprod_axis0_6x3_f32", "cumprod", lambda: [a := P((6, 3), "A"), topi.cumprod(a, axis=0)]),
    ]
    return out


def nn_seeds() -> list[OpSeed]:
    return _conv() + _dense() + _pool() + _norm() + _softmax() + _reductions()
