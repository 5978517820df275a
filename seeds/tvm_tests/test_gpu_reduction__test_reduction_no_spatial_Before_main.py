# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 1, 4096), "float16"), B: T.Buffer((4096,), "float16"), rms_norm: T.Buffer((1, 4096), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    Ared_temp = T.sblock_alloc_buffer((1, 1))
    for ax0 in range(4096):
        with T.sblock("Ared_temp"):
            v0 = T.axis.reduce(4096, ax0)
            T.reads(A[0, 0, v0])
            T.writes(Ared_temp[0, 0])
            with T.init():
                Ared_temp[0, 0] = T.float32(0.0)
            Ared_temp[0, 0] = Ared_temp[0, 0] + T.Cast("float32", A[0, 0, v0]) * T.Cast("float32", A[0, 0, v0])
    for ax0 in range(4096):
        with T.sblock("rms_norm"):
            v0 = T.axis.spatial(4096, ax0)
            T.reads(B[v0], A[0, 0, v0], Ared_temp[0, 0])
            T.writes(rms_norm[0, v0])
            rms_norm[0, v0] = T.Cast("float16", T.Cast("float32", B[v0]) * (T.Cast("float32", A[0, 0, v0]) / T.sqrt(Ared_temp[0, 0] * T.float32(0.000244140625) + T.float32(9.9999999999999995e-07))))
