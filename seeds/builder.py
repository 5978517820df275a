"""Regenerate the seed corpus: TOPI operators and Relax models, each in block and plain form.

Every seed is stored as the TVMScript of its canonical form, parse(print(f)): a few TOPI ops
(cumsum's buffer layouts, layout_transform's annotations) print details that re-parse slightly
differently, and the fuzzer only ever sees the parsed file. A seed whose canonical form does not
round-trip exactly is skipped. Output is sorted and stable, so two builds give identical bytes.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import tvm
from tqdm import tqdm
from tvm import te, tirx

from seeds.errors import SeedError
from seeds.models import MODELS, ModelSeed, model_primfuncs
from seeds.recipe import OpSeed
from seeds.topi_nn import nn_seeds
from seeds.topi_tensor import tensor_seeds
from tirkit.errors import first_line
from tirkit.lowering import to_plain
from tirkit.nodes import node_count
from tirkit.script import from_script, roundtrips, structural_hash, to_script

FORMS = ("block", "plain")


@dataclass(frozen=True)
class Recipe:
    """A named source of PrimFuncs: one TOPI op (one func) or one model (all its funcs)."""

    name: str
    origin: str
    make: Callable[[], dict[str, tirx.PrimFunc]]


def _op_recipe(seed: OpSeed) -> Recipe:
    def make() -> dict[str, tirx.PrimFunc]:
        return {seed.name: te.create_prim_func(seed.make()).with_attr("global_symbol", "main")}

    return Recipe(seed.name, f"op:{seed.op}", make)


def _model_recipe(model: ModelSeed) -> Recipe:
    def make() -> dict[str, tirx.PrimFunc]:
        return {f"model_{model.name}_{fn}": f for fn, f in model_primfuncs(model).items()}

    return Recipe(f"model_{model.name}", f"model:{model.name}", make)


def recipes() -> list[Recipe]:
    """Every recipe, sorted by name; names are unique because they become file names."""
    found = [_op_recipe(s) for s in nn_seeds() + tensor_seeds()] + [_model_recipe(m) for m in MODELS]
    names = Counter(r.name for r in found)
    duplicates = sorted(name for name, count in names.items() if count > 1)
    if duplicates:
        raise ValueError(f"duplicate seed recipe names: {duplicates}")
    return sorted(found, key=lambda r: r.name)


def _canonical(func: tirx.PrimFunc) -> tirx.PrimFunc:
    canon = from_script(to_script(func))
    if not roundtrips(canon):
        raise ValueError("TVMScript does not round-trip exactly")
    return canon


def _entry(name: str, origin: str, form: str, func: tirx.PrimFunc) -> dict:
    shapes, dtypes = [], []
    for param in func.params:
        if isinstance(param.ty, tirx.BufferType):
            shapes.append([int(d) if isinstance(d, tirx.IntImm) else str(d) for d in param.shape])
            dtypes.append(str(param.dtype))
        else:
            shapes.append([])
            dtypes.append(str(param.ty))
    return {
        "name": name,
        "file": f"{name}.py",
        "origin": origin,
        "shapes": shapes,
        "dtypes": dtypes,
        "form": form,
        "nodes": node_count(func),
        "hash": structural_hash(func),
    }


def build(out: Path, progress: bool = True, only: str | None = None, limit: int | None = None) -> dict:
    """Write the corpus into `out` (replacing its *.py files and index.json); return a summary.

    `only` keeps the recipes whose name contains it and `limit` the first N of them (by name), for
    quick partial builds. Seeds equal by structural hash are kept once, under the first name.
    """
    chosen = [r for r in recipes() if only is None or only in r.name][:limit]
    seeds: dict[str, tuple[dict, str]] = {}
    skipped: dict[str, str] = {}
    for recipe in tqdm(chosen, desc="building seeds", disable=not progress, file=sys.stderr):
        try:
            funcs = recipe.make()
        except Exception as err:  # a broken recipe must not cost the rest of the corpus
            skipped[recipe.name] = first_line(err)
            continue
        for base, func in sorted(funcs.items()):
            for form in FORMS:
                name = f"{base}__{form}"
                try:
                    canon = _canonical(func if form == "block" else to_plain(func))
                except Exception as err:
                    skipped[name] = first_line(err)
                    continue
                seeds[name] = (_entry(name, recipe.origin, form, canon), to_script(canon))

    kept: dict[str, str] = {}
    duplicates: dict[str, str] = {}
    index = []
    for name in sorted(seeds):
        entry, _ = seeds[name]
        if entry["hash"] in kept:
            duplicates[name] = kept[entry["hash"]]
            continue
        kept[entry["hash"]] = name
        index.append(entry)

    _clear(out)
    for entry in index:
        (out / entry["file"]).write_text(seeds[entry["name"]][1].rstrip("\n") + "\n", encoding="utf-8")
    (out / "index.json").write_text(_index_json(index), encoding="utf-8")
    return {
        "out": str(out),
        "recipes": len(chosen),
        "seeds": len(index),
        "by_form": {form: sum(e["form"] == form for e in index) for form in FORMS},
        "ops": sum(e["origin"].startswith("op:") for e in index),
        "models": sum(e["origin"].startswith("model:") for e in index),
        "duplicates": duplicates,
        "skipped": skipped,
        "bytes": sum((out / e["file"]).stat().st_size for e in index),
    }


def _clear(out: Path) -> None:
    """Remove the previous build's seeds, refusing a folder that is not a built corpus."""
    out.mkdir(parents=True, exist_ok=True)
    old = sorted(out.glob("*.py"))
    if old and not (out / "index.json").is_file():
        raise SeedError(f"refusing to replace the .py files of {out}: no index.json, not a built corpus")
    for path in old:
        path.unlink()


def _index_json(index: list[dict]) -> str:
    """One seed per line: small, and a rebuild's diff shows exactly the seeds that changed."""
    rows = ",\n".join("  " + json.dumps(entry, sort_keys=True) for entry in index)
    return f'{{"tvm_version": {json.dumps(tvm.__version__)},\n "seeds": [\n{rows}\n]}}\n'
