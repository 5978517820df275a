# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), T_fast_erf: T.Buffer((4, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_fast_erf"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1])
            T.writes(T_fast_erf[v_ax0, v_ax1])
            T_fast_erf[v_ax0, v_ax1] = T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.float32(-2.7261423674040941e-10) + T.float32(2.7706814620387377e-08)) + T.float32(-2.101023937939317e-06)) + T.float32(-5.6925062381196767e-05)) + T.float32(-0.00073499063728377223)) + T.float32(-0.0029545999132096767)) + T.float32(-0.016096033155918121)) / (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * (T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.max(T.min(A[v_ax0, v_ax1], T.float32(4.0)), T.float32(-4.0)) * T.float32(-1.4566071513399947e-05) + T.float32(-0.00021337404905352741)) + T.float32(-0.001682827016338706)) + T.float32(-0.0073733292520046234)) + T.float32(-0.014264739118516445))
