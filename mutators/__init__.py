"""TIR mutators: general-purpose (insert, delete, replace, splice) and tensor-compiler-specific
(loop nesting, memory operations, thread binding). See ARCHITECTURE.md, contract "mutators"."""

from __future__ import annotations

from mutators.base import Mutator, NoMutation
from mutators.constructs import Constructs
from mutators.deletion import Deletion
from mutators.empty import empty_function
from mutators.identity import IdentityForms
from mutators.insertion import Insertion
from mutators.loops import LoopNest
from mutators.memory import MemoryOps
from mutators.replacement import Replacement
from mutators.scalable import ScalableVectors
from mutators.splice import Splice
from mutators.splice_stmt import StmtSplice
from mutators.threads import ThreadBinding
from tirkit.verify import well_formed

_GENERAL: tuple[Mutator, ...] = (Insertion(), Deletion(), Replacement(), IdentityForms(), Splice(), StmtSplice())
_DOMAIN: tuple[Mutator, ...] = (LoopNest(), MemoryOps(), ThreadBinding(), ScalableVectors(), Constructs())


def general_mutators() -> list[Mutator]:
    return list(_GENERAL)


def all_mutators() -> list[Mutator]:
    return [*_GENERAL, *_DOMAIN]


def get(name: str) -> Mutator:
    for mutator in all_mutators():
        if mutator.name == name:
            return mutator
    raise KeyError(f"no mutator named {name!r}")


__all__ = ["Mutator", "NoMutation", "all_mutators", "empty_function", "general_mutators", "get", "well_formed"]
