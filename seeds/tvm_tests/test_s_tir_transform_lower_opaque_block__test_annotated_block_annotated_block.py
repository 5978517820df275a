# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def annotated_block():
    with T.sblock(""):
        T.reads()
        T.writes()
        T.sblock_attr({"pragma_1": "str_value", "pragma_2": 1, "pragma_3": 0.0})
        T.evaluate(0)
