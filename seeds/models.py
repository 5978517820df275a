"""Whole-model seeds: small `relax.frontend.nn` modules shaped like real architectures.

Legalizing a model gives the PrimFuncs a real compiler feeds to TIR (fused shapes, int64 indices,
T.int64 loop extents, broadcasts between ops) rather than one hand-picked operator at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tvm import relax, tirx
from tvm.relax.frontend import nn


class MLP(nn.Module):
    def __init__(self, dims: tuple[int, ...]) -> None:
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(dims, dims[1:], strict=False)])

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i + 1 < len(self.layers):
                x = nn.relu(x)
        return nn.softmax(x, axis=-1)


class BatchNorm2d(nn.Module):
    """Inference-mode batch norm; relax.frontend.nn ships no BatchNorm module."""

    def __init__(self, channels: int) -> None:
        self.gamma, self.beta = nn.Parameter((channels,)), nn.Parameter((channels,))
        self.mean, self.var = nn.Parameter((channels,)), nn.Parameter((channels,))

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        out = relax.op.nn.batch_norm(
            x._expr,
            self.gamma._expr,
            self.beta._expr,
            self.mean._expr,
            self.var._expr,
            axis=1,
            training=False,
        )
        return nn.wrap_nested(relax.TupleGetItem(out, 0), name="batch_norm")


class CNNBlock(nn.Module):
    def __init__(self, cin: int, cout: int) -> None:
        self.conv = nn.Conv2D(cin, cout, 3, padding=1, bias=False)
        self.bn = BatchNorm2d(cout)

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        y = nn.relu(self.bn(self.conv(x)))
        pooled = relax.op.nn.max_pool2d(y._expr, pool_size=(2, 2), strides=(2, 2))
        return nn.wrap_nested(pooled, name="max_pool2d")


class ResidualBlock(nn.Module):
    def __init__(self, channels: int) -> None:
        self.conv1 = nn.Conv2D(channels, channels, 3, padding=1)
        self.conv2 = nn.Conv2D(channels, channels, 3, padding=1)
        self.norm = nn.GroupNorm(2, channels)

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        y = self.conv2(nn.relu(self.norm(self.conv1(x))))
        return nn.relu(y + x)


class TransformerBlock(nn.Module):
    """Pre-norm self-attention with the attention spelled out, then a GELU feed-forward."""

    def __init__(self, dim: int, heads: int) -> None:
        self.heads = heads
        self.ln1, self.ln2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv, self.proj = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)
        self.fc1, self.fc2 = nn.Linear(dim, 2 * dim), nn.Linear(2 * dim, dim)

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        b, s, d = x.shape
        hd = d // self.heads
        qkv = nn.reshape(self.qkv(self.ln1(x)), (b, s, 3, self.heads, hd))
        q, k, v = (nn.permute_dims(nn.squeeze(t, 2), (0, 2, 1, 3)) for t in nn.split(qkv, 3, axis=2))
        scores = nn.matmul(q, nn.permute_dims(k, (0, 1, 3, 2))) / float(hd) ** 0.5
        attn = nn.matmul(nn.softmax(scores, axis=-1), v)
        x = x + self.proj(nn.reshape(nn.permute_dims(attn, (0, 2, 1, 3)), (b, s, d)))
        return x + self.fc2(nn.gelu(self.fc1(self.ln2(x))))


class EmbeddingGRU(nn.Module):
    """Token embedding followed by one GRU cell step: the gates of a recurrent network."""

    def __init__(self, vocab: int, dim: int, hidden: int) -> None:
        self.embed = nn.Embedding(vocab, dim)
        self.wx, self.wh = nn.Linear(dim, 3 * hidden), nn.Linear(hidden, 3 * hidden)

    def forward(self, tokens: nn.Tensor, h: nn.Tensor) -> nn.Tensor:
        gx = nn.split(self.wx(self.embed(tokens)), 3, axis=-1)
        gh = nn.split(self.wh(h), 3, axis=-1)
        r, z = nn.sigmoid(gx[0] + gh[0]), nn.sigmoid(gx[1] + gh[1])
        n = nn.tanh(gx[2] + r * gh[2])
        return (1.0 - z) * n + z * h


class GatedMLPBlock(nn.Module):
    """LLaMA-style feed-forward: RMSNorm, then a SiLU-gated projection, plus the residual."""

    def __init__(self, dim: int, hidden: int) -> None:
        self.norm = nn.RMSNorm(dim, axes=-1)
        self.gate, self.up = nn.Linear(dim, hidden, bias=False), nn.Linear(dim, hidden, bias=False)
        self.down = nn.Linear(hidden, dim, bias=False)

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        y = self.norm(x)
        return x + self.down(nn.silu(self.gate(y)) * self.up(y))


class TemporalCNN(nn.Module):
    """1-d convolutions over a sequence, as in audio or time-series models."""

    def __init__(self, channels: int) -> None:
        self.conv1 = nn.Conv1D(channels, 2 * channels, 3, padding=1)
        self.conv2 = nn.Conv1D(2 * channels, channels, 3, padding=2, dilation=2)

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        return nn.tanh(self.conv2(nn.relu(self.conv1(x)))) + x


@dataclass(frozen=True)
class ModelSeed:
    name: str
    make: Callable[[], nn.Module]
    inputs: dict[str, tuple[tuple[int, ...], str]]
    dtype: str = "float32"


# Vocabulary >= 4: token ids come from data, which lies in [0, 4) at run time.
MODELS = [
    ModelSeed("mlp", lambda: MLP((16, 32, 8)), {"x": ((4, 16), "float32")}),
    ModelSeed("mlp_deep_f16", lambda: MLP((8, 12, 12, 4)), {"x": ((2, 8), "float16")}, "float16"),
    ModelSeed("cnn_block", lambda: CNNBlock(3, 8), {"x": ((1, 3, 8, 8), "float32")}),
    ModelSeed("residual_block", lambda: ResidualBlock(4), {"x": ((1, 4, 6, 6), "float32")}),
    ModelSeed("transformer_block", lambda: TransformerBlock(16, 2), {"x": ((1, 4, 16), "float32")}),
    ModelSeed("gated_mlp_block", lambda: GatedMLPBlock(8, 16), {"x": ((1, 3, 8), "float32")}),
    ModelSeed("temporal_cnn", lambda: TemporalCNN(4), {"x": ((1, 4, 12), "float32")}),
    ModelSeed(
        "embedding_gru", lambda: EmbeddingGRU(10, 8, 6), {"tokens": ((2,), "int32"), "h": ((2, 6), "float32")}
    ),
]


def model_primfuncs(model: ModelSeed) -> dict[str, tirx.PrimFunc]:
    """Every PrimFunc of the legalized model, by its Relax name, with `global_symbol` "main"."""
    module = model.make()
    module.to(model.dtype)
    spec = {name: nn.spec.Tensor(shape, dtype) for name, (shape, dtype) in model.inputs.items()}
    mod, _ = module.export_tvm(spec={"forward": spec})
    mod = relax.transform.LegalizeOps()(mod)
    return {
        gv.name_hint: func.with_attr("global_symbol", "main")
        for gv, func in mod.functions_items()
        if isinstance(func, tirx.PrimFunc)
    }
